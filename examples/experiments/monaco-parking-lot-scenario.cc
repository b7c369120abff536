/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-parking-lot-scenario.h"

#include "ns3/command-line.h"
#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/duality-model.h"
#include "ns3/network-helper.h"
#include "ns3/plot-writer.h"
#include "ns3/queue-size.h"
#include "ns3/scenario-runner.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// RunPoint's results: this header, then LINK_SIZE numbers per link, then the N = 5 series.
enum Header : std::size_t
{
    MODEL_LONG,   //!< the model's rate of a long flow, Mb/s (the same for the three)
    LONG1,        //!< long1's measured rate, Mb/s (long2, long3 follow)
    MODEL_VQ = 4, //!< the first AVD link's model virtual queue, packets (NaN: no AVD link)
    VQ,           //!< its measured mean virtual queue, packets
    HEADER_SIZE
};

/// A link's block of RunPoint's results.
enum LinkResult : std::size_t
{
    MODEL_SHORT, //!< the model's rate of its short flow, Mb/s
    SHORT,       //!< its short flow's measured rate, Mb/s
    MODEL_QUEUE, //!< the model's physical queue, packets
    QUEUE,       //!< the measured mean queue, packets
    MODEL_UTIL,  //!< the model's utilization (its flows' rates / capacity)
    UTIL,        //!< the measured utilization
    DROPS,       //!< packets dropped in the whole run
    LINK_SIZE
};

/// The N whose run also returns time series for the plot (the paper's Figs 9(d)-(f)).
constexpr uint32_t SERIES_N = 5;
/// Sampling interval of the time series, ms.
constexpr int64_t SERIES_SAMPLE_MS = 10;
/// Averaging interval of the queue series, ms.
constexpr int64_t QUEUE_MEAN_MS = 100;
/// Averaging interval of the rate series, ms.
constexpr int64_t RATE_MEAN_MS = 500;
/// The AVD disc's virtual queue sampling interval, ms.
constexpr int64_t VQ_SAMPLE_MS = 10;
/// The largest N (--points).
constexpr uint32_t MAX_N = 50;

/// \param avd a link's kind \return its letter: A (AVD) or D (DropTail)
char
Letter(bool avd)
{
    return avd ? 'A' : 'D';
}

/// \param avd per link, true for AVD \param kind the kind sought \return the index of the first
/// link of that kind (avd.size() if none)
std::size_t
FirstOf(const std::vector<bool>& avd, bool kind)
{
    std::size_t l = 0;
    while (l < avd.size() && avd[l] != kind)
    {
        ++l;
    }
    return l;
}

/// \param values numbers \return their mean
double
Mean(const std::vector<double>& values)
{
    double sum = 0;
    for (double v : values)
    {
        sum += v;
    }
    return sum / values.size();
}

/// Append a series to RunPoint's results: its length, then its (t, y) pairs.
/// \param r the results \param points the series
void
AppendSeries(std::vector<double>& r, const PlotWriter::Points& points)
{
    r.push_back(points.size());
    for (const auto& [t, y] : points)
    {
        r.push_back(t);
        r.push_back(y);
    }
}

/// Read a series written by AppendSeries(). \param r the results \param at where it starts,
/// moved past it \return the series
PlotWriter::Points
ReadSeries(const std::vector<double>& r, std::size_t& at)
{
    PlotWriter::Points points;
    const auto count = static_cast<std::size_t>(r.at(at++));
    for (std::size_t i = 0; i < count; ++i, at += 2)
    {
        points.emplace_back(r.at(at), r.at(at + 1));
    }
    return points;
}
} // namespace

MonacoParkingLotScenario::MonacoParkingLotScenario()
    : Scenario("monaco-parking-lot",
               "Monaco paper §V-B (Fig. 9): three long flows across N = 2..9 bottlenecks, "
               "DropTail or AVD at random, and a short flow on each; proportional fairness, "
               "model vs simulation.")
{
}

