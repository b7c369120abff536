/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed-report.h"

#include "testbed-model-builder.h"
#include "testbed-monitor.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TestbedReport");

TestbedReport::TestbedReport(const TestbedNetwork& network,
                             const TestbedMonitor& monitor,
                             const TestbedModelBuilder& model)
    : m_network(network),
      m_monitor(monitor),
      m_model(model)
{
}

ComparisonTable
TestbedReport::Compare(const std::string& title) const
{
    m_network.CheckInstalled("Compare");
    const NetworkDescription& d = m_network.description;
    const DualityModel model = m_model.BuildModel();
    const DualityModel::Solution sol = model.Solve();
    NS_ABORT_MSG_UNLESS(sol.converged,
                        "TestbedReport: the duality model did not converge (KKT residual "
                            << sol.kktResidual << ")");
    const DualityModel::Solution distorted = m_model.BuildModel(true).Solve();
    ComparisonTable table(title);
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        if (d.classes[c].traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            AddShortClassRows(table, c);
        }
        else
        {
            AddClassRows(table, c, sol, distorted);
        }
    }
    AddLinkRows(table, model, sol, distorted);
    return table;
}

void
TestbedReport::AddShortClassRows(ComparisonTable& table, std::size_t c) const
{
    // Not in the duality model: the parameters are the "model".
    const NetworkDescription::ClassSpec& spec = m_network.description.classes[c];
    const std::string entity = "class " + spec.name;
    const TestbedMonitor::ShortFlowMeasurement m = m_monitor.GetShortFlowMeasurement(spec.name);
    const bool web = spec.traffic == NetworkDescription::Traffic::WEB;
    table.Add("arrival rate (flows/s)",
              entity,
              web ? std::nan("") : spec.arrivalRate,
              m.arrivalRate);
    table.Add("mean size (pkts)", entity, spec.meanSize, m.meanSizePackets);
    table.Add("completion rate (flows/s)", entity, std::nan(""), m.completedRate);
    if (web)
    {
        table.Add("mean completion time (ms)", entity, std::nan(""), m.meanCompletionMs);
    }
}

void
TestbedReport::AddClassRows(ComparisonTable& table,
                            std::size_t c,
                            const DualityModel::Solution& sol,
                            const DualityModel::Solution& distorted) const
{
    const NetworkDescription& d = m_network.description;
    const std::string entity = "class " + d.classes[c].name;
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    double baseRtt = 0;
    double rtt = 0;
    double rate = 0;
    double window = 0;
    double distortedRate = 0;
    for (std::size_t f : m_network.classFlows[c])
    {
        const DualityModel::SourceResult& r = sol.sources[f];
        baseRtt += r.baseRtt * 1000;
        rtt += r.rtt * 1000;
        rate += r.rate * kiloBytesPerPacket;
        window += r.window;
        distortedRate += distorted.sources[f].rate * kiloBytesPerPacket;
    }
    const double n = m_network.classFlows[c].size();
    const TestbedMonitor::ClassMeasurement m = m_monitor.GetClassMeasurement(d.classes[c].name);
    table.Add("baseRTT (ms)", entity, baseRtt / n, m.baseRttMs);
    table.Add("RTT (ms)", entity, rtt / n, m.rttMs);
    table.Add("rate (KB/s)", entity, rate / n, m.rateKBps);
    table.Add("cwnd (pkts)", entity, window / n, m.cwndPackets);
    table.Add("rate, eq. 24 (KB/s)", entity, distortedRate / n, m.rateKBps);
}

