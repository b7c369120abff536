/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PriorityObQueueDisc (Monaco's out-of-band priority queue, Xia et al. §IV-B) and the testbed's
// out-of-band checks: strict priority of the DSCP-EF band, classification from the IPv4 header,
// per-band counters, the default child, a child from a description, CheckConfig aborts,
// attribute ranges, the link traits delegated to the child, the refusal of an out-of-band source
// on a link without the priority band, and the byte backlog that leaves band 0 out. Every figure
// is counted by hand in the comments.

#include "check-config-abort-test-case.h"
#include "network-text.h"

#include "ns3/algorithm-traits.h"
#include "ns3/avq-queue-disc.h"
#include "ns3/core-module.h"
#include "ns3/dscp-packet-filter.h"
#include "ns3/fifo-queue-disc.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/network-helper.h"
#include "ns3/packet.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/priority-ob-queue-disc.h"
#include "ns3/queue-disc.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// TOS byte of DSCP 46 (Expedited Forwarding): 46 << 2.
constexpr uint8_t TOS_EF = 0xB8;

/**
 * An IPv4 item of \p size bytes (the IPv4 header's 20 included) with TOS \p tos.
 * \param size the item's size, bytes (> 20)
 * \param tos the TOS byte
 * \return the item
 */
Ptr<Ipv4QueueDiscItem>
MakeItem(uint32_t size, uint8_t tos)
{
    Ipv4Header header;
    header.SetTos(tos);
    header.SetPayloadSize(size - 20);
    header.SetProtocol(6);
    return Create<Ipv4QueueDiscItem>(Create<Packet>(size - 20), Address(), 0x0800, header);
}

/// \param item an item or null \return its size, bytes (0 for null: nothing came out)
uint32_t
SizeOf(Ptr<const QueueDiscItem> item)
{
    return item ? item->GetSize() : 0;
}

/// A queue item that is not IPv4 (no IP header to read).
class NonIpv4Item : public QueueDiscItem
{
  public:
    /// \param size the packet's size, bytes
    explicit NonIpv4Item(uint32_t size)
        : QueueDiscItem(Create<Packet>(size), Address(), 0)
    {
    }

    void AddHeader() override
    {
    }

    bool Mark() override
    {
        return false;
    }
};

/// \return a PriorityObQueueDisc with \p controlLimit and \p maxSize, initialized
Ptr<PriorityObQueueDisc>
MakeDisc(uint32_t controlLimit = 50, const std::string& maxSize = "1000p")
{
    Ptr<PriorityObQueueDisc> disc = CreateObject<PriorityObQueueDisc>();
    disc->SetAttribute("ControlLimit", UintegerValue(controlLimit));
    disc->SetAttribute("MaxSize", QueueSizeValue(QueueSize(maxSize)));
    disc->Initialize();
    return disc;
}

} // namespace

/**
 * \ingroup dualcc
 * A test-only congestion control that needs out-of-band priority (as Monaco does): NewReno with
 * source traits needsOutOfBand = true and a constant weight of 3 packets.
 */
class TestOutOfBandTcp : public TcpNewReno
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::DualccTestOutOfBandTcp")
                                .SetParent<TcpNewReno>()
                                .SetGroupName("Dualcc")
                                .AddConstructor<TestOutOfBandTcp>();
        return tid;
    }

    std::string GetName() const override
    {
        return "DualccTestOutOfBandTcp";
    }

    Ptr<TcpCongestionOps> Fork() override
    {
        return CopyObject<TestOutOfBandTcp>(this);
    }
};

NS_OBJECT_ENSURE_REGISTERED(TestOutOfBandTcp);

namespace
{
/// Its traits: out-of-band priority needed; weight 3 packets (any constant will do here).
const bool g_outOfBandTraits = AlgorithmTraits::RegisterSource(
    TestOutOfBandTcp::GetTypeId(),
    {nullptr,
     nullptr,
     [](Ptr<TcpCongestionOps>, const AlgorithmTraits::SourceFields&, double) { return 3.0; },
     nullptr,
     true});
} // namespace

/**
 * \ingroup dualcc
 * Three best-effort items (sizes 100, 200, 300 B) then one EF item (70 B): the EF item leaves
 * first, then the best-effort ones in their arrival order (FIFO); Peek agrees with Dequeue.
 */
