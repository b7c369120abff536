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
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-layout-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-fast-delay.h"
#include "ns3/traffic-control-module.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
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

/// The time average of a traced value over the measurement window.
struct TimeAverage
{
    double area{0};  //!< integral over the window so far
    double value{0}; //!< the current value
    Time last;       //!< when the area was last brought up to date
    bool on{false};  //!< true inside the window

    /// Bring the area up to now and take \p newValue.
    void Update(double newValue)
    {
        if (on)
        {
            area += value * (Simulator::Now() - last).GetSeconds();
        }
        value = newValue;
        last = Simulator::Now();
    }
};

TimeAverage g_queue;      //!< the disc's backlog, packets
uint64_t g_wireBytes = 0; //!< bytes sent by the bottleneck device inside the window

/// The disc's backlog changed.
void
OnQueue(uint32_t /* oldValue */, uint32_t newValue)
{
    g_queue.Update(newValue);
}

/// The bottleneck device finished sending a frame (PPP header included).
void
OnWireTx(Ptr<const Packet> packet)
{
    if (g_queue.on)
    {
        g_wireBytes += packet->GetSize();
    }
}

/**
 * The measurement window starts: remember FlowMonitor's and the disc's counters, start the sums.
 * \param monitor the flow monitor
 * \param disc the bottleneck's queue disc
 * \param rxBytes each flow's received bytes so far (filled)
 * \param discStats the disc's statistics so far (filled)
 */
