/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_RECEIVER_AGENT_H
#define MONACO_RECEIVER_AGENT_H

#include "monaco-estimator.h"
#include "monaco-header.h"

#include "ns3/application.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>

namespace ns3
{

class Ipv4;
class Packet;
class Socket;

/**
 * \ingroup dualcc
 *
 * \brief Monaco's egress node (Xia et al., §IV-B.1), on a flow's sink host: it measures the
 * accumulation of every flow that sends to this host and answers each control pair.
 *
 * It counts the IPv4 bytes of the TCP packets the host receives, per source address, through the
 * node's Ipv4L3Protocol "Rx" trace (one MonacoEstimator per source address), and listens on a
 * UDP socket bound to Port for the forward control packets (MonacoHeader after the UDP header;
 * invalid ones are dropped and logged). A forward OB gives the estimator the sequence number and
 * the sender's target a* (its accumulation field); a forward IB of the same sequence number is
 * answered at once with a reverse OB (same sequence number, flag, â rounded to a byte, x̄,
 * ftt_q) sent with IP TOS 0xB8 (DSCP EF) to the address and port the IB came from.
 *
 * Symptom of a path without the priority band (monaco-design.md §6): the OB then queues with the
 * data, ftt_q and â stay near 0, the flag always says increase, and the flow grows until loss.
 * The agent logs one NS_LOG_WARN the first time it reports a loss for a flow whose last
 * NO_PRIORITY_PAIRS answered pairs all measured â below one data packet (the largest seen).
 */
class MonacoReceiverAgent : public Application
{
  public:
    /// Answered pairs with â below one packet before a loss that make the agent warn.
    static constexpr uint32_t NO_PRIORITY_PAIRS = 4;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MonacoReceiverAgent();
    ~MonacoReceiverAgent() override;

    /**
     * Signature of the Accumulation and EgressRate traces.
     * \param value â (bytes) or x̄ (bytes/s)
     */
    typedef void (*ValueTracedCallback)(double value);

    /**
     * Signature of the CountedAccumulation trace.
     * \param bytes data bytes that arrived between OB(n) and IB(n)
     */
    typedef void (*BytesTracedCallback)(uint64_t bytes);

    /**
     * Signature of the Feedback trace.
     * \param sequence the answered sequence number
     * \param flag the verdict sent back
     */
    typedef void (*FeedbackTracedCallback)(uint32_t sequence, MonacoHeader::Flag flag);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// What the agent keeps per source address.
    struct Flow
    {
        MonacoEstimator estimator;    //!< the flow's estimator
        uint32_t pairsBelowPacket{0}; //!< consecutive answered pairs with â below one packet
    };

    /**
     * \param source a source address
     * \return its flow state (created with RateGain at the first packet)
     */
    Flow& GetFlow(Ipv4Address source);

    /**
     * Trace sink of the node's Ipv4L3Protocol "Rx": counts TCP packets per source address.
     * \param packet the packet, with its IPv4 header
     * \param ipv4 the IPv4 protocol
     * \param interface the interface index
     */
    void OnIpv4Rx(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface);

    /**
     * Socket callback: control packets to read.
     * \param socket the socket
     */
    void OnReceive(Ptr<Socket> socket);

    /**
     * Handle a forward IB: estimate and, if OB(n) was seen, answer.
     * \param header the IB
     * \param from the sender agent's address (InetSocketAddress)
     */
    void HandleIb(const MonacoHeader& header, const Address& from);

    uint16_t m_port;                     //!< the UDP port
    double m_rateGain;                   //!< g of every flow's estimator
    Ptr<Socket> m_socket;                //!< the control socket
    std::map<Ipv4Address, Flow> m_flows; //!< per source address
    bool m_traceConnected{false};        //!< the Rx trace sink is connected
    bool m_warnedNoPriority{false};      //!< the no-priority warning was logged

    TracedCallback<double> m_accumulationTrace;                   //!< â, bytes, per answer
    TracedCallback<Time> m_forwardQueueingTrace;                  //!< ftt_q, per answer
    TracedCallback<double> m_egressRateTrace;                     //!< x̄, bytes/s, per answer
    TracedCallback<uint64_t> m_countedAccumulationTrace;          //!< counted accumulation, bytes
    TracedCallback<uint32_t, MonacoHeader::Flag> m_feedbackTrace; //!< (sequence, flag)
};

} // namespace ns3

#endif /* MONACO_RECEIVER_AGENT_H */
