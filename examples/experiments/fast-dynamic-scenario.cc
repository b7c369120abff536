/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fast-dynamic-scenario.h"

#include "fast-paper-parameters.h"

#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-helper.h"
#include "ns3/plot-writer.h"
#include "ns3/queue-disc.h"
#include "ns3/testbed-report.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Not a number: no model.
constexpr double NO_MODEL = std::numeric_limits<double>::quiet_NaN();

/// A group of flows at full scale (§V-B).
struct Group
{
    const char* name;  //!< class name
    uint32_t flows;    //!< flows at --scale=1
    double rttMs;      //!< round-trip propagation delay, ms
    uint32_t startsAt; //!< start, in stages
};

/// The five groups: the number of flows doubles every stage, 32 -> 512.
const std::array<Group, 5> GROUPS{{
    {"rtt40", 32, 40, 0},
    {"rtt80", 32, 80, 1},
    {"rtt120", 64, 120, 2},
    {"rtt160", 128, 160, 3},
    {"rtt200", 256, 200, 4},
}};

/// The bottleneck at --scale=1: 2 Gb/s, 250 packets/ms of 1000 bytes.
constexpr double FULL_RATE_BPS = 2e9;
/// Bytes of a packet on the wire (the paper's 1000-byte packets).
constexpr uint32_t PACKET_BYTES = FastPaperParameters::PACKET_BYTES;
/// FAST's K (utility K log x), packets: the buffer is 2 sum K.
constexpr double FAST_K = FastPaperParameters::FAST_K;
/// Access links: fast enough never to be a bottleneck (the largest share, 0.95 x 2 Gb/s / 32 =
/// 59 Mb/s, is 1/17 of it) and to add only 8 us per packet to the round trip.
const std::string ACCESS_RATE = "1Gbps";
/// The link samples' period (the ecn run's price and marking-probability means).
const Time SAMPLE_INTERVAL = MilliSeconds(10);

/// A variant: its name and title (SetClass() and GetQueue() give its network).
struct Variant
{
    const char* name;  //!< --variant
    const char* title; //!< for tables and plots
};

/// The three variants (the link's queue disc is made by GetQueue()).
const std::array<Variant, 3> VARIANT_TABLE{{
    {"ecn", "FAST-ECN over REM's virtual-capacity law (Fig. 8)"},
    {"delay", "FAST-delay over a DropTail FIFO (Fig. 11)"},
    {"newreno-red", "NewReno over gentle RED with ECN (Fig. 9)"},
}};

/**
 * \param variant a variant's name
 * \return its entry (throws std::invalid_argument naming --variant if unknown)
 */
const Variant&
FindVariant(const std::string& variant)
{
    for (const Variant& v : VARIANT_TABLE)
    {
        if (variant == v.name)
        {
            return v;
        }
    }
    throw std::invalid_argument("--variant=" + variant +
                                ": unknown; valid: ecn, delay, newreno-red or all");
}

/**
 * Make \p spec a class of a variant.
 * \param variant a variant's name
 * \param spec the class
 */
void
SetClass(const std::string& variant, NetworkDescription::ClassSpec& spec)
{
    if (variant == "ecn")
    {
        FastPaperParameters::SetFastEcnClass(spec);
    }
    else if (variant == "delay")
    {
        spec.tcp = "ns3::TcpFastDelay";
    }
    else
    {
        // newreno-red: ns-3's NewReno (TcpSocketBase), as its documented results were measured
        // (fast-sweeps uses the sub-packet response).
        FastPaperParameters::SetNewRenoClass(spec, false);
    }
}

/**
 * \param variant a variant's name
 * \param bitsPerSecond the bottleneck's rate
 * \return the bottleneck's queue disc (type empty: the default FIFO, DropTail)
 */
NetworkDescription::QueueDiscSpec
GetQueue(const std::string& variant, double bitsPerSecond)
{
    if (variant == "ecn")
    {
        return FastPaperParameters::GetRemVirtualCapacity();
    }
    if (variant == "newreno-red")
    {
        return FastPaperParameters::GetRed(bitsPerSecond,
                                           MilliSeconds(FastDynamicScenario::BOTTLENECK_DELAY_MS));
    }
    return {};
}
} // namespace

const std::vector<std::string> FastDynamicScenario::VARIANTS{"ecn", "delay", "newreno-red"};

