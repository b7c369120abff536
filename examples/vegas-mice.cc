/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The mice experiment of Low, Peterson and Wang, "Understanding TCP Vegas: a duality model"
// (J. ACM 2002), §6.1.3, Fig. 5: the five-class single link of §6.1.1 (round trips 15, 15, 20,
// 30, 40 ms, 2.4 Gb/s), each class with 10 persistent Vegas sources (elephants) and 40 random
// on-off Vegas sources (mice: exponential files of mean 1 MB, exponential OFF times of mean
// 3 s). The paper: the mice carry about 20 % of the packets and the elephants converge to
// 0.8 c / 50 = 4800 KB/s each.
//
// A mouse offers about 1 MB per 4 s (measured) whatever the link's rate, so the mice's share is set
// by their number: 8 per class at 480 Mb/s are the paper's 40 per class at 2.4 Gb/s per unit of
// capacity (measured: 15 % and 17 % of the link).
//
//   ./dualcc run vegas-mice                           # 480 Mb/s, 10 elephants + 8 mice per class
//   ./dualcc run vegas-mice --micePerClass=40 --bottleneck=2.4Gbps   # the paper's scale
//
// The experiment: VegasMiceScenario (experiments/vegas-mice-scenario.h); ScenarioRunner adds
// --simTime, --warmup, --csv, --plot and --progress.

#include "experiments/vegas-mice-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasMice");

int
main(int argc, char* argv[])
{
    VegasMiceScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
