/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GkvqQueueDisc, driven by a scripted sequence of arrivals and departures on a disc that has
// LinkBandwidth set and no device. Every expected value is worked out by hand in the comments
// from the rule of the AVQ paper (Kunniyur and Srikant, SIGCOMM 2001, §3 scheme 4): a virtual
// queue of capacity theta C and buffer theta B; when it overflows, every packet in the real
// queue and every arrival is marked until the virtual queue is empty again.
//
// The disc: FixedPacketSize (ns-2's packets), MaxSize B = 10 packets, LinkBandwidth 80 Mb/s =
// 10^4 packets/s of 1000 bytes, Theta = 0.5: the virtual queue is served at theta C = 5000
// packets/s (0.4 packet per 0.08 ms) and holds theta B = 5 packets.

#include "check-config-abort-test-case.h"

#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/gkvq-queue-disc.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <utility>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GkvqQueueDiscTestSuite");

namespace
{

/// Tolerance for virtual queue lengths that are exact up to double rounding, packets.
constexpr double EPS = 1e-9;
/// The IPv4 header's size, bytes.
constexpr uint32_t IPV4_HEADER = 20;
/// Every packet's size (payload plus IPv4 header), bytes: MeanPktSize.
constexpr uint32_t PACKET_BYTES = 1000;

/// A packet that left the queue disc.
struct Departure
{
    uint16_t id; //!< its IPv4 identification: its arrival number, from 1
    bool ce;     //!< whether it left with ECN CE
};

/**
 * Feeds scripted arrivals and departures to a GkvqQueueDisc and records what each arrival left
 * in the traces and what each departure carried.
 */
class GkvqDriver
{
  public:
    /**
     * \param queue the queue disc, configured but not initialized
     * \param ecn the ECN field of every packet
     */
    GkvqDriver(Ptr<GkvqQueueDisc> queue, Ipv4Header::EcnType ecn)
        : m_queue(queue),
          m_ecn(ecn)
    {
        m_queue->TraceConnectWithoutContext("VirtualQueue",
                                            MakeCallback(&GkvqDriver::OnVirtualQueue, this));
        m_queue->TraceConnectWithoutContext("Marking", MakeCallback(&GkvqDriver::OnMarking, this));
    }

    /**
     * Initialize the disc at t = 0, run the script, destroy the simulator.
     * \param arrivals the arrival times (packet i + 1 at arrivals[i])
     * \param departures the times of one Dequeue() each
     * \param drainAt a time at which the queue is dequeued until empty
     */
    void Run(const std::vector<Time>& arrivals, const std::vector<Time>& departures, Time drainAt)
    {
        m_queue->Initialize();
        for (std::size_t i = 0; i < arrivals.size(); ++i)
        {
            Simulator::Schedule(arrivals[i],
                                &GkvqDriver::Arrive,
                                this,
                                static_cast<uint16_t>(i + 1));
        }
        for (const Time& t : departures)
        {
            Simulator::Schedule(t, &GkvqDriver::Depart, this);
        }
        Simulator::Schedule(drainAt, &GkvqDriver::DrainAll, this);
        Simulator::Run();
        Simulator::Destroy();
    }

    /// \return VQ after each arrival, packets
    const std::vector<double>& GetVirtualQueue() const
    {
        return m_vqAfterArrival;
    }

    /// \return the Marking trace after each arrival
    const std::vector<bool>& GetMarking() const
    {
        return m_markingAfterArrival;
    }

    /// \return the packets that left, in order
    const std::vector<Departure>& GetDepartures() const
    {
        return m_departures;
    }

  private:
    /// \param id the packet's arrival number
    void Arrive(uint16_t id)
    {
        Ipv4Header header;
        header.SetEcn(m_ecn);
        header.SetIdentification(id);
        header.SetPayloadSize(PACKET_BYTES - IPV4_HEADER);
        m_queue->Enqueue(Create<Ipv4QueueDiscItem>(Create<Packet>(PACKET_BYTES - IPV4_HEADER),
                                                   Address(),
                                                   0x0800,
                                                   header));
        m_vqAfterArrival.push_back(m_vq);
        m_markingAfterArrival.push_back(m_marking);
    }

    /// \return whether a packet left
    bool Depart()
    {
        Ptr<QueueDiscItem> item = m_queue->Dequeue();
        if (!item)
        {
            return false;
        }
        const Ipv4Header& header = DynamicCast<Ipv4QueueDiscItem>(item)->GetHeader();
        m_departures.push_back({header.GetIdentification(), header.GetEcn() == Ipv4Header::ECN_CE});
        return true;
    }

