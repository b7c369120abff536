/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aqm-comparison-scenario.h"

#include "ns3/algorithm-traits.h"
#include "ns3/command-line.h"
#include "ns3/comparison-check.h"
#include "ns3/fluid-model-builder.h"
#include "ns3/network-helper.h"
#include "ns3/plot-writer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/trajectory-distance.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <ostream>
#include <set>
#include <sstream>

namespace ns3
{

namespace
{

/// Indices of the numbers a point returns.
enum Result : std::size_t
{
    UTILIZATION,
    QUEUE_MEAN,
    QUEUE_STD,
    LOSS_RATE,
    DROPS,
    MARKS,
    GOODPUT,
    SHORT_ARRIVED,
    SHORT_COMPLETED,
    RESULT_COUNT, //!< the number of summary results; Exp. 3 appends phases and its series
};

/// Exp. 3: FTP flows at the start.
constexpr uint32_t EXP3_FLOWS = 140;
/// Exp. 3: flows that leave at --leave3 and (new ones) arrive at --return3.
constexpr uint32_t EXP3_MOVING = 105;
/// Exp. 4, 5: FTP flows.
constexpr uint32_t EXP45_FLOWS = 40;
/// Exp. 3 series: means over this interval, s (ten 10 ms samples).
constexpr double EXP3_MEAN_INTERVAL = 0.1;
/// Exp. 3 --fluid: each class' RTT range is split in this many groups (FluidModelBuilder).
constexpr uint32_t FLUID_RTT_SPLIT = 20;
/// Exp. 3 --fluid: the fluid model's step, s.
constexpr double FLUID_STEP = 1e-3;
/// Exp. 3 --fluid: the distance is measured after this many of the longest RTT.
constexpr double FLUID_DISTANCE_ROUND_TRIPS = 10;

/**
 * \param aqm an AQM of AqmExperiment::GetAqmNames()
 * \return whether its disc, as Exp. 3 configures it, has a fluid law (AlgorithmTraits::Link::
 *         fluidLaw; PIE has none). It creates the disc (and RED's random variable): call it
 *         after a packet simulation, never before one.
 */
bool
HasFluidLaw(const std::string& aqm)
{
    AqmExperiment::Settings settings;
    settings.ecn = true;
    Ptr<QueueDisc> disc = AqmExperiment::GetQueueSpec(aqm, settings).Create();
    const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(disc);
    return traits.fluidLaw && traits.fluidLaw(disc);
}

/// Queue target of REM, PI (QueueRef) and PIE (QueueDelayReference 40 ms) in the paper, packets.
constexpr double PAPER_QUEUE_TARGET = 50;
/// --check: "REM and PI has an utilization of 1.0" (Exp. 2), as measured to two digits.
constexpr double FULL_UTILIZATION = 0.99;
/// --check: AVQ's desired utilization in Exps. 2-4 (the paper's gamma).
constexpr double AVQ_GAMMA = 0.98;
/// --check: "the AVQ scheme tracks the desired utilization quite well" (Exp. 2), within this.
constexpr double AVQ_GAMMA_TOLERANCE = 0.02;

/// \return "x" with at most 4 significant digits \param x a number
std::string
Format(double x)
{
    std::ostringstream os;
    os << x;
    return os.str();
}

} // namespace

AqmComparisonScenario::AqmComparisonScenario()
    : Scenario("aqm-comparison",
               "AVQ paper, Experiments 2-5: AVQ vs RED (gentle), REM (qref 50), GKVQ (theta "
               "0.90; Exps. 2 and 4, marking only), PI and PIE on one 10 Mb/s link.")
{
}

void
AqmComparisonScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("experiment", "Which experiment: 2, 3, 4, 5 or all", m_experiment);
    cmd.AddValue("flows", "Exp. 2: numbers of FTP flows, comma-separated", m_flowsList);
    cmd.AddValue("rates",
                 "Exp. 4, 5: short-flow arrival rates, flows/s, comma-separated",
                 m_ratesList);
    cmd.AddValue("duration2", "Exp. 2: simulated time per point", m_duration2);
    cmd.AddValue("warmup2",
                 "Exp. 2: start of the measurement (slow start of all flows)",
                 m_warmup2);
    cmd.AddValue("leave3", "Exp. 3: when 105 flows leave", m_leave3);
    cmd.AddValue("return3", "Exp. 3: when 105 new flows arrive", m_return3);
    cmd.AddValue("duration3", "Exp. 3: simulated time", m_duration3);
    cmd.AddValue("converge", "Exp. 4, 5: time with FTP flows only, before short flows", m_converge);
    cmd.AddValue("measure", "Exp. 4, 5: time with short flows (the measurement window)", m_measure);
    cmd.AddValue("subPacket",
                 "Exp. 2-4 (ECN): RFC 3168 6.1.2 below two segments (TcpSubPacketSocket), as "
                 "ns-2's TCP the paper used (false: ns-3's TcpSocketBase)",
                 m_subPacket);
    cmd.AddValue("avqBuffer", "Exp. 2-4: AVQ's buffer (real and virtual), packets", m_avqBuffer);
    // Checked against the AVQ disc's own checker (the message names the attribute).
    cmd.AddValue("avqAlpha",
                 "AVQ's damping alpha, > 0 (the paper's 0.15; ns-2's vq.cc hard-codes it)",
                 m_avqAlpha,
                 "ns3::AvqQueueDisc::Alpha");
    cmd.AddValue("remInterval",
                 "REM's price update interval, > 0 (1 ms; ns-2's queue/rem.cc: pupdtime_ 2 ms)",
                 m_remInterval,
                 "ns3::RemQueueDisc::UpdateInterval");
    cmd.AddValue("ns2Tcp",
                 "ns-2.1b7a's Reno as far as ns-3 allows (TcpDefaults::UseNs2Reno(), as "
                 "avq-experiment1 --ns2Tcp)",
                 m_ns2Tcp);
    cmd.AddValue("check",
                 "Exit status 1 unless the paper's claims the module reproduces hold in this run",
                 m_check);
    cmd.AddValue("fluid",
                 "Exp. 3: also run the fluid model of each scheme with a fluid law (Reno over "
                 "AVQ, RED, REM, PI; PIE has none): its queue beside the simulation's, and their "
                 "distance in the table",
                 m_fluid);
    cmd.AddValue("engine",
                 "Exp. 3: packet (the simulation) or fluid (the fluid model alone, of the schemes "
                 "with a fluid law: the same table, its simulation column the fluid model's)",
                 m_engine);
    cmd.AddValue("seed", "RNG seed (RngSeedManager::SetSeed)", m_seed);
    cmd.AddValue("run", "RNG run number (RngSeedManager::SetRun)", m_run);
}

