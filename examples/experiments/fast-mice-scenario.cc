/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fast-mice-scenario.h"

#include "fast-dynamic-scenario.h"
#include "fast-paper-parameters.h"
#include "fast-ramp-model.h"
#include "flow-goodput-monitor.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/distributed-run.h"
#include "ns3/double.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-helper.h"
#include "ns3/plot-writer.h"
#include "ns3/queue-disc.h"
#include "ns3/scenario-runner.h"
#include "ns3/short-flow-application.h"
#include "ns3/simulator.h"
#include "ns3/tcp-fast-ecn.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace ns3
{

namespace
{
/// Not a number: no model.
constexpr double NO_MODEL = std::numeric_limits<double>::quiet_NaN();
/// The bottleneck's one-way propagation delay, ms (as FastDynamicScenario's).
constexpr double BOTTLENECK_DELAY_MS = 10;
/// Access links: at least 10 times the bottleneck, so that no flow is limited by its own.
constexpr double ACCESS_RATE_FACTOR = 10;
/// The link samples' period: the queue's largest sample and the plot's queue.
const Time SAMPLE_INTERVAL = MilliSeconds(10);
/// The intervals over which the elephants' rates are compared.
const Time FAIRNESS_INTERVAL = Seconds(1);
/// An elephant counts for fairness once it has been delivering for this long (past its start-up:
/// FAST's windows relax to their share at the rate beta q / d, a time constant of about 1 s
/// for the 200 ms flows).
const Time ELEPHANT_MIN_AGE = Seconds(2);
/// Flow classes, one per group of §V-B.
const std::vector<std::string> CLASS_NAMES{"rtt40", "rtt80", "rtt120", "rtt160", "rtt200"};

/// A flow's arrival, as ShortFlowApplication's FlowArrived trace gives it.
struct ArrivalRecorder
{
    std::vector<double>* times;   //!< where the arrival times go, s
    std::vector<uint64_t>* bytes; //!< where the sizes go
    std::vector<double>* rtts;    //!< where the round trips go, s
    double rtt;                   //!< the class' round trip, s

    /// \param size the flow's bytes
    void Record(uint64_t size)
    {
        times->push_back(Simulator::Now().GetSeconds());
        bytes->push_back(size);
        rtts->push_back(rtt);
    }
};

/**
 * Under MPI, give every rank all ranks' arrivals (each rank records its own sources'), in time
 * order; nothing otherwise. Every rank calls it after the run.
 * \param times the arrival times, s
 * \param bytes the sizes, as many
 * \param rtts the round trips, s, as many
 */
void
MergeArrivalsOverRanks(std::vector<double>& times,
                       std::vector<uint64_t>& bytes,
                       std::vector<double>& rtts)
{
    if (!DistributedRun::IsDistributed())
    {
        return;
    }
    std::vector<double> values;
    for (std::size_t i = 0; i < times.size(); ++i)
    {
        values.push_back(times[i]);
        values.push_back(static_cast<double>(bytes[i])); // below 2^53: exact
        values.push_back(rtts[i]);
    }
    DistributedRun::ConcatenateOverRanks(values);
    std::vector<std::tuple<double, uint64_t, double>> arrivals;
    for (std::size_t i = 0; i + 2 < values.size(); i += 3)
    {
        arrivals.emplace_back(values[i], static_cast<uint64_t>(values[i + 1]), values[i + 2]);
    }
    std::stable_sort(arrivals.begin(), arrivals.end(), [](const auto& a, const auto& b) {
        return std::get<0>(a) < std::get<0>(b);
    });
    times.clear();
    bytes.clear();
    rtts.clear();
    for (const auto& [time, size, rtt] : arrivals)
    {
        times.push_back(time);
        bytes.push_back(size);
        rtts.push_back(rtt);
    }
}
} // namespace

double
FastMiceScenario::GetWorkConservingUtilization(const std::vector<double>& times,
                                               const std::vector<double>& packets,
                                               double capacity,
                                               double serviceRate,
                                               double start,
                                               double stop)
{
    NS_ABORT_MSG_UNLESS(times.size() == packets.size() && serviceRate > 0 && capacity > 0 &&
                            stop > start,
                        "FastMiceScenario::GetWorkConservingUtilization: bad arguments");
    double backlog = 0; // packets not yet served
    double now = 0;
    double served = 0; // within [start, stop]
    // Serve the backlog from now until t: busy over [now, now + backlog / rate] at most.
    auto serveUntil = [&](double t) {
        const double busyEnd = std::min(t, now + backlog / serviceRate);
        const double overlap = std::min(busyEnd, stop) - std::max(now, start);
        served += std::max(0.0, overlap) * serviceRate;
        backlog = std::max(0.0, backlog - (busyEnd - now) * serviceRate);
        now = t;
    };
    for (std::size_t i = 0; i < times.size() && times[i] < stop; ++i)
    {
        serveUntil(std::max(now, times[i]));
        backlog += packets[i];
    }
    serveUntil(stop);
    return served / (capacity * (stop - start));
}

FastMiceScenario::FastMiceScenario()
    : Scenario("fast-mice",
               "FAST paper §V-C (Fig. 10): 512 sources (40 to 200 ms, x --scale) on a 1 Gb/s "
               "link (x --scale) start Pareto-sized flows as Poisson processes (90 % under 1000 "
               "packets, 25 % of the packets); FAST-ECN over REM: utilization, queue, the "
               "elephants' share and fairness.")
{
}

FastMiceScenario::~FastMiceScenario() = default;

void
FastMiceScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("scale",
                 "F: the link is 1 Gb/s x F and the 512 sources 512 x F (each group of §V-B "
                 "rounded), flow sizes unchanged; in [1/64, 19.5]",
                 m_scale);
    cmd.AddValue("load",
                 "rho: the flows' offered load, a fraction of the link's capacity (arrival rate "
                 "rho c / E[X]); in (0, 2]",
                 m_load);
    cmd.AddValue("duration", "Simulated time, > warmup and <= 1e6 s", m_duration);
    cmd.AddValue("warmup",
                 "Left out before measuring (the flows start at 0), >= 0 and < duration",
                 m_warmup);
    cmd.AddValue("rampModel",
                 "Add the ramp-limited link's rows (FastRampModel: the same flows sharing "
                 "gamma_v c, each at most FAST's zero-price window over its round trip)",
                 m_rampModel);
}

