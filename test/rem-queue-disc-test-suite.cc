/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RemQueueDisc, driven by hand-made traffic on a disc that has LinkBandwidth set and no device.
// Time is cut into update intervals of 1 ms (the default UpdateInterval); in interval k
// (from (k-1) ms to k ms) the driver enqueues n_k IPv4 packets evenly spread over the interval and
// dequeues m_k packets evenly spread over it (the link serving them), so that at the update at
// k ms the arrivals x and the backlog b are known by hand:
//
//     x_k = n_k,   b_k = b_{k-1} + n_k - m_k     (packets; times the size in byte mode)
//
// The price p and the mark probability are read from the trace sources "Price" and
// "MarkProbability" just after each update; decisions from QueueDisc::GetStats(). Every expected
// value is worked out by hand in the comments from the laws (Low, Peterson and Wang, J. ACM 2002,
// §5; Paganini et al., Fig. 4):
//
//     Rem (eq. 30):      p <- [p + gamma (mu (b - b*) + x - c)]^+   (b* = QueueRef, 0 by default)
//     VirtualCapacity:   p <- [p + (x / (gamma_v c) - 1) UpdateInterval]^+
//     marking (eq. 31):  m = 1 - phi^(-p)
//
// Most scenarios use LinkBandwidth = 80 Mb/s: with 1000-byte packets (MeanPktSize) that is
// 10^7 B/s = 10^4 packets/s, so c = 10 packets (or 10000 bytes) per 1 ms interval.

#include "check-config-abort-test-case.h"

#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("RemQueueDiscTestSuite");

namespace
{

/// Tolerance for prices that are exact up to double rounding.
constexpr double EPS = 1e-12;
/// The IPv4 header's size, bytes: an Ipv4QueueDiscItem's size is the payload plus this.
constexpr uint32_t IPV4_HEADER = 20;
/// The fixed random stream of every queue disc in the suite.
constexpr int64_t STREAM = 7;

/// One update interval of traffic.
struct Interval
{
    uint32_t arrivals;   //!< n: packets enqueued during the interval
    uint32_t departures; //!< m: packets dequeued during the interval
};

/**
 * Feeds intervals of traffic to a queue disc and records the price after every update. The
 * mirrors of the traces start at 0, as the TracedValues do, and follow every change.
 */
class RemDriver
{
  public:
    /**
     * \param queue the queue disc, configured but not initialized; UpdateInterval must be 1 ms
     * \param packetBytes the size of every packet (payload plus IPv4 header), bytes
     * \param ecn the ECN field of every packet
     */
    RemDriver(Ptr<RemQueueDisc> queue, uint32_t packetBytes, Ipv4Header::EcnType ecn)
        : m_queue(queue),
          m_packetBytes(packetBytes),
          m_ecn(ecn)
    {
        m_queue->AssignStreams(STREAM);
        m_queue->TraceConnectWithoutContext("Price", MakeCallback(&RemDriver::OnPrice, this));
        m_queue->TraceConnectWithoutContext("MarkProbability",
                                            MakeCallback(&RemDriver::OnMarkProbability, this));
    }

    /**
     * Initialize the queue disc at t = 0, run the intervals, destroy the simulator.
     * Arrival i of n in interval k is at (k-1) ms + (i + 1/4) ms / n, departure j of m at
     * (k-1) ms + (j + 3/4) ms / m: with n >= m each departure has at least as many arrivals
     * before it in the interval, so it finds a packet; at equal times the arrival (scheduled
     * first) comes first. The price is sampled at k ms + 1 ns, after the update at k ms.
     * \param intervals the traffic
     */
    void Run(const std::vector<Interval>& intervals)
    {
        m_queue->Initialize();
        const double ns = 1e6; // nanoseconds per interval
        for (std::size_t k = 0; k < intervals.size(); ++k)
        {
            const Time start = MilliSeconds(k);
            const Interval& in = intervals[k];
            for (uint32_t i = 0; i < in.arrivals; ++i)
            {
                Simulator::Schedule(start +
                                        NanoSeconds(std::llround((i + 0.25) * ns / in.arrivals)),
                                    &RemDriver::Arrive,
                                    this);
            }
            for (uint32_t j = 0; j < in.departures; ++j)
            {
                Simulator::Schedule(start +
                                        NanoSeconds(std::llround((j + 0.75) * ns / in.departures)),
                                    &RemDriver::Depart,
                                    this);
            }
            Simulator::Schedule(MilliSeconds(k + 1) + NanoSeconds(1), &RemDriver::Sample, this);
        }
        Simulator::Stop(MilliSeconds(intervals.size()) + NanoSeconds(2));
        Simulator::Run();
        Simulator::Destroy();
    }

    /// \return p after each update (one per interval)
    const std::vector<double>& GetPrices() const
    {
        return m_prices;
    }

    /// \return 1 - phi^(-p) after each update
    const std::vector<double>& GetMarkProbabilities() const
    {
        return m_markProbabilities;
    }

    /// \return how many Enqueue() calls returned true
    uint32_t GetEnqueued() const
    {
        return m_enqueued;
    }

    /// \return how many scheduled departures found the queue empty (the driver's own check)
    uint32_t GetFailedDepartures() const
    {
        return m_failedDepartures;
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
        if (!m_queue->Dequeue())
        {
            ++m_failedDepartures;
        }
    }

    void Sample()
    {
        m_prices.push_back(m_price);
        m_markProbabilities.push_back(m_markProbability);
    }

