/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "short-flow-application.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/tcp-sub-packet-socket.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShortFlowApplication");
NS_OBJECT_ENSURE_REGISTERED(ShortFlowApplication);

namespace
{
/// Upper bound of ArrivalRate, flows per second (far above any use on one node).
constexpr double MAX_ARRIVAL_RATE = 1e6;
/// Upper bound of FlowSize, segments.
constexpr uint32_t MAX_FLOW_SIZE = 1000000;
} // namespace

TypeId
ShortFlowApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ShortFlowApplication")
            .SetParent<Application>()
            .SetGroupName("Dualcc")
            .AddConstructor<ShortFlowApplication>()
            .AddAttribute("Remote",
                          "The address (InetSocketAddress) of the sink every flow connects to.",
                          AddressValue(),
                          MakeAddressAccessor(&ShortFlowApplication::m_remote),
                          MakeAddressChecker())
            .AddAttribute("ArrivalRate",
                          "The Poisson arrival rate of flows, flows per second, in [0, 1e6] "
                          "(0: no flow arrives)",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&ShortFlowApplication::m_arrivalRate),
                          MakeDoubleChecker<double>(0, MAX_ARRIVAL_RATE))
            .AddAttribute("FlowSize",
                          "The data each flow sends, segments of the socket's SegmentSize, in "
                          "[1, 1e6] (the AVQ paper's short flows: 20 packets)",
                          UintegerValue(20),
                          MakeUintegerAccessor(&ShortFlowApplication::m_flowSize),
                          MakeUintegerChecker<uint32_t>(1, MAX_FLOW_SIZE))
            .AddAttribute("FlowSizeVariable",
                          "If set, the size of each flow in segments is drawn from this random "
                          "variable (rounded to whole bytes, at least 1; e.g. "
                          "ns3::ParetoRandomVariable[Scale=6.67|Shape=1.5] for a mean of 20) "
                          "instead of FlowSize. A flow larger than the socket's send buffer is "
                          "handed over as room frees up.",
                          PointerValue(),
                          MakePointerAccessor(&ShortFlowApplication::m_sizeVariable),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("UseEcn",
                          "Make each flow's socket ECN-capable (TcpSocketBase::UseEcn On); the "
                          "receiver must accept ECN too.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ShortFlowApplication::m_useEcn),
                          MakeBooleanChecker())
            .AddAttribute("SubPacket",
                          "Use TcpSubPacketSocket for each flow: the ECN response of RFC 3168 "
                          "6.1.2 below two segments, as ns-2's TCP; false: ns-3's "
                          "TcpSocketBase (unless the default of "
                          "TcpSubPacketSocket::KeepBackoff or Ns2LossResponse is true).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ShortFlowApplication::m_subPacket),
                          MakeBooleanChecker())
            .AddAttribute("CongestionControl",
                          "The congestion control of each flow (a TcpCongestionOps TypeId)",
                          TypeIdValue(TcpNewReno::GetTypeId()),
                          MakeTypeIdAccessor(&ShortFlowApplication::m_congestionTypeId),
                          MakeTypeIdChecker())
            .AddAttribute("TimeWaitLifetime",
                          "How long each closed socket stays in TIME_WAIT (twice its "
                          "MaxSegLifetime), time >= 0 (TCP's 2 MSL is 240 s; nothing arrives "
                          "late in these simulations, and shorter frees sockets sooner)",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ShortFlowApplication::m_timeWaitLifetime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Sessions",
                          "The number of closed-loop web sessions, in [0, 100000]; 0: flows "
                          "arrive as a Poisson process of ArrivalRate instead",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ShortFlowApplication::m_sessionCount),
                          MakeUintegerChecker<uint32_t>(0, MAX_SESSIONS))
            .AddAttribute("EmbeddedObjectsVariable",
                          "Web sessions: the number of embedded objects of each page, objects "
                          "(rounded to the nearest whole number, in [0, 1e4]; SURGE: Pareto, "
                          "scale 1, shape 2.43). Unset: none (one object a page).",
                          PointerValue(),
                          MakePointerAccessor(&ShortFlowApplication::m_embedded),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ActiveOffVariable",
                          "Web sessions: the time from an object's completion to the request of "
                          "the page's next embedded object, seconds in [0, 1e6] (SURGE: Weibull, "
                          "scale 1.46 s, shape 0.382). Unset: 0.",
                          PointerValue(),
                          MakePointerAccessor(&ShortFlowApplication::m_activeOff),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ThinkTimeVariable",
                          "Web sessions: the think time (inactive OFF) before each page, the "
                          "first included, seconds in [0, 1e6] (SURGE: Pareto, scale 1 s, shape "
                          "1.5). Unset: 0.",
                          PointerValue(),
                          MakePointerAccessor(&ShortFlowApplication::m_think),
                          MakePointerChecker<RandomVariableStream>())
            .AddTraceSource("ActiveFlows",
                            "The number of flows arrived and not yet completed",
                            MakeTraceSourceAccessor(&ShortFlowApplication::m_activeFlows),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("FlowCompleted",
                            "A flow's data was all acknowledged: its duration since arrival",
                            MakeTraceSourceAccessor(&ShortFlowApplication::m_flowCompleted),
                            "ns3::ShortFlowApplication::FlowCompletedTracedCallback")
            .AddTraceSource("PageCompleted",
                            "Web sessions: a page's last object was completed: the time since "
                            "its main object was requested",
                            MakeTraceSourceAccessor(&ShortFlowApplication::m_pageCompleted),
                            "ns3::ShortFlowApplication::FlowCompletedTracedCallback")
            .AddTraceSource("FlowArrived",
                            "A flow arrived (its connection is being opened): its size, bytes",
                            MakeTraceSourceAccessor(&ShortFlowApplication::m_flowArrived),
                            "ns3::ShortFlowApplication::FlowArrivedTracedCallback");
    return tid;
}

