/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aqm-experiment-helper.h"

#include "ipv4-flat-routing-helper.h"
#include "ipv4-subnet-allocator.h"
#include "network-description.h"

#include "ns3/abort.h"
#include "ns3/avq-queue-disc.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/global-value.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-flat-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/pie-queue-disc.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/random-variable-stream.h"
#include "ns3/red-queue-disc.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/short-flow-application.h"
#include "ns3/show-progress.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AqmExperimentHelper");

namespace
{
/// Port of the FTP flows' sink.
constexpr uint16_t FTP_PORT = 5000;
/// Port of the short flows' sink.
constexpr uint16_t SHORT_PORT = 5001;
/// "Unlimited" queue sizes, packets.
constexpr uint32_t UNLIMITED_PACKETS = 10000000;
/// Device queue under the AQM, packets: the backlog stays in the queue disc.
constexpr uint32_t DEVICE_QUEUE_UNDER_DISC = 1;
/// A source host's interface to R1 (0 is the loopback).
constexpr uint32_t HOST_INTERFACE = 1;
/// One-way delay of the sink's access link.
const Time SINK_ACCESS_DELAY = MilliSeconds(1);

} // namespace

AqmExperimentHelper::Aqm
AqmExperimentHelper::ParseAqm(const std::string& aqm)
{
    std::string lower = aqm;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) {
        return std::tolower(c);
    });
    if (lower == "avq")
    {
        return Aqm::AVQ;
    }
    if (lower == "red")
    {
        return Aqm::RED;
    }
    if (lower == "rem")
    {
        return Aqm::REM;
    }
    if (lower == "pie")
    {
        return Aqm::PIE;
    }
    NS_ABORT_MSG("AqmExperimentHelper: unknown AQM '" << aqm << "' (avq, red, rem or pie)");
}

std::string
AqmExperimentHelper::GetAqmName(Aqm aqm)
{
    switch (aqm)
    {
    case Aqm::AVQ:
        return "AVQ";
    case Aqm::RED:
        return "RED";
    case Aqm::REM:
        return "REM";
    case Aqm::PIE:
        return "PIE";
    }
    NS_ABORT_MSG("AqmExperimentHelper: bad AQM");
}

AqmExperimentHelper::AqmExperimentHelper(Aqm aqm)
    : AqmExperimentHelper(aqm, Settings())
{
}

AqmExperimentHelper::AqmExperimentHelper(Aqm aqm, Settings settings)
    : m_aqm(aqm),
      m_settings(settings),
      m_shortStream(-1),
      m_queueStream(-1),
      m_installed(false),
      m_virtualCapacity(std::nan(""))
{
    const Settings& s = m_settings;
    NS_ABORT_MSG_IF(s.linkRate.GetBitRate() == 0, "AqmExperimentHelper: linkRate must be > 0");
    NS_ABORT_MSG_IF(s.bufferPackets == 0, "AqmExperimentHelper: bufferPackets must be >= 1");
    NS_ABORT_MSG_IF(s.packetSize <= NetworkDescription::HEADER_BYTES,
                    "AqmExperimentHelper: packetSize must exceed "
                        << NetworkDescription::HEADER_BYTES << " bytes");
    NS_ABORT_MSG_UNLESS(s.minRtt <= s.maxRtt, "AqmExperimentHelper: minRtt must not exceed maxRtt");
    NS_ABORT_MSG_IF(s.minRtt < 2 * (s.linkDelay + SINK_ACCESS_DELAY),
                    "AqmExperimentHelper: minRtt must be >= 2 (linkDelay + 1 ms) = "
                        << (2 * (s.linkDelay + SINK_ACCESS_DELAY)).As(Time::MS));
    NS_ABORT_MSG_IF(s.shortFlowHosts == 0, "AqmExperimentHelper: shortFlowHosts must be >= 1");
    NS_ABORT_MSG_UNLESS(s.samplingInterval.IsStrictlyPositive(),
                        "AqmExperimentHelper: samplingInterval must be > 0");
    NS_ABORT_MSG_IF(s.startJitter.IsStrictlyNegative(),
                    "AqmExperimentHelper: startJitter must be >= 0");
    m_random = CreateObject<UniformRandomVariable>();
}

