/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The FAST paper's mice and elephants (Paganini, Wang, Low and Doyle, Infocom 2003, §V-C,
// Fig. 10): 512 sources (x --scale) with the round trips of §V-B (40 to 200 ms) on a 1 Gb/s link
// (x --scale), each starting flows as a Poisson process, their sizes Pareto (a = 1, x_m = 100
// packets, bounded at 10^6: 90 % of the flows under 1000 packets carry 25 % of the packets), at an
// offered load --load of the link; FAST-ECN over REM's virtual-capacity law. Utilization, queue,
// the elephants' share of the packets and Jain's index among concurrent elephants. See
// FastMiceScenario and doc/fast.rst.
//
//   sources (access 10x the link, rtt/2 - 11 ms) --> R1 ==bottleneck, 1F Gb/s, 10 ms==> R2 -->
//   sinks
//
//   ./dualcc run fast-mice --scale=0.1 --duration=60s --progress

#include "experiments/fast-mice-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    FastMiceScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