void
AqmComparisonScenario::Check()
{
    m_experiments.clear();
    if (m_experiment == "all")
    {
        m_experiments = {2, 3, 4, 5};
    }
    else
    {
        for (double e : ParsePositiveNumbers("experiment", m_experiment))
        {
            Require(e == 2 || e == 3 || e == 4 || e == 5,
                    "experiment",
                    m_experiment,
                    "no such experiment",
                    "2, 3, 4, 5 (comma-separated) or all");
            m_experiments.push_back(static_cast<int>(e));
        }
    }
    RequirePair(m_leave3 < m_return3 && m_return3 < m_duration3,
                "return3",
                m_return3.As(Time::S),
                "outside Exp. 3's run",
                "duration3",
                m_duration3.As(Time::S),
                "leave3 < return3 < duration3");
    Require(m_warmup2 < m_duration2,
            "warmup2",
            m_warmup2.As(Time::S),
            "not before --duration2",
            "warmup2 < duration2");
    Require(m_measure.IsStrictlyPositive(),
            "measure",
            m_measure.As(Time::S),
            "not positive",
            "> 0");
    Require(m_converge.IsPositive(), "converge", m_converge.As(Time::S), "negative", ">= 0");
    const std::vector<double> flows = ParsePositiveNumbers("flows", m_flowsList);
    const std::vector<double> rates = ParsePositiveNumbers("rates", m_ratesList);
    for (double f : flows)
    {
        Require(f == std::floor(f) && f <= NetworkDescription::MAX_FLOWS,
                "flows",
                f,
                f > NetworkDescription::MAX_FLOWS ? "out of range" : "not a whole number of flows",
                "whole numbers 1 to " + std::to_string(NetworkDescription::MAX_FLOWS));
    }
    for (double r : rates)
    {
        Require(r <= NetworkDescription::MAX_ARRIVAL_RATE,
                "rates",
                r,
                "out of range",
                "flows/s, > 0 and at most " +
                    StrictValue::Describe(NetworkDescription::MAX_ARRIVAL_RATE));
    }
    CheckOptionsHaveEffect();
    CheckEngine();

    // GKVQ only where the paper runs it: marking, Exps. 2 and 4 (not Exp. 3's queue regulators;
    // "we do not use GKVQ as a dropping algorithm", Exp. 5).
    const std::vector<Variant> marking{{"AVQ", 0.98, "AVQ"},
                                       {"RED", 0, "RED"},
                                       {"REM", 0, "REM"},
                                       {"GKVQ", 0, "GKVQ"},
                                       {"PIE", 0, "PIE"},
                                       {"PI", 0, "PI"}};
    const std::vector<Variant> dropping{{"AVQ", 1.0, "AVQ g=1.0"},
                                        {"AVQ", 0.98, "AVQ g=0.98"},
                                        {"RED", 0, "RED"},
                                        {"REM", 0, "REM"},
                                        {"PIE", 0, "PIE"},
                                        {"PI", 0, "PI"}};
    m_points.clear();
    for (int e : m_experiments)
    {
        const std::vector<Variant>& variants = e == 5 ? dropping : marking;
        if (e == 3)
        {
            for (const Variant& v : variants)
            {
                // --engine=fluid: the schemes with a fluid law (no packet simulation follows in
                // this process, so the discs HasFluidLaw() creates take no stream from one)
                if (v.aqm != "GKVQ" && (m_engine == "packet" || HasFluidLaw(v.aqm)))
                {
                    m_points.push_back({e, v, 0});
                }
            }
            continue;
        }
        for (const Variant& v : variants)
        {
            for (double x : e == 2 ? flows : rates)
            {
                m_points.push_back({e, v, x});
            }
        }
    }
}

