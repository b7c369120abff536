/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fast-sweeps-scenario.h"

#include "aqm-experiment.h"
#include "fast-paper-parameters.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-description.h"
#include "ns3/network-helper.h"
#include "ns3/plot-writer.h"
#include "ns3/queue-size.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-runner.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <limits>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Not a number: no model.
constexpr double NO_MODEL = std::numeric_limits<double>::quiet_NaN();
/// The sink's access delay (the source's is rtt/2 - 5 ms - 1 ms).
constexpr int SINK_ACCESS_MS = 1;
/// Access links run at this multiple of the bottleneck's capacity: never a bottleneck.
constexpr double ACCESS_FACTOR = 10;
/// The large buffers of FAST, RED and PI: at least this many packets per flow (both ways).
constexpr uint32_t BUFFER_PER_FLOW = 100;
/// The period of the link samples and of the windows' samples.
const Time SAMPLE_INTERVAL = MilliSeconds(10);
/// Largest flows each way (both ways within NetworkDescription::MAX_FLOWS).
constexpr uint32_t MAX_FLOWS_EACH_WAY = NetworkDescription::MAX_FLOWS / 2;
/// Shortest round trip: the bottleneck's and the sink's delays both ways.
const Time MIN_RTT = MilliSeconds(2 * (5 + SINK_ACCESS_MS));
/// Longest round trip accepted, s (its simulated time is simTime x rtt / 50 ms).
constexpr double MAX_RTT_S = 10;

/// A sweep: its name, its fixed values and its default points.
struct Sweep
{
    const char* name;       //!< --sweep
    const char* figure;     //!< the paper's figure
    double capacityBps;     //!< the capacity (unless swept)
    uint32_t flows;         //!< flows each way (unless swept)
    double rttMs;           //!< the round trip, ms (unless swept)
    const char* points;     //!< the default points
    const char* validRange; //!< what --points accepts
};

/// The paper's three sweeps (§V-A).
const std::array<Sweep, 3> SWEEPS{{
    {"capacity",
     "Fig. 5",
     100e6,
     50,
     50,
     "100Mbps,300Mbps,1Gbps,3Gbps,8Gbps",
     "capacities such as 100Mbps or 8Gbps, in [1kbps, 1Tbps]"},
    {"delay",
     "Fig. 6",
     100e6,
     50,
     50,
     "20ms,50ms,100ms,200ms,500ms,1000ms",
     "round trips such as 20ms, in [12ms, 10s]"},
    {"flows",
     "Fig. 7",
     1e9,
     50,
     50,
     "5,20,50,100,200,500",
     "flows each way, whole numbers in [1, 5000]"},
}};

/// An algorithm: its option name and label.
struct AlgorithmEntry
{
    FastSweepsScenario::Algorithm algorithm; //!< the algorithm
    const char* name;                        //!< in --algorithms
    const char* label;                       //!< in entities and legends
};

/// The algorithms, in the paper's order.
const std::array<AlgorithmEntry, 4> ALGORITHMS{{
    {FastSweepsScenario::Algorithm::FAST_REM, "fast", "FAST-ECN/REM-VC"},
    {FastSweepsScenario::Algorithm::RENO_RED, "red", "NewReno/RED"},
    {FastSweepsScenario::Algorithm::RENO_AVQ, "avq", "NewReno/AVQ"},
    {FastSweepsScenario::Algorithm::RENO_PI, "pi", "NewReno/PI"},
}};

/// The numbers a point returns, in order.
enum ResultIndex : std::size_t
{
    UTILIZATION = 0,
    QUEUE,
    LOSS_PCT,
    CWND,
    MODEL_UTILIZATION,
    MODEL_QUEUE,
    MODEL_CWND,
    WALL_SECONDS,
    RESULT_SIZE
};

/**
 * \param name --sweep's value
 * \return its sweep (throws std::invalid_argument naming --sweep otherwise)
 */
const Sweep&
FindSweep(const std::string& name)
{
    for (const Sweep& s : SWEEPS)
    {
        if (name == s.name)
        {
            return s;
        }
    }
    throw std::invalid_argument("--sweep=" + name + ": unknown; valid: capacity, delay or flows");
}

