/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpFastEcn in a plain ns-3 script: a dumbbell of 4 BulkSend flows over a 10 Mb/s bottleneck
// whose queue disc is REM with the virtual-capacity price law, marking with ECN; EcnPriceHelper
// runs TcpFastEcn at both ends of every flow (which turns ECN on) with ns-3's classic recovery.
// Per-flow throughput from FlowMonitor: about 0.95 x 10 / 4 = 2.4 Mb/s each.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/ecn-price-helper.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-layout-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/strict-command-line.h"
#include "ns3/traffic-control-module.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t flows = 4;
    double simTime = 10;
    // StrictCommandLine (libdualcc): ns-3's CommandLine with every value read whole and checked
    // ("--flows=-1: a sign on an unsigned number; valid: ..."), and these ranges; exit 1 on a bad
    // one.
    StrictCommandLine cmd("usage-fast-ecn"); // the program's name, as its messages give it
    cmd.AddValue("flows", "number of BulkSend flows", flows, 1U, 1000U);
    cmd.AddValue("simTime", "simulated time, s", simTime, 1e-9, 1e6);
    // What the code below and EcnPriceHelper set (a --ns3:: value would be silently
    // overridden): refused.
    const std::string code = "nothing: this program sets it (edit main())";
    cmd.Own({{"ns3::TcpSocket::SegmentSize", code},
             {"ns3::TcpSocket::DelAckCount", code},
             {"ns3::TcpL4Protocol::SocketType", code},
             {"ns3::TcpL4Protocol::RecoveryType", code},
             {"ns3::RemQueueDisc::PriceLaw", code},
             {"ns3::RemQueueDisc::TargetUtilization", code},
             {"ns3::RemQueueDisc::Phi", code},
             {"ns3::RemQueueDisc::UpdateInterval", code},
             {"ns3::RemQueueDisc::UseEcn", code}});
    cmd.Own(OwnedAttributes::ForPointToPoint(true));
    cmd.Parse(argc, argv);

    // 1448-byte segments: 1500-byte IPv4 packets (REM counts bytes on the wire, any size works).
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    // An ACK per segment: the price is estimated from the ACKs' echoes (with ns-3's default of
    // one ACK per two segments the shares of equal sources spread by about +-10 %).
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    access.SetChannelAttribute("Delay", StringValue("1ms"));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    bottleneck.SetChannelAttribute("Delay", StringValue("10ms"));
    // One packet in the device's own queue under the disc (REM refuses more: packets would wait
    // there, outside its law).
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    PointToPointDumbbellHelper dumbbell(flows, access, flows, access, bottleneck);
    InternetStackHelper stack;
    dumbbell.InstallStack(stack);
    dumbbell.AssignIpv4Addresses(Ipv4AddressHelper("10.1.1.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.2.1.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.3.1.0", "255.255.255.0"));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    // TcpFastEcn on the sources and the sinks, with classic recovery.
    NodeContainer hosts;
    for (uint32_t i = 0; i < flows; ++i)
    {
        hosts.Add(dumbbell.GetLeft(i));
        hosts.Add(dumbbell.GetRight(i));
    }
    EcnPriceHelper().Install(hosts);

    // REM's virtual-capacity law on the bottleneck (the left router's port), marking: the load
    // goes to 0.95 of the capacity. Phi must be the sources' (TcpFastEcn's Phi, 1000).
    NetDeviceContainer bottleneckDevice(dumbbell.GetLeft()->GetDevice(0));
    TrafficControlHelper tch;
    tch.Uninstall(bottleneckDevice);
    tch.SetRootQueueDisc("ns3::RemQueueDisc");
    QueueDiscContainer discs = tch.Install(bottleneckDevice);
    discs.Get(0)->SetAttribute("PriceLaw", StringValue("VirtualCapacity"));
    discs.Get(0)->SetAttribute("TargetUtilization", DoubleValue(0.95));
    discs.Get(0)->SetAttribute("Phi", DoubleValue(1000));
    discs.Get(0)->SetAttribute("UpdateInterval", StringValue("5ms"));
    discs.Get(0)->SetAttribute("UseEcn", BooleanValue(true));

    ApplicationContainer sources;
    for (uint32_t i = 0; i < flows; ++i)
    {
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(dumbbell.GetRightIpv4Address(i), 5000));
        sources.Add(bulk.Install(dumbbell.GetLeft(i)));
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), 5000));
        sink.Install(dumbbell.GetRight(i));
    }
    sources.Start(Seconds(0.1));

    FlowMonitorHelper flowmon;
    Ptr<FlowMonitor> monitor = flowmon.InstallAll();
    Simulator::Stop(Seconds(simTime));
    Simulator::Run();

    Ptr<Ipv4FlowClassifier> classifier = DynamicCast<Ipv4FlowClassifier>(flowmon.GetClassifier());
    std::cout << "flow                      throughput (Mb/s)\n";
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        const Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
        if (t.destinationPort != 5000)
        {
            continue; // the ACKs
        }
        const double seconds = (stats.timeLastRxPacket - stats.timeFirstRxPacket).GetSeconds();
        std::cout << t.sourceAddress << " -> " << t.destinationAddress << "   "
                  << (seconds > 0 ? stats.rxBytes * 8.0 / seconds / 1e6 : 0.0) << "\n";
    }
    const QueueDisc::Stats stats = discs.Get(0)->GetStats();
    std::cout << "bottleneck: " << stats.nTotalMarkedPackets << " marked, "
              << stats.nTotalDroppedPackets << " dropped of " << stats.nTotalReceivedPackets
              << " packets\n";
    Simulator::Destroy();
    return 0;
}
