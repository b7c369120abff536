/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PiQueueDisc, driven by hand-made traffic on a disc that has LinkBandwidth set and no device.
// SamplingFrequency is 1000 Hz, so the updates are at k ms. In interval k (from (k-1) ms to
// k ms) the driver enqueues n_k IPv4 packets and then dequeues m_k, so that at the update at
// k ms the queue is q_k = q_{k-1} + n_k - m_k (packets; in byte mode the bytes over MeanPktSize)
// and every expected probability is worked out by hand in the comments from the law
//
//     p <- min(max(p + A (q - q_ref) - B (q_old - q_ref), 0), 1),   q_old <- q.
//
// p is read from the trace source "Probability" just after each update; the decisions from
// QueueDisc::GetStats(). A system case runs the AVQ paper's network (AqmExperiment) with
// ns-2's gains and checks the standing queue against q_ref.

#include "../examples/experiments/aqm-experiment.h"
#include "check-config-abort-test-case.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/network-helper.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/pi-queue-disc.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PiQueueDiscTestSuite");

namespace
{

/// Tolerance for probabilities that are exact up to double rounding.
constexpr double EPS = 1e-12;
/// The IPv4 header's size, bytes: an Ipv4QueueDiscItem's size is the payload plus this.
constexpr uint32_t IPV4_HEADER = 20;
/// The fixed random stream of every queue disc in the suite.
constexpr int64_t STREAM = 11;

/// One sampling interval of traffic.
struct Interval
{
    uint32_t arrivals;   //!< n: packets enqueued during the interval
    uint32_t departures; //!< m: packets dequeued during the interval, after the arrivals
};

/// Feeds intervals of traffic to a PiQueueDisc and records p after every update.
class PiDriver
{
  public:
    /**
     * \param queue the queue disc, configured but not initialized; SamplingFrequency 1000 Hz
     * \param packetBytes the size of every packet (payload plus IPv4 header), bytes
     * \param ecn the ECN field of every packet
     */
    PiDriver(Ptr<PiQueueDisc> queue, uint32_t packetBytes, Ipv4Header::EcnType ecn)
        : m_queue(queue),
          m_packetBytes(packetBytes),
          m_ecn(ecn)
    {
        m_queue->AssignStreams(STREAM);
        m_queue->TraceConnectWithoutContext("Probability",
                                            MakeCallback(&PiDriver::OnProbability, this));
    }

    /**
     * Initialize the queue disc at t = 0, run the intervals, destroy the simulator. In interval
     * k the arrivals are at (k-1) ms + (i + 1) us and the departures after them, at
     * (k-1) ms + 0.5 ms + (j + 1) us; p is sampled at k ms + 1 ns.
     * \param intervals the traffic (at most 499 arrivals and departures each per interval)
     */
    void Run(const std::vector<Interval>& intervals)
    {
        m_queue->Initialize();
        for (std::size_t k = 0; k < intervals.size(); ++k)
        {
            const Time start = MilliSeconds(k);
            for (uint32_t i = 0; i < intervals[k].arrivals; ++i)
            {
                Simulator::Schedule(start + NanoSeconds(i + 1), &PiDriver::Arrive, this);
            }
            for (uint32_t j = 0; j < intervals[k].departures; ++j)
            {
                Simulator::Schedule(start + MicroSeconds(500) + MicroSeconds(j + 1),
                                    &PiDriver::Depart,
                                    this);
            }
            Simulator::Schedule(MilliSeconds(k + 1) + NanoSeconds(1), &PiDriver::Sample, this);
        }
        Simulator::Stop(MilliSeconds(intervals.size()) + NanoSeconds(2));
        Simulator::Run();
        Simulator::Destroy();
    }

    /// \return p after each update (one per interval)
    const std::vector<double>& GetProbabilities() const
    {
        return m_probabilities;
    }

    /// \return how many Enqueue() calls returned true
    uint32_t GetEnqueued() const
    {
        return m_enqueued;
    }

