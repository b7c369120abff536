/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-helper.h"

#include "bounded-pareto.h"
#include "distributed-run.h"
#include "ipv4-flat-routing-helper.h"
#include "ipv4-subnet-allocator.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/global-value.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-flat-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/packet-filter.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/priority-ob-queue-disc.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/random-variable-stream.h"
#include "ns3/short-flow-application.h"
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
/// PPP header of a packet on a point-to-point link, bytes (not in a queue-disc item's size).
constexpr uint32_t PPP_HEADER_BYTES = 2;
/// Suffix of a link's reverse direction in GetLinkMeasurement(), GetQueueDisc(), ...
constexpr const char* REVERSE_SUFFIX = ":reverse";

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
    // m_rtt is created only for a description with RTT ranges: a random variable takes the next
    // automatic stream when it is created, and one more would change the draws of every later
    // one (REM's marks, ...) in networks that have none.
    for (const NetworkDescription::ClassSpec& c : m_description.classes)
    {
        if (!c.rttMax.IsZero() && c.traffic != NetworkDescription::Traffic::WEB && !m_rtt)
        {
            m_rtt = CreateObject<UniformRandomVariable>();
        }
    }
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
        period.begin = boundaries[k];
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

std::vector<Time>
NetworkHelper::GetPhaseBoundaries(const NetworkDescription& description, Time stop)
{
    NS_ABORT_MSG_UNLESS(stop.IsStrictlyPositive(),
                        "NetworkHelper: the last phase must end after 0");
    std::vector<Time> boundaries{Time(0), stop};
    const auto add = [&boundaries, stop](Time t) {
        if (t.IsStrictlyPositive() && t < stop)
        {
            boundaries.push_back(t);
        }
    };
    for (const NetworkDescription::ClassSpec& c : description.classes)
    {
        add(c.start);
        add(c.stop);
    }
    for (const NetworkDescription::EventSpec& e : description.events)
    {
        add(e.at);
    }
    std::sort(boundaries.begin(), boundaries.end());
    boundaries.erase(std::unique(boundaries.begin(), boundaries.end()), boundaries.end());
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
NetworkHelper::SetBacklogInBytes(bool bytes)
{
    NS_ABORT_MSG_IF(m_installed, "NetworkHelper: SetBacklogInBytes before Install()");
    m_backlogInBytes = bytes;
    m_backlogUnitChosen = true;
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
    // Only the streams the description needs, so that a network without RTT ranges or short
    // flows uses one stream, as before they existed.
    int64_t used = 0;
    m_jitter->SetStream(stream + used++);
    int64_t hostStreams = 0;
    for (const NetworkDescription::ClassSpec& c : m_description.classes)
    {
        if (c.traffic == NetworkDescription::Traffic::SHORT)
        {
            hostStreams += SHORT_HOST_STREAMS * c.flows;
        }
        else if (c.traffic == NetworkDescription::Traffic::WEB)
        {
            hostStreams += WEB_HOST_STREAMS * c.flows;
        }
    }
    if (m_rtt)
    {
        m_rtt->SetStream(stream + used++);
    }
    m_shortStream = stream + used; // then the short-flow and web hosts' streams
    return used + hostStreams;
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
NetworkHelper::PrepareShortFlowSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion)
{
    Ptr<TcpSocketBase> listening = DynamicCast<TcpSocketBase>(sink->GetListeningSocket());
    NS_ABORT_MSG_UNLESS(listening, "NetworkHelper: the sink has no TCP listening socket");
    if (congestion)
    {
        PrepareEcnSink(sink, congestion);
    }
    listening->ShutdownSend();
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
    NS_ABORT_MSG_IF(m_windowStop.IsZero() && m_periods.empty() && m_sampledLink.empty(),
                    "NetworkHelper: SetMeasurementWindow(start, stop), SetMeasurementPeriods() or "
                    "EnableLinkSamples() before Install()");
    const NetworkDescription& d = m_description;
    if (!m_backlogUnitChosen)
    {
        // Out-of-band control (Monaco) puts small in-band control packets among the data.
        for (const NetworkDescription::ClassSpec& c : d.classes)
        {
            m_backlogInBytes =
                m_backlogInBytes ||
                AlgorithmTraits::GetSource(TypeId::LookupByName(c.tcp)).needsOutOfBand;
        }
    }
    // The run ends with the measurement: a class that starts at or after its end would never
    // send, yet the duality model would count its flows.
    Time end = m_windowStop;
    for (const Period& period : m_periods)
    {
        end = std::max(end, period.stop);
    }
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        if (end.IsZero())
        {
            break; // link samples only: the run's end is Run()'s
        }
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

    // Routers, each on its rank (DistributedRun: one rank without MPI).
    const std::vector<std::string> routerNames = d.GetRouters();
    const std::vector<uint32_t> routerRank =
        DistributedRun::PartitionRouters(routerNames.size(), DistributedRun::GetSize());
    CheckDistributable(routerNames, routerRank);
    DistributedRun::MarkPartitioned();
    std::map<std::string, Ptr<Node>> router;
    for (std::size_t i = 0; i < routerNames.size(); ++i)
    {
        m_routers.Add(CreateObject<Node>(routerRank[i]));
        router[routerNames[i]] = m_routers.Get(i);
    }
    stack.Install(m_routers);
    for (std::size_t i = 0; i < routerNames.size(); ++i)
    {
        Ipv4FlatRoutingHelper::SetStrongEndSystemModel(m_routers.Get(i));
    }

    Ipv4SubnetAllocator subnets("NetworkHelper");

    // Links: a queue disc (tree) at the sending end over a one-packet device queue; the same at
    // the receiving end for traffic running the link backwards.
    struct LinkEnds
    {
        uint32_t fromInterface;
        uint32_t toInterface;
        Ipv4Address fromAddress;
        Ipv4Address toAddress;
    };

    std::vector<LinkEnds> ends;
    std::vector<Link> reverse;
    for (const NetworkDescription::LinkSpec& spec : d.links)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(spec.rate));
        p2p.SetChannelAttribute("Delay", TimeValue(spec.delay));
        p2p.SetQueue("ns3::DropTailQueue",
                     "MaxSize",
                     QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));
        Link link;
        link.name = spec.name;
        link.rate = spec.rate;
        link.linkIndex = m_links.size();
        link.devices = p2p.Install(router[spec.from], router[spec.to]);
        link.queueDisc = InstallQueueDisc(link.devices.Get(0), spec.GetQueue(), spec.bufferPackets);
        if (spec.GetReverseRate() != spec.rate)
        {
            link.devices.Get(1)->SetAttribute("DataRate", DataRateValue(spec.GetReverseRate()));
        }
        if (!spec.reverseQueue.type.empty() || spec.reverseBufferPackets != 0 ||
            d.IsUsedBackwards(spec.name))
        {
            NetworkDescription::QueueDiscSpec queue = spec.reverseQueue;
            if (queue.type.empty())
            {
                queue.type = "ns3::FifoQueueDisc";
            }
            Link back;
            back.name = spec.name + REVERSE_SUFFIX;
            back.reverse = true;
            back.linkIndex = m_links.size();
            back.rate = spec.GetReverseRate();
            back.devices.Add(link.devices.Get(1));
            back.devices.Add(link.devices.Get(0));
            back.queueDisc =
                InstallQueueDisc(back.devices.Get(0), queue, spec.reverseBufferPackets);
            reverse.push_back(back);
        }
        const auto [a, b] = subnets.Next();
        ends.push_back({Ipv4SubnetAllocator::AddInterface(link.devices.Get(0), a),
                        Ipv4SubnetAllocator::AddInterface(link.devices.Get(1), b),
                        a,
                        b});
        m_links.push_back(link);
    }
    // The reverse directions follow the links, so that link l is still m_links[l].
    m_links.insert(m_links.end(), reverse.begin(), reverse.end());

    // Flows: a source and a sink host each, with their access links, routes and applications.
    m_classFlows.assign(d.classes.size(), {});
    m_classShortHosts.assign(d.classes.size(), {});
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        const NetworkDescription::ClassSpec& spec = d.classes[c];
        const bool isShort = spec.traffic != NetworkDescription::Traffic::PERSISTENT;
        const bool isWeb = spec.traffic == NetworkDescription::Traffic::WEB;
        ObjectFactory congestion;
        congestion.SetTypeId(spec.tcp);
        const AlgorithmTraits::Source& traits = AlgorithmTraits::GetSource(congestion.GetTypeId());
        const auto [firstRouter, lastRouter] = d.GetClassEnds(spec);
        // Transmission times of the path (data forward, ACK back); the access links run at
        // AccessRate both ways, a route link at its rate in the data's direction and at the
        // other direction's for the ACK.
        Time transmissionRtt;
        {
            for (int i = 0; i < 2; ++i)
            {
                transmissionRtt += d.accessRate.CalculateBytesTxTime(d.packetSize) +
                                   d.accessRate.CalculateBytesTxTime(NetworkDescription::ACK_BYTES);
            }
            for (const std::string& name : spec.route)
            {
                const NetworkDescription::LinkSpec& l = d.links[d.GetLinkIndex(name)];
                const DataRate data = spec.reverse ? l.GetReverseRate() : l.rate;
                const DataRate ack = spec.reverse ? l.rate : l.GetReverseRate();
                transmissionRtt += data.CalculateBytesTxTime(d.packetSize) +
                                   ack.CalculateBytesTxTime(NetworkDescription::ACK_BYTES);
            }
        }
        for (uint32_t i = 0; i < spec.flows; ++i)
        {
            // Each flow's round-trip propagation delay: the class' rtt, or uniform in its range
            // (web hosts: spread evenly over it).
            Time rtt = spec.rtt;
            if (!spec.rttMax.IsZero())
            {
                const double share = !isWeb            ? m_rtt->GetValue(0, 1)
                                     : spec.flows == 1 ? 0
                                                       : i / (spec.flows - 1.0);
                rtt += Seconds(share * (spec.rttMax - spec.rtt).GetSeconds());
            }
            // A host is simulated by its router's rank.
            Ptr<Node> source = CreateObject<Node>(router[firstRouter]->GetSystemId());
            Ptr<Node> sink = CreateObject<Node>(router[lastRouter]->GetSystemId());
            stack.Install(source);
            stack.Install(sink);
            PointToPointHelper access;
            access.SetDeviceAttribute("DataRate", DataRateValue(d.accessRate));
            access.SetQueue("ns3::DropTailQueue",
                            "MaxSize",
                            QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));
            access.SetChannelAttribute(
                "Delay",
                TimeValue(rtt / 2 - d.GetRouteDelay(spec) - d.sinkAccessDelay));
            NetDeviceContainer up = access.Install(source, router[firstRouter]);
            access.SetChannelAttribute("Delay", TimeValue(d.sinkAccessDelay));
            NetDeviceContainer down = access.Install(router[lastRouter], sink);
            const auto [srcAddress, r0Address] = subnets.Next();
            const auto [rkAddress, dstAddress] = subnets.Next();
            Ipv4SubnetAllocator::AddInterface(up.Get(0), srcAddress);
            const uint32_t r0Interface = Ipv4SubnetAllocator::AddInterface(up.Get(1), r0Address);
            const uint32_t rkInterface = Ipv4SubnetAllocator::AddInterface(down.Get(0), rkAddress);
            Ipv4SubnetAllocator::AddInterface(down.Get(1), dstAddress);

            // Routes: hosts send everything to their router; routers hold host routes. A
            // reverse class' data crosses each link from its receiving end.
            Ipv4FlatRoutingHelper::GetRouting(source)->SetDefaultRoute(1, r0Address);
            Ipv4FlatRoutingHelper::GetRouting(sink)->SetDefaultRoute(1, rkAddress);
            for (std::size_t h = 0; h < spec.route.size(); ++h)
            {
                const std::size_t l = d.GetLinkIndex(spec.route[h]);
                const Ipv4Address toward = spec.reverse ? srcAddress : dstAddress;
                const Ipv4Address back = spec.reverse ? dstAddress : srcAddress;
                Ipv4FlatRoutingHelper::GetRouting(router[d.links[l].from])
                    ->AddHostRoute(toward, ends[l].fromInterface, ends[l].toAddress);
                Ipv4FlatRoutingHelper::GetRouting(router[d.links[l].to])
                    ->AddHostRoute(back, ends[l].toInterface, ends[l].fromAddress);
            }
            Ipv4FlatRoutingHelper::GetRouting(router[lastRouter])
                ->AddHostRoute(dstAddress, rkInterface, dstAddress);
            Ipv4FlatRoutingHelper::GetRouting(router[firstRouter])
                ->AddHostRoute(srcAddress, r0Interface, srcAddress);

            // Applications. Those of another rank's host are made (the measurements read
            // them) but not installed: they stay idle here, and that rank measures them.
            const bool sourceLocal = DistributedRun::IsLocal(source);
            const bool sinkLocal = DistributedRun::IsLocal(sink);
            Ptr<PacketSink> packetSink;
            if (sinkLocal)
            {
                PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                            InetSocketAddress(Ipv4Address::GetAny(), SINK_PORT));
                ApplicationContainer sinkApps = sinkHelper.Install(sink);
                packetSink = DynamicCast<PacketSink>(sinkApps.Get(0));
                sinkApps.Start(Seconds(0));
            }
            else
            {
                packetSink = CreateObject<PacketSink>();
            }
            if (isShort)
            {
                ShortHost host;
                host.app = CreateObject<ShortFlowApplication>();
                host.app->SetAttribute("Remote",
                                       AddressValue(InetSocketAddress(dstAddress, SINK_PORT)));
                host.app->SetAttribute("ArrivalRate", DoubleValue(spec.arrivalRate / spec.flows));
                host.app->SetAttribute("CongestionControl", TypeIdValue(congestion.GetTypeId()));
                host.app->SetAttribute("UseEcn", BooleanValue(spec.ecn));
                host.app->SetAttribute("SubPacket", BooleanValue(spec.subPacket));
                const int64_t stream = m_shortStream >= 0 ? m_shortStream + m_shortStreamsUsed : -1;
                m_shortStreamsUsed += isWeb ? WEB_HOST_STREAMS : SHORT_HOST_STREAMS;
                SetShortFlowLaws(host.app, spec, i, stream);
                if (stream >= 0)
                {
                    host.app->AssignStreams(stream);
                }
                if (sourceLocal)
                {
                    source->AddApplication(host.app);
                }
                host.app->SetStartTime(spec.start);
                if (!spec.stop.IsZero())
                {
                    host.app->SetStopTime(spec.stop);
                }
                host.packetSink = packetSink;
                // As a persistent class' sink (PrepareEcnSink()): with ECN the accepted sockets
                // run the class' congestion control, whose receiver side may echo marks its own
                // way (TcpFastEcn: each mark once, EcnMarksAsPrice; TcpSocketBase's receiver
                // echoes until CWR, which a FAST-ECN source would count as marks).
                if (sinkLocal)
                {
                    Simulator::Schedule(TimeStep(1),
                                        &NetworkHelper::PrepareShortFlowSink,
                                        packetSink,
                                        spec.ecn ? congestion.Create<TcpCongestionOps>()
                                                 : Ptr<TcpCongestionOps>());
                }
                m_classShortHosts[c].push_back(m_shortHosts.size());
                m_shortHosts.push_back(host);
                continue;
            }
            Flow flow;
            flow.classIndex = c;
            flow.source = source;
            flow.sink = sink;
            flow.packetSink = packetSink;
            flow.propagationRtt = rtt;
            flow.transmissionRtt = transmissionRtt;
            const AlgorithmTraits::SourceFields fields =
                NetworkDescription::GetSourceFields(spec, rtt + transmissionRtt, d.packetSize);
            ObjectFactory configured = congestion;
            if (traits.configure)
            {
                traits.configure(configured, fields);
            }
            for (const auto& [name, value] : spec.tcpAttributes)
            {
                configured.Set(name, *value); // checked by Validate()
            }
            flow.app = CreateObject<PersistentFlowApplication>();
            flow.app->SetAttribute("Remote",
                                   AddressValue(InetSocketAddress(dstAddress, SINK_PORT)));
            flow.congestion = configured.Create<TcpCongestionOps>();
            flow.app->SetCongestionControl(flow.congestion);
            flow.app->SetAttribute("UseEcn", BooleanValue(spec.ecn));
            flow.app->SetAttribute("SubPacket", BooleanValue(spec.subPacket));
            if (sourceLocal)
            {
                flow.source->AddApplication(flow.app);
            }
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
            if (spec.ecn && sinkLocal)
            {
                // The sink's listening socket exists once the sink has started (at 0): make it
                // ECN-capable and give it the class' congestion control, which the sockets it
                // accepts copy (TcpDualVegas in EcnMarks mode echoes marks per segment).
                Simulator::Schedule(TimeStep(1),
                                    &NetworkHelper::PrepareEcnSink,
                                    flow.packetSink,
                                    configured.Create<TcpCongestionOps>());
            }
            if (!spec.stop.IsZero())
            {
                // The flow leaves: the source stops, and its host's interface goes down, so that
                // what is still in its socket buffer (TCP sends it all before a FIN) stops
                // loading the network at once.
                flow.app->SetStopTime(spec.stop);
                if (sourceLocal)
                {
                    Simulator::Schedule(spec.stop, &NetworkHelper::Leave, flow.source);
                }
            }
            if (traits.companions)
            {
                traits.companions({flow.source,
                                   flow.sink,
                                   flow.congestion,
                                   m_earlyConnection ? Seconds(0) : start,
                                   spec.stop});
            }
            m_classFlows[c].push_back(m_flows.size());
            m_flows.push_back(flow);
        }
    }

    // Events: changes of a link's delay or rates.
    for (const NetworkDescription::EventSpec& e : d.events)
    {
        Simulator::Schedule(e.at, &NetworkHelper::ApplyEvent, this, e);
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
        period->shorts.assign(m_shortHosts.size(), {});
        Simulator::Schedule(period->start, &NetworkHelper::StartPeriod, this, period);
        Simulator::Schedule(period->stop, &NetworkHelper::StopPeriod, this, period);
    }
    if (!m_seriesInterval.IsZero())
    {
        Simulator::Schedule(m_seriesInterval, &NetworkHelper::SampleTimeSeries, this);
    }
    if (!m_sampledLink.empty())
    {
        const Link& link = m_links[GetLinkDirection(m_sampledLink)];
        m_traceValues.assign(m_traceNames.size(), std::nan(""));
        for (std::size_t i = 0; i < m_traceNames.size(); ++i)
        {
            const bool connected =
                ConnectDiscTrace(link.queueDisc,
                                 m_traceNames[i],
                                 MakeBoundCallback(&NetworkHelper::RecordTrace, &m_traceValues[i]));
            NS_ABORT_MSG_UNLESS(connected,
                                "NetworkHelper::EnableLinkSamples: "
                                    << link.queueDisc->GetInstanceTypeId().GetName()
                                    << " has no trace source '" << m_traceNames[i]
                                    << "'; valid: a TracedValue<double> of the link's queue disc "
                                       "or of one of its child queue discs");
        }
        Simulator::ScheduleNow(&NetworkHelper::TakeLinkSample, this);
    }
    m_installed = true;
}