class PriorityObOrderTestCase : public TestCase
{
  public:
    PriorityObOrderTestCase()
        : TestCase("EF item dequeued first, then the others in FIFO order")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PriorityObQueueDisc> disc = MakeDisc();
        for (uint32_t size : {100, 200, 300})
        {
            NS_TEST_ASSERT_MSG_EQ(disc->Enqueue(MakeItem(size, 0)), true, "best effort in");
        }
        NS_TEST_ASSERT_MSG_EQ(disc->Enqueue(MakeItem(70, TOS_EF)), true, "EF in");
        NS_TEST_ASSERT_MSG_EQ(disc->GetNPackets(), 4, "4 queued");
        NS_TEST_ASSERT_MSG_EQ(SizeOf(disc->Peek()), 70, "Peek: the EF item");
        const uint32_t expected[] = {70, 100, 200, 300};
        for (uint32_t size : expected)
        {
            NS_TEST_EXPECT_MSG_EQ(SizeOf(disc->Dequeue()), size, "strict priority, then FIFO");
        }
        NS_TEST_ASSERT_MSG_EQ(SizeOf(disc->Dequeue()), 0, "empty");
        // An EF item arriving behind queued data still overtakes it.
        disc->Enqueue(MakeItem(500, 0));
        disc->Enqueue(MakeItem(70, TOS_EF));
        NS_TEST_EXPECT_MSG_EQ(SizeOf(disc->Dequeue()), 70, "EF overtakes");
        NS_TEST_EXPECT_MSG_EQ(SizeOf(disc->Dequeue()), 500, "then the data");
    }
};

/**
 * \ingroup dualcc
 * The band comes from the DSCP in the IPv4 header (the 6 high bits of the TOS byte): TOS 0xB8
 * (DSCP 46) and 0xBB (DSCP 46 with both ECN bits set) go to band 0; TOS 0xB4 (DSCP 45) and 0x00
 * to band 1; a non-IPv4 item to band 1. With Dscp = 10, TOS 0x28 (10 << 2) goes to band 0 and
 * 0xB8 to band 1.
 */
class PriorityObDscpTestCase : public TestCase
{
  public:
    PriorityObDscpTestCase()
        : TestCase("band from the DSCP of the IPv4 header; non-IPv4 items in band 1")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PriorityObQueueDisc> disc = MakeDisc();
        disc->Enqueue(MakeItem(100, 0xB8));
        disc->Enqueue(MakeItem(100, 0xBB));
        disc->Enqueue(MakeItem(100, 0xB4));
        disc->Enqueue(MakeItem(100, 0x00));
        disc->Enqueue(Create<NonIpv4Item>(100));
        NS_TEST_EXPECT_MSG_EQ(disc->GetBandStats(0).packets, 2, "DSCP 46 twice (ECN bits ignored)");
        NS_TEST_EXPECT_MSG_EQ(disc->GetBandStats(1).packets, 3, "DSCP 45, 0 and a non-IPv4 item");

        Ptr<PriorityObQueueDisc> ten = CreateObject<PriorityObQueueDisc>();
        ten->SetAttribute("Dscp", UintegerValue(10));
        ten->Initialize();
        ten->Enqueue(MakeItem(100, 0x28));
        ten->Enqueue(MakeItem(100, TOS_EF));
        NS_TEST_EXPECT_MSG_EQ(ten->GetBandStats(0).packets, 1, "Dscp = 10: TOS 0x28");
        NS_TEST_EXPECT_MSG_EQ(ten->GetBandStats(1).packets, 1, "Dscp = 10: EF is data");
    }
};

/**
 * \ingroup dualcc
 * ControlLimit 2: of three EF items (70 B each) the third is dropped with "Control queue full",
 * counted in band 0 only (enqueued 2 / 140 B, dropped 1 / 70 B); a best-effort item (998 B) still
 * enters band 1 (enqueued 1 / 998 B, dropped 0); the disc's totals: 4 received, 1 dropped.
 */
