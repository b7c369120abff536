/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed-builder.h"

#include "bounded-pareto.h"
#include "distributed-run.h"
#include "ipv4-subnet-allocator.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-flat-routing-helper.h"
#include "ns3/ipv4-flat-routing.h"
#include "ns3/ipv4.h"
#include "ns3/jitter-point-to-point-channel.h"
#include "ns3/log.h"
#include "ns3/lognormal-pareto-random-variable.h"
#include "ns3/packet-filter.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/random-variable-stream.h"
#include "ns3/short-flow-application.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TestbedBuilder");

namespace
{
/// Port of every sink.
constexpr uint16_t SINK_PORT = 5000;
/// "Unlimited" queue sizes, packets.
constexpr uint32_t UNLIMITED_PACKETS = 10000000;
/// Device queue under a queue disc, packets: the backlog stays in the queue disc.
constexpr uint32_t DEVICE_QUEUE_UNDER_DISC = 1;

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

TestbedBuilder::TestbedBuilder(TestbedNetwork& network)
    : m_network(network)
{
    NS_LOG_FUNCTION(this);
    m_network.description.Validate();
    m_jitter = CreateObject<UniformRandomVariable>();
    // m_rtt is created only for a description with RTT ranges: a random variable takes the next
    // automatic stream when it is created, and one more would change the draws of every later
    // one (REM's marks, ...) in networks that have none.
    for (const NetworkDescription::ClassSpec& c : m_network.description.classes)
    {
        if (!c.rttMax.IsZero() && c.traffic != NetworkDescription::Traffic::WEB && !m_rtt)
        {
            m_rtt = CreateObject<UniformRandomVariable>();
        }
    }
}

TestbedBuilder::~TestbedBuilder() = default;

void
TestbedBuilder::SetEarlyConnection(bool early)
{
    NS_ABORT_MSG_IF(m_network.installed, "TestbedBuilder: SetEarlyConnection before Install()");
    m_earlyConnection = early;
}

int64_t
TestbedBuilder::AssignStreams(int64_t stream, int64_t discStream)
{
    NS_ABORT_MSG_IF(m_network.installed, "TestbedBuilder: AssignStreams before Install()");
    // Only the streams the description needs, so that a network without RTT ranges or short
    // flows uses one stream, as before they existed.
    int64_t used = 0;
    m_jitter->SetStream(stream + used++);
    int64_t hostStreams = 0;
    for (const NetworkDescription::ClassSpec& c : m_network.description.classes)
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
    int64_t jitterStreams = 0;
    if (m_network.description.accessJitter.IsStrictlyPositive())
    {
        // Then one per source access link with jitter, in class and flow order.
        m_accessJitterStream = stream + used + hostStreams;
        for (const NetworkDescription::ClassSpec& c : m_network.description.classes)
        {
            jitterStreams += c.flows;
        }
    }
    m_discStream = discStream >= 0 ? discStream : stream + used + hostStreams + jitterStreams;
    return used + hostStreams + jitterStreams;
}

int64_t
TestbedBuilder::GetQueueDiscStreams() const
{
    return m_discStreamsUsed;
}

void
TestbedBuilder::AssignQueueDiscStreams()
{
    if (m_discStream < 0)
    {
        return;
    }
    for (const TestbedNetwork::Link& link : m_network.links)
    {
        const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(link.queueDisc);
        if (traits.assignStreams)
        {
            m_discStreamsUsed +=
                traits.assignStreams(link.queueDisc, m_discStream + m_discStreamsUsed);
        }
    }
}

void
TestbedBuilder::Install()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_network.installed, "TestbedBuilder::Install called twice");
    m_stack = std::make_unique<InternetStackHelper>();
    Ipv4FlatRoutingHelper flat;
    m_stack->SetRoutingHelper(flat);
    m_stack->SetIpv6StackInstall(false);
    InstallRouters();
    InstallLinks();
    AssignQueueDiscStreams();
    const std::size_t classes = m_network.description.classes.size();
    m_network.classFlows.assign(classes, {});
    m_network.classShortHosts.assign(classes, {});
    for (std::size_t c = 0; c < classes; ++c)
    {
        InstallClass(c);
    }
    ScheduleEvents();
    m_network.installed = true;
}

