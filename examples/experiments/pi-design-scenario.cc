/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pi-design-scenario.h"

#include "ns3/command-line.h"

#include <cmath>
#include <ostream>

namespace ns3
{

PiDesignScenario::PiDesignScenario()
    : Scenario("pi-design",
               "Prints the PI controller's design rule (Hollot et al. 2001): K and z for the "
               "worst case N-, R+, then A and B at the sampling frequency. Defaults: the "
               "paper's example.")
{
}

void
PiDesignScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("linkRate", "Link capacity C, Mb/s (> 0)", m_linkMbps);
    cmd.AddValue("packetSize",
                 "Packet size, bytes (> 0): C in packets/s = linkRate / 8 / size",
                 m_packetSize);
    cmd.AddValue("flows", "N-, the fewest TCP flows the design must hold (> 0)", m_flows);
    cmd.AddValue("rtt", "R+, the longest round-trip time, s (> 0)", m_rtt);
    cmd.AddValue("crossover",
                 "Crossover frequency omega_g, rad/s (> 0; 0: the TCP pole 2N-/(R+^2 C))",
                 m_crossover);
    cmd.AddValue("samplingFrequency",
                 "Sampling frequency w of the controller, Hz (>= z/2)",
                 m_samplingFrequency);
}

void
PiDesignScenario::Check()
{
    // PiDesign checks the others, naming them.
    Require(m_packetSize > 0, "packetSize", m_packetSize, "zero", "> 0 bytes");
    Require(m_crossover >= 0 && std::isfinite(m_crossover),
            "crossover",
            m_crossover,
            "negative or not finite",
            ">= 0 rad/s (0: the TCP pole)");
}

bool
PiDesignScenario::IsModelOnly() const
{
    return true;
}

std::vector<double>
PiDesignScenario::RunPoint(std::size_t /* point */)
{
    const double capacity = m_linkMbps * 1e6 / (8.0 * m_packetSize);
    const PiDesign design(capacity, m_flows, m_rtt);
    m_controller = m_crossover > 0 ? design.GetController(m_crossover) : design.GetController();
    m_coefficients =
        PiDesign::Discretize(m_controller.gain, m_controller.zero, m_samplingFrequency);
    return {};
}

int
PiDesignScenario::Evaluate(const std::vector<std::vector<double>>& /* results */, std::ostream& os)
{
    const double capacity = m_linkMbps * 1e6 / (8.0 * m_packetSize);
    const double degrees = 45 / std::atan(1.0);
    const PiDesign::Controller& c = m_controller;
    os << "PI controller design rule (Hollot, Misra, Towsley, Gong 2001)\n"
       << "C = " << capacity << " packets/s (" << m_linkMbps << " Mb/s, " << m_packetSize
       << "-byte packets), N- = " << m_flows << ", R+ = " << m_rtt << " s\n\n";
    const std::streamsize precision = os.precision(6);
    os << "1. zero at the TCP pole:     z = 2N-/(R+^2 C) = " << c.zero << " rad/s"
       << "  (queue pole 1/R+ = " << c.queuePole << " rad/s)\n"
       << "2. unit loop gain at omega_g = " << c.crossover << " rad/s"
       << (m_crossover > 0 ? "" : " (the TCP pole)") << ":\n"
       << "   K = omega_g sqrt(1 + (omega_g R+)^2) (2N-)^2 / (R+ C)^3 = " << c.gain
       << "  ->  C(s) = " << c.gain << " (s/" << c.zero << " + 1) / s\n"
       << "   phase margin pi/2 - omega_g R+ - arctan(omega_g R+) = " << c.phaseMargin * degrees
       << " degrees\n"
       << "3. sampled at w = " << m_coefficients.samplingFrequency << " Hz (bilinear):\n"
       << "   A = K/z + K/(2w) = " << m_coefficients.a << " per packet\n"
       << "   B = K/z - K/(2w) = " << m_coefficients.b << " per packet\n\n"
       << "PiQueueDisc: --ns3::PiQueueDisc::A=" << m_coefficients.a
       << " --ns3::PiQueueDisc::B=" << m_coefficients.b
       << " --ns3::PiQueueDisc::SamplingFrequency=" << m_coefficients.samplingFrequency << '\n'
       << "(ns-2's defaults, the paper's C(s) = 9.6438e-6 (s/0.53 + 1)/s at 160 Hz: A = 1.822e-5, "
          "B = 1.816e-5)\n";
    os.precision(precision);
    return 0;
}

} // namespace ns3