BoundedPareto
FastMiceScenario::GetSizeLaw()
{
    return BoundedPareto(PARETO_SCALE, PARETO_SHAPE, PARETO_BOUND);
}

NetworkDescription
FastMiceScenario::DescribeNetwork(double scale, double load)
{
    Require(std::isfinite(load) && load > 0 && load <= MAX_LOAD,
            "load",
            load,
            "out of range",
            "(0, 2] (a fraction of the link's capacity)");
    const std::vector<uint32_t> sources = FastDynamicScenario::GetGroupFlows(scale);
    const std::vector<Time> rtts = FastDynamicScenario::GetGroupRtts();
    uint32_t total = 0;
    for (uint32_t n : sources)
    {
        total += n;
    }
    const double rate = FULL_RATE_BPS * scale;
    const double packetsPerSecond = rate / (8.0 * FastPaperParameters::PACKET_BYTES);
    const BoundedPareto law = GetSizeLaw();
    const double arrivalRate = load * packetsPerSecond / law.GetMean(); // flows/s, all sources
    // Round trips: 2 x (source access + 10 ms + 1 ms), as FastDynamicScenario's.
    DumbbellDescription::Parameters p;
    p.packetSize = FastPaperParameters::PACKET_BYTES;
    p.accessRate = DataRate(static_cast<uint64_t>(std::llround(ACCESS_RATE_FACTOR * rate)));
    p.startJitter = Time(0);
    p.name = BOTTLENECK;
    p.rate = DataRate(static_cast<uint64_t>(std::llround(rate)));
    p.delay = MilliSeconds(BOTTLENECK_DELAY_MS);
    p.bufferPackets = static_cast<uint32_t>(2 * FastPaperParameters::FAST_K * total);
    p.queue = FastPaperParameters::GetRemVirtualCapacity();
    NetworkDescription d = DumbbellDescription::Create(p);
    for (std::size_t i = 0; i < sources.size(); ++i)
    {
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d, CLASS_NAMES[i], sources[i], rtts[i]);
        c.traffic = NetworkDescription::Traffic::SHORT;
        c.arrivalRate = arrivalRate * sources[i] / total;
        c.meanSize = law.GetMean();
        c.sizeDistribution = NetworkDescription::SizeDistribution::PARETO;
        c.paretoShape = law.GetShape();
        c.paretoBound = law.GetBound();
        FastPaperParameters::SetFastEcnClass(c);
    }
    d.Validate();
    return d;
}