FastDynamicScenario::FastDynamicScenario()
    : PhasedScenario("fast-dynamic",
                     "FAST paper §V-B and §VI-B (Figs 8, 9, 11): 32 -> 64 -> 128 -> 256 -> 512 "
                     "flows of 40 to 200 ms on a 2 Gb/s link (x --scale); FAST-ECN over REM, "
                     "FAST-delay over DropTail or NewReno over RED; per-stage model (equal "
                     "shares, price, marking probability) vs simulation.",
                     Seconds(200),
                     Seconds(20))
{
    EnableFluid();
}

void
FastDynamicScenario::AddOptions(StrictCommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("variant",
                 "ecn (FAST-ECN over REM, Fig. 8), delay (FAST-delay over DropTail, Fig. 11), "
                 "newreno-red (NewReno over RED, Fig. 9) or all (the three, one after the other)",
                 m_variant);
    cmd.AddValue("scale",
                 "F: the bottleneck is 2 Gb/s x F and each group has its flows x F, rounded "
                 "(0.125: 250 Mb/s, 4..32 flows a group); in [1/64, 19.5]",
                 m_scale);
    cmd.AddValue("stage",
                 "Time between the groups' starts (paper: 40s); the last group starts at 4 x "
                 "stage, before --duration",
                 m_stage);
    cmd.AddValue("queueSamples",
                 "PATH: write the bottleneck's instantaneous backlog every 10 ms (time, "
                 "packets) to PATH (with --variant=all, PATH.<variant>); default none",
                 m_queueSamples);
}

std::vector<uint32_t>
FastDynamicScenario::GetGroupFlows(double scale)
{
    Require(std::isfinite(scale) && scale <= MAX_SCALE,
            "scale",
            scale,
            "too large (512 x scale flows must be at most 10000)",
            "[1/64, 19.5]");
    std::vector<uint32_t> flows;
    for (const Group& g : GROUPS)
    {
        const double n = std::round(g.flows * scale);
        Require(n >= 1,
                "scale",
                scale,
                std::string("group ") + g.name + " would have no flow (" + std::to_string(g.flows) +
                    " x scale, rounded)",
                "[1/64, 19.5] (32 x scale rounds to at least one flow)");
        flows.push_back(static_cast<uint32_t>(n));
    }
    return flows;
}

std::vector<Time>
FastDynamicScenario::GetGroupRtts()
{
    std::vector<Time> rtts;
    for (const Group& g : GROUPS)
    {
        rtts.push_back(MilliSeconds(g.rttMs));
    }
    return rtts;
}

NetworkDescription
FastDynamicScenario::DescribeNetwork(const std::string& variant, double scale, Time stage)
{
    const Variant& v = FindVariant(variant);
    const std::vector<uint32_t> flows = GetGroupFlows(scale);
    Require(stage.IsStrictlyPositive(), "stage", stage.As(Time::S), "not > 0", "> 0");
    uint32_t total = 0;
    for (uint32_t n : flows)
    {
        total += n;
    }
    const double rate = FULL_RATE_BPS * scale;
    // Round trips: 2 x (source access + 10 ms + 1 ms); NetworkDescription sets the source
    // access delay to rtt/2 - 11 ms (9 ms for the 40 ms group).
    DumbbellDescription::Parameters p;
    p.packetSize = PACKET_BYTES;
    p.accessRate = DataRate(ACCESS_RATE);
    p.name = BOTTLENECK;
    p.rate = DataRate(static_cast<uint64_t>(std::llround(rate)));
    p.delay = MilliSeconds(BOTTLENECK_DELAY_MS);
    p.bufferPackets = static_cast<uint32_t>(2 * FAST_K * total);
    p.queue = GetQueue(v.name, rate);
    NetworkDescription d = DumbbellDescription::Create(p);
    for (std::size_t i = 0; i < GROUPS.size(); ++i)
    {
        SetClass(v.name,
                 DumbbellDescription::AddClass(d,
                                               GROUPS[i].name,
                                               flows[i],
                                               MilliSeconds(GROUPS[i].rttMs),
                                               stage * GROUPS[i].startsAt));
    }
    d.Validate();
    return d;
}

double
FastDynamicScenario::JainIndex(const std::vector<double>& rates)
{
    double sum = 0;
    double squares = 0;
    for (double x : rates)
    {
        sum += x;
        squares += x * x;
    }
    return squares > 0 ? sum * sum / (rates.size() * squares) : NO_MODEL;
}

std::size_t
FastDynamicScenario::GetRunCount() const
{
    return m_variant == "all" ? VARIANTS.size() : 1;
}

std::string
FastDynamicScenario::GetRunName(std::size_t run) const
{
    return m_variant == "all" ? VARIANTS.at(run) : "";
}

