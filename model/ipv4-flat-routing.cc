/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ipv4-flat-routing.h"

#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/packet.h"

#include <iomanip>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ipv4FlatRouting");
NS_OBJECT_ENSURE_REGISTERED(Ipv4FlatRouting);

TypeId
Ipv4FlatRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Ipv4FlatRouting")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("Dualcc")
                            .AddConstructor<Ipv4FlatRouting>();
    return tid;
}

Ipv4FlatRouting::Ipv4FlatRouting()
    : m_default{0, Ipv4Address(), nullptr},
      m_hasDefault(false)
{
    NS_LOG_FUNCTION(this);
}

Ipv4FlatRouting::~Ipv4FlatRouting()
{
    NS_LOG_FUNCTION(this);
}

void
Ipv4FlatRouting::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_hostRoutes.clear();
    m_default.route = nullptr;
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

void
Ipv4FlatRouting::AddHostRoute(Ipv4Address destination, uint32_t interface, Ipv4Address gateway)
{
    NS_LOG_FUNCTION(this << destination << interface << gateway);
    NS_ABORT_MSG_IF(!m_ipv4,
                    "Ipv4FlatRouting::AddHostRoute: the protocol is not attached to a node");
    NS_ABORT_MSG_IF(interface >= m_ipv4->GetNInterfaces(),
                    "Ipv4FlatRouting::AddHostRoute: interface " << interface << " does not exist");
    m_hostRoutes[destination] = Entry{interface, gateway, nullptr};
}

void
Ipv4FlatRouting::SetDefaultRoute(uint32_t interface, Ipv4Address gateway)
{
    NS_LOG_FUNCTION(this << interface << gateway);
    NS_ABORT_MSG_IF(!m_ipv4, "Ipv4FlatRouting::SetDefaultRoute: not attached to a node");
    NS_ABORT_MSG_IF(interface >= m_ipv4->GetNInterfaces(),
                    "Ipv4FlatRouting::SetDefaultRoute: interface "
                        << interface << " does not exist");
    m_default = Entry{interface, gateway, nullptr};
    m_hasDefault = true;
}

std::size_t
Ipv4FlatRouting::GetNHostRoutes() const
{
    return m_hostRoutes.size();
}

Ipv4FlatRouting::Entry*
Ipv4FlatRouting::Lookup(Ipv4Address destination)
{
    auto it = m_hostRoutes.find(destination);
    if (it != m_hostRoutes.end())
    {
        return &it->second;
    }
    if (!m_hasDefault)
    {
        return nullptr;
    }
    // Remember the destination, so that its route object is built once.
    return &(m_hostRoutes[destination] = Entry{m_default.interface, m_default.gateway, nullptr});
}

Ptr<Ipv4Route>
Ipv4FlatRouting::RouteOf(Entry& entry, Ipv4Address destination)
{
    if (!entry.route)
    {
        entry.route = Create<Ipv4Route>();
        entry.route->SetDestination(destination);
        entry.route->SetGateway(entry.gateway);
        entry.route->SetSource(m_ipv4->GetAddress(entry.interface, 0).GetLocal());
        entry.route->SetOutputDevice(m_ipv4->GetNetDevice(entry.interface));
    }
    return entry.route;
}

Ptr<Ipv4Route>
Ipv4FlatRouting::RouteOutput(Ptr<Packet> p,
                             const Ipv4Header& header,
                             Ptr<NetDevice> oif,
                             Socket::SocketErrno& sockerr)
{
    NS_LOG_FUNCTION(this << header.GetDestination() << oif);
    Entry* entry = Lookup(header.GetDestination());
    if (!entry || (oif && m_ipv4->GetNetDevice(entry->interface) != oif))
    {
        NS_LOG_LOGIC("no route to " << header.GetDestination());
        sockerr = Socket::ERROR_NOROUTETOHOST;
        return nullptr;
    }
    sockerr = Socket::ERROR_NOTERROR;
    return RouteOf(*entry, header.GetDestination());
}

