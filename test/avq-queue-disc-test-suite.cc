/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// AvqQueueDisc, driven by hand-made arrivals (times and sizes) scheduled on a disc that has
// LinkBandwidth set and no device. The virtual queue VQ and the virtual capacity C~ are read
// through the trace sources "VirtualQueue" and "VirtualCapacity", the decisions through the
// return value of Enqueue() and the "DropBeforeEnqueue" and "Mark" trace sources; every expected
// value is worked out by hand in the comments from the paper's pseudo-code (Kunniyur and Srikant,
// SIGCOMM 2001, §2):
//
//     VQ <- max(VQ - C~ (t - s), 0)
//     if VQ + b > B: mark or drop          else: VQ <- VQ + b
//     C~ <- max(min(C~ + alpha gamma C (t - s), C) - alpha b, 0)
//     s  <- t
//
// Most scenarios use LinkBandwidth = 80 kb/s, which is C = 10 packets/s with 1000-byte packets
// (80000 / 8 / 1000) or C = 10000 bytes/s, gamma = 0.5 and alpha = 0.2, so that tokens arrive at
// alpha gamma C = 1 packet/s per second (1000 bytes/s per second) and each counted packet takes
// alpha b = 0.2 packets/s (0.2 b bytes/s).

#include "check-config-abort-test-case.h"

#include "ns3/avq-queue-disc.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AvqQueueDiscTestSuite");

namespace
{

/// Tolerance for values that are exact up to double rounding (packets, packets/s).
constexpr double EPS = 1e-9;

/// A queue disc item whose Mark() succeeds only if it is ECN-capable (as pie's test item).
class AvqTestItem : public QueueDiscItem
{
  public:
    /**
     * \param p the packet
     * \param ecnCapable whether Mark() succeeds
     */
    AvqTestItem(Ptr<Packet> p, bool ecnCapable)
        : QueueDiscItem(p, Address(), 0),
          m_ecnCapable(ecnCapable)
    {
    }

    void AddHeader() override
    {
    }

    bool Mark() override
    {
        return m_ecnCapable;
    }

  private:
    bool m_ecnCapable; //!< whether Mark() succeeds
};

/// One hand-made arrival.
struct Arrival
{
    double time;     //!< arrival time, s
    uint32_t size;   //!< packet size, bytes
    bool ecnCapable; //!< whether the packet can be marked
};

/// What the queue disc did with one arrival, and its state after it.
struct Outcome
{
    bool enqueued;      //!< Enqueue() returned true
    std::string reason; //!< reason of the drop or mark ("" if neither)
    double vq;          //!< VQ after the arrival (trace "VirtualQueue")
    double vc;          //!< C~ after the arrival (trace "VirtualCapacity")
};

/// No drop, no mark.
const std::string NONE;
/// Short names for the reasons.
const std::string MARK = AvqQueueDisc::UNFORCED_MARK;
const std::string DROP = AvqQueueDisc::UNFORCED_DROP;
const std::string FORCED = AvqQueueDisc::FORCED_DROP;

/**
 * Feeds arrivals to a queue disc at their times and records the outcomes. VQ and C~ are mirrored
 * from the trace sources: the mirrors start at 0, as the TracedValues do, and follow every change.
 */
class AvqDriver
{
  public:
    /**
     * \param queue the queue disc, configured but not initialized
     * \param dequeueAfterEach empty the real queue after every arrival (a fast link), so that
     *        only the virtual queue decides
     */
    AvqDriver(Ptr<AvqQueueDisc> queue, bool dequeueAfterEach)
        : m_queue(queue),
          m_dequeueAfterEach(dequeueAfterEach)
    {
        m_queue->TraceConnectWithoutContext("VirtualQueue",
                                            MakeCallback(&AvqDriver::OnVirtualQueue, this));
        m_queue->TraceConnectWithoutContext("VirtualCapacity",
                                            MakeCallback(&AvqDriver::OnVirtualCapacity, this));
        m_queue->TraceConnectWithoutContext("DropBeforeEnqueue",
                                            MakeCallback(&AvqDriver::OnDropOrMark, this));
        m_queue->TraceConnectWithoutContext("Mark", MakeCallback(&AvqDriver::OnDropOrMark, this));
    }