const std::string&
FastDynamicScenario::GetVariant(std::size_t run) const
{
    return m_variant == "all" ? VARIANTS.at(run) : m_variant;
}

NetworkDescription
FastDynamicScenario::Describe(std::size_t run) const
{
    RequirePair(m_stage * (GROUPS.size() - 1) < GetDuration(),
                "stage",
                m_stage.As(Time::S),
                "the last group would start at or after --duration",
                "duration",
                GetDuration().As(Time::S),
                "4 x stage < duration");
    return DescribeNetwork(GetVariant(run), m_scale, m_stage);
}

std::string
FastDynamicScenario::GetTitle(std::size_t run) const
{
    const NetworkDescription& d = GetDescription(run);
    std::ostringstream os;
    os << FindVariant(GetVariant(run)).title << ": " << d.classes.front().flows << " -> "
       << GetDescription(run).GetTotalFlows() << " flows, "
       << PlotWriter::FormatRate(d.links.front().rate.GetBitRate()) << " (scale " << m_scale
       << "), a group every " << PlotWriter::FormatTime(m_stage);
    return os.str();
}

void
FastDynamicScenario::Configure(NetworkHelper& helper, std::size_t run)
{
    // Handshakes at time 0, over an idle link: a SYN is not ECN-capable, and REM's
    // VirtualCapacity law drops the non-ECN packets it would mark (half of them in the last
    // stage), which would delay a late group's start by ns-3's 3, 6, 12 ... s SYN retries.
    helper.GetBuilder().SetEarlyConnection(true);
    std::vector<std::string> traces;
    if (GetVariant(run) == "ecn")
    {
        traces = {"Price", "MarkProbability"};
    }
    helper.GetMonitor().EnableLinkSamples(BOTTLENECK, SAMPLE_INTERVAL, traces);
}

void
FastDynamicScenario::AddRows(ComparisonTable& table,
                             const NetworkHelper& helper,
                             const TestbedReport::PeriodModels& models,
                             std::size_t run)
{
    const std::string& variant = GetVariant(run);
    const bool ecn = variant == "ecn";
    double phi = NO_MODEL;
    if (ecn)
    {
        DoubleValue value;
        helper.GetNetwork().GetQueueDisc(BOTTLENECK)->GetAttribute("Phi", value);
        phi = value.Get();
    }
    const NetworkDescription& d = helper.GetDescription();
    std::vector<double> modelPrice;
    for (std::size_t k = 0; k < helper.GetMonitor().GetPeriodCount(); ++k)
    {
        const std::string label = TestbedReport::GetPeriodLabel(models[k]);
        std::vector<double> rates;
        for (const NetworkDescription::ClassSpec& c : d.classes)
        {
            if (helper.GetMonitor().IsClassActive(c.name, k))
            {
                const std::vector<double> flows =
                    helper.GetMonitor().GetClassMeasurement(c.name, k).flowRateKBps;
                rates.insert(rates.end(), flows.begin(), flows.end());
            }
        }
        table.Add("Jain's index", "all flows " + label, 1, JainIndex(rates));

        const auto& [from, to] = helper.GetMonitor().GetPeriodWindow(k);
        const TestbedMonitor::WindowMeasurement w = helper.GetMonitor().MeasureWindow(from, to);
        const double marked = w.arrivals > 0 ? w.marks / w.arrivals : NO_MODEL;
        const std::string entity = std::string(BOTTLENECK) + " " + label;
        if (ecn)
        {
            // The duality model's link price: seconds (x in packets/s, x q = K packets), the
            // unit of REM's VirtualCapacity price (a virtual queueing delay).
            const DualityModel model = helper.GetModelBuilder().BuildPeriodModel(k);
            const double q = model.GetSources().empty()
                                 ? 0
                                 : model.Solve().links[model.GetLinkIndex(BOTTLENECK)].price;
            modelPrice.push_back(q);
            const double marking = -std::expm1(-q * std::log(phi)); // 1 - phi^(-q)
            table.Add("price (ms)", entity, 1000 * q, 1000 * w.traceMeans[0]);
            table.Add("marking probability", entity, marking, w.traceMeans[1]);
            table.Add("marked fraction", entity, marking, marked);
        }
        else if (variant == "newreno-red")
        {
            table.Add("marked fraction", entity, NO_MODEL, marked);
        }
    }
    if (!m_queueSamples.empty())
    {
        WriteQueueSamples(helper, run);
    }
    const std::string prefix = GetPlotPrefix(GetRunName(run));
    if (ecn && !prefix.empty())
    {
        WritePricePlot(prefix + "-price", GetTitle(run), helper, models, modelPrice, phi);
    }
}

