/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Experiment 1 of Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue (AVQ)
// algorithm for active queue management", SIGCOMM 2001, §3: AVQ alone (gamma = 0.98,
// alpha = 0.15, ECN marking, 100-packet buffer) on a 10 Mb/s link with 180 NewReno FTP flows
// (round-trip propagation delays uniform in [40, 130] ms); short flows of 20 packets arrive as a
// Poisson process at 30 flows/s from 100 s. The paper gives no duration; "roughly 250,000
// packets" at 1250 packets/s is 200 s, the default here.
//
//     FTP host i ---\                                  /--- sink
//      (180)         R1 ===== 10 Mb/s, AVQ ===== R2 --
//     short hosts --/
//
// Output: Table 1 (mean and standard deviation of the queue before and after the short flows),
// utilization, drops and marks beside the paper's values; Figures 1 and 2 (queue and virtual
// capacity vs time) as PREFIX.png.
//
//   ./build/examples/avq-experiment1 --progress
//   ./build/examples/avq-experiment1 --ftpFlows=60 --duration=60s --shortStart=30s --plot=none
//
// ns-2's side (doc/validation.rst, "Paper-scale runs (AVQ paper)"): --ns2Tcp (UseNs2Reno),
// --startJitter, --shortSize, --ns3::AvqQueueDisc::InitialVirtualCapacity=0.8 (vq.cc's ecnlim_)
// and --ns3::AvqQueueDisc::DropNonEcn=false (vq.cc lets packets that are not ECN-capable pass).
// The second window within a factor of two of Table 1, with no drop after 100 s:
//   ./build/examples/avq-experiment1 --shortSize=5 --ns3::AvqQueueDisc::InitialVirtualCapacity=0.8
//       --ns3::AvqQueueDisc::DropNonEcn=false
//
// The experiment: AvqExperiment1Scenario (helper/avq-experiment1-scenario.h);
// ScenarioRunner adds --csv, --plot and --progress.

#include "experiments/avq-experiment1-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AvqExperiment1");

int
main(int argc, char* argv[])
{
    AvqExperiment1Scenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
