/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-sender-agent.h"

#include "monaco-header.h"
#include "tcp-monaco.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/object-ptr-container.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MonacoSenderAgent");
NS_OBJECT_ENSURE_REGISTERED(MonacoSenderAgent);

TypeId
MonacoSenderAgent::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MonacoSenderAgent")
            .SetParent<Application>()
            .SetGroupName("Dualcc")
            .AddConstructor<MonacoSenderAgent>()
            .AddAttribute("Remote",
                          "IPv4 address of the receiver agent (the flow's sink host): an "
                          "address of a node's interface (checked at start); 0.0.0.0: the "
                          "address of interface 1 of the node given with SetPeer, read at start.",
                          Ipv4AddressValue(Ipv4Address::GetAny()),
                          MakeIpv4AddressAccessor(&MonacoSenderAgent::m_remote),
                          MakeIpv4AddressChecker())
            .AddAttribute("Port",
                          "UDP port of the receiver agent, 1..65535 (0 is no port).",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&MonacoSenderAgent::m_port),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("TargetAccumulation",
                          "The target accumulation a* sent in each forward OB, bytes; in "
                          "[1, 1e9] (the paper: 3 packets of 1000 bytes).",
                          UintegerValue(3000),
                          MakeUintegerAccessor(&MonacoSenderAgent::m_target),
                          MakeUintegerChecker<uint32_t>(1, 1000000000))
            .AddAttribute("FindCongestionControl",
                          "Hand the answers to the TcpMonaco of the flow's own socket, found "
                          "when the flow's first data packet leaves (TcpL4Protocol SocketList, "
                          "matched by that packet's ports and destination; its CongestionOps), "
                          "and send its TargetAccumulation; aborts if that congestion control is "
                          "not a TcpMonaco. false: the callback of SetFeedbackCallback() (none: "
                          "the answers are only traced). MonacoHelper sets true.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&MonacoSenderAgent::m_findCongestion),
                          MakeBooleanChecker())
            .AddAttribute("InitialRto",
                          "Retransmission timeout of the control pairs before the first round "
                          "trip sample (RFC 6298: 1 s); in [1 ms, 3600 s], then clamped to "
                          "[MinRto, MaxRto].",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&MonacoSenderAgent::m_initialRto),
                          MakeTimeChecker(MilliSeconds(1), Seconds(3600)))
            .AddAttribute("MinRto",
                          "Lower bound of the control pairs' retransmission timeout (Linux' "
                          "TCP_RTO_MIN, 200 ms); in [1 ms, 3600 s], <= MaxRto.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&MonacoSenderAgent::m_minRto),
                          MakeTimeChecker(MilliSeconds(1), Seconds(3600)))
            .AddAttribute("MaxRto",
                          "Upper bound of the control pairs' retransmission timeout, doubling "
                          "included (RFC 6298: at least 60 s); in [1 ms, 3600 s], >= MinRto.",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&MonacoSenderAgent::m_maxRto),
                          MakeTimeChecker(MilliSeconds(1), Seconds(3600)))
            .AddTraceSource("ControlSequence",
                            "Sequence number of the control pair last sent.",
                            MakeTraceSourceAccessor(&MonacoSenderAgent::m_sequence),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("ControlRtt",
                            "Round trip of the last answered pair (forward OB out, reverse OB "
                            "back).",
                            MakeTraceSourceAccessor(&MonacoSenderAgent::m_controlRtt),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("Timeouts",
                            "Control pairs timed out so far.",
                            MakeTraceSourceAccessor(&MonacoSenderAgent::m_timeouts),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

MonacoSenderAgent::MonacoSenderAgent()
    : m_port(0),
      m_target(0),
      m_findCongestion(false),
      m_sequence(0),
      m_timeouts(0)
{
    NS_LOG_FUNCTION(this);
}

MonacoSenderAgent::~MonacoSenderAgent()
{
    NS_LOG_FUNCTION(this);
}

void
MonacoSenderAgent::SetPeer(Ptr<Node> peer)
{
    NS_LOG_FUNCTION(this << peer);
    m_peer = peer;
}

void
MonacoSenderAgent::SetFeedbackCallback(Callback<void, const MonacoFeedback&> callback)
{
    NS_LOG_FUNCTION(this);
    m_feedback = callback;
}

Ipv4Address
MonacoSenderAgent::GetRemote() const
{
    return m_remote;
}

void
MonacoSenderAgent::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_pairEvent.Cancel();
    m_timer.Cancel();
    m_peer = nullptr;
    m_socket = nullptr;
    m_rtt = nullptr;
    m_feedback = MakeNullCallback<void, const MonacoFeedback&>();
    Application::DoDispose();
}

bool
MonacoSenderAgent::IsNodeAddress(Ipv4Address address)
{
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        Ptr<Ipv4> ipv4 = (*node)->GetObject<Ipv4>();
        for (uint32_t i = 0; ipv4 && i < ipv4->GetNInterfaces(); ++i)
        {
            for (uint32_t j = 0; j < ipv4->GetNAddresses(i); ++j)
            {
                if (ipv4->GetAddress(i, j).GetLocal() == address)
                {
                    return true;
                }
            }
        }
    }
    return false;
}

void
MonacoSenderAgent::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_minRto > m_maxRto,
                    "ns3::MonacoSenderAgent::MinRto = "
                        << m_minRto.GetSeconds()
                        << " s must be <= ns3::MonacoSenderAgent::MaxRto = "
                        << m_maxRto.GetSeconds() << " s");
    if (m_remote == Ipv4Address::GetAny())
    {
        NS_ABORT_MSG_IF(!m_peer,
                        "ns3::MonacoSenderAgent::Remote is unset (0.0.0.0) and no peer node was "
                        "given with SetPeer");
        Ptr<Ipv4> peerIpv4 = m_peer->GetObject<Ipv4>();
        NS_ABORT_MSG_IF(!peerIpv4 || peerIpv4->GetNInterfaces() < 2,
                        "ns3::MonacoSenderAgent::Remote is unset and the peer node "
                            << m_peer->GetId() << " has no IPv4 interface 1");
        m_remote = peerIpv4->GetAddress(1, 0).GetLocal();
    }
    NS_ABORT_MSG_IF(!IsNodeAddress(m_remote),
                    "ns3::MonacoSenderAgent::Remote = "
                        << m_remote
                        << " is not the IPv4 address of any node's interface: its control "
                           "packets would be lost; valid: the address of the receiver agent's "
                           "node, or 0.0.0.0 with SetPeer");

    m_rtt = CreateObject<RttMeanDeviation>();
    // RFC 6298's gains, whatever RttMeanDeviation's global defaults are (the testbed sets
    // Alpha = 1 for TCP's own estimator).
    m_rtt->SetAttribute("Alpha", DoubleValue(RTT_GAIN));
    m_rtt->SetAttribute("Beta", DoubleValue(RTT_VARIATION_GAIN));

    Ptr<Ipv4L3Protocol> ipv4 = GetNode()->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_IF(!ipv4, "MonacoSenderAgent: the node has no IPv4 stack");
    ipv4->TraceConnectWithoutContext("Tx", MakeCallback(&MonacoSenderAgent::OnIpv4Tx, this));
    m_traceConnected = true;

    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind() != 0, "MonacoSenderAgent: cannot bind a UDP socket");
    // Connected, so that Send() takes the TOS from the socket in every ns-3 release (SendTo of
    // ns-3.35 to 3.37 takes it from the address).
    m_socket->Connect(InetSocketAddress(m_remote, m_port));
    m_socket->SetRecvCallback(MakeCallback(&MonacoSenderAgent::OnReceive, this));
    NS_LOG_LOGIC("remote " << m_remote << ":" << m_port << ", target " << m_target << " B");
}

