/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// FAST-delay in a plain ns-3 script: TcpFastDelay sources (Paganini, Wang, Low and Doyle,
// Infocom 2003, §VI) share a DropTail bottleneck, built with ns-3's own helpers only
// (PointToPointDumbbellHelper, InternetStackHelper, Ipv4AddressHelper, BulkSendHelper,
// PacketSinkHelper, TrafficControlHelper, FlowMonitorHelper). The price of FAST-delay is the
// queueing delay q, so a plain FIFO is its link law: at equilibrium every source keeps K packets
// queued (x q = K), the link runs full, the queue holds sum K packets and the flows share the link
// equally whatever their RTT.
//
//     left 0 --\                                                    /-- right 0
//     ...       router L ==== bottleneck (FIFO queue disc) ==== router R     ...
//     left N-1-/      (access links: accessRate, accessDelay)       \-- right N-1
//
// Flow i is a BulkSend from left i to a PacketSink on right i. The table gives, over the window
// [warmup, simTime], each flow's rate (IP bytes received, FlowMonitor), the bottleneck's mean
// backlog (the queue disc's PacketsInQueue, time-averaged), its utilization (bytes on the wire,
// PPP header included, over the link rate) and its drops, beside the duality model's values
// (DualityModel: one link of c packets/s of the wire size, N sources of weight K): rates c / N,
// queue sum K, utilization 1.
//
//   ./dualcc run plain-fast-delay
//   ./dualcc run plain-fast-delay --flows=8 --bottleneckRate=20Mbps --segmentSize=948
//   ./dualcc run plain-fast-delay --flowmon=fast.xml --pcap=fast --csv=fast.csv --check
//
// --check exits 1 if a rate is more than 10 % from c / N, the queue more than 10 % from sum K, or
// the utilization more than 2 % below 1 (the module's system test holds 5 %, 10 % and 2 % over a
// longer window).

#include "ns3/applications-module.h"
#include "ns3/bottleneck-monitor.h"
#include "ns3/comparison-check.h"
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-layout-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/strict-command-line.h"
#include "ns3/tcp-fast-delay.h"
#include "ns3/traffic-control-module.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PlainFastDelay");

namespace
{

/// IPv4 (20) + TCP (20) + timestamp option (12, on by default in ns-3) bytes per data segment.
constexpr uint32_t TCP_IP_HEADER_BYTES = 52;
/// The point-to-point link header (PPP) on the wire, bytes.
constexpr uint32_t PPP_HEADER_BYTES = 2;
/// The port the sinks listen on.
constexpr uint16_t SINK_PORT = 5000;
/// The flows start this far apart (their SYNs do not meet at the bottleneck).
const Time START_SPACING = MilliSeconds(100);

/// Print an error and exit 1.
[[noreturn]] void
Fail(const std::string& message)
{
    std::cerr << "plain-fast-delay: error: " << message << std::endl;
    std::exit(1);
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t flows = 4;
    DataRate bottleneckRate("10Mbps");
    Time bottleneckDelay = MilliSeconds(10);
    DataRate accessRate("100Mbps");
    Time accessDelay = MilliSeconds(1);
    uint32_t segmentSize = 1448;
    QueueSize queueSize("1000p");
    double k = 50;
    Time simTime = Seconds(30);
    Time warmup = Seconds(15);
    uint32_t seed = 1;
    std::string flowmonFile;
    std::string pcapPrefix;
    std::string csvFile;
    bool check = false;

    StrictCommandLine cmd(__FILE__);
    cmd.AddValue("flows", "number of FAST-delay flows N (>= 1)", flows, 1U, 10000U);
    cmd.AddValue("bottleneckRate", "bottleneck link rate c (e.g. 10Mbps)", bottleneckRate);
    cmd.AddValue("bottleneckDelay",
                 "bottleneck one-way propagation delay (e.g. 10ms)",
                 bottleneckDelay);
    cmd.AddValue("accessRate", "access link rate (e.g. 100Mbps)", accessRate);
    cmd.AddValue("accessDelay", "access link one-way propagation delay (e.g. 1ms)", accessDelay);
    cmd.AddValue("segmentSize",
                 "TCP segment size, bytes (1448: 1500-byte IP packets with timestamps)",
                 segmentSize,
                 1U,
                 65000U);
    cmd.AddValue("queueSize", "the FIFO's MaxSize (packets, e.g. 1000p; > sum K)", queueSize);
    cmd.AddValue("K",
                 "each source's weight K, packets it keeps queued (TcpFastDelay::K)",
                 k,
                 "ns3::TcpFastDelay::K");
    cmd.AddValue("simTime", "simulated time (e.g. 30s)", simTime);
    cmd.AddValue("warmup", "start of the measurement window (e.g. 15s)", warmup);
    cmd.AddValue("seed", "the RNG seed (RngSeedManager::SetSeed)", seed);
    cmd.AddValue("flowmon", "write FlowMonitor's XML to this file (empty: none)", flowmonFile);
    cmd.AddValue("pcap",
                 "pcap traces of the bottleneck with this prefix (empty: none)",
                 pcapPrefix);
    cmd.AddValue("csv", "write the table (quantity,entity,model,simulation,error_pct)", csvFile);
    cmd.AddValue("check", "exit 1 if a simulated figure is outside its tolerance", check);
    // What this example sets itself below: a --ns3:: value for it is refused, naming the option.
    cmd.Own({{"ns3::TcpL4Protocol::SocketType", "nothing: this example runs TcpFastDelay"},
             {"ns3::TcpSocket::SegmentSize", "--segmentSize"},
             {"ns3::TcpFastDelay::K", "--K"},
             {"ns3::FifoQueueDisc::MaxSize", "--queueSize"}});
    cmd.Own(OwnedAttributes::ForPointToPoint(true));
    cmd.Parse(argc, argv);

    cmd.CheckWindow(warmup, simTime);
    RngSeedManager::SetSeed(seed);

    // FAST-delay on every TCP socket, ns-3's defaults otherwise.
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpFastDelay::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpFastDelay::K", DoubleValue(k));

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(accessRate));
    access.SetChannelAttribute("Delay", TimeValue(accessDelay));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", DataRateValue(bottleneckRate));
    bottleneck.SetChannelAttribute("Delay", TimeValue(bottleneckDelay));
    // A queue disc sees a backlog only when the device queue under it is full: keep that one
    // short (ns-3's default is 100 packets) so that the disc holds the queue.
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    PointToPointDumbbellHelper dumbbell(flows, access, flows, access, bottleneck);

