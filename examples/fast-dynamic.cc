/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The FAST paper's dynamic experiment (Paganini, Wang, Low and Doyle, Infocom 2003, §V-B and
// §VI-B, Figs 8, 9, 11): a 2 Gb/s bottleneck (x --scale), groups of 32, 32, 64, 128 and 256
// flows (x --scale) of 40, 80, 120, 160 and 200 ms round trip joining every --stage (40 s),
// under --variant=ecn (FAST-ECN over REM's virtual-capacity link), delay (FAST-delay over
// DropTail), newreno-red (NewReno over RED) or all. Per stage: each group's rate vs the equal
// share, Jain's index, queue, utilization, and for ecn the price and marking probability vs the
// model. See FastDynamicScenario and doc/fast.rst.
//
//   sources (1 Gb/s access, rtt/2 - 11 ms) --> R1 ==bottleneck, 2F Gb/s, 10 ms==> R2 --> sinks
//
//   ./dualcc run fast-dynamic --scale=0.125 --variant=ecn --progress
//   ./dualcc run --mpi=2 fast-dynamic --scale=0.125 --variant=ecn   # one network, 2 MPI ranks

#include "experiments/fast-dynamic-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    FastDynamicScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
