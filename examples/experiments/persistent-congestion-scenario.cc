/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "persistent-congestion-scenario.h"

#include "ns3/command-line.h"
#include "ns3/network-helper.h"
#include "ns3/simulator.h"

#include <ostream>
#include <sstream>

namespace ns3
{

PersistentCongestionScenario::PersistentCongestionScenario()
    : SerialStartScenario(
          "vegas-persistent-congestion",
          "The Vegas paper's persistent-congestion experiment (§6.2, Fig. 6, Tables V-VI): "
          "model vs simulation per period.",
          false)
{
}

PersistentCongestionScenario::~PersistentCongestionScenario() = default;

void
PersistentCongestionScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("sources",
                 "Number of sources, started one period apart (>= 1; paper: 5)",
                 m_sources);
    cmd.AddValue("rtt", "Round-trip propagation delay of every source (paper: 10ms)", m_rtt);
    AddSerialStartOptions(cmd);
    cmd.AddValue("baseRtt",
                 "both, fixed (hard-coded, true value) or measured (MinEver)",
                 m_baseRtt);
    cmd.AddValue("fluid",
                 "Also run the fluid model (Vegas eq. 1; measured baseRTTs: each source's error "
                 "from eqs. 27-29): its queue beside the simulation's, its period means and its "
                 "distance from the simulation in the table",
                 m_fluid);
    cmd.AddValue("engine",
                 "packet (the packet simulation) or fluid (the fluid model alone: the table's "
                 "simulation column holds the fluid model's period means)",
                 m_engine);
}

void
PersistentCongestionScenario::Check()
{
    Require(m_baseRtt == "both" || m_baseRtt == "fixed" || m_baseRtt == "measured",
            "baseRtt",
            m_baseRtt,
            "no such run",
            "both, fixed or measured");
    Require(m_sources >= 1 && m_sources <= 100, "sources", m_sources, "out of range", "1 to 100");
    Require(m_rtt > MilliSeconds(4),
            "rtt",
            m_rtt.As(Time::MS),
            "too short",
            "above 4 ms (twice the bottleneck and sink-link delays)");
    CheckEngine(m_engine);
    GetParameters().rtts.assign(m_sources, m_rtt);
    SerialStartScenario::Check();
    const bool fluid = m_fluid || m_engine == "fluid";
    Require(!fluid || m_baseRtt == "fixed" || !GetParameters().alphaTimeUnit.IsZero(),
            "alphaUnit",
            "0",
            "with --fluid or --engine=fluid and measured baseRTTs: the baseRTT errors come from "
            "eqs. 27-29",
            "a time unit > 0, or --baseRtt=fixed");
    // The last source must see a round trip before the run ends (the class was blamed, not
    // the option).
    const Parameters& p = GetParameters();
    const Time lastStart = p.period * static_cast<int64_t>(m_sources - 1);
    RequirePair(lastStart + m_rtt < p.simTime,
                "rtt",
                m_rtt.As(Time::S),
                "the last source, started at " + StrictValue::Describe(lastStart) +
                    ", would see no round trip before the run ends",
                "simTime",
                p.simTime.As(Time::S),
                "rtt < simTime - (sources - 1) x period");
    m_fixed.clear();
    for (const bool fixed : {true, false})
    {
        if (m_baseRtt == "both" || m_baseRtt == (fixed ? "fixed" : "measured"))
        {
            m_fixed.push_back(fixed);
        }
    }
}

std::size_t
PersistentCongestionScenario::GetPointCount() const
{
    return m_fixed.size();
}

std::string
PersistentCongestionScenario::GetPointLabel(std::size_t point) const
{
    return std::string("baseRtt=") + (m_fixed[point] ? "fixed" : "measured");
}

