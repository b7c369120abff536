/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vegas-fairness-scenario.h"

#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/dumbbell-description.h"
#include "ns3/log.h"
#include "ns3/network-helper.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/plot-writer.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/vegas-fairness-model.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VegasFairnessScenario");

namespace
{
/// Name of the bottleneck link.
const std::string BOTTLENECK = "bottleneck";
/// One-way delay of the bottleneck and of the sinks' access links.
const Time SHORT_DELAY = MilliSeconds(1);
/// Most connections.
constexpr uint32_t MAX_CONNECTIONS = 1000;
/// Largest alpha and beta, packets.
constexpr double MAX_ALPHA = 1000;
/// Smallest bottleneck utilization the sanity check accepts.
constexpr double MIN_UTILIZATION = 0.9;
/// Period of the rates over time (Fig. 5): a fraction of the paper's round trips (0.4-4 s).
const Time SERIES_INTERVAL = MilliSeconds(100);

/// One connection: its measurements in the models' units and its models (s, packets/s).
struct Connection
{
    double baseRtt;              //!< its baseRTT: the smallest RTT sample (d if fixed)
    double overestimation;       //!< x_i = baseRtt - d
    double rate;                 //!< the monitor's rate over the window
    double bonaldBaseRtt;        //!< d + (alpha/c)(i-1) S_{i-1}
    double sequentialBaseRtt;    //!< d + x_i of VegasFairnessModel::SequentialOverestimations
    double bonaldOverestimation; //!< (alpha/c)(i-1) S_{i-1}
    double closedFormRate;       //!< c / (n S_n - (i-1) S_{i-1})
    double eq5Rate;              //!< alpha / (Delta - x_i), Delta from eq. 6
    double eq11Low;              //!< alpha / (measured Delta - x_i)
    double eq11High;             //!< beta / (measured Delta - x_i)
};

/// The models of a run, evaluated with its measurements (s, packets/s).
struct Fairness
{
    double capacity;                     //!< c, packets/s
    double propagationDelay;             //!< the model's d
    double eq6QueueingDelay;             //!< Delta of eq. 6 with the measured x_i
    double measuredQueueingDelay;        //!< time-average backlog / c
    double utilization;                  //!< the bottleneck's, over the window
    std::vector<Connection> connections; //!< in arrival order
};

/**
 * Evaluate the models with a run's measurements.
 * \param helper the testbed, after the run \param p its settings
 * \return the models beside the measurements
 */
Fairness
EvaluateModels(const NetworkHelper& helper, const VegasFairnessScenario::Parameters& p)
{
    Fairness f;
    const uint32_t n = p.connections;
    f.capacity = p.capacity.GetBitRate() / (8.0 * p.packetSize);
    f.propagationDelay =
        helper.GetModelBuilder().BuildModel().GetSources().front().propagationDelay;
    const double d = f.propagationDelay;
    const double c = f.capacity;
    const std::vector<double> sequential =
        VegasFairnessModel::SequentialOverestimations(n, p.alpha, c);
    std::vector<double> x;
    for (uint32_t i = 1; i <= n; ++i)
    {
        const TestbedMonitor::ClassMeasurement m =
            helper.GetMonitor().GetClassMeasurement(std::to_string(i));
        Connection k;
        // With a fixed baseRTT the connection's estimate is d (x_i = 0), whatever it measured.
        k.baseRtt = p.fixedBaseRtt ? d : m.baseRttMs / 1000;
        k.overestimation = k.baseRtt - d;
        k.rate = m.rateKBps * 1000 / p.packetSize;
        k.bonaldOverestimation = VegasFairnessModel::BonaldOverestimation(i, p.alpha, c);
        k.bonaldBaseRtt = d + k.bonaldOverestimation;
        k.sequentialBaseRtt = d + sequential[i - 1];
        k.closedFormRate = VegasFairnessModel::ClosedFormRate(i, n, c);
        NS_ABORT_MSG_UNLESS(std::isfinite(m.baseRttMs),
                            "VegasFairnessScenario: connection " << i << " took no RTT sample");
        x.push_back(k.overestimation);
        f.connections.push_back(k);
    }
    f.eq6QueueingDelay = VegasFairnessModel::SolveQueueingDelay(x, p.alpha, c); // eq. 6
    const TestbedMonitor::LinkMeasurement link = helper.GetMonitor().GetLinkMeasurement(BOTTLENECK);
    f.measuredQueueingDelay = link.backlogPackets / c;
    f.utilization = link.utilization;
    for (Connection& k : f.connections)
    {
        k.eq5Rate = VegasFairnessModel::Rate(p.alpha, f.eq6QueueingDelay, k.overestimation);
        const double gap = f.measuredQueueingDelay - k.overestimation;
        k.eq11Low = gap > 0 ? p.alpha / gap : std::nan(""); // eq. 11
        k.eq11High = gap > 0 ? p.beta / gap : std::nan("");
    }
    return f;
}

/**
 * Attach a retransmission counter to the socket of class \p name's source (it has just
 * started: its socket exists and has sent at most its SYN).
 * \param helper the testbed \param name the class \param counter the counter
 */
void
AttachCounter(const NetworkHelper* helper, std::string name, TcpRetransmissionCounter* counter)
{
    const Ptr<TcpSocketBase> socket =
        DynamicCast<TcpSocketBase>(helper->GetNetwork().GetSources(name).front()->GetSocket());
    NS_ABORT_MSG_UNLESS(socket,
                        "VegasFairnessScenario: connection " << name << " has no TCP socket at "
                                                             << Simulator::Now().As(Time::S));
    counter->Attach(socket);
}

/**
 * Print the retransmission timeouts and retransmitted segments of the whole run.
 * \param counters one per connection \param os the stream
 */
void
PrintRetransmissions(const VegasFairnessScenario::Counters& counters, std::ostream& os)
{
    uint64_t timeouts = 0;
    uint64_t segments = 0;
    std::ostringstream each;
    for (std::size_t i = 0; i < counters.size(); ++i)
    {
        timeouts += counters[i].GetTimeouts();
        segments += counters[i].GetRetransmissions();
        each << (i ? "," : "") << counters[i].GetTimeouts();
    }
    os << "  retransmission timeouts: " << timeouts << " (per connection " << each.str()
       << "), segments retransmitted " << segments << '\n';
}

/// \param f the evaluation \return Jain's fairness index of the measured rates
double
GetJainIndex(const Fairness& f)
{
    double sum = 0;
    double squares = 0;
    for (const Connection& k : f.connections)
    {
        sum += k.rate;
        squares += k.rate * k.rate;
    }
    return squares > 0 ? sum * sum / (f.connections.size() * squares) : std::nan("");
}

/**
 * The model-vs-simulation table: per connection "baseRTT (ms)" (Bonald's),
 * "baseRTT, eq. 6 recursion (ms)", "rate (pkts/s)" (closed form) and "rate, eq. 5 (pkts/s)"
 * when alpha = beta; "baseRTT (ms)" without a model and "rate, eq. 11 low/high (pkts/s)"
 * (with the measured Delta) when alpha < beta; for the bottleneck the queueing delay
 * (eq. 6 and, for alpha = beta, the closed form) and the utilization.
 * \param f the evaluation \param p the settings \param title the table's title
 * \return the table
 */
ComparisonTable
Tabulate(const Fairness& f, const VegasFairnessScenario::Parameters& p, const std::string& title)
{
    const bool equal = p.alpha == p.beta;
    const double none = std::nan("");
    ComparisonTable table(title);
    for (std::size_t i = 0; i < f.connections.size(); ++i)
    {
        const Connection& k = f.connections[i];
        const std::string entity = "connection " + std::to_string(i + 1);
        // §3.1.2: x_i = 0 with the true d; Bonald's x_i when measured (alpha = beta only).
        const double baseRttModel = p.fixedBaseRtt ? f.propagationDelay
                                    : equal        ? k.bonaldBaseRtt
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
              1000 * f.eq6QueueingDelay,
              1000 * f.measuredQueueingDelay);
    if (equal)
    {
        table.Add(
            "queueing delay, closed form (ms)",
            BOTTLENECK,
            1000 * VegasFairnessModel::ClosedFormQueueingDelay(p.connections, p.alpha, f.capacity),
            1000 * f.measuredQueueingDelay);
    }
    table.Add("utilization", BOTTLENECK, 1, f.utilization);
    return table;
}

/**
 * Print max and mean absolute errors of the comparisons, the utilization and Jain's index.
 * \param f the evaluation \param p the settings \param os the stream
 */
void
PrintSummary(const Fairness& f, const VegasFairnessScenario::Parameters& p, std::ostream& os)
{
    const bool equal = p.alpha == p.beta;
    const std::vector<Connection>& connections = f.connections;
    // max and mean |error| in % of a model column
    auto errors = [&connections](auto model, auto simulation) {
        double worst = 0;
        double sum = 0;
        for (const Connection& k : connections)
        {
            const double e = std::abs(simulation(k) / model(k) - 1) * 100;
            worst = std::max(worst, e);
            sum += e;
        }
        std::ostringstream s;
        s << std::fixed << std::setprecision(1) << "max " << worst << " %, mean "
          << sum / connections.size() << " %";
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
           << errors([](const Connection& k) { return k.closedFormRate; }, measuredRate) << '\n'
           << "  rate vs eq. 5 (eq. 6 Delta): "
           << errors([](const Connection& k) { return k.eq5Rate; }, measuredRate) << '\n';
    }
    else
    {
        uint32_t inside = 0;
        for (const Connection& k : connections)
        {
            inside += k.rate >= k.eq11Low && k.rate <= k.eq11High;
        }
        os << "  rates within eq. 11's bounds: " << inside << " of " << connections.size() << '\n';
    }
    os << "  last / first rate: " << connections.back().rate / connections.front().rate
       << ", Jain's index " << GetJainIndex(f) << ", utilization " << f.utilization << '\n';
}

/// A coordinate of a connection's point: (index from 1, connection) -> value.
using Field = std::function<double(std::size_t, const Connection&)>;

/**
 * \param f the evaluation \param x the abscissa \param y the ordinate
 * \return one point per connection
 */
PlotWriter::Points
GetPoints(const Fairness& f, const Field& x, const Field& y)
{
    PlotWriter::Points out;
    for (std::size_t i = 0; i < f.connections.size(); ++i)
    {
        out.emplace_back(x(i + 1, f.connections[i]), y(i + 1, f.connections[i]));
    }
    return out;
}

/**
 * Figs. 4/8 and 7: rate vs x; the model is eq. 5 and, with alpha = beta, the closed form at
 * closedFormX, else eq. 11's bounds (measured Delta).
 * \param writer the plots \param f the evaluation \param p the settings
 * \param title the figure's title \param xlabel its abscissa's label \param suffix its file's
 * \param x the abscissa \param closedFormLabel the closed form's label
 * \param closedFormX the closed form's abscissa
 */
void
AddRateFigure(PlotWriter& writer,
              const Fairness& f,
              const VegasFairnessScenario::Parameters& p,
              const std::string& title,
              const std::string& xlabel,
              const std::string& suffix,
              const Field& x,
              const std::string& closedFormLabel,
              const Field& closedFormX)
{
    const bool equal = p.alpha == p.beta;
    PlotWriter::Figure& figure = writer.AddFigure(title, xlabel, suffix);
    figure.SetStyle(PlotWriter::Style::POINTS);
    PlotWriter::Panel& panel = figure.AddPanel("rate (packets/s)");
    const std::size_t simulated =
        panel.AddCurve("simulation",
                       GetPoints(f, x, [](std::size_t, const Connection& k) { return k.rate; }));
    panel.AddModelCurve(
        equal ? "eq. 5, Delta from eq. 6" : "eq. 5-6 with alpha (not a model for alpha < beta)",
        GetPoints(f, x, [](std::size_t, const Connection& k) { return k.eq5Rate; }));
    if (equal)
    {
        panel.AddModelCurve(closedFormLabel,
                            GetPoints(f, closedFormX, [](std::size_t, const Connection& k) {
                                return k.closedFormRate;
                            }));
        return;
    }
    PlotWriter::Bounds bounds;
    for (std::size_t i = 0; i < f.connections.size(); ++i)
    {
        const Connection& k = f.connections[i];
        bounds.emplace_back(x(i + 1, k), k.eq11Low, k.eq11High);
    }
    panel.AddModelBounds("eq. 11 bounds (measured Delta)", bounds, simulated);
}

/**
 * Fig. 5: each connection's sending rate cwnd_i / RTT over the measurement window (one curve
 * each; RTT = d + queue / c, the one bottleneck's queueing delay) and the bottleneck's queue,
 * from the monitor's time series (time, each class' rate, each link's backlog, each class'
 * window, each link's utilization). The window's rate is used, not the bytes received per
 * sample: a window leaves as one burst per round trip, so the bytes of an interval shorter
 * than a few round trips alias between 0 and the whole window.
 * \param writer the plots \param helper the testbed, after the run \param f the evaluation
 * \param p the settings \param title the figure's title
 */
void
AddRatesOverTime(PlotWriter& writer,
                 const NetworkHelper& helper,
                 const Fairness& f,
                 const VegasFairnessScenario::Parameters& p,
                 const std::string& title)
{
    const std::vector<std::vector<double>>& series = helper.GetMonitor().GetTimeSeries();
    const double from = VegasFairnessScenario::GetMeasurementStart(p).GetSeconds();
    const std::size_t queueColumn = 1 + p.connections;
    PlotWriter::Figure& figure = writer.AddFigure(title, "time (s)", "rates");
    PlotWriter::Panel& rates = figure.AddPanel("rate cwnd / RTT (packets/s)");
    for (uint32_t i = 0; i < p.connections; ++i)
    {
        PlotWriter::Points points;
        for (const std::vector<double>& sample : series)
        {
            if (sample[0] >= from)
            {
                const double rtt = f.propagationDelay + sample[queueColumn] / f.capacity;
                points.emplace_back(sample[0], sample[queueColumn + 1 + i] / rtt);
            }
        }
        rates.AddCurve("connection " + std::to_string(i + 1), points);
    }
    PlotWriter::Points queue;
    for (const std::vector<double>& sample : series)
    {
        if (sample[0] >= from)
        {
            queue.emplace_back(sample[0], sample[queueColumn]);
        }
    }
    figure.AddPanel("bottleneck queue (packets)").AddCurve("queue", queue);
}

/**
 * Draw with PlotWriter (data PREFIX.dat, script PREFIX.plt) PREFIX-overestimation.png (rate
 * vs over-estimation, the paper's Fig. 4/8), PREFIX-index.png (rate vs connection index,
 * Fig. 7), PREFIX-baseRtt.png (Fig. 3), the models dashed, and PREFIX-rates.png (Fig. 5); print
 * PlotWriter's line on \p os.
 * \param helper the testbed, after the run
 * \param f the evaluation \param p the settings
 * \param prefix the output prefix \param title the plots' title \param os the stream
 */
void
WritePlot(const NetworkHelper& helper,
          const Fairness& f,
          const VegasFairnessScenario::Parameters& p,
          const std::string& prefix,
          const std::string& title,
          std::ostream& os)
{
    const Field index = [](std::size_t i, const Connection&) { return static_cast<double>(i); };
    PlotWriter writer(prefix);
    AddRateFigure(
        writer,
        f,
        p,
        title + ": rate vs baseRTT over-estimation",
        "over-estimation x_i = baseRTT_i - d (ms)",
        "overestimation",
        [](std::size_t, const Connection& k) { return 1000 * k.overestimation; },
        "closed form at Bonald x_i",
        [](std::size_t, const Connection& k) { return 1000 * k.bonaldOverestimation; });
    const std::string byIndex = "connection index i (arrival order)";
    AddRateFigure(writer,
                  f,
                  p,
                  title + ": rate per connection",
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
    baseRtts.AddCurve("simulation", GetPoints(f, index, [](std::size_t, const Connection& k) {
                          return 1000 * k.baseRtt;
                      }));
    baseRtts.AddModelCurve("Bonald: d + (alpha/c)(i-1)S_{i-1}",
                           GetPoints(f, index, [](std::size_t, const Connection& k) {
                               return 1000 * k.bonaldBaseRtt;
                           }));
    baseRtts.AddModelCurve("eq. 6 recursion",
                           GetPoints(f, index, [](std::size_t, const Connection& k) {
                               return 1000 * k.sequentialBaseRtt;
                           }));
    baseRtts.AddModelLine("d = " + PlotWriter::FormatTime(Seconds(f.propagationDelay)),
                          1000 * f.propagationDelay);
    AddRatesOverTime(writer,
                     helper,
                     f,
                     p,
                     title + ": rates over time (every " + PlotWriter::FormatTime(SERIES_INTERVAL) +
                         ")");
    writer.Write(os);
}

} // namespace

VegasFairnessScenario::VegasFairnessScenario()
    : Scenario("vegas-fairness",
               "Boutremans and Le Boudec's Vegas fairness experiment: per-connection baseRTT and "
               "rate vs Bonald's baseRTT, eq. 5-6 and the closed form.")
{
}

VegasFairnessScenario::~VegasFairnessScenario() = default;

NetworkDescription
VegasFairnessScenario::Describe(const Parameters& p)
{
    DumbbellDescription::Parameters dumbbell;
    dumbbell.packetSize = p.packetSize;
    dumbbell.startJitter = Seconds(0);
    dumbbell.sinkAccessDelay = SHORT_DELAY;
    dumbbell.name = BOTTLENECK;
    dumbbell.rate = p.capacity;
    dumbbell.delay = SHORT_DELAY;
    NetworkDescription d = DumbbellDescription::Create(dumbbell);
    d.accessJitter = GetJitterStdDev(p); // zero without jitter
    d.accessJitterCorrelation = GetJitterCorrelationTime(p);
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
        if (p.ns2SlowStart)
        {
            c.SetTcpAttribute("SlowStartEveryOtherRound", BooleanValue(true));
        }
    }
    d.Validate();
    return d;
}

