/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "serial-start-scenario.h"

#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/double.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/fluid-model-builder.h"
#include "ns3/network-helper.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Sampling interval of the time series (plots only).
const Time SAMPLE_INTERVAL = MilliSeconds(10);
/// The plots' averaging interval: 20 samples.
const Time MEAN_INTERVAL = MilliSeconds(200);
/// The fluid model's step (--fluid), s.
constexpr double FLUID_STEP = 1e-3;
/// Not a number: the model of a class that is not active.
constexpr double NOT_ACTIVE = std::numeric_limits<double>::quiet_NaN();
} // namespace

SerialStartScenario::SerialStartScenario(std::string name, std::string usage, bool rem)
    : Scenario(std::move(name), std::move(usage))
{
    m_parameters.rem = rem;
}

SerialStartScenario::Parameters&
SerialStartScenario::GetParameters()
{
    return m_parameters;
}

const SerialStartScenario::Parameters&
SerialStartScenario::GetParameters() const
{
    return m_parameters;
}

void
SerialStartScenario::AddSerialStartOptions(StrictCommandLine& cmd)
{
    Parameters& p = m_parameters;
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
    Parameters& p = m_parameters;
    const auto sources = static_cast<int64_t>(p.rtts.size());
    Require(p.period.IsStrictlyPositive(), "period", p.period.As(Time::S), "not positive", "> 0");
    Require(p.alpha > 0 && p.alpha <= AlgorithmTraits::MAX_ALPHA,
            "alpha",
            p.alpha,
            "out of range",
            "a decimal number > 0 and <= " + StrictValue::Describe(AlgorithmTraits::MAX_ALPHA) +
                " packets");
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
        // Their upper ends: the REM disc's own checkers (the message named its attribute).
        const TypeId rem = TypeId::LookupByName("ns3::RemQueueDisc");
        RequireInRange(rem, "Phi", p.remPhi, FormatOption("phi", p.remPhi), "out of range");
        RequireInRange(rem, "Gamma", p.remGamma, FormatOption("gamma", p.remGamma), "out of range");
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

NetworkDescription
SerialStartScenario::Describe(const Parameters& p)
{
    if (p.rtts.empty() || !p.period.IsStrictlyPositive() || p.settling.IsStrictlyNegative() ||
        p.settling >= p.period ||
        p.simTime <= p.period * static_cast<int64_t>(p.rtts.size() - 1) + p.settling)
    {
        throw std::invalid_argument("SerialStartScenario: needs at least one source (rtts), "
                                    "period > 0, settling in [0, period) and simTime above the "
                                    "last start plus settling");
    }
    if (p.rem && p.fixedBaseRtt)
    {
        throw std::invalid_argument(
            "SerialStartScenario: Vegas/REM measures its baseRTT (fixedBaseRtt with rem)");
    }
    DumbbellDescription::Parameters dumbbell;
    dumbbell.packetSize = p.packetSize;
    dumbbell.accessRate = p.accessRate;
    dumbbell.startJitter = Time(0);
    dumbbell.rate = p.bottleneck;
    dumbbell.delay = p.bottleneckDelay;
    if (p.rem)
    {
        dumbbell.queue.type = "ns3::RemQueueDisc";
        dumbbell.queue.Set("Gamma", DoubleValue(p.remGamma))
            .Set("Phi", DoubleValue(p.remPhi))
            .Set("Mu", DoubleValue(p.remMu))
            .Set("UpdateInterval", TimeValue(p.remUpdateInterval))
            .Set("UseEcn", BooleanValue(true))
            .Set("MeanPktSize", UintegerValue(p.packetSize));
    }
    NetworkDescription d = DumbbellDescription::Create(dumbbell);
    for (std::size_t k = 0; k < p.rtts.size(); ++k)
    {
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d,
                                          std::to_string(k + 1) + "a",
                                          1,
                                          p.rtts[k],
                                          p.period * static_cast<int64_t>(k));
        c.SetTcpKeyword("alpha", p.alpha);
        if (!p.alphaTimeUnit.IsZero())
        {
            c.SetTcpKeyword("alphaUnit", p.alphaTimeUnit);
        }
        if (p.fixedBaseRtt)
        {
            c.SetTcpKeyword("baseRtt", "fixed");
        }
        if (p.rem)
        {
            // Vegas/REM (§5): prices from ECN marks, with REM's phi; both ends run TcpDualVegas.
            c.ecn = true;
            c.SetTcpAttribute("PriceSource", StringValue("EcnMarks"))
                .SetTcpAttribute("Phi", DoubleValue(p.remPhi));
        }
    }
    d.Validate();
    return d;
}

