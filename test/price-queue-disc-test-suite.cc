/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PriceQueueDisc, the base of RemQueueDisc and AvqQueueDisc: what the base does for every law.
//
//  - Both discs, driven into permanent congestion (every arrival signalled), treat MaxSize the
//    same way in packet and in byte mode and mark or drop the same packets; the counts are worked
//    out by hand below.
//  - A minimal third law (ThresholdQueueDisc, test only) sees the base's hooks in the documented
//    order: SignalsCongestion for every arrival (with fits), AfterArrival with the outcome,
//    AfterDeparture for every departure, CheckLawConfig before InitializeLaw, C known by then.
//  - The attributes the base owns stay registered on the derived TypeIds, so that
//    Config::SetDefault("ns3::RemQueueDisc::UseEcn", ...) keeps working.

#include "check-config-abort-test-case.h"

#include "ns3/avq-queue-disc.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/object-factory.h"
#include "ns3/packet.h"
#include "ns3/price-queue-disc.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PriceQueueDiscTestSuite");

namespace
{

/// The IPv4 header's size, bytes: an Ipv4QueueDiscItem's size is the payload plus this.
constexpr uint32_t IPV4_HEADER = 20;
/// The size of every packet of the congestion scenarios (payload plus IPv4 header), bytes.
constexpr uint32_t PACKET_BYTES = 500;
/// The fixed random stream of every queue disc in the suite.
constexpr int64_t STREAM = 11;
/// The link of every queue disc: C = 1 packet/s of MeanPktSize 1000 bytes, or 1000 bytes/s.
const DataRate LINK("8kbps");

/**
 * \param ecn the ECN field
 * \return an IPv4 item of PACKET_BYTES bytes
 */
Ptr<Ipv4QueueDiscItem>
MakeItem(Ipv4Header::EcnType ecn)
{
    Ipv4Header header;
    header.SetEcn(ecn);
    header.SetPayloadSize(PACKET_BYTES - IPV4_HEADER);
    return Create<Ipv4QueueDiscItem>(Create<Packet>(PACKET_BYTES - IPV4_HEADER),
                                     Address(),
                                     0x0800,
                                     header);
}

/**
 * \param maxSize MaxSize (its unit is the mode)
 * \param useEcn UseEcn
 * \return a queue disc on a link of LINK, not initialized
 */
template <typename Disc>
Ptr<Disc>
MakeDisc(const std::string& maxSize, bool useEcn)
{
    Ptr<Disc> q = CreateObject<Disc>();
    // The hand computations count packets as ns-2 does (MeanPktSize).
    q->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
    q->SetAttribute("MaxSize", QueueSizeValue(QueueSize(maxSize)));
    q->SetAttribute("UseEcn", BooleanValue(useEcn));
    q->SetAttribute("LinkBandwidth", DataRateValue(LINK));
    return q;
}

/// How a congestion scenario makes and primes its queue disc.
struct Law
{
    std::string name;  //!< for the test's name
    std::string trace; //!< a trace source that tells whether the law is primed
    /// Creates the queue disc (not initialized) with MaxSize and UseEcn.
    std::function<Ptr<PriceQueueDisc>(const std::string& maxSize, bool useEcn)> make;
    /// At 0.5 ms: drives the law into congestion and leaves the real queue empty.
    std::function<void(Ptr<PriceQueueDisc>, bool bytes)> prime;
    /// The value of the trace once primed, in packet mode (false) or byte mode (true).
    std::function<double(bool bytes)> primedValue;
};

/**
 * REM with LinkBandwidth 8 kb/s, Gamma 1000 and Phi 2. One arrival at 0.5 ms (p = 0: not
 * decided), dequeued at once; the update at 1 ms (b = 0, x = 1 packet or 500 bytes, c = 0.001
 * packet or 1 byte) gives p = 1000 (1 - 0.001) = 999 in packet mode (1000 (500 - 1) in byte mode,
 * held at 1000 / ln 2 = 1442.7), so MarkProbability m = 1 - 2^(-p) = 1 in double precision: every
 * arrival until the update at 2 ms is chosen.
 * \return the law
 */
Law
RemLaw()
{
    return {"REM",
            "MarkProbability",
            [](const std::string& maxSize, bool useEcn) {
                Ptr<RemQueueDisc> q = MakeDisc<RemQueueDisc>(maxSize, useEcn);
                q->SetAttribute("Gamma", DoubleValue(1000));
                q->SetAttribute("Phi", DoubleValue(2));
                q->AssignStreams(STREAM);
                return q;
            },
            [](Ptr<PriceQueueDisc> q, bool /* bytes */) {
                q->Enqueue(MakeItem(Ipv4Header::ECN_ECT0));
                q->Dequeue();
            },
            [](bool /* bytes */) { return 1.0; }};
}

/**
 * AVQ with LinkBandwidth 8 kb/s and InitialVirtualCapacity 0. At 0.5 ms the virtual queue is
 * filled to B (4 arrivals of 1 packet, or 3 of 500 bytes), each dequeued at once; each takes
 * alpha b = 0.15 packet/s (75 bytes/s) from C~, which the tokens of 0.5 ms (alpha gamma C
 * 0.0005 s = 7.35e-5 packet/s, 0.0735 byte/s) cannot refill: C~ = 0. At 1.5 ms the virtual queue
 * has not drained (C~ = 0), and no time passes during the batch: every arrival overflows it.
 * \return the law
 */
Law
AvqLaw()
{
    return {"AVQ",
            "VirtualQueue",
            [](const std::string& maxSize, bool useEcn) {
                Ptr<AvqQueueDisc> q = MakeDisc<AvqQueueDisc>(maxSize, useEcn);
                q->SetAttribute("InitialVirtualCapacity", DoubleValue(0));
                return q;
            },
            [](Ptr<PriceQueueDisc> q, bool bytes) {
                for (int i = 0; i < (bytes ? 3 : 4); ++i)
                {
                    q->Enqueue(MakeItem(Ipv4Header::ECN_ECT0));
                    q->Dequeue();
                }
            },
            [](bool bytes) { return bytes ? 1500.0 : 4.0; }};
}

} // namespace