    /**
     * Initialize the queue disc at t = 0, run the arrivals, destroy the simulator.
     * \param arrivals the arrivals, in time order
     * \return one outcome per arrival
     */
    std::vector<Outcome> Run(const std::vector<Arrival>& arrivals)
    {
        m_queue->Initialize();
        m_initialVirtualCapacity = m_vc;
        for (const Arrival& a : arrivals)
        {
            Simulator::Schedule(Seconds(a.time), &AvqDriver::Arrive, this, a);
        }
        Simulator::Run();
        Simulator::Destroy();
        return m_outcomes;
    }

    /// \return C~ right after initialization (from the trace)
    double GetInitialVirtualCapacity() const
    {
        return m_initialVirtualCapacity;
    }

  private:
    void Arrive(Arrival a)
    {
        m_reason.clear();
        Ptr<AvqTestItem> item = Create<AvqTestItem>(Create<Packet>(a.size), a.ecnCapable);
        const bool enqueued = m_queue->Enqueue(item);
        m_outcomes.push_back({enqueued, m_reason, m_vq, m_vc});
        while (m_dequeueAfterEach && m_queue->Dequeue())
        {
        }
    }

    void OnVirtualQueue(double /* oldValue */, double newValue)
    {
        m_vq = newValue;
    }

    void OnVirtualCapacity(double /* oldValue */, double newValue)
    {
        m_vc = newValue;
    }

    void OnDropOrMark(Ptr<const QueueDiscItem> /* item */, const char* reason)
    {
        m_reason = reason;
    }

    Ptr<AvqQueueDisc> m_queue;           //!< the queue disc
    bool m_dequeueAfterEach;             //!< empty the real queue after each arrival
    double m_vq = 0;                     //!< mirror of VQ
    double m_vc = 0;                     //!< mirror of C~
    double m_initialVirtualCapacity = 0; //!< C~ after Initialize()
    std::string m_reason;                //!< reason reported for the current arrival
    std::vector<Outcome> m_outcomes;     //!< outcomes so far
};

/**
 * A queue disc with C given by LinkBandwidth = 80 kb/s (10 packets/s of 1000 bytes, 10000 B/s),
 * gamma = 0.5, alpha = 0.2.
 * \param maxSize the real (and virtual) buffer B
 * \param useEcn the UseEcn attribute
 * \return the queue disc, not initialized
 */
Ptr<AvqQueueDisc>
MakeQueue(const std::string& maxSize, bool useEcn)
{
    Ptr<AvqQueueDisc> queue = CreateObject<AvqQueueDisc>();
    // The hand computations count packets as ns-2 does (MeanPktSize).
    queue->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
    queue->SetAttribute("MaxSize", QueueSizeValue(QueueSize(maxSize)));
    queue->SetAttribute("LinkBandwidth", DataRateValue(DataRate("80kbps")));
    queue->SetAttribute("MeanPktSize", UintegerValue(1000));
    queue->SetAttribute("DesiredUtilization", DoubleValue(0.5));
    queue->SetAttribute("Alpha", DoubleValue(0.2));
    queue->SetAttribute("UseEcn", BooleanValue(useEcn));
    return queue;
}

} // namespace

/**
 * \ingroup dualcc
 * Base of the scripted cases: compares outcomes with a hand-computed table.
 */
class AvqScriptTestCase : public TestCase
{
  protected:
    /// \param name the test's name
    explicit AvqScriptTestCase(const std::string& name)
        : TestCase(name)
    {
    }

    /**
     * Check \p actual against \p expected, arrival by arrival.
     * \param actual what the queue disc did
     * \param expected the hand-computed outcomes; vq and vc are compared within \p tolerance
     * \param tolerance absolute tolerance for VQ and C~
     */
    void Check(const std::vector<Outcome>& actual,
               const std::vector<Outcome>& expected,
               double tolerance)
    {
        NS_TEST_ASSERT_MSG_EQ(actual.size(), expected.size(), "one outcome per arrival");
        for (std::size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(actual[i].enqueued,
                                  expected[i].enqueued,
                                  "arrival " << i + 1 << ": enqueued");
            NS_TEST_EXPECT_MSG_EQ(actual[i].reason,
                                  expected[i].reason,
                                  "arrival " << i + 1 << ": drop/mark reason");
            NS_TEST_EXPECT_MSG_EQ_TOL(actual[i].vq,
                                      expected[i].vq,
                                      tolerance,
                                      "arrival " << i + 1 << ": VQ");
            NS_TEST_EXPECT_MSG_EQ_TOL(actual[i].vc,
                                      expected[i].vc,
                                      tolerance,
                                      "arrival " << i + 1 << ": C~");
        }
    }
};

