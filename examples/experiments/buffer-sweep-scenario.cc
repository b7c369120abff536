/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "buffer-sweep-scenario.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/dumbbell-description.h"
#include "ns3/log.h"
#include "ns3/network-helper.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/plot-writer.h"
#include "ns3/queue-disc.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/tcp-retransmission-counter.h"
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

NS_LOG_COMPONENT_DEFINE("BufferSweepScenario");

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
                            "BufferSweepScenario: flow " << i << " has no TCP socket at "
                                                         << Simulator::Now().As(Time::MS));
        (*counters)[i].Attach(socket);
    }
}

/// \return the items of \p list joined with commas \param list the items
template <class T>
std::string
Join(const std::vector<T>& list)
{
    std::ostringstream os;
    for (std::size_t i = 0; i < list.size(); ++i)
    {
        os << (i ? "," : "") << list[i];
    }
    return os.str();
}

/**
 * Parse --buffers.
 * \param text comma-separated packet counts
 * \return the buffer sizes; throws std::invalid_argument unless each is an integer in
 *         [1, MAX_BUFFER]
 */
std::vector<uint32_t>
ParseBuffers(const std::string& text)
{
    constexpr unsigned long MAX_BUFFER = 1000000;
    std::vector<uint32_t> buffers;
    for (const std::string& item : Scenario::SplitList("buffers", text))
    {
        uint64_t value = 0; // 0: not a whole number in [0, MAX_BUFFER] (StrictValue)
        try
        {
            value = StrictValue::ParseUnsigned(item, MAX_BUFFER);
        }
        catch (const std::invalid_argument&)
        {
            value = 0;
        }
        if (value < 1)
        {
            throw std::invalid_argument("--buffers=" + text + ": '" + item +
                                        "' is not a packet count; valid: integers in [1, " +
                                        std::to_string(MAX_BUFFER) + "]");
        }
        buffers.push_back(static_cast<uint32_t>(value));
    }
    return buffers;
}

} // namespace

BufferSweepScenario::BufferSweepScenario()
    : Scenario("vegas-buffer-sweep",
               "The Vegas paper's buffer-size experiment (§6.4, Fig. 8): goodput and "
               "retransmissions of Reno and Vegas vs the bottleneck buffer."),
      m_buffers(Join(m_parameters.buffers)),
      m_protocols(Join(m_parameters.protocols))
{
    Settings defaults;
    defaults.progress = true;
    SetSettings(defaults);
}

BufferSweepScenario::BufferSweepScenario(const Parameters& parameters)
    : BufferSweepScenario()
{
    m_parameters = parameters;
    m_buffers = Join(parameters.buffers);
    m_protocols = Join(parameters.protocols);
    Check();
}

void
BufferSweepScenario::AddOptions(StrictCommandLine& cmd)
{
    Parameters& p = m_parameters;
    cmd.AddValue("buffers",
                 "Bottleneck buffer sizes, packets, comma-separated (each >= 1)",
                 m_buffers);
    cmd.AddValue("protocols",
                 "Congestion-control TypeIds, comma-separated (Reno = ns3::TcpNewReno, Vegas = "
                 "ns3::TcpDualVegas)",
                 m_protocols);
    cmd.AddValue("flows", "Persistent flows 1a(i) -> 1b(i) (>= 1; paper: 100)", p.flows);
    cmd.AddValue("duration", "Simulated and measured time from 0 (> 0; paper: 50s)", p.duration);
    cmd.AddValue("bottleneck", "Bottleneck rate (paper: 6000 KB/s = 48Mbps)", p.bottleneck);
    cmd.AddValue("accessRate", "Rate of every host-router link (paper: 10Mbps)", p.accessRate);
    cmd.AddValue("rtt", "Round-trip propagation delay of every flow (paper: 50ms)", p.rtt);
    cmd.AddValue("alpha", "Vegas alpha, packets per RTT (> 0; paper: 1)", p.alpha);
    cmd.AddValue("beta", "Vegas beta, packets per RTT (>= alpha; paper: 3)", p.beta);
    cmd.AddValue("sack", "TCP SACK (the paper's ns-2 Reno and Vegas have none)", p.sack);
    cmd.AddValue("startJitter", "Flows start uniformly in [0, startJitter] (< rtt)", p.startJitter);
    cmd.AddValue("seed", "RNG seed (>= 1)", p.seed);
    cmd.AddValue("run", "RNG run number", p.run);
}