/**
 * \ingroup dualcc
 * The mark-or-drop step and MaxSize in both modes, for a law that signals every arrival. At
 * 1.5 ms, with the real queue empty, 8 packets of 500 bytes arrive at once with ECN fields
 * E N E E N E E N (E: ECT(0), N: Not-ECT). By hand:
 *
 *  - packet mode, MaxSize 4p, UseEcn true: E marked (1 queued), N dropped, E marked (2), E marked
 *    (3), N dropped, E marked (4), E and N do not fit: 4 marks, 2 unforced drops, 2 forced drops,
 *    4 packets queued;
 *  - byte mode, MaxSize 1500B, UseEcn true: E marked (500 B), N dropped, E marked (1000 B), E
 *    marked (1500 B), then no packet fits (1500 + 500 > 1500; the size check comes before the
 *    law): 3 marks, 1 unforced drop, 4 forced drops, 3 packets (1500 B) queued;
 *  - UseEcn false, either mode: each arrival finds the queue empty and is dropped: 8 unforced
 *    drops, nothing marked or queued.
 *
 * Every queued packet leaves with ECN CE.
 */
class PriceMarkOrDropTestCase : public TestCase
{
  public:
    /**
     * \param law the queue disc and how to congest it
     * \param bytes byte mode (MaxSize 1500B), else packet mode (MaxSize 4p)
     * \param useEcn UseEcn
     */
    PriceMarkOrDropTestCase(const Law& law, bool bytes, bool useEcn)
        : TestCase(law.name + ", every arrival signalled, " +
                   (bytes ? "MaxSize 1500B" : "MaxSize 4p") + ", UseEcn " +
                   (useEcn ? "true" : "false") + ": counts by hand"),
          m_law(law),
          m_bytes(bytes),
          m_useEcn(useEcn)
    {
    }