AqmExperimentHelper::~AqmExperimentHelper() = default;

AqmExperimentHelper::Aqm
AqmExperimentHelper::GetAqm() const
{
    return m_aqm;
}

const AqmExperimentHelper::Settings&
AqmExperimentHelper::GetSettings() const
{
    return m_settings;
}

uint32_t
AqmExperimentHelper::GetSegmentSize() const
{
    return m_settings.packetSize - NetworkDescription::HEADER_BYTES;
}

void
AqmExperimentHelper::CheckInstalled(bool installed, const std::string& what) const
{
    NS_ABORT_MSG_IF(installed && !m_installed,
                    "AqmExperimentHelper::" << what << ": call Install() first");
    NS_ABORT_MSG_IF(!installed && m_installed,
                    "AqmExperimentHelper::" << what << ": call it before Install()");
}

void
AqmExperimentHelper::SetQueueAttribute(const std::string& name, const AttributeValue& value)
{
    CheckInstalled(false, "SetQueueAttribute");
    m_queueAttributes.emplace_back(name, value.Copy());
}

void
AqmExperimentHelper::AddFtpFlows(uint32_t flows, Time start, Time stop)
{
    CheckInstalled(false, "AddFtpFlows");
    NS_ABORT_MSG_IF(start.IsStrictlyNegative(), "AqmExperimentHelper: FTP start must be >= 0");
    NS_ABORT_MSG_IF(!stop.IsZero() && stop <= start,
                    "AqmExperimentHelper: FTP stop must be after start");
    m_ftpGroups.push_back({flows, start, stop});
}

void
AqmExperimentHelper::AddShortFlows(double rate, Time start, Time stop)
{
    CheckInstalled(false, "AddShortFlows");
    NS_ABORT_MSG_UNLESS(rate > 0, "AqmExperimentHelper: the short-flow rate must be > 0");
    NS_ABORT_MSG_IF(start.IsStrictlyNegative(),
                    "AqmExperimentHelper: short-flow start must be >= 0");
    NS_ABORT_MSG_IF(!stop.IsZero() && stop <= start,
                    "AqmExperimentHelper: short-flow stop must be after start");
    m_shortPeriods.push_back({rate, start, stop});
}

int64_t
AqmExperimentHelper::AssignStreams(int64_t stream)
{
    CheckInstalled(false, "AssignStreams");
    m_random->SetStream(stream);
    m_queueStream = stream + 1;
    m_shortStream = stream + 2;
    std::size_t shortApps = m_shortPeriods.size() * m_settings.shortFlowHosts;
    return 2 + static_cast<int64_t>(shortApps);
}

void
AqmExperimentHelper::PrepareSink(Ptr<PacketSink> sink) const
{
    Ptr<TcpSocketBase> listening = DynamicCast<TcpSocketBase>(sink->GetListeningSocket());
    NS_ABORT_MSG_UNLESS(listening, "AqmExperimentHelper: the sink has no TCP listening socket");
    if (m_settings.ecn)
    {
        listening->SetAttribute("UseEcn", EnumValue(TcpSocketState::On));
    }
    // Accepted sockets copy this: when their peer's FIN arrives they close at once (FIN, then
    // LAST_ACK and CLOSED), instead of waiting in CLOSE_WAIT for PacketSink, which never closes.
    listening->ShutdownSend();
}