void
AqmComparisonScenario::CheckOptionsHaveEffect() const
{
    // Each experiment's own options, as their help says.
    const std::vector<std::pair<std::string, std::vector<int>>> used{{"flows", {2}},
                                                                     {"duration2", {2}},
                                                                     {"warmup2", {2}},
                                                                     {"leave3", {3}},
                                                                     {"return3", {3}},
                                                                     {"duration3", {3}},
                                                                     {"rates", {4, 5}},
                                                                     {"converge", {4, 5}},
                                                                     {"measure", {4, 5}},
                                                                     {"subPacket", {2, 3, 4}},
                                                                     {"avqBuffer", {2, 3, 4}},
                                                                     {"fluid", {3}},
                                                                     {"engine", {3}}};
    for (const auto& [option, experiments] : used)
    {
        std::string value;
        const bool effect = std::any_of(experiments.begin(), experiments.end(), [this](int e) {
            return std::find(m_experiments.begin(), m_experiments.end(), e) != m_experiments.end();
        });
        std::string enabling;
        for (int e : experiments)
        {
            enabling += (enabling.empty() ? "" : ", ") + std::to_string(e);
        }
        Require(effect || !IsOptionGiven(option, &value),
                option,
                value,
                "no effect with --experiment=" + m_experiment + " (it is Exp. " + enabling + "'s)",
                "leave it out, or --experiment with " + enabling + " (or all)");
    }
}

void
AqmComparisonScenario::CheckEngine() const
{
    Require(m_engine == "packet" || m_engine == "fluid",
            "engine",
            m_engine,
            "unknown",
            "packet or fluid");
    if (m_engine == "packet")
    {
        return;
    }
    Require(m_experiments == std::vector<int>{3},
            "engine",
            m_engine,
            "the fluid model runs Exp. 3 only (--experiment=" + m_experiment + ")",
            "--experiment=3, or --engine=packet");
    // the options that act on the packet simulation this engine does not run
    for (const char* option : {"fluid", "check", "ns2Tcp", "subPacket"})
    {
        std::string value;
        Require(!IsOptionGiven(option, &value),
                option,
                value,
                "no effect with --engine=fluid (no packet simulation)",
                "leave it out, or --engine=packet");
    }
}

bool
AqmComparisonScenario::IsSweep() const
{
    return true;
}

std::size_t
AqmComparisonScenario::GetPointCount() const
{
    return m_points.size();
}

std::string
AqmComparisonScenario::GetPointLabel(std::size_t point) const
{
    const Point& p = m_points[point];
    return "exp " + std::to_string(p.experiment) + " " + p.variant.label +
           (p.experiment == 3   ? ""
            : p.experiment == 2 ? " " + Format(p.x) + " flows"
                                : " " + Format(p.x) + " short/s");
}

std::vector<std::string>
AqmComparisonScenario::GetOutputNames() const
{
    std::vector<std::string> names;
    for (int e : m_experiments)
    {
        names.push_back("exp" + std::to_string(e));
    }
    return names;
}

std::string
AqmComparisonScenario::GetOutputNamePattern() const
{
    return "expN";
}

