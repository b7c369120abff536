/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-helper.h"

#include "ns3/address.h"
#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/fluid-source-law.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/monaco-header.h"
#include "ns3/monaco-receiver-agent.h"
#include "ns3/monaco-sender-agent.h"
#include "ns3/net-device.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/tcp-monaco.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MonacoHelper");

namespace
{

/// The device queue under the disc by default, packets (as the testbed's).
constexpr uint32_t DEFAULT_DEVICE_QUEUE_PACKETS = 1;

/**
 * \param node a node
 * \return its MonacoReceiverAgent, or null
 */
Ptr<MonacoReceiverAgent>
FindReceiver(Ptr<Node> node)
{
    for (uint32_t i = 0; i < node->GetNApplications(); ++i)
    {
        Ptr<MonacoReceiverAgent> receiver =
            DynamicCast<MonacoReceiverAgent>(node->GetApplication(i));
        if (receiver)
        {
            return receiver;
        }
    }
    return nullptr;
}

/**
 * \param address an IPv4 address
 * \return the node that has it on one of its interfaces, or null
 */
Ptr<Node>
FindNodeOf(Ipv4Address address)
{
    for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
    {
        Ptr<Ipv4> ipv4 = (*it)->GetObject<Ipv4>();
        if (ipv4 && ipv4->GetInterfaceForAddress(address) >= 0)
        {
            return *it;
        }
    }
    return nullptr;
}

/**
 * Refuse a missing node or a flow from a host to itself.
 * \param method the MonacoHelper method, for the message
 * \param source the source host
 * \param sink the sink host
 */
void
CheckEnds(const std::string& method, Ptr<Node> source, Ptr<Node> sink)
{
    if (!source || !sink)
    {
        throw std::invalid_argument("MonacoHelper::" + method + ": no source or no sink node");
    }
    if (source == sink)
    {
        throw std::invalid_argument("MonacoHelper::" + method + ": the source is the sink (node " +
                                    std::to_string(source->GetId()) + ")");
    }
}

} // namespace

MonacoHelper::MonacoHelper()
    : m_deviceQueue(QueueSizeUnit::PACKETS, DEFAULT_DEVICE_QUEUE_PACKETS)
{
    m_sender.SetTypeId(MonacoSenderAgent::GetTypeId());
    m_receiver.SetTypeId(MonacoReceiverAgent::GetTypeId());
}

void
MonacoHelper::SetSenderAttribute(const std::string& name, const AttributeValue& value)
{
    m_sender.Set(name, value);
}

void
MonacoHelper::SetReceiverAttribute(const std::string& name, const AttributeValue& value)
{
    m_receiver.Set(name, value);
}

ApplicationContainer
MonacoHelper::Install(Ptr<Node> source, Ptr<Node> sink) const
{
    CheckEnds("Install", source, sink);
    // The receiver first (the testbed's order): it must count the flow's first data byte.
    ApplicationContainer receiver = InstallReceiver(sink);
    ApplicationContainer created = InstallSender(source, sink);
    created.Add(receiver);
    return created;
}

ApplicationContainer
MonacoHelper::InstallReceiver(Ptr<Node> sink) const
{
    if (!sink)
    {
        throw std::invalid_argument("MonacoHelper::InstallReceiver: no sink node");
    }
    ApplicationContainer created;
    if (!FindReceiver(sink))
    {
        Ptr<MonacoReceiverAgent> receiver = m_receiver.Create<MonacoReceiverAgent>();
        sink->AddApplication(receiver);
        created.Add(receiver);
    }
    return created;
}

ApplicationContainer
MonacoHelper::InstallSender(Ptr<Node> source, Ptr<Node> sink) const
{
    CheckEnds("InstallSender", source, sink);
    Ptr<MonacoReceiverAgent> receiver = FindReceiver(sink);
    if (!receiver)
    {
        receiver = m_receiver.Create<MonacoReceiverAgent>(); // only read for its Port
    }
    UintegerValue port;
    receiver->GetAttribute("Port", port);
    Ptr<MonacoSenderAgent> sender = m_sender.Create<MonacoSenderAgent>();
    sender->SetAttribute("FindCongestionControl", BooleanValue(true));
    sender->SetAttribute("Port", port);
    sender->SetPeer(sink);
    source->AddApplication(sender);
    return ApplicationContainer(sender);
}

ApplicationContainer
MonacoHelper::Install(const NodeContainer& sources, const NodeContainer& sinks) const
{
    if (sources.GetN() != sinks.GetN())
    {
        throw std::invalid_argument("MonacoHelper::Install: " + std::to_string(sources.GetN()) +
                                    " sources and " + std::to_string(sinks.GetN()) +
                                    " sinks; valid: as many of each");
    }
    ApplicationContainer created;
    for (uint32_t i = 0; i < sources.GetN(); ++i)
    {
        created.Add(Install(sources.Get(i), sinks.Get(i)));
    }
    return created;
}