Time
VegasFairnessScenario::GetMeasurementStart(const Parameters& p)
{
    return p.joinInterval * (p.connections - 1) + p.settle;
}

Time
VegasFairnessScenario::GetJitterStdDev(const Parameters& p)
{
    if (!p.jitter)
    {
        return Seconds(0);
    }
    // Sojourn time of an M/M/1 queue: exponential with rate mu (1 - rho).
    const double mu = p.jitterRate.GetBitRate() / (8.0 * p.packetSize);
    return Seconds(1 / (mu * (1 - p.jitterLoad)));
}

Time
VegasFairnessScenario::GetJitterCorrelationTime(const Parameters& p)
{
    if (!p.jitter || !p.jitterCorrelated)
    {
        return Seconds(0);
    }
    // Relaxation time of an M/M/1 queue: 1 / (mu (1 - sqrt(rho))^2).
    const double mu = p.jitterRate.GetBitRate() / (8.0 * p.packetSize);
    const double gap = 1 - std::sqrt(p.jitterLoad);
    return Seconds(1 / (mu * gap * gap));
}

std::unique_ptr<NetworkHelper>
VegasFairnessScenario::Simulate(const Parameters& p,
                                bool showProgress,
                                int64_t stream,
                                Counters* counters)
{
    auto helper = std::make_unique<NetworkHelper>(Describe(p));
    helper->GetTcpDefaults().rfc6298Timer = p.rfc6298Timer;
    helper->GetTcpDefaults().keepBackoff = p.keepBackoff;
    helper->GetMonitor().SetMeasurementWindow(GetMeasurementStart(p), p.duration);
    if (p.seriesInterval.IsStrictlyPositive())
    {
        helper->GetMonitor().EnableTimeSeries(p.seriesInterval);
    }
    helper->GetBuilder().AssignStreams(stream);
    helper->Install();
    if (counters)
    {
        // Sized once: the counters' trace callbacks keep their addresses.
        *counters = Counters(p.connections);
        for (uint32_t i = 1; i <= p.connections; ++i)
        {
            // Connection i's socket exists once its application has started (no start jitter).
            Simulator::Schedule(p.joinInterval * (i - 1) + TimeStep(1),
                                &AttachCounter,
                                helper.get(),
                                std::to_string(i),
                                &(*counters)[i - 1]);
        }
    }
    helper->Run(p.duration, showProgress);
    return helper;
}

