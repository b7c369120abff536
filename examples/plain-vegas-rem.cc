/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Vegas with REM in a plain ns-3 script: TcpDualVegas sources whose price is the fraction of
// ECN-marked packets share a bottleneck managed by RemQueueDisc (the Rem law: Low, Peterson and
// Wang, "Understanding TCP Vegas: a duality model", J. ACM 2002, §5, eqs. 30-33), built with
// ns-3's own helpers only (PointToPointDumbbellHelper, InternetStackHelper, Ipv4AddressHelper,
// BulkSendHelper, PacketSinkHelper, TrafficControlHelper, FlowMonitorHelper).
//
//     left 0 --\                                                    /-- right 0
//     ...       router L ==== bottleneck (RemQueueDisc, ECN) ==== router R     ...
//     left N-1-/      (access links: accessRate, accessDelay)       \-- right N-1
//
// Each source estimates the path price p = -log_phi(1 - m) from the fraction m of its packets
// acknowledged with ECN-Echo and moves its window so that its rate (packets per AlphaTimeUnit u)
// times p is alpha packets. REM raises its price while arrivals exceed the capacity or a queue
// stands (p <- [p + gamma (mu b + x - c)]^+) and marks each arrival with probability 1 - phi^(-p):
// at equilibrium the link runs full with no queue (eq. 30: b = 0, x = c), and the rates are those
// of the duality model (DualityModel, with a virtual price: equal weights alpha give equal shares
// c / N, and the price is p = alpha / (x u)).
//
// What the sources need besides SocketType: ECN on (TcpSocketBase::UseEcn; TcpDualVegas also turns
// it on), TcpDualVegas at the receivers too (it echoes each CE mark once: SocketType does this),
// and ns-3's classic fast recovery (TcpL4Protocol::RecoveryType), since PRR would rewrite the
// window after TcpDualVegas undoes the socket's ECN window cut (doc/tcp-dual-vegas.rst); and, as
// every Vegas, exact RTT samples (no timestamps, an ACK per segment, the last sample rather than
// ns-3's smoothed RTT). The link is the paper's §6.3 bottleneck (48 Mb/s) with the paper's
// phi = 1.1 (a price near 2 then marks about 17 % of the packets, which a source can measure in
// a round), REM's gamma and mu scaled to the link and the sources (below); 1500-byte IP packets.
//
//   ./dualcc run plain-vegas-rem
//   ./dualcc run plain-vegas-rem --segmentSize=960 --seed=2        # 1000-byte IP packets
//   ./dualcc run plain-vegas-rem --flowmon=vegas.xml --pcap=vegas --csv=vegas.csv --check
//
// The table, over the window [warmup, simTime]: each flow's rate (IP bytes received,
// FlowMonitor), the bottleneck's mean backlog (the disc's PacketsInQueue, time-averaged), its
// utilization (bytes on the wire, PPP header included, over the link rate), REM's mean price (its
// Price trace, time-averaged) and the fraction of arrivals it marked, beside the model.
// --check exits 1 if the utilization is more than 6 % below 1 (REM's equilibrium x = c - mu b
// falls short of c by mu times the mean backlog of a bursty queue; the paper reports 90-96 %), a
// rate more than 15 % from c / N (that shortfall plus the spread of Vegas' one-packet steps over
// a 20 s window), the mean queue above sum alpha packets (what Vegas would hold on a DropTail
// link), or the price or the marked fraction more than 20 % from the model's.
//
// REM integrates, and Vegas moves its window by one packet per round trip however far the price
// is from its target: if REM's price lags the queue the sources' slow starts build, the queue
// stands for seconds and winds the price far above its equilibrium, which then comes down by at
// most gamma c per update. With REM's defaults (gamma 0.001, mu 0.1) that happened at 10 Mb/s
// (over 20-40 s: price 12.6 against the model's 9.6, utilization 0.56, one flow stalled) and
// with 4 MB socket buffers (price 212 against 2, utilization 0.12). So gamma and mu follow the link
// and the sources unless given: gamma = 1 / (2 c u) per packet (c in packets/s, u = alphaTimeUnit),
// a standing queue raising the price at half the rate of its queueing delay counted in u (plain
// Vegas' own price, Vegas paper §2.5; a gain of 1 makes the price jitter by a packet's delay at
// each arrival, and since marking is concave in the price, the mean price ends 15-24 % above the
// model); mu = 0.01 c T / N (T = 1 ms, REM's update interval), so that mu times a backlog of about
// a packet per flow costs 1 % of the capacity. All these scales then settle within 20 s
// (utilization 0.99; doc/tcp-dual-vegas.rst).

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
#include "ns3/rem-queue-disc.h"
#include "ns3/strict-command-line.h"
#include "ns3/tcp-dual-vegas.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PlainVegasRem");