ShortFlowApplication::ShortFlowApplication()
    : m_arrivalRate(1.0),
      m_flowSize(20),
      m_useEcn(false),
      m_subPacket(false),
      m_sessionCount(0),
      m_arrivals(0),
      m_completed(0),
      m_flowBytes(0),
      m_arrivedBytes(0),
      m_completedBytes(0),
      m_pages(0),
      m_running(false),
      m_activeFlows(0)
{
    NS_LOG_FUNCTION(this);
    m_interArrival = CreateObject<ExponentialRandomVariable>();
}

ShortFlowApplication::~ShortFlowApplication()
{
    NS_LOG_FUNCTION(this);
}

void
ShortFlowApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_nextArrival.Cancel();
    for (Session& session : m_sessions)
    {
        session.next.Cancel();
    }
    m_sessions.clear();
    m_flows.clear();
    m_interArrival = nullptr;
    m_embedded = nullptr;
    m_activeOff = nullptr;
    m_think = nullptr;
    m_sizeVariable = nullptr;
    Application::DoDispose();
}

int64_t
ShortFlowApplication::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_interArrival->SetStream(stream);
    return 1;
}

uint64_t
ShortFlowApplication::GetArrivals() const
{
    return m_arrivals;
}

uint64_t
ShortFlowApplication::GetCompletedFlows() const
{
    return m_completed;
}

uint32_t
ShortFlowApplication::GetActiveFlows() const
{
    return m_activeFlows;
}

uint64_t
ShortFlowApplication::GetFlowBytes() const
{
    return m_flowBytes;
}

uint64_t
ShortFlowApplication::GetArrivedBytes() const
{
    return m_arrivedBytes;
}

uint64_t
ShortFlowApplication::GetCompletedBytes() const
{
    return m_completedBytes;
}

Time
ShortFlowApplication::GetCompletionTimeSum() const
{
    return m_completionTimeSum;
}

uint64_t
ShortFlowApplication::GetCompletedPages() const
{
    return m_pages;
}

void
ShortFlowApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_remote.IsInvalid(), "ShortFlowApplication: attribute Remote is not set");
    NS_ABORT_MSG_UNLESS(m_congestionTypeId.IsChildOf(TcpCongestionOps::GetTypeId()),
                        "ShortFlowApplication: CongestionControl must be a TcpCongestionOps, not "
                            << m_congestionTypeId.GetName());
    NS_ABORT_MSG_UNLESS(m_arrivalRate >= 0 && m_arrivalRate <= MAX_ARRIVAL_RATE,
                        "ShortFlowApplication: ArrivalRate must be in [0, 1e6] flows/s, got "
                            << m_arrivalRate);
    m_running = true;
    if (m_sessionCount == 0)
    {
        ScheduleNextArrival();
        return;
    }
    // Every session starts thinking, so that they do not all request a page at once.
    m_sessions.assign(m_sessionCount, Session());
    for (uint32_t s = 0; s < m_sessionCount; ++s)
    {
        const double think = m_think ? Draw(m_think, "ThinkTimeVariable", MAX_OFF_SECONDS) : 0;
        m_sessions[s].next =
            Simulator::Schedule(Seconds(think), &ShortFlowApplication::FetchPage, this, s);
    }
}