namespace
{

/**
 * Arrivals of 1000-byte packets: four at 0.1 s, then 0.2, 0.3 and 2.3 s.
 * \param ecnCapable4And5 whether arrivals 4 and 5 (those the virtual queue rejects) can be marked
 * \return the arrivals
 */
std::vector<Arrival>
BurstArrivals(bool ecnCapable4And5)
{
    return {{0.1, 1000, true},
            {0.1, 1000, true},
            {0.1, 1000, true},
            {0.1, 1000, ecnCapable4And5},
            {0.2, 1000, ecnCapable4And5},
            {0.3, 1000, true},
            {2.3, 1000, true}};
}

/// The hand-computed outcomes of BurstArrivals in packet mode with UseEcn = true, B = 3 packets.
std::vector<Outcome>
BurstMarkingOutcomes()
{
    // C = 10 p/s, gamma = 0.5, alpha = 0.2, B = 3 p, b = 1; at t = 0: VQ = 0, C~ = C = 10, s = 0.
    return {
        // 1, t = 0.1: VQ = max(0 - 10*0.1, 0) = 0; 0 + 1 <= 3: VQ = 1.
        //   C~ = max(min(10 + 1*0.1, 10) - 0.2*1, 0) = 10 - 0.2 = 9.8
        {true, NONE, 1, 9.8},
        // 2, t = 0.1 (t - s = 0): VQ = 1 + 1 = 2; C~ = 9.8 - 0.2 = 9.6
        {true, NONE, 2, 9.6},
        // 3, t = 0.1: VQ = 3; C~ = 9.4
        {true, NONE, 3, 9.4},
        // 4, t = 0.1: 3 + 1 > 3: marked, VQ stays 3; marking counts it: C~ = 9.4 - 0.2 = 9.2
        {true, MARK, 3, 9.2},
        // 5, t = 0.2: VQ = 3 - 9.2*0.1 = 2.08; 2.08 + 1 = 3.08 > 3: marked.
        //   C~ = min(9.2 + 1*0.1, 10) - 0.2 = 9.1
        {true, MARK, 2.08, 9.1},
        // 6, t = 0.3: VQ = 2.08 - 9.1*0.1 = 1.17; 1.17 + 1 = 2.17 <= 3: VQ = 2.17.
        //   C~ = min(9.1 + 0.1, 10) - 0.2 = 9.0
        {true, NONE, 2.17, 9.0},
        // 7, t = 2.3: VQ = max(2.17 - 9.0*2, 0) = 0; VQ = 1.
        //   C~ = min(9.0 + 1*2, 10) - 0.2 = 10 - 0.2 = 9.8 (the cap at C)
        {true, NONE, 1, 9.8},
    };
}

} // namespace

/**
 * \ingroup dualcc
 * Packet mode, marking: VQ, C~ and the marks step by step.
 */
class AvqPacketMarkingTestCase : public AvqScriptTestCase
{
  public:
    AvqPacketMarkingTestCase()
        : AvqScriptTestCase("packet mode, ECN: VQ, C~ and marks by hand")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue("3p", true);
        AvqDriver driver(queue, true);
        Check(driver.Run(BurstArrivals(true)), BurstMarkingOutcomes(), EPS);
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNMarkedPackets(AvqQueueDisc::UNFORCED_MARK), 2, "marks");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalDroppedPackets, 0, "no drops");
    }
};

/**
 * \ingroup dualcc
 * Packet mode, dropping: C~ adapts only on packets admitted to the real queue.
 */
