/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETWORK_OBSERVER_H
#define NETWORK_OBSERVER_H

#include "duality-network.h"

#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/queue-disc.h"
#include "ns3/socket.h"
#include "ns3/tcp-congestion-ops.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Reads a network built with ns-3's own helpers, as the duality model needs it: its
 * directed links, its TCP flows, their routes and round trips, into a DualityNetwork.
 *
 * - Links: every PointToPointNetDevice of every node attached to a channel is one directed link,
 *   from its node to the node at the other end (named "<from>-><to>", with " #2", ... for
 *   parallel links), with the device's DataRate, the channel's Delay
 *   and the root queue disc of the device in the node's TrafficControlLayer (null if none).
 * - Flows: every BulkSendApplication and OnOffApplication whose socket exists (it is created
 *   when the application starts) and is connected; its socket must be a TcpSocketBase, whose
 *   CongestionOps attribute is the flow's congestion control (a socket of another kind, or a
 *   congestion control without registered AlgorithmTraits, is refused).
 * - Routes: asked of ns-3's routing hop by hop, as a packet would take them: the node's
 *   Ipv4RoutingProtocol::RouteOutput for the destination gives the output device, whose link
 *   gives the next node, until the node owning the destination (global routing, static routes
 *   or nix-vector routing alike). The data's route and the ACKs' (from the sink back).
 * - Packet sizes: a data packet is the socket's SegmentSize plus 40 bytes of IPv4 and TCP
 *   headers plus 12 bytes if the socket uses TCP timestamps (its Timestamp attribute, as
 *   negotiated), an ACK is 40 (+ 12) IPv4 bytes; on the wire each also carries the
 *   point-to-point (PPP) header, 2 bytes. The model's packet is the data packet on the wire.
 * - Round-trip propagation delay d of a flow: the channel delays of the data's route and of the
 *   ACKs' route, plus the transmission time of a data packet on each link of the first and of an
 *   ACK on each link of the second (what an RTT sample holds without queueing).
 *
 * Inputs that do not fit throw std::invalid_argument with what to change: a route that cannot be
 * resolved (no route, a device that is not point-to-point, a loop), a non-TCP socket, a
 * congestion control the model does not know, flows with different data packet sizes.
 */
class NetworkObserver
{
  public:
    /// IPv4 (20) + TCP (20) header bytes of every segment.
    static constexpr uint32_t TCP_IP_HEADER_BYTES = 40;
    /// TCP's timestamp option (10 bytes, padded to 12).
    static constexpr uint32_t TIMESTAMP_OPTION_BYTES = 12;
    /// The point-to-point (PPP) header on the wire, bytes.
    static constexpr uint32_t PPP_HEADER_BYTES = 2;

    /// One direction of a point-to-point channel.
    struct Link
    {
        std::string name;      //!< "<from>-><to>" (node names, or n<id>)
        Ptr<NetDevice> device; //!< the sending device
        Ptr<Node> from;        //!< its node
        Ptr<Node> to;          //!< the node at the other end
        DataRate rate;         //!< the device's DataRate
        Time delay;            //!< the channel's Delay
        Ptr<QueueDisc> disc;   //!< the device's root queue disc (null: none)
    };

    /// A TCP flow of an application.
    struct Flow
    {
        std::string name;                  //!< "<source address>:<port>-><sink address>:<port>"
        Ptr<Node> source;                  //!< the sending node
        Ptr<Node> sink;                    //!< the receiving node
        Ipv4Address sourceAddress;         //!< the socket's local address
        uint16_t sourcePort;               //!< its local port
        Ipv4Address sinkAddress;           //!< its peer's address
        uint16_t sinkPort;                 //!< its peer's port
        Ptr<TcpCongestionOps> congestion;  //!< the socket's congestion control
        uint32_t dataBytes;                //!< IPv4 bytes of a data packet
        uint32_t ackBytes;                 //!< IPv4 bytes of an ACK
        std::vector<std::size_t> route;    //!< the data's links (indices of GetLinks())
        std::vector<std::size_t> ackRoute; //!< the ACKs' links
        Time propagationRtt;               //!< round-trip propagation delay d
    };

    /// Read the links of every node (NodeList) now.
    void ReadLinks();

    /// Read the flows of the applications now (after ReadLinks(); sockets must exist).
    void ReadFlows();

    /// \return the links read
    const std::vector<Link>& GetLinks() const;

    /// \return the flows read
    const std::vector<Flow>& GetFlows() const;

    /**
     * \return the network for the duality model: the links some flow's data cross (in the
     *         order of GetLinks()), the flows (in the order of GetFlows()); empty before
     *         ReadFlows()
     */
    DualityNetwork GetNetwork() const;

    /**
     * \param name a link's name
     * \return its index in GetLinks(); throws std::invalid_argument if there is none
     */
    std::size_t GetLinkIndex(const std::string& name) const;

    /**
     * Follow ns-3's routing from \p from to the node owning \p destination.
     * \param from the first node
     * \param source the packets' source address
     * \param destination their destination address
     * \return the links crossed, in order (indices of GetLinks())
     */
    std::vector<std::size_t> ResolveRoute(Ptr<Node> from,
                                          Ipv4Address source,
                                          Ipv4Address destination) const;

    /**
     * \param node a node
     * \return its name (Names) or "n<id>"
     */
    static std::string GetNodeName(Ptr<Node> node);

    /**
     * \param address an IPv4 address
     * \return the node with an interface of that address (null: none)
     */
    static Ptr<Node> FindNode(Ipv4Address address);

  private:
    /**
     * Read one application's flow, if it has a connected socket.
     * \param socket the application's socket (null: not started, skipped)
     * \param what the application, for messages
     */
    void ReadFlow(Ptr<Socket> socket, const std::string& what);

    /**
     * \param flow a flow whose routes and sizes are known
     * \return its round-trip propagation delay d
     */
    Time GetPropagationRtt(const Flow& flow) const;

    std::vector<Link> m_links;                        //!< the links
    std::map<Ptr<NetDevice>, std::size_t> m_byDevice; //!< each link's index by its device
    std::vector<Flow> m_flows;                        //!< the flows
};

} // namespace ns3

#endif /* NETWORK_OBSERVER_H */
