/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Persistent congestion: Low, Peterson and Wang, "Understanding TCP Vegas: a duality model"
// (J. ACM 2002), §4.2 (Example 1, eqs. 27-29) and §6.2 (Fig. 6, Tables V-VI). Five Vegas sources
// with a 10 ms round-trip propagation delay share a 48 Mb/s bottleneck with an unlimited FIFO
// buffer; alpha = 2 packets per ms (each source keeps 2 d/ms ~ 20 packets queued); source n
// starts at 20 (n - 1) s.
//
//     1a --1600 Mb/s--\                                /--1600 Mb/s-- 1b
//     ...              R1 ==== 48 Mb/s, FIFO, 1 ms ==== R2            ...
//     5a --1600 Mb/s--/        (unlimited buffer)      \--1600 Mb/s-- 5b
//
// It runs twice:
//  - baseRtt=fixed: every source is told its true baseRTT (propagation plus transmission times,
//    10.18 ms); the queue grows linearly, alpha d per active source (Fig. 6(a));
//  - baseRtt=measured: every source takes the smallest RTT it has seen, which for a late
//    starter includes the queue of the earlier ones; the queue grows much faster (Fig. 6(b)),
//    as the recursion of eqs. 27-29 predicts (Tables V and VI).
// Per period (each interval between two starts, measured from --settling after its start, by
// default its second half) it prints each source's rate, baseRTT and window and the queue, model
// beside simulation, and draws the queue vs time of both runs.
//
//   ./dualcc run vegas-persistent-congestion                  # the paper's scale, ~100 s each
//   ./dualcc run vegas-persistent-congestion --sources=3 --period=10s --baseRtt=measured
//   ./dualcc run vegas-persistent-congestion --fluid          # and the fluid model beside it
//   ./dualcc run vegas-persistent-congestion --engine=fluid   # the fluid model alone, < 1 s
//
// The experiment: PersistentCongestionScenario (helper/persistent-congestion-scenario.h);
// ScenarioRunner adds --csv, --plot and --progress.

#include "experiments/persistent-congestion-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasPersistentCongestion");

int
main(int argc, char* argv[])
{
    PersistentCongestionScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
