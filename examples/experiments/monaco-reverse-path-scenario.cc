/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-reverse-path-scenario.h"

#include "ns3/command-line.h"
#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-helper.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario-runner.h"
#include "ns3/simulator.h"

#include <array>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// An algorithm.
struct Algorithm
{
    const char* name; //!< name, as DescribeNetwork() takes it
};

/// Vegas with the paper's eps1 = 1, eps2 = 3 packets; Monaco with its defaults.
const std::array<Algorithm, 2> ALGORITHMS{{{"vegas"}, {"monaco"}}};

/// RunPoint's results, in order.
enum Result : std::size_t
{
    MODEL_UTILIZATION,
    UTILIZATION,
    MODEL_RATE,
    RATE,
    REVERSE_UTILIZATION,
    DROPS,
    RESULT_SIZE
};

/// Forward capacity, Mb/s.
constexpr double FORWARD_MBPS = 45;
} // namespace

MonacoReversePathScenario::MonacoReversePathScenario()
    : Scenario("monaco-reverse-path",
               "Monaco paper §IV-C (Fig. 4): forward utilization of Vegas and Monaco as the "
               "reverse path's capacity shrinks; model vs simulation.")
{
}

void
MonacoReversePathScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("flows", "Flows in each direction (paper: 7)", m_flows);
    cmd.AddValue("reverseRates",
                 "Reverse capacities to sweep, Mb/s, comma-separated (paper: 5 to 45)",
                 m_reverseRates);
    cmd.AddValue("duration", "Simulated time of each run", m_duration);
    cmd.AddValue("warmup", "Start of the measurement window", m_warmup);
}

void
MonacoReversePathScenario::Check()
{
    Require(m_flows >= 1, "flows", m_flows, "no flow", ">= 1");
    RequirePair(m_warmup < m_duration && !m_warmup.IsStrictlyNegative(),
                "warmup",
                m_warmup.As(Time::S),
                "outside the run",
                "duration",
                m_duration.As(Time::S),
                "in [0, duration)");
    m_points.clear();
    for (std::size_t a = 0; a < ALGORITHMS.size(); ++a)
    {
        for (double rate : ParsePositiveNumbers("reverseRates", m_reverseRates))
        {
            Require(rate <= 1e6, "reverseRates", rate, "too fast", "(0, 1e6] Mb/s");
            m_points.emplace_back(a, rate);
        }
    }
    // Every description parses (errors name the field) before any simulation runs.
    for (const auto& [a, rate] : m_points)
    {
        DescribeNetwork(ALGORITHMS[a].name, m_flows, rate);
    }
}

NetworkDescription
MonacoReversePathScenario::DescribeNetwork(const std::string& algorithm,
                                           uint32_t flows,
                                           double reverseMbps)
{
    if (algorithm != "vegas" && algorithm != "monaco")
    {
        throw std::invalid_argument("MonacoReversePathScenario: algorithm '" + algorithm +
                                    "' unknown; valid: vegas, monaco");
    }
    // Delays are not stated: 10 ms on the bottleneck, round trips 50 ms; buffers large enough
    // that nothing is lost, so that only the reverse queue's delay differs between the runs.
    // Rates as DataRate reads "<x>Mbps".
    DumbbellDescription::Parameters p;
    p.name = "B";
    p.rate = DataRate(static_cast<uint64_t>(FORWARD_MBPS * 1e6));
    p.delay = MilliSeconds(10);
    p.bufferPackets = 1000;
    p.queue.type = "ns3::PriorityObQueueDisc";
    NetworkDescription d = DumbbellDescription::Create(p);
    NetworkDescription::LinkSpec& link = d.links.front();
    link.reverseRate = DataRate(static_cast<uint64_t>(reverseMbps * 1e6));
    link.reverseQueue.type = "ns3::PriorityObQueueDisc";
    link.reverseBufferPackets = 1000;
    for (const char* name : {"forward", "reverse"})
    {
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d, name, flows, MilliSeconds(50));
        c.reverse = std::string(name) == "reverse";
        if (algorithm == "vegas")
        {
            c.SetTcpKeyword("alpha", 1.0).SetTcpKeyword("beta", 3.0);
        }
        else
        {
            c.tcp = "ns3::TcpMonaco";
        }
    }
    d.Validate();
    return d;
}

