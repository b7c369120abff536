/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-receiver-agent.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MonacoReceiverAgent");
NS_OBJECT_ENSURE_REGISTERED(MonacoReceiverAgent);

namespace
{
/// IP TOS byte of out-of-band packets: DSCP 46 (EF) in its 6 high bits.
constexpr uint8_t OUT_OF_BAND_TOS = 0xB8;
} // namespace

TypeId
MonacoReceiverAgent::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MonacoReceiverAgent")
            .SetParent<Application>()
            .SetGroupName("Dualcc")
            .AddConstructor<MonacoReceiverAgent>()
            .AddAttribute("Port",
                          "UDP port the agent listens on for forward control packets, 1..65535 "
                          "(0 would be a random port the senders do not know).",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&MonacoReceiverAgent::m_port),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("RateGain",
                          "Gain g of the egress-rate EWMA, x <- (1 - g) x + g s per control "
                          "period (dimensionless); in (0, 1].",
                          DoubleValue(MonacoEstimator::DEFAULT_RATE_GAIN),
                          MakeDoubleAccessor(&MonacoReceiverAgent::m_rateGain),
                          // (0, 1]: the smallest positive double is the closed lower bound.
                          MakeDoubleChecker<double>(std::numeric_limits<double>::denorm_min(), 1))
            .AddTraceSource("Accumulation",
                            "Accumulation estimate a = x (ftt_q + virtual delay) of an answered "
                            "pair, bytes (before rounding).",
                            MakeTraceSourceAccessor(&MonacoReceiverAgent::m_accumulationTrace),
                            "ns3::MonacoReceiverAgent::ValueTracedCallback")
            .AddTraceSource("ForwardQueueing",
                            "Forward queueing time ftt_q = t(IB) - t(OB) of an answered pair.",
                            MakeTraceSourceAccessor(&MonacoReceiverAgent::m_forwardQueueingTrace),
                            "ns3::Time::TracedCallback")
            .AddTraceSource("EgressRate",
                            "Egress-rate average x of the flow at an answered pair, bytes/s "
                            "(IPv4 bytes).",
                            MakeTraceSourceAccessor(&MonacoReceiverAgent::m_egressRateTrace),
                            "ns3::MonacoReceiverAgent::ValueTracedCallback")
            .AddTraceSource(
                "CountedAccumulation",
                "Data bytes (IPv4) that arrived between OB(n) and IB(n) of an answered pair: "
                "the counted reading of Little's law, a cross-check of Accumulation.",
                MakeTraceSourceAccessor(&MonacoReceiverAgent::m_countedAccumulationTrace),
                "ns3::MonacoReceiverAgent::BytesTracedCallback")
            .AddTraceSource("Feedback",
                            "A reverse OB sent: its sequence number and flag.",
                            MakeTraceSourceAccessor(&MonacoReceiverAgent::m_feedbackTrace),
                            "ns3::MonacoReceiverAgent::FeedbackTracedCallback");
    return tid;
}

MonacoReceiverAgent::MonacoReceiverAgent()
    : m_port(0),
      m_rateGain(MonacoEstimator::DEFAULT_RATE_GAIN)
{
    NS_LOG_FUNCTION(this);
}

MonacoReceiverAgent::~MonacoReceiverAgent()
{
    NS_LOG_FUNCTION(this);
}

void
MonacoReceiverAgent::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_flows.clear();
    Application::DoDispose();
}

void
MonacoReceiverAgent::StartApplication()
{
    NS_LOG_FUNCTION(this);
    // The checker bounds RateGain; an estimator built with it cannot throw.
    const std::string error = MonacoEstimator::CheckRateGain(m_rateGain);
    NS_ABORT_MSG_IF(!error.empty(), "ns3::MonacoReceiverAgent::" << error);

    Ptr<Ipv4L3Protocol> ipv4 = GetNode()->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_IF(!ipv4, "MonacoReceiverAgent: the node has no IPv4 stack");
    ipv4->TraceConnectWithoutContext("Rx", MakeCallback(&MonacoReceiverAgent::OnIpv4Rx, this));
    m_traceConnected = true;

    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    "ns3::MonacoReceiverAgent::Port: cannot bind UDP port " << m_port);
    // Replies leave as EF: the socket's TOS sets their priority tag; see HandleIb for the TOS
    // byte itself.
    m_socket->SetIpTos(OUT_OF_BAND_TOS);
    m_socket->SetRecvCallback(MakeCallback(&MonacoReceiverAgent::OnReceive, this));
}

void
MonacoReceiverAgent::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_traceConnected)
    {
        GetNode()->GetObject<Ipv4L3Protocol>()->TraceDisconnectWithoutContext(
            "Rx",
            MakeCallback(&MonacoReceiverAgent::OnIpv4Rx, this));
        m_traceConnected = false;
    }
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
}

