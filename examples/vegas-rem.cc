/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Vegas with REM: Low, Peterson and Wang, "Understanding TCP Vegas: a duality model" (J. ACM
// 2002), §5 (eqs. 30-33) and §6.3 (Fig. 7, Table VII). The network of §6.2 (48 Mb/s bottleneck,
// 1600 Mb/s host links) with REM at Router1 (phi = 1.1, mu = 0.5, gamma = 0.005, price update
// every 1 ms, ECN marking); five sources with round-trip propagation delays 10, 10, 20, 10 and
// 30 ms start 20 s apart. Each runs TcpDualVegas with PriceSource=EcnMarks: the price is
// estimated from the fraction of marked packets, p = -log_phi(1 - m), and the window moves so
// that the rate times the price is alpha d (alpha = 2 packets per ms).
//
//     1a --1600 Mb/s--\                                    /--1600 Mb/s-- 1b
//     ...              R1 ==== 48 Mb/s, REM (ECN), 1 ms ==== R2           ...
//     5a --1600 Mb/s--/                                    \--1600 Mb/s-- 5b
//
// The model (DualityModel, for the sources active in each period) gives the rates of weighted
// proportional fairness, proportional to alpha d_s; REM's equilibrium has no queue (eq. 30: b = 0,
// x = c), so every source measures its baseRTT correctly (Table VII). Per period (measured from
// --settling after its start) it prints rates, baseRTTs, windows, the queue and the utilization,
// model beside simulation, and draws windows and queue vs time (Fig. 7).
//
//   ./dualcc run vegas-rem                                    # the paper's scale, 100 s
//   ./dualcc run vegas-rem --rtts=10ms,20ms,30ms --period=10s

#include "ns3/core-module.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario-runner.h"
#include "ns3/serial-start-helper.h"

#include <chrono>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasRem");

namespace
{

/// Sampling interval of the time series (plots only).
const Time SAMPLE_INTERVAL = MilliSeconds(10);
/// The plots' averaging interval: 20 samples.
const Time MEAN_INTERVAL = MilliSeconds(200);

/**
 * \param list comma-separated times, e.g. "10ms,20ms"
 * \return the times; aborts naming --rtts if one is not a positive time
 */
std::vector<Time>
ParseRtts(const std::string& list)
{
    std::vector<Time> rtts;
    std::istringstream in(list);
    std::string item;
    while (std::getline(in, item, ','))
    {
        TimeValue value;
        const bool parsed = value.DeserializeFromString(item, MakeTimeChecker());
        const Time rtt = value.Get();
        NS_ABORT_MSG_UNLESS(parsed && rtt > MilliSeconds(4),
                            "--rtts: '" << item
                                        << "' is not a time above 4 ms (twice the bottleneck "
                                           "and sink-link delays)");
        rtts.push_back(rtt);
    }
    NS_ABORT_MSG_IF(rtts.empty() || rtts.size() > 100, "--rtts: give 1 to 100 round-trip times");
    return rtts;
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
    parameters.rem = true;
    std::string rtts = "10ms,10ms,20ms,10ms,30ms";
    Time simTime;
    Time settling;
    std::string csv;
    std::string plot = "vegas-rem";
    bool progress = false;

    CommandLine cmd(__FILE__);
    cmd.Usage("The Vegas paper's Vegas/REM experiment (§6.3, Fig. 7, Table VII): model vs "
              "simulation per period.");
    cmd.AddValue("rtts",
                 "Round-trip propagation delays of the sources, started one period apart, "
                 "comma-separated (paper: 10ms,10ms,20ms,10ms,30ms)",
                 rtts);
    SerialStartHelper::AddOptions(cmd, parameters, simTime, settling);
    cmd.AddValue("csv", "Write the table as CSV to this file (quantity,entity,model,...)", csv);
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

    parameters.rtts = ParseRtts(rtts);
    SerialStartHelper::ApplyOptions(parameters, simTime, settling);
    const bool drawPlot = plot != "none" && !plot.empty();

    const auto wallStart = std::chrono::steady_clock::now();
    SerialStartHelper helper(parameters);
    if (drawPlot)
    {
        helper.EnableTimeSeries(SAMPLE_INTERVAL);
    }
    helper.AssignStreams(1);
    helper.Install();
    helper.Run(parameters.simTime, progress);
    std::ostringstream title;
    title << "Vegas/REM (phi " << parameters.remPhi << ", mu " << parameters.remMu << ", gamma "
          << parameters.remGamma << "), model: weighted PF rates, no queue; each period measured "
          << "after " << parameters.settling.GetSeconds() << " s";
    const ComparisonTable table = helper.ComparePeriods(title.str());
    table.Print(std::cout);
    if (!csv.empty())
    {
        table.WriteCsv(csv);
        std::cout << "table written to " << csv << '\n';
    }
    if (drawPlot)
    {
        // Fig. 7: windows and queue vs time, the model's per period dashed.
        PlotWriter writer(plot);
        PlotWriter::Figure& figure = writer.AddFigure(
            "Vegas/REM (Fig. 7): " + PlotWriter::FormatRate(parameters.bottleneck.GetBitRate()) +
                " bottleneck, REM phi " + PlotWriter::FormatNumber(parameters.remPhi) + ", mu " +
                PlotWriter::FormatNumber(parameters.remMu) + ", gamma " +
                PlotWriter::FormatNumber(parameters.remGamma) + ", a source every " +
                PlotWriter::FormatTime(parameters.period),
            "time (s)");
        helper.AddPeriodWindows(figure);
        helper.AddWindowPanel(figure, MEAN_INTERVAL);
        helper.AddQueuePanel(figure, MEAN_INTERVAL, "");
        writer.Write(std::cout);
    }
    Simulator::Destroy();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    std::cout << "wall time " << wall << " s\n";
    return 0;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
