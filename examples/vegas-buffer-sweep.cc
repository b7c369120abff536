/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The buffer-size experiment of Low, Peterson and Wang, "Understanding TCP Vegas: a duality
// model" (J. ACM 2002), §6.4 and Fig. 8, after Hengartner et al. (2000): 100 persistent flows
// from Host 1a to Host 1b, 50 ms round-trip propagation delay, a 6000 KB/s bottleneck, 10 Mb/s
// host-router links, no background traffic. For each bottleneck buffer size it runs Reno
// (ns3::TcpNewReno) and Vegas (ns3::TcpDualVegas, alpha = 1, beta = 3 packets per RTT) and
// measures over the first 50 s, per flow: goodput, retransmissions and retransmissions during
// congestion avoidance (definitions: BufferSweepHelper, TcpRetransmissionCounter).
//
//     1a(i) ---10 Mb/s---\                                    /---10 Mb/s--- 1b(i)
//       ...               R1 ==== 48 Mb/s, FIFO, B packets ==== R2             ...
//     (100 flows, each with its own hosts and access links; RTT 50 ms)
//
// Expected (§3.3, §6.4): Vegas wants 100 flows x alpha..beta = 100..300 packets queued; with a
// buffer above that it settles without any retransmission; Reno retransmits at every size.
//
//   ./dualcc run vegas-buffer-sweep --flows=20 --duration=10s --buffers=10,40,100 --jobs=2
//   ./dualcc run vegas-buffer-sweep --jobs=2                     # the paper's scale (minutes)
//   ./dualcc run vegas-buffer-sweep --csv=sweep.csv --plot=none

#include "ns3/buffer-sweep-helper.h"
#include "ns3/core-module.h"
#include "ns3/parallel-sweep.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario-runner.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasBufferSweep");

namespace
{
/**
 * Split a comma-separated option value.
 * \param option the option's name, for error messages
 * \param text the value
 * \return the items (aborts on an empty item)
 */
std::vector<std::string>
SplitList(const std::string& option, const std::string& text)
{
    std::vector<std::string> items;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        NS_ABORT_MSG_IF(item.empty(), "--" << option << ": empty item in '" << text << "'");
        items.push_back(item);
    }
    NS_ABORT_MSG_IF(items.empty(), "--" << option << ": give at least one value");
    return items;
}

/**
 * Parse --buffers.
 * \param text comma-separated packet counts
 * \return the buffer sizes (aborts unless each is an integer in [1, 1000000])
 */
