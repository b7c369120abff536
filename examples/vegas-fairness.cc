/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The experiment of Boutremans and Le Boudec, "A note on the fairness of TCP Vegas" (§3.2,
// §4.2): n Vegas connections (ns3::TcpDualVegas) with round-trip propagation delay d = 0.2 s
// share a c = 1 Mb/s FIFO bottleneck with an unlimited buffer; connection i joins at 2 (i-1) s;
// 120 s in all.
//
//     src(1) --\                                          /-- sink(1)
//       ...     R1 ==== 1 Mb/s, 1 ms, FIFO, unlimited ==== R2    ...
//     src(n) --/   (access delays make every RTT d)        \-- sink(n)
//
// For each connection it prints the measured baseRTT beside Bonald's
// d + (alpha/c)(i-1)S_{i-1} (and beside the exact eq. 6 recursion), and the measured rate
// beside eq. 5 with Delta from eq. 6 (solved with the measured over-estimations) and, when
// alpha = beta, the closed form c / (n S_n - (i-1) S_{i-1}); when alpha < beta, beside eq. 11's
// bounds. Rates are measured from the start of the last connection + settle to the end (all
// connections present; the paper's steady state); baseRTT is each connection's smallest RTT
// sample (its MinEver estimate at the end). d includes the transmission times (8.3 ms on the
// bottleneck for a 1000-byte packet and its ACK).
//
//   ./dualcc run vegas-fairness                               # n = 10, alpha = beta = 1
//   ./dualcc run vegas-fairness --n=20 --alpha=3 --beta=3
//   ./dualcc run vegas-fairness --n=10 --alpha=1 --beta=3     # alpha < beta (§4.2.2)
//   ./dualcc run vegas-fairness --alpha=1 --beta=3 --baseRtt=fixed   # x_i = 0 (§4.2.1, Fig. 7)
//   ./dualcc run vegas-fairness --jitter=1                    # Gaussian jitter on d (§3.2.1)

#include "ns3/core-module.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario-runner.h"
#include "ns3/vegas-fairness-helper.h"

#include <chrono>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasFairness");

/**
 * The example (ScenarioRunner::Main turns its exceptions into an error message).
 * \param argc argument count
 * \param argv arguments
 * \return the exit status
 */
static int
RunExample(int argc, char* argv[])
{
    VegasFairnessHelper::Parameters p;
    double beta = -1;
    std::string baseRtt = "measured";
    std::string csv;
    std::string plot = "vegas-fairness";
    bool progress = false;

    CommandLine cmd(__FILE__);
    cmd.Usage("Boutremans and Le Boudec's Vegas fairness experiment: per-connection baseRTT and "
              "rate vs Bonald's baseRTT, eq. 5-6 and the closed form.");
    cmd.AddValue("n", "Number of connections, 1..1000 (paper: 10, 20, 40)", p.connections);
    cmd.AddValue("alpha", "Vegas alpha, packets, in (0, 1000] (paper: 1, 3, 5)", p.alpha);
    cmd.AddValue("beta", "Vegas beta, packets, in [alpha, 1000] (default: alpha)", beta);
    cmd.AddValue("capacity", "Bottleneck rate c (paper: 1Mbps)", p.capacity);
    cmd.AddValue("rtt", "Round-trip propagation delay d, > 4 ms (paper: 0.2 s)", p.rtt);
    cmd.AddValue("packetSize", "Bytes of a data packet on the wire, 100..65000", p.packetSize);
    cmd.AddValue("interval", "Time between connection starts, >= 0 (paper: 2 s)", p.joinInterval);
    cmd.AddValue("duration", "Simulated time (paper: 120 s)", p.duration);
    cmd.AddValue("settle",
                 "Rates are measured from the last start + settle to the end, >= 0",
                 p.settle);
    cmd.AddValue("baseRtt",
                 "measured (MinEver, the paper's over-estimation) or fixed (the true d: x_i = 0, "
                 "§4.2.1)",
                 baseRtt);
    cmd.AddValue("jitter",
                 "Zero-mean Gaussian jitter on each connection's propagation delay, std. dev. of "
                 "an M/M/1 sojourn time (§3.2.1)",
                 p.jitter);
    cmd.AddValue("jitterLoad", "Load of the jitter's M/M/1 queue, in (0, 1)", p.jitterLoad);
    cmd.AddValue("jitterRate",
                 "Service rate of the jitter's M/M/1 queue (default: 1Mbps, the bottleneck's)",
                 p.jitterRate);
    cmd.AddValue("jitterCorrelated",
                 "Jitter correlated over the M/M/1 relaxation time (false: independent per "
                 "packet)",
                 p.jitterCorrelated);
    cmd.AddValue("csv", "Write the table as CSV to this file (quantity,entity,model,...)", csv);
    cmd.AddValue("plot", "Prefix of the PNG plots and their data (none: no plot)", plot);
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

    p.beta = beta < 0 ? p.alpha : beta;
    NS_ABORT_MSG_UNLESS(p.connections >= 1 && p.connections <= 1000,
                        "--n must be in [1, 1000], not " << p.connections);
    NS_ABORT_MSG_UNLESS(p.alpha > 0 && p.alpha <= 1000,
                        "--alpha must be in (0, 1000] packets, not " << p.alpha);
    NS_ABORT_MSG_UNLESS(p.beta >= p.alpha && p.beta <= 1000,
                        "--beta must be in [alpha, 1000] packets (alpha = " << p.alpha << "), not "
                                                                            << p.beta);
    NS_ABORT_MSG_UNLESS(p.capacity.GetBitRate() > 0, "--capacity must be > 0");
    NS_ABORT_MSG_UNLESS(p.rtt > MilliSeconds(4),
                        "--rtt must exceed 4 ms (the fixed link delays), not "
                            << p.rtt.As(Time::MS));
    NS_ABORT_MSG_UNLESS(p.packetSize >= 100 && p.packetSize <= 65000,
                        "--packetSize must be in [100, 65000] bytes, not " << p.packetSize);
    NS_ABORT_MSG_UNLESS(p.joinInterval.IsPositive(), "--interval must be >= 0");
    NS_ABORT_MSG_UNLESS(p.settle.IsPositive(), "--settle must be >= 0");
    const Time lastStart = p.joinInterval * (p.connections - 1);
    NS_ABORT_MSG_UNLESS(p.duration > lastStart + p.settle,
                        "--duration must exceed the last start + settle ("
                            << (lastStart + p.settle).As(Time::S) << "), not "
                            << p.duration.As(Time::S));
    NS_ABORT_MSG_UNLESS(baseRtt == "measured" || baseRtt == "fixed",
                        "--baseRtt must be measured or fixed, not '" << baseRtt << "'");
    p.fixedBaseRtt = baseRtt == "fixed";
    NS_ABORT_MSG_UNLESS(p.jitterLoad > 0 && p.jitterLoad < 1,
                        "--jitterLoad must be in (0, 1), not " << p.jitterLoad);
    NS_ABORT_MSG_UNLESS(p.jitterRate.GetBitRate() > 0, "--jitterRate must be > 0");

    const auto wallStart = std::chrono::steady_clock::now();
    VegasFairnessHelper helper(p);
    helper.Run(progress);

    std::ostringstream title;
    title << "Vegas fairness, n = " << p.connections << ", alpha = " << p.alpha
          << ", beta = " << p.beta << ", baseRTT " << baseRtt << ", c = " << p.capacity << " ("
          << helper.GetCapacity() << " pkts/s), d = " << 1000 * helper.GetPropagationDelay()
          << " ms";
    if (p.jitter)
    {
        title << ", jitter sd " << helper.GetJitterStdDev().As(Time::MS) << " tau "
              << helper.GetJitterCorrelationTime().As(Time::S);
    }
    title << ", rates over [" << helper.GetMeasurementStart().GetSeconds() << ", "
          << p.duration.GetSeconds() << "] s";
    const ComparisonTable table = helper.Compare(title.str());
    table.Print(std::cout);
    helper.PrintSummary(std::cout);
    if (!csv.empty())
    {
        table.WriteCsv(csv);
        std::cout << "table written to " << csv << '\n';
    }
    if (plot != "none" && !plot.empty())
    {
        std::ostringstream plotTitle;
        plotTitle << "Vegas, n = " << p.connections << ", alpha = " << p.alpha
                  << ", beta = " << p.beta << ", baseRTT " << baseRtt
                  << ", c = " << PlotWriter::FormatRate(p.capacity.GetBitRate())
                  << ", d = " << PlotWriter::FormatTime(Seconds(helper.GetPropagationDelay()))
                  << (p.jitter ? ", jitter" : "");
        helper.WritePlot(plot, plotTitle.str(), std::cout);
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    std::cout << "wall time " << wall << " s\n";

    // Sanity: every connection got bandwidth, and the link was busy.
    bool sane = helper.GetUtilization() > 0.9;
    for (const VegasFairnessHelper::Connection& k : helper.GetConnections())
    {
        sane = sane && k.rate > 0;
    }
    Simulator::Destroy();
    if (!sane)
    {
        std::cerr << "sanity check failed: a connection got no bandwidth or the bottleneck "
                     "utilization is below 0.9\n";
        return 1;
    }
    return 0;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
