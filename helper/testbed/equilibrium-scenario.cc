/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "equilibrium-scenario.h"

#include "network-helper.h"
#include "scenario-runner.h"
#include "testbed-model-builder.h"

#include "ns3/abort.h"
#include "ns3/plot-writer.h"
#include "ns3/simulator.h"

#include <ostream>
#include <sstream>

namespace ns3
{

namespace
{
/// Time-series samples over the run (plots only).
constexpr int64_t SERIES_SAMPLES = 2000;
/// Points per curve in the plots (--fluid, --engine=fluid).
constexpr int64_t PLOT_POINTS = 200;
} // namespace

EquilibriumScenario::EquilibriumScenario(std::string name, std::string usage)
    : Scenario(std::move(name), std::move(usage))
{
    Settings defaults;
    defaults.simTime = Seconds(20);
    defaults.warmup = Seconds(10);
    defaults.progress = true;
    SetSettings(defaults);
}

EquilibriumScenario::~EquilibriumScenario() = default;

bool
EquilibriumScenario::HasWindow() const
{
    return true;
}

void
EquilibriumScenario::AddFluidOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("engine",
                 "packet (the packet simulation) or fluid (the fluid model alone: the table's "
                 "simulation column holds the fluid model's means over the window)",
                 m_engine);
    cmd.AddValue("fluid",
                 "Also run the fluid model: its trajectories on the plot, its means over the "
                 "window in the table (rows '..., fluid') with the distance rows",
                 m_fluid);
}

void
EquilibriumScenario::Check()
{
    CheckEngine(m_engine);
    m_description = Describe();
    TestbedModelBuilder::CheckModelled(m_description);
    if (m_engine == "fluid" || m_fluid)
    {
        CheckFluidDescribes(m_description, m_engine);
    }
}

std::vector<Time>
EquilibriumScenario::GetWindowBoundaries() const
{
    return {Seconds(0), GetSettings().simTime};
}

std::string
EquilibriumScenario::GetWindowTitle() const
{
    const Settings& s = GetSettings();
    std::ostringstream title;
    title << GetTitle() << ", window [" << s.warmup.GetSeconds() << ", " << s.simTime.GetSeconds()
          << "] s";
    return title.str();
}

std::string
EquilibriumScenario::GetWindowPlotTitle() const
{
    const Settings& s = GetSettings();
    return GetPlotTitle() + ", measured over [" + PlotWriter::FormatTime(s.warmup) + ", " +
           PlotWriter::FormatTime(s.simTime) + "]";
}

void
EquilibriumScenario::RunFluidEngine()
{
    const Settings& s = GetSettings();
    m_helper = std::make_unique<NetworkHelper>(m_description);
    m_helper->GetMonitor().SetMeasurementPeriods(GetWindowBoundaries(), s.warmup);
    m_helper->Install(); // the window's duality model needs the flows; nothing is simulated
    const TestbedReport& report = m_helper->GetReport();
    const TestbedReport::PeriodModels models = report.SolvePeriods();
    const FluidModel::Result fluid =
        RunFluid(m_description, s.simTime, s.simTime / SERIES_SAMPLES, GetName());
    m_table = ComparisonTable(GetWindowTitle() +
                              ", --engine=fluid (the simulation column is the fluid model's)");
    report.AddFluidPeriodRows(m_table, models, fluid, "");
    if (!GetPlotPrefix().empty())
    {
        std::ostringstream lines;
        report.WriteFluidPeriodPlot(GetPlotPrefix(),
                                    GetWindowPlotTitle() + " (fluid model)",
                                    s.simTime / PLOT_POINTS,
                                    models,
                                    fluid,
                                    false,
                                    lines);
        m_plotLines = lines.str();
    }
}

const NetworkDescription&
EquilibriumScenario::GetDescription() const
{
    return m_description;
}

const NetworkHelper&
EquilibriumScenario::GetHelper() const
{
    NS_ABORT_MSG_UNLESS(m_helper, "EquilibriumScenario::GetHelper: call RunPoint() first");
    return *m_helper;
}

std::string
EquilibriumScenario::GetPlotTitle() const
{
    return GetTitle();
}

std::vector<double>
EquilibriumScenario::RunPoint(std::size_t /* point */)
{
    if (m_engine == "fluid")
    {
        RunFluidEngine();
        return {};
    }
    const Settings& s = GetSettings();
    m_helper = std::make_unique<NetworkHelper>(m_description);
    ScenarioRunner::WarnIfLong(*m_helper, s.simTime);
    m_helper->GetMonitor().SetMeasurementWindow(s.warmup, s.simTime);
    if (m_fluid) // one period, the window: the fluid rows' duality model
    {
        m_helper->GetMonitor().SetMeasurementPeriods(GetWindowBoundaries(), s.warmup);
    }
    if (!s.plot.empty() || m_fluid) // --fluid: the distance rows need the trajectories
    {
        m_helper->GetMonitor().EnableTimeSeries(s.simTime / SERIES_SAMPLES);
    }
    m_helper->GetBuilder().AssignStreams(1);
    m_helper->Install();
    m_helper->Run(s.simTime, s.progress);
    if (m_fluid)
    {
        RunPacketWithFluid();
    }
    return {};
}

int
EquilibriumScenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                              std::ostream& os)
{
    if (m_engine == "fluid" || m_fluid)
    {
        Report(os, m_table);
        os << m_plotLines;
        return 0;
    }
    Report(os, m_helper->GetReport().Compare(GetWindowTitle()));
    if (!GetPlotPrefix().empty())
    {
        m_helper->GetReport().WritePlot(GetPlotPrefix(), GetWindowPlotTitle(), os);
    }
    return 0;
}

void
EquilibriumScenario::RunPacketWithFluid()
{
    const Settings& s = GetSettings();
    const TestbedReport& report = m_helper->GetReport();
    const TestbedReport::PeriodModels models = report.SolvePeriods();
    // After the simulation: the fluid model's objects take no random stream before it.
    const FluidModel::Result fluid =
        RunFluid(m_description, s.simTime, s.simTime / SERIES_SAMPLES, GetName());
    m_table = report.Compare(GetWindowTitle());
    report.AddFluidPeriodRows(m_table, models, fluid, ", fluid");
    report.AddFluidDistanceRows(m_table, fluid, s.simTime / PLOT_POINTS);
    if (!GetPlotPrefix().empty())
    {
        std::ostringstream lines;
        report.WriteFluidPeriodPlot(GetPlotPrefix(),
                                    GetWindowPlotTitle(),
                                    s.simTime / PLOT_POINTS,
                                    models,
                                    fluid,
                                    true,
                                    lines);
        m_plotLines = lines.str();
    }
}

} // namespace ns3
