/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// NetworkObserver, DualityModelBuilder and DualityModelHelper: the duality model beside the
// simulation for a network built with ns-3's own helpers. Expected values by hand, on this
// network (all links point-to-point, timestamps off, ns-3's 536-byte segments: 576-byte IPv4 data
// packets, 578 bytes on the wire; ACKs 40 IPv4 bytes, 42 on the wire):
//
//     a --(100 Mb/s, 1 ms)-- r0 ==(5 Mb/s, 10 ms, FIFO)== r1 --(100 Mb/s, 1 ms)-- c
//     b --(100 Mb/s, 4 ms)-- r0          a --(100 Mb/s, 2 ms)-- r1
//
// Global routing would send a's packets to c over the direct link a-r1; a static host route on a
// (Ipv4StaticRouting comes before global routing in ns-3's list) sends them through r0. So the
// routes, as wired:
// - flow A (a -> c): data a->r0, r0->r1, r1->c; ACKs c->r1, r1->a (global routing, direct);
// - flow B (b -> c): data b->r0, r0->r1, r1->c; ACKs c->r1, r1->r0, r0->b.
// Round-trip propagation delays (channel delays of both routes, plus a data packet's
// transmission on each data link and an ACK's on each ACK link):
// - d_A = (1 + 10 + 1) + (1 + 2) ms + 578 x 8 (2 / 100e6 + 1 / 5e6) + 42 x 8 x 2 / 100e6 s;
// - d_B = (4 + 10 + 1) + (1 + 10 + 4) ms + (578 + 42) x 8 (2 / 100e6 + 1 / 5e6) s.
// The model, built by hand: links a->r0, b->r0, r1->c (100 Mb/s) and r0->r1 (5 Mb/s) of
// rate / (8 x 578) packets/s, FIFOs (price = queueing delay); sources A and B with those routes,
// delays and TcpDualVegas' weight alpha = 2 packets (AlphaUnit PerRtt). Its closed form: the two
// share r0->r1 equally, x = c / 2, and hold alpha each: a queue of 4 packets.
// The simulation over [8, 14] s, the sources told their d (BaseRttEstimator Fixed: a baseRTT
// estimate above d shifts the rates, Vegas paper eq. 24, which the model here leaves out; with
// both estimating it B's slow start left A 25 % below its share), must agree: rates within 10 %
// (measured 5.9 %), utilization within 5 %, the queue within a packet per flow (measured +1.2
// packets: Vegas' window is a whole number of packets, and with alpha = beta it cannot rest at
// its target; one flow alone holds 2.7 packets).
// Refusals: a window not ended, a UDP flow, a congestion control without a model (TcpCubic), a
// route that loops (a static route on r1 back to a, added before the window).

#include "throws-invalid-argument.h"

#include "ns3/applications-module.h"
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/duality-model-helper.h"
#include "ns3/duality-model.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/network-observer.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-dual-vegas.h"
#include "ns3/traffic-control-module.h"

#include <cmath>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("NetworkObserverTestSuite");

namespace
{

/// TCP segment size, bytes (ns-3's default).
constexpr uint32_t SEGMENT = 536;
/// Wire bytes of a data packet: the segment + 40 (IPv4, TCP) + 2 (PPP).
constexpr double DATA_WIRE = SEGMENT + 42;
/// Wire bytes of an ACK: 40 + 2.
constexpr double ACK_WIRE = 42;
/// Access links' rate, bit/s.
constexpr double FAST = 100e6;
/// The bottleneck's rate, bit/s.
constexpr double SLOW = 5e6;
/// The sinks' port.
constexpr uint16_t PORT = 5000;
/// When B's source starts (A's at 0), so that each source's congestion control is created with
/// its own PropagationDelay (SetBaseRtt()).
const Time START_B = MilliSeconds(1);

/**
 * Make the TcpDualVegas objects created from now on take \p d as their baseRTT.
 * \param d the round-trip propagation delay
 */
void
SetBaseRtt(Time d)
{
    Config::SetDefault("ns3::TcpDualVegas::PropagationDelay", TimeValue(d));
}

/// The test network.
struct Network
{
    Ptr<Node> a;         //!< source A
    Ptr<Node> b;         //!< source B
    Ptr<Node> r0;        //!< router 0
    Ptr<Node> r1;        //!< router 1
    Ptr<Node> c;         //!< the sink
    Ipv4Address sink;    //!< c's address
    Ipv4Address aDirect; //!< a's address on the direct link a-r1
    uint32_t r1Direct;   //!< r1's interface on that link
};

/**
 * Connect two nodes.
 * \param a one end
 * \param b the other
 * \param bps the rate
 * \param delay the delay
 * \param subnet its /24
 * \param fifo install a 1000-packet FIFO on a's device (and a 1-packet device queue)
 * \return the interfaces
 */
Ipv4InterfaceContainer
Wire(Ptr<Node> a, Ptr<Node> b, double bps, Time delay, const char* subnet, bool fifo)
{
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(bps)));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    if (fifo)
    {
        p2p.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    }
    NetDeviceContainer devices = p2p.Install(a, b);
    if (fifo)
    {
        TrafficControlHelper tch;
        tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue("1000p"));
        tch.Install(devices.Get(0));
    }
    return Ipv4AddressHelper(subnet, "255.255.255.0").Assign(devices);
}