void
VegasFairnessScenario::AddOptions(StrictCommandLine& cmd)
{
    Parameters& p = m_parameters;
    cmd.AddValue("n", "Number of connections, 1..1000 (paper: 10, 20, 40)", p.connections);
    cmd.AddValue("alpha", "Vegas alpha, packets, in (0, 1000] (paper: 1, 3, 5)", p.alpha);
    cmd.AddValue("beta", "Vegas beta, packets, in [alpha, 1000]; 0 (the default): alpha", m_beta);
    cmd.AddValue("capacity", "Bottleneck rate c (paper: 1Mbps)", p.capacity);
    cmd.AddValue("rtt", "Round-trip propagation delay d, > 4 ms (paper: 0.2 s)", p.rtt);
    cmd.AddValue("packetSize", "Bytes of a data packet on the wire, 100..65000", p.packetSize);
    cmd.AddValue("interval", "Time between connection starts, >= 0 (paper: 2 s)", p.joinInterval);
    cmd.AddValue("duration", "Simulated time (paper: 120 s)", p.duration);
    cmd.AddValue("settle",
                 "Rates are measured from the last start + settle to the end, >= 0",
                 p.settle);
    cmd.AddValue("baseRtt",
                 "measured (MinEver, the paper's over-estimation) or fixed (the true d: x_i = 0, "
                 "§4.2.1)",
                 m_baseRtt);
    cmd.AddValue("jitter",
                 "Zero-mean Gaussian jitter on each connection's propagation delay, std. dev. of "
                 "an M/M/1 sojourn time (§3.2.1)",
                 p.jitter);
    cmd.AddValue("jitterLoad", "Load of the jitter's M/M/1 queue, in (0, 1)", p.jitterLoad);
    cmd.AddValue("jitterRate",
                 "Service rate of the jitter's M/M/1 queue (default: 1Mbps, the bottleneck's)",
                 p.jitterRate);
    cmd.AddValue("jitterCorrelated",
                 "Jitter correlated over the M/M/1 relaxation time (false: independent per "
                 "packet)",
                 p.jitterCorrelated);
    cmd.AddValue("slowStart",
                 "every (the window grows in slow start every round, as Linux) or other (every "
                 "other round, as ns-2's Vegas: TcpDualVegas::SlowStartEveryOtherRound)",
                 m_slowStart);
    cmd.AddValue("timer",
                 "Retransmission timer: last (the testbed's RttMeanDeviation with Alpha 1: srtt "
                 "is the last sample) or rfc6298 (LastSampleRttEstimator: Vegas still gets the "
                 "last sample, the timer RFC 6298's srtt and rttvar)",
                 m_timer);
    cmd.AddValue("keepBackoff",
                 "Keep the retransmission timer's backoff until a valid RTT sample, as ns-2 "
                 "(TcpSubPacketSocket::KeepBackoff); false: ns-3's TcpSocketBase, which "
                 "recomputes the RTO at every new ACK",
                 m_parameters.keepBackoff);
}

