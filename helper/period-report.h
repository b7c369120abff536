/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PERIOD_REPORT_H
#define PERIOD_REPORT_H

#include "comparison-table.h"
#include "plot-writer.h"

#include "ns3/nstime.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 * \brief Model vs simulation, period by period, of a network whose load or links change.
 *
 * A NetworkHelper with measurement periods (TestbedMonitor::SetMeasurementPeriods(), e.g. over
 * TestbedMonitor::GetPhaseBoundaries()) measures each class and link over each period's window;
 * the duality model of each period (TestbedModelBuilder::BuildPeriodModel(): the classes active
 * through the window, the links as the events left them) says what they should be. This class
 * puts the two side by side: a table (per period, each active class' rate and window, each
 * link's queue, utilization and drops) and a plot (per-class rate and window, per-link queue and
 * utilization vs time, the model as steps, the windows shaded).
 *
 * The model of each period is the equilibrium the solver computes, unless the caller hands in
 * its own (SerialStartHelper does, for the closed form of persistent congestion).
 */
class PeriodReport
{
  public:
    /// The model's prediction for one period.
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

    /**
     * The report of \p helper, with each period's model from the equilibrium solver (aborts,
     * naming the period, if it does not converge).
     * \param helper a network run with measurement periods (kept by reference)
     */
    explicit PeriodReport(const NetworkHelper& helper);
    /**
     * \param helper a network run with measurement periods (kept by reference)
     * \param models one per period
     */
    PeriodReport(const NetworkHelper& helper, std::vector<PeriodModel> models);

    /**
     * \param helper a network run with measurement periods
     * \return each period's model, solved (the rates and windows of its classes' first flows)
     */
    static std::vector<PeriodModel> Solve(const NetworkHelper& helper);

    /// \return the models, one per period
    const std::vector<PeriodModel>& GetModels() const;

    /// \param period a period index \return its label, e.g. "[20-40 s]"
    std::string GetLabel(std::size_t period) const;

    /**
     * Per period: each active class' "rate (Mb/s)" (per flow) and "cwnd (pkts)", each link's
     * "queue (pkts)", "utilization" and "drops (pkts)" (simulation only); entities are
     * "<class> <label>" and "<link> <label>".
     * \param title the table's title
     * \return the table
     */
    ComparisonTable Compare(const std::string& title) const;

    /**
     * A model quantity as steps over the periods, for PlotWriter::Panel::AddModelCurve().
     * \param value the quantity of a period's model
     * \return (time in s, value) at each period's start and end, a gap between periods
     */
    PlotWriter::Points GetModelSteps(const std::function<double(const PeriodModel&)>& value) const;

    /// \param figure shade each period's measurement window
    void AddPeriodWindows(PlotWriter::Figure& figure) const;

    /**
     * Draw the time series (TestbedMonitor::EnableTimeSeries()) as PREFIX.png: per-class rate
     * per flow (Mb/s) and window, per-link queue and utilization vs time, each the mean over
     * \p interval, the model as dashed steps, the windows shaded. Prints PlotWriter's line.
     * \param prefix the output prefix
     * \param title the plot's title
     * \param interval the averaging interval (at least the sampling interval)
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool WritePlot(const std::string& prefix,
                   const std::string& title,
                   Time interval,
                   std::ostream& os) const;

  private:
    const NetworkHelper& m_helper;     //!< the network
    std::vector<PeriodModel> m_models; //!< one per period
};

} // namespace ns3

#endif /* PERIOD_REPORT_H */
