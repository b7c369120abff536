/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// AvdQueueDisc (Xia et al., "Accumulation-based Congestion Control", §IV-D), driven by hand-made
// IPv4 items scheduled on a disc with LinkBandwidth set and no device (the physical queue is not
// served). VQ, C~ and the virtual delay are read through the trace sources, the IB's virtual
// delay from its MonacoHeader after the disc; every expected value is worked out by hand in the
// comments from AVQ's pseudo-code (Kunniyur and Srikant, SIGCOMM 2001, §2) in bytes:
//
//     VQ <- max(VQ - C~ (t - s), 0);   t_AVD = VQ / C~ (stamped into a forward IB);
//     VQ <- VQ + b;   C~ <- max(min(C~ + alpha gamma C (t - s), C) - alpha b, 0);   s <- t
//
// Most cases: LinkBandwidth 80 kb/s = C = 10000 bytes/s, gamma = 0.5, alpha = 0.2, C~(0) = 0.5 C
// = 5000 bytes/s: tokens come at alpha gamma C = 1000 bytes/s per second and an arrival of b
// bytes takes 0.2 b bytes/s. Data items are 1000 bytes (IPv4), IB items 68 (20 IPv4 + 8 UDP + 40
// Monaco).

#include "check-config-abort-test-case.h"
#include "network-text.h"

#include "ns3/algorithm-traits.h"
#include "ns3/avd-queue-disc.h"
#include "ns3/boolean.h"
#include "ns3/core-module.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/monaco-header.h"
#include "ns3/packet.h"
#include "ns3/priority-ob-queue-disc.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-header.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AvdQueueDiscTestSuite");

namespace
{

/// Tolerance for bytes and bytes/s exact up to double rounding.
constexpr double EPS = 1e-6;
/// Tolerance for a stamped delay: a Time from Seconds(double) is rounded to 1 ns per link.
constexpr double DELAY_EPS_NS = 2;
/// IPv4 header bytes.
constexpr uint32_t IPV4_HEADER = 20;
/// The protocol numbers of UDP and TCP.
constexpr uint8_t UDP = 17;
/// TCP's.
constexpr uint8_t TCP = 6;

/**
 * An IPv4 item carrying \p packet.
 * \param packet the payload of the IPv4 header
 * \param protocol the IPv4 protocol field
 * \return the item (its size: the packet's plus 20)
 */
Ptr<Ipv4QueueDiscItem>
MakeItem(Ptr<Packet> packet, uint8_t protocol)
{
    Ipv4Header ip;
    ip.SetProtocol(protocol);
    ip.SetPayloadSize(packet->GetSize());
    return Create<Ipv4QueueDiscItem>(packet, Address(), 0x0800, ip);
}

/// \return a 1000-byte TCP data item (980 bytes of payload)
Ptr<Ipv4QueueDiscItem>
MakeData()
{
    return MakeItem(Create<Packet>(1000 - IPV4_HEADER), TCP);
}

/**
 * A Monaco control packet in UDP.
 * \param type its type
 * \param port the UDP destination port
 * \param virtualDelay the virtualDelay it carries already
 * \return the packet (48 bytes: UDP + Monaco)
 */
Ptr<Packet>
MakeControlPacket(MonacoHeader::PacketType type, uint16_t port, Time virtualDelay)
{
    MonacoHeader monaco;
    monaco.SetPacketType(type);
    monaco.SetSequence(7);
    monaco.SetVirtualDelay(virtualDelay);
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(monaco);
    UdpHeader udp;
    udp.SetSourcePort(49153);
    udp.SetDestinationPort(port);
    packet->AddHeader(udp);
    return packet;
}

/**
 * \param packet a packet made by MakeControlPacket()
 * \return the virtualDelay of its MonacoHeader
 */
Time
ReadVirtualDelay(Ptr<const Packet> packet)
{
    Ptr<Packet> copy = packet->Copy();
    UdpHeader udp;
    copy->RemoveHeader(udp);
    MonacoHeader monaco;
    copy->RemoveHeader(monaco);
    return monaco.GetVirtualDelay();
}

/**
 * \param packet a packet
 * \return its bytes
 */
std::vector<uint8_t>
Bytes(Ptr<const Packet> packet)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    return bytes;
}