    void DrainAll()
    {
        while (Depart())
        {
        }
    }

    void OnVirtualQueue(double /* oldValue */, double newValue)
    {
        m_vq = newValue;
    }

    void OnMarking(bool /* oldValue */, bool newValue)
    {
        m_marking = newValue;
    }

    Ptr<GkvqQueueDisc> m_queue;              //!< the queue disc
    Ipv4Header::EcnType m_ecn;               //!< ECN field of the packets
    double m_vq = 0;                         //!< mirror of VirtualQueue
    bool m_marking = false;                  //!< mirror of Marking
    std::vector<double> m_vqAfterArrival;    //!< VQ after each arrival
    std::vector<bool> m_markingAfterArrival; //!< Marking after each arrival
    std::vector<Departure> m_departures;     //!< what left, in order
};

/// \return the disc of the suite's scenarios (see the file's comment), not initialized
Ptr<GkvqQueueDisc>
MakeQueue()
{
    Ptr<GkvqQueueDisc> queue = CreateObject<GkvqQueueDisc>();
    queue->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
    queue->SetAttribute("MaxSize", QueueSizeValue(QueueSize("10p")));
    queue->SetAttribute("LinkBandwidth", DataRateValue(DataRate("80Mbps")));
    queue->SetAttribute("MeanPktSize", UintegerValue(PACKET_BYTES));
    queue->SetAttribute("Theta", DoubleValue(0.5));
    return queue;
}

/**
 * The script (times in ms):
 *   arrivals: packets 1..8 at 0.08 i (0.08, 0.16, ..., 0.64), packet 9 at 1.0, 10 at 2.2,
 *             11 at 2.3;
 *   departures: one at 0.30 (packet 1), one at 0.50 (packet 2), then all at 3.0.
 * VQ by hand (served 0.4 packet per 0.08 ms, buffer 5):
 *   packet 1: 0 + 1 = 1; packet 2: 0.6 + 1 = 1.6; 3: 2.2; 4: 2.8; 5: 3.4; 6: 4.0; 7: 4.6;
 *   packet 8 (0.64 ms): 4.2 + 1 = 5.2 > 5: OVERFLOW, VQ stays 4.2; the real queue then holds
 *     packets 3..8 (1 and 2 have left), all due a mark;
 *   packet 9 (1.0 ms): 4.2 - 0.36 ms x 5000/s = 4.2 - 1.8 = 2.4 > 0: the episode goes on, packet
 *     9 is due a mark; 2.4 + 1 = 3.4 <= 5: it joins the virtual queue;
 *   packet 10 (2.2 ms): 3.4 - 1.2 ms x 5000/s = 3.4 - 6 < 0: VQ = 0, the episode has ended
 *     (at 1.0 + 3.4 / 5000 s = 1.68 ms); 0 + 1 = 1, not marked;
 *   packet 11 (2.3 ms): 1 - 0.5 = 0.5, + 1 = 1.5, not marked.
 * So packets 1, 2, 10, 11 leave unmarked and 3..9 marked (7 marks). (ns-2's queue/gk.cc, which
 * marks at dequeue while its flag is set, would mark none of 3..9 here: at 3.0 ms its virtual
 * queue is empty again.)
 * \return the arrival times
 */
std::vector<Time>
ScriptArrivals()
{
    std::vector<Time> arrivals;
    for (int i = 1; i <= 8; ++i)
    {
        arrivals.push_back(MicroSeconds(80 * i));
    }
    arrivals.push_back(MicroSeconds(1000));
    arrivals.push_back(MicroSeconds(2200));
    arrivals.push_back(MicroSeconds(2300));
    return arrivals;
}

} // namespace

/**
 * \ingroup dualcc
 * The mark-until-empty rule, with ECN-capable packets: the exact packets marked, the virtual
 * queue and the episode after each arrival, by hand (ScriptArrivals()).
 */
