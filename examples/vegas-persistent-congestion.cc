/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Persistent congestion: Low, Peterson and Wang, "Understanding TCP Vegas: a duality model"
// (J. ACM 2002), §4.2 (Example 1, eqs. 27-29) and §6.2 (Fig. 6, Tables V-VI). Five Vegas sources
// with a 10 ms round-trip propagation delay share a 48 Mb/s bottleneck with an unlimited FIFO
// buffer; alpha = 2 packets per ms (each source keeps 2 d/ms ~ 20 packets queued); source n
// starts at 20 (n - 1) s.
//
//     1a --1600 Mb/s--\                                /--1600 Mb/s-- 1b
//     ...              R1 ==== 48 Mb/s, FIFO, 1 ms ==== R2            ...
//     5a --1600 Mb/s--/        (unlimited buffer)      \--1600 Mb/s-- 5b
//
// It runs twice:
//  - baseRtt=fixed: every source is told its true baseRTT (propagation plus transmission times,
//    10.18 ms); the queue grows linearly, alpha d per active source (Fig. 6(a));
//  - baseRtt=measured: every source takes the smallest RTT it has seen, which for a late
//    starter includes the queue of the earlier ones; the queue grows much faster (Fig. 6(b)),
//    as the recursion of eqs. 27-29 predicts (Tables V and VI).
// Per period (each interval between two starts, measured from --settling after its start, by
// default its second half) it prints each source's rate, baseRTT and window and the queue, model
// beside simulation, and draws the queue vs time of both runs.
//
//   ./dualcc run vegas-persistent-congestion                  # the paper's scale, ~100 s each
//   ./dualcc run vegas-persistent-congestion --sources=3 --period=10s --baseRtt=measured

#include "ns3/core-module.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario-runner.h"
#include "ns3/serial-start-helper.h"

#include <chrono>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasPersistentCongestion");

namespace
{

/// Sampling interval of the time series (plots only).
const Time SAMPLE_INTERVAL = MilliSeconds(10);
/// The plots' averaging interval: 20 samples.
const Time MEAN_INTERVAL = MilliSeconds(200);

/// What one run leaves behind once its simulation is destroyed.
struct RunResult
{
    std::string name;      //!< "fixed" or "measured"
    ComparisonTable table; //!< model vs simulation
};

/**
 * Simulate one run and keep its table; add its queue vs time to \p figure (Fig. 6).
 * \param parameters the scenario
 * \param fixed whether baseRTT is hard-coded
 * \param progress whether to show progress
 * \param figure where its queue panel goes (nullptr: no plot)
 * \return the run's results
 */
RunResult
Simulate(SerialStartHelper::Parameters parameters,
         bool fixed,
         bool progress,
         PlotWriter::Figure* figure)
{
    parameters.fixedBaseRtt = fixed;
    SerialStartHelper helper(parameters);
    if (figure)
    {
        helper.EnableTimeSeries(SAMPLE_INTERVAL);
    }
    helper.AssignStreams(1);
    helper.Install();
    helper.Run(parameters.simTime, progress);
    RunResult result;
    result.name = fixed ? "fixed" : "measured";
    std::ostringstream title;
    title << "Persistent congestion, baseRTT " << result.name
          << (fixed ? " (model: Theorem 1, alpha d per source)"
                    : " (model: recursion of eqs. 27-29, Tables V-VI)")
          << ", each period measured after " << parameters.settling.GetSeconds() << " s";
    result.table = helper.ComparePeriods(title.str());
    if (figure)
    {
        helper.AddPeriodWindows(*figure);
        helper.AddQueuePanel(*figure,
                             MEAN_INTERVAL,
                             "baseRTT " + result.name +
                                 (fixed ? " (model: Theorem 1)" : " (model: eqs. 27-29)"));
    }
    Simulator::Destroy();
    return result;
}

} // namespace

