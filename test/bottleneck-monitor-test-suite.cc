/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// BottleneckMonitor and ComparisonCheck, the measurement and the --check step of the plain
// examples. Expected values by hand, on one point-to-point link of 10 Mb/s and 1 ms, a
// FifoQueueDisc on the sender's device and a device queue of one packet:
//
// - a constant-rate UDP flow: a 1000-byte payload every 2 ms from t = 0.1 s, i.e. 1028 IPv4 bytes
//   (1030 on the wire, 0.824 ms to send) per packet. Over the window [2, 6] s the receiver gets
//   the packets sent at 0.1 + 0.002 k s with 0.1 + 0.002 k + 0.000824 + 0.001 in [2, 6]:
//   k = 950 ... 2949, 2000 packets, so the rate is 2000 x 1028 x 8 / 4 = 4.112 Mb/s, the device
//   sends 2000 frames (their ends at 0.100824 + 0.002 k: the same k), the utilization is
//   2000 x 1030 x 8 / 4 / 10e6 = 0.412, and the disc never holds a packet for any time (each
//   arrives at an idle link): backlog 0, no drops, 2000 arrivals at the disc (sent at
//   0.1 + 0.002 k in (2, 6]: k = 951 ... 2950; the send at 2 s was scheduled before the window,
//   so it runs before the window starts, as the one at 6 s runs before it ends).
// - a burst of 10 such packets at t = 3 s into an idle link, the disc limited to 5 packets:
//   packet 1 is sent at once, packet 2 waits in the device queue, packets 3-7 in the disc, 8-10
//   are dropped. The disc then holds 5, 4, 3, 2, 1 packets for T = 0.824 ms each (one leaves for
//   the device queue at each end of a frame): the area is 15 T packet-seconds, 15 T x 1028
//   byte-seconds; over the window [1, 5] s the mean backlog is 15 T / 4 packets, the utilization
//   7 x 1030 x 8 / 4 / 10e6.
// - ComparisonCheck: rows inside and outside their tolerances, NaN, a Require(): the failures are
//   named, the others are not.

#include "throws-invalid-argument.h"

#include "ns3/applications-module.h"
#include "ns3/bottleneck-monitor.h"
#include "ns3/comparison-check.h"
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <cmath>
#include <functional>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("BottleneckMonitorTestSuite");

namespace
{

/// The link rate, bits/s.
constexpr double LINK_BPS = 10e6;
/// UDP payload bytes per packet.
constexpr uint32_t PAYLOAD_BYTES = 1000;
/// IPv4 bytes per packet: payload, UDP (8), IPv4 (20).
constexpr double IP_BYTES = PAYLOAD_BYTES + 28;
/// Bytes on the wire per packet: IPv4 and PPP (2).
constexpr double WIRE_BYTES = IP_BYTES + 2;
/// The receiver's port.
constexpr uint16_t PORT = 9;

/// Two nodes, one link, a FIFO on the sender's device, a sink, FlowMonitor.
struct Link
{
    NodeContainer nodes;       //!< sender, receiver
    Ptr<NetDevice> device;     //!< the sender's device
    Ptr<QueueDisc> disc;       //!< its FIFO
    Ipv4Address receiver;      //!< the receiver's address
    Ptr<Socket> socket;        //!< the sender's UDP socket, connected to the sink
    FlowMonitorHelper flowmon; //!< FlowMonitor
};

/**
 * Build the link.
 * \param link the link (filled)
 * \param discSize the FIFO's MaxSize
 */
void
BuildLink(Link* link, const std::string& discSize)
{
    link->nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(LINK_BPS)));
    p2p.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    NetDeviceContainer devices = p2p.Install(link->nodes);
    InternetStackHelper stack;
    stack.Install(link->nodes);
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue(discSize));
    link->device = devices.Get(0);
    link->disc = tch.Install(devices.Get(0)).Get(0);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    link->receiver = interfaces.GetAddress(1);
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), PORT));
    sink.Install(link->nodes.Get(1));
    link->socket = Socket::CreateSocket(link->nodes.Get(0), UdpSocketFactory::GetTypeId());
    link->socket->Connect(InetSocketAddress(link->receiver, PORT));
    link->flowmon.InstallAll();
}

/**
 * Send \p count packets now.
 * \param socket the socket
 * \param count how many
 */
void
SendBurst(Ptr<Socket> socket, uint32_t count)
{
    for (uint32_t i = 0; i < count; ++i)
    {
        socket->Send(Create<Packet>(PAYLOAD_BYTES));
    }
}

/**
 * Read the disc's backlog.
 * \param disc the disc
 * \param held its backlog, packets (filled)
 */
void
ReadBacklog(Ptr<QueueDisc> disc, uint32_t* held)
{
    *held = disc->GetNPackets();
}

} // namespace