class AvqPacketDroppingTestCase : public AvqScriptTestCase
{
  public:
    /// \param countForcedDrops the CountForcedDrops attribute: VQ drops never count either way
    explicit AvqPacketDroppingTestCase(bool countForcedDrops)
        : AvqScriptTestCase(std::string("packet mode, drop: C~ counts only admitted packets, "
                                        "CountForcedDrops ") +
                            (countForcedDrops ? "true" : "false")),
          m_countForcedDrops(countForcedDrops)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue("3p", false);
        queue->SetAttribute("CountForcedDrops", BooleanValue(m_countForcedDrops));
        AvqDriver driver(queue, true);
        // As in the marking case up to arrival 3 (VQ = 3, C~ = 9.4); then:
        const std::vector<Outcome> expected{
            {true, NONE, 1, 9.8},
            {true, NONE, 2, 9.6},
            {true, NONE, 3, 9.4},
            // 4, t = 0.1: 3 + 1 > 3: dropped; not admitted, so b = 0:
            //   C~ = max(min(9.4 + 0, 10) - 0, 0) = 9.4 (marking gave 9.2)
            {false, DROP, 3, 9.4},
            // 5, t = 0.2: VQ = 3 - 9.4*0.1 = 2.06; 3.06 > 3: dropped; C~ = min(9.4 + 0.1, 10) = 9.5
            {false, DROP, 2.06, 9.5},
            // 6, t = 0.3: VQ = 2.06 - 9.5*0.1 = 1.11; 2.11 <= 3: VQ = 2.11, admitted.
            //   C~ = min(9.5 + 0.1, 10) - 0.2 = 9.4
            {true, NONE, 2.11, 9.4},
            // 7, t = 2.3: VQ = max(2.11 - 9.4*2, 0) + 1 = 1; C~ = min(9.4 + 2, 10) - 0.2 = 9.8
            {true, NONE, 1, 9.8},
        };
        Check(driver.Run(BurstArrivals(true)), expected, EPS);
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(AvqQueueDisc::UNFORCED_DROP), 2, "drops");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalMarkedPackets, 0, "no marks without UseEcn");
    }

    bool m_countForcedDrops; //!< CountForcedDrops
};

/**
 * \ingroup dualcc
 * UseEcn with packets that are not ECN-capable: they are dropped, and (marking mode) still
 * counted in C~, so VQ and C~ are those of the marking case.
 */
class AvqEcnIncapableTestCase : public AvqScriptTestCase
{
  public:
    AvqEcnIncapableTestCase()
        : AvqScriptTestCase("UseEcn: ECN-capable packets are marked, the others dropped")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue("3p", true);
        AvqDriver driver(queue, true);
        // Arrivals 4 and 5 are not ECN-capable: dropped instead of marked; VQ and C~ as in
        // BurstMarkingOutcomes (with UseEcn every arrival counts: 9.2 and 9.1, not 9.4 and 9.5).
        std::vector<Outcome> expected = BurstMarkingOutcomes();
        expected[3].enqueued = false;
        expected[3].reason = DROP;
        expected[4].enqueued = false;
        expected[4].reason = DROP;
        Check(driver.Run(BurstArrivals(false)), expected, EPS);
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(AvqQueueDisc::UNFORCED_DROP), 2, "drops");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalMarkedPackets, 0, "nothing could be marked");
    }
};

/**
 * \ingroup dualcc
 * UseEcn with DropNonEcn false (ns-2's queue/vq.cc): packets that are not ECN-capable pass
 * unmarked when the virtual queue overflows; VQ and C~ are those of the marking case.
 */
