/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-helper.h"

#include "ipv4-flat-routing-helper.h"
#include "ipv4-subnet-allocator.h"

#include "ns3/abort.h"
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
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/random-variable-stream.h"
#include "ns3/show-progress.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetworkHelper");

namespace
{
/// Port of every sink.
constexpr uint16_t SINK_PORT = 5000;
/// "Unlimited" queue sizes, packets.
constexpr uint32_t UNLIMITED_PACKETS = 10000000;
/// Device queue under a queue disc, packets: the backlog stays in the queue disc.
constexpr uint32_t DEVICE_QUEUE_UNDER_DISC = 1;

} // namespace

NetworkHelper::NetworkHelper(NetworkDescription description)
    : m_description(std::move(description)),
      m_samplingInterval(MilliSeconds(1)),
      m_bufferSize(4 * 1024 * 1024),
      m_initialCwnd(2),
      m_delAckCount(1),
      m_installed(false)
{
    m_description.Validate();
    m_jitter = CreateObject<UniformRandomVariable>();
}

NetworkHelper::~NetworkHelper() = default;

const NetworkDescription&
NetworkHelper::GetDescription() const
{
    return m_description;
}

void
NetworkHelper::SetMeasurementWindow(Time start, Time stop)
{
    NS_ABORT_MSG_IF(m_installed, "NetworkHelper: set the measurement window before Install()");
    NS_ABORT_MSG_IF(start.IsStrictlyNegative(), "NetworkHelper: measurement start must be >= 0");
    NS_ABORT_MSG_UNLESS(stop > start, "NetworkHelper: measurement stop must be after its start");
    m_windowStart = start;
    m_windowStop = stop;
}

void
NetworkHelper::SetMeasurementPeriods(const std::vector<Time>& boundaries, Time settling)
{
    NS_ABORT_MSG_IF(m_installed, "NetworkHelper: set the measurement periods before Install()");
    NS_ABORT_MSG_IF(boundaries.size() < 2,
                    "NetworkHelper: measurement periods need at least two boundaries");
    NS_ABORT_MSG_IF(boundaries.front().IsStrictlyNegative(),
                    "NetworkHelper: the first period boundary must be >= 0");
    NS_ABORT_MSG_IF(settling.IsStrictlyNegative(), "NetworkHelper: the settling time must be >= 0");
    m_periods.clear();
    for (std::size_t k = 0; k + 1 < boundaries.size(); ++k)
    {
        NS_ABORT_MSG_UNLESS(boundaries[k + 1] > boundaries[k] + settling,
                            "NetworkHelper: period " << k << " [" << boundaries[k].As(Time::S)
                                                     << ", " << boundaries[k + 1].As(Time::S)
                                                     << "] must last longer than the settling "
                                                        "time "
                                                     << settling.As(Time::S));
        Period period;
        period.start = boundaries[k] + settling;
        period.stop = boundaries[k + 1];
        m_periods.push_back(period);
    }
}

std::vector<Time>
NetworkHelper::GetStartBoundaries(const NetworkDescription& description, Time stop)
{
    std::vector<Time> boundaries;
    for (const NetworkDescription::ClassSpec& c : description.classes)
    {
        boundaries.push_back(c.start);
    }
    std::sort(boundaries.begin(), boundaries.end());
    boundaries.erase(std::unique(boundaries.begin(), boundaries.end()), boundaries.end());
    NS_ABORT_MSG_IF(boundaries.empty() || stop <= boundaries.back(),
                    "NetworkHelper: the last period must end (" << stop.As(Time::S)
                                                                << ") after the last start");
    boundaries.push_back(stop);
    return boundaries;
}

void
NetworkHelper::SetSamplingInterval(Time interval)
{
    NS_ABORT_MSG_UNLESS(interval.IsStrictlyPositive(),
                        "NetworkHelper: the sampling interval must be > 0");
    m_samplingInterval = interval;
}

void
NetworkHelper::SetBufferSize(uint32_t bytes)
{
    NS_ABORT_MSG_IF(bytes < m_description.packetSize,
                    "NetworkHelper: the socket buffer must hold at least one packet");
    m_bufferSize = bytes;
}

void
NetworkHelper::SetInitialCwnd(uint32_t segments)
{
    NS_ABORT_MSG_IF(segments == 0, "NetworkHelper: the initial window must be >= 1 segment");
    m_initialCwnd = segments;
}

void
NetworkHelper::SetDelAckCount(uint32_t segments)
{
    NS_ABORT_MSG_IF(segments == 0, "NetworkHelper: DelAckCount must be >= 1 segment");
    m_delAckCount = segments;
}

void
NetworkHelper::SetEarlyConnection(bool early)
{
    NS_ABORT_MSG_IF(m_installed, "NetworkHelper: SetEarlyConnection before Install()");
    m_earlyConnection = early;
}

