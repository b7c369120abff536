/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed-report.h"

#include "testbed-model-builder.h"
#include "testbed-monitor.h"
#include "trajectory-distance.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/log.h"
#include "ns3/lognormal-pareto-random-variable.h"
#include "ns3/queue-disc.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TestbedReport");

namespace
{
/// Not a number: the model of a class that is not active.
constexpr double NOT_ACTIVE = std::numeric_limits<double>::quiet_NaN();
/// Mb/s per KB/s.
constexpr double MBPS_PER_KBPS = 8.0 / 1000;
} // namespace

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

double
TestbedReport::GetMeanSize(const NetworkDescription::ClassSpec& spec) const
{
    if (spec.sizeDistribution != NetworkDescription::SizeDistribution::LOGNORMAL_PARETO)
    {
        return spec.meanSize;
    }
    const double segment = m_network.description.GetSegmentSize();
    return LognormalParetoRandomVariable::GetMean(spec.lognormalMu - std::log(segment),
                                                  spec.lognormalSigma,
                                                  spec.tailCut / segment,
                                                  spec.tailShape,
                                                  NetworkDescription::MAX_FLOW_SIZE);
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
    table.Add("mean size (pkts)", entity, GetMeanSize(spec), m.meanSizePackets);
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
        if (d.classes[c].traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            // Short flows and web sessions are not in the duality model (as in Compare()).
            rates.AddCurve("class " + name, GetTimeSeriesMeans(1 + c, interval));
            continue;
        }
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

TestbedReport::PeriodModels
TestbedReport::SolvePeriods() const
{
    m_network.CheckInstalled("SolvePeriods");
    PeriodModels models;
    for (std::size_t k = 0; k < m_monitor.GetPeriodCount(); ++k)
    {
        models.push_back(SolvePeriod(k));
    }
    return models;
}

TestbedReport::PeriodModel
TestbedReport::SolvePeriod(std::size_t k) const
{
    const NetworkDescription& d = m_network.description;
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    PeriodModel m;
    m.start = m_monitor.GetPeriodStart(k);
    m.stop = m_monitor.GetPeriodWindow(k).second;
    m.rateKBps.assign(d.classes.size(), NOT_ACTIVE);
    m.baseRttMs.assign(d.classes.size(), NOT_ACTIVE);
    m.cwndPackets.assign(d.classes.size(), NOT_ACTIVE);
    const DualityModel model = m_model.BuildPeriodModel(k);
    if (model.GetSources().empty())
    {
        // Nobody active through the whole window: an idle network.
        m.queue.assign(d.links.size(), 0);
        m.utilization.assign(d.links.size(), 0);
        return m;
    }
    const DualityModel::Solution sol = model.Solve();
    NS_ABORT_MSG_UNLESS(sol.converged,
                        "TestbedReport::SolvePeriods: the duality model of period "
                            << k << " did not converge (KKT residual " << sol.kktResidual << ")");
    for (const NetworkDescription::LinkSpec& link : d.links)
    {
        const DualityModel::LinkResult& r = sol.links[model.GetLinkIndex(link.name)];
        m.queue.push_back(r.backlog);
        // The model's capacity is the share the price drives the load to (e.g. REM's
        // VirtualCapacity law: gamma_v c); the link's utilization is that share times the
        // model's, as Compare() reports it.
        const Ptr<QueueDisc> disc = m_network.GetQueueDisc(link.name);
        const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(disc);
        const double factor = traits.capacityFactor ? traits.capacityFactor(disc) : 1;
        m.utilization.push_back(factor * r.utilization);
    }
    // The model's sources are the active classes' flows, in flow order: a class' first flow
    // stands for the class (its flows share its route; with an RTT range they differ, and the
    // class' measured mean is compared with its first flow's model).
    std::size_t s = 0;
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        if (!m_monitor.IsClassActive(d.classes[c].name, k) ||
            d.classes[c].traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            continue;
        }
        const DualityModel::SourceResult& r = sol.sources[s];
        m.rateKBps[c] = r.rate * kiloBytesPerPacket;
        m.baseRttMs[c] = 1000 * r.baseRtt;
        m.cwndPackets[c] = r.window;
        s += d.classes[c].flows;
    }
    return m;
}

std::string
TestbedReport::GetPeriodLabel(const PeriodModel& model)
{
    std::ostringstream os;
    os << '[' << model.start.GetSeconds() << '-' << model.stop.GetSeconds() << " s]";
    return os.str();
}

