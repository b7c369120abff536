/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-web-scenario.h"

#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/network-description-parser.h"
#include "ns3/network-helper.h"
#include "ns3/queue-size.h"
#include "ns3/testbed-report.h"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <vector>

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
    EnableFluid();
}

void
MonacoWebScenario::AddOptions(StrictCommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("webStart",
                 "When the web traffic starts, time in (0, duration) (paper: 30 s)",
                 m_webStart);
    cmd.AddValue("connections",
                 "Web sessions (SURGE's user equivalents, each with at most one connection "
                 "open) in all, split over two classes of 25 hosts, in [50, 100000] (the "
                 "paper's \"one thousand web connections\": 1000)",
                 m_connections);
    cmd.AddValue("buffer",
                 "Each bottleneck's data buffer, packets, >= 1 (the paper says \"enough\"; 500 "
                 "holds the Monaco flows' model queues of at most 12 packets and the web "
                 "bursts)",
                 m_buffer);
    cmd.AddValue("webFields",
                 "Fields added to both web classes (the testbed's text format, e.g. "
                 "\"sizeDistribution=pareto size=12 paretoShape=1.2 think=1s\"; default: none, "
                 "SURGE's laws with its lognormal-Pareto file sizes)",
                 m_webFields);
    cmd.AddValue("bottleneckDelay",
                 "Each bottleneck's one-way propagation delay, in [0, 1 s] (the paper's figure "
                 "with the delays is not in its text; default 4 ms, its Fig. 9 network's)",
                 m_bottleneckDelay);
    cmd.AddValue("accessRate",
                 "Every access link's rate (paper: 1 Gb/s), in [1 Mb/s, 10 Gb/s]",
                 m_accessRate);
    cmd.AddValue("avd",
                 "Whether L1's data band is AVD (paper: true); false: a FIFO like L2 and L3",
                 m_avd);
}

