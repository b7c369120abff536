/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-observer.h"

#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/bulk-send-application.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/names.h"
#include "ns3/node-list.h"
#include "ns3/onoff-application.h"
#include "ns3/point-to-point-channel.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <set>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetworkObserver");

namespace
{
/// TCP's IP protocol number.
constexpr uint8_t TCP_PROTOCOL = 6;

/**
 * Throw std::invalid_argument with the observer's prefix.
 * \param message what is wrong and how to fix it
 */
[[noreturn]] void
Refuse(const std::string& message)
{
    throw std::invalid_argument("NetworkObserver: " + message);
}
} // namespace

std::string
NetworkObserver::GetNodeName(Ptr<Node> node)
{
    const std::string name = Names::FindName(node);
    return name.empty() ? "n" + std::to_string(node->GetId()) : name;
}

Ptr<Node>
NetworkObserver::FindNode(Ipv4Address address)
{
    for (uint32_t n = 0; n < NodeList::GetNNodes(); ++n)
    {
        Ptr<Node> node = NodeList::GetNode(n);
        Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
        if (ipv4 && ipv4->GetInterfaceForAddress(address) >= 0)
        {
            return node;
        }
    }
    return nullptr;
}

void
NetworkObserver::ReadLinks()
{
    NS_LOG_FUNCTION(this);
    m_links.clear();
    m_byDevice.clear();
    std::map<std::string, std::size_t> names; // links so far per "from->to"
    for (uint32_t n = 0; n < NodeList::GetNNodes(); ++n)
    {
        Ptr<Node> node = NodeList::GetNode(n);
        Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
        for (uint32_t i = 0; i < node->GetNDevices(); ++i)
        {
            Ptr<PointToPointNetDevice> device =
                DynamicCast<PointToPointNetDevice>(node->GetDevice(i));
            Ptr<PointToPointChannel> channel =
                device ? DynamicCast<PointToPointChannel>(device->GetChannel()) : nullptr;
            if (!channel || channel->GetNDevices() != 2)
            {
                continue;
            }
            Ptr<NetDevice> peer = channel->GetDevice(channel->GetDevice(0) == device ? 1 : 0);
            Link link;
            link.device = device;
            link.from = node;
            link.to = peer->GetNode();
            link.name = GetNodeName(node) + "->" + GetNodeName(link.to);
            // Parallel links between the same nodes: "a->b", "a->b #2", ...
            const std::size_t same = names[link.name]++;
            link.name += same ? " #" + std::to_string(same + 1) : "";
            DataRateValue rate;
            device->GetAttribute("DataRate", rate);
            link.rate = rate.Get();
            TimeValue delay;
            channel->GetAttribute("Delay", delay);
            link.delay = delay.Get();
            link.disc = tc ? tc->GetRootQueueDiscOnDevice(device) : nullptr;
            NS_LOG_DEBUG("link " << link.name << " " << link.rate << " " << link.delay.As(Time::MS)
                                 << (link.disc ? " " + link.disc->GetInstanceTypeId().GetName()
                                               : std::string(" no disc")));
            m_byDevice[device] = m_links.size();
            m_links.push_back(link);
        }
    }
}