/**
 * Build the network of the file's header, with \p tcp as every socket's congestion control.
 * \param tcp the TcpL4Protocol::SocketType
 * \return the network
 */
Network
Build(TypeId tcp)
{
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(tcp));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(SEGMENT));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::RttMeanDeviation::Alpha", DoubleValue(1.0));
    Config::SetDefault("ns3::TcpDualVegas::Alpha", DoubleValue(2));
    Config::SetDefault("ns3::TcpDualVegas::Beta", DoubleValue(2));
    Network n;
    NodeContainer nodes(5);
    n.a = nodes.Get(0);
    n.b = nodes.Get(1);
    n.r0 = nodes.Get(2);
    n.r1 = nodes.Get(3);
    n.c = nodes.Get(4);
    InternetStackHelper().Install(nodes);
    const Ipv4InterfaceContainer ar0 = Wire(n.a, n.r0, FAST, MilliSeconds(1), "10.0.1.0", false);
    Wire(n.b, n.r0, FAST, MilliSeconds(4), "10.0.2.0", false);
    Wire(n.r0, n.r1, SLOW, MilliSeconds(10), "10.0.3.0", true);
    n.sink = Wire(n.c, n.r1, FAST, MilliSeconds(1), "10.0.4.0", false).GetAddress(0);
    const Ipv4InterfaceContainer direct = Wire(n.a, n.r1, FAST, MilliSeconds(2), "10.0.5.0", false);
    n.aDirect = direct.GetAddress(0);
    n.r1Direct = direct.Get(1).second;
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    // a reaches c through r0, not over its direct link to r1.
    Ipv4StaticRoutingHelper staticRouting;
    Ptr<Ipv4> ipv4 = n.a->GetObject<Ipv4>();
    staticRouting.GetStaticRouting(ipv4)->AddHostRouteTo(
        n.sink,
        ar0.GetAddress(1),
        ipv4->GetInterfaceForAddress(ar0.GetAddress(0)));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), PORT));
    sink.Install(n.c);
    for (Ptr<Node> source : {n.a, n.b})
    {
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(n.sink, PORT));
        bulk.Install(source).Start(source == n.b ? START_B : Seconds(0));
    }
    return n;
}

/**
 * Make r1 send c's packets back to a over their direct link: with a's static route through r0,
 * a routing loop a -> r0 -> r1 -> a.
 * \param n the network
 */
void
AddLoop(const Network& n)
{
    Ipv4StaticRoutingHelper staticRouting;
    staticRouting.GetStaticRouting(n.r1->GetObject<Ipv4>())
        ->AddHostRouteTo(n.sink, n.aDirect, n.r1Direct);
}

/// \param from a node \param to another \return the link's name
std::string
Name(Ptr<Node> from, Ptr<Node> to)
{
    return NetworkObserver::GetNodeName(from) + "->" + NetworkObserver::GetNodeName(to);
}

/**
 * \param observer the observer
 * \param route link indices
 * \return the links' names, "x->y, ..."
 */
std::string
RouteNames(const NetworkObserver& observer, const std::vector<std::size_t>& route)
{
    std::string names;
    for (std::size_t l : route)
    {
        names += (names.empty() ? "" : ", ") + observer.GetLinks()[l].name;
    }
    return names;
}

} // namespace

/**
 * \ingroup dualcc
 * The routes, the round trips and the model of the network in the file's header, by hand, and
 * the simulation beside them.
 */
class NetworkObserverParkingTestCase : public TestCase
{
  public:
    NetworkObserverParkingTestCase()
        : TestCase("routes from ns-3's routing, d and the model by hand, simulation within "
                   "tolerance")
    {
    }