Ptr<QueueDisc>
NetworkHelper::CreateQueueDisc(const NetworkDescription::QueueDiscSpec& spec)
{
    return spec.Create();
}

Ptr<QueueDisc>
NetworkHelper::InstallQueueDisc(Ptr<NetDevice> device,
                                const NetworkDescription::QueueDiscSpec& spec,
                                uint32_t bufferPackets)
{
    DynamicCast<PointToPointNetDevice>(device)->GetQueue()->SetMaxSize(
        QueueSize(QueueSizeUnit::PACKETS, DEVICE_QUEUE_UNDER_DISC));
    NetworkDescription::QueueDiscSpec root = spec;
    if (spec.classes.empty())
    {
        // A plain root holds the link's buffer (attributes given later override it).
        const uint32_t limit = bufferPackets == 0 ? UNLIMITED_PACKETS : bufferPackets;
        root.attributes.insert(
            root.attributes.begin(),
            {"MaxSize", Create<QueueSizeValue>(QueueSize(QueueSizeUnit::PACKETS, limit))});
    }
    Ptr<QueueDisc> disc = CreateQueueDisc(root);
    device->GetNode()->GetObject<TrafficControlLayer>()->SetRootQueueDiscOnDevice(device, disc);
    return disc;
}

namespace
{
/**
 * \param mean the mean
 * \param shape the shape (> 1)
 * \param stream its stream (-1: automatic)
 * \param bound draws above it are drawn again (0: none), so that a heavy tail stays within the
 *        application's limits
 * \param truncatedMean true: the truncated law's mean is \p mean (BoundedPareto::
 *        ScaleForMean()); false: the unbounded law's, scale = mean (shape - 1) / shape
 * \return a Pareto random variable with that mean
 */
Ptr<RandomVariableStream>
CreatePareto(double mean, double shape, int64_t stream, double bound, bool truncatedMean = false)
{
    Ptr<ParetoRandomVariable> pareto = CreateObject<ParetoRandomVariable>();
    pareto->SetAttribute("Shape", DoubleValue(shape));
    pareto->SetAttribute("Scale",
                         DoubleValue(truncatedMean ? BoundedPareto::ScaleForMean(mean, shape, bound)
                                                   : mean * (shape - 1) / shape));
    pareto->SetAttribute("Bound", DoubleValue(bound));
    if (stream >= 0)
    {
        pareto->SetStream(stream);
    }
    return pareto;
}

/**
 * \param value the value
 * \param stream its stream (-1: automatic)
 * \return a random variable that is always \p value
 */
Ptr<RandomVariableStream>
CreateConstant(double value, int64_t stream)
{
    Ptr<ConstantRandomVariable> constant = CreateObject<ConstantRandomVariable>();
    constant->SetAttribute("Constant", DoubleValue(value));
    if (stream >= 0)
    {
        constant->SetStream(stream);
    }
    return constant;
}
} // namespace

