/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vegas-fairness-helper.h"

#include "ns3/abort.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/jitter-point-to-point-channel.h"
#include "ns3/log.h"
#include "ns3/network-helper.h"
#include "ns3/node.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/plot-writer.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/vegas-fairness-model.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VegasFairnessHelper");

namespace
{
/// Name of the bottleneck link.
const std::string BOTTLENECK = "bottleneck";
/// One-way delay of the bottleneck and of the sinks' access links.
const Time SHORT_DELAY = MilliSeconds(1);
/// Largest number of connections.
constexpr uint32_t MAX_CONNECTIONS = 1000;
/// Largest Vegas alpha / beta, packets.
constexpr double MAX_ALPHA = 1000;
} // namespace

VegasFairnessHelper::VegasFairnessHelper(const Parameters& p)
    : m_parameters(p)
{
    NS_ABORT_MSG_UNLESS(p.connections >= 1 && p.connections <= MAX_CONNECTIONS,
                        "VegasFairnessHelper: connections must be in [1, "
                            << MAX_CONNECTIONS << "], not " << p.connections);
    NS_ABORT_MSG_UNLESS(p.alpha > 0 && p.alpha <= MAX_ALPHA,
                        "VegasFairnessHelper: alpha must be in (0, " << MAX_ALPHA << "] packets");
    NS_ABORT_MSG_UNLESS(p.beta >= p.alpha && p.beta <= MAX_ALPHA,
                        "VegasFairnessHelper: beta must be in [alpha, " << MAX_ALPHA
                                                                        << "] packets");
    NS_ABORT_MSG_UNLESS(p.capacity.GetBitRate() > 0, "VegasFairnessHelper: capacity must be > 0");
    NS_ABORT_MSG_UNLESS(p.rtt > 4 * SHORT_DELAY,
                        "VegasFairnessHelper: rtt must exceed " << (4 * SHORT_DELAY).As(Time::MS));
    NS_ABORT_MSG_UNLESS(p.joinInterval.IsPositive(),
                        "VegasFairnessHelper: joinInterval must be >= 0");
    NS_ABORT_MSG_UNLESS(p.settle.IsPositive(), "VegasFairnessHelper: settle must be >= 0");
    NS_ABORT_MSG_UNLESS(p.duration > GetMeasurementStart(),
                        "VegasFairnessHelper: duration ("
                            << p.duration.As(Time::S)
                            << ") must exceed the last start plus settle ("
                            << GetMeasurementStart().As(Time::S) << ")");
    NS_ABORT_MSG_UNLESS(p.jitterLoad > 0 && p.jitterLoad < 1,
                        "VegasFairnessHelper: jitterLoad must be in (0, 1)");
    NS_ABORT_MSG_UNLESS(!p.jitter || p.jitterRate.GetBitRate() > 0,
                        "VegasFairnessHelper: jitterRate must be > 0");

    m_capacity = p.capacity.GetBitRate() / (8.0 * p.packetSize);
    DumbbellDescription::Parameters dumbbell;
    dumbbell.packetSize = p.packetSize;
    dumbbell.startJitter = Seconds(0);
    dumbbell.sinkAccessDelay = SHORT_DELAY;
    dumbbell.name = BOTTLENECK;
    dumbbell.rate = p.capacity;
    dumbbell.delay = SHORT_DELAY;
    m_description = DumbbellDescription::Create(dumbbell);
    NetworkDescription& d = m_description;
    for (uint32_t i = 1; i <= p.connections; ++i)
    {
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d, std::to_string(i), 1, p.rtt, p.joinInterval * (i - 1));
        c.SetTcpKeyword("alpha", p.alpha).SetTcpKeyword("beta", p.beta);
        if (p.fixedBaseRtt)
        {
            c.SetTcpKeyword("baseRtt", "fixed");
        }
        c.SetTcpKeyword("rttSample", "mean"); // ns-2's Vegas, which the paper simulated
    }
    try
    {
        d.Validate();
    }
    catch (const std::invalid_argument& e)
    {
        NS_ABORT_MSG("VegasFairnessHelper: " << e.what());
    }
}

VegasFairnessHelper::~VegasFairnessHelper() = default;

const NetworkDescription&
VegasFairnessHelper::GetDescription() const
{
    return m_description;
}

Time
VegasFairnessHelper::GetMeasurementStart() const
{
    return m_parameters.joinInterval * (m_parameters.connections - 1) + m_parameters.settle;
}

Time
VegasFairnessHelper::GetJitterStdDev() const
{
    if (!m_parameters.jitter)
    {
        return Seconds(0);
    }
    // Sojourn time of an M/M/1 queue: exponential with rate mu (1 - rho).
    const double mu = m_parameters.jitterRate.GetBitRate() / (8.0 * m_parameters.packetSize);
    return Seconds(1 / (mu * (1 - m_parameters.jitterLoad)));
}