/**
 * The example (ScenarioRunner::Main turns its exceptions into an error message).
 * \param argc argument count
 * \param argv arguments
 * \return the exit status
 */
static int
RunExample(int argc, char* argv[])
{
    SerialStartHelper::Parameters parameters;
    uint32_t sources = 5;
    Time rtt = MilliSeconds(10);
    Time simTime;
    Time settling;
    std::string baseRtt = "both";
    std::string csv;
    std::string plot = "vegas-persistent-congestion";
    bool progress = false;

    CommandLine cmd(__FILE__);
    cmd.Usage("The Vegas paper's persistent-congestion experiment (§6.2, Fig. 6, Tables V-VI): "
              "model vs simulation per period.");
    cmd.AddValue("sources",
                 "Number of sources, started one period apart (>= 1; paper: 5)",
                 sources);
    cmd.AddValue("rtt", "Round-trip propagation delay of every source (paper: 10ms)", rtt);
    SerialStartHelper::AddOptions(cmd, parameters, simTime, settling);
    cmd.AddValue("baseRtt", "both, fixed (hard-coded, true value) or measured (MinEver)", baseRtt);
    cmd.AddValue("csv", "Write the tables as CSV to this file (quantity,entity,model,...)", csv);
    cmd.AddValue("plot", "Prefix of the PNG plot and its data (none: no plot)", plot);
    cmd.AddValue("progress", "Show simulation progress on stderr", progress);
    cmd.Parse(argc, argv);
    // Before the run, not after it: a bad --csv or --plot path is an error now.
    if (!csv.empty())
    {
        ScenarioRunner::CheckWritable(csv, "--csv");
    }
    if (plot != "none" && !plot.empty())
    {
        ScenarioRunner::CheckWritable(plot + ".plt", "--plot");
    }

    NS_ABORT_MSG_UNLESS(baseRtt == "both" || baseRtt == "fixed" || baseRtt == "measured",
                        "--baseRtt must be both, fixed or measured, not '" << baseRtt << "'");
    NS_ABORT_MSG_UNLESS(sources >= 1 && sources <= 100, "--sources must be in [1, 100]");
    NS_ABORT_MSG_UNLESS(rtt > MilliSeconds(4),
                        "--rtt must exceed 4 ms (twice the bottleneck and sink-link delays)");
    parameters.rtts.assign(sources, rtt);
    SerialStartHelper::ApplyOptions(parameters, simTime, settling);
    const bool drawPlot = plot != "none" && !plot.empty();
    PlotWriter writer(drawPlot ? plot : "none");
    std::ostringstream plotTitle;
    plotTitle << "Vegas, persistent congestion (Fig. 6): " << sources << " sources, RTT "
              << PlotWriter::FormatTime(rtt) << ", "
              << PlotWriter::FormatRate(parameters.bottleneck.GetBitRate())
              << " bottleneck, a source every " << PlotWriter::FormatTime(parameters.period);
    PlotWriter::Figure& figure = writer.AddFigure(plotTitle.str(), "time (s)");

    std::vector<RunResult> runs;
    for (const bool fixed : {true, false})
    {
        if ((fixed && baseRtt == "measured") || (!fixed && baseRtt == "fixed"))
        {
            continue;
        }
        const auto wallStart = std::chrono::steady_clock::now();
        runs.push_back(Simulate(parameters, fixed, progress, drawPlot ? &figure : nullptr));
        runs.back().table.Print(std::cout);
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
        std::cout << "wall time " << wall << " s\n\n";
    }

    if (!csv.empty())
    {
        ComparisonTable all;
        for (const RunResult& run : runs)
        {
            for (const ComparisonTable::Row& row : run.table.GetRows())
            {
                all.Add(row.quantity, run.name + " " + row.entity, row.model, row.simulation);
            }
        }
        all.WriteCsv(csv);
        std::cout << "tables written to " << csv << '\n';
    }
    if (drawPlot)
    {
        writer.Write(std::cout);
    }
    return 0;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