    void OnPrice(double /* oldValue */, double newValue)
    {
        m_price = newValue;
    }

    void OnMarkProbability(double /* oldValue */, double newValue)
    {
        m_markProbability = newValue;
    }

    Ptr<RemQueueDisc> m_queue;               //!< the queue disc
    uint32_t m_packetBytes;                  //!< packet size, bytes
    Ipv4Header::EcnType m_ecn;               //!< ECN field of the packets
    double m_price = 0;                      //!< mirror of p
    double m_markProbability = 0;            //!< mirror of 1 - phi^(-p)
    std::vector<double> m_prices;            //!< p after each update
    std::vector<double> m_markProbabilities; //!< 1 - phi^(-p) after each update
    uint32_t m_enqueued = 0;                 //!< successful enqueues
    uint32_t m_failedDepartures = 0;         //!< departures that found the queue empty
};

/**
 * A queue disc with LinkBandwidth = 80 Mb/s (c = 10 packets of 1000 bytes, or 10000 bytes, per
 * 1 ms interval).
 * \param maxSize MaxSize (its unit is the mode)
 * \param gamma Gamma
 * \param mu Mu
 * \return the queue disc, not initialized
 */
Ptr<RemQueueDisc>
MakeQueue(const std::string& maxSize, double gamma, double mu)
{
    Ptr<RemQueueDisc> queue = CreateObject<RemQueueDisc>();
    // The hand computations count packets as ns-2 does (MeanPktSize).
    queue->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
    queue->SetAttribute("MaxSize", QueueSizeValue(QueueSize(maxSize)));
    queue->SetAttribute("LinkBandwidth", DataRateValue(DataRate("80Mbps")));
    queue->SetAttribute("MeanPktSize", UintegerValue(1000));
    queue->SetAttribute("UpdateInterval", TimeValue(MilliSeconds(1)));
    queue->SetAttribute("Gamma", DoubleValue(gamma));
    queue->SetAttribute("Mu", DoubleValue(mu));
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
 * Base of the trajectory cases: compares sampled prices with a hand-computed list.
 */
class RemTrajectoryTestCase : public TestCase
{
  protected:
    /// \param name the test's name
    explicit RemTrajectoryTestCase(const std::string& name)
        : TestCase(name)
    {
    }

    /**
     * \param driver the driver, after Run()
     * \param expected p after each update, by hand
     */
    void CheckPrices(const RemDriver& driver, const std::vector<double>& expected)
    {
        NS_TEST_EXPECT_MSG_EQ(driver.GetFailedDepartures(), 0, "every departure found a packet");
        const std::vector<double>& prices = driver.GetPrices();
        NS_TEST_ASSERT_MSG_EQ(prices.size(), expected.size(), "one price per interval");
        for (std::size_t k = 0; k < expected.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(prices[k], expected[k], EPS, "p after update " << k + 1);
        }
    }
};

/**
 * \ingroup dualcc
 * The price stays finite: with the largest Gamma (1000) a step can exceed the ceiling
 * 1000 / ln(phi) of the price (phi = 2: 1000 / 0.6931471805599453 = 1442.6950408889634), where
 * phi^(-p) = e^-1000 is 0 in double precision and the marking probability is exactly 1.
 * gamma = 1000, mu = 0.1, c = 10:
 *   interval 1, x = 12, b = 2: p = 0 + 1000 (0.2 + 2) = 2200 -> held at 1442.695...
 *   interval 2, x = 12, b = 4: p = 1442.695 + 1000 (0.4 + 2) -> held at 1442.695...
 *   interval 3, x = 0,  b = 4: p = [1442.695 + 1000 (0.4 - 10)]^+ = 0.
 * The same law without the ceiling would give 2200, 4600, 0 and, with a step overflowing to
 * +infinity, inf then inf + (-inf) = NaN, after which it never marks again.
 */
class RemPriceCeilingTestCase : public RemTrajectoryTestCase
{
  public:
    RemPriceCeilingTestCase()
        : RemTrajectoryTestCase("Rem law: the price is held at 1000 over ln(phi), never inf or NaN")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = MakeQueue("1000p", 1000, 0.1);
        queue->SetAttribute("Phi", DoubleValue(2.0));
        RemDriver driver(queue, 1000, Ipv4Header::ECN_ECT0);
        driver.Run({{12, 10}, {12, 10}, {0, 0}});
        const std::vector<double>& prices = driver.GetPrices();
        NS_TEST_ASSERT_MSG_EQ(prices.size(), 3, "one price per interval");
        const double ceiling = 1442.6950408889634;
        NS_TEST_EXPECT_MSG_EQ_TOL(prices[0], ceiling, 1e-9, "held at the ceiling");
        NS_TEST_EXPECT_MSG_EQ_TOL(prices[1], ceiling, 1e-9, "still held");
        NS_TEST_EXPECT_MSG_EQ(prices[2], 0.0, "and back to 0");
        NS_TEST_EXPECT_MSG_EQ(driver.GetMarkProbabilities()[0], 1.0, "marks every packet");
    }
};

/**
 * \ingroup dualcc
 * Eq. 30 with 12 arrivals and 10 departures per interval: the backlog grows by 2 per interval.
 */
class RemTrajectoryPacketTestCase : public RemTrajectoryTestCase
{
  public:
    RemTrajectoryPacketTestCase()
        : RemTrajectoryTestCase("Rem law, packet mode: x = 12, c = 10, b grows by 2 (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = MakeQueue("1000p", 0.01, 0.1);
        queue->SetAttribute("Phi", DoubleValue(2.0));
        RemDriver driver(queue, 1000, Ipv4Header::ECN_ECT0);
        driver.Run(std::vector<Interval>(4, {12, 10}));
        // gamma = 0.01, mu = 0.1, c = 10, x = 12, b_k = 2k:
        //   p1 = 0    + 0.01 (0.1*2 + 12 - 10) = 0.01 * 2.2 = 0.022
        //   p2 = 0.022 + 0.01 (0.1*4 + 2)      = 0.022 + 0.024 = 0.046
        //   p3 = 0.046 + 0.01 (0.1*6 + 2)      = 0.046 + 0.026 = 0.072
        //   p4 = 0.072 + 0.01 (0.1*8 + 2)      = 0.072 + 0.028 = 0.100
        CheckPrices(driver, {0.022, 0.046, 0.072, 0.100});
        // Eq. 31 after update 4: 1 - 2^(-0.1) = 1 - 0.9330329915 = 0.0669670085.
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetMarkProbabilities().back(),
                                  0.0669670085,
                                  1e-9,
                                  "MarkProbability after update 4");
        // Marks are ECN CE: the packets stay, b is unaffected: 4 * (12 - 10) = 8 packets left.
        NS_TEST_EXPECT_MSG_EQ(queue->GetNPackets(), 8, "backlog");
        NS_TEST_EXPECT_MSG_EQ(queue->GetStats().nTotalDroppedPackets, 0, "no drops");
    }
};

