/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TESTBED_NETWORK_H
#define TESTBED_NETWORK_H

#include "network-description.h"

#include "ns3/data-rate.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/ptr.h"
#include "ns3/queue-disc.h"
#include "ns3/short-flow-application.h"
#include "ns3/tcp-congestion-ops.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief What TestbedBuilder built of a NetworkDescription: the routers, the link directions
 * with their devices and queue discs, the persistent flows and the hosts of short flows, and
 * per class the indices of its flows and hosts.
 *
 * TestbedBuilder fills it once (Install()); TestbedMonitor, TestbedModelBuilder and the report
 * only read it. It holds no measurement.
 */
struct TestbedNetwork
{
    /// Suffix of a link's reverse direction ("<link>:reverse").
    static constexpr const char* REVERSE_SUFFIX = ":reverse";

    /// A flow's pieces.
    struct Flow
    {
        std::size_t classIndex{0};          //!< its class
        Ptr<Node> source;                   //!< source host
        Ptr<Node> sink;                     //!< sink host
        Ptr<PersistentFlowApplication> app; //!< the source application
        Ptr<TcpCongestionOps> congestion;   //!< the source's congestion control
        Ptr<PacketSink> packetSink;         //!< the sink application
        Time propagationRtt;                //!< round-trip propagation delay
        Time transmissionRtt;               //!< transmission times of a packet and its ACK
    };

    /// A link direction's pieces.
    struct Link
    {
        std::string name;           //!< the link's name (reverse direction: "<name>:reverse")
        DataRate rate;              //!< capacity in this direction
        NetDeviceContainer devices; //!< sending and receiving ends
        Ptr<QueueDisc> queueDisc;   //!< queue disc at the sending end
        bool reverse{false};        //!< the reverse direction of a link
        std::size_t linkIndex{0};   //!< the link's index in the description
    };

    /// A host of short flows.
    struct ShortHost
    {
        Ptr<ShortFlowApplication> app; //!< the flows' source
        Ptr<PacketSink> packetSink;    //!< their sink
    };

    /// \param description the network to build (TestbedBuilder validates it)
    explicit TestbedNetwork(NetworkDescription description);

    /// \return the router nodes, in the order of NetworkDescription::GetRouters()
    NodeContainer GetRouters() const;
    /// \param link a link, or "<link>:reverse" \return the devices at its sending and receiving
    /// ends
    NetDeviceContainer GetLinkDevices(const std::string& link) const;
    /// \param link a link, or "<link>:reverse" \return its queue disc
    Ptr<QueueDisc> GetQueueDisc(const std::string& link) const;
    /// \param className a class name \return its flows' sources
    std::vector<Ptr<PersistentFlowApplication>> GetSources(const std::string& className) const;
    /// \param className a class of short flows \return its hosts' sources
    std::vector<Ptr<ShortFlowApplication>> GetShortFlowSources(const std::string& className) const;
    /// \param className a class \return its persistent flows' round-trip propagation delays
    std::vector<Time> GetPropagationRtts(const std::string& className) const;
    /// \param className a class name \return its index (aborts if there is none)
    std::size_t GetClassIndex(const std::string& className) const;
    /// \param name a link or "<link>:reverse" \return its index in links (aborts if none)
    std::size_t GetLinkDirection(const std::string& name) const;
    /// \param link a link direction \return whether the duality model has it (data crosses it)
    bool IsModelled(const Link& link) const;
    /// \param link a link direction \return its queue disc's capacity factor (AlgorithmTraits)
    static double GetCapacityFactor(const Link& link);
    /// Abort unless the network was built. \param what the caller, for the message
    void CheckInstalled(const std::string& what) const;

    NetworkDescription description; //!< the network described
    bool installed{false};          //!< TestbedBuilder::Install() done
    NodeContainer routers;          //!< routers, in the order of the description's routers
    /// link directions: the links, as in the description, then the reverse directions that
    /// have a queue disc
    std::vector<Link> links;
    std::vector<Flow> flows;                               //!< persistent flows
    std::vector<std::vector<std::size_t>> classFlows;      //!< flow indices per class
    std::vector<ShortHost> shortHosts;                     //!< short-flow hosts
    std::vector<std::vector<std::size_t>> classShortHosts; //!< short-flow hosts per class
};

} // namespace ns3

#endif /* TESTBED_NETWORK_H */
