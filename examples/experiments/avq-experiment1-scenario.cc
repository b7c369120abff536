/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "avq-experiment1-scenario.h"

#include "ns3/command-line.h"
#include "ns3/comparison-table.h"
#include "ns3/network-helper.h"
#include "ns3/plot-writer.h"
#include "ns3/rng-seed-manager.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>

namespace ns3
{

namespace
{
/// Paper, Table 1: mean queue before the short flows, packets.
constexpr double PAPER_QUEUE_MEAN_BEFORE = 13.11;
/// Paper, Table 1: mean queue after, packets.
constexpr double PAPER_QUEUE_MEAN_AFTER = 10.39;
/// Paper, Table 1: standard deviation before, packets.
constexpr double PAPER_QUEUE_STD_BEFORE = 20.44;
/// Paper, Table 1: standard deviation after, packets.
constexpr double PAPER_QUEUE_STD_AFTER = 15.17;
/// Paper, text after Table 1: utilization.
constexpr double PAPER_UTILIZATION = 0.9827;
/// Paper: "only 10 out of roughly 250,000 packets are dropped".
constexpr double PAPER_DROPS = 10;
/// Paper: roughly 250,000 packets.
constexpr double PAPER_PACKETS = 250000;
} // namespace

AvqExperiment1Scenario::AvqExperiment1Scenario()
    : Scenario("avq-experiment1",
               "AVQ paper, Experiment 1: queue and virtual capacity with 180 FTP flows and short "
               "flows from 100 s; Table 1 beside the simulation.")
{
}

AvqExperiment1Scenario::~AvqExperiment1Scenario() = default;

void
AvqExperiment1Scenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("ftpFlows", "Number of FTP (persistent) flows", m_ftpFlows);
    cmd.AddValue("shortRate",
                 "Short-flow arrival rate, flows/s (0: none)",
                 m_shortRate,
                 0.0,
                 NetworkDescription::MAX_ARRIVAL_RATE,
                 "0 (none) to " + StrictValue::Describe(NetworkDescription::MAX_ARRIVAL_RATE) +
                     " flows/s");
    cmd.AddValue("shortStart", "When short flows start arriving (time)", m_shortStart);
    cmd.AddValue("duration", "Simulated time", m_duration);
    cmd.AddValue("warmup",
                 "Start of the 'before' window (time; the paper includes the start)",
                 m_warmup);
    // Checked against the AVQ disc's own checkers (the message named the attribute).
    cmd.AddValue("gamma",
                 "AVQ desired utilization gamma, (0, 1]",
                 m_settings.avqGamma,
                 "ns3::AvqQueueDisc::DesiredUtilization");
    cmd.AddValue("alpha",
                 "AVQ damping alpha, > 0",
                 m_settings.avqAlpha,
                 "ns3::AvqQueueDisc::Alpha");
    cmd.AddValue("buffer", "Buffer B, packets", m_settings.bufferPackets);
    cmd.AddValue("ecn", "Mark (true) or drop (false)", m_settings.ecn);
    cmd.AddValue("subPacket",
                 "With ECN, RFC 3168 6.1.2 below two segments (TcpSubPacketSocket), as ns-2's TCP "
                 "the paper used (false: ns-3's TcpSocketBase)",
                 m_settings.subPacket);
    cmd.AddValue("startJitter",
                 "The FTP flows start uniformly in [0, startJitter] (time; the paper does not say)",
                 m_settings.startJitter);
    cmd.AddValue("shortSize",
                 "Segments per short flow (the paper gives 20 for Experiment 4, none for 1)",
                 m_settings.shortFlowSize);
    cmd.AddValue(
        "ns2Tcp",
        "ns-2.1b7a's Reno as far as ns-3 allows (TcpDefaults::UseNs2Reno(): MinRto 200 ms, "
        "ClockGranularity 100 ms, InitialCwnd 1, RTT gain 1/8, classic recovery, no SACK, "
        "ns-2's integer halving on ECN-Echo and on losses, the RTO backoff kept until a valid "
        "sample, ns-2's window_ of 20 segments: TcpSubPacketSocket::Ns2Halving, Ns2LossResponse, "
        "KeepBackoff, MaxWindow)",
        m_ns2Tcp);
    cmd.AddValue("seed", "RNG seed (RngSeedManager::SetSeed)", m_seed);
    cmd.AddValue("run", "RNG run number (RngSeedManager::SetRun)", m_run);
}