void
NetworkHelper::EnableTimeSeries(Time interval)
{
    NS_ABORT_MSG_IF(interval.IsStrictlyNegative(),
                    "NetworkHelper: the time-series interval must be >= 0");
    m_seriesInterval = interval;
}

int64_t
NetworkHelper::AssignStreams(int64_t stream)
{
    m_jitter->SetStream(stream);
    return 1;
}

void
NetworkHelper::PrepareEcnSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion)
{
    Ptr<TcpSocketBase> listening = DynamicCast<TcpSocketBase>(sink->GetListeningSocket());
    NS_ABORT_MSG_UNLESS(listening, "NetworkHelper: the sink has no TCP listening socket");
    listening->SetAttribute("UseEcn", EnumValue(TcpSocketState::On));
    listening->SetCongestionControlAlgorithm(congestion);
}

void
NetworkHelper::CheckInstalled(const std::string& what) const
{
    NS_ABORT_MSG_UNLESS(m_installed, "NetworkHelper::" << what << ": call Install() first");
}

void
NetworkHelper::Install()
{
    NS_ABORT_MSG_IF(m_installed, "NetworkHelper::Install called twice");
    NS_ABORT_MSG_IF(m_windowStop.IsZero() && m_periods.empty(),
                    "NetworkHelper: SetMeasurementWindow(start, stop) or SetMeasurementPeriods() "
                    "before Install()");
    const NetworkDescription& d = m_description;
    // The run ends with the measurement: a class that starts at or after its end would never
    // send, yet the duality model would count its flows.
    Time end = m_windowStop;
    for (const Period& period : m_periods)
    {
        end = std::max(end, period.stop);
    }
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        if (spec.start >= end)
        {
            std::ostringstream os;
            os << NetworkDescription::GetLocation(spec) << ": start = " << spec.start.As(Time::S)
               << " is at or after the end of the run (" << end.As(Time::S)
               << "): the class would never send, yet the model would count it; valid: start < "
               << end.As(Time::S);
            throw std::invalid_argument(os.str());
        }
        if (spec.start + d.startJitter >= end)
        {
            std::cerr << "warning: " << NetworkDescription::GetLocation(spec)
                      << ": start + startJitter = " << (spec.start + d.startJitter).As(Time::S)
                      << " reaches the end of the run (" << end.As(Time::S)
                      << "): some of its flows may never start\n";
        }
    }
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(d.GetSegmentSize()));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(m_bufferSize));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(m_bufferSize));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(m_initialCwnd));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(m_delAckCount));
    // ns-3's TCP timestamps count whole milliseconds: RTT samples taken from them are too coarse
    // for Vegas. Without them, RTTs are measured from the send times of unambiguous segments.
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    // ns-3.37 hands congestion control (PktsAcked) and the "RTT" trace the smoothed RTT of its
    // RttMeanDeviation estimator, not the sample; a gain of 1 makes the smoothed RTT the last
    // sample, which is what Vegas compares with baseRTT. (The RTO still uses the smoothed
    // deviation.)
    Config::SetDefault("ns3::RttMeanDeviation::Alpha", DoubleValue(1.0));

    InternetStackHelper stack;
    Ipv4FlatRoutingHelper flat;
    stack.SetRoutingHelper(flat);
    stack.SetIpv6StackInstall(false);

    // Routers.
    const std::vector<std::string> routerNames = d.GetRouters();
    m_routers.Create(routerNames.size());
    stack.Install(m_routers);
    std::map<std::string, Ptr<Node>> router;
    for (std::size_t i = 0; i < routerNames.size(); ++i)
    {
        router[routerNames[i]] = m_routers.Get(i);
        Ipv4FlatRoutingHelper::SetStrongEndSystemModel(m_routers.Get(i));
    }

    Ipv4SubnetAllocator subnets("NetworkHelper");

    // Links: queue disc at the sending end over a one-packet device queue.
    struct LinkEnds
    {
        uint32_t fromInterface;
        uint32_t toInterface;
        Ipv4Address fromAddress;
        Ipv4Address toAddress;
    };

    std::vector<LinkEnds> ends;
    for (const NetworkDescription::LinkSpec& spec : d.links)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(spec.rate));
        p2p.SetChannelAttribute("Delay", TimeValue(spec.delay));
        p2p.SetQueue("ns3::DropTailQueue",
                     "MaxSize",
                     QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));
        Link link;
        link.devices = p2p.Install(router[spec.from], router[spec.to]);
        DynamicCast<PointToPointNetDevice>(link.devices.Get(0))
            ->GetQueue()
            ->SetMaxSize(QueueSize(QueueSizeUnit::PACKETS, DEVICE_QUEUE_UNDER_DISC));
        TrafficControlHelper tch;
        const uint32_t limit = spec.bufferPackets == 0 ? UNLIMITED_PACKETS : spec.bufferPackets;
        tch.SetRootQueueDisc(spec.queueDisc,
                             "MaxSize",
                             QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, limit)));
        link.queueDisc = tch.Install(link.devices.Get(0)).Get(0);
        for (const auto& [name, value] : spec.queueAttributes)
        {
            link.queueDisc->SetAttribute(name, StringValue(value)); // checked by Validate()
        }
        const auto [a, b] = subnets.Next();
        ends.push_back({Ipv4SubnetAllocator::AddInterface(link.devices.Get(0), a),
                        Ipv4SubnetAllocator::AddInterface(link.devices.Get(1), b),
                        a,
                        b});
        m_links.push_back(link);
    }

    // Flows: a source and a sink host each, with their access links, routes and applications.
    NodeContainer hosts;
    m_classFlows.assign(d.classes.size(), {});
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        const NetworkDescription::ClassSpec& spec = d.classes[c];
        ObjectFactory congestion;
        congestion.SetTypeId(spec.tcp);
        if (spec.tcp == "ns3::TcpDualVegas")
        {
            congestion.Set("Alpha", DoubleValue(spec.alpha));
            congestion.Set("Beta", DoubleValue(spec.beta));
            congestion.Set("RttSample", StringValue(spec.meanRttSample ? "Mean" : "Minimum"));
            if (!spec.alphaTimeUnit.IsZero())
            {
                congestion.Set("AlphaUnit", StringValue("PerTime"));
                congestion.Set("AlphaTimeUnit", TimeValue(spec.alphaTimeUnit));
            }
        }
        else if (spec.tcp == "ns3::TcpVegas")
        {
            NS_ABORT_MSG_UNLESS(spec.alpha == std::floor(spec.alpha) &&
                                    spec.beta == std::floor(spec.beta) &&
                                    spec.alphaTimeUnit.IsZero(),
                                "class '" << spec.name
                                          << "': ns3::TcpVegas takes whole alpha and beta "
                                             "per RTT only");
            congestion.Set("Alpha", UintegerValue(static_cast<uint32_t>(spec.alpha)));
            congestion.Set("Beta", UintegerValue(static_cast<uint32_t>(spec.beta)));
        }
        const Time sourceAccessDelay = d.GetSourceAccessDelay(spec);
        const std::string& firstRouter = d.links[d.GetLinkIndex(spec.route.front())].from;
        const std::string& lastRouter = d.links[d.GetLinkIndex(spec.route.back())].to;
        // Propagation and transmission times of the path (data forward, ACK back).
        Time transmissionRtt;
        {
            std::vector<DataRate> rates{d.accessRate, d.accessRate};
            for (const std::string& name : spec.route)
            {
                rates.push_back(d.links[d.GetLinkIndex(name)].rate);
            }
            for (const DataRate& rate : rates)
            {
                transmissionRtt += rate.CalculateBytesTxTime(d.packetSize) +
                                   rate.CalculateBytesTxTime(NetworkDescription::ACK_BYTES);
            }
        }
        if (spec.fixedBaseRtt)
        {
            congestion.Set("BaseRttEstimator", StringValue("Fixed"));
            congestion.Set("PropagationDelay", TimeValue(spec.rtt + transmissionRtt));
        }
        for (const auto& [name, value] : spec.tcpAttributes)
        {
            congestion.Set(name, StringValue(value)); // checked by Validate()
        }
        for (uint32_t i = 0; i < spec.flows; ++i)
        {
            Flow flow;
            flow.classIndex = c;
            flow.source = CreateObject<Node>();
            flow.sink = CreateObject<Node>();
            stack.Install(flow.source);
            stack.Install(flow.sink);
            PointToPointHelper access;
            access.SetDeviceAttribute("DataRate", DataRateValue(d.accessRate));
            access.SetQueue("ns3::DropTailQueue",
                            "MaxSize",
                            QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));
            access.SetChannelAttribute("Delay", TimeValue(sourceAccessDelay));
            NetDeviceContainer up = access.Install(flow.source, router[firstRouter]);
            access.SetChannelAttribute("Delay", TimeValue(d.sinkAccessDelay));
            NetDeviceContainer down = access.Install(router[lastRouter], flow.sink);
            const auto [srcAddress, r0Address] = subnets.Next();
            const auto [rkAddress, dstAddress] = subnets.Next();
            Ipv4SubnetAllocator::AddInterface(up.Get(0), srcAddress);
            const uint32_t r0Interface = Ipv4SubnetAllocator::AddInterface(up.Get(1), r0Address);
            const uint32_t rkInterface = Ipv4SubnetAllocator::AddInterface(down.Get(0), rkAddress);
            Ipv4SubnetAllocator::AddInterface(down.Get(1), dstAddress);

            // Routes: hosts send everything to their router; routers hold host routes.
            Ipv4FlatRoutingHelper::GetRouting(flow.source)->SetDefaultRoute(1, r0Address);
            Ipv4FlatRoutingHelper::GetRouting(flow.sink)->SetDefaultRoute(1, rkAddress);
            for (std::size_t h = 0; h < spec.route.size(); ++h)
            {
                const std::size_t l = d.GetLinkIndex(spec.route[h]);
                Ipv4FlatRoutingHelper::GetRouting(router[d.links[l].from])
                    ->AddHostRoute(dstAddress, ends[l].fromInterface, ends[l].toAddress);
                Ipv4FlatRoutingHelper::GetRouting(router[d.links[l].to])
                    ->AddHostRoute(srcAddress, ends[l].toInterface, ends[l].fromAddress);
            }
            Ipv4FlatRoutingHelper::GetRouting(router[lastRouter])
                ->AddHostRoute(dstAddress, rkInterface, dstAddress);
            Ipv4FlatRoutingHelper::GetRouting(router[firstRouter])
                ->AddHostRoute(srcAddress, r0Interface, srcAddress);

            flow.propagationRtt = spec.rtt;
            flow.transmissionRtt = transmissionRtt;

            // Applications.
            PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                        InetSocketAddress(Ipv4Address::GetAny(), SINK_PORT));
            ApplicationContainer sinkApps = sinkHelper.Install(flow.sink);
            flow.packetSink = DynamicCast<PacketSink>(sinkApps.Get(0));
            flow.app = CreateObject<PersistentFlowApplication>();
            flow.app->SetAttribute("Remote",
                                   AddressValue(InetSocketAddress(dstAddress, SINK_PORT)));
            flow.congestion = congestion.Create<TcpCongestionOps>();
            flow.app->SetCongestionControl(flow.congestion);
            flow.app->SetAttribute("UseEcn", BooleanValue(spec.ecn));
            flow.source->AddApplication(flow.app);
            const Time start =
                spec.start + Seconds(m_jitter->GetValue(0, 1)) * d.startJitter.GetSeconds();
            if (m_earlyConnection)
            {
                flow.app->SetStartTime(Seconds(0));
                flow.app->SetAttribute("SendStart", TimeValue(start));
            }
            else
            {
                flow.app->SetStartTime(start);
            }
            sinkApps.Start(Seconds(0));
            if (spec.ecn)
            {
                // The sink's listening socket exists once the sink has started (at 0): make it
                // ECN-capable and give it the class' congestion control, which the sockets it
                // accepts copy (TcpDualVegas in EcnMarks mode echoes marks per segment).
                Simulator::Schedule(TimeStep(1),
                                    &NetworkHelper::PrepareEcnSink,
                                    flow.packetSink,
                                    congestion.Create<TcpCongestionOps>());
            }
            if (!spec.stop.IsZero())
            {
                flow.app->SetStopTime(spec.stop);
            }
            m_classFlows[c].push_back(m_flows.size());
            m_flows.push_back(flow);
        }
    }

    // TcpDualVegas' baseRTT estimate, followed through its trace (the record stays valid: no
    // flow is added after this).
    for (Flow& flow : m_flows)
    {
        flow.ccBaseRtt = Time(0);
        if (flow.congestion->GetInstanceTypeId().LookupTraceSourceByName("BaseRtt"))
        {
            flow.congestion->TraceConnectWithoutContext(
                "BaseRtt",
                MakeBoundCallback(&NetworkHelper::RecordBaseRtt, &flow.ccBaseRtt));
        }
    }

    // The single window (SetMeasurementWindow) and the periods collect the same way.
    std::vector<Period*> windows;
    if (!m_windowStop.IsZero())
    {
        m_window.start = m_windowStart;
        m_window.stop = m_windowStop;
        windows.push_back(&m_window);
    }
    for (Period& period : m_periods)
    {
        windows.push_back(&period);
    }
    for (Period* period : windows)
    {
        period->flows.assign(m_flows.size(), FlowTally());
        period->links.assign(m_links.size(), LinkTally());
        Simulator::Schedule(period->start, &NetworkHelper::StartPeriod, this, period);
        Simulator::Schedule(period->stop, &NetworkHelper::StopPeriod, this, period);
    }
    if (!m_seriesInterval.IsZero())
    {
        Simulator::Schedule(m_seriesInterval, &NetworkHelper::SampleTimeSeries, this);
    }
    m_installed = true;
}

