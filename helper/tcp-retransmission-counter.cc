/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-retransmission-counter.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-tx-buffer.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpRetransmissionCounter");

TcpRetransmissionCounter::TcpRetransmissionCounter()
    : m_sentData(false),
      m_cwnd(0),
      m_ssThresh(std::numeric_limits<uint32_t>::max()),
      m_previousSsThresh(std::numeric_limits<uint32_t>::max()),
      m_ssThreshChangedSinceCwnd(false),
      m_episodeInCa(false),
      m_retransmissions(0),
      m_caRetransmissions(0),
      m_timeouts(0),
      m_fastRecoveries(0)
{
}

void
TcpRetransmissionCounter::Attach(Ptr<TcpSocketBase> socket)
{
    NS_LOG_FUNCTION(this << socket);
    NS_ABORT_MSG_UNLESS(socket, "TcpRetransmissionCounter::Attach: no socket");
    NS_ABORT_MSG_IF(m_socket, "TcpRetransmissionCounter::Attach: already attached");
    m_socket = socket;
    socket->TraceConnectWithoutContext("Tx", MakeCallback(&TcpRetransmissionCounter::OnTx, this));
    socket->TraceConnectWithoutContext("CongState",
                                       MakeCallback(&TcpRetransmissionCounter::OnCongState, this));
    socket->TraceConnectWithoutContext("CongestionWindow",
                                       MakeCallback(&TcpRetransmissionCounter::OnCwnd, this));
    socket->TraceConnectWithoutContext("SlowStartThreshold",
                                       MakeCallback(&TcpRetransmissionCounter::OnSsThresh, this));
}

uint64_t
TcpRetransmissionCounter::GetRetransmissions() const
{
    return m_retransmissions;
}

uint64_t
TcpRetransmissionCounter::GetCongestionAvoidanceRetransmissions() const
{
    return m_caRetransmissions;
}

uint64_t
TcpRetransmissionCounter::GetTimeouts() const
{
    return m_timeouts;
}

uint64_t
TcpRetransmissionCounter::GetFastRecoveries() const
{
    return m_fastRecoveries;
}

uint64_t
TcpRetransmissionCounter::GetAckedBytes() const
{
    if (!m_sentData)
    {
        return 0;
    }
    const SequenceNumber32 head = m_socket->GetTxBuffer()->HeadSequence();
    return head > m_firstSeq ? static_cast<uint64_t>(head - m_firstSeq) : 0;
}

void
TcpRetransmissionCounter::OnTx(Ptr<const Packet> packet,
                               const TcpHeader& header,
                               Ptr<const TcpSocketBase> socket)
{
    const uint32_t payload = packet->GetSize();
    if (payload == 0)
    {
        return; // SYN, FIN or pure ACK
    }
    const SequenceNumber32 seq = header.GetSequenceNumber();
    if (!m_sentData)
    {
        m_sentData = true;
        m_firstSeq = seq;
        m_highestSent = seq;
    }
    if (seq < m_highestSent)
    {
        ++m_retransmissions;
        if (m_episodeInCa)
        {
            ++m_caRetransmissions;
        }
        NS_LOG_DEBUG("retransmission of " << seq << " (" << payload << " bytes), "
                                          << (m_episodeInCa ? "CA" : "slow start") << " episode");
    }
    const SequenceNumber32 end = seq + SequenceNumber32(payload);
    if (end > m_highestSent)
    {
        m_highestSent = end;
    }
}

void
TcpRetransmissionCounter::OnCongState(TcpSocketState::TcpCongState_t oldState,
                                      TcpSocketState::TcpCongState_t newState)
{
    const bool enteringRecovery =
        newState == TcpSocketState::CA_RECOVERY && oldState != TcpSocketState::CA_RECOVERY;
    const bool enteringLoss =
        newState == TcpSocketState::CA_LOSS && oldState != TcpSocketState::CA_LOSS;
    if (!enteringRecovery && !enteringLoss)
    {
        return;
    }
    // On a timeout ns-3 lowers ssthresh, in the same event, before it enters CA_LOSS (and before
    // touching cwnd): compare with the threshold the sender had when the timer fired. On fast
    // retransmit it enters CA_RECOVERY first, so the current ssthresh is still the old one.
    uint32_t ssThresh = m_ssThresh;
    if (enteringLoss && m_ssThreshChangedSinceCwnd && m_ssThreshChanged == Simulator::Now())
    {
        ssThresh = m_previousSsThresh;
    }
    m_episodeInCa = m_cwnd >= ssThresh;
    if (enteringLoss)
    {
        ++m_timeouts;
    }
    else
    {
        ++m_fastRecoveries;
    }
    NS_LOG_DEBUG((enteringLoss ? "timeout" : "fast retransmit")
                 << " with cwnd " << m_cwnd << " ssthresh " << ssThresh << ": "
                 << (m_episodeInCa ? "congestion avoidance" : "slow start"));
}

void
TcpRetransmissionCounter::OnCwnd(uint32_t /* oldCwnd */, uint32_t newCwnd)
{
    m_cwnd = newCwnd;
    m_ssThreshChangedSinceCwnd = false;
}

void
TcpRetransmissionCounter::OnSsThresh(uint32_t oldSsThresh, uint32_t newSsThresh)
{
    m_previousSsThresh = oldSsThresh;
    m_ssThresh = newSsThresh;
    m_ssThreshChanged = Simulator::Now();
    m_ssThreshChangedSinceCwnd = true;
}

} // namespace ns3
