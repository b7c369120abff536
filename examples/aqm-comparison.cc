/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Experiments 2-5 of Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue
// (AVQ) algorithm for active queue management", SIGCOMM 2001, §3: AVQ against RED (gentle),
// REM (dualcc's RemQueueDisc, eq. 30), the PI controller (dualcc's PiQueueDisc) and ns-3's PIE on
// a 10 Mb/s link with a 100-packet buffer, NewReno flows with round-trip propagation delays
// uniform in [40, 130] ms and short flows of 20 packets.
//
//     FTP hosts ---\                                     /--- sink
//                   R1 ===== 10 Mb/s, AQM, B = 100 ===== R2
//     short hosts -/
//
//  2: FTP flows only, ECN marking, the number of flows swept (--flows): loss rate, utilization,
//     mean queue (Figs. 3-5);
//  3: 140 FTP flows; 105 leave at 100 s and 105 (new) arrive at 150 s: queue vs time per AQM
//     (Figs. 6-8);
//  4: 40 FTP flows, converged for --converge, then short flows at a rate swept over --rates
//     (10 ... 50 flows/s), ECN marking: loss, utilization, mean queue (Figs. 9-11);
//  5: as 4 but the AQMs drop instead of marking, AVQ with gamma = 1.0 and 0.98: mean queue,
//     utilization, goodput (Figs. 12-14).
//
// Parameters (the paper's where it gives them): a queue target of 50 packets (desired delay
// 30-60 ms): RED MinTh 37, MaxTh 75, gentle, w_q 0.002, max_p 0.1 (Floyd's REDparameters.txt);
// PI QueueRef 50 packets with ns-2's gains (A 1.822e-5, B 1.816e-5, 170 Hz); PIE
// QueueDelayReference 40 ms = 50 packets at 10 Mb/s, ns-3's other defaults; REM gamma 0.001,
// mu (the paper's alpha) 0.1, phi 1.001 (Athuraliya et al.), updated every 1 ms, target queue 0
// (eq. 30 has no q_ref); AVQ gamma 0.98, alpha 0.15 and, in Experiments 2-4, a 50-packet buffer
// ("we drop every packet that arrives when there are already 50 packets in the real queue";
// here the virtual buffer is 50 packets too). Every sweep point is an independent simulation,
// run in a child process (ParallelSweep, --jobs at a time).
//
//   ./build/examples/aqm-comparison --experiment=2 --jobs=2
//   ./build/examples/aqm-comparison --experiment=all --jobs=2 --csv=cmp --plot=cmp
//
// The experiment: AqmComparisonScenario (helper/aqm-comparison-scenario.h);
// ScenarioRunner adds --jobs, --csv (PREFIX-expN.csv), --plot (PREFIX-expN.png) and
// --progress.

#include "experiments/aqm-comparison-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AqmComparison");

int
main(int argc, char* argv[])
{
    AqmComparisonScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