  private:
    void DoRun() override
    {
        struct Expected
        {
            uint32_t marks;
            uint32_t unforced;
            uint32_t forced;
            uint32_t queued;
        };

        const Expected expected = !m_useEcn ? Expected{0, 8, 0, 0}
                                  : m_bytes ? Expected{3, 1, 4, 3}
                                            : Expected{4, 2, 2, 4};
        m_queue = m_law.make(m_bytes ? "1500B" : "4p", m_useEcn);
        m_queue->TraceConnectWithoutContext(m_law.trace,
                                            MakeCallback(&PriceMarkOrDropTestCase::OnTrace, this));
        m_queue->Initialize();
        Simulator::Schedule(MicroSeconds(500), &PriceMarkOrDropTestCase::Prime, this);
        Simulator::Schedule(MicroSeconds(1500), &PriceMarkOrDropTestCase::Batch, this);
        Simulator::Stop(MicroSeconds(1600));
        Simulator::Run();

        const QueueDisc::Stats& stats = m_queue->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNMarkedPackets(PriceQueueDisc::UNFORCED_MARK),
                              expected.marks,
                              "marks");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PriceQueueDisc::UNFORCED_DROP),
                              expected.unforced,
                              "unforced drops");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PriceQueueDisc::FORCED_DROP),
                              expected.forced,
                              "forced drops");
        NS_TEST_EXPECT_MSG_EQ(m_queue->GetNPackets(), expected.queued, "queued packets");
        NS_TEST_EXPECT_MSG_EQ(m_queue->GetNBytes(), expected.queued * PACKET_BYTES, "queued bytes");
        NS_TEST_EXPECT_MSG_EQ(m_enqueued, expected.queued, "Enqueue() returned true");
        for (uint32_t i = 0; i < expected.queued; ++i)
        {
            Ptr<Ipv4QueueDiscItem> item = DynamicCast<Ipv4QueueDiscItem>(m_queue->Dequeue());
            NS_TEST_EXPECT_MSG_EQ((item && item->GetHeader().GetEcn() == Ipv4Header::ECN_CE),
                                  true,
                                  "packet " << i + 1 << " leaves, with ECN CE");
        }
        m_queue = nullptr;
        Simulator::Destroy();
    }

    /// At 0.5 ms: the law's priming traffic.
    void Prime()
    {
        m_law.prime(m_queue, m_bytes);
    }

    /// At 1.5 ms: the batch E N E E N E E N.
    void Batch()
    {
        NS_TEST_ASSERT_MSG_EQ(m_traced,
                              m_law.primedValue(m_bytes),
                              m_law.trace << ": the law signals congestion");
        NS_TEST_ASSERT_MSG_EQ(m_queue->GetNPackets(), 0, "the real queue is empty");
        NS_TEST_ASSERT_MSG_EQ(m_queue->GetStats().nTotalDroppedPackets +
                                  m_queue->GetStats().nTotalMarkedPackets,
                              0,
                              "priming neither marked nor dropped");
        const Ipv4Header::EcnType E = Ipv4Header::ECN_ECT0;
        const Ipv4Header::EcnType N = Ipv4Header::ECN_NotECT;
        for (Ipv4Header::EcnType ecn : {E, N, E, E, N, E, E, N})
        {
            m_enqueued += m_queue->Enqueue(MakeItem(ecn)) ? 1 : 0;
        }
    }

    /// The law's trace source.
    void OnTrace(double /* oldValue */, double newValue)
    {
        m_traced = newValue;
    }

    Law m_law;                   //!< the queue disc and how to congest it
    double m_traced = 0;         //!< the last value of the law's trace source
    bool m_bytes;                //!< byte mode
    bool m_useEcn;               //!< UseEcn
    Ptr<PriceQueueDisc> m_queue; //!< the queue disc
    uint32_t m_enqueued = 0;     //!< batch arrivals enqueued
};

namespace
{

/**
 * A third law, for the test only: congestion when the backlog is at least Threshold packets. It
 * records every hook call, so that the test sees the order in which the base calls them.
 */
class ThresholdQueueDisc : public PriceQueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid =
            AddPriceAttributes(TypeId("ns3::DualccTestThresholdQueueDisc")
                                   .SetParent<PriceQueueDisc>()
                                   .SetGroupName("Dualcc")
                                   .AddConstructor<ThresholdQueueDisc>(),
                               QueueSize("3p"),
                               "The buffer",
                               true,
                               "Mark instead of dropping")
                .AddAttribute("Threshold",
                              "Backlog from which every arrival is signalled, packets, >= 1",
                              UintegerValue(2),
                              MakeUintegerAccessor(&ThresholdQueueDisc::m_threshold),
                              MakeUintegerChecker<uint32_t>(1));
        return tid;
    }

    /// \return the hook calls so far: "S<fits>" SignalsCongestion, "A<admitted>" AfterArrival,
    ///         "D" AfterDeparture, "C" CheckLawConfig, "I<C>" InitializeLaw
    const std::vector<std::string>& GetCalls() const
    {
        return m_calls;
    }

  private:
    bool SignalsCongestion(Ptr<const QueueDiscItem>, double size, bool fits) override
    {
        m_calls.push_back("S" + std::to_string(fits) + "/" +
                          std::to_string(static_cast<int>(size)));
        return GetCurrentSize().GetValue() >= m_threshold;
    }

    void AfterArrival(double, bool admitted) override
    {
        m_calls.push_back("A" + std::to_string(admitted));
    }

    void AfterDeparture(Ptr<const QueueDiscItem>) override
    {
        m_calls.push_back("D");
    }

    void CheckLawConfig() override
    {
        m_calls.push_back("C");
    }

    void InitializeLaw() override
    {
        m_calls.push_back("I" + std::to_string(static_cast<int>(GetLinkCapacity())));
    }

    uint32_t m_threshold;             //!< the threshold, packets
    std::vector<std::string> m_calls; //!< hook calls so far
};

} // namespace