/**
 * An AVD disc, C = LinkBandwidth, gamma 0.5, alpha 0.2, C~(0) = 0.5 C.
 * \param rate LinkBandwidth
 * \param maxSize the physical buffer
 * \return the disc, not initialized
 */
Ptr<AvdQueueDisc>
MakeDisc(const std::string& rate = "80kbps", const std::string& maxSize = "1000p")
{
    Ptr<AvdQueueDisc> disc = CreateObject<AvdQueueDisc>();
    // The hand computations count packets as ns-2 does (MeanPktSize).
    disc->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
    disc->SetAttribute("LinkBandwidth", DataRateValue(DataRate(rate)));
    disc->SetAttribute("MaxSize", QueueSizeValue(QueueSize(maxSize)));
    disc->SetAttribute("DesiredUtilization", DoubleValue(0.5));
    disc->SetAttribute("Alpha", DoubleValue(0.2));
    disc->SetAttribute("InitialVirtualCapacity", DoubleValue(0.5));
    return disc;
}

/// The state of a disc after one arrival, from its trace sources.
struct State
{
    double vq{0};    //!< VQ, bytes
    double vc{0};    //!< C~, bytes/s
    double delay{0}; //!< t_AVD, s
};

/**
 * Feeds items to discs at given times and mirrors each disc's trace sources.
 */
class AvdDriver
{
  public:
    /**
     * Add a disc (configured, not initialized); it is initialized at Run().
     * \param disc the disc
     * \return its index
     */
    std::size_t AddDisc(Ptr<AvdQueueDisc> disc)
    {
        m_discs.push_back(disc);
        m_states.emplace_back();
        return m_discs.size() - 1;
    }

    /**
     * \param time arrival time, s
     * \param disc the disc's index
     * \param item the item
     */
    void At(double time, std::size_t disc, Ptr<QueueDiscItem> item)
    {
        m_arrivals.push_back({time, disc, item});
    }

    /**
     * \param time arrival time, s
     * \param disc the disc's index
     * \param count how many 1000-byte data items arrive then (MakeData())
     */
    void AtData(double time, std::size_t disc, int count)
    {
        for (int k = 0; k < count; ++k)
        {
            At(time, disc, MakeData());
        }
    }

    /**
     * \param root a root disc whose child is one of the discs (the arrival enters the root)
     * \param time arrival time, s
     * \param item the item
     */
    void AtRoot(Ptr<QueueDisc> root, double time, Ptr<QueueDiscItem> item)
    {
        m_root = root;
        m_arrivals.push_back({time, ROOT, item});
    }

    /**
     * Initialize the discs at t = 0, run the arrivals, destroy the simulator.
     * \return per arrival, the state of its disc after it
     */
    std::vector<State> Run()
    {
        for (std::size_t d = 0; d < m_discs.size(); ++d)
        {
            m_discs[d]->TraceConnectWithoutContext(
                "VirtualQueue",
                MakeBoundCallback(&AvdDriver::Mirror, &m_states[d].vq));
            m_discs[d]->TraceConnectWithoutContext(
                "VirtualCapacity",
                MakeBoundCallback(&AvdDriver::Mirror, &m_states[d].vc));
            m_discs[d]->TraceConnectWithoutContext(
                "VirtualDelay",
                MakeBoundCallback(&AvdDriver::Mirror, &m_states[d].delay));
            m_discs[d]->Initialize();
        }
        if (m_root)
        {
            m_root->Initialize();
        }
        for (std::size_t k = 0; k < m_arrivals.size(); ++k)
        {
            Simulator::Schedule(Seconds(m_arrivals[k].time), &AvdDriver::Arrive, this, k);
        }
        Simulator::Run();
        Simulator::Destroy();
        return m_outcomes;
    }

    /// \return per arrival, what Enqueue() returned
    const std::vector<bool>& GetEnqueued() const
    {
        return m_enqueued;
    }

  private:
    /// One scheduled arrival.
    struct Arrival
    {
        double time;             //!< s
        std::size_t disc;        //!< index
        Ptr<QueueDiscItem> item; //!< the item
    };

