/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "phased-scenario.h"

#include "fluid-model-builder.h"
#include "network-helper.h"
#include "scenario-runner.h"
#include "testbed-model-builder.h"
#include "testbed-report.h"

#include "ns3/command-line.h"
#include "ns3/plot-writer.h"
#include "ns3/simulator.h"

#include <chrono>
#include <iostream>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Time-series samples over the run (plots only).
constexpr int64_t SERIES_SAMPLES = 2000;
/// Points per curve in the plots.
constexpr int64_t PLOT_POINTS = 200;
} // namespace

PhasedScenario::PhasedScenario(std::string name, std::string usage, Time duration, Time settling)
    : Scenario(std::move(name), std::move(usage)),
      m_duration(duration),
      m_settling(settling)
{
}

PhasedScenario::~PhasedScenario() = default;

void
PhasedScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("duration", "Simulated time (> 0)", m_duration);
    cmd.AddValue("settling",
                 "Left out at the start of each phase before measuring (>= 0, shorter than "
                 "every phase)",
                 m_settling);
    if (m_fluidOptions)
    {
        cmd.AddValue("engine",
                     "packet (the packet simulation) or fluid (the fluid model alone: the table's "
                     "simulation column holds the fluid model's phase means)",
                     m_engine);
        cmd.AddValue("fluid",
                     "Also run the fluid model: its trajectories on the plots, its phase means in "
                     "the table (rows '..., fluid')",
                     m_fluid);
    }
}

void
PhasedScenario::EnableFluid()
{
    m_fluidOptions = true;
}

void
PhasedScenario::Check()
{
    Require(m_duration.IsStrictlyPositive(), "duration", m_duration.As(Time::S), "not > 0", "> 0");
    Require(!m_settling.IsStrictlyNegative(),
            "settling",
            m_settling.As(Time::S),
            "negative",
            ">= 0");
    CheckEngine(m_engine);
    m_networks.clear();
    for (std::size_t run = 0; run < GetRunCount(); ++run)
    {
        m_networks.push_back(Describe(run));
        TestbedModelBuilder::CheckModelled(m_networks.back());
        if (m_engine == "fluid" || m_fluid)
        {
            CheckFluidDescribes(m_networks.back(), m_engine);
        }
        const std::vector<Time> boundaries =
            TestbedMonitor::GetPhaseBoundaries(m_networks.back(), m_duration);
        for (std::size_t k = 0; k + 1 < boundaries.size(); ++k)
        {
            std::ostringstream phase;
            phase << "not shorter than the phase [" << boundaries[k].GetSeconds() << ", "
                  << boundaries[k + 1].GetSeconds() << "] s";
            RequirePair(boundaries[k + 1] - boundaries[k] > m_settling,
                        "settling",
                        m_settling.As(Time::S),
                        phase.str(),
                        "duration",
                        m_duration.As(Time::S),
                        "shorter than every phase (phases start and end where a class starts or "
                        "stops or a link changes)");
        }
    }
}

std::size_t
PhasedScenario::GetRunCount() const
{
    return 1;
}

std::string
PhasedScenario::GetRunName(std::size_t /* run */) const
{
    return "";
}

std::size_t
PhasedScenario::GetPointCount() const
{
    return GetRunCount();
}

std::string
PhasedScenario::GetPointLabel(std::size_t point) const
{
    return GetRunName(point).empty() ? GetName() : GetRunName(point);
}

void
PhasedScenario::Configure(NetworkHelper& /* helper */, std::size_t /* run */)
{
}

void
PhasedScenario::AddRows(ComparisonTable& /* table */,
                        const NetworkHelper& /* helper */,
                        const TestbedReport::PeriodModels& /* models */,
                        std::size_t /* run */)
{
}

void
PhasedScenario::FinishTable(ComparisonTable& /* table */, std::size_t /* run */) const
{
}

Time
PhasedScenario::GetDuration() const
{
    return m_duration;
}

Time
PhasedScenario::GetSeriesInterval() const
{
    return m_duration / SERIES_SAMPLES;
}

Time
PhasedScenario::GetPlotInterval() const
{
    return m_duration / PLOT_POINTS;
}

const NetworkDescription&
PhasedScenario::GetDescription(std::size_t run) const
{
    return m_networks.at(run);
}