/**
 * \ingroup dualcc
 * A constant-rate flow: its rate, the utilization, no backlog, no drops, the arrivals.
 */
class BottleneckMonitorConstantRateTestCase : public TestCase
{
  public:
    BottleneckMonitorConstantRateTestCase()
        : TestCase("a constant-rate flow: 4.112 Mbit per s, utilization 0.412, backlog 0, by hand")
    {
    }

  private:
    void DoRun() override
    {
        Link link;
        BuildLink(&link, "100p");
        const Time period = MilliSeconds(2);
        for (uint32_t k = 0; k <= 3000; ++k)
        {
            Simulator::Schedule(MilliSeconds(100) + period * k, &SendBurst, link.socket, 1);
        }
        BottleneckMonitor monitor(link.device, link.disc, link.flowmon);
        monitor.AddFlow("flow", link.receiver, PORT);
        monitor.AddFlow("nobody", Ipv4Address("10.9.9.9"), PORT);
        monitor.SetWindow(Seconds(2), Seconds(6));
        Simulator::Stop(Seconds(7));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetWindowSeconds(), 4.0, 1e-12, "window");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetFlowRate("flow"),
                                  2000 * IP_BYTES * 8 / 4,
                                  1e-6,
                                  "rate, bits/s");
        NS_TEST_EXPECT_MSG_EQ(std::isnan(monitor.GetFlowRate("nobody")), true, "unseen: NaN");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetFlowsSeen(), 1, "one flow seen");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetWireBytes(), 2000 * WIRE_BYTES, "bytes on the wire");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetUtilization(),
                                  2000 * WIRE_BYTES * 8 / 4 / LINK_BPS,
                                  1e-12,
                                  "utilization");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetMeanBacklogPackets(), 0.0, 1e-12, "no backlog");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetArrivals(), 2000, "arrivals in the window");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetDrops(), 0, "no drops");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetMarks(), 0, "no marks");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * A burst into a 5-packet FIFO: the backlog's time average, drops, departures, a traced value.
 */
class BottleneckMonitorBurstTestCase : public TestCase
{
  public:
    BottleneckMonitorBurstTestCase()
        : TestCase("a burst of 10 into a 5-packet FIFO: backlog area 15 T, 3 drops, by hand")
    {
    }

  private:
    void DoRun() override
    {
        Link link;
        BuildLink(&link, "5p");
        Simulator::Schedule(Seconds(3), &SendBurst, link.socket, 10);
        // What the disc holds right after the burst: 5 on ns-3.37; 4 on ns-3.48 (measured: 6
        // departures, 4 drops, the area of 4). Either way the device takes two (one on the
        // wire, one in its 1-packet queue), and the test derives the rest from what the disc holds.
        uint32_t held = 0;
        Simulator::Schedule(Seconds(3) + NanoSeconds(1), &ReadBacklog, link.disc, &held);
        BottleneckMonitor monitor(link.device, link.disc, link.flowmon);
        // The same backlog through AddTimeAverage (a uint32_t TracedValue).
        monitor.AddTimeAverage("packets", link.disc, "PacketsInQueue");
        monitor.SetWindow(Seconds(1), Seconds(5));
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        const double t = WIRE_BYTES * 8 / LINK_BPS; // one frame, s
        // The disc drains one packet per frame: its backlog is held, held - 1, ..., 1 for t
        // each, an area of held (held + 1) / 2 frames over the 4 s window (15 t for 5).
        NS_TEST_ASSERT_MSG_EQ((held == 4 || held == 5), true, "the disc holds 4 or 5: " << held);
        const double area = held * (held + 1) / 2.0 * t;
        // Every packet the disc takes leaves it and goes on the wire: the two the device took
        // from the burst, then the ones it held.
        const uint32_t departures = held + 2;
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetMeanBacklogPackets(),
                                  area / 4,
                                  1e-9,
                                  "mean backlog, packets");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetMeanBacklogBytes(),
                                  area * IP_BYTES / 4,
                                  1e-6,
                                  "mean backlog, bytes");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetTimeAverage("packets"),
                                  area / 4,
                                  1e-9,
                                  "PacketsInQueue through AddTimeAverage");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetArrivals(), 10, "arrivals");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetDrops(), 10 - departures, "drops");
        NS_TEST_EXPECT_MSG_EQ(monitor.GetDepartures(), departures, "departures");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor.GetUtilization(),
                                  departures * WIRE_BYTES * 8 / 4 / LINK_BPS,
                                  1e-12,
                                  "utilization");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * Bad input throws std::invalid_argument naming the problem.
 */
class BottleneckMonitorBadInputTestCase : public TestCase
{
  public:
    BottleneckMonitorBadInputTestCase()
        : TestCase("bad input: no disc, window out of order, unknown names, read before the end")
    {
    }

