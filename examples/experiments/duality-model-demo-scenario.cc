/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "duality-model-demo-scenario.h"

#include "ns3/algorithm-traits.h"
#include "ns3/command-line.h"

#include <iomanip>
#include <ostream>
#include <string>

namespace ns3
{

namespace
{
/// The classes.
const std::vector<std::string> NAMES{"1a", "2a", "3a", "4a", "5a", "6a"};
/// Their routes.
const std::vector<std::vector<std::string>> ROUTES{{"LA", "SF"},
                                                   {"SF", "CH"},
                                                   {"LA"},
                                                   {"SF"},
                                                   {"CH"},
                                                   {"LA", "SF", "CH"}};
/// Most flows per class (the model of 6 x 10000 flows solves in well under a second).
constexpr uint32_t MAX_FLOWS_PER_CLASS = 10000;
/// Largest --backbone, Gb/s (1 Tb/s, the testbed's largest rate).
constexpr double MAX_BACKBONE_GBPS = 1000;
/// Largest --packetSize, bytes (an IPv4 packet's).
constexpr uint32_t MAX_PACKET_SIZE = 65535;
/// Largest --alphaTimeUnit, ms (the testbed's largest time).
constexpr double MAX_ALPHA_TIME_UNIT_MS = 1e9;
/// The paper's baseRTTs (propagation plus the transmission of a packet and its ACK), s.
const std::vector<double> BASE_RTTS{0.07517, 0.08017, 0.01517, 0.06017, 0.02017, 0.10018};
} // namespace

DualityModelDemoScenario::DualityModelDemoScenario()
    : Scenario("duality-model-demo",
               "Prints the duality model's equilibrium of the Vegas paper's six-class network.")
{
}

void
DualityModelDemoScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("fairness",
                 "pf: alpha in packets per RTT (proportionally fair); "
                 "wpf: alpha in packets per alphaTimeUnit (weighted PF)",
                 m_fairness);
    cmd.AddValue("flowsPerClass", "Flows in each class (>= 1)", m_flowsPerClass);
    cmd.AddValue("backbone",
                 "Capacity of each backbone link LA, SF, CH, Gb/s (> 0)",
                 m_backboneGbps);
    cmd.AddValue("packetSize", "Packet size, bytes (> 0)", m_packetSize);
    cmd.AddValue("alpha", "Vegas alpha, packets (> 0)", m_alpha);
    cmd.AddValue("alphaTimeUnit",
                 "With --fairness=wpf, alpha's time unit, ms (> 0)",
                 m_alphaTimeUnitMs);
}

void
DualityModelDemoScenario::Check()
{
    Require(m_fairness == "pf" || m_fairness == "wpf",
            "fairness",
            m_fairness,
            "no such fairness",
            "pf or wpf");
    Require(m_flowsPerClass >= 1 && m_flowsPerClass <= MAX_FLOWS_PER_CLASS,
            "flowsPerClass",
            m_flowsPerClass,
            "out of range",
            "1 to " + std::to_string(MAX_FLOWS_PER_CLASS) + " flows per class");
    // Each option named here: DualityModel's own errors name its parameters, not the options.
    Require(m_backboneGbps > 0 && m_backboneGbps <= MAX_BACKBONE_GBPS,
            "backbone",
            m_backboneGbps,
            "out of range",
            "(0, 1000] Gb/s");
    Require(m_packetSize >= 1 && m_packetSize <= MAX_PACKET_SIZE,
            "packetSize",
            m_packetSize,
            "out of range",
            "1 to 65535 bytes");
    Require(m_alpha > 0 && m_alpha <= AlgorithmTraits::MAX_ALPHA,
            "alpha",
            m_alpha,
            "out of range",
            "(0, 1000] packets");
    Require(m_alphaTimeUnitMs > 0 && m_alphaTimeUnitMs <= MAX_ALPHA_TIME_UNIT_MS,
            "alphaTimeUnit",
            m_alphaTimeUnitMs,
            "out of range",
            "(0, 1e9] ms");
}

bool
DualityModelDemoScenario::IsModelOnly() const
{
    return true;
}

std::vector<double>
DualityModelDemoScenario::RunPoint(std::size_t /* point */)
{
    // DualityModel throws std::invalid_argument for a bad capacity, size or weight.
    for (const char* link : {"LA", "SF", "CH"})
    {
        m_model.AddLinkBps(link, m_backboneGbps * 1e9, m_packetSize);
    }
    for (std::size_t k = 0; k < NAMES.size(); ++k)
    {
        const double weight =
            m_fairness == "pf" ? m_alpha : m_alpha * BASE_RTTS[k] / (m_alphaTimeUnitMs / 1000);
        for (uint32_t i = 0; i < m_flowsPerClass; ++i)
        {
            m_model.AddSourceByLinkNames(NAMES[k], ROUTES[k], BASE_RTTS[k], weight);
        }
    }
    m_solution = m_model.Solve();
    return {};
}

int
DualityModelDemoScenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                                   std::ostream& os)
{
    const DualityModel::Solution& sol = m_solution;
    const double kiloBytesPerPacket = m_packetSize / 1000.0;
    os << "Duality model, six-class network, " << (m_fairness == "pf" ? "PF" : "WPF") << ", "
       << m_flowsPerClass << " flows per class, backbone " << m_backboneGbps << " Gb/s\n"
       << "(KKT residual " << sol.kktResidual << ", " << sol.iterations << " Newton iterations, "
       << (sol.converged ? "converged" : "NOT converged") << ")\n\n";
    const std::ios::fmtflags flags = os.flags();
    const std::streamsize precision = os.precision();
    os << std::fixed << std::setprecision(2);
    os << std::left << std::setw(7) << "class" << std::setw(11) << "route" << std::right
       << std::setw(14) << "baseRTT (ms)" << std::setw(12) << "RTT (ms)" << std::setw(16)
       << "rate (KB/s)" << std::setw(14) << "cwnd (pkts)" << '\n';
    for (std::size_t k = 0; k < NAMES.size(); ++k)
    {
        const DualityModel::SourceResult& r = sol.sources[k * m_flowsPerClass];
        std::string route;
        for (const std::string& link : ROUTES[k])
        {
            route += (route.empty() ? "" : "+") + link;
        }
        os << std::left << std::setw(7) << NAMES[k] << std::setw(11) << route << std::right
           << std::setw(14) << r.baseRtt * 1000 << std::setw(12) << r.rtt * 1000 << std::setw(16)
           << r.rate * kiloBytesPerPacket << std::setw(14) << r.window << '\n';
    }
    os << '\n'
       << std::left << std::setw(7) << "link" << std::right << std::setw(14) << "queue (pkts)"
       << std::setw(16) << "price (ms)" << std::setw(14) << "utilization" << '\n';
    for (std::size_t l = 0; l < sol.links.size(); ++l)
    {
        os << std::left << std::setw(7) << m_model.GetLinks()[l].name << std::right << std::setw(14)
           << sol.links[l].backlog << std::setw(16) << sol.links[l].price * 1000 << std::setw(14)
           << sol.links[l].utilization << '\n';
    }
    os.flags(flags);
    os.precision(precision);
    return sol.converged ? 0 : 1;
}

} // namespace ns3