/**
 * \param text a whole number of flows (digits only)
 * \return it; throws std::invalid_argument naming --points unless in [1, MAX_FLOWS_EACH_WAY]
 */
double
ParseFlows(const std::string& text)
{
    const bool digits =
        !text.empty() && text.size() <= 9 &&
        std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    const unsigned long n = digits ? std::stoul(text) : 0;
    if (!digits || n < 1 || n > MAX_FLOWS_EACH_WAY)
    {
        throw std::invalid_argument("--points=" + text +
                                    ": not a number of flows; valid: whole numbers in [1, " +
                                    std::to_string(MAX_FLOWS_EACH_WAY) + "]");
    }
    return static_cast<double>(n);
}
} // namespace

FastSweepsScenario::FastSweepsScenario()
    : Scenario("fast-sweeps",
               "FAST paper §V-A (Figs 5, 6, 7): two-way FTP traffic on one bottleneck, "
               "FAST-ECN over REM's virtual capacity vs NewReno over RED, AVQ and PI, swept "
               "over the capacity, the round trip or the number of flows; utilization, queue and "
               "loss per point, FAST's model beside it.")
{
    Settings defaults;
    defaults.simTime = Seconds(30);
    defaults.warmup = Seconds(15);
    defaults.progress = true;
    SetSettings(defaults);
}

void
FastSweepsScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("sweep",
                 "capacity (Fig. 5: 100Mbps..8Gbps, 50 flows each way, RTT 50ms), delay (Fig. 6: "
                 "RTT 20ms..1000ms, 100Mbps, 50 flows) or flows (Fig. 7: 5..500 flows, 1Gbps, "
                 "RTT 50ms)",
                 m_sweep);
    cmd.AddValue("points",
                 "The swept values, comma-separated (default: the sweep's; capacity: rates such "
                 "as 1Gbps, delay: round trips such as 200ms in [12ms, 10s], flows: whole "
                 "numbers each way in [1, 5000])",
                 m_pointsText);
    cmd.AddValue("algorithms",
                 "Comma-separated: fast (FAST-ECN/REM-VC), red, avq, pi (NewReno over each)",
                 m_algorithmsText);
    cmd.AddValue("maxCapacity",
                 "The largest capacity x simulated time a point runs at, as a rate for --simTime: "
                 "a larger point runs with its flows and capacity scaled down together (same "
                 "share per flow), stated in the report; in [1kbps, 1Tbps]",
                 m_maxCapacity);
    cmd.AddValue("subPacket",
                 "NewReno with ns-2's sub-packet ECN response (TcpSubPacketSocket, RFC 3168 "
                 "6.1.2 below two segments), as the paper's ns-2 TCP; --subPacket=false: ns-3's "
                 "TcpSocketBase, whose window never goes below two segments",
                 m_subPacket);
    cmd.AddValue("seed", "RNG seed (>= 1)", m_seed);
    cmd.AddValue("run", "RNG run number", m_run);
}