double
NetworkHelper::Backlog(const Link& link) const
{
    Ptr<PointToPointNetDevice> device = DynamicCast<PointToPointNetDevice>(link.devices.Get(0));
    return link.queueDisc->GetNPackets() + device->GetQueue()->GetNPackets();
}

void
NetworkHelper::RecordBaseRtt(Time* where, Time /* oldValue */, Time newValue)
{
    *where = newValue == Time::Max() ? Time(0) : newValue;
}

void
NetworkHelper::StartPeriod(Period* window)
{
    Period& period = *window;
    for (std::size_t f = 0; f < m_flows.size(); ++f)
    {
        period.flows[f].rxAtStart = m_flows[f].packetSink->GetTotalRx();
    }
    for (std::size_t l = 0; l < m_links.size(); ++l)
    {
        const QueueDisc::Stats& stats = m_links[l].queueDisc->GetStats();
        period.links[l].txBytesAtStart = stats.nTotalDequeuedBytes;
        period.links[l].dropsAtStart = stats.nTotalDroppedPackets;
    }
    SamplePeriod(window);
}

void
NetworkHelper::StopPeriod(Period* window)
{
    Period& period = *window;
    for (std::size_t f = 0; f < m_flows.size(); ++f)
    {
        FlowTally& tally = period.flows[f];
        tally.rxAtStop = m_flows[f].packetSink->GetTotalRx();
        tally.minRtt = m_flows[f].app->GetRttSamples() > 0 ? m_flows[f].app->GetMinRtt() : Time(0);
        tally.ccBaseRtt = m_flows[f].ccBaseRtt;
    }
    for (std::size_t l = 0; l < m_links.size(); ++l)
    {
        const QueueDisc::Stats& stats = m_links[l].queueDisc->GetStats();
        period.links[l].txBytesAtStop = stats.nTotalDequeuedBytes;
        period.links[l].dropsAtStop = stats.nTotalDroppedPackets;
    }
}

