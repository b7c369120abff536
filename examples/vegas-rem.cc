/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Vegas with REM: Low, Peterson and Wang, "Understanding TCP Vegas: a duality model" (J. ACM
// 2002), §5 (eqs. 30-33) and §6.3 (Fig. 7, Table VII). The network of §6.2 (48 Mb/s bottleneck,
// 1600 Mb/s host links) with REM at Router1 (phi = 1.1, mu = 0.5, gamma = 0.005, price update
// every 1 ms, ECN marking); five sources with round-trip propagation delays 10, 10, 20, 10 and
// 30 ms start 20 s apart. Each runs TcpDualVegas with PriceSource=EcnMarks: the price is
// estimated from the fraction of marked packets, p = -log_phi(1 - m), and the window moves so
// that the rate times the price is alpha d (alpha = 2 packets per ms).
//
//     1a --1600 Mb/s--\                                    /--1600 Mb/s-- 1b
//     ...              R1 ==== 48 Mb/s, REM (ECN), 1 ms ==== R2           ...
//     5a --1600 Mb/s--/                                    \--1600 Mb/s-- 5b
//
// The model (DualityModel, for the sources active in each period) gives the rates of weighted
// proportional fairness, proportional to alpha d_s; REM's equilibrium has no queue (eq. 30: b = 0,
// x = c), so every source measures its baseRTT correctly (Table VII). Per period (measured from
// --settling after its start) it prints rates, baseRTTs, windows, the queue and the utilization,
// model beside simulation, and draws windows and queue vs time (Fig. 7).
//
//   ./dualcc run vegas-rem                                    # the paper's scale, 100 s
//   ./dualcc run vegas-rem --rtts=10ms,20ms,30ms --period=10s
//
// The experiment: VegasRemScenario (helper/vegas-rem-scenario.h); ScenarioRunner adds
// --csv, --plot and --progress.

#include "experiments/vegas-rem-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasRem");

int
main(int argc, char* argv[])
{
    VegasRemScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