class GkvqMarkUntilEmptyTestCase : public TestCase
{
  public:
    GkvqMarkUntilEmptyTestCase()
        : TestCase("mark-until-empty: packets 3..9 marked, 1, 2, 10, 11 not (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GkvqQueueDisc> queue = MakeQueue();
        GkvqDriver driver(queue, Ipv4Header::ECN_ECT0);
        driver.Run(ScriptArrivals(), {MicroSeconds(300), MicroSeconds(500)}, MicroSeconds(3000));

        const std::vector<double> vq{1, 1.6, 2.2, 2.8, 3.4, 4.0, 4.6, 4.2, 3.4, 1, 1.5};
        const std::vector<bool>
            marking{false, false, false, false, false, false, false, true, true, false, false};
        NS_TEST_ASSERT_MSG_EQ(driver.GetVirtualQueue().size(), vq.size(), "one per arrival");
        for (std::size_t i = 0; i < vq.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetVirtualQueue()[i],
                                      vq[i],
                                      EPS,
                                      "VQ after " << i + 1);
            NS_TEST_EXPECT_MSG_EQ(driver.GetMarking()[i], marking[i], "episode after " << i + 1);
        }
        const std::vector<Departure>& out = driver.GetDepartures();
        NS_TEST_ASSERT_MSG_EQ(out.size(), 11, "every packet leaves");
        for (std::size_t k = 0; k < out.size(); ++k)
        {
            const uint16_t id = static_cast<uint16_t>(k + 1); // FIFO
            NS_TEST_EXPECT_MSG_EQ(out[k].id, id, "FIFO order");
            NS_TEST_EXPECT_MSG_EQ(out[k].ce, (id >= 3 && id <= 9), "CE of packet " << id);
        }
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalMarkedPackets, 7, "7 marks");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalDroppedPackets, 0, "no drops");
        NS_TEST_EXPECT_MSG_EQ(queue->GetOverflows(), 1, "one overflow (packet 8)");
    }
};

/**
 * \ingroup dualcc
 * The same script with packets that are not ECN-capable: the packets due a mark are dropped as
 * they leave (UNFORCED_DROP), as PriceQueueDisc does for every law; only 1, 2, 10, 11 arrive.
 */
class GkvqNotEctTestCase : public TestCase
{
  public:
    GkvqNotEctTestCase()
        : TestCase("not ECN-capable: packets 3..9 dropped at departure (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GkvqQueueDisc> queue = MakeQueue();
        GkvqDriver driver(queue, Ipv4Header::ECN_NotECT);
        driver.Run(ScriptArrivals(), {MicroSeconds(300), MicroSeconds(500)}, MicroSeconds(3000));
        const std::vector<Departure>& out = driver.GetDepartures();
        const std::vector<uint16_t> ids{1, 2, 10, 11};
        NS_TEST_ASSERT_MSG_EQ(out.size(), ids.size(), "4 packets leave");
        for (std::size_t k = 0; k < ids.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(out[k].id, ids[k], "departure " << k);
            NS_TEST_EXPECT_MSG_EQ(out[k].ce, false, "not marked");
        }
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PriceQueueDisc::UNFORCED_DROP),
                              7,
                              "7 unforced drops");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalMarkedPackets, 0, "no marks");
    }
};

/**
 * \ingroup dualcc
 * The same script, not ECN-capable, with DropNonEcn false (ns-2's gk.cc: CE only if ECT, never a
 * drop): the episode is the same (packets 3..9 due a mark), but they leave unmarked: all 11 leave
 * in order, no drop and no mark.
 */
class GkvqNotEctPassTestCase : public TestCase
{
  public:
    GkvqNotEctPassTestCase()
        : TestCase("not ECN-capable, DropNonEcn false: packets 3..9 leave unmarked (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GkvqQueueDisc> queue = MakeQueue();
        queue->SetAttribute("DropNonEcn", BooleanValue(false));
        GkvqDriver driver(queue, Ipv4Header::ECN_NotECT);
        driver.Run(ScriptArrivals(), {MicroSeconds(300), MicroSeconds(500)}, MicroSeconds(3000));
        const std::vector<Departure>& out = driver.GetDepartures();
        NS_TEST_ASSERT_MSG_EQ(out.size(), 11, "11 packets leave");
        for (std::size_t k = 0; k < out.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(out[k].id, static_cast<uint16_t>(k + 1), "departure " << k);
            NS_TEST_EXPECT_MSG_EQ(out[k].ce, false, "not marked");
        }
        const QueueDisc::Stats& stats = queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalDroppedPackets, 0, "no drops");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalMarkedPackets, 0, "no marks");
        NS_TEST_EXPECT_MSG_EQ(queue->GetOverflows(), 1, "the same overflow (packet 8)");
    }
};

