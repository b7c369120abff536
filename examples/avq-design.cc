/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The AVQ design rule of Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue
// (AVQ) algorithm for active queue management" (SIGCOMM 2001), Theorems 1, 3 and 4:
//
//     N TCP flows, round-trip delay d ---> [ AVQ: gamma, alpha ] ---> link of C packets/s
//
// For the given C, N, gamma and beta it prints
//  * d* for the given alpha (Theorem 3, eq. 16): every d < d* is stable;
//  * alpha* for the given d (Theorems 1 and 4, eqs. 6 and 19): every alpha < alpha* is stable;
// with the gains K11, K12, K2 (eq. 8) and the frequency omega (eq. 13) at each point. No
// simulation runs. The defaults are the paper's Examples 1 and 2 (10 Mb/s, 1000-byte packets,
// N = 180, gamma = 1; alpha = 0.1 and d = 0.21 s), which print d* = 0.215 s (the paper: 0.210)
// and alpha* = 1.03 (the paper: 0.10); see doc/dualcc.rst for why.
//
//   ./dualcc run avq-design
//   ./dualcc run avq-design --utilization=0.98 --delay=0.21 --flows=172.34   # alpha* = 0.172

#include "ns3/avq-design.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

#include <cmath>
#include <iomanip>
#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AvqDesignExample");

namespace
{

/// Print the gains and omega at \p point, indented.
void
PrintPoint(const AvqDesign::Point& point)
{
    std::cout << "    K11 = " << point.gains.k11 << " 1/s,  K12 = " << point.gains.k12
              << " 1/s,  K2 = " << point.gains.k2 << " 1/s\n"
              << "    omega = " << point.omega
              << " rad/s,  omega d + arctan(omega/K11) = " << point.phase
              << " rad (pi/2 = " << 2 * std::atan(1.0) << ")\n"
              << "    equilibrium marking probability p* = " << point.gains.markingProbability
              << (point.gains.equilibriumExists
                      ? ""
                      : "  (>= 1: no equilibrium with C~* > 0; eq. 8 is extrapolated here)")
              << '\n';
}

} // namespace

/**
 * The example (ScenarioRunner::Main turns its exceptions into an error message).
 * \param argc argument count
 * \param argv arguments
 * \return the exit status
 */
static int
RunExample(int argc, char* argv[])
{
    double linkMbps = 10;
    uint32_t packetSize = 1000;
    double flows = 180;
    double utilization = 1.0;
    double alpha = 0.1;
    double delay = 0.21;
    double beta = AvqDesign::PAPER_BETA;

    CommandLine cmd(__FILE__);
    cmd.Usage("Prints the AVQ design rule: d* for --alpha (Theorem 3) and alpha* for --delay "
              "(Theorems 1 and 4). Defaults: the paper's Examples 1 and 2.");
    cmd.AddValue("linkRate", "Link capacity C, Mb/s (> 0)", linkMbps);
    cmd.AddValue("packetSize",
                 "Packet size, bytes (> 0): C in packets/s = linkRate / 8 / size",
                 packetSize);
    cmd.AddValue("flows", "Number of TCP flows N (> 0)", flows);
    cmd.AddValue("utilization", "Desired utilization gamma, in (0, 1]", utilization);
    cmd.AddValue("alpha", "Damping factor alpha for which d* is computed (> 0)", alpha);
    cmd.AddValue("delay", "Round-trip delay d for which alpha* is computed, s (> 0)", delay);
    cmd.AddValue("beta", "beta of the TCP model (eq. 2), in (0, 1); the paper uses 2/3", beta);
    cmd.Parse(argc, argv);

    NS_ABORT_MSG_UNLESS(packetSize > 0, "--packetSize must be > 0 bytes");
    const double capacity = linkMbps * 1e6 / (8.0 * packetSize);

    try
    {
        const AvqDesign design(capacity, flows, utilization, beta);
        const AvqDesign::Point delayStar = design.GetMaxStableDelay(alpha);
        const AvqDesign::Point alphaStar = design.GetMaxStableAlpha(delay);

        std::cout << "AVQ design rule (Kunniyur & Srikant 2001)\n"
                  << "C = " << capacity << " packets/s (" << linkMbps << " Mb/s, " << packetSize
                  << "-byte packets), N = " << flows << ", gamma = " << utilization
                  << ", beta = " << beta << "\n\n";
        std::cout << std::setprecision(6);
        std::cout << "Theorem 3 (eq. 16): alpha = " << alpha << "  ->  d* = " << delayStar.delay
                  << " s (stable for every d < d*)\n";
        PrintPoint(delayStar);
        std::cout << "\nTheorems 1/4 (eqs. 6, 19): d = " << delay << " s  ->  ";
        if (alphaStar.alpha > 0)
        {
            std::cout << "alpha* = " << alphaStar.alpha << " (stable for every alpha < alpha*)\n";
        }
        else
        {
            std::cout << "no alpha > 0 satisfies eq. 19 (even alpha -> 0 gives a phase >= pi/2)"
                      << '\n';
        }
        PrintPoint(alphaStar);
    }
    catch (const std::exception& e)
    {
        std::cerr << "avq-design: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
