/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The multilink experiment of Low, Peterson and Wang, "Understanding TCP Vegas: a duality
// model" (J. ACM 2002), §6.1.2, Tables III (PF) and IV (WPF): six classes of Vegas flows over a
// chain of three backbone links, each flow with its own host pair.
//
//     1a,3a,6a        2a,4a           5a
//        |              |              |
//       R1 ----LA----> R2 ----SF----> R3 ----CH----> R4
//                       |              |              |
//                      3b           1b,4b        2b,5b,6b
//
// Routes and round-trip propagation delays: 1a LA+SF 75 ms, 2a SF+CH 80 ms, 3a LA 15 ms,
// 4a SF 60 ms, 5a CH 20 ms, 6a LA+SF+CH 100 ms. Prints the duality model's prediction beside
// the simulation and draws per-class rate and per-link queue vs time.
//
//   ./dualcc run vegas-six-class                                 # 10 flows/class, 480 Mb/s
//   ./dualcc run vegas-six-class --fairness=wpf
//   ./dualcc run vegas-six-class --flowsPerClass=50 --bottleneck=2.4Gbps    # the paper's scale

#include "ns3/core-module.h"
#include "ns3/experiment-runner.h"
#include "ns3/plot-writer.h"
#include "ns3/six-class-helper.h"

#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasSixClass");

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
    ExperimentRunner runner("vegas-six-class");

    CommandLine cmd(__FILE__);
    cmd.Usage("The Vegas paper's six-class multilink experiment: model vs simulation.");
    cmd.AddValue("fairness",
                 "pf: alpha packets per RTT (Table III); wpf: alpha packets per alphaTimeUnit "
                 "(Table IV)",
                 fairness);
    cmd.AddValue("flowsPerClass", "Flows in each of the six classes (paper: 50)", flowsPerClass);
    cmd.AddValue("bottleneck",
                 "Rate of each backbone link LA, SF, CH (paper: 2.4Gbps)",
                 bottleneck);
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

    SixClassHelper::Parameters parameters;
    parameters.flowsPerClass = flowsPerClass;
    parameters.backbone = bottleneck;
    parameters.tcp = tcp;
    parameters.alpha = alpha;
    parameters.beta = alpha;
    parameters.alphaTimeUnit = fairness == "wpf" ? alphaTimeUnit : Time(0);
    parameters.startJitter = startJitter;

    SixClassHelper helper(parameters);
    const std::string head = std::string("Vegas six-class, ") + (fairness == "pf" ? "PF" : "WPF") +
                             ", " + tcp + ", " + std::to_string(flowsPerClass) +
                             " flows/class, backbone ";
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