void
FastSweepsScenario::Check()
{
    const Sweep& sweep = FindSweep(m_sweep);
    const double maxBps =
        NetworkDescription::ParseRate(m_maxCapacity, "--maxCapacity").GetBitRate();
    Require(m_seed >= 1, "seed", m_seed, "zero", ">= 1");

    m_algorithms.clear();
    for (const std::string& name : SplitList("algorithms", m_algorithmsText))
    {
        const auto entry =
            std::find_if(ALGORITHMS.begin(), ALGORITHMS.end(), [&name](const AlgorithmEntry& a) {
                return name == a.name;
            });
        Require(entry != ALGORITHMS.end(),
                "algorithms",
                m_algorithmsText,
                "unknown algorithm '" + name + "'",
                "a comma-separated list of fast, red, avq and pi");
        Require(std::find(m_algorithms.begin(), m_algorithms.end(), entry->algorithm) ==
                    m_algorithms.end(),
                "algorithms",
                m_algorithmsText,
                "'" + name + "' given twice",
                "each of fast, red, avq and pi at most once");
        m_algorithms.push_back(entry->algorithm);
    }
    std::string subPacket;
    Require(m_algorithms != std::vector<Algorithm>{Algorithm::FAST_REM} ||
                !IsOptionGiven("subPacket", &subPacket),
            "subPacket",
            subPacket,
            "no effect with --algorithms=fast (no NewReno source)",
            "leave it out, or --algorithms with red, avq or pi");

    m_xs.clear();
    const std::string text = m_pointsText.empty() ? sweep.points : m_pointsText;
    for (const std::string& item : SplitList("points", text))
    {
        double x = 0;
        if (m_sweep == "capacity")
        {
            x = NetworkDescription::ParseRate(item, "--points").GetBitRate();
        }
        else if (m_sweep == "delay")
        {
            const Time rtt = NetworkDescription::ParseTime(item, "--points");
            Require(rtt >= MIN_RTT && rtt.GetSeconds() <= MAX_RTT_S,
                    "points",
                    item,
                    "round trip out of range (the bottleneck's and the sink's delays take 12 ms)",
                    sweep.validRange);
            x = rtt.GetSeconds();
        }
        else
        {
            x = ParseFlows(item);
        }
        Require(std::find(m_xs.begin(), m_xs.end(), x) == m_xs.end(),
                "points",
                text,
                "'" + item + "' given twice",
                sweep.validRange + std::string(", each once"));
        m_xs.push_back(x);
    }

    m_points.clear();
    const Settings& settings = GetSettings();
    for (double x : m_xs)
    {
        double capacity = sweep.capacityBps;
        uint32_t flows = sweep.flows;
        Time rtt = MilliSeconds(sweep.rttMs);
        if (m_sweep == "capacity")
        {
            capacity = x;
        }
        else if (m_sweep == "delay")
        {
            rtt = Seconds(x);
        }
        else
        {
            flows = static_cast<uint32_t>(x);
        }
        const Size size = Reduce(capacity, flows, rtt, maxBps, settings.warmup, settings.simTime);
        Require(size.simTime.GetSeconds() <= NetworkDescription::MAX_TIME_SECONDS,
                "simTime",
                settings.simTime.As(Time::S),
                "x RTT / 50 ms exceeds 1e6 s at " + FormatX(x),
                "a shorter --simTime");
        for (Algorithm a : m_algorithms)
        {
            // Parse and validate every network now: a bad point is an error before any run.
            DescribeNetwork(a, size, m_subPacket);
            m_points.push_back({x, size, a});
        }
    }
}

bool
FastSweepsScenario::HasWindow() const
{
    return true;
}

bool
FastSweepsScenario::IsSweep() const
{
    return true;
}

std::size_t
FastSweepsScenario::GetPointCount() const
{
    return m_points.size();
}

std::string
FastSweepsScenario::GetPointLabel(std::size_t point) const
{
    const Point& p = m_points.at(point);
    return GetAlgorithmLabel(p.algorithm) + "@" + FormatX(p.x);
}

std::string
FastSweepsScenario::GetAlgorithmLabel(Algorithm algorithm)
{
    for (const AlgorithmEntry& a : ALGORITHMS)
    {
        if (a.algorithm == algorithm)
        {
            return a.label;
        }
    }
    throw std::invalid_argument("FastSweepsScenario: unknown algorithm");
}

FastSweepsScenario::Size
FastSweepsScenario::Reduce(double capacityBps,
                           uint32_t flows,
                           Time rtt,
                           double maxBps,
                           Time warmup,
                           Time simTime)
{
    const double timeFactor = std::max(1.0, rtt.GetSeconds() / (REFERENCE_RTT_MS / 1000));
    Size s;
    s.capacityBps = capacityBps;
    s.flows = flows;
    s.rtt = rtt;
    s.runBps = capacityBps;
    s.runFlows = flows;
    s.warmup = warmup * timeFactor;
    s.simTime = simTime * timeFactor;
    if (capacityBps * timeFactor > maxBps)
    {
        const double f = maxBps / (capacityBps * timeFactor);
        s.runFlows = std::max<uint32_t>(1, static_cast<uint32_t>(std::floor(flows * f + 1e-9)));
        s.runBps = capacityBps * s.runFlows / flows;
    }
    return s;
}