void
AqmExperimentHelper::Install()
{
    CheckInstalled(false, "Install");
    const Settings& s = m_settings;
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(GetSegmentSize()));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(s.bufferSize));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(s.bufferSize));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));

    InternetStackHelper stack;
    Ipv4FlatRoutingHelper flat;
    stack.SetRoutingHelper(flat);
    stack.SetIpv6StackInstall(false);

    m_routers.Create(2);
    Ptr<Node> sinkNode = CreateObject<Node>();
    stack.Install(m_routers);
    stack.Install(sinkNode);
    for (uint32_t i = 0; i < 2; ++i)
    {
        Ipv4FlatRoutingHelper::SetStrongEndSystemModel(m_routers.Get(i));
    }
    Ipv4SubnetAllocator subnets("AqmExperimentHelper");

    // Bottleneck R1 -> R2 with the AQM over a one-packet device queue.
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(s.linkRate));
    p2p.SetChannelAttribute("Delay", TimeValue(s.linkDelay));
    p2p.SetQueue("ns3::DropTailQueue",
                 "MaxSize",
                 QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));
    NetDeviceContainer bottleneck = p2p.Install(m_routers.Get(0), m_routers.Get(1));
    m_bottleneck = bottleneck.Get(0);
    DynamicCast<PointToPointNetDevice>(m_bottleneck)
        ->GetQueue()
        ->SetMaxSize(QueueSize(QueueSizeUnit::PACKETS, DEVICE_QUEUE_UNDER_DISC));

    TrafficControlHelper tch;
    const QueueSizeValue maxSize(QueueSize(QueueSizeUnit::PACKETS, s.bufferPackets));
    // AVQ and REM in byte mode: the same buffer in bytes, and REM's step per byte.
    const QueueSizeValue rateMaxSize =
        s.byteMode ? QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, s.bufferPackets * s.packetSize))
                   : maxSize;
    const double remGamma = s.byteMode ? s.remGamma / s.packetSize : s.remGamma;
    switch (m_aqm)
    {
    case Aqm::AVQ:
        tch.SetRootQueueDisc("ns3::AvqQueueDisc",
                             "MaxSize",
                             rateMaxSize,
                             "DesiredUtilization",
                             DoubleValue(s.avqGamma),
                             "Alpha",
                             DoubleValue(s.avqAlpha),
                             "UseEcn",
                             BooleanValue(s.ecn),
                             "MeanPktSize",
                             UintegerValue(s.packetSize));
        break;
    case Aqm::RED:
        tch.SetRootQueueDisc("ns3::RedQueueDisc",
                             "MaxSize",
                             maxSize,
                             "MeanPktSize",
                             UintegerValue(s.packetSize),
                             "Gentle",
                             BooleanValue(true),
                             "MinTh",
                             DoubleValue(s.redMinTh),
                             "MaxTh",
                             DoubleValue(s.redMaxTh),
                             "QW",
                             DoubleValue(s.redQw),
                             "LInterm",
                             DoubleValue(1.0 / s.redMaxP),
                             "UseEcn",
                             BooleanValue(s.ecn),
                             "LinkBandwidth",
                             DataRateValue(s.linkRate),
                             "LinkDelay",
                             TimeValue(s.linkDelay));
        break;
    case Aqm::REM:
        tch.SetRootQueueDisc("ns3::RemQueueDisc",
                             "MaxSize",
                             rateMaxSize,
                             "Gamma",
                             DoubleValue(remGamma),
                             "Mu",
                             DoubleValue(s.remMu),
                             "Phi",
                             DoubleValue(s.remPhi),
                             "UpdateInterval",
                             TimeValue(s.remUpdateInterval),
                             "UseEcn",
                             BooleanValue(s.ecn),
                             "MeanPktSize",
                             UintegerValue(s.packetSize));
        break;
    case Aqm::PIE:
        tch.SetRootQueueDisc("ns3::PieQueueDisc",
                             "MaxSize",
                             maxSize,
                             "MeanPktSize",
                             UintegerValue(s.packetSize),
                             "QueueDelayReference",
                             TimeValue(s.pieDelayReference),
                             "UseEcn",
                             BooleanValue(s.ecn));
        break;
    }
    m_queueDisc = tch.Install(m_bottleneck).Get(0);
    for (const auto& [name, value] : m_queueAttributes)
    {
        m_queueDisc->SetAttribute(name, *value);
    }
    if (m_queueStream >= 0)
    {
        if (auto red = DynamicCast<RedQueueDisc>(m_queueDisc))
        {
            red->AssignStreams(m_queueStream);
        }
        else if (auto rem = DynamicCast<RemQueueDisc>(m_queueDisc))
        {
            rem->AssignStreams(m_queueStream);
        }
        else if (auto pie = DynamicCast<PieQueueDisc>(m_queueDisc))
        {
            pie->AssignStreams(m_queueStream);
        }
    }
    if (m_aqm == Aqm::AVQ)
    {
        m_queueDisc->TraceConnectWithoutContext(
            "VirtualCapacity",
            MakeCallback(&AqmExperimentHelper::OnVirtualCapacity, this));
    }
    const auto [r1Bottleneck, r2Bottleneck] = subnets.Next();
    Ipv4SubnetAllocator::AddInterface(bottleneck.Get(0), r1Bottleneck);
    Ipv4SubnetAllocator::AddInterface(bottleneck.Get(1), r2Bottleneck);
    // R1 sends everything it has no host route for to R2, and R2 to R1.
    Ipv4FlatRoutingHelper::GetRouting(m_routers.Get(0))->SetDefaultRoute(1, r2Bottleneck);
    Ipv4FlatRoutingHelper::GetRouting(m_routers.Get(1))->SetDefaultRoute(1, r1Bottleneck);

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(s.accessRate));
    access.SetQueue("ns3::DropTailQueue",
                    "MaxSize",
                    QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));

    // The sink host behind R2.
    access.SetChannelAttribute("Delay", TimeValue(SINK_ACCESS_DELAY));
    NetDeviceContainer down = access.Install(m_routers.Get(1), sinkNode);
    const auto [r2Address, sinkAddress] = subnets.Next();
    const uint32_t r2Interface = Ipv4SubnetAllocator::AddInterface(down.Get(0), r2Address);
    Ipv4SubnetAllocator::AddInterface(down.Get(1), sinkAddress);
    Ipv4FlatRoutingHelper::GetRouting(sinkNode)->SetDefaultRoute(1, r2Address);
    Ipv4FlatRoutingHelper::GetRouting(m_routers.Get(1))
        ->AddHostRoute(sinkAddress, r2Interface, sinkAddress);
    for (uint16_t port : {FTP_PORT, SHORT_PORT})
    {
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer apps = sinkHelper.Install(sinkNode);
        apps.Start(Seconds(0));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(apps.Get(0));
        m_sinks.push_back(sink);
        // The listening socket exists once the sink has started (at 0).
        Simulator::Schedule(TimeStep(1), &AqmExperimentHelper::PrepareSink, this, sink);
    }

    // A source host with its access link to R1; returns the host.
    auto addHost = [&](Time rtt) {
        Ptr<Node> host = CreateObject<Node>();
        stack.Install(host);
        access.SetChannelAttribute("Delay", TimeValue(rtt / 2 - s.linkDelay - SINK_ACCESS_DELAY));
        NetDeviceContainer up = access.Install(host, m_routers.Get(0));
        const auto [hostAddress, r1Address] = subnets.Next();
        const uint32_t hostInterface = Ipv4SubnetAllocator::AddInterface(up.Get(0), hostAddress);
        NS_ABORT_MSG_UNLESS(hostInterface == HOST_INTERFACE,
                            "AqmExperimentHelper: unexpected host interface " << hostInterface);
        const uint32_t r1Interface = Ipv4SubnetAllocator::AddInterface(up.Get(1), r1Address);
        Ipv4FlatRoutingHelper::GetRouting(host)->SetDefaultRoute(HOST_INTERFACE, r1Address);
        Ipv4FlatRoutingHelper::GetRouting(m_routers.Get(0))
            ->AddHostRoute(hostAddress, r1Interface, hostAddress);
        return host;
    };
    auto drawRtt = [&]() { return s.minRtt + (s.maxRtt - s.minRtt) * m_random->GetValue(0, 1); };

    // FTP flows.
    for (const FtpGroup& group : m_ftpGroups)
    {
        for (uint32_t i = 0; i < group.flows; ++i)
        {
            const Time rtt = drawRtt();
            Ptr<Node> host = addHost(rtt);
            Ptr<PersistentFlowApplication> app = CreateObject<PersistentFlowApplication>();
            app->SetAttribute("Remote", AddressValue(InetSocketAddress(sinkAddress, FTP_PORT)));
            app->SetAttribute("UseEcn", BooleanValue(s.ecn));
            app->SetCongestionControl(CreateObject<TcpNewReno>());
            host->AddApplication(app);
            app->SetStartTime(group.start + s.startJitter * m_random->GetValue(0, 1));
            if (!group.stop.IsZero())
            {
                // The flow leaves: PersistentFlowApplication's stop closes the socket, but TCP
                // still sends the whole send buffer (up to BufferSize) before its FIN. Taking
                // the host's interface down ends the flow's load on the bottleneck at once.
                app->SetStopTime(group.stop);
                Simulator::Schedule(group.stop, &AqmExperimentHelper::Disconnect, host);
            }
            m_ftp.push_back(app);
            m_ftpRtts.push_back(rtt);
        }
    }

    // Short flows: ShortFlowHosts hosts, each with a share of every period's rate.
    if (!m_shortPeriods.empty())
    {
        std::vector<Ptr<Node>> hosts;
        for (uint32_t h = 0; h < s.shortFlowHosts; ++h)
        {
            hosts.push_back(addHost(drawRtt()));
        }
        int64_t stream = m_shortStream;
        for (const ShortPeriod& period : m_shortPeriods)
        {
            for (Ptr<Node> host : hosts)
            {
                Ptr<ShortFlowApplication> app = CreateObject<ShortFlowApplication>();
                app->SetAttribute("Remote",
                                  AddressValue(InetSocketAddress(sinkAddress, SHORT_PORT)));
                app->SetAttribute("ArrivalRate", DoubleValue(period.rate / s.shortFlowHosts));
                app->SetAttribute("FlowSize", UintegerValue(s.shortFlowSize));
                app->SetAttribute("UseEcn", BooleanValue(s.ecn));
                if (stream >= 0)
                {
                    app->AssignStreams(stream++);
                }
                host->AddApplication(app);
                app->SetStartTime(period.start);
                if (!period.stop.IsZero())
                {
                    app->SetStopTime(period.stop);
                }
                m_shortApps.push_back(app);
            }
        }
    }

    Simulator::ScheduleNow(&AqmExperimentHelper::TakeSample, this);
    m_installed = true;
}