void
MonacoSenderAgent::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_pairEvent.Cancel();
    m_timer.Cancel();
    m_waiting = false;
    if (m_traceConnected)
    {
        GetNode()->GetObject<Ipv4L3Protocol>()->TraceDisconnectWithoutContext(
            "Tx",
            MakeCallback(&MonacoSenderAgent::OnIpv4Tx, this));
        m_traceConnected = false;
    }
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
}

void
MonacoSenderAgent::OnIpv4Tx(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface)
{
    Ipv4Header header;
    packet->PeekHeader(header);
    if (header.GetProtocol() != TcpL4Protocol::PROT_NUMBER || header.GetDestination() != m_remote)
    {
        return;
    }
    m_sent += packet->GetSize();
    if (m_pairsStarted)
    {
        return;
    }
    Ptr<Packet> segment = packet->Copy();
    segment->RemoveHeader(header);
    TcpHeader tcpHeader;
    segment->PeekHeader(tcpHeader);
    if (segment->GetSize() > tcpHeader.GetSerializedSize())
    {
        // After this packet, in the same instant: the IB counts it and follows it.
        NS_LOG_LOGIC("first data packet: the control pairs start");
        if (m_findCongestion)
        {
            BindFlowCongestionControl(tcpHeader);
        }
        m_pairsStarted = true;
        m_pairEvent = Simulator::ScheduleNow(&MonacoSenderAgent::SendPair, this);
    }
}

