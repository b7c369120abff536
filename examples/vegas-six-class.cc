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
//
// The experiment: SixClassScenario (helper/six-class-scenario.h); ScenarioRunner adds
// --simTime, --warmup, --csv, --plot and --progress.

#include "experiments/six-class-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasSixClass");

int
main(int argc, char* argv[])
{
    SixClassScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