void
TestbedBuilder::InstallRouters()
{
    const std::vector<std::string> routerNames = m_network.description.GetRouters();
    m_partition = std::make_unique<RankPartition>(m_network.description,
                                                  DistributedRun::GetSize(),
                                                  DistributedRun::IsDistributed() &&
                                                      RankPartition::IsBalanceEnabled());
    CheckDistributable();
    DistributedRun::MarkPartitioned();
    NodeContainer& routers = m_network.routers;
    for (std::size_t i = 0; i < routerNames.size(); ++i)
    {
        routers.Add(CreateObject<Node>(m_partition->GetRouterRank(routerNames[i])));
        m_router[routerNames[i]] = routers.Get(i);
    }
    m_stack->Install(routers);
    for (std::size_t i = 0; i < routerNames.size(); ++i)
    {
        Ipv4FlatRoutingHelper::SetStrongEndSystemModel(routers.Get(i));
    }
}

void
TestbedBuilder::InstallLinks()
{
    // Links: a queue disc (tree) at the sending end over a one-packet device queue; the same at
    // the receiving end for traffic running the link backwards.
    m_subnets = std::make_unique<Ipv4SubnetAllocator>("NetworkHelper");
    std::vector<TestbedNetwork::Link> reverse;
    for (const NetworkDescription::LinkSpec& spec : m_network.description.links)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(spec.rate));
        p2p.SetChannelAttribute("Delay", TimeValue(spec.delay));
        p2p.SetQueue("ns3::DropTailQueue",
                     "MaxSize",
                     QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));
        TestbedNetwork::Link link;
        link.name = spec.name;
        link.rate = spec.rate;
        link.linkIndex = m_network.links.size();
        link.devices = p2p.Install(m_router[spec.from], m_router[spec.to]);
        link.queueDisc = InstallQueueDisc(link.devices.Get(0), spec.GetQueue(), spec.bufferPackets);
        if (spec.GetReverseRate() != spec.rate)
        {
            link.devices.Get(1)->SetAttribute("DataRate", DataRateValue(spec.GetReverseRate()));
        }
        InstallReverse(spec, link, reverse);
        const auto [a, b] = m_subnets->Next();
        m_ends.push_back({Ipv4SubnetAllocator::AddInterface(link.devices.Get(0), a),
                          Ipv4SubnetAllocator::AddInterface(link.devices.Get(1), b),
                          a,
                          b});
        m_network.links.push_back(link);
    }
    // The reverse directions follow the links, so that link l is still links[l].
    m_network.links.insert(m_network.links.end(), reverse.begin(), reverse.end());
}

void
TestbedBuilder::InstallReverse(const NetworkDescription::LinkSpec& spec,
                               const TestbedNetwork::Link& link,
                               std::vector<TestbedNetwork::Link>& reverse)
{
    if (spec.reverseQueue.type.empty() && spec.reverseBufferPackets == 0 &&
        !m_network.description.IsUsedBackwards(spec.name))
    {
        return;
    }
    NetworkDescription::QueueDiscSpec queue = spec.reverseQueue;
    if (queue.type.empty())
    {
        queue.type = "ns3::FifoQueueDisc";
    }
    TestbedNetwork::Link back;
    back.name = spec.name + TestbedNetwork::REVERSE_SUFFIX;
    back.reverse = true;
    back.linkIndex = link.linkIndex;
    back.rate = spec.GetReverseRate();
    back.devices.Add(link.devices.Get(1));
    back.devices.Add(link.devices.Get(0));
    back.queueDisc = InstallQueueDisc(back.devices.Get(0), queue, spec.reverseBufferPackets);
    reverse.push_back(back);
}

Ptr<QueueDisc>
TestbedBuilder::CreateQueueDisc(const NetworkDescription::QueueDiscSpec& spec)
{
    return spec.Create();
}