NetworkDescription
MonacoWebScenario::DescribeNetwork(uint32_t buffer,
                                   Time duration,
                                   Time webStart,
                                   uint32_t connections,
                                   const Links& links,
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
    Require(!links.delay.IsNegative() && links.delay <= Seconds(1),
            "bottleneckDelay",
            links.delay.As(Time::S), // in the unit of a bare number, as the user typed it
            "out of range",
            "0..1 s");
    Require(links.accessRate.GetBitRate() >= 1000000 &&
                links.accessRate.GetBitRate() <= 10000000000ULL,
            "accessRate",
            links.accessRate,
            "out of range",
            "1 Mb/s .. 10 Gb/s");
    NetworkDescription d;
    d.accessRate = links.accessRate;
    d.startJitter = Seconds(3);
    for (uint32_t l = 1; l <= 3; ++l)
    {
        NetworkDescription::LinkSpec link;
        link.name = "L" + std::to_string(l);
        link.from = "R" + std::to_string(l);
        link.to = "R" + std::to_string(l + 1);
        link.rate = DataRate("100Mbps");
        link.delay = links.delay;
        link.queueDisc = "ns3::PriorityObQueueDisc";
        if (l == 1 && links.avd)
        {
            NetworkDescription::QueueDiscSpec avd;
            avd.type = "ns3::AvdQueueDisc";
            avd.Set("DesiredUtilization", DoubleValue(AVD_GAMMA))
                .Set("LinkBandwidth", DataRateValue(link.rate))
                .Set("MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, buffer)));
            link.queueClasses.push_back(avd);
        }
        else
        {
            link.bufferPackets = buffer;
        }
        d.links.push_back(link);
    }
    // Round trips (d = 4 ms by default): long flows 2 x (1 + 3d + 1) = 28 ms, short ones
    // 2 x (1 + d + 1) = 12 ms; web hosts 2 x (access + 2d + 1) with access 1..100 ms: 20..218 ms.
    AddMonacoClasses(d, duration, links.delay);
    const uint32_t first = (connections + 1) / 2;
    AddWebClass(d, "web1", {"L1", "L2"}, first, webStart, webFields, links.delay);
    AddWebClass(d, "web2", {"L2", "L3"}, connections - first, webStart, webFields, links.delay);
    d.Validate();
    return d;
}

void
MonacoWebScenario::AddMonacoClasses(NetworkDescription& d, Time duration, Time delay)
{
    const struct
    {
        const char* name;
        uint32_t flows;
        std::vector<std::string> route;
    } classes[] = {{"long1", 1, {"L1", "L2", "L3"}},
                   {"long2", 1, {"L1", "L2", "L3"}},
                   {"short1", 2, {"L1"}},
                   {"short2", 2, {"L2"}},
                   {"short3", 2, {"L3"}}};

    for (const auto& spec : classes)
    {
        NetworkDescription::ClassSpec c;
        c.name = spec.name;
        c.flows = spec.flows;
        c.route = spec.route;
        // Two 1 ms access links and the route's bottlenecks, both ways.
        c.rtt = 2 * (MilliSeconds(2) + delay * static_cast<int64_t>(spec.route.size()));
        c.tcp = "ns3::TcpMonaco";
        if (c.name == "long2")
        {
            c.start = duration * 2 / 5;
            c.stop = duration * 4 / 5;
        }
        d.classes.push_back(c);
    }
}

void
MonacoWebScenario::AddWebClass(NetworkDescription& d,
                               const std::string& name,
                               const std::vector<std::string>& route,
                               uint32_t connections,
                               Time start,
                               const std::string& webFields,
                               Time delay)
{
    NetworkDescription::ClassSpec c;
    c.name = name;
    c.flows = WEB_HOSTS;
    c.route = route;
    // 2 x (access 1..100 ms + two bottlenecks + the 1 ms sink link)
    c.rtt = 2 * (MilliSeconds(1 + 1) + 2 * delay);
    c.rttMax = 2 * (MilliSeconds(100 + 1) + 2 * delay);
    c.start = start;
    // The text format's web laws (SURGE's, NewReno) with SURGE's file sizes: the lognormal body
    // and Pareto tail (the parser's defaults for sizeDistribution=lognormal-pareto). The Pareto
    // fields keep the text format's web defaults for --webFields="sizeDistribution=pareto".
    c.traffic = NetworkDescription::Traffic::WEB;
    c.connections = connections;
    c.tcp = "ns3::TcpNewReno";
    c.meanSize = NetworkDescription::WEB_SIZE;
    c.paretoShape = NetworkDescription::WEB_SIZE_SHAPE;
    c.sizeDistribution = NetworkDescription::SizeDistribution::LOGNORMAL_PARETO;
    NetworkDescriptionParser::ParseClassFields(webFields, "--webFields", c);
    d.classes.push_back(c);
}

NetworkDescription
MonacoWebScenario::Describe(std::size_t /* run */) const
{
    // DescribeNetwork() checks it too; here the option the user typed is named.
    RequirePair(m_webStart.IsStrictlyPositive() && m_webStart < GetDuration(),
                "webStart",
                m_webStart.As(Time::S),
                "not within the run",
                "duration",
                GetDuration().As(Time::S),
                "in (0, duration)");
    return DescribeNetwork(m_buffer,
                           GetDuration(),
                           m_webStart,
                           m_connections,
                           {m_bottleneckDelay, m_accessRate, m_avd},
                           m_webFields);
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
            // The load the web traffic took: the bytes of the objects completed in the window
            // (a large object counts whole in the window it completes in).
            const std::pair<Time, Time> window = helper.GetMonitor().GetPeriodWindow(k);
            table.Add("web objects completed, bytes per second (Mb/s)",
                      entity,
                      std::nan(""),
                      m.completedBytes * 8e-6 / (window.second - window.first).GetSeconds());
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
    os << "Monaco with web traffic (paper §V-B, Fig. 10): L1 ";
    if (m_avd)
    {
        os << "AVD (gamma " << AVD_GAMMA << ")";
    }
    else
    {
        os << "DropTail";
    }
    os << ", L2 and L3 DropTail, 100 Mb/s and " << m_bottleneckDelay.GetMilliSeconds()
       << " ms each, buffer " << m_buffer << " packets, access " << m_accessRate.GetBitRate() / 1e6
       << " Mb/s, " << m_connections << " web sessions from " << m_webStart.GetSeconds() << " s"
       << (m_webFields.empty() ? "" : " (" + m_webFields + ")");
    return os.str();
}

std::vector<OwnedAttributes::Entry>
MonacoWebScenario::GetOwnedAttributes() const
{
    return {{"ns3::AvdQueueDisc::DesiredUtilization", "nothing: the paper's 0.98"},
            {"ns3::AvdQueueDisc::LinkBandwidth", "nothing: the link's 100 Mb/s"},
            {"ns3::AvdQueueDisc::MaxSize", "--buffer"},
            {"ns3::PriorityObQueueDisc::MaxSize", "--buffer"}};
}

} // namespace ns3
