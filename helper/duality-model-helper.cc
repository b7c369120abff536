/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "duality-model-helper.h"

#include "duality-model-builder.h"
#include "plot-writer.h"

#include "ns3/ipv4-flow-classifier.h"
#include "ns3/log.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"

#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DualityModelHelper");

namespace
{
/// TCP's IP protocol number.
constexpr uint8_t TCP_PROTOCOL = 6;
/// A link is tabulated (unless SetReportAllLinks()) if its mean queue reaches this, packets.
constexpr double CONGESTED_QUEUE_PACKETS = 1;
} // namespace

DualityModelHelper::DualityModelHelper()
{
    NS_LOG_FUNCTION(this);
}

DualityModelHelper::~DualityModelHelper()
{
    NS_LOG_FUNCTION(this);
}

void
DualityModelHelper::InstallAll()
{
    NS_LOG_FUNCTION(this);
    m_ownFlowmon = std::make_unique<FlowMonitorHelper>();
    m_ownFlowmon->InstallAll();
    m_flowmon = m_ownFlowmon.get();
    Install();
}

void
DualityModelHelper::InstallAll(FlowMonitorHelper& flowmon)
{
    NS_LOG_FUNCTION(this);
    if (!flowmon.GetMonitor())
    {
        throw std::invalid_argument("DualityModelHelper::InstallAll: the FlowMonitorHelper has "
                                    "no monitor; valid: call its InstallAll() first");
    }
    m_flowmon = &flowmon;
    Install();
}

void
DualityModelHelper::Install()
{
    m_observer.ReadLinks();
    m_monitors.clear();
    for (const NetworkObserver::Link& link : m_observer.GetLinks())
    {
        if (!link.disc)
        {
            m_monitors.emplace_back(nullptr);
            continue;
        }
        auto monitor = std::make_unique<BottleneckMonitor>(link.device, link.disc, *m_flowmon);
        Ptr<PointToPointNetDevice> device = DynamicCast<PointToPointNetDevice>(link.device);
        monitor->AddTimeAverage("device packets", device->GetQueue(), "PacketsInQueue");
        monitor->AddTimeAverage("device bytes", device->GetQueue(), "BytesInQueue");
        TypeId::TraceSourceInformation info;
        if (link.disc->GetInstanceTypeId().LookupTraceSourceByName("Price", &info) &&
            info.callback == "ns3::TracedValueCallback::Double")
        {
            monitor->AddTimeAverage("price", link.disc, "Price");
        }
        m_monitors.push_back(std::move(monitor));
    }
}

void
DualityModelHelper::SetWindow(Time start, Time stop)
{
    NS_LOG_FUNCTION(this << start << stop);
    if (!m_flowmon)
    {
        throw std::invalid_argument("DualityModelHelper::SetWindow: call InstallAll() first");
    }
    if (!(start > Simulator::Now() && stop > start))
    {
        throw std::invalid_argument("DualityModelHelper::SetWindow: the window must start after "
                                    "now and end after it starts; valid: now < start < stop");
    }
    m_start = start;
    m_stop = stop;
    for (const auto& monitor : m_monitors)
    {
        if (monitor)
        {
            monitor->SetWindow(start, stop);
        }
    }
    Simulator::Schedule(start - Simulator::Now(), &DualityModelHelper::Start, this);
    Simulator::Schedule(stop - Simulator::Now(), &DualityModelHelper::End, this);
}

void
DualityModelHelper::SetReportAllLinks(bool all)
{
    m_reportAllLinks = all;
}

void
DualityModelHelper::Start()
{
    NS_LOG_FUNCTION(this);
    try
    {
        m_observer.ReadFlows();
        if (m_observer.GetFlows().empty())
        {
            throw std::invalid_argument(
                "DualityModelHelper: no TCP flow at the window's start; valid: BulkSend or OnOff "
                "applications over TCP that start before it");
        }
        m_network = m_observer.GetNetwork();
        m_atStart = ReadCounters();
        m_started = true;
    }
    catch (const std::invalid_argument& e)
    {
        m_refusal = e.what();
        Simulator::Stop();
    }
}

void
DualityModelHelper::End()
{
    NS_LOG_FUNCTION(this);
    if (!m_started)
    {
        return;
    }
    try
    {
        m_atEnd = ReadCounters();
        m_ended = true;
    }
    catch (const std::invalid_argument& e)
    {
        m_refusal = e.what(); // a non-TCP flow that began inside the window
    }
}

