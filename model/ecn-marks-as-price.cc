/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ecn-marks-as-price.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-recovery-ops.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EcnMarksAsPrice");

bool
EcnMarksAsPrice::ReadsMarksAsPrice(Ptr<const TcpCongestionOps> congestion)
{
    const auto* client = dynamic_cast<const Client*>(PeekPointer(congestion));
    return client && client->UndoesEcnCwr();
}

TypeId
EcnMarksAsPrice::GetRecoveryTypeId()
{
    return TcpClassicRecovery::GetTypeId();
}

bool
EcnMarksAsPrice::QueuesWithoutMarks(bool marked, Time rtt, Time baseRtt, Time timeout)
{
    m_markSeen = m_markSeen || marked;
    if (m_markSeen || timeout.IsZero() || rtt.IsZero() || baseRtt == Time::Max())
    {
        return false;
    }
    const Time now = Simulator::Now();
    if (rtt.GetDouble() <= UNMARKED_QUEUE_RTT_FACTOR * baseRtt.GetDouble())
    {
        m_unmarkedQueueSince = Time::Min();
        return false;
    }
    if (m_unmarkedQueueSince == Time::Min())
    {
        m_unmarkedQueueSince = now;
        return false;
    }
    return now - m_unmarkedQueueSince >= timeout;
}

std::string
EcnMarksAsPrice::UnmarkedQueueMessage(const std::string& owner, Time timeout, Time baseRtt)
{
    std::ostringstream os;
    os << owner << ": the path queues but never marks: no ACK of this connection has echoed an "
       << "ECN mark, and for " << timeout.GetSeconds() << " s every RTT was above twice baseRTT ("
       << baseRtt.GetSeconds()
       << " s), so the price stays 0 and the window grows until the buffer overflows. The "
          "bottleneck's queue disc must mark with ECN (e.g. ns3::RemQueueDisc with UseEcn=true "
          "and the sources' Phi); "
       << owner << "::UnmarkedQueueTimeout sets this bound, in [0, 3600] s (0: never check)";
    return os.str();
}

void
EcnMarksAsPrice::RecordBeforeCwr(Ptr<const TcpSocketState> tcb)
{
    if (tcb->m_ecnState != TcpSocketState::ECN_ECE_RCVD ||
        tcb->m_congState == TcpSocketState::CA_CWR)
    {
        return;
    }
    // Possibly the socket's EnterCwr(): record what to restore if PktsAcked() then finds the
    // socket in CA_CWR. (An RTO with a stale ECE_RCVD also gets here; the record is then dropped
    // by OnLoss().)
    m_cwrUndo.armed = true;
    m_cwrUndo.cWnd = m_reapplyCwnd ? m_intendedCwnd : tcb->m_cWnd.Get();
    m_cwrUndo.ssThresh = m_reapplyCwnd ? m_intendedSsThresh : tcb->m_ssThresh.Get();
    m_cwrUndo.congState = tcb->m_congState;
    NS_LOG_LOGIC("ECN-Echo outside CWR: recording cwnd " << m_cwrUndo.cWnd << " ssthresh "
                                                         << m_cwrUndo.ssThresh);
}