  private:
    void Arrive()
    {
        Ipv4Header header;
        header.SetEcn(m_ecn);
        header.SetPayloadSize(m_packetBytes - IPV4_HEADER);
        Ptr<Ipv4QueueDiscItem> item =
            Create<Ipv4QueueDiscItem>(Create<Packet>(m_packetBytes - IPV4_HEADER),
                                      Address(),
                                      0x0800,
                                      header);
        if (m_queue->Enqueue(item))
        {
            ++m_enqueued;
        }
    }

    void Depart()
    {
        m_queue->Dequeue();
    }

    void Sample()
    {
        m_probabilities.push_back(m_probability);
    }

    void OnProbability(double /* oldValue */, double newValue)
    {
        m_probability = newValue;
    }

    Ptr<PiQueueDisc> m_queue;            //!< the queue disc
    uint32_t m_packetBytes;              //!< packet size, bytes
    Ipv4Header::EcnType m_ecn;           //!< ECN field of the packets
    double m_probability = 0;            //!< mirror of p
    std::vector<double> m_probabilities; //!< p after each update
    uint32_t m_enqueued = 0;             //!< successful enqueues
};

/**
 * \param maxSize MaxSize (its unit is the mode)
 * \param a A
 * \param b B
 * \param queueRef QueueRef, packets
 * \return a PiQueueDisc at 1000 Hz on a 10 Mb/s link (C is resolved, not used), not initialized
 */
Ptr<PiQueueDisc>
MakeQueue(const std::string& maxSize, double a, double b, double queueRef)
{
    Ptr<PiQueueDisc> queue = CreateObject<PiQueueDisc>();
    // The hand computations count packets as ns-2 does (MeanPktSize).
    queue->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
    queue->SetAttribute("MaxSize", QueueSizeValue(QueueSize(maxSize)));
    queue->SetAttribute("LinkBandwidth", DataRateValue(DataRate("10Mbps")));
    queue->SetAttribute("MeanPktSize", UintegerValue(1000));
    queue->SetAttribute("SamplingFrequency", DoubleValue(1000));
    queue->SetAttribute("A", DoubleValue(a));
    queue->SetAttribute("B", DoubleValue(b));
    queue->SetAttribute("QueueRef", DoubleValue(queueRef));
    return queue;
}

/**
 * \param count observed count
 * \param n trials
 * \param m probability
 * \return |count - n m| in binomial standard deviations sqrt(n m (1 - m))
 */
double
BinomialDeviations(uint64_t count, uint64_t n, double m)
{
    return std::abs(static_cast<double>(count) - n * m) / std::sqrt(n * m * (1 - m));
}

} // namespace

/**
 * \ingroup dualcc
 * Five updates with A = 0.01, B = 0.005, q_ref = 5, packets marked (not dropped) so that the queue
 * is the hand count; the last one clips at 0.
 */