Ptr<QueueDisc>
TestbedBuilder::InstallQueueDisc(Ptr<NetDevice> device,
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

void
TestbedBuilder::InstallClass(std::size_t c)
{
    // Flows: a source and a sink host each, with their access links, routes and applications.
    const NetworkDescription::ClassSpec& spec = m_network.description.classes[c];
    ObjectFactory congestion;
    congestion.SetTypeId(spec.tcp);
    const Time transmissionRtt = m_network.description.GetTransmissionRtt(spec);
    for (uint32_t i = 0; i < spec.flows; ++i)
    {
        const Time rtt = DrawRtt(spec, i);
        Hosts hosts = CreateHosts(c, i, rtt);
        InstallSink(hosts);
        if (spec.traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            InstallShortHost(c, i, hosts, congestion);
        }
        else
        {
            InstallPersistentFlow(c, hosts, rtt, transmissionRtt);
        }
    }
}

Time
TestbedBuilder::DrawRtt(const NetworkDescription::ClassSpec& spec, uint32_t i)
{
    // Each flow's round-trip propagation delay: the class' rtt, or uniform in its range (web
    // hosts: spread evenly over it).
    Time rtt = spec.rtt;
    if (!spec.rttMax.IsZero())
    {
        const bool isWeb = spec.traffic == NetworkDescription::Traffic::WEB;
        const double share = !isWeb            ? m_rtt->GetValue(0, 1)
                             : spec.flows == 1 ? 0
                                               : i / (spec.flows - 1.0);
        rtt += Seconds(share * (spec.rttMax - spec.rtt).GetSeconds());
    }
    return rtt;
}

TestbedBuilder::Hosts
TestbedBuilder::CreateHosts(std::size_t c, uint32_t i, Time rtt)
{
    const NetworkDescription& d = m_network.description;
    const NetworkDescription::ClassSpec& spec = d.classes[c];
    const auto [firstRouter, lastRouter] = d.GetClassEnds(spec);
    Hosts hosts;
    // A host is simulated by its router's rank, or by another that RankPartition chose.
    hosts.source = CreateObject<Node>(m_partition->GetSourceRank(c, i));
    hosts.sink = CreateObject<Node>(m_partition->GetSinkRank(c, i));
    m_stack->Install(hosts.source);
    m_stack->Install(hosts.sink);
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(d.accessRate));
    access.SetQueue("ns3::DropTailQueue",
                    "MaxSize",
                    QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, UNLIMITED_PACKETS)));
    access.SetChannelAttribute("Delay",
                               TimeValue(rtt / 2 - d.GetRouteDelay(spec) - d.sinkAccessDelay));
    NetDeviceContainer up = access.Install(hosts.source, m_router[firstRouter]);
    AddAccessJitter(up.Get(0));
    access.SetChannelAttribute("Delay", TimeValue(d.sinkAccessDelay));
    NetDeviceContainer down = access.Install(m_router[lastRouter], hosts.sink);
    const auto [srcAddress, r0Address] = m_subnets->Next();
    const auto [rkAddress, dstAddress] = m_subnets->Next();
    hosts.srcAddress = srcAddress;
    hosts.dstAddress = dstAddress;
    Ipv4SubnetAllocator::AddInterface(up.Get(0), srcAddress);
    const uint32_t r0Interface = Ipv4SubnetAllocator::AddInterface(up.Get(1), r0Address);
    const uint32_t rkInterface = Ipv4SubnetAllocator::AddInterface(down.Get(0), rkAddress);
    Ipv4SubnetAllocator::AddInterface(down.Get(1), dstAddress);
    AddRoutes(spec, hosts, r0Interface, r0Address, rkInterface, rkAddress);
    return hosts;
}

void
TestbedBuilder::AddAccessJitter(Ptr<NetDevice> source)
{
    const NetworkDescription& d = m_network.description;
    if (!d.accessJitter.IsStrictlyPositive())
    {
        return;
    }
    Ptr<JitterPointToPointChannel> channel =
        JitterPointToPointChannel::ReplaceChannel(DynamicCast<PointToPointNetDevice>(source));
    channel->SetAttribute("JitterStdDev", TimeValue(d.accessJitter));
    channel->SetAttribute("JitterCorrelationTime", TimeValue(d.accessJitterCorrelation));
    if (m_accessJitterStream >= 0)
    {
        m_accessJitterStream += channel->AssignStreams(m_accessJitterStream);
    }
}

void
TestbedBuilder::AddRoutes(const NetworkDescription::ClassSpec& spec,
                          const Hosts& hosts,
                          uint32_t r0Interface,
                          Ipv4Address r0Address,
                          uint32_t rkInterface,
                          Ipv4Address rkAddress)
{
    // Hosts send everything to their router; routers hold host routes. A reverse class' data
    // crosses each link from its receiving end.
    const NetworkDescription& d = m_network.description;
    const auto [firstRouter, lastRouter] = d.GetClassEnds(spec);
    Ipv4FlatRoutingHelper::GetRouting(hosts.source)->SetDefaultRoute(1, r0Address);
    Ipv4FlatRoutingHelper::GetRouting(hosts.sink)->SetDefaultRoute(1, rkAddress);
    for (std::size_t h = 0; h < spec.route.size(); ++h)
    {
        const std::size_t l = d.GetLinkIndex(spec.route[h]);
        const Ipv4Address toward = spec.reverse ? hosts.srcAddress : hosts.dstAddress;
        const Ipv4Address back = spec.reverse ? hosts.dstAddress : hosts.srcAddress;
        Ipv4FlatRoutingHelper::GetRouting(m_router[d.links[l].from])
            ->AddHostRoute(toward, m_ends[l].fromInterface, m_ends[l].toAddress);
        Ipv4FlatRoutingHelper::GetRouting(m_router[d.links[l].to])
            ->AddHostRoute(back, m_ends[l].toInterface, m_ends[l].fromAddress);
    }
    Ipv4FlatRoutingHelper::GetRouting(m_router[lastRouter])
        ->AddHostRoute(hosts.dstAddress, rkInterface, hosts.dstAddress);
    Ipv4FlatRoutingHelper::GetRouting(m_router[firstRouter])
        ->AddHostRoute(hosts.srcAddress, r0Interface, hosts.srcAddress);
}