void
AqmExperimentHelper::Disconnect(Ptr<Node> host)
{
    NS_LOG_FUNCTION(host);
    host->GetObject<Ipv4>()->SetDown(HOST_INTERFACE);
}

void
AqmExperimentHelper::OnVirtualCapacity(double /* oldValue */, double newValue)
{
    m_virtualCapacity = newValue;
}

void
AqmExperimentHelper::TakeSample()
{
    Sample sample;
    sample.time = Simulator::Now().GetSeconds();
    Ptr<PointToPointNetDevice> device = DynamicCast<PointToPointNetDevice>(m_bottleneck);
    sample.queue = m_queueDisc->GetNPackets() + device->GetQueue()->GetNPackets();
    // C~ is in bytes/s (byte mode) or packets/s of PacketSize bytes: in Mb/s.
    const double bytesPerUnit = m_settings.byteMode ? 1.0 : m_settings.packetSize;
    sample.virtualCapacity = m_virtualCapacity * 8.0 * bytesPerUnit / 1e6;
    if (m_aqm == Aqm::AVQ && std::isnan(m_virtualCapacity))
    {
        // Before the first arrival: C~(0) = InitialVirtualCapacity C (1 unless changed).
        sample.virtualCapacity = m_settings.linkRate.GetBitRate() / 1e6;
    }
    const QueueDisc::Stats& stats = m_queueDisc->GetStats();
    sample.txBytes = stats.nTotalDequeuedBytes;
    sample.arrivals = stats.nTotalReceivedPackets;
    sample.drops = stats.nTotalDroppedPackets;
    sample.marks = stats.nTotalMarkedPackets;
    sample.goodputBytes = 0;
    for (Ptr<PacketSink> sink : m_sinks)
    {
        sample.goodputBytes += sink->GetTotalRx();
    }
    sample.shortArrived = 0;
    sample.shortCompleted = 0;
    for (Ptr<ShortFlowApplication> app : m_shortApps)
    {
        sample.shortArrived += app->GetArrivals();
        sample.shortCompleted += app->GetCompletedFlows();
    }
    m_samples.push_back(sample);
    Simulator::Schedule(m_settings.samplingInterval, &AqmExperimentHelper::TakeSample, this);
}