std::vector<double>
AqmComparisonScenario::RunPoint(std::size_t point)
{
    const Point& p = m_points[point];
    RngSeedManager::SetSeed(m_seed);
    RngSeedManager::SetRun(m_run);
    const AqmExperiment::Settings settings = GetSettings(p);
    if (m_engine == "fluid")
    {
        return RunFluidPoint(p, settings);
    }
    std::vector<AqmExperiment::FtpGroup> ftp;
    std::vector<AqmExperiment::ShortPeriod> shortFlows;
    Time from;
    Time to;
    if (p.experiment == 2)
    {
        ftp.push_back({static_cast<uint32_t>(p.x), Seconds(0), Time(0)});
        from = m_warmup2;
        to = m_duration2;
    }
    else if (p.experiment == 3)
    {
        ftp = GetLeavingGroups();
        from = Seconds(0);
        to = m_duration3;
    }
    else
    {
        ftp.push_back({EXP45_FLOWS, Seconds(0), Time(0)});
        shortFlows.push_back({p.x, m_converge, m_converge + m_measure});
        from = m_converge;
        to = m_converge + m_measure;
    }
    NetworkHelper network(AqmExperiment::Describe(p.variant.aqm, settings, ftp, shortFlows));
    AqmExperiment::Prepare(network, p.variant.aqm, settings, 1);
    if (m_ns2Tcp)
    {
        network.GetTcpDefaults().UseNs2Reno();
    }
    network.Install();
    network.Run(to, false);
    const TestbedMonitor& monitor = network.GetMonitor();
    const TestbedMonitor::WindowMeasurement m = monitor.MeasureWindow(from, to);
    std::vector<double> result(RESULT_COUNT);
    result[UTILIZATION] = m.utilization;
    result[QUEUE_MEAN] = m.queueMean;
    result[QUEUE_STD] = m.queueStd;
    result[LOSS_RATE] = m.lossRate;
    result[DROPS] = m.drops;
    result[MARKS] = m.marks;
    result[GOODPUT] = m.goodputFraction;
    result[SHORT_ARRIVED] = m.shortArrived;
    result[SHORT_COMPLETED] = m.shortCompleted;
    if (p.experiment == 3)
    {
        // Per phase: mean queue and utilization (140, 35 and 140 flows).
        for (const auto& [a, b] : {std::make_pair(Seconds(0), m_leave3),
                                   {m_leave3, m_return3},
                                   {m_return3, m_duration3}})
        {
            const TestbedMonitor::WindowMeasurement phase = monitor.MeasureWindow(a, b);
            result.push_back(phase.queueMean);
            result.push_back(phase.utilization);
        }
        const PlotWriter::Points series = AqmExperiment::SampleCurve(
            monitor.GetLinkSamples(),
            [](const TestbedMonitor::LinkSample& sample) { return sample.backlog; },
            Seconds(EXP3_MEAN_INTERVAL));
        for (const auto& [t, q] : series)
        {
            result.push_back(t);
            result.push_back(q);
        }
        if (m_fluid && HasFluidLaw(p.variant.aqm))
        {
            AppendFluidQueue(network, result);
        }
    }
    Simulator::Destroy();
    return result;
}

void
AqmComparisonScenario::AppendFluidQueue(const NetworkHelper& network, std::vector<double>& result)
{
    const NetworkDescription& d = network.GetDescription();
    const std::size_t link = d.GetLinkIndex(AqmExperiment::BOTTLENECK); // the model's too
    if (network.GetMonitor().GetLinkSamples().empty())
    {
        return; // nothing simulated to compare with
    }
    const double duration = network.GetMonitor().GetLinkSamples().back().time;
    const FluidModel::Result fluid = RunFluid(d, duration);
    double first = duration;
    double rtt = 0;
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        first = std::min(first, spec.start.GetSeconds());
        rtt = std::max({rtt, spec.rtt.GetSeconds(), spec.rttMax.GetSeconds()});
    }
    result.push_back(-1); // the marker: the fluid's pairs follow
    result.push_back(first + FLUID_DISTANCE_ROUND_TRIPS * rtt);
    AppendFluidSeries(fluid, link, result);
}

AqmExperiment::Settings
AqmComparisonScenario::GetSettings(const Point& p) const
{
    AqmExperiment::Settings settings;
    settings.ecn = p.experiment != 5;
    settings.subPacket = m_subPacket;
    settings.avqGamma = p.variant.gamma > 0 ? p.variant.gamma : settings.avqGamma;
    settings.avqAlpha = m_avqAlpha;
    settings.remUpdateInterval = m_remInterval;
    if (p.variant.aqm == "AVQ" && p.experiment != 5)
    {
        settings.bufferPackets = m_avqBuffer;
    }
    return settings;
}

std::vector<AqmExperiment::FtpGroup>
AqmComparisonScenario::GetLeavingGroups() const
{
    return {{EXP3_FLOWS - EXP3_MOVING, Seconds(0), Time(0)},
            {EXP3_MOVING, Seconds(0), m_leave3},
            {EXP3_MOVING, m_return3, Time(0)}};
}

FluidModel::Result
AqmComparisonScenario::RunFluid(const NetworkDescription& d, double duration)
{
    const FluidModel model = FluidModelBuilder::Build(d, FLUID_RTT_SPLIT);
    const double sample = AqmExperiment::Settings().samplingInterval.GetSeconds();
    const auto start = std::chrono::steady_clock::now();
    const FluidModel::Result fluid = model.Run({duration, FLUID_STEP, sample});
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
    std::cerr << "fluid model, " << model.GetSources().size() << " sources, " << fluid.steps
              << " steps: " << wall.count() << " s\n";
    return fluid;
}

