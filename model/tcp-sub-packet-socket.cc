/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-sub-packet-socket.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpSubPacketSocket");
NS_OBJECT_ENSURE_REGISTERED(TcpSubPacketSocket);

TypeId
TcpSubPacketSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpSubPacketSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("Dualcc")
            .AddConstructor<TcpSubPacketSocket>()
            .AddAttribute("MaxBackoff",
                          "The largest factor of the hold's wait, in retransmission timeouts: "
                          "each further ECN-Echo at a window of one segment doubles the wait, "
                          "up to this (ns-2's cap, 64); 1 never doubles it. Dimensionless, in "
                          "[1, 64].",
                          UintegerValue(MAX_BACKOFF),
                          MakeUintegerAccessor(&TcpSubPacketSocket::m_maxBackoff),
                          MakeUintegerChecker<uint32_t>(1, MAX_BACKOFF))
            .AddAttribute("Ns2Halving",
                          "Answer an ECN-Echo from the open states as ns-2's Reno does "
                          "(tcp.cc's slowdown()): ssthresh = floor(floor(w / MSS) / 2) segments "
                          "whatever the congestion control's threshold, and below two whole "
                          "segments the hold for the retransmission timer. false: halve to "
                          "w / 2, bounded below by one MSS, only where the algorithm's threshold "
                          "is at its two-segment floor, and hold at one segment. Boolean.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpSubPacketSocket::m_ns2Halving),
                          MakeBooleanChecker())
            .AddTraceSource("Holding",
                            "Whether the next segment waits for the retransmission timer "
                            "(RFC 3168 6.1.2: an ECN-Echo at a window of one segment).",
                            MakeTraceSourceAccessor(&TcpSubPacketSocket::m_holding),
                            "ns3::TracedValueCallback::Bool")
            .AddTraceSource("IgnoredEchoes",
                            "How many ACKs with ECN-Echo arrived during loss recovery "
                            "(CA_LOSS, CA_RECOVERY) and got no response.",
                            MakeTraceSourceAccessor(&TcpSubPacketSocket::m_ignoredEchoes),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Holds",
                            "How many ECN-Echoes at a window of one segment have held the next "
                            "segment for the retransmission timer.",
                            MakeTraceSourceAccessor(&TcpSubPacketSocket::m_holds),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

TcpSubPacketSocket::TcpSubPacketSocket()
    : TcpSubPacketSocketBase()
{
    NS_LOG_FUNCTION(this);
    ConnectCongState();
}

TcpSubPacketSocket::TcpSubPacketSocket(const TcpSubPacketSocket& sock)
    : TcpSubPacketSocketBase(sock),
      m_holding(false),
      m_holdStarted(false),
      m_backoff(0),
      m_holdFactor(1),
      m_maxBackoff(sock.m_maxBackoff),
      m_ns2Halving(sock.m_ns2Halving),
      m_holds(0),
      m_ignoredEchoes(0)
{
    NS_LOG_FUNCTION(this);
    ConnectCongState();
}

void
TcpSubPacketSocket::ConnectCongState()
{
    const bool ok =
        m_tcb->TraceConnectWithoutContext("CongState",
                                          MakeCallback(&TcpSubPacketSocket::OnCongState, this));
    NS_ASSERT_MSG(ok, "TcpSubPacketSocket: TcpSocketState has no CongState trace");
}

Ptr<TcpSubPacketSocket>
TcpSubPacketSocket::Create(Ptr<Node> node)
{
    NS_ABORT_MSG_UNLESS(node, "TcpSubPacketSocket::Create: no node");
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_UNLESS(tcp,
                        "TcpSubPacketSocket::Create: node " << node->GetId()
                                                            << " has no TcpL4Protocol (install "
                                                               "the internet stack first)");
    // As TcpL4Protocol::CreateSocket() does, from the node's TCP attributes.
    TypeIdValue rttType;
    TypeIdValue congestionType;
    TypeIdValue recoveryType;
    tcp->GetAttribute("RttEstimatorType", rttType);
    tcp->GetAttribute("SocketType", congestionType);
    tcp->GetAttribute("RecoveryType", recoveryType);
    ObjectFactory rttFactory(rttType.Get().GetName());
    ObjectFactory congestionFactory(congestionType.Get().GetName());
    ObjectFactory recoveryFactory(recoveryType.Get().GetName());

    Ptr<TcpSubPacketSocket> socket = CreateObject<TcpSubPacketSocket>();
    socket->SetNode(node);
    socket->SetTcp(tcp);
    socket->SetRtt(rttFactory.Create<RttEstimator>());
    socket->SetCongestionControlAlgorithm(congestionFactory.Create<TcpCongestionOps>());
    socket->SetRecoveryAlgorithm(recoveryFactory.Create<TcpRecoveryOps>());
    tcp->AddSocket(socket);
    return socket;
}

bool
TcpSubPacketSocket::IsHolding() const
{
    return m_holding;
}

uint32_t
TcpSubPacketSocket::GetHolds() const
{
    return m_holds;
}

uint32_t
TcpSubPacketSocket::GetIgnoredEchoes() const
{
    return m_ignoredEchoes;
}

Ptr<TcpSocketBase>
TcpSubPacketSocket::Fork()
{
    return CopyObject<TcpSubPacketSocket>(this);
}

void
TcpSubPacketSocket::OnCongState(TcpSocketState::TcpCongState_t oldState,
                                TcpSocketState::TcpCongState_t newState)
{
    if (newState != TcpSocketState::CA_CWR ||
        (oldState != TcpSocketState::CA_OPEN && oldState != TcpSocketState::CA_DISORDER))
    {
        // Only a response from the open states is RFC 3168's. TcpSocketBase also enters CWR on
        // an ECN-Echo during loss recovery (CA_LOSS, CA_RECOVERY), where the window has already
        // been reduced for that window of data (RFC 3168 6.1.2: once per window) and the
        // retransmissions carry no CWR, so the receiver echoes until new data flows: holding
        // there would hold every retransmission, with a growing backoff.
        return;
    }
    // TcpSocketBase::EnterCwr() has set ssthresh from the congestion control; the recovery
    // algorithm sets the window from it after this.
    const uint32_t mss = m_tcb->m_segmentSize;
    const uint32_t window = m_tcb->m_cWnd;
    if (m_ns2Halving)
    {
        HalveAsNs2(window, mss);
    }
    else if (window <= mss)
    {
        // RFC 3168 6.1.2: the window stays at one segment; the next one waits for the timer.
        // The first such ECN-Echo waits one RTO, each further one (no unmarked ACK between)
        // twice the previous wait (ns-2's ecn_backoff_ and rtt_backoff()).
        StartHold(true);
    }
    else
    {
        m_backoff = 0;
        if (m_tcb->m_ssThresh <= 2 * mss)
        {
            // The algorithm's two-segment floor: halve, bounded below by one MSS instead.
            m_tcb->m_ssThresh = std::max(mss, std::min(m_tcb->m_ssThresh.Get(), window / 2));
            NS_LOG_DEBUG("ECN-Echo at " << window << " bytes: ssthresh " << m_tcb->m_ssThresh);
        }
    }
    m_tcb->m_cWndInfl = m_tcb->m_ssThresh;
}

void
TcpSubPacketSocket::StartHold(bool backOff)
{
    NS_LOG_FUNCTION(this << backOff);
    m_tcb->m_ssThresh = m_tcb->m_segmentSize;
    m_backoff = !backOff ? 0 : m_backoff == 0 ? 1 : std::min(2 * m_backoff, m_maxBackoff);
    m_holdFactor = std::max<uint32_t>(m_backoff, 1);
    m_holding = true;
    m_holdStarted = true;
    m_holds = m_holds + 1;
    NS_LOG_DEBUG("ECN-Echo at a sub-packet window: hold " << m_holdFactor << " RTO");
}

void
TcpSubPacketSocket::HalveAsNs2(uint32_t window, uint32_t mss)
{
    NS_LOG_FUNCTION(this << window << mss);
    // ns-2's slowdown(): halfwin = int(window() / 2), window() = int(cwnd_) whole packets.
    const uint32_t half = window / mss / 2;
    if (half == 0)
    {
        // ns-2's cwnd_ = 0: nothing until the timer (which sets cwnd_ to 1). Its ecn() backs the
        // timer off only for an echo at cwnd_ <= 1 after another (ecn_backoff_), and clears
        // ecn_backoff_ for an echo above one packet.
        StartHold(window <= mss);
        return;
    }
    m_backoff = 0;
    m_tcb->m_ssThresh = half * mss;
    NS_LOG_DEBUG("ECN-Echo at " << window << " bytes: ns-2's ssthresh " << m_tcb->m_ssThresh);
}

void
TcpSubPacketSocket::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    NS_LOG_FUNCTION(this << tcpHeader);
    if (!(tcpHeader.GetFlags() & TcpHeader::ECE))
    {
        m_backoff = 0; // an unmarked ACK ends the backoff
    }
    m_holdStarted = false;
    const TcpSocketState::TcpCongState_t state = m_tcb->m_congState;
    if ((tcpHeader.GetFlags() & TcpHeader::ECE) &&
        m_tcb->m_ecnState != TcpSocketState::ECN_DISABLED &&
        (state == TcpSocketState::CA_LOSS || state == TcpSocketState::CA_RECOVERY))
    {
        // An ECN-Echo during loss recovery: the loss response has already reduced the window
        // for this data, so it gets no response (ns-2's ecn() acts only beyond recover_, and
        // Linux enters CWR only from Open or Disorder). TcpSocketBase would enter CWR here,
        // with a threshold from the little data in flight, and pace every retransmission of
        // the outstanding window at it: after a slow-start overshoot of ~1700 losses, one
        // segment per round trip for 20 s. The echo is still taken as received, so the next
        // new data segment carries CWR and the receiver stops echoing. (Ignoring, as well, the
        // echoes that follow the recovery for data sent during it cut NewReno/RED's rate by 2.5
        // in fast-sweeps' 300 Mb/s point: they are answered.)
        TcpHeader withoutEcho = tcpHeader;
        withoutEcho.SetFlags(tcpHeader.GetFlags() & ~TcpHeader::ECE);
        m_ignoredEchoes = m_ignoredEchoes + 1;
        TcpSocketBase::ReceivedAck(packet, withoutEcho);
        if (tcpHeader.GetAckNumber() > m_ecnEchoSeq.Get())
        {
            m_ecnEchoSeq = tcpHeader.GetAckNumber();
            m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        }
        return; // no hold started: TcpSocketBase did not enter CWR
    }
    TcpSocketBase::ReceivedAck(packet, tcpHeader);
    if (m_holdStarted)
    {
        // The ACK has restarted the retransmission timer (TcpSocketBase::NewAck(), with the RTO
        // from this ACK's sample); the hold ends m_holdFactor RTOs from now.
        m_holdStarted = false;
        const Time wait = m_rto.Get() * m_holdFactor;
        m_holdUntil = Simulator::Now() + wait;
        m_retxEvent.Cancel();
        m_retxEvent = Simulator::Schedule(wait, &TcpSubPacketSocket::ReTxTimeout, this);
    }
}

uint32_t
TcpSubPacketSocket::AvailableWindow() const
{
    return m_holding ? 0 : TcpSocketBase::AvailableWindow();
}

void
TcpSubPacketSocket::ReTxTimeout()
{
    NS_LOG_FUNCTION(this);
    const bool open = m_state == ESTABLISHED || m_state == CLOSE_WAIT;
    if (m_holding && open && m_txBuffer->HeadSequence() >= m_tcb->m_highTxMark.Get())
    {
        if (Simulator::Now() < m_holdUntil)
        {
            // A later ACK restarted the timer with a plain RTO: wait out the hold.
            m_retxEvent = Simulator::Schedule(m_holdUntil - Simulator::Now(),
                                              &TcpSubPacketSocket::ReTxTimeout,
                                              this);
            return;
        }
        // Nothing outstanding: the timer only paced the next segment, which goes now.
        m_holding = false;
        SendPendingData(m_connected);
        return;
    }
    // With data outstanding (or the connection closing) it is a timeout like any other.
    m_holding = false;
    TcpSocketBase::ReTxTimeout();
}

} // namespace ns3
