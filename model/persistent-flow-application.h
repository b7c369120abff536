/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PERSISTENT_FLOW_APPLICATION_H
#define PERSISTENT_FLOW_APPLICATION_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"

namespace ns3
{

class Socket;
class TcpCongestionOps;

/**
 * \ingroup dualcc
 *
 * \brief A persistent TCP source (the papers' "FTP with a large file"), with its own congestion
 * control object and cheap per-flow state for measurements.
 *
 * At start it creates a TCP socket, installs the congestion-control object given with
 * SetCongestionControl() (so each flow can have its own algorithm and attribute values, which
 * ns-3's BulkSendApplication cannot do; a congestion control that undoes ECN CWR episodes gets
 * classic fast recovery, see EcnMarksAsPrice::Client::UndoesEcnCwr()), connects to Remote and
 * writes data until it stops (from SendStart on, if the connection is opened ahead of it). It
 * writes the way a real sender does: only WriteAhead congestion windows ahead of what TCP has sent
 * (in ChunkSize pieces, from the socket's send callback, which TCP calls on every new ACK and
 * whenever it finds less data than its window allows, and from its data-sent callback, after
 * every segment of new data), not the whole send buffer; a full 4 MiB buffer per flow is about
 * 4400 small packets of one segment waiting in it, half of a five-class run's memory. TCP never
 * waits for data: within one transmission it sends at most its window (the smaller of the
 * congestion window and the receiver's), and after it the backlog is topped up again, duplicate
 * ACKs of a long fast recovery included. The socket's SndBufSize stays the upper bound. It follows
 * its socket's "CongestionWindow" and "RTT" traces and keeps the last values and the smallest RTT
 * (of data segments: the handshake's sample is left out), which measurement code can sample at any
 * time without tracing every packet itself.
 */
class PersistentFlowApplication : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    PersistentFlowApplication();
    ~PersistentFlowApplication() override;

    /**
     * Use \p congestionOps for this flow's socket (instead of the TCP's SocketType default).
     * \param congestionOps a congestion-control object, not shared with another flow
     */
    void SetCongestionControl(Ptr<TcpCongestionOps> congestionOps);

    /// \return the socket (nullptr before the application starts)
    Ptr<Socket> GetSocket() const;
    /// \return the last congestion window, bytes (0 before the first value)
    uint32_t GetLastCwnd() const;
    /// \return the last RTT sample (zero before the first)
    Time GetLastRtt() const;
    /// \return the smallest RTT sample so far (zero before the first)
    Time GetMinRtt() const;
    /// \return the number of RTT samples so far
    uint64_t GetRttSamples() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Write data: up to WriteAhead windows ahead of what TCP has sent (0: fill the send buffer).
    void Fill();
    /// \return the bytes written that TCP has not sent yet
    uint32_t GetUnsent() const;
    /// Socket callback: room in the send buffer.
    void OnSendAvailable(Ptr<Socket> socket, uint32_t available);
    /// Socket callback: data sent (new data, after the segment left). \param socket the socket
    /// \param bytes bytes sent
    void OnDataSent(Ptr<Socket> socket, uint32_t bytes);
    /// Socket callback: connected.
    void OnConnected(Ptr<Socket> socket);
    /// Socket callback: connection failed.
    void OnConnectionFailed(Ptr<Socket> socket);
    /// Trace sink of the socket's CongestionWindow.
    void OnCwnd(uint32_t oldValue, uint32_t newValue);
    /// Trace sink of the socket's RTT.
    void OnRtt(Time oldValue, Time newValue);
    /// Trace sink of the socket's HighestSequence (the highest sequence number sent).
    void OnHighestSequence(SequenceNumber32 oldValue, SequenceNumber32 newValue);

    Address m_remote;                      //!< the sink's address
    uint32_t m_chunkSize;                  //!< bytes handed to the socket per Send
    uint32_t m_writeSize;                  //!< m_chunkSize in whole segments, bytes
    uint32_t m_writeAhead;                 //!< congestion windows written ahead (0: no bound)
    SequenceNumber32 m_highestSent;        //!< the socket's HighestSequence
    bool m_useEcn;                         //!< make the socket ECN-capable
    bool m_subPacket;                      //!< a TcpSubPacketSocket (RFC 3168 6.1.2)
    uint8_t m_tos{0};                      //!< IPv4 TOS byte of the flow's packets
    Time m_sendStart;                      //!< data is sent from this time on
    EventId m_sendEvent;                   //!< the first Fill() after an early connection
    Ptr<TcpCongestionOps> m_congestionOps; //!< this flow's congestion control (may be null)
    Ptr<Socket> m_socket;                  //!< the socket
    bool m_connected;                      //!< connection established
    uint32_t m_lastCwnd;                   //!< last congestion window, bytes
    Time m_lastRtt;                        //!< last RTT sample
    Time m_minRtt;                         //!< smallest RTT sample
    uint64_t m_rttSamples;                 //!< RTT samples seen
};

} // namespace ns3

#endif /* PERSISTENT_FLOW_APPLICATION_H */