void
AqmComparisonScenario::AppendFluidSeries(const FluidModel::Result& fluid,
                                         std::size_t link,
                                         std::vector<double>& result)
{
    PlotWriter::Points points;
    for (std::size_t i = 0; i < fluid.times.size(); ++i)
    {
        points.emplace_back(fluid.times[i], fluid.links[i][link].backlog);
    }
    for (const auto& [t, q] : PlotWriter::AverageOverIntervals(points, EXP3_MEAN_INTERVAL))
    {
        result.push_back(t);
        result.push_back(q);
    }
}

void
AqmComparisonScenario::MeasureFluid(const FluidModel::Result& fluid,
                                    std::size_t link,
                                    double from,
                                    double to,
                                    double& queueMean,
                                    double& utilization)
{
    // the departures: c while the queue is busy, else the load (at most c)
    double queue = 0;
    double departed = 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < fluid.times.size(); ++i)
    {
        if (fluid.times[i] >= from && fluid.times[i] < to)
        {
            const FluidModel::LinkState& l = fluid.links[i][link];
            queue += l.backlog;
            departed += (l.backlog > 0 ? l.capacity : std::min(l.load, l.capacity)) / l.capacity;
            ++n;
        }
    }
    queueMean = n > 0 ? queue / n : std::nan("");
    utilization = n > 0 ? departed / n : std::nan("");
}

std::vector<double>
AqmComparisonScenario::RunFluidPoint(const Point& p, const AqmExperiment::Settings& settings) const
{
    const NetworkDescription d =
        AqmExperiment::Describe(p.variant.aqm, settings, GetLeavingGroups(), {});
    const double duration = m_duration3.GetSeconds();
    const FluidModel::Result fluid = RunFluid(d, duration);
    const std::size_t link = d.GetLinkIndex(AqmExperiment::BOTTLENECK);
    std::vector<double> result(RESULT_COUNT, std::nan("")); // no loss, marks or short flows
    MeasureFluid(fluid, link, 0, duration, result[QUEUE_MEAN], result[UTILIZATION]);
    for (const auto& [a, b] : {std::make_pair(0.0, m_leave3.GetSeconds()),
                               {m_leave3.GetSeconds(), m_return3.GetSeconds()},
                               {m_return3.GetSeconds(), duration}})
    {
        double queue;
        double utilization;
        MeasureFluid(fluid, link, a, b, queue, utilization);
        result.push_back(queue);
        result.push_back(utilization);
    }
    AppendFluidSeries(fluid, link, result);
    return result;
}

void
AqmComparisonScenario::AddFluidQueue(const std::string& label,
                                     const PlotWriter::Points& fluid,
                                     double from,
                                     ComparisonTable& table,
                                     Curve& curve)
{
    const double to = fluid.empty() ? from : fluid.back().first;
    table.Add("queue distance (pkts)",
              label + " from " + PlotWriter::FormatTime(Seconds(from)),
              std::nan(""),
              TrajectoryDistance::GetMeanAbsolute(curve.points, fluid, from, to));
    curve.fluid = fluid;
}