    void Arrive(std::size_t k)
    {
        const Arrival& a = m_arrivals[k];
        if (a.disc == ROOT)
        {
            // Through the root: the state of the (first) disc, its child.
            m_enqueued.push_back(m_root->Enqueue(a.item));
            m_outcomes.push_back(m_states[0]);
            return;
        }
        m_enqueued.push_back(m_discs[a.disc]->Enqueue(a.item));
        m_outcomes.push_back(m_states[a.disc]);
    }

    static void Mirror(double* slot, double /* oldValue */, double newValue)
    {
        *slot = newValue;
    }

    /// The disc index of arrivals that enter the root.
    static constexpr std::size_t ROOT = static_cast<std::size_t>(-1);

    Ptr<QueueDisc> m_root;                  //!< AtRoot()'s root
    std::vector<Ptr<AvdQueueDisc>> m_discs; //!< the discs
    std::vector<State> m_states;            //!< mirrors, per disc
    std::vector<Arrival> m_arrivals;        //!< scheduled arrivals
    std::vector<State> m_outcomes;          //!< per arrival
    std::vector<bool> m_enqueued;           //!< per arrival
};

} // namespace

/**
 * \ingroup dualcc
 * The virtual delay stamped into forward IBs is VQ / C~ at their arrival, by hand:
 *
 *  t = 0    data 1000 B: VQ 0, t_AVD 0; VQ 1000; C~ = 5000 - 0.2 * 1000 = 4800
 *  t = 0    data 1000 B: t_AVD = 1000 / 4800; VQ 2000; C~ = 4800 - 200 = 4600
 *  t = 0.1  IB 68 B (carrying 2 ms): VQ = 2000 - 4600 * 0.1 = 1540; t_AVD = 1540 / 4600 s
 *           = 334.782609 ms, so the IB leaves with 336.782609 ms; VQ = 1608;
 *           C~ = 4600 + 1000 * 0.1 - 0.2 * 68 = 4686.4
 *  t = 0.2  IB 68 B (carrying 0): VQ = 1608 - 4686.4 * 0.1 = 1139.36; t_AVD = 1139.36 / 4686.4
 *           = 243.120519 ms; VQ = 1207.36; C~ = 4686.4 + 100 - 13.6 = 4772.8
 */
class AvdStampTestCase : public TestCase
{
  public:
    AvdStampTestCase()
        : TestCase("forward IBs get VQ over C~ added to their virtual delay (hand-computed)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvdQueueDisc> disc = MakeDisc();
        AvdDriver driver;
        driver.AddDisc(disc);
        Ptr<Packet> ib1 = MakeControlPacket(MonacoHeader::FORWARD_IB, 9100, MilliSeconds(2));
        Ptr<Packet> ib2 = MakeControlPacket(MonacoHeader::FORWARD_IB, 9100, Time(0));
        driver.AtData(0, 0, 2);
        driver.At(0.1, 0, MakeItem(ib1, UDP));
        driver.At(0.2, 0, MakeItem(ib2, UDP));
        const std::vector<State> s = driver.Run();

        NS_TEST_ASSERT_MSG_EQ(s.size(), 4, "four arrivals");
        const std::vector<double> vq{1000, 2000, 1608, 1207.36};
        const std::vector<double> vc{4800, 4600, 4686.4, 4772.8};
        const std::vector<double> delay{0, 1000.0 / 4800, 1540.0 / 4600, 1139.36 / 4686.4};
        for (std::size_t k = 0; k < s.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(s[k].vq, vq[k], EPS, "VQ after arrival " << k);
            NS_TEST_EXPECT_MSG_EQ_TOL(s[k].vc, vc[k], EPS, "C~ after arrival " << k);
            NS_TEST_EXPECT_MSG_EQ_TOL(s[k].delay, delay[k], 1e-12, "t_AVD of arrival " << k);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(ReadVirtualDelay(ib1).GetNanoSeconds(),
                                  2e6 + 334782608.7,
                                  DELAY_EPS_NS,
                                  "IB 1: 2 ms + 1540/4600 s");
        NS_TEST_EXPECT_MSG_EQ_TOL(ReadVirtualDelay(ib2).GetNanoSeconds(),
                                  243120518.9,
                                  DELAY_EPS_NS,
                                  "IB 2: 1139.36/4686.4 s");
        NS_TEST_EXPECT_MSG_EQ(disc->GetStampedIbCount(), 2, "two IBs stamped");
        NS_TEST_EXPECT_MSG_EQ(ib1->GetSize(), 48, "the IB keeps its size");
    }
};

/**
 * \ingroup dualcc
 * An IB crossing two AVD links carries the sum of their virtual delays. Link A as in
 * AvdStampTestCase (two data packets at 0: VQ 2000, C~ 4600; at 0.1 s t_A = 1540 / 4600 s);
 * link B: 160 kb/s = C 20000 B/s, C~(0) = 0.5 C = 10000, one data packet at 0: VQ 1000,
 * C~ = 10000 - 200 = 9800; at 0.1 s VQ = max(1000 - 980, 0) = 20, t_B = 20 / 9800 s. The IB:
 * 1540/4600 + 20/9800 = 0.334782609 + 0.002040816 = 0.336823425 s.
 */
class AvdTwoLinksTestCase : public TestCase
{
  public:
    AvdTwoLinksTestCase()
        : TestCase("two AVD links on a path: the virtual delays add up")
    {
    }

