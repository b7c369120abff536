/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "buffer-sweep-helper.h"

#include "network-helper.h"
#include "parallel-sweep.h"
#include "plot-writer.h"
#include "tcp-retransmission-counter.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/log.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/queue-disc.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/type-id.h"

#include <cmath>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BufferSweepHelper");

namespace
{
/// Name of the bottleneck link in the description.
const std::string BOTTLENECK = "bottleneck";
/// Name of the flows' class in the description.
const std::string FLOW_CLASS = "1a";
/// Samples NetworkHelper takes of its own statistics over the run (unused here: few is cheap).
constexpr int64_t NETWORK_HELPER_SAMPLES = 10;

/// Indices of a point's numbers as ParallelSweep carries them.
enum ResultIndex : std::size_t
{
    GOODPUT = 0,
    RETRANSMISSIONS,
    CA_RETRANSMISSIONS,
    TIMEOUTS,
    DROPS,
    RESULT_SIZE
};

/// Attach a counter to every source's socket (the sources have all started).
void
AttachCounters(const std::vector<Ptr<PersistentFlowApplication>>& sources,
               std::vector<TcpRetransmissionCounter>* counters)
{
    for (std::size_t i = 0; i < sources.size(); ++i)
    {
        Ptr<TcpSocketBase> socket = DynamicCast<TcpSocketBase>(sources[i]->GetSocket());
        NS_ABORT_MSG_UNLESS(socket,
                            "BufferSweepHelper: flow " << i << " has no TCP socket at "
                                                       << Simulator::Now().As(Time::MS));
        (*counters)[i].Attach(socket);
    }
}
} // namespace

BufferSweepHelper::BufferSweepHelper(const Parameters& parameters)
    : m_parameters(parameters)
{
    const Parameters& p = m_parameters;
    NS_ABORT_MSG_IF(p.flows == 0, "BufferSweepHelper: flows (--flows) must be >= 1");
    NS_ABORT_MSG_UNLESS(p.duration.IsStrictlyPositive(),
                        "BufferSweepHelper: duration (--duration) must be > 0");
    NS_ABORT_MSG_IF(p.startJitter.IsStrictlyNegative() || p.startJitter >= p.rtt,
                    "BufferSweepHelper: startJitter (--startJitter) must be in [0, rtt = "
                        << p.rtt.As(Time::MS) << ")");
    NS_ABORT_MSG_IF(p.startJitter >= p.duration,
                    "BufferSweepHelper: startJitter (--startJitter) must be below the duration");
    NS_ABORT_MSG_IF(p.buffers.empty(), "BufferSweepHelper: no buffer size (--buffers)");
    for (uint32_t b : p.buffers)
    {
        NS_ABORT_MSG_IF(b == 0, "BufferSweepHelper: buffer sizes (--buffers) must be >= 1 packet");
    }
    NS_ABORT_MSG_IF(p.protocols.empty(), "BufferSweepHelper: no protocol (--protocols)");
    NS_ABORT_MSG_UNLESS(p.alpha > 0 && p.alpha <= p.beta,
                        "BufferSweepHelper: need 0 < alpha <= beta (--alpha, --beta), not alpha = "
                            << p.alpha << ", beta = " << p.beta);
    NS_ABORT_MSG_IF(p.seed == 0, "BufferSweepHelper: the RNG seed (--seed) must be >= 1");
    for (const std::string& protocol : p.protocols)
    {
        // Validate() checks the TypeId, rates, delays and sizes, naming the field.
        try
        {
            Describe(p, protocol, p.buffers.front());
        }
        catch (const std::invalid_argument& e)
        {
            NS_ABORT_MSG("BufferSweepHelper: " << e.what());
        }
    }
}

const BufferSweepHelper::Parameters&
BufferSweepHelper::GetParameters() const
{
    return m_parameters;
}