void
TestbedBuilder::InstallSink(Hosts& hosts)
{
    // Applications. Those of another rank's host are made (the measurements read them) but not
    // installed: they stay idle here, and that rank measures them.
    hosts.sourceLocal = DistributedRun::IsLocal(hosts.source);
    hosts.sinkLocal = DistributedRun::IsLocal(hosts.sink);
    if (hosts.sinkLocal)
    {
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), SINK_PORT));
        ApplicationContainer sinkApps = sinkHelper.Install(hosts.sink);
        hosts.packetSink = DynamicCast<PacketSink>(sinkApps.Get(0));
        sinkApps.Start(Seconds(0));
    }
    else
    {
        hosts.packetSink = CreateObject<PacketSink>();
    }
}

void
TestbedBuilder::InstallShortHost(std::size_t c,
                                 uint32_t i,
                                 const Hosts& hosts,
                                 const ObjectFactory& congestion)
{
    const NetworkDescription::ClassSpec& spec = m_network.description.classes[c];
    const bool isWeb = spec.traffic == NetworkDescription::Traffic::WEB;
    TestbedNetwork::ShortHost host;
    host.app = CreateObject<ShortFlowApplication>();
    host.app->SetAttribute("Remote", AddressValue(InetSocketAddress(hosts.dstAddress, SINK_PORT)));
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
    if (hosts.sourceLocal)
    {
        hosts.source->AddApplication(host.app);
    }
    host.app->SetStartTime(spec.start);
    if (!spec.stop.IsZero())
    {
        host.app->SetStopTime(spec.stop);
    }
    host.packetSink = hosts.packetSink;
    // As a persistent class' sink (PrepareEcnSink()): with ECN the accepted sockets run the
    // class' congestion control, whose receiver side may echo marks its own way (TcpFastEcn:
    // each mark once, EcnMarksAsPrice; TcpSocketBase's receiver echoes until CWR, which a
    // FAST-ECN source would count as marks).
    if (hosts.sinkLocal)
    {
        Simulator::Schedule(TimeStep(1),
                            &TestbedBuilder::PrepareShortFlowSink,
                            hosts.packetSink,
                            spec.ecn ? congestion.Create<TcpCongestionOps>()
                                     : Ptr<TcpCongestionOps>());
    }
    m_network.classShortHosts[c].push_back(m_network.shortHosts.size());
    m_network.shortHosts.push_back(host);
}

void
TestbedBuilder::InstallPersistentFlow(std::size_t c,
                                      const Hosts& hosts,
                                      Time rtt,
                                      Time transmissionRtt)
{
    const NetworkDescription& d = m_network.description;
    const NetworkDescription::ClassSpec& spec = d.classes[c];
    TestbedNetwork::Flow flow;
    flow.classIndex = c;
    flow.source = hosts.source;
    flow.sink = hosts.sink;
    flow.packetSink = hosts.packetSink;
    flow.propagationRtt = rtt;
    flow.transmissionRtt = transmissionRtt;
    const ObjectFactory configured = NetworkDescription::GetTcpFactory(
        spec,
        NetworkDescription::GetSourceFields(spec, rtt + transmissionRtt, d.packetSize));
    flow.app = CreateObject<PersistentFlowApplication>();
    flow.app->SetAttribute("Remote", AddressValue(InetSocketAddress(hosts.dstAddress, SINK_PORT)));
    flow.congestion = configured.Create<TcpCongestionOps>();
    flow.app->SetCongestionControl(flow.congestion);
    flow.app->SetAttribute("UseEcn", BooleanValue(spec.ecn));
    flow.app->SetAttribute("SubPacket", BooleanValue(spec.subPacket));
    if (hosts.sourceLocal)
    {
        flow.source->AddApplication(flow.app);
    }
    ScheduleFlow(spec, flow, hosts, configured);
    m_network.classFlows[c].push_back(m_network.flows.size());
    m_network.flows.push_back(flow);
}

