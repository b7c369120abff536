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
#include <vector>

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
 *
 * **Web sessions** (Sessions > 0): instead of Poisson arrivals, Sessions closed-loop web
 * sessions after Barford and Crovella's SURGE model ("Generating representative web workloads
 * for network and server performance evaluation", SIGMETRICS 1998). Each session starts with a
 * think time (inactive OFF, ThinkTimeVariable), then repeatedly fetches a page and thinks: a
 * page is a main object followed by EmbeddedObjectsVariable embedded objects (rounded to whole
 * objects), each requested an active OFF time (ActiveOffVariable) after the previous one
 * completed. Every object is one flow as above (HTTP/1.0 without keep-alive: a new connection
 * per object, opened by this application, the sending side: the request is not modelled, the
 * handshake's round trip stands for it), its size from FlowSizeVariable (or FlowSize). A page
 * is completed when its last object is; PageCompleted fires with the time since its main
 * object was requested. An object whose connection fails counts as done for its session (not
 * as completed). When the application stops, no new object is requested.
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
    /// \return the bytes of all the flows completed so far
    uint64_t GetCompletedBytes() const;
    /// \return the sum of the completed flows' durations (arrival to last acknowledgment)
    Time GetCompletionTimeSum() const;
    /// \return the number of pages completed so far (web sessions; 0 with Poisson arrivals)
    uint64_t GetCompletedPages() const;

    /**
     * TracedCallback signature of FlowCompleted.
     * \param duration time from the flow's arrival to the acknowledgment of its last byte
     */
    typedef void (*FlowCompletedTracedCallback)(Time duration);

    /**
     * TracedCallback signature of FlowArrived.
     * \param bytes the flow's size, bytes of payload
     */
    typedef void (*FlowArrivedTracedCallback)(uint64_t bytes);

    /// Upper bound of Sessions (per application).
    static constexpr uint32_t MAX_SESSIONS = 100000;
    /// Upper bound of a drawn number of embedded objects per page.
    static constexpr double MAX_EMBEDDED_OBJECTS = 1e4;
    /// Upper bound of a drawn active OFF or think time, seconds (longer: never in a run).
    static constexpr double MAX_OFF_SECONDS = 1e6;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// A flow arrives: open its connection and schedule the next arrival.
    void Arrive();
    /// Schedule the next arrival after an exponential inter-arrival time.
    void ScheduleNextArrival();
    /**
     * Open a flow's connection.
     * \param session its web session (-1: a Poisson arrival)
     */
    void Open(int64_t session);
    /// A web session requests a page: its main object now, then its embedded objects.
    /// \param session the session
    void FetchPage(uint32_t session);
    /**
     * A web session's object is done (completed or abandoned): request the next one after an
     * active OFF time or, after the page's last, the next page after a think time.
     * \param session the session
     */
    void ObjectDone(uint32_t session);
    /**
     * Draw a value, aborting with the attribute's name if it is not in [0, max].
     * \param variable the random variable
     * \param name its attribute
     * \param max the largest valid value
     * \return the value
     */
    static double Draw(Ptr<RandomVariableStream> variable, const char* name, double max);
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
        int64_t session{-1};    //!< its web session (-1: a Poisson arrival)
    };

    /// A web session's state.
    struct Session
    {
        uint32_t objectsLeft{0}; //!< objects of the current page not yet done
        Time pageStart;          //!< when the current page's main object was requested
        EventId next;            //!< the next request (after an OFF time)
    };

    /**
     * Hand the socket as much of the flow's data as fits; close once it has all.
     * \param socket the flow's socket
     * \param flow its state
     */
    void HandOver(Ptr<Socket> socket, Flow& flow);

    // Configuration (attributes)
    Address m_remote;                      //!< the sink's address
    double m_arrivalRate;                  //!< flows per second
    uint32_t m_flowSize;                   //!< segments per flow
    bool m_useEcn;                         //!< ECN-capable sockets
    bool m_subPacket;                      //!< TcpSubPacketSocket (RFC 3168 6.1.2)
    TypeId m_congestionTypeId;             //!< congestion control of each flow
    Time m_timeWaitLifetime;               //!< TIME_WAIT duration of each socket
    uint32_t m_sessionCount;               //!< web sessions (0: Poisson arrivals)
    Ptr<RandomVariableStream> m_embedded;  //!< embedded objects per page (null: none)
    Ptr<RandomVariableStream> m_activeOff; //!< active OFF times, s (null: 0)
    Ptr<RandomVariableStream> m_think;     //!< think times, s (null: 0)

    // State
    Ptr<ExponentialRandomVariable> m_interArrival; //!< inter-arrival times, s
    EventId m_nextArrival;                         //!< the next arrival
    std::map<Ptr<Socket>, Flow> m_flows;           //!< flows arrived and not completed
    uint64_t m_arrivals;                           //!< flows arrived
    uint64_t m_completed;                          //!< flows completed
    uint64_t m_flowBytes;                          //!< bytes of the last flow
    uint64_t m_arrivedBytes;                       //!< bytes of the flows arrived
    uint64_t m_completedBytes;                     //!< bytes of the flows completed
    Time m_completionTimeSum;                      //!< durations of the flows completed
    uint64_t m_pages;                              //!< pages completed
    bool m_running;                                //!< between start and stop
    std::vector<Session> m_sessions;               //!< web sessions
    Ptr<RandomVariableStream> m_sizeVariable;      //!< flow sizes, segments (null: FlowSize)
    TracedValue<uint32_t> m_activeFlows;           //!< flows arrived and not completed
    TracedCallback<Time> m_flowCompleted;          //!< fired at each completion
    TracedCallback<Time> m_pageCompleted;          //!< fired at each page's completion
    TracedCallback<uint64_t> m_flowArrived;        //!< fired at each arrival, with its bytes
};

} // namespace ns3

#endif /* SHORT_FLOW_APPLICATION_H */