/**
 * \ingroup dualcc
 * The hooks, for a third law: MaxSize 3p, Threshold 2, UseEcn true, LinkBandwidth 8 kb/s (C = 1
 * packet/s). Script and hook calls by hand:
 *   Initialize: CheckLawConfig, then InitializeLaw with C = 1            C I1
 *   1. ECT arrives, backlog 0: enqueued                                  S1/1 A1
 *   2. ECT arrives, backlog 1: enqueued                                  S1/1 A1
 *   3. ECT arrives, backlog 2 >= 2: marked and enqueued                  S1/1 A1
 *   4. Not-ECT arrives, backlog 3: no room: forced drop (not unforced)   S0/1 A0
 *   5. a departure                                                       D
 *   6. Not-ECT arrives, backlog 2: signalled, not ECN-capable: dropped   S1/1 A0
 *   7. a departure                                                       D
 *   8. Not-ECT arrives, backlog 1: enqueued                              S1/1 A1
 * Stats: 1 mark, 1 unforced drop, 1 forced drop; 2 packets left.
 */
class PriceHooksTestCase : public TestCase
{
  public:
    PriceHooksTestCase()
        : TestCase("a third law sees the hooks in the documented order (hand)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ThresholdQueueDisc> q = CreateObject<ThresholdQueueDisc>();
        // Sizes of 1 per packet: ns-2's accounting.
        q->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
        q->SetAttribute("LinkBandwidth", DataRateValue(LINK));
        NS_TEST_EXPECT_MSG_EQ(q->AssignStreams(5), 0, "no random numbers by default");
        q->Initialize();
        const Ipv4Header::EcnType E = Ipv4Header::ECN_ECT0;
        const Ipv4Header::EcnType N = Ipv4Header::ECN_NotECT;
        std::vector<bool> enqueued;
        for (Ipv4Header::EcnType ecn : {E, E, E, N})
        {
            enqueued.push_back(q->Enqueue(MakeItem(ecn)));
        }
        q->Dequeue();
        enqueued.push_back(q->Enqueue(MakeItem(N)));
        q->Dequeue();
        enqueued.push_back(q->Enqueue(MakeItem(N)));

        const std::vector<std::string> expected{"C",
                                                "I1",
                                                "S1/1",
                                                "A1",
                                                "S1/1",
                                                "A1",
                                                "S1/1",
                                                "A1",
                                                "S0/1",
                                                "A0",
                                                "D",
                                                "S1/1",
                                                "A0",
                                                "D",
                                                "S1/1",
                                                "A1"};
        NS_TEST_EXPECT_MSG_EQ(q->GetCalls().size(), expected.size(), "number of hook calls");
        for (std::size_t i = 0; i < std::min(expected.size(), q->GetCalls().size()); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(q->GetCalls()[i], expected[i], "hook call " << i + 1);
        }
        const std::vector<bool> expectedEnqueued{true, true, true, false, false, true};
        NS_TEST_EXPECT_MSG_EQ((enqueued == expectedEnqueued), true, "Enqueue() results");
        const QueueDisc::Stats& stats = q->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.GetNMarkedPackets(PriceQueueDisc::UNFORCED_MARK), 1, "marks");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PriceQueueDisc::UNFORCED_DROP), 1, "drops");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(PriceQueueDisc::FORCED_DROP), 1, "forced");
        NS_TEST_EXPECT_MSG_EQ(q->GetNPackets(), 2, "left in the queue");
        q->Dispose();
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The TypeIds: PriceQueueDisc is registered and abstract; REM and AVQ derive from it; the
 * attributes the base owns are registered on each derived TypeId, where Config::SetDefault with
 * the derived name finds them (it does not look at parents), with their defaults.
 */