/**
 * \ingroup dualcc
 * Equilibrium: with x = c and b = 0 the price stays put; with x < c and b = 0 it decays and is
 * clamped at 0.
 */
class RemEquilibriumTestCase : public RemTrajectoryTestCase
{
  public:
    RemEquilibriumTestCase()
        : RemTrajectoryTestCase("Rem law: x = c, b = 0 holds p; x < c decays p to 0 (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = MakeQueue("1000p", 0.01, 0.1);
        RemDriver driver(queue, 1000, Ipv4Header::ECN_ECT0);
        driver.Run({{30, 10}, // a burst: b = 20
                    {0, 10},  // the link drains it: b = 10
                    {0, 10},  // b = 0
                    {10, 10}, // x = c, b = 0 (each arrival leaves before the next)
                    {10, 10},
                    {10, 10},
                    {8, 8}, // x < c, b = 0
                    {8, 8},
                    {8, 8}});
        // gamma = 0.01, mu = 0.1, c = 10:
        //   p1 = 0.01 (0.1*20 + 30 - 10) = 0.01 * 22 = 0.22
        //   p2 = 0.22 + 0.01 (0.1*10 + 0 - 10) = 0.22 - 0.09 = 0.13
        //   p3 = 0.13 + 0.01 (0 + 0 - 10)      = 0.03
        //   p4 = p5 = p6 = 0.03 + 0.01 (0 + 10 - 10) = 0.03   (equilibrium)
        //   p7 = 0.03 + 0.01 (8 - 10) = 0.01
        //   p8 = [0.01 - 0.02]^+ = 0, p9 = [0 - 0.02]^+ = 0
        CheckPrices(driver, {0.22, 0.13, 0.03, 0.03, 0.03, 0.03, 0.01, 0, 0});
        NS_TEST_EXPECT_MSG_EQ(driver.GetMarkProbabilities().back(), 0, "m = 1 - phi^0 = 0");
        NS_TEST_EXPECT_MSG_EQ(queue->GetNPackets(), 0, "b = 0 at the end");
    }
};

/**
 * \ingroup dualcc
 * The queue-reference form (QueueRef b* = 5 packets): p <- [p + gamma (mu (b - b*) + x - c)]^+.
 * The backlog is held at b*, above it and below it, and the price moves only by the mismatch
 * x - c and the backlog's distance to b*; the mark probability follows eq. 31.
 */
class RemQueueRefTestCase : public RemTrajectoryTestCase
{
  public:
    RemQueueRefTestCase()
        : RemTrajectoryTestCase("Rem law with QueueRef 5: b = b*, x = c holds p (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = MakeQueue("1000p", 0.01, 0.1);
        queue->SetAttribute("QueueRef", DoubleValue(5));
        queue->SetAttribute("Phi", DoubleValue(2.0));
        RemDriver driver(queue, 1000, Ipv4Header::ECN_ECT0);
        driver.Run({{15, 10}, // b = 5 = b*
                    {10, 10}, // b = 5, x = c
                    {10, 10},
                    {12, 10},   // b = 7
                    {10, 12},   // b = 5 again (departures from the backlog of 7)
                    {8, 10},    // b = 3, x < c
                    {10, 10}}); // b = 3, x = c: below the reference
        // gamma = 0.01, mu = 0.1, b* = 5, c = 10 packets per interval:
        //   p1 = 0.01 (0.1 (5 - 5) + 15 - 10)              = 0.05
        //   p2 = 0.05 + 0.01 (0.1 (5 - 5) + 10 - 10)       = 0.05    (eq. 30 alone: + 0.005)
        //   p3 = 0.05
        //   p4 = 0.05 + 0.01 (0.1 (7 - 5) + 12 - 10)       = 0.05 + 0.022 = 0.072
        //   p5 = 0.072 + 0.01 (0.1 (5 - 5) + 10 - 10)      = 0.072
        //   p6 = 0.072 + 0.01 (0.1 (3 - 5) + 8 - 10)       = 0.072 - 0.022 = 0.050
        //   p7 = 0.050 + 0.01 (0.1 (3 - 5) + 10 - 10)      = 0.050 - 0.002 = 0.048
        CheckPrices(driver, {0.05, 0.05, 0.05, 0.072, 0.072, 0.050, 0.048});
        // Eq. 31 after update 7: 1 - 2^(-0.048) = 1 - exp(-0.048 ln 2)
        //   = 1 - exp(-0.03327106466) = 1 - 0.96727633 = 0.03272367 (to 8 digits).
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetMarkProbabilities().back(),
                                  0.03272367,
                                  1e-8,
                                  "MarkProbability after update 7");
        NS_TEST_EXPECT_MSG_EQ(queue->GetNPackets(), 3, "b = 3 at the end");
    }
};