void
NetworkHelper::SetShortFlowLaws(Ptr<ShortFlowApplication> app,
                                const NetworkDescription::ClassSpec& spec,
                                uint32_t host,
                                int64_t stream)
{
    using Law = NetworkDescription::SizeDistribution;
    // The host's streams: arrivals (stream), sizes, embedded objects, active OFF, think times.
    const auto streamAt = [stream](int64_t k) { return stream >= 0 ? stream + k : -1; };
    const int64_t sizeStream = streamAt(1);
    if (spec.traffic == NetworkDescription::Traffic::WEB)
    {
        // The class' sessions split evenly: the first connections % flows hosts one more.
        const uint32_t sessions =
            spec.connections / spec.flows + (host < spec.connections % spec.flows ? 1 : 0);
        app->SetAttribute("Sessions", UintegerValue(sessions));
        app->SetAttribute(
            "EmbeddedObjectsVariable",
            PointerValue(spec.embeddedPareto
                             ? CreatePareto(spec.embedded,
                                            spec.embeddedShape,
                                            streamAt(2),
                                            ShortFlowApplication::MAX_EMBEDDED_OBJECTS)
                             : CreateConstant(spec.embedded, streamAt(2))));
        const double activeOff = spec.activeOff.GetSeconds();
        Ptr<RandomVariableStream> off = CreateConstant(activeOff, streamAt(3));
        if (spec.activeOffWeibull)
        {
            // Mean of a Weibull law: scale * Gamma(1 + 1 / shape).
            Ptr<WeibullRandomVariable> weibull = CreateObject<WeibullRandomVariable>();
            weibull->SetAttribute("Shape", DoubleValue(spec.activeOffShape));
            weibull->SetAttribute(
                "Scale",
                DoubleValue(activeOff / std::tgamma(1 + 1 / spec.activeOffShape)));
            weibull->SetAttribute("Bound", DoubleValue(ShortFlowApplication::MAX_OFF_SECONDS));
            weibull->SetStream(streamAt(3)); // -1: automatic
            off = weibull;
        }
        app->SetAttribute("ActiveOffVariable", PointerValue(off));
        const double think = spec.think.GetSeconds();
        app->SetAttribute("ThinkTimeVariable",
                          PointerValue(spec.thinkPareto
                                           ? CreatePareto(think,
                                                          spec.thinkShape,
                                                          streamAt(4),
                                                          ShortFlowApplication::MAX_OFF_SECONDS)
                                           : CreateConstant(think, streamAt(4))));
    }
    if (spec.sizeDistribution == Law::FIXED && spec.meanSize == std::floor(spec.meanSize))
    {
        app->SetAttribute("FlowSize", UintegerValue(static_cast<uint32_t>(spec.meanSize)));
        return;
    }
    Ptr<RandomVariableStream> size;
    if (spec.sizeDistribution == Law::PARETO)
    {
        // paretoBound: the truncated law of mean size. Otherwise web objects: heavy tails
        // (shape 1.2) over many objects, redrawn above the application's limit (short flows
        // keep the unbounded law they always had).
        if (spec.paretoBound > 0)
        {
            size =
                CreatePareto(spec.meanSize, spec.paretoShape, sizeStream, spec.paretoBound, true);
        }
        else
        {
            size = CreatePareto(spec.meanSize,
                                spec.paretoShape,
                                sizeStream,
                                spec.traffic == NetworkDescription::Traffic::WEB
                                    ? NetworkDescription::MAX_FLOW_SIZE
                                    : 0);
        }
    }
    else if (spec.sizeDistribution == Law::EXPONENTIAL)
    {
        Ptr<ExponentialRandomVariable> exponential = CreateObject<ExponentialRandomVariable>();
        exponential->SetAttribute("Mean", DoubleValue(spec.meanSize));
        if (sizeStream >= 0)
        {
            exponential->SetStream(sizeStream);
        }
        size = exponential;
    }
    else
    {
        size = CreateConstant(spec.meanSize, sizeStream);
    }
    app->SetAttribute("FlowSizeVariable", PointerValue(size));
}

