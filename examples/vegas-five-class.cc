/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The single-link experiment of Low, Peterson and Wang, "Understanding TCP Vegas: a duality
// model" (J. ACM 2002), §6.1.1, Tables I (PF) and II (WPF): five classes of Vegas flows with
// round-trip propagation delays 15, 15, 20, 30, 40 ms share one bottleneck; every flow has its
// own host pair.
//
//     1a(i) --100 Mb/s--\                             /--100 Mb/s-- 1b(i)
//       ...              R1 ==== bottleneck, FIFO ==== R2           ...
//     5a(i) --100 Mb/s--/        (unlimited buffer)    \--100 Mb/s-- 5b(i)
//
// Prints the duality model's prediction beside the simulation (per class baseRTT, RTT, rate,
// window; the bottleneck queue) and draws per-class rate and queue vs time.
//
//   ./dualcc run vegas-five-class                                # 10 flows/class, 480 Mb/s
//   ./dualcc run vegas-five-class --fairness=wpf
//   ./dualcc run vegas-five-class --flowsPerClass=50 --bottleneck=2.4Gbps   # the paper's scale
//   ./dualcc run vegas-five-class --tcp=ns3::TcpVegas            # ns-3's own Vegas, same network
//   ./dualcc run --mpi=2 vegas-five-class                        # one network, 2 MPI ranks
//
// The experiment: FiveClassScenario (helper/five-class-scenario.h); ScenarioRunner adds
// --simTime, --warmup, --csv, --plot and --progress.

#include "experiments/five-class-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasFiveClass");

int
main(int argc, char* argv[])
{
    FiveClassScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
