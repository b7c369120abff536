/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vegas-mice-scenario.h"

#include "ns3/command-line.h"
#include "ns3/comparison-table.h"
#include "ns3/network-helper.h"

#include <sstream>

namespace ns3
{

namespace
{
/// The bottleneck's name (FiveClassScenario).
const std::string BOTTLENECK = "bottleneck";
/// The mice's share of the bottleneck in the paper ("about 20% of packets").
constexpr double PAPER_MICE_SHARE = 0.2;
/// Most mice per class.
constexpr uint32_t MAX_MICE = 10000;
} // namespace

VegasMiceScenario::VegasMiceScenario()
    : VegasEquilibriumScenario({"mice",
                                "The Vegas paper's mice experiment (§6.1.3, Fig. 5): five classes "
                                "of persistent and on-off Vegas sources on one link.",
                                "five",
                                "I (with mice: Fig. 5)",
                                "II",
                                "Bottleneck rate (paper: 2.4Gbps)",
                                "bottleneck"})
{
}

NetworkDescription
VegasMiceScenario::Describe(const FiveClassScenario::Parameters& p, const Mice& mice)
{
    NetworkDescription d = FiveClassScenario::Describe(p);
    for (std::size_t k = 0; k < p.rtts.size(); ++k)
    {
        NetworkDescription::ClassSpec c;
        c.name = std::to_string(k + 1) + "m";
        c.flows = mice.perClass;
        c.route = {BOTTLENECK};
        c.rtt = p.rtts[k];
        c.tcp = "ns3::TcpDualVegas";
        c.traffic = NetworkDescription::Traffic::WEB;
        c.connections = mice.perClass; // one on-off session per host
        c.embedded = 0;
        c.embeddedPareto = false;
        c.meanSize = mice.fileSize;
        c.sizeDistribution = NetworkDescription::SizeDistribution::EXPONENTIAL;
        c.think = mice.offTime;
        c.thinkDistribution = NetworkDescription::ThinkDistribution::EXPONENTIAL;
        d.classes.push_back(c);
    }
    d.Validate();
    return d;
}

NetworkDescription
VegasMiceScenario::Describe() const
{
    FiveClassScenario::Parameters p;
    ApplyOptions(p, p.bottleneck);
    return Describe(p, m_mice);
}

void
VegasMiceScenario::AddOptions(StrictCommandLine& cmd)
{
    VegasEquilibriumScenario::AddOptions(cmd);
    cmd.AddValue("micePerClass",
                 "On-off sources in each class, 1..10000 (8 at 480 Mb/s: the paper's 40 at 2.4 "
                 "Gb/s per unit of capacity)",
                 m_mice.perClass);
    cmd.AddValue("fileSize",
                 "Mean file size of the on-off sources, packets, exponential (paper: 1000, 1 MB)",
                 m_mice.fileSize);
    cmd.AddValue("offTime", "Mean OFF time, exponential, > 0 (paper: 3s)", m_mice.offTime);
}

void
VegasMiceScenario::Check()
{
    Require(m_mice.perClass >= 1 && m_mice.perClass <= MAX_MICE,
            "micePerClass",
            m_mice.perClass,
            "out of range",
            "1 to 10000");
    Require(m_mice.fileSize >= 1 && m_mice.fileSize <= NetworkDescription::MAX_FLOW_SIZE,
            "fileSize",
            m_mice.fileSize,
            "out of range",
            "1 to the testbed's largest flow (NetworkDescription::MAX_FLOW_SIZE) packets");
    Require(m_mice.offTime.IsStrictlyPositive(),
            "offTime",
            m_mice.offTime.As(Time::S),
            "not positive",
            "> 0");
    VegasEquilibriumScenario::Check();
}

int
VegasMiceScenario::Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os)
{
    const int status = VegasEquilibriumScenario::Evaluate(results, os);
    const NetworkHelper& helper = GetHelper();
    const TestbedMonitor& monitor = helper.GetMonitor();
    const NetworkDescription& d = GetDescription();
    const double capacity = d.links.front().rate.GetBitRate() / 8000.0; // KB/s
    // Elephants' throughput, then the mice's: the rest of the bottleneck's.
    double elephants = 0;
    uint32_t n = 0;
    for (const NetworkDescription::ClassSpec& c : d.classes)
    {
        if (c.traffic == NetworkDescription::Traffic::PERSISTENT)
        {
            elephants += c.flows * monitor.GetClassMeasurement(c.name).rateKBps;
            n += c.flows;
        }
    }
    const double busy = monitor.GetLinkMeasurement(BOTTLENECK).utilization * capacity;
    const double mice = busy - elephants;
    ComparisonTable table("Mice (§6.1.3): elephants with the mice's measured load removed, and "
                          "the paper's 20 %");
    for (const NetworkDescription::ClassSpec& c : d.classes)
    {
        if (c.traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            continue; // the mice's own rows are in the table above
        }
        const double rate = monitor.GetClassMeasurement(c.name).rateKBps;
        table.Add("elephant rate, (c - mice) / n (KB/s)", c.name, (capacity - mice) / n, rate);
        table.Add("elephant rate, paper 0.8 c / n (KB/s)",
                  c.name,
                  (1 - PAPER_MICE_SHARE) * capacity / n,
                  rate);
    }
    table.Add("mice share of the bottleneck", BOTTLENECK, PAPER_MICE_SHARE, mice / capacity);
    table.Add("utilization", BOTTLENECK, 1, busy / capacity);
    Report(os, table, "mice");
    return status;
}

} // namespace ns3
