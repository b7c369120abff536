/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pi-design-scenario.h"

#include "design-link-options.h"

#include "ns3/command-line.h"
#include "ns3/pi-queue-disc.h"

#include <cmath>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Smallest --crossover but 0, rad/s.
constexpr double MIN_CROSSOVER = 1e-9;
/// Largest --crossover, rad/s.
constexpr double MAX_CROSSOVER = 1e9;
} // namespace

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
    CheckOptions();
    const PiDesign design(GetCapacity(), m_flows, m_rtt);
    m_controller = m_crossover > 0 ? design.GetController(m_crossover) : design.GetController();
    const double zero = m_controller.zero;
    const TypeId pi = PiQueueDisc::GetTypeId();
    const double maxFrequency = GetRange(pi, "SamplingFrequency").second;
    std::ostringstream options;
    options << "--flows=" << m_flows << " --rtt=" << m_rtt << " --linkRate=" << m_linkMbps
            << " --packetSize=" << m_packetSize;
    if (!(zero / 2 <= maxFrequency))
    {
        std::ostringstream os;
        os << options.str() << ": the TCP pole z = 2N-/(R+^2 C) = " << zero
           << " rad/s needs a sampling frequency >= z/2, above PiQueueDisc::SamplingFrequency's "
           << "largest (" << maxFrequency << " Hz); valid: z <= " << 2 * maxFrequency
           << " rad/s (fewer flows, a longer RTT or a faster link)";
        throw std::invalid_argument(os.str());
    }
    if (!(m_samplingFrequency >= zero / 2))
    {
        std::ostringstream valid;
        valid << ">= z/2 = " << zero / 2
              << " Hz, z = 2N-/(R+^2 C) from --flows, --rtt, --linkRate and --packetSize "
                 "(below it B = K/z - K/(2w) < 0)";
        Require(false, "samplingFrequency", m_samplingFrequency, "too low", valid.str());
    }
    // The printed gains are PiQueueDisc's attribute values: each within the attribute's range.
    options << " --crossover=" << m_crossover << " --samplingFrequency=" << m_samplingFrequency;
    const std::string grows =
        " is outside PiQueueDisc's range (A and B are about K/z, which grows "
        "with --flows and --crossover and shrinks as --rtt or --linkRate grow "
        "or --packetSize falls)";
    const double k = m_controller.gain;
    const double a = k / zero + k / (2 * m_samplingFrequency);
    std::ostringstream why;
    why << "A = K/z + K/(2w) = " << a << grows;
    RequireInRange(pi, "A", a, options.str(), why.str());
    m_coefficients = PiDesign::Discretize(k, zero, m_samplingFrequency);
    why.str("");
    why << "B = K/z - K/(2w) = " << m_coefficients.b << grows;
    RequireInRange(pi, "B", m_coefficients.b, options.str(), why.str());
}

void
PiDesignScenario::CheckOptions() const
{
    // Each option in its own range first, so that an error names the option at fault.
    DesignLinkOptions::Check(m_linkMbps, m_packetSize, m_flows, "rtt", m_rtt);
    // N- counts flows (avq-design's N is the model's, a real number: its Example 2 is 172.34).
    Require(m_flows == std::floor(m_flows),
            "flows",
            m_flows,
            "not a whole number of flows",
            "a whole number, 1 to 1e6");
    Require((m_crossover == 0 || (m_crossover >= MIN_CROSSOVER && m_crossover <= MAX_CROSSOVER)) &&
                std::isfinite(m_crossover),
            "crossover",
            m_crossover,
            "out of range",
            "0 (the TCP pole) or 1e-9 to 1e9 rad/s");
    RequireInRange(PiQueueDisc::GetTypeId(),
                   "SamplingFrequency",
                   m_samplingFrequency,
                   FormatOption("samplingFrequency", m_samplingFrequency),
                   "out of range",
                   " Hz");
}

double
PiDesignScenario::GetCapacity() const
{
    return DesignLinkOptions::Check(m_linkMbps, m_packetSize, m_flows, "rtt", m_rtt);
}

bool
PiDesignScenario::IsModelOnly() const
{
    return true;
}

std::vector<double>
PiDesignScenario::RunPoint(std::size_t /* point */)
{
    return {}; // Check() designed the controller
}

int
PiDesignScenario::Evaluate(const std::vector<std::vector<double>>& /* results */, std::ostream& os)
{
    const double capacity = GetCapacity();
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
