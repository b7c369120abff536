/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TESTBED_BUILDER_H
#define TESTBED_BUILDER_H

#include "network-description.h"
#include "rank-partition.h"
#include "testbed-network.h"

#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class InternetStackHelper;
class Ipv4SubnetAllocator;
class LognormalParetoRandomVariable;
class NetDevice;
class NetDeviceContainer;
class Node;
class PacketSink;
class QueueDisc;
class RandomVariableStream;
class ShortFlowApplication;
class TcpCongestionOps;
class UniformRandomVariable;

/**
 * \ingroup dualcc
 *
 * \brief Builds a NetworkDescription as an ns-3 network (Install()) into a TestbedNetwork,
 * which the testbed's other parts (TestbedMonitor, the model builder, the report) read.
 *
 * What it builds:
 * - a node per router and, per flow, a source host and a sink host with their own access links
 *   (point-to-point, AccessRate; delays as NetworkDescription explains; with an accessJitter
 *   the source's a JitterPointToPointChannel);
 * - per link a point-to-point link; the queue disc of the description (FIFO by default) at the
 *   sending router, with the link's buffer, over a device queue of one packet, so that the
 *   backlog is in the queue disc; access links and the reverse direction have no queue disc
 *   and a device queue large enough never to drop;
 * - IPv4 with Ipv4FlatRouting: host routes in a hash table at every router, computed from the
 *   classes' routes, so that per-hop cost does not grow with the number of flows;
 * - per flow a PersistentFlowApplication with its own congestion-control object (the class' TCP
 *   type, configured by its AlgorithmTraits) and a PacketSink; per host of short flows or web
 *   sessions a ShortFlowApplication and a PacketSink;
 * - the description's events (`at <T> link ...`), scheduled.
 *
 * It sets no global default: the TCP defaults (TcpDefaults) are applied by whoever runs the
 * network, before Install(). The random variables (start jitter, RTT draws) are created by the
 * constructor, so that their automatic streams are taken when the testbed is made.
 */
class TestbedBuilder
{
  public:
    /**
     * \param network where to build (its description is validated); read by the other parts
     */
    explicit TestbedBuilder(TestbedNetwork& network);
    ~TestbedBuilder();

    /**
     * Open every flow's connection at time 0 and let it send from its class' start (default:
     * false, the connection opens at the start); see NetworkHelper::SetEarlyConnection().
     * \param early true: connect at time 0 (PersistentFlowApplication SendStart = start)
     */
    void SetEarlyConnection(bool early);

    /**
     * Fix the random streams: the start jitter's, the RTT draws' (if a class has an RTT
     * range of persistent or short flows), SHORT_HOST_STREAMS per short-flow host (arrivals and
     * sizes) and WEB_HOST_STREAMS per web host, the hosts in class order, then, with an
     * accessJitter, one per source access link (JitterPointToPointChannel), in class and flow
     * order; and, once the queue discs exist (Install()), the discs' that draw random numbers
     * (RED, PIE, PI, REM: one each), through their link traits
     * (AlgorithmTraits::Link::assignStreams), in the order of TestbedNetwork::links (the links,
     * then the reverse directions).
     * \param stream first stream index of the network's streams
     * \param discStream first stream index of the queue discs' (-1: right after the network's,
     *        stream + the value returned); a caller that numbers streams of its own after the
     *        network's leaves room for the discs' (GetQueueDiscStreams() after Install())
     * \return the number of the network's streams (1 without RTT ranges and short flows)
     */
    int64_t AssignStreams(int64_t stream, int64_t discStream = -1);
    /// \return the number of streams the queue discs took (after Install(); 0 without
    /// AssignStreams() or random discs)
    int64_t GetQueueDiscStreams() const;
    /// Random streams of a short-flow host: arrivals and sizes.
    static constexpr int64_t SHORT_HOST_STREAMS = 2;
    /// Random streams of a web host: arrivals (unused), sizes, embedded objects, active OFF and
    /// think times.
    static constexpr int64_t WEB_HOST_STREAMS = 5;

    /// Build the network and schedule its flows' and links' events (once).
    void Install();

    /**
     * Create a queue disc with its children and filters.
     * \param spec the queue disc
     * \return it
     */
    static Ptr<QueueDisc> CreateQueueDisc(const NetworkDescription::QueueDiscSpec& spec);
    /**
     * Install a root queue disc on a device, over a one-packet device queue.
     * \param device the sending end
     * \param spec the queue disc
     * \param bufferPackets the limit of a plain root (0: unlimited)
     * \return the root
     */
    static Ptr<QueueDisc> InstallQueueDisc(Ptr<NetDevice> device,
                                           const NetworkDescription::QueueDiscSpec& spec,
                                           uint32_t bufferPackets);

