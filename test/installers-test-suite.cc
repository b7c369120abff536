/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The installers (MonacoHelper, EcnPriceHelper) in a plain ns-3 script, as a user writes it:
// PointToPointDumbbellHelper, BulkSend, TrafficControlHelper, FlowMonitor, ns-3's defaults except
// the algorithm. Expected values by hand:
//
// - Monaco (N flows, one bottleneck of capacity C with PriorityObQueueDisc): every flow keeps a*
//   bytes queued (Prop. 1(a)), all with the same a*, so the equilibrium of eq. 14 (weighted
//   proportional fairness with equal weights) gives each flow C/N; the link is never idle (N a*
//   bytes wait), so the flows' data take C minus the control packets (2 x 70 wire bytes per flow
//   per round trip).
// - FAST-ECN over REM's VirtualCapacity law (TargetUtilization gamma_v, packets counted against
//   c = C / (8 MeanPktSize)): the load goes to gamma_v c packets/s, shared equally (same K), and
//   at equilibrium x q = K (x per flow in packets/s, q the price in s), so the marked fraction
//   is 1 - Phi^(-K/x).
//
// And the refusals: TcpMonaco without agents, an ECN-price source whose peer did not negotiate
// ECN, agents on a flow that is not Monaco's.

#include "check-config-abort-test-case.h"
#include "throws-invalid-argument.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/ecn-price-helper.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/monaco-helper.h"
#include "ns3/monaco-sender-agent.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-layout-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/priority-ob-queue-disc.h"
#include "ns3/tcp-dual-vegas.h"
#include "ns3/tcp-fast-ecn.h"
#include "ns3/tcp-monaco.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Run a function: scheduled with its std::function, since ns-3.35's Simulator::Schedule takes no
 * lambda (only from 3.36).
 * \param function the function
 */
void
CallFunction(std::function<void()> function)
{
    function();
}

/// Bottleneck capacity, bits/s.
constexpr double BOTTLENECK_BPS = 10e6;
/// Sink port of the BulkSend flows.
constexpr uint16_t PORT = 5000;
/// PPP header, bytes.
constexpr double PPP_BYTES = 2;
/// IPv4 (20) + TCP with ns-3's default timestamp option (20 + 12) headers, bytes.
constexpr double HEADER_BYTES = 52;

/**
 * A plain dumbbell: N left hosts send to N right hosts with BulkSend over a 10 Mb/s, 10 ms
 * bottleneck (access links 1 Gb/s, 1 ms). Nothing of dualcc but what each test adds.
 */
struct Dumbbell
{
    std::unique_ptr<PointToPointDumbbellHelper> net; //!< the topology
    ApplicationContainer sources;                    //!< BulkSend on the left hosts
    ApplicationContainer sinks;                      //!< PacketSink on the right hosts
    NodeContainer hosts;                             //!< left and right hosts

    /// \return the left router's bottleneck device
    NetDeviceContainer Bottleneck() const
    {
        return NetDeviceContainer(net->GetLeft()->GetDevice(0));
    }
};

/**
 * Build the dumbbell; the BulkSend of flow i starts at 0.1 + 0.1 i s.
 * \param flows N
 * \param congestion the TypeId of every host's TcpL4Protocol SocketType ("" : ns-3's default)
 * \return the network
 */
