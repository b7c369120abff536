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

#include <ostream>
#include <sstream>

namespace ns3
{

namespace
{
/// Time-series samples over the run (plots only).
constexpr int64_t SERIES_SAMPLES = 2000;
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
EquilibriumScenario::Check()
{
    m_description = Describe();
    TestbedModelBuilder::CheckModelled(m_description);
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
    const Settings& s = GetSettings();
    m_helper = std::make_unique<NetworkHelper>(m_description);
    ScenarioRunner::WarnIfLong(*m_helper, s.simTime);
    m_helper->GetMonitor().SetMeasurementWindow(s.warmup, s.simTime);
    if (!s.plot.empty())
    {
        m_helper->GetMonitor().EnableTimeSeries(s.simTime / SERIES_SAMPLES);
    }
    m_helper->GetBuilder().AssignStreams(1);
    m_helper->Install();
    m_helper->Run(s.simTime, s.progress);
    return {};
}

int
EquilibriumScenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                              std::ostream& os)
{
    const Settings& s = GetSettings();
    std::ostringstream title;
    title << GetTitle() << ", window [" << s.warmup.GetSeconds() << ", " << s.simTime.GetSeconds()
          << "] s";
    Report(os, m_helper->GetReport().Compare(title.str()));
    if (!GetPlotPrefix().empty())
    {
        m_helper->GetReport().WritePlot(GetPlotPrefix(),
                                        GetPlotTitle() + ", measured over [" +
                                            PlotWriter::FormatTime(s.warmup) + ", " +
                                            PlotWriter::FormatTime(s.simTime) + "]",
                                        os);
    }
    return 0;
}

} // namespace ns3