void
BufferSweepScenario::Check()
{
    Parameters& p = m_parameters;
    p.buffers = ParseBuffers(m_buffers);
    p.protocols = SplitList("protocols", m_protocols);
    for (const std::string& protocol : p.protocols)
    {
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(protocol, &tid) ||
            !tid.IsChildOf(TypeId::LookupByName("ns3::TcpCongestionOps")))
        {
            throw std::invalid_argument("--protocols=" + m_protocols + ": '" + protocol +
                                        "' is not a TcpCongestionOps TypeId; valid: e.g. "
                                        "ns3::TcpNewReno, ns3::TcpDualVegas");
        }
    }
    Require(p.flows >= 1, "flows", p.flows, "no flow", ">= 1");
    Require(p.duration.IsStrictlyPositive(),
            "duration",
            p.duration.As(Time::S),
            "not positive",
            "> 0");
    Require(!p.startJitter.IsStrictlyNegative() && p.startJitter < p.rtt &&
                p.startJitter < p.duration,
            "startJitter",
            p.startJitter.As(Time::S),
            "out of range",
            "in [0, rtt) and below the duration");
    const std::string backlog =
        " packets, at most " + StrictValue::Describe(AlgorithmTraits::MAX_ALPHA);
    Require(p.alpha > 0 && p.alpha <= AlgorithmTraits::MAX_ALPHA,
            "alpha",
            p.alpha,
            "out of range",
            "> 0" + backlog);
    Require(p.beta >= p.alpha && p.beta <= AlgorithmTraits::MAX_ALPHA,
            "beta",
            p.beta,
            p.beta < p.alpha ? "below --alpha" : "out of range",
            ">= alpha" + backlog);
    Require(p.seed >= 1, "seed", p.seed, "zero", ">= 1");
    m_points.clear();
    for (uint32_t buffer : p.buffers)
    {
        for (const std::string& protocol : p.protocols)
        {
            // Validate() checks the rates, delays and sizes, naming the field.
            Describe(p, protocol, buffer);
            m_points.emplace_back(buffer, protocol);
        }
    }
}

bool
BufferSweepScenario::IsSweep() const
{
    return true;
}

std::size_t
BufferSweepScenario::GetPointCount() const
{
    return m_points.size();
}

std::string
BufferSweepScenario::GetPointLabel(std::size_t point) const
{
    return GetLabel(m_points[point].second) + " buffer=" + std::to_string(m_points[point].first);
}

const BufferSweepScenario::Parameters&
BufferSweepScenario::GetParameters() const
{
    return m_parameters;
}

NetworkDescription
BufferSweepScenario::Describe(const Parameters& p, const std::string& protocol, uint32_t buffer)
{
    DumbbellDescription::Parameters dumbbell;
    dumbbell.packetSize = p.packetSize;
    dumbbell.accessRate = p.accessRate;
    dumbbell.startJitter = p.startJitter;
    dumbbell.name = BOTTLENECK;
    dumbbell.rate = p.bottleneck;
    dumbbell.delay = p.bottleneckDelay;
    dumbbell.bufferPackets = buffer;
    NetworkDescription d = DumbbellDescription::Create(dumbbell);
    NetworkDescription::ClassSpec& c = DumbbellDescription::AddClass(d, FLOW_CLASS, p.flows, p.rtt);
    c.tcp = protocol;
    if (!AlgorithmTraits::GetKeywordNames(TypeId::LookupByName(protocol)).empty())
    {
        c.SetTcpKeyword("alpha", p.alpha).SetTcpKeyword("beta", p.beta); // Vegas' (not Reno's)
    }
    d.Validate();
    return d;
}

