/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ECN_MARKS_AS_PRICE_H
#define ECN_MARKS_AS_PRICE_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <string>

namespace ns3
{

class TcpCongestionOps;

/**
 * \ingroup dualcc
 *
 * \brief ECN marks as a price, not a loss signal: what a congestion control that reads the
 * fraction of ECN-marked packets (TcpDualVegas with PriceSource EcnMarks, TcpFastEcn) needs at
 * both ends of the connection, in one place.
 *
 * Sender. ns-3's socket enters CWR on every new ECN-Echo and cuts ssthresh with GetSsThresh();
 * no TcpCongestionOps hook can prevent that (DCTCP only chooses the size of the cut). So the
 * episode is undone: RecordBeforeCwr(), called from GetSsThresh() with ECE_RCVD outside CWR,
 * records the window, ssthresh and congestion state; if the next PktsAcked() finds the socket in
 * CA_CWR, BeforeAck() restores all three and AfterAck() runs the owner's IncreaseWindow() for
 * that ACK, which the socket skips in CWR. The socket's recovery algorithm (PRR) rewrites the
 * window once more after PktsAcked() on that ACK, bounded by ssthresh, which AfterAck() holds at
 * the intended window until then; the next BeforeAck() puts the intended window and ssthresh
 * back (unless the restored state is a loss recovery, whose window belongs to the recovery
 * algorithm; an ECN-Echo ACK that also SACKed new data returns to CA_DISORDER, where that
 * duplicate ACK would have taken CA_OPEN). If instead a loss follows (OnCongestionStateSet() to
 * CA_RECOVERY or CA_LOSS, OnLoss() on CA_EVENT_LOSS) the record is dropped and the loss cut
 * stands. The socket should use classic fast recovery (TcpClassicRecovery): PRR rewrites the
 * window after the undo to at least the bytes in flight, plus a segment per ECN-Echo ACK in
 * ns-3.48, so that a source whose ACKs are nearly all marked never comes down to its window.
 * The rule is in one place, ReadsMarksAsPrice() and GetRecoveryTypeId(): PersistentFlowApplication
 * applies it to its socket, EcnPriceHelper to a node's TcpL4Protocol ("RecoveryType").
 *
 * Receiver. FollowCeState(), called on CA_EVENT_ECN_IS_CE / CA_EVENT_ECN_NO_CE, echoes each CE
 * mark on the ACK of that segment only (not until CWR as RFC 3168 does): both ends must run the
 * same congestion control, as with DCTCP.
 *
 * The class is plain C++; the owner holds one per connection (Fork() copies give a fresh one).
 */
class EcnMarksAsPrice
{
  public:
    /// A congestion control that may treat ECN marks as a price (see UndoesEcnCwr()).
    class Client
    {
      public:
        virtual ~Client() = default;
        /// \return true when ECN-Echoes are a price and every CWR episode the socket starts is
        /// undone (the socket should then use TcpClassicRecovery)
        virtual bool UndoesEcnCwr() const = 0;
    };

    /**
     * \param congestion a congestion control (may be null)
     * \return whether it reads ECN marks as a price: a Client whose UndoesEcnCwr() is true (then
     *         its socket must use GetRecoveryTypeId(), and the receiver the same congestion
     *         control)
     */
    static bool ReadsMarksAsPrice(Ptr<const TcpCongestionOps> congestion);

    /// \return the recovery algorithm of a socket whose congestion control ReadsMarksAsPrice():
    /// ns3::TcpClassicRecovery
    static TypeId GetRecoveryTypeId();

    /// RTT over baseRTT above which a path without marks counts as queueing
    /// (QueuesWithoutMarks()).
    static constexpr double UNMARKED_QUEUE_RTT_FACTOR = 2;
    /// Largest UnmarkedQueueTimeout of the owners, seconds.
    static constexpr double MAX_UNMARKED_QUEUE_TIMEOUT_S = 3600;

    /**
     * Sender, on each fresh ACK: whether the path queues but never marks (no queue disc marks
     * with ECN, so the price stays 0 and the window grows until the buffer overflows): no ACK of
     * the connection has ever echoed a mark, and for \p timeout every RTT sample was above
     * UNMARKED_QUEUE_RTT_FACTOR times baseRTT. The owner then aborts with
     * UnmarkedQueueMessage().
     * \param marked the ACK echoes a mark
     * \param rtt the ACK's RTT sample (zero: none)
     * \param baseRtt the owner's baseRTT (Time::Max(): none yet)
     * \param timeout the owner's UnmarkedQueueTimeout (zero: never)
     * \return true if the path has queued without a mark for \p timeout
     */
    bool QueuesWithoutMarks(bool marked, Time rtt, Time baseRtt, Time timeout);

