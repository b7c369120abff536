/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Monaco with background web traffic over three bottlenecks (AVD, DropTail, DropTail): the
// Monaco paper's §V-B, Fig. 10. MonacoWebScenario describes the network; --help lists the
// options.

#include "experiments/monaco-web-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    MonacoWebScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