void
TestbedBuilder::ScheduleFlow(const NetworkDescription::ClassSpec& spec,
                             TestbedNetwork::Flow& flow,
                             const Hosts& hosts,
                             const ObjectFactory& configured)
{
    const Time start = spec.start + Seconds(m_jitter->GetValue(0, 1)) *
                                        m_network.description.startJitter.GetSeconds();
    if (m_earlyConnection)
    {
        flow.app->SetStartTime(Seconds(0));
        flow.app->SetAttribute("SendStart", TimeValue(start));
    }
    else
    {
        flow.app->SetStartTime(start);
    }
    if (spec.ecn && hosts.sinkLocal)
    {
        // The sink's listening socket exists once the sink has started (at 0): make it
        // ECN-capable and give it the class' congestion control, which the sockets it
        // accepts copy (TcpDualVegas in EcnMarks mode echoes marks per segment).
        Simulator::Schedule(TimeStep(1),
                            &TestbedBuilder::PrepareEcnSink,
                            flow.packetSink,
                            configured.Create<TcpCongestionOps>());
    }
    if (!spec.stop.IsZero())
    {
        // The flow leaves: the source stops, and its host's interface goes down, so that what
        // is still in its socket buffer (TCP sends it all before a FIN) stops loading the
        // network at once.
        flow.app->SetStopTime(spec.stop);
        if (hosts.sourceLocal)
        {
            Simulator::Schedule(spec.stop, &TestbedBuilder::Leave, flow.source);
        }
    }
    const AlgorithmTraits::Source& traits = AlgorithmTraits::GetSource(configured.GetTypeId());
    if (traits.companions)
    {
        traits.companions({flow.source,
                           flow.sink,
                           flow.congestion,
                           m_earlyConnection ? Seconds(0) : start,
                           spec.stop,
                           hosts.sourceLocal,
                           hosts.sinkLocal});
    }
}

void
TestbedBuilder::ScheduleEvents()
{
    // Events: changes of a link's delay or rates.
    const NetworkDescription& d = m_network.description;
    for (const NetworkDescription::EventSpec& e : d.events)
    {
        Simulator::Schedule(e.at,
                            &TestbedBuilder::ApplyEvent,
                            m_network.links[d.GetLinkIndex(e.link)].devices,
                            e);
    }
}

void
TestbedBuilder::ApplyEvent(NetDeviceContainer devices, const NetworkDescription::EventSpec& event)
{
    if (event.setDelay)
    {
        devices.Get(0)->GetChannel()->SetAttribute("Delay", TimeValue(event.delay));
    }
    if (event.rate.GetBitRate() != 0)
    {
        devices.Get(0)->SetAttribute("DataRate", DataRateValue(event.rate));
    }
    if (event.reverseRate.GetBitRate() != 0)
    {
        devices.Get(1)->SetAttribute("DataRate", DataRateValue(event.reverseRate));
    }
}

void
TestbedBuilder::Leave(Ptr<Node> host)
{
    host->GetObject<Ipv4>()->SetDown(1);
}

void
TestbedBuilder::PrepareEcnSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion)
{
    Ptr<TcpSocketBase> listening = DynamicCast<TcpSocketBase>(sink->GetListeningSocket());
    NS_ABORT_MSG_UNLESS(listening, "TestbedBuilder: the sink has no TCP listening socket");
    listening->SetAttribute("UseEcn", EnumValue(TcpSocketState::On));
    listening->SetCongestionControlAlgorithm(congestion);
}

void
TestbedBuilder::PrepareShortFlowSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion)
{
    Ptr<TcpSocketBase> listening = DynamicCast<TcpSocketBase>(sink->GetListeningSocket());
    NS_ABORT_MSG_UNLESS(listening, "TestbedBuilder: the sink has no TCP listening socket");
    if (congestion)
    {
        PrepareEcnSink(sink, congestion);
    }
    listening->ShutdownSend();
}