void
AqmExperimentHelper::Run(Time stop, bool showProgress)
{
    CheckInstalled(true, "Run");
    StringValue scheduler;
    GlobalValue::GetValueByName("SchedulerType", scheduler);
    if (scheduler.Get() == "ns3::MapScheduler")
    {
        ObjectFactory calendar("ns3::CalendarScheduler");
        Simulator::SetScheduler(calendar);
    }
    // One more sampling interval so that a sample exists at exactly `stop`.
    Simulator::Stop(stop + TimeStep(1));
    if (showProgress)
    {
        ShowProgress progress(Seconds(5), std::cerr);
        Simulator::Run();
    }
    else
    {
        Simulator::Run();
    }
}

AqmExperimentHelper::Measurement
AqmExperimentHelper::Measure(Time from, Time to) const
{
    CheckInstalled(true, "Measure");
    NS_ABORT_MSG_UNLESS(to > from,
                        "AqmExperimentHelper::Measure: the window must end after it starts");
    NS_ABORT_MSG_IF(m_samples.empty(), "AqmExperimentHelper::Measure: no samples (Run first)");
    const double interval = m_settings.samplingInterval.GetSeconds();
    // Sample k was taken at k * interval.
    auto index = [&](Time t) {
        const auto k = static_cast<std::size_t>(std::floor(t.GetSeconds() / interval + 1e-9));
        NS_ABORT_MSG_IF(k >= m_samples.size(),
                        "AqmExperimentHelper::Measure: no sample at "
                            << t.As(Time::S) << " (the run ended at " << m_samples.back().time
                            << " s)");
        return k;
    };
    const std::size_t a = index(from);
    const std::size_t b = index(to);
    NS_ABORT_MSG_UNLESS(b > a, "AqmExperimentHelper::Measure: the window holds no sample");
    const Sample& first = m_samples[a];
    const Sample& last = m_samples[b];
    const double window = last.time - first.time;
    Measurement m;
    m.utilization =
        8.0 * (last.txBytes - first.txBytes) / (m_settings.linkRate.GetBitRate() * window);
    double sum = 0;
    double sumSquares = 0;
    double capacitySum = 0;
    for (std::size_t k = a + 1; k <= b; ++k)
    {
        sum += m_samples[k].queue;
        sumSquares += m_samples[k].queue * m_samples[k].queue;
        capacitySum += m_samples[k].virtualCapacity;
    }
    const double n = b - a;
    m.queueMean = sum / n;
    m.queueStd = std::sqrt(std::max(0.0, sumSquares / n - m.queueMean * m.queueMean));
    m.virtualCapacityMean = capacitySum / n;
    m.arrivals = last.arrivals - first.arrivals;
    m.drops = last.drops - first.drops;
    m.marks = last.marks - first.marks;
    m.lossRate = m.arrivals > 0 ? m.drops / m.arrivals : 0;
    m.goodputPacketsPerSecond =
        (last.goodputBytes - first.goodputBytes) / GetSegmentSize() / window;
    const double capacityPackets = m_settings.linkRate.GetBitRate() / (8.0 * m_settings.packetSize);
    m.goodputFraction = m.goodputPacketsPerSecond / capacityPackets;
    m.shortArrived = last.shortArrived - first.shortArrived;
    m.shortCompleted = last.shortCompleted - first.shortCompleted;
    return m;
}

const std::vector<AqmExperimentHelper::Sample>&
AqmExperimentHelper::GetSamples() const
{
    return m_samples;
}

Ptr<QueueDisc>
AqmExperimentHelper::GetQueueDisc() const
{
    CheckInstalled(true, "GetQueueDisc");
    return m_queueDisc;
}

const std::vector<Ptr<ShortFlowApplication>>&
AqmExperimentHelper::GetShortFlowApplications() const
{
    CheckInstalled(true, "GetShortFlowApplications");
    return m_shortApps;
}

const std::vector<Time>&
AqmExperimentHelper::GetFtpRtts() const
{
    CheckInstalled(true, "GetFtpRtts");
    return m_ftpRtts;
}

PlotWriter::Points
AqmExperimentHelper::SampleCurve(const std::vector<Sample>& samples,
                                 double Sample::*field,
                                 Time interval)
{
    PlotWriter::Points points;
    for (const Sample& sample : samples)
    {
        points.emplace_back(sample.time, sample.*field);
    }
    return PlotWriter::AverageOverIntervals(points, interval.GetSeconds());
}

} // namespace ns3