  private:
    void DoRun() override
    {
        AvdDriver driver;
        const std::size_t a = driver.AddDisc(MakeDisc("80kbps"));
        const std::size_t b = driver.AddDisc(MakeDisc("160kbps"));
        Ptr<Packet> ib = MakeControlPacket(MonacoHeader::FORWARD_IB, 9100, Time(0));
        driver.AtData(0, a, 2);
        driver.AtData(0, b, 1);
        // The same packet crosses A, then B (a new item at each hop, as routers make).
        driver.At(0.1, a, MakeItem(ib, UDP));
        driver.At(0.1, b, MakeItem(ib, UDP));
        const std::vector<State> s = driver.Run();
        NS_TEST_EXPECT_MSG_EQ_TOL(s[3].delay, 1540.0 / 4600, 1e-12, "t_A");
        NS_TEST_EXPECT_MSG_EQ_TOL(s[4].delay, 20.0 / 9800, 1e-12, "t_B");
        NS_TEST_EXPECT_MSG_EQ_TOL(ReadVirtualDelay(ib).GetNanoSeconds(),
                                  336823425.0,
                                  DELAY_EPS_NS,
                                  "t_A + t_B");
    }
};

/**
 * \ingroup dualcc
 * Only Monaco forward IBs are rewritten: a forward OB and a reverse OB to the Monaco port, an IB
 * layout to another port and a TCP packet leave with their bytes unchanged and count no stamp;
 * all of them still join the virtual queue (every arrival does): 68 + 68 + 68 + 1000 = 1204 bytes
 * of IPv4, at t = 0 with no service yet, and C~ = 5000 - 0.2 * 1204 = 4759.2.
 */
class AvdUntouchedTestCase : public TestCase
{
  public:
    AvdUntouchedTestCase()
        : TestCase("a non-Monaco packet and Monaco OBs are untouched")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvdQueueDisc> disc = MakeDisc();
        AvdDriver driver;
        driver.AddDisc(disc);
        const Time carried = MilliSeconds(3);
        const std::vector<Ptr<Packet>> packets{
            MakeControlPacket(MonacoHeader::FORWARD_OB, 9100, carried),
            MakeControlPacket(MonacoHeader::REVERSE_OB, 9100, carried),
            MakeControlPacket(MonacoHeader::FORWARD_IB, 9000, carried),
            Create<Packet>(1000 - IPV4_HEADER)};
        std::vector<std::vector<uint8_t>> before;
        for (std::size_t k = 0; k < packets.size(); ++k)
        {
            before.push_back(Bytes(packets[k]));
            driver.At(0, 0, MakeItem(packets[k], k + 1 < packets.size() ? UDP : TCP));
        }
        // The first arrival sees an empty virtual queue; the later ones see a delay > 0, which a
        // forward IB would have been given.
        const std::vector<State> s = driver.Run();
        NS_TEST_EXPECT_MSG_GT(s[2].delay, 0, "the IB to port 9000 saw a virtual delay");
        for (std::size_t k = 0; k < packets.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ((Bytes(packets[k]) == before[k]), true, "packet " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(disc->GetStampedIbCount(), 0, "no stamp");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.back().vq, 1204, EPS, "every arrival joined VQ");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.back().vc, 4759.2, EPS, "every arrival counted in C~");
    }
};