namespace
{
/**
 * \param q a queue disc
 * \return it with its attributes in the order of their names: the order they are set in (this
 *         experiment's results were recorded with its network read from text, whose parser
 *         orders a queue disc's attributes by name)
 */
NetworkDescription::QueueDiscSpec
SortedByName(NetworkDescription::QueueDiscSpec q)
{
    std::stable_sort(q.attributes.begin(), q.attributes.end(), [](const auto& a, const auto& b) {
        return a.first < b.first;
    });
    return q;
}

/**
 * \param algorithm an algorithm
 * \param size a point (its runBps, runFlows, rtt)
 * \return the bottleneck's queue disc (both ways), its MaxSize in bytes
 */
NetworkDescription::QueueDiscSpec
GetBottleneckQueue(FastSweepsScenario::Algorithm algorithm, const FastSweepsScenario::Size& size)
{
    using Algorithm = FastSweepsScenario::Algorithm;
    const uint32_t packet = FastPaperParameters::PACKET_BYTES;
    const Time delay = MilliSeconds(FastSweepsScenario::BOTTLENECK_DELAY_MS);
    // The bandwidth-delay product, packets (AVQ's buffer), and the large buffer of the others.
    const auto bdp = static_cast<uint32_t>(
        std::max(1.0, std::ceil(size.runBps * size.rtt.GetSeconds() / (8.0 * packet))));
    const uint32_t large = std::max(bdp, BUFFER_PER_FLOW * 2 * size.runFlows);
    NetworkDescription::QueueDiscSpec q;
    if (algorithm == Algorithm::FAST_REM || algorithm == Algorithm::RENO_RED)
    {
        q = algorithm == Algorithm::FAST_REM
                ? FastPaperParameters::GetRemVirtualCapacity(true)
                : FastPaperParameters::GetRed(size.runBps, delay, true);
        q.Set("MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, uint64_t{large} * packet)));
        return SortedByName(q);
    }
    // The AVQ paper's configuration (AqmExperiment), with the FAST paper's changes: AVQ's
    // gamma 0.95 and a buffer of one BDP; PI's q_ref 50 (its default) and a large buffer; both
    // in bytes.
    AqmExperiment::Settings s;
    s.linkRate = DataRate(static_cast<uint64_t>(std::llround(size.runBps)));
    s.linkDelay = delay;
    s.packetSize = packet;
    s.ecn = true;
    s.byteMode = true;
    s.avqGamma = FastPaperParameters::TARGET_UTILIZATION;
    s.bufferPackets = algorithm == Algorithm::RENO_AVQ ? bdp : large;
    q = AqmExperiment::GetQueueSpec(algorithm == Algorithm::RENO_AVQ ? "AVQ" : "PI", s);
    for (auto& [name, value] : q.attributes)
    {
        if (name == "MaxSize")
        {
            value = Create<QueueSizeValue>(
                QueueSize(QueueSizeUnit::BYTES, uint64_t{s.bufferPackets} * packet));
        }
    }
    return SortedByName(q);
}
} // namespace

NetworkDescription
FastSweepsScenario::DescribeNetwork(Algorithm algorithm, const Size& size, bool subPacket)
{
    DumbbellDescription::Parameters p;
    p.packetSize = FastPaperParameters::PACKET_BYTES;
    p.accessRate = DataRate(static_cast<uint64_t>(std::llround(ACCESS_FACTOR * size.runBps)));
    p.sinkAccessDelay = MilliSeconds(SINK_ACCESS_MS);
    p.name = BOTTLENECK;
    p.rate = DataRate(static_cast<uint64_t>(std::llround(size.runBps)));
    p.delay = MilliSeconds(BOTTLENECK_DELAY_MS);
    p.queue = GetBottleneckQueue(algorithm, size);
    NetworkDescription d = DumbbellDescription::Create(p);
    d.links.front().reverseQueue = p.queue;
    for (const char* direction : {"forward", "reverse"})
    {
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d, direction, size.runFlows, size.rtt);
        c.reverse = std::string(direction) == "reverse";
        if (algorithm == Algorithm::FAST_REM)
        {
            FastPaperParameters::SetFastEcnClass(c);
        }
        else
        {
            FastPaperParameters::SetNewRenoClass(c, subPacket);
        }
    }
    d.Validate();
    return d;
}