MonacoReceiverAgent::Flow&
MonacoReceiverAgent::GetFlow(Ipv4Address source)
{
    auto it = m_flows.find(source);
    if (it == m_flows.end())
    {
        Flow flow;
        flow.estimator.SetRateGain(m_rateGain);
        it = m_flows.emplace(source, flow).first;
    }
    return it->second;
}

void
MonacoReceiverAgent::OnIpv4Rx(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface)
{
    Ipv4Header header;
    packet->PeekHeader(header);
    if (header.GetProtocol() != TcpL4Protocol::PROT_NUMBER)
    {
        return;
    }
    GetFlow(header.GetSource()).estimator.DataArrived(Simulator::Now(), packet->GetSize());
}

void
MonacoReceiverAgent::OnReceive(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    Address from;
    Ptr<Packet> packet;
    while ((packet = socket->RecvFrom(from)))
    {
        if (packet->GetSize() < MonacoHeader::SERIALIZED_SIZE ||
            !InetSocketAddress::IsMatchingType(from))
        {
            NS_LOG_LOGIC("dropped: " << packet->GetSize() << " bytes from " << from
                                     << ", not a control packet");
            continue;
        }
        MonacoHeader header;
        packet->RemoveHeader(header);
        if (!header.IsValid())
        {
            NS_LOG_LOGIC("dropped an invalid control packet: " << header);
            continue;
        }
        const Ipv4Address source = InetSocketAddress::ConvertFrom(from).GetIpv4();
        switch (header.GetPacketType())
        {
        case MonacoHeader::FORWARD_OB:
            NS_LOG_DEBUG("OB " << header.GetSequence() << " from " << source);
            GetFlow(source).estimator.ObArrived(Simulator::Now(),
                                                header.GetSequence(),
                                                header.GetAccumulation());
            break;
        case MonacoHeader::FORWARD_IB:
            HandleIb(header, from);
            break;
        default:
            NS_LOG_LOGIC("dropped a reverse OB sent to the receiver agent: " << header);
            break;
        }
    }
}

void
MonacoReceiverAgent::HandleIb(const MonacoHeader& header, const Address& from)
{
    NS_LOG_FUNCTION(this << header << from);
    Flow& flow = GetFlow(InetSocketAddress::ConvertFrom(from).GetIpv4());
    const MonacoEstimator::Answer answer = flow.estimator.IbArrived(Simulator::Now(),
                                                                    header.GetSequence(),
                                                                    header.GetSentBytes(),
                                                                    header.GetVirtualDelay());
    if (!answer.answered)
    {
        NS_LOG_LOGIC("IB " << answer.sequence << " without its OB: no answer"
                           << (answer.lossDetected ? " (loss kept for the next answer)" : ""));
        return;
    }
    NS_LOG_DEBUG("IB " << answer.sequence << ": s=" << answer.rateSample
                       << " x=" << answer.egressRate << " fttq=" << answer.forwardQueueing
                       << " a=" << answer.accumulation << " sent=" << answer.sentDelta
                       << " recv=" << answer.receivedDelta << " flag=" << int(answer.flag));

    // The symptom of a path without the priority band (see the class description).
    const uint32_t packetBytes = flow.estimator.GetLargestPacket();
    if (answer.flag == MonacoHeader::DECREASE_LOSS && !m_warnedNoPriority &&
        flow.pairsBelowPacket >= NO_PRIORITY_PAIRS)
    {
        NS_LOG_WARN("MonacoReceiverAgent on node "
                    << GetNode()->GetId() << ": loss reported after " << flow.pairsBelowPacket
                    << " control pairs with an accumulation below one packet (" << packetBytes
                    << " bytes): does every congested link give the OB packets (DSCP EF) a "
                       "priority band (PriorityObQueueDisc)?");
        m_warnedNoPriority = true;
    }
    flow.pairsBelowPacket = answer.accumulation < packetBytes ? flow.pairsBelowPacket + 1 : 0;

    MonacoHeader reply;
    reply.SetPacketType(MonacoHeader::REVERSE_OB);
    reply.SetSequence(answer.sequence);
    reply.SetFlag(answer.flag);
    reply.SetAccumulation(answer.roundedAccumulation);
    const double rateCap = std::numeric_limits<uint32_t>::max();
    reply.SetEgressRate(static_cast<uint32_t>(std::min(std::round(answer.egressRate), rateCap)));
    reply.SetForwardQueueing(answer.forwardQueueing);
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(reply);
    // The TOS byte travels in a tag: ns-3.35 to 3.37 take SendTo's TOS from the address (0
    // here, which leaves this tag alone), later releases from the socket (0xB8 as well).
    SocketIpTosTag tosTag;
    tosTag.SetTos(OUT_OF_BAND_TOS);
    packet->AddPacketTag(tosTag);
    m_socket->SendTo(packet, 0, from);

    m_accumulationTrace(answer.accumulation);
    m_forwardQueueingTrace(answer.forwardQueueing);
    m_egressRateTrace(answer.egressRate);
    m_countedAccumulationTrace(answer.countedAccumulation);
    m_feedbackTrace(answer.sequence, answer.flag);
}

} // namespace ns3
