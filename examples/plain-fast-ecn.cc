/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// FAST-ECN in a plain ns-3 script: TcpFastEcn sources (Paganini, Wang, Low and Doyle, Infocom
// 2003, §IV) share a bottleneck managed by RemQueueDisc with the virtual-capacity price law
// (PriceLaw=VirtualCapacity, the paper's Fig. 4), marking with ECN, built with ns-3's own helpers
// (PointToPointDumbbellHelper, InternetStackHelper, Ipv4AddressHelper, BulkSendHelper,
// PacketSinkHelper, TrafficControlHelper, FlowMonitorHelper) and the module's EcnPriceHelper.
//
//     left 0 --\                                                    /-- right 0
//     ...       router L ==== bottleneck (REM VirtualCapacity, ECN) ==== router R     ...
//     left N-1-/      (access links: accessRate, accessDelay)       \-- right N-1
//
// REM raises its price p while the arrivals exceed a virtual capacity gamma_v C
// (p <- [p + (x / (gamma_v c) - 1) T]^+, every T = UpdateInterval; arrivals counted in bytes on
// the wire) and marks each departure with probability 1 - phi^(-p). Each source reads the price
// back from the fraction of its last 31 ACKs that echo a mark (p^ = -log_phi(1 - m)) and moves its
// window towards x p = K. At equilibrium the load is gamma_v C, with (almost) no real queue, the
// N sources share it equally (same K), and the price is the virtual delay q = K / x (x in
// packets/s): the duality model of one link of capacity gamma_v C whose price is virtual.
//
// What the sources need besides SocketType: TcpFastEcn at both ends (it turns ECN on; the receiver
// must echo each CE mark once) and ns-3's classic fast recovery (PRR would rewrite the window after
// TcpFastEcn undoes the socket's ECN window cut): EcnPriceHelper sets both on every host. The
// disc's Phi must be the sources' (TcpFastEcn::Phi, 1000; RemQueueDisc's default is 1.001), its
// UpdateInterval the paper's 5 ms. An ACK per segment (DelAckCount 1): the price is estimated from
// the ACKs' echoes, and with ns-3's default of one ACK per two segments the shares of equal
// sources spread by about +-10 % (doc/fast.rst). 1500-byte IP packets.
//
//   ./dualcc run plain-fast-ecn
//   ./dualcc run plain-fast-ecn --flows=8 --bottleneckRate=20Mbps
//   ./dualcc run plain-fast-ecn --flowmon=fast-ecn.xml --pcap=fast-ecn --csv=fast-ecn.csv --check
//
// The table, over the window [warmup, simTime]: each flow's rate (IP bytes received,
// FlowMonitor), the bottleneck's utilization (bytes on the wire, PPP header included, over the
// link rate), its mean backlog (the disc's PacketsInQueue, time-averaged), REM's mean price (its
// Price trace, seconds) and the fraction of departures it marked, and the drops, beside the model
// (rates gamma_v C / N, utilization gamma_v, queue 0, price q = K / x, marked fraction
// 1 - phi^(-q)). --check exits 1 if the utilization is more than 3 % from gamma_v, a rate more
// than 10 % from its share (seeds 1-3 at the defaults: -5.9 ... +6.9 %; the installers test, with
// 1000-byte packets and more packets per second, holds 5 %), or if the disc dropped a packet.
// The price and the marked fraction are printed, not checked: REM's mean price is below the
// model's q (0.21 s against 0.25 s at the defaults, seeds 1-3), hence the marked fraction too
// (0.76-0.77 against 0.83; the installers test: 0.63 against 0.688 with 1000-byte packets). The
// sources' 31-ACK estimator reads -log_phi(1 - m) from a sample of marks, which overestimates the
// price on average and so lowers REM's equilibrium price, but that bias accounts for only a small
// part of the difference (doc/fast.rst); the rest is not explained yet.