class PriorityObControlFullTestCase : public TestCase
{
  public:
    PriorityObControlFullTestCase()
        : TestCase("full band 0 drops with CONTROL_QUEUE_FULL, counted in band 0 only")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PriorityObQueueDisc> disc = MakeDisc(2);
        NS_TEST_EXPECT_MSG_EQ(disc->Enqueue(MakeItem(70, TOS_EF)), true, "1st EF");
        NS_TEST_EXPECT_MSG_EQ(disc->Enqueue(MakeItem(70, TOS_EF)), true, "2nd EF");
        NS_TEST_EXPECT_MSG_EQ(disc->Enqueue(MakeItem(70, TOS_EF)), false, "3rd EF: band 0 full");
        NS_TEST_EXPECT_MSG_EQ(disc->Enqueue(MakeItem(998, 0)), true, "data still enters");
        const PriorityObQueueDisc::BandStats control = disc->GetBandStats(0);
        NS_TEST_EXPECT_MSG_EQ(control.enqueuedPackets, 2, "band 0 enqueued");
        NS_TEST_EXPECT_MSG_EQ(control.enqueuedBytes, 140, "band 0 enqueued bytes");
        NS_TEST_EXPECT_MSG_EQ(control.droppedPackets, 1, "band 0 dropped");
        NS_TEST_EXPECT_MSG_EQ(control.droppedBytes, 70, "band 0 dropped bytes");
        NS_TEST_EXPECT_MSG_EQ(control.packets, 2, "band 0 holds 2");
        NS_TEST_EXPECT_MSG_EQ(control.bytes, 140, "band 0 holds 140 B");
        const PriorityObQueueDisc::BandStats data = disc->GetBandStats(1);
        NS_TEST_EXPECT_MSG_EQ(data.enqueuedPackets, 1, "band 1 enqueued");
        NS_TEST_EXPECT_MSG_EQ(data.enqueuedBytes, 998, "band 1 enqueued bytes");
        NS_TEST_EXPECT_MSG_EQ(data.droppedPackets, 0, "band 1 dropped nothing");
        NS_TEST_EXPECT_MSG_EQ(data.bytes, 998, "band 1 holds 998 B");
        const QueueDisc::Stats& stats = disc->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PriorityObQueueDisc::CONTROL_QUEUE_FULL),
                              1,
                              "drop reason");
        NS_TEST_EXPECT_MSG_EQ(std::string(PriorityObQueueDisc::CONTROL_QUEUE_FULL),
                              "Control queue full",
                              "reason text");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalReceivedPackets, 4, "received");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalDroppedPackets, 1, "dropped in all");
        NS_TEST_EXPECT_MSG_EQ(disc->GetNPackets(), 3, "2 + 1 queued");
    }
};

/**
 * \ingroup dualcc
 * Without a class, CheckConfig adds a FifoQueueDisc of MaxSize (3 packets): a 4th data item is
 * dropped by it (band 1: 3 enqueued, 1 dropped), and an EF item still enters band 0.
 */
class PriorityObDefaultChildTestCase : public TestCase
{
  public:
    PriorityObDefaultChildTestCase()
        : TestCase("default child: a FifoQueueDisc of MaxSize")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PriorityObQueueDisc> disc = MakeDisc(50, "3p");
        NS_TEST_ASSERT_MSG_EQ(disc->GetNQueueDiscClasses(), 1, "one child");
        Ptr<QueueDisc> child = disc->GetQueueDiscClass(0)->GetQueueDisc();
        NS_TEST_EXPECT_MSG_EQ(child->GetInstanceTypeId().GetName(), "ns3::FifoQueueDisc", "a FIFO");
        NS_TEST_EXPECT_MSG_EQ(child->GetMaxSize(), QueueSize("3p"), "of MaxSize");
        for (int i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(disc->Enqueue(MakeItem(998, 0)), true, "fits");
        }
        NS_TEST_EXPECT_MSG_EQ(disc->Enqueue(MakeItem(998, 0)), false, "4th: FIFO full");
        NS_TEST_EXPECT_MSG_EQ(disc->Enqueue(MakeItem(70, TOS_EF)), true, "band 0 apart");
        NS_TEST_EXPECT_MSG_EQ(disc->GetBandStats(1).enqueuedPackets, 3, "band 1 enqueued");
        NS_TEST_EXPECT_MSG_EQ(disc->GetBandStats(1).droppedPackets, 1, "band 1 dropped");
        NS_TEST_EXPECT_MSG_EQ(disc->GetBandStats(0).droppedPackets, 0, "band 0 dropped none");
    }
};