void
NetworkHelper::SamplePeriod(Period* window)
{
    Period& period = *window;
    const double segment = m_description.GetSegmentSize();
    for (std::size_t f = 0; f < m_flows.size(); ++f)
    {
        const Flow& flow = m_flows[f];
        FlowTally& tally = period.flows[f];
        if (flow.app->GetSocket() && flow.app->GetLastCwnd() > 0)
        {
            tally.cwndSum += flow.app->GetLastCwnd() / segment;
            ++tally.samples;
        }
        if (flow.app->GetRttSamples() > 0)
        {
            tally.rttSum += flow.app->GetLastRtt().GetSeconds();
            ++tally.rttSamples;
        }
    }
    for (std::size_t l = 0; l < m_links.size(); ++l)
    {
        period.links[l].backlogSum += Backlog(m_links[l]);
        ++period.links[l].samples;
    }
    if (Simulator::Now() + m_samplingInterval <= period.stop)
    {
        Simulator::Schedule(m_samplingInterval, &NetworkHelper::SamplePeriod, this, window);
    }
}

void
NetworkHelper::SampleTimeSeries()
{
    const NetworkDescription& d = m_description;
    std::vector<double> point{Simulator::Now().GetSeconds()};
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        double bytes = 0;
        for (std::size_t f : m_classFlows[c])
        {
            const uint64_t rx = m_flows[f].packetSink->GetTotalRx();
            bytes += rx - m_flows[f].rxAtLastSample;
            m_flows[f].rxAtLastSample = rx;
        }
        const double packetsPerSecond =
            bytes / d.GetSegmentSize() / m_seriesInterval.GetSeconds() / m_classFlows[c].size();
        point.push_back(packetsPerSecond * kiloBytesPerPacket);
    }
    for (const Link& link : m_links)
    {
        point.push_back(Backlog(link));
    }
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        double cwnd = 0;
        for (std::size_t f : m_classFlows[c])
        {
            cwnd += m_flows[f].app->GetLastCwnd();
        }
        point.push_back(cwnd / d.GetSegmentSize() / m_classFlows[c].size());
    }
    m_series.push_back(point);
    Simulator::Schedule(m_seriesInterval, &NetworkHelper::SampleTimeSeries, this);
}