std::vector<DualityModelHelper::Counters>
DualityModelHelper::ReadCounters() const
{
    Ptr<Ipv4FlowClassifier> classifier =
        DynamicCast<Ipv4FlowClassifier>(m_flowmon->GetClassifier());
    const std::vector<NetworkObserver::Flow>& flows = m_observer.GetFlows();
    std::vector<Counters> counters(flows.size());
    for (const auto& [id, stats] : m_flowmon->GetMonitor()->GetFlowStats())
    {
        const Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
        if (t.protocol != TCP_PROTOCOL)
        {
            std::ostringstream os;
            os << "DualityModelHelper: FlowMonitor sees a non-TCP flow (protocol "
               << unsigned(t.protocol) << ", " << t.sourceAddress << ":" << t.sourcePort << "->"
               << t.destinationAddress << ":" << t.destinationPort
               << "); valid: the duality model covers TCP flows only";
            throw std::invalid_argument(os.str());
        }
        for (std::size_t f = 0; f < flows.size(); ++f)
        {
            const NetworkObserver::Flow& flow = flows[f];
            if (t.sourceAddress == flow.sourceAddress && t.sourcePort == flow.sourcePort &&
                t.destinationAddress == flow.sinkAddress && t.destinationPort == flow.sinkPort)
            {
                counters[f].rxBytes = stats.rxBytes;
                counters[f].rxPackets = stats.rxPackets;
                counters[f].delaySum = stats.delaySum.GetSeconds();
            }
            else if (t.sourceAddress == flow.sinkAddress && t.sourcePort == flow.sinkPort &&
                     t.destinationAddress == flow.sourceAddress &&
                     t.destinationPort == flow.sourcePort)
            {
                counters[f].ackPackets = stats.rxPackets;
                counters[f].ackDelaySum = stats.delaySum.GetSeconds();
            }
        }
    }
    return counters;
}

void
DualityModelHelper::RequireEnded(const std::string& who) const
{
    if (!m_flowmon || m_stop.IsZero())
    {
        throw std::invalid_argument("DualityModelHelper::" + who +
                                    ": call InstallAll() and SetWindow() before the run");
    }
    if (!m_refusal.empty())
    {
        throw std::invalid_argument(m_refusal);
    }
    if (!m_ended)
    {
        std::ostringstream os;
        os << "DualityModelHelper::" << who << ": the window " << m_start.GetSeconds() << "-"
           << m_stop.GetSeconds() << " s has not ended (now " << Simulator::Now().GetSeconds()
           << " s); valid: Simulator::Stop() at or after the window's end, read after "
              "Simulator::Run()";
        throw std::invalid_argument(os.str());
    }
}

const NetworkObserver&
DualityModelHelper::GetObserver() const
{
    return m_observer;
}

const DualityNetwork&
DualityModelHelper::GetNetwork() const
{
    if (!m_started)
    {
        throw std::invalid_argument("DualityModelHelper::GetNetwork: the window has not "
                                    "started (the flows are read at its start)" +
                                    (m_refusal.empty() ? "" : ": " + m_refusal));
    }
    return m_network;
}

double
DualityModelHelper::GetFlowRate(std::size_t f) const
{
    RequireEnded("GetFlowRate");
    const double bytes = m_atEnd.at(f).rxBytes - m_atStart.at(f).rxBytes;
    return bytes / m_observer.GetFlows()[f].dataBytes / (m_stop - m_start).GetSeconds();
}

double
DualityModelHelper::GetFlowRtt(std::size_t f) const
{
    const Counters& a = m_atStart[f];
    const Counters& b = m_atEnd[f];
    if (b.rxPackets == a.rxPackets || b.ackPackets == a.ackPackets)
    {
        return std::nan("");
    }
    return (b.delaySum - a.delaySum) / (b.rxPackets - a.rxPackets) +
           (b.ackDelaySum - a.ackDelaySum) / (b.ackPackets - a.ackPackets);
}

std::vector<std::pair<std::string, std::vector<std::size_t>>>
DualityModelHelper::GetGroups() const
{
    std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
    std::map<std::tuple<uint32_t, uint32_t, std::string>, std::size_t> byKey;
    std::map<std::string, std::size_t> byName;
    const std::vector<NetworkObserver::Flow>& flows = m_observer.GetFlows();
    for (std::size_t f = 0; f < flows.size(); ++f)
    {
        const std::string tcp = flows[f].congestion->GetInstanceTypeId().GetName();
        const auto key = std::make_tuple(flows[f].source->GetId(), flows[f].sink->GetId(), tcp);
        auto it = byKey.find(key);
        if (it == byKey.end())
        {
            std::string name = "flows " + NetworkObserver::GetNodeName(flows[f].source) + "->" +
                               NetworkObserver::GetNodeName(flows[f].sink);
            // Another congestion control between the same nodes: name both apart.
            name += byName.count(name) ? " " + tcp : "";
            byName[name] = groups.size();
            it = byKey.emplace(key, groups.size()).first;
            groups.push_back({name, {}});
        }
        groups[it->second].second.push_back(f);
    }
    return groups;
}