/**
 * \ingroup dualcc
 * Attribute ranges: Dscp 1..63 (0, best effort, is the data's), ControlLimit 1..1000000 (checkers
 * refuse the rest), MaxSize 0 refused by QueueDisc::SetMaxSize; defaults 46, 50 and 1000p.
 */
class PriorityObAttributesTestCase : public TestCase
{
  public:
    PriorityObAttributesTestCase()
        : TestCase("attribute defaults and ranges")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PriorityObQueueDisc> disc = CreateObject<PriorityObQueueDisc>();
        UintegerValue value;
        disc->GetAttribute("Dscp", value);
        NS_TEST_EXPECT_MSG_EQ(value.Get(), 46, "Dscp default: EF");
        disc->GetAttribute("ControlLimit", value);
        NS_TEST_EXPECT_MSG_EQ(value.Get(), 50, "ControlLimit default");
        NS_TEST_EXPECT_MSG_EQ(disc->GetMaxSize(), QueueSize("1000p"), "MaxSize default");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("Dscp", UintegerValue(63)), true, "63");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("Dscp", UintegerValue(0)),
                              false,
                              "0: best effort, the data packets' DSCP");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("Dscp", UintegerValue(1)), true, "1");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("Dscp", UintegerValue(64)), false, "64");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("ControlLimit", UintegerValue(0)),
                              false,
                              "ControlLimit 0");
        NS_TEST_EXPECT_MSG_EQ(disc->SetAttributeFailSafe("ControlLimit", UintegerValue(1)),
                              true,
                              "ControlLimit 1");
        NS_TEST_EXPECT_MSG_EQ(
            disc->SetAttributeFailSafe("ControlLimit",
                                       UintegerValue(PriorityObQueueDisc::MAX_CONTROL_LIMIT + 1)),
            false,
            "ControlLimit above the maximum");
        NS_TEST_EXPECT_MSG_EQ(
            disc->SetAttributeFailSafe("MaxSize", QueueSizeValue(QueueSize("0p"))),
            false,
            "MaxSize 0");
        NS_TEST_EXPECT_MSG_EQ(
            disc->SetAttributeFailSafe("MaxSize", QueueSizeValue(QueueSize("50000B"))),
            true,
            "MaxSize in bytes");
    }
};

/**
 * \ingroup dualcc
 * The link traits: out-of-band priority always; price, capacity factor and streams those of the
 * child. A FIFO child (and no child yet): physical price, factor 1 (none given); an AVQ child with
 * DesiredUtilization 0.9: virtual price, factor 0.9; a REM child: virtual price, its streams.
 */
class PriorityObLinkTraitsTestCase : public TestCase
{
  public:
    PriorityObLinkTraitsTestCase()
        : TestCase("link traits: out-of-band priority, the rest delegated to the child")
    {
    }

