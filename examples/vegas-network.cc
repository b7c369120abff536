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

#include "ns3/core-module.h"
#include "ns3/experiment-runner.h"
#include "ns3/network-helper.h"

#include <stdexcept>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("VegasNetwork");

/**
 * The example (ExperimentRunner::Main turns its exceptions into an error message).
 * \param argc argument count
 * \param argv arguments
 * \return the exit status
 */
static int
RunExample(int argc, char* argv[])
{
    std::string topology;
    ExperimentRunner runner("vegas-network");

    CommandLine cmd(__FILE__);
    cmd.Usage("Simulates the network of a topology description file: model vs simulation.");
    cmd.AddValue("topology", "Topology description file (required)", topology);
    runner.AddOptions(cmd);
    cmd.Parse(argc, argv);

    if (topology.empty())
    {
        throw std::invalid_argument(
            "--topology: missing; valid: --topology=FILE (e.g. examples/six-class.topology)");
    }
    // Parse() checks everything it can (types, attributes, ranges, routes) and names the
    // file:line; Install() checks what needs the run's end (ExperimentRunner::Main reports both).
    const NetworkDescription description = NetworkDescription::ParseFile(topology);
    NetworkHelper helper(description);
    runner.Run(helper, "Network " + topology);
    Simulator::Destroy();
    return 0;
}

int
main(int argc, char* argv[])
{
    return ExperimentRunner::Main(argc, argv, &RunExample);
}