std::vector<double>
FastSweepsScenario::RunPoint(std::size_t point)
{
    const auto start = std::chrono::steady_clock::now();
    const Point& p = m_points.at(point);
    RngSeedManager::SetSeed(m_seed);
    RngSeedManager::SetRun(m_run);
    NetworkHelper helper(DescribeNetwork(p.algorithm, p.size, m_subPacket));
    // Handshakes at time 0, over an idle link: a SYN is not ECN-capable, and an AQM drops
    // what it would mark (as fast-dynamic does).
    helper.GetBuilder().SetEarlyConnection(true);
    helper.GetMonitor().SetMeasurementWindow(p.size.warmup, p.size.simTime);
    helper.GetMonitor().SetSamplingInterval(SAMPLE_INTERVAL);
    helper.GetMonitor().EnableLinkSamples(BOTTLENECK, SAMPLE_INTERVAL);
    helper.Install();
    ScenarioRunner::WarnIfLong(helper, p.size.simTime);
    helper.Run(p.size.simTime, false);

    std::vector<double> v(RESULT_SIZE, NO_MODEL);
    const TestbedMonitor::WindowMeasurement w =
        helper.GetMonitor().MeasureWindow(p.size.warmup, p.size.simTime);
    v[UTILIZATION] = w.utilization;
    v[QUEUE] = w.queueMean;
    v[LOSS_PCT] = 100 * w.lossRate;
    v[CWND] = helper.GetMonitor().GetClassMeasurement("forward").cwndPackets;
    if (p.algorithm == Algorithm::FAST_REM)
    {
        // The duality model of FAST over the virtual-capacity law: the forward direction at
        // gamma_v c, a virtual price (no queue), every forward flow at gamma_v c / n.
        const DualityModel model = helper.GetModelBuilder().BuildModel();
        const DualityModel::Solution solution = model.Solve();
        const DualityModel::LinkResult& link = solution.links[model.GetLinkIndex(BOTTLENECK)];
        // The model's link capacity is the virtual one, gamma_v c: its load over the real c.
        v[MODEL_UTILIZATION] =
            link.load / (p.size.runBps / (8.0 * FastPaperParameters::PACKET_BYTES));
        v[MODEL_QUEUE] = link.backlog;
        v[MODEL_CWND] = solution.sources.front().window;
    }
    Simulator::Destroy();
    v[WALL_SECONDS] =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return v;
}

std::string
FastSweepsScenario::FormatX(double x) const
{
    std::ostringstream os;
    if (m_sweep == "capacity")
    {
        const bool giga = x >= 1e9 && std::fmod(x, 1e8) == 0;
        os << (giga ? x / 1e9 : x / 1e6) << (giga ? "Gbps" : "Mbps");
    }
    else if (m_sweep == "delay")
    {
        os << x * 1000 << "ms";
    }
    else
    {
        os << x << "flows";
    }
    return os.str();
}

std::string
FastSweepsScenario::GetXLabel() const
{
    if (m_sweep == "capacity")
    {
        return "log10 capacity (Mb/s)";
    }
    return m_sweep == "delay" ? "log10 round-trip propagation delay (ms)" : "log10 flows each way";
}