Time
VegasFairnessHelper::GetJitterCorrelationTime() const
{
    if (!m_parameters.jitter || !m_parameters.jitterCorrelated)
    {
        return Seconds(0);
    }
    // Relaxation time of an M/M/1 queue: 1 / (mu (1 - sqrt(rho))^2).
    const double mu = m_parameters.jitterRate.GetBitRate() / (8.0 * m_parameters.packetSize);
    const double gap = 1 - std::sqrt(m_parameters.jitterLoad);
    return Seconds(1 / (mu * gap * gap));
}

void
VegasFairnessHelper::Run(bool showProgress, int64_t stream)
{
    NS_ABORT_MSG_IF(m_run, "VegasFairnessHelper::Run called twice");
    const Parameters& p = m_parameters;
    m_helper = std::make_unique<NetworkHelper>(m_description);
    m_helper->GetMonitor().SetMeasurementWindow(GetMeasurementStart(), p.duration);
    stream += m_helper->GetBuilder().AssignStreams(stream);
    m_helper->Install();
    if (p.jitter)
    {
        for (const NetworkDescription::ClassSpec& c : m_description.classes)
        {
            Ptr<Node> source = m_helper->GetNetwork().GetSources(c.name).front()->GetNode();
            Ptr<PointToPointNetDevice> device;
            for (uint32_t k = 0; k < source->GetNDevices() && !device; ++k)
            {
                device = DynamicCast<PointToPointNetDevice>(source->GetDevice(k));
            }
            NS_ABORT_MSG_UNLESS(device, "VegasFairnessHelper: source without access link");
            Ptr<JitterPointToPointChannel> channel =
                JitterPointToPointChannel::ReplaceChannel(device);
            channel->SetAttribute("JitterStdDev", TimeValue(GetJitterStdDev()));
            channel->SetAttribute("JitterCorrelationTime", TimeValue(GetJitterCorrelationTime()));
            stream += channel->AssignStreams(stream);
        }
    }
    m_helper->Run(p.duration, showProgress);
    m_run = true;

    // Models.
    const uint32_t n = p.connections;
    m_propagationDelay =
        m_helper->GetModelBuilder().BuildModel().GetSources().front().propagationDelay;
    const double d = m_propagationDelay;
    const double c = m_capacity;
    const std::vector<double> sequential =
        VegasFairnessModel::SequentialOverestimations(n, p.alpha, c);
    std::vector<double> x;
    m_connections.clear();
    for (uint32_t i = 1; i <= n; ++i)
    {
        const TestbedMonitor::ClassMeasurement m =
            m_helper->GetMonitor().GetClassMeasurement(std::to_string(i));
        Connection k;
        // With a fixed baseRTT the connection's estimate is d (x_i = 0), whatever it measured.
        k.baseRtt = p.fixedBaseRtt ? d : m.baseRttMs / 1000;
        k.overestimation = k.baseRtt - d;
        k.rtt = m.rttMs / 1000;
        k.rate = m.rateKBps * 1000 / p.packetSize;
        k.bonaldOverestimation = VegasFairnessModel::BonaldOverestimation(i, p.alpha, c);
        k.bonaldBaseRtt = d + k.bonaldOverestimation;
        k.sequentialBaseRtt = d + sequential[i - 1];
        k.closedFormRate = VegasFairnessModel::ClosedFormRate(i, n, c);
        NS_ABORT_MSG_UNLESS(std::isfinite(m.baseRttMs),
                            "VegasFairnessHelper: connection " << i << " took no RTT sample");
        x.push_back(k.overestimation);
        m_connections.push_back(k);
    }
    m_eq6QueueingDelay = VegasFairnessModel::SolveQueueingDelay(x, p.alpha, c); // eq. 6
    const TestbedMonitor::LinkMeasurement link =
        m_helper->GetMonitor().GetLinkMeasurement(BOTTLENECK);
    m_measuredQueueingDelay = link.backlogPackets / c;
    m_utilization = link.utilization;
    for (Connection& k : m_connections)
    {
        k.eq5Rate = VegasFairnessModel::Rate(p.alpha, m_eq6QueueingDelay, k.overestimation);
        const double gap = m_measuredQueueingDelay - k.overestimation;
        k.eq11Low = gap > 0 ? p.alpha / gap : std::nan(""); // eq. 11
        k.eq11High = gap > 0 ? p.beta / gap : std::nan("");
    }
}

void
VegasFairnessHelper::CheckRun(const std::string& what) const
{
    NS_ABORT_MSG_UNLESS(m_run, "VegasFairnessHelper::" << what << ": call Run() first");
}

double
VegasFairnessHelper::GetCapacity() const
{
    return m_capacity;
}

