/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef IPV4_FLAT_ROUTING_H
#define IPV4_FLAT_ROUTING_H

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ptr.h"

#include <unordered_map>
#include <unordered_set>

namespace ns3
{

class Ipv4;

/**
 * \ingroup dualcc
 *
 * \brief Unicast routing by exact destination address in a hash table: O(1) per hop.
 *
 * ns-3's global and static routing look routes up by a linear scan over the routing table,
 * which on a router of a dumbbell with one host pair per flow holds an entry per attached host:
 * the per-hop cost then grows with the number of flows. This protocol keeps host routes
 * (destination address -> output interface, gateway) in a hash table and a default route, and
 * decides local delivery by the strong end-system model (the destination must be an address of
 * the node). It is what the dualcc topology helpers install; they know every flow's path and
 * add the host routes with AddHostRoute(). It does no multicast and no broadcast forwarding.
 *
 * The Ipv4Route objects handed out are built once per table entry and shared: ns-3 treats the
 * routes returned by RouteOutput/RouteInput as read-only.
 */
class Ipv4FlatRouting : public Ipv4RoutingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    Ipv4FlatRouting();
    ~Ipv4FlatRouting() override;

    /**
     * Route packets to \p destination out of \p interface, to \p gateway.
     * \param destination a host address
     * \param interface the output interface index (of this node's Ipv4)
     * \param gateway the next hop (Ipv4Address::GetZero() if the destination is on the link)
     */
    void AddHostRoute(Ipv4Address destination, uint32_t interface, Ipv4Address gateway);

    /**
     * Route packets with no host route out of \p interface, to \p gateway.
     * \param interface the output interface index
     * \param gateway the next hop
     */
    void SetDefaultRoute(uint32_t interface, Ipv4Address gateway);

    /// \return the number of host routes
    std::size_t GetNHostRoutes() const;

    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;

    // RouteInput takes its callbacks by value in ns-3.37 and by const reference in later
    // releases; both signatures are declared, and the one the installed ns-3 declares virtual
    // overrides it.
    /// \copydoc Ipv4RoutingProtocol::RouteInput
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    UnicastForwardCallback ucb,
                    MulticastForwardCallback mcb,
                    LocalDeliverCallback lcb,
                    ErrorCallback ecb); // NOLINT(modernize-use-override)
    /// \copydoc Ipv4RoutingProtocol::RouteInput
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    const UnicastForwardCallback& ucb,
                    const MulticastForwardCallback& mcb,
                    const LocalDeliverCallback& lcb,
                    const ErrorCallback& ecb); // NOLINT(modernize-use-override)

    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

  private:
    /// A table entry.
    struct Entry
    {
        uint32_t interface;   //!< output interface
        Ipv4Address gateway;  //!< next hop
        Ptr<Ipv4Route> route; //!< the route handed out (built lazily, shared)
    };

    /// Hash of an Ipv4Address.
    struct AddressHash
    {
        /// \param a the address \return its hash
        std::size_t operator()(const Ipv4Address& a) const
        {
            return std::hash<uint32_t>()(a.Get());
        }
    };

    /// \return the entry for \p destination (the default route if none), or nullptr
    Entry* Lookup(Ipv4Address destination);
    /// \return the (shared) route of \p entry towards \p destination
    Ptr<Ipv4Route> RouteOf(Entry& entry, Ipv4Address destination);
    /// Common body of both RouteInput signatures.
    bool DoRouteInput(Ptr<const Packet> p,
                      const Ipv4Header& header,
                      Ptr<const NetDevice> idev,
                      const UnicastForwardCallback& ucb,
                      const LocalDeliverCallback& lcb,
                      const ErrorCallback& ecb);
    /// Rebuild the set of local addresses.
    void UpdateLocalAddresses();

    Ptr<Ipv4> m_ipv4;                                                 //!< the node's Ipv4
    std::unordered_map<Ipv4Address, Entry, AddressHash> m_hostRoutes; //!< host routes
    Entry m_default;                                                  //!< the default route
    bool m_hasDefault;                                                //!< is m_default set
    std::unordered_set<uint32_t> m_localAddresses; //!< addresses of this node (as uint32_t)
};

} // namespace ns3

#endif /* IPV4_FLAT_ROUTING_H */
