/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Experiment 1 of Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue (AVQ)
// algorithm for active queue management", SIGCOMM 2001, §3: AVQ alone (gamma = 0.98,
// alpha = 0.15, ECN marking, 100-packet buffer) on a 10 Mb/s link with 180 NewReno FTP flows
// (round-trip propagation delays uniform in [40, 130] ms); short flows of 20 packets arrive as a
// Poisson process at 30 flows/s from 100 s. The paper gives no duration; "roughly 250,000
// packets" at 1250 packets/s is 200 s, the default here.
//
//     FTP host i ---\                                  /--- sink
//      (180)         R1 ===== 10 Mb/s, AVQ ===== R2 --
//     short hosts --/
//
// Output: Table 1 (mean and standard deviation of the queue before and after the short flows),
// utilization, drops and marks beside the paper's values; Figures 1 and 2 (queue and virtual
// capacity vs time) as PREFIX.png.
//
//   ./build/examples/avq-experiment1 --progress
//   ./build/examples/avq-experiment1 --ftpFlows=60 --duration=60s --shortStart=30s --plot=none

#include "ns3/aqm-experiment-helper.h"
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario-runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AvqExperiment1");

namespace
{
/// Paper, Table 1: mean queue before the short flows, packets.
constexpr double PAPER_QUEUE_MEAN_BEFORE = 13.11;
/// Paper, Table 1: mean queue after, packets.
constexpr double PAPER_QUEUE_MEAN_AFTER = 10.39;
/// Paper, Table 1: standard deviation before, packets.
constexpr double PAPER_QUEUE_STD_BEFORE = 20.44;
/// Paper, Table 1: standard deviation after, packets.
constexpr double PAPER_QUEUE_STD_AFTER = 15.17;
/// Paper, text after Table 1: utilization.
constexpr double PAPER_UTILIZATION = 0.9827;
/// Paper: "only 10 out of roughly 250,000 packets are dropped".
constexpr double PAPER_DROPS = 10;
/// Paper: roughly 250,000 packets.
constexpr double PAPER_PACKETS = 250000;
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
    uint32_t ftpFlows = 180;
    double shortRate = 30;
    Time shortStart = Seconds(100);
    Time duration = Seconds(200);
    Time warmup = Seconds(0);
    uint32_t seed = 1;
    uint32_t run = 1;
    bool progress = false;
    std::string plot = "avq-experiment1";
    std::string csv;
    AqmExperimentHelper::Settings settings;

    CommandLine cmd(__FILE__);
    cmd.Usage("AVQ paper, Experiment 1: queue and virtual capacity with 180 FTP flows and short "
              "flows from 100 s; Table 1 beside the simulation.");
    cmd.AddValue("ftpFlows", "Number of FTP (persistent) flows", ftpFlows);
    cmd.AddValue("shortRate", "Short-flow arrival rate, flows/s (0: none)", shortRate);
    cmd.AddValue("shortStart", "When short flows start arriving (time)", shortStart);
    cmd.AddValue("duration", "Simulated time", duration);
    cmd.AddValue("warmup",
                 "Start of the 'before' window (time; the paper includes the start)",
                 warmup);
    cmd.AddValue("gamma", "AVQ desired utilization gamma, (0, 1]", settings.avqGamma);
    cmd.AddValue("alpha", "AVQ damping alpha, > 0", settings.avqAlpha);
    cmd.AddValue("buffer", "Buffer B, packets", settings.bufferPackets);
    cmd.AddValue("ecn", "Mark (true) or drop (false)", settings.ecn);
    cmd.AddValue("seed", "RNG seed (RngSeedManager::SetSeed)", seed);
    cmd.AddValue("run", "RNG run number (RngSeedManager::SetRun)", run);
    cmd.AddValue("progress", "Print ns-3's ShowProgress lines on stderr", progress);
    cmd.AddValue("plot", "Output prefix of the PNG (queue and C~ vs time), or 'none'", plot);
    cmd.AddValue("csv", "Write the table as CSV to this file", csv);
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

    NS_ABORT_MSG_UNLESS(duration > shortStart && shortStart > warmup,
                        "need warmup < shortStart < duration");
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(run);

    AqmExperimentHelper helper(AqmExperimentHelper::Aqm::AVQ, settings);
    helper.AddFtpFlows(ftpFlows, Seconds(0));
    if (shortRate > 0)
    {
        helper.AddShortFlows(shortRate, shortStart);
    }
    helper.AssignStreams(1);
    helper.Install();
    const auto wallStart = std::chrono::steady_clock::now();
    helper.Run(duration, progress);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();

    const AqmExperimentHelper::Measurement before = helper.Measure(warmup, shortStart);
    const AqmExperimentHelper::Measurement after = helper.Measure(shortStart, duration);
    const AqmExperimentHelper::Measurement all = helper.Measure(warmup, duration);
    const bool paperScale = ftpFlows == 180 && shortRate == 30 && shortStart == Seconds(100) &&
                            duration == Seconds(200) && settings.avqGamma == 0.98 && settings.ecn &&
                            warmup.IsZero();
    // The paper's numbers only where the run is the paper's.
    auto paper = [&](double value) { return paperScale ? value : std::nan(""); };
    const double none = std::nan("");

