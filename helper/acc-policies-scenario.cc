/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "acc-policies-scenario.h"

#include "network-helper.h"
#include "testbed-report.h"

#include <array>
#include <cmath>
#include <sstream>

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
}

std::string
AccPoliciesScenario::GetText(const std::string& policy)
{
    // Delays are not stated: 5 ms per bottleneck; round trips long 2 x (1 + 10 + 1) + 6 =
    // 30 ms (source access 4 ms), shorts 20 ms.
    std::ostringstream os;
    os << "set packetSize=1000 accessRate=100Mbps sinkAccessDelay=1ms startJitter=10ms\n"
       << "link L1 R1 R2 rate=9Mbps delay=5ms queue=ns3::PriorityObQueueDisc buffer=200\n"
       << "link L2 R2 R3 rate=9Mbps delay=5ms queue=ns3::PriorityObQueueDisc buffer=200\n";
    const std::string tcp = " tcp=ns3::TcpMonaco tcp.Policy=" + policy + "\n";
    os << "class long flows=1 route=L1,L2 rtt=30ms" << tcp
       << "class short1 flows=1 route=L1 rtt=20ms" << tcp
       << "class short2 flows=1 route=L2 rtt=20ms" << tcp;
    return os.str();
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
    std::istringstream in(GetText(POLICIES.at(run)));
    return NetworkDescription::Parse(in, GetName() + "-" + POLICIES.at(run));
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

} // namespace ns3