ApplicationContainer
MonacoHelper::Install(const ApplicationContainer& sourceApps) const
{
    ApplicationContainer created;
    for (uint32_t i = 0; i < sourceApps.GetN(); ++i)
    {
        Ptr<Application> app = sourceApps.Get(i);
        AddressValue remote;
        if (!app->GetAttributeFailSafe("Remote", remote) ||
            !InetSocketAddress::IsMatchingType(remote.Get()))
        {
            throw std::invalid_argument(
                "MonacoHelper::Install: application " + std::to_string(i) + " (" +
                app->GetInstanceTypeId().GetName() +
                ") has no IPv4 Remote attribute (InetSocketAddress); valid: a TCP source such "
                "as ns3::BulkSendApplication or ns3::OnOffApplication");
        }
        const Ipv4Address address = InetSocketAddress::ConvertFrom(remote.Get()).GetIpv4();
        Ptr<Node> sink = FindNodeOf(address);
        if (!sink)
        {
            std::ostringstream os;
            os << "MonacoHelper::Install: no node has the address " << address << " of application "
               << i << "'s Remote; assign the addresses first";
            throw std::invalid_argument(os.str());
        }
        ApplicationContainer agents = Install(app->GetNode(), sink);
        agents.Get(0)->SetAttribute("Remote", Ipv4AddressValue(address));
        created.Add(agents);
    }
    return created;
}

void
MonacoHelper::SetPriorityQueueAttribute(const std::string& name, const AttributeValue& value)
{
    m_priorityAttributes.emplace_back(name, value.Copy());
}

void
MonacoHelper::SetDataQueueDisc(const std::string& type)
{
    if (!type.empty())
    {
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(type, &tid) || !tid.IsChildOf(QueueDisc::GetTypeId()))
        {
            throw std::invalid_argument("MonacoHelper::SetDataQueueDisc: " + type +
                                        " is not a queue disc; valid: e.g. ns3::AvdQueueDisc, "
                                        "ns3::FifoQueueDisc");
        }
    }
    m_dataType = type;
}

void
MonacoHelper::SetDataQueueDiscAttribute(const std::string& name, const AttributeValue& value)
{
    if (m_dataType.empty())
    {
        throw std::invalid_argument("MonacoHelper::SetDataQueueDiscAttribute(" + name +
                                    "): call SetDataQueueDisc(type) first");
    }
    m_dataAttributes.emplace_back(name, value.Copy());
}

void
MonacoHelper::SetDeviceQueueSize(QueueSize size)
{
    m_deviceQueue = size;
}

QueueDiscContainer
MonacoHelper::InstallPriorityQueue(const NetDeviceContainer& devices) const
{
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<NetDevice> device = devices.Get(i);
        Ptr<TrafficControlLayer> tc = device->GetNode()->GetObject<TrafficControlLayer>();
        if (!tc)
        {
            throw std::invalid_argument(
                "MonacoHelper::InstallPriorityQueue: node " +
                std::to_string(device->GetNode()->GetId()) +
                " has no traffic-control layer; install the internet stack first");
        }
        if (tc->GetRootQueueDiscOnDevice(device))
        {
            // ns-3's default disc, installed when the addresses were assigned.
            tc->DeleteRootQueueDiscOnDevice(device);
        }
        if (m_deviceQueue.GetValue() > 0)
        {
            PointerValue queue;
            if (!device->GetAttributeFailSafe("TxQueue", queue) || !queue.Get<QueueBase>())
            {
                throw std::invalid_argument(
                    "MonacoHelper::InstallPriorityQueue: device " + std::to_string(i) + " (" +
                    device->GetInstanceTypeId().GetName() +
                    ") has no TxQueue to size; call SetDeviceQueueSize(QueueSize(\"0p\")) to "
                    "leave it");
            }
            queue.Get<QueueBase>()->SetMaxSize(m_deviceQueue);
        }
    }
    TrafficControlHelper tch;
    const uint16_t handle = tch.SetRootQueueDisc("ns3::PriorityObQueueDisc");
    if (!m_dataType.empty())
    {
        TrafficControlHelper::ClassIdList classes =
            tch.AddQueueDiscClasses(handle, 1, "ns3::QueueDiscClass");
        tch.AddChildQueueDisc(handle, classes[0], m_dataType);
    }
    QueueDiscContainer discs = tch.Install(devices);
    for (uint32_t i = 0; i < discs.GetN(); ++i)
    {
        Ptr<QueueDisc> disc = discs.Get(i);
        for (const auto& [name, value] : m_priorityAttributes)
        {
            disc->SetAttribute(name, *value);
        }
        if (!m_dataType.empty())
        {
            Ptr<QueueDisc> data = disc->GetQueueDiscClass(0)->GetQueueDisc();
            // A child disc does not see the device: give a price disc (AVD, AVQ, REM) the
            // device's DataRate as its LinkBandwidth, unless set here.
            DataRateValue rate;
            DataRateValue bandwidth;
            if (data->GetAttributeFailSafe("LinkBandwidth", bandwidth) &&
                devices.Get(i)->GetAttributeFailSafe("DataRate", rate))
            {
                data->SetAttribute("LinkBandwidth", rate);
            }
            for (const auto& [name, value] : m_dataAttributes)
            {
                data->SetAttribute(name, *value);
            }
        }
    }
    return discs;
}