/**
 * \ingroup dualcc
 * REM's traits: a marking price, the load driven to c, and the backlog to QueueRef, in packets
 * (byte mode: QueueRef bytes over the model's packet size).
 */
class RemQueueRefTraitsTestCase : public TestCase
{
  public:
    RemQueueRefTraitsTestCase()
        : TestCase("traits: the standing backlog is QueueRef, in packets")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> packets = CreateObject<RemQueueDisc>();
        packets->SetAttribute("QueueRef", DoubleValue(50));
        const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(packets);
        NS_TEST_EXPECT_MSG_EQ(traits.physicalPrice, false, "a marking price");
        NS_TEST_ASSERT_MSG_EQ(bool(traits.capacityFactor), true, "a capacity factor");
        NS_TEST_EXPECT_MSG_EQ(traits.capacityFactor(packets), 1.0, "eq. 30: load c");
        NS_TEST_ASSERT_MSG_EQ(bool(traits.standingBacklog), true, "a standing backlog");
        NS_TEST_EXPECT_MSG_EQ(traits.standingBacklog(packets, 1000), 50.0, "50 packets");
        Ptr<RemQueueDisc> bytes = CreateObject<RemQueueDisc>();
        bytes->SetAttribute("MaxSize", QueueSizeValue(QueueSize("100000B")));
        bytes->SetAttribute("QueueRef", DoubleValue(30000));
        // 30000 bytes of 1500-byte packets: 20 packets.
        NS_TEST_EXPECT_MSG_EQ_TOL(traits.standingBacklog(bytes, 1500), 20.0, EPS, "20 packets");
        Ptr<RemQueueDisc> none = CreateObject<RemQueueDisc>();
        NS_TEST_EXPECT_MSG_EQ(traits.standingBacklog(none, 1000), 0.0, "eq. 30: no backlog");
    }
};

/**
 * \ingroup dualcc
 * Marking at a known price: 20 arrivals and 10 departures in interval 1 give p = 1.5
 * (gamma = 0.1, mu = 0.5: 0.1 (0.5*10 + 20 - 10) = 1.5); with phi = 2 the N arrivals of interval
 * 2 are each chosen with probability 1 - 2^(-1.5) = 1 - 0.3535533906 = 0.6464466094 (no packet of
 * interval 1 is, since p = 0 then). The chosen fraction must be within 3 binomial standard
 * deviations.
 */
class RemMarkingTestCase : public TestCase
{
  public:
    /**
     * \param ecn ECN field of every packet
     * \param useEcn UseEcn
     * \param marked expected marks among interval 2's arrivals: true: ~N m; false: none
     * \param dropped expected unforced drops: true: ~N m; false: none
     * \param dropNonEcn DropNonEcn
     */
    RemMarkingTestCase(Ipv4Header::EcnType ecn,
                       bool useEcn,
                       bool marked,
                       bool dropped,
                       bool dropNonEcn = true)
        : TestCase(Describe(ecn, useEcn, marked, dropped) +
                   (dropNonEcn ? "" : " (DropNonEcn false: ns-2's markpkts_)")),
          m_ecn(ecn),
          m_useEcn(useEcn),
          m_marked(marked),
          m_dropped(dropped),
          m_dropNonEcn(dropNonEcn)
    {
    }

  private:
    /// \return the test's name
    static std::string Describe(Ipv4Header::EcnType ecn, bool useEcn, bool marked, bool dropped)
    {
        const std::string packets = ecn == Ipv4Header::ECN_ECT0 ? "ECT(0)"
                                    : ecn == Ipv4Header::ECN_CE ? "CE"
                                                                : "Not-ECT";
        const std::string outcome = marked    ? "marked with prob. 1 - phi^(-p)"
                                    : dropped ? "dropped with prob. 1 - phi^(-p)"
                                              : "all pass, none re-decided";
        return "p = 1.5, phi = 2, " + packets + " packets, UseEcn " + (useEcn ? "true" : "false") +
               ": " + outcome;
    }