    /**
     * \param spec a class with sizeDistribution=lognormal-pareto (its parameters of bytes)
     * \param segmentSize the bytes of a segment: the law is drawn in segments
     * \param stream its stream (-1: automatic)
     * \return the law of its sizes in segments, drawn again above MAX_FLOW_SIZE
     */
    static Ptr<LognormalParetoRandomVariable> CreateLognormalPareto(
        const NetworkDescription::ClassSpec& spec,
        uint32_t segmentSize,
        int64_t stream);
    /**
     * \param spec a web class \param stream the think times' stream (-1: automatic)
     * \return its think time in seconds: fixed, Pareto (bounded at
     *         ShortFlowApplication::MAX_OFF_SECONDS) or exponential (the same bound)
     */
    static Ptr<RandomVariableStream> CreateThinkTime(const NetworkDescription::ClassSpec& spec,
                                                     int64_t stream);

  private:
    /// The two ends of a link: interfaces and addresses.
    struct LinkEnds
    {
        uint32_t fromInterface;  //!< interface at the sending router
        uint32_t toInterface;    //!< interface at the receiving router
        Ipv4Address fromAddress; //!< address at the sending router
        Ipv4Address toAddress;   //!< address at the receiving router
    };

    /// A flow's hosts, their addresses and its sink.
    struct Hosts
    {
        Ptr<Node> source;           //!< source host
        Ptr<Node> sink;             //!< sink host
        Ipv4Address srcAddress;     //!< the source host's address
        Ipv4Address dstAddress;     //!< the sink host's address
        bool sourceLocal{true};     //!< the source host is simulated by this rank
        bool sinkLocal{true};       //!< the sink host is simulated by this rank
        Ptr<PacketSink> packetSink; //!< the sink application
    };

    /// Create the routers, each on its rank, with their IPv4 stacks.
    void InstallRouters();
    /// Create the links, their queue discs and addresses (the reverse directions last).
    void InstallLinks();
    /// Fix the queue discs' streams from AssignStreams()' discStream (nothing without it).
    void AssignQueueDiscStreams();
    /**
     * Create a link's reverse direction with a queue disc, if it needs one.
     * \param spec the link
     * \param link its forward direction
     * \param reverse where the reverse directions go
     */
    void InstallReverse(const NetworkDescription::LinkSpec& spec,
                        const TestbedNetwork::Link& link,
                        std::vector<TestbedNetwork::Link>& reverse);
    /// Create a class' flows or hosts. \param c the class index
    void InstallClass(std::size_t c);
    /**
     * \param spec a class \param i a flow of it
     * \return the flow's round-trip propagation delay
     */
    Time DrawRtt(const NetworkDescription::ClassSpec& spec, uint32_t i);
    /**
     * Create a flow's hosts, each on its rank (m_partition), their access links and routes.
     * \param c the class index \param i the flow \param rtt its round-trip propagation delay
     * \return the hosts
     */
    Hosts CreateHosts(std::size_t c, uint32_t i, Time rtt);
    /**
     * With the description's accessJitter, move a source's access link to a
     * JitterPointToPointChannel jittering the source's transmissions (the data direction).
     * \param source the source host's device
     */
    void AddAccessJitter(Ptr<NetDevice> source);
    /**
     * Add a flow's host routes at every router of its path.
     * \param spec the class \param hosts the flow's hosts
     * \param r0Interface, r0Address the first router's interface and address toward the source
     * \param rkInterface, rkAddress the last router's interface and address toward the sink
     */
    void AddRoutes(const NetworkDescription::ClassSpec& spec,
                   const Hosts& hosts,
                   uint32_t r0Interface,
                   Ipv4Address r0Address,
                   uint32_t rkInterface,
                   Ipv4Address rkAddress);
    /// Install (or, for another rank's host, only make) a flow's sink. \param hosts the hosts
    void InstallSink(Hosts& hosts);
    /**
     * Install a host of short flows or web sessions.
     * \param c the class \param i the host's index in it \param hosts its hosts
     * \param congestion the class' congestion control
     */
    void InstallShortHost(std::size_t c,
                          uint32_t i,
                          const Hosts& hosts,
                          const ObjectFactory& congestion);
    /**
     * Install a persistent flow.
     * \param c the class \param hosts its hosts \param rtt its round-trip propagation delay
     * \param transmissionRtt its path's transmission times
     */
    void InstallPersistentFlow(std::size_t c, const Hosts& hosts, Time rtt, Time transmissionRtt);
    /**
     * Start, stop and the agents beside TCP of a persistent flow.
     * \param spec its class \param flow the flow \param hosts its hosts
     * \param configured its congestion control's factory
     */
    void ScheduleFlow(const NetworkDescription::ClassSpec& spec,
                      TestbedNetwork::Flow& flow,
                      const Hosts& hosts,
                      const ObjectFactory& configured);
    /// Schedule the description's events.
    void ScheduleEvents();