void
TestbedBuilder::SetWebLaws(Ptr<ShortFlowApplication> app,
                           const NetworkDescription::ClassSpec& spec,
                           uint32_t host,
                           int64_t stream)
{
    // The host's streams: arrivals (stream), sizes, embedded objects, active OFF, think times.
    const auto streamAt = [stream](int64_t k) { return stream >= 0 ? stream + k : -1; };
    // The class' sessions split evenly: the first connections % flows hosts one more.
    const uint32_t sessions =
        spec.connections / spec.flows + (host < spec.connections % spec.flows ? 1 : 0);
    app->SetAttribute("Sessions", UintegerValue(sessions));
    app->SetAttribute("EmbeddedObjectsVariable",
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
        weibull->SetAttribute("Scale",
                              DoubleValue(activeOff / std::tgamma(1 + 1 / spec.activeOffShape)));
        weibull->SetAttribute("Bound", DoubleValue(ShortFlowApplication::MAX_OFF_SECONDS));
        weibull->SetStream(streamAt(3)); // -1: automatic
        off = weibull;
    }
    app->SetAttribute("ActiveOffVariable", PointerValue(off));
    app->SetAttribute("ThinkTimeVariable", PointerValue(CreateThinkTime(spec, streamAt(4))));
}

Ptr<RandomVariableStream>
TestbedBuilder::CreateThinkTime(const NetworkDescription::ClassSpec& spec, int64_t stream)
{
    const double think = spec.think.GetSeconds();
    switch (spec.thinkDistribution)
    {
    case NetworkDescription::ThinkDistribution::PARETO:
        return CreatePareto(think, spec.thinkShape, stream, ShortFlowApplication::MAX_OFF_SECONDS);
    case NetworkDescription::ThinkDistribution::EXPONENTIAL: {
        Ptr<ExponentialRandomVariable> exponential = CreateObject<ExponentialRandomVariable>();
        exponential->SetAttribute("Mean", DoubleValue(think));
        exponential->SetAttribute("Bound", DoubleValue(ShortFlowApplication::MAX_OFF_SECONDS));
        if (stream >= 0)
        {
            exponential->SetStream(stream);
        }
        return exponential;
    }
    default:
        return CreateConstant(think, stream);
    }
}

Ptr<LognormalParetoRandomVariable>
TestbedBuilder::CreateLognormalPareto(const NetworkDescription::ClassSpec& spec,
                                      uint32_t segmentSize,
                                      int64_t stream)
{
    // The law's parameters are of bytes; the application draws segments: X / s has ln-mean
    // mu - ln s and its tail begins at cut / s.
    Ptr<LognormalParetoRandomVariable> law = CreateObject<LognormalParetoRandomVariable>();
    law->SetAttribute("Mu", DoubleValue(spec.lognormalMu - std::log(segmentSize)));
    law->SetAttribute("Sigma", DoubleValue(spec.lognormalSigma));
    law->SetAttribute("Cut", DoubleValue(spec.tailCut / segmentSize));
    law->SetAttribute("TailShape", DoubleValue(spec.tailShape));
    law->SetAttribute("Bound", DoubleValue(NetworkDescription::MAX_FLOW_SIZE));
    if (stream >= 0)
    {
        law->SetStream(stream);
    }
    return law;
}

void
TestbedBuilder::SetShortFlowLaws(Ptr<ShortFlowApplication> app,
                                 const NetworkDescription::ClassSpec& spec,
                                 uint32_t host,
                                 int64_t stream) const
{
    using Law = NetworkDescription::SizeDistribution;
    const int64_t sizeStream = stream >= 0 ? stream + 1 : -1;
    if (spec.traffic == NetworkDescription::Traffic::WEB)
    {
        SetWebLaws(app, spec, host, stream);
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
        const bool web = spec.traffic == NetworkDescription::Traffic::WEB;
        size =
            spec.paretoBound > 0
                ? CreatePareto(spec.meanSize, spec.paretoShape, sizeStream, spec.paretoBound, true)
                : CreatePareto(spec.meanSize,
                               spec.paretoShape,
                               sizeStream,
                               web ? NetworkDescription::MAX_FLOW_SIZE : 0);
    }
    else if (spec.sizeDistribution == Law::LOGNORMAL_PARETO)
    {
        size = CreateLognormalPareto(spec, m_network.description.GetSegmentSize(), sizeStream);
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
TestbedBuilder::CheckDistributable() const
{
    if (!DistributedRun::IsDistributed())
    {
        return;
    }
    const NetworkDescription& d = m_network.description;
    const std::string why = " is not distributed over MPI ranks yet; valid: one process";
    for (const NetworkDescription::LinkSpec& spec : d.links)
    {
        const uint32_t from = m_partition->GetRouterRank(spec.from);
        const uint32_t to = m_partition->GetRouterRank(spec.to);
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

} // namespace ns3
