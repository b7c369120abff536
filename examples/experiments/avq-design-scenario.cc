/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "avq-design-scenario.h"

#include "design-link-options.h"

#include "ns3/avq-queue-disc.h"
#include "ns3/command-line.h"

#include <cmath>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// Print the gains and omega at \p point, indented. \param os the stream
void
PrintPoint(std::ostream& os, const AvqDesign::Point& point)
{
    os << "    K11 = " << point.gains.k11 << " 1/s,  K12 = " << point.gains.k12
       << " 1/s,  K2 = " << point.gains.k2 << " 1/s\n"
       << "    omega = " << point.omega << " rad/s,  omega d + arctan(omega/K11) = " << point.phase
       << " rad (pi/2 = " << 2 * std::atan(1.0) << ")\n"
       << "    equilibrium marking probability p* = " << point.gains.markingProbability
       << (point.gains.equilibriumExists
               ? ""
               : "  (>= 1: no equilibrium with C~* > 0; eq. 8 is extrapolated here)")
       << '\n';
}

} // namespace

AvqDesignScenario::AvqDesignScenario()
    : Scenario("avq-design",
               "Prints the AVQ design rule: d* for --alpha (Theorem 3) and alpha* for --delay "
               "(Theorems 1 and 4). Defaults: the paper's Examples 1 and 2.")
{
}

void
AvqDesignScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("linkRate", "Link capacity C, Mb/s (> 0)", m_linkMbps);
    cmd.AddValue("packetSize",
                 "Packet size, bytes (> 0): C in packets/s = linkRate / 8 / size",
                 m_packetSize);
    cmd.AddValue("flows", "Number of TCP flows N (> 0)", m_flows);
    cmd.AddValue("utilization", "Desired utilization gamma, in (0, 1]", m_utilization);
    cmd.AddValue("alpha", "Damping factor alpha for which d* is computed (> 0)", m_alpha);
    cmd.AddValue("delay", "Round-trip delay d for which alpha* is computed, s (> 0)", m_delay);
    cmd.AddValue("beta", "beta of the TCP model (eq. 2), in (0, 1); the paper uses 2/3", m_beta);
}

void
AvqDesignScenario::Check()
{
    // Each option in its own range, so that an error names the option at fault (AvqDesign's
    // own checks name its parameters); --utilization and --alpha in AvqQueueDisc's ranges.
    const double capacity =
        DesignLinkOptions::Check(m_linkMbps, m_packetSize, m_flows, "delay", m_delay);
    const TypeId avq = AvqQueueDisc::GetTypeId();
    RequireInRange(avq,
                   "DesiredUtilization",
                   m_utilization,
                   FormatOption("utilization", m_utilization),
                   "out of range");
    RequireInRange(avq, "Alpha", m_alpha, FormatOption("alpha", m_alpha), "out of range");
    Require(m_beta > 0 && m_beta < 1, "beta", m_beta, "out of range", "(0, 1)");
    const AvqDesign design(capacity, m_flows, m_utilization, m_beta);
    try
    {
        m_delayStar = design.GetMaxStableDelay(m_alpha);
        m_alphaStar = design.GetMaxStableAlpha(m_delay);
    }
    catch (const std::exception& e)
    {
        // Extreme but valid options may leave the root finder without a bracket.
        std::ostringstream os;
        os << "--linkRate=" << m_linkMbps << " --packetSize=" << m_packetSize
           << " --flows=" << m_flows << " --utilization=" << m_utilization << " --alpha=" << m_alpha
           << " --delay=" << m_delay << " --beta=" << m_beta
           << ": the design rule found no d* or alpha* (" << e.what()
           << "); valid: less extreme options (the paper's: --linkRate=10 --packetSize=1000 "
              "--flows=180 --utilization=1 --delay=0.21)";
        throw std::invalid_argument(os.str());
    }
}

bool
AvqDesignScenario::IsModelOnly() const
{
    return true;
}

std::vector<double>
AvqDesignScenario::RunPoint(std::size_t /* point */)
{
    return {}; // Check() computed the design
}

int
AvqDesignScenario::Evaluate(const std::vector<std::vector<double>>& /* results */, std::ostream& os)
{
    const double capacity = m_linkMbps * 1e6 / (8.0 * m_packetSize);
    os << "AVQ design rule (Kunniyur & Srikant 2001)\n"
       << "C = " << capacity << " packets/s (" << m_linkMbps << " Mb/s, " << m_packetSize
       << "-byte packets), N = " << m_flows << ", gamma = " << m_utilization
       << ", beta = " << m_beta << "\n\n";
    const std::streamsize precision = os.precision(6);
    os << "Theorem 3 (eq. 16): alpha = " << m_alpha << "  ->  d* = " << m_delayStar.delay
       << " s (stable for every d < d*)\n";
    PrintPoint(os, m_delayStar);
    os << "\nTheorems 1/4 (eqs. 6, 19): d = " << m_delay << " s  ->  ";
    if (m_alphaStar.alpha > 0)
    {
        os << "alpha* = " << m_alphaStar.alpha << " (stable for every alpha < alpha*)";
        const double maxAlpha = GetRange(AvqQueueDisc::GetTypeId(), "Alpha").second;
        if (m_alphaStar.alpha > maxAlpha)
        {
            os << "; above AvqQueueDisc::Alpha's largest (" << maxAlpha
               << "): every Alpha it takes is stable";
        }
        os << '\n';
    }
    else
    {
        os << "no alpha > 0 satisfies eq. 19 (even alpha -> 0 gives a phase >= pi/2)" << '\n';
    }
    PrintPoint(os, m_alphaStar);
    os.precision(precision);
    return 0;
}

} // namespace ns3
