/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-two-bottleneck-scenario.h"

#include "ns3/command-line.h"

#include <array>
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
    EnableFluid();
}

void
MonacoTwoBottleneckScenario::AddOptions(StrictCommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("buffer",
                 "Each bottleneck's data buffer, packets (the paper does not say; 100 holds the "
                 "model's queues of 3 to 6 packets with room to spare)",
                 m_buffer);
}

NetworkDescription
MonacoTwoBottleneckScenario::DescribeNetwork(uint32_t buffer)
{
    if (buffer < 1)
    {
        throw std::invalid_argument("--buffer=0: no room for a packet; valid: >= 1 packets");
    }
    // Round trips: a short flow 2 x (1 + 20 + 1) = 44 ms, a long one 2 x (1 + 40 + 1) = 84 ms.
    NetworkDescription d;
    d.accessRate = DataRate("10Mbps");
    d.startJitter = MilliSeconds(10);
    for (const auto& [name, from, to] : {std::array<const char*, 3>{"L1", "R1", "R2"},
                                         std::array<const char*, 3>{"L2", "R2", "R3"}})
    {
        NetworkDescription::LinkSpec link;
        link.name = name;
        link.from = from;
        link.to = to;
        link.rate = DataRate("1Mbps");
        link.delay = MilliSeconds(20);
        link.queueDisc = "ns3::PriorityObQueueDisc";
        link.bufferPackets = buffer;
        d.links.push_back(link);
    }

    const struct
    {
        const char* name;
        std::vector<std::string> route;
        int64_t rttMs;
        int64_t startS;
        int64_t stopS;
    } classes[] = {{"short1", {"L1"}, 44, 0, 0},
                   {"short2", {"L2"}, 44, 0, 0},
                   {"longA", {"L1", "L2"}, 84, 20, 60},
                   {"longB", {"L1", "L2"}, 84, 40, 80}};

    for (const auto& spec : classes)
    {
        NetworkDescription::ClassSpec c;
        c.name = spec.name;
        c.route = spec.route;
        c.rtt = MilliSeconds(spec.rttMs);
        c.start = Seconds(spec.startS);
        c.stop = Seconds(spec.stopS);
        c.tcp = "ns3::TcpMonaco";
        d.classes.push_back(c);
    }
    d.Validate();
    return d;
}

NetworkDescription
MonacoTwoBottleneckScenario::Describe(std::size_t /* run */) const
{
    return DescribeNetwork(m_buffer);
}

std::string
MonacoTwoBottleneckScenario::GetTitle(std::size_t /* run */) const
{
    return "Monaco, two bottlenecks (paper §V-C, Fig. 11): 1 Mb/s, 20 ms each, buffer " +
           std::to_string(m_buffer) + " packets";
}

} // namespace ns3