void
FastMiceScenario::Check()
{
    Require(m_duration.IsStrictlyPositive() &&
                m_duration.GetSeconds() <= NetworkDescription::MAX_TIME_SECONDS,
            "duration",
            m_duration.As(Time::S),
            "out of range",
            "(0, 1e6] s");
    RequirePair(!m_warmup.IsStrictlyNegative() && m_warmup < m_duration,
                "warmup",
                m_warmup.As(Time::S),
                "not within the run",
                "duration",
                m_duration.As(Time::S),
                "[0, duration)");
    Require(m_duration - m_warmup >= 2 * FAIRNESS_INTERVAL,
            "duration",
            m_duration.As(Time::S),
            "the measurement window [warmup, duration] is shorter than two 1 s intervals",
            ">= warmup + 2 s");
    DescribeNetwork(m_scale, m_load); // throws naming --scale or --load
}

std::string
FastMiceScenario::GetTitle() const
{
    std::ostringstream os;
    uint32_t sources = 0;
    for (uint32_t n : FastDynamicScenario::GetGroupFlows(m_scale))
    {
        sources += n;
    }
    os << "FAST-ECN over REM with mice and elephants (Fig. 10): " << sources << " sources, "
       << PlotWriter::FormatRate(FULL_RATE_BPS * m_scale) << " (scale " << m_scale << "), load "
       << m_load << ", Pareto sizes (a = " << PARETO_SHAPE << ", x_m = " << PARETO_SCALE
       << ", bound " << PARETO_BOUND << " packets), measured over [" << m_warmup.GetSeconds()
       << ", " << m_duration.GetSeconds() << "] s";
    return os.str();
}