NodeContainer
NetworkHelper::GetRouters() const
{
    CheckInstalled("GetRouters");
    return m_routers;
}

NetDeviceContainer
NetworkHelper::GetLinkDevices(const std::string& link) const
{
    CheckInstalled("GetLinkDevices");
    return m_links[m_description.GetLinkIndex(link)].devices;
}

Ptr<QueueDisc>
NetworkHelper::GetQueueDisc(const std::string& link) const
{
    CheckInstalled("GetQueueDisc");
    return m_links[m_description.GetLinkIndex(link)].queueDisc;
}

std::vector<Ptr<PersistentFlowApplication>>
NetworkHelper::GetSources(const std::string& className) const
{
    CheckInstalled("GetSources");
    for (std::size_t c = 0; c < m_description.classes.size(); ++c)
    {
        if (m_description.classes[c].name == className)
        {
            std::vector<Ptr<PersistentFlowApplication>> apps;
            for (std::size_t f : m_classFlows[c])
            {
                apps.push_back(m_flows[f].app);
            }
            return apps;
        }
    }
    NS_ABORT_MSG("NetworkHelper: no class '" << className << "'");
}

DualityModel
NetworkHelper::BuildModel(bool withMeasuredBaseRtt) const
{
    CheckInstalled("BuildModel");
    return BuildModelOf([](std::size_t) { return true; },
                        [this, withMeasuredBaseRtt](std::size_t f) {
                            const Flow& flow = m_flows[f];
                            return withMeasuredBaseRtt && flow.app->GetRttSamples() > 0
                                       ? flow.app->GetMinRtt()
                                       : Time(0);
                        });
}