void
MonacoParkingLotScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("points",
                 "Numbers of bottlenecks N to simulate, comma-separated (paper: 2 to 9)",
                 m_points);
    cmd.AddValue("seed",
                 "Seed of the draw of each link's discipline (DropTail or AVD); the same seed "
                 "gives the same networks (default 6: a DropTail and an AVD link for every N in "
                 "2..9)",
                 m_seed);
    cmd.AddValue("buffer",
                 "Each link's physical data buffer, packets (DropTail and AVD alike; default 120: "
                 "ten times 4 flows x a* = 3 packets, all of a link's flows' accumulation)",
                 m_buffer);
    cmd.AddValue("gamma", "The AVD discs' DesiredUtilization, in (0, 1] (paper: 0.98)", m_gamma);
    cmd.AddValue("duration", "Simulated time of each run (paper: 50 s)", m_duration);
    cmd.AddValue("settling",
                 "Start of the measurement window [settling, duration] (the transient left out)",
                 m_settling);
}

void
MonacoParkingLotScenario::Check()
{
    Require(m_buffer >= 1, "buffer", m_buffer, "no room for a packet", ">= 1 packets");
    Require(m_gamma > 0 && m_gamma <= 1, "gamma", m_gamma, "not a utilization", "(0, 1]");
    RequirePair(m_settling < m_duration && !m_settling.IsStrictlyNegative(),
                "settling",
                m_settling.As(Time::S),
                "outside the run",
                "duration",
                m_duration.As(Time::S),
                "in [0, duration)");
    m_ns.clear();
    for (double n : ParsePositiveNumbers("points", m_points))
    {
        Require(n == std::floor(n) && n <= MAX_N,
                "points",
                n,
                "not a number of bottlenecks",
                "integers in [1, " + std::to_string(MAX_N) + "]");
        Require(std::find(m_ns.begin(), m_ns.end(), static_cast<uint32_t>(n)) == m_ns.end(),
                "points",
                n,
                "listed twice (each N is one deterministic run)",
                "distinct integers in [1, " + std::to_string(MAX_N) + "]");
        m_ns.push_back(static_cast<uint32_t>(n));
    }
    // Every description parses (errors name the field) before any simulation runs.
    for (uint32_t n : m_ns)
    {
        DescribeNetwork(GetLinkKinds(m_seed, n), m_buffer, m_gamma);
    }
}

std::vector<bool>
MonacoParkingLotScenario::GetLinkKinds(uint32_t seed, uint32_t n)
{
    std::seed_seq seq{seed, n};
    std::mt19937 rng(seq);
    std::vector<bool> avd;
    for (uint32_t l = 0; l < n; ++l)
    {
        avd.push_back((rng() >> 31) != 0); // the top bit: a fair coin
    }
    return avd;
}

std::string
MonacoParkingLotScenario::FormatLinkKinds(const std::vector<bool>& avd)
{
    std::string text;
    for (bool a : avd)
    {
        text += text.empty() ? "" : " ";
        text += Letter(a);
    }
    return text;
}

double
MonacoParkingLotScenario::GetLongRttMs(uint32_t n, std::size_t flow)
{
    return 2 * 4.0 * n + LONG_EXTRA_RTT_MS[flow];
}

