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
            .AddAttribute("Ns2LossResponse",
                          "Answer losses as ns-2's Reno does (tcp-reno.cc dupack_action(), "
                          "tcp.cc timeout()): with W = floor(w / MSS), fast retransmit sets "
                          "ssthresh = max(2, floor(W / 2)) segments and the window "
                          "max(1, floor(W / 2)) segments plus the duplicate ACKs (none from CWR), "
                          "a timeout ssthresh = max(2, floor(W / 2)) segments unless the last "
                          "window action was an ECN response. false: the congestion control's "
                          "threshold. Boolean.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpSubPacketSocket::m_ns2Loss),
                          MakeBooleanChecker())
            .AddAttribute("KeepBackoff",
                          "Keep the retransmission timer's backoff until a valid RTT sample, as "
                          "ns-2 does (tcp.cc newack(): t_backoff_ = 1 only for the timed "
                          "segment's ACK): the RTO after a timeout stays the doubled one at new "
                          "ACKs of retransmitted data (the factor at most 64). false: "
                          "TcpSocketBase's, which recomputes the RTO from its estimate at every "
                          "new ACK. Boolean.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpSubPacketSocket::m_keepBackoff),
                          MakeBooleanChecker())
            .AddAttribute("MaxWindow",
                          "ns-2's window_: the sender never has more than this many segments "
                          "unacknowledged (the available window is min(cwnd, MaxWindow MSS) less "
                          "the bytes in flight; ns-2's responses with Ns2Halving and "
                          "Ns2LossResponse halve that capped window). 0: no cap. Segments, in "
                          "[0, 65535] (ns-2's Agent/TCP default: 20).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TcpSubPacketSocket::m_maxWindow),
                          MakeUintegerChecker<uint32_t>(0, MAX_WINDOW_SEGMENTS))
            .AddTraceSource("RtoBackoff",
                            "The retransmission timer's backoff factor kept by KeepBackoff "
                            "(ns-2's t_backoff_: 1, 2, 4, ..., 64).",
                            MakeTraceSourceAccessor(&TcpSubPacketSocket::m_rtoBackoff),
                            "ns3::TracedValueCallback::Uint32")
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
      m_ns2Loss(sock.m_ns2Loss),
      m_keepBackoff(sock.m_keepBackoff),
      m_maxWindow(sock.m_maxWindow),
      m_rtoBackoff(1),
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

uint32_t
TcpSubPacketSocket::GetRtoBackoff() const
{
    return m_rtoBackoff;
}

uint32_t
TcpSubPacketSocket::GetNs2Window() const
{
    return CapToMaxWindow(m_tcb->m_cWnd);
}

uint32_t
TcpSubPacketSocket::CapToMaxWindow(uint32_t window) const
{
    if (m_maxWindow == 0)
    {
        return window;
    }
    return std::min<uint64_t>(window, uint64_t{m_maxWindow} * m_tcb->m_segmentSize);
}

uint32_t
TcpSubPacketSocket::Ns2HalfWindow(uint32_t window, uint32_t mss)
{
    NS_ASSERT(mss > 0);
    return window / mss / 2;
}