NetworkDescription
BufferSweepHelper::Describe(const Parameters& p, const std::string& protocol, uint32_t buffer)
{
    NetworkDescription d;
    d.packetSize = p.packetSize;
    d.accessRate = p.accessRate;
    d.startJitter = p.startJitter;
    NetworkDescription::LinkSpec bottleneck;
    bottleneck.name = BOTTLENECK;
    bottleneck.from = "R1";
    bottleneck.to = "R2";
    bottleneck.rate = p.bottleneck;
    bottleneck.delay = p.bottleneckDelay;
    bottleneck.bufferPackets = buffer;
    d.links.push_back(bottleneck);
    NetworkDescription::ClassSpec c;
    c.name = FLOW_CLASS;
    c.flows = p.flows;
    c.route = {BOTTLENECK};
    c.rtt = p.rtt;
    c.tcp = protocol;
    c.alpha = p.alpha;
    c.beta = p.beta;
    d.classes.push_back(c);
    d.Validate();
    return d;
}

BufferSweepHelper::Result
BufferSweepHelper::RunPoint(const std::string& protocol, uint32_t buffer) const
{
    NS_LOG_FUNCTION(this << protocol << buffer);
    const Parameters& p = m_parameters;
    RngSeedManager::SetSeed(p.seed);
    RngSeedManager::SetRun(p.run);
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(p.sack));

    NetworkHelper network(Describe(p, protocol, buffer));
    network.SetMeasurementWindow(Seconds(0), p.duration);
    network.SetSamplingInterval(p.duration / NETWORK_HELPER_SAMPLES);
    network.AssignStreams(1);
    network.Install();
    const std::vector<Ptr<PersistentFlowApplication>> sources = network.GetSources(FLOW_CLASS);
    std::vector<TcpRetransmissionCounter> counters(sources.size());
    // Every flow has started by startJitter and sends its first data segment a round trip after
    // its start (SYN, SYN-ACK), later than startJitter < rtt: attach the counters right then.
    Simulator::Schedule(p.startJitter + TimeStep(1), &AttachCounters, sources, &counters);
    network.Run(p.duration, false);

    Result r;
    r.protocol = protocol;
    r.buffer = buffer;
    const double segment = Describe(p, protocol, buffer).GetSegmentSize();
    double acked = 0;
    double retransmissions = 0;
    double caRetransmissions = 0;
    double timeouts = 0;
    for (const TcpRetransmissionCounter& counter : counters)
    {
        acked += counter.GetAckedBytes() / segment;
        retransmissions += counter.GetRetransmissions();
        caRetransmissions += counter.GetCongestionAvoidanceRetransmissions();
        timeouts += counter.GetTimeouts();
    }
    const double n = counters.size();
    r.goodput = acked / n / p.duration.GetSeconds();
    r.retransmissions = retransmissions / n;
    r.caRetransmissions = caRetransmissions / n;
    r.timeouts = timeouts / n;
    r.drops = network.GetQueueDisc(BOTTLENECK)->GetStats().nTotalDroppedPackets;
    Simulator::Destroy();
    return r;
}

std::vector<BufferSweepHelper::Result>
BufferSweepHelper::Run(unsigned jobs, bool progress) const
{
    NS_ABORT_MSG_IF(jobs == 0, "BufferSweepHelper: jobs (--jobs) must be >= 1");
    const Parameters& p = m_parameters;
    std::vector<std::pair<uint32_t, std::string>> points;
    std::vector<std::string> labels;
    for (uint32_t buffer : p.buffers)
    {
        for (const std::string& protocol : p.protocols)
        {
            points.emplace_back(buffer, protocol);
            labels.push_back(GetLabel(protocol) + " buffer=" + std::to_string(buffer));
        }
    }
    ParallelSweep sweep(jobs);
    sweep.SetProgress(progress, labels);
    const std::vector<std::vector<double>> numbers =
        sweep.Run(points.size(), [this, &points](std::size_t i) {
            const Result r = RunPoint(points[i].second, points[i].first);
            std::vector<double> v(RESULT_SIZE);
            v[GOODPUT] = r.goodput;
            v[RETRANSMISSIONS] = r.retransmissions;
            v[CA_RETRANSMISSIONS] = r.caRetransmissions;
            v[TIMEOUTS] = r.timeouts;
            v[DROPS] = r.drops;
            return v;
        });
    std::vector<Result> results;
    for (std::size_t i = 0; i < points.size(); ++i)
    {
        const std::vector<double>& v = numbers[i];
        NS_ABORT_MSG_UNLESS(v.size() == RESULT_SIZE,
                            "BufferSweepHelper: point '" << labels[i] << "' returned " << v.size()
                                                         << " numbers");
        results.push_back({points[i].second,
                           points[i].first,
                           v[GOODPUT],
                           v[RETRANSMISSIONS],
                           v[CA_RETRANSMISSIONS],
                           v[TIMEOUTS],
                           v[DROPS]});
    }
    return results;
}