void
TestbedReport::AddLinkRows(ComparisonTable& table,
                           const DualityModel& model,
                           const DualityModel::Solution& sol,
                           const DualityModel::Solution& distorted) const
{
    for (const TestbedNetwork::Link& link : m_network.links)
    {
        if (!m_network.IsModelled(link))
        {
            continue;
        }
        const std::size_t l = model.GetLinkIndex(link.name);
        const std::string entity = "link " + link.name;
        const TestbedMonitor::LinkMeasurement m = m_monitor.GetLinkMeasurement(link.name);
        // The model's capacity is the share the price drives the load to: utilization of the
        // link's capacity is that share times the model's.
        const double factor = TestbedNetwork::GetCapacityFactor(link);
        table.Add("queue (pkts)", entity, sol.links[l].backlog, m.backlogPackets);
        table.Add("queue, eq. 24 (pkts)", entity, distorted.links[l].backlog, m.backlogPackets);
        table.Add("utilization",
                  entity,
                  factor == 1 ? sol.links[l].utilization : factor * sol.links[l].utilization,
                  m.utilization);
        table.Add("drops (pkts)", entity, std::nan(""), m.drops);
    }
}

PlotWriter::Points
TestbedReport::GetTimeSeriesMeans(std::size_t column, Time interval) const
{
    const Time seriesInterval = m_monitor.GetSeriesInterval();
    NS_ABORT_MSG_IF(seriesInterval.IsZero(),
                    "TestbedReport::GetTimeSeriesMeans: EnableTimeSeries first");
    const double sample = seriesInterval.GetSeconds();
    return PlotWriter::AverageOverIntervals(
        PlotWriter::GetColumns(m_monitor.GetTimeSeries(), 0, column),
        std::max(interval.GetSeconds(), sample),
        sample / 2);
}

bool
TestbedReport::WritePlot(const std::string& prefix,
                         const std::string& title,
                         std::ostream& os) const
{
    m_network.CheckInstalled("WritePlot");
    const Time seriesInterval = m_monitor.GetSeriesInterval();
    NS_ABORT_MSG_IF(seriesInterval.IsZero(), "TestbedReport::WritePlot: EnableTimeSeries first");
    // About this many points per curve, each the mean of the samples in its interval.
    constexpr double plotPoints = 200;
    const NetworkDescription& d = m_network.description;
    const DualityModel::Solution sol = m_model.BuildModel().Solve();
    const std::size_t nClasses = d.classes.size();
    const std::vector<std::vector<double>>& series = m_monitor.GetTimeSeries();
    const double last = series.empty() ? 0 : series.back()[0];
    const double samples = std::round(last / plotPoints / seriesInterval.GetSeconds());
    const Time interval = seriesInterval * static_cast<int64_t>(std::max(1.0, samples));
    PlotWriter writer(prefix);
    PlotWriter::Figure& figure = writer.AddFigure(title, "time (s)");
    const auto [windowStart, windowStop] = m_monitor.GetWindow();
    if (windowStop > windowStart)
    {
        figure.AddWindow(windowStart.GetSeconds(), windowStop.GetSeconds());
    }
    const std::string means = ", " + PlotWriter::FormatTime(interval) + " means";
    PlotWriter::Panel& rates = figure.AddPanel("rate per flow (KB/s" + means + ")");
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    for (std::size_t c = 0; c < nClasses; ++c)
    {
        const std::string& name = d.classes[c].name;
        const double model = sol.sources[m_network.classFlows[c].front()].rate * kiloBytesPerPacket;
        const std::size_t curve =
            rates.AddCurve("class " + name, GetTimeSeriesMeans(1 + c, interval));
        rates.AddModelLine("model " + name + ": " + PlotWriter::FormatNumber(model, 3) + " KB/s",
                           model,
                           curve);
    }
    PlotWriter::Panel& queues = figure.AddPanel("queue (packets" + means + ")");
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        const std::string& name = d.links[l].name;
        const double model = sol.links[l].backlog;
        const std::size_t curve =
            queues.AddCurve("link " + name, GetTimeSeriesMeans(1 + nClasses + l, interval));
        queues.AddModelLine("model " + name + ": " + PlotWriter::FormatNumber(model, 3) + " pkts",
                            model,
                            curve);
    }
    return writer.Write(os);
}

} // namespace ns3