void
ShortFlowApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_nextArrival.Cancel();
    for (Session& session : m_sessions)
    {
        session.next.Cancel();
    }
}

double
ShortFlowApplication::Draw(Ptr<RandomVariableStream> variable, const char* name, double max)
{
    const double value = variable->GetValue();
    NS_ABORT_MSG_UNLESS(std::isfinite(value) && value >= 0 && value <= max,
                        "ShortFlowApplication: " << name << " drew " << value << "; valid: 0.."
                                                 << max);
    return value;
}

void
ShortFlowApplication::FetchPage(uint32_t session)
{
    NS_LOG_FUNCTION(this << session);
    Session& s = m_sessions[session];
    const double embedded =
        m_embedded ? Draw(m_embedded, "EmbeddedObjectsVariable", MAX_EMBEDDED_OBJECTS) : 0;
    s.objectsLeft = 1 + static_cast<uint32_t>(std::llround(embedded));
    s.pageStart = Simulator::Now();
    NS_LOG_DEBUG("session " << session << ": page of " << s.objectsLeft << " objects");
    Open(session);
}

void
ShortFlowApplication::ObjectDone(uint32_t session)
{
    NS_LOG_FUNCTION(this << session);
    if (!m_running)
    {
        return;
    }
    Session& s = m_sessions[session];
    if (--s.objectsLeft > 0)
    {
        const double off =
            m_activeOff ? Draw(m_activeOff, "ActiveOffVariable", MAX_OFF_SECONDS) : 0;
        s.next = Simulator::Schedule(Seconds(off),
                                     &ShortFlowApplication::Open,
                                     this,
                                     static_cast<int64_t>(session));
        return;
    }
    ++m_pages;
    m_pageCompleted(Simulator::Now() - s.pageStart);
    const double think = m_think ? Draw(m_think, "ThinkTimeVariable", MAX_OFF_SECONDS) : 0;
    s.next = Simulator::Schedule(Seconds(think), &ShortFlowApplication::FetchPage, this, session);
}

void
ShortFlowApplication::ScheduleNextArrival()
{
    NS_LOG_FUNCTION(this);
    if (m_arrivalRate <= 0)
    {
        NS_LOG_LOGIC("arrival rate 0: no flows");
        return;
    }
    const double gap = m_interArrival->GetValue(1.0 / m_arrivalRate, 0);
    NS_LOG_DEBUG("next arrival in " << gap << " s");
    m_nextArrival = Simulator::Schedule(Seconds(gap), &ShortFlowApplication::Arrive, this);
}

void
ShortFlowApplication::Arrive()
{
    NS_LOG_FUNCTION(this);
    Open(-1);
    ScheduleNextArrival();
}

