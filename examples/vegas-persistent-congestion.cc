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
#include "ns3/experiment-runner.h"
#include "ns3/serial-start-helper.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasPersistentCongestion");

namespace
{

/// What one run leaves behind once its simulation is destroyed.
struct RunResult
{
    std::string name;                                   //!< "fixed" or "measured"
    ComparisonTable table;                              //!< model vs simulation
    std::vector<SerialStartHelper::PeriodModel> models; //!< the model per period
    std::vector<std::vector<double>> series;            //!< the time series
};

/**
 * Simulate one run and keep its table and series.
 * \param parameters the scenario
 * \param fixed whether baseRTT is hard-coded
 * \param plot whether to record the time series
 * \param progress whether to show progress
 * \param prefix the plot prefix (series files)
 * \return the run's results
 */
RunResult
Simulate(SerialStartHelper::Parameters parameters,
         bool fixed,
         bool plot,
         bool progress,
         const std::string& prefix)
{
    parameters.fixedBaseRtt = fixed;
    SerialStartHelper helper(parameters);
    if (plot)
    {
        helper.EnableTimeSeries(MilliSeconds(100));
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
    result.models = helper.GetPeriodModels();
    result.series = helper.GetTimeSeries();
    if (plot)
    {
        helper.WriteSeries(prefix + "-" + result.name);
    }
    Simulator::Destroy();
    return result;
}

/**
 * Draw the queue vs time of each run (Fig. 6), with the model's queue per period dashed.
 * \param prefix the plot prefix
 * \param runs the runs
 * \return true if gnuplot drew PREFIX.png
 */
bool
Plot(const std::string& prefix, const std::vector<RunResult>& runs)
{
    std::ofstream plt(prefix + ".plt");
    NS_ABORT_MSG_UNLESS(plt, "cannot write " << prefix << ".plt");
    plt << "set terminal png size 1000," << 420 * runs.size() << "\n"
        << "set output '" << prefix << ".png'\n"
        << "set multiplot layout " << runs.size() << ",1 title 'Vegas, persistent congestion "
        << "(Fig. 6): queue at Router1'\n"
        << "set grid\nset key top left\nset xlabel 'time (s)'\nset ylabel 'queue (packets)'\n";
    for (const RunResult& run : runs)
    {
        // Series columns: time, rates (one per class), the bottleneck's backlog, windows.
        const std::size_t queueColumn = 2 + run.models.front().rateKBps.size();
        plt << "set title 'baseRTT " << run.name << "'\n"
            << "plot '" << prefix << "-" << run.name << ".dat' using 1:" << queueColumn
            << " with lines lw 1 title 'simulation', '" << prefix << "-" << run.name
            << "-model.dat' using 1:2 with lines dt 2 lw 2 title 'model'\n";
    }
    plt << "unset multiplot\n";
    plt.close();
    const std::string command = "gnuplot '" + prefix + ".plt' 2>/dev/null";
    return std::system(command.c_str()) == 0;
}

} // namespace

/**
 * The example (ExperimentRunner::Main turns its exceptions into an error message).
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
        ExperimentRunner::CheckWritable(csv, "--csv");
    }
    if (plot != "none" && !plot.empty())
    {
        ExperimentRunner::CheckWritable(plot + ".plt", "--plot");
    }

    NS_ABORT_MSG_UNLESS(baseRtt == "both" || baseRtt == "fixed" || baseRtt == "measured",
                        "--baseRtt must be both, fixed or measured, not '" << baseRtt << "'");
    NS_ABORT_MSG_UNLESS(sources >= 1 && sources <= 100, "--sources must be in [1, 100]");
    NS_ABORT_MSG_UNLESS(rtt > MilliSeconds(4),
                        "--rtt must exceed 4 ms (twice the bottleneck and sink-link delays)");
    parameters.rtts.assign(sources, rtt);
    SerialStartHelper::ApplyOptions(parameters, simTime, settling);
    const bool drawPlot = plot != "none" && !plot.empty();

    std::vector<RunResult> runs;
    for (const bool fixed : {true, false})
    {
        if ((fixed && baseRtt == "measured") || (!fixed && baseRtt == "fixed"))
        {
            continue;
        }
        const auto wallStart = std::chrono::steady_clock::now();
        runs.push_back(Simulate(parameters, fixed, drawPlot, progress, plot));
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
        if (Plot(plot, runs))
        {
            std::cout << "plot written to " << plot << ".png\n";
        }
        else
        {
            std::cout << "gnuplot failed or is missing: data and script in " << plot << "-*.dat, "
                      << plot << ".plt\n";
        }
    }
    return 0;
}

int
main(int argc, char* argv[])
{
    return ExperimentRunner::Main(argc, argv, &RunExample);
}
