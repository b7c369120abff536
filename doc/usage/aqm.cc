/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// dualcc's AQMs in your own ns-3 script: NewReno+ECN flows share a 10 Mb/s bottleneck whose
// router runs one of
//   --aqm=avq  AvqQueueDisc (Kunniyur and Srikant): marks so that the arrivals stay at 98 % of C;
//   --aqm=pi   PiQueueDisc (Hollot et al.): holds the queue at QueueRef = 50 packets;
//   --aqm=rem  RemQueueDisc's virtual-capacity law: marks when the arrivals exceed 95 % of C.
// Built and run by the module's tests as the example usage-aqm; shown in doc/avq.rst, pi.rst and
// rem.rst, "Usage in your own script".
//
//   ./ns3 run "usage-aqm --aqm=avq --flows=4 --simTime=10s"

#include "ns3/applications-module.h"
#include "ns3/avq-queue-disc.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/pi-queue-disc.h"
#include "ns3/point-to-point-module.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/strict-command-line.h"
#include "ns3/traffic-control-module.h"

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

/**
 * \param aqm "avq", "pi" or "rem"
 * \return a TrafficControlHelper for that disc, with the settings this program runs
 */
TrafficControlHelper
AqmHelper(const std::string& aqm)
{
    // (Naming the class, not only its TypeId string, also makes the linker keep libdualcc.)
    TrafficControlHelper tch;
    if (aqm == "avq")
    {
        tch.SetRootQueueDisc(AvqQueueDisc::GetTypeId().GetName(),
                             "MaxSize",
                             QueueSizeValue(QueueSize("100p")),
                             "DesiredUtilization",
                             DoubleValue(0.98),
                             "Alpha",
                             DoubleValue(0.15),
                             "UseEcn",
                             BooleanValue(true));
    }
    else if (aqm == "pi")
    {
        tch.SetRootQueueDisc(PiQueueDisc::GetTypeId().GetName(),
                             "MaxSize",
                             QueueSizeValue(QueueSize("200p")),
                             "QueueRef",
                             DoubleValue(50),
                             "UseEcn",
                             BooleanValue(true));
    }
    else
    {
        tch.SetRootQueueDisc(RemQueueDisc::GetTypeId().GetName(),
                             "PriceLaw",
                             StringValue("VirtualCapacity"),
                             "TargetUtilization",
                             DoubleValue(0.95),
                             "UpdateInterval",
                             TimeValue(MilliSeconds(5)),
                             "Phi",
                             DoubleValue(1000),
                             "UseEcn",
                             BooleanValue(true));
    }
    return tch;
}

int
main(int argc, char* argv[])
{
    std::string aqm = "avq";
    uint32_t flows = 4;
    uint32_t segmentSize = 1448; // 1500-byte IP packets
    // The bottleneck device's own queue, under the disc: ns-3's default, 100 packets, would hold
    // the backlog before the disc sees any, and the disc refuses it (AllowDeviceBacklog).
    QueueSize deviceQueue("1p");
    Time simTime = Seconds(10);
    // StrictCommandLine (libdualcc): ns-3's CommandLine with every value read whole and checked
    // ("--flows=-1: a sign on an unsigned number; valid: ..."), and these ranges; exit 1 on a bad
    // one.
    StrictCommandLine cmd("usage-aqm"); // the program's name, as its messages give it
    cmd.AddValue("aqm", "The bottleneck's disc: avq, pi or rem", aqm);
    cmd.AddValue("flows", "Number of BulkSend flows", flows, 1U, 1000U);
    cmd.AddValue("segmentSize", "TCP segment size, bytes", segmentSize, 1U, 65000U);
    cmd.AddValue("deviceQueue",
                 "The bottleneck device's queue under the disc (more than 1p is refused unless "
                 "--ns3::<the disc>::AllowDeviceBacklog=true)",
                 deviceQueue);
    cmd.AddValue("simTime", "Simulated time", simTime, TimeStep(1), Seconds(1e6));
    // What AqmHelper() and the code below set: a --ns3:: value for it would be silently
    // overridden, so the command line refuses it (change the code instead).
    const std::string code = "nothing: this program sets it (edit AqmHelper() or main())";
    cmd.Own({{"ns3::AvqQueueDisc::MaxSize", code},
             {"ns3::AvqQueueDisc::DesiredUtilization", code},
             {"ns3::AvqQueueDisc::Alpha", code},
             {"ns3::AvqQueueDisc::UseEcn", code},
             {"ns3::PiQueueDisc::MaxSize", code},
             {"ns3::PiQueueDisc::QueueRef", code},
             {"ns3::PiQueueDisc::UseEcn", code},
             {"ns3::RemQueueDisc::PriceLaw", code},
             {"ns3::RemQueueDisc::TargetUtilization", code},
             {"ns3::RemQueueDisc::UpdateInterval", code},
             {"ns3::RemQueueDisc::Phi", code},
             {"ns3::RemQueueDisc::UseEcn", code},
             {"ns3::TcpL4Protocol::SocketType", code},
             {"ns3::TcpSocketBase::UseEcn", code},
             {"ns3::TcpSocket::SegmentSize", "--segmentSize"},
             {"ns3::DropTailQueue<Packet>::MaxSize", "--deviceQueue"}});
    cmd.Own(OwnedAttributes::ForPointToPoint(false));
    cmd.Parse(argc, argv);
    if (aqm != "avq" && aqm != "pi" && aqm != "rem")
    {
        std::cerr << "usage-aqm: error: --aqm=" << aqm << ": valid: avq, pi, rem\n";
        return 1;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));
    Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));
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
    bottleneck.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    bottleneck.SetChannelAttribute("Delay", StringValue("10ms"));
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(deviceQueue));
    NetDeviceContainer core = bottleneck.Install(routers);

    // The disc on the left router's bottleneck device, before the addresses are assigned (which
    // would install ns-3's default disc there). Its link capacity is the device's DataRate.
    TrafficControlHelper tch = AqmHelper(aqm);
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
        source.Install(senders.Get(i)).Start(Seconds(0.1 * i));
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
    std::cout << "total " << total << " Mb/s; " << aqm << ": "
              << s.GetNMarkedPackets(PriceQueueDisc::UNFORCED_MARK) << " marks, "
              << s.nTotalDroppedPackets << " drops; mean backlog from 1 s: disc "
              << sums[0] / sums[2] << ", device queue " << sums[1] / sums[2] << " packets\n";
    Simulator::Destroy();
    return 0;
}
