/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Experiments 2-5 of Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue
// (AVQ) algorithm for active queue management", SIGCOMM 2001, §3: AVQ against RED (gentle),
// REM (dualcc's RemQueueDisc, eq. 30) and PIE (ns-3's, standing in for the PI controller) on a
// 10 Mb/s link with a 100-packet buffer, NewReno flows with round-trip propagation delays
// uniform in [40, 130] ms and short flows of 20 packets.
//
//     FTP hosts ---\                                     /--- sink
//                   R1 ===== 10 Mb/s, AQM, B = 100 ===== R2
//     short hosts -/
//
//  2: FTP flows only, ECN marking, the number of flows swept (--flows): loss rate, utilization,
//     mean queue (Figs. 3-5);
//  3: 140 FTP flows; 105 leave at 100 s and 105 (new) arrive at 150 s: queue vs time per AQM
//     (Figs. 6-8);
//  4: 40 FTP flows, converged for --converge, then short flows at a rate swept over --rates
//     (10 ... 50 flows/s), ECN marking: loss, utilization, mean queue (Figs. 9-11);
//  5: as 4 but the AQMs drop instead of marking, AVQ with gamma = 1.0 and 0.98: mean queue,
//     utilization, goodput (Figs. 12-14).
//
// Parameters (the paper's where it gives them): a queue target of 50 packets (desired delay
// 30-60 ms): RED MinTh 37, MaxTh 75, gentle, w_q 0.002, max_p 0.1 (Floyd's REDparameters.txt);
// PIE QueueDelayReference 40 ms = 50 packets at 10 Mb/s, ns-3's other defaults; REM gamma 0.001,
// mu (the paper's alpha) 0.1, phi 1.001 (Athuraliya et al.), updated every 1 ms, target queue 0
// (eq. 30 has no q_ref); AVQ gamma 0.98, alpha 0.15 and, in Experiments 2-4, a 50-packet buffer
// ("we drop every packet that arrives when there are already 50 packets in the real queue";
// here the virtual buffer is 50 packets too). Every sweep point is an independent simulation,
// run in a child process (ParallelSweep, --jobs at a time).
//
//   ./build/examples/aqm-comparison --experiment=2 --jobs=2
//   ./build/examples/aqm-comparison --experiment=all --jobs=2 --csv=cmp --plot=cmp

#include "ns3/aqm-experiment-helper.h"
#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/parallel-sweep.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario-runner.h"

#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AqmComparison");

namespace
{

/// An AQM with its settings as one curve of the comparison.
struct Variant
{
    AqmExperimentHelper::Aqm aqm; //!< the AQM
    double gamma;                 //!< AVQ's gamma (unused for the others)
    std::string label;            //!< legend
};

/// One simulation of the sweep.
struct Point
{
    int experiment;  //!< 2, 3, 4 or 5
    Variant variant; //!< the AQM
    double x;        //!< flows (Exp. 2) or short-flow rate (Exp. 4, 5); unused in Exp. 3
};

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
/// Exp. 3: flows that leave at EXP3_LEAVE and (new ones) arrive at EXP3_RETURN.
constexpr uint32_t EXP3_MOVING = 105;
/// Exp. 3: FTP flows of Exp. 4 and 5.
constexpr uint32_t EXP45_FLOWS = 40;
/// Exp. 3 series: means over this interval, s (ten 10 ms samples).
constexpr double EXP3_MEAN_INTERVAL = 0.1;
/// Queue target of RED/REM/PIE in the paper, packets.
constexpr double PAPER_QUEUE_TARGET = 50;

/// \return the numbers in a comma-separated list \param list the list \param what its option
std::vector<double>
ParseList(const std::string& list, const std::string& what)
{
    std::vector<double> values;
    std::istringstream in(list);
    std::string item;
    while (std::getline(in, item, ','))
    {
        std::istringstream number(item);
        double value;
        NS_ABORT_MSG_UNLESS(number >> value && value > 0,
                            "--" << what << ": '" << item << "' is not a positive number");
        values.push_back(value);
    }
    NS_ABORT_MSG_IF(values.empty(), "--" << what << " is empty");
    return values;
}

/// One curve of an experiment's figure (one variant), filled point by point.
struct Curve
{
    std::string label;         //!< the variant's label
    PlotWriter::Points points; //!< (x, simulated value)
    std::string modelTitle;    //!< the model's legend ("" when there is no model)
    double model;              //!< the model's (the paper's or the design's) value, or NaN
};

/// One panel of an experiment's figure.
struct Panel
{
    std::string ylabel;        //!< y axis label
    std::vector<Curve> curves; //!< one per variant
};

/// \return "x" with at most 4 significant digits \param x a number
std::string
Format(double x)
{
    std::ostringstream os;
    os << x;
    return os.str();
}

} // namespace