std::vector<double>
FastMiceScenario::RunPoint(std::size_t /* point */)
{
    const NetworkDescription d = DescribeNetwork(m_scale, m_load);
    NetworkHelper helper(d);
    ScenarioRunner::WarnIfLong(helper, m_duration);
    helper.GetMonitor().SetMeasurementWindow(m_warmup, m_duration);
    helper.GetMonitor().EnableLinkSamples(BOTTLENECK, SAMPLE_INTERVAL);
    // REM's marking draws from the stream after the network's (the builder's default).
    helper.GetBuilder().AssignStreams(1);
    const double initialWindow = helper.GetTcpDefaults().initialCwnd;
    helper.Install();

    m_arrivalTimes.clear();
    m_arrivalBytes.clear();
    m_arrivalRtts.clear();
    const std::vector<Time> rtts = FastDynamicScenario::GetGroupRtts();
    std::vector<ArrivalRecorder> recorders;
    for (std::size_t i = 0; i < d.classes.size(); ++i)
    {
        recorders.push_back(
            {&m_arrivalTimes, &m_arrivalBytes, &m_arrivalRtts, rtts.at(i).GetSeconds()});
    }
    for (std::size_t i = 0; i < d.classes.size(); ++i)
    {
        for (const Ptr<ShortFlowApplication>& app :
             helper.GetNetwork().GetShortFlowSources(d.classes[i].name))
        {
            app->TraceConnectWithoutContext("FlowArrived",
                                            MakeCallback(&ArrivalRecorder::Record, &recorders[i]));
        }
    }
    FlowGoodputMonitor monitor;
    monitor.Install(FAIRNESS_INTERVAL, m_duration, {m_warmup, m_duration});
    helper.Run(m_duration, GetSettings().progress);
    monitor.MergeOverRanks();
    MergeArrivalsOverRanks(m_arrivalTimes, m_arrivalBytes, m_arrivalRtts);

    // The link.
    const TestbedMonitor::WindowMeasurement w =
        helper.GetMonitor().MeasureWindow(m_warmup, m_duration);
    DoubleValue target;
    helper.GetNetwork().GetQueueDisc(BOTTLENECK)->GetAttribute("TargetUtilization", target);
    double maxQueue = 0;
    double flowsInProgress = 0;
    std::size_t samples = 0;
    for (const TestbedMonitor::LinkSample& s : helper.GetMonitor().GetLinkSamples())
    {
        if (s.time >= m_warmup.GetSeconds() && s.time <= m_duration.GetSeconds())
        {
            maxQueue = std::max(maxQueue, s.backlog);
            flowsInProgress += s.shortArrived - s.shortCompleted;
            ++samples;
        }
    }
    const uint32_t buffer = d.links.front().bufferPackets;
    m_table = ComparisonTable(GetTitle() + "; buffer " + std::to_string(buffer) + " packets");
    const std::string link = BOTTLENECK;
    m_table.Add("utilization", link, target.Get(), w.utilization);
    {
        // The same flows on an ideal link at gamma_v c: what the window's arrivals allow.
        std::vector<double> sizes;
        for (uint64_t b : m_arrivalBytes)
        {
            sizes.push_back(b / static_cast<double>(d.GetSegmentSize()));
        }
        const double c = d.links.front().rate.GetBitRate() / (8.0 * d.packetSize);
        m_table.Add("utilization",
                    "work-conserving link at gamma_v c",
                    GetWorkConservingUtilization(m_arrivalTimes,
                                                 sizes,
                                                 c,
                                                 target.Get() * c,
                                                 m_warmup.GetSeconds(),
                                                 m_duration.GetSeconds()),
                    w.utilization);
    }
    const FastRampModel::Result ramp = m_rampModel
                                           ? ServeRampLimited(helper, target.Get(), initialWindow)
                                           : FastRampModel::Result();
    if (m_rampModel)
    {
        m_table.Add("utilization",
                    "ramp-limited link at gamma_v c",
                    ramp.utilization,
                    w.utilization);
    }
    m_table.Add("queue (pkts)", link, 0, w.queueMean);
    m_table.Add("queue peak (pkts)", link, NO_MODEL, maxQueue);
    m_table.Add("drops (pkts)", link, NO_MODEL, w.drops);
    m_table.Add("marked fraction", link, NO_MODEL, w.arrivals > 0 ? w.marks / w.arrivals : 0);

    // The flows offered, against the size law's closed form.
    const BoundedPareto law = GetSizeLaw();
    const double segment = d.GetSegmentSize();
    const double window = (m_duration - m_warmup).GetSeconds();
    const double capacity = d.links.front().rate.GetBitRate() / (8.0 * d.packetSize);
    double arrived = 0;
    double packets = 0;
    double mice = 0;
    double elephantPackets = 0;
    for (std::size_t i = 0; i < m_arrivalTimes.size(); ++i)
    {
        if (m_arrivalTimes[i] < m_warmup.GetSeconds())
        {
            continue;
        }
        const double size = m_arrivalBytes[i] / segment;
        ++arrived;
        packets += size;
        if (size < ELEPHANT_PACKETS)
        {
            ++mice;
        }
        else
        {
            elephantPackets += size;
        }
    }
    const double mean = law.GetMean();
    const std::string offered = "flows arrived";
    m_table.Add("arrival rate (flows/s)", offered, m_load * capacity / mean, arrived / window);
    m_table.Add("mean flow size (pkts)", offered, mean, arrived > 0 ? packets / arrived : 0);
    m_table.Add("offered load", offered, m_load, packets / (capacity * window));
    m_table.Add("flows under 1000 pkts (%)",
                offered,
                100 * law.GetCdf(ELEPHANT_PACKETS),
                arrived > 0 ? 100 * mice / arrived : 0);
    m_table.Add("elephant share of packets (%)",
                offered,
                100 * (1 - law.GetMassFractionBelow(ELEPHANT_PACKETS)),
                packets > 0 ? 100 * elephantPackets / packets : 0);

    // The flows delivered: the elephants' share and fairness.
    const auto elephantBytes = static_cast<uint64_t>(ELEPHANT_PACKETS * segment);
    m_table.Add("elephant share of packets (%)",
                "delivered",
                NO_MODEL,
                100 * monitor.GetShareOfFlowsAbove(elephantBytes));
    double jainSum = 0;
    double elephantSum = 0;
    std::size_t compared = 0;
    const std::vector<FlowGoodputMonitor::IntervalRates> intervals =
        monitor.GetConcurrentRates(m_warmup, m_duration, elephantBytes, ELEPHANT_MIN_AGE);
    for (const FlowGoodputMonitor::IntervalRates& interval : intervals)
    {
        elephantSum += interval.rates.size();
        if (interval.rates.size() >= 2)
        {
            jainSum += FastDynamicScenario::JainIndex(interval.rates);
            ++compared;
        }
    }
    m_table.Add("Jain's index", "concurrent elephants", 1, compared > 0 ? jainSum / compared : 0);
    if (m_rampModel)
    {
        m_table.Add("Jain's index",
                    "ramp-limited link",
                    ramp.jain,
                    compared > 0 ? jainSum / compared : 0);
    }
    m_table.Add("elephants compared (flows)",
                "concurrent elephants",
                NO_MODEL,
                intervals.empty() ? 0 : elephantSum / intervals.size());
    if (m_rampModel)
    {
        m_table.Add("elephants compared (flows)",
                    "ramp-limited link",
                    ramp.compared,
                    intervals.empty() ? 0 : elephantSum / intervals.size());
    }
    m_table.Add("flows in progress (flows)",
                "all sources",
                NO_MODEL,
                samples > 0 ? flowsInProgress / samples : 0);

    const std::string prefix = GetPlotPrefix();
    if (!prefix.empty())
    {
        std::ostringstream lines;
        WritePlot(prefix, helper, lines);
        m_plotLines = lines.str();
    }
    Simulator::Destroy();
    return {};
}

