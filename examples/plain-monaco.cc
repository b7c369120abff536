/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Monaco in a plain ns-3 script: TcpMonaco sources (Xia, Harrison, Kalyanaraman, Ramachandran
// and Venkatesan, "Accumulation-based Congestion Control", IEEE/ACM ToN 2005) share a bottleneck
// whose queue disc is the out-of-band priority queue with AVD (adaptive virtual delay) in its data
// band, built with ns-3's own helpers (PointToPointDumbbellHelper, InternetStackHelper,
// Ipv4AddressHelper, BulkSendHelper, PacketSinkHelper, FlowMonitorHelper) and the module's
// MonacoHelper.
//
//     left 0 --\                                                    /-- right 0
//     ...       router L ==== bottleneck (OB priority + AVD) ==== router R     ...
//     left N-1-/      (access links: accessRate, accessDelay)       \-- right N-1
//
// Each flow keeps a* bytes (TcpMonaco::TargetAccumulation) accumulated in its path: Monaco's
// agents measure the accumulation at the receiver, from an out-of-band control packet (OB, served
// first by PriorityObQueueDisc) and an in-band one (IB, queued with the data), and TcpMonaco moves
// its window towards a*. AVD runs a virtual queue at a virtual capacity it adapts so that the
// arrivals at its band (data and IBs) settle at gamma C (DesiredUtilization), and stamps its
// virtual delay into the IBs: the accumulation then waits in the virtual queue, and the real queue
// stays short. At equilibrium the N flows (equal a*) share gamma C equally (eq. 14: weighted
// proportional fairness, equal weights), and each keeps x_i t_q = a* (Prop. 1(a)), t_q its
// queueing delay, virtual plus real.
//
// What the sources need: TcpMonaco as SocketType, the agents (MonacoHelper::Install: a sender
// agent beside each source, a receiver agent on each sink host; without them TcpMonaco aborts
// after FeedbackTimeout), and the priority queue on the bottleneck
// (MonacoHelper::InstallPriorityQueue, which also sets the device queue under it to one packet).
// 1500-byte IP packets.
//
//   ./dualcc run plain-monaco
//   ./dualcc run plain-monaco --flows=8 --bottleneckRate=20Mbps
//   ./dualcc run plain-monaco --flowmon=monaco.xml --pcap=monaco --csv=monaco.csv --check
//
// The table, over the window [warmup, simTime]: each flow's rate (IP bytes received,
// FlowMonitor) and accumulation (its rate in IP bytes/s times the bottleneck's mean queueing
// delay), the bottleneck's utilization (bytes on the wire, PPP header included, over the link
// rate), its mean queueing delay (AVD's VirtualDelay trace plus the data band's real backlog
// drained at C, both time-averaged) and those two parts, and the drops; beside the duality model
// (one link of gamma C whose price is the queueing delay; weights a* in packets; the IBs, 70 bytes
// per flow per round trip through AVD, as overhead): rates (gamma C - IBs) / N, accumulation a*,
// queueing delay N a* / (gamma C), utilization gamma (the OBs, another 70 bytes per flow per round
// trip, come on top: +0.9 % at the defaults).
// --check exits 1 if a rate is more than 5 % from its share, an accumulation more than 20 % from
// a* (the module's installers test holds a FIFO data band's backlog to 20 % of N a*), the
// utilization more than 3 % from gamma, or the disc dropped a packet. At the defaults the rates
// are within 1 % and the accumulations 11-12 % above a* (the queueing delay 12 % above the
// model's, its virtual part 5 % below): this router-side measure (time averages) is not what the
// receiver's estimator sees at each IB, and the difference is not analysed here.

#include "ns3/applications-module.h"
#include "ns3/bottleneck-monitor.h"
#include "ns3/comparison-check.h"
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/monaco-header.h"
#include "ns3/monaco-helper.h"
#include "ns3/network-module.h"
#include "ns3/owned-attributes.h"
#include "ns3/point-to-point-layout-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/strict-command-line.h"
#include "ns3/tcp-monaco.h"
#include "ns3/traffic-control-module.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <sstream>
#include <stdexcept>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PlainMonaco");

namespace
{

/// IPv4 (20) + TCP (20) + timestamp option (12, on by default in ns-3) bytes per data segment.
constexpr uint32_t TCP_IP_HEADER_BYTES = 52;
/// The point-to-point link header (PPP) on the wire, bytes.
constexpr uint32_t PPP_HEADER_BYTES = 2;
/// A control packet on the wire: Monaco's header, UDP (8), IPv4 (20), PPP.
constexpr uint32_t CONTROL_WIRE_BYTES = MonacoHeader::SERIALIZED_SIZE + 8 + 20 + PPP_HEADER_BYTES;
/// The port the sinks listen on.
constexpr uint16_t SINK_PORT = 5000;
/// The flows start this far apart (their SYNs do not meet at the bottleneck).
const Time START_SPACING = MilliSeconds(100);

/// Print an error and exit 1.
[[noreturn]] void
Fail(const std::string& message)
{
    std::cerr << "plain-monaco: error: " << message << std::endl;
    std::exit(1);
}

/**
 * Refuse delays whose round trip is half TcpMonaco's FeedbackTimeout or more (Fail() naming
 * --bottleneckDelay, or --accessDelay if the command line gives it alone).
 * \param cmd the command line \param args its arguments
 * \param accessDelay --accessDelay \param bottleneckDelay --bottleneckDelay
 */
void
CheckFeedbackDelay(const StrictCommandLine& cmd,
                   const std::vector<std::string>& args,
                   Time accessDelay,
                   Time bottleneckDelay)
{
    // A flow's first feedback needs one of the agents' probe pairs answered, retried from a 1 s
    // timeout: with a round trip of half TcpMonaco's FeedbackTimeout or more it may come after
    // that timeout (TcpMonaco then aborts, naming no option: 2.5 s bottleneck delay) or after the
    // run (2.5 s access delay: the run ended without feedback).
    TypeId::AttributeInformation timeout;
    TcpMonaco::GetTypeId().LookupAttributeByName("FeedbackTimeout", &timeout);
    const Time feedbackTimeout = DynamicCast<const TimeValue>(timeout.initialValue)->Get();
    const Time roundTrip = 2 * (2 * accessDelay + bottleneckDelay);
    if (feedbackTimeout.IsStrictlyPositive() && 2 * roundTrip >= feedbackTimeout)
    {
        std::ostringstream why;
        why << "the round trip 2 x (2 x accessDelay + bottleneckDelay) = " << roundTrip.As(Time::S)
            << " is not shorter than half of ns3::TcpMonaco::FeedbackTimeout ("
            << feedbackTimeout.As(Time::S)
            << "): a flow's first feedback (the agents' probes retried from a 1 s timeout) may "
               "come after it, when TcpMonaco aborts, or after the run";
        // The option the user typed is named (--accessDelay alone: it is the one at fault).
        std::string given;
        const bool access = OwnedAttributes::IsGiven(args, "accessDelay", given) &&
                            !OwnedAttributes::IsGiven(args, "bottleneckDelay", given);
        std::ostringstream valid;
        std::ostringstream value;
        if (access)
        {
            valid << "accessDelay < " << ((feedbackTimeout / 4 - bottleneckDelay) / 2).As(Time::S);
            value << accessDelay.As(Time::S);
        }
        else
        {
            valid << "bottleneckDelay < " << (feedbackTimeout / 4 - 2 * accessDelay).As(Time::S);
            value << bottleneckDelay.As(Time::S);
        }
        valid << ", or a longer --ns3::TcpMonaco::FeedbackTimeout";
        cmd.Fail(access ? "accessDelay" : "bottleneckDelay", value.str(), why.str(), valid.str());
    }
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
    double targetAccumulation = 3000;
    double utilization = 0.98;
    Time simTime = Seconds(25);
    Time warmup = Seconds(10);
    uint32_t seed = 1;
    std::string flowmonFile;
    std::string pcapPrefix;
    std::string csvFile;
    bool check = false;

    StrictCommandLine cmd(__FILE__);
    cmd.AddValue("flows", "number of Monaco flows N (>= 1)", flows, 1U, 10000U);
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
    cmd.AddValue("targetAccumulation",
                 "each flow's a*, IPv4 bytes (TcpMonaco::TargetAccumulation; the paper: 3000)",
                 targetAccumulation,
                 "ns3::TcpMonaco::TargetAccumulation");
    cmd.AddValue("utilization",
                 "AVD's DesiredUtilization gamma, in (0, 1] (the paper: 0.98)",
                 utilization,
                 std::numeric_limits<double>::min(),
                 1.0,
                 "in (0, 1]");
    cmd.AddValue("simTime", "simulated time (e.g. 25s)", simTime);
    cmd.AddValue("warmup", "start of the measurement window (e.g. 10s)", warmup);
    cmd.AddValue("seed", "the RNG seed (RngSeedManager::SetSeed)", seed);
    cmd.AddValue("flowmon", "write FlowMonitor's XML to this file (empty: none)", flowmonFile);
    cmd.AddValue("pcap",
                 "pcap traces of the bottleneck with this prefix (empty: none)",
                 pcapPrefix);
    cmd.AddValue("csv", "write the table (quantity,entity,model,simulation,error_pct)", csvFile);
    cmd.AddValue("check", "exit 1 if a simulated figure is outside its tolerance", check);
    // The attributes this example (or MonacoHelper) sets itself: a --ns3:: value for one of them
    // is refused, naming the option to use (OwnedAttributes, the testbed's policy).
    OwnedAttributes owned;
    owned.Add({{"ns3::TcpL4Protocol::SocketType", "nothing: this example runs TcpMonaco"},
               {"ns3::TcpMonaco::TargetAccumulation", "--targetAccumulation"},
               {"ns3::TcpSocket::SegmentSize", "--segmentSize"},
               {"ns3::AvdQueueDisc::DesiredUtilization", "--utilization"},
               {"ns3::MonacoSenderAgent::Remote", "nothing: MonacoHelper pairs the agents"},
               {"ns3::MonacoSenderAgent::Port", "nothing: MonacoHelper pairs the agents"},
               {"ns3::MonacoSenderAgent::FindCongestionControl",
                "nothing: MonacoHelper hands the feedback to each flow's TcpMonaco"}},
              "this example");
    owned.Add(OwnedAttributes::ForPointToPoint(false), "this example");
    owned.Snapshot();
    cmd.Parse(argc, argv);
    try
    {
        owned.Check(OwnedAttributes::GetArguments(argc, argv));
    }
    catch (const std::invalid_argument& e)
    {
        Fail(e.what());
    }

    cmd.CheckWindow(warmup, simTime);
    CheckFeedbackDelay(cmd,
                       OwnedAttributes::GetArguments(argc, argv),
                       accessDelay,
                       bottleneckDelay);
    RngSeedManager::SetSeed(seed);

    // TcpMonaco on every TCP socket.
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpMonaco::GetTypeId()));
    Config::SetDefault("ns3::TcpMonaco::TargetAccumulation", DoubleValue(targetAccumulation));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(accessRate));
    access.SetChannelAttribute("Delay", TimeValue(accessDelay));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", DataRateValue(bottleneckRate));
    bottleneck.SetChannelAttribute("Delay", TimeValue(bottleneckDelay));
    PointToPointDumbbellHelper dumbbell(flows, access, flows, access, bottleneck);

    InternetStackHelper stack;
    dumbbell.InstallStack(stack);
    dumbbell.AssignIpv4Addresses(Ipv4AddressHelper("10.1.0.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.2.0.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.3.0.0", "255.255.255.0"));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    ApplicationContainer sources;
    for (uint32_t i = 0; i < flows; ++i)
    {
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(dumbbell.GetRightIpv4Address(i), SINK_PORT));
        ApplicationContainer app = source.Install(dumbbell.GetLeft(i));
        app.Start(START_SPACING * i);
        sources.Add(app);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), SINK_PORT));
        sink.Install(dumbbell.GetRight(i)).Start(Seconds(0));
    }

    // Monaco's agents for the BulkSend flows (a sender agent beside each source, a receiver agent
    // on each sink host), and the priority queue on the left router's bottleneck device, replacing
    // ns-3's default disc: OB control packets first, the rest in AVD (its LinkBandwidth is the
    // device's DataRate). The device queue under it is set to one packet.
    MonacoHelper monaco;
    monaco.Install(sources);
    monaco.SetDataQueueDisc("ns3::AvdQueueDisc");
    monaco.SetDataQueueDiscAttribute("DesiredUtilization", DoubleValue(utilization));
    Ptr<NetDevice> bottleneckDevice = dumbbell.GetLeft()->GetDevice(0);
    Ptr<QueueDisc> disc = monaco.InstallPriorityQueue(NetDeviceContainer(bottleneckDevice)).Get(0);
    Ptr<QueueDisc> avd = disc->GetQueueDiscClass(0)->GetQueueDisc();

    if (!pcapPrefix.empty())
    {
        bottleneck.EnablePcap(pcapPrefix, bottleneckDevice);
    }
    FlowMonitorHelper flowmonHelper;
    Ptr<FlowMonitor> flowMonitor = flowmonHelper.InstallAll();
    // The measurement window [warmup, simTime] on the bottleneck: each flow's rate (FlowMonitor:
    // the flows to sink i's address and port), the utilization (bytes on the wire), AVD's virtual
    // delay and real backlog (time-averaged), the drops.
    BottleneckMonitor bottleneckMonitor(bottleneckDevice, disc, flowmonHelper);
    for (uint32_t i = 0; i < flows; ++i)
    {
        bottleneckMonitor.AddFlow("flow " + std::to_string(i),
                                  dumbbell.GetRightIpv4Address(i),
                                  SINK_PORT);
    }
    bottleneckMonitor.AddTimeAverage("virtual delay", avd, "VirtualDelay");
    bottleneckMonitor.AddTimeAverage("data backlog", avd, "BytesInQueue");
    bottleneckMonitor.SetWindow(warmup, simTime);
    Simulator::Stop(simTime);
    Simulator::Run();

    const uint32_t ipBytes = segmentSize + TCP_IP_HEADER_BYTES;
    const uint32_t wireBytes = ipBytes + PPP_HEADER_BYTES;

    // The model: one link of gamma c packets/s (of the wire size: AVD counts bytes on the wire)
    // whose price, AVD's virtual delay, is not a real queue; N sources of weight a* (IPv4 bytes,
    // in packets of ipBytes), each with one IB (CONTROL_WIRE_BYTES) per round trip through AVD.
    DualityModel model;
    const double roundTrip = 2 * (2 * accessDelay + bottleneckDelay).GetSeconds();
    std::size_t link =
        model.AddLinkBps("bottleneck", utilization * bottleneckRate.GetBitRate(), wireBytes);
    model.SetPhysicalPrice(link, false);
    for (uint32_t i = 0; i < flows; ++i)
    {
        std::size_t source = model.AddSource("flow " + std::to_string(i),
                                             {link},
                                             roundTrip,
                                             targetAccumulation / ipBytes);
        model.SetOverhead(source, static_cast<double>(CONTROL_WIRE_BYTES) / wireBytes);
    }
    DualityModel::Solution solution = model.Solve();
    if (!solution.converged)
    {
        Fail("the duality model did not converge");
    }

    // The measured queueing delay at the bottleneck: AVD's virtual delay plus the real backlog of
    // the data band drained at C.
    const double virtualDelay = bottleneckMonitor.GetTimeAverage("virtual delay");
    const double dataBacklog = bottleneckMonitor.GetTimeAverage("data backlog");
    const double queueingDelay = virtualDelay + dataBacklog * 8 / bottleneckRate.GetBitRate();

    std::ostringstream title;
    title << "Monaco over AVD: " << flows << " flows, " << bottleneckRate.GetBitRate() / 1e6
          << " Mb/s, " << ipBytes << "-byte IP packets, a* = " << targetAccumulation
          << " bytes, gamma = " << utilization << ", window " << warmup.GetSeconds() << "-"
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
    for (uint32_t i = 0; i < flows; ++i)
    {
        const std::string flow = "flow " + std::to_string(i);
        table.Add("accumulation (bytes)",
                  flow,
                  targetAccumulation,
                  bottleneckMonitor.GetFlowRate(flow) / 8 * queueingDelay);
    }
    // The utilization of C: the model's of gamma C, times gamma.
    table.Add("utilization",
              "bottleneck",
              utilization * solution.links[0].utilization,
              bottleneckMonitor.GetUtilization());
    table.Add("queueing delay (ms)",
              "bottleneck",
              solution.links[0].price * 1e3,
              queueingDelay * 1e3);
    table.Add("virtual delay (ms)", "bottleneck", std::nan(""), virtualDelay * 1e3);
    table.Add("data backlog (bytes)", "bottleneck", std::nan(""), dataBacklog);
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
        ComparisonCheck tolerances("rates within 5 % of the model, accumulations within 20 % of "
                                   "a*, utilization within 3 % of gamma, no drops");
        tolerances.WithinPercent("rate (Mb/s)", 5);
        tolerances.WithinPercent("accumulation (bytes)", 20);
        tolerances.WithinPercent("utilization", 3);
        tolerances.AtMost("drops (pkts)", 0);
        if (!tolerances.Report(table, "plain-monaco"))
        {
            return 1;
        }
    }
    return 0;
}
