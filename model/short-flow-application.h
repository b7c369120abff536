/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SHORT_FLOW_APPLICATION_H
#define SHORT_FLOW_APPLICATION_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"
#include "ns3/type-id.h"

#include <map>

namespace ns3
{

class ExponentialRandomVariable;
class RandomVariableStream;
class Socket;

/**
 * \ingroup dualcc
 *
 * \brief Short TCP flows ("web mice") arriving as a Poisson process: each arrival opens a new
 * TCP connection to Remote, sends FlowSize segments and closes it.
 *
 * The AVQ paper's short flows (Kunniyur and Srikant, SIGCOMM 2001, §3: "short flows of 20
 * packets", arriving at 10 to 50 flows per second). Inter-arrival times are exponential with
 * mean 1 / ArrivalRate, from the application's start to its stop. Each arrival creates a socket
 * (the congestion control CongestionControl, ECN-capable if UseEcn), connects, hands the socket
 * FlowSize times its SegmentSize bytes at once and closes it (the FIN follows the data). The flow
 * is *completed* when all its data is acknowledged (the socket's send buffer is empty again):
 * the application then forgets the socket (its per-flow state) and fires FlowCompleted with the
 * flow's duration. The socket itself ends with the TCP close handshake (TIME_WAIT lasts twice
 * the socket's MaxSegLifetime, which the application sets to TimeWaitLifetime / 2).
 *
 * Flows still open when the application stops are left to finish; no new ones arrive.
 * The receiver must accept ECN too (TcpSocketBase::UseEcn On on the listening socket) for the
 * flows to be ECN-capable end to end.
 */
class ShortFlowApplication : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ShortFlowApplication();
    ~ShortFlowApplication() override;

    /**
     * Assign a fixed random variable stream number to the inter-arrival times.
     * \param stream first stream index to use
     * \return 1, the number of streams assigned
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the number of flows that have arrived (connections opened) so far
    uint64_t GetArrivals() const;
    /// \return the number of flows whose data has all been acknowledged so far
    uint64_t GetCompletedFlows() const;
    /// \return the number of flows arrived but not completed
    uint32_t GetActiveFlows() const;
    /// \return the bytes the last flow sends (its size times the segment size; 0 before the
    /// first)
    uint64_t GetFlowBytes() const;
    /// \return the bytes of all the flows arrived so far
    uint64_t GetArrivedBytes() const;

    /**
     * TracedCallback signature of FlowCompleted.
     * \param duration time from the flow's arrival to the acknowledgment of its last byte
     */
    typedef void (*FlowCompletedTracedCallback)(Time duration);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// A flow arrives: open its connection and schedule the next arrival.
    void Arrive();
    /// Schedule the next arrival after an exponential inter-arrival time.
    void ScheduleNextArrival();
    /// Socket callback: connected; hand over the flow's data and close.
    void OnConnected(Ptr<Socket> socket);
    /// Socket callback: the connection could not be opened; the flow is abandoned.
    void OnConnectionFailed(Ptr<Socket> socket);
    /// Socket callback: room in the send buffer (acknowledged data left it).
    void OnSendAvailable(Ptr<Socket> socket, uint32_t available);
    /// The flow of \p socket is over: forget it (later). \param socket the flow's socket
    void Forget(Ptr<Socket> socket);
    /// Erase the state of \p socket's flow. \param socket the flow's socket
    void Erase(Ptr<Socket> socket);

    /// Per-flow state, kept from arrival to completion.
    struct Flow
    {
        Time arrival;           //!< arrival time
        bool sent{false};       //!< data handed to the socket
        uint32_t bufferSize{0}; //!< the socket's send buffer, bytes (empty: all acknowledged)
        uint64_t remaining{0};  //!< bytes not yet handed to the socket
        uint64_t total{0};      //!< bytes of the flow
    };

    /**
     * Hand the socket as much of the flow's data as fits; close once it has all.
     * \param socket the flow's socket
     * \param flow its state
     */
    void HandOver(Ptr<Socket> socket, Flow& flow);

    // Configuration (attributes)
    Address m_remote;          //!< the sink's address
    double m_arrivalRate;      //!< flows per second
    uint32_t m_flowSize;       //!< segments per flow
    bool m_useEcn;             //!< ECN-capable sockets
    TypeId m_congestionTypeId; //!< congestion control of each flow
    Time m_timeWaitLifetime;   //!< TIME_WAIT duration of each socket

    // State
    Ptr<ExponentialRandomVariable> m_interArrival; //!< inter-arrival times, s
    EventId m_nextArrival;                         //!< the next arrival
    std::map<Ptr<Socket>, Flow> m_flows;           //!< flows arrived and not completed
    uint64_t m_arrivals;                           //!< flows arrived
    uint64_t m_completed;                          //!< flows completed
    uint64_t m_flowBytes;                          //!< bytes of the last flow
    uint64_t m_arrivedBytes;                       //!< bytes of the flows arrived
    Ptr<RandomVariableStream> m_sizeVariable;      //!< flow sizes, segments (null: FlowSize)
    TracedValue<uint32_t> m_activeFlows;           //!< flows arrived and not completed
    TracedCallback<Time> m_flowCompleted;          //!< fired at each completion
};

} // namespace ns3

#endif /* SHORT_FLOW_APPLICATION_H */