  private:
    void DoRun() override
    {
        // d by hand
        const double path = 2 / FAST + 1 / SLOW; // s per bit on a data route
        const double dA = 0.015 + DATA_WIRE * 8 * path + ACK_WIRE * 8 * 2 / FAST;
        const double dB = 0.030 + (DATA_WIRE + ACK_WIRE) * 8 * path;
        // The sources know their d (a baseRTT above it would shift the rates, Vegas paper eq. 24:
        // with both estimating it, B's slow start left A with half its share).
        Config::SetDefault("ns3::TcpDualVegas::BaseRttEstimator", StringValue("Fixed"));
        SetBaseRtt(Seconds(dA));
        Simulator::Schedule(START_B / 2, &SetBaseRtt, Seconds(dB));
        const Network n = Build(TcpDualVegas::GetTypeId());
        DualityModelHelper helper;
        helper.InstallAll();
        helper.SetWindow(Seconds(8), Seconds(14));
        Simulator::Stop(Seconds(14));
        Simulator::Run();

        // (b) the routes, as wired (the static route on a; global routing elsewhere)
        const NetworkObserver& observer = helper.GetObserver();
        NS_TEST_ASSERT_MSG_EQ(observer.GetFlows().size(), 2, "two flows");
        const NetworkObserver::Flow& flowA = observer.GetFlows()[0];
        const NetworkObserver::Flow& flowB = observer.GetFlows()[1];
        NS_TEST_ASSERT_MSG_EQ(flowA.source, n.a, "flow A starts at a");
        const std::string dataRoute =
            Name(n.r0, n.r1) + ", " + Name(n.r1, n.c); // both flows' after their access link
        NS_TEST_EXPECT_MSG_EQ(RouteNames(observer, flowA.route),
                              Name(n.a, n.r0) + ", " + dataRoute,
                              "A's data: the static route through r0");
        NS_TEST_EXPECT_MSG_EQ(RouteNames(observer, flowA.ackRoute),
                              Name(n.c, n.r1) + ", " + Name(n.r1, n.a),
                              "A's ACKs: global routing, over the direct link");
        NS_TEST_EXPECT_MSG_EQ(RouteNames(observer, flowB.route),
                              Name(n.b, n.r0) + ", " + dataRoute,
                              "B's data");
        NS_TEST_EXPECT_MSG_EQ(RouteNames(observer, flowB.ackRoute),
                              Name(n.c, n.r1) + ", " + Name(n.r1, n.r0) + ", " + Name(n.r0, n.b),
                              "B's ACKs");

        NS_TEST_EXPECT_MSG_EQ_TOL(flowA.propagationRtt.GetSeconds(), dA, 1e-9, "d_A");
        NS_TEST_EXPECT_MSG_EQ_TOL(flowB.propagationRtt.GetSeconds(), dB, 1e-9, "d_B");

        // (a) the model column against a model built by hand
        DualityModel hand;
        const std::size_t ar0 = hand.AddLinkBps("a->r0", FAST, DATA_WIRE);
        const std::size_t br0 = hand.AddLinkBps("b->r0", FAST, DATA_WIRE);
        const std::size_t r0r1 = hand.AddLinkBps("r0->r1", SLOW, DATA_WIRE);
        const std::size_t r1c = hand.AddLinkBps("r1->c", FAST, DATA_WIRE);
        hand.AddSource("A", {ar0, r0r1, r1c}, dA, 2);
        hand.AddSource("B", {br0, r0r1, r1c}, dB, 2);
        const DualityModel::Solution s = hand.Solve();
        const double c = SLOW / 8 / DATA_WIRE; // packets/s
        NS_TEST_EXPECT_MSG_EQ_TOL(s.sources[0].rate, c / 2, c * 1e-9, "closed form: c / 2");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.links[r0r1].backlog, 4, 1e-6, "closed form: 2 alpha");

        const ComparisonTable table = helper.Compare("test");
        const std::string groupA = "flows " + Name(n.a, n.c);
        const std::string groupB = "flows " + Name(n.b, n.c);
        const std::string bottleneck = "link " + Name(n.r0, n.r1);
        const double kB = DATA_WIRE / 1000;
        NS_TEST_EXPECT_MSG_EQ_TOL(table.Get("rate (KB/s)", groupA).model,
                                  s.sources[0].rate * kB,
                                  1e-6,
                                  "A's model rate");
        NS_TEST_EXPECT_MSG_EQ_TOL(table.Get("rate (KB/s)", groupB).model,
                                  s.sources[1].rate * kB,
                                  1e-6,
                                  "B's model rate");
        NS_TEST_EXPECT_MSG_EQ_TOL(table.Get("RTT (ms)", groupA).model,
                                  s.sources[0].rtt * 1000,
                                  1e-6,
                                  "A's model RTT");
        NS_TEST_EXPECT_MSG_EQ_TOL(table.Get("RTT (ms)", groupB).model,
                                  s.sources[1].rtt * 1000,
                                  1e-6,
                                  "B's model RTT");
        NS_TEST_EXPECT_MSG_EQ_TOL(table.Get("queue (pkts)", bottleneck).model,
                                  s.links[r0r1].backlog,
                                  1e-6,
                                  "the bottleneck's model queue");
        NS_TEST_EXPECT_MSG_EQ_TOL(table.Get("utilization", bottleneck).model,
                                  s.links[r0r1].utilization,
                                  1e-9,
                                  "the bottleneck's model utilization");