    ComparisonTable table("AVQ Experiment 1: " + std::to_string(ftpFlows) + " FTP flows, short " +
                          "flows " + std::to_string(shortRate).substr(0, 4) + "/s from " +
                          std::to_string(shortStart.GetSeconds()).substr(0, 5) +
                          " s; model = paper (Table 1) or gamma");
    table.Add("queue mean (pkts)",
              "before short flows",
              paper(PAPER_QUEUE_MEAN_BEFORE),
              before.queueMean);
    table.Add("queue std (pkts)",
              "before short flows",
              paper(PAPER_QUEUE_STD_BEFORE),
              before.queueStd);
    table.Add("queue mean (pkts)",
              "after short flows",
              paper(PAPER_QUEUE_MEAN_AFTER),
              after.queueMean);
    table.Add("queue std (pkts)",
              "after short flows",
              paper(PAPER_QUEUE_STD_AFTER),
              after.queueStd);
    table.Add("utilization", "whole run (paper)", paper(PAPER_UTILIZATION), all.utilization);
    table.Add("utilization", "whole run (gamma)", settings.avqGamma, all.utilization);
    table.Add("utilization", "before short flows", settings.avqGamma, before.utilization);
    table.Add("utilization", "after short flows", settings.avqGamma, after.utilization);
    table.Add("C~ mean (Mb/s)", "before short flows", none, before.virtualCapacityMean);
    table.Add("C~ mean (Mb/s)", "after short flows", none, after.virtualCapacityMean);
    table.Add("packets arrived", "whole run", paper(PAPER_PACKETS), all.arrivals);
    table.Add("drops (pkts)", "whole run", paper(PAPER_DROPS), all.drops);
    table.Add("drops (pkts)", "before short flows", none, before.drops);
    table.Add("drops (pkts)", "after short flows", none, after.drops);
    table.Add("marks (pkts)", "whole run", none, all.marks);
    table.Add("goodput / capacity", "whole run", none, all.goodputFraction);
    if (shortRate > 0)
    {
        // The model of the arrivals is the Poisson mean lambda T.
        table.Add("short flows arrived",
                  "after short flows",
                  shortRate * (duration - shortStart).GetSeconds(),
                  after.shortArrived);
        table.Add("short flows completed", "after short flows", none, after.shortCompleted);
    }
    table.Print(std::cout);
    std::cout << "wall time " << wall << " s for " << duration.GetSeconds() << " simulated s\n";
    if (!csv.empty())
    {
        table.WriteCsv(csv);
        std::cout << "table written to " << csv << '\n';
    }
    if (plot != "none" && !plot.empty())
    {
        // Means over about 1000 intervals: 10 ms samples of the oscillating queue would alias.
        const Time interval = std::max(settings.samplingInterval, duration / 1000);
        const std::string means = ", " + PlotWriter::FormatTime(interval) + " means)";
        using Sample = AqmExperimentHelper::Sample;
        const std::vector<Sample>& samples = helper.GetSamples();
        std::ostringstream title;
        title << "AVQ Experiment 1 (Figs. 1-2): " << ftpFlows << " FTP flows, "
              << PlotWriter::FormatRate(settings.linkRate.GetBitRate()) << ", ";
        if (shortRate > 0)
        {
            title << "short flows " << PlotWriter::FormatNumber(shortRate) << "/s from "
                  << PlotWriter::FormatTime(shortStart);
        }
        else
        {
            title << "no short flows";
        }
        PlotWriter writer(plot);
        PlotWriter::Figure& figure = writer.AddFigure(title.str(), "time (s)");
        if (warmup.IsStrictlyPositive())
        {
            figure.AddWindow(warmup.GetSeconds(), duration.GetSeconds());
        }
        PlotWriter::Panel& queue = figure.AddPanel("queue (packets" + means);
        const std::size_t curve =
            queue.AddCurve("AVQ queue",
                           AqmExperimentHelper::SampleCurve(samples, &Sample::queue, interval));
        if (paperScale)
        {
            queue.AddModelCurve("paper (Table 1): mean " +
                                    PlotWriter::FormatNumber(PAPER_QUEUE_MEAN_BEFORE) +
                                    " before, " + PlotWriter::FormatNumber(PAPER_QUEUE_MEAN_AFTER) +
                                    " after the short flows",
                                {{warmup.GetSeconds(), PAPER_QUEUE_MEAN_BEFORE},
                                 {shortStart.GetSeconds(), PAPER_QUEUE_MEAN_BEFORE},
                                 {shortStart.GetSeconds(), none},
                                 {shortStart.GetSeconds(), PAPER_QUEUE_MEAN_AFTER},
                                 {duration.GetSeconds(), PAPER_QUEUE_MEAN_AFTER}},
                                curve);
        }
        figure.AddPanel("virtual capacity C~ (Mb/s" + means)
            .AddCurve(
                "C~",
                AqmExperimentHelper::SampleCurve(samples, &Sample::virtualCapacity, interval));
        writer.Write(std::cout);
    }
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