bool
TcpSubPacketSocket::UsedByDefault()
{
    const TypeId tid = GetTypeId();
    TypeId::AttributeInformation maxWindow;
    const bool hasCap = tid.LookupAttributeByName("MaxWindow", &maxWindow);
    NS_ASSERT(hasCap);
    Ptr<const UintegerValue> cap = DynamicCast<const UintegerValue>(maxWindow.initialValue);
    if (cap && cap->Get() > 0)
    {
        return true;
    }
    for (const char* name : {"KeepBackoff", "Ns2LossResponse"})
    {
        TypeId::AttributeInformation info;
        const bool found = tid.LookupAttributeByName(name, &info);
        NS_ASSERT(found);
        Ptr<const BooleanValue> value = DynamicCast<const BooleanValue>(info.initialValue);
        if (value && value->Get())
        {
            return true;
        }
    }
    return false;
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
    if (newState == TcpSocketState::CA_RECOVERY && m_ns2Loss)
    {
        // TcpSocketBase::EnterRecovery() fires this before it sets ssthresh and the window; the
        // response is applied before the retransmission leaves (SendDataPacket()).
        m_recoveryPending = true;
        m_recoveryFromCwr = oldState == TcpSocketState::CA_CWR;
        m_lossWindow = m_tcb->m_cWnd;
        m_lossSsThresh = m_tcb->m_ssThresh;
        return;
    }
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
    m_lastAction = Ns2Action::ECN;
    const uint32_t mss = m_tcb->m_segmentSize;
    const uint32_t window = m_tcb->m_cWnd;
    if (m_ns2Halving)
    {
        HalveAsNs2(GetNs2Window(), mss);
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
    const uint32_t half = Ns2HalfWindow(window, mss);
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
    if (m_recoveryPending)
    {
        ApplyNs2Recovery(); // no retransmission left during the ACK
    }
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
    if (m_holding)
    {
        return 0;
    }
    const uint32_t available = TcpSocketBase::AvailableWindow();
    if (m_maxWindow == 0)
    {
        return available;
    }
    // ns-2's window_: at most MaxWindow segments unacknowledged.
    const uint64_t cap = uint64_t{m_maxWindow} * m_tcb->m_segmentSize;
    const uint32_t inFlight = BytesInFlight();
    return inFlight >= cap ? 0 : std::min<uint64_t>(available, cap - inFlight);
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
    TimeOut();
}

void
TcpSubPacketSocket::TimeOut()
{
    NS_LOG_FUNCTION(this);
    const bool outstanding = (m_state == ESTABLISHED || m_state == CLOSE_WAIT) &&
                             m_txBuffer->Size() > 0 &&
                             m_txBuffer->HeadSequence() < m_tcb->m_highTxMark.Get();
    const uint32_t window = GetNs2Window();
    const uint32_t ssThresh = m_tcb->m_ssThresh;
    TcpSocketBase::ReTxTimeout();
    if (!outstanding || m_tcb->m_congState != TcpSocketState::CA_LOSS)
    {
        return; // not a data timeout (SYN, FIN, closed)
    }
    if (m_keepBackoff)
    {
        // ns-2's rtt_backoff(): t_backoff_ doubles up to 64 (TcpSocketBase has doubled m_rto).
        m_rtoBackoff = std::min(2 * m_rtoBackoff.Get(), MAX_BACKOFF);
    }
    if (m_ns2Loss)
    {
        // ns-2's timeout(): slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_RESTART), or, when the last
        // window action was an ECN response, slowdown(CLOSE_CWND_ONE), which keeps ssthresh_.
        const uint32_t mss = m_tcb->m_segmentSize;
        m_tcb->m_ssThresh = m_lastAction == Ns2Action::ECN
                                ? ssThresh
                                : std::max<uint32_t>(2, Ns2HalfWindow(window, mss)) * mss;
        m_lastAction = Ns2Action::TIMEOUT;
        NS_LOG_DEBUG("timeout at " << window << " bytes: ns-2's ssthresh " << m_tcb->m_ssThresh);
    }
}

void
TcpSubPacketSocket::ApplyNs2Recovery()
{
    NS_LOG_FUNCTION(this);
    m_recoveryPending = false;
    const uint32_t mss = m_tcb->m_segmentSize;
    if (m_recoveryFromCwr)
    {
        // tcp-reno.cc dupack_action(): after an ECN response not yet recovered, "No reduction of
        // window, just retransmit".
        m_tcb->m_ssThresh = m_lossSsThresh;
        m_tcb->m_cWnd = m_lossWindow;
    }
    else
    {
        // slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_HALF): cwnd_ = halfwin, ssthresh_ >= 2.
        const uint32_t half = Ns2HalfWindow(CapToMaxWindow(m_lossWindow), mss);
        m_tcb->m_ssThresh = std::max<uint32_t>(2, half) * mss;
        m_tcb->m_cWnd = std::max<uint32_t>(1, half) * mss;
    }
    // Reno's window() = cwnd_ + dupwnd_, dupwnd_ = numdupacks_ at the fast retransmit.
    m_tcb->m_cWndInfl = m_tcb->m_cWnd + m_dupAckCount * mss;
    m_lastAction = Ns2Action::DUPACK;
    NS_LOG_DEBUG("fast retransmit at " << m_lossWindow << " bytes: ns-2's ssthresh "
                                       << m_tcb->m_ssThresh << ", window " << m_tcb->m_cWnd);
}

uint32_t
TcpSubPacketSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    if (m_recoveryPending)
    {
        ApplyNs2Recovery(); // the fast retransmission: ns-2's window before it leaves
    }
    return TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
}

void
TcpSubPacketSocket::EstimateRtt(const TcpHeader& tcpHeader)
{
    const uint32_t samples = m_rtt->GetNSamples();
    TcpSocketBase::EstimateRtt(tcpHeader);
    if (m_rtt->GetNSamples() != samples && m_rtoBackoff != 1)
    {
        // A valid sample (Karn: never from a retransmitted segment): ns-2's t_backoff_ = 1.
        NS_LOG_DEBUG("valid RTT sample: backoff " << m_rtoBackoff << " ends");
        m_rtoBackoff = 1;
    }
}

void
TcpSubPacketSocket::NewAck(const SequenceNumber32& seq, bool resetRTO)
{
    TcpSocketBase::NewAck(seq, resetRTO);
    if (m_rtoBackoff > 1 && !m_retxEvent.IsExpired() && resetRTO && m_state != SYN_RCVD)
    {
        // TcpSocketBase restarted the timer with the RTO from its estimate: ns-2's rtt_timeout()
        // is that times t_backoff_ until a valid sample.
        m_rto = Min(m_rto.Get() * m_rtoBackoff.Get(), Seconds(60));
        m_retxEvent.Cancel();
        m_retxEvent = Simulator::Schedule(m_rto, &TcpSubPacketSocket::ReTxTimeout, this);
        NS_LOG_DEBUG("timer kept backed off: " << m_rto.Get().GetSeconds() << " s");
    }
}

} // namespace ns3
