/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "persistent-flow-application.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/ecn-marks-as-price.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/tcp-sub-packet-socket.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PersistentFlowApplication");
NS_OBJECT_ENSURE_REGISTERED(PersistentFlowApplication);

TypeId
PersistentFlowApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PersistentFlowApplication")
            .SetParent<Application>()
            .SetGroupName("Dualcc")
            .AddConstructor<PersistentFlowApplication>()
            .AddAttribute("Remote",
                          "The address (InetSocketAddress) of the sink.",
                          AddressValue(),
                          MakeAddressAccessor(&PersistentFlowApplication::m_remote),
                          MakeAddressChecker())
            .AddAttribute("ChunkSize",
                          "Bytes handed to the socket per Send call, 1 to 16 MiB, rounded down "
                          "to whole segments (TcpSocket::SegmentSize) if at least one: a "
                          "segment that spans two pieces makes ns-3's TcpTxBuffer merge them "
                          "into real bytes (a piece's zeros are virtual). Larger chunks mean "
                          "fewer calls; what goes on the wire is set by the TCP's SegmentSize.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&PersistentFlowApplication::m_chunkSize),
                          MakeUintegerChecker<uint32_t>(1, 16 * 1024 * 1024))
            .AddAttribute("WriteAhead",
                          "Congestion windows of data kept written ahead of what TCP has sent, "
                          "0 to 64 windows (0: keep the socket's send buffer, "
                          "TcpSocket::SndBufSize, full). Whenever the socket reports room (every "
                          "new ACK, and whenever TCP has less data than its window allows) and "
                          "after every segment of new data sent, the unsent data is topped up to "
                          "WriteAhead x the congestion window in ChunkSize pieces, so TCP never "
                          "waits for data (it sends at most one window at a time) and a flow "
                          "holds its unacknowledged data plus at most WriteAhead windows and one "
                          "chunk, not SndBufSize bytes.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&PersistentFlowApplication::m_writeAhead),
                          MakeUintegerChecker<uint32_t>(0, 64))
            .AddAttribute("UseEcn",
                          "Make the socket ECN-capable (TcpSocketBase::UseEcn On) when it is "
                          "created; the receiver must accept ECN too.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&PersistentFlowApplication::m_useEcn),
                          MakeBooleanChecker())
            .AddAttribute("SubPacket",
                          "Use a TcpSubPacketSocket: the ECN response of RFC 3168 6.1.2 below "
                          "two segments (the window halves down to one segment, and an "
                          "ECN-Echo at one segment holds the next one for the retransmission "
                          "timer), as ns-2's TCP; false: ns-3's TcpSocketBase (unless the default "
                          "of TcpSubPacketSocket::KeepBackoff or Ns2LossResponse is true).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&PersistentFlowApplication::m_subPacket),
                          MakeBooleanChecker())
            .AddAttribute("Tos",
                          "The IPv4 TOS byte of the flow's packets, 0..255 (the DSCP is its 6 "
                          "high bits, e.g. 184 for EF; the ECN bits are TCP's to set)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PersistentFlowApplication::m_tos),
                          MakeUintegerChecker<uint8_t>())
            .AddAttribute("SendStart",
                          "Absolute time from which data is sent, >= 0 s. The connection is "
                          "opened when the application starts; if it is established before "
                          "SendStart, the source stays idle until then (0 s: send at once). "
                          "Opening connections ahead of time keeps handshakes off a congested "
                          "link: a SYN is not ECN-capable, so an ECN AQM with a high price drops "
                          "it, and ns-3 retries only after ConnTimeout (3 s), 6 s, 12 s, ...",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&PersistentFlowApplication::m_sendStart),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

PersistentFlowApplication::PersistentFlowApplication()
    : m_writeSize(0),
      m_writeAhead(2),
      m_useEcn(false),
      m_subPacket(false),
      m_connected(false),
      m_lastCwnd(0),
      m_rttSamples(0)
{
    NS_LOG_FUNCTION(this);
}

PersistentFlowApplication::~PersistentFlowApplication()
{
    NS_LOG_FUNCTION(this);
}

void
PersistentFlowApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_sendEvent.Cancel();
    m_socket = nullptr;
    m_congestionOps = nullptr;
    Application::DoDispose();
}

void
PersistentFlowApplication::SetCongestionControl(Ptr<TcpCongestionOps> congestionOps)
{
    NS_LOG_FUNCTION(this << congestionOps);
    NS_ABORT_MSG_IF(m_socket, "PersistentFlowApplication: set the congestion control before start");
    m_congestionOps = congestionOps;
}

Ptr<Socket>
PersistentFlowApplication::GetSocket() const
{
    return m_socket;
}

uint32_t
PersistentFlowApplication::GetLastCwnd() const
{
    return m_lastCwnd;
}

Time
PersistentFlowApplication::GetLastRtt() const
{
    return m_lastRtt;
}

Time
PersistentFlowApplication::GetMinRtt() const
{
    return m_minRtt;
}

uint64_t
PersistentFlowApplication::GetRttSamples() const
{
    return m_rttSamples;
}