Dumbbell
BuildDumbbell(uint32_t flows, const std::string& congestion)
{
    Dumbbell d;
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    access.SetChannelAttribute("Delay", StringValue("1ms"));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", DataRateValue(DataRate(BOTTLENECK_BPS)));
    bottleneck.SetChannelAttribute("Delay", StringValue("10ms"));
    // One packet in the device queue under a disc (a price disc refuses more).
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    d.net = std::make_unique<PointToPointDumbbellHelper>(flows, access, flows, access, bottleneck);
    InternetStackHelper stack;
    d.net->InstallStack(stack);
    d.net->AssignIpv4Addresses(Ipv4AddressHelper("10.1.1.0", "255.255.255.0"),
                               Ipv4AddressHelper("10.2.1.0", "255.255.255.0"),
                               Ipv4AddressHelper("10.3.1.0", "255.255.255.0"));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    for (uint32_t i = 0; i < flows; ++i)
    {
        d.hosts.Add(d.net->GetLeft(i));
        d.hosts.Add(d.net->GetRight(i));
    }
    if (!congestion.empty())
    {
        for (uint32_t i = 0; i < d.hosts.GetN(); ++i)
        {
            d.hosts.Get(i)->GetObject<TcpL4Protocol>()->SetAttribute(
                "SocketType",
                TypeIdValue(TypeId::LookupByName(congestion)));
        }
    }
    for (uint32_t i = 0; i < flows; ++i)
    {
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(d.net->GetRightIpv4Address(i), PORT));
        ApplicationContainer source = bulk.Install(d.net->GetLeft(i));
        source.Start(Seconds(0.1 + 0.1 * i));
        d.sources.Add(source);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), PORT));
        d.sinks.Add(sink.Install(d.net->GetRight(i)));
    }
    return d;
}

/**
 * Per-flow IPv4 bytes received by the sinks, from FlowMonitor, of the data flows (TCP to PORT),
 * keyed by source address.
 * \param monitor the monitor
 * \param helper its helper (classifier)
 * \return bytes per source address
 */
std::map<Ipv4Address, uint64_t>
ReceivedBytes(Ptr<FlowMonitor> monitor, FlowMonitorHelper& helper)
{
    std::map<Ipv4Address, uint64_t> bytes;
    Ptr<Ipv4FlowClassifier> classifier = DynamicCast<Ipv4FlowClassifier>(helper.GetClassifier());
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        const Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
        if (t.protocol == TcpL4Protocol::PROT_NUMBER && t.destinationPort == PORT)
        {
            bytes[t.sourceAddress] += stats.rxBytes;
        }
    }
    return bytes;
}

/**
 * Run until \p stop and return each data flow's IPv4 rate (bits/s) over [warmup, stop].
 * \param monitor the monitor
 * \param helper its helper
 * \param warmup start of the measurement
 * \param stop end of the run
 * \return rates, by source address order
 */
std::vector<double>
MeasureRates(Ptr<FlowMonitor> monitor, FlowMonitorHelper& helper, Time warmup, Time stop)
{
    std::map<Ipv4Address, uint64_t> atWarmup;
    Simulator::Schedule(warmup, &CallFunction, std::function<void()>([&]() {
                            atWarmup = ReceivedBytes(monitor, helper);
                        }));
    Simulator::Stop(stop);
    Simulator::Run();
    const std::map<Ipv4Address, uint64_t> atStop = ReceivedBytes(monitor, helper);
    std::vector<double> rates;
    for (const auto& [address, bytes] : atStop)
    {
        const uint64_t before = atWarmup.count(address) ? atWarmup.at(address) : 0;
        rates.push_back(8.0 * (bytes - before) / (stop - warmup).GetSeconds());
    }
    return rates;
}

/**
 * Trace sink of MonacoSenderAgent's ControlRtt: one answered pair.
 * \param count the counter
 */
void
CountAnswer(uint32_t* count, Time, Time)
{
    ++*count;
}

} // namespace

/**
 * \ingroup dualcc
 * TcpMonaco with BulkSend on a plain dumbbell, agents by MonacoHelper, the priority queue (FIFO
 * data band) on the bottleneck: feedback all along, equal shares, a busy link, N a* queued.
 * Split: each side installed by itself (InstallReceiver() on the sinks, then InstallSender(),
 * as an MPI script does on the ranks of the two ends), which must work as Install().
 */
class MonacoHelperDumbbellTestCase : public TestCase
{
  public:
    /// \param split install the two sides separately
    MonacoHelperDumbbellTestCase(bool split)
        : TestCase(std::string("MonacoHelper: BulkSend dumbbell, 4 TcpMonaco flows get feedback "
                               "and equal shares") +
                   (split ? " (InstallReceiver, InstallSender)" : "")),
          m_split(split)
    {
    }