bool
Ipv4FlatRouting::RouteInput(Ptr<const Packet> p,
                            const Ipv4Header& header,
                            Ptr<const NetDevice> idev,
                            UnicastForwardCallback ucb,
                            MulticastForwardCallback mcb,
                            LocalDeliverCallback lcb,
                            ErrorCallback ecb)
{
    return DoRouteInput(p, header, idev, ucb, lcb, ecb);
}

bool
Ipv4FlatRouting::RouteInput(Ptr<const Packet> p,
                            const Ipv4Header& header,
                            Ptr<const NetDevice> idev,
                            const UnicastForwardCallback& ucb,
                            const MulticastForwardCallback& mcb,
                            const LocalDeliverCallback& lcb,
                            const ErrorCallback& ecb)
{
    return DoRouteInput(p, header, idev, ucb, lcb, ecb);
}

bool
Ipv4FlatRouting::DoRouteInput(Ptr<const Packet> p,
                              const Ipv4Header& header,
                              Ptr<const NetDevice> idev,
                              const UnicastForwardCallback& ucb,
                              const LocalDeliverCallback& lcb,
                              const ErrorCallback& ecb)
{
    NS_LOG_FUNCTION(this << p << header.GetDestination() << idev);
    const Ipv4Address destination = header.GetDestination();
    const uint32_t iif = m_ipv4->GetInterfaceForDevice(idev);
    if (m_localAddresses.count(destination.Get()) != 0 || destination.IsBroadcast())
    {
        if (!lcb.IsNull())
        {
            lcb(p, header, iif);
            return true;
        }
        return false;
    }
    if (destination.IsMulticast())
    {
        return false;
    }
    if (!m_ipv4->IsForwarding(iif))
    {
        ecb(p, header, Socket::ERROR_NOROUTETOHOST);
        return true;
    }
    Entry* entry = Lookup(destination);
    if (!entry)
    {
        NS_LOG_LOGIC("no route to " << destination);
        return false;
    }
    ucb(RouteOf(*entry, destination), p, header);
    return true;
}

void
Ipv4FlatRouting::UpdateLocalAddresses()
{
    m_localAddresses.clear();
    if (!m_ipv4)
    {
        return;
    }
    for (uint32_t i = 0; i < m_ipv4->GetNInterfaces(); ++i)
    {
        for (uint32_t j = 0; j < m_ipv4->GetNAddresses(i); ++j)
        {
            m_localAddresses.insert(m_ipv4->GetAddress(i, j).GetLocal().Get());
        }
    }
}

void
Ipv4FlatRouting::NotifyInterfaceUp(uint32_t interface)
{
    UpdateLocalAddresses();
}

void
Ipv4FlatRouting::NotifyInterfaceDown(uint32_t interface)
{
    UpdateLocalAddresses();
}

void
Ipv4FlatRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    m_localAddresses.insert(address.GetLocal().Get());
}

void
Ipv4FlatRouting::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    UpdateLocalAddresses();
}

void
Ipv4FlatRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_LOG_FUNCTION(this << ipv4);
    m_ipv4 = ipv4;
    UpdateLocalAddresses();
}

void
Ipv4FlatRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    std::ostream& os = *stream->GetStream();
    os << "Ipv4FlatRouting: node " << (m_ipv4 ? m_ipv4->GetObject<Node>()->GetId() : 0) << ", "
       << m_hostRoutes.size() << " host routes\n";
    os << std::left << std::setw(16) << "Destination" << std::setw(16) << "Gateway"
       << "Interface\n";
    for (const auto& [destination, entry] : m_hostRoutes)
    {
        std::ostringstream d;
        std::ostringstream g;
        d << destination;
        g << entry.gateway;
        os << std::setw(16) << d.str() << std::setw(16) << g.str() << entry.interface << '\n';
    }
    if (m_hasDefault)
    {
        std::ostringstream g;
        g << m_default.gateway;
        os << std::setw(16) << "default" << std::setw(16) << g.str() << m_default.interface << '\n';
    }
}

} // namespace ns3