class PiTrajectoryTestCase : public TestCase
{
  public:
    /// \param byteMode MaxSize in bytes, 500-byte packets, MeanPktSize 1000: q is half the count
    explicit PiTrajectoryTestCase(bool byteMode)
        : TestCase(byteMode ? "five updates by hand, byte mode (q = bytes over MeanPktSize)"
                            : "five updates by hand, packet mode, clipped at 0"),
          m_byteMode(byteMode)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PiQueueDisc> queue = MakeQueue(m_byteMode ? "1000000B" : "1000p", 0.01, 0.005, 5);
        queue->SetAttribute("UseEcn", BooleanValue(true));
        PiDriver driver(queue, m_byteMode ? 500 : 1000, Ipv4Header::ECN_ECT0);
        // Packets in the queue after each interval: 8, 12, 2, 0, 0.
        driver.Run({{8, 0}, {4, 0}, {0, 10}, {0, 2}, {0, 0}});
        const std::vector<double>& p = driver.GetProbabilities();
        NS_TEST_ASSERT_MSG_EQ(p.size(), 5, "one sample per update");
        std::vector<double> expected;
        if (!m_byteMode)
        {
            // q = 8, q_old = 0:  0 + 0.01 (8 - 5) - 0.005 (0 - 5) = 0.03 + 0.025 = 0.055
            // q = 12, q_old = 8: 0.055 + 0.01 (7) - 0.005 (3) = 0.055 + 0.07 - 0.015 = 0.11
            // q = 2, q_old = 12: 0.11 + 0.01 (-3) - 0.005 (7) = 0.11 - 0.03 - 0.035 = 0.045
            // q = 0, q_old = 2:  0.045 + 0.01 (-5) - 0.005 (-3) = 0.045 - 0.05 + 0.015 = 0.01
            // q = 0, q_old = 0:  0.01 - 0.05 + 0.025 = -0.015 -> 0
            expected = {0.055, 0.11, 0.045, 0.01, 0};
        }
        else
        {
            // q in packets of 1000 bytes: 4, 6, 1, 0, 0.
            // q = 4, q_old = 0: 0.01 (-1) - 0.005 (-5) = -0.01 + 0.025 = 0.015
            // q = 6, q_old = 4: 0.015 + 0.01 (1) - 0.005 (-1) = 0.015 + 0.01 + 0.005 = 0.03
            // q = 1, q_old = 6: 0.03 + 0.01 (-4) - 0.005 (1) = 0.03 - 0.04 - 0.005 = -0.015 -> 0
            // q = 0, q_old = 1: 0 + 0.01 (-5) - 0.005 (-4) = -0.05 + 0.02 = -0.03 -> 0
            // q = 0, q_old = 0: -0.05 + 0.025 = -0.025 -> 0
            expected = {0.015, 0.03, 0, 0, 0};
        }
        for (std::size_t k = 0; k < expected.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(p[k], expected[k], EPS, "p after update " << k + 1);
        }
        NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued(), 12, "marked packets are enqueued");
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PiQueueDisc::UNFORCED_DROP), 0, "drops");
        // The first 8 arrivals see p = 0 (no draw); the next 4 see p = 0.055 (0.03 in byte
        // mode): a mark among them is possible, and any is counted as a mark, never a drop.
    }

    bool m_byteMode; //!< byte mode
};

/**
 * \ingroup dualcc
 * p is clipped at 1: A = 1, B = 0, q_ref = 0, 3 packets: 0 + 1 (3 - 0) = 3 -> 1; every later
 * arrival is chosen (marked, or dropped when not ECN-capable).
 */
class PiCeilingTestCase : public TestCase
{
  public:
    PiCeilingTestCase()
        : TestCase("p clipped at 1: every arrival chosen")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PiQueueDisc> queue = MakeQueue("1000p", 1, 0, 0);
        queue->SetAttribute("UseEcn", BooleanValue(true));
        PiDriver driver(queue, 1000, Ipv4Header::ECN_NotECT);
        driver.Run({{3, 0}, {10, 0}});
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetProbabilities()[0], 1.0, EPS, "p after update 1");
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PiQueueDisc::UNFORCED_DROP),
                              10,
                              "Not-ECT arrivals at p = 1 all dropped");
        NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued(), 3, "only the first interval's");
    }
};

/**
 * \ingroup dualcc
 * Mark vs drop at p = 0.5 (A = 0.1, B = 0, q_ref = 0, q = 5): ECN-capable packets are marked when
 * UseEcn is true; otherwise the chosen ones are dropped; the count is binomial.
 */