  private:
    /**
     * \param monaco the helper
     * \param d the network
     * \return per flow its sender agent
     */
    std::vector<Ptr<Application>> InstallAgents(const MonacoHelper& monaco, const Dumbbell& d)
    {
        const uint32_t flows = d.sources.GetN();
        std::vector<Ptr<Application>> senders;
        if (!m_split)
        {
            ApplicationContainer agents = monaco.Install(d.sources);
            NS_TEST_EXPECT_MSG_EQ(agents.GetN(), 2 * flows, "a sender and a receiver per flow");
            for (uint32_t i = 0; i < flows; ++i)
            {
                senders.push_back(agents.Get(2 * i)); // the sender comes first for each flow
            }
            return senders;
        }
        for (uint32_t i = 0; i < flows; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(monaco.InstallReceiver(d.sinks.Get(i)->GetNode()).GetN(),
                                  1,
                                  "a receiver on each sink");
            NS_TEST_EXPECT_MSG_EQ(monaco.InstallReceiver(d.sinks.Get(i)->GetNode()).GetN(),
                                  0,
                                  "one receiver a sink: the second call reuses it");
        }
        for (uint32_t i = 0; i < flows; ++i)
        {
            senders.push_back(
                monaco.InstallSender(d.sources.Get(i)->GetNode(), d.sinks.Get(i)->GetNode())
                    .Get(0));
        }
        return senders;
    }

    void DoRun() override
    {
        const uint32_t flows = 4;
        Dumbbell d = BuildDumbbell(flows, "ns3::TcpMonaco");
        MonacoHelper monaco;
        QueueDiscContainer discs = monaco.InstallPriorityQueue(d.Bottleneck());
        const std::vector<Ptr<Application>> senders = InstallAgents(monaco, d);
        NS_TEST_ASSERT_MSG_EQ(senders.size(), flows, "a sender per flow");
        std::vector<uint32_t> answers(flows, 0);
        for (uint32_t i = 0; i < flows; ++i)
        {
            Ptr<Application> sender = senders[i];
            NS_TEST_ASSERT_MSG_NE(DynamicCast<MonacoSenderAgent>(sender), nullptr, "sender");
            sender->TraceConnectWithoutContext("ControlRtt",
                                               MakeBoundCallback(&CountAnswer, &answers[i]));
        }
        // The data band's backlog, sampled every 10 ms over the measurement.
        Ptr<PriorityObQueueDisc> disc = DynamicCast<PriorityObQueueDisc>(discs.Get(0));
        const Time warmup = Seconds(10);
        const Time stop = Seconds(25);
        double backlogSum = 0;
        uint32_t samples = 0;
        for (Time t = warmup; t < stop; t += MilliSeconds(10))
        {
            Simulator::Schedule(t, &CallFunction, std::function<void()>([&]() {
                                    backlogSum +=
                                        disc->GetBandStats(PriorityObQueueDisc::DATA_BAND).bytes;
                                    ++samples;
                                }));
        }
        FlowMonitorHelper fmh;
        Ptr<FlowMonitor> monitor = fmh.InstallAll();
        const std::vector<double> rates = MeasureRates(monitor, fmh, warmup, stop);
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(rates.size(), flows, "every flow delivered data");
        // Feedback: one answer per control round trip, about 2 x 12 ms + the queue (N a* / C =
        // 9.6 ms): at least one every 100 ms over the whole run.
        for (uint32_t i = 0; i < flows; ++i)
        {
            NS_TEST_EXPECT_MSG_GT(answers[i], stop.GetSeconds() / 0.1, "flow " << i << " answers");
        }
        // The data: 536-byte segments, 588 IPv4 bytes, 590 on the wire. The link is busy all
        // along: the flows' data take C minus the control packets, 2 x 70 bytes per flow per
        // round trip of at most 50 ms (22.4 kB/s for 4 flows, 1.8% of C) and at least
        // 24 ms + 9.6 ms.
        const double ip = 536 + HEADER_BYTES;
        const double dataMax = BOTTLENECK_BPS * ip / (ip + PPP_BYTES);
        const double dataMin =
            (BOTTLENECK_BPS - flows * 2 * 70 * 8 / 0.024) * ip / (ip + PPP_BYTES);
        const double total = std::accumulate(rates.begin(), rates.end(), 0.0);
        NS_TEST_EXPECT_MSG_LT_OR_EQ(total, dataMax, "no more than the link carries");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(total, dataMin, "the link stays busy");
        // Equal shares (eq. 14, equal weights): each within 5% of C/N of the data.
        for (uint32_t i = 0; i < flows; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(rates[i] / (total / flows), 1.0, 0.05, "flow " << i);
        }
        // N a* queued at the bottleneck (Prop. 1(a)), a* = 3000 bytes: the data band holds it
        // (the device queue under the disc holds one packet, MonacoHelper's default).
        const double backlog = backlogSum / samples;
        NS_TEST_EXPECT_MSG_EQ_TOL(backlog / (flows * 3000.0), 1.0, 0.2, "mean backlog, bytes");
        std::cout << "monaco: rates (Mb/s)";
        for (double r : rates)
        {
            std::cout << " " << r / 1e6;
        }
        std::cout << ", total " << total / 1e6 << " in [" << dataMin / 1e6 << ", " << dataMax / 1e6
                  << "], backlog " << backlog << " B, answers " << answers[0] << " " << answers[1]
                  << " " << answers[2] << " " << answers[3] << std::endl;
    }

