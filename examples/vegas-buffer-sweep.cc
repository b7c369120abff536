/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The buffer-size experiment of Low, Peterson and Wang, "Understanding TCP Vegas: a duality
// model" (J. ACM 2002), §6.4 and Fig. 8, after Hengartner et al. (2000): 100 persistent flows
// from Host 1a to Host 1b, 50 ms round-trip propagation delay, a 6000 KB/s bottleneck, 10 Mb/s
// host-router links, no background traffic. For each bottleneck buffer size it runs Reno
// (ns3::TcpNewReno) and Vegas (ns3::TcpDualVegas, alpha = 1, beta = 3 packets per RTT) and
// measures over the first 50 s, per flow: goodput, retransmissions and retransmissions during
// congestion avoidance (definitions: BufferSweepScenario, TcpRetransmissionCounter).
//
//     1a(i) ---10 Mb/s---\                                    /---10 Mb/s--- 1b(i)
//       ...               R1 ==== 48 Mb/s, FIFO, B packets ==== R2             ...
//     (100 flows, each with its own hosts and access links; RTT 50 ms)
//
// Expected (§3.3, §6.4): Vegas wants 100 flows x alpha..beta = 100..300 packets queued; with a
// buffer above that it settles without any retransmission; Reno retransmits at every size.
//
//   ./dualcc run vegas-buffer-sweep --flows=20 --duration=10s --buffers=10,40,100 --jobs=2
//   ./dualcc run vegas-buffer-sweep --jobs=2                     # the paper's scale (minutes)
//   ./dualcc run vegas-buffer-sweep --csv=sweep.csv --plot=none
//
// The experiment: BufferSweepScenario (helper/buffer-sweep-scenario.h); ScenarioRunner
// adds --jobs, --csv, --plot and --progress.

#include "experiments/buffer-sweep-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasBufferSweep");

int
main(int argc, char* argv[])
{
    BufferSweepScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