/**
 * \ingroup dualcc
 * The same arrivals with MarkQueued false (ns-2's queue/gk.cc: a departure is marked iff the
 * episode is on when it leaves, the virtual queue served up to then), and departures at 0.30,
 * 0.50, 0.70, 1.20 and 1.80 ms, then all at 3.0 ms. By hand (VQ served 5 packets/ms, the values
 * after each arrival as in ScriptArrivals()):
 *   0.30 ms: VQ 2.2 (packet 3, 0.24 ms) - 0.3 = 1.9, no episode: packet 1 unmarked;
 *   0.50 ms: VQ 4.0 (packet 6, 0.48 ms) - 0.1 = 3.9, no episode: packet 2 unmarked;
 *   0.64 ms: packet 8 overflows, the episode begins;
 *   0.70 ms: VQ 4.2 - 0.3 = 3.9 > 0, episode on: packet 3 CE;
 *   1.20 ms: VQ 3.4 (packet 9, 1.0 ms) - 1.0 = 2.4 > 0, episode on: packet 4 CE;
 *   1.80 ms: 3.4 - 4.0 < 0: VQ empty, the episode ends here: packet 5 unmarked;
 *   3.00 ms: VQ 1.5 (packet 11, 2.3 ms) - 3.5 < 0, no episode: 6..11 unmarked.
 * So 2 marks (3 and 4), where the default rule marks every packet queued during the episode,
 * 3..9 (7 marks).
 */
class GkvqNs2MarkingTestCase : public TestCase
{
  public:
    GkvqNs2MarkingTestCase()
        : TestCase("MarkQueued false (ns-2's gk.cc): only packets 3, 4 leave during the episode")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GkvqQueueDisc> queue = MakeQueue();
        queue->SetAttribute("MarkQueued", BooleanValue(false));
        GkvqDriver driver(queue, Ipv4Header::ECN_ECT0);
        driver.Run(ScriptArrivals(),
                   {MicroSeconds(300),
                    MicroSeconds(500),
                    MicroSeconds(700),
                    MicroSeconds(1200),
                    MicroSeconds(1800)},
                   MicroSeconds(3000));
        // The episode after each arrival is the default rule's: on after packets 8 and 9.
        std::vector<bool> expected(11, false);
        expected[7] = expected[8] = true;
        NS_TEST_EXPECT_MSG_EQ((driver.GetMarking() == expected), true, "episode after arrivals");
        const std::vector<Departure>& out = driver.GetDepartures();
        NS_TEST_EXPECT_MSG_EQ(out.size(), 11, "every packet leaves");
        std::vector<uint16_t> order;
        std::vector<uint16_t> marked;
        for (const Departure& d : out)
        {
            order.push_back(d.id);
            if (d.ce)
            {
                marked.push_back(d.id);
            }
        }
        const std::vector<uint16_t> fifo{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
        NS_TEST_EXPECT_MSG_EQ((order == fifo), true, "FIFO order");
        NS_TEST_EXPECT_MSG_EQ((marked == std::vector<uint16_t>{3, 4}), true, "CE on 3 and 4 only");
        NS_TEST_EXPECT_MSG_EQ(queue->GetStats().nTotalMarkedPackets, 2, "2 marks");
        NS_TEST_EXPECT_MSG_EQ(queue->GetOverflows(), 1, "one overflow (packet 8)");
    }
};

/**
 * \ingroup dualcc
 * An idle virtual queue is served for the whole idle time: after an episode, a long pause
 * empties it (ns-2's gk.cc keeps its service time only while the virtual queue is non-empty).
 * Theta B = 5: six back-to-back arrivals at 0.01 ms spacing (0.05 served each) overflow at the
 * sixth: VQ = 1 + 0.95 + ... : after 5 arrivals 5 - 4 x 0.05 = 4.8; the sixth finds 4.75 and
 * 4.75 + 1 > 5: overflow, episode on. The seventh, 10 ms later, finds VQ = 0 (4.75 - 50 < 0):
 * the episode is over and it is not marked; it leaves VQ = 1.
 */