void
AvqExperiment1Scenario::Check()
{
    std::ostringstream window;
    window << "warmup < shortStart < duration (warmup " << m_warmup.As(Time::S) << ", duration "
           << m_duration.As(Time::S) << ")";
    RequirePair(m_duration > m_shortStart && m_shortStart > m_warmup,
                "shortStart",
                m_shortStart.As(Time::S),
                "outside the run",
                "duration",
                m_duration.As(Time::S),
                window.str());
    std::string size;
    Require(m_shortRate > 0 || !IsOptionGiven("shortSize", &size),
            "shortSize",
            size,
            "no effect with --shortRate=0 (no short flows)",
            "leave it out, or --shortRate > 0");
}

std::vector<double>
AvqExperiment1Scenario::RunPoint(std::size_t /* point */)
{
    RngSeedManager::SetSeed(m_seed);
    RngSeedManager::SetRun(m_run);
    std::vector<AqmExperiment::ShortPeriod> shortFlows;
    if (m_shortRate > 0)
    {
        shortFlows.push_back({m_shortRate, m_shortStart, Time(0)});
    }
    m_network =
        std::make_unique<NetworkHelper>(AqmExperiment::Describe("AVQ",
                                                                m_settings,
                                                                {{m_ftpFlows, Seconds(0), Time(0)}},
                                                                shortFlows));
    AqmExperiment::Prepare(*m_network, "AVQ", m_settings, 1);
    if (m_ns2Tcp)
    {
        m_network->GetTcpDefaults().UseNs2Reno();
    }
    m_network->Install();
    m_network->Run(m_duration, GetSettings().progress);
    return {};
}