/**
 * \ingroup dualcc
 * AVD never marks nor drops for its signal: with a virtual queue far above anything (60 data
 * packets at once, VQ 60000 bytes, t_AVD = 12 s) every item is enqueued while the physical
 * buffer (100 packets) has room; with a 2-packet buffer the third item is dropped as a FIFO
 * would (FORCED_DROP) and still joins the virtual queue (3000 bytes).
 */
class AvdNoSignalDropTestCase : public TestCase
{
  public:
    AvdNoSignalDropTestCase()
        : TestCase("no mark or drop for the signal; the physical buffer overflows as a FIFO")
    {
    }

  private:
    void DoRun() override
    {
        {
            Ptr<AvdQueueDisc> disc = MakeDisc("80kbps", "100p");
            AvdDriver driver;
            driver.AddDisc(disc);
            driver.AtData(0, 0, 60);
            const std::vector<State> s = driver.Run();
            NS_TEST_EXPECT_MSG_EQ_TOL(s.back().vq, 60000, EPS, "VQ");
            const std::vector<bool>& enqueued = driver.GetEnqueued();
            NS_TEST_EXPECT_MSG_EQ(std::count(enqueued.begin(), enqueued.end(), true),
                                  60,
                                  "all enqueued");
            NS_TEST_EXPECT_MSG_EQ(disc->GetStats().nTotalDroppedPackets, 0, "no drop");
            NS_TEST_EXPECT_MSG_EQ(disc->GetStats().nTotalMarkedPackets, 0, "no mark");
        }
        {
            Ptr<AvdQueueDisc> disc = MakeDisc("80kbps", "2p");
            AvdDriver driver;
            driver.AddDisc(disc);
            driver.AtData(0, 0, 3);
            const std::vector<State> s = driver.Run();
            NS_TEST_EXPECT_MSG_EQ(driver.GetEnqueued()[2], false, "the third is dropped");
            NS_TEST_EXPECT_MSG_EQ(disc->GetStats().GetNDroppedPackets(AvdQueueDisc::FORCED_DROP),
                                  1,
                                  "as a FIFO (forced drop)");
            NS_TEST_EXPECT_MSG_EQ(disc->GetStats().nTotalDroppedPackets, 1, "only that one");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.back().vq, 3000, EPS, "the dropped one is in VQ");
        }
    }
};

/**
 * \ingroup dualcc
 * Why the virtual queue is unlimited by default. At equilibrium VQ holds the accumulation of
 * every flow through the link, sum a* bytes, and a flow at its share x = C~ / N reads
 * x t_AVD = x VQ / C~ = sum a* / N = a*. monaco-dynamic's third phase has N = 20 flows of
 * a* = 3000 bytes on a 55-packet buffer: sum a* = 60000 bytes > B = 55000. Here the 60000 bytes
 * arrive at once (60 data packets at t = 0), then an IB, on a link with C~ about constant
 * (alpha 1e-6: 60 packets take 0.06 of C~(0) = 5000 bytes/s, C~ = 4999.94):
 *  - unlimited: VQ = 60000 + 0 and the IB carries 60000 / 4999.94 = 12.000144 s; a flow at
 *    x = 4999.94 / 20 bytes/s reads x t_AVD = 3000 = a*: the equilibrium holds;
 *  - AVQ's B = MaxSize = 55 packets (55000 bytes): VQ stops at 55000 (the 56th to 60th
 *    packets do not fit), the IB carries 55000 / 4999.94 = 11.000132 s, the flow reads 2750 <
 *    a*: every flow keeps increasing, the price cannot reach the equilibrium's.
 */
class AvdVirtualBufferTestCase : public TestCase
{
  public:
    AvdVirtualBufferTestCase()
        : TestCase("the virtual queue must hold sum a*: unlimited vs AVQ's B")
    {
    }