std::unique_ptr<NetworkHelper>
SerialStartScenario::Simulate(const Parameters& p, bool timeSeries, bool showProgress)
{
    std::unique_ptr<NetworkHelper> helper = Build(p, timeSeries);
    helper->Run(p.simTime, showProgress);
    return helper;
}

std::unique_ptr<NetworkHelper>
SerialStartScenario::Build(const Parameters& p, bool timeSeries)
{
    auto helper = std::make_unique<NetworkHelper>(Describe(p));
    helper->GetMonitor().SetMeasurementPeriods(
        TestbedMonitor::GetStartBoundaries(helper->GetDescription(), p.simTime),
        p.settling);
    // As ns-2's agents, which have no handshake: connections open at 0 on an idle network (a
    // late starter's SYN, not ECN-capable, would meet REM's high drop probability).
    helper->GetBuilder().SetEarlyConnection(true);
    if (timeSeries)
    {
        helper->GetMonitor().EnableTimeSeries(SAMPLE_INTERVAL);
    }
    helper->GetBuilder().AssignStreams(1);
    helper->Install();
    return helper;
}

TestbedReport::PeriodModels
SerialStartScenario::GetPeriodModels(const NetworkHelper& helper, const Parameters& p)
{
    const NetworkDescription& d = helper.GetDescription();
    const TestbedMonitor& monitor = helper.GetMonitor();
    const std::size_t nClasses = d.classes.size();
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    bool equalRtts = true;
    for (const Time& rtt : p.rtts)
    {
        equalRtts = equalRtts && rtt == p.rtts.front();
    }
    const bool recursion = !p.rem && !p.fixedBaseRtt && equalRtts && !p.alphaTimeUnit.IsZero();
    std::vector<DualityModel::CongestionPeriod> congestion;
    double delay = 0;
    if (recursion)
    {
        // d: the true round trip without queueing, as BuildModel's (propagation plus the
        // transmission times of a packet and its ACK on the path).
        delay = helper.GetModelBuilder().BuildPeriodModel(0).GetSources().front().propagationDelay;
        const double capacity = p.bottleneck.GetBitRate() / (8.0 * d.packetSize);
        const double alphaPerSecond = p.alpha / p.alphaTimeUnit.GetSeconds();
        congestion =
            DualityModel::PersistentCongestion(capacity, delay, alphaPerSecond, nClasses); // 27-29
    }

    TestbedReport::PeriodModels models;
    for (std::size_t k = 0; k < monitor.GetPeriodCount(); ++k)
    {
        TestbedReport::PeriodModel m;
        m.start = monitor.GetPeriodStart(k);
        m.stop = monitor.GetPeriodWindow(k).second;
        m.rateKBps.assign(nClasses, NOT_ACTIVE);
        m.baseRttMs.assign(nClasses, NOT_ACTIVE);
        m.cwndPackets.assign(nClasses, NOT_ACTIVE);
        if (recursion)
        {
            // Period k: sources 1 .. k + 1 (classes 0 .. k) are active.
            const DualityModel::CongestionPeriod& period = congestion[k];
            const double rtt = delay + period.queueingDelay; // every source's RTT
            m.queue = {period.queue};
            m.utilization = {1};
            for (std::size_t n = 0; n < period.rates.size(); ++n)
            {
                m.rateKBps[n] = period.rates[n] * kiloBytesPerPacket;
                m.baseRttMs[n] = 1000 * period.baseRtts[n];
                m.cwndPackets[n] = period.rates[n] * rtt;
            }
            models.push_back(m);
            continue;
        }
        const DualityModel model = helper.GetModelBuilder().BuildPeriodModel(k);
        const DualityModel::Solution sol = model.Solve();
        NS_ABORT_MSG_UNLESS(sol.converged,
                            "SerialStartScenario: the duality model of period "
                                << k << " did not converge (KKT residual " << sol.kktResidual
                                << ")");
        const std::size_t link = model.GetLinkIndex("bottleneck");
        // REM's price is virtual (AlgorithmTraits): the model's queue is then 0 and its RTT d.
        m.queue = {sol.links[link].backlog};
        m.utilization = {sol.links[link].utilization};
        // The model's sources are the active classes' flows (one each), in class order.
        std::size_t s = 0;
        for (std::size_t c = 0; c < nClasses; ++c)
        {
            if (!monitor.IsClassActive(d.classes[c].name, k))
            {
                continue;
            }
            const DualityModel::SourceResult& r = sol.sources[s++];
            m.rateKBps[c] = r.rate * kiloBytesPerPacket;
            m.baseRttMs[c] = 1000 * r.baseRtt;
            m.cwndPackets[c] = r.window;
        }
        models.push_back(m);
    }
    return models;
}