void
MonacoSenderAgent::BindFlowCongestionControl(const TcpHeader& tcp)
{
    NS_LOG_FUNCTION(this);
    Ptr<TcpL4Protocol> l4 = GetNode()->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_UNLESS(l4, "MonacoSenderAgent: the node has no TcpL4Protocol");
    // "SocketList" is an ObjectVector up to ns-3.3x and an ObjectMap in later releases: both
    // are an ObjectPtrContainerValue.
    ObjectPtrContainerValue sockets;
    l4->GetAttribute("SocketList", sockets);
    Ptr<TcpSocketBase> found;
    for (auto it = sockets.Begin(); it != sockets.End(); ++it)
    {
        Ptr<TcpSocketBase> socket = DynamicCast<TcpSocketBase>(it->second);
        Address local;
        Address peer;
        if (!socket || socket->GetSockName(local) != 0 || socket->GetPeerName(peer) != 0 ||
            !InetSocketAddress::IsMatchingType(local) || !InetSocketAddress::IsMatchingType(peer))
        {
            continue;
        }
        const InetSocketAddress l = InetSocketAddress::ConvertFrom(local);
        const InetSocketAddress p = InetSocketAddress::ConvertFrom(peer);
        if (l.GetPort() == tcp.GetSourcePort() && p.GetPort() == tcp.GetDestinationPort() &&
            p.GetIpv4() == m_remote)
        {
            found = socket;
            break;
        }
    }
    NS_ABORT_MSG_UNLESS(found,
                        "MonacoSenderAgent (MonacoHelper) on node "
                            << GetNode()->GetId() << ": no TCP socket of the node sends from port "
                            << tcp.GetSourcePort() << " to " << m_remote << ":"
                            << tcp.GetDestinationPort());
    PointerValue congestion;
    found->GetAttribute("CongestionOps", congestion);
    Ptr<TcpMonaco> monaco = DynamicCast<TcpMonaco>(congestion.GetObject());
    NS_ABORT_MSG_UNLESS(monaco,
                        "MonacoSenderAgent (MonacoHelper) on node "
                            << GetNode()->GetId() << ": the flow to " << m_remote << ":"
                            << tcp.GetDestinationPort() << " runs "
                            << (congestion.GetObject()
                                    ? congestion.GetObject()->GetInstanceTypeId().GetName()
                                    : std::string("no congestion control"))
                            << ", not ns3::TcpMonaco: set ns3::TcpL4Protocol::SocketType to "
                               "ns3::TcpMonaco on the source node, or do not install Monaco's "
                               "agents for this flow");
    m_feedback = MakeCallback(&TcpMonaco::ReceiveFeedback, monaco);
    m_target = static_cast<uint32_t>(std::lround(monaco->GetConfig().targetAccumulation));
    NS_LOG_LOGIC("bound to the TcpMonaco of the socket from port " << tcp.GetSourcePort()
                                                                   << ", target " << m_target);
}

