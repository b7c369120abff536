/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_SUB_PACKET_SOCKET_H
#define TCP_SUB_PACKET_SOCKET_H

#include "ns3/nstime.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/traced-value.h"

#include <type_traits>

namespace ns3
{

class Node;

/**
 * \ingroup dualcc
 *
 * \brief A TCP socket whose ECN response follows RFC 3168 §6.1.2 below two segments, so that a
 * flow can send less than one packet per round trip, as ns-2's TCP (which produced the AQM
 * papers' numbers) does.
 *
 * ns-3's TcpSocketBase answers an ECN-Echo by entering CWR with the slow-start threshold the
 * congestion control gives, and every loss-based algorithm in ns-3 floors that at two segments
 * (NewReno: max(2 MSS, flight / 2)). A flow therefore never sends less than two packets per
 * round trip, however many flows share the link: with 180 flows on 10 Mb/s (the AVQ paper's
 * Experiment 1, a fair share of about 0.6 packets per round trip) the queue stays at the buffer.
 * RFC 3168 §6.1.2 says instead:
 *
 * > the congestion window is bounded below by a value of one MSS. [...] It is necessary to still
 * > reduce the sending rate of the TCP sender even further, on receipt of an ECN-Echo packet
 * > when the congestion window is one. [...] the TCP sender MUST reset the retransmit timer on
 * > receiving the ECN-Echo packet when the congestion window is one. The sending TCP MUST then
 * > be able to send a new packet only when the retransmit timer expires.
 *
 * This socket does that, for any congestion control, at the moment TcpSocketBase enters CWR
 * from the open states (CA_OPEN, CA_DISORDER; its own "CongState" trace, which fires after the
 * algorithm's GetSsThresh() and before the recovery algorithm sets the window). An ECN-Echo
 * during loss recovery (CA_LOSS, CA_RECOVERY) gets no response, as in ns-2 (whose ecn() acts
 * only beyond recover_) and Linux (which enters CWR only from Open or Disorder): the loss
 * response has already reduced the window for that data. TcpSocketBase would enter CWR there
 * with a threshold from the little data in flight and pace the retransmission of the whole
 * outstanding window at it (one segment per round trip for 20 s after a slow-start overshoot
 * of ~1700 losses); the socket hides the echo from it and only records it as received, so that
 * the next new data segment carries CWR (trace IgnoredEchoes).
 * - window w > 1 MSS and the algorithm's threshold at its two-segment floor (ssthresh <= 2 MSS):
 *   ssthresh = max(1 MSS, min(ssthresh, w / 2)), the halving bounded below by one MSS; above the
 *   floor the algorithm's answer stands;
 * - w <= 1 MSS: ssthresh = 1 MSS, and no segment is sent until the retransmission timer, restarted
 *   by this ACK, expires (the "hold"). A second ECN-Echo at one segment with no unmarked ACK in
 *   between doubles the wait, up to MaxBackoff (64) times the RTO (ns-2's ecn_backoff_ and
 *   rtt_backoff());
 *   an ACK without ECN-Echo ends the backoff. When the hold ends with nothing outstanding, the
 *   socket sends the next segment (with CWR set) and keeps its window of one segment and its
 *   threshold; with data outstanding it is a retransmission timeout like any other.
 *
 * With Ns2Halving (false by default) the response from the open states is instead ns-2's Reno
 * (tcp/tcp.cc of ns-2.1b8a: ecn() calls slowdown(CLOSE_CWND_HALF | CLOSE_SSTHRESH_HALF), whose
 * halving is int(window() / 2) with window() = int(cwnd_), in whole packets, and ssthresh_ at
 * least 2), whatever the congestion control's threshold: with W = floor(w / MSS) whole segments,
 * - W >= 2: ssthresh = floor(W / 2) MSS, which the recovery algorithm makes the window (2 or 3
 *   segments and a fraction go to one segment; ns-2's ssthresh_ of 2 there only makes its next
 *   ACK a slow-start step to 2 segments, which NewReno's congestion avoidance at one segment
 *   also is);
 * - W < 2 (ns-2's cwnd_ = 0: no segment until the retransmission timer): the hold above; its
 *   wait doubles only after an ECN-Echo at w <= 1 MSS, as ns-2's ecn() backs off only at
 *   cwnd_ <= 1 (an echo at 1 < w < 2 MSS waits one RTO and ends the backoff).
 * Loss responses (fast retransmit, timeout) stay the congestion control's unless
 * Ns2LossResponse is set.
 *
 * With Ns2LossResponse (false by default) the loss responses are ns-2.1b8a Reno's, in its integer
 * arithmetic (tcp-reno.cc dupack_action(), tcp.cc timeout() and slowdown(); with W = floor(w / MSS)
 * the window before the loss, Ns2HalfWindow(W) = floor(W / 2)):
 * - fast retransmit (entering CA_RECOVERY): ssthresh = max(2, floor(W / 2)) MSS, window
 *   max(1, floor(W / 2)) MSS, inflated by the duplicate ACKs (ns-2's dupwnd_); entered from CWR
 *   (ns-2: the last action an ECN response not yet recovered) only the retransmission, no
 *   reduction;
 * - timeout: ssthresh = max(2, floor(W / 2)) MSS (also after another timeout: W = 1 gives 2),
 *   unless the last window action was an ECN response (ssthresh kept); the window one segment.
 *
 * With MaxWindow (0, none, by default) the sender never has more than MaxWindow segments
 * unacknowledged: the available window is min(cwnd, MaxWindow MSS) less the bytes in flight, as
 * ns-2's window() = min(cwnd_, window_) (tcp.cc; ns-2's Agent/TCP window_ is 20 packets), and the
 * ns-2 responses above (Ns2Halving, Ns2LossResponse) halve that capped window, as ns-2's
 * slowdown() does. The congestion window itself grows on, as ns-2's cwnd_ does. (ns-3's own
 * route, a receiver window of MaxWindowSize, crashes ns-3.37: doc/validation.rst.)
 *
 * With KeepBackoff (false by default) the retransmission timer keeps its backoff until a valid
 * RTT sample (Karn's rule as ns-2 keeps it: tcp.cc newack() resets t_backoff_ only for the timed
 * segment's ACK): TcpSocketBase recomputes the RTO from its estimate at every new ACK, dropping
 * the doubling of the timeouts before. The module's applications make a TcpSubPacketSocket when
 * KeepBackoff's or Ns2LossResponse's default is true or MaxWindow's is not 0 (UsedByDefault()), so
 * that the default takes effect without SubPacket.
 *
 * ns-3's TcpL4Protocol always makes TcpSocketBase objects, so this socket is made by Create(),
 * which configures it as TcpL4Protocol::CreateSocket() configures its own (the node's
 * SocketType, RecoveryType and RttEstimatorType) and registers it with the node's TCP. The
 * module's applications (PersistentFlowApplication, ShortFlowApplication) use it when their
 * SubPacket attribute is true. Only the sender's behaviour changes; receivers need nothing.
 */
/// Whether TcpSocketBase declares its own GetInstanceTypeId() (ns-3.35 to 3.37: it returns
/// TcpSocketBase's TypeId, which hides a subclass' attributes from construction and from
/// SetAttribute(); ns-3.48's Object::GetInstanceTypeId() is final and right for every class).
constexpr bool TCP_SOCKET_BASE_HIDES_SUBCLASS_TYPE_ID =
    std::is_same<decltype(&TcpSocketBase::GetInstanceTypeId),
                 TypeId (TcpSocketBase::*)() const>::value;

/**
 * \ingroup dualcc
 * TcpSubPacketSocket's base: TcpSocketBase, with GetInstanceTypeId() returning \p Derived's
 * TypeId where TcpSocketBase overrides it with its own (the primary template adds nothing; the
 * specialization is a template, so that it is not compiled where Object's is final).
 * \tparam hides TCP_SOCKET_BASE_HIDES_SUBCLASS_TYPE_ID
 * \tparam Derived TcpSubPacketSocket
 * \tparam Base TcpSocketBase
 */
template <bool hides, typename Derived, typename Base = TcpSocketBase>
class TcpSubPacketSocketBase : public Base
{
};

/**
 * \ingroup dualcc
 * TcpSubPacketSocketBase where TcpSocketBase declares GetInstanceTypeId() (ns-3.35 to 3.37).
 * \tparam Derived TcpSubPacketSocket
 * \tparam Base TcpSocketBase
 */
template <typename Derived, typename Base>
class TcpSubPacketSocketBase<true, Derived, Base> : public Base
{
  public:
    /// \return Derived's TypeId
    TypeId GetInstanceTypeId() const override
    {
        return Derived::GetTypeId();
    }
};

class TcpSubPacketSocket
    : public TcpSubPacketSocketBase<TCP_SOCKET_BASE_HIDES_SUBCLASS_TYPE_ID, TcpSubPacketSocket>
{
  public:
    /// The largest MaxBackoff (and its default): ns-2's cap on t_backoff_.
    static constexpr uint32_t MAX_BACKOFF = 64;
    /// The largest MaxWindow, segments (a 16-bit window's worth).
    static constexpr uint32_t MAX_WINDOW_SEGMENTS = 65535;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpSubPacketSocket();
    /**
     * \brief Copy constructor (Fork()).
     * \param sock the socket to copy
     */
    TcpSubPacketSocket(const TcpSubPacketSocket& sock);

    /**
     * Make a socket on \p node's TCP (TcpL4Protocol), configured as TcpL4Protocol::CreateSocket()
     * configures a TcpSocketBase, and register it with that TCP.
     * \param node a node with the internet stack
     * \return the socket; aborts naming the node if it has no TcpL4Protocol
     */
    static Ptr<TcpSubPacketSocket> Create(Ptr<Node> node);

    /// \return whether the socket is holding its next segment for the retransmission timer
    bool IsHolding() const;
    /// \return how many holds (ECN-Echoes at a window of one segment) there have been
    uint32_t GetHolds() const;
    /// \return how many ACKs with ECN-Echo arrived during loss recovery (no response)
    uint32_t GetIgnoredEchoes() const;
    /// \return the retransmission timer's backoff factor kept by KeepBackoff (1: none)
    uint32_t GetRtoBackoff() const;
    /**
     * ns-2's window(): the congestion window capped by MaxWindow (tcp.cc: min(cwnd_, wnd_)),
     * which ns-2's responses halve.
     * \return min(cwnd, MaxWindow segments) bytes (cwnd if MaxWindow is 0)
     */
    uint32_t GetNs2Window() const;

    /**
     * ns-2's halving (tcp.cc slowdown(): int(window() / 2), window() = int(cwnd_)): the one place
     * of that law.
     * \param window the window, bytes
     * \param mss the segment size, bytes (> 0)
     * \return floor(floor(window / mss) / 2), segments
     */
    static uint32_t Ns2HalfWindow(uint32_t window, uint32_t mss);

    /**
     * \return whether the module's applications should make this socket even without their
     *         SubPacket attribute: KeepBackoff's or Ns2LossResponse's default (Config) is true,
     *         or MaxWindow's is not 0
     */
    static bool UsedByDefault();

  protected:
    Ptr<TcpSocketBase> Fork() override;
    void ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    uint32_t AvailableWindow() const override;
    void ReTxTimeout() override;
    void EstimateRtt(const TcpHeader& tcpHeader) override;
    void NewAck(const SequenceNumber32& seq, bool resetRTO) override;
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;

  private:
    /// ns-2's last_cwnd_action_: the last window action (Ns2LossResponse)
    enum class Ns2Action
    {
        NONE,    //!< none yet
        ECN,     //!< an ECN response (CWND_ACTION_ECN)
        DUPACK,  //!< a fast retransmit (CWND_ACTION_DUPACK)
        TIMEOUT, //!< a retransmission timeout (CWND_ACTION_TIMEOUT)
    };

    /// A real retransmission timeout (not a hold's end): TcpSocketBase's, then KeepBackoff's
    /// factor and Ns2LossResponse's threshold.
    void TimeOut();
    /// Ns2LossResponse on entering CA_RECOVERY: ns-2 Reno's threshold and window (before the
    /// retransmission leaves).
    void ApplyNs2Recovery();
    /**
     * \param window a window, bytes
     * \return min(window, MaxWindow segments) bytes (window if MaxWindow is 0)
     */
    uint32_t CapToMaxWindow(uint32_t window) const;
    /// Connect OnCongState() to this socket's TcpSocketState.
    void ConnectCongState();
    /**
     * Hold the next segment for the retransmission timer (RFC 3168 §6.1.2): ssthresh one MSS,
     * the wait's factor doubled (\p backOff) or reset to one RTO.
     * \param backOff whether this echo doubles the previous hold's wait (from 1)
     */
    void StartHold(bool backOff);
    /**
     * ns-2 Reno's response to an ECN-Echo (Ns2Halving): integer halving of the whole segments in
     * the window, a hold below two segments.
     * \param window the congestion window, bytes
     * \param mss the segment size, bytes
     */
    void HalveAsNs2(uint32_t window, uint32_t mss);
    /**
     * The congestion state changed: on entering CWR, the RFC 3168 §6.1.2 response.
     * \param oldState the previous state
     * \param newState the new state
     */
    void OnCongState(TcpSocketState::TcpCongState_t oldState,
                     TcpSocketState::TcpCongState_t newState);

    TracedValue<bool> m_holding{false};       //!< the next segment waits for the timer
    bool m_holdStarted{false};                //!< a hold started during the ACK being processed
    Time m_holdUntil;                         //!< when the hold ends
    uint32_t m_backoff{0};                    //!< the wait's factor: 0 (no hold yet), 1, 2, 4, ...
    uint32_t m_holdFactor{1};                 //!< the current hold's wait, in RTOs
    uint32_t m_maxBackoff{MAX_BACKOFF};       //!< MaxBackoff: the largest m_backoff
    bool m_ns2Halving{false};                 //!< Ns2Halving: ns-2 Reno's ECN response
    bool m_ns2Loss{false};                    //!< Ns2LossResponse: ns-2 Reno's loss responses
    bool m_keepBackoff{false};                //!< KeepBackoff: keep the RTO backoff (Karn)
    uint32_t m_maxWindow{0};                  //!< MaxWindow: ns-2's window_, segments (0: none)
    TracedValue<uint32_t> m_rtoBackoff{1};    //!< ns-2's t_backoff_: 1, 2, 4, ... 64
    Ns2Action m_lastAction{Ns2Action::NONE};  //!< ns-2's last_cwnd_action_
    bool m_recoveryPending{false};            //!< CA_RECOVERY entered, ns-2's response due
    bool m_recoveryFromCwr{false};            //!< ... from CA_CWR (an unrecovered ECN response)
    uint32_t m_lossWindow{0};                 //!< the window when CA_RECOVERY was entered
    uint32_t m_lossSsThresh{0};               //!< the threshold then
    TracedValue<uint32_t> m_holds{0};         //!< holds so far
    TracedValue<uint32_t> m_ignoredEchoes{0}; //!< ECN-Echoes during loss recovery, ignored
};

} // namespace ns3

#endif /* TCP_SUB_PACKET_SOCKET_H */
