/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-web-scenario.h"

#include "network-helper.h"
#include "testbed-report.h"

#include "ns3/command-line.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

MonacoWebScenario::MonacoWebScenario()
    : PhasedScenario("monaco-web",
                     "Monaco paper §V-B (Fig. 10): two long and three sets of short Monaco flows "
                     "over three 100 Mb/s bottlenecks (AVD, DropTail, DropTail), web traffic from "
                     "--webStart; per-phase model (proportional fairness, web traffic left out) "
                     "vs simulation.",
                     Seconds(50),
                     Seconds(3))
{
}

void
MonacoWebScenario::AddOptions(CommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("webStart",
                 "When the web traffic starts, time in (0, duration) (paper: 30 s)",
                 m_webStart);
    cmd.AddValue("connections",
                 "Web sessions in all, split over two classes of 25 hosts, in [50, 100000] "
                 "(paper: 1000)",
                 m_connections);
    cmd.AddValue("buffer",
                 "Each bottleneck's data buffer, packets, >= 1 (the paper says \"enough\"; 500 "
                 "holds the Monaco flows' model queues of at most 12 packets and the web "
                 "bursts)",
                 m_buffer);
    cmd.AddValue("webFields",
                 "Fields added to both web classes (the testbed's text format, e.g. \"size=4 "
                 "sizeDistribution=exponential think=1s\"; default: none, SURGE's laws)",
                 m_webFields);
}

std::string
MonacoWebScenario::GetText(uint32_t buffer,
                           Time duration,
                           Time webStart,
                           uint32_t connections,
                           const std::string& webFields)
{
    Require(buffer >= 1, "buffer", buffer, "no room for a packet", ">= 1 packets");
    Require(duration.IsStrictlyPositive(), "duration", duration.As(Time::S), "not > 0", "> 0");
    Require(webStart.IsStrictlyPositive() && webStart < duration,
            "webStart",
            webStart.As(Time::S),
            "not within the run",
            "in (0, duration)");
    Require(connections >= 2 * WEB_HOSTS && connections <= 2 * NetworkDescription::MAX_CONNECTIONS,
            "connections",
            connections,
            "out of range",
            "50..200000 (at least one session per web host)");
    const std::string bottleneck = "rate=100Mbps delay=10ms queue=ns3::PriorityObQueueDisc";
    std::ostringstream os;
    // Round trips: long flows 2 x (1 + 3 x 10 + 1) = 64 ms, short ones 2 x (1 + 10 + 1) = 24 ms;
    // web hosts 2 x (access + 2 x 10 + 1) with access 1..100 ms: 44..242 ms.
    os << "set packetSize=1000 accessRate=1Gbps sinkAccessDelay=1ms startJitter=3s\n"
       << "link L1 R1 R2 " << bottleneck
       << " queue.class0=ns3::AvdQueueDisc queue.class0.MaxSize=" << buffer
       << "p queue.class0.LinkBandwidth=100Mbps queue.class0.DesiredUtilization=" << AVD_GAMMA
       << "\n"
       << "link L2 R2 R3 " << bottleneck << " buffer=" << buffer << "\n"
       << "link L3 R3 R4 " << bottleneck << " buffer=" << buffer << "\n"
       << "class long1 flows=1 route=L1,L2,L3 rtt=64ms tcp=ns3::TcpMonaco\n"
       << "class long2 flows=1 route=L1,L2,L3 rtt=64ms start=" << (duration * 2 / 5).As(Time::S)
       << " stop=" << (duration * 4 / 5).As(Time::S) << " tcp=ns3::TcpMonaco\n";
    for (int i = 1; i <= 3; ++i)
    {
        os << "class short" << i << " flows=2 route=L" << i << " rtt=24ms tcp=ns3::TcpMonaco\n";
    }
    const uint32_t first = (connections + 1) / 2;
    os << "class web1 flows=" << WEB_HOSTS
       << " route=L1,L2 rtt=44ms..242ms traffic=web connections=" << first
       << " start=" << webStart.As(Time::S) << " " << webFields << "\n"
       << "class web2 flows=" << WEB_HOSTS
       << " route=L2,L3 rtt=44ms..242ms traffic=web connections=" << connections - first
       << " start=" << webStart.As(Time::S) << " " << webFields << "\n";
    return os.str();
}

NetworkDescription
MonacoWebScenario::Describe(std::size_t /* run */) const
{
    std::istringstream in(GetText(m_buffer, GetDuration(), m_webStart, m_connections, m_webFields));
    return NetworkDescription::Parse(in, GetName());
}

void
MonacoWebScenario::AddRows(ComparisonTable& table,
                           const NetworkHelper& helper,
                           const TestbedReport::PeriodModels& models,
                           std::size_t /* run */)
{
    // The duality model has no web traffic: these rows have no model value.
    for (std::size_t k = 0; k < helper.GetMonitor().GetPeriodCount(); ++k)
    {
        if (helper.GetMonitor().GetPeriodWindow(k).first < m_webStart)
        {
            continue; // no web traffic yet (the web hosts start at once: no start jitter)
        }
        for (const char* web : {"web1", "web2"})
        {
            const TestbedMonitor::ShortFlowMeasurement m =
                helper.GetMonitor().GetShortFlowMeasurement(web, k);
            const std::string entity =
                std::string(web) + " " + TestbedReport::GetPeriodLabel(models[k]);
            table.Add("web objects completed (objects)", entity, std::nan(""), m.completed);
            table.Add("web pages completed (pages)", entity, std::nan(""), m.pages);
            table.Add("web object completion time, mean (ms)",
                      entity,
                      std::nan(""),
                      m.meanCompletionMs);
        }
    }
}

std::string
MonacoWebScenario::GetTitle(std::size_t /* run */) const
{
    std::ostringstream os;
    os << "Monaco with web traffic (paper §V-B, Fig. 10): L1 AVD (gamma " << AVD_GAMMA
       << "), L2 and L3 DropTail, 100 Mb/s and 10 ms each, buffer " << m_buffer << " packets, "
       << m_connections << " web sessions from " << m_webStart.GetSeconds() << " s"
       << (m_webFields.empty() ? "" : " (" + m_webFields + ")");
    return os.str();
}

} // namespace ns3
