/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vegas-fairness-scenario.h"

#include "ns3/command-line.h"
#include "ns3/plot-writer.h"

#include <iostream>
#include <sstream>

namespace ns3
{

namespace
{
/// Most connections.
constexpr uint32_t MAX_CONNECTIONS = 1000;
/// Largest alpha and beta, packets.
constexpr double MAX_ALPHA = 1000;
/// Smallest bottleneck utilization the sanity check accepts.
constexpr double MIN_UTILIZATION = 0.9;
} // namespace

VegasFairnessScenario::VegasFairnessScenario()
    : Scenario("vegas-fairness",
               "Boutremans and Le Boudec's Vegas fairness experiment: per-connection baseRTT and "
               "rate vs Bonald's baseRTT, eq. 5-6 and the closed form.")
{
}

VegasFairnessScenario::~VegasFairnessScenario() = default;

void
VegasFairnessScenario::AddOptions(CommandLine& cmd)
{
    VegasFairnessHelper::Parameters& p = m_parameters;
    cmd.AddValue("n", "Number of connections, 1..1000 (paper: 10, 20, 40)", p.connections);
    cmd.AddValue("alpha", "Vegas alpha, packets, in (0, 1000] (paper: 1, 3, 5)", p.alpha);
    cmd.AddValue("beta", "Vegas beta, packets, in [alpha, 1000] (default: alpha)", m_beta);
    cmd.AddValue("capacity", "Bottleneck rate c (paper: 1Mbps)", p.capacity);
    cmd.AddValue("rtt", "Round-trip propagation delay d, > 4 ms (paper: 0.2 s)", p.rtt);
    cmd.AddValue("packetSize", "Bytes of a data packet on the wire, 100..65000", p.packetSize);
    cmd.AddValue("interval", "Time between connection starts, >= 0 (paper: 2 s)", p.joinInterval);
    cmd.AddValue("duration", "Simulated time (paper: 120 s)", p.duration);
    cmd.AddValue("settle",
                 "Rates are measured from the last start + settle to the end, >= 0",
                 p.settle);
    cmd.AddValue("baseRtt",
                 "measured (MinEver, the paper's over-estimation) or fixed (the true d: x_i = 0, "
                 "§4.2.1)",
                 m_baseRtt);
    cmd.AddValue("jitter",
                 "Zero-mean Gaussian jitter on each connection's propagation delay, std. dev. of "
                 "an M/M/1 sojourn time (§3.2.1)",
                 p.jitter);
    cmd.AddValue("jitterLoad", "Load of the jitter's M/M/1 queue, in (0, 1)", p.jitterLoad);
    cmd.AddValue("jitterRate",
                 "Service rate of the jitter's M/M/1 queue (default: 1Mbps, the bottleneck's)",
                 p.jitterRate);
    cmd.AddValue("jitterCorrelated",
                 "Jitter correlated over the M/M/1 relaxation time (false: independent per "
                 "packet)",
                 p.jitterCorrelated);
}

void
VegasFairnessScenario::Check()
{
    VegasFairnessHelper::Parameters& p = m_parameters;
    p.beta = m_beta < 0 ? p.alpha : m_beta;
    Require(p.connections >= 1 && p.connections <= MAX_CONNECTIONS,
            "n",
            p.connections,
            "out of range",
            "1 to 1000");
    Require(p.alpha > 0 && p.alpha <= MAX_ALPHA, "alpha", p.alpha, "out of range", "(0, 1000]");
    Require(p.beta >= p.alpha && p.beta <= MAX_ALPHA,
            "beta",
            p.beta,
            "out of range",
            "[alpha, 1000] packets");
    Require(p.capacity.GetBitRate() > 0, "capacity", p.capacity, "zero", "> 0");
    Require(p.rtt > MilliSeconds(4),
            "rtt",
            p.rtt.As(Time::MS),
            "too short",
            "above 4 ms (the fixed link delays)");
    Require(p.packetSize >= 100 && p.packetSize <= 65000,
            "packetSize",
            p.packetSize,
            "out of range",
            "100 to 65000 bytes");
    Require(p.joinInterval.IsPositive(),
            "interval",
            p.joinInterval.As(Time::S),
            "negative",
            ">= 0");
    Require(p.settle.IsPositive(), "settle", p.settle.As(Time::S), "negative", ">= 0");
    const Time start = p.joinInterval * (p.connections - 1) + p.settle;
    std::ostringstream after;
    after << "more than the last start + settle (" << start.As(Time::S) << ")";
    Require(p.duration > start, "duration", p.duration.As(Time::S), "too short", after.str());
    Require(m_baseRtt == "measured" || m_baseRtt == "fixed",
            "baseRtt",
            m_baseRtt,
            "no such estimate",
            "measured or fixed");
    p.fixedBaseRtt = m_baseRtt == "fixed";
    Require(p.jitterLoad > 0 && p.jitterLoad < 1,
            "jitterLoad",
            p.jitterLoad,
            "out of range",
            "(0, 1)");
    Require(p.jitterRate.GetBitRate() > 0, "jitterRate", p.jitterRate, "zero", "> 0");
}

std::vector<double>
VegasFairnessScenario::RunPoint(std::size_t /* point */)
{
    m_helper = std::make_unique<VegasFairnessHelper>(m_parameters);
    m_helper->Run(GetSettings().progress);
    return {};
}

int
VegasFairnessScenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                                std::ostream& os)
{
    const VegasFairnessHelper::Parameters& p = m_parameters;
    std::ostringstream title;
    title << "Vegas fairness, n = " << p.connections << ", alpha = " << p.alpha
          << ", beta = " << p.beta << ", baseRTT " << m_baseRtt << ", c = " << p.capacity << " ("
          << m_helper->GetCapacity() << " pkts/s), d = " << 1000 * m_helper->GetPropagationDelay()
          << " ms";
    if (p.jitter)
    {
        title << ", jitter sd " << m_helper->GetJitterStdDev().As(Time::MS) << " tau "
              << m_helper->GetJitterCorrelationTime().As(Time::S);
    }
    title << ", rates over [" << m_helper->GetMeasurementStart().GetSeconds() << ", "
          << p.duration.GetSeconds() << "] s";
    const ComparisonTable table = m_helper->Compare(title.str());
    table.Print(os);
    m_helper->PrintSummary(os);
    WriteCsv(os, table);
    if (!GetPlotPrefix().empty())
    {
        std::ostringstream plotTitle;
        plotTitle << "Vegas, n = " << p.connections << ", alpha = " << p.alpha
                  << ", beta = " << p.beta << ", baseRTT " << m_baseRtt
                  << ", c = " << PlotWriter::FormatRate(p.capacity.GetBitRate())
                  << ", d = " << PlotWriter::FormatTime(Seconds(m_helper->GetPropagationDelay()))
                  << (p.jitter ? ", jitter" : "");
        m_helper->WritePlot(GetPlotPrefix(), plotTitle.str(), os);
    }

    // Sanity: every connection got bandwidth, and the link was busy.
    bool sane = m_helper->GetUtilization() > MIN_UTILIZATION;
    for (const VegasFairnessHelper::Connection& k : m_helper->GetConnections())
    {
        sane = sane && k.rate > 0;
    }
    if (!sane)
    {
        std::cerr << "sanity check failed: a connection got no bandwidth or the bottleneck "
                     "utilization is below 0.9\n";
        return 1;
    }
    return 0;
}

} // namespace ns3