    /**
     * \param owner the owner's TypeId name (ns3::TcpFastEcn, ns3::TcpDualVegas)
     * \param timeout its UnmarkedQueueTimeout
     * \param baseRtt its baseRTT
     * \return the abort message of a path that queues without marks, naming the fix
     */
    static std::string UnmarkedQueueMessage(const std::string& owner, Time timeout, Time baseRtt);

    /// What BeforeAck() did, for AfterAck().
    struct AckOutcome
    {
        bool undone{false};         //!< a CWR episode was undone into CA_OPEN or CA_DISORDER
        bool increaseWindow{false}; //!< the restored state is CA_OPEN: grow the window
    };

    /**
     * Sender, from GetSsThresh(): if the socket is about to enter CWR because of an ECN-Echo
     * (ECE_RCVD outside CA_CWR), record what to restore.
     * \param tcb the socket state
     */
    void RecordBeforeCwr(Ptr<const TcpSocketState> tcb);

    /**
     * Sender, first thing in PktsAcked(): undo a CWR episode recorded by RecordBeforeCwr(), or
     * put back the window the socket's recovery algorithm rewrote after the previous ACK.
     * \param owner the congestion control (told of a move to CA_DISORDER)
     * \param tcb the socket state
     * \param segmentsAcked segments the ACK acknowledged
     * \return what was done
     */
    AckOutcome BeforeAck(TcpCongestionOps& owner, Ptr<TcpSocketState> tcb, uint32_t segmentsAcked);

    /**
     * Sender, last thing in PktsAcked(): after an undo into CA_OPEN run the owner's
     * IncreaseWindow() (the socket skipped it in CA_CWR), then hold ssthresh at the intended
     * window until the next ACK.
     * \param owner the congestion control
     * \param tcb the socket state
     * \param segmentsAcked segments the ACK acknowledged
     * \param outcome what BeforeAck() returned for this ACK
     */
    void AfterAck(TcpCongestionOps& owner,
                  Ptr<TcpSocketState> tcb,
                  uint32_t segmentsAcked,
                  const AckOutcome& outcome);

    /**
     * Sender, from CongestionStateSet().
     * \param tcb the socket state
     * \param newState the state the socket is about to enter
     * \return false for entering CA_CWR and leaving it for CA_OPEN, which the owner should ignore
     *         (ns-3.48 announces them, earlier releases do not: ignoring them is the same on
     *         every release); true otherwise (a pending record is then dropped)
     */
    bool OnCongestionStateSet(Ptr<const TcpSocketState> tcb,
                              TcpSocketState::TcpCongState_t newState);

    /// Sender, on CA_EVENT_LOSS: drop a pending record, the loss response stands.
    void OnLoss();

    /**
     * Receiver: follow the CE state of the latest data segment so that each ACK echoes the mark
     * of the segment that triggered it.
     * \param tcb the socket state
     * \param ce whether the segment just received is CE-marked
     */
    static void FollowCeState(Ptr<TcpSocketState> tcb, bool ce);

  private:
    /// What RecordBeforeCwr() saw when an ECN-Echo made the socket start a CWR episode.
    struct CwrUndo
    {
        bool armed{false};                                                 //!< a record is pending
        uint32_t cWnd{0};                                                  //!< window, bytes
        uint32_t ssThresh{0};                                              //!< ssthresh, bytes
        TcpSocketState::TcpCongState_t congState{TcpSocketState::CA_OPEN}; //!< state
    };

    CwrUndo m_cwrUndo;                      //!< pending record of an ECN-triggered CWR entry
    bool m_reapplyCwnd{false};              //!< the socket's recovery rewrote the window
    uint32_t m_intendedCwnd{0};             //!< the window to put back, bytes
    uint32_t m_intendedSsThresh{0};         //!< the ssthresh to put back, bytes
    bool m_markSeen{false};                 //!< an ACK of the connection echoed a mark
    Time m_unmarkedQueueSince{Time::Min()}; //!< since when every RTT was high (Min(): not now)
};

} // namespace ns3

#endif // ECN_MARKS_AS_PRICE_H