DualityModel
NetworkHelper::BuildPeriodModel(std::size_t k, bool withMeasuredBaseRtt) const
{
    CheckInstalled("BuildPeriodModel");
    const Period& period = CheckPeriod(k, "BuildPeriodModel");
    return BuildModelOf(
        [this, &period](std::size_t f) {
            return IsActive(m_flows[f].classIndex, period.start, period.stop);
        },
        [&period, withMeasuredBaseRtt](std::size_t f) {
            return withMeasuredBaseRtt ? period.flows[f].minRtt : Time(0);
        });
}

DualityModel
NetworkHelper::BuildModelOf(const std::function<bool(std::size_t)>& include,
                            const std::function<Time(std::size_t)>& measuredBaseRtt) const
{
    const NetworkDescription& d = m_description;
    DualityModel model;
    for (const NetworkDescription::LinkSpec& link : d.links)
    {
        model.AddLinkBps(link.name, link.rate.GetBitRate(), d.packetSize);
    }
    for (std::size_t f = 0; f < m_flows.size(); ++f)
    {
        if (!include(f))
        {
            continue;
        }
        const Flow& flow = m_flows[f];
        const NetworkDescription::ClassSpec& spec = d.classes[flow.classIndex];
        const std::size_t access = model.AddLinkBps("access-" + std::to_string(f),
                                                    d.accessRate.GetBitRate(),
                                                    d.packetSize);
        std::vector<std::size_t> route{access};
        for (const std::string& name : spec.route)
        {
            route.push_back(model.GetLinkIndex(name));
        }
        const double delay = (flow.propagationRtt + flow.transmissionRtt).GetSeconds();
        const double weight = spec.alphaTimeUnit.IsZero()
                                  ? spec.alpha
                                  : spec.alpha * delay / spec.alphaTimeUnit.GetSeconds();
        // eq. 24: a measured baseRTT above d distorts the utility by eps = baseRTT / d - 1
        const Time baseRtt = measuredBaseRtt(f);
        const double error = baseRtt.IsStrictlyPositive() ? baseRtt.GetSeconds() / delay - 1 : 0;
        model.AddSource(spec.name, route, delay, weight, error);
    }
    return model;
}

std::size_t
NetworkHelper::GetClassIndex(const std::string& className) const
{
    for (std::size_t c = 0; c < m_description.classes.size(); ++c)
    {
        if (m_description.classes[c].name == className)
        {
            return c;
        }
    }
    NS_ABORT_MSG("NetworkHelper: no class '" << className << "'");
}

bool
NetworkHelper::IsActive(std::size_t c, Time windowStart, Time windowStop) const
{
    const NetworkDescription::ClassSpec& spec = m_description.classes[c];
    const bool started = spec.start + m_description.startJitter <= windowStart;
    const bool running = spec.stop.IsZero() || spec.stop >= windowStop;
    return started && running;
}

const NetworkHelper::Period&
NetworkHelper::CheckPeriod(std::size_t k, const std::string& what) const
{
    NS_ABORT_MSG_UNLESS(k < m_periods.size(),
                        "NetworkHelper::" << what << ": period " << k << " out of range (there are "
                                          << m_periods.size() << " periods)");
    return m_periods[k];
}

std::size_t
NetworkHelper::GetPeriodCount() const
{
    return m_periods.size();
}

std::pair<Time, Time>
NetworkHelper::GetPeriodWindow(std::size_t k) const
{
    const Period& period = CheckPeriod(k, "GetPeriodWindow");
    return {period.start, period.stop};
}

bool
NetworkHelper::IsClassActive(const std::string& className, std::size_t k) const
{
    const Period& period = CheckPeriod(k, "IsClassActive");
    return IsActive(GetClassIndex(className), period.start, period.stop);
}

NetworkHelper::ClassMeasurement
NetworkHelper::GetClassMeasurement(const std::string& className, std::size_t k) const
{
    CheckInstalled("GetClassMeasurement");
    return MeasureClass(CheckPeriod(k, "GetClassMeasurement"), GetClassIndex(className));
}