void
ShortFlowApplication::Open(int64_t session)
{
    NS_LOG_FUNCTION(this << session);
    Ptr<Socket> socket;
    if (m_subPacket || TcpSubPacketSocket::UsedByDefault())
    {
        socket = TcpSubPacketSocket::Create(GetNode());
    }
    else
    {
        socket = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    }
    Ptr<TcpSocketBase> tcp = DynamicCast<TcpSocketBase>(socket);
    NS_ABORT_MSG_UNLESS(tcp, "ShortFlowApplication: the node's TCP socket is not a TcpSocketBase");
    ObjectFactory congestion(m_congestionTypeId.GetName());
    tcp->SetCongestionControlAlgorithm(congestion.Create<TcpCongestionOps>());
    if (m_useEcn)
    {
        tcp->SetAttribute("UseEcn", EnumValue(TcpSocketState::On));
    }
    tcp->SetAttribute("MaxSegLifetime", DoubleValue(m_timeWaitLifetime.GetSeconds() / 2));
    UintegerValue segmentSize;
    UintegerValue bufferSize;
    tcp->GetAttribute("SegmentSize", segmentSize);
    tcp->GetAttribute("SndBufSize", bufferSize);
    m_flowBytes = static_cast<uint64_t>(m_flowSize) * segmentSize.Get();
    if (m_sizeVariable)
    {
        // Whole bytes of a drawn number of segments: the mean size is the variable's.
        const double draw = Draw(m_sizeVariable, "FlowSizeVariable", MAX_FLOW_SIZE);
        m_flowBytes = std::max<uint64_t>(1, std::llround(draw * segmentSize.Get()));
    }
    m_arrivedBytes += m_flowBytes;
    m_flowArrived(m_flowBytes);
    NS_ABORT_MSG_IF(socket->Bind() == -1, "ShortFlowApplication: bind failed");
    socket->SetConnectCallback(MakeCallback(&ShortFlowApplication::OnConnected, this),
                               MakeCallback(&ShortFlowApplication::OnConnectionFailed, this));
    socket->SetSendCallback(MakeCallback(&ShortFlowApplication::OnSendAvailable, this));
    Flow flow;
    flow.arrival = Simulator::Now();
    flow.bufferSize = static_cast<uint32_t>(bufferSize.Get());
    flow.remaining = m_flowBytes;
    flow.total = m_flowBytes;
    flow.session = session;
    m_flows[socket] = flow;
    ++m_arrivals;
    m_activeFlows = m_flows.size();
    socket->Connect(m_remote);
}

void
ShortFlowApplication::OnConnected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    auto it = m_flows.find(socket);
    NS_ABORT_MSG_IF(it == m_flows.end(), "ShortFlowApplication: unknown socket connected");
    HandOver(socket, it->second);
}

void
ShortFlowApplication::HandOver(Ptr<Socket> socket, Flow& flow)
{
    const uint32_t size =
        static_cast<uint32_t>(std::min<uint64_t>(flow.remaining, socket->GetTxAvailable()));
    if (size > 0)
    {
        const int sent = socket->Send(Create<Packet>(size));
        NS_ABORT_MSG_IF(sent != static_cast<int>(size),
                        "ShortFlowApplication: the socket took " << sent << " of " << size
                                                                 << " bytes");
        flow.remaining -= size;
    }
    if (flow.remaining == 0)
    {
        flow.sent = true;
        socket->Close(); // deferred by TCP until the data is sent: the FIN follows it
    }
}

void
ShortFlowApplication::OnConnectionFailed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    NS_LOG_LOGIC("connection failed: flow abandoned");
    const int64_t session = m_flows.at(socket).session;
    Forget(socket);
    if (session >= 0)
    {
        ObjectDone(static_cast<uint32_t>(session));
    }
}

void
ShortFlowApplication::OnSendAvailable(Ptr<Socket> socket, uint32_t available)
{
    NS_LOG_FUNCTION(this << socket << available);
    auto it = m_flows.find(socket);
    if (it != m_flows.end() && !it->second.sent && it->second.remaining > 0 &&
        it->second.remaining < it->second.total)
    {
        HandOver(socket, it->second); // a flow larger than the buffer: the rest as room frees
        return;
    }
    if (it == m_flows.end() || !it->second.sent || available < it->second.bufferSize)
    {
        return;
    }
    const Time duration = Simulator::Now() - it->second.arrival;
    NS_LOG_DEBUG("flow completed in " << duration.As(Time::MS));
    ++m_completed;
    m_completedBytes += it->second.total;
    m_completionTimeSum += duration;
    const int64_t session = it->second.session;
    Forget(socket);
    m_flowCompleted(duration);
    if (session >= 0)
    {
        ObjectDone(static_cast<uint32_t>(session));
    }
}

void
ShortFlowApplication::Forget(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    // The socket is calling us: erase its entry (maybe its last reference) once the call is over.
    // The callbacks stay: they ignore a socket that is no longer in m_flows.
    m_flows.at(socket).sent = false;
    Simulator::ScheduleNow(&ShortFlowApplication::Erase, this, socket);
}

void
ShortFlowApplication::Erase(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    m_flows.erase(socket);
    m_activeFlows = m_flows.size();
}

} // namespace ns3