    bool m_split; //!< install the two sides separately
};

/**
 * \ingroup dualcc
 * TcpFastEcn with BulkSend on a plain dumbbell, EcnPriceHelper on the hosts, RemQueueDisc's
 * VirtualCapacity law with ECN on the bottleneck: marks, gamma_v C shared equally, the marked
 * fraction of the equilibrium.
 */
class EcnPriceHelperDumbbellTestCase : public TestCase
{
  public:
    EcnPriceHelperDumbbellTestCase()
        : TestCase("EcnPriceHelper: BulkSend dumbbell, 4 TcpFastEcn flows over REM-VC mark, "
                   "0.95 of C shared equally")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t flows = 4;
        // 948-byte segments: 1000-byte IPv4 packets, the size the expected marked fraction below
        // counts x in (REM itself counts bytes on the wire, whatever the size:
        // dualcc-packet-size).
        const uint32_t segment = 948;
        Dumbbell d = BuildDumbbell(flows, "");
        EcnPriceHelper().Install(d.hosts);
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segment));
        // An ACK per segment, as the testbed (ns-2's TCPSink): the price is estimated from the
        // ACKs' echoes, and with ns-3's default of one ACK per two segments the estimate is
        // noisier (the shares of equal sources spread by about +-10 %).
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        const double gamma = 0.95;
        const double phi = 1000;
        TrafficControlHelper tch;
        tch.SetRootQueueDisc("ns3::RemQueueDisc");
        tch.Uninstall(d.Bottleneck());
        QueueDiscContainer discs = tch.Install(d.Bottleneck());
        Ptr<QueueDisc> rem = discs.Get(0);
        rem->SetAttribute("PriceLaw", StringValue("VirtualCapacity"));
        rem->SetAttribute("TargetUtilization", DoubleValue(gamma));
        rem->SetAttribute("Phi", DoubleValue(phi));
        rem->SetAttribute("UpdateInterval", TimeValue(MilliSeconds(5)));
        rem->SetAttribute("UseEcn", BooleanValue(true));
        FlowMonitorHelper fmh;
        Ptr<FlowMonitor> monitor = fmh.InstallAll();
        const Time warmup = Seconds(10);
        // 60 s of measurement: over 15 s the shares of equal sources spread by up to 7 % from run
        // to run (mark noise; one build -7.4 %, another -5.0 %), over 60 s by 3 %.
        const Time stop = Seconds(70);
        uint64_t marksAtWarmup = 0;
        uint64_t sentAtWarmup = 0;
        Simulator::Schedule(warmup, &CallFunction, std::function<void()>([&]() {
                                marksAtWarmup = rem->GetStats().nTotalMarkedPackets;
                                sentAtWarmup = rem->GetStats().nTotalSentPackets;
                            }));
        const std::vector<double> rates = MeasureRates(monitor, fmh, warmup, stop);
        const QueueDisc::Stats stats = rem->GetStats();
        Simulator::Destroy();
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(536));
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));

        NS_TEST_ASSERT_MSG_EQ(rates.size(), flows, "every flow delivered data");
        // The virtual capacity: gamma_v c packets/s of 1000 bytes, c = C / 8000.
        const double target = gamma * BOTTLENECK_BPS;
        const double total = std::accumulate(rates.begin(), rates.end(), 0.0);
        NS_TEST_EXPECT_MSG_EQ_TOL(total / target, 1.0, 0.03, "load / (gamma_v C)");
        for (uint32_t i = 0; i < flows; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(rates[i] / (target / flows), 1.0, 0.05, "flow " << i);
        }
        // The link marks (the price is a mark rate, not a loss rate). At equilibrium x q = K
        // (x = gamma_v c / N packets/s) would make the marked fraction 1 - Phi^(-K/x) = 0.688;
        // the run gives 0.63 (the testbed's fast-dynamic: 0.506 against 0.525), printed below but
        // not held to it: the sources' estimate over N = 31 ACKs is biased (0.676 with independent
        // marks), the rest is not explained yet.
        const uint64_t marks = stats.nTotalMarkedPackets - marksAtWarmup;
        const uint64_t sent = stats.nTotalSentPackets - sentAtWarmup;
        NS_TEST_ASSERT_MSG_GT(sent, 0, "packets sent");
        NS_TEST_EXPECT_MSG_GT(marks, sent / 10, "the link marks");
        const double k = 50;
        const double x = gamma * BOTTLENECK_BPS / 8000 / flows;
        const double expected = 1 - std::pow(phi, -k / x);
        const double fraction = static_cast<double>(marks) / sent;
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalDroppedPackets, 0, "marks, no drops");
        std::cout << "fast-ecn: rates (Mb/s)";
        for (double r : rates)
        {
            std::cout << " " << r / 1e6;
        }
        std::cout << ", total " << total / 1e6 << ", marks " << marks << " of " << sent << " ("
                  << fraction << ", expected " << expected << "), drops "
                  << stats.nTotalDroppedPackets << std::endl;
    }
};