  private:
    /**
     * \param bounded BoundedVirtualQueue
     * \return the accumulation a flow at its share reads from the IB, bytes
     */
    double ReadAccumulation(bool bounded)
    {
        Ptr<AvdQueueDisc> disc = MakeDisc("80kbps", "55p");
        disc->SetAttribute("Alpha", DoubleValue(1e-6));
        disc->SetAttribute("BoundedVirtualQueue", BooleanValue(bounded));
        AvdDriver driver;
        driver.AddDisc(disc);
        driver.AtData(0, 0, 60);
        Ptr<Packet> ib = MakeControlPacket(MonacoHeader::FORWARD_IB, 9100, Time(0));
        driver.At(0, 0, MakeItem(ib, UDP));
        driver.Run();
        const double vc = 5000 - 1e-6 * 60000; // C~ after the 60 data packets
        const double share = vc / 20;
        return share * ReadVirtualDelay(ib).GetSeconds();
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ_TOL(ReadAccumulation(false), 3000, 1e-3, "unlimited: a* read");
        NS_TEST_EXPECT_MSG_EQ_TOL(ReadAccumulation(true), 2750, 1e-3, "B = 55 packets: 55/60 a*");
    }
};

/**
 * \ingroup dualcc
 * As the data band of a PriorityObQueueDisc: the OBs bypass the AVD disc but join its virtual
 * queue, and an IB is stamped with the virtual delay minus its physical wait in the FIFO (the
 * receiver reads that wait in ftt_q, since the OB skipped it). The AVD disc as in
 * AvdStampTestCase (C = 10000 B/s, C~(0) = 5000), nothing dequeued:
 *
 *  t = 0    OB 68 B (TOS 0xB8, band 0): VQ 68; C~ = 5000 - 0.2 * 68 = 4986.4
 *  t = 0    data 1000 B (band 1): VQ 1068; C~ = 4986.4 - 200 = 4786.4
 *  t = 0    data 1000 B: VQ 2068; C~ = 4586.4
 *  t = 0.1  IB 68 B: VQ = 2068 - 458.64 = 1609.36; t_AVD = 1609.36 / 4586.4 = 350.898 ms; the
 *           FIFO holds 2000 bytes, 2000 / 10000 = 200 ms of physical wait: stamp 150.898 ms
 *           (150898308.0 ns)
 */
class AvdPriorityChildTestCase : public TestCase
{
  public:
    AvdPriorityChildTestCase()
        : TestCase("data band of PriorityObQueueDisc: OBs counted, the FIFO's wait left out")
    {
    }

  private:
    /**
     * \param item an item
     * \param tos its IPv4 TOS
     * \return it, with that TOS
     */
    static Ptr<Ipv4QueueDiscItem> WithTos(Ptr<Ipv4QueueDiscItem> item, uint8_t tos)
    {
        Ipv4Header ip = item->GetHeader();
        ip.SetTos(tos);
        return Create<Ipv4QueueDiscItem>(item->GetPacket(), Address(), 0x0800, ip);
    }

    void DoRun() override
    {
        Ptr<AvdQueueDisc> avd = MakeDisc();
        Ptr<PriorityObQueueDisc> root = CreateObject<PriorityObQueueDisc>();
        Ptr<QueueDiscClass> band = CreateObject<QueueDiscClass>();
        band->SetQueueDisc(avd);
        root->AddQueueDiscClass(band);
        AvdDriver driver;
        driver.AddDisc(avd); // mirrors the traces; initialized by the root below as well
        Ptr<Packet> ib = MakeControlPacket(MonacoHeader::FORWARD_IB, 9100, Time(0));
        const uint8_t ef = 0xB8;
        driver.AtRoot(
            root,
            0,
            WithTos(MakeItem(MakeControlPacket(MonacoHeader::FORWARD_OB, 9100, Time(0)), UDP), ef));
        driver.AtRoot(root, 0, MakeData());
        driver.AtRoot(root, 0, MakeData());
        driver.AtRoot(root, 0.1, MakeItem(ib, UDP));
        const std::vector<State> s = driver.Run();
        NS_TEST_ASSERT_MSG_EQ(s.size(), 4, "four arrivals");
        NS_TEST_EXPECT_MSG_EQ_TOL(s[0].vq, 68, EPS, "the OB joined VQ");
        NS_TEST_EXPECT_MSG_EQ_TOL(s[0].vc, 4986.4, EPS, "the OB counted in C~");
        NS_TEST_EXPECT_MSG_EQ_TOL(s[2].vq, 2068, EPS, "VQ before the IB");
        NS_TEST_EXPECT_MSG_EQ_TOL(s[3].delay, 1609.36 / 4586.4, 1e-12, "t_AVD");
        NS_TEST_EXPECT_MSG_EQ_TOL(ReadVirtualDelay(ib).GetNanoSeconds(),
                                  150898308.0,
                                  DELAY_EPS_NS,
                                  "t_AVD - 200 ms of FIFO");
        NS_TEST_EXPECT_MSG_EQ(root->GetBandStats(PriorityObQueueDisc::CONTROL_BAND).packets,
                              1,
                              "the OB is in band 0, not in the AVD disc");
    }
};