  private:
    /// \param child the child (null: none) \return a disc with it
    static Ptr<PriorityObQueueDisc> With(Ptr<QueueDisc> child)
    {
        Ptr<PriorityObQueueDisc> disc = CreateObject<PriorityObQueueDisc>();
        if (child)
        {
            Ptr<QueueDiscClass> c = CreateObject<QueueDiscClass>();
            c->SetQueueDisc(child);
            disc->AddQueueDiscClass(c);
        }
        return disc;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(
            AlgorithmTraits::GetLink(PriorityObQueueDisc::GetTypeId()).outOfBandPriority,
            true,
            "the TypeId's traits");
        NS_TEST_EXPECT_MSG_EQ(
            AlgorithmTraits::GetLink(TypeId::LookupByName("ns3::FifoQueueDisc")).outOfBandPriority,
            false,
            "a FIFO has none");

        const AlgorithmTraits::Link none = AlgorithmTraits::GetLinkOf(With(nullptr));
        NS_TEST_EXPECT_MSG_EQ(none.outOfBandPriority, true, "no child yet: priority");
        NS_TEST_EXPECT_MSG_EQ(none.physicalPrice, true, "no child yet: a FIFO's price");

        Ptr<PriorityObQueueDisc> fifo = MakeDisc();
        const AlgorithmTraits::Link fifoTraits = AlgorithmTraits::GetLinkOf(fifo);
        NS_TEST_EXPECT_MSG_EQ(fifoTraits.physicalPrice, true, "FIFO child: queueing delay");
        NS_TEST_EXPECT_MSG_EQ(bool(fifoTraits.capacityFactor), false, "FIFO child: factor 1");

        Ptr<QueueDisc> avq = CreateObject<AvqQueueDisc>();
        avq->SetAttribute("DesiredUtilization", DoubleValue(0.9));
        Ptr<PriorityObQueueDisc> withAvq = With(avq);
        const AlgorithmTraits::Link avqTraits = AlgorithmTraits::GetLinkOf(withAvq);
        NS_TEST_EXPECT_MSG_EQ(avqTraits.outOfBandPriority, true, "AVQ child: priority");
        NS_TEST_EXPECT_MSG_EQ(avqTraits.physicalPrice, false, "AVQ child: virtual price");
        NS_TEST_ASSERT_MSG_EQ(bool(avqTraits.capacityFactor), true, "AVQ child: a factor");
        NS_TEST_EXPECT_MSG_EQ_TOL(avqTraits.capacityFactor(withAvq), 0.9, 1e-12, "gamma");

        Ptr<PriorityObQueueDisc> withRem = With(CreateObject<RemQueueDisc>());
        const AlgorithmTraits::Link remTraits = AlgorithmTraits::GetLinkOf(withRem);
        NS_TEST_EXPECT_MSG_EQ(remTraits.physicalPrice, false, "REM child: virtual price");
        NS_TEST_ASSERT_MSG_EQ(bool(remTraits.assignStreams), true, "REM child: streams");
        // REM draws its marks from one stream (RemQueueDisc::AssignStreams returns 1).
        NS_TEST_EXPECT_MSG_EQ(remTraits.assignStreams(withRem, 7), 1, "REM's one stream");
    }
};

/**
 * \ingroup dualcc
 * In a description: `buffer=90` sizes the default child (a FIFO of 90 packets), and
 * `queue.class0=ns3::RedQueueDisc queue.class0.MaxSize=20p` puts a RED of 20 packets in band 1.
 */
class PriorityObDescriptionTestCase : public TestCase
{
  public:
    PriorityObDescriptionTestCase()
        : TestCase("in a description: buffer= sizes the default child; queue.class0= a child")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            link A R1 R2 rate=10Mbps delay=5ms queue=ns3::PriorityObQueueDisc buffer=90
            link B R2 R3 rate=10Mbps delay=5ms queue=ns3::PriorityObQueueDisc queue.class0=ns3::RedQueueDisc queue.class0.MaxSize=20p
            class c flows=1 route=A,B rtt=40ms
        )"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(1), Seconds(2));
        helper.Install();
        Ptr<QueueDisc> a = helper.GetNetwork().GetQueueDisc("A");
        NS_TEST_EXPECT_MSG_EQ(a->GetInstanceTypeId().GetName(),
                              "ns3::PriorityObQueueDisc",
                              "A's disc");
        a->Initialize();
        NS_TEST_ASSERT_MSG_EQ(a->GetNQueueDiscClasses(), 1, "A: the default child");
        NS_TEST_EXPECT_MSG_EQ(a->GetQueueDiscClass(0)->GetQueueDisc()->GetMaxSize(),
                              QueueSize("90p"),
                              "A: buffer=90");
        Ptr<QueueDisc> b = helper.GetNetwork().GetQueueDisc("B");
        NS_TEST_ASSERT_MSG_EQ(b->GetNQueueDiscClasses(), 1, "B: the given child");
        Ptr<QueueDisc> red = b->GetQueueDiscClass(0)->GetQueueDisc();
        NS_TEST_EXPECT_MSG_EQ(red->GetInstanceTypeId().GetName(), "ns3::RedQueueDisc", "RED");
        NS_TEST_EXPECT_MSG_EQ(red->GetMaxSize(), QueueSize("20p"), "of 20 packets");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * In a running network: a NewReno flow whose sockets mark TOS 0xB8 (EF) and a best-effort one
 * share a 10 Mb/s link with a PriorityObQueueDisc. The IPv4 layer's items carry the TOS, so the
 * EF flow's packets all go to band 0 and strict priority gives it the link (> 95 % of 1250 KB/s,
 * the other < 5 %); NewReno's window outgrows the 50-packet band 0 plus the path's 50 packets
 * (10 Mb/s x 40 ms / 1000 B), so band 0 drops, and every such drop has the reason "Control queue
 * full". Each packet the root received went to exactly one band (enqueued or dropped there).
 */