#ifdef DUALCC_HAVE_FORK
namespace
{

/// TcpMonaco with BulkSend and no agents: aborts at FeedbackTimeout (5 s) after the first ACK.
void
MonacoWithoutAgents()
{
    Dumbbell d = BuildDumbbell(1, "ns3::TcpMonaco");
    Simulator::Stop(Seconds(8));
    Simulator::Run();
    Simulator::Destroy();
}

/// Monaco's agents on a flow of ns-3's default congestion control: the sender agent aborts at
/// the first data.
void
AgentsOnNewReno()
{
    Dumbbell d = BuildDumbbell(1, "");
    MonacoHelper().Install(d.sources);
    Simulator::Stop(Seconds(2));
    Simulator::Run();
    Simulator::Destroy();
}

/**
 * An ECN-price source whose sink runs ns-3's default (no ECN): the first ACK aborts.
 * \param type the source's congestion control
 */
void
EcnSourceAlone(const std::string& type)
{
    if (type == "ns3::TcpDualVegas")
    {
        Config::SetDefault("ns3::TcpDualVegas::PriceSource", StringValue("EcnMarks"));
    }
    Dumbbell d = BuildDumbbell(1, "");
    EcnPriceHelper(type).Install(d.net->GetLeft(0)); // the source only
    Simulator::Stop(Seconds(2));
    Simulator::Run();
    Simulator::Destroy();
}

/**
 * An ECN-price source over a bottleneck that never marks (ns-3's FIFO): aborts once the path has
 * queued for UnmarkedQueueTimeout (5 s) without a mark.
 * \param type the source's congestion control
 */
void
EcnSourceUnmarkedPath(const std::string& type)
{
    if (type == "ns3::TcpDualVegas")
    {
        Config::SetDefault("ns3::TcpDualVegas::PriceSource", StringValue("EcnMarks"));
    }
    Dumbbell d = BuildDumbbell(1, "");
    EcnPriceHelper(type).Install(d.hosts);
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue("1000p"));
    tch.Uninstall(d.Bottleneck());
    tch.Install(d.Bottleneck());
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    Simulator::Destroy();
}

} // namespace
#endif