  private:
    void DoRun() override
    {
        Link link;
        BuildLink(&link, "5p");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument(
                [&link]() { BottleneckMonitor(link.device, nullptr, link.flowmon); },
                "no queue disc"),
            true,
            "no disc");
        BottleneckMonitor monitor(link.device, link.disc, link.flowmon);
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&monitor]() { monitor.SetWindow(Seconds(2), Seconds(1)); },
                                  "now < start < stop"),
            true,
            "window out of order");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument(
                [&monitor, &link]() { monitor.AddTimeAverage("x", link.disc, "NoSuchTrace"); },
                "no trace source 'NoSuchTrace'"),
            true,
            "unknown trace source");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument(
                [&monitor, &link]() { monitor.AddTimeAverage("x", link.disc, "Enqueue"); },
                "not a TracedValue"),
            true,
            "a trace source that is not a TracedValue");
        monitor.AddFlow("flow", link.receiver, PORT);
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument(
                [&monitor, &link]() { monitor.AddFlow("flow", link.receiver, PORT); },
                "named twice"),
            true,
            "a flow named twice");
        monitor.SetWindow(Seconds(1), Seconds(2));
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&monitor]() { monitor.GetUtilization(); }, "has not ended"),
            true,
            "read before the window ended");
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&monitor]() { monitor.GetFlowRate("other"); }, "no flow"),
            true,
            "an unknown flow");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&monitor]() { monitor.GetTimeAverage("other"); }, "no average"),
            true,
            "an unknown average");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * ComparisonCheck: each rule on the rows of its quantity, NaN fails, Require(), the failures
 * named.
 */
class ComparisonCheckTestCase : public TestCase
{
  public:
    ComparisonCheckTestCase()
        : TestCase("ComparisonCheck: tolerances per quantity, failures named, NaN fails")
    {
    }

  private:
    void DoRun() override
    {
        ComparisonTable table;
        table.Add("rate (Mb/s)", "flow 0", 2.0, 2.19); // +9.5 %
        table.Add("rate (Mb/s)", "flow 1", 2.0, 1.79); // -10.5 %
        table.Add("rate (Mb/s)", "flow 2", 2.0, std::nan(""));
        table.Add("queue (pkts)", "link", std::nan(""), 12);
        table.Add("utilization", "link", 1.0, 0.979);
        table.Add("drops (pkts)", "link", std::nan(""), 0);

        ComparisonCheck check("summary");
        check.WithinPercent("rate (Mb/s)", 10);
        check.AtMost("queue (pkts)", 12);
        check.AtLeastFractionOfModel("utilization", 0.98);
        check.AtMost("drops (pkts)", 0);
        std::vector<std::string> failures = check.GetFailures(table);
        NS_TEST_ASSERT_MSG_EQ(failures.size(), 3, "flow 1, flow 2 (NaN), utilization");
        NS_TEST_EXPECT_MSG_EQ(failures[0].rfind("rate (Mb/s) flow 1: simulation 1.79", 0),
                              0,
                              failures[0]);
        NS_TEST_EXPECT_MSG_EQ(failures[1].rfind("rate (Mb/s) flow 2: simulation nan", 0),
                              0,
                              failures[1]);
        NS_TEST_EXPECT_MSG_EQ(failures[2].rfind("utilization link: simulation 0.979", 0),
                              0,
                              failures[2]);

        ComparisonCheck loose("loose");
        loose.WithinPercent("rate (Mb/s)", 11);
        loose.Require(true, "never printed");
        table = ComparisonTable();
        table.Add("rate (Mb/s)", "flow 0", 2.0, 2.19);
        table.Add("rate (Mb/s)", "flow 1", 2.0, 1.79);
        NS_TEST_EXPECT_MSG_EQ(loose.GetFailures(table).size(), 0, "within 11 %");
        loose.Require(false, "the disc marked 0 packets");
        failures = loose.GetFailures(table);
        NS_TEST_ASSERT_MSG_EQ(failures.size(), 1, "Require() failed");
        NS_TEST_EXPECT_MSG_EQ(failures[0], "the disc marked 0 packets", "its message");

        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&check]() { check.WithinPercent("rate (Mb/s)", -1); },
                                  "must be >= 0"),
            true,
            "a negative tolerance");
    }
};

/**
 * \ingroup dualcc
 * The BottleneckMonitor suite.
 */
class BottleneckMonitorTestSuite : public TestSuite
{
  public:
    BottleneckMonitorTestSuite()
        : TestSuite("dualcc-bottleneck-monitor", TestSuite::Type::UNIT)
    {
        AddTestCase(new BottleneckMonitorConstantRateTestCase());
        AddTestCase(new BottleneckMonitorBurstTestCase());
        AddTestCase(new BottleneckMonitorBadInputTestCase());
        AddTestCase(new ComparisonCheckTestCase());
    }
};

/// The suite's instance.
static BottleneckMonitorTestSuite g_bottleneckMonitorTestSuite;
