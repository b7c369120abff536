/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The single-link experiment of Low, Peterson and Wang, "Understanding TCP Vegas: a duality
// model" (J. ACM 2002), §6.1.1, Tables I (PF) and II (WPF): five classes of Vegas flows with
// round-trip propagation delays 15, 15, 20, 30, 40 ms share one bottleneck; every flow has its
// own host pair.
//
//     1a(i) --100 Mb/s--\                             /--100 Mb/s-- 1b(i)
//       ...              R1 ==== bottleneck, FIFO ==== R2           ...
//     5a(i) --100 Mb/s--/        (unlimited buffer)    \--100 Mb/s-- 5b(i)
//
// Prints the duality model's prediction beside the simulation (per class baseRTT, RTT, rate,
// window; the bottleneck queue) and draws per-class rate and queue vs time.
//
//   ./dualcc run vegas-five-class                                # 10 flows/class, 480 Mb/s
//   ./dualcc run vegas-five-class --fairness=wpf
//   ./dualcc run vegas-five-class --flowsPerClass=50 --bottleneck=2.4Gbps   # the paper's scale
//   ./dualcc run vegas-five-class --tcp=ns3::TcpVegas            # ns-3's own Vegas, same network

#include "ns3/core-module.h"
#include "ns3/experiment-runner.h"
#include "ns3/five-class-helper.h"
#include "ns3/plot-writer.h"

#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasFiveClass");

/**
 * The example (ExperimentRunner::Main turns its exceptions into an error message).
 * \param argc argument count
 * \param argv arguments
 * \return the exit status
 */
static int
RunExample(int argc, char* argv[])
{
    std::string fairness = "pf";
    uint32_t flowsPerClass = 10;
    DataRate bottleneck("480Mbps");
    std::string tcp = "ns3::TcpDualVegas";
    double alpha = 2;
    Time alphaTimeUnit = MilliSeconds(10);
    Time startJitter = Seconds(0);
    ExperimentRunner runner("vegas-five-class");

    CommandLine cmd(__FILE__);
    cmd.Usage("The Vegas paper's five-class single-link experiment: model vs simulation.");
    cmd.AddValue("fairness",
                 "pf: alpha packets per RTT (Table I); wpf: alpha packets per alphaTimeUnit "
                 "(Table II)",
                 fairness);
    cmd.AddValue("flowsPerClass", "Flows in each of the five classes (paper: 50)", flowsPerClass);
    cmd.AddValue("bottleneck", "Bottleneck rate (paper: 2.4Gbps)", bottleneck);
    cmd.AddValue("tcp", "Congestion control TypeId (ns3::TcpDualVegas, ns3::TcpVegas, ...)", tcp);
    cmd.AddValue("alpha", "Vegas alpha = beta, packets (> 0)", alpha);
    cmd.AddValue("alphaTimeUnit", "With --fairness=wpf: alpha's time unit", alphaTimeUnit);
    cmd.AddValue("startJitter",
                 "Flows start uniformly in [0, startJitter] (late starters include the queue in "
                 "their baseRTT)",
                 startJitter);
    runner.AddOptions(cmd);
    cmd.Parse(argc, argv);

    NS_ABORT_MSG_UNLESS(fairness == "pf" || fairness == "wpf",
                        "--fairness must be pf or wpf, not '" << fairness << "'");
    TypeId tcpTid;
    NS_ABORT_MSG_UNLESS(TypeId::LookupByNameFailSafe(tcp, &tcpTid),
                        "--tcp: no TypeId '" << tcp << "'");

    FiveClassHelper::Parameters parameters;
    parameters.flowsPerClass = flowsPerClass;
    parameters.bottleneck = bottleneck;
    parameters.tcp = tcp;
    parameters.alpha = alpha;
    parameters.beta = alpha;
    parameters.alphaTimeUnit = fairness == "wpf" ? alphaTimeUnit : Time(0);
    parameters.startJitter = startJitter;

    FiveClassHelper helper(parameters);
    const std::string head = std::string("Vegas five-class, ") + (fairness == "pf" ? "PF" : "WPF") +
                             ", " + tcp + ", " + std::to_string(flowsPerClass) +
                             " flows/class, bottleneck ";
    std::ostringstream title;
    title << head << bottleneck;
    runner.Run(helper, title.str(), head + PlotWriter::FormatRate(bottleneck.GetBitRate()));
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    return ExperimentRunner::Main(argc, argv, &RunExample);
}