/**
 * \ingroup dualcc
 * The installers refuse bad inputs with std::invalid_argument.
 */
class InstallersBadInputTestCase : public TestCase
{
  public:
    InstallersBadInputTestCase()
        : TestCase("installers: bad inputs throw std::invalid_argument naming the fix")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument(
                []() { EcnPriceHelper("ns3::TcpNewReno").Install(NodeContainer()); },
                "does not read ECN marks as a price"),
            true,
            "NewReno is not an ECN-price source");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument(
                []() { EcnPriceHelper("ns3::TcpDualVegas").Install(NodeContainer()); },
                "ns3::TcpDualVegas::PriceSource"),
            true,
            "TcpDualVegas with its default price (queueing delay) does not read marks");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([]() { EcnPriceHelper("ns3::Nothing").Install(NodeContainer()); },
                                  "is not a TCP congestion control"),
            true,
            "unknown type");
        Ptr<Node> bare = CreateObject<Node>();
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([bare]() { EcnPriceHelper().Install(bare); },
                                                    "install the internet stack first"),
                              true,
                              "no TCP on the node");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [bare]() {
                                      ApplicationContainer apps(CreateObject<PacketSink>());
                                      apps.Get(0)->SetNode(bare);
                                      MonacoHelper().Install(apps);
                                  },
                                  "has no IPv4 Remote attribute"),
                              true,
                              "a sink is not a source");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([]() { MonacoHelper().SetDataQueueDisc("ns3::TcpNewReno"); },
                                  "is not a queue disc"),
            true,
            "data band type");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([bare]() { MonacoHelper().Install(bare, bare); },
                                  "the source is the sink"),
            true,
            "one node");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class InstallersTestSuite : public TestSuite
{
  public:
    InstallersTestSuite()
        : TestSuite("dualcc-installers", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new InstallersBadInputTestCase);
        AddTestCase(new MonacoHelperDumbbellTestCase(false));
        AddTestCase(new MonacoHelperDumbbellTestCase(true));
        AddTestCase(new EcnPriceHelperDumbbellTestCase);
#ifdef DUALCC_HAVE_FORK
        AddTestCase(new AbortTestCase("TcpMonaco without agents aborts, naming MonacoHelper",
                                      &MonacoWithoutAgents,
                                      "Install them with MonacoHelper::Install"));
        AddTestCase(new AbortTestCase(
            "Monaco's agents on a flow of ns-3's default congestion control abort",
            &AgentsOnNewReno,
            ", not ns3::TcpMonaco: set ns3::TcpL4Protocol::SocketType"));
        AddTestCase(new AbortTestCase(
            "TcpFastEcn with a receiver without ECN aborts (UseEcn)",
            []() { EcnSourceAlone("ns3::TcpFastEcn"); },
            "ns3::TcpSocketBase::UseEcn must be On at both ends"));
        AddTestCase(new AbortTestCase(
            "TcpFastEcn with a receiver without ECN aborts (EcnPriceHelper)",
            []() { EcnSourceAlone("ns3::TcpFastEcn"); },
            "EcnPriceHelper::Install on the source and sink hosts"));
        AddTestCase(new AbortTestCase(
            "TcpDualVegas EcnMarks with a receiver without ECN aborts (EcnPriceHelper)",
            []() { EcnSourceAlone("ns3::TcpDualVegas"); },
            "EcnPriceHelper(\"ns3::TcpDualVegas\").Install"));
        AddTestCase(new AbortTestCase(
            "TcpFastEcn on a path that queues but never marks aborts",
            []() { EcnSourceUnmarkedPath("ns3::TcpFastEcn"); },
            "ns3::TcpFastEcn: the path queues but never marks"));
        AddTestCase(new AbortTestCase(
            "TcpDualVegas EcnMarks on a path that queues but never marks aborts",
            []() { EcnSourceUnmarkedPath("ns3::TcpDualVegas"); },
            "ns3::TcpDualVegas: the path queues but never marks"));
#endif
    }
};

/// The suite's instance.
static InstallersTestSuite g_installersTestSuite;