void
PersistentFlowApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_remote.IsInvalid(), "PersistentFlowApplication: attribute Remote is not set");
    if (m_subPacket || TcpSubPacketSocket::UsedByDefault())
    {
        m_socket = TcpSubPacketSocket::Create(GetNode());
    }
    else
    {
        m_socket = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    }
    Ptr<TcpSocketBase> tcp = DynamicCast<TcpSocketBase>(m_socket);
    NS_ABORT_MSG_UNLESS(tcp,
                        "PersistentFlowApplication: the node's TCP socket is not a TcpSocketBase");
    if (m_congestionOps)
    {
        tcp->SetCongestionControlAlgorithm(m_congestionOps);
        if (EcnMarksAsPrice::ReadsMarksAsPrice(m_congestionOps))
        {
            // After EcnMarksAsPrice has undone an ECN CWR episode, the socket's recovery algorithm
            // still sets the window for that ACK. PRR sets it to at least the bytes in flight,
            // and ns-3.48's (rfc6937bis) adds a segment for every ECN-Echo ACK, so a source whose
            // ACKs are nearly all marked never falls to its price-set window (Vegas: 2x its target
            // rate). Classic recovery only inflates m_cWndInfl there, on every release alike.
            // The same rule as EcnPriceHelper's.
            ObjectFactory recovery(EcnMarksAsPrice::GetRecoveryTypeId().GetName());
            tcp->SetRecoveryAlgorithm(recovery.Create<TcpRecoveryOps>());
        }
    }
    if (m_useEcn)
    {
        tcp->SetAttribute("UseEcn", EnumValue(TcpSocketState::On));
    }
    tcp->TraceConnectWithoutContext("CongestionWindow",
                                    MakeCallback(&PersistentFlowApplication::OnCwnd, this));
    tcp->TraceConnectWithoutContext("RTT", MakeCallback(&PersistentFlowApplication::OnRtt, this));
    tcp->TraceConnectWithoutContext(
        "HighestSequence",
        MakeCallback(&PersistentFlowApplication::OnHighestSequence, this));
    UintegerValue segmentSize;
    tcp->GetAttribute("SegmentSize", segmentSize);
    const uint32_t segment = static_cast<uint32_t>(segmentSize.Get());
    m_writeSize = m_chunkSize >= segment ? m_chunkSize - m_chunkSize % segment : m_chunkSize;
    NS_ABORT_MSG_IF(m_socket->Bind() == -1, "PersistentFlowApplication: bind failed");
    m_socket->SetConnectCallback(
        MakeCallback(&PersistentFlowApplication::OnConnected, this),
        MakeCallback(&PersistentFlowApplication::OnConnectionFailed, this));
    m_socket->SetSendCallback(MakeCallback(&PersistentFlowApplication::OnSendAvailable, this));
    if (m_writeAhead > 0)
    {
        m_socket->SetDataSentCallback(MakeCallback(&PersistentFlowApplication::OnDataSent, this));
    }
    m_socket->Connect(m_remote);
    if (m_tos != 0)
    {
        // After Connect(): up to ns-3.40 it sets the TOS from the address (0 here).
        m_socket->SetIpTos(m_tos);
    }
}

void
PersistentFlowApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_sendEvent.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_connected = false;
    }
}

void
PersistentFlowApplication::Fill()
{
    if (Simulator::Now() < m_sendStart)
    {
        return; // connected ahead (the socket also reports room on connection): idle for now
    }
    // At least one byte ahead, so that a flow whose window is not known yet still starts.
    const uint64_t ahead = std::max<uint64_t>(uint64_t{m_writeAhead} * m_lastCwnd, 1);
    while (m_connected)
    {
        const uint32_t room = m_socket->GetTxAvailable();
        if (room == 0 || (m_writeAhead > 0 && GetUnsent() >= ahead))
        {
            return;
        }
        const uint32_t size = std::min(room, m_writeSize);
        if (m_socket->Send(Create<Packet>(size)) < 0)
        {
            return;
        }
    }
}

uint32_t
PersistentFlowApplication::GetUnsent() const
{
    const Ptr<TcpTxBuffer> buffer = StaticCast<TcpSocketBase>(m_socket)->GetTxBuffer();
    const SequenceNumber32 sent = std::max(buffer->HeadSequence(), m_highestSent);
    const SequenceNumber32 tail = buffer->TailSequence();
    return tail > sent ? static_cast<uint32_t>(tail - sent) : 0;
}

void
PersistentFlowApplication::OnSendAvailable(Ptr<Socket> socket, uint32_t available)
{
    Fill();
}

void
PersistentFlowApplication::OnDataSent(Ptr<Socket> socket, uint32_t bytes)
{
    // Duplicate ACKs (fast recovery) release new data without a send callback: top up after
    // every segment sent, so that TCP finds a full backlog at its next ACK, however long the
    // recovery (it only asks for data while some is left).
    Fill();
}

void
PersistentFlowApplication::OnConnected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    m_connected = true;
    if (Simulator::Now() < m_sendStart)
    {
        NS_LOG_LOGIC("connected ahead: idle until " << m_sendStart.As(Time::S));
        m_sendEvent = Simulator::Schedule(m_sendStart - Simulator::Now(),
                                          &PersistentFlowApplication::Fill,
                                          this);
        return;
    }
    Fill();
}

void
PersistentFlowApplication::OnConnectionFailed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    NS_LOG_WARN("PersistentFlowApplication: connection failed");
}

void
PersistentFlowApplication::OnCwnd(uint32_t oldValue, uint32_t newValue)
{
    m_lastCwnd = newValue;
}

void
PersistentFlowApplication::OnHighestSequence(SequenceNumber32 oldValue, SequenceNumber32 newValue)
{
    m_highestSent = newValue;
}

void
PersistentFlowApplication::OnRtt(Time oldValue, Time newValue)
{
    if (newValue.IsZero() || !m_connected)
    {
        return; // the handshake's sample: a SYN is shorter than a data packet
    }
    m_lastRtt = newValue;
    if (m_rttSamples == 0 || newValue < m_minRtt)
    {
        m_minRtt = newValue;
    }
    ++m_rttSamples;
}

} // namespace ns3