class PriorityObNetworkTestCase : public TestCase
{
  public:
    PriorityObNetworkTestCase()
        : TestCase("in a network: EF-marked flow served first, drops counted per band")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=10Mbps delay=5ms queue=ns3::PriorityObQueueDisc buffer=100
            class ef flows=1 route=A rtt=40ms tcp=ns3::TcpNewReno
            class be flows=1 route=A rtt=40ms tcp=ns3::TcpNewReno start=1s
        )"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(3), Seconds(8));
        helper.Install();
        helper.GetNetwork().GetSources("ef").front()->SetAttribute("Tos", UintegerValue(TOS_EF));
        helper.Run(Seconds(8), false);
        Ptr<PriorityObQueueDisc> disc =
            DynamicCast<PriorityObQueueDisc>(helper.GetNetwork().GetQueueDisc("A"));
        NS_TEST_ASSERT_MSG_NE(disc, nullptr, "the link's disc");
        const PriorityObQueueDisc::BandStats control = disc->GetBandStats(0);
        const PriorityObQueueDisc::BandStats data = disc->GetBandStats(1);
        const QueueDisc::Stats& stats = disc->GetStats();
        NS_TEST_EXPECT_MSG_EQ(control.enqueuedPackets + control.droppedPackets +
                                  data.enqueuedPackets + data.droppedPackets,
                              stats.nTotalReceivedPackets,
                              "each packet went to one band");
        NS_TEST_EXPECT_MSG_GT(control.enqueuedPackets, 1000, "the EF flow in band 0");
        NS_TEST_EXPECT_MSG_GT(control.droppedPackets, 0, "band 0 overflows (NewReno)");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PriorityObQueueDisc::CONTROL_QUEUE_FULL),
                              control.droppedPackets,
                              "band 0's drops are the control-full ones");
        const double ef = helper.GetMonitor().GetClassMeasurement("ef").rateKBps;
        const double be = helper.GetMonitor().GetClassMeasurement("be").rateKBps;
        NS_TEST_EXPECT_MSG_GT(ef, 0.95 * 1250, "EF takes the link");
        NS_TEST_EXPECT_MSG_LT(be, 0.05 * 1250, "best effort waits behind it");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The testbed refuses a class whose congestion control needs out-of-band priority wherever a
 * queue without it would hold its packets, naming the class (file:line), the link direction and
 * what is valid; and accepts the same class where every such direction has the priority band.
 */
class PriorityObRefusalTestCase : public TestCase
{
  public:
    PriorityObRefusalTestCase()
        : TestCase("out-of-band class: refused on a queue without priority, accepted with it")
    {
    }

  private:
    /// Expect \p text to be refused with a message containing each of \p parts.
    void Refused(const std::string& text, const std::vector<std::string>& parts)
    {
        const std::string error = ParseError(text);
        NS_TEST_EXPECT_MSG_NE(error, "", "refused: " << text);
        for (const std::string& part : parts)
        {
            NS_TEST_EXPECT_MSG_NE(error.find(part),
                                  std::string::npos,
                                  "the message names '" << part << "': " << error);
        }
    }

