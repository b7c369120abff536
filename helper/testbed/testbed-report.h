/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TESTBED_REPORT_H
#define TESTBED_REPORT_H

#include "testbed-network.h"

#include "ns3/comparison-table.h"
#include "ns3/duality-model.h"
#include "ns3/fluid-model.h"
#include "ns3/nstime.h"
#include "ns3/plot-writer.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace ns3
{

class TestbedModelBuilder;
class TestbedMonitor;

/**
 * \ingroup dualcc
 *
 * \brief Model beside simulation for a network TestbedBuilder built, the one report of every
 * scenario: for the monitor's single window, the comparison table (Compare()) against
 * TestbedModelBuilder's model and the plot of the monitor's time series with the model's values
 * (WritePlot()); for its measurement periods (TestbedMonitor::SetMeasurementPeriods(), e.g. over
 * TestbedMonitor::GetPhaseBoundaries()), the same period by period (ComparePeriods(),
 * WritePeriodPlot()).
 *
 * The model of each period is the equilibrium the solver computes (SolvePeriods(): the classes
 * active through the window, the links as the events left them), unless the caller hands in its
 * own (SerialStartScenario does, for the closed form of persistent congestion).
 */
class TestbedReport
{
  public:
    /// The model's prediction for one measurement period.
    struct PeriodModel
    {
        Time start;                      //!< the period's start
        Time stop;                       //!< the period's end
        std::vector<double> rateKBps;    //!< per class (NaN when not active), KB/s
        std::vector<double> baseRttMs;   //!< per class baseRTT (NaN when not active), ms
        std::vector<double> cwndPackets; //!< per class window (NaN when not active), packets
        std::vector<double> queue;       //!< per link (description order), packets
        std::vector<double> utilization; //!< per link (description order)
    };

    /// One model per measurement period.
    using PeriodModels = std::vector<PeriodModel>;

    /// The rows ComparePeriods() adds beside the rate, window, queue, utilization and drops.
    struct PeriodRows
    {
        bool kiloBytes{false}; //!< "rate (KB/s)" rather than "rate (Mb/s)"
        /// "baseRTT (ms)": the congestion control's estimate (the measured one without it)
        bool baseRtt{false};
        /// "rate share (%)": each class' share of the period's total rate (model and simulation)
        bool rateShare{false};
        /// "rate, eq. 24 (KB/s)" and "queue, eq. 24 (pkts)": the period's model with the
        /// baseRTT errors the flows actually made (TestbedModelBuilder::BuildPeriodModel(k, true),
        /// Theorem 3)
        bool eq24{false};
    };

    /**
     * \param network the network built
     * \param monitor its measurements
     * \param model its duality model
     */
    TestbedReport(const TestbedNetwork& network,
                  const TestbedMonitor& monitor,
                  const TestbedModelBuilder& model);

    /**
     * Model beside simulation: per class baseRTT, RTT, rate and window; per link the queue
     * (plus utilization and drops without a model). Rows "rate, eq. 24" and "queue, eq. 24"
     * compare with the model distorted by the baseRTT errors the flows actually made
     * (BuildModel(true), Theorem 3). Classes of short flows or web sessions: their parameters
     * as the "model".
     * \param title the table's title
     * \return the table
     */
    ComparisonTable Compare(const std::string& title) const;

    /**
     * A column of the monitor's time series vs time, for plots: the samples averaged over
     * intervals of \p interval (PlotWriter::AverageOverIntervals()), the intervals starting half
     * a sampling interval after 0 so that each rate sample falls whole into one.
     * \param column the column (1: the first class' rate, ...)
     * \param interval the averaging interval (at least the sampling interval)
     * \return (time in s, mean) per interval
     */
    PlotWriter::Points GetTimeSeriesMeans(std::size_t column, Time interval) const;

    /**
     * Draw the time series with PlotWriter as PREFIX.png (data PREFIX.dat, script PREFIX.plt):
     * per-class rate and per-link queue vs time, each the mean over an interval of about 1/200
     * of the run (or the sampling interval if longer), with the model's values as dashed lines
     * and the measurement window shaded. Prints PlotWriter's line on \p os.
     * \param prefix the output prefix
     * \param title the plot title
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool WritePlot(const std::string& prefix, const std::string& title, std::ostream& os) const;

    /**
     * Each measurement period's model, solved: the rates and windows of its classes' first
     * flows (aborts, naming the period, if it does not converge; an idle period has no queue).
     * \return one per period
     */
    PeriodModels SolvePeriods() const;

    /// \param model a period's model \return its label, e.g. "[20-40 s]"
    static std::string GetPeriodLabel(const PeriodModel& model);

    /**
     * Per period: each class the model has (a rate, not NaN) its "rate (Mb/s)" (per flow) and
     * "cwnd (pkts)", each link's "queue (pkts)", "utilization" and "drops (pkts)" (simulation
     * only), plus the rows \p rows asks for; entities are "<class> <label>" and "<link> <label>".
     * \param title the table's title
     * \param models one per period (SolvePeriods() or the caller's own)
     * \param rows the rows beside those
     * \return the table
     */
    ComparisonTable ComparePeriods(const std::string& title,
                                   const PeriodModels& models,
                                   const PeriodRows& rows) const;
    /**
     * ComparePeriods() with no rows beside the rate, window, queue, utilization and drops.
     * \param title the table's title
     * \param models one per period (SolvePeriods() or the caller's own)
     * \return the table
     */
    ComparisonTable ComparePeriods(const std::string& title, const PeriodModels& models) const;

    /**
     * A model quantity as steps over the periods, for PlotWriter::Panel::AddModelCurve().
     * \param models one per period
     * \param value the quantity of a period's model
     * \return (time in s, value) at each period's start and end, a gap between periods
     */
    static PlotWriter::Points GetModelSteps(const PeriodModels& models,
                                            const std::function<double(const PeriodModel&)>& value);

    /// \param figure shade each measurement period's window
    void AddPeriodWindows(PlotWriter::Figure& figure) const;

    /**
     * Draw the time series (TestbedMonitor::EnableTimeSeries()) as PREFIX.png: per-class rate
     * per flow (Mb/s) and window, per-link queue and utilization vs time, each the mean over
     * \p interval, the periods' models as dashed steps, the windows shaded. Prints PlotWriter's
     * line.
     * \param prefix the output prefix
     * \param title the plot's title
     * \param interval the averaging interval (at least the sampling interval)
     * \param models one per period
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool WritePeriodPlot(const std::string& prefix,
                         const std::string& title,
                         Time interval,
                         const PeriodModels& models,
                         std::ostream& os) const;

    /**
     * The fluid model's rows of each period (FluidModelBuilder's model of the description, run
     * over the periods): per active class "rate<tag> (Mb/s)" and "cwnd<tag> (pkts)", per link
     * "queue<tag> (pkts)" and "utilization<tag>", each the fluid trajectory's mean over the
     * period's measurement window in the simulation column, the period's model in the model
     * column. With tag "" (--engine=fluid, no packet simulation) the rows are named as
     * ComparePeriods()'s.
     * \param table the table
     * \param models one per period
     * \param fluid the fluid model's run (its sources in class order, its first links the
     *        description's)
     * \param tag appended to each quantity's name (e.g. ", fluid")
     */
    void AddFluidPeriodRows(ComparisonTable& table,
                            const PeriodModels& models,
                            const FluidModel::Result& fluid,
                            const std::string& tag) const;

    /// The fluid-vs-packet distance is measured from the first class' start plus this many of
    /// the longest class RTT (AddFluidDistanceRows()): past the slow start the fluid model leaves
    /// out.
    static constexpr double DISTANCE_ROUND_TRIPS = 10;

    /**
     * The distance between the simulation's trajectories and the fluid model's
     * (TrajectoryDistance, issue 31 item 4), over the whole run after the first round trips
     * (GetDistanceStart()): per persistent class "rate distance (%)" and "cwnd distance (%)"
     * (TrajectoryDistance::GetPercent()), per link "queue distance (pkts)" (the mean absolute
     * difference, TrajectoryDistance::GetMeanAbsolute(): an AQM may hold the queue at 0), in the
     * simulation column (no model), entity "<name> from <start>". Both trajectories are averaged
     * over the same intervals (PlotWriter::AverageOverIntervals(), as the plots' curves) before
     * they are compared. The simulation's rate is its receive rate, the fluid's the send rate.
     * \param table the table
     * \param fluid the fluid model's run, sampled on the monitor's series grid (as
     *        AddFluidPeriodRows()'s)
     * \param interval the averaging interval (a multiple of the series interval)
     */
    void AddFluidDistanceRows(ComparisonTable& table,
                              const FluidModel::Result& fluid,
                              Time interval) const;
    /// \return the start of AddFluidDistanceRows()' window: the first class' start plus
    ///         DISTANCE_ROUND_TRIPS times the longest class RTT
    Time GetDistanceStart() const;

    /**
     * WritePeriodPlot() with the fluid model's trajectories beside the simulation's: thin dotted
     * lines in each curve's colour, named "fluid <class>" or "fluid <link>". With \p simulated
     * false (--engine=fluid) the simulation's curves are left out, and the fluid's drawn solid.
     * \param prefix the output prefix
     * \param title the plot's title
     * \param interval the averaging interval of the simulation's series
     * \param models one per period
     * \param fluid the fluid model's run (as AddFluidPeriodRows()'s)
     * \param simulated whether the monitor has time series to draw
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool WriteFluidPeriodPlot(const std::string& prefix,
                              const std::string& title,
                              Time interval,
                              const PeriodModels& models,
                              const FluidModel::Result& fluid,
                              bool simulated,
                              std::ostream& os) const;

  private:
    /**
     * WritePeriodPlot() and WriteFluidPeriodPlot().
     * \param prefix the output prefix \param title the plot's title
     * \param interval the averaging interval \param models one per period
     * \param fluid the fluid model's run (null: none) \param simulated draw the simulation's
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool DrawPeriodPlot(const std::string& prefix,
                        const std::string& title,
                        Time interval,
                        const PeriodModels& models,
                        const FluidModel::Result* fluid,
                        bool simulated,
                        std::ostream& os) const;
    /**
     * \param k a measurement period
     * \return its model, solved
     */
    PeriodModel SolvePeriod(std::size_t k) const;
    /**
     * The class rows of a period.
     * \param table the table \param k the period \param model its model
     * \param rows the rows asked for \param eq24 the eq. 24 model's solution (if asked for)
     */
    void AddPeriodClassRows(ComparisonTable& table,
                            std::size_t k,
                            const PeriodModel& model,
                            const PeriodRows& rows,
                            const DualityModel::Solution& eq24) const;
    /**
     * The link rows of a period.
     * \param table the table \param k the period \param model its model
     * \param rows the rows asked for \param eq24 the eq. 24 model (if asked for)
     * \param eq24Solution its solution
     */
    void AddPeriodLinkRows(ComparisonTable& table,
                           std::size_t k,
                           const PeriodModel& model,
                           const PeriodRows& rows,
                           const DualityModel& eq24,
                           const DualityModel::Solution& eq24Solution) const;
    /**
     * Rows of a class of short flows or web sessions.
     * \param table the table \param c the class
     */
    void AddShortClassRows(ComparisonTable& table, std::size_t c) const;
    /**
     * \param spec a class of short flows or web sessions
     * \return the mean of its size law, packets (size=, or lognormal-pareto's closed form)
     */
    double GetMeanSize(const NetworkDescription::ClassSpec& spec) const;
    /**
     * Rows of a class of persistent flows.
     * \param table the table \param c the class
     * \param sol the model's solution \param distorted the eq. 24 model's
     */
    void AddClassRows(ComparisonTable& table,
                      std::size_t c,
                      const DualityModel::Solution& sol,
                      const DualityModel::Solution& distorted) const;
    /**
     * Rows of the modelled links.
     * \param table the table \param model the model
     * \param sol its solution \param distorted the eq. 24 model's
     */
    void AddLinkRows(ComparisonTable& table,
                     const DualityModel& model,
                     const DualityModel::Solution& sol,
                     const DualityModel::Solution& distorted) const;

    const TestbedNetwork& m_network;    //!< the network built
    const TestbedMonitor& m_monitor;    //!< its measurements
    const TestbedModelBuilder& m_model; //!< its duality model
};

} // namespace ns3

#endif /* TESTBED_REPORT_H */