ComparisonTable
TestbedReport::ComparePeriods(const std::string& title, const PeriodModels& models) const
{
    return ComparePeriods(title, models, PeriodRows());
}

ComparisonTable
TestbedReport::ComparePeriods(const std::string& title,
                              const PeriodModels& models,
                              const PeriodRows& rows) const
{
    NS_ABORT_MSG_UNLESS(models.size() == m_monitor.GetPeriodCount(),
                        "TestbedReport::ComparePeriods: " << models.size() << " models for "
                                                          << m_monitor.GetPeriodCount()
                                                          << " periods; give one per period");
    ComparisonTable table(title);
    for (std::size_t k = 0; k < models.size(); ++k)
    {
        DualityModel eq24;
        DualityModel::Solution eq24Solution;
        if (rows.eq24)
        {
            eq24 = m_model.BuildPeriodModel(k, true);
            eq24Solution = eq24.Solve();
        }
        AddPeriodClassRows(table, k, models[k], rows, eq24Solution);
        AddPeriodLinkRows(table, k, models[k], rows, eq24, eq24Solution);
    }
    return table;
}

void
TestbedReport::AddPeriodClassRows(ComparisonTable& table,
                                  std::size_t k,
                                  const PeriodModel& m,
                                  const PeriodRows& rows,
                                  const DualityModel::Solution& eq24) const
{
    const NetworkDescription& d = m_network.description;
    const std::string label = GetPeriodLabel(m);
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    const double unit = rows.kiloBytes ? 1 : MBPS_PER_KBPS;
    // Total rates, for the shares (e.g. REM: the link runs a little below capacity).
    double modelTotal = 0;
    double simulationTotal = 0;
    for (std::size_t c = 0; c < d.classes.size() && rows.rateShare; ++c)
    {
        if (!std::isnan(m.rateKBps[c]))
        {
            modelTotal += m.rateKBps[c];
            simulationTotal += m_monitor.GetClassMeasurement(d.classes[c].name, k).rateKBps;
        }
    }
    std::size_t source = 0; // the eq. 24 model's first flow of the class
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        const std::string& name = d.classes[c].name;
        if (std::isnan(m.rateKBps[c]))
        {
            continue;
        }
        const std::string entity = name + " " + label;
        const TestbedMonitor::ClassMeasurement s = m_monitor.GetClassMeasurement(name, k);
        table.Add(rows.kiloBytes ? "rate (KB/s)" : "rate (Mb/s)",
                  entity,
                  m.rateKBps[c] * unit,
                  s.rateKBps * unit);
        if (rows.baseRtt)
        {
            const double baseRtt =
                std::isnan(s.estimatedBaseRttMs) ? s.baseRttMs : s.estimatedBaseRttMs;
            table.Add("baseRTT (ms)", entity, m.baseRttMs[c], baseRtt);
        }
        table.Add("cwnd (pkts)", entity, m.cwndPackets[c], s.cwndPackets);
        if (rows.rateShare)
        {
            table.Add("rate share (%)",
                      entity,
                      100 * m.rateKBps[c] / modelTotal,
                      100 * s.rateKBps / simulationTotal);
        }
        if (rows.eq24)
        {
            table.Add("rate, eq. 24 (KB/s)",
                      entity,
                      eq24.sources[source].rate * kiloBytesPerPacket,
                      s.rateKBps);
        }
        source += d.classes[c].flows;
    }
}

void
TestbedReport::AddPeriodLinkRows(ComparisonTable& table,
                                 std::size_t k,
                                 const PeriodModel& m,
                                 const PeriodRows& rows,
                                 const DualityModel& eq24,
                                 const DualityModel::Solution& eq24Solution) const
{
    const NetworkDescription& d = m_network.description;
    const std::string label = GetPeriodLabel(m);
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        const std::string entity = d.links[l].name + " " + label;
        const TestbedMonitor::LinkMeasurement s = m_monitor.GetLinkMeasurement(d.links[l].name, k);
        table.Add("queue (pkts)", entity, m.queue[l], s.backlogPackets);
        if (rows.eq24)
        {
            table.Add("queue, eq. 24 (pkts)",
                      entity,
                      eq24Solution.links[eq24.GetLinkIndex(d.links[l].name)].backlog,
                      s.backlogPackets);
        }
        table.Add("utilization", entity, m.utilization[l], s.utilization);
        table.Add("drops (pkts)", entity, NOT_ACTIVE, s.drops);
    }
}