    void DoRun() override
    {
        const std::string prio = "queue=ns3::PriorityObQueueDisc";
        const std::string tcp = "tcp=ns3::DualccTestOutOfBandTcp";
        // Data over a plain FIFO (the default queue) on the second link of the route.
        Refused("link A R1 R2 rate=10Mbps delay=5ms " + prio +
                    "\n"
                    "link B R2 R3 rate=10Mbps delay=5ms\n"
                    "class m flows=1 route=A,B rtt=40ms " +
                    tcp + "\n",
                {"t:3: class 'm'",
                 "data cross link 'B' (R2 -> R3)",
                 "ns3::FifoQueueDisc",
                 "t:2: link 'B'",
                 "valid: queue=ns3::PriorityObQueueDisc"});
        // Both directions with priority where a disc sits: accepted (B's reverse has no disc).
        NS_TEST_EXPECT_MSG_EQ(ParseError("link A R1 R2 rate=10Mbps delay=5ms " + prio +
                                         "\n"
                                         "link B R2 R3 rate=10Mbps delay=5ms " +
                                         prio + "\nclass m flows=1 route=A,B rtt=40ms " + tcp +
                                         "\n"),
                              "",
                              "priority on every data direction");
        // The reverse direction has a FIFO (reverseBuffer=): the reverse control packets would
        // queue behind the ACKs there.
        Refused("link A R1 R2 rate=10Mbps delay=5ms " + prio +
                    " reverseBuffer=100\n"
                    "class m flows=1 route=A rtt=40ms " +
                    tcp + "\n",
                {"t:2: class 'm'",
                 "reverse control packets cross link 'A' backwards (R2 -> R1)",
                 "valid: reverseQueue=ns3::PriorityObQueueDisc"});
        NS_TEST_EXPECT_MSG_EQ(ParseError("link A R1 R2 rate=10Mbps delay=5ms " + prio +
                                         " reverseQueue=ns3::PriorityObQueueDisc "
                                         "reverseBuffer=100\nclass m flows=1 route=A rtt=40ms " +
                                         tcp + "\n"),
                              "",
                              "priority in the reverse direction too");
        // A reverse class: its data cross A backwards, where the disc is a FIFO by default.
        Refused("link A R1 R2 rate=10Mbps delay=5ms " + prio +
                    "\n"
                    "class m flows=1 route=A rtt=40ms direction=reverse " +
                    tcp + "\n",
                {"class 'm'",
                 "data cross link 'A' backwards (R2 -> R1)",
                 "valid: reverseQueue=ns3::PriorityObQueueDisc"});
        // ...and its reverse control packets cross A forward, a FIFO here.
        Refused("link A R1 R2 rate=10Mbps delay=5ms reverseQueue=ns3::PriorityObQueueDisc\n"
                "class m flows=1 route=A rtt=40ms direction=reverse " +
                    tcp + "\n",
                {"reverse control packets cross link 'A' (R1 -> R2)",
                 "valid: queue=ns3::PriorityObQueueDisc"});
        // A source without the need is not refused on a FIFO.
        NS_TEST_EXPECT_MSG_EQ(ParseError("link A R1 R2 rate=10Mbps delay=5ms reverseBuffer=10\n"
                                         "class v flows=1 route=A rtt=40ms\n"),
                              "",
                              "Vegas on FIFOs");

        // NetworkHelper refuses it too (it validates), and builds the accepted one.
        NetworkDescription fifo;
        fifo.links.push_back({});
        fifo.links[0].name = "A";
        fifo.links[0].from = "R1";
        fifo.links[0].to = "R2";
        fifo.links[0].rate = DataRate("10Mbps");
        fifo.links[0].delay = MilliSeconds(5);
        fifo.classes.push_back({});
        fifo.classes[0].name = "m";
        fifo.classes[0].route = {"A"};
        fifo.classes[0].rtt = MilliSeconds(40);
        fifo.classes[0].tcp = "ns3::DualccTestOutOfBandTcp";
        bool threw = false;
        try
        {
            NetworkHelper helper(fifo);
        }
        catch (const std::invalid_argument& e)
        {
            threw = std::string(e.what()).find("class 'm'") != std::string::npos;
        }
        NS_TEST_EXPECT_MSG_EQ(threw, true, "NetworkHelper throws naming the class");
        NetworkDescription priority = fifo;
        priority.links[0].queueDisc = "ns3::PriorityObQueueDisc";
        NetworkHelper helper(priority);
        helper.GetMonitor().SetMeasurementWindow(Seconds(1), Seconds(2));
        helper.Install();
        NS_TEST_EXPECT_MSG_EQ(helper.GetNetwork().GetQueueDisc("A")->GetInstanceTypeId().GetName(),
                              "ns3::PriorityObQueueDisc",
                              "built");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * TestbedMonitor::SetBacklogInBytes: two EF items of 70 B and three data items of 998 B (IPv4
 * bytes of a 1000-byte packet) queued in a PriorityObQueueDisc before any flow starts. Counted,
 * the backlog is 5 packets; in bytes it is 3 x 998 / 998 = 3 data packets: band 0 left out
 * (counting it would give (140 + 2994) / 998 = 3.14; dividing by packetSize 2994 / 1000 =
 * 2.994).
 */
class PriorityObByteBacklogTestCase : public TestCase
{
  public:
    PriorityObByteBacklogTestCase()
        : TestCase("byte backlog: the data band's bytes in data packets, band 0 left out")
    {
    }

  private:
    /// \param bytes SetBacklogInBytes \return the backlog of the first link sample
    static double Backlog(bool bytes)
    {
        NetworkHelper helper(Describe(R"(
            link A R1 R2 rate=10Mbps delay=5ms queue=ns3::PriorityObQueueDisc buffer=100
            class c flows=1 route=A rtt=40ms start=5s
        )"));
        helper.GetMonitor().SetBacklogInBytes(bytes);
        helper.GetMonitor().EnableLinkSamples("A", Seconds(1));
        helper.Install();
        Ptr<QueueDisc> disc = helper.GetNetwork().GetQueueDisc("A");
        disc->Initialize();
        disc->Enqueue(MakeItem(70, TOS_EF));
        disc->Enqueue(MakeItem(70, TOS_EF));
        for (int i = 0; i < 3; ++i)
        {
            disc->Enqueue(MakeItem(998, 0));
        }
        helper.Run(Seconds(0.5), false);
        const double backlog = helper.GetMonitor().GetLinkSamples().front().backlog;
        Simulator::Destroy();
        return backlog;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ_TOL(Backlog(false), 5.0, 1e-12, "counted: 2 EF + 3 data");
        NS_TEST_EXPECT_MSG_EQ_TOL(Backlog(true), 3.0, 1e-12, "bytes: the 3 data packets");
    }
};

/**
 * \ingroup dualcc
 * PriorityObQueueDisc and the testbed's out-of-band checks.
 */
class PriorityObQueueDiscTestSuite : public TestSuite
{
  public:
    PriorityObQueueDiscTestSuite()
        : TestSuite("dualcc-priority-ob-queue-disc", TestSuite::Type::UNIT)
    {
        AddTestCase(new PriorityObOrderTestCase);
        AddTestCase(new PriorityObDscpTestCase);
        AddTestCase(new PriorityObControlFullTestCase);
        AddTestCase(new PriorityObDefaultChildTestCase);
        AddTestCase(new PriorityObAttributesTestCase);
        AddTestCase(new PriorityObLinkTraitsTestCase);
        AddTestCase(new PriorityObDescriptionTestCase);
        AddTestCase(new PriorityObNetworkTestCase);
        AddTestCase(new PriorityObRefusalTestCase);
        AddTestCase(new PriorityObByteBacklogTestCase);
#ifdef DUALCC_HAVE_FORK
        AddTestCase(new CheckConfigAbortTestCase<PriorityObQueueDisc>(
            "two classes",
            [](Ptr<PriorityObQueueDisc> q) {
                for (int i = 0; i < 2; ++i)
                {
                    Ptr<QueueDiscClass> c = CreateObject<QueueDiscClass>();
                    c->SetQueueDisc(CreateObject<FifoQueueDisc>());
                    q->AddQueueDiscClass(c);
                }
            },
            "ns3::PriorityObQueueDisc has 2 queue-disc classes; valid: at most 1"));
        AddTestCase(new CheckConfigAbortTestCase<PriorityObQueueDisc>(
            "a packet filter",
            [](Ptr<PriorityObQueueDisc> q) {
                q->AddPacketFilter(CreateObject<DscpPacketFilter>());
            },
            "ns3::PriorityObQueueDisc has 1 packet filter(s); it classifies by the IPv4 DSCP "
            "itself (attribute ns3::PriorityObQueueDisc::Dscp); valid: no packet filter"));
#endif
    }
};

/// The suite's single instance.
static PriorityObQueueDiscTestSuite g_priorityObQueueDiscTestSuite;