class AvqNonEcnPassTestCase : public AvqScriptTestCase
{
  public:
    AvqNonEcnPassTestCase()
        : AvqScriptTestCase("UseEcn, DropNonEcn false: packets that cannot be marked pass")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue("3p", true);
        queue->SetAttribute("DropNonEcn", BooleanValue(false));
        AvqDriver driver(queue, true);
        // By hand (C = 10 p/s, gamma = 0.5, alpha = 0.2, B = 3, b = 1, C~(0) = 10), arrivals 4
        // and 5 not ECN-capable. vq.cc adds b, finds VQ > B, takes b out again, cannot set CE
        // and keeps the packet; C~ counts it (marking mode): the numbers of the marking case.
        const std::vector<Outcome> expected{
            {true, NONE, 1, 9.8}, // VQ 0 + 1; C~ min(10 + 0.1, 10) - 0.2
            {true, NONE, 2, 9.6}, // VQ 2; C~ 9.8 - 0.2
            {true, NONE, 3, 9.4}, // VQ 3; C~ 9.6 - 0.2
            {true, NONE, 3, 9.2}, // 3 + 1 > 3: passes unmarked, VQ 3; C~ 9.4 - 0.2
            {true,
             NONE,
             2.08,
             9.1}, // VQ 3 - 9.2 * 0.1 = 2.08, 3.08 > 3: passes; C~ 9.2 + 0.1 - 0.2
            {true, NONE, 2.17, 9.0}, // VQ 2.08 - 0.91 + 1; C~ 9.1 + 0.1 - 0.2
            {true, NONE, 1, 9.8},    // VQ max(2.17 - 18, 0) + 1; C~ min(9.0 + 2, 10) - 0.2
        };
        Check(driver.Run(BurstArrivals(false)), expected, EPS);
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalDroppedPackets, 0, "no drops");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalMarkedPackets, 0, "nothing could be marked");
    }
};

/**
 * \ingroup dualcc
 * Byte mode with packets of different sizes.
 */
class AvqByteModeTestCase : public AvqScriptTestCase
{
  public:
    AvqByteModeTestCase()
        : AvqScriptTestCase("byte mode: b is the packet size, B and C in bytes")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue("3000B", true);
        AvqDriver driver(queue, true);
        // C = 80000 / 8 = 10000 B/s; tokens alpha gamma C = 1000 B/s per s; alpha b = 0.2 b.
        // At t = 0: VQ = 0, C~ = 10000.
        const std::vector<Arrival> arrivals{{0.1, 1000, true},
                                            {0.1, 1500, true},
                                            {0.1, 600, true},
                                            {0.1, 500, true},
                                            {0.15, 1000, true},
                                            {0.25, 400, true}};
        const std::vector<Outcome> expected{
            // 1, t = 0.1, b = 1000: VQ = 1000; C~ = min(10000 + 100, 10000) - 200 = 9800
            {true, NONE, 1000, 9800},
            // 2, b = 1500: 2500 <= 3000: VQ = 2500; C~ = 9800 - 300 = 9500
            {true, NONE, 2500, 9500},
            // 3, b = 600: 3100 > 3000: marked, VQ = 2500; C~ = 9500 - 120 = 9380
            {true, MARK, 2500, 9380},
            // 4, b = 500: 3000 <= 3000 (the test is VQ + b > B): VQ = 3000; C~ = 9380 - 100 = 9280
            {true, NONE, 3000, 9280},
            // 5, t = 0.15, b = 1000: VQ = 3000 - 9280*0.05 = 2536; 3536 > 3000: marked.
            //   C~ = min(9280 + 1000*0.05, 10000) - 200 = 9130
            {true, MARK, 2536, 9130},
            // 6, t = 0.25, b = 400: VQ = 2536 - 9130*0.1 = 1623; + 400 = 2023.
            //   C~ = min(9130 + 100, 10000) - 80 = 9150
            {true, NONE, 2023, 9150},
        };
        Check(driver.Run(arrivals), expected, 1e-6);
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNMarkedPackets(AvqQueueDisc::UNFORCED_MARK), 2, "marks");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNMarkedBytes(AvqQueueDisc::UNFORCED_MARK),
                              1600,
                              "marked bytes: 600 + 1000");
    }
};

/**
 * \ingroup dualcc
 * Byte mode with 1000-byte packets is packet mode (MeanPktSize 1000) with VQ, B, C and C~ scaled
 * by 1000.
 */
class AvqBytesVsPacketsTestCase : public AvqScriptTestCase
{
  public:
    AvqBytesVsPacketsTestCase()
        : AvqScriptTestCase("byte mode with 1000-byte packets: packet mode times 1000")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue("3000B", true);
        AvqDriver driver(queue, true);
        std::vector<Outcome> expected = BurstMarkingOutcomes();
        for (Outcome& o : expected)
        {
            o.vq *= 1000;
            o.vc *= 1000;
        }
        Check(driver.Run(BurstArrivals(true)), expected, 1e-6);
    }
};

/**
 * \ingroup dualcc
 * C and C~(0) from LinkBandwidth, MeanPktSize and InitialVirtualCapacity.
 */