double
VegasFairnessHelper::GetPropagationDelay() const
{
    CheckRun("GetPropagationDelay");
    return m_propagationDelay;
}

const std::vector<VegasFairnessHelper::Connection>&
VegasFairnessHelper::GetConnections() const
{
    CheckRun("GetConnections");
    return m_connections;
}

double
VegasFairnessHelper::GetEq6QueueingDelay() const
{
    CheckRun("GetEq6QueueingDelay");
    return m_eq6QueueingDelay;
}

double
VegasFairnessHelper::GetMeasuredQueueingDelay() const
{
    CheckRun("GetMeasuredQueueingDelay");
    return m_measuredQueueingDelay;
}

double
VegasFairnessHelper::GetUtilization() const
{
    CheckRun("GetUtilization");
    return m_utilization;
}

double
VegasFairnessHelper::GetJainIndex() const
{
    CheckRun("GetJainIndex");
    double sum = 0;
    double squares = 0;
    for (const Connection& k : m_connections)
    {
        sum += k.rate;
        squares += k.rate * k.rate;
    }
    return squares > 0 ? sum * sum / (m_connections.size() * squares) : std::nan("");
}

ComparisonTable
VegasFairnessHelper::Compare(const std::string& title) const
{
    CheckRun("Compare");
    const bool equal = m_parameters.alpha == m_parameters.beta;
    const double none = std::nan("");
    ComparisonTable table(title);
    for (std::size_t i = 0; i < m_connections.size(); ++i)
    {
        const Connection& k = m_connections[i];
        const std::string entity = "connection " + std::to_string(i + 1);
        // §3.1.2: x_i = 0 with the true d; Bonald's x_i when measured (alpha = beta only).
        const double baseRttModel = m_parameters.fixedBaseRtt ? m_propagationDelay
                                    : equal                   ? k.bonaldBaseRtt
                                                              : none;
        table.Add("baseRTT (ms)", entity, 1000 * baseRttModel, 1000 * k.baseRtt);
        if (equal)
        {
            table.Add("baseRTT, eq. 6 recursion (ms)",
                      entity,
                      1000 * k.sequentialBaseRtt,
                      1000 * k.baseRtt);
            table.Add("rate (pkts/s)", entity, k.closedFormRate, k.rate);
            table.Add("rate, eq. 5 (pkts/s)", entity, k.eq5Rate, k.rate);
        }
        else
        {
            table.Add("rate, eq. 11 low (pkts/s)", entity, k.eq11Low, k.rate);
            table.Add("rate, eq. 11 high (pkts/s)", entity, k.eq11High, k.rate);
        }
    }
    table.Add("queueing delay, eq. 6 (ms)",
              BOTTLENECK,
              1000 * m_eq6QueueingDelay,
              1000 * m_measuredQueueingDelay);
    if (equal)
    {
        table.Add("queueing delay, closed form (ms)",
                  BOTTLENECK,
                  1000 * VegasFairnessModel::ClosedFormQueueingDelay(m_parameters.connections,
                                                                     m_parameters.alpha,
                                                                     m_capacity),
                  1000 * m_measuredQueueingDelay);
    }
    table.Add("utilization", BOTTLENECK, 1, m_utilization);
    return table;
}

void
VegasFairnessHelper::PrintSummary(std::ostream& os) const
{
    CheckRun("PrintSummary");
    const bool equal = m_parameters.alpha == m_parameters.beta;
    // max and mean |error| in % of a model column
    auto errors = [this](auto model, auto simulation) {
        double worst = 0;
        double sum = 0;
        for (const Connection& k : m_connections)
        {
            const double e = std::abs(simulation(k) / model(k) - 1) * 100;
            worst = std::max(worst, e);
            sum += e;
        }
        std::ostringstream s;
        s << std::fixed << std::setprecision(1) << "max " << worst << " %, mean "
          << sum / m_connections.size() << " %";
        return s.str();
    };
    auto measuredBaseRtt = [](const Connection& k) { return k.baseRtt; };
    auto measuredRate = [](const Connection& k) { return k.rate; };
    os << "summary (|simulation / model - 1|):\n";
    if (equal)
    {
        os << "  baseRTT vs Bonald:           "
           << errors([](const Connection& k) { return k.bonaldBaseRtt; }, measuredBaseRtt) << '\n'
           << "  baseRTT vs eq. 6 recursion:  "
           << errors([](const Connection& k) { return k.sequentialBaseRtt; }, measuredBaseRtt)
           << '\n'
           << "  rate vs closed form:         "
           << errors([](const Connection& k) { return k.closedFormRate; }, measuredRate) << '\n';
    }
    else
    {
        uint32_t inside = 0;
        for (const Connection& k : m_connections)
        {
            inside += k.rate >= k.eq11Low && k.rate <= k.eq11High;
        }
        os << "  rates within eq. 11's bounds: " << inside << " of " << m_connections.size()
           << '\n';
    }
    if (equal)
    {
        os << "  rate vs eq. 5 (eq. 6 Delta): "
           << errors([](const Connection& k) { return k.eq5Rate; }, measuredRate) << '\n';
    }
    os << "  last / first rate: " << m_connections.back().rate / m_connections.front().rate
       << ", Jain's index " << GetJainIndex() << ", utilization " << m_utilization << '\n';
}