#include "ns3/applications-module.h"
#include "ns3/bottleneck-monitor.h"
#include "ns3/comparison-check.h"
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/ecn-price-helper.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-layout-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/strict-command-line.h"
#include "ns3/tcp-fast-ecn.h"
#include "ns3/traffic-control-module.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PlainFastEcn");

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
    std::cerr << "plain-fast-ecn: error: " << message << std::endl;
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
    double k = 50;
    double phi = 1000;
    double targetUtilization = 0.95;
    Time updateInterval = MilliSeconds(5);
    Time simTime = Seconds(25);
    Time warmup = Seconds(10);
    uint32_t seed = 1;
    std::string flowmonFile;
    std::string pcapPrefix;
    std::string csvFile;
    bool check = false;

    StrictCommandLine cmd(__FILE__);
    cmd.AddValue("flows", "number of FAST-ECN flows N (>= 1)", flows, 1U, 10000U);
    cmd.AddValue("bottleneckRate", "bottleneck link rate C (e.g. 10Mbps)", bottleneckRate);
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
    cmd.AddValue("K",
                 "each source's weight K, packets (TcpFastEcn::K; x q = K)",
                 k,
                 "ns3::TcpFastEcn::K");
    cmd.AddValue("phi",
                 "REM's and the sources' phi (> 1; the paper: 1000)",
                 phi,
                 "ns3::TcpFastEcn::Phi");
    cmd.AddValue("targetUtilization",
                 "REM's TargetUtilization gamma_v, in (0, 1] (the paper: 0.95)",
                 targetUtilization,
                 std::numeric_limits<double>::min(),
                 1.0,
                 "in (0, 1]");
    cmd.AddValue("updateInterval",
                 "REM's UpdateInterval T (the paper: 5ms)",
                 updateInterval,
                 "ns3::RemQueueDisc::UpdateInterval");
    cmd.AddValue("simTime", "simulated time (e.g. 25s)", simTime);
    cmd.AddValue("warmup", "start of the measurement window (e.g. 10s)", warmup);
    cmd.AddValue("seed", "the RNG seed (RngSeedManager::SetSeed)", seed);
    cmd.AddValue("flowmon", "write FlowMonitor's XML to this file (empty: none)", flowmonFile);
    cmd.AddValue("pcap",
                 "pcap traces of the bottleneck with this prefix (empty: none)",
                 pcapPrefix);
    cmd.AddValue("csv", "write the table (quantity,entity,model,simulation,error_pct)", csvFile);
    cmd.AddValue("check", "exit 1 if a simulated figure is outside its tolerance", check);
    // What this example sets itself below: a --ns3:: value for it is refused, naming the option.
    const std::string remMarks = "nothing: this example runs REM's virtual-capacity law with marks";
    cmd.Own({{"ns3::TcpFastEcn::K", "--K"},
             {"ns3::TcpFastEcn::Phi", "--phi"},
             {"ns3::TcpSocket::SegmentSize", "--segmentSize"},
             {"ns3::TcpSocket::DelAckCount", "nothing: an ACK per segment (the price's echoes)"},
             {"ns3::RemQueueDisc::PriceLaw", remMarks},
             {"ns3::RemQueueDisc::UseEcn", remMarks},
             {"ns3::RemQueueDisc::TargetUtilization", "--targetUtilization"},
             {"ns3::RemQueueDisc::Phi", "--phi"},
             {"ns3::RemQueueDisc::UpdateInterval", "--updateInterval"}});
    cmd.Own(OwnedAttributes::ForPointToPoint(true));
    cmd.Parse(argc, argv);

    cmd.CheckWindow(warmup, simTime);
    RngSeedManager::SetSeed(seed);

    // FAST-ECN's attributes (both ends read them); the sockets: 1500-byte packets, an ACK per
    // segment.
    Config::SetDefault("ns3::TcpFastEcn::K", DoubleValue(k));
    Config::SetDefault("ns3::TcpFastEcn::Phi", DoubleValue(phi));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(accessRate));
    access.SetChannelAttribute("Delay", TimeValue(accessDelay));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", DataRateValue(bottleneckRate));
    bottleneck.SetChannelAttribute("Delay", TimeValue(bottleneckDelay));
    // One packet in the device queue under the disc (REM refuses more: packets would wait there,
    // outside its law).
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    PointToPointDumbbellHelper dumbbell(flows, access, flows, access, bottleneck);

    InternetStackHelper stack;
    dumbbell.InstallStack(stack);
    // TcpFastEcn with classic recovery on every host, sources and sinks.
    NodeContainer hosts;
    for (uint32_t i = 0; i < flows; ++i)
    {
        hosts.Add(dumbbell.GetLeft(i));
        hosts.Add(dumbbell.GetRight(i));
    }
    EcnPriceHelper().Install(hosts);
    // REM's virtual-capacity law on the left router's bottleneck device, before addresses are
    // assigned (which would install ns-3's default disc). Its capacity is the device's DataRate.
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::RemQueueDisc",
                         "PriceLaw",
                         EnumValue(RemQueueDisc::VIRTUAL_CAPACITY),
                         "TargetUtilization",
                         DoubleValue(targetUtilization),
                         "Phi",
                         DoubleValue(phi),
                         "UpdateInterval",
                         TimeValue(updateInterval),
                         "UseEcn",
                         BooleanValue(true));
    Ptr<NetDevice> bottleneckDevice = dumbbell.GetLeft()->GetDevice(0);
    Ptr<QueueDisc> disc = tch.Install(bottleneckDevice).Get(0);
    dumbbell.AssignIpv4Addresses(Ipv4AddressHelper("10.1.0.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.2.0.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.3.0.0", "255.255.255.0"));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    DynamicCast<RemQueueDisc>(disc)->AssignStreams(0);

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
    // the flows to sink i's address and port), the utilization (bytes on the wire), the disc's
    // mean backlog, REM's mean price (its Price trace), the marks and drops.
    BottleneckMonitor bottleneckMonitor(bottleneckDevice, disc, flowmonHelper);
    for (uint32_t i = 0; i < flows; ++i)
    {
        bottleneckMonitor.AddFlow("flow " + std::to_string(i),
                                  dumbbell.GetRightIpv4Address(i),
                                  SINK_PORT);
    }
    bottleneckMonitor.AddTimeAverage("price", disc, "Price");
    bottleneckMonitor.SetWindow(warmup, simTime);
    Simulator::Stop(simTime);
    Simulator::Run();

    const uint32_t ipBytes = segmentSize + TCP_IP_HEADER_BYTES;
    const uint32_t wireBytes = ipBytes + PPP_HEADER_BYTES;

    // The model: one link of gamma_v c packets/s (of the wire size: REM counts bytes on the wire)
    // whose price is virtual (REM's, not a queueing delay), N sources of weight K packets. Its
    // price q = K / x is in seconds, as REM's.
    DualityModel model;
    const double roundTrip = 2 * (2 * accessDelay + bottleneckDelay).GetSeconds();
    std::size_t link =
        model.AddLinkBps("bottleneck", targetUtilization * bottleneckRate.GetBitRate(), wireBytes);
    model.SetPhysicalPrice(link, false);
    model.AddSources(flows, "flow", {link}, roundTrip, k);
    DualityModel::Solution solution = model.Solve();
    if (!solution.converged)
    {
        Fail("the duality model did not converge");
    }
    const double modelPrice = solution.links[0].price;

    std::ostringstream title;
    title << "FAST-ECN over REM (VirtualCapacity): " << flows << " flows, "
          << bottleneckRate.GetBitRate() / 1e6 << " Mb/s, " << ipBytes
          << "-byte IP packets, K = " << k << ", gamma_v = " << targetUtilization
          << ", phi = " << phi << ", window " << warmup.GetSeconds() << "-" << simTime.GetSeconds()
          << " s";
    ComparisonTable table(title.str());
    for (uint32_t i = 0; i < flows; ++i)
    {
        const std::string flow = "flow " + std::to_string(i);
        table.Add("rate (Mb/s)",
                  flow,
                  solution.sources[i].rate * ipBytes * 8 / 1e6,
                  bottleneckMonitor.GetFlowRate(flow) / 1e6);
    }
    // The utilization of C: the model's of gamma_v C, times gamma_v.
    table.Add("utilization",
              "bottleneck",
              targetUtilization * solution.links[0].utilization,
              bottleneckMonitor.GetUtilization());
    table.Add("queue (pkts)",
              "bottleneck",
              solution.links[0].backlog,
              bottleneckMonitor.GetMeanBacklogPackets());
    table.Add("price (s)", "bottleneck", modelPrice, bottleneckMonitor.GetTimeAverage("price"));
    const double departures = bottleneckMonitor.GetDepartures();
    const double marks = bottleneckMonitor.GetMarks(RemQueueDisc::UNFORCED_MARK);
    table.Add("marked fraction",
              "bottleneck",
              1 - std::pow(phi, -modelPrice),
              departures > 0 ? marks / departures : 0);
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
        ComparisonCheck tolerances("utilization within 3 % of gamma_v, rates within 10 % of "
                                   "gamma_v C / N, no drops (price and marked fraction: printed)");
        tolerances.WithinPercent("utilization", 3);
        tolerances.WithinPercent("rate (Mb/s)", 10);
        tolerances.AtMost("drops (pkts)", 0);
        if (!tolerances.Report(table, "plain-fast-ecn"))
        {
            return 1;
        }
    }
    return 0;
}