    /**
     * Give a short-flow source its flow sizes and, for web sessions, its sessions, embedded
     * objects, active OFF and think times.
     * \param app the source
     * \param spec its class
     * \param host the host's index in its class
     * \param stream its first stream (arrivals; -1: automatic streams)
     */
    void SetShortFlowLaws(Ptr<ShortFlowApplication> app,
                          const NetworkDescription::ClassSpec& spec,
                          uint32_t host,
                          int64_t stream) const;
    /**
     * Give a web host its sessions, embedded objects, active OFF and think times.
     * \param app the source \param spec its class \param host the host's index in its class
     * \param stream its first stream (-1: automatic streams)
     */
    static void SetWebLaws(Ptr<ShortFlowApplication> app,
                           const NetworkDescription::ClassSpec& spec,
                           uint32_t host,
                           int64_t stream);
    /// A flow leaves: its host's interface goes down. \param host the source host
    static void Leave(Ptr<Node> host);
    /**
     * Apply an event. \param devices the link's devices (sending end first)
     * \param event the event
     */
    static void ApplyEvent(NetDeviceContainer devices, const NetworkDescription::EventSpec& event);
    /**
     * Make an ECN class' sink accept ECN and run the class' congestion control.
     * \param sink the sink (started)
     * \param congestion a congestion-control object for its listening socket
     */
    static void PrepareEcnSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion);
    /**
     * Make a short-flow sink's listening socket ECN-capable with the class' congestion control
     * (if \p congestion, as PrepareEcnSink()) and close with its peers: the sockets it accepts
     * copy ShutdownSend, so that when a flow's FIN arrives they close at once (FIN, LAST_ACK,
     * CLOSED) instead of waiting in CLOSE_WAIT for PacketSink, which never closes, and a busy
     * class does not pile up sockets.
     * \param sink the sink
     * \param congestion the class' congestion control if it is ECN-capable, else null
     */
    static void PrepareShortFlowSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion);
    /**
     * With two or more MPI ranks (DistributedRun), refuse what the testbed does not
     * distribute: a link between ranks without propagation delay (ns-3's lookahead) or whose
     * delay an event changes. Nothing without MPI. (Agents beside TCP, AlgorithmTraits
     * companions, are installed on the ranks of their hosts: AlgorithmTraits::Flow says which
     * are local; hosts leave their routers' ranks only over access links that keep the
     * lookahead, RankPartition.) Throws std::invalid_argument naming the line and what is valid.
     */
    void CheckDistributable() const;

    TestbedNetwork& m_network;                      //!< what is built
    bool m_earlyConnection{false};                  //!< connect at 0, send from the start
    Ptr<UniformRandomVariable> m_jitter;            //!< start jitter
    Ptr<UniformRandomVariable> m_rtt;               //!< RTTs of classes with a range
    int64_t m_shortStream{-1};                      //!< first short-flow stream (-1: auto)
    int64_t m_shortStreamsUsed{0};                  //!< short-flow streams handed out so far
    int64_t m_discStream{-1};                       //!< first queue-disc stream (-1: auto)
    int64_t m_discStreamsUsed{0};                   //!< queue-disc streams handed out
    int64_t m_accessJitterStream{-1};               //!< next access jitter stream (-1: auto)
    std::unique_ptr<InternetStackHelper> m_stack;   //!< the hosts' and routers' IPv4 stack
    std::unique_ptr<Ipv4SubnetAllocator> m_subnets; //!< the links' subnets
    std::map<std::string, Ptr<Node>> m_router;      //!< routers by name
    std::unique_ptr<RankPartition> m_partition;     //!< each node's MPI rank
    std::vector<LinkEnds> m_ends;                   //!< per link (description order) its ends
};

} // namespace ns3

#endif /* TESTBED_BUILDER_H */