bool
MonacoReversePathScenario::IsSweep() const
{
    return true;
}

std::size_t
MonacoReversePathScenario::GetPointCount() const
{
    return m_points.size();
}

std::string
MonacoReversePathScenario::GetPointLabel(std::size_t point) const
{
    std::ostringstream os;
    os << ALGORITHMS[m_points[point].first].name << ", reverse " << m_points[point].second
       << " Mb/s";
    return os.str();
}

std::vector<double>
MonacoReversePathScenario::RunPoint(std::size_t point)
{
    const auto& [a, rate] = m_points.at(point);
    NetworkHelper helper(DescribeNetwork(ALGORITHMS[a].name, m_flows, rate));
    ScenarioRunner::WarnIfLong(helper, m_duration);
    helper.GetMonitor().SetMeasurementWindow(m_warmup, m_duration);
    helper.GetBuilder().AssignStreams(1);
    helper.Install();
    helper.Run(m_duration, false);

    const DualityModel model = helper.GetModelBuilder().BuildModel();
    const DualityModel::Solution sol = model.Solve();
    const double megabitsPerPacket = 8e-6 * helper.GetDescription().packetSize;
    std::vector<double> r(RESULT_SIZE);
    r[MODEL_UTILIZATION] = sol.links[model.GetLinkIndex("B")].utilization;
    r[UTILIZATION] = helper.GetMonitor().GetLinkMeasurement("B").utilization;
    // The forward class' flows come first in the model.
    r[MODEL_RATE] = sol.sources.front().rate * megabitsPerPacket;
    r[RATE] = helper.GetMonitor().GetClassMeasurement("forward").rateKBps * 8 / 1000;
    r[REVERSE_UTILIZATION] = helper.GetMonitor().GetLinkMeasurement("B:reverse").utilization;
    r[DROPS] = helper.GetMonitor().GetLinkMeasurement("B").drops +
               helper.GetMonitor().GetLinkMeasurement("B:reverse").drops;
    Simulator::Destroy();
    return r;
}

int
MonacoReversePathScenario::Evaluate(const std::vector<std::vector<double>>& results,
                                    std::ostream& os)
{
    std::ostringstream title;
    title << "Reverse-path congestion (paper §IV-C, Fig. 4): " << m_flows << " flows each way on a "
          << FORWARD_MBPS << " Mb/s forward bottleneck, window [" << m_warmup.GetSeconds() << ", "
          << m_duration.GetSeconds() << "] s";
    ComparisonTable table(title.str());
    std::array<PlotWriter::Points, ALGORITHMS.size()> curves;
    for (std::size_t i = 0; i < m_points.size(); ++i)
    {
        const auto& [a, rate] = m_points[i];
        const std::vector<double>& r = results[i];
        std::ostringstream entity;
        entity << ALGORITHMS[a].name << " reverse " << rate << " Mb/s";
        table.Add("forward utilization", entity.str(), r[MODEL_UTILIZATION], r[UTILIZATION]);
        table.Add("forward rate (Mb/s)", entity.str(), r[MODEL_RATE], r[RATE]);
        table.Add("reverse utilization", entity.str(), std::nan(""), r[REVERSE_UTILIZATION]);
        table.Add("drops (pkts)", entity.str(), std::nan(""), r[DROPS]);
        curves[a].emplace_back(rate, r[UTILIZATION]);
    }
    Report(os, table);
    if (!GetPlotPrefix().empty())
    {
        PlotWriter writer(GetPlotPrefix());
        PlotWriter::Figure& figure = writer.AddFigure(title.str(), "reverse capacity (Mb/s)");
        PlotWriter::Panel& panel = figure.AddPanel("forward utilization");
        for (std::size_t a = 0; a < ALGORITHMS.size(); ++a)
        {
            panel.AddCurve(ALGORITHMS[a].name, curves[a]);
        }
        panel.AddModelLine("model", results.front()[MODEL_UTILIZATION]);
        writer.Write(os);
    }
    return 0;
}

} // namespace ns3