NetworkDescription
MonacoParkingLotScenario::DescribeNetwork(const std::vector<bool>& avd,
                                          uint32_t buffer,
                                          double gamma,
                                          double linkMbps)
{
    if (avd.empty())
    {
        throw std::invalid_argument("MonacoParkingLotScenario: no link; valid: N >= 1");
    }
    // 1 Gb/s access links (the paper's Fig. 10) never limit a flow. The source's access delay
    // makes up each round trip: rtt / 2 - (links crossed) x 4 ms - 1 ms: 1, 7 and 17 ms for the
    // long flows, 5 ms for the short ones. The long round trips grow with N, not fixed: Monaco's
    // AccP moves the window by at most kappa a* = 1.5 packets a round trip, and near its
    // equilibrium the rate's error decays with a time constant of about x rtt^2 / (kappa a*)
    // (x in packets/s): 15 s for 12.5 Mb/s at 120 ms, 60 s at 240 ms, but 6 s at 8N + 36 = 76 ms
    // (N = 5). Fixed round trips as different as 80 and 240 ms would not converge in 50 s.
    NetworkDescription d;
    d.accessRate = DataRate("1Gbps");
    // As DataRate reads "<linkMbps>Mbps".
    const DataRate rate(static_cast<uint64_t>(linkMbps * 1e6));
    std::vector<std::string> route;
    for (std::size_t l = 0; l < avd.size(); ++l)
    {
        NetworkDescription::LinkSpec link;
        link.name = "L" + std::to_string(l + 1);
        link.from = "R" + std::to_string(l);
        link.to = "R" + std::to_string(l + 1);
        link.rate = rate;
        link.delay = MilliSeconds(4);
        link.queueDisc = "ns3::PriorityObQueueDisc";
        if (avd[l])
        {
            // The AVD disc is the priority queue's child, not attached to the device: its
            // LinkBandwidth is the link's rate.
            NetworkDescription::QueueDiscSpec child;
            child.type = "ns3::AvdQueueDisc";
            child.Set("DesiredUtilization", DoubleValue(gamma))
                .Set("LinkBandwidth", DataRateValue(rate))
                .Set("MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, buffer)));
            link.queueClasses.push_back(child);
        }
        else
        {
            link.bufferPackets = buffer;
        }
        route.push_back(link.name);
        d.links.push_back(link);
    }
    for (std::size_t i = 0; i < 3 + avd.size(); ++i)
    {
        NetworkDescription::ClassSpec c;
        c.name = i < 3 ? "long" + std::to_string(i + 1) : "short" + std::to_string(i - 2);
        c.route = i < 3 ? route : std::vector<std::string>{route[i - 3]};
        c.rtt = Time::FromDouble(i < 3 ? GetLongRttMs(avd.size(), i) : SHORT_RTT_MS, Time::MS);
        c.tcp = "ns3::TcpMonaco";
        d.classes.push_back(c);
    }
    d.Validate();
    return d;
}

bool
MonacoParkingLotScenario::IsSweep() const
{
    return true;
}

std::size_t
MonacoParkingLotScenario::GetPointCount() const
{
    return m_ns.size();
}

uint32_t
MonacoParkingLotScenario::GetN(std::size_t point) const
{
    return m_ns.at(point);
}

std::string
MonacoParkingLotScenario::GetPointLabel(std::size_t point) const
{
    const uint32_t n = GetN(point);
    return "N=" + std::to_string(n) + " (" + FormatLinkKinds(GetLinkKinds(m_seed, n)) + ")";
}

std::vector<double>
MonacoParkingLotScenario::RunPoint(std::size_t point)
{
    const uint32_t n = GetN(point);
    const std::vector<bool> avd = GetLinkKinds(m_seed, n);
    NetworkHelper helper(DescribeNetwork(avd, m_buffer, m_gamma));
    ScenarioRunner::WarnIfLong(helper, m_duration);
    helper.GetMonitor().SetMeasurementWindow(m_settling, m_duration);
    const std::size_t firstAvd = FirstOf(avd, true);
    const std::string avdLink = "L" + std::to_string(firstAvd + 1);
    if (firstAvd < n)
    {
        helper.GetMonitor().EnableLinkSamples(avdLink,
                                              MilliSeconds(VQ_SAMPLE_MS),
                                              {"VirtualQueue"});
    }
    const bool series = n == SERIES_N && !GetPlotPrefix().empty();
    if (series)
    {
        helper.GetMonitor().EnableTimeSeries(MilliSeconds(SERIES_SAMPLE_MS));
    }
    helper.GetBuilder().AssignStreams(1);
    helper.Install();
    helper.Run(m_duration, false);

    const DualityModel model = helper.GetModelBuilder().BuildModel();
    const DualityModel::Solution sol = model.Solve();
    const double packetSize = helper.GetDescription().packetSize;
    const double megabitsPerPacket = 8e-6 * packetSize;
    std::vector<double> r(HEADER_SIZE, std::nan(""));
    // The model's sources are the flows in class order: long1, long2, long3, short1, ...
    r[MODEL_LONG] = sol.sources.at(0).rate * megabitsPerPacket;
    for (std::size_t i = 0; i < 3; ++i)
    {
        r[LONG1 + i] =
            helper.GetMonitor().GetClassMeasurement("long" + std::to_string(i + 1)).rateKBps * 8 /
            1000;
    }
    if (firstAvd < n)
    {
        // The AVD link's price is its virtual delay; the virtual queue holds it at the model's
        // capacity gamma C. The disc counts IPv4 bytes: packetSize - 2 (PPP) a data packet.
        const std::size_t index = model.GetLinkIndex(avdLink);
        r[MODEL_VQ] = sol.links[index].price * model.GetLinks()[index].capacity;
        r[VQ] = helper.GetMonitor().MeasureWindow(m_settling, m_duration).traceMeans[0] /
                (packetSize - 2);
    }
    for (uint32_t l = 0; l < n; ++l)
    {
        const std::string name = "L" + std::to_string(l + 1);
        const TestbedMonitor::LinkMeasurement m = helper.GetMonitor().GetLinkMeasurement(name);
        const double modelShort = sol.sources.at(3 + l).rate * megabitsPerPacket;
        r.push_back(modelShort);
        r.push_back(
            helper.GetMonitor().GetClassMeasurement("short" + std::to_string(l + 1)).rateKBps * 8 /
            1000);
        r.push_back(sol.links[model.GetLinkIndex(name)].backlog);
        r.push_back(m.backlogPackets);
        r.push_back((3 * r[MODEL_LONG] + modelShort) / LINK_MBPS);
        r.push_back(m.utilization);
        r.push_back(m.drops);
    }
    if (series)
    {
        // Columns: time, the classes' rates (KB/s), the links' backlogs (packets).
        const std::size_t dropTail = FirstOf(avd, false);
        const Time queueMean = MilliSeconds(QUEUE_MEAN_MS);
        const std::size_t backlogs = 1 + 3 + n;
        for (std::size_t l : {dropTail, firstAvd})
        {
            AppendSeries(r,
                         l < n ? helper.GetReport().GetTimeSeriesMeans(backlogs + l, queueMean)
                               : PlotWriter::Points{});
        }
        const Time rateMean = MilliSeconds(RATE_MEAN_MS);
        PlotWriter::Points longRate = helper.GetReport().GetTimeSeriesMeans(1, rateMean);
        PlotWriter::Points shortRate =
            helper.GetReport().GetTimeSeriesMeans(1 + 3 + (dropTail < n ? dropTail : 0), rateMean);
        for (PlotWriter::Points* points : {&longRate, &shortRate})
        {
            for (auto& point : *points)
            {
                point.second *= 8.0 / 1000; // KB/s to Mb/s
            }
            AppendSeries(r, *points);
        }
    }
    Simulator::Destroy();
    return r;
}

int
MonacoParkingLotScenario::Evaluate(const std::vector<std::vector<double>>& results,
                                   std::ostream& os)
{
    std::ostringstream title;
    title << "Monaco parking lot (paper §V-B, Fig. 9): N x " << LINK_MBPS
          << " Mb/s, 4 ms; long RTTs 8N+" << LONG_EXTRA_RTT_MS[0] << ", 8N+" << LONG_EXTRA_RTT_MS[1]
          << ", 8N+" << LONG_EXTRA_RTT_MS[2] << " ms, short " << SHORT_RTT_MS << " ms; buffer "
          << m_buffer << " pkts, AVD gamma " << m_gamma << ", seed " << m_seed << ", window ["
          << m_settling.GetSeconds() << ", " << m_duration.GetSeconds() << "] s";
    ComparisonTable table(title.str());
    PlotWriter::Points meanCurve;
    PlotWriter::Points modelCurve;
    PlotWriter::Points paperCurve;
    PlotWriter::Points covCurve;
    std::vector<PlotWriter::Points> longCurves(3);
    const std::vector<double>* seriesPoint = nullptr;
    std::vector<bool> seriesKinds;
    for (std::size_t p = 0; p < m_ns.size(); ++p)
    {
        const uint32_t n = m_ns[p];
        const std::vector<bool> avd = GetLinkKinds(m_seed, n);
        const std::vector<double>& r = results[p];
        os << "N=" << n << " links: " << FormatLinkKinds(avd) << "\n";
        const std::string prefix = "N=" + std::to_string(n) + " ";
        const std::vector<double> longs(r.begin() + LONG1, r.begin() + LONG1 + 3);
        const double mean = Mean(longs);
        double variance = 0;
        for (double x : longs)
        {
            variance += (x - mean) * (x - mean) / longs.size();
        }
        // The population coefficient of variation of the three long flows' rates.
        const double cov = 100 * std::sqrt(variance) / mean;
        const double paper = LINK_MBPS / (3 + n);
        table.Add("rate (Mb/s)", prefix + "long mean", r[MODEL_LONG], mean);
        table.Add("paper rate 100/(3+N) (Mb/s)", prefix + "long mean", paper, mean);
        for (std::size_t i = 0; i < 3; ++i)
        {
            table.Add("rate (Mb/s)",
                      prefix + "long" + std::to_string(i + 1),
                      r[MODEL_LONG],
                      longs[i]);
            longCurves[i].emplace_back(n, longs[i]);
        }
        table.Add("cov (%)", prefix + "long", 0, cov);
        std::vector<double> modelShorts;
        std::vector<double> shorts;
        for (uint32_t l = 0; l < n; ++l)
        {
            const double* b = r.data() + HEADER_SIZE + l * LINK_SIZE;
            modelShorts.push_back(b[MODEL_SHORT]);
            shorts.push_back(b[SHORT]);
        }
        table.Add("rate (Mb/s)", prefix + "short mean", Mean(modelShorts), Mean(shorts));
        for (uint32_t l = 0; l < n; ++l)
        {
            const double* b = r.data() + HEADER_SIZE + l * LINK_SIZE;
            const std::string link = std::to_string(l + 1) + " (" + Letter(avd[l]) + ")";
            table.Add("rate (Mb/s)", prefix + "short" + link, b[MODEL_SHORT], b[SHORT]);
            table.Add("queue (pkts)", prefix + "L" + link, b[MODEL_QUEUE], b[QUEUE]);
            table.Add("utilization", prefix + "L" + link, b[MODEL_UTIL], b[UTIL]);
            table.Add("drops (pkts)", prefix + "L" + link, 0, b[DROPS]);
        }
        if (!std::isnan(r[MODEL_VQ]))
        {
            const std::size_t first = FirstOf(avd, true);
            table.Add("virtual queue (pkts)",
                      prefix + "L" + std::to_string(first + 1) + " (A)",
                      r[MODEL_VQ],
                      r[VQ]);
        }
        meanCurve.emplace_back(n, mean);
        modelCurve.emplace_back(n, r[MODEL_LONG]);
        paperCurve.emplace_back(n, paper);
        covCurve.emplace_back(n, cov);
        if (n == SERIES_N && r.size() > HEADER_SIZE + n * LINK_SIZE)
        {
            seriesPoint = &r;
            seriesKinds = avd;
        }
    }
    Report(os, table);
    if (GetPlotPrefix().empty())
    {
        return 0;
    }
    PlotWriter writer(GetPlotPrefix());
    std::ostringstream shortTitle;
    shortTitle << "Monaco parking lot (Fig. 9): seed " << m_seed << ", window ["
               << m_settling.GetSeconds() << ", " << m_duration.GetSeconds() << "] s";
    PlotWriter::Figure& rates = writer.AddFigure(shortTitle.str(), "bottlenecks N", "throughput");
    rates.SetStyle(PlotWriter::Style::LINES_POINTS);
    PlotWriter::Panel& ratePanel = rates.AddPanel("long flows' rate (Mb/s)");
    const std::size_t meanIndex = ratePanel.AddCurve("simulation, mean of the 3", meanCurve);
    for (std::size_t i = 0; i < 3; ++i)
    {
        ratePanel.AddCurve("long" + std::to_string(i + 1), longCurves[i]);
    }
    ratePanel.AddModelCurve("model (duality, gamma C on AVD links)", modelCurve, meanIndex);
    ratePanel.AddModelCurve("paper: 100/(3+N)", paperCurve);
    PlotWriter::Figure& covs = writer.AddFigure(shortTitle.str(), "bottlenecks N", "cov");
    covs.SetStyle(PlotWriter::Style::LINES_POINTS);
    PlotWriter::Panel& covPanel = covs.AddPanel("CoV of the long flows' rates (%)");
    covPanel.AddCurve("simulation", covCurve);
    covPanel.SetYFromZero(true);
    if (seriesPoint != nullptr)
    {
        const std::vector<double>& r = *seriesPoint;
        std::size_t at = HEADER_SIZE + SERIES_N * LINK_SIZE;
        const PlotWriter::Points dropTailQueue = ReadSeries(r, at);
        const PlotWriter::Points avdQueue = ReadSeries(r, at);
        const PlotWriter::Points longRate = ReadSeries(r, at);
        const PlotWriter::Points shortRate = ReadSeries(r, at);
        const std::size_t dropTail = FirstOf(seriesKinds, false);
        const std::size_t firstAvd = FirstOf(seriesKinds, true);
        PlotWriter::Figure& n5 =
            writer.AddFigure("N = 5 (" + FormatLinkKinds(seriesKinds) + "), " + shortTitle.str(),
                             "time (s)",
                             "n5");
        n5.AddWindow(m_settling.GetSeconds(), m_duration.GetSeconds());
        const double* links = r.data() + HEADER_SIZE;
        if (dropTail < SERIES_N)
        {
            PlotWriter::Panel& panel =
                n5.AddPanel("queue (pkts)", "DropTail link L" + std::to_string(dropTail + 1));
            const std::size_t c = panel.AddCurve("queue", dropTailQueue);
            panel.AddModelLine("model", links[dropTail * LINK_SIZE + MODEL_QUEUE], c);
        }
        else
        {
            os << "N=5: no DropTail link in this draw (seed " << m_seed << ")\n";
        }
        if (firstAvd < SERIES_N)
        {
            PlotWriter::Panel& panel =
                n5.AddPanel("queue (pkts)", "AVD link L" + std::to_string(firstAvd + 1));
            const std::size_t c = panel.AddCurve("physical queue", avdQueue);
            panel.AddModelLine("model", 0, c);
        }
        else
        {
            os << "N=5: no AVD link in this draw (seed " << m_seed << ")\n";
        }
        PlotWriter::Panel& panel = n5.AddPanel("rate (Mb/s)");
        const std::size_t l = panel.AddCurve("long1", longRate);
        const std::size_t shortLink = dropTail < SERIES_N ? dropTail : 0;
        const std::size_t s = panel.AddCurve("short" + std::to_string(shortLink + 1), shortRate);
        panel.AddModelLine("model long", r[MODEL_LONG], l);
        panel.AddModelLine("model short", links[shortLink * LINK_SIZE + MODEL_SHORT], s);
    }
    writer.Write(os);
    return 0;
}

std::vector<OwnedAttributes::Entry>
MonacoParkingLotScenario::GetOwnedAttributes() const
{
    return {{"ns3::AvdQueueDisc::DesiredUtilization", "--gamma"},
            {"ns3::AvdQueueDisc::LinkBandwidth", "nothing: the link's rate (the paper's)"},
            {"ns3::AvdQueueDisc::MaxSize", "--buffer"},
            {"ns3::PriorityObQueueDisc::MaxSize", "--buffer"}};
}

} // namespace ns3