ComparisonTable
SerialStartScenario::ComparePeriods(const NetworkHelper& helper,
                                    const Parameters& p,
                                    const std::string& title)
{
    TestbedReport::PeriodRows rows;
    rows.kiloBytes = true;
    rows.baseRtt = true;
    rows.rateShare = p.rem;
    rows.eq24 = !p.rem && !p.fixedBaseRtt;
    return helper.GetReport().ComparePeriods(title, GetPeriodModels(helper, p), rows);
}

FluidModel::Result
SerialStartScenario::RunFluid(const NetworkHelper& helper, const Parameters& p)
{
    const NetworkDescription& d = helper.GetDescription();
    FluidModel model = FluidModelBuilder::Build(d);
    if (!p.fixedBaseRtt && !p.rem) // REM drives the queue to 0: the baseRTTs are right
    {
        const bool equalRtts = std::all_of(p.rtts.begin(), p.rtts.end(), [&p](Time rtt) {
            return rtt == p.rtts.front();
        });
        if (!equalRtts || p.alphaTimeUnit.IsZero())
        {
            throw std::invalid_argument(
                "--fluid with measured baseRTTs: the baseRTT errors come from the recursion of "
                "eqs. 27-29, which needs equal RTTs and alpha per time unit (--alphaUnit > 0)");
        }
        // The sources are the classes, in order (FluidModelBuilder); all have the same d.
        const double delay = model.GetSources().front().propagationDelay;
        const double capacity = p.bottleneck.GetBitRate() / (8.0 * d.packetSize);
        const double alpha = p.alpha / p.alphaTimeUnit.GetSeconds(); // packets/s
        const std::vector<DualityModel::CongestionPeriod> congestion =
            DualityModel::PersistentCongestion(capacity, delay, alpha, d.classes.size());
        for (std::size_t c = 0; c < d.classes.size(); ++c)
        {
            const double error = congestion.back().baseRtts[c] - delay; // p(c), eq. 27
            model.SetSourceLaw(
                c,
                std::make_shared<const FluidVegasLaw>(alpha * (delay + error), 2, 2, error));
        }
    }
    const auto start = std::chrono::steady_clock::now();
    const double duration = p.simTime.GetSeconds();
    const FluidModel::Result result =
        model.Run({duration,
                   std::min(FLUID_STEP, duration),
                   std::max(helper.GetMonitor().GetSeriesInterval().GetSeconds(), FLUID_STEP)});
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
    std::cerr << "fluid model, " << result.steps << " steps: " << wall.count() << " s\n";
    return result;
}

void
SerialStartScenario::AddFluidRows(const NetworkHelper& helper,
                                  const Parameters& p,
                                  const FluidModel::Result& fluid,
                                  ComparisonTable& table)
{
    const TestbedReport& report = helper.GetReport();
    report.AddFluidPeriodRows(table, GetPeriodModels(helper, p), fluid, ", fluid");
    report.AddFluidDistanceRows(table, fluid, MEAN_INTERVAL);
}