namespace
{

/// IPv4 (20) + TCP (20) bytes per data segment (TCP timestamps are off, see main()).
constexpr uint32_t TCP_IP_HEADER_BYTES = 40;
/// The point-to-point link header (PPP) on the wire, bytes.
constexpr uint32_t PPP_HEADER_BYTES = 2;
/// The port the sinks listen on.
constexpr uint16_t SINK_PORT = 5000;
/// The flows start this far apart. All at once: a SYN is not ECN-capable, and REM drops a
/// packet it would mark that is not; once the slow starts have raised the price, a later SYN
/// is dropped again and again (ns-3 retries a SYN after 3 s, 6 s, ...): with 100 ms between
/// starts, 8 flows on 96 Mb/s left one flow and 4 MB buffers three flows with nothing sent in
/// 20-40 s.
const Time START_SPACING = Seconds(0);

/// Print an error and exit 1.
[[noreturn]] void
Fail(const std::string& message)
{
    std::cerr << "plain-vegas-rem: error: " << message << std::endl;
    std::exit(1);
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t flows = 4;
    DataRate bottleneckRate("48Mbps");
    Time bottleneckDelay = MilliSeconds(10);
    DataRate accessRate("100Mbps");
    Time accessDelay = MilliSeconds(1);
    uint32_t segmentSize = 1460;
    double alpha = 2;
    Time alphaTimeUnit = MilliSeconds(1);
    double phi = 1.1;
    double remGamma = 0; // 0: the rule below
    double remMu = 0;    // 0: the rule below
    Time simTime = Seconds(40);
    Time warmup = Seconds(20);
    uint32_t seed = 1;
    std::string flowmonFile;
    std::string pcapPrefix;
    std::string csvFile;
    bool check = false;

    StrictCommandLine cmd(__FILE__);
    cmd.AddValue("flows", "number of Vegas flows N (>= 1)", flows, 1U, 10000U);
    cmd.AddValue("bottleneckRate", "bottleneck link rate c (e.g. 10Mbps)", bottleneckRate);
    cmd.AddValue("bottleneckDelay",
                 "bottleneck one-way propagation delay (e.g. 10ms)",
                 bottleneckDelay);
    cmd.AddValue("accessRate", "access link rate (e.g. 100Mbps)", accessRate);
    cmd.AddValue("accessDelay", "access link one-way propagation delay (e.g. 1ms)", accessDelay);
    cmd.AddValue("segmentSize",
                 "TCP segment size, bytes (1460: 1500-byte IP packets; no timestamps)",
                 segmentSize,
                 1U,
                 65000U);
    cmd.AddValue("alpha",
                 "Vegas alpha = beta, packets (rate per AlphaTimeUnit x price)",
                 alpha,
                 "ns3::TcpDualVegas::Alpha");
    cmd.AddValue("alphaTimeUnit",
                 "the unit u of the sources' rate (TcpDualVegas)",
                 alphaTimeUnit,
                 "ns3::TcpDualVegas::AlphaTimeUnit");
    cmd.AddValue("phi",
                 "REM's and the sources' phi (> 1; the paper: 1.1)",
                 phi,
                 "ns3::TcpDualVegas::Phi");
    cmd.AddValue("remGamma",
                 "REM's step size gamma (eq. 30), per packet, in (0, 1000]; 0: 1 / (2 c u), c in "
                 "packets/s, u = alphaTimeUnit",
                 remGamma,
                 0.0,
                 1000.0,
                 "in (0, 1000], or 0 (the rule)");
    cmd.AddValue("remMu",
                 "REM's backlog weight mu (eq. 30), in (0, 1); 0: 0.01 c T / N (T = REM's 1 ms "
                 "update interval), at most 0.5",
                 remMu,
                 0.0,
                 std::nextafter(1.0, 0.0),
                 "in (0, 1), or 0 (the rule)");
    cmd.AddValue("simTime", "simulated time (e.g. 40s)", simTime);
    cmd.AddValue("warmup", "start of the measurement window (e.g. 20s)", warmup);
    cmd.AddValue("seed", "the RNG seed (RngSeedManager::SetSeed)", seed);
    cmd.AddValue("flowmon", "write FlowMonitor's XML to this file (empty: none)", flowmonFile);
    cmd.AddValue("pcap",
                 "pcap traces of the bottleneck with this prefix (empty: none)",
                 pcapPrefix);
    cmd.AddValue("csv", "write the table (quantity,entity,model,simulation,error_pct)", csvFile);
    cmd.AddValue("check", "exit 1 if a simulated figure is outside its tolerance", check);
    // What this example sets itself below: a --ns3:: value for it is refused, naming the option.
    const std::string samples = "nothing: this example fixes it (Vegas' RTT samples, ECN prices)";
    cmd.Own({{"ns3::TcpL4Protocol::SocketType", "nothing: this example runs TcpDualVegas"},
             {"ns3::TcpL4Protocol::RecoveryType", samples},
             {"ns3::TcpSocketBase::UseEcn", samples},
             {"ns3::TcpSocket::SegmentSize", "--segmentSize"},
             {"ns3::TcpSocketBase::Timestamp", samples},
             {"ns3::TcpSocket::DelAckCount", samples},
             {"ns3::RttMeanDeviation::Alpha", samples},
             {"ns3::TcpDualVegas::PriceSource", samples},
             {"ns3::TcpDualVegas::Alpha", "--alpha"},
             {"ns3::TcpDualVegas::Beta", "--alpha (Beta = Alpha)"},
             {"ns3::TcpDualVegas::AlphaTimeUnit", "--alphaTimeUnit"},
             {"ns3::TcpDualVegas::Phi", "--phi"},
             {"ns3::RemQueueDisc::UseEcn", samples},
             {"ns3::RemQueueDisc::Phi", "--phi"},
             {"ns3::RemQueueDisc::Gamma", "--remGamma"},
             {"ns3::RemQueueDisc::Mu", "--remMu"},
             {"ns3::RemQueueDisc::UpdateInterval", "nothing: REM's 1 ms (the rule for --remMu)"}});
    cmd.Own(OwnedAttributes::ForPointToPoint(true));
    cmd.Parse(argc, argv);

    cmd.CheckWindow(warmup, simTime);
    RngSeedManager::SetSeed(seed);

    // REM scaled to the link and the sources (doc/tcp-dual-vegas.rst, "Usage in your own
    // script"): gamma = 1 / (2 c u), so that a standing queue raises the price at half the rate
    // of its queueing delay counted in u (plain Vegas' price, Vegas paper §2.5); mu such that mu
    // times a backlog of about one packet per flow costs 1 % of the capacity per update interval
    // T, mu = 0.01 c T / N. (REM's defaults, 0.001 and 0.1, are 125 and 10 times smaller and
    // larger at 48 Mb/s: the price then lags the queue of the slow starts and winds up.)
    const Time remUpdateInterval = MilliSeconds(1); // RemQueueDisc's default UpdateInterval
    const double wirePps = bottleneckRate.GetBitRate() /
                           (8.0 * (segmentSize + TCP_IP_HEADER_BYTES + PPP_HEADER_BYTES));
    if (remGamma == 0)
    {
        remGamma = 1 / (2 * wirePps * alphaTimeUnit.GetSeconds());
    }
    if (remMu == 0)
    {
        remMu = std::min(0.01 * wirePps * remUpdateInterval.GetSeconds() / flows, 0.5);
    }
    // The rules' values (the options' own were checked by cmd).
    if (!(remGamma > 0 && remGamma <= 1000))
    {
        cmd.Fail("remGamma",
                 "0",
                 "the rule 1 / (2 c u) gives " + std::to_string(remGamma) + ", outside (0, 1000]",
                 "a value in (0, 1000], or a higher --bottleneckRate or --alphaTimeUnit");
    }
    if (!(remMu > 0 && remMu < 1))
    {
        cmd.Fail("remMu",
                 "0",
                 "the rule 0.01 c T / N gives " + std::to_string(remMu) + ", outside (0, 1)",
                 "a value in (0, 1)");
    }

    // Vegas with ECN prices on every TCP socket (senders and receivers).
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpDualVegas::GetTypeId()));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(TcpClassicRecovery::GetTypeId()));
    Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    // Vegas measures its rate W / RTT from RTT samples; three ns-3 defaults blur them
    // (doc/tcp-dual-vegas.rst, "Measuring RTTs in ns-3"): timestamps count whole milliseconds,
    // a delayed ACK's sample includes the gap between two segments, and ns-3.37 hands the
    // congestion control the smoothed RTT (a gain of 1 makes it the last sample).
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::RttMeanDeviation::Alpha", DoubleValue(1.0));
    Config::SetDefault("ns3::TcpDualVegas::PriceSource", StringValue("EcnMarks"));
    Config::SetDefault("ns3::TcpDualVegas::Alpha", DoubleValue(alpha));
    Config::SetDefault("ns3::TcpDualVegas::Beta", DoubleValue(alpha));
    Config::SetDefault("ns3::TcpDualVegas::AlphaTimeUnit", TimeValue(alphaTimeUnit));
    Config::SetDefault("ns3::TcpDualVegas::Phi", DoubleValue(phi));

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
    // REM on the left router's bottleneck device, before addresses are assigned (which would
    // install ns-3's default disc). Its capacity is the device's DataRate.
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::RemQueueDisc",
                         "UseEcn",
                         BooleanValue(true),
                         "Phi",
                         DoubleValue(phi),
                         "Gamma",
                         DoubleValue(remGamma),
                         "Mu",
                         DoubleValue(remMu),
                         "UpdateInterval",
                         TimeValue(remUpdateInterval));
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
    // the flows to sink i's address and port), the disc's mean backlog, the utilization (bytes on
    // the wire), REM's mean price (its Price trace), the marks and drops.
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

    // The model: one link of c packets/s (of the wire size) whose price is virtual (REM's, not a
    // queueing delay), N sources of weight alpha packets. Its price p is in seconds (alpha / x,
    // x in packets/s); the sources count it in units of u: p / u.
    DualityModel model;
    const double roundTrip = 2 * (2 * accessDelay + bottleneckDelay).GetSeconds();
    std::size_t link = model.AddLinkBps("bottleneck", bottleneckRate.GetBitRate(), wireBytes);
    model.SetPhysicalPrice(link, false);
    model.AddSources(flows, "flow", {link}, roundTrip, alpha);
    DualityModel::Solution solution = model.Solve();
    if (!solution.converged)
    {
        Fail("the duality model did not converge");
    }
    const double modelPrice = solution.links[0].price / alphaTimeUnit.GetSeconds();

    std::ostringstream title;
    title << "Vegas over REM: " << flows << " flows, " << bottleneckRate.GetBitRate() / 1e6
          << " Mb/s, " << ipBytes << "-byte IP packets, alpha = " << alpha << ", phi = " << phi
          << ", REM gamma = " << remGamma << ", mu = " << remMu << ", window "
          << warmup.GetSeconds() << "-" << simTime.GetSeconds() << " s";
    ComparisonTable table(title.str());
    for (uint32_t i = 0; i < flows; ++i)
    {
        const std::string flow = "flow " + std::to_string(i);
        table.Add("rate (Mb/s)",
                  flow,
                  solution.sources[i].rate * ipBytes * 8 / 1e6,
                  bottleneckMonitor.GetFlowRate(flow) / 1e6);
    }
    const double arrivals = bottleneckMonitor.GetArrivals();
    const double marks = bottleneckMonitor.GetMarks(RemQueueDisc::UNFORCED_MARK);
    table.Add("queue (pkts)",
              "bottleneck",
              solution.links[0].backlog,
              bottleneckMonitor.GetMeanBacklogPackets());
    table.Add("utilization",
              "bottleneck",
              solution.links[0].utilization,
              bottleneckMonitor.GetUtilization());
    table.Add("price (u = AlphaTimeUnit)",
              "bottleneck",
              modelPrice,
              bottleneckMonitor.GetTimeAverage("price"));
    table.Add("marked fraction",
              "bottleneck",
              1 - std::pow(phi, -modelPrice),
              arrivals > 0 ? marks / arrivals : 0);
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
        ComparisonCheck tolerances("rates within 15 % of the model, utilization within 6 %, "
                                   "queue <= sum alpha, price and marked fraction within 20 %");
        tolerances.WithinPercent("rate (Mb/s)", 15);
        tolerances.WithinPercent("utilization", 6);
        tolerances.AtMost("queue (pkts)", flows * alpha);
        tolerances.WithinPercent("price (u = AlphaTimeUnit)", 20);
        tolerances.WithinPercent("marked fraction", 20);
        if (!tolerances.Report(table, "plain-vegas-rem"))
        {
            return 1;
        }
    }
    return 0;
}
