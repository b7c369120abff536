/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vegas-rem-scenario.h"

#include "ns3/command-line.h"
#include "ns3/network-description.h"
#include "ns3/network-helper.h"

#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Most sources --rtts may give.
constexpr std::size_t MAX_SOURCES = 100;
} // namespace

VegasRemScenario::VegasRemScenario()
    : SerialStartScenario(
          "vegas-rem",
          "The Vegas paper's Vegas/REM experiment (§6.3, Fig. 7, Table VII): model vs "
          "simulation per period.",
          true)
{
}

VegasRemScenario::~VegasRemScenario() = default;

void
VegasRemScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("rtts",
                 "Round-trip propagation delays of the sources, started one period apart, "
                 "comma-separated (paper: 10ms,10ms,20ms,10ms,30ms)",
                 m_rtts);
    AddSerialStartOptions(cmd);
    cmd.AddValue("fluid",
                 "Also run the fluid model (Vegas eq. 1 on REM's eq. 30): its queue beside the "
                 "simulation's, its period means and its distance from the simulation",
                 m_fluid);
    cmd.AddValue("engine",
                 "packet (the packet simulation) or fluid (the fluid model alone: the table's "
                 "simulation column holds the fluid model's period means)",
                 m_engine);
}

void
VegasRemScenario::Check()
{
    std::vector<Time> rtts;
    std::istringstream in(m_rtts);
    std::string item;
    while (std::getline(in, item, ','))
    {
        // ParseTime() throws "--rtts (item k)=<item> is not a ... time; valid: ...".
        const Time rtt =
            NetworkDescription::ParseTime(item,
                                          "--rtts (item " + std::to_string(rtts.size() + 1) + ")");
        if (rtt <= MilliSeconds(4))
        {
            throw std::invalid_argument("--rtts=" + m_rtts + ": '" + item +
                                        "' is too short; valid: times above 4 ms (twice the "
                                        "bottleneck and sink-link delays)");
        }
        rtts.push_back(rtt);
    }
    if (rtts.empty() || rtts.size() > MAX_SOURCES)
    {
        throw std::invalid_argument("--rtts=" + m_rtts + ": " + std::to_string(rtts.size()) +
                                    " round-trip times; valid: 1 to " +
                                    std::to_string(MAX_SOURCES));
    }
    GetParameters().rtts = rtts;
    CheckEngine(m_engine);
    SerialStartScenario::Check();
}

std::vector<double>
VegasRemScenario::RunPoint(std::size_t /* point */)
{
    const Parameters& p = GetParameters();
    if (m_engine == "fluid")
    {
        m_helper = Build(p, true); // not run
        m_fluidResult = RunFluid(*m_helper, p);
        return {};
    }
    m_helper = Simulate(p, !GetPlotPrefix().empty() || m_fluid, GetSettings().progress);
    if (m_fluid)
    {
        m_fluidResult = RunFluid(*m_helper, p); // after the simulation (no random stream before)
    }
    return {};
}

int
VegasRemScenario::Evaluate(const std::vector<std::vector<double>>& /* results */, std::ostream& os)
{
    const Parameters& p = GetParameters();
    std::ostringstream title;
    title << "Vegas/REM (phi " << p.remPhi << ", mu " << p.remMu << ", gamma " << p.remGamma
          << "), model: weighted PF rates, no queue; each period measured after "
          << p.settling.GetSeconds() << " s";
    const bool fluidEngine = m_engine == "fluid";
    if (fluidEngine)
    {
        title << ", --engine=fluid (the simulation column is the fluid model's)";
        ComparisonTable table(title.str());
        m_helper->GetReport().AddFluidPeriodRows(table,
                                                 GetPeriodModels(*m_helper, p),
                                                 m_fluidResult,
                                                 "");
        Report(os, table);
    }
    else
    {
        ComparisonTable table = ComparePeriods(*m_helper, p, title.str());
        if (m_fluid)
        {
            AddFluidRows(*m_helper, p, m_fluidResult, table);
        }
        Report(os, table);
    }
    if (!GetPlotPrefix().empty())
    {
        // Fig. 7: windows and queue vs time, the model's per period dashed.
        PlotWriter writer(GetPlotPrefix());
        PlotWriter::Figure& figure = writer.AddFigure(
            "Vegas/REM (Fig. 7): " + PlotWriter::FormatRate(p.bottleneck.GetBitRate()) +
                " bottleneck, REM phi " + PlotWriter::FormatNumber(p.remPhi) + ", mu " +
                PlotWriter::FormatNumber(p.remMu) + ", gamma " +
                PlotWriter::FormatNumber(p.remGamma) + ", a source every " +
                PlotWriter::FormatTime(p.period),
            "time (s)");
        m_helper->GetReport().AddPeriodWindows(figure);
        if (!fluidEngine)
        {
            AddWindowPanel(*m_helper, p, figure);
        }
        AddQueuePanel(*m_helper,
                      p,
                      figure,
                      fluidEngine ? "fluid model" : "",
                      fluidEngine || m_fluid ? &m_fluidResult : nullptr,
                      !fluidEngine);
        writer.Write(os);
    }
    return 0;
}

} // namespace ns3