/**
 * \ingroup dualcc
 * The testbed's view of AVD (AlgorithmTraits): a virtual price (no physical backlog in the
 * model), load gamma C, and a price carried in band, so that a Monaco class may cross an AVD
 * disc used alone (a FIFO is refused); as PriorityObQueueDisc's data band, the parent's traits
 * are the child's price and factor with out-of-band priority.
 */
class AvdTraitsTestCase : public TestCase
{
  public:
    AvdTraitsTestCase()
        : TestCase("link traits: virtual price, factor gamma, price in band")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvdQueueDisc> avd = CreateObject<AvdQueueDisc>();
        // The hand computations count packets as ns-2 does (MeanPktSize).
        avd->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
        avd->SetAttribute("DesiredUtilization", DoubleValue(0.9));
        const AlgorithmTraits::Link alone = AlgorithmTraits::GetLinkOf(avd);
        NS_TEST_EXPECT_MSG_EQ(alone.physicalPrice, false, "virtual price");
        NS_TEST_EXPECT_MSG_EQ(alone.inBandPrice, true, "price in band");
        NS_TEST_EXPECT_MSG_EQ(alone.outOfBandPriority, false, "no priority band of its own");
        NS_TEST_ASSERT_MSG_EQ(bool(alone.capacityFactor), true, "a capacity factor");
        NS_TEST_EXPECT_MSG_EQ_TOL(alone.capacityFactor(avd), 0.9, 1e-12, "gamma");

        Ptr<PriorityObQueueDisc> root = CreateObject<PriorityObQueueDisc>();
        Ptr<QueueDiscClass> band = CreateObject<QueueDiscClass>();
        band->SetQueueDisc(avd);
        root->AddQueueDiscClass(band);
        const AlgorithmTraits::Link child = AlgorithmTraits::GetLinkOf(root);
        NS_TEST_EXPECT_MSG_EQ(child.physicalPrice, false, "the child's virtual price");
        NS_TEST_EXPECT_MSG_EQ(child.outOfBandPriority, true, "the parent's priority");
        NS_TEST_ASSERT_MSG_EQ(bool(child.capacityFactor), true, "the child's factor");
        NS_TEST_EXPECT_MSG_EQ_TOL(child.capacityFactor(root), 0.9, 1e-12, "gamma");

        const std::string network = "link L A B rate=10Mbps delay=1ms queue=";
        const std::string monaco =
            " buffer=50\nclass c flows=1 route=L rtt=10ms tcp=ns3::TcpMonaco\n";
        NS_TEST_EXPECT_MSG_EQ(ParseError(network + "ns3::AvdQueueDisc" + monaco),
                              "",
                              "Monaco across an AVD disc alone");
        NS_TEST_EXPECT_MSG_NE(ParseError(network + "ns3::FifoQueueDisc" + monaco),
                              "",
                              "Monaco across a FIFO is refused");
    }
};

/**
 * \ingroup dualcc
 * The attribute checkers reject out-of-range values and keep the previous value; the defaults
 * are the documented ones (doc/avd.rst).
 */
