/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_RETRANSMISSION_COUNTER_H
#define TCP_RETRANSMISSION_COUNTER_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-socket-state.h"

#include <cstdint>

namespace ns3
{

class Packet;
class TcpHeader;
class TcpSocketBase;

/**
 * \ingroup dualcc
 *
 * \brief Counts a TCP sender's retransmissions, tells those of congestion avoidance from those
 * of slow start, and its non-duplicate acknowledged data, from the socket's trace sources only.
 *
 * Attach() connects to the sender socket's traces; call it after the socket exists (the
 * application has started) and before it sends its first data segment (the SYN may have left).
 *
 * - Retransmission: a data segment (payload > 0) passed to the "Tx" trace whose sequence number
 *   is below the highest sequence number sent so far (the largest seq + payload seen in "Tx").
 *   Every segment sent again counts, whatever the cause (fast retransmit, partial ACK, timeout,
 *   go-back-N after a timeout), as in ns-2's nrexmitpack_.
 * - Loss episode: the sender enters CA_RECOVERY (fast retransmit) or CA_LOSS (timeout) from
 *   another state ("CongState" trace).
 * - Congestion-avoidance retransmission: a retransmission that belongs to a loss episode begun
 *   in congestion avoidance, i.e. with cwnd >= ssthresh at the moment the loss was detected,
 *   with the values the sender had just before it reacted (ns-3 lowers ssthresh before entering
 *   CA_LOSS on a timeout and after entering CA_RECOVERY; the counter undoes the former). The
 *   other retransmissions belong to episodes begun in slow start (cwnd < ssthresh: the initial
 *   slow start, or the slow start after a timeout), i.e. losses caused by slow start's
 *   overshoot. Retransmissions before any episode (none in practice) count as slow start.
 * - Acknowledged data: the socket's first unacknowledged sequence number (its transmit buffer's
 *   head, SND.UNA) minus the sequence number of the first data segment sent, i.e. the data the
 *   receiver acknowledged cumulatively, each byte once.
 */
class TcpRetransmissionCounter
{
  public:
    TcpRetransmissionCounter();

    /**
     * Connect to \p socket's "Tx", "CongState", "CongestionWindow" and "SlowStartThreshold"
     * traces. The counter must outlive the simulation (or the socket).
     * \param socket the sender's socket; aborts if null or if attached twice
     */
    void Attach(Ptr<TcpSocketBase> socket);

    /// \return segments sent again so far
    uint64_t GetRetransmissions() const;
    /// \return retransmissions of loss episodes begun in congestion avoidance
    uint64_t GetCongestionAvoidanceRetransmissions() const;
    /// \return loss episodes detected by a retransmission timeout (entries into CA_LOSS)
    uint64_t GetTimeouts() const;
    /// \return loss episodes detected by duplicate ACKs (entries into CA_RECOVERY)
    uint64_t GetFastRecoveries() const;
    /// \return payload bytes acknowledged cumulatively so far (0 before the first data segment)
    uint64_t GetAckedBytes() const;

  private:
    /**
     * "Tx" trace.
     * \param packet the payload
     * \param header the TCP header
     * \param socket the socket
     */
    void OnTx(Ptr<const Packet> packet, const TcpHeader& header, Ptr<const TcpSocketBase> socket);
    /**
     * "CongState" trace.
     * \param oldState state before
     * \param newState state after
     */
    void OnCongState(TcpSocketState::TcpCongState_t oldState,
                     TcpSocketState::TcpCongState_t newState);
    /**
     * "CongestionWindow" trace.
     * \param oldCwnd bytes before
     * \param newCwnd bytes after
     */
    void OnCwnd(uint32_t oldCwnd, uint32_t newCwnd);
    /**
     * "SlowStartThreshold" trace.
     * \param oldSsThresh bytes before
     * \param newSsThresh bytes after
     */
    void OnSsThresh(uint32_t oldSsThresh, uint32_t newSsThresh);

    Ptr<TcpSocketBase> m_socket;     //!< the sender
    bool m_sentData;                 //!< a data segment has been sent
    SequenceNumber32 m_firstSeq;     //!< sequence number of the first data segment
    SequenceNumber32 m_highestSent;  //!< end of the highest data sent (seq + payload)
    uint32_t m_cwnd;                 //!< congestion window, bytes (last trace value)
    uint32_t m_ssThresh;             //!< slow-start threshold, bytes (last trace value)
    uint32_t m_previousSsThresh;     //!< ssthresh before its last change, bytes
    Time m_ssThreshChanged;          //!< when ssthresh last changed
    bool m_ssThreshChangedSinceCwnd; //!< ssthresh changed after cwnd last changed
    bool m_episodeInCa;              //!< the current loss episode began in congestion avoidance
    uint64_t m_retransmissions;      //!< segments sent again
    uint64_t m_caRetransmissions;    //!< of which in episodes begun in congestion avoidance
    uint64_t m_timeouts;             //!< entries into CA_LOSS
    uint64_t m_fastRecoveries;       //!< entries into CA_RECOVERY
};

} // namespace ns3

#endif /* TCP_RETRANSMISSION_COUNTER_H */