EcnMarksAsPrice::AckOutcome
EcnMarksAsPrice::BeforeAck(TcpCongestionOps& owner, Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    AckOutcome outcome;
    if (m_cwrUndo.armed)
    {
        m_cwrUndo.armed = false;
        m_reapplyCwnd = false;
        if (tcb->m_congState == TcpSocketState::CA_CWR)
        {
            NS_LOG_LOGIC("Undoing the socket's ECN CWR episode: cwnd " << tcb->m_cWnd << " -> "
                                                                       << m_cwrUndo.cWnd);
            tcb->m_congState = m_cwrUndo.congState;
            tcb->m_cWnd = m_cwrUndo.cWnd;
            tcb->m_cWndInfl = m_cwrUndo.cWnd;
            tcb->m_ssThresh = m_cwrUndo.ssThresh;
            if (tcb->m_congState == TcpSocketState::CA_OPEN &&
                tcb->m_lastAckedSackedBytes >= (segmentsAcked + 1) * tcb->m_segmentSize)
            {
                // The ACK also SACKed new data, so the socket counted it as a duplicate
                // (RFC 6675) - but in CA_CWR, where it does not move to CA_DISORDER as it does
                // from CA_OPEN. Make that move, or the next duplicate would find CA_OPEN with
                // two duplicates counted.
                NS_LOG_LOGIC("ECN-Echo ACK with new SACK data: CA_OPEN -> CA_DISORDER");
                owner.CongestionStateSet(tcb, TcpSocketState::CA_DISORDER);
                tcb->m_congState = TcpSocketState::CA_DISORDER;
            }
            const TcpSocketState::TcpCongState_t restored = tcb->m_congState;
            // The socket calls IncreaseWindow() only in CA_OPEN (and CA_LOSS); it skipped it
            // for this ACK because it was in CA_CWR.
            outcome.increaseWindow = restored == TcpSocketState::CA_OPEN;
            // After this call the socket's recovery algorithm sets the window once more (the
            // CA_CWR branch of ProcessAck): put it back at the next ACK. In CA_RECOVERY and
            // CA_LOSS the recovery algorithm owns the window and is left alone.
            m_reapplyCwnd =
                restored == TcpSocketState::CA_OPEN || restored == TcpSocketState::CA_DISORDER;
            m_intendedCwnd = tcb->m_cWnd;
            outcome.undone = m_reapplyCwnd;
        }
    }
    else if (m_reapplyCwnd)
    {
        // The socket's recovery algorithm rewrote the window after the previous PktsAcked().
        NS_LOG_LOGIC("Restoring cwnd " << m_intendedCwnd << " (was " << tcb->m_cWnd
                                       << ") and ssthresh " << m_intendedSsThresh);
        m_reapplyCwnd = false;
        tcb->m_cWnd = m_intendedCwnd;
        tcb->m_cWndInfl = m_intendedCwnd;
        tcb->m_ssThresh = m_intendedSsThresh;
    }
    return outcome;
}

void
EcnMarksAsPrice::AfterAck(TcpCongestionOps& owner,
                          Ptr<TcpSocketState> tcb,
                          uint32_t segmentsAcked,
                          const AckOutcome& outcome)
{
    if (outcome.increaseWindow)
    {
        owner.IncreaseWindow(tcb, segmentsAcked);
        m_intendedCwnd = tcb->m_cWnd;
    }
    if (outcome.undone)
    {
        // Until the next ACK the socket's recovery algorithm owns the window: ssthresh = the
        // intended window bounds what it may set (PRR sends at most ssthresh - pipe), so no
        // recovery algorithm of any release sends beyond it. (ns-3.48's PRR would otherwise
        // add a segment per ECN-Echo ACK: rfc6937bis counts the ACK as a delivered segment.)
        m_intendedSsThresh = tcb->m_ssThresh;
        tcb->m_ssThresh = m_intendedCwnd;
    }
}

bool
EcnMarksAsPrice::OnCongestionStateSet(Ptr<const TcpSocketState> tcb,
                                      TcpSocketState::TcpCongState_t newState)
{
    if (newState == TcpSocketState::CA_CWR ||
        (tcb->m_congState == TcpSocketState::CA_CWR && newState == TcpSocketState::CA_OPEN))
    {
        // From ns-3.48 (issue #1319) the socket announces entering CA_CWR here (right after
        // GetSsThresh() recorded the window to restore) and leaving it for CA_OPEN; earlier
        // releases change these states without a call. Ignore both: the record stays armed, the
        // same on every release.
        return false;
    }
    m_cwrUndo.armed = false;
    if (newState == TcpSocketState::CA_RECOVERY || newState == TcpSocketState::CA_LOSS)
    {
        m_reapplyCwnd = false;
    }
    return true;
}

void
EcnMarksAsPrice::OnLoss()
{
    m_cwrUndo.armed = false;
    m_reapplyCwnd = false;
}

void
EcnMarksAsPrice::FollowCeState(Ptr<TcpSocketState> tcb, bool ce)
{
    // The socket sets ECN_CE_RCVD for a CE segment and then echoes ECE on every ACK until the
    // sender's CWR (RFC 3168). For a price every mark must be echoed once: the ACK reflects the
    // latest segment. With delayed ACKs an ACK covering k segments echoes the state of its last
    // one, which keeps the marked fraction unbiased when marks are independent, as REM's are.
    // (DCTCP's extra immediate ACK on a CE change is not used: ns-3 raises these events before
    // the segment is queued, and raises CA_EVENT_DELAYED_ACK also when the delayed ACK is sent,
    // so that ACK could repeat an old ACK number and count as a duplicate at the sender.)
    if (ce)
    {
        tcb->m_ecnState = TcpSocketState::ECN_CE_RCVD;
    }
    else if (tcb->m_ecnState == TcpSocketState::ECN_CE_RCVD ||
             tcb->m_ecnState == TcpSocketState::ECN_SENDING_ECE)
    {
        tcb->m_ecnState = TcpSocketState::ECN_IDLE;
    }
}

} // namespace ns3