void
VegasFairnessScenario::Check()
{
    Parameters& p = m_parameters;
    p.beta = m_beta == 0 ? p.alpha : m_beta; // a typed negative beta is refused below
    Require(p.connections >= 1 && p.connections <= MAX_CONNECTIONS,
            "n",
            p.connections,
            "out of range",
            "1 to 1000");
    Require(p.alpha > 0 && p.alpha <= MAX_ALPHA, "alpha", p.alpha, "out of range", "(0, 1000]");
    Require(p.beta >= p.alpha && p.beta <= MAX_ALPHA,
            "beta",
            p.beta,
            "out of range",
            "[alpha, 1000] packets");
    Require(p.capacity.GetBitRate() >= NetworkDescription::MIN_RATE_BPS &&
                p.capacity.GetBitRate() <= NetworkDescription::MAX_RATE_BPS,
            "capacity",
            p.capacity,
            "out of range",
            "1kbps to 1000Gbps (the testbed's rates)");
    Require(p.rtt > MilliSeconds(4),
            "rtt",
            p.rtt.As(Time::MS),
            "too short",
            "above 4 ms (the fixed link delays)");
    Require(p.packetSize >= 100 && p.packetSize <= 65000,
            "packetSize",
            p.packetSize,
            "out of range",
            "100 to 65000 bytes");
    Require(p.joinInterval.IsPositive(),
            "interval",
            p.joinInterval.As(Time::S),
            "negative",
            ">= 0");
    Require(p.settle.IsPositive(), "settle", p.settle.As(Time::S), "negative", ">= 0");
    const Time start = GetMeasurementStart(p);
    std::ostringstream after;
    after << "more than the last start + settle (" << start.As(Time::S) << ")";
    Require(p.duration > start, "duration", p.duration.As(Time::S), "too short", after.str());
    Require(m_baseRtt == "measured" || m_baseRtt == "fixed",
            "baseRtt",
            m_baseRtt,
            "no such estimate",
            "measured or fixed");
    p.fixedBaseRtt = m_baseRtt == "fixed";
    Require(m_timer == "last" || m_timer == "rfc6298",
            "timer",
            m_timer,
            "no such timer",
            "last or rfc6298");
    p.rfc6298Timer = m_timer == "rfc6298";
    Require(m_slowStart == "every" || m_slowStart == "other",
            "slowStart",
            m_slowStart,
            "no such slow start",
            "every or other");
    p.ns2SlowStart = m_slowStart == "other";
    Require(p.jitterLoad > 0 && p.jitterLoad < 1,
            "jitterLoad",
            p.jitterLoad,
            "out of range",
            "(0, 1)");
    Require(p.jitterRate.GetBitRate() > 0, "jitterRate", p.jitterRate, "zero", "> 0");
    Describe(p); // the network too, before the run (throws std::invalid_argument)
}