namespace
{
/// Bytes of the PPP header that a description's packetSize counts and IPv4 does not.
constexpr uint32_t PPP_HEADER_BYTES = 2;

/**
 * \param tcp a configured TcpMonaco
 * \return its a*, bytes
 */
double
TargetAccumulationOf(Ptr<TcpCongestionOps> tcp)
{
    return DynamicCast<TcpMonaco>(tcp)->GetConfig().targetAccumulation;
}

/**
 * The companions of a Monaco flow in the testbed (design §7): MonacoHelper's agents, the receiver
 * from 0 (it must count the flow's first data byte: its first rate sample runs from there), the
 * sender from the flow's start (its first pair leaves with the flow's first data packet), both to
 * the flow's stop. The sender agent finds the flow's TcpMonaco (flow.congestion, which
 * PersistentFlowApplication gives the socket) as any user's does.
 * \param flow the flow
 */
void
InstallAgents(const AlgorithmTraits::Flow& flow)
{
    NS_ABORT_MSG_UNLESS(DynamicCast<TcpMonaco>(flow.congestion),
                        "TcpMonaco companions: the flow's congestion control is not one");
    // Each side on the rank that simulates its host (both, without MPI): the receiver first.
    const MonacoHelper monaco;
    ApplicationContainer agents;
    if (flow.sinkLocal)
    {
        agents.Add(monaco.InstallReceiver(flow.sink));
    }
    if (flow.sourceLocal)
    {
        ApplicationContainer sender = monaco.InstallSender(flow.source, flow.sink);
        sender.Get(0)->SetStartTime(flow.start);
        agents.Add(sender);
    }
    if (!flow.stop.IsZero())
    {
        agents.Stop(flow.stop);
    }
}

/**
 * TcpMonaco in the testbed, registered here because its companions are this helper's agents (a
 * model/ file may not use helper/). The Appendix: at equilibrium a_i = x_i Σ t_ql (Prop. 1(a)),
 * which is Prop. 2's KKT condition s_i = x_i Σ p_l with the weight s_i = a_i and the price
 * p_l = t_ql: weighted proportional fairness with weight a* (eq. 14). The model counts packets; a
 * description's packetSize counts a data packet on the wire (PPP + IPv4 + TCP) while the
 * accumulation is counted in IPv4 bytes (the receiver agent measures the data at the sink's
 * IPv4 layer), so the weight is a* / (packetSize − 2) packets: 3000 / 998 = 3.006 with
 * 1000-byte packets.
 *
 * It has no keywords: alpha=, beta=, alphaUnit=, baseRtt= and rttSample= are Vegas' and are
 * refused for it (tcp.TargetAccumulation= sets the weight). Its fluid law is the ACC model's
 * (eqs. 3, 5, 6, FluidMonacoLaw) with the configured Policy, Kappa and a* in the same packets.
 * \return the traits
 */
AlgorithmTraits::Source
MonacoTraits()
{
    AlgorithmTraits::Source traits{
        nullptr,
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields& f) -> std::string {
            const double target = TargetAccumulationOf(tcp);
            const double packet = f.packetSize - PPP_HEADER_BYTES;
            if (target < packet)
            {
                std::ostringstream os;
                os << "ns3::TcpMonaco::TargetAccumulation = " << target
                   << " bytes is less than one packet (" << packet << " IPv4 bytes); valid: ["
                   << packet << ", 1e+09] bytes";
                return os.str();
            }
            return "";
        },
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields& f, double) {
            return TargetAccumulationOf(tcp) / (f.packetSize - PPP_HEADER_BYTES);
        },
        InstallAgents,
        true,
        2.0 * MonacoHeader::WIRE_SIZE}; // the OB and the IB of each round trip
    traits.fluidLaw =
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields& f, double) {
            const TcpMonaco::Config c = DynamicCast<TcpMonaco>(tcp)->GetConfig();
            const auto policy = c.policy == TcpMonaco::ACC_AIAD ? FluidMonacoLaw::ACC_AIAD
                                : c.policy == TcpMonaco::ACC_MW ? FluidMonacoLaw::ACC_MW
                                                                : FluidMonacoLaw::ACC_P;
            return std::make_shared<const FluidMonacoLaw>(policy,
                                                          c.kappa,
                                                          c.targetAccumulation /
                                                              (f.packetSize - PPP_HEADER_BYTES));
        };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterSource(TcpMonaco::GetTypeId(), MonacoTraits());
} // namespace

} // namespace ns3
