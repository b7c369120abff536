/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The design rule of the PI AQM controller of Hollot, Misra, Towsley and Gong, "On designing
// improved controllers for AQM routers supporting TCP flows" (INFOCOM 2001):
//
//     at least N- TCP flows, RTT at most R+ ---> [ PI: A, B, w ] ---> link of C packets/s
//
// It prints the continuous controller C(s) = K (s/z + 1) / s (zero at the TCP pole
// 2N-/(R+^2 C), unit loop gain at the crossover), its phase margin, and the gains A and B of
// PiQueueDisc sampled at w Hz. No simulation runs. The defaults are the paper's example
// (15 Mb/s of 500-byte packets, N- = 60, R+ = 0.246 s, w = 160 Hz), whose printed controller
// 9.6438e-6 (s/0.53 + 1) / s gives ns-2's default gains A = 1.822e-5, B = 1.816e-5.
//
//   ./dualcc run pi-design
//   ./dualcc run pi-design --linkRate=10 --packetSize=1000 --flows=40 --rtt=0.13
//   --samplingFrequency=170
//   ./dualcc run pi-design --crossover=0.5215   # the paper's printed K
//
// The computation: PiDesign (model/pi-design.h); the printing: PiDesignScenario
// (helper/pi-design-scenario.h), run by ScenarioRunner.

#include "experiments/pi-design-scenario.h"

#include "ns3/core-module.h"
#include "ns3/scenario-runner.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PiDesignExample");

int
main(int argc, char* argv[])
{
    PiDesignScenario scenario;
    return ScenarioRunner::Main(argc, argv, scenario);
}
