/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "serial-start-scenario.h"

#include "ns3/command-line.h"

namespace ns3
{

namespace
{
/// Sampling interval of the time series (plots only).
const Time SAMPLE_INTERVAL = MilliSeconds(10);
/// The plots' averaging interval: 20 samples.
const Time MEAN_INTERVAL = MilliSeconds(200);

} // namespace

SerialStartScenario::SerialStartScenario(std::string name, std::string usage, bool rem)
    : Scenario(std::move(name), std::move(usage))
{
    m_parameters.rem = rem;
}

SerialStartHelper::Parameters&
SerialStartScenario::GetParameters()
{
    return m_parameters;
}

const SerialStartHelper::Parameters&
SerialStartScenario::GetParameters() const
{
    return m_parameters;
}

Time
SerialStartScenario::GetMeanInterval()
{
    return MEAN_INTERVAL;
}

void
SerialStartScenario::AddSerialStartOptions(CommandLine& cmd)
{
    SerialStartHelper::Parameters& p = m_parameters;
    cmd.AddValue("period", "Time between two starts (paper: 20s)", p.period);
    cmd.AddValue("simTime",
                 "Simulated time (default: sources x period; must exceed the last start plus "
                 "the settling time)",
                 m_simTime);
    cmd.AddValue("settling",
                 "Left out at each period's start (default: half a period; in [0, period))",
                 m_settling);
    cmd.AddValue("bottleneck", "Bottleneck rate (paper: 48Mbps)", p.bottleneck);
    cmd.AddValue("accessRate", "Host-router link rate (paper: 1600Mbps)", p.accessRate);
    cmd.AddValue("alpha",
                 "Vegas alpha = beta, packets per alphaUnit (> 0; paper: 2 per ms)",
                 p.alpha);
    cmd.AddValue("alphaUnit", "alpha's time unit (> 0; paper: 1ms)", p.alphaTimeUnit);
    if (p.rem)
    {
        cmd.AddValue("phi", "REM phi (eq. 31) and the sources' Phi (> 1; paper: 1.1)", p.remPhi);
        cmd.AddValue("mu", "REM mu (eq. 30), in (0, 1) (paper: 0.5)", p.remMu);
        cmd.AddValue("gamma", "REM gamma (eq. 30), > 0 (paper: 0.005)", p.remGamma);
        cmd.AddValue("updateInterval",
                     "REM price update period (> 0; paper: 1ms)",
                     p.remUpdateInterval);
    }
}

void
SerialStartScenario::Check()
{
    SerialStartHelper::Parameters& p = m_parameters;
    const auto sources = static_cast<int64_t>(p.rtts.size());
    Require(p.period.IsStrictlyPositive(), "period", p.period.As(Time::S), "not positive", "> 0");
    Require(p.alpha > 0, "alpha", p.alpha, "not positive", "> 0 packets");
    Require(p.alphaTimeUnit.IsStrictlyPositive(),
            "alphaUnit",
            p.alphaTimeUnit.As(Time::MS),
            "not positive",
            "> 0 (alpha per time: the paper's 2 packets per ms)");
    Require(p.bottleneck.GetBitRate() > 0, "bottleneck", p.bottleneck, "zero", "> 0");
    Require(p.accessRate.GetBitRate() > 0, "accessRate", p.accessRate, "zero", "> 0");
    if (p.rem)
    {
        Require(p.remPhi > 1, "phi", p.remPhi, "out of range", "> 1");
        Require(p.remMu > 0 && p.remMu < 1, "mu", p.remMu, "out of range", "in (0, 1)");
        Require(p.remGamma > 0, "gamma", p.remGamma, "not positive", "> 0");
        Require(p.remUpdateInterval.IsStrictlyPositive(),
                "updateInterval",
                p.remUpdateInterval.As(Time::MS),
                "not positive",
                "> 0");
    }
    Require(!m_simTime.IsStrictlyNegative(),
            "simTime",
            m_simTime.As(Time::S),
            "negative",
            ">= 0 (0: sources x period)");
    Require(!m_settling.IsStrictlyNegative(),
            "settling",
            m_settling.As(Time::S),
            "negative",
            ">= 0 (0: half a period)");
    p.simTime = m_simTime.IsZero() ? p.period * sources : m_simTime;
    p.settling = m_settling.IsZero() ? p.period / 2 : m_settling;
    Require(p.settling < p.period,
            "settling",
            p.settling.As(Time::S),
            "not shorter than --period",
            "in [0, period)");
    Require(p.simTime > p.period * (sources - 1) + p.settling,
            "simTime",
            p.simTime.As(Time::S),
            "too short",
            "more than the last start ((sources - 1) x period) plus --settling");
}

std::unique_ptr<SerialStartHelper>
SerialStartScenario::Simulate(const SerialStartHelper::Parameters& parameters) const
{
    auto helper = std::make_unique<SerialStartHelper>(parameters);
    if (!GetPlotPrefix().empty())
    {
        helper->GetMonitor().EnableTimeSeries(SAMPLE_INTERVAL);
    }
    helper->GetBuilder().AssignStreams(1);
    helper->Install();
    helper->Run(parameters.simTime, GetSettings().progress);
    return helper;
}

} // namespace ns3
