/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "acc-policies-scenario.h"

#include "ns3/network-helper.h"
#include "ns3/string.h"
#include "ns3/testbed-report.h"

#include <array>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

namespace
{
/// The policies, in the paper's order (eqs 3, 5, 6/10).
const std::array<const char*, 3> POLICIES{"AccAiad", "AccMw", "AccP"};
/// Rates averaged over this for the convergence time.
const Time RATE_INTERVAL = MilliSeconds(500);
/// Converged: every flow within this fraction of its model rate.
constexpr double CONVERGENCE_BAND = 0.1;
} // namespace

AccPoliciesScenario::AccPoliciesScenario()
    : PhasedScenario("acc-policies",
                     "Monaco paper §III-C (Fig. 2): ACC-AIAD, ACC-MW and ACC-P on a parking lot "
                     "of two 9 Mb/s bottlenecks; allocation vs proportional fairness and "
                     "convergence time of each.",
                     Seconds(60),
                     Seconds(30))
{
    EnableFluid();
}

NetworkDescription
AccPoliciesScenario::DescribeNetwork(const std::string& policy)
{
    // Delays are not stated: 5 ms per bottleneck; round trips long 2 x (1 + 10 + 1) + 6 =
    // 30 ms (source access 4 ms), shorts 20 ms.
    NetworkDescription d;
    d.startJitter = MilliSeconds(10);
    for (const char* name : {"L1", "L2"})
    {
        NetworkDescription::LinkSpec l;
        l.name = name;
        l.from = name[1] == '1' ? "R1" : "R2";
        l.to = name[1] == '1' ? "R2" : "R3";
        l.rate = DataRate("9Mbps");
        l.delay = MilliSeconds(5);
        l.queueDisc = "ns3::PriorityObQueueDisc";
        l.bufferPackets = 200;
        d.links.push_back(l);
    }

    const struct
    {
        const char* name;
        std::vector<std::string> route;
        int64_t rttMs;
    } classes[] = {{"long", {"L1", "L2"}, 30}, {"short1", {"L1"}, 20}, {"short2", {"L2"}, 20}};

    for (const auto& spec : classes)
    {
        NetworkDescription::ClassSpec c;
        c.name = spec.name;
        c.route = spec.route;
        c.rtt = MilliSeconds(spec.rttMs);
        c.tcp = "ns3::TcpMonaco";
        c.SetTcpAttribute("Policy", StringValue(policy));
        d.classes.push_back(c);
    }
    d.Validate();
    return d;
}

std::size_t
AccPoliciesScenario::GetRunCount() const
{
    return POLICIES.size();
}

std::string
AccPoliciesScenario::GetRunName(std::size_t run) const
{
    return POLICIES.at(run);
}

NetworkDescription
AccPoliciesScenario::Describe(std::size_t run) const
{
    return DescribeNetwork(POLICIES.at(run));
}

std::string
AccPoliciesScenario::GetTitle(std::size_t run) const
{
    return std::string("ACC policy ") + POLICIES.at(run) +
           " on a parking lot of two 9 Mb/s bottlenecks (paper §III-C, Fig. 2)";
}

void
AccPoliciesScenario::Configure(NetworkHelper& helper, std::size_t /* run */)
{
    helper.GetMonitor().EnableTimeSeries(GetSeriesInterval());
}

void
AccPoliciesScenario::AddRows(ComparisonTable& table,
                             const NetworkHelper& helper,
                             const TestbedReport::PeriodModels& models,
                             std::size_t /* run */)
{
    // Time-series column 1 + c: class c's rate per flow (KB/s); one phase, every class active.
    const TestbedReport::PeriodModel& model = models.front();
    const std::size_t classes = helper.GetDescription().classes.size();
    std::vector<PlotWriter::Points> rates;
    for (std::size_t c = 0; c < classes; ++c)
    {
        rates.push_back(helper.GetReport().GetTimeSeriesMeans(1 + c, RATE_INTERVAL));
    }
    // Walk back from the end: the convergence time is the start of the earliest interval of the
    // final stretch of intervals inside the band (NaN if the last interval is outside).
    double converged = std::nan("");
    const std::size_t n = rates.front().size();
    for (std::size_t i = n; i-- > 0;)
    {
        bool inside = true;
        for (std::size_t c = 0; c < classes; ++c)
        {
            const double target = model.rateKBps[c];
            inside = inside && std::abs(rates[c][i].second - target) <= CONVERGENCE_BAND * target;
        }
        if (!inside)
        {
            break;
        }
        // The interval's start: its centre less half an interval.
        converged = rates.front()[i].first - RATE_INTERVAL.GetSeconds() / 2;
    }
    table.Add("convergence, 10% band (s)", "all flows", std::nan(""), converged);
}

std::vector<OwnedAttributes::Entry>
AccPoliciesScenario::GetOwnedAttributes() const
{
    return {{"ns3::TcpMonaco::Policy", "nothing: each run sets its policy (the comparison)"}};
}

} // namespace ns3