ComparisonTable
DualityModelHelper::Compare(const std::string& title) const
{
    NS_LOG_FUNCTION(this << title);
    RequireEnded("Compare");
    const DualityModel model = DualityModelBuilder::Build(m_network);
    const DualityModel::Solution solution = model.Solve();
    if (!solution.converged)
    {
        std::ostringstream os;
        os << "DualityModelHelper::Compare: the duality model did not converge (KKT residual "
           << solution.kktResidual << ")";
        throw std::invalid_argument(os.str());
    }
    ComparisonTable table(title);
    const double kiloBytesPerPacket = m_network.packetSize / 1000.0;
    for (const auto& [name, flows] : GetGroups())
    {
        double modelRate = 0;
        double rate = 0;
        double modelRtt = 0;
        double rtt = 0;
        for (std::size_t f : flows)
        {
            modelRate += solution.sources[f].rate * kiloBytesPerPacket;
            rate += GetFlowRate(f) * kiloBytesPerPacket;
            modelRtt += solution.sources[f].rtt * 1000;
            rtt += GetFlowRtt(f) * 1000;
        }
        const double n = flows.size();
        table.Add("rate (KB/s)", name, modelRate / n, rate / n);
        table.Add("RTT (ms)", name, modelRtt / n, rtt / n);
    }
    for (std::size_t l = 0; l < m_network.links.size(); ++l)
    {
        AddLinkRows(table, l, solution);
    }
    return table;
}

void
DualityModelHelper::AddLinkRows(ComparisonTable& table,
                                std::size_t l,
                                const DualityModel::Solution& solution) const
{
    const DualityNetwork::Link& link = m_network.links[l];
    const BottleneckMonitor* monitor = m_monitors[m_observer.GetLinkIndex(link.name)].get();
    const DualityModel::LinkResult& result = solution.links[l];
    const double packets =
        monitor ? monitor->GetMeanBacklogPackets() + monitor->GetTimeAverage("device packets")
                : std::nan("");
    const double drops = monitor ? monitor->GetDrops() : std::nan("");
    if (!m_reportAllLinks && !(result.price > 0) && !(packets >= CONGESTED_QUEUE_PACKETS) &&
        !(drops > 0))
    {
        return;
    }
    const std::string entity = "link " + link.name;
    const bool physical = DualityModelBuilder::IsPhysicalPrice(link.disc);
    table.Add("queue (pkts)", entity, result.backlog, packets);
    if (physical)
    {
        const double bytes =
            monitor ? monitor->GetMeanBacklogBytes() + monitor->GetTimeAverage("device bytes")
                    : std::nan("");
        table.Add("queueing delay (ms)",
                  entity,
                  result.price * 1000,
                  bytes * 8 / link.bitsPerSecond * 1000);
    }
    // The model's capacity is the share the price drives the load to: the utilization of the
    // link's rate is that share times the model's.
    table.Add("utilization",
              entity,
              DualityModelBuilder::GetCapacityFactor(link.disc) * result.utilization,
              monitor ? monitor->GetUtilization() : std::nan(""));
    table.Add("drops (pkts)", entity, std::nan(""), drops);
    if (!physical)
    {
        table.Add("marks (pkts)",
                  entity,
                  std::nan(""),
                  monitor ? monitor->GetMarks() : std::nan(""));
    }
    TypeId::TraceSourceInformation info;
    if (monitor && link.disc->GetInstanceTypeId().LookupTraceSourceByName("Price", &info) &&
        info.callback == "ns3::TracedValueCallback::Double")
    {
        table.Add("price (disc)", entity, std::nan(""), monitor->GetTimeAverage("price"));
    }
}

bool
DualityModelHelper::Plot(const std::string& prefix,
                         const std::string& title,
                         std::ostream& os) const
{
    RequireEnded("Plot");
    const DualityModel::Solution solution = DualityModelBuilder::Build(m_network).Solve();
    const double kiloBytesPerPacket = m_network.packetSize / 1000.0;
    PlotWriter::Points model;
    PlotWriter::Points simulation;
    for (std::size_t f = 0; f < m_network.flows.size(); ++f)
    {
        model.emplace_back(f, solution.sources[f].rate * kiloBytesPerPacket);
        simulation.emplace_back(f, GetFlowRate(f) * kiloBytesPerPacket);
    }
    PlotWriter plot(prefix);
    PlotWriter::Figure& figure = plot.AddFigure(title, "flow (the applications in node order)");
    figure.SetStyle(PlotWriter::Style::POINTS);
    PlotWriter::Panel& panel = figure.AddPanel("rate (KB/s)");
    panel.SetYFromZero(true);
    const std::size_t curve = panel.AddCurve("simulation", simulation);
    panel.AddModelCurve("duality model", model, curve);
    return plot.Write(os);
}

} // namespace ns3
