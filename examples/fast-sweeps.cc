/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The FAST paper's equilibrium sweeps (Paganini, Wang, Low and Doyle, Infocom 2003, §V-A,
// Figs 5, 6, 7): two-way long-lived FTP traffic on one bottleneck; FAST-ECN over REM's
// virtual-capacity law (gamma_v 0.95) against NewReno over RED (gentle, automatic), AVQ
// (gamma 0.95, buffer = BDP) and PI (q_ref 50), with --sweep=capacity (100 Mb/s .. 8 Gb/s),
// delay (RTT 20 .. 1000 ms) or flows (5 .. 500 each way). Per point: utilization, mean queue,
// loss, window, and FAST's model beside them. Points too large for --maxCapacity run with flows
// and capacity scaled down together (stated in the report). See FastSweepsScenario and
// doc/fast.rst.
//
//   sources (access 10 c) --> R1 ==bottleneck, c, 5 ms, AQM both ways==> R2 --> sinks
//   reverse sinks         <--                                            <-- reverse sources
//
//   ./dualcc run fast-sweeps --sweep=capacity --jobs=1 --csv=fast-sweeps-capacity.csv

#include "experiments/fast-sweeps-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    FastSweepsScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
