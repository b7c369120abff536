/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The experiment of Boutremans and Le Boudec, "A note on the fairness of TCP Vegas" (§3.2,
// §4.2): n Vegas connections (ns3::TcpDualVegas) with round-trip propagation delay d = 0.2 s
// share a c = 1 Mb/s FIFO bottleneck with an unlimited buffer; connection i joins at 2 (i-1) s;
// 120 s in all.
//
//     src(1) --\                                          /-- sink(1)
//       ...     R1 ==== 1 Mb/s, 1 ms, FIFO, unlimited ==== R2    ...
//     src(n) --/   (access delays make every RTT d)        \-- sink(n)
//
// For each connection it prints the measured baseRTT beside Bonald's
// d + (alpha/c)(i-1)S_{i-1} (and beside the exact eq. 6 recursion), and the measured rate
// beside eq. 5 with Delta from eq. 6 (solved with the measured over-estimations) and, when
// alpha = beta, the closed form c / (n S_n - (i-1) S_{i-1}); when alpha < beta, beside eq. 11's
// bounds. Rates are measured from the start of the last connection + settle to the end (all
// connections present; the paper's steady state); baseRTT is each connection's smallest RTT
// sample (its MinEver estimate at the end). d includes the transmission times (8.3 ms on the
// bottleneck for a 1000-byte packet and its ACK).
//
//   ./dualcc run vegas-fairness                               # n = 10, alpha = beta = 1
//   ./dualcc run vegas-fairness --n=20 --alpha=3 --beta=3
//   ./dualcc run vegas-fairness --n=10 --alpha=1 --beta=3     # alpha < beta (§4.2.2)
//   ./dualcc run vegas-fairness --alpha=1 --beta=3 --baseRtt=fixed   # x_i = 0 (§4.2.1, Fig. 7)
//   ./dualcc run vegas-fairness --jitter=1                    # Gaussian jitter on d (§3.2.1)
//
// The experiment: VegasFairnessScenario (helper/vegas-fairness-scenario.h);
// ScenarioRunner adds --csv, --plot and --progress.

#include "experiments/vegas-fairness-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasFairness");

int
main(int argc, char* argv[])
{
    VegasFairnessScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