class PiMarkingTestCase : public TestCase
{
  public:
    /**
     * \param ecn ECN field of every packet
     * \param useEcn UseEcn
     */
    PiMarkingTestCase(Ipv4Header::EcnType ecn, bool useEcn)
        : TestCase(std::string("p = 0.5, ") + (ecn == Ipv4Header::ECN_ECT0 ? "ECT(0)" : "Not-ECT") +
                   " packets, UseEcn " + (useEcn ? "true" : "false") + ": " +
                   (ecn == Ipv4Header::ECN_ECT0 && useEcn ? "marked" : "dropped") +
                   " with probability p"),
          m_ecn(ecn),
          m_useEcn(useEcn)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t N = 400; // arrivals in interval 2, at p = 0.5
        Ptr<PiQueueDisc> queue = MakeQueue("100000p", 0.1, 0, 0);
        queue->SetAttribute("UseEcn", BooleanValue(m_useEcn));
        PiDriver driver(queue, 1000, m_ecn);
        driver.Run({{5, 0}, {N, 0}});
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetProbabilities()[0], 0.5, EPS, "p = 0.1 * 5");
        const QueueDisc::Stats& stats = queue->GetStats();
        const uint32_t marks = stats.GetNMarkedPackets(PiQueueDisc::UNFORCED_MARK);
        const uint32_t drops = stats.GetNDroppedPackets(PiQueueDisc::UNFORCED_DROP);
        const bool marking = m_ecn == Ipv4Header::ECN_ECT0 && m_useEcn;
        // sd = sqrt(400 * 0.25) = 10 packets.
        NS_TEST_EXPECT_MSG_LT(BinomialDeviations(marking ? marks : drops, N, 0.5),
                              3,
                              (marking ? marks : drops) << " of " << N << " chosen");
        NS_TEST_EXPECT_MSG_EQ(marking ? drops : marks, 0, "the other outcome never happens");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PiQueueDisc::FORCED_DROP), 0, "forced");
        NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued(), 5 + N - drops, "all but the dropped");
    }

    Ipv4Header::EcnType m_ecn; //!< ECN field of the packets
    bool m_useEcn;             //!< UseEcn
};

/**
 * \ingroup dualcc
 * A full buffer drops (FORCED_DROP) whatever p is, and the dropped packets do not count in q.
 */
class PiForcedDropTestCase : public TestCase
{
  public:
    PiForcedDropTestCase()
        : TestCase("MaxSize 6p: 8 arrivals, 2 forced drops, q = 6")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PiQueueDisc> queue = MakeQueue("6p", 0.01, 0.005, 5);
        PiDriver driver(queue, 1000, Ipv4Header::ECN_NotECT);
        driver.Run({{8, 0}});
        // q = 6, q_old = 0: 0.01 (1) - 0.005 (-5) = 0.035.
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetProbabilities()[0], 0.035, EPS, "p");
        NS_TEST_EXPECT_MSG_EQ(queue->GetStats().GetNDroppedPackets(PiQueueDisc::FORCED_DROP),
                              2,
                              "forced drops");
        NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued(), 6, "enqueued");
    }
};

/**
 * \ingroup dualcc
 * The attribute checkers reject out-of-range values and keep the previous value.
 */
class PiAttributeRangeTestCase : public TestCase
{
  public:
    PiAttributeRangeTestCase()
        : TestCase("attribute checkers reject out-of-range values")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PiQueueDisc> queue = CreateObject<PiQueueDisc>();
        // The hand computations count packets as ns-2 does (MeanPktSize).
        queue->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));

        struct Case
        {
            std::string name;
            double value;
            bool accepted;
        };

        const std::vector<Case> cases{
            {"A", 0.0, false},
            {"A", -1e-5, false},
            {"A", 1.5, false},
            {"A", 1.0, true},
            {"B", -1e-9, false},
            {"B", 1.01, false},
            {"B", 0.0, true},
            {"SamplingFrequency", 0.0, false},
            {"SamplingFrequency", 1e-4, false},
            {"SamplingFrequency", 2e9, false},
            {"SamplingFrequency", 160, true},
            {"QueueRef", -1, false},
            {"QueueRef", 5e9, false},
            {"QueueRef", 0, true},
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
    }
};

/**
 * \ingroup dualcc
 * The defaults are ns-2's Queue/PI defaults (ns-default.tcl), as doc/pi.rst lists them.
 */