NetworkHelper::ClassMeasurement
NetworkHelper::MeasureClass(const Period& period, std::size_t c) const
{
    const NetworkDescription& d = m_description;
    const double window = (period.stop - period.start).GetSeconds();
    ClassMeasurement m{0, 0, 0, 0};
    std::size_t withRtt = 0;
    std::size_t withBaseRtt = 0;
    std::size_t withEstimate = 0;
    double estimate = 0;
    for (std::size_t f : m_classFlows[c])
    {
        const FlowTally& tally = period.flows[f];
        const double packets = double(tally.rxAtStop - tally.rxAtStart) / d.GetSegmentSize();
        m.rateKBps += packets / window * d.packetSize / 1000.0;
        m.cwndPackets += tally.samples ? tally.cwndSum / tally.samples : 0;
        if (tally.rttSamples > 0)
        {
            m.rttMs += 1000 * tally.rttSum / tally.rttSamples;
            ++withRtt;
        }
        if (tally.minRtt.IsStrictlyPositive())
        {
            m.baseRttMs += 1000 * tally.minRtt.GetSeconds();
            ++withBaseRtt;
        }
        if (tally.ccBaseRtt.IsStrictlyPositive())
        {
            estimate += 1000 * tally.ccBaseRtt.GetSeconds();
            ++withEstimate;
        }
    }
    const double n = m_classFlows[c].size();
    m.rateKBps /= n;
    m.cwndPackets /= n;
    m.rttMs = withRtt ? m.rttMs / withRtt : std::nan("");
    m.baseRttMs = withBaseRtt ? m.baseRttMs / withBaseRtt : std::nan("");
    m.estimatedBaseRttMs = withEstimate ? estimate / withEstimate : std::nan("");
    return m;
}

NetworkHelper::LinkMeasurement
NetworkHelper::GetLinkMeasurement(const std::string& name, std::size_t k) const
{
    CheckInstalled("GetLinkMeasurement");
    return MeasureLink(CheckPeriod(k, "GetLinkMeasurement"), m_description.GetLinkIndex(name));
}

NetworkHelper::LinkMeasurement
NetworkHelper::MeasureLink(const Period& period, std::size_t l) const
{
    const LinkTally& tally = period.links[l];
    const double window = (period.stop - period.start).GetSeconds();
    LinkMeasurement m;
    m.backlogPackets = tally.samples ? tally.backlogSum / tally.samples : 0;
    m.utilization = 8.0 * (tally.txBytesAtStop - tally.txBytesAtStart) /
                    (m_description.links[l].rate.GetBitRate() * window);
    m.drops = tally.dropsAtStop - tally.dropsAtStart;
    return m;
}

const std::vector<std::vector<double>>&
NetworkHelper::GetTimeSeries() const
{
    return m_series;
}

NetworkHelper::ClassMeasurement
NetworkHelper::GetClassMeasurement(const std::string& className) const
{
    CheckInstalled("GetClassMeasurement");
    CheckWindow("GetClassMeasurement");
    return MeasureClass(m_window, GetClassIndex(className));
}

NetworkHelper::LinkMeasurement
NetworkHelper::GetLinkMeasurement(const std::string& name) const
{
    CheckInstalled("GetLinkMeasurement");
    CheckWindow("GetLinkMeasurement");
    const std::size_t l = m_description.GetLinkIndex(name);
    LinkMeasurement m = MeasureLink(m_window, l);
    m.drops = m_links[l].queueDisc->GetStats().nTotalDroppedPackets; // the whole run
    return m;
}

void
NetworkHelper::CheckWindow(const std::string& what) const
{
    NS_ABORT_MSG_IF(m_windowStop.IsZero(),
                    "NetworkHelper::" << what
                                      << ": no measurement window (SetMeasurementWindow); "
                                         "with periods, pass the period index");
}

ComparisonTable
NetworkHelper::Compare(const std::string& title) const
{
    CheckInstalled("Compare");
    const NetworkDescription& d = m_description;
    const DualityModel model = BuildModel();
    const DualityModel::Solution sol = model.Solve();
    NS_ABORT_MSG_UNLESS(sol.converged,
                        "NetworkHelper: the duality model did not converge (KKT residual "
                            << sol.kktResidual << ")");
    const DualityModel::Solution distorted = BuildModel(true).Solve();
    ComparisonTable table(title);
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        const std::string entity = "class " + d.classes[c].name;
        double baseRtt = 0;
        double rtt = 0;
        double rate = 0;
        double window = 0;
        double distortedRate = 0;
        for (std::size_t f : m_classFlows[c])
        {
            const DualityModel::SourceResult& r = sol.sources[f];
            baseRtt += r.baseRtt * 1000;
            rtt += r.rtt * 1000;
            rate += r.rate * kiloBytesPerPacket;
            window += r.window;
            distortedRate += distorted.sources[f].rate * kiloBytesPerPacket;
        }
        const double n = m_classFlows[c].size();
        const ClassMeasurement m = GetClassMeasurement(d.classes[c].name);
        table.Add("baseRTT (ms)", entity, baseRtt / n, m.baseRttMs);
        table.Add("RTT (ms)", entity, rtt / n, m.rttMs);
        table.Add("rate (KB/s)", entity, rate / n, m.rateKBps);
        table.Add("cwnd (pkts)", entity, window / n, m.cwndPackets);
        table.Add("rate, eq. 24 (KB/s)", entity, distortedRate / n, m.rateKBps);
    }
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        const std::string entity = "link " + d.links[l].name;
        const LinkMeasurement m = GetLinkMeasurement(d.links[l].name);
        table.Add("queue (pkts)", entity, sol.links[l].backlog, m.backlogPackets);
        table.Add("queue, eq. 24 (pkts)", entity, distorted.links[l].backlog, m.backlogPackets);
        table.Add("utilization", entity, sol.links[l].utilization, m.utilization);
        table.Add("drops (pkts)", entity, std::nan(""), m.drops);
    }
    return table;
}