void
StartWindow(Ptr<FlowMonitor> monitor,
            Ptr<QueueDisc> disc,
            std::map<FlowId, uint64_t>* rxBytes,
            QueueDisc::Stats* discStats)
{
    g_queue.Update(g_queue.value);
    g_queue.on = true;
    monitor->CheckForLostPackets();
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        (*rxBytes)[id] = stats.rxBytes;
    }
    *discStats = disc->GetStats();
}

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
    std::string queueSize = "1000p";
    double k = 50;
    Time simTime = Seconds(30);
    Time warmup = Seconds(15);
    uint32_t seed = 1;
    std::string flowmonFile;
    std::string pcapPrefix;
    std::string csvFile;
    bool check = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("flows", "number of FAST-delay flows N (>= 1)", flows);
    cmd.AddValue("bottleneckRate", "bottleneck link rate c (e.g. 10Mbps)", bottleneckRate);
    cmd.AddValue("bottleneckDelay",
                 "bottleneck one-way propagation delay (e.g. 10ms)",
                 bottleneckDelay);
    cmd.AddValue("accessRate", "access link rate (e.g. 100Mbps)", accessRate);
    cmd.AddValue("accessDelay", "access link one-way propagation delay (e.g. 1ms)", accessDelay);
    cmd.AddValue("segmentSize",
                 "TCP segment size, bytes (1448: 1500-byte IP packets with timestamps)",
                 segmentSize);
    cmd.AddValue("queueSize", "the FIFO's MaxSize (packets, e.g. 1000p; > sum K)", queueSize);
    cmd.AddValue("K", "each source's weight K, packets it keeps queued (TcpFastDelay::K)", k);
    cmd.AddValue("simTime", "simulated time (e.g. 30s)", simTime);
    cmd.AddValue("warmup", "start of the measurement window (e.g. 15s)", warmup);
    cmd.AddValue("seed", "the RNG seed (RngSeedManager::SetSeed)", seed);
    cmd.AddValue("flowmon", "write FlowMonitor's XML to this file (empty: none)", flowmonFile);
    cmd.AddValue("pcap",
                 "pcap traces of the bottleneck with this prefix (empty: none)",
                 pcapPrefix);
    cmd.AddValue("csv", "write the table (quantity,entity,model,simulation,error_pct)", csvFile);
    cmd.AddValue("check", "exit 1 if a simulated figure is outside its tolerance", check);
    cmd.Parse(argc, argv);

    if (flows < 1)
    {
        Fail("--flows must be at least 1");
    }
    if (!(warmup.IsPositive() && warmup < simTime))
    {
        Fail("--warmup must be in (0, simTime)");
    }
    if (segmentSize < 1 || segmentSize > 65000)
    {
        Fail("--segmentSize must be in [1, 65000] bytes");
    }
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
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue(queueSize));
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

    disc->TraceConnectWithoutContext("PacketsInQueue", MakeCallback(&OnQueue));
    bottleneckDevice->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&OnWireTx));
    if (!pcapPrefix.empty())
    {
        bottleneck.EnablePcap(pcapPrefix, bottleneckDevice);
    }
    FlowMonitorHelper flowmonHelper;
    Ptr<FlowMonitor> monitor = flowmonHelper.InstallAll();

    // The measurement window: FlowMonitor's counters at its start, the traces' sums inside it.
    std::map<FlowId, uint64_t> rxAtWarmup;
    QueueDisc::Stats statsAtWarmup;
    Simulator::Schedule(warmup, &StartWindow, monitor, disc, &rxAtWarmup, &statsAtWarmup);
    Simulator::Stop(simTime);
    Simulator::Run();
    g_queue.Update(g_queue.value); // integrate up to the end

    const double window = (simTime - warmup).GetSeconds();
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
    // FlowMonitor's data flows (to the sinks' port), in the order of the sinks' addresses.
    auto classifier = DynamicCast<Ipv4FlowClassifier>(flowmonHelper.GetClassifier());
    monitor->CheckForLostPackets();
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        Ipv4FlowClassifier::FiveTuple tuple = classifier->FindFlow(id);
        for (uint32_t i = 0; i < flows; ++i)
        {
            if (tuple.destinationPort == SINK_PORT &&
                tuple.destinationAddress == dumbbell.GetRightIpv4Address(i))
            {
                const double rate = (stats.rxBytes - rxAtWarmup[id]) * 8 / window / 1e6;
                table.Add("rate (Mb/s)",
                          "flow " + std::to_string(i),
                          solution.sources[i].rate * ipBytes * 8 / 1e6,
                          rate);
            }
        }
    }
    const QueueDisc::Stats stats = disc->GetStats();
    table.Add("queue (pkts)", "bottleneck", solution.links[0].backlog, g_queue.area / window);
    table.Add("utilization",
              "bottleneck",
              solution.links[0].utilization,
              g_wireBytes * 8 / window / bottleneckRate.GetBitRate());
    table.Add("drops (pkts)",
              "bottleneck",
              std::nan(""),
              stats.nTotalDroppedPackets - statsAtWarmup.nTotalDroppedPackets);
    table.Print(std::cout);
    if (!csvFile.empty())
    {
        table.WriteCsv(csvFile);
    }
    if (!flowmonFile.empty())
    {
        monitor->SerializeToXmlFile(flowmonFile, true, true);
    }
    Simulator::Destroy();

    if (check)
    {
        std::ostringstream failures;
        for (const auto& row : table.GetRows())
        {
            const double error = std::abs(ComparisonTable::ErrorPercent(row));
            if ((row.quantity == "rate (Mb/s)" && !(error <= 10)) ||
                (row.quantity == "queue (pkts)" && !(error <= 10)) ||
                (row.quantity == "utilization" && !(row.simulation >= 0.98 * row.model)))
            {
                failures << "\n  " << row.quantity << " " << row.entity << ": simulation "
                         << row.simulation << ", model " << row.model;
            }
        }
        if (table.GetRows().size() != flows + 3)
        {
            failures << "\n  FlowMonitor saw " << table.GetRows().size() - 3 << " of " << flows
                     << " flows";
        }
        if (!failures.str().empty())
        {
            std::cerr << "plain-fast-delay: check failed (rates and queue within 10 % of the "
                         "model, utilization at least 0.98 of it):"
                      << failures.str() << std::endl;
            return 1;
        }
        std::cout << "check passed: rates and queue within 10 % of the model, utilization at "
                     "least 0.98 of it"
                  << std::endl;
    }
    return 0;
}