bool
VegasFairnessHelper::WritePlot(const std::string& prefix,
                               const std::string& title,
                               std::ostream& os) const
{
    CheckRun("WritePlot");
    const bool equal = m_parameters.alpha == m_parameters.beta;
    const std::string eq5Label =
        equal ? "eq. 5, Delta from eq. 6" : "eq. 5-6 with alpha (not a model for alpha < beta)";
    // One point per connection: x and y of (index from 1, connection).
    using Field = std::function<double(std::size_t, const Connection&)>;
    auto points = [this](const Field& x, const Field& y) {
        PlotWriter::Points out;
        for (std::size_t i = 0; i < m_connections.size(); ++i)
        {
            out.emplace_back(x(i + 1, m_connections[i]), y(i + 1, m_connections[i]));
        }
        return out;
    };
    const Field index = [](std::size_t i, const Connection&) { return static_cast<double>(i); };
    const Field overestimation = [](std::size_t, const Connection& k) {
        return 1000 * k.overestimation;
    };
    const Field rate = [](std::size_t, const Connection& k) { return k.rate; };
    const Field eq5Rate = [](std::size_t, const Connection& k) { return k.eq5Rate; };
    // Eq. 11's bounds (measured Delta) per connection, at x.
    auto bounds = [this](const Field& x) {
        PlotWriter::Bounds out;
        for (std::size_t i = 0; i < m_connections.size(); ++i)
        {
            const Connection& k = m_connections[i];
            out.emplace_back(x(i + 1, k), k.eq11Low, k.eq11High);
        }
        return out;
    };
    const Field closedFormRate = [](std::size_t, const Connection& k) { return k.closedFormRate; };
    PlotWriter writer(prefix);
    // Figs. 4/8 and 7: rate vs x; the model is eq. 5 and, with alpha = beta, the closed form at
    // closedFormX, else eq. 11's bounds.
    auto addRates = [&](const std::string& what,
                        const std::string& xlabel,
                        const std::string& suffix,
                        const Field& x,
                        const std::string& closedFormLabel,
                        const Field& closedFormX) {
        PlotWriter::Figure& figure = writer.AddFigure(title + ": " + what, xlabel, suffix);
        figure.SetStyle(PlotWriter::Style::POINTS);
        PlotWriter::Panel& panel = figure.AddPanel("rate (packets/s)");
        const std::size_t simulated = panel.AddCurve("simulation", points(x, rate));
        panel.AddModelCurve(eq5Label, points(x, eq5Rate));
        if (equal)
        {
            panel.AddModelCurve(closedFormLabel, points(closedFormX, closedFormRate));
        }
        else
        {
            panel.AddModelBounds("eq. 11 bounds (measured Delta)", bounds(x), simulated);
        }
    };
    addRates("rate vs baseRTT over-estimation",
             "over-estimation x_i = baseRTT_i - d (ms)",
             "overestimation",
             overestimation,
             "closed form at Bonald x_i",
             [](std::size_t, const Connection& k) { return 1000 * k.bonaldOverestimation; });
    const std::string byIndex = "connection index i (arrival order)";
    addRates("rate per connection",
             byIndex,
             "index",
             index,
             "closed form c/(nS_n - (i-1)S_{i-1})",
             index);
    // Fig. 3: baseRTT vs connection index.
    PlotWriter::Figure& figure3 =
        writer.AddFigure(title + ": baseRTT per connection", byIndex, "baseRtt");
    figure3.SetStyle(PlotWriter::Style::POINTS);
    PlotWriter::Panel& baseRtts = figure3.AddPanel("baseRTT (ms)");
    baseRtts.AddCurve("simulation", points(index, [](std::size_t, const Connection& k) {
                          return 1000 * k.baseRtt;
                      }));
    baseRtts.AddModelCurve(
        "Bonald: d + (alpha/c)(i-1)S_{i-1}",
        points(index, [](std::size_t, const Connection& k) { return 1000 * k.bonaldBaseRtt; }));
    baseRtts.AddModelCurve("eq. 6 recursion", points(index, [](std::size_t, const Connection& k) {
                               return 1000 * k.sequentialBaseRtt;
                           }));
    baseRtts.AddModelLine("d = " + PlotWriter::FormatTime(Seconds(m_propagationDelay)),
                          1000 * m_propagationDelay);
    return writer.Write(os);
}

} // namespace ns3