void
FastDynamicScenario::FinishTable(ComparisonTable& table, std::size_t run) const
{
    if (GetVariant(run) != "newreno-red")
    {
        return;
    }
    // The testbed models NewReno as a source of equal weight: its rates (equal shares) are a
    // model, its queue and windows (a price it does not have) are not; nor are the fluid
    // model's (--fluid, --engine=fluid), whose queue and windows are RED's and Reno's.
    ComparisonTable rates(table.GetTitle());
    for (const ComparisonTable::Row& row : table.GetRows())
    {
        const bool priced = row.quantity == "queue (pkts)" || row.quantity == "cwnd (pkts)" ||
                            row.quantity == "queue, fluid (pkts)" ||
                            row.quantity == "cwnd, fluid (pkts)";
        rates.Add(row.quantity, row.entity, priced ? NO_MODEL : row.model, row.simulation);
    }
    table = rates;
}

void
FastDynamicScenario::WriteQueueSamples(const NetworkHelper& helper, std::size_t run) const
{
    const std::string path =
        m_variant == "all" ? m_queueSamples + "." + GetVariant(run) : m_queueSamples;
    std::ofstream out(path);
    if (!out)
    {
        throw std::invalid_argument("--queueSamples=" + path + ": cannot be written");
    }
    out << "time (s),backlog (packets)\n";
    for (const TestbedMonitor::LinkSample& s : helper.GetMonitor().GetLinkSamples())
    {
        out << s.time << "," << s.backlog << "\n";
    }
}

void
FastDynamicScenario::WritePricePlot(const std::string& prefix,
                                    const std::string& title,
                                    const NetworkHelper& helper,
                                    const TestbedReport::PeriodModels& models,
                                    const std::vector<double>& price,
                                    double phi)
{
    PlotWriter::Points prices;
    PlotWriter::Points markings;
    for (const TestbedMonitor::LinkSample& s : helper.GetMonitor().GetLinkSamples())
    {
        if (!std::isnan(s.traces[0]))
        {
            prices.emplace_back(s.time, 1000 * s.traces[0]);
            markings.emplace_back(s.time, s.traces[1]);
        }
    }
    PlotWriter::Points modelPrices;
    PlotWriter::Points modelMarkings;
    for (std::size_t k = 0; k < price.size(); ++k)
    {
        const TestbedReport::PeriodModel& m = models[k];
        const double marking = -std::expm1(-price[k] * std::log(phi));
        for (const double t : {m.start.GetSeconds(), m.stop.GetSeconds()})
        {
            modelPrices.emplace_back(t, 1000 * price[k]);
            modelMarkings.emplace_back(t, marking);
        }
        modelPrices.emplace_back(m.stop.GetSeconds(), NO_MODEL);
        modelMarkings.emplace_back(m.stop.GetSeconds(), NO_MODEL);
    }
    const double interval = GetPlotInterval().GetSeconds();
    const std::string means = ", " + PlotWriter::FormatTime(GetPlotInterval()) + " means)";
    PlotWriter writer(prefix);
    PlotWriter::Figure& figure = writer.AddFigure(title, "time (s)");
    helper.GetReport().AddPeriodWindows(figure);
    PlotWriter::Panel& pricePanel = figure.AddPanel("price (ms" + means);
    const std::size_t p =
        pricePanel.AddCurve("REM price", PlotWriter::AverageOverIntervals(prices, interval));
    pricePanel.AddModelCurve("model q = N K / (gamma_v c)", modelPrices, p);
    PlotWriter::Panel& markingPanel = figure.AddPanel("marking probability (" + means.substr(2));
    const std::size_t m =
        markingPanel.AddCurve("REM marking probability",
                              PlotWriter::AverageOverIntervals(markings, interval));
    markingPanel.AddModelCurve("model 1 - phi^(-q)", modelMarkings, m);
    std::ostringstream lines;
    writer.Write(lines);
    m_plotLines.push_back(lines.str());
}

int
FastDynamicScenario::Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os)
{
    const int status = PhasedScenario::Evaluate(results, os);
    for (const std::string& lines : m_plotLines)
    {
        os << lines;
    }
    return status;
}

std::vector<OwnedAttributes::Entry>
FastDynamicScenario::GetOwnedAttributes() const
{
    return FastPaperParameters::GetOwnedAttributes(true);
}

} // namespace ns3