void
NetworkHelper::Run(Time stop, bool showProgress)
{
    CheckInstalled("Run");
    NS_ABORT_MSG_IF(stop < m_windowStop,
                    "NetworkHelper::Run: the simulation must last to the measurement window's end");
    // The calendar queue schedules this workload's events ~6-20 % faster than ns-3's default
    // map; events run in the same (time, insertion) order, so results are identical. A
    // scheduler chosen by the user (--SchedulerType) is kept.
    StringValue scheduler;
    GlobalValue::GetValueByName("SchedulerType", scheduler);
    if (scheduler.Get() == "ns3::MapScheduler")
    {
        ObjectFactory calendar("ns3::CalendarScheduler");
        Simulator::SetScheduler(calendar);
    }
    Simulator::Stop(stop);
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

ComparisonTable
NetworkHelper::Report(std::ostream& os,
                      const std::string& title,
                      const std::string& csvPath,
                      const std::string& plotPrefix) const
{
    ComparisonTable table = Compare(title);
    table.Print(os);
    if (!csvPath.empty())
    {
        table.WriteCsv(csvPath);
        os << "table written to " << csvPath << '\n';
    }
    if (!plotPrefix.empty() && !m_seriesInterval.IsZero())
    {
        WritePlot(plotPrefix, title, os);
    }
    return table;
}

PlotWriter::Points
NetworkHelper::GetTimeSeriesMeans(std::size_t column, Time interval) const
{
    NS_ABORT_MSG_IF(m_seriesInterval.IsZero(),
                    "NetworkHelper::GetTimeSeriesMeans: EnableTimeSeries first");
    const double sample = m_seriesInterval.GetSeconds();
    return PlotWriter::AverageOverIntervals(PlotWriter::GetColumns(m_series, 0, column),
                                            std::max(interval.GetSeconds(), sample),
                                            sample / 2);
}

bool
NetworkHelper::WritePlot(const std::string& prefix,
                         const std::string& title,
                         std::ostream& os) const
{
    CheckInstalled("WritePlot");
    NS_ABORT_MSG_IF(m_seriesInterval.IsZero(), "NetworkHelper::WritePlot: EnableTimeSeries first");
    // About this many points per curve, each the mean of the samples in its interval.
    constexpr double plotPoints = 200;
    const NetworkDescription& d = m_description;
    const DualityModel::Solution sol = BuildModel().Solve();
    const std::size_t nClasses = d.classes.size();
    const double last = m_series.empty() ? 0 : m_series.back()[0];
    const double samples = std::round(last / plotPoints / m_seriesInterval.GetSeconds());
    const Time interval = m_seriesInterval * static_cast<int64_t>(std::max(1.0, samples));
    PlotWriter writer(prefix);
    PlotWriter::Figure& figure = writer.AddFigure(title, "time (s)");
    if (m_windowStop > m_windowStart)
    {
        figure.AddWindow(m_windowStart.GetSeconds(), m_windowStop.GetSeconds());
    }
    const std::string means = ", " + PlotWriter::FormatTime(interval) + " means";
    PlotWriter::Panel& rates = figure.AddPanel("rate per flow (KB/s" + means + ")");
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    for (std::size_t c = 0; c < nClasses; ++c)
    {
        const std::string& name = d.classes[c].name;
        const double model = sol.sources[m_classFlows[c].front()].rate * kiloBytesPerPacket;
        const std::size_t curve =
            rates.AddCurve("class " + name, GetTimeSeriesMeans(1 + c, interval));
        rates.AddModelLine("model " + name + ": " + PlotWriter::FormatNumber(model, 3) + " KB/s",
                           model,
                           curve);
    }
    PlotWriter::Panel& queues = figure.AddPanel("queue (packets" + means + ")");
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        const std::string& name = d.links[l].name;
        const double model = sol.links[l].backlog;
        const std::size_t curve =
            queues.AddCurve("link " + name, GetTimeSeriesMeans(1 + nClasses + l, interval));
        queues.AddModelLine("model " + name + ": " + PlotWriter::FormatNumber(model, 3) + " pkts",
                            model,
                            curve);
    }
    return writer.Write(os);
}

} // namespace ns3