        // (c) the simulation within the tolerances
        for (const std::string& group : {groupA, groupB})
        {
            const ComparisonTable::Row& rate = table.Get("rate (KB/s)", group);
            NS_TEST_EXPECT_MSG_EQ_TOL(rate.simulation, rate.model, 0.10 * rate.model, group);
        }
        const ComparisonTable::Row& queue = table.Get("queue (pkts)", bottleneck);
        NS_TEST_EXPECT_MSG_EQ_TOL(queue.simulation,
                                  queue.model,
                                  2,
                                  "queue: within a packet per flow");
        const ComparisonTable::Row& utilization = table.Get("utilization", bottleneck);
        NS_TEST_EXPECT_MSG_EQ_TOL(utilization.simulation, utilization.model, 0.05, "utilization");
        Simulator::Destroy();
        Config::Reset();
    }
};

/**
 * \ingroup dualcc
 * What the model cannot cover is refused with a message naming the fix.
 */
class NetworkObserverRefusalTestCase : public TestCase
{
  public:
    NetworkObserverRefusalTestCase()
        : TestCase("refusals: a window not ended, a UDP flow, TcpCubic, a routing loop")
    {
    }

  private:
    /**
     * Run the network with \p tcp (and \p extra) to \p stop and compare.
     * \param tcp the congestion control
     * \param extra what to add to the network
     * \param stop when the run stops (the window is [2, 3] s)
     * \param text what the refusal must say
     * \return whether Compare() threw std::invalid_argument with \p text
     */
    /// What to add to the network.
    enum Extra
    {
        NOTHING, //!< nothing
        UDP,     //!< a UDP OnOff flow
        LOOP,    //!< a routing loop at 1.5 s (AddLoop())
    };

    static bool Refused(TypeId tcp, Extra extra, Time stop, const std::string& text)
    {
        const Network n = Build(tcp);
        if (extra == LOOP)
        {
            Simulator::Schedule(Seconds(1.5), &AddLoop, n);
        }
        if (extra == UDP)
        {
            OnOffHelper onOff("ns3::UdpSocketFactory", InetSocketAddress(n.sink, PORT + 1));
            onOff.SetConstantRate(DataRate("100kbps"));
            onOff.Install(n.b);
        }
        DualityModelHelper helper;
        helper.InstallAll();
        helper.SetWindow(Seconds(2), Seconds(3));
        Simulator::Stop(stop);
        Simulator::Run();
        const bool refused = ThrowsInvalidArgument([&helper]() { helper.Compare("x"); }, text);
        Simulator::Destroy();
        Config::Reset();
        return refused;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(
            Refused(TcpDualVegas::GetTypeId(), NOTHING, Seconds(2.5), "not ended"),
            true,
            "a window not ended");
        NS_TEST_EXPECT_MSG_EQ(Refused(TcpDualVegas::GetTypeId(), UDP, Seconds(3), "TCP flows only"),
                              true,
                              "a UDP flow");
        NS_TEST_EXPECT_MSG_EQ(Refused(TypeId::LookupByName("ns3::TcpCubic"),
                                      NOTHING,
                                      Seconds(3),
                                      "has no duality model"),
                              true,
                              "TcpCubic");
        NS_TEST_EXPECT_MSG_EQ(Refused(TcpDualVegas::GetTypeId(), LOOP, Seconds(3), "loops"),
                              true,
                              "a routing loop");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class NetworkObserverTestSuite : public TestSuite
{
  public:
    NetworkObserverTestSuite()
        : TestSuite("dualcc-network-observer", TestSuite::Type::UNIT)
    {
        AddTestCase(new NetworkObserverParkingTestCase());
        AddTestCase(new NetworkObserverRefusalTestCase());
    }
};

/// The suite's instance.
static NetworkObserverTestSuite g_networkObserverTestSuite;
