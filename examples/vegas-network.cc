/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Any multi-link network of persistent flows, read from a topology description file (the format
// is documented in helper/network-description.h and doc/testbed.rst), simulated and compared
// with the duality model's prediction.
//
//   ./dualcc run vegas-network --topology=examples/six-class.topology
//   ./dualcc run vegas-network --topology=my.topology --simTime=30s --warmup=15s --csv=out.csv
//
// Example file (two links in a chain, three classes):
//
//     set packetSize=1000 accessRate=100Mbps
//     link A R1 R2 rate=100Mbps delay=1ms
//     link B R2 R3 rate=100Mbps delay=1ms buffer=unlimited queue=ns3::FifoQueueDisc
//     class long  flows=5 route=A,B rtt=40ms tcp=ns3::TcpDualVegas alpha=2
//     class left  flows=5 route=A   rtt=20ms
//     class right flows=5 route=B   rtt=20ms alphaUnit=10ms
//
// The experiment: TopologyScenario (helper/topology-scenario.h); ScenarioRunner adds
// --simTime, --warmup, --csv, --plot and --progress.

#include "experiments/topology-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasNetwork");

int
main(int argc, char* argv[])
{
    TopologyScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
