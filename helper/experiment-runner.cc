/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-runner.h"

#include "network-helper.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/simulator.h"

#include <chrono>
#include <iostream>
#include <sstream>

namespace ns3
{

ExperimentRunner::ExperimentRunner(std::string plotPrefix)
    : m_simTime(Seconds(20)),
      m_warmup(Seconds(10)),
      m_plot(std::move(plotPrefix)),
      m_progress(true)
{
}

void
ExperimentRunner::AddOptions(CommandLine& cmd)
{
    cmd.AddValue("simTime", "Simulated time", m_simTime);
    cmd.AddValue("warmup",
                 "Start of the measurement window (statistics over [warmup, simTime])",
                 m_warmup);
    cmd.AddValue("csv", "Write the table as CSV to this file (quantity,entity,model,...)", m_csv);
    cmd.AddValue("plot", "Prefix of the PNG plot and its data (none: no plot)", m_plot);
    cmd.AddValue("progress", "Show simulation progress on stderr", m_progress);
}

Time
ExperimentRunner::GetSimTime() const
{
    return m_simTime;
}

void
ExperimentRunner::Run(NetworkHelper& helper, const std::string& title)
{
    NS_ABORT_MSG_UNLESS(m_simTime > m_warmup,
                        "--simTime (" << m_simTime.As(Time::S) << ") must exceed --warmup ("
                                      << m_warmup.As(Time::S) << ")");
    const auto wallStart = std::chrono::steady_clock::now();
    const std::string plot = m_plot == "none" ? "" : m_plot;
    helper.SetMeasurementWindow(m_warmup, m_simTime);
    if (!plot.empty())
    {
        helper.EnableTimeSeries(m_simTime / 200);
    }
    helper.AssignStreams(1);
    helper.Install();
    helper.Run(m_simTime, m_progress);
    std::ostringstream fullTitle;
    fullTitle << title << ", window [" << m_warmup.GetSeconds() << ", " << m_simTime.GetSeconds()
              << "] s";
    helper.Report(std::cout, fullTitle.str(), m_csv, plot);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    std::cout << "wall time " << wall << " s\n";
}

} // namespace ns3
