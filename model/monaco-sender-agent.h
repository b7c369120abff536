/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_SENDER_AGENT_H
#define MONACO_SENDER_AGENT_H

#include "monaco-feedback.h"

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{

class Ipv4;
class Node;
class Packet;
class RttMeanDeviation;
class Socket;
class TcpHeader;

/**
 * \ingroup dualcc
 *
 * \brief Monaco's ingress node (Xia et al., §IV-B.1), on a flow's source host: it emits the
 * control pairs and hands each answer to the flow's congestion control.
 *
 * It counts the flow's data, the IPv4 bytes of the TCP packets the host sends to Remote, in the
 * node's Ipv4L3Protocol "Tx" trace. The first pair leaves with the first TCP packet that carries
 * payload (just after it, in the same instant): no control period without data, none before the
 * handshake. Pair n is a forward OB (IP TOS 0xB8, DSCP EF; its accumulation field carries the
 * target a*) then a forward IB (TOS 0, as the data; sentBytes = the cumulative bytes counted so
 * far), back to back, to Remote:Port, with n = 1, 2, ...
 *
 * The reverse OB of the current pair: a round-trip sample, the timer is cancelled, the
 * MonacoFeedback (with controlRtt = the round trip and propagationRtt = controlRtt - ftt_q) goes
 * to the feedback callback, and the next pair leaves at once ("The subsequent pair of forward
 * control packets is generated after the arrival of the reverse OB control packet at the ingress
 * node"). Reverse OBs of older pairs are ignored.
 *
 * Timer ("similar to that of TCP"): RFC 6298 on an RttMeanDeviation with gains 1/8 and 1/4 (set
 * here, whatever the global default) fed by the pairs' round trips. RTO = srtt + max(1 ms,
 * 4 rttvar), InitialRto before the first sample, clamped to [MinRto, MaxRto], doubled per
 * consecutive timeout (at most MaxRto); a sample resets the doubling. A timeout sends a new pair
 * with the next sequence number ("If either IB or OB control packet is lost, then the ingress node
 * times out and sends a new pair of control packets with a larger sequence number"), so every
 * sample is unambiguous.
 *
 * Where the answers go: the callback given with SetFeedbackCallback(), or, with
 * FindCongestionControl true (what MonacoHelper sets), the TcpMonaco of the flow's own socket,
 * found when the flow's first data packet leaves: the TcpSocketBase in the node's TcpL4Protocol
 * "SocketList" whose local port and peer are that packet's source port and destination, and its
 * "CongestionOps". The agent then sends that TcpMonaco's TargetAccumulation (rounded to a byte)
 * in its OBs, whatever its own TargetAccumulation says, and aborts if the socket's congestion
 * control is not a TcpMonaco. So the agent serves a socket made by any application (BulkSend,
 * OnOff, PersistentFlowApplication), whenever that socket is created. One Monaco flow per
 * (source host, sink host) pair: the agent counts every TCP byte its node sends to Remote, and the
 * receiver agent keys its flows by source address.
 */
class MonacoSenderAgent : public Application
{
  public:
    /// IP TOS byte of the forward OB: DSCP 46 (EF) in its 6 high bits.
    static constexpr uint8_t OUT_OF_BAND_TOS = 0xB8;
    /// RFC 6298's clock granularity G in RTO = srtt + max(G, 4 rttvar).
    static constexpr int64_t CLOCK_GRANULARITY_MS = 1;
    /// RFC 6298's gain of srtt (alpha).
    static constexpr double RTT_GAIN = 0.125;
    /// RFC 6298's gain of rttvar (beta).
    static constexpr double RTT_VARIATION_GAIN = 0.25;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MonacoSenderAgent();
    ~MonacoSenderAgent() override;

    /**
     * The node whose interface-1 address is the receiver agent's, used when Remote is unset.
     * \param peer the flow's sink node
     */
    void SetPeer(Ptr<Node> peer);

    /**
     * Where each answer goes (TcpMonaco::ReceiveFeedback, typically).
     * \param callback called once per answered pair
     */
    void SetFeedbackCallback(Callback<void, const MonacoFeedback&> callback);

    /// \return the receiver agent's address in use (Remote, or the peer's once started)
    Ipv4Address GetRemote() const;

    /// \return the current retransmission timeout (before the doubling of timeouts)
    Time GetRto() const;

  protected:
    void DoDispose() override;

  private:
    /**
     * \param address an IPv4 address
     * \return whether an interface of a node (NodeList) has it
     */
    static bool IsNodeAddress(Ipv4Address address);

    void StartApplication() override;
    void StopApplication() override;

    /**
     * Trace sink of the node's Ipv4L3Protocol "Tx": counts the flow's TCP bytes.
     * \param packet the packet, with its IPv4 header
     * \param ipv4 the IPv4 protocol
     * \param interface the interface index
     */
    void OnIpv4Tx(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface);

    /**
     * FindCongestionControl: hand the answers to the TcpMonaco of the socket that sent \p tcp
     * (aborts if there is none).
     * \param tcp the TCP header of the flow's first data packet
     */
    void BindFlowCongestionControl(const TcpHeader& tcp);

    /// Send the pair of the next sequence number and arm the timer.
    void SendPair();

    /// The current pair timed out.
    void OnTimeout();

    /**
     * Socket callback: reverse OBs to read.
     * \param socket the socket
     */
    void OnReceive(Ptr<Socket> socket);

    Ipv4Address m_remote;  //!< the receiver agent's address (0.0.0.0: the peer's)
    uint16_t m_port;       //!< the receiver agent's UDP port
    uint32_t m_target;     //!< a*, bytes
    Time m_initialRto;     //!< RTO before the first sample
    Time m_minRto;         //!< lower clamp of the RTO
    Time m_maxRto;         //!< upper clamp of the RTO
    bool m_findCongestion; //!< FindCongestionControl
    Ptr<Node> m_peer;      //!< the sink node (for an unset Remote)
    Callback<void, const MonacoFeedback&> m_feedback; //!< where answers go
    Ptr<Socket> m_socket;         //!< the control socket, connected to Remote:Port
    Ptr<RttMeanDeviation> m_rtt;  //!< srtt and rttvar of the pairs' round trips
    bool m_traceConnected{false}; //!< the Tx trace sink is connected
    uint64_t m_sent{0};           //!< cumulative IPv4 bytes of the flow's TCP packets sent
    bool m_pairsStarted{false};   //!< the first pair was scheduled
    bool m_waiting{false};        //!< the current pair awaits its answer
    uint32_t m_backoff{0};        //!< consecutive timeouts (the RTO doubling exponent)
    Time m_pairSent;              //!< when the current pair left
    EventId m_pairEvent;          //!< the first pair, scheduled with the first data packet
    EventId m_timer;              //!< the retransmission timer

    TracedValue<uint32_t> m_sequence; //!< sequence number of the current pair
    TracedValue<Time> m_controlRtt;   //!< the last pair round trip
    TracedValue<uint32_t> m_timeouts; //!< timeouts so far
};

} // namespace ns3

#endif /* MONACO_SENDER_AGENT_H */