AqmComparisonScenario::Evaluation
AqmComparisonScenario::EvaluateSweep(int e, const std::vector<std::vector<double>>& results) const
{
    const double none = std::nan("");
    const std::string xName = e == 2 ? " flows" : " short/s";
    std::ostringstream title;
    std::ostringstream plotTitle;
    Evaluation out;
    if (e == 2)
    {
        title << "Experiment 2: FTP flows only, ECN marking, measured over ["
              << m_warmup2.GetSeconds() << ", " << m_duration2.GetSeconds() << "] s";
        plotTitle << "Experiment 2: FTP flows only, ECN marking, measured over ["
                  << PlotWriter::FormatTime(m_warmup2) << ", "
                  << PlotWriter::FormatTime(m_duration2) << "]";
        out.panels = {{"loss rate", {}}, {"utilization", {}}, {"mean queue (packets)", {}}};
    }
    else
    {
        title << "Experiment " << e << ": " << EXP45_FLOWS << " FTP flows + short flows, "
              << (e == 4 ? "ECN marking" : "dropping") << ", measured over ["
              << m_converge.GetSeconds() << ", " << (m_converge + m_measure).GetSeconds() << "] s";
        plotTitle << "Experiment " << e << ": " << EXP45_FLOWS << " FTP flows + short flows, "
                  << (e == 4 ? "ECN marking" : "dropping") << ", measured over ["
                  << PlotWriter::FormatTime(m_converge) << ", "
                  << PlotWriter::FormatTime(m_converge + m_measure) << "]";
        if (e == 4)
        {
            out.panels = {{"loss rate", {}}, {"utilization", {}}, {"mean queue (packets)", {}}};
        }
        else
        {
            out.panels = {{"mean queue (packets)", {}},
                          {"utilization", {}},
                          {"goodput / capacity", {}}};
        }
    }
    out.plotTitle = plotTitle.str();
    out.table = ComparisonTable(title.str() + "; " + DescribeTcp(e != 5) +
                                "; model = paper's value or design target");
    const std::vector<std::size_t> columns =
        e == 5 ? std::vector<std::size_t>{QUEUE_MEAN, UTILIZATION, GOODPUT}
               : std::vector<std::size_t>{LOSS_RATE, UTILIZATION, QUEUE_MEAN};
    for (std::size_t i = 0; i < m_points.size(); ++i)
    {
        const Point& p = m_points[i];
        if (p.experiment != e)
        {
            continue;
        }
        const std::vector<double>& r = results[i];
        const std::string entity = p.variant.label + ", " + Format(p.x) + xName;
        const bool avq = p.variant.aqm == "AVQ";
        // The paper: REM and PI keep the link busy (utilization 1.0, Exps. 2 and 4) around their
        // reference queue.
        const bool holdsTarget =
            p.variant.aqm == "PIE" || p.variant.aqm == "PI" || p.variant.aqm == "REM";
        const bool paperFull = e != 5 && holdsTarget;
        const double utilModel = avq ? p.variant.gamma : paperFull ? 1.0 : none;
        const double queueModel = holdsTarget ? PAPER_QUEUE_TARGET : none;
        ComparisonTable& table = out.table;
        table.Add("utilization", entity, utilModel, r[UTILIZATION]);
        table.Add("queue mean (pkts)", entity, queueModel, r[QUEUE_MEAN]);
        table.Add("queue std (pkts)", entity, none, r[QUEUE_STD]);
        table.Add("loss rate", entity, none, r[LOSS_RATE]);
        table.Add("drops (pkts)", entity, none, r[DROPS]);
        table.Add("marks (pkts)", entity, none, r[MARKS]);
        table.Add("goodput / capacity", entity, none, r[GOODPUT]);
        if (e != 2)
        {
            table.Add("short flows arrived",
                      entity,
                      p.x * m_measure.GetSeconds(),
                      r[SHORT_ARRIVED]);
        }
        for (std::size_t c = 0; c < out.panels.size(); ++c)
        {
            std::vector<Curve>& curves = out.panels[c].curves;
            if (curves.empty() || curves.back().label != p.variant.label)
            {
                // The model beside the curve: the design's gamma, the paper's full
                // utilization, PIE's and PI's queue target.
                double model = none;
                std::string modelTitle;
                if (columns[c] == UTILIZATION && !std::isnan(utilModel))
                {
                    model = utilModel;
                    modelTitle = p.variant.label + (avq ? ": gamma " : ": paper ") +
                                 PlotWriter::FormatNumber(model);
                }
                else if (columns[c] == QUEUE_MEAN && !std::isnan(queueModel))
                {
                    model = queueModel;
                    modelTitle =
                        p.variant.label + ": target " + PlotWriter::FormatNumber(model) + " pkts";
                }
                curves.push_back({p.variant.label, {}, modelTitle, model});
            }
            curves.back().points.emplace_back(p.x, r[columns[c]]);
        }
    }
    return out;
}

