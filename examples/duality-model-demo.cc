/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The duality model's prediction for the six-class multilink network of Low, Peterson and Wang,
// "Understanding TCP Vegas: a duality model" (J. ACM 2002), §6.1.2, Tables III-IV:
//
//     1a,3a,6a        2a,4a           5a
//        |              |              |
//       R1 ----LA----- R2 ----SF----- R3 ----CH----- R4
//                        |              |              |
//                       3b           1b,4b        2b,5b,6b
//
// Routes: 1a LA+SF, 2a SF+CH, 3a LA, 4a SF, 5a CH, 6a LA+SF+CH; 2.4 Gb/s backbone links,
// 1000-byte packets. No simulation runs: DualityModel solves the equilibrium (eqs. 3-5).
//
//   ./dualcc run duality-model-demo                      # PF, alpha = 2 packets per RTT
//   ./dualcc run duality-model-demo --fairness=wpf       # WPF, alpha = 2 packets per 10 ms
//
// The experiment: DualityModelDemoScenario (helper/duality-model-demo-scenario.h), run by
// ScenarioRunner.

#include "experiments/duality-model-demo-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("DualityModelDemo");

int
main(int argc, char* argv[])
{
    DualityModelDemoScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