void
NetworkHelper::EnableLinkSamples(const std::string& link,
                                 Time interval,
                                 const std::vector<std::string>& traces)
{
    NS_ABORT_MSG_IF(m_installed, "NetworkHelper: EnableLinkSamples before Install()");
    NS_ABORT_MSG_UNLESS(interval.IsStrictlyPositive(),
                        "NetworkHelper::EnableLinkSamples: the interval must be > 0");
    m_sampledLink = link;
    m_linkSampleInterval = interval;
    m_traceNames = traces;
}

bool
NetworkHelper::ConnectDiscTrace(Ptr<QueueDisc> disc,
                                const std::string& name,
                                const CallbackBase& callback)
{
    if (disc->TraceConnectWithoutContext(name, callback))
    {
        return true;
    }
    // A classful disc (e.g. PriorityObQueueDisc, whose data band is an AVD or AVQ child): the
    // first child, depth first, that has the trace source.
    for (std::size_t c = 0; c < disc->GetNQueueDiscClasses(); ++c)
    {
        if (ConnectDiscTrace(disc->GetQueueDiscClass(c)->GetQueueDisc(), name, callback))
        {
            return true;
        }
    }
    return false;
}

void
NetworkHelper::RecordTrace(double* slot, double /* oldValue */, double newValue)
{
    *slot = newValue;
}

void
NetworkHelper::TakeLinkSample()
{
    const Link& link = m_links[GetLinkDirection(m_sampledLink)];
    LinkSample sample;
    sample.time = Simulator::Now().GetSeconds();
    sample.backlog = Backlog(link);
    const QueueDisc::Stats& stats = link.queueDisc->GetStats();
    sample.txBytes = stats.nTotalDequeuedBytes;
    sample.arrivals = stats.nTotalReceivedPackets;
    sample.drops = stats.nTotalDroppedPackets;
    sample.marks = stats.nTotalMarkedPackets;
    sample.goodputBytes = 0;
    for (const Flow& flow : m_flows)
    {
        sample.goodputBytes += flow.packetSink->GetTotalRx();
    }
    sample.shortArrived = 0;
    sample.shortCompleted = 0;
    for (const ShortHost& host : m_shortHosts)
    {
        sample.goodputBytes += host.packetSink->GetTotalRx();
        sample.shortArrived += host.app->GetArrivals();
        sample.shortCompleted += host.app->GetCompletedFlows();
    }
    // The traces of another rank's queue disc are that rank's to give (SumOverRanks()).
    sample.traces = DistributedRun::IsLocal(link.devices.Get(0)->GetNode())
                        ? m_traceValues
                        : std::vector<double>(m_traceValues.size(), 0.0);
    m_linkSamples.push_back(sample);
    Simulator::Schedule(m_linkSampleInterval, &NetworkHelper::TakeLinkSample, this);
}