void
SerialStartScenario::AddQueuePanel(const NetworkHelper& helper,
                                   const Parameters& p,
                                   PlotWriter::Figure& figure,
                                   const std::string& title,
                                   const FluidModel::Result* fluid,
                                   bool simulated)
{
    // Series columns: time, rates (one per class), the bottleneck's backlog, windows.
    const Time interval = MEAN_INTERVAL;
    const std::size_t nClasses = helper.GetDescription().classes.size();
    PlotWriter::Panel& panel = figure.AddPanel("queue at Router1 (packets, " +
                                                   PlotWriter::FormatTime(interval) + " means)",
                                               title);
    PlotWriter::Points fluidQueue; // the bottleneck, the fluid model's first link
    if (fluid)
    {
        PlotWriter::Points points;
        for (std::size_t i = 0; i < fluid->times.size(); ++i)
        {
            points.emplace_back(fluid->times[i], fluid->links[i][0].backlog);
        }
        const double sample = helper.GetMonitor().GetSeriesInterval().GetSeconds();
        fluidQueue = PlotWriter::AverageOverIntervals(points, interval.GetSeconds(), sample / 2);
    }
    NS_ABORT_MSG_IF(!simulated && !fluid, "SerialStartScenario::AddQueuePanel: nothing to draw");
    const std::size_t curve =
        simulated ? panel.AddCurve("simulation",
                                   helper.GetReport().GetTimeSeriesMeans(1 + nClasses, interval))
                  : panel.AddCurve("fluid", fluidQueue);
    panel.AddModelCurve("model",
                        TestbedReport::GetModelSteps(
                            GetPeriodModels(helper, p),
                            [](const TestbedReport::PeriodModel& m) { return m.queue[0]; }),
                        curve);
    if (fluid && simulated)
    {
        panel.AddFluidCurve("fluid", fluidQueue, curve);
    }
}

void
SerialStartScenario::AddWindowPanel(const NetworkHelper& helper,
                                    const Parameters& p,
                                    PlotWriter::Figure& figure)
{
    const Time interval = MEAN_INTERVAL;
    const NetworkDescription& d = helper.GetDescription();
    const std::size_t nClasses = d.classes.size();
    PlotWriter::Panel& panel =
        figure.AddPanel("window (packets, " + PlotWriter::FormatTime(interval) + " means)");
    // one solve for all classes
    const TestbedReport::PeriodModels models = GetPeriodModels(helper, p);
    for (std::size_t c = 0; c < nClasses; ++c)
    {
        const std::size_t curve =
            panel.AddCurve(d.classes[c].name,
                           helper.GetReport().GetTimeSeriesMeans(2 + nClasses + c, interval));
        panel.AddModelCurve("model " + d.classes[c].name,
                            TestbedReport::GetModelSteps(models,
                                                         [c](const TestbedReport::PeriodModel& m) {
                                                             return m.cwndPackets[c];
                                                         }),
                            curve);
    }
}

std::vector<OwnedAttributes::Entry>
SerialStartScenario::GetOwnedAttributes() const
{
    if (!m_parameters.rem)
    {
        return {};
    }
    return {{"ns3::RemQueueDisc::Gamma", "--gamma"},
            {"ns3::RemQueueDisc::Phi", "--phi"},
            {"ns3::RemQueueDisc::Mu", "--mu"},
            {"ns3::RemQueueDisc::UpdateInterval", "--updateInterval"},
            {"ns3::RemQueueDisc::UseEcn", "nothing: REM marks (the sources read ECN marks)"},
            {"ns3::RemQueueDisc::MeanPktSize", "nothing: the paper's 1000-byte packets"},
            {"ns3::TcpDualVegas::PriceSource", "nothing: Vegas/REM's prices are ECN marks"},
            {"ns3::TcpDualVegas::Phi", "--phi"}};
}

} // namespace ns3