PlotWriter::Points
TestbedReport::GetModelSteps(const PeriodModels& models,
                             const std::function<double(const PeriodModel&)>& value)
{
    PlotWriter::Points points;
    for (const PeriodModel& m : models)
    {
        points.emplace_back(m.start.GetSeconds(), value(m));
        points.emplace_back(m.stop.GetSeconds(), value(m));
        points.emplace_back(m.stop.GetSeconds(), NOT_ACTIVE);
    }
    return points;
}

void
TestbedReport::AddPeriodWindows(PlotWriter::Figure& figure) const
{
    for (std::size_t k = 0; k < m_monitor.GetPeriodCount(); ++k)
    {
        const auto& [start, stop] = m_monitor.GetPeriodWindow(k);
        figure.AddWindow(start.GetSeconds(), stop.GetSeconds());
    }
}

bool
TestbedReport::WritePeriodPlot(const std::string& prefix,
                               const std::string& title,
                               Time interval,
                               const PeriodModels& models,
                               std::ostream& os) const
{
    return DrawPeriodPlot(prefix, title, interval, models, nullptr, true, os);
}

bool
TestbedReport::WriteFluidPeriodPlot(const std::string& prefix,
                                    const std::string& title,
                                    Time interval,
                                    const PeriodModels& models,
                                    const FluidModel::Result& fluid,
                                    bool simulated,
                                    std::ostream& os) const
{
    return DrawPeriodPlot(prefix, title, interval, models, &fluid, simulated, os);
}

namespace
{
/**
 * \param fluid a fluid run
 * \param value a quantity of sample i
 * \return (time in s, value) per sample
 */
PlotWriter::Points
FluidPoints(const FluidModel::Result& fluid, const std::function<double(std::size_t)>& value)
{
    PlotWriter::Points points;
    for (std::size_t i = 0; i < fluid.times.size(); ++i)
    {
        points.emplace_back(fluid.times[i], value(i));
    }
    return points;
}

/**
 * \param fluid a fluid run
 * \param window [from, to]
 * \param value a quantity of sample i
 * \return its mean over the samples in the window (NaN if none)
 */
double
FluidMean(const FluidModel::Result& fluid,
          std::pair<Time, Time> window,
          const std::function<double(std::size_t)>& value)
{
    double sum = 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < fluid.times.size(); ++i)
    {
        if (fluid.times[i] >= window.first.GetSeconds() &&
            fluid.times[i] <= window.second.GetSeconds())
        {
            sum += value(i);
            ++n;
        }
    }
    return n > 0 ? sum / static_cast<double>(n) : NOT_ACTIVE;
}

/// \param link a fluid link's state \return the fraction of its capacity it sends
double
FluidUtilization(const FluidModel::LinkState& link)
{
    return link.backlog > 0 ? 1.0 : std::min(link.load / link.capacity, 1.0);
}

/**
 * Add a curve of the simulation (if any) and the fluid model's beside it.
 * \param panel the panel \param name the curve's name
 * \param simulation the simulation's points (null: none, the fluid's drawn as the curve)
 * \param fluid the fluid model's points (null: none)
 * \return the curve's index (its colour)
 */
std::size_t
AddCurves(PlotWriter::Panel& panel,
          const std::string& name,
          const std::function<PlotWriter::Points()>& simulation,
          const std::function<PlotWriter::Points()>& fluid)
{
    if (!simulation)
    {
        return panel.AddCurve("fluid " + name, fluid());
    }
    const std::size_t curve = panel.AddCurve(name, simulation());
    if (fluid)
    {
        panel.AddFluidCurve("fluid " + name, fluid(), curve);
    }
    return curve;
}
} // namespace

namespace
{
/**
 * \param series a series (null: none)
 * \param factor a unit's factor
 * \return the series with every y times \p factor (null if \p series is)
 */
std::function<PlotWriter::Points()>
Scaled(std::function<PlotWriter::Points()> series, double factor)
{
    if (!series)
    {
        return nullptr;
    }
    return [series, factor]() {
        PlotWriter::Points points = series();
        for (auto& point : points)
        {
            point.second *= factor;
        }
        return points;
    };
}

/**
 * AddCurves(), then the model's steps as a dashed curve in the curve's colour.
 * \param panel the panel \param name the curve's name
 * \param simulation the simulation's points (null: none) \param fluid the fluid's (null: none)
 * \param model the model's steps
 */
void
AddCurvesWithModel(PlotWriter::Panel& panel,
                   const std::string& name,
                   const std::function<PlotWriter::Points()>& simulation,
                   const std::function<PlotWriter::Points()>& fluid,
                   const PlotWriter::Points& model)
{
    const std::size_t curve = AddCurves(panel, name, simulation, fluid);
    panel.AddModelCurve("model " + name, model, curve);
}
} // namespace

