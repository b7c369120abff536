/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The papers' stability boundaries on the fluid model (issue 31, item 3): AVQ's design rule
// (Kunniyur and Srikant, Theorem 1), FAST's Theorem 2 and Proposition 3 (Paganini et al.) and the
// PI design (Hollot et al.). Each parameter is swept across the paper's boundary, each point
// integrated by FluidModel and judged stable or oscillating; the measured boundary is printed
// beside the paper's. --packet adds packet simulations at one point on each side.
//
//   ./dualcc run fluid-stability
//   ./dualcc run fluid-stability --sweep=avq --packet
//
// The experiment: FluidStabilityScenario (examples/experiments/fluid-stability-scenario.h), run
// by ScenarioRunner.

#include "experiments/fluid-stability-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("FluidStabilityExample");

int
main(int argc, char* argv[])
{
    FluidStabilityScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