std::vector<std::size_t>
NetworkObserver::ResolveRoute(Ptr<Node> from, Ipv4Address source, Ipv4Address destination) const
{
    NS_LOG_FUNCTION(this << from->GetId() << source << destination);
    std::vector<std::size_t> route;
    Ptr<Node> node = from;
    std::ostringstream where;
    where << "from " << GetNodeName(from) << " (" << source << ") to " << destination;
    while (node->GetObject<Ipv4>()->GetInterfaceForAddress(destination) < 0)
    {
        if (route.size() > NodeList::GetNNodes())
        {
            Refuse("the route " + where.str() + " loops; valid: routes without loops (check " +
                   "the static routes)");
        }
        Ipv4Header header;
        header.SetSource(source);
        header.SetDestination(destination);
        header.SetProtocol(TCP_PROTOCOL);
        Socket::SocketErrno error = Socket::ERROR_NOTERROR;
        Ptr<Ipv4RoutingProtocol> routing = node->GetObject<Ipv4>()->GetRoutingProtocol();
        Ptr<Ipv4Route> next =
            routing ? routing->RouteOutput(Create<Packet>(), header, nullptr, error) : nullptr;
        if (!next || error != Socket::ERROR_NOTERROR)
        {
            Refuse("no route at " + GetNodeName(node) + " on the way " + where.str() +
                   "; valid: routes to every sink (e.g. "
                   "Ipv4GlobalRoutingHelper::PopulateRoutingTables() after the addresses)");
        }
        auto link = m_byDevice.find(next->GetOutputDevice());
        if (link == m_byDevice.end())
        {
            Refuse("the route " + where.str() + " leaves " + GetNodeName(node) + " through a " +
                   next->GetOutputDevice()->GetInstanceTypeId().GetName() +
                   ", not a point-to-point link; valid: PointToPointNetDevice links only");
        }
        route.push_back(link->second);
        node = m_links[link->second].to;
    }
    return route;
}

void
NetworkObserver::ReadFlows()
{
    NS_LOG_FUNCTION(this);
    m_flows.clear();
    for (uint32_t n = 0; n < NodeList::GetNNodes(); ++n)
    {
        Ptr<Node> node = NodeList::GetNode(n);
        for (uint32_t a = 0; a < node->GetNApplications(); ++a)
        {
            Ptr<Application> app = node->GetApplication(a);
            const std::string what = app->GetInstanceTypeId().GetName() + " " + std::to_string(a) +
                                     " of " + GetNodeName(node);
            if (Ptr<BulkSendApplication> bulk = DynamicCast<BulkSendApplication>(app))
            {
                ReadFlow(bulk->GetSocket(), what);
            }
            else if (Ptr<OnOffApplication> onOff = DynamicCast<OnOffApplication>(app))
            {
                ReadFlow(onOff->GetSocket(), what);
            }
        }
    }
}

void
NetworkObserver::ReadFlow(Ptr<Socket> socket, const std::string& what)
{
    NS_LOG_FUNCTION(this << socket << what);
    if (!socket)
    {
        NS_LOG_LOGIC(what << " has no socket yet: not a flow");
        return;
    }
    Ptr<TcpSocketBase> tcp = DynamicCast<TcpSocketBase>(socket);
    if (!tcp)
    {
        Refuse(what + " sends over a " + socket->GetInstanceTypeId().GetName() +
               ", not TCP; valid: the duality model covers TCP flows only (use "
               "ns3::TcpSocketFactory, or leave such applications out)");
    }
    Address local;
    Address peer;
    if (tcp->GetSockName(local) != 0 || tcp->GetPeerName(peer) != 0 ||
        !InetSocketAddress::IsMatchingType(peer))
    {
        NS_LOG_LOGIC(what << " is not connected (IPv4): not a flow");
        return;
    }
    Flow flow;
    flow.source = tcp->GetNode();
    flow.sourceAddress = InetSocketAddress::ConvertFrom(local).GetIpv4();
    flow.sourcePort = InetSocketAddress::ConvertFrom(local).GetPort();
    flow.sinkAddress = InetSocketAddress::ConvertFrom(peer).GetIpv4();
    flow.sinkPort = InetSocketAddress::ConvertFrom(peer).GetPort();
    flow.sink = FindNode(flow.sinkAddress);
    std::ostringstream name;
    name << flow.sourceAddress << ":" << flow.sourcePort << "->" << flow.sinkAddress << ":"
         << flow.sinkPort;
    flow.name = name.str();
    if (!flow.sink)
    {
        Refuse(what + " sends to " + name.str() + ", an address no node has");
    }
    PointerValue congestion;
    tcp->GetAttribute("CongestionOps", congestion);
    flow.congestion = congestion.Get<TcpCongestionOps>();
    const TypeId tid = flow.congestion->GetInstanceTypeId();
    if (!AlgorithmTraits::HasSource(tid))
    {
        Refuse("flow " + flow.name + " (" + what + ") runs " + tid.GetName() +
               ", which has no duality model (no AlgorithmTraits); valid: a price-based "
               "congestion control such as ns3::TcpDualVegas, ns3::TcpVegas or ns3::TcpFast "
               "(ns3::TcpL4Protocol::SocketType)");
    }
    UintegerValue segmentSize;
    tcp->GetAttribute("SegmentSize", segmentSize);
    BooleanValue timestamp;
    tcp->GetAttribute("Timestamp", timestamp);
    const uint32_t options = timestamp.Get() ? TIMESTAMP_OPTION_BYTES : 0;
    flow.dataBytes = segmentSize.Get() + TCP_IP_HEADER_BYTES + options;
    flow.ackBytes = TCP_IP_HEADER_BYTES + options;
    flow.route = ResolveRoute(flow.source, flow.sourceAddress, flow.sinkAddress);
    flow.ackRoute = ResolveRoute(flow.sink, flow.sinkAddress, flow.sourceAddress);
    flow.propagationRtt = GetPropagationRtt(flow);
    NS_LOG_DEBUG("flow " << flow.name << " " << tid.GetName() << " d = "
                         << flow.propagationRtt.As(Time::MS) << " hops " << flow.route.size());
    m_flows.push_back(flow);
}