int
FastSweepsScenario::Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os)
{
    const Sweep& sweep = FindSweep(m_sweep);
    const Settings& settings = GetSettings();
    std::ostringstream title;
    title << "FAST paper " << sweep.figure << " (--sweep=" << m_sweep
          << "): two-way FTP (as many flows each way)";
    if (m_sweep != "capacity")
    {
        title << ", " << PlotWriter::FormatRate(sweep.capacityBps);
    }
    if (m_sweep != "flows")
    {
        title << ", " << sweep.flows << " flows each way";
    }
    if (m_sweep != "delay")
    {
        title << ", RTT " << sweep.rttMs << " ms";
    }
    os << title.str() << "\n"
       << "Statistics over [" << settings.warmup.GetSeconds() << ", "
       << settings.simTime.GetSeconds() << "] s of simulated time (x RTT / 50 ms above 50 ms); "
       << "a point costing more than --maxCapacity=" << m_maxCapacity
       << " over --simTime runs with flows and capacity scaled down together.\nNewReno: ECN, "
       << (m_subPacket ? "sub-packet response (RFC 3168 6.1.2, TcpSubPacketSocket)"
                       : "ns-3's TcpSocketBase (no sub-packet response; --subPacket=false)")
       << ".\n\n";

    // The note: what each point ran at, and its wall time per algorithm.
    os << std::left << std::setw(12) << "point" << std::right << std::setw(14) << "ran at"
       << std::setw(12) << "flows/way" << std::setw(10) << "scale" << std::setw(16) << "window (s)";
    for (Algorithm a : m_algorithms)
    {
        os << std::setw(18) << GetAlgorithmLabel(a);
    }
    os << "\n";
    ComparisonTable table(title.str());
    for (std::size_t i = 0; i < m_xs.size(); ++i)
    {
        const Size& size = m_points.at(i * m_algorithms.size()).size;
        std::ostringstream window;
        window << size.warmup.GetSeconds() << "-" << size.simTime.GetSeconds();
        std::ostringstream scale;
        scale << std::setprecision(3) << static_cast<double>(size.runFlows) / size.flows;
        os << std::left << std::setw(12) << FormatX(m_xs[i]) << std::right << std::setw(14)
           << PlotWriter::FormatRate(size.runBps) << std::setw(12) << size.runFlows << std::setw(10)
           << (size.runFlows == size.flows ? "full" : scale.str()) << std::setw(16) << window.str();
        for (std::size_t k = 0; k < m_algorithms.size(); ++k)
        {
            const std::size_t point = i * m_algorithms.size() + k;
            const std::vector<double>& v = results.at(point);
            NS_ABORT_MSG_UNLESS(v.size() == RESULT_SIZE,
                                "FastSweepsScenario: point '" << GetPointLabel(point)
                                                              << "' returned " << v.size()
                                                              << " numbers");
            std::ostringstream wall;
            wall << std::fixed << std::setprecision(1) << v[WALL_SECONDS] << " s wall";
            os << std::setw(18) << wall.str();
            const std::string entity = GetPointLabel(point);
            table.Add("utilization", entity, v[MODEL_UTILIZATION], v[UTILIZATION]);
            table.Add("queue (pkts)", entity, v[MODEL_QUEUE], v[QUEUE]);
            table.Add("loss (%)", entity, NO_MODEL, v[LOSS_PCT]);
            table.Add("cwnd (pkts)", entity, v[MODEL_CWND], v[CWND]);
        }
        os << "\n";
    }
    os << "\n";
    Report(os, table);
    if (!GetPlotPrefix().empty())
    {
        WritePlot(table, os);
    }
    return 0;
}

void
FastSweepsScenario::WritePlot(const ComparisonTable& table, std::ostream& os) const
{
    const double unit = m_sweep == "capacity" ? 1e6 : (m_sweep == "delay" ? 1e-3 : 1);
    PlotWriter writer(GetPlotPrefix());
    PlotWriter::Figure& figure = writer.AddFigure(table.GetTitle(), GetXLabel());
    figure.SetStyle(PlotWriter::Style::LINES_POINTS);
    for (const std::string quantity : {"utilization", "queue (pkts)", "loss (%)"})
    {
        PlotWriter::Panel& panel = figure.AddPanel(quantity);
        panel.SetYFromZero(true);
        for (Algorithm a : m_algorithms)
        {
            PlotWriter::Points simulated;
            PlotWriter::Points model;
            for (double x : m_xs)
            {
                const ComparisonTable::Row& row =
                    table.Get(quantity, GetAlgorithmLabel(a) + "@" + FormatX(x));
                simulated.emplace_back(std::log10(x / unit), row.simulation);
                if (!std::isnan(row.model))
                {
                    model.emplace_back(std::log10(x / unit), row.model);
                }
            }
            const std::size_t curve = panel.AddCurve(GetAlgorithmLabel(a), simulated);
            if (!model.empty())
            {
                panel.AddModelCurve(GetAlgorithmLabel(a) + " model", model, curve);
            }
        }
    }
    writer.Write(os);
}

std::vector<OwnedAttributes::Entry>
FastSweepsScenario::GetOwnedAttributes() const
{
    return FastPaperParameters::GetOwnedAttributes(true, true);
}

} // namespace ns3