AqmComparisonScenario::Evaluation
AqmComparisonScenario::EvaluateLeaving(const std::vector<std::vector<double>>& results) const
{
    const double none = std::nan("");
    std::ostringstream title;
    std::ostringstream plotTitle;
    title << "Experiment 3: " << EXP3_FLOWS << " FTP flows, " << EXP3_MOVING << " leave at "
          << m_leave3.GetSeconds() << " s, " << EXP3_MOVING << " new at " << m_return3.GetSeconds()
          << " s, ECN marking";
    plotTitle << "Experiment 3: " << EXP3_FLOWS << " FTP flows, " << EXP3_MOVING << " leave at "
              << PlotWriter::FormatTime(m_leave3) << ", " << EXP3_MOVING << " new at "
              << PlotWriter::FormatTime(m_return3) << ", ECN marking; queue means over "
              << PlotWriter::FormatTime(Seconds(EXP3_MEAN_INTERVAL));
    const bool fluidEngine = m_engine == "fluid";
    if (fluidEngine)
    {
        title << "; --engine=fluid (the simulation column is the fluid model's; PIE has no "
                 "fluid law)";
        plotTitle << " (fluid model)";
    }
    Evaluation out;
    out.plotTitle = plotTitle.str();
    out.table = ComparisonTable(title.str() + "; " + DescribeTcp(true) + "; model = design target");
    const std::vector<std::string> phase{
        "0-" + Format(m_leave3.GetSeconds()) + " s",
        Format(m_leave3.GetSeconds()) + "-" + Format(m_return3.GetSeconds()) + " s",
        Format(m_return3.GetSeconds()) + "-" + Format(m_duration3.GetSeconds()) + " s"};
    for (std::size_t i = 0; i < m_points.size(); ++i)
    {
        const Point& p = m_points[i];
        if (p.experiment != 3)
        {
            continue;
        }
        const std::vector<double>& r = results[i];
        const bool avq = p.variant.aqm == "AVQ";
        const bool target =
            p.variant.aqm == "PIE" || p.variant.aqm == "PI" || p.variant.aqm == "REM";
        for (std::size_t k = 0; k < phase.size(); ++k)
        {
            const std::string entity = p.variant.label + ", " + phase[k];
            out.table.Add("queue mean (pkts)",
                          entity,
                          target ? PAPER_QUEUE_TARGET : none,
                          r[RESULT_COUNT + 2 * k]);
            out.table.Add("utilization",
                          entity,
                          avq ? p.variant.gamma : none,
                          r[RESULT_COUNT + 2 * k + 1]);
        }
        if (!fluidEngine) // the fluid model has no loss and no marks to count
        {
            out.table.Add("loss rate", p.variant.label + ", whole run", none, r[LOSS_RATE]);
            out.table.Add("marks (pkts)", p.variant.label + ", whole run", none, r[MARKS]);
        }
        Curve curve{p.variant.label,
                    {},
                    target ? p.variant.label + ": target " + Format(PAPER_QUEUE_TARGET) + " pkts"
                           : "",
                    target ? PAPER_QUEUE_TARGET : none};
        PlotWriter::Points fluid; // after the marker pair (-1, from), if any
        double from = -1;
        for (std::size_t k = RESULT_COUNT + 6; k + 1 < r.size(); k += 2)
        {
            if (r[k] < 0)
            {
                from = r[k + 1];
                continue;
            }
            (from < 0 ? curve.points : fluid).emplace_back(r[k], r[k + 1]);
        }
        if (from >= 0)
        {
            AddFluidQueue(p.variant.label, fluid, from, out.table, curve);
        }
        out.panels.push_back({p.variant.label + " queue (packets)", {curve}});
    }
    return out;
}

int
AqmComparisonScenario::Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os)
{
    for (int e : m_experiments)
    {
        const std::string name = "exp" + std::to_string(e);
        const Evaluation evaluation = e == 3 ? EvaluateLeaving(results) : EvaluateSweep(e, results);
        evaluation.table.Print(os);
        os << '\n';
        WriteCsv(os, evaluation.table, name);
        if (GetPlotPrefix(name).empty())
        {
            continue;
        }
        const std::string xlabel = e == 2   ? "FTP flows"
                                   : e == 3 ? "time (s)"
                                            : "short-flow arrival rate (flows/s)";
        PlotWriter writer(GetPlotPrefix(name));
        PlotWriter::Figure& figure = writer.AddFigure(evaluation.plotTitle, xlabel);
        figure.SetStyle(e == 3 ? PlotWriter::Style::LINES : PlotWriter::Style::LINES_POINTS);
        for (const Panel& panel : evaluation.panels)
        {
            PlotWriter::Panel& drawn = figure.AddPanel(panel.ylabel);
            for (const Curve& curve : panel.curves)
            {
                const std::size_t k = drawn.AddCurve(curve.label, curve.points);
                drawn.AddModelLine(curve.modelTitle, curve.model, k);
                if (!curve.fluid.empty())
                {
                    drawn.AddFluidCurve("fluid " + curve.label, curve.fluid, k);
                }
            }
        }
        writer.Write(os);
        os << '\n';
    }
    return m_check && !CheckClaims(results, os) ? 1 : 0;
}

std::string
AqmComparisonScenario::DescribeTcp(bool ecn) const
{
    AqmExperiment::Settings tcp;
    tcp.ecn = ecn;
    tcp.subPacket = m_subPacket;
    return AqmExperiment::DescribeTcp(tcp) + (m_ns2Tcp ? ", ns-2.1b7a's Reno (UseNs2Reno)" : "");
}

double
AqmComparisonScenario::Find(const std::vector<std::vector<double>>& results,
                            int e,
                            const std::string& label,
                            double x,
                            std::size_t column) const
{
    for (std::size_t i = 0; i < m_points.size(); ++i)
    {
        const Point& p = m_points[i];
        if (p.experiment == e && p.variant.label == label && p.x == x && column < results[i].size())
        {
            return results[i][column];
        }
    }
    return std::nan("");
}