    void DoRun() override
    {
        constexpr uint32_t N = 10000;
        constexpr double M = 0.6464466094; // 1 - 2^(-1.5), by hand
        Ptr<RemQueueDisc> queue = MakeQueue("100000p", 0.1, 0.5);
        queue->SetAttribute("Phi", DoubleValue(2.0));
        queue->SetAttribute("UseEcn", BooleanValue(m_useEcn));
        queue->SetAttribute("DropNonEcn", BooleanValue(m_dropNonEcn));
        RemDriver driver(queue, 1000, m_ecn);
        driver.Run({{20, 10}, {N, 0}});
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetPrices()[0], 1.5, EPS, "p1");
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetMarkProbabilities()[0], M, 1e-9, "m after update 1");

        const QueueDisc::Stats& stats = queue->GetStats();
        const uint32_t marks = stats.GetNMarkedPackets(RemQueueDisc::UNFORCED_MARK);
        const uint32_t drops = stats.GetNDroppedPackets(RemQueueDisc::UNFORCED_DROP);
        // sd = sqrt(10000 * 0.6464 * 0.3536) = 47.8 packets; 3 sd = 143 packets.
        if (m_marked)
        {
            NS_TEST_EXPECT_MSG_LT(BinomialDeviations(marks, N, M),
                                  3,
                                  marks << " of " << N << " marked, expected " << N * M);
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(marks, 0, "marks");
        }
        if (m_dropped)
        {
            NS_TEST_EXPECT_MSG_LT(BinomialDeviations(drops, N, M),
                                  3,
                                  drops << " of " << N << " dropped, expected " << N * M);
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(drops, 0, "unforced drops");
        }
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(RemQueueDisc::FORCED_DROP), 0, "forced");
        NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued(), 20 + N - drops, "all but the dropped enqueued");
    }

    Ipv4Header::EcnType m_ecn; //!< ECN field of the packets
    bool m_useEcn;             //!< UseEcn
    bool m_marked;             //!< marks expected
    bool m_dropped;            //!< unforced drops expected
    bool m_dropNonEcn;         //!< DropNonEcn
};

/**
 * \ingroup dualcc
 * ScaleBySize (ns-2's queue/rem.cc with qib_: pro = prob * size / mean_pktsize_). As
 * RemMarkingTestCase: p = 1.5, phi = 2, m = 1 - 2^(-1.5) = 0.6464466 (by hand), N = 10000 ECT(0)
 * packets of s bytes (IP size; no device, so no link-layer header: s bytes on the wire) against
 * MeanPktSize 1000: each is marked with
 * probability m s / 1000: for s = 250, 0.1616117 (sd of the count sqrt(N 0.1616 0.8384) = 36.8
 * packets; without the scaling 6464 would be marked); for s = 40 (ns-2's ACK), 0.0258579; for
 * s = 2000, m s / 1000 = 1.29 > 1: every packet (ns-2 does not cap: u <= pro).
 */
class RemScaleBySizeTestCase : public TestCase
{
  public:
    /**
     * \param packetBytes s, the packets' IP size, bytes
     * \param probability the marking probability by hand
     */
    RemScaleBySizeTestCase(uint32_t packetBytes, double probability)
        : TestCase("ScaleBySize: p = 1.5, phi = 2, " + std::to_string(packetBytes) +
                   "-byte packets marked with prob. (1 - phi^(-p)) s over MeanPktSize"),
          m_packetBytes(packetBytes),
          m_probability(probability)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t N = 10000;
        Ptr<RemQueueDisc> queue = MakeQueue("100000p", 0.1, 0.5);
        queue->SetAttribute("Phi", DoubleValue(2.0));
        queue->SetAttribute("ScaleBySize", BooleanValue(true));
        RemDriver driver(queue, m_packetBytes, Ipv4Header::ECN_ECT0);
        driver.Run({{20, 10}, {N, 0}});
        // Packet mode: x and c count packets whatever their size, so p1 = 0.1 (0.5 x 10 + 20 -
        // 10) = 1.5 as in RemMarkingTestCase.
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetPrices()[0], 1.5, EPS, "p1");
        const uint32_t marks = queue->GetStats().GetNMarkedPackets(RemQueueDisc::UNFORCED_MARK);
        if (m_probability >= 1)
        {
            NS_TEST_EXPECT_MSG_EQ(marks, N, "every packet marked");
        }
        else
        {
            NS_TEST_EXPECT_MSG_LT(BinomialDeviations(marks, N, m_probability),
                                  3,
                                  marks << " of " << N << " marked, expected "
                                        << N * m_probability);
        }
        NS_TEST_EXPECT_MSG_EQ(queue->GetStats().GetNDroppedPackets(RemQueueDisc::UNFORCED_DROP),
                              0,
                              "no drop");
    }

    uint32_t m_packetBytes; //!< s
    double m_probability;   //!< m s / MeanPktSize, by hand
};

/**
 * \ingroup dualcc
 * Byte mode: c, x and b in bytes. 24 packets of 500 bytes (480 + the 20-byte IPv4 header) arrive
 * and 20 leave per interval, against c = 10000 bytes; the same traffic in packet mode (c = 10
 * packets of MeanPktSize 1000) gives another trajectory.
 */
