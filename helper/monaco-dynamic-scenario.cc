/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-dynamic-scenario.h"

#include "ns3/command-line.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

MonacoDynamicScenario::MonacoDynamicScenario()
    : PhasedScenario("monaco-dynamic",
                     "Monaco paper §V-A (Figs 6-7): three sets of Monaco flows come and go on a "
                     "30 Mb/s bottleneck; per-phase model (weighted PF, queue a* per flow) vs "
                     "simulation.",
                     Seconds(50),
                     Seconds(5))
{
}

void
MonacoDynamicScenario::AddOptions(CommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("buffer",
                 "Bottleneck data buffer, packets (paper: 90, and 55 for the run with loss)",
                 m_buffer);
    cmd.AddValue("aqm", "The data band's discipline: droptail", m_aqm);
}

std::string
MonacoDynamicScenario::GetText(uint32_t buffer, const std::string& aqm)
{
    if (aqm != "droptail")
    {
        throw std::invalid_argument("--aqm=" + aqm + ": unknown; valid: droptail");
    }
    if (buffer < 1)
    {
        throw std::invalid_argument("--buffer=0: no room for a packet; valid: >= 1 packets");
    }
    // One-way propagation delays 4, 9, 14 ms: round trips 8, 18, 28 ms (the source access
    // delay makes up the difference to 1 + 2 + 1 ms).
    std::ostringstream os;
    os << "set packetSize=1000 accessRate=10Mbps sinkAccessDelay=1ms startJitter=10ms\n"
       << "link bottleneck R1 R2 rate=30Mbps delay=2ms queue=ns3::PriorityObQueueDisc buffer="
       << buffer << "\n"
       << "class set1 flows=10 route=bottleneck rtt=8ms start=0s stop=30s tcp=ns3::TcpMonaco\n"
       << "class set2 flows=5 route=bottleneck rtt=18ms start=10s stop=40s tcp=ns3::TcpMonaco\n"
       << "class set3 flows=5 route=bottleneck rtt=28ms start=20s stop=50s tcp=ns3::TcpMonaco\n";
    return os.str();
}

NetworkDescription
MonacoDynamicScenario::Describe(std::size_t /* run */) const
{
    std::istringstream in(GetText(m_buffer, m_aqm));
    return NetworkDescription::Parse(in, GetName());
}

std::string
MonacoDynamicScenario::GetTitle(std::size_t /* run */) const
{
    return "Monaco, dynamic demands (paper §V-A): 30 Mb/s bottleneck, buffer " +
           std::to_string(m_buffer) + " packets, " + m_aqm;
}

} // namespace ns3