bool
TestbedReport::DrawPeriodPlot(const std::string& prefix,
                              const std::string& title,
                              Time interval,
                              const PeriodModels& models,
                              const FluidModel::Result* fluid,
                              bool simulated,
                              std::ostream& os) const
{
    // Time-series columns: time, rates (one per class, KB/s), backlogs (one per link), windows
    // (one per class), utilizations (one per link).
    const NetworkDescription& d = m_network.description;
    const std::size_t nClasses = d.classes.size();
    const std::size_t nLinks = d.links.size();
    const std::string means = ", " + PlotWriter::FormatTime(interval) + " means)";
    const double mbpsPerPacket = d.packetSize * 8.0 / 1e6;
    // the simulation's series of a column, the fluid's of a quantity (null when not drawn)
    const auto series = [&](std::size_t column) -> std::function<PlotWriter::Points()> {
        if (!simulated)
        {
            return nullptr;
        }
        return [this, column, interval]() { return GetTimeSeriesMeans(column, interval); };
    };
    const auto fluidSeries =
        [fluid](std::function<double(std::size_t)> value) -> std::function<PlotWriter::Points()> {
        if (!fluid)
        {
            return nullptr;
        }
        return [fluid, value]() { return FluidPoints(*fluid, value); };
    };
    PlotWriter writer(prefix);
    PlotWriter::Figure& figure = writer.AddFigure(title, "time (s)");
    AddPeriodWindows(figure);
    PlotWriter::Panel& rates = figure.AddPanel("rate per flow (Mb/s" + means);
    PlotWriter::Panel& windows = figure.AddPanel("window per flow (packets" + means);
    for (std::size_t c = 0; c < nClasses; ++c)
    {
        if (d.classes[c].traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            continue; // short flows and web sessions: no per-flow rate or window
        }
        const std::string& name = d.classes[c].name;
        AddCurvesWithModel(rates,
                           name,
                           Scaled(series(1 + c), MBPS_PER_KBPS),
                           fluidSeries([fluid, c, mbpsPerPacket](std::size_t i) {
                               return fluid->sources[i][c].rate * mbpsPerPacket;
                           }),
                           GetModelSteps(models, [c](const PeriodModel& m) {
                               return m.rateKBps[c] * MBPS_PER_KBPS;
                           }));
        AddCurvesWithModel(
            windows,
            name,
            series(1 + nClasses + nLinks + c),
            fluidSeries([fluid, c](std::size_t i) { return fluid->sources[i][c].window; }),
            GetModelSteps(models, [c](const PeriodModel& m) { return m.cwndPackets[c]; }));
    }
    PlotWriter::Panel& queues = figure.AddPanel("queue (packets" + means);
    PlotWriter::Panel& utilization = figure.AddPanel("utilization (" + means.substr(2));
    for (std::size_t l = 0; l < nLinks; ++l)
    {
        const std::string& name = d.links[l].name;
        AddCurvesWithModel(
            queues,
            name,
            series(1 + nClasses + l),
            fluidSeries([fluid, l](std::size_t i) { return fluid->links[i][l].backlog; }),
            GetModelSteps(models, [l](const PeriodModel& m) { return m.queue[l]; }));
        AddCurvesWithModel(
            utilization,
            name,
            series(1 + 2 * nClasses + nLinks + l),
            fluidSeries([fluid, l](std::size_t i) { return FluidUtilization(fluid->links[i][l]); }),
            GetModelSteps(models, [l](const PeriodModel& m) { return m.utilization[l]; }));
    }
    return writer.Write(os);
}