class RemByteModeTestCase : public RemTrajectoryTestCase
{
  public:
    /// \param bytes byte mode (else packet mode)
    explicit RemByteModeTestCase(bool bytes)
        : RemTrajectoryTestCase(bytes ? "byte mode: x, b, c in bytes (hand)"
                                      : "packet mode, same traffic: x, b, c in packets (hand)"),
          m_bytes(bytes)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue =
            m_bytes ? MakeQueue("100000B", 1e-5, 0.1) : MakeQueue("1000p", 0.01, 0.1);
        RemDriver driver(queue, 500, Ipv4Header::ECN_ECT0);
        driver.Run(std::vector<Interval>(3, {24, 20}));
        if (m_bytes)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(queue->GetLinkCapacity(), 1e7, EPS, "80 Mb/s = 10^7 B/s");
            // x = 24 * 500 = 12000 B, c = 10^7 B/s * 1 ms = 10000 B, b_k = 4 * 500 k = 2000k B,
            // gamma = 1e-5, mu = 0.1:
            //   p1 = 1e-5 (0.1*2000 + 12000 - 10000) = 1e-5 * 2200 = 0.022
            //   p2 = 0.022 + 1e-5 (400 + 2000) = 0.046
            //   p3 = 0.046 + 1e-5 (600 + 2000) = 0.072
            CheckPrices(driver, {0.022, 0.046, 0.072});
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(queue->GetLinkCapacity(), 1e4, EPS, "10^7 B/s / 1000 B");
            // x = 24 packets, c = 10 packets, b_k = 4k packets, gamma = 0.01, mu = 0.1:
            //   p1 = 0.01 (0.4 + 24 - 10) = 0.144
            //   p2 = 0.144 + 0.01 (0.8 + 14) = 0.292
            //   p3 = 0.292 + 0.01 (1.2 + 14) = 0.444
            CheckPrices(driver, {0.144, 0.292, 0.444});
        }
    }

    bool m_bytes; //!< byte mode
};

/**
 * \ingroup dualcc
 * The VirtualCapacity law: the backlog plays no part.
 */
class RemVirtualCapacityTestCase : public RemTrajectoryTestCase
{
  public:
    RemVirtualCapacityTestCase()
        : RemTrajectoryTestCase("VirtualCapacity law: p += (x over gamma_v c - 1) T (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = MakeQueue("1000p", 0.01, 0.1);
        queue->SetAttribute("PriceLaw", EnumValue(RemQueueDisc::VIRTUAL_CAPACITY));
        queue->SetAttribute("TargetUtilization", DoubleValue(0.8));
        RemDriver driver(queue, 1000, Ipv4Header::ECN_ECT0);
        driver.Run({{12, 10}, {12, 10}, {4, 4}, {0, 4}});
        // c = 10 packets per interval, gamma_v c = 8, T = 0.001 s; b = 2, 4, 4, 0 is ignored:
        //   p1 = [0 + (12/8 - 1) 0.001]^+ = 0.0005
        //   p2 = 0.0005 + 0.0005 = 0.001
        //   p3 = 0.001 + (4/8 - 1) 0.001 = 0.0005
        //   p4 = [0.0005 + (0/8 - 1) 0.001]^+ = [-0.0005]^+ = 0
        // (the Rem law would have given p1 = gamma (0.1*2 + 2) = 0.022.)
        CheckPrices(driver, {0.0005, 0.001, 0.0005, 0});
    }
};

/**
 * \ingroup dualcc
 * The VirtualCapacity law marks at dequeue (Fig. 4: "every packet dequeue"), with the price of
 * the moment the packet leaves. gamma_v = 0.8 (gamma_v c = 8 packets per 1 ms interval),
 * phi = 2. Interval 1: N = 10000 arrivals, no departure, at p = 0:
 *   p1 = [0 + (10000/8 - 1) 0.001]^+ = 1.249 s, m1 = 1 - 2^(-1.249) = 1 - 0.4207397 = 0.5792603;
 * interval 2: no arrival, the N packets leave at p1: about N m1 are marked (within 3 binomial
 * standard deviations, sd = sqrt(10000 x 0.579 x 0.421) = 49.4). Marking at enqueue, as the code
 * did before (and as the Rem law does), marks none of them: they all arrived at p = 0.
 * With Not-ECT packets the chosen ones are dropped at dequeue (UNFORCED_DROP), as many.
 */
class RemVirtualCapacityDequeueTestCase : public TestCase
{
  public:
    /// \param ecn ECN field of every packet
    /// \param dropNonEcn DropNonEcn (false: the Not-ECT packets pass, none dropped nor marked)
    explicit RemVirtualCapacityDequeueTestCase(Ipv4Header::EcnType ecn, bool dropNonEcn = true)
        : TestCase(ecn == Ipv4Header::ECN_ECT0
                       ? "VirtualCapacity law: marked at dequeue with the price of departure"
                   : dropNonEcn
                       ? "VirtualCapacity law, Not-ECT: dropped at dequeue with that probability"
                       : "VirtualCapacity law, Not-ECT, DropNonEcn false: all pass unmarked"),
          m_ecn(ecn),
          m_dropNonEcn(dropNonEcn)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t N = 10000;
        constexpr double M = 0.5792603; // 1 - 2^(-1.249), by hand
        Ptr<RemQueueDisc> queue = MakeQueue("100000p", 0.01, 0.1);
        queue->SetAttribute("PriceLaw", EnumValue(RemQueueDisc::VIRTUAL_CAPACITY));
        queue->SetAttribute("TargetUtilization", DoubleValue(0.8));
        queue->SetAttribute("Phi", DoubleValue(2.0));
        queue->SetAttribute("DropNonEcn", BooleanValue(m_dropNonEcn));
        RemDriver driver(queue, 1000, m_ecn);
        driver.Run({{N, 0}, {0, N}});
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetPrices()[0], 1.249, EPS, "p1");
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetMarkProbabilities()[0], M, 1e-7, "m1");
        const QueueDisc::Stats& stats = queue->GetStats();
        if (!m_dropNonEcn)
        {
            // ns-2's REMQueue::deque: CE only if ECT; a chosen Not-ECT packet leaves as it is.
            NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(RemQueueDisc::UNFORCED_DROP),
                                  0,
                                  "drops");
            NS_TEST_EXPECT_MSG_EQ(stats.GetNMarkedPackets(RemQueueDisc::UNFORCED_MARK), 0, "marks");
            NS_TEST_EXPECT_MSG_EQ(driver.GetFailedDepartures(), 0, "each departure got a packet");
            NS_TEST_EXPECT_MSG_EQ(queue->GetNPackets(), 0, "all left");
            return;
        }
        const uint32_t signalled = m_ecn == Ipv4Header::ECN_ECT0
                                       ? stats.GetNMarkedPackets(RemQueueDisc::UNFORCED_MARK)
                                       : stats.GetNDroppedPackets(RemQueueDisc::UNFORCED_DROP);
        NS_TEST_EXPECT_MSG_LT(BinomialDeviations(signalled, N, M),
                              3,
                              signalled << " of " << N << " signalled at dequeue, expected "
                                        << N * M);
        NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued(), N, "nothing decided at enqueue");
        NS_TEST_EXPECT_MSG_EQ(queue->GetNPackets(), 0, "all left");
    }

    Ipv4Header::EcnType m_ecn; //!< ECN field of the packets
    bool m_dropNonEcn;         //!< DropNonEcn
};

