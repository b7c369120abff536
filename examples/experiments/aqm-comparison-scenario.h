/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AQM_COMPARISON_SCENARIO_H
#define AQM_COMPARISON_SCENARIO_H

#include "aqm-experiment.h"

#include "ns3/comparison-check.h"
#include "ns3/comparison-table.h"
#include "ns3/fluid-model.h"
#include "ns3/scenario.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Experiments 2-5 of Kunniyur and Srikant's AVQ paper (SIGCOMM 2001, §3): AVQ against RED
 * (gentle), REM (queue reference 50), GKVQ, PI and PIE on one 10 Mb/s link (AqmExperiment), as one
 * sweep.
 *
 *  - 2: FTP flows only, ECN marking, the number of flows swept (--flows): loss rate,
 *    utilization, mean queue (Figs. 3-5);
 *  - 3: 140 FTP flows; 105 leave at --leave3 and 105 new ones arrive at --return3: queue vs time
 *    per AQM (Figs. 6-8);
 *  - 4: 40 FTP flows, converged for --converge, then short flows at a rate swept over --rates,
 *    ECN marking: loss, utilization, mean queue (Figs. 9-11);
 *  - 5: as 4 but the AQMs drop instead of marking, AVQ with gamma = 1.0 and 0.98: mean queue,
 *    utilization, goodput (Figs. 12-14).
 *
 * --fluid (Exp. 3) also runs the fluid model of each scheme that has a fluid law (AVQ, RED, REM,
 * PI: Reno reads their marking probability; PIE has none; FluidModelBuilder, each RTT range
 * split in FLUID_RTT_SPLIT groups): its queue beside the simulation's on the scheme's panel and
 * the distance between the two (TrajectoryDistance, "queue distance (pkts)") in the table.
 * --engine=fluid (Exp. 3 only) runs the fluid model alone, of the same schemes: the same table
 * (per phase the mean queue and the utilization, the departures c while the fluid queue is
 * busy and the load otherwise), its simulation column the fluid model's, and the fluid queues
 * on the panels.
 *
 * --ns2Tcp runs every point on TcpDefaults::UseNs2Reno() (as avq-experiment1 --ns2Tcp); --check
 * makes the exit status 1 unless the paper's claims that the module reproduces hold in the run
 * (CheckClaims()).
 *
 * Every (experiment, AQM, x) is a point, an independent simulation in a child process
 * (--jobs); it returns the window's figures (and Exp. 3 its phases and queue series).
 * Each experiment is an output "expN": its table (model = the paper's value or the design
 * target) goes to PREFIX-expN.csv and its figure to PREFIX-expN.png.
 */
class AqmComparisonScenario : public Scenario
{
  public:
    AqmComparisonScenario();
    void AddOptions(StrictCommandLine& cmd) override;
    /// Parse the lists, check the times and list the points, experiment by experiment.
    void Check() override;
    bool IsSweep() const override;
    std::size_t GetPointCount() const override;
    std::string GetPointLabel(std::size_t point) const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;
    /// \return "exp2", ... for the experiments chosen
    std::vector<std::string> GetOutputNames() const override;
    std::string GetOutputNamePattern() const override;
    /// \return the AQMs' attributes (AqmExperiment::GetOwnedAttributes())
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

  private:
    /// Refuse an option given on the command line that none of the chosen experiments uses
    /// (e.g. --flows, Exp. 2's, with --experiment=3), naming the experiments that use it.
    void CheckOptionsHaveEffect() const;
    /// Refuse an unknown --engine, --engine=fluid with an experiment but 3 or with the options
    /// of the packet simulation (--fluid, --check, --ns2Tcp, --subPacket).
    void CheckEngine() const;

    /// An AQM with its settings: one curve of the comparison.
    struct Variant
    {
        std::string aqm;   //!< the AQM (AqmExperiment::GetAqmNames())
        double gamma;      //!< AVQ's gamma (unused for the others)
        std::string label; //!< legend
    };