FastRampModel::Result
FastMiceScenario::ServeRampLimited(const NetworkHelper& helper,
                                   double target,
                                   double initialWindow) const
{
    // FAST's start-up as configured (the defaults, or the command line's).
    const Ptr<TcpFastEcn> fast = CreateObject<TcpFastEcn>();
    const TcpFast::Config config = fast->GetConfig();
    FastRampModel::Params p;
    p.beta = fast->GetBeta();
    p.k = config.k;
    p.baseWindow = config.baseWindow;
    p.maxIncrement = config.maxIncrement;
    p.integrationInterval = config.integrationInterval.GetSeconds();
    p.initialWindow = initialWindow;
    std::vector<FastRampModel::Flow> flows;
    const double segment = helper.GetDescription().GetSegmentSize();
    for (std::size_t i = 0; i < m_arrivalTimes.size(); ++i)
    {
        flows.push_back({m_arrivalTimes[i], m_arrivalBytes[i] / segment, m_arrivalRtts[i]});
    }
    const double c = helper.GetDescription().links.front().rate.GetBitRate() /
                     (8.0 * helper.GetDescription().packetSize);
    FastRampModel::Elephants elephants;
    elephants.packets = ELEPHANT_PACKETS;
    elephants.minAge = ELEPHANT_MIN_AGE.GetSeconds();
    elephants.interval = FAIRNESS_INTERVAL.GetSeconds();
    return FastRampModel(p)
        .Serve(flows, c, target * c, m_warmup.GetSeconds(), m_duration.GetSeconds(), elephants);
}

void
FastMiceScenario::WritePlot(const std::string& prefix,
                            const NetworkHelper& helper,
                            std::ostream& os) const
{
    const double interval = std::max(SAMPLE_INTERVAL.GetSeconds(), m_duration.GetSeconds() / 200);
    const double capacityBytes = FULL_RATE_BPS * m_scale / 8;
    PlotWriter::Points queue;
    PlotWriter::Points utilization;
    PlotWriter::Points flows;
    const std::vector<TestbedMonitor::LinkSample>& samples = helper.GetMonitor().GetLinkSamples();
    for (std::size_t i = 0; i < samples.size(); ++i)
    {
        queue.emplace_back(samples[i].time, samples[i].backlog);
        flows.emplace_back(samples[i].time, samples[i].shortArrived - samples[i].shortCompleted);
        if (i > 0 && samples[i].time > samples[i - 1].time)
        {
            const double dt = samples[i].time - samples[i - 1].time;
            utilization.emplace_back(samples[i].time,
                                     (samples[i].txBytes - samples[i - 1].txBytes) /
                                         (capacityBytes * dt));
        }
    }
    PlotWriter writer(prefix);
    PlotWriter::Figure& figure = writer.AddFigure(GetTitle(), "time (s)");
    figure.AddWindow(m_warmup.GetSeconds(), m_duration.GetSeconds());
    PlotWriter::Panel& q = figure.AddPanel("queue (pkts, 10 ms samples)");
    q.AddModelLine("model 0", 0, q.AddCurve("bottleneck queue", queue));
    q.SetYFromZero(true);
    PlotWriter::Panel& u =
        figure.AddPanel("utilization (" + PlotWriter::FormatTime(Seconds(interval)) + " means)");
    const std::size_t c = u.AddCurve("bottleneck utilization",
                                     PlotWriter::AverageOverIntervals(utilization, interval));
    u.AddModelLine("model gamma_v", FastPaperParameters::TARGET_UTILIZATION, c);
    PlotWriter::Panel& f = figure.AddPanel("flows in progress");
    f.AddCurve("flows arrived, not completed", flows);
    f.SetYFromZero(true);
    writer.Write(os);
}

int
FastMiceScenario::Evaluate(const std::vector<std::vector<double>>& /* results */, std::ostream& os)
{
    Report(os, m_table);
    os << m_plotLines;
    return 0;
}

std::vector<OwnedAttributes::Entry>
FastMiceScenario::GetOwnedAttributes() const
{
    return FastPaperParameters::GetOwnedAttributes(false);
}

} // namespace ns3
