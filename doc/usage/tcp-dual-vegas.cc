/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpDualVegas in your own ns-3 script: Vegas/REM (Low, Peterson, Wang, §5-§6.3). The sources
// read the price from the ECN marks of a REM router on a 10 Mb/s bottleneck.
// Built and run by the module's tests as the example usage-tcp-dual-vegas; shown in
// doc/tcp-dual-vegas.rst, "Usage in your own script".
//
//   ./ns3 run "usage-tcp-dual-vegas --flows=4 --simTime=10s --deviceQueue=1p"

#include "ns3/tcp-dual-vegas.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/strict-command-line.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <iostream>

using namespace ns3;

/// Add the backlog of the disc and of the device queue under it to sums, every 10 ms.
void
SampleBacklog(Ptr<QueueDisc> disc, Ptr<Queue<Packet>> device, double* sums)
{
    sums[0] += disc->GetNPackets();
    sums[1] += device->GetNPackets();
    sums[2] += 1;
    Simulator::Schedule(MilliSeconds(10), &SampleBacklog, disc, device, sums);
}

int
main(int argc, char* argv[])
{
    uint32_t flows = 4;
    uint32_t segmentSize = 1448; // 1500-byte IP packets
    DataRate rate("10Mbps");
    // The bottleneck device's own queue, under the disc: ns-3's default, 100 packets, would hold
    // the backlog before the disc sees any (doc/tcp-dual-vegas.rst, "Usage in your own script").
    QueueSize deviceQueue("1p");
    Time simTime = Seconds(10);
    // StrictCommandLine (libdualcc): ns-3's CommandLine with every value read whole and checked
    // ("--flows=-1: a sign on an unsigned number; valid: ..."), and these ranges; exit 1 on a bad
    // one.
    StrictCommandLine cmd("usage-tcp-dual-vegas"); // the program's name, as its messages give it
    cmd.AddValue("flows", "Number of BulkSend flows", flows, 1U, 1000U);
    cmd.AddValue("segmentSize", "TCP segment size, bytes", segmentSize, 1U, 65000U);
    cmd.AddValue("rate",
                 "Bottleneck rate (REM's gamma and mu follow it)",
                 rate,
                 DataRate("1kbps"),
                 DataRate("1000Gbps"),
                 "1kbps to 1000Gbps");
    cmd.AddValue("deviceQueue",
                 "The bottleneck device's queue under the disc (more than 1p is refused unless "
                 "--ns3::<the disc>::AllowDeviceBacklog=true)",
                 deviceQueue);
    cmd.AddValue("simTime", "Simulated time", simTime, TimeStep(1), Seconds(1e6));
    // What the code below sets: a --ns3:: value for it would be silently overridden, so the
    // command line refuses it (change the code instead).
    const std::string code = "nothing: this program sets it (edit main())";
    cmd.Own({{"ns3::TcpL4Protocol::SocketType", code},
             {"ns3::TcpL4Protocol::RecoveryType", code},
             {"ns3::TcpSocketBase::UseEcn", code},
             {"ns3::TcpSocketBase::Timestamp", code},
             {"ns3::TcpSocket::DelAckCount", code},
             {"ns3::RttMeanDeviation::Alpha", code},
             {"ns3::TcpDualVegas::PriceSource", code},
             {"ns3::TcpDualVegas::AlphaUnit", code},
             {"ns3::TcpDualVegas::Alpha", code},
             {"ns3::TcpDualVegas::Beta", code},
             {"ns3::TcpDualVegas::AlphaTimeUnit", code},
             {"ns3::TcpDualVegas::Phi", code},
             {"ns3::TcpSocket::SegmentSize", "--segmentSize"},
             {"ns3::RemQueueDisc::PriceLaw", code},
             {"ns3::RemQueueDisc::Gamma", "--rate (REM's gamma follows it)"},
             {"ns3::RemQueueDisc::Mu", "--rate (REM's mu follows it)"},
             {"ns3::RemQueueDisc::UpdateInterval", code},
             {"ns3::RemQueueDisc::Phi", code},
             {"ns3::RemQueueDisc::UseEcn", code},
             {"ns3::DropTailQueue<Packet>::MaxSize", "--deviceQueue"}});
    cmd.Own(OwnedAttributes::ForPointToPoint(false));
    cmd.Parse(argc, argv);

    // TcpDualVegas at both ends (the receiver echoes each CE mark once), with ECN, classic
    // recovery, exact RTT samples and an ACK per segment (doc/tcp-dual-vegas.rst, Usage).
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpDualVegas::GetTypeId()));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", StringValue("ns3::TcpClassicRecovery"));
    Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::RttMeanDeviation::Alpha", DoubleValue(1.0));
    // Vegas/REM (§5): the price from ECN marks; alpha = 2 packets per 10 ms of baseRTT, so that
    // each source's rate is alpha d / p at equilibrium (p: the path's price, in units of 10 ms).
    Config::SetDefault("ns3::TcpDualVegas::PriceSource", StringValue("EcnMarks"));
    Config::SetDefault("ns3::TcpDualVegas::AlphaUnit", StringValue("PerTime"));
    Config::SetDefault("ns3::TcpDualVegas::Alpha", DoubleValue(2));
    Config::SetDefault("ns3::TcpDualVegas::Beta", DoubleValue(2));
    const Time alphaTimeUnit = MilliSeconds(10);
    Config::SetDefault("ns3::TcpDualVegas::AlphaTimeUnit", TimeValue(alphaTimeUnit));
    Config::SetDefault("ns3::TcpDualVegas::Phi", DoubleValue(1.1)); // the same as REM's
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));

    // A dumbbell: senders -- left router == 10 Mb/s, 10 ms == right router -- receivers.
    NodeContainer routers;
    NodeContainer senders;
    NodeContainer receivers;
    routers.Create(2);
    senders.Create(flows);
    receivers.Create(flows);
    InternetStackHelper stack;
    stack.InstallAll();
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    access.SetChannelAttribute("Delay", StringValue("1ms"));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", DataRateValue(rate));
    bottleneck.SetChannelAttribute("Delay", StringValue("10ms"));
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(deviceQueue));
    NetDeviceContainer core = bottleneck.Install(routers);

    // REM's eq. 30, p <- [p + gamma (mu b + x - c)]^+ every T, scaled to the link and the
    // sources (doc/tcp-dual-vegas.rst, "Usage in your own script"): gamma = 1 / (2 C u), C the
    // capacity in packets/s, u the sources' AlphaTimeUnit, so that a standing queue raises the
    // price at half the rate of its queueing delay counted in u (plain Vegas' price, §2.5);
    // mu such that mu times a backlog of about one packet per flow costs 1 % of the capacity,
    // mu = 0.01 C T / flows. Here 0.060 and 0.021 (C = 832 packets/s, u = T = 10 ms).
    const Time updateInterval = MilliSeconds(10);
    const double capacity = rate.GetBitRate() / (8.0 * (segmentSize + 40 + 2)); // packets/s
    const double gamma = 1 / (2 * capacity * alphaTimeUnit.GetSeconds());
    const double mu = std::min(0.01 * capacity * updateInterval.GetSeconds() / flows, 0.5);

    // The disc on the left router's bottleneck device, before the addresses are assigned (which
    // would install ns-3's default disc there). Its link capacity is the device's DataRate.
    // (Naming the class, not only its TypeId string, also makes the linker keep libdualcc.)
    TrafficControlHelper tch;
    tch.SetRootQueueDisc(RemQueueDisc::GetTypeId().GetName(),
                         "PriceLaw",
                         StringValue("Rem"),
                         "Gamma",
                         DoubleValue(gamma),
                         "Mu",
                         DoubleValue(mu),
                         "UpdateInterval",
                         TimeValue(updateInterval),
                         "Phi",
                         DoubleValue(1.1),
                         "UseEcn",
                         BooleanValue(true));
    QueueDiscContainer discs = tch.Install(core.Get(0));

    Ipv4AddressHelper address("10.0.0.0", "255.255.255.0");
    address.Assign(core);
    Ipv4InterfaceContainer sinks;
    for (uint32_t i = 0; i < flows; ++i)
    {
        address.NewNetwork();
        address.Assign(access.Install(senders.Get(i), routers.Get(0)));
        address.NewNetwork();
        sinks.Add(address.Assign(access.Install(routers.Get(1), receivers.Get(i))).Get(1));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    const uint16_t port = 5000;
    for (uint32_t i = 0; i < flows; ++i)
    {
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(sinks.GetAddress(i), port));
        // All at once: a SYN is not ECN-capable, and REM drops the packets it would mark that
        // are not (ns-3 retries a SYN after 3 s, 6 s, ...); before the flows the price is 0.
        source.Install(senders.Get(i)).Start(Seconds(0));
    }
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    sink.Install(receivers);

    FlowMonitorHelper flowmon;
    Ptr<FlowMonitor> monitor = flowmon.InstallAll();
    double sums[3] = {0, 0, 0};
    Ptr<Queue<Packet>> deviceQueueObject =
        DynamicCast<PointToPointNetDevice>(core.Get(0))->GetQueue();
    Simulator::Schedule(Seconds(1), &SampleBacklog, discs.Get(0), deviceQueueObject, sums);
    Simulator::Stop(simTime);
    Simulator::Run();

    auto classifier = DynamicCast<Ipv4FlowClassifier>(flowmon.GetClassifier());
    double total = 0;
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        if (classifier->FindFlow(id).destinationPort == port) // data, not the ACKs
        {
            const double mbps = stats.rxBytes * 8 / simTime.GetSeconds() / 1e6;
            total += mbps;
            std::cout << "flow " << id << ": " << mbps << " Mb/s\n";
        }
    }
    const QueueDisc::Stats& s = discs.Get(0)->GetStats();
    std::cout << "total " << total
              << " Mb/s; REM: " << s.GetNMarkedPackets(RemQueueDisc::UNFORCED_MARK) << " marks, "
              << s.nTotalDroppedPackets << " drops; mean backlog from 1 s: disc "
              << sums[0] / sums[2] << ", device queue " << sums[1] / sums[2] << " packets\n";
    Simulator::Destroy();
    return 0;
}
