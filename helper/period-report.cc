/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "period-report.h"

#include "network-helper.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/duality-model.h"
#include "ns3/queue-disc.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

namespace
{
/// Not a number: the model of a class that is not active.
constexpr double NOT_ACTIVE = std::numeric_limits<double>::quiet_NaN();
/// Mb/s per KB/s.
constexpr double MBPS_PER_KBPS = 8.0 / 1000;
} // namespace

PeriodReport::PeriodReport(const NetworkHelper& helper)
    : PeriodReport(helper, Solve(helper))
{
}

PeriodReport::PeriodReport(const NetworkHelper& helper, std::vector<PeriodModel> models)
    : m_helper(helper),
      m_models(std::move(models))
{
    NS_ABORT_MSG_UNLESS(m_models.size() == helper.GetMonitor().GetPeriodCount(),
                        "PeriodReport: " << m_models.size() << " models for "
                                         << helper.GetMonitor().GetPeriodCount() << " periods");
}

std::vector<PeriodReport::PeriodModel>
PeriodReport::Solve(const NetworkHelper& helper)
{
    const NetworkDescription& d = helper.GetDescription();
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    std::vector<PeriodModel> models;
    for (std::size_t k = 0; k < helper.GetMonitor().GetPeriodCount(); ++k)
    {
        PeriodModel m;
        m.start = helper.GetMonitor().GetPeriodStart(k);
        m.stop = helper.GetMonitor().GetPeriodWindow(k).second;
        m.rateKBps.assign(d.classes.size(), NOT_ACTIVE);
        m.baseRttMs.assign(d.classes.size(), NOT_ACTIVE);
        m.cwndPackets.assign(d.classes.size(), NOT_ACTIVE);
        const DualityModel model = helper.GetModelBuilder().BuildPeriodModel(k);
        if (model.GetSources().empty())
        {
            // Nobody active through the whole window: an idle network.
            m.queue.assign(d.links.size(), 0);
            m.utilization.assign(d.links.size(), 0);
            models.push_back(m);
            continue;
        }
        const DualityModel::Solution sol = model.Solve();
        NS_ABORT_MSG_UNLESS(sol.converged,
                            "PeriodReport: the duality model of period "
                                << k << " did not converge (KKT residual " << sol.kktResidual
                                << ")");
        for (const NetworkDescription::LinkSpec& link : d.links)
        {
            const DualityModel::LinkResult& r = sol.links[model.GetLinkIndex(link.name)];
            m.queue.push_back(r.backlog);
            // The model's capacity is the share the price drives the load to (e.g. REM's
            // VirtualCapacity law: gamma_v c); the link's utilization is that share times the
            // model's, as TestbedReport::Compare() reports it.
            const Ptr<QueueDisc> disc = helper.GetNetwork().GetQueueDisc(link.name);
            const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(disc);
            const double factor = traits.capacityFactor ? traits.capacityFactor(disc) : 1;
            m.utilization.push_back(factor * r.utilization);
        }
        // The model's sources are the active classes' flows, in flow order: a class' first flow
        // stands for the class (its flows share its route; with an RTT range they differ, and
        // the class' measured mean is compared with its first flow's model).
        std::size_t s = 0;
        for (std::size_t c = 0; c < d.classes.size(); ++c)
        {
            if (!helper.GetMonitor().IsClassActive(d.classes[c].name, k) ||
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
        models.push_back(m);
    }
    return models;
}

const std::vector<PeriodReport::PeriodModel>&
PeriodReport::GetModels() const
{
    return m_models;
}

std::string
PeriodReport::GetLabel(std::size_t k) const
{
    std::ostringstream os;
    os << '[' << m_models[k].start.GetSeconds() << '-' << m_models[k].stop.GetSeconds() << " s]";
    return os.str();
}

ComparisonTable
PeriodReport::Compare(const std::string& title) const
{
    const NetworkDescription& d = m_helper.GetDescription();
    ComparisonTable table(title);
    for (std::size_t k = 0; k < m_models.size(); ++k)
    {
        const PeriodModel& m = m_models[k];
        const std::string label = GetLabel(k);
        for (std::size_t c = 0; c < d.classes.size(); ++c)
        {
            const std::string& name = d.classes[c].name;
            if (std::isnan(m.rateKBps[c]))
            {
                continue;
            }
            const TestbedMonitor::ClassMeasurement s =
                m_helper.GetMonitor().GetClassMeasurement(name, k);
            table.Add("rate (Mb/s)",
                      name + " " + label,
                      m.rateKBps[c] * MBPS_PER_KBPS,
                      s.rateKBps * MBPS_PER_KBPS);
            table.Add("cwnd (pkts)", name + " " + label, m.cwndPackets[c], s.cwndPackets);
        }
        for (std::size_t l = 0; l < d.links.size(); ++l)
        {
            const std::string entity = d.links[l].name + " " + label;
            const TestbedMonitor::LinkMeasurement s =
                m_helper.GetMonitor().GetLinkMeasurement(d.links[l].name, k);
            table.Add("queue (pkts)", entity, m.queue[l], s.backlogPackets);
            table.Add("utilization", entity, m.utilization[l], s.utilization);
            table.Add("drops (pkts)", entity, NOT_ACTIVE, s.drops);
        }
    }
    return table;
}

PlotWriter::Points
PeriodReport::GetModelSteps(const std::function<double(const PeriodModel&)>& value) const
{
    PlotWriter::Points points;
    for (const PeriodModel& m : m_models)
    {
        points.emplace_back(m.start.GetSeconds(), value(m));
        points.emplace_back(m.stop.GetSeconds(), value(m));
        points.emplace_back(m.stop.GetSeconds(), NOT_ACTIVE);
    }
    return points;
}

void
PeriodReport::AddPeriodWindows(PlotWriter::Figure& figure) const
{
    for (std::size_t k = 0; k < m_helper.GetMonitor().GetPeriodCount(); ++k)
    {
        const auto& [start, stop] = m_helper.GetMonitor().GetPeriodWindow(k);
        figure.AddWindow(start.GetSeconds(), stop.GetSeconds());
    }
}

bool
PeriodReport::WritePlot(const std::string& prefix,
                        const std::string& title,
                        Time interval,
                        std::ostream& os) const
{
    // Time-series columns: time, rates (one per class, KB/s), backlogs (one per link), windows
    // (one per class), utilizations (one per link).
    const NetworkDescription& d = m_helper.GetDescription();
    const std::size_t nClasses = d.classes.size();
    const std::size_t nLinks = d.links.size();
    const std::string means = ", " + PlotWriter::FormatTime(interval) + " means)";
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
        PlotWriter::Points rate = m_helper.GetReport().GetTimeSeriesMeans(1 + c, interval);
        for (auto& point : rate)
        {
            point.second *= MBPS_PER_KBPS;
        }
        const std::size_t curve = rates.AddCurve(name, rate);
        rates.AddModelCurve(
            "model " + name,
            GetModelSteps([c](const PeriodModel& m) { return m.rateKBps[c] * MBPS_PER_KBPS; }),
            curve);
        const std::size_t window = windows.AddCurve(
            name,
            m_helper.GetReport().GetTimeSeriesMeans(1 + nClasses + nLinks + c, interval));
        windows.AddModelCurve("model " + name,
                              GetModelSteps([c](const PeriodModel& m) { return m.cwndPackets[c]; }),
                              window);
    }
    PlotWriter::Panel& queues = figure.AddPanel("queue (packets" + means);
    PlotWriter::Panel& utilization = figure.AddPanel("utilization (" + means.substr(2));
    for (std::size_t l = 0; l < nLinks; ++l)
    {
        const std::string& name = d.links[l].name;
        const std::size_t queue =
            queues.AddCurve(name,
                            m_helper.GetReport().GetTimeSeriesMeans(1 + nClasses + l, interval));
        queues.AddModelCurve("model " + name,
                             GetModelSteps([l](const PeriodModel& m) { return m.queue[l]; }),
                             queue);
        const std::size_t used = utilization.AddCurve(
            name,
            m_helper.GetReport().GetTimeSeriesMeans(1 + 2 * nClasses + nLinks + l, interval));
        utilization.AddModelCurve(
            "model " + name,
            GetModelSteps([l](const PeriodModel& m) { return m.utilization[l]; }),
            used);
    }
    return writer.Write(os);
}

} // namespace ns3