/**
 * \ingroup dualcc
 * MaxSize overflow: FORCED_DROP, and x counts the dropped arrivals too.
 */
class RemForcedDropTestCase : public RemTrajectoryTestCase
{
  public:
    RemForcedDropTestCase()
        : RemTrajectoryTestCase("MaxSize overflow: forced drop; x counts every arrival (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = MakeQueue("12p", 0.01, 0.1);
        RemDriver driver(queue, 1000, Ipv4Header::ECN_ECT0);
        driver.Run({{15, 0}});
        // 15 arrivals, no departure, room for 12: 3 forced drops, b = 12.
        //   p1 = 0.01 (0.1*12 + 15 - 10) = 0.01 * 6.2 = 0.062
        CheckPrices(driver, {0.062});
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(RemQueueDisc::FORCED_DROP), 3, "forced");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(RemQueueDisc::UNFORCED_DROP), 0, "p = 0");
        NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued(), 12, "enqueued");
    }
};

/**
 * \ingroup dualcc
 * The attribute checkers reject out-of-range values and keep the previous value.
 */
class RemAttributeRangeTestCase : public TestCase
{
  public:
    RemAttributeRangeTestCase()
        : TestCase("attribute checkers reject out-of-range values")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = CreateObject<RemQueueDisc>();
        // The hand computations count packets as ns-2 does (MeanPktSize).
        queue->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));

        struct Case
        {
            std::string name;
            double value;
            bool accepted;
        };

        const std::vector<Case> cases{
            {"Gamma", 0.0, false},
            {"Gamma", -0.1, false},
            {"Gamma", 5.0, true},
            {"Gamma", 1e308, false},
            {"Gamma", 1001, false},
            {"Gamma", 1000, true},
            {"Phi", 1e300, false},
            {"Phi", 1e6, true},
            {"TargetUtilization", 1e-4, false},
            {"TargetUtilization", 0.001, true},
            {"Mu", 0.0, false},
            {"Mu", 1.0, false},
            {"Mu", -0.5, false},
            {"Mu", 0.5, true},
            {"Phi", 1.0, false},
            {"Phi", 0.5, false},
            {"Phi", 1.1, true},
            {"TargetUtilization", 0.0, false},
            {"TargetUtilization", 1.01, false},
            {"TargetUtilization", 1.0, true},
            {"QueueRef", -1, false},
            {"QueueRef", 0, true},
            {"QueueRef", 50, true},
            {"QueueRef", 5e9, false},
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
        NS_TEST_EXPECT_MSG_EQ(queue->SetAttributeFailSafe("UpdateInterval", TimeValue(Time(0))),
                              false,
                              "UpdateInterval = 0");
        NS_TEST_EXPECT_MSG_EQ(
            queue->SetAttributeFailSafe("UpdateInterval", TimeValue(MicroSeconds(-1))),
            false,
            "UpdateInterval < 0");
        NS_TEST_EXPECT_MSG_EQ(
            queue->SetAttributeFailSafe("UpdateInterval", TimeValue(MicroSeconds(100))),
            true,
            "UpdateInterval = 100 us");
    }
};

/**
 * \ingroup dualcc
 * The defaults are those documented in doc/rem.rst.
 */
class RemDefaultsTestCase : public TestCase
{
  public:
    RemDefaultsTestCase()
        : TestCase("attribute defaults are the documented ones")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> queue = CreateObject<RemQueueDisc>();
        QueueSizeValue maxSize;
        queue->GetAttribute("MaxSize", maxSize);
        NS_TEST_EXPECT_MSG_EQ(maxSize.Get(), QueueSize("1000p"), "MaxSize");
        TimeValue interval;
        queue->GetAttribute("UpdateInterval", interval);
        NS_TEST_EXPECT_MSG_EQ(interval.Get(), MilliSeconds(1), "UpdateInterval");
        DoubleValue d;
        queue->GetAttribute("Gamma", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.001, "Gamma");
        queue->GetAttribute("Mu", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.1, "Mu");
        queue->GetAttribute("Phi", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 1.001, "Phi");
        queue->GetAttribute("TargetUtilization", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.95, "TargetUtilization");
        queue->GetAttribute("QueueRef", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.0, "QueueRef");
        BooleanValue ecn;
        queue->GetAttribute("UseEcn", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), true, "UseEcn");
        queue->GetAttribute("DropNonEcn", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), true, "DropNonEcn");
        queue->GetAttribute("ScaleBySize", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), false, "ScaleBySize");
        DataRateValue rate;
        queue->GetAttribute("LinkBandwidth", rate);
        NS_TEST_EXPECT_MSG_EQ(rate.Get().GetBitRate(), 0, "LinkBandwidth");
        UintegerValue size;
        queue->GetAttribute("MeanPktSize", size);
        NS_TEST_EXPECT_MSG_EQ(size.Get(), 1000, "MeanPktSize");
        StringValue law; // the enum's name (EnumValue is a template from ns-3.41)
        queue->GetAttribute("PriceLaw", law);
        NS_TEST_EXPECT_MSG_EQ(law.Get(), "Rem", "PriceLaw");
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
 * LinkBandwidth 0 (the default): the capacity is the DataRate of the point-to-point device the
 * queue disc is installed on.
 */