void
AqmComparisonScenario::CheckSweepPoint(const std::vector<std::vector<double>>& results,
                                       int e,
                                       double x,
                                       ComparisonCheck& check) const
{
    const std::string at =
        "Exp. " + std::to_string(e) + ", " + Format(x) + (e == 2 ? " flows: " : " short/s: ");
    auto value = [&](const std::string& label, std::size_t column) {
        return Find(results, e, label, x, column);
    };
    // "a <op> b" where both ran (a comparison with NaN is false: Require only if both are known).
    auto require = [&](bool holds, double a, double b, const std::string& failure) {
        if (!std::isnan(a) && !std::isnan(b))
        {
            check.Require(holds, at + failure + " (" + Format(a) + " vs " + Format(b) + ")");
        }
    };
    for (const std::string label : {"REM", "PI"})
    {
        const double u = value(label, UTILIZATION);
        require(u >= FULL_UTILIZATION, u, FULL_UTILIZATION, label + "'s utilization not >= 0.99");
        if (e == 2)
        {
            const double q = value(label, QUEUE_MEAN);
            require(q > PAPER_QUEUE_TARGET,
                    q,
                    PAPER_QUEUE_TARGET,
                    label + "'s queue not above its reference");
        }
    }
    const double gamma = value("AVQ", UTILIZATION);
    require(std::abs(gamma - AVQ_GAMMA) <= AVQ_GAMMA_TOLERANCE,
            gamma,
            AVQ_GAMMA,
            "AVQ's utilization not within 0.02 of gamma");
    for (const std::string label : {"AVQ", "RED", "REM", "PIE", "PI"})
    {
        const double g = value("GKVQ", UTILIZATION);
        const double u = value(label, UTILIZATION);
        require(g < u, g, u, "GKVQ's utilization not below " + label + "'s");
        if (e == 2)
        {
            const double gl = value("GKVQ", LOSS_RATE);
            const double l = value(label, LOSS_RATE);
            require(gl <= l, gl, l, "GKVQ's loss above " + label + "'s");
        }
    }
    for (const std::string label : {"AVQ", "GKVQ"})
    {
        const double q = value(label, QUEUE_MEAN);
        require(e != 2 || q < PAPER_QUEUE_TARGET,
                q,
                PAPER_QUEUE_TARGET,
                label + "'s queue not below the reference");
    }
    for (const std::string label : {"RED", "REM", "PI"})
    {
        const double al = value("AVQ", LOSS_RATE);
        const double l = value(label, LOSS_RATE);
        require(e != 4 || al < l, al, l, "AVQ's loss not below " + label + "'s");
        const double aq = value("AVQ", QUEUE_MEAN);
        const double q = value(label, QUEUE_MEAN);
        require(e != 4 || aq < q, aq, q, "AVQ's queue not below " + label + "'s");
    }
}

bool
AqmComparisonScenario::CheckClaims(const std::vector<std::vector<double>>& results,
                                   std::ostream& os) const
{
    ComparisonCheck check("the AVQ paper's claims that the module reproduces (doc/validation.rst)");
    std::set<std::pair<int, double>> done; // each (experiment, x) once
    for (const Point& p : m_points)
    {
        if (p.experiment == 5 || !done.insert({p.experiment, p.x}).second)
        {
            continue; // Exp. 5's text makes no claim (Figs. 12-14 only)
        }
        if (p.experiment != 3)
        {
            CheckSweepPoint(results, p.experiment, p.x, check);
            continue;
        }
        // Exp. 3: the phases' (queue, utilization) follow the summary; 140 flows in 1 and 3.
        const double q1 = Find(results, 3, "REM", 0, RESULT_COUNT);
        const double q3 = Find(results, 3, "REM", 0, RESULT_COUNT + 4);
        if (!std::isnan(q1) && !std::isnan(q3))
        {
            check.Require(q1 > PAPER_QUEUE_TARGET && q3 > PAPER_QUEUE_TARGET,
                          "Exp. 3: REM's queue with 140 flows not above 50 (" + Format(q1) + ", " +
                              Format(q3) + ")");
        }
    }
    os << "check: not checked (the paper's, not reproduced; doc/validation.rst): RED's poor "
          "utilization (Exps. 2, 4), AVQ's loss below every scheme's but GKVQ's in Exp. 2, "
          "GKVQ's insignificant drops in Exp. 4\n";
    return check.Report(ComparisonTable(), GetName());
}

std::vector<OwnedAttributes::Entry>
AqmComparisonScenario::GetOwnedAttributes() const
{
    std::vector<OwnedAttributes::Entry> owned = AqmExperiment::GetOwnedAttributes(
        AqmExperiment::GetAqmNames(),
        AqmExperiment::Settings(),
        {{"ns3::AvqQueueDisc::MaxSize", "--avqBuffer (AVQ in Exp. 2-4)"},
         {"ns3::AvqQueueDisc::Alpha", "--avqAlpha"},
         {"ns3::RemQueueDisc::UpdateInterval", "--remInterval"},
         {"UseEcn", "--experiment (Exp. 5 drops, the others mark)"}});
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