std::string
BufferSweepHelper::GetLabel(const std::string& protocol)
{
    if (protocol == "ns3::TcpNewReno")
    {
        return "Reno";
    }
    if (protocol == "ns3::TcpDualVegas")
    {
        return "Vegas";
    }
    return protocol;
}

ComparisonTable
BufferSweepHelper::Tabulate(const std::vector<Result>& results, const std::string& title)
{
    ComparisonTable table(title);
    const double none = std::nan("");
    for (const Result& r : results)
    {
        const std::string entity = GetLabel(r.protocol) + " buffer=" + std::to_string(r.buffer);
        table.Add("goodput per flow (pkts/s)", entity, none, r.goodput);
        table.Add("retransmissions per flow (pkts)", entity, none, r.retransmissions);
        table.Add("CA retransmissions per flow (pkts)", entity, none, r.caRetransmissions);
        table.Add("timeouts per flow", entity, none, r.timeouts);
        table.Add("bottleneck drops (pkts)", entity, none, r.drops);
    }
    return table;
}

void
BufferSweepHelper::Print(std::ostream& os, const std::vector<Result>& results)
{
    os << std::setw(8) << "buffer" << std::setw(10) << "protocol" << std::setw(14) << "goodput/flow"
       << std::setw(14) << "retx/flow" << std::setw(14) << "CA retx/flow" << std::setw(14)
       << "RTOs/flow" << std::setw(12) << "drops" << '\n'
       << std::setw(8) << "(pkts)" << std::setw(10) << "" << std::setw(14) << "(pkts/s)"
       << std::setw(14) << "(pkts)" << std::setw(14) << "(pkts)" << std::setw(14) << ""
       << std::setw(12) << "(pkts)" << '\n';
    const std::ios::fmtflags flags = os.flags();
    os << std::fixed;
    for (const Result& r : results)
    {
        os << std::setw(8) << r.buffer << std::setw(10) << GetLabel(r.protocol)
           << std::setprecision(2) << std::setw(14) << r.goodput << std::setw(14)
           << r.retransmissions << std::setw(14) << r.caRetransmissions << std::setw(14)
           << r.timeouts << std::setprecision(0) << std::setw(12) << r.drops << '\n';
    }
    os.flags(flags);
}

bool
BufferSweepHelper::WritePlot(const std::string& prefix,
                             const std::string& title,
                             const std::vector<Result>& results,
                             std::ostream& os) const
{
    const Parameters& p = m_parameters;
    PlotWriter writer(prefix);
    PlotWriter::Figure& figure = writer.AddFigure(title, "bottleneck buffer (packets)");
    figure.SetStyle(PlotWriter::Style::LINES_POINTS);
    // Fig. 8's three panels, one curve per protocol.
    const std::vector<std::pair<std::string, double Result::*>> panels{
        {"goodput per flow (pkts/s)", &Result::goodput},
        {"retransmissions per flow (pkts)", &Result::retransmissions},
        {"CA retransmissions per flow (pkts)", &Result::caRetransmissions}};
    for (const auto& [ylabel, field] : panels)
    {
        PlotWriter::Panel& panel = figure.AddPanel(ylabel);
        panel.SetYFromZero(true);
        for (const std::string& protocol : p.protocols)
        {
            PlotWriter::Points points;
            for (const Result& r : results)
            {
                if (r.protocol == protocol)
                {
                    points.emplace_back(r.buffer, r.*field);
                }
            }
            panel.AddCurve(GetLabel(protocol), points);
        }
    }
    return writer.Write(os);
}

} // namespace ns3
