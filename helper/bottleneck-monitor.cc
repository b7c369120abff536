/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bottleneck-monitor.h"

#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

#include <cmath>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BottleneckMonitor");

BottleneckMonitor::BottleneckMonitor(Ptr<NetDevice> device,
                                     Ptr<QueueDisc> disc,
                                     FlowMonitorHelper& flowmon)
    : m_device(device),
      m_disc(disc)
{
    NS_LOG_FUNCTION(this << device << disc);
    if (!device)
    {
        throw std::invalid_argument("BottleneckMonitor: no device");
    }
    if (!disc)
    {
        throw std::invalid_argument("BottleneckMonitor: no queue disc");
    }
    DataRateValue rate;
    if (!device->GetAttributeFailSafe("DataRate", rate))
    {
        throw std::invalid_argument("BottleneckMonitor: the device (" +
                                    device->GetInstanceTypeId().GetName() +
                                    ") has no DataRate attribute");
    }
    m_bitRate = rate.Get().GetBitRate();
    if (m_bitRate == 0)
    {
        throw std::invalid_argument("BottleneckMonitor: the device's DataRate is 0");
    }
    m_flowMonitor = flowmon.GetMonitor();
    m_classifier = DynamicCast<Ipv4FlowClassifier>(flowmon.GetClassifier());
    Connect(&m_packets, disc, "PacketsInQueue");
    Connect(&m_bytes, disc, "BytesInQueue");
    device->TraceConnectWithoutContext("PhyTxEnd",
                                       MakeCallback(&BottleneckMonitor::OnWireTx, this));
}

void
BottleneckMonitor::AddFlow(const std::string& name, Ipv4Address destination, uint16_t port)
{
    NS_LOG_FUNCTION(this << name << destination << port);
    if (m_flows.count(name))
    {
        throw std::invalid_argument("BottleneckMonitor::AddFlow: flow '" + name + "' named twice");
    }
    m_flows[name] = {destination, port};
    m_flowNames.push_back(name);
}

void
BottleneckMonitor::AddTimeAverage(const std::string& name,
                                  Ptr<Object> object,
                                  const std::string& traceSource,
                                  double initialValue)
{
    NS_LOG_FUNCTION(this << name << object << traceSource << initialValue);
    if (m_averages.count(name))
    {
        throw std::invalid_argument("BottleneckMonitor::AddTimeAverage: '" + name +
                                    "' named twice");
    }
    if (!object)
    {
        throw std::invalid_argument("BottleneckMonitor::AddTimeAverage: no object for '" + name +
                                    "'");
    }
    Average& average = m_averages[name];
    average.value = initialValue;
    try
    {
        Connect(&average, object, traceSource);
    }
    catch (const std::invalid_argument&)
    {
        m_averages.erase(name);
        throw;
    }
}

void
BottleneckMonitor::Connect(Average* average, Ptr<Object> object, const std::string& traceSource)
{
    TypeId::TraceSourceInformation info;
    const TypeId tid = object->GetInstanceTypeId();
    if (!tid.LookupTraceSourceByName(traceSource, &info))
    {
        throw std::invalid_argument("BottleneckMonitor: " + tid.GetName() +
                                    " has no trace source '" + traceSource + "'");
    }
    if (info.callback == "ns3::TracedValueCallback::Double")
    {
        object->TraceConnectWithoutContext(
            traceSource,
            MakeBoundCallback(&BottleneckMonitor::OnDouble, this, average));
    }
    else if (info.callback == "ns3::TracedValueCallback::Uint32")
    {
        object->TraceConnectWithoutContext(
            traceSource,
            MakeBoundCallback(&BottleneckMonitor::OnUint32, this, average));
    }
    else
    {
        throw std::invalid_argument("BottleneckMonitor: " + tid.GetName() + "::" + traceSource +
                                    " is a " + info.callback +
                                    ", not a TracedValue of double or uint32_t");
    }
}

void
BottleneckMonitor::SetWindow(Time start, Time stop)
{
    NS_LOG_FUNCTION(this << start << stop);
    if (m_windowSet)
    {
        throw std::invalid_argument("BottleneckMonitor::SetWindow: the window is already set");
    }
    if (!(start > Simulator::Now() && start < stop))
    {
        throw std::invalid_argument("BottleneckMonitor::SetWindow: need now < start < stop");
    }
    m_start = start;
    m_stop = stop;
    m_windowSet = true;
    Simulator::Schedule(start - Simulator::Now(), &BottleneckMonitor::Start, this);
    Simulator::Schedule(stop - Simulator::Now(), &BottleneckMonitor::End, this);
}

double
BottleneckMonitor::GetWindowSeconds() const
{
    return (m_stop - m_start).GetSeconds();
}

void
BottleneckMonitor::Update(Average* average, double value)
{
    if (m_on)
    {
        average->area += average->value * (Simulator::Now() - average->last).GetSeconds();
    }
    average->value = value;
    average->last = Simulator::Now();
}

void
BottleneckMonitor::OnDouble(BottleneckMonitor* monitor,
                            Average* average,
                            double /* oldValue */,
                            double newValue)
{
    monitor->Update(average, newValue);
}