const std::vector<NetworkHelper::LinkSample>&
NetworkHelper::GetLinkSamples() const
{
    return m_linkSamples;
}

NetworkHelper::WindowMeasurement
NetworkHelper::MeasureWindow(Time from, Time to) const
{
    CheckInstalled("MeasureWindow");
    NS_ABORT_MSG_IF(m_sampledLink.empty(), "NetworkHelper::MeasureWindow: EnableLinkSamples first");
    NS_ABORT_MSG_UNLESS(to > from,
                        "NetworkHelper::MeasureWindow: the window must end after it "
                        "starts");
    NS_ABORT_MSG_IF(m_linkSamples.empty(), "NetworkHelper::MeasureWindow: no samples (Run first)");
    const double interval = m_linkSampleInterval.GetSeconds();
    // Sample k was taken at k * interval.
    auto index = [this, interval](Time t) {
        const auto k = static_cast<std::size_t>(std::floor(t.GetSeconds() / interval + 1e-9));
        NS_ABORT_MSG_IF(k >= m_linkSamples.size(),
                        "NetworkHelper::MeasureWindow: no sample at "
                            << t.As(Time::S) << " (the run ended at " << m_linkSamples.back().time
                            << " s)");
        return k;
    };
    const std::size_t a = index(from);
    const std::size_t b = index(to);
    NS_ABORT_MSG_UNLESS(b > a, "NetworkHelper::MeasureWindow: the window holds no sample");
    const LinkSample& first = m_linkSamples[a];
    const LinkSample& last = m_linkSamples[b];
    const double window = last.time - first.time;
    const Link& link = m_links[GetLinkDirection(m_sampledLink)];
    WindowMeasurement m;
    m.utilization = 8.0 * (last.txBytes - first.txBytes) / (link.rate.GetBitRate() * window);
    double sum = 0;
    double sumSquares = 0;
    std::vector<double> traceSums(m_traceNames.size(), 0.0);
    for (std::size_t k = a + 1; k <= b; ++k)
    {
        sum += m_linkSamples[k].backlog;
        sumSquares += m_linkSamples[k].backlog * m_linkSamples[k].backlog;
        for (std::size_t i = 0; i < traceSums.size(); ++i)
        {
            traceSums[i] += m_linkSamples[k].traces[i];
        }
    }
    const double n = b - a;
    m.queueMean = sum / n;
    m.queueStd = std::sqrt(std::max(0.0, sumSquares / n - m.queueMean * m.queueMean));
    for (double traceSum : traceSums)
    {
        m.traceMeans.push_back(traceSum / n);
    }
    m.arrivals = last.arrivals - first.arrivals;
    m.drops = last.drops - first.drops;
    m.marks = last.marks - first.marks;
    m.lossRate = m.arrivals > 0 ? m.drops / m.arrivals : 0;
    m.goodputPacketsPerSecond =
        (last.goodputBytes - first.goodputBytes) / m_description.GetSegmentSize() / window;
    const double capacityPackets = link.rate.GetBitRate() / (8.0 * m_description.packetSize);
    m.goodputFraction = m.goodputPacketsPerSecond / capacityPackets;
    m.shortArrived = last.shortArrived - first.shortArrived;
    m.shortCompleted = last.shortCompleted - first.shortCompleted;
    return m;
}

void
NetworkHelper::Leave(Ptr<Node> host)
{
    host->GetObject<Ipv4>()->SetDown(1);
}

void
NetworkHelper::ApplyEvent(const NetworkDescription::EventSpec& event)
{
    const Link& link = m_links[m_description.GetLinkIndex(event.link)];
    if (event.setDelay)
    {
        link.devices.Get(0)->GetChannel()->SetAttribute("Delay", TimeValue(event.delay));
    }
    if (event.rate.GetBitRate() != 0)
    {
        link.devices.Get(0)->SetAttribute("DataRate", DataRateValue(event.rate));
    }
    if (event.reverseRate.GetBitRate() != 0)
    {
        link.devices.Get(1)->SetAttribute("DataRate", DataRateValue(event.reverseRate));
    }
}

bool
NetworkHelper::IsModelled(const Link& link) const
{
    // A reverse direction that only ACKs cross is left out.
    return !link.reverse || m_description.IsUsedBackwards(m_description.links[link.linkIndex].name);
}

double
NetworkHelper::GetCapacityFactor(const Link& link)
{
    const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(link.queueDisc);
    return traits.capacityFactor ? traits.capacityFactor(link.queueDisc) : 1;
}

std::size_t
NetworkHelper::GetLinkDirection(const std::string& name) const
{
    for (std::size_t l = 0; l < m_links.size(); ++l)
    {
        if (m_links[l].name == name)
        {
            return l;
        }
    }
    NS_ABORT_MSG("NetworkHelper: no link (direction) '"
                 << name << "'; valid: a link name, or <name>" << REVERSE_SUFFIX
                 << " for the reverse direction of a link that has a queue disc there");
}