std::vector<uint32_t>
ParseBuffers(const std::string& text)
{
    constexpr unsigned long MAX_BUFFER = 1000000;
    std::vector<uint32_t> buffers;
    for (const std::string& item : SplitList("buffers", text))
    {
        std::size_t used = 0;
        unsigned long value = 0;
        try
        {
            value = std::stoul(item, &used);
        }
        catch (const std::exception&)
        {
            used = 0;
        }
        NS_ABORT_MSG_UNLESS(
            used == item.size() && item[0] != '-' && value >= 1 && value <= MAX_BUFFER,
            "--buffers: '" << item << "' is not a packet count in [1, " << MAX_BUFFER << "]");
        buffers.push_back(static_cast<uint32_t>(value));
    }
    return buffers;
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
    BufferSweepHelper::Parameters p;
    std::string buffers = "10,25,50,75,100,150,200,250,300,400";
    std::string protocols = "ns3::TcpNewReno,ns3::TcpDualVegas";
    unsigned jobs = 1;
    std::string csv;
    std::string plot = "vegas-buffer-sweep";
    bool progress = true;

    CommandLine cmd(__FILE__);
    cmd.Usage("The Vegas paper's buffer-size experiment (§6.4, Fig. 8): goodput and "
              "retransmissions of Reno and Vegas vs the bottleneck buffer.");
    cmd.AddValue("buffers",
                 "Bottleneck buffer sizes, packets, comma-separated (each >= 1)",
                 buffers);
    cmd.AddValue("protocols",
                 "Congestion-control TypeIds, comma-separated (Reno = ns3::TcpNewReno, Vegas = "
                 "ns3::TcpDualVegas)",
                 protocols);
    cmd.AddValue("flows", "Persistent flows 1a(i) -> 1b(i) (>= 1; paper: 100)", p.flows);
    cmd.AddValue("duration", "Simulated and measured time from 0 (> 0; paper: 50s)", p.duration);
    cmd.AddValue("bottleneck", "Bottleneck rate (paper: 6000 KB/s = 48Mbps)", p.bottleneck);
    cmd.AddValue("accessRate", "Rate of every host-router link (paper: 10Mbps)", p.accessRate);
    cmd.AddValue("rtt", "Round-trip propagation delay of every flow (paper: 50ms)", p.rtt);
    cmd.AddValue("alpha", "Vegas alpha, packets per RTT (> 0; paper: 1)", p.alpha);
    cmd.AddValue("beta", "Vegas beta, packets per RTT (>= alpha; paper: 3)", p.beta);
    cmd.AddValue("sack", "TCP SACK (the paper's ns-2 Reno and Vegas have none)", p.sack);
    cmd.AddValue("startJitter", "Flows start uniformly in [0, startJitter] (< rtt)", p.startJitter);
    cmd.AddValue("seed", "RNG seed (>= 1)", p.seed);
    cmd.AddValue("run", "RNG run number", p.run);
    cmd.AddValue("jobs",
                 "Sweep points simulated at once, each in its own process (>= 1; processors: " +
                     std::to_string(ParallelSweep::GetProcessorCount()) + ")",
                 jobs);
    cmd.AddValue("csv", "Write the results as CSV to this file (quantity,entity,model,...)", csv);
    cmd.AddValue("plot", "Prefix of the PNG plot and its data (none: no plot)", plot);
    cmd.AddValue("progress", "Print a line on stderr as each point starts and ends", progress);
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

    NS_ABORT_MSG_IF(jobs == 0, "--jobs must be >= 1");
    NS_ABORT_MSG_IF(plot.empty(), "--plot: give a prefix, or none");
    p.buffers = ParseBuffers(buffers);
    p.protocols = SplitList("protocols", protocols);
    for (const std::string& protocol : p.protocols)
    {
        TypeId tid;
        NS_ABORT_MSG_UNLESS(TypeId::LookupByNameFailSafe(protocol, &tid) &&
                                tid.IsChildOf(TypeId::LookupByName("ns3::TcpCongestionOps")),
                            "--protocols: '" << protocol << "' is not a TcpCongestionOps TypeId");
    }

    const auto wallStart = std::chrono::steady_clock::now();
    const BufferSweepHelper helper(p);
    const std::vector<BufferSweepHelper::Result> results = helper.Run(jobs, progress);

    std::ostringstream title;
    title << "Buffer sweep (Vegas paper Fig. 8): " << p.flows << " flows, bottleneck "
          << p.bottleneck.GetBitRate() / 1e6 << " Mb/s, RTT " << p.rtt.GetMilliSeconds()
          << " ms, access " << p.accessRate.GetBitRate() / 1e6 << " Mb/s, Vegas alpha " << p.alpha
          << " beta " << p.beta << ", first " << p.duration.GetSeconds() << " s"
          << (p.sack ? ", SACK" : "");
    std::cout << title.str() << "\nper-flow means; CA retx: retransmissions of loss episodes "
              << "begun with cwnd >= ssthresh\n";
    BufferSweepHelper::Print(std::cout, results);
    if (!csv.empty())
    {
        BufferSweepHelper::Tabulate(results, title.str()).WriteCsv(csv);
        std::cout << "table written to " << csv << '\n';
    }
    if (plot != "none")
    {
        std::ostringstream plotTitle;
        plotTitle << "Buffer sweep (Vegas paper Fig. 8): " << p.flows << " flows, bottleneck "
                  << PlotWriter::FormatRate(p.bottleneck.GetBitRate()) << ", RTT "
                  << PlotWriter::FormatTime(p.rtt) << ", access "
                  << PlotWriter::FormatRate(p.accessRate.GetBitRate()) << ", Vegas alpha "
                  << p.alpha << " beta " << p.beta << ", first "
                  << PlotWriter::FormatTime(p.duration) << (p.sack ? ", SACK" : "");
        helper.WritePlot(plot, plotTitle.str(), results, std::cout);
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    std::cout << "wall time " << std::fixed << std::setprecision(1) << wall << " s\n";
    return 0;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