class AvqCapacityTestCase : public TestCase
{
  public:
    /**
     * \param maxSize MaxSize (its unit is the mode)
     * \param meanPktSize MeanPktSize, bytes
     * \param fraction InitialVirtualCapacity
     * \param capacity expected C, by hand
     * \param initial expected C~(0), by hand
     */
    AvqCapacityTestCase(const std::string& maxSize,
                        uint32_t meanPktSize,
                        double fraction,
                        double capacity,
                        double initial)
        : TestCase(Describe(maxSize, meanPktSize, fraction)),
          m_maxSize(maxSize),
          m_meanPktSize(meanPktSize),
          m_fraction(fraction),
          m_capacity(capacity),
          m_initial(initial)
    {
    }

  private:
    /// \return the test's name
    static std::string Describe(const std::string& maxSize, uint32_t meanPktSize, double fraction)
    {
        std::ostringstream os;
        os << "C and C~(0): MaxSize " << maxSize << ", MeanPktSize " << meanPktSize
           << ", InitialVirtualCapacity " << fraction;
        return os.str();
    }

    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue(m_maxSize, true);
        queue->SetAttribute("MeanPktSize", UintegerValue(m_meanPktSize));
        queue->SetAttribute("InitialVirtualCapacity", DoubleValue(m_fraction));
        AvqDriver driver(queue, true);
        driver.Run({});
        NS_TEST_EXPECT_MSG_EQ_TOL(queue->GetLinkCapacity(), m_capacity, EPS, "C");
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetInitialVirtualCapacity(),
                                  m_initial,
                                  EPS,
                                  "C~(0) from the VirtualCapacity trace");
    }

    std::string m_maxSize;  //!< MaxSize
    uint32_t m_meanPktSize; //!< MeanPktSize
    double m_fraction;      //!< InitialVirtualCapacity
    double m_capacity;      //!< expected C
    double m_initial;       //!< expected C~(0)
};

/**
 * \ingroup dualcc
 * The real queue overflows (nothing is dequeued) while the virtual queue does not: FORCED_DROP.
 * The fictitious packet still joins the virtual queue; C~ counts the dropped packet only when
 * marking.
 */
class AvqForcedDropTestCase : public AvqScriptTestCase
{
  public:
    /**
     * \param useEcn the UseEcn attribute
     * \param countForcedDrops the CountForcedDrops attribute (ns-2's vq.cc when true)
     */
    AvqForcedDropTestCase(bool useEcn, bool countForcedDrops)
        : AvqScriptTestCase(std::string("real queue overflow: forced drop, UseEcn ") +
                            (useEcn ? "true" : "false") + ", CountForcedDrops " +
                            (countForcedDrops ? "true" : "false")),
          m_useEcn(useEcn),
          m_countForcedDrops(countForcedDrops)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = MakeQueue("3p", m_useEcn);
        queue->SetAttribute("CountForcedDrops", BooleanValue(m_countForcedDrops));
        AvqDriver driver(queue, false);
        const std::vector<Arrival> arrivals{{0.1, 1000, true},
                                            {0.2, 1000, true},
                                            {0.3, 1000, true},
                                            {0.4, 1000, true}};
        const std::vector<Outcome> expected{
            // 1, t = 0.1: VQ = 1; C~ = min(10 + 0.1, 10) - 0.2 = 9.8
            {true, NONE, 1, 9.8},
            // 2, t = 0.2: VQ = 1 - 9.8*0.1 + 1 = 1.02; C~ = min(9.8 + 0.1, 10) - 0.2 = 9.7
            {true, NONE, 1.02, 9.7},
            // 3, t = 0.3: VQ = 1.02 - 0.97 + 1 = 1.05; C~ = 9.6
            {true, NONE, 1.05, 9.6},
            // 4, t = 0.4: VQ = 1.05 - 0.96 + 1 = 1.09 <= 3 (the virtual queue accepts), but the
            //   real queue holds 3 packets: forced drop. C~ = min(9.6 + 0.1, 10) = 9.7, minus
            //   0.2 = 9.5 when marking (every arrival counts), not when dropping, unless
            //   CountForcedDrops (ns-2's vq.cc counts every packet but its own VQ drops): 9.5.
            {false, FORCED, 1.09, (m_useEcn || m_countForcedDrops) ? 9.5 : 9.7},
        };
        Check(driver.Run(arrivals), expected, EPS);
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(AvqQueueDisc::FORCED_DROP), 1, "forced");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(AvqQueueDisc::UNFORCED_DROP), 0, "unforced");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalMarkedPackets, 0, "marks");
    }

    bool m_useEcn;           //!< UseEcn
    bool m_countForcedDrops; //!< CountForcedDrops
};

