/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpMonaco in a plain ns-3 script: a dumbbell of 4 BulkSend flows over a 10 Mb/s bottleneck,
// Monaco's agents (MonacoHelper::Install) and the out-of-band priority queue with AVD in its data
// band (MonacoHelper::InstallPriorityQueue); per-flow throughput from FlowMonitor. Without the
// agents TcpMonaco aborts after ns3::TcpMonaco::FeedbackTimeout (its window moves only on their
// feedback).

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/monaco-helper.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-layout-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/strict-command-line.h"
#include "ns3/tcp-monaco.h"

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
    StrictCommandLine cmd("usage-monaco"); // the program's name, as its messages give it
    cmd.AddValue("flows", "number of BulkSend flows", flows, 1U, 1000U);
    cmd.AddValue("simTime", "simulated time, s", simTime, 1e-9, 1e6);
    // What the code below sets (a --ns3:: value would be silently overridden): refused.
    const std::string code = "nothing: this program sets it (edit main())";
    cmd.Own({{"ns3::TcpL4Protocol::SocketType", code}, {"ns3::AvdQueueDisc::MaxSize", code}});
    cmd.Own(OwnedAttributes::ForPointToPoint(true));
    cmd.Parse(argc, argv);

    // Every host runs TcpMonaco (its attributes: Config::SetDefault("ns3::TcpMonaco::...")).
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpMonaco::GetTypeId()));

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    access.SetChannelAttribute("Delay", StringValue("1ms"));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    bottleneck.SetChannelAttribute("Delay", StringValue("10ms"));
    PointToPointDumbbellHelper dumbbell(flows, access, flows, access, bottleneck);
    InternetStackHelper stack;
    dumbbell.InstallStack(stack);
    dumbbell.AssignIpv4Addresses(Ipv4AddressHelper("10.1.1.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.2.1.0", "255.255.255.0"),
                                 Ipv4AddressHelper("10.3.1.0", "255.255.255.0"));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

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

    MonacoHelper monaco;
    // The agents: a MonacoSenderAgent beside each source (it finds the flow's TcpMonaco when the
    // flow's first data packet leaves), a MonacoReceiverAgent on each sink host.
    monaco.Install(sources);
    // The priority queue on the bottleneck (the left router's port): control packets first,
    // data in AVD (the price travels in the in-band control packets; its LinkBandwidth is the
    // device's DataRate). The device queue under it is set to one packet.
    monaco.SetDataQueueDisc("ns3::AvdQueueDisc");
    monaco.SetDataQueueDiscAttribute("MaxSize", StringValue("100p"));
    monaco.InstallPriorityQueue(NetDeviceContainer(dumbbell.GetLeft()->GetDevice(0)));

    FlowMonitorHelper flowmon;
    Ptr<FlowMonitor> monitor = flowmon.InstallAll();
    Simulator::Stop(Seconds(simTime));
    Simulator::Run();

    Ptr<Ipv4FlowClassifier> classifier = DynamicCast<Ipv4FlowClassifier>(flowmon.GetClassifier());
    std::cout << "flow                      throughput (Mb/s)\n";
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        const Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
        if (t.protocol != 6 || t.destinationPort != 5000)
        {
            continue; // the agents' UDP control packets and the ACKs
        }
        const double seconds = (stats.timeLastRxPacket - stats.timeFirstRxPacket).GetSeconds();
        std::cout << t.sourceAddress << " -> " << t.destinationAddress << "   "
                  << (seconds > 0 ? stats.rxBytes * 8.0 / seconds / 1e6 : 0.0) << "\n";
    }
    Simulator::Destroy();
    return 0;
}