Time
NetworkObserver::GetPropagationRtt(const Flow& flow) const
{
    Time rtt;
    for (std::size_t l : flow.route)
    {
        rtt += m_links[l].delay +
               m_links[l].rate.CalculateBytesTxTime(flow.dataBytes + PPP_HEADER_BYTES);
    }
    for (std::size_t l : flow.ackRoute)
    {
        rtt += m_links[l].delay +
               m_links[l].rate.CalculateBytesTxTime(flow.ackBytes + PPP_HEADER_BYTES);
    }
    return rtt;
}

const std::vector<NetworkObserver::Link>&
NetworkObserver::GetLinks() const
{
    return m_links;
}

const std::vector<NetworkObserver::Flow>&
NetworkObserver::GetFlows() const
{
    return m_flows;
}

std::size_t
NetworkObserver::GetLinkIndex(const std::string& name) const
{
    for (std::size_t l = 0; l < m_links.size(); ++l)
    {
        if (m_links[l].name == name)
        {
            return l;
        }
    }
    Refuse("no link '" + name + "'; valid: \"<from>-><to>\" with node names or n<id>");
}

DualityNetwork
NetworkObserver::GetNetwork() const
{
    DualityNetwork network;
    std::set<std::size_t> used;
    for (const Flow& flow : m_flows)
    {
        used.insert(flow.route.begin(), flow.route.end());
        const uint32_t wire = flow.dataBytes + PPP_HEADER_BYTES;
        if (&flow != &m_flows.front() && wire != network.packetSize)
        {
            Refuse("flow " + flow.name + " sends " + std::to_string(wire) + "-byte packets, flow " +
                   m_flows.front().name + " " + std::to_string(network.packetSize) +
                   "; valid: one data packet size for all flows (the model counts packets: "
                   "the same ns3::TcpSocket::SegmentSize and Timestamp everywhere)");
        }
        network.packetSize = wire;
    }
    std::map<std::size_t, std::size_t> index; // GetLinks()' index -> the network's
    for (std::size_t l : used)
    {
        index[l] = network.links.size();
        network.links.push_back(
            {m_links[l].name, static_cast<double>(m_links[l].rate.GetBitRate()), m_links[l].disc});
    }
    for (const Flow& flow : m_flows)
    {
        DualityNetwork::Flow f;
        f.name = flow.name;
        for (std::size_t l : flow.route)
        {
            f.route.push_back(index[l]);
        }
        f.propagationDelay = flow.propagationRtt.GetSeconds();
        f.congestion = flow.congestion;
        f.fields.trueBaseRtt = flow.propagationRtt;
        f.fields.packetSize = network.packetSize;
        network.flows.push_back(f);
    }
    return network;
}

} // namespace ns3