std::vector<double>
VegasFairnessScenario::RunPoint(std::size_t /* point */)
{
    if (!GetPlotPrefix().empty())
    {
        m_parameters.seriesInterval = SERIES_INTERVAL;
    }
    m_helper = Simulate(m_parameters, GetSettings().progress, 1, &m_counters);
    return {};
}

int
VegasFairnessScenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                                std::ostream& os)
{
    const Parameters& p = m_parameters;
    const Fairness f = EvaluateModels(*m_helper, p);
    std::ostringstream title;
    title << "Vegas fairness, n = " << p.connections << ", alpha = " << p.alpha
          << ", beta = " << p.beta << ", baseRTT " << m_baseRtt << ", c = " << p.capacity << " ("
          << f.capacity << " pkts/s), d = " << 1000 * f.propagationDelay << " ms";
    if (p.jitter)
    {
        title << ", jitter sd " << GetJitterStdDev(p).As(Time::MS) << " tau "
              << GetJitterCorrelationTime(p).As(Time::S);
    }
    if (p.rfc6298Timer)
    {
        title << ", RFC 6298 timer";
    }
    if (p.ns2SlowStart)
    {
        title << ", ns-2's slow start";
    }
    if (p.keepBackoff)
    {
        title << ", ns-2's RTO backoff (KeepBackoff)";
    }
    title << ", rates over [" << GetMeasurementStart(p).GetSeconds() << ", "
          << p.duration.GetSeconds() << "] s";
    const ComparisonTable table = Tabulate(f, p, title.str());
    table.Print(os);
    PrintSummary(f, p, os);
    PrintRetransmissions(m_counters, os);
    WriteCsv(os, table);
    if (!GetPlotPrefix().empty())
    {
        std::ostringstream plotTitle;
        plotTitle << "Vegas, n = " << p.connections << ", alpha = " << p.alpha
                  << ", beta = " << p.beta << ", baseRTT " << m_baseRtt
                  << ", c = " << PlotWriter::FormatRate(p.capacity.GetBitRate())
                  << ", d = " << PlotWriter::FormatTime(Seconds(f.propagationDelay))
                  << (p.jitter ? ", jitter" : "");
        WritePlot(*m_helper, f, p, GetPlotPrefix(), plotTitle.str(), os);
    }

    // Sanity: every connection got bandwidth, and the link was busy.
    bool sane = f.utilization > MIN_UTILIZATION;
    for (const Connection& k : f.connections)
    {
        sane = sane && k.rate > 0;
    }
    if (!sane)
    {
        std::cerr << "sanity check failed: a connection got no bandwidth or the bottleneck "
                     "utilization is below 0.9\n";
        return 1;
    }
    return 0;
}

} // namespace ns3
