/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SERIAL_START_HELPER_H
#define SERIAL_START_HELPER_H

#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/network-helper.h"
#include "ns3/nstime.h"
#include "ns3/testbed-report.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The Vegas paper's serial-start experiments on one bottleneck, §6.2 (persistent
 * congestion, Fig. 6, Tables V-VI) and §6.3 (Vegas/REM, Fig. 7, Table VII): one source-sink pair
 * per class, class n starting at (n - 1) Period, measured per period.
 *
 *     1a --\                                  /-- 1b
 *     ...   R1 ==== bottleneck (FIFO or REM) == R2  ...
 *     5a --/                                  \-- 5b
 *
 * Every source runs TcpDualVegas with alpha = beta packets per AlphaTimeUnit (weighted PF: each
 * keeps alpha d / u packets in its path). Period k (class k + 1 running since its start) is
 * measured over its last (Period - Settling) seconds; the model of a period covers the classes
 * that started before it (TestbedMonitor::SetMeasurementPeriods(), BuildPeriodModel()). All
 * connections are opened at time 0 and each source sends from its start
 * (TestbedBuilder::SetEarlyConnection()), as ns-2's handshake-less agents that the paper used.
 *
 * What the model of a period is (GetPeriodModels()):
 * - FIFO, baseRtt=fixed: Theorem 1 for the active sources (DualityModel::Solve()): every source
 *   keeps alpha d_s / u packets queued, so the queue is their sum;
 * - FIFO, baseRtt=measured, equal RTTs: the persistent-congestion recursion, eqs. 27-29
 *   (DualityModel::PersistentCongestion()), with d the true round trip without queueing
 *   (propagation plus the transmission times of a packet and its ACK, as BuildModel's d);
 * - REM (Rem = true): the rates of Theorem 1 (weighted PF: the rates of sources sharing the
 *   link are proportional to their weights alpha d_s / u, and add up to the capacity); REM's
 *   price is the marking price, not a queueing delay, so the queue it predicts is 0 (eq. 30's
 *   equilibrium: b = 0, x = c), the RTT is d and the window x d.
 */
class SerialStartHelper : public NetworkHelper
{
  public:
    /// The scenario's numbers (defaults: the paper's §6.2).
    struct Parameters
    {
        /// round-trip propagation delay of each source (one class of one flow each)
        std::vector<Time> rtts{MilliSeconds(10),
                               MilliSeconds(10),
                               MilliSeconds(10),
                               MilliSeconds(10),
                               MilliSeconds(10)};
        Time period{Seconds(20)};                //!< time between two starts
        Time simTime{Seconds(100)};              //!< simulated time (after the last start)
        Time settling{Seconds(10)};              //!< left out at each period's start
        DataRate bottleneck{"48Mbps"};           //!< bottleneck rate
        Time bottleneckDelay{MilliSeconds(1)};   //!< bottleneck one-way delay
        DataRate accessRate{"1600Mbps"};         //!< host-router links
        uint32_t packetSize{1000};               //!< bytes on the wire
        double alpha{2};                         //!< Vegas alpha = beta, packets per alphaTimeUnit
        Time alphaTimeUnit{MilliSeconds(1)};     //!< alpha's time unit (zero: per RTT)
        bool fixedBaseRtt{false};                //!< baseRTT hard-coded (true) or measured
        bool rem{false};                         //!< REM at R1 and Vegas/REM sources (§5)
        double remPhi{1.1};                      //!< REM phi (eq. 31) and the sources' Phi
        double remMu{0.5};                       //!< REM mu (eq. 30)
        double remGamma{0.005};                  //!< REM gamma (eq. 30)
        Time remUpdateInterval{MilliSeconds(1)}; //!< REM price update period
    };

    /// The model's prediction for one period (the bottleneck is the only link).
    using PeriodModel = TestbedReport::PeriodModel;

    /// \param parameters the scenario (checked: NS_ABORT_MSG naming the bad field)
    explicit SerialStartHelper(const Parameters& parameters);

    /**
     * \param parameters the scenario
     * \return its description (link "bottleneck" R1 -> R2, classes 1a, 2a, ... starting one
     *         period apart, no start jitter)
     */
    static NetworkDescription Describe(const Parameters& parameters);

    /// \return the scenario
    const Parameters& GetParameters() const;

    /**
     * The model of every period (after Install(); for baseRtt=measured with FIFO, also before
     * Run(): it needs no measurement).
     * \return one per period
     */
    std::vector<PeriodModel> GetPeriodModels() const;

    /**
     * Model beside simulation, per period: per active class rate, baseRTT (the congestion
     * control's estimate) and window (with REM also its share of the total rate, which does not
     * depend on the utilization); the bottleneck's queue and utilization; with FIFO and
     * measured baseRTTs also the rates and queue of eq. 24 with the baseRTT errors the sources
     * actually made (Theorem 3): TestbedReport::ComparePeriods() with these rows, over
     * GetPeriodModels().
     * \param title the table's title
     * \return the table (entities "1a [20-40 s]", "bottleneck [20-40 s]")
     */
    ComparisonTable ComparePeriods(const std::string& title) const;

    /**
     * Add a panel of the bottleneck's queue vs time to \p figure (after Run(), with
     * EnableTimeSeries()): the simulation averaged over \p interval
     * (TestbedReport::GetTimeSeriesMeans()) and the model's queue of each period, dashed.
     * \param figure the figure
     * \param interval the averaging interval
     * \param title the panel's title ("" for none)
     */
    void AddQueuePanel(PlotWriter::Figure& figure, Time interval, const std::string& title) const;

    /**
     * Add a panel of each source's congestion window vs time to \p figure (after Run(), with
     * EnableTimeSeries()): the simulation averaged over \p interval and the model's window of
     * each period, dashed, in the source's colour.
     * \param figure the figure
     * \param interval the averaging interval
     */
    void AddWindowPanel(PlotWriter::Figure& figure, Time interval) const;

  private:
    Parameters m_parameters; //!< the scenario
};

} // namespace ns3

#endif /* SERIAL_START_HELPER_H */
