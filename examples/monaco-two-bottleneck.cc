/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiments/monaco-two-bottleneck-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    MonacoTwoBottleneckScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