int
AvqExperiment1Scenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                                 std::ostream& os)
{
    const TestbedMonitor& monitor = m_network->GetMonitor();
    const TestbedMonitor::WindowMeasurement before = monitor.MeasureWindow(m_warmup, m_shortStart);
    const TestbedMonitor::WindowMeasurement after = monitor.MeasureWindow(m_shortStart, m_duration);
    const TestbedMonitor::WindowMeasurement all = monitor.MeasureWindow(m_warmup, m_duration);
    const bool paperScale = m_ftpFlows == 180 && m_shortRate == 30 &&
                            m_shortStart == Seconds(100) && m_duration == Seconds(200) &&
                            m_settings.avqGamma == 0.98 && m_settings.ecn && m_warmup.IsZero();
    // The paper's numbers only where the run is the paper's.
    auto paper = [paperScale](double value) { return paperScale ? value : std::nan(""); };
    const double none = std::nan("");

    ComparisonTable table("AVQ Experiment 1: " + std::to_string(m_ftpFlows) + " FTP flows, short " +
                          "flows " + std::to_string(m_shortRate).substr(0, 4) + "/s from " +
                          std::to_string(m_shortStart.GetSeconds()).substr(0, 5) + " s; " +
                          AqmExperiment::DescribeTcp(m_settings) +
                          (m_ns2Tcp ? ", ns-2.1b7a's Reno (UseNs2Reno)" : "") +
                          "; model = paper (Table 1) or gamma");
    table.Add("queue mean (pkts)",
              "before short flows",
              paper(PAPER_QUEUE_MEAN_BEFORE),
              before.queueMean);
    table.Add("queue std (pkts)",
              "before short flows",
              paper(PAPER_QUEUE_STD_BEFORE),
              before.queueStd);
    table.Add("queue mean (pkts)",
              "after short flows",
              paper(PAPER_QUEUE_MEAN_AFTER),
              after.queueMean);
    table.Add("queue std (pkts)",
              "after short flows",
              paper(PAPER_QUEUE_STD_AFTER),
              after.queueStd);
    table.Add("utilization", "whole run (paper)", paper(PAPER_UTILIZATION), all.utilization);
    table.Add("utilization", "whole run (gamma)", m_settings.avqGamma, all.utilization);
    table.Add("utilization", "before short flows", m_settings.avqGamma, before.utilization);
    table.Add("utilization", "after short flows", m_settings.avqGamma, after.utilization);
    table.Add("C~ mean (Mb/s)",
              "before short flows",
              none,
              AqmExperiment::MeanVirtualCapacityMbps(monitor, m_warmup, m_shortStart, m_settings));
    table.Add(
        "C~ mean (Mb/s)",
        "after short flows",
        none,
        AqmExperiment::MeanVirtualCapacityMbps(monitor, m_shortStart, m_duration, m_settings));
    table.Add("packets arrived", "whole run", paper(PAPER_PACKETS), all.arrivals);
    table.Add("drops (pkts)", "whole run", paper(PAPER_DROPS), all.drops);
    table.Add("drops (pkts)", "before short flows", none, before.drops);
    table.Add("drops (pkts)", "after short flows", none, after.drops);
    table.Add("marks (pkts)", "whole run", none, all.marks);
    table.Add("goodput / capacity", "whole run", none, all.goodputFraction);
    if (m_shortRate > 0)
    {
        // The model of the arrivals is the Poisson mean lambda T.
        table.Add("short flows arrived",
                  "after short flows",
                  m_shortRate * (m_duration - m_shortStart).GetSeconds(),
                  after.shortArrived);
        table.Add("short flows completed", "after short flows", none, after.shortCompleted);
    }
    Report(os, table);
    if (GetPlotPrefix().empty())
    {
        return 0;
    }
    // Means over about 1000 intervals: 10 ms samples of the oscillating queue would alias.
    const Time interval = std::max(m_settings.samplingInterval, m_duration / 1000);
    const std::string means = ", " + PlotWriter::FormatTime(interval) + " means)";
    using Sample = TestbedMonitor::LinkSample;
    const std::vector<Sample>& samples = monitor.GetLinkSamples();
    std::ostringstream title;
    title << "AVQ Experiment 1 (Figs. 1-2): " << m_ftpFlows << " FTP flows, "
          << PlotWriter::FormatRate(m_settings.linkRate.GetBitRate()) << ", ";
    if (m_shortRate > 0)
    {
        title << "short flows " << PlotWriter::FormatNumber(m_shortRate) << "/s from "
              << PlotWriter::FormatTime(m_shortStart);
    }
    else
    {
        title << "no short flows";
    }
    PlotWriter writer(GetPlotPrefix());
    PlotWriter::Figure& figure = writer.AddFigure(title.str(), "time (s)");
    if (m_warmup.IsStrictlyPositive())
    {
        figure.AddWindow(m_warmup.GetSeconds(), m_duration.GetSeconds());
    }
    PlotWriter::Panel& queue = figure.AddPanel("queue (packets" + means);
    const std::size_t curve =
        queue.AddCurve("AVQ queue",
                       AqmExperiment::SampleCurve(
                           samples,
                           [](const Sample& sample) { return sample.backlog; },
                           interval));
    if (paperScale)
    {
        queue.AddModelCurve("paper (Table 1): mean " +
                                PlotWriter::FormatNumber(PAPER_QUEUE_MEAN_BEFORE) + " before, " +
                                PlotWriter::FormatNumber(PAPER_QUEUE_MEAN_AFTER) +
                                " after the short flows",
                            {{m_warmup.GetSeconds(), PAPER_QUEUE_MEAN_BEFORE},
                             {m_shortStart.GetSeconds(), PAPER_QUEUE_MEAN_BEFORE},
                             {m_shortStart.GetSeconds(), none},
                             {m_shortStart.GetSeconds(), PAPER_QUEUE_MEAN_AFTER},
                             {m_duration.GetSeconds(), PAPER_QUEUE_MEAN_AFTER}},
                            curve);
    }
    figure.AddPanel("virtual capacity C~ (Mb/s" + means)
        .AddCurve("C~",
                  AqmExperiment::SampleCurve(
                      samples,
                      [this](const Sample& sample) {
                          return AqmExperiment::GetVirtualCapacityMbps(sample, m_settings);
                      },
                      interval));
    writer.Write(os);
    return 0;
}

std::vector<OwnedAttributes::Entry>
AvqExperiment1Scenario::GetOwnedAttributes() const
{
    std::vector<OwnedAttributes::Entry> owned =
        AqmExperiment::GetOwnedAttributes({"AVQ"},
                                          m_settings,
                                          {{"MaxSize", "--buffer"},
                                           {"DesiredUtilization", "--gamma"},
                                           {"Alpha", "--alpha"},
                                           {"UseEcn", "--ecn"}});
    if (m_ns2Tcp) // known after parsing: ScenarioRunner asks again then
    {
        for (const OwnedAttributes::Entry& e : AqmExperiment::GetNs2TcpAttributes())
        {
            owned.push_back(e);
        }
    }
    return owned;
}

} // namespace ns3
