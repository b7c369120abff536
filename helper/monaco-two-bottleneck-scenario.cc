/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-two-bottleneck-scenario.h"

#include "ns3/command-line.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

MonacoTwoBottleneckScenario::MonacoTwoBottleneckScenario()
    : PhasedScenario("monaco-two-bottleneck",
                     "Monaco paper §V-C (Fig. 11): two 1 Mb/s bottlenecks, a short flow on each, "
                     "long flows join and leave; per-phase model (proportional fairness) vs "
                     "simulation.",
                     Seconds(80),
                     Seconds(10))
{
}

void
MonacoTwoBottleneckScenario::AddOptions(CommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("buffer",
                 "Each bottleneck's data buffer, packets (the paper does not say; 100 holds the "
                 "model's queues of 3 to 6 packets with room to spare)",
                 m_buffer);
}

std::string
MonacoTwoBottleneckScenario::GetText(uint32_t buffer)
{
    if (buffer < 1)
    {
        throw std::invalid_argument("--buffer=0: no room for a packet; valid: >= 1 packets");
    }
    // Round trips: a short flow 2 x (1 + 20 + 1) = 44 ms, a long one 2 x (1 + 40 + 1) = 84 ms.
    std::ostringstream os;
    os << "set packetSize=1000 accessRate=10Mbps sinkAccessDelay=1ms startJitter=10ms\n";
    for (const char* link : {"L1 R1 R2", "L2 R2 R3"})
    {
        os << "link " << link
           << " rate=1Mbps delay=20ms queue=ns3::PriorityObQueueDisc buffer=" << buffer << "\n";
    }
    os << "class short1 flows=1 route=L1 rtt=44ms tcp=ns3::TcpMonaco\n"
       << "class short2 flows=1 route=L2 rtt=44ms tcp=ns3::TcpMonaco\n"
       << "class longA flows=1 route=L1,L2 rtt=84ms start=20s stop=60s tcp=ns3::TcpMonaco\n"
       << "class longB flows=1 route=L1,L2 rtt=84ms start=40s stop=80s tcp=ns3::TcpMonaco\n";
    return os.str();
}

NetworkDescription
MonacoTwoBottleneckScenario::Describe(std::size_t /* run */) const
{
    std::istringstream in(GetText(m_buffer));
    return NetworkDescription::Parse(in, GetName());
}

std::string
MonacoTwoBottleneckScenario::GetTitle(std::size_t /* run */) const
{
    return "Monaco, two bottlenecks (paper §V-C, Fig. 11): 1 Mb/s, 20 ms each, buffer " +
           std::to_string(m_buffer) + " packets";
}

} // namespace ns3