    /// One simulation of the sweep.
    struct Point
    {
        int experiment;  //!< 2, 3, 4 or 5
        Variant variant; //!< the AQM
        double x;        //!< flows (Exp. 2) or short-flow rate (Exp. 4, 5); unused in Exp. 3
    };

    /// One curve of an experiment's figure (one variant), filled point by point.
    struct Curve
    {
        std::string label;          //!< the variant's label
        PlotWriter::Points points;  //!< (x, simulated value)
        std::string modelTitle;     //!< the model's legend ("" when there is no model)
        double model;               //!< the model's (the paper's or the design's) value, or NaN
        PlotWriter::Points fluid{}; //!< the fluid model's (time, value) (Exp. 3 --fluid), or none
    };

    /// One panel of an experiment's figure.
    struct Panel
    {
        std::string ylabel;        //!< y axis label
        std::vector<Curve> curves; //!< one per variant
    };

    /// An experiment's evaluation.
    struct Evaluation
    {
        ComparisonTable table;     //!< model vs simulation
        std::string plotTitle;     //!< the figure's title
        std::vector<Panel> panels; //!< the figure's panels
    };

    /**
     * Evaluate a sweep experiment (2, 4 or 5).
     * \param e the experiment
     * \param results every point's numbers
     * \return its table and figure
     */
    Evaluation EvaluateSweep(int e, const std::vector<std::vector<double>>& results) const;
    /**
     * Evaluate Experiment 3.
     * \param results every point's numbers
     * \return its table and figure
     */
    Evaluation EvaluateLeaving(const std::vector<std::vector<double>>& results) const;
    /**
     * Exp. 3 --fluid: the fluid model of a point's network, its bottleneck queue appended to the
     * point's numbers after the simulation's series as a pair (-1, start of the distance window)
     * and then (time, queue) pairs, means over the series' interval.
     * \param network the point's testbed (installed) \param result the point's numbers
     */
    static void AppendFluidQueue(const NetworkHelper& network, std::vector<double>& result);
    /// \param p a point \return its AQM's settings
    AqmExperiment::Settings GetSettings(const Point& p) const;
    /// \return Exp. 3's FTP groups (140 flows, 105 leaving at --leave3, 105 new at --return3)
    std::vector<AqmExperiment::FtpGroup> GetLeavingGroups() const;
    /**
     * Exp. 3's fluid model of a description (each RTT range split in FLUID_RTT_SPLIT groups),
     * integrated with a FLUID_STEP step and sampled as the simulation's link (its time on stderr).
     * \param d the description \param duration s \return the trajectories
     */
    static FluidModel::Result RunFluid(const NetworkDescription& d, double duration);
    /**
     * Append the fluid queue of \p link, means over EXP3_MEAN_INTERVAL, as (time, queue) pairs.
     * \param fluid the trajectories \param link the model's link \param result where they go
     */
    static void AppendFluidSeries(const FluidModel::Result& fluid,
                                  std::size_t link,
                                  std::vector<double>& result);
    /**
     * The fluid link's mean queue and utilization over the samples in [from, to).
     * \param fluid the trajectories \param link the model's link \param from s \param to s
     * \param queueMean packets (NaN: no sample) \param utilization departures / capacity, the
     *        departures the capacity while the queue is busy, the load otherwise
     */
    static void MeasureFluid(const FluidModel::Result& fluid,
                             std::size_t link,
                             double from,
                             double to,
                             double& queueMean,
                             double& utilization);
    /**
     * --engine=fluid: a point of Exp. 3 on the fluid model, numbers as RunPoint()'s (the summary
     * with NaN for what the fluid model does not count, the phases, the queue series).
     * \param p the point \param settings its AQM's settings \return its numbers
     */
    std::vector<double> RunFluidPoint(const Point& p,
                                      const AqmExperiment::Settings& settings) const;
    /**
     * Exp. 3 --fluid: a point's fluid series (AppendFluidQueue()), its distance from the
     * simulation's in the table and its curve beside the simulation's.
     * \param label the scheme \param fluid the numbers after the marker pair
     * \param from the distance window's start, s \param table the table \param curve its curve
     */
    static void AddFluidQueue(const std::string& label,
                              const PlotWriter::Points& fluid,
                              double from,
                              ComparisonTable& table,
                              Curve& curve);
    /**
     * One number of one point.
     * \param results every point's numbers
     * \param e the experiment
     * \param label the variant's label
     * \param x the point's x (flows or rate; 0 in Exp. 3)
     * \param column the number's index
     * \return it, or NaN when the run has no such point
     */
    double Find(const std::vector<std::vector<double>>& results,
                int e,
                const std::string& label,
                double x,
                std::size_t column) const;
    /**
     * --check at one x of Exp. 2 or 4: REM and PI at utilization >= 0.99, GKVQ's utilization
     * below every other scheme's, AVQ's within 0.02 of gamma; Exp. 2, REM's and PI's mean queue
     * above their 50-packet reference, AVQ's and GKVQ's below it, GKVQ's loss the least;
     * Exp. 4, AVQ's loss and mean queue below RED's, REM's and PI's.
     * \param results every point's numbers
     * \param e the experiment (2 or 4)
     * \param x flows or rate
     * \param check where the claims go
     */
    void CheckSweepPoint(const std::vector<std::vector<double>>& results,
                         int e,
                         double x,
                         ComparisonCheck& check) const;
    /**
     * --check: the paper's claims (§3) that the module reproduces, at every point of the run
     * where the schemes they compare ran (CheckSweepPoint(); Exp. 3, REM's mean queue above 50
     * packets with 140 flows; Exp. 5's text makes none). Prints the verdict (ComparisonCheck)
     * and the claims it does not check.
     * \param results every point's numbers
     * \param os where the list of unchecked claims goes
     * \return whether every claim checked holds
     */
    bool CheckClaims(const std::vector<std::vector<double>>& results, std::ostream& os) const;
    /// \return the TCP's description for the tables' titles \param ecn whether the AQMs mark
    std::string DescribeTcp(bool ecn) const;