/**
 * \ingroup dualcc
 * The attribute checkers reject out-of-range values and keep the previous value.
 */
class AvqAttributeRangeTestCase : public TestCase
{
  public:
    AvqAttributeRangeTestCase()
        : TestCase("attribute checkers reject out-of-range values")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = CreateObject<AvqQueueDisc>();
        // The hand computations count packets as ns-2 does (MeanPktSize).
        queue->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));

        struct Case
        {
            std::string name;
            double value;
            bool accepted;
        };

        const std::vector<Case> cases{
            {"DesiredUtilization", 0.0, false},
            {"DesiredUtilization", -0.5, false},
            {"DesiredUtilization", 1.01, false},
            {"DesiredUtilization", 1.0, true},
            {"DesiredUtilization", 0.5, true},
            {"Alpha", 0.0, false},
            {"Alpha", -0.1, false},
            {"Alpha", 2.0, true},
            {"InitialVirtualCapacity", -0.01, false},
            {"InitialVirtualCapacity", 1.01, false},
            {"InitialVirtualCapacity", 0.0, true},
        };
        for (const Case& c : cases)
        {
            DoubleValue before;
            queue->GetAttribute(c.name, before);
            const bool accepted = queue->SetAttributeFailSafe(c.name, DoubleValue(c.value));
            NS_TEST_EXPECT_MSG_EQ(accepted, c.accepted, c.name << " = " << c.value);
            DoubleValue after;
            queue->GetAttribute(c.name, after);
            NS_TEST_EXPECT_MSG_EQ(after.Get(),
                                  c.accepted ? c.value : before.Get(),
                                  c.name << " after setting " << c.value);
        }
        NS_TEST_EXPECT_MSG_EQ(queue->SetAttributeFailSafe("MeanPktSize", UintegerValue(0)),
                              false,
                              "MeanPktSize = 0");
        NS_TEST_EXPECT_MSG_EQ(queue->SetAttributeFailSafe("MeanPktSize", UintegerValue(1)),
                              true,
                              "MeanPktSize = 1");
    }
};

/**
 * \ingroup dualcc
 * The defaults are those documented in doc/avq.rst.
 */
class AvqDefaultsTestCase : public TestCase
{
  public:
    AvqDefaultsTestCase()
        : TestCase("attribute defaults are the documented ones")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvqQueueDisc> queue = CreateObject<AvqQueueDisc>();
        QueueSizeValue maxSize;
        queue->GetAttribute("MaxSize", maxSize);
        NS_TEST_EXPECT_MSG_EQ(maxSize.Get(), QueueSize("100p"), "MaxSize");
        DoubleValue d;
        queue->GetAttribute("DesiredUtilization", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.98, "DesiredUtilization");
        queue->GetAttribute("Alpha", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.15, "Alpha");
        queue->GetAttribute("InitialVirtualCapacity", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 1.0, "InitialVirtualCapacity");
        BooleanValue ecn;
        queue->GetAttribute("UseEcn", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), false, "UseEcn");
        queue->GetAttribute("DropNonEcn", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), true, "DropNonEcn (RFC 3168, not ns-2's vq.cc)");
        queue->GetAttribute("CountForcedDrops", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), false, "CountForcedDrops (not ns-2's vq.cc)");
        DataRateValue rate;
        queue->GetAttribute("LinkBandwidth", rate);
        NS_TEST_EXPECT_MSG_EQ(rate.Get().GetBitRate(), 0, "LinkBandwidth");
        UintegerValue size;
        queue->GetAttribute("MeanPktSize", size);
        NS_TEST_EXPECT_MSG_EQ(size.Get(), 1000, "MeanPktSize");
        StringValue accounting; // the enum's name (EnumValue is a template from ns-3.41)
        queue->GetAttribute("SizeAccounting", accounting);
        NS_TEST_EXPECT_MSG_EQ(accounting.Get(), "Wire", "SizeAccounting");
        BooleanValue allowBacklog;
        queue->GetAttribute("AllowDeviceBacklog", allowBacklog);
        NS_TEST_EXPECT_MSG_EQ(allowBacklog.Get(), false, "AllowDeviceBacklog");
    }
};