Time
MonacoSenderAgent::GetRto() const
{
    Time rto = m_initialRto;
    if (m_rtt && m_rtt->GetNSamples() > 0)
    {
        rto = m_rtt->GetEstimate() +
              Max(MilliSeconds(CLOCK_GRANULARITY_MS), 4 * m_rtt->GetVariation());
    }
    return Min(Max(rto, m_minRto), m_maxRto);
}

void
MonacoSenderAgent::SendPair()
{
    NS_LOG_FUNCTION(this);
    m_sequence = m_sequence + 1;

    MonacoHeader ob;
    ob.SetPacketType(MonacoHeader::FORWARD_OB);
    ob.SetSequence(m_sequence);
    ob.SetAccumulation(m_target);
    Ptr<Packet> obPacket = Create<Packet>();
    obPacket->AddHeader(ob);
    m_socket->SetIpTos(OUT_OF_BAND_TOS);
    m_socket->Send(obPacket);

    MonacoHeader ib;
    ib.SetPacketType(MonacoHeader::FORWARD_IB);
    ib.SetSequence(m_sequence);
    ib.SetSentBytes(m_sent);
    Ptr<Packet> ibPacket = Create<Packet>();
    ibPacket->AddHeader(ib);
    m_socket->SetIpTos(0);
    m_socket->Send(ibPacket);

    m_pairSent = Simulator::Now();
    m_waiting = true;
    Time rto = GetRto();
    for (uint32_t i = 0; i < m_backoff && rto < m_maxRto; ++i)
    {
        rto = 2 * rto;
    }
    rto = Min(rto, m_maxRto);
    NS_LOG_DEBUG("pair " << m_sequence << ", sent " << m_sent << " B, RTO " << rto.As(Time::MS));
    m_timer.Cancel();
    m_timer = Simulator::Schedule(rto, &MonacoSenderAgent::OnTimeout, this);
}

void
MonacoSenderAgent::OnTimeout()
{
    NS_LOG_FUNCTION(this);
    NS_LOG_LOGIC("pair " << m_sequence << " timed out");
    m_timeouts = m_timeouts + 1;
    ++m_backoff;
    SendPair();
}

void
MonacoSenderAgent::OnReceive(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    Ptr<Packet> packet;
    while ((packet = socket->Recv()))
    {
        if (packet->GetSize() < MonacoHeader::SERIALIZED_SIZE)
        {
            NS_LOG_LOGIC("dropped: " << packet->GetSize() << " bytes, not a control packet");
            continue;
        }
        MonacoHeader header;
        packet->RemoveHeader(header);
        if (!header.IsValid() || header.GetPacketType() != MonacoHeader::REVERSE_OB)
        {
            NS_LOG_LOGIC("dropped: not a valid reverse OB: " << header);
            continue;
        }
        if (!m_waiting || header.GetSequence() != m_sequence)
        {
            NS_LOG_LOGIC("ignored the answer to pair " << header.GetSequence() << " (current "
                                                       << m_sequence << ")");
            continue;
        }
        m_timer.Cancel();
        m_waiting = false;
        m_backoff = 0;
        const Time rtt = Simulator::Now() - m_pairSent;
        m_rtt->Measurement(rtt);
        m_controlRtt = rtt;

        MonacoFeedback feedback;
        feedback.sequence = header.GetSequence();
        feedback.flag = header.GetFlag();
        feedback.accumulation = header.GetAccumulation();
        feedback.forwardQueueing = header.GetForwardQueueing();
        feedback.egressRate = header.GetEgressRate();
        feedback.pairSent = m_pairSent;
        feedback.controlRtt = rtt;
        feedback.propagationRtt = rtt - feedback.forwardQueueing;
        NS_LOG_DEBUG("answer " << feedback.sequence << ": flag " << int(feedback.flag) << ", a "
                               << feedback.accumulation << " B, rtt " << rtt.As(Time::MS));
        if (!m_feedback.IsNull())
        {
            m_feedback(feedback);
        }
        // The callback may have stopped the agent.
        if (m_socket)
        {
            SendPair();
        }
    }
}

} // namespace ns3