/**
 * The example (ScenarioRunner::Main turns its exceptions into an error message).
 * \param argc argument count
 * \param argv arguments
 * \return the exit status
 */
static int
RunExample(int argc, char* argv[])
{
    std::string experiment = "all";
    unsigned jobs = 1;
    std::string flowsList = "20,60,100,140,180";
    std::string ratesList = "10,20,30,40,50";
    Time duration2 = Seconds(100);
    Time warmup2 = Seconds(10);
    Time leave3 = Seconds(100);
    Time return3 = Seconds(150);
    Time duration3 = Seconds(200);
    Time converge = Seconds(50);
    Time measure = Seconds(100);
    uint32_t avqBuffer = 50;
    uint32_t seed = 1;
    uint32_t run = 1;
    bool progress = false;
    std::string plot = "aqm-comparison";
    std::string csv;

    CommandLine cmd(__FILE__);
    cmd.Usage("AVQ paper, Experiments 2-5: AVQ vs RED (gentle), REM and PIE on one 10 Mb/s link.");
    cmd.AddValue("experiment", "Which experiment: 2, 3, 4, 5 or all", experiment);
    cmd.AddValue("jobs", "Simulations run at once (child processes)", jobs);
    cmd.AddValue("flows", "Exp. 2: numbers of FTP flows, comma-separated", flowsList);
    cmd.AddValue("rates",
                 "Exp. 4, 5: short-flow arrival rates, flows/s, comma-separated",
                 ratesList);
    cmd.AddValue("duration2", "Exp. 2: simulated time per point", duration2);
    cmd.AddValue("warmup2", "Exp. 2: start of the measurement (slow start of all flows)", warmup2);
    cmd.AddValue("leave3", "Exp. 3: when 105 flows leave", leave3);
    cmd.AddValue("return3", "Exp. 3: when 105 new flows arrive", return3);
    cmd.AddValue("duration3", "Exp. 3: simulated time", duration3);
    cmd.AddValue("converge", "Exp. 4, 5: time with FTP flows only, before short flows", converge);
    cmd.AddValue("measure", "Exp. 4, 5: time with short flows (the measurement window)", measure);
    cmd.AddValue("avqBuffer", "Exp. 2-4: AVQ's buffer (real and virtual), packets", avqBuffer);
    cmd.AddValue("seed", "RNG seed (RngSeedManager::SetSeed)", seed);
    cmd.AddValue("run", "RNG run number (RngSeedManager::SetRun)", run);
    cmd.AddValue("progress", "Print a line per simulation started and ended on stderr", progress);
    cmd.AddValue("plot", "Output prefix of the PNGs (PREFIX-expN.png), or 'none'", plot);
    cmd.AddValue("csv", "Output prefix of the CSV tables (PREFIX-expN.csv); none by default", csv);
    cmd.Parse(argc, argv);
    // Before the run, not after it: a bad --csv or --plot path is an error now.
    if (!csv.empty())
    {
        ScenarioRunner::CheckWritable(csv + "-exp.csv", "--csv");
    }
    if (plot != "none" && !plot.empty())
    {
        ScenarioRunner::CheckWritable(plot + "-exp.plt", "--plot");
    }

    std::vector<int> experiments;
    if (experiment == "all")
    {
        experiments = {2, 3, 4, 5};
    }
    else
    {
        for (double e : ParseList(experiment, "experiment"))
        {
            NS_ABORT_MSG_UNLESS(e == 2 || e == 3 || e == 4 || e == 5,
                                "--experiment must be 2, 3, 4, 5 or all");
            experiments.push_back(static_cast<int>(e));
        }
    }
    NS_ABORT_MSG_IF(jobs == 0, "--jobs must be >= 1");
    NS_ABORT_MSG_UNLESS(leave3 < return3 && return3 < duration3,
                        "Exp. 3 needs leave3 < return3 < duration3");
    NS_ABORT_MSG_UNLESS(warmup2 < duration2, "Exp. 2 needs warmup2 < duration2");
    NS_ABORT_MSG_UNLESS(measure.IsStrictlyPositive() && converge.IsPositive(),
                        "Exp. 4, 5 need converge >= 0 and measure > 0");
    const std::vector<double> flows = ParseList(flowsList, "flows");
    const std::vector<double> rates = ParseList(ratesList, "rates");

    using Aqm = AqmExperimentHelper::Aqm;
    const std::vector<Variant> marking{{Aqm::AVQ, 0.98, "AVQ"},
                                       {Aqm::RED, 0, "RED"},
                                       {Aqm::REM, 0, "REM"},
                                       {Aqm::PIE, 0, "PIE"}};
    const std::vector<Variant> dropping{{Aqm::AVQ, 1.0, "AVQ g=1.0"},
                                        {Aqm::AVQ, 0.98, "AVQ g=0.98"},
                                        {Aqm::RED, 0, "RED"},
                                        {Aqm::REM, 0, "REM"},
                                        {Aqm::PIE, 0, "PIE"}};

    std::vector<Point> points;
    for (int e : experiments)
    {
        const std::vector<Variant>& variants = e == 5 ? dropping : marking;
        if (e == 3)
        {
            for (const Variant& v : variants)
            {
                points.push_back({e, v, 0});
            }
            continue;
        }
        for (const Variant& v : variants)
        {
            for (double x : e == 2 ? flows : rates)
            {
                points.push_back({e, v, x});
            }
        }
    }
    std::vector<std::string> labels;
    for (const Point& p : points)
    {
        labels.push_back("exp " + std::to_string(p.experiment) + " " + p.variant.label +
                         (p.experiment == 3   ? ""
                          : p.experiment == 2 ? " " + Format(p.x) + " flows"
                                              : " " + Format(p.x) + " short/s"));
    }

    auto simulate = [&](std::size_t index) {
        const Point& p = points[index];
        RngSeedManager::SetSeed(seed);
        RngSeedManager::SetRun(run);
        AqmExperimentHelper::Settings settings;
        settings.ecn = p.experiment != 5;
        settings.avqGamma = p.variant.gamma > 0 ? p.variant.gamma : settings.avqGamma;
        if (p.variant.aqm == Aqm::AVQ && p.experiment != 5)
        {
            settings.bufferPackets = avqBuffer;
        }
        AqmExperimentHelper helper(p.variant.aqm, settings);
        Time from;
        Time to;
        if (p.experiment == 2)
        {
            helper.AddFtpFlows(static_cast<uint32_t>(p.x), Seconds(0));
            from = warmup2;
            to = duration2;
        }
        else if (p.experiment == 3)
        {
            helper.AddFtpFlows(EXP3_FLOWS - EXP3_MOVING, Seconds(0));
            helper.AddFtpFlows(EXP3_MOVING, Seconds(0), leave3);
            helper.AddFtpFlows(EXP3_MOVING, return3);
            from = Seconds(0);
            to = duration3;
        }
        else
        {
            helper.AddFtpFlows(EXP45_FLOWS, Seconds(0));
            helper.AddShortFlows(p.x, converge, converge + measure);
            from = converge;
            to = converge + measure;
        }
        helper.AssignStreams(1);
        helper.Install();
        helper.Run(to, false);
        const AqmExperimentHelper::Measurement m = helper.Measure(from, to);
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
            for (const auto& [a, b] :
                 {std::make_pair(Seconds(0), leave3), {leave3, return3}, {return3, duration3}})
            {
                const AqmExperimentHelper::Measurement phase = helper.Measure(a, b);
                result.push_back(phase.queueMean);
                result.push_back(phase.utilization);
            }
            const PlotWriter::Points series =
                AqmExperimentHelper::SampleCurve(helper.GetSamples(),
                                                 &AqmExperimentHelper::Sample::queue,
                                                 Seconds(EXP3_MEAN_INTERVAL));
            for (const auto& [t, q] : series)
            {
                result.push_back(t);
                result.push_back(q);
            }
        }
        Simulator::Destroy();
        return result;
    };

    ParallelSweep sweep(jobs);
    sweep.SetProgress(progress, labels);
    const auto wallStart = std::chrono::steady_clock::now();
    const std::vector<std::vector<double>> results = sweep.Run(points.size(), simulate);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();

    const double none = std::nan("");
    for (int e : experiments)
    {
        const std::string name = "exp" + std::to_string(e);
        std::ostringstream title;
        std::ostringstream plotTitle;
        ComparisonTable table;
        std::vector<Panel> panels;
        if (e == 2 || e == 4 || e == 5)
        {
            const std::string xName = e == 2 ? " flows" : " short/s";
            if (e == 2)
            {
                title << "Experiment 2: FTP flows only, ECN marking, measured over ["
                      << warmup2.GetSeconds() << ", " << duration2.GetSeconds() << "] s";
                plotTitle << "Experiment 2: FTP flows only, ECN marking, measured over ["
                          << PlotWriter::FormatTime(warmup2) << ", "
                          << PlotWriter::FormatTime(duration2) << "]";
                panels = {{"loss rate", {}}, {"utilization", {}}, {"mean queue (packets)", {}}};
            }
            else
            {
                title << "Experiment " << e << ": " << EXP45_FLOWS << " FTP flows + short flows, "
                      << (e == 4 ? "ECN marking" : "dropping") << ", measured over ["
                      << converge.GetSeconds() << ", " << (converge + measure).GetSeconds()
                      << "] s";
                plotTitle << "Experiment " << e << ": " << EXP45_FLOWS
                          << " FTP flows + short flows, " << (e == 4 ? "ECN marking" : "dropping")
                          << ", measured over [" << PlotWriter::FormatTime(converge) << ", "
                          << PlotWriter::FormatTime(converge + measure) << "]";
                if (e == 4)
                {
                    panels = {{"loss rate", {}}, {"utilization", {}}, {"mean queue (packets)", {}}};
                }
                else
                {
                    panels = {{"mean queue (packets)", {}},
                              {"utilization", {}},
                              {"goodput / capacity", {}}};
                }
            }
            table = ComparisonTable(title.str() + "; model = paper's value or design target");
            for (std::size_t i = 0; i < points.size(); ++i)
            {
                const Point& p = points[i];
                if (p.experiment != e)
                {
                    continue;
                }
                const std::vector<double>& r = results[i];
                const std::string entity = p.variant.label + ", " + Format(p.x) + xName;
                const bool avq = p.variant.aqm == Aqm::AVQ;
                // The paper: REM and PI keep the link busy (utilization 1.0, Exps. 2 and 4).
                const bool paperFull =
                    e != 5 && (p.variant.aqm == Aqm::REM || p.variant.aqm == Aqm::PIE);
                const double utilModel = avq ? p.variant.gamma : paperFull ? 1.0 : none;
                const double queueModel = p.variant.aqm == Aqm::PIE ? PAPER_QUEUE_TARGET : none;
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
                              p.x * measure.GetSeconds(),
                              r[SHORT_ARRIVED]);
                }
                const std::vector<std::size_t> columns =
                    e == 5 ? std::vector<std::size_t>{QUEUE_MEAN, UTILIZATION, GOODPUT}
                           : std::vector<std::size_t>{LOSS_RATE, UTILIZATION, QUEUE_MEAN};
                for (std::size_t c = 0; c < panels.size(); ++c)
                {
                    std::vector<Curve>& curves = panels[c].curves;
                    if (curves.empty() || curves.back().label != p.variant.label)
                    {
                        // The model beside the curve: the design's gamma, the paper's full
                        // utilization, PIE's queue target.
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
                            modelTitle = p.variant.label + ": target " +
                                         PlotWriter::FormatNumber(model) + " pkts";
                        }
                        curves.push_back({p.variant.label, {}, modelTitle, model});
                    }
                    curves.back().points.emplace_back(p.x, r[columns[c]]);
                }
            }
        }
        else
        {
            title << "Experiment 3: " << EXP3_FLOWS << " FTP flows, " << EXP3_MOVING << " leave at "
                  << leave3.GetSeconds() << " s, " << EXP3_MOVING << " new at "
                  << return3.GetSeconds() << " s, ECN marking";
            plotTitle << "Experiment 3: " << EXP3_FLOWS << " FTP flows, " << EXP3_MOVING
                      << " leave at " << PlotWriter::FormatTime(leave3) << ", " << EXP3_MOVING
                      << " new at " << PlotWriter::FormatTime(return3)
                      << ", ECN marking; queue means over "
                      << PlotWriter::FormatTime(Seconds(EXP3_MEAN_INTERVAL));
            table = ComparisonTable(title.str() + "; model = design target");
            for (std::size_t i = 0; i < points.size(); ++i)
            {
                const Point& p = points[i];
                if (p.experiment != 3)
                {
                    continue;
                }
                const std::vector<double>& r = results[i];
                const std::vector<std::string> phase{
                    "0-" + Format(leave3.GetSeconds()) + " s",
                    Format(leave3.GetSeconds()) + "-" + Format(return3.GetSeconds()) + " s",
                    Format(return3.GetSeconds()) + "-" + Format(duration3.GetSeconds()) + " s"};
                const bool avq = p.variant.aqm == Aqm::AVQ;
                for (std::size_t k = 0; k < phase.size(); ++k)
                {
                    const std::string entity = p.variant.label + ", " + phase[k];
                    table.Add("queue mean (pkts)",
                              entity,
                              p.variant.aqm == Aqm::PIE ? PAPER_QUEUE_TARGET : none,
                              r[RESULT_COUNT + 2 * k]);
                    table.Add("utilization",
                              entity,
                              avq ? p.variant.gamma : none,
                              r[RESULT_COUNT + 2 * k + 1]);
                }
                table.Add("loss rate", p.variant.label + ", whole run", none, r[LOSS_RATE]);
                table.Add("marks (pkts)", p.variant.label + ", whole run", none, r[MARKS]);
                const bool pie = p.variant.aqm == Aqm::PIE;
                Curve curve{p.variant.label,
                            {},
                            pie ? "PIE: target " + Format(PAPER_QUEUE_TARGET) + " pkts" : "",
                            pie ? PAPER_QUEUE_TARGET : none};
                for (std::size_t k = RESULT_COUNT + 6; k + 1 < r.size(); k += 2)
                {
                    curve.points.emplace_back(r[k], r[k + 1]);
                }
                panels.push_back({p.variant.label + " queue (packets)", {curve}});
            }
        }
        table.Print(std::cout);
        std::cout << '\n';
        if (!csv.empty())
        {
            table.WriteCsv(csv + "-" + name + ".csv");
            std::cout << "table written to " << csv << "-" << name << ".csv\n";
        }
        if (plot != "none" && !plot.empty())
        {
            const std::string prefix = plot + "-" + name;
            const std::string xlabel = e == 2   ? "FTP flows"
                                       : e == 3 ? "time (s)"
                                                : "short-flow arrival rate (flows/s)";
            PlotWriter writer(prefix);
            PlotWriter::Figure& figure = writer.AddFigure(plotTitle.str(), xlabel);
            figure.SetStyle(e == 3 ? PlotWriter::Style::LINES : PlotWriter::Style::LINES_POINTS);
            for (const Panel& panel : panels)
            {
                PlotWriter::Panel& drawn = figure.AddPanel(panel.ylabel);
                for (const Curve& curve : panel.curves)
                {
                    const std::size_t k = drawn.AddCurve(curve.label, curve.points);
                    drawn.AddModelLine(curve.modelTitle, curve.model, k);
                }
            }
            writer.Write(std::cout);
            std::cout << '\n';
        }
    }
    std::cout << "wall time " << wall << " s for " << points.size() << " simulations, " << jobs
              << " at a time\n";
    return 0;
}

int
main(int argc, char* argv[])
{
    return ScenarioRunner::Main(argc, argv, &RunExample);
}