    std::string m_experiment{"all"};              //!< --experiment
    std::string m_flowsList{"20,60,100,140,180"}; //!< --flows
    std::string m_ratesList{"10,20,30,40,50"};    //!< --rates
    Time m_duration2{Seconds(100)};               //!< --duration2
    Time m_warmup2{Seconds(10)};                  //!< --warmup2
    Time m_leave3{Seconds(100)};                  //!< --leave3
    Time m_return3{Seconds(150)};                 //!< --return3
    Time m_duration3{Seconds(200)};               //!< --duration3
    Time m_converge{Seconds(50)};                 //!< --converge
    Time m_measure{Seconds(100)};                 //!< --measure
    bool m_subPacket{true};                       //!< --subPacket
    bool m_ns2Tcp{false};                         //!< --ns2Tcp
    bool m_check{false};                          //!< --check
    bool m_fluid{false};                          //!< --fluid
    std::string m_engine{"packet"};               //!< --engine
    uint32_t m_avqBuffer{50};                     //!< --avqBuffer
    uint32_t m_seed{1};                           //!< --seed
    uint32_t m_run{1};                            //!< --run
    std::vector<int> m_experiments;               //!< the experiments chosen
    std::vector<Point> m_points;                  //!< the sweep's points

    /// --avqAlpha: AVQ's damping alpha (default: the paper's, AqmExperiment::Settings)
    double m_avqAlpha{AqmExperiment::Settings().avqAlpha};
    /// --remInterval: REM's price update interval (default: AqmExperiment::Settings)
    Time m_remInterval{AqmExperiment::Settings().remUpdateInterval};
};

} // namespace ns3

#endif /* AQM_COMPARISON_SCENARIO_H */