void
BottleneckMonitor::OnUint32(BottleneckMonitor* monitor,
                            Average* average,
                            uint32_t /* oldValue */,
                            uint32_t newValue)
{
    monitor->Update(average, newValue);
}

void
BottleneckMonitor::OnWireTx(Ptr<const Packet> packet)
{
    if (m_on)
    {
        m_wireBytes += packet->GetSize();
    }
}

std::map<std::string, uint64_t>
BottleneckMonitor::ReceivedBytes() const
{
    std::map<std::string, uint64_t> bytes;
    m_flowMonitor->CheckForLostPackets();
    for (const auto& [id, stats] : m_flowMonitor->GetFlowStats())
    {
        const Ipv4FlowClassifier::FiveTuple tuple = m_classifier->FindFlow(id);
        for (const auto& [name, flow] : m_flows)
        {
            if (tuple.destinationAddress == flow.first && tuple.destinationPort == flow.second)
            {
                bytes[name] += stats.rxBytes;
            }
        }
    }
    return bytes;
}

void
BottleneckMonitor::Start()
{
    NS_LOG_FUNCTION(this);
    Update(&m_packets, m_packets.value);
    Update(&m_bytes, m_bytes.value);
    for (auto& [name, average] : m_averages)
    {
        Update(&average, average.value);
    }
    m_on = true;
    m_rxAtStart = ReceivedBytes();
    m_statsAtStart = m_disc->GetStats();
}

void
BottleneckMonitor::End()
{
    NS_LOG_FUNCTION(this);
    Update(&m_packets, m_packets.value);
    Update(&m_bytes, m_bytes.value);
    for (auto& [name, average] : m_averages)
    {
        Update(&average, average.value);
    }
    m_on = false;
    m_ended = true;
    m_rxAtEnd = ReceivedBytes();
    m_statsAtEnd = m_disc->GetStats();
}

void
BottleneckMonitor::RequireEnded() const
{
    if (!m_ended)
    {
        throw std::invalid_argument(
            "BottleneckMonitor: the window has not ended (SetWindow() before Simulator::Stop() "
            "and Simulator::Run(), results after the run)");
    }
}

double
BottleneckMonitor::GetFlowRate(const std::string& name) const
{
    RequireEnded();
    if (!m_flows.count(name))
    {
        throw std::invalid_argument("BottleneckMonitor::GetFlowRate: no flow '" + name + "'");
    }
    auto end = m_rxAtEnd.find(name);
    if (end == m_rxAtEnd.end())
    {
        return std::nan("");
    }
    auto start = m_rxAtStart.find(name);
    const uint64_t before = start == m_rxAtStart.end() ? 0 : start->second;
    return (end->second - before) * 8 / GetWindowSeconds();
}

const std::vector<std::string>&
BottleneckMonitor::GetFlowNames() const
{
    return m_flowNames;
}

uint32_t
BottleneckMonitor::GetFlowsSeen() const
{
    RequireEnded();
    return m_rxAtEnd.size();
}

double
BottleneckMonitor::GetMeanBacklogPackets() const
{
    RequireEnded();
    return m_packets.area / GetWindowSeconds();
}

double
BottleneckMonitor::GetMeanBacklogBytes() const
{
    RequireEnded();
    return m_bytes.area / GetWindowSeconds();
}

double
BottleneckMonitor::GetUtilization() const
{
    RequireEnded();
    return m_wireBytes * 8 / GetWindowSeconds() / m_bitRate;
}

uint64_t
BottleneckMonitor::GetWireBytes() const
{
    RequireEnded();
    return m_wireBytes;
}

double
BottleneckMonitor::GetTimeAverage(const std::string& name) const
{
    RequireEnded();
    auto average = m_averages.find(name);
    if (average == m_averages.end())
    {
        throw std::invalid_argument("BottleneckMonitor::GetTimeAverage: no average '" + name + "'");
    }
    return average->second.area / GetWindowSeconds();
}

uint64_t
BottleneckMonitor::GetArrivals() const
{
    RequireEnded();
    return m_statsAtEnd.nTotalReceivedPackets - m_statsAtStart.nTotalReceivedPackets;
}

uint64_t
BottleneckMonitor::GetDepartures() const
{
    RequireEnded();
    return m_statsAtEnd.nTotalSentPackets - m_statsAtStart.nTotalSentPackets;
}

uint64_t
BottleneckMonitor::GetMarks(const std::string& reason) const
{
    RequireEnded();
    if (reason.empty())
    {
        return m_statsAtEnd.nTotalMarkedPackets - m_statsAtStart.nTotalMarkedPackets;
    }
    return m_statsAtEnd.GetNMarkedPackets(reason) - m_statsAtStart.GetNMarkedPackets(reason);
}

uint64_t
BottleneckMonitor::GetDrops() const
{
    RequireEnded();
    return m_statsAtEnd.nTotalDroppedPackets - m_statsAtStart.nTotalDroppedPackets;
}

} // namespace ns3