double
NetworkHelper::Backlog(const Link& link) const
{
    Ptr<PointToPointNetDevice> device = DynamicCast<PointToPointNetDevice>(link.devices.Get(0));
    if (!m_backlogInBytes)
    {
        return link.queueDisc->GetNPackets() + device->GetQueue()->GetNPackets();
    }
    // Queue-disc items count IPv4 bytes, device-queue packets carry the PPP header as well.
    Ptr<PriorityObQueueDisc> priority = DynamicCast<PriorityObQueueDisc>(link.queueDisc);
    const double discBytes = priority ? priority->GetBandStats(PriorityObQueueDisc::DATA_BAND).bytes
                                      : link.queueDisc->GetNBytes();
    const double packetSize = m_description.packetSize;
    return discBytes / (packetSize - PPP_HEADER_BYTES) +
           device->GetQueue()->GetNBytes() / packetSize;
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
    for (std::size_t h = 0; h < m_shortHosts.size(); ++h)
    {
        const std::array<uint64_t, SHORT_COUNTERS> counters = ShortCounters(m_shortHosts[h].app);
        std::copy(counters.begin(), counters.end(), period.shorts[h].begin());
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
    for (std::size_t h = 0; h < m_shortHosts.size(); ++h)
    {
        const std::array<uint64_t, SHORT_COUNTERS> counters = ShortCounters(m_shortHosts[h].app);
        std::copy(counters.begin(), counters.end(), period.shorts[h].begin() + SHORT_COUNTERS);
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
        // Each link is sampled by the rank that simulates its sending end (SumOverRanks()).
        if (DistributedRun::IsLocal(m_links[l].devices.Get(0)->GetNode()))
        {
            period.links[l].backlogSum += Backlog(m_links[l]);
            ++period.links[l].samples;
        }
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
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        point.push_back(Backlog(m_links[l]));
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
    m_seriesTxBytes.resize(d.links.size(), 0);
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        const uint64_t bytes = m_links[l].queueDisc->GetStats().nTotalDequeuedBytes;
        const double bits = 8.0 * (bytes - m_seriesTxBytes[l]);
        m_seriesTxBytes[l] = bytes;
        point.push_back(bits / (m_links[l].rate.GetBitRate() * m_seriesInterval.GetSeconds()));
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
    return m_links[GetLinkDirection(link)].devices;
}

Ptr<QueueDisc>
NetworkHelper::GetQueueDisc(const std::string& link) const
{
    CheckInstalled("GetQueueDisc");
    return m_links[GetLinkDirection(link)].queueDisc;
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

std::vector<Ptr<ShortFlowApplication>>
NetworkHelper::GetShortFlowSources(const std::string& className) const
{
    CheckInstalled("GetShortFlowSources");
    std::vector<Ptr<ShortFlowApplication>> apps;
    for (std::size_t h : m_classShortHosts[GetClassIndex(className)])
    {
        apps.push_back(m_shortHosts[h].app);
    }
    return apps;
}

std::vector<Time>
NetworkHelper::GetPropagationRtts(const std::string& className) const
{
    CheckInstalled("GetPropagationRtts");
    std::vector<Time> rtts;
    for (std::size_t f : m_classFlows[GetClassIndex(className)])
    {
        rtts.push_back(m_flows[f].propagationRtt);
    }
    return rtts;
}

DualityModel
NetworkHelper::BuildModel(bool withMeasuredBaseRtt) const
{
    CheckInstalled("BuildModel");
    return BuildModelOf([](std::size_t) { return true; },
                        [this, withMeasuredBaseRtt](std::size_t f) {
                            const Flow& flow = m_flows[f];
                            return withMeasuredBaseRtt ? GetFlowMinRtt(flow) : Time(0);
                        },
                        Time(-1));
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
        },
        period.start);
}

std::vector<NetworkHelper::LinkState>
NetworkHelper::GetLinkStates(Time at) const
{
    const NetworkDescription& d = m_description;
    std::vector<LinkState> states;
    for (const NetworkDescription::LinkSpec& l : d.links)
    {
        states.push_back({l.delay, l.rate, l.GetReverseRate()});
    }
    // The events in time order (statement order among equal times, as they run).
    std::vector<const NetworkDescription::EventSpec*> events;
    for (const NetworkDescription::EventSpec& e : d.events)
    {
        events.push_back(&e);
    }
    std::stable_sort(events.begin(), events.end(), [](const auto* a, const auto* b) {
        return a->at < b->at;
    });
    for (const NetworkDescription::EventSpec* e : events)
    {
        if (e->at > at)
        {
            break;
        }
        LinkState& state = states[d.GetLinkIndex(e->link)];
        state.delay = e->setDelay ? e->delay : state.delay;
        state.rate = e->rate.GetBitRate() != 0 ? e->rate : state.rate;
        state.reverseRate = e->reverseRate.GetBitRate() != 0 ? e->reverseRate : state.reverseRate;
    }
    return states;
}

DualityModel
NetworkHelper::BuildModelOf(const std::function<bool(std::size_t)>& include,
                            const std::function<Time(std::size_t)>& measuredBaseRtt,
                            Time at) const
{
    const NetworkDescription& d = m_description;
    // The links as the events up to `at` left them (their delays, rates), against the
    // description's, from which the flows' round trips were computed at Install().
    const std::vector<LinkState> initial = GetLinkStates(Time(-1));
    const std::vector<LinkState> now = GetLinkStates(at);
    DualityModel model;
    // One model link per link direction that data crosses: every link forward, and the reverse
    // direction of those a class runs backwards. The link algorithm's traits say what capacity
    // its price drives the load to and whether its price is a queueing delay.
    for (const Link& link : m_links)
    {
        if (!IsModelled(link))
        {
            continue;
        }
        const LinkState& state = now[link.linkIndex];
        const DataRate rate = link.reverse ? state.reverseRate : state.rate;
        const std::size_t index =
            model.AddLinkBps(link.name, GetCapacityFactor(link) * rate.GetBitRate(), d.packetSize);
        model.SetPhysicalPrice(index, AlgorithmTraits::GetLinkOf(link.queueDisc).physicalPrice);
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
            route.push_back(model.GetLinkIndex(spec.reverse ? name + REVERSE_SUFFIX : name));
        }
        if (spec.reverse)
        {
            std::reverse(route.begin() + 1, route.end());
        }
        // Each route link's change of delay counts twice (data and ACK cross the same channel),
        // a change of rate in the data's and in the ACK's transmission time.
        Time change;
        for (const std::string& name : spec.route)
        {
            const std::size_t l = d.GetLinkIndex(name);
            const LinkState& was = initial[l];
            const LinkState& is = now[l];
            const auto transmission = [&d, &spec](const LinkState& s) {
                const DataRate data = spec.reverse ? s.reverseRate : s.rate;
                const DataRate ack = spec.reverse ? s.rate : s.reverseRate;
                return data.CalculateBytesTxTime(d.packetSize) +
                       ack.CalculateBytesTxTime(NetworkDescription::ACK_BYTES);
            };
            change += (is.delay - was.delay) * 2 + transmission(is) - transmission(was);
        }
        const double delay = (flow.propagationRtt + flow.transmissionRtt + change).GetSeconds();
        const AlgorithmTraits::SourceFields fields =
            NetworkDescription::GetSourceFields(spec, Seconds(delay), m_description.packetSize);
        const AlgorithmTraits::Source& traits =
            AlgorithmTraits::GetSource(flow.congestion->GetInstanceTypeId());
        const double weight = traits.weight(flow.congestion, fields, delay);
        // eq. 24: a measured baseRTT above d distorts the utility by eps = baseRTT / d - 1
        const Time baseRtt = measuredBaseRtt(f);
        const double error = baseRtt.IsStrictlyPositive() ? baseRtt.GetSeconds() / delay - 1 : 0;
        const std::size_t source = model.AddSource(spec.name, route, delay, weight, error);
        // Control packets (Monaco's pair per round trip) load the route's links as data do.
        model.SetOverhead(source, traits.controlBytesPerRtt / d.packetSize);
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

Time
NetworkHelper::GetPeriodStart(std::size_t k) const
{
    return CheckPeriod(k, "GetPeriodStart").begin;
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
    ClassMeasurement m{0, 0, 0, 0, std::numeric_limits<double>::quiet_NaN(), {}};
    std::size_t withRtt = 0;
    std::size_t withBaseRtt = 0;
    std::size_t withEstimate = 0;
    double estimate = 0;
    for (std::size_t f : m_classFlows[c])
    {
        const FlowTally& tally = period.flows[f];
        const double packets = double(tally.rxAtStop - tally.rxAtStart) / d.GetSegmentSize();
        m.flowRateKBps.push_back(packets / window * d.packetSize / 1000.0);
        m.rateKBps += m.flowRateKBps.back();
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
    return MeasureLink(CheckPeriod(k, "GetLinkMeasurement"), GetLinkDirection(name));
}

NetworkHelper::LinkMeasurement
NetworkHelper::MeasureLink(const Period& period, std::size_t l) const
{
    const LinkTally& tally = period.links[l];
    const double window = (period.stop - period.start).GetSeconds();
    LinkMeasurement m;
    m.backlogPackets = tally.samples ? tally.backlogSum / tally.samples : 0;
    m.utilization = 8.0 * (tally.txBytesAtStop - tally.txBytesAtStart) /
                    (m_links[l].rate.GetBitRate() * window);
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
    const std::size_t l = GetLinkDirection(name);
    LinkMeasurement m = MeasureLink(m_window, l);
    m.drops = GetRunDrops(m_links[l]); // the whole run
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

std::array<uint64_t, NetworkHelper::SHORT_COUNTERS>
NetworkHelper::ShortCounters(Ptr<ShortFlowApplication> app)
{
    return {app->GetArrivals(),
            app->GetArrivedBytes(),
            app->GetCompletedFlows(),
            app->GetCompletedBytes(),
            app->GetCompletedPages(),
            static_cast<uint64_t>(app->GetCompletionTimeSum().GetNanoSeconds())};
}

NetworkHelper::ShortFlowMeasurement
NetworkHelper::GetShortFlowMeasurement(const std::string& className) const
{
    CheckInstalled("GetShortFlowMeasurement");
    CheckWindow("GetShortFlowMeasurement");
    return MeasureShortFlows(className, m_window);
}

NetworkHelper::ShortFlowMeasurement
NetworkHelper::GetShortFlowMeasurement(const std::string& className, std::size_t period) const
{
    CheckInstalled("GetShortFlowMeasurement");
    NS_ABORT_MSG_UNLESS(period < m_periods.size(),
                        "NetworkHelper::GetShortFlowMeasurement: period " << period << " of "
                                                                          << m_periods.size());
    return MeasureShortFlows(className, m_periods[period]);
}

NetworkHelper::ShortFlowMeasurement
NetworkHelper::MeasureShortFlows(const std::string& className, const Period& window) const
{
    const std::size_t c = GetClassIndex(className);
    NS_ABORT_MSG_IF(m_description.classes[c].traffic == NetworkDescription::Traffic::PERSISTENT,
                    "NetworkHelper::GetShortFlowMeasurement: class '"
                        << className << "' has persistent flows (traffic=persistent)");
    // Each counter's increase over the window, summed over the class' hosts.
    std::array<uint64_t, SHORT_COUNTERS> sum{};
    for (std::size_t h : m_classShortHosts[c])
    {
        const std::array<uint64_t, 2 * SHORT_COUNTERS>& t = window.shorts[h];
        for (std::size_t k = 0; k < SHORT_COUNTERS; ++k)
        {
            sum[k] += t[SHORT_COUNTERS + k] - t[k];
        }
    }
    const double seconds = (window.stop - window.start).GetSeconds();
    ShortFlowMeasurement m;
    m.arrivals = sum[0];
    m.arrivalRate = sum[0] / seconds;
    m.meanSizePackets = sum[0]
                            ? static_cast<double>(sum[1]) / sum[0] / m_description.GetSegmentSize()
                            : std::nan("");
    m.completed = sum[2];
    m.completedRate = sum[2] / seconds;
    m.completedBytes = sum[3];
    m.pages = sum[4];
    m.meanCompletionMs = sum[2] ? sum[5] / 1e6 / sum[2] : std::nan("");
    return m;
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
        if (d.classes[c].traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            // Not in the duality model: the parameters are the "model".
            const ShortFlowMeasurement m = GetShortFlowMeasurement(d.classes[c].name);
            const bool web = d.classes[c].traffic == NetworkDescription::Traffic::WEB;
            table.Add("arrival rate (flows/s)",
                      entity,
                      web ? std::nan("") : d.classes[c].arrivalRate,
                      m.arrivalRate);
            table.Add("mean size (pkts)", entity, d.classes[c].meanSize, m.meanSizePackets);
            table.Add("completion rate (flows/s)", entity, std::nan(""), m.completedRate);
            if (web)
            {
                table.Add("mean completion time (ms)", entity, std::nan(""), m.meanCompletionMs);
            }
            continue;
        }
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
    for (const Link& link : m_links)
    {
        if (!IsModelled(link))
        {
            continue;
        }
        const std::size_t l = model.GetLinkIndex(link.name);
        const std::string entity = "link " + link.name;
        const LinkMeasurement m = GetLinkMeasurement(link.name);
        // The model's capacity is the share the price drives the load to: utilization of the
        // link's capacity is that share times the model's.
        const double factor = GetCapacityFactor(link);
        table.Add("queue (pkts)", entity, sol.links[l].backlog, m.backlogPackets);
        table.Add("queue, eq. 24 (pkts)", entity, distorted.links[l].backlog, m.backlogPackets);
        table.Add("utilization",
                  entity,
                  factor == 1 ? sol.links[l].utilization : factor * sol.links[l].utilization,
                  m.utilization);
        table.Add("drops (pkts)", entity, std::nan(""), m.drops);
    }
    return table;
}

namespace
{
/// Whether the user chose ns-3's SchedulerType (NetworkHelper::SetSchedulerChosen()).
bool g_schedulerChosen = false;
} // namespace

void
NetworkHelper::SetSchedulerChosen(bool chosen)
{
    g_schedulerChosen = chosen;
}

std::string
NetworkHelper::GetRunScheduler()
{
    // The calendar queue: on the five-class network it executes as many instructions as ns-3's
    // default map and the priority queue (within 0.3 %; the heap 18 % more: callgrind, see
    // doc/validation.rst, Speed); events run in the same (time, insertion) order in all of them,
    // so results are identical.
    StringValue configured;
    GlobalValue::GetValueByName("SchedulerType", configured);
    if (g_schedulerChosen || configured.Get() != "ns3::MapScheduler")
    {
        return configured.Get();
    }
    return "ns3::CalendarScheduler";
}

void
NetworkHelper::Run(Time stop, bool showProgress)
{
    CheckInstalled("Run");
    NS_ABORT_MSG_IF(stop < m_windowStop,
                    "NetworkHelper::Run: the simulation must last to the measurement window's end");
    const std::string scheduler = GetRunScheduler();
    StringValue configured;
    GlobalValue::GetValueByName("SchedulerType", configured);
    if (scheduler != configured.Get())
    {
        Simulator::SetScheduler(ObjectFactory(scheduler));
    }
    // With link samples, one more time step so that the sample at exactly `stop` is taken.
    Simulator::Stop(m_sampledLink.empty() ? stop : stop + TimeStep(1));
    StartTracing();
    if (showProgress)
    {
        ShowProgress progress(Seconds(5), std::cerr);
        Simulator::Run();
    }
    else
    {
        Simulator::Run();
    }
    SumOverRanks();
    StopTracing();
}

namespace
{
/// SetTracing()'s settings.
NetworkHelper::Tracing g_tracing;
/// SetTracingIndex()'s index (-1: none).
int g_tracingIndex = -1;
/// Run()s traced since the last SetTracingIndex().
int g_tracedRuns = 0;

/// The suffix of the files of the Run() being traced: "", "-<index>" or "-<index>.<run>".
std::string
GetTracingSuffix()
{
    std::string suffix;
    if (g_tracingIndex >= 0)
    {
        suffix = "-" + std::to_string(g_tracingIndex);
    }
    if (g_tracedRuns > 1)
    {
        suffix += (g_tracingIndex >= 0 ? "." : "-") + std::to_string(g_tracedRuns);
    }
    return suffix;
}
} // namespace

void
NetworkHelper::SetTracing(const Tracing& tracing)
{
    g_tracing = tracing;
    g_tracedRuns = 0;
}

void
NetworkHelper::SetTracingIndex(int index)
{
    g_tracingIndex = index;
    g_tracedRuns = 0;
}

void
NetworkHelper::StartTracing()
{
    NS_LOG_FUNCTION(this);
    CheckInstalled("StartTracing");
    if (g_tracing.pcapLink.empty() && g_tracing.flowmonFile.empty())
    {
        return;
    }
    ++g_tracedRuns;
    const std::string suffix = GetTracingSuffix();
    if (!g_tracing.pcapLink.empty())
    {
        const bool all = g_tracing.pcapLink == "all";
        std::string valid = "all";
        bool found = all;
        for (const NetworkDescription::LinkSpec& spec : m_description.links)
        {
            valid += ", " + spec.name;
            found = found || spec.name == g_tracing.pcapLink;
        }
        if (!found)
        {
            throw std::invalid_argument("--pcap=" + g_tracing.pcapLink +
                                        ": no such link; valid: " + valid);
        }
        PointToPointHelper p2p;
        for (const Link& link : m_links)
        {
            if (!link.reverse && (all || link.name == g_tracing.pcapLink))
            {
                // Both ends: <prefix>-<link>-<node id>-<device index>.pcap.
                p2p.EnablePcap(g_tracing.pcapPrefix + suffix + "-" + link.name, link.devices);
            }
        }
    }
    if (!g_tracing.flowmonFile.empty())
    {
        m_flowMonitor = std::make_shared<FlowMonitorHelper>();
        m_flowMonitor->InstallAll();
    }
}

void
NetworkHelper::StopTracing()
{
    NS_LOG_FUNCTION(this);
    if (!m_flowMonitor || g_tracing.flowmonFile.empty())
    {
        return;
    }
    std::string path = g_tracing.flowmonFile;
    const std::string suffix = GetTracingSuffix();
    const std::size_t slash = path.find_last_of('/');
    const std::size_t dot = path.find_last_of('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
    {
        path.insert(dot, suffix);
    }
    else
    {
        path += suffix;
    }
    m_flowMonitor->GetMonitor()->CheckForLostPackets();
    m_flowMonitor->SerializeToXmlFile(path, true, true);
}

void
NetworkHelper::CheckDistributable(const std::vector<std::string>& routers,
                                  const std::vector<uint32_t>& rank) const
{
    if (!DistributedRun::IsDistributed())
    {
        return;
    }
    const NetworkDescription& d = m_description;
    const std::string why = " is not distributed over MPI ranks yet; valid: one process";
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        if (AlgorithmTraits::GetSource(TypeId::LookupByName(spec.tcp)).companions)
        {
            throw std::invalid_argument(NetworkDescription::GetLocation(spec) +
                                        ": tcp = " + spec.tcp + " (agents beside TCP)" + why);
        }
    }
    auto rankOf = [&routers, &rank](const std::string& name) {
        return rank[std::find(routers.begin(), routers.end(), name) - routers.begin()];
    };
    for (const NetworkDescription::LinkSpec& spec : d.links)
    {
        const uint32_t from = rankOf(spec.from);
        const uint32_t to = rankOf(spec.to);
        if (from != to && !spec.delay.IsStrictlyPositive())
        {
            std::ostringstream os;
            os << NetworkDescription::GetLocation(spec) << ": link " << spec.name
               << " joins routers of MPI ranks " << from << " and " << to
               << " with delay = 0: a link between ranks needs a propagation delay, ns-3's "
                  "lookahead; valid: delay > 0, or fewer ranks";
            throw std::invalid_argument(os.str());
        }
        for (const NetworkDescription::EventSpec& e : d.events)
        {
            if (from != to && e.link == spec.name && e.setDelay)
            {
                throw std::invalid_argument(NetworkDescription::GetLocation(e) +
                                            ": a delay change on link " + spec.name +
                                            ", which joins two MPI ranks (the lookahead is fixed "
                                            "when the run starts)" +
                                            why);
            }
        }
    }
}

void
NetworkHelper::SumOverRanks()
{
    if (!DistributedRun::IsDistributed())
    {
        return;
    }
    // Each rank measured what its own nodes saw: another rank's applications stayed idle here
    // and its queue discs empty, so that their figures are zero. Summing every tally over the
    // ranks gives each rank the whole network's.
    for (Flow& flow : m_flows)
    {
        flow.runMinRtt = flow.app->GetRttSamples() > 0 ? flow.app->GetMinRtt() : Time(0);
    }
    for (Link& link : m_links)
    {
        link.runDrops = link.queueDisc->GetStats().nTotalDroppedPackets;
    }
    TallyPacker packer;
    PackTallies(packer);
    DistributedRun::SumOverRanks(packer.values);
    packer.unpack = true;
    PackTallies(packer);
}

void
NetworkHelper::TallyPacker::operator()(double& x)
{
    if (unpack)
    {
        x = values.at(next++);
    }
    else
    {
        values.push_back(x);
    }
}

void
NetworkHelper::TallyPacker::operator()(uint64_t& x)
{
    double value = static_cast<double>(x);
    (*this)(value);
    x = static_cast<uint64_t>(std::llround(value));
}

void
NetworkHelper::TallyPacker::operator()(Time& t)
{
    double value = static_cast<double>(t.GetTimeStep());
    (*this)(value);
    t = TimeStep(std::llround(value));
}

void
NetworkHelper::PackTallies(TallyPacker& packer)
{
    std::vector<Period*> windows{&m_window};
    for (Period& period : m_periods)
    {
        windows.push_back(&period);
    }
    for (Period* period : windows)
    {
        for (FlowTally& t : period->flows)
        {
            packer(t.rxAtStart);
            packer(t.rxAtStop);
            packer(t.cwndSum);
            packer(t.rttSum);
            packer(t.samples);
            packer(t.rttSamples);
            packer(t.minRtt);
            packer(t.ccBaseRtt);
        }
        for (LinkTally& t : period->links)
        {
            packer(t.backlogSum);
            packer(t.samples);
            packer(t.txBytesAtStart);
            packer(t.txBytesAtStop);
            packer(t.dropsAtStart);
            packer(t.dropsAtStop);
        }
        for (std::array<uint64_t, 2 * SHORT_COUNTERS>& counters : period->shorts)
        {
            for (uint64_t& counter : counters)
            {
                packer(counter);
            }
        }
    }
    for (std::vector<double>& point : m_series)
    {
        for (std::size_t i = 1; i < point.size(); ++i) // [0] is the time, the same on every rank
        {
            packer(point[i]);
        }
    }
    for (LinkSample& sample : m_linkSamples) // but its time, the same on every rank
    {
        for (double* x : {&sample.backlog,
                          &sample.txBytes,
                          &sample.arrivals,
                          &sample.drops,
                          &sample.marks,
                          &sample.goodputBytes,
                          &sample.shortArrived,
                          &sample.shortCompleted})
        {
            packer(*x);
        }
        for (double& trace : sample.traces)
        {
            packer(trace);
        }
    }
    for (Flow& flow : m_flows)
    {
        packer(flow.runMinRtt);
    }
    for (Link& link : m_links)
    {
        packer(link.runDrops);
    }
}

Time
NetworkHelper::GetFlowMinRtt(const Flow& flow)
{
    if (DistributedRun::IsDistributed())
    {
        return flow.runMinRtt;
    }
    return flow.app->GetRttSamples() > 0 ? flow.app->GetMinRtt() : Time(0);
}

uint64_t
NetworkHelper::GetRunDrops(const Link& link)
{
    return DistributedRun::IsDistributed() ? link.runDrops
                                           : link.queueDisc->GetStats().nTotalDroppedPackets;
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
