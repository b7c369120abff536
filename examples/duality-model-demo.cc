/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The duality model's prediction for the six-class multilink network of Low, Peterson and Wang,
// "Understanding TCP Vegas: a duality model" (J. ACM 2002), §6.1.2, Tables III-IV:
//
//     1a,3a,6a        2a,4a           5a
//        |              |              |
//       R1 ----LA----- R2 ----SF----- R3 ----CH----- R4
//                        |              |              |
//                       3b           1b,4b        2b,5b,6b
//
// Routes: 1a LA+SF, 2a SF+CH, 3a LA, 4a SF, 5a CH, 6a LA+SF+CH; 2.4 Gb/s backbone links,
// 1000-byte packets. No simulation runs: DualityModel solves the equilibrium (eqs. 3-5).
//
//   ./dualcc run duality-model-demo                      # PF, alpha = 2 packets per RTT
//   ./dualcc run duality-model-demo --fairness=wpf       # WPF, alpha = 2 packets per 10 ms

#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/scenario-runner.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("DualityModelDemo");

/**
 * The example (ScenarioRunner::Main turns its exceptions into an error message).
 * \param argc argument count
 * \param argv arguments
 * \return the exit status
 */
static int
RunExample(int argc, char* argv[])
{
    std::string fairness = "pf";
    uint32_t flowsPerClass = 50;
    double backboneGbps = 2.4;
    uint32_t packetSize = 1000;
    double alphaPackets = 2;
    double alphaTimeUnitMs = 10;

    CommandLine cmd(__FILE__);
    cmd.Usage("Prints the duality model's equilibrium of the Vegas paper's six-class network.");
    cmd.AddValue("fairness",
                 "pf: alpha in packets per RTT (proportionally fair); "
                 "wpf: alpha in packets per alphaTimeUnit (weighted PF)",
                 fairness);
    cmd.AddValue("flowsPerClass", "Flows in each class (>= 1)", flowsPerClass);
    cmd.AddValue("backbone", "Capacity of each backbone link LA, SF, CH, Gb/s (> 0)", backboneGbps);
    cmd.AddValue("packetSize", "Packet size, bytes (> 0)", packetSize);
    cmd.AddValue("alpha", "Vegas alpha, packets (> 0)", alphaPackets);
    cmd.AddValue("alphaTimeUnit",
                 "With --fairness=wpf, alpha's time unit, ms (> 0)",
                 alphaTimeUnitMs);
    cmd.Parse(argc, argv);

    NS_ABORT_MSG_UNLESS(fairness == "pf" || fairness == "wpf",
                        "--fairness must be pf or wpf, not '" << fairness << "'");
    NS_ABORT_MSG_UNLESS(flowsPerClass >= 1, "--flowsPerClass must be >= 1");
    NS_ABORT_MSG_UNLESS(alphaTimeUnitMs > 0, "--alphaTimeUnit must be > 0 ms");

    // The paper's baseRTTs (propagation plus the transmission of a packet and its ACK), s.
    const std::vector<std::string> names{"1a", "2a", "3a", "4a", "5a", "6a"};
    const std::vector<std::vector<std::string>> routes{{"LA", "SF"},
                                                       {"SF", "CH"},
                                                       {"LA"},
                                                       {"SF"},
                                                       {"CH"},
                                                       {"LA", "SF", "CH"}};
    const std::vector<double> baseRtt{0.07517, 0.08017, 0.01517, 0.06017, 0.02017, 0.10018};

    DualityModel model;
    try
    {
        for (const char* link : {"LA", "SF", "CH"})
        {
            model.AddLinkBps(link, backboneGbps * 1e9, packetSize);
        }
        for (std::size_t k = 0; k < names.size(); ++k)
        {
            const double weight = fairness == "pf"
                                      ? alphaPackets
                                      : alphaPackets * baseRtt[k] / (alphaTimeUnitMs / 1000);
            for (uint32_t i = 0; i < flowsPerClass; ++i)
            {
                model.AddSourceByLinkNames(names[k], routes[k], baseRtt[k], weight);
            }
        }
    }
    catch (const std::invalid_argument& e)
    {
        throw;
    }
    const DualityModel::Solution sol = model.Solve();

    const double kiloBytesPerPacket = packetSize / 1000.0;
    std::cout << "Duality model, six-class network, " << (fairness == "pf" ? "PF" : "WPF") << ", "
              << flowsPerClass << " flows per class, backbone " << backboneGbps << " Gb/s\n"
              << "(KKT residual " << sol.kktResidual << ", " << sol.iterations
              << " Newton iterations, " << (sol.converged ? "converged" : "NOT converged")
              << ")\n\n";
    std::cout << std::fixed << std::setprecision(2);
    std::cout << std::left << std::setw(7) << "class" << std::setw(11) << "route" << std::right
              << std::setw(14) << "baseRTT (ms)" << std::setw(12) << "RTT (ms)" << std::setw(16)
              << "rate (KB/s)" << std::setw(14) << "cwnd (pkts)" << '\n';
    for (std::size_t k = 0; k < names.size(); ++k)
    {
        const DualityModel::SourceResult& r = sol.sources[k * flowsPerClass];
        std::string route;
        for (const std::string& link : routes[k])
        {
            route += (route.empty() ? "" : "+") + link;
        }
        std::cout << std::left << std::setw(7) << names[k] << std::setw(11) << route << std::right
                  << std::setw(14) << r.baseRtt * 1000 << std::setw(12) << r.rtt * 1000
                  << std::setw(16) << r.rate * kiloBytesPerPacket << std::setw(14) << r.window
                  << '\n';
    }
    std::cout << '\n'
              << std::left << std::setw(7) << "link" << std::right << std::setw(14)
              << "queue (pkts)" << std::setw(16) << "price (ms)" << std::setw(14) << "utilization"
              << '\n';
    for (std::size_t l = 0; l < sol.links.size(); ++l)
    {
        std::cout << std::left << std::setw(7) << model.GetLinks()[l].name << std::right
                  << std::setw(14) << sol.links[l].backlog << std::setw(16)
                  << sol.links[l].price * 1000 << std::setw(14) << sol.links[l].utilization << '\n';
    }
    return sol.converged ? 0 : 1;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