class PiDefaultsTestCase : public TestCase
{
  public:
    PiDefaultsTestCase()
        : TestCase("attribute defaults are ns-2's")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PiQueueDisc> queue = CreateObject<PiQueueDisc>();
        DoubleValue d;
        queue->GetAttribute("A", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 1.822e-5, "A (a_)");
        queue->GetAttribute("B", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 1.816e-5, "B (b_)");
        queue->GetAttribute("SamplingFrequency", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 170, "SamplingFrequency (w_)");
        queue->GetAttribute("QueueRef", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 50, "QueueRef (qref_)");
        BooleanValue ecn;
        queue->GetAttribute("UseEcn", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), false, "UseEcn (setbit_)");
        QueueSizeValue maxSize;
        queue->GetAttribute("MaxSize", maxSize);
        NS_TEST_EXPECT_MSG_EQ(maxSize.Get(), QueueSize("1000p"), "MaxSize");
        StringValue accounting; // the enum's name (EnumValue is a template from ns-3.41)
        queue->GetAttribute("SizeAccounting", accounting);
        NS_TEST_EXPECT_MSG_EQ(accounting.Get(), "Wire", "SizeAccounting");
    }
};

/**
 * \ingroup dualcc
 * The AVQ paper's network (10 Mb/s, 100-packet buffer, NewReno with ECN, RTTs 40-130 ms) with
 * ns-2's gains and q_ref = 50, 10 flows: the integral action is slow with these gains (the AVQ
 * paper's "long transient period"; here about 60 s, the queue above q_ref and dropping until the
 * probability has grown to the flows' need), so the mean backlog is measured from 60 s to 120 s:
 * within 20 % of q_ref, and the link busy.
 */
class PiSystemTestCase : public TestCase
{
  public:
    PiSystemTestCase()
        : TestCase("AVQ paper's link, 10 NewReno flows, 60-120 s: mean queue within 20 % of "
                   "q_ref = 50")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const AqmExperiment::Settings settings;
        NetworkHelper network(AqmExperiment::Describe("PI", settings, {{10, Seconds(0), Time(0)}}));
        AqmExperiment::Prepare(network, "PI", settings, 5);
        network.Install();
        network.Run(Seconds(120), false);
        const TestbedMonitor::WindowMeasurement m =
            network.GetMonitor().MeasureWindow(Seconds(60), Seconds(120));
        NS_LOG_INFO("utilization " << m.utilization << ", queue " << m.queueMean << " +- "
                                   << m.queueStd << ", drops " << m.drops << ", marks " << m.marks);
        NS_TEST_EXPECT_MSG_EQ_TOL(m.queueMean, 50, 10, "mean queue, packets");
        NS_TEST_EXPECT_MSG_GT(m.utilization, 0.98, "utilization");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class PiQueueDiscTestSuite : public TestSuite
{
  public:
    PiQueueDiscTestSuite()
        : TestSuite("dualcc-pi-queue-disc", TestSuite::Type::UNIT)
    {
        AddTestCase(new PiTrajectoryTestCase(false));
        AddTestCase(new PiTrajectoryTestCase(true));
        AddTestCase(new PiCeilingTestCase);
        AddTestCase(new PiMarkingTestCase(Ipv4Header::ECN_ECT0, true));
        AddTestCase(new PiMarkingTestCase(Ipv4Header::ECN_NotECT, true));
        AddTestCase(new PiMarkingTestCase(Ipv4Header::ECN_ECT0, false));
        AddTestCase(new PiForcedDropTestCase);
        AddTestCase(new PiAttributeRangeTestCase);
        AddTestCase(new PiDefaultsTestCase);
        AddTestCase(new PiSystemTestCase);
#ifdef DUALCC_HAVE_FORK
        for (TestCase* abort : PriceQueueDiscAbortCases<PiQueueDisc>("ns3::PiQueueDisc"))
        {
            AddTestCase(abort);
        }
#endif
    }
};

/// The suite's only instance.
static PiQueueDiscTestSuite g_piQueueDiscTestSuite;
