/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The AVQ design rule of Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue
// (AVQ) algorithm for active queue management" (SIGCOMM 2001), Theorems 1, 3 and 4:
//
//     N TCP flows, round-trip delay d ---> [ AVQ: gamma, alpha ] ---> link of C packets/s
//
// For the given C, N, gamma and beta it prints
//  * d* for the given alpha (Theorem 3, eq. 16): every d < d* is stable;
//  * alpha* for the given d (Theorems 1 and 4, eqs. 6 and 19): every alpha < alpha* is stable;
// with the gains K11, K12, K2 (eq. 8) and the frequency omega (eq. 13) at each point. No
// simulation runs. The defaults are the paper's Examples 1 and 2 (10 Mb/s, 1000-byte packets,
// N = 180, gamma = 1; alpha = 0.1 and d = 0.21 s), which print d* = 0.215 s (the paper: 0.210)
// and alpha* = 1.03 (the paper: 0.10); see doc/avq.rst for why.
//
//   ./dualcc run avq-design
//   ./dualcc run avq-design --utilization=0.98 --delay=0.21 --flows=172.34   # alpha* = 0.172
//
// The experiment: AvqDesignScenario (helper/avq-design-scenario.h), run by
// ScenarioRunner.

#include "experiments/avq-design-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AvqDesignExample");

int
main(int argc, char* argv[])
{
    AvqDesignScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