std::vector<double>
PersistentCongestionScenario::RunPoint(std::size_t point)
{
    const bool fixed = m_fixed[point];
    Parameters parameters = GetParameters();
    parameters.fixedBaseRtt = fixed;
    if (!GetPlotPrefix().empty() && !m_writer)
    {
        std::ostringstream plotTitle;
        plotTitle << "Vegas, persistent congestion (Fig. 6): " << m_sources << " sources, RTT "
                  << PlotWriter::FormatTime(m_rtt) << ", "
                  << PlotWriter::FormatRate(parameters.bottleneck.GetBitRate())
                  << " bottleneck, a source every " << PlotWriter::FormatTime(parameters.period);
        m_writer = std::make_unique<PlotWriter>(GetPlotPrefix());
        m_figure = &m_writer->AddFigure(plotTitle.str(), "time (s)");
    }
    if (m_engine == "fluid")
    {
        Run run;
        run.name = fixed ? "fixed" : "measured";
        RunFluidEngine(parameters, run);
        m_runs.push_back(run);
        Simulator::Destroy();
        return {};
    }
    const std::unique_ptr<NetworkHelper> helper =
        Simulate(parameters, !GetPlotPrefix().empty() || m_fluid, GetSettings().progress);
    Run run;
    run.name = fixed ? "fixed" : "measured";
    std::ostringstream title;
    title << "Persistent congestion, baseRTT " << run.name
          << (fixed ? " (model: Theorem 1, alpha d per source)"
                    : " (model: recursion of eqs. 27-29, Tables V-VI)")
          << ", each period measured after " << parameters.settling.GetSeconds() << " s";
    run.table = ComparePeriods(*helper, parameters, title.str());
    FluidModel::Result fluid;
    if (m_fluid)
    {
        fluid = RunFluid(*helper, parameters);
        AddFluidRows(*helper, parameters, fluid, run.table);
    }
    if (m_figure)
    {
        // Fig. 6: the queue vs time of each run, the model's per period dashed.
        helper->GetReport().AddPeriodWindows(*m_figure);
        AddQueuePanel(*helper,
                      parameters,
                      *m_figure,
                      "baseRTT " + run.name +
                          (fixed ? " (model: Theorem 1)" : " (model: eqs. 27-29)"),
                      m_fluid ? &fluid : nullptr);
    }
    m_runs.push_back(run);
    Simulator::Destroy();
    return {};
}

void
PersistentCongestionScenario::RunFluidEngine(const Parameters& parameters, Run& run)
{
    const bool fixed = parameters.fixedBaseRtt;
    const std::unique_ptr<NetworkHelper> helper = Build(parameters, true); // not run
    const FluidModel::Result fluid = RunFluid(*helper, parameters);
    std::ostringstream title;
    title << "Persistent congestion, baseRTT " << run.name
          << (fixed ? " (model: Theorem 1)" : " (model: eqs. 27-29)")
          << ", --engine=fluid (the simulation column is the fluid model's), each period "
             "measured after "
          << parameters.settling.GetSeconds() << " s";
    run.table = ComparisonTable(title.str());
    helper->GetReport().AddFluidPeriodRows(run.table,
                                           GetPeriodModels(*helper, parameters),
                                           fluid,
                                           "");
    if (m_figure)
    {
        helper->GetReport().AddPeriodWindows(*m_figure);
        AddQueuePanel(*helper,
                      parameters,
                      *m_figure,
                      "baseRTT " + run.name +
                          " (fluid model; model: " + (fixed ? "Theorem 1)" : "eqs. 27-29)"),
                      &fluid,
                      false);
    }
}

int
PersistentCongestionScenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                                       std::ostream& os)
{
    ComparisonTable all;
    for (const Run& run : m_runs)
    {
        run.table.Print(os);
        os << '\n';
        for (const ComparisonTable::Row& row : run.table.GetRows())
        {
            all.Add(row.quantity, run.name + " " + row.entity, row.model, row.simulation);
        }
    }
    WriteCsv(os, all);
    if (m_writer)
    {
        m_writer->Write(os);
    }
    return 0;
}

} // namespace ns3
