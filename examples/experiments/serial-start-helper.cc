/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "serial-start-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

namespace
{
/// Not a number: the model of a class that is not active.
constexpr double NOT_ACTIVE = std::numeric_limits<double>::quiet_NaN();

/// \return \p parameters, checked (NS_ABORT_MSG naming the bad field and its range)
const SerialStartHelper::Parameters&
Check(const SerialStartHelper::Parameters& p)
{
    NS_ABORT_MSG_IF(p.rtts.empty(), "SerialStartHelper: at least one source (rtts) is needed");
    NS_ABORT_MSG_UNLESS(p.period.IsStrictlyPositive(), "SerialStartHelper: period must be > 0");
    NS_ABORT_MSG_IF(p.settling.IsStrictlyNegative() || p.settling >= p.period,
                    "SerialStartHelper: settling must be in [0, period)");
    const Time lastStart = p.period * static_cast<int64_t>(p.rtts.size() - 1);
    NS_ABORT_MSG_UNLESS(p.simTime > lastStart + p.settling,
                        "SerialStartHelper: simTime ("
                            << p.simTime.As(Time::S) << ") must exceed the last start ("
                            << lastStart.As(Time::S) << ") plus the settling time");
    NS_ABORT_MSG_UNLESS(p.alpha > 0, "SerialStartHelper: alpha must be > 0 packets");
    NS_ABORT_MSG_IF(p.alphaTimeUnit.IsStrictlyNegative(),
                    "SerialStartHelper: alphaTimeUnit must be >= 0 (0: per RTT)");
    NS_ABORT_MSG_IF(p.rem && p.fixedBaseRtt,
                    "SerialStartHelper: Vegas/REM measures its baseRTT (fixedBaseRtt with rem)");
    NS_ABORT_MSG_UNLESS(!p.rem || p.remPhi > 1, "SerialStartHelper: REM phi must be > 1");
    NS_ABORT_MSG_UNLESS(!p.rem || (p.remMu > 0 && p.remMu < 1),
                        "SerialStartHelper: REM mu must be in (0, 1)");
    NS_ABORT_MSG_UNLESS(!p.rem || p.remGamma > 0, "SerialStartHelper: REM gamma must be > 0");
    NS_ABORT_MSG_UNLESS(!p.rem || p.remUpdateInterval.IsStrictlyPositive(),
                        "SerialStartHelper: REM update interval must be > 0");
    return p;
}
} // namespace

SerialStartHelper::SerialStartHelper(const Parameters& parameters)
    : NetworkHelper(Describe(Check(parameters))),
      m_parameters(parameters)
{
    GetMonitor().SetMeasurementPeriods(
        TestbedMonitor::GetStartBoundaries(GetDescription(), parameters.simTime),
        parameters.settling);
    // As ns-2's agents, which have no handshake: connections open at 0 on an idle network (a
    // late starter's SYN, not ECN-capable, would meet REM's high drop probability).
    GetBuilder().SetEarlyConnection(true);
}

NetworkDescription
SerialStartHelper::Describe(const Parameters& p)
{
    Check(p);
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

const SerialStartHelper::Parameters&
SerialStartHelper::GetParameters() const
{
    return m_parameters;
}

std::vector<SerialStartHelper::PeriodModel>
SerialStartHelper::GetPeriodModels() const
{
    const Parameters& p = m_parameters;
    const NetworkDescription& d = GetDescription();
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
        delay = GetModelBuilder().BuildPeriodModel(0).GetSources().front().propagationDelay;
        const double capacity = p.bottleneck.GetBitRate() / (8.0 * d.packetSize);
        const double alphaPerSecond = p.alpha / p.alphaTimeUnit.GetSeconds();
        congestion =
            DualityModel::PersistentCongestion(capacity, delay, alphaPerSecond, nClasses); // 27-29
    }

    std::vector<PeriodModel> models;
    for (std::size_t k = 0; k < GetMonitor().GetPeriodCount(); ++k)
    {
        PeriodModel m;
        m.start = GetMonitor().GetPeriodStart(k);
        m.stop = GetMonitor().GetPeriodWindow(k).second;
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
        const DualityModel model = GetModelBuilder().BuildPeriodModel(k);
        const DualityModel::Solution sol = model.Solve();
        NS_ABORT_MSG_UNLESS(sol.converged,
                            "SerialStartHelper: the duality model of period "
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
            if (!GetMonitor().IsClassActive(d.classes[c].name, k))
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
SerialStartHelper::ComparePeriods(const std::string& title) const
{
    TestbedReport::PeriodRows rows;
    rows.kiloBytes = true;
    rows.baseRtt = true;
    rows.rateShare = m_parameters.rem;
    rows.eq24 = !m_parameters.rem && !m_parameters.fixedBaseRtt;
    return GetReport().ComparePeriods(title, GetPeriodModels(), rows);
}

void
SerialStartHelper::AddQueuePanel(PlotWriter::Figure& figure,
                                 Time interval,
                                 const std::string& title) const
{
    // Series columns: time, rates (one per class), the bottleneck's backlog, windows.
    const std::size_t nClasses = GetDescription().classes.size();
    PlotWriter::Panel& panel = figure.AddPanel("queue at Router1 (packets, " +
                                                   PlotWriter::FormatTime(interval) + " means)",
                                               title);
    const std::size_t curve =
        panel.AddCurve("simulation", GetReport().GetTimeSeriesMeans(1 + nClasses, interval));
    panel.AddModelCurve(
        "model",
        TestbedReport::GetModelSteps(GetPeriodModels(),
                                     [](const PeriodModel& m) { return m.queue[0]; }),
        curve);
}

void
SerialStartHelper::AddWindowPanel(PlotWriter::Figure& figure, Time interval) const
{
    const NetworkDescription& d = GetDescription();
    const std::size_t nClasses = d.classes.size();
    PlotWriter::Panel& panel =
        figure.AddPanel("window (packets, " + PlotWriter::FormatTime(interval) + " means)");
    const std::vector<PeriodModel> models = GetPeriodModels(); // one solve for all classes
    for (std::size_t c = 0; c < nClasses; ++c)
    {
        const std::size_t curve =
            panel.AddCurve(d.classes[c].name,
                           GetReport().GetTimeSeriesMeans(2 + nClasses + c, interval));
        panel.AddModelCurve(
            "model " + d.classes[c].name,
            TestbedReport::GetModelSteps(models,
                                         [c](const PeriodModel& m) { return m.cwndPackets[c]; }),
            curve);
    }
}

} // namespace ns3