FluidModel::Result
PhasedScenario::RunFluid(std::size_t run) const
{
    return Scenario::RunFluid(m_networks.at(run),
                              m_duration,
                              GetSeriesInterval(),
                              GetPointLabel(run));
}

void
PhasedScenario::RunFluidEngine(std::size_t run)
{
    const NetworkDescription& d = m_networks.at(run);
    NetworkHelper helper(d);
    helper.GetMonitor().SetMeasurementPeriods(TestbedMonitor::GetPhaseBoundaries(d, m_duration),
                                              m_settling);
    helper.Install(); // the phases' duality models need the flows; nothing is simulated
    const TestbedReport& report = helper.GetReport();
    const TestbedReport::PeriodModels models = report.SolvePeriods();
    const FluidModel::Result fluid = RunFluid(run);
    ComparisonTable table(GetTitle(run) + ", --engine=fluid (the simulation column is the fluid " +
                          "model's), each phase measured after " +
                          PlotWriter::FormatTime(m_settling));
    report.AddFluidPeriodRows(table, models, fluid, "");
    FinishTable(table, run);
    const std::string prefix = GetPlotPrefix(GetRunName(run));
    if (!prefix.empty())
    {
        std::ostringstream lines;
        report.WriteFluidPeriodPlot(prefix,
                                    GetTitle(run) + " (fluid model)",
                                    GetPlotInterval(),
                                    models,
                                    fluid,
                                    false,
                                    lines);
        m_plotLines.push_back(lines.str());
    }
    m_tables.push_back(table);
    Simulator::Destroy();
}

std::vector<double>
PhasedScenario::RunPoint(std::size_t run)
{
    if (m_engine == "fluid")
    {
        RunFluidEngine(run);
        return {};
    }
    const NetworkDescription& d = m_networks.at(run);
    NetworkHelper helper(d);
    ScenarioRunner::WarnIfLong(helper, m_duration);
    helper.GetMonitor().SetMeasurementPeriods(TestbedMonitor::GetPhaseBoundaries(d, m_duration),
                                              m_settling);
    const std::string prefix = GetPlotPrefix(GetRunName(run));
    if (!prefix.empty() || m_fluid) // --fluid: the distance rows need the trajectories
    {
        helper.GetMonitor().EnableTimeSeries(GetSeriesInterval());
    }
    Configure(helper, run);
    helper.GetBuilder().AssignStreams(1);
    helper.Install();
    helper.Run(m_duration, GetSettings().progress);

    const TestbedReport& report = helper.GetReport();
    const TestbedReport::PeriodModels models = report.SolvePeriods();
    ComparisonTable table = report.ComparePeriods(GetTitle(run) + ", each phase measured after " +
                                                      PlotWriter::FormatTime(m_settling),
                                                  models);
    AddRows(table, helper, models, run);
    FluidModel::Result fluid;
    if (m_fluid)
    {
        fluid = RunFluid(run); // after the simulation: its objects take no random stream before
        report.AddFluidPeriodRows(table, models, fluid, ", fluid");
        report.AddFluidDistanceRows(table, fluid, GetPlotInterval());
    }
    if (!prefix.empty())
    {
        std::ostringstream lines; // printed with the table, in Evaluate()
        if (m_fluid)
        {
            report.WriteFluidPeriodPlot(prefix,
                                        GetTitle(run),
                                        GetPlotInterval(),
                                        models,
                                        fluid,
                                        true,
                                        lines);
        }
        else
        {
            report.WritePeriodPlot(prefix, GetTitle(run), GetPlotInterval(), models, lines);
        }
        m_plotLines.push_back(lines.str());
    }
    FinishTable(table, run);
    m_tables.push_back(table);
    Simulator::Destroy();
    return {};
}

int
PhasedScenario::Evaluate(const std::vector<std::vector<double>>& /* results */, std::ostream& os)
{
    ComparisonTable all;
    for (std::size_t run = 0; run < m_tables.size(); ++run)
    {
        const ComparisonTable& table = m_tables[run];
        table.Print(os);
        os << '\n';
        const std::string name = GetRunName(run);
        for (const ComparisonTable::Row& row : table.GetRows())
        {
            all.Add(row.quantity,
                    name.empty() ? row.entity : name + " " + row.entity,
                    row.model,
                    row.simulation);
        }
    }
    for (const std::string& lines : m_plotLines)
    {
        os << lines;
    }
    WriteCsv(os, all);
    return 0;
}

} // namespace ns3
