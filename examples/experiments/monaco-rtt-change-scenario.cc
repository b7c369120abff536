/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-rtt-change-scenario.h"

#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-helper.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <array>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// A run.
struct Run
{
    const char* name; //!< name, as DescribeNetwork() takes it
};

/// The three runs of Fig. 5: Vegas with eps1 = 1, eps2 = 3 packets (the paper's), Vegas-k, Monaco.
const std::array<Run, 3> RUNS{{{"vegas"}, {"vegas-k"}, {"monaco"}}};

/// Link samples for the recovery time.
const Time SAMPLE_INTERVAL = MilliSeconds(100);
/// The recovery: utilization over this window...
const Time RECOVERY_WINDOW = Seconds(1);
/// ...at least this.
constexpr double RECOVERY_UTILIZATION = 0.95;
} // namespace

MonacoRttChangeScenario::MonacoRttChangeScenario()
    : PhasedScenario("monaco-rtt-change",
                     "Monaco paper §IV-C (Fig. 5): the bottleneck's propagation delay goes from "
                     "12 ms to 52 ms; Vegas, Vegas-k and Monaco, model vs simulation per phase "
                     "and the time each takes to use the link again.",
                     Seconds(40),
                     Seconds(5))
{
    EnableFluid();
}

void
MonacoRttChangeScenario::AddOptions(StrictCommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("flows", "Flows (the paper does not say; >= 1)", m_flows);
    cmd.AddValue("buffer", "Bottleneck data buffer, packets (the paper does not say)", m_buffer);
    cmd.AddValue("change", "When the delay changes from 12 to 52 ms (paper: 10s)", m_change);
}

NetworkDescription
MonacoRttChangeScenario::DescribeNetwork(const std::string& run,
                                         uint32_t flows,
                                         uint32_t buffer,
                                         Time change)
{
    if (run != "vegas" && run != "vegas-k" && run != "monaco")
    {
        throw std::invalid_argument("MonacoRttChangeScenario: run '" + run +
                                    "' unknown; valid: vegas, vegas-k, monaco");
    }
    if (flows < 1 || buffer < 1)
    {
        throw std::invalid_argument(std::string(flows < 1 ? "--flows" : "--buffer") +
                                    "=0: nothing to simulate; valid: >= 1");
    }
    // Round trip 2 x (1 + 12 + 1) = 28 ms before the change, 108 ms after.
    DumbbellDescription::Parameters p;
    p.startJitter = MilliSeconds(10);
    p.rate = DataRate("10Mbps");
    p.delay = MilliSeconds(12);
    p.bufferPackets = buffer;
    p.queue.type = "ns3::PriorityObQueueDisc";
    NetworkDescription d = DumbbellDescription::Create(p);
    NetworkDescription::ClassSpec& c =
        DumbbellDescription::AddClass(d, "flows", flows, MilliSeconds(28));
    if (run == "monaco")
    {
        c.tcp = "ns3::TcpMonaco";
    }
    else
    {
        c.SetTcpKeyword("alpha", 1.0).SetTcpKeyword("beta", 3.0);
    }
    if (run == "vegas-k")
    {
        c.SetTcpAttribute("BaseRttEstimator", StringValue("MinOfLastK"))
            .SetTcpAttribute("BaseRttWindow", UintegerValue(10));
    }
    NetworkDescription::EventSpec e;
    e.at = change;
    e.link = p.name;
    e.setDelay = true;
    e.delay = MilliSeconds(52);
    d.events.push_back(e);
    d.Validate();
    return d;
}

std::size_t
MonacoRttChangeScenario::GetRunCount() const
{
    return RUNS.size();
}

std::string
MonacoRttChangeScenario::GetRunName(std::size_t run) const
{
    return RUNS.at(run).name;
}

NetworkDescription
MonacoRttChangeScenario::Describe(std::size_t run) const
{
    RequirePair(m_change.IsStrictlyPositive() && m_change < GetDuration(),
                "change",
                m_change.As(Time::S),
                "outside the run",
                "duration",
                GetDuration().As(Time::S),
                "in (0, duration)");
    return DescribeNetwork(RUNS.at(run).name, m_flows, m_buffer, m_change);
}

std::string
MonacoRttChangeScenario::GetTitle(std::size_t run) const
{
    std::ostringstream os;
    os << RUNS.at(run).name << ", propagation delay 12 -> 52 ms at " << m_change.GetSeconds()
       << " s (paper §IV-C, Fig. 5): " << m_flows << " flows, 10 Mb/s, buffer " << m_buffer
       << " packets";
    return os.str();
}

void
MonacoRttChangeScenario::Configure(NetworkHelper& helper, std::size_t /* run */)
{
    helper.GetMonitor().EnableLinkSamples("bottleneck", SAMPLE_INTERVAL, {});
}

void
MonacoRttChangeScenario::AddRows(ComparisonTable& table,
                                 const NetworkHelper& helper,
                                 const TestbedReport::PeriodModels& /* models */,
                                 std::size_t /* run */)
{
    // The first time after the change from which the link is used at 95 % or more over a
    // second; NaN if it never is.
    double recovery = std::nan("");
    for (Time t = m_change; t + RECOVERY_WINDOW <= GetDuration(); t += SAMPLE_INTERVAL)
    {
        if (helper.GetMonitor().MeasureWindow(t, t + RECOVERY_WINDOW).utilization >=
            RECOVERY_UTILIZATION)
        {
            recovery = (t - m_change).GetSeconds();
            break;
        }
    }
    table.Add("recovery to 95% (s)", "bottleneck", std::nan(""), recovery);
}

std::vector<OwnedAttributes::Entry>
MonacoRttChangeScenario::GetOwnedAttributes() const
{
    return {{"ns3::TcpDualVegas::BaseRttWindow", "nothing: the vegas-k run's 10 rounds"}};
}

} // namespace ns3