class GkvqIdleTestCase : public TestCase
{
  public:
    GkvqIdleTestCase()
        : TestCase("an overflow, then a pause: the episode ends, the next packet is unmarked")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GkvqQueueDisc> queue = MakeQueue();
        GkvqDriver driver(queue, Ipv4Header::ECN_ECT0);
        std::vector<Time> arrivals;
        for (int i = 1; i <= 6; ++i)
        {
            arrivals.push_back(MicroSeconds(10 * i));
        }
        arrivals.push_back(MicroSeconds(10060));
        driver.Run(arrivals, {}, MicroSeconds(20000));
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetVirtualQueue()[4], 4.8, EPS, "VQ after 5");
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetVirtualQueue()[5], 4.75, EPS, "VQ after 6");
        NS_TEST_EXPECT_MSG_EQ(driver.GetMarking()[5], true, "episode after 6");
        NS_TEST_EXPECT_MSG_EQ_TOL(driver.GetVirtualQueue()[6], 1.0, EPS, "VQ after 7");
        NS_TEST_EXPECT_MSG_EQ(driver.GetMarking()[6], false, "episode over at 7");
        const std::vector<Departure>& out = driver.GetDepartures();
        NS_TEST_ASSERT_MSG_EQ(out.size(), 7, "every packet leaves");
        for (std::size_t k = 0; k < out.size(); ++k)
        {
            // Packets 1..6 were all in the real queue at the overflow; 7 came after the end.
            NS_TEST_EXPECT_MSG_EQ(out[k].ce, (k < 6), "CE of packet " << k + 1);
        }
    }
};

/**
 * \ingroup dualcc
 * Defaults, Theta's checker, and the traits: a link of capacity theta C with a virtual price.
 */
class GkvqAttributesTestCase : public TestCase
{
  public:
    GkvqAttributesTestCase()
        : TestCase("defaults, Theta in (0, 1], traits: capacity factor theta, virtual price")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GkvqQueueDisc> queue = CreateObject<GkvqQueueDisc>();
        DoubleValue theta;
        queue->GetAttribute("Theta", theta);
        NS_TEST_EXPECT_MSG_EQ(theta.Get(), 0.90, "Theta: the paper's 0.90");
        BooleanValue ecn;
        queue->GetAttribute("UseEcn", ecn);
        NS_TEST_EXPECT_MSG_EQ(ecn.Get(), true, "UseEcn: marking, as in the paper");
        BooleanValue markQueued;
        queue->GetAttribute("MarkQueued", markQueued);
        NS_TEST_EXPECT_MSG_EQ(markQueued.Get(), true, "MarkQueued: the paper's rule");
        QueueSizeValue maxSize;
        queue->GetAttribute("MaxSize", maxSize);
        NS_TEST_EXPECT_MSG_EQ(maxSize.Get(), QueueSize("100p"), "MaxSize: the paper's 100");
        NS_TEST_EXPECT_MSG_EQ(queue->SetAttributeFailSafe("Theta", DoubleValue(0)), false, "0");
        NS_TEST_EXPECT_MSG_EQ(queue->SetAttributeFailSafe("Theta", DoubleValue(1.01)), false, ">1");
        NS_TEST_EXPECT_MSG_EQ(queue->SetAttributeFailSafe("Theta", DoubleValue(1)), true, "1");
        NS_TEST_EXPECT_MSG_EQ(queue->SetAttributeFailSafe("Theta", DoubleValue(0.8)), true, "0.8");

        const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(queue);
        NS_TEST_EXPECT_MSG_EQ(traits.physicalPrice, false, "a virtual price (marks)");
        NS_TEST_ASSERT_MSG_EQ(bool(traits.capacityFactor), true, "a capacity factor");
        NS_TEST_EXPECT_MSG_EQ(traits.capacityFactor(queue), 0.8, "theta");
        NS_TEST_EXPECT_MSG_EQ(bool(traits.standingBacklog), false, "no standing queue");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class GkvqQueueDiscTestSuite : public TestSuite
{
  public:
    GkvqQueueDiscTestSuite()
        : TestSuite("dualcc-gkvq-queue-disc", TestSuite::Type::UNIT)
    {
        AddTestCase(new GkvqMarkUntilEmptyTestCase);
        AddTestCase(new GkvqNotEctTestCase);
        AddTestCase(new GkvqNotEctPassTestCase);
        AddTestCase(new GkvqNs2MarkingTestCase);
        AddTestCase(new GkvqIdleTestCase);
        AddTestCase(new GkvqAttributesTestCase);
#ifdef DUALCC_HAVE_FORK
        for (TestCase* abort : PriceQueueDiscAbortCases<GkvqQueueDisc>("ns3::GkvqQueueDisc"))
        {
            AddTestCase(abort);
        }
#endif
    }
};

/// The suite's only instance.
static GkvqQueueDiscTestSuite g_gkvqQueueDiscTestSuite;