class PriceTypeIdTestCase : public TestCase
{
  public:
    PriceTypeIdTestCase()
        : TestCase("TypeIds: abstract base; shared attributes on the derived TypeIds")
    {
    }

  private:
    void DoRun() override
    {
        TypeId base;
        NS_TEST_ASSERT_MSG_EQ(TypeId::LookupByNameFailSafe("ns3::PriceQueueDisc", &base),
                              true,
                              "ns3::PriceQueueDisc is registered");
        NS_TEST_EXPECT_MSG_EQ(base.HasConstructor(), false, "and cannot be created");
        NS_TEST_EXPECT_MSG_EQ(base.GetAttributeN(), 0, "and has no attribute of its own");

        const struct
        {
            TypeId tid;       //!< the derived TypeId
            std::string size; //!< its MaxSize default
            bool useEcn;      //!< its UseEcn default
        } discs[] = {{RemQueueDisc::GetTypeId(), "1000p", true},
                     {AvqQueueDisc::GetTypeId(), "100p", false}};

        for (const auto& d : discs)
        {
            const std::string name = d.tid.GetName();
            NS_TEST_EXPECT_MSG_EQ(d.tid.GetParent(), base, name << "'s parent");
            std::vector<std::string> own;
            for (std::size_t i = 0; i < d.tid.GetAttributeN(); ++i)
            {
                own.push_back(d.tid.GetAttribute(i).name);
            }
            for (const char* attribute : {"MaxSize", "UseEcn", "LinkBandwidth", "MeanPktSize"})
            {
                NS_TEST_EXPECT_MSG_EQ((std::count(own.begin(), own.end(), attribute)),
                                      1,
                                      name << "::" << attribute << " is on " << name);
                // Config::SetDefault with the derived name: set a value and put the default back.
                TypeId::AttributeInformation info;
                d.tid.LookupAttributeByName(attribute, &info);
                Ptr<const AttributeValue> initial = info.initialValue;
                NS_TEST_EXPECT_MSG_EQ(Config::SetDefaultFailSafe(name + "::" + attribute, *initial),
                                      true,
                                      "Config::SetDefault(\"" << name << "::" << attribute
                                                              << "\")");
            }
            ObjectFactory factory(name);
            Ptr<PriceQueueDisc> q = factory.Create<PriceQueueDisc>();
            // The hand computations count packets as ns-2 does (MeanPktSize).
            q->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
            QueueSizeValue size;
            q->GetAttribute("MaxSize", size);
            NS_TEST_EXPECT_MSG_EQ(size.Get(), QueueSize(d.size), name << "::MaxSize default");
            BooleanValue useEcn;
            q->GetAttribute("UseEcn", useEcn);
            NS_TEST_EXPECT_MSG_EQ(useEcn.Get(), d.useEcn, name << "::UseEcn default");
        }
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class PriceQueueDiscTestSuite : public TestSuite
{
  public:
    PriceQueueDiscTestSuite()
        : TestSuite("dualcc-price-queue-disc", TestSuite::Type::UNIT)
    {
        for (const Law& law : {RemLaw(), AvqLaw()})
        {
            for (bool bytes : {false, true})
            {
                for (bool useEcn : {true, false})
                {
                    AddTestCase(new PriceMarkOrDropTestCase(law, bytes, useEcn));
                }
            }
        }
        AddTestCase(new PriceHooksTestCase);
        AddTestCase(new PriceTypeIdTestCase);
#ifdef DUALCC_HAVE_FORK
        for (const std::string name : {"ns3::RemQueueDisc", "ns3::AvqQueueDisc"})
        {
            AddTestCase(new AbortTestCase(
                "CheckConfig aborts: two internal queues (" + name + ")",
                [name]() {
                    ObjectFactory factory(name);
                    Ptr<PriceQueueDisc> q = factory.Create<PriceQueueDisc>();
                    // The hand computations count packets as ns-2 does (MeanPktSize).
                    q->SetAttribute("SizeAccounting", StringValue("FixedPacketSize"));
                    q->SetAttribute("LinkBandwidth", DataRateValue(LINK));
                    for (int i = 0; i < 2; ++i)
                    {
                        q->AddInternalQueue(CreateObject<DropTailQueue<QueueDiscItem>>());
                    }
                    q->Initialize();
                },
                name + " needs exactly 1 internal queue, not 2"));
        }
#endif
    }
};

/// The suite's only instance.
static PriceQueueDiscTestSuite g_priceQueueDiscTestSuite;
