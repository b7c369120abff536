/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_HELPER_H
#define MONACO_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/queue-disc-container.h"
#include "ns3/queue-size.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class Node;

/**
 * \ingroup dualcc
 *
 * \brief Installs what TcpMonaco needs besides the congestion control (Xia et al.,
 * "Accumulation-based Congestion Control", §IV-B), in ns-3's helper style: the control agents at
 * the ends of each flow, and the out-of-band priority queue in the routers.
 *
 * Agents. TcpMonaco's window moves only on feedback (TcpMonaco aborts, naming this helper, when
 * none has come FeedbackTimeout after the flow's first acknowledged data). Install() puts a
 * MonacoSenderAgent on the source host and a MonacoReceiverAgent on the sink host (one per sink
 * host, shared by every flow to it; an existing one is reused). The sender agent finds the flow's
 * TcpMonaco itself when the flow's first data packet leaves (its FindCongestionControl: the socket
 * of the node's TcpL4Protocol whose ports and peer are that packet's, and its CongestionOps), so
 * the flow may be made by any application (BulkSend, OnOff, PersistentFlowApplication) at any
 * time; the TcpMonaco's TargetAccumulation goes in the control packets. Typical use, after the
 * internet stack, the addresses and the applications:
 * \code
 *   Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpMonaco::GetTypeId()));
 *   ...
 *   MonacoHelper monaco;
 *   ApplicationContainer agents = monaco.Install(bulkSendApps); // each app's Remote is a sink
 *   monaco.InstallPriorityQueue(routerDevices);
 * \endcode
 * One Monaco flow per (source host, sink host) pair: the agents count every TCP byte between the
 * two hosts. The agents start at 0 and run to the end unless given other times (the returned
 * container's Start()/Stop()); the receiver must be running when the flow's first data packet
 * arrives.
 *
 * Priority queue. InstallPriorityQueue() installs a PriorityObQueueDisc (the OB control packets,
 * DSCP EF, ahead of the data) as the root queue disc of each device, replacing the one there (ns-3
 * installs a default when addresses are assigned), with the data band a child of
 * SetDataQueueDisc()'s type (AvdQueueDisc for AVD's in-band price; none: PriorityObQueueDisc's own
 * FIFO of its MaxSize); a data band with a LinkBandwidth attribute (a child disc does not see the
 * device) gets the device's DataRate unless SetDataQueueDiscAttribute() sets it. It also sets the
 * device's own transmit queue ("TxQueue") to SetDeviceQueueSize() (default 1 packet, as the
 * module's testbed): with ns-3's default of 100 packets under the disc, up to 100 packets wait in
 * the device's FIFO, where the OB has no priority and the data band's law does not see them (the
 * accumulation Monaco measures and AVD's virtual delay exclude them), so each link keeps a standing
 * queue of that size.
 *
 * The testbed (NetworkHelper, through AlgorithmTraits' companions of TcpMonaco, registered in
 * this helper's file) installs its agents with Install(Ptr<Node>, Ptr<Node>) too.
 *
 * Errors in the inputs (no node, a source application without an IPv4 Remote, an address no node
 * has, no traffic-control layer, unequal containers) throw std::invalid_argument.
 */
class MonacoHelper
{
  public:
    MonacoHelper();

    /**
     * Set an attribute of every MonacoSenderAgent installed from now on (e.g. "InitialRto").
     * FindCongestionControl is always true; Port follows the receiver agent's.
     * \param name the attribute's name
     * \param value its value
     */
    void SetSenderAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Set an attribute of every MonacoReceiverAgent installed from now on (e.g. "RateGain",
     * "Port").
     * \param name the attribute's name
     * \param value its value
     */
    void SetReceiverAttribute(const std::string& name, const AttributeValue& value);

    /**
     * The agents of the flows from \p source to \p sink (its address on interface 1, as
     * MonacoSenderAgent::SetPeer).
     * \param source the source host (where the flows' sockets are)
     * \param sink the sink host
     * \return the sender agent, then the receiver agent if one was created (the sink had none)
     */
    ApplicationContainer Install(Ptr<Node> source, Ptr<Node> sink) const;

    /**
     * The receiver side of Install(Ptr<Node>, Ptr<Node>) alone: a MonacoReceiverAgent on \p sink
     * unless it has one. With ns-3's MPI (a network split over ranks) install each side on the
     * rank that simulates its node: InstallReceiver() where the sink is local, InstallSender()
     * where the source is (an application on another rank's node would run on this one).
     * \param sink the sink host
     * \return the receiver agent if one was created, else empty
     */
    ApplicationContainer InstallReceiver(Ptr<Node> sink) const;

    /**
     * The sender side of Install(Ptr<Node>, Ptr<Node>) alone: a MonacoSenderAgent on \p source
     * for the flows to \p sink, on the port of \p sink's receiver agent (or, if \p sink has none
     * here, as on another MPI rank, the port SetReceiverAttribute() gives the receivers).
     * \param source the source host
     * \param sink the sink host
     * \return the sender agent
     */
    ApplicationContainer InstallSender(Ptr<Node> source, Ptr<Node> sink) const;

    /**
     * The agents of the flows from sources.Get(i) to sinks.Get(i), for each i.
     * \param sources the source hosts
     * \param sinks the sink hosts (as many)
     * \return the agents created
     */
    ApplicationContainer Install(const NodeContainer& sources, const NodeContainer& sinks) const;

    /**
     * The agents of the flows of TCP source applications: each application's node is the
     * source, and the node owning the IPv4 address of its "Remote" attribute (BulkSendApplication,
     * OnOffApplication, PersistentFlowApplication) the sink.
     * \param sourceApps the source applications
     * \return the agents created
     */
    ApplicationContainer Install(const ApplicationContainer& sourceApps) const;

    /**
     * Set an attribute of every PriorityObQueueDisc installed from now on (e.g. "MaxSize",
     * which sizes the default FIFO data band, or "ControlLimit").
     * \param name the attribute's name
     * \param value its value
     */
    void SetPriorityQueueAttribute(const std::string& name, const AttributeValue& value);

    /**
     * The data band's queue disc (e.g. "ns3::AvdQueueDisc", "ns3::FifoQueueDisc"); empty (the
     * default): PriorityObQueueDisc's own FIFO.
     * \param type a QueueDisc's TypeId name
     */
    void SetDataQueueDisc(const std::string& type);

    /**
     * Set an attribute of the data band's queue disc (after SetDataQueueDisc()).
     * \param name the attribute's name
     * \param value its value
     */
    void SetDataQueueDiscAttribute(const std::string& name, const AttributeValue& value);

    /**
     * The size of the device transmit queue under the disc (default 1 packet); zero packets:
     * leave the device's queue as it is.
     * \param size the size
     */
    void SetDeviceQueueSize(QueueSize size);

    /**
     * Install the priority queue as the root queue disc of each device.
     * \param devices the devices (router or host ports whose output Monaco's packets cross)
     * \return the root queue discs, one per device
     */
    QueueDiscContainer InstallPriorityQueue(const NetDeviceContainer& devices) const;

  private:
    ObjectFactory m_sender;   //!< MonacoSenderAgent
    ObjectFactory m_receiver; //!< MonacoReceiverAgent
    /// PriorityObQueueDisc's attributes
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_priorityAttributes;
    std::string m_dataType; //!< the data band's TypeId name (empty: the default FIFO)
    /// the data band's attributes
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_dataAttributes;
    QueueSize m_deviceQueue; //!< the device queue's size (0 packets: unchanged)
};

} // namespace ns3

#endif /* MONACO_HELPER_H */