BufferSweepScenario::Result
BufferSweepScenario::RunPoint(const std::string& protocol, uint32_t buffer) const
{
    NS_LOG_FUNCTION(this << protocol << buffer);
    const Parameters& p = m_parameters;
    RngSeedManager::SetSeed(p.seed);
    RngSeedManager::SetRun(p.run);
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(p.sack));

    NetworkHelper network(Describe(p, protocol, buffer));
    network.GetMonitor().SetMeasurementWindow(Seconds(0), p.duration);
    network.GetMonitor().SetSamplingInterval(p.duration / NETWORK_HELPER_SAMPLES);
    network.GetBuilder().AssignStreams(1);
    network.Install();
    const std::vector<Ptr<PersistentFlowApplication>> sources =
        network.GetNetwork().GetSources(FLOW_CLASS);
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
    r.drops = network.GetNetwork().GetQueueDisc(BOTTLENECK)->GetStats().nTotalDroppedPackets;
    Simulator::Destroy();
    return r;
}

std::vector<double>
BufferSweepScenario::RunPoint(std::size_t point)
{
    const Result r = RunPoint(m_points[point].second, m_points[point].first);
    std::vector<double> v(RESULT_SIZE);
    v[GOODPUT] = r.goodput;
    v[RETRANSMISSIONS] = r.retransmissions;
    v[CA_RETRANSMISSIONS] = r.caRetransmissions;
    v[TIMEOUTS] = r.timeouts;
    v[DROPS] = r.drops;
    return v;
}

std::vector<BufferSweepScenario::Result>
BufferSweepScenario::GetResults(const std::vector<std::vector<double>>& numbers) const
{
    NS_ABORT_MSG_UNLESS(numbers.size() == m_points.size(),
                        "BufferSweepScenario: " << numbers.size() << " results for "
                                                << m_points.size() << " points");
    std::vector<Result> results;
    for (std::size_t i = 0; i < m_points.size(); ++i)
    {
        const std::vector<double>& v = numbers[i];
        NS_ABORT_MSG_UNLESS(v.size() == RESULT_SIZE,
                            "BufferSweepScenario: point '" << GetPointLabel(i) << "' returned "
                                                           << v.size() << " numbers");
        results.push_back({m_points[i].second,
                           m_points[i].first,
                           v[GOODPUT],
                           v[RETRANSMISSIONS],
                           v[CA_RETRANSMISSIONS],
                           v[TIMEOUTS],
                           v[DROPS]});
    }
    return results;
}

int
BufferSweepScenario::Evaluate(const std::vector<std::vector<double>>& numbers, std::ostream& os)
{
    const Parameters& p = m_parameters;
    const std::vector<Result> results = GetResults(numbers);
    std::ostringstream title;
    title << "Buffer sweep (Vegas paper Fig. 8): " << p.flows << " flows, bottleneck "
          << p.bottleneck.GetBitRate() / 1e6 << " Mb/s, RTT " << p.rtt.GetMilliSeconds()
          << " ms, access " << p.accessRate.GetBitRate() / 1e6 << " Mb/s, Vegas alpha " << p.alpha
          << " beta " << p.beta << ", first " << p.duration.GetSeconds() << " s"
          << (p.sack ? ", SACK" : "");
    os << title.str() << "\nper-flow means; CA retx: retransmissions of loss episodes "
       << "begun with cwnd >= ssthresh\n";
    Print(os, results);
    WriteCsv(os, Tabulate(results, title.str()));
    if (!GetPlotPrefix().empty())
    {
        std::ostringstream plotTitle;
        plotTitle << "Buffer sweep (Vegas paper Fig. 8): " << p.flows << " flows, bottleneck "
                  << PlotWriter::FormatRate(p.bottleneck.GetBitRate()) << ", RTT "
                  << PlotWriter::FormatTime(p.rtt) << ", access "
                  << PlotWriter::FormatRate(p.accessRate.GetBitRate()) << ", Vegas alpha "
                  << p.alpha << " beta " << p.beta << ", first "
                  << PlotWriter::FormatTime(p.duration) << (p.sack ? ", SACK" : "");
        WritePlot(GetPlotPrefix(), plotTitle.str(), results, os);
    }
    return 0;
}

std::string
BufferSweepScenario::GetLabel(const std::string& protocol)
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
BufferSweepScenario::Tabulate(const std::vector<Result>& results, const std::string& title)
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
BufferSweepScenario::Print(std::ostream& os, const std::vector<Result>& results)
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
BufferSweepScenario::WritePlot(const std::string& prefix,
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

std::vector<OwnedAttributes::Entry>
BufferSweepScenario::GetOwnedAttributes() const
{
    return {{"ns3::TcpSocketBase::Sack", "--sack"}};
}

} // namespace ns3