class RemDeviceRateTestCase : public TestCase
{
  public:
    RemDeviceRateTestCase()
        : TestCase("LinkBandwidth 0: capacity from the device's DataRate")
    {
    }

  private:
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
        tch.SetRootQueueDisc("ns3::RemQueueDisc", "SizeAccounting", StringValue("FixedPacketSize"));
        QueueDiscContainer discs = tch.Install(devices);
        Ptr<RemQueueDisc> queue = DynamicCast<RemQueueDisc>(discs.Get(0));
        NS_TEST_ASSERT_MSG_NE(queue, nullptr, "a RemQueueDisc was installed");
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        // 10 Mb/s = 10e6 / 8 / 1000 = 1250 packets/s of MeanPktSize = 1000 bytes.
        NS_TEST_EXPECT_MSG_EQ_TOL(queue->GetLinkCapacity(), 1250, EPS, "capacity");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class RemQueueDiscTestSuite : public TestSuite
{
  public:
    RemQueueDiscTestSuite()
        : TestSuite("dualcc-rem-queue-disc", TestSuite::Type::UNIT)
    {
        AddTestCase(new RemTrajectoryPacketTestCase);
        AddTestCase(new RemEquilibriumTestCase);
        AddTestCase(new RemQueueRefTestCase);
        AddTestCase(new RemQueueRefTraitsTestCase);
        AddTestCase(new RemMarkingTestCase(Ipv4Header::ECN_ECT0, true, true, false));
        AddTestCase(new RemMarkingTestCase(Ipv4Header::ECN_CE, true, false, false));
        AddTestCase(new RemMarkingTestCase(Ipv4Header::ECN_NotECT, true, false, true));
        AddTestCase(new RemMarkingTestCase(Ipv4Header::ECN_ECT0, false, false, true));
        AddTestCase(new RemMarkingTestCase(Ipv4Header::ECN_NotECT, true, false, false, false));
        AddTestCase(new RemMarkingTestCase(Ipv4Header::ECN_ECT0, true, true, false, false));
        AddTestCase(new RemScaleBySizeTestCase(250, 0.6464466094 / 4));
        AddTestCase(new RemScaleBySizeTestCase(40, 0.6464466094 * 0.04));
        AddTestCase(new RemScaleBySizeTestCase(2000, 1));
        AddTestCase(new RemByteModeTestCase(true));
        AddTestCase(new RemByteModeTestCase(false));
        AddTestCase(new RemVirtualCapacityTestCase);
        AddTestCase(new RemVirtualCapacityDequeueTestCase(Ipv4Header::ECN_ECT0));
        AddTestCase(new RemVirtualCapacityDequeueTestCase(Ipv4Header::ECN_NotECT));
        AddTestCase(new RemVirtualCapacityDequeueTestCase(Ipv4Header::ECN_NotECT, false));
        AddTestCase(new RemForcedDropTestCase);
        AddTestCase(new RemPriceCeilingTestCase);
        AddTestCase(new RemAttributeRangeTestCase);
        AddTestCase(new RemDefaultsTestCase);
        AddTestCase(new RemDeviceRateTestCase);
#ifdef DUALCC_HAVE_FORK
        for (TestCase* abort : PriceQueueDiscAbortCases<RemQueueDisc>("ns3::RemQueueDisc"))
        {
            AddTestCase(abort);
        }
        AddTestCase(new CheckConfigAbortTestCase<RemQueueDisc>(
            "QueueRef at MaxSize",
            [](Ptr<RemQueueDisc> q) {
                q->SetAttribute("LinkBandwidth", DataRateValue(DataRate("10Mbps")));
                q->SetAttribute("MaxSize", QueueSizeValue(QueueSize("100p")));
                q->SetAttribute("QueueRef", DoubleValue(100));
            },
            "ns3::RemQueueDisc::QueueRef must be in [0, MaxSize) = [0, 100)"));
        AddTestCase(new CheckConfigAbortTestCase<RemQueueDisc>(
            "QueueRef with the VirtualCapacity law",
            [](Ptr<RemQueueDisc> q) {
                q->SetAttribute("LinkBandwidth", DataRateValue(DataRate("10Mbps")));
                q->SetAttribute("PriceLaw", StringValue("VirtualCapacity"));
                q->SetAttribute("QueueRef", DoubleValue(10));
            },
            "ns3::RemQueueDisc::QueueRef applies to PriceLaw Rem only"));
#endif
    }
};

/// The suite's only instance.
static RemQueueDiscTestSuite g_remQueueDiscTestSuite;