/**
 * \ingroup dualcc
 * LinkBandwidth 0 (the default): C is the DataRate of the point-to-point device the queue disc is
 * installed on.
 */
class AvqDeviceRateTestCase : public TestCase
{
  public:
    AvqDeviceRateTestCase()
        : TestCase("LinkBandwidth 0: C from the device's DataRate")
    {
    }

  private:
    void OnVirtualCapacity(double /* oldValue */, double newValue)
    {
        m_vc = newValue;
    }

    void DoRun() override
    {
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate("10Mbps")));
        p2p.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
        // A device queue of one packet under the disc (a larger one is refused).
        p2p.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("1p")));
        NetDeviceContainer devices = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        TrafficControlHelper tch;
        // ns-2's accounting (packets of MeanPktSize); the default, Wire, is in
        // packet-size-test-suite.cc.
        tch.SetRootQueueDisc("ns3::AvqQueueDisc",
                             "MaxSize",
                             QueueSizeValue(QueueSize("100p")),
                             "SizeAccounting",
                             StringValue("FixedPacketSize"));
        QueueDiscContainer discs = tch.Install(devices);
        Ptr<AvqQueueDisc> queue = DynamicCast<AvqQueueDisc>(discs.Get(0));
        NS_TEST_ASSERT_MSG_NE(queue, nullptr, "an AvqQueueDisc was installed");
        queue->TraceConnectWithoutContext(
            "VirtualCapacity",
            MakeCallback(&AvqDeviceRateTestCase::OnVirtualCapacity, this));
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        // 10 Mb/s = 10e6 / 8 / 1000 = 1250 packets/s of MeanPktSize = 1000 bytes; C~(0) = C.
        NS_TEST_EXPECT_MSG_EQ_TOL(queue->GetLinkCapacity(), 1250, EPS, "C");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_vc, 1250, EPS, "C~(0) from the VirtualCapacity trace");
        Simulator::Destroy();
    }

    double m_vc = 0; //!< mirror of C~
};

/**
 * \ingroup dualcc
 * The suite.
 */
class AvqQueueDiscTestSuite : public TestSuite
{
  public:
    AvqQueueDiscTestSuite()
        : TestSuite("dualcc-avq-queue-disc", TestSuite::Type::UNIT)
    {
        AddTestCase(new AvqPacketMarkingTestCase);
        AddTestCase(new AvqPacketDroppingTestCase(false));
        AddTestCase(new AvqPacketDroppingTestCase(true));
        AddTestCase(new AvqEcnIncapableTestCase);
        AddTestCase(new AvqNonEcnPassTestCase);
        AddTestCase(new AvqByteModeTestCase);
        AddTestCase(new AvqBytesVsPacketsTestCase);
        // 80 kb/s: 10000 B/s; / 500 B = 20 packets/s; / 1000 B = 10 packets/s.
        AddTestCase(new AvqCapacityTestCase("100p", 500, 1.0, 20, 20));
        AddTestCase(new AvqCapacityTestCase("100p", 1000, 0.25, 10, 2.5));
        AddTestCase(new AvqCapacityTestCase("100000B", 500, 0.25, 10000, 2500));
        AddTestCase(new AvqForcedDropTestCase(false, false));
        AddTestCase(new AvqForcedDropTestCase(true, false));
        AddTestCase(new AvqForcedDropTestCase(false, true));
        AddTestCase(new AvqAttributeRangeTestCase);
        AddTestCase(new AvqDefaultsTestCase);
        AddTestCase(new AvqDeviceRateTestCase);
#ifdef DUALCC_HAVE_FORK
        for (TestCase* abort : PriceQueueDiscAbortCases<AvqQueueDisc>("ns3::AvqQueueDisc"))
        {
            AddTestCase(abort);
        }
#endif
    }
};

/// The suite's only instance.
static AvqQueueDiscTestSuite g_avqQueueDiscTestSuite;