void
TestbedReport::AddFluidPeriodRows(ComparisonTable& table,
                                  const PeriodModels& models,
                                  const FluidModel::Result& fluid,
                                  const std::string& tag) const
{
    const NetworkDescription& d = m_network.description;
    const double mbpsPerPacket = d.packetSize * 8.0 / 1e6;
    for (std::size_t k = 0; k < models.size(); ++k)
    {
        const PeriodModel& m = models[k];
        const std::string label = GetPeriodLabel(m);
        const std::pair<Time, Time> window = m_monitor.GetPeriodWindow(k);
        for (std::size_t c = 0; c < d.classes.size(); ++c)
        {
            if (std::isnan(m.rateKBps[c]))
            {
                continue;
            }
            const std::string entity = d.classes[c].name + " " + label;
            table.Add("rate" + tag + " (Mb/s)",
                      entity,
                      m.rateKBps[c] * MBPS_PER_KBPS,
                      FluidMean(fluid, window, [&fluid, c, mbpsPerPacket](std::size_t i) {
                          return fluid.sources[i][c].rate * mbpsPerPacket;
                      }));
            table.Add("cwnd" + tag + " (pkts)",
                      entity,
                      m.cwndPackets[c],
                      FluidMean(fluid, window, [&fluid, c](std::size_t i) {
                          return fluid.sources[i][c].window;
                      }));
        }
        for (std::size_t l = 0; l < d.links.size(); ++l)
        {
            const std::string entity = d.links[l].name + " " + label;
            table.Add("queue" + tag + " (pkts)",
                      entity,
                      m.queue[l],
                      FluidMean(fluid, window, [&fluid, l](std::size_t i) {
                          return fluid.links[i][l].backlog;
                      }));
            table.Add("utilization" + tag,
                      entity,
                      m.utilization[l],
                      FluidMean(fluid, window, [&fluid, l](std::size_t i) {
                          return FluidUtilization(fluid.links[i][l]);
                      }));
        }
    }
}

Time
TestbedReport::GetDistanceStart() const
{
    const NetworkDescription& d = m_network.description;
    Time first = Time::Max();
    Time rtt;
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        first = std::min(first, spec.start);
        rtt = std::max(rtt, spec.rtt);
    }
    return d.classes.empty() ? Time() : first + rtt * DISTANCE_ROUND_TRIPS;
}

void
TestbedReport::AddFluidDistanceRows(ComparisonTable& table,
                                    const FluidModel::Result& fluid,
                                    Time interval) const
{
    const NetworkDescription& d = m_network.description;
    const std::size_t nClasses = d.classes.size();
    const std::size_t nLinks = d.links.size();
    const double sample = m_monitor.GetSeriesInterval().GetSeconds();
    NS_ABORT_MSG_IF(sample <= 0, "TestbedReport::AddFluidDistanceRows: EnableTimeSeries first");
    const double from = GetDistanceStart().GetSeconds();
    const double to = fluid.times.empty() ? from : fluid.times.back();
    const std::string window = " from " + PlotWriter::FormatTime(GetDistanceStart());
    // the simulation's column against the fluid's quantity, both averaged over the intervals
    // (relative: in % of the fluid's mean magnitude; else the mean absolute difference)
    const auto distance =
        [&](std::size_t column, const std::function<double(std::size_t)>& f, bool relative) {
            const double width = std::max(interval.GetSeconds(), sample);
            const PlotWriter::Points packet = GetTimeSeriesMeans(column, interval);
            const PlotWriter::Points model =
                PlotWriter::AverageOverIntervals(FluidPoints(fluid, f), width, sample / 2);
            return relative ? TrajectoryDistance::GetPercent(packet, model, from, to)
                            : TrajectoryDistance::GetMeanAbsolute(packet, model, from, to);
        };
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    for (std::size_t c = 0; c < nClasses; ++c)
    {
        if (d.classes[c].traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            continue;
        }
        const std::string entity = d.classes[c].name + window;
        table.Add("rate distance (%)",
                  entity,
                  NOT_ACTIVE,
                  distance(
                      1 + c,
                      [&fluid, c, kiloBytesPerPacket](std::size_t i) {
                          return fluid.sources[i][c].rate * kiloBytesPerPacket;
                      },
                      true));
        table.Add("cwnd distance (%)",
                  entity,
                  NOT_ACTIVE,
                  distance(
                      1 + nClasses + nLinks + c,
                      [&fluid, c](std::size_t i) { return fluid.sources[i][c].window; },
                      true));
    }
    for (std::size_t l = 0; l < nLinks; ++l)
    {
        table.Add("queue distance (pkts)",
                  d.links[l].name + window,
                  NOT_ACTIVE,
                  distance(
                      1 + nClasses + l,
                      [&fluid, l](std::size_t i) { return fluid.links[i][l].backlog; },
                      false));
    }
}

} // namespace ns3
