/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TESTBED_REPORT_H
#define TESTBED_REPORT_H

#include "comparison-table.h"
#include "plot-writer.h"
#include "testbed-network.h"

#include "ns3/duality-model.h"
#include "ns3/nstime.h"

#include <ostream>
#include <string>

namespace ns3
{

class TestbedModelBuilder;
class TestbedMonitor;

/**
 * \ingroup dualcc
 *
 * \brief Model beside simulation for a network TestbedBuilder built: the comparison table
 * (Compare()) of the monitor's single window against TestbedModelBuilder's model, and the plot
 * of the monitor's time series with the model's values (WritePlot()).
 */
class TestbedReport
{
  public:
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

  private:
    /**
     * Rows of a class of short flows or web sessions.
     * \param table the table \param c the class
     */
    void AddShortClassRows(ComparisonTable& table, std::size_t c) const;
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