class AvdAttributeTestCase : public TestCase
{
  public:
    AvdAttributeTestCase()
        : TestCase("attribute ranges and defaults")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AvdQueueDisc> disc = CreateObject<AvdQueueDisc>();
        DoubleValue d;
        disc->GetAttribute("DesiredUtilization", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.98, "DesiredUtilization default");
        disc->GetAttribute("Alpha", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 0.15, "Alpha default");
        disc->GetAttribute("InitialVirtualCapacity", d);
        NS_TEST_EXPECT_MSG_EQ(d.Get(), 1.0, "InitialVirtualCapacity default");
        BooleanValue bounded;
        disc->GetAttribute("BoundedVirtualQueue", bounded);
        NS_TEST_EXPECT_MSG_EQ(bounded.Get(), false, "BoundedVirtualQueue default");
        UintegerValue u;
        disc->GetAttribute("MonacoPort", u);
        NS_TEST_EXPECT_MSG_EQ(u.Get(), 9100, "MonacoPort default");
        QueueSizeValue maxSize;
        disc->GetAttribute("MaxSize", maxSize);
        NS_TEST_EXPECT_MSG_EQ(maxSize.Get(), QueueSize("100p"), "MaxSize default");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("UseEcn", BooleanValue(true)),
                              false,
                              "no UseEcn: AVD neither marks nor drops");

        struct Case
        {
            std::string name; //!< attribute
            double value;     //!< value tried
            bool accepted;    //!< whether the checker takes it
        };

        const std::vector<Case> cases{
            {"DesiredUtilization", 0.0, false},
            {"DesiredUtilization", 1.01, false},
            {"DesiredUtilization", 1.0, true},
            {"Alpha", 0.0, false},
            {"Alpha", 1.1e6, false},
            {"Alpha", 1e6, true},
            {"InitialVirtualCapacity", -0.01, false},
            {"InitialVirtualCapacity", 1.01, false},
            {"InitialVirtualCapacity", 0.0, true},
        };
        for (const Case& c : cases)
        {
            DoubleValue before;
            disc->GetAttribute(c.name, before);
            NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe(c.name, DoubleValue(c.value)),
                                  c.accepted,
                                  c.name << " = " << c.value);
            DoubleValue after;
            disc->GetAttribute(c.name, after);
            NS_TEST_EXPECT_MSG_EQ(after.Get(),
                                  c.accepted ? c.value : before.Get(),
                                  c.name << " after setting " << c.value);
        }
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("MonacoPort", UintegerValue(0)),
                              false,
                              "MonacoPort 0");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("MonacoPort", UintegerValue(65536)),
                              false,
                              "MonacoPort 65536");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("MonacoPort", UintegerValue(1)),
                              true,
                              "MonacoPort 1");
        StringValue accounting; // the enum's name (EnumValue is a template from ns-3.41)
        disc->GetAttribute("SizeAccounting", accounting);
        NS_TEST_EXPECT_MSG_EQ(accounting.Get(), "Wire", "SizeAccounting");
        BooleanValue allowBacklog;
        disc->GetAttribute("AllowDeviceBacklog", allowBacklog);
        NS_TEST_EXPECT_MSG_EQ(allowBacklog.Get(), false, "AllowDeviceBacklog");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class AvdQueueDiscTestSuite : public TestSuite
{
  public:
    AvdQueueDiscTestSuite()
        : TestSuite("dualcc-avd-queue-disc", TestSuite::Type::UNIT)
    {
        AddTestCase(new AvdStampTestCase);
        AddTestCase(new AvdTwoLinksTestCase);
        AddTestCase(new AvdUntouchedTestCase);
        AddTestCase(new AvdNoSignalDropTestCase);
        AddTestCase(new AvdVirtualBufferTestCase);
        AddTestCase(new AvdPriorityChildTestCase);
        AddTestCase(new AvdTraitsTestCase);
        AddTestCase(new AvdAttributeTestCase);
#ifdef DUALCC_HAVE_FORK
        for (TestCase* abort : PriceQueueDiscAbortCases<AvdQueueDisc>("ns3::AvdQueueDisc"))
        {
            AddTestCase(abort);
        }
#endif
    }
};

/// The suite's only instance.
static AvdQueueDiscTestSuite g_avdQueueDiscTestSuite;