    InternetStackHelper stack;
    dumbbell.InstallStack(stack);
    // The FIFO on the left router's bottleneck device, before addresses are assigned (which
    // would install ns-3's default disc).
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", QueueSizeValue(queueSize));
    Ptr<NetDevice> bottleneckDevice = dumbbell.GetLeft()->GetDevice(0);
    Ptr<QueueDisc> disc = tch.Install(bottleneckDevice).Get(0);
    dumbbell.AssignIpv4Addresses(Ipv4AddressHelper("10.1.0.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.2.0.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.3.0.0", "255.255.255.0"));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    for (uint32_t i = 0; i < flows; ++i)
    {
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(dumbbell.GetRightIpv4Address(i), SINK_PORT));
        ApplicationContainer app = source.Install(dumbbell.GetLeft(i));
        app.Start(START_SPACING * i);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), SINK_PORT));
        sink.Install(dumbbell.GetRight(i)).Start(Seconds(0));
    }

    if (!pcapPrefix.empty())
    {
        bottleneck.EnablePcap(pcapPrefix, bottleneckDevice);
    }
    FlowMonitorHelper flowmonHelper;
    Ptr<FlowMonitor> flowMonitor = flowmonHelper.InstallAll();
    // The measurement window [warmup, simTime] on the bottleneck: each flow's rate (FlowMonitor:
    // the flows to sink i's address and port), the disc's mean backlog, the utilization (bytes on
    // the wire), the drops.
    BottleneckMonitor bottleneckMonitor(bottleneckDevice, disc, flowmonHelper);
    for (uint32_t i = 0; i < flows; ++i)
    {
        bottleneckMonitor.AddFlow("flow " + std::to_string(i),
                                  dumbbell.GetRightIpv4Address(i),
                                  SINK_PORT);
    }
    bottleneckMonitor.SetWindow(warmup, simTime);
    Simulator::Stop(simTime);
    Simulator::Run();

    const uint32_t ipBytes = segmentSize + TCP_IP_HEADER_BYTES;
    const uint32_t wireBytes = ipBytes + PPP_HEADER_BYTES;

    // The model: one link of c packets/s (of the wire size), N sources of weight K packets.
    DualityModel model;
    const double roundTrip = 2 * (2 * accessDelay + bottleneckDelay).GetSeconds();
    std::size_t link = model.AddLinkBps("bottleneck", bottleneckRate.GetBitRate(), wireBytes);
    model.AddSources(flows, "flow", {link}, roundTrip, k);
    DualityModel::Solution solution = model.Solve();
    if (!solution.converged)
    {
        Fail("the duality model did not converge");
    }

    std::ostringstream title;
    title << "FAST-delay over DropTail: " << flows << " flows, "
          << bottleneckRate.GetBitRate() / 1e6 << " Mb/s, " << ipBytes
          << "-byte IP packets, K = " << k << ", window " << warmup.GetSeconds() << "-"
          << simTime.GetSeconds() << " s";
    ComparisonTable table(title.str());
    for (uint32_t i = 0; i < flows; ++i)
    {
        const std::string flow = "flow " + std::to_string(i);
        table.Add("rate (Mb/s)",
                  flow,
                  solution.sources[i].rate * ipBytes * 8 / 1e6,
                  bottleneckMonitor.GetFlowRate(flow) / 1e6);
    }
    table.Add("queue (pkts)",
              "bottleneck",
              solution.links[0].backlog,
              bottleneckMonitor.GetMeanBacklogPackets());
    table.Add("utilization",
              "bottleneck",
              solution.links[0].utilization,
              bottleneckMonitor.GetUtilization());
    table.Add("drops (pkts)", "bottleneck", std::nan(""), bottleneckMonitor.GetDrops());
    table.Print(std::cout);
    if (!csvFile.empty())
    {
        table.WriteCsv(csvFile);
    }
    if (!flowmonFile.empty())
    {
        flowMonitor->SerializeToXmlFile(flowmonFile, true, true);
    }
    Simulator::Destroy();

    if (check)
    {
        ComparisonCheck tolerances(
            "rates and queue within 10 % of the model, utilization at least 0.98 of it");
        tolerances.WithinPercent("rate (Mb/s)", 10);
        tolerances.WithinPercent("queue (pkts)", 10);
        tolerances.AtLeastFractionOfModel("utilization", 0.98);
        if (!tolerances.Report(table, "plain-fast-delay"))
        {
            return 1;
        }
    }
    return 0;
}
