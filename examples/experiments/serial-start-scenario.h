/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SERIAL_START_SCENARIO_H
#define SERIAL_START_SCENARIO_H

#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/fluid-model.h"
#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/plot-writer.h"
#include "ns3/scenario.h"
#include "ns3/testbed-report.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 *
 * \brief The Vegas paper's serial-start experiments on one bottleneck, §6.2 (persistent
 * congestion, Fig. 6, Tables V-VI: PersistentCongestionScenario) and §6.3 (Vegas/REM, Fig. 7,
 * Table VII: VegasRemScenario): one source-sink pair per class, class n starting at
 * (n - 1) --period, measured per period; the options, the network and the report they share.
 *
 *     1a --\                                  /-- 1b
 *     ...   R1 ==== bottleneck (FIFO or REM) == R2  ...
 *     5a --/                                  \-- 5b
 *
 * The network (Describe()): every source runs TcpDualVegas with alpha = beta packets per
 * AlphaTimeUnit (weighted PF: each keeps alpha d / u packets in its path). It runs over
 * NetworkHelper (Simulate()): period k (class k + 1 running since its start) is measured over
 * its last (period - settling) seconds; the model of a period covers the classes that started
 * before it (TestbedMonitor::SetMeasurementPeriods(), BuildPeriodModel()). All connections are
 * opened at time 0 and each source sends from its start (TestbedBuilder::SetEarlyConnection()),
 * as ns-2's handshake-less agents that the paper used.
 *
 * What the model of a period is (GetPeriodModels()):
 * - FIFO, baseRtt=fixed: Theorem 1 for the active sources (DualityModel::Solve()): every source
 *   keeps alpha d_s / u packets queued, so the queue is their sum;
 * - FIFO, baseRtt=measured, equal RTTs: the persistent-congestion recursion, eqs. 27-29
 *   (DualityModel::PersistentCongestion()), with d the true round trip without queueing
 *   (propagation plus the transmission times of a packet and its ACK, as BuildModel's d);
 * - REM (rem = true): the rates of Theorem 1 (weighted PF: the rates of sources sharing the
 *   link are proportional to their weights alpha d_s / u, and add up to the capacity); REM's
 *   price is the marking price, not a queueing delay, so the queue it predicts is 0 (eq. 30's
 *   equilibrium: b = 0, x = c), the RTT is d and the window x d.
 *
 * AddSerialStartOptions() registers --period, --simTime (default: sources x period),
 * --settling (default: half a period), --bottleneck, --accessRate, --alpha, --alphaUnit and,
 * with REM, --phi, --mu, --gamma and --updateInterval. A subclass sets the sources' RTTs
 * (GetParameters().rtts) in its Check() and then calls this class' Check(), which checks these
 * options and fills in the defaults.
 */
class SerialStartScenario : public Scenario
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

    /// Check the shared options (throws std::invalid_argument) and fill in their defaults.
    void Check() override;
    /// \return with REM: the disc's and the Vegas/REM sources' attributes it sets
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

    /**
     * \param p the scenario
     * \return its description (link "bottleneck" R1 -> R2, classes 1a, 2a, ... starting one
     *         period apart, no start jitter; throws std::invalid_argument if invalid)
     */
    static NetworkDescription Describe(const Parameters& p);

    /**
     * Build the network of Describe(), measured per period, and run it until its simTime (no
     * Simulator::Destroy()).
     * \param p the scenario
     * \param timeSeries sample a time series (for AddQueuePanel() and AddWindowPanel())
     * \param showProgress print ns-3's ShowProgress lines on stderr
     * \return the testbed, after the run
     */
    static std::unique_ptr<NetworkHelper> Simulate(const Parameters& p,
                                                   bool timeSeries,
                                                   bool showProgress);

    /**
     * Simulate() without the run: the network of Describe() built and measured per period, for
     * the period models (GetPeriodModels()) and the fluid model (RunFluid()) alone.
     * \param p the scenario
     * \param timeSeries set the time series' grid (RunFluid() samples on it)
     * \return the testbed, installed, not run
     */
    static std::unique_ptr<NetworkHelper> Build(const Parameters& p, bool timeSeries);

    /**
     * The model of every period (after Install(); for baseRtt=measured with FIFO, also before
     * Run(): it needs no measurement).
     * \param helper the testbed of Simulate() \param p its scenario
     * \return one per period
     */
    static TestbedReport::PeriodModels GetPeriodModels(const NetworkHelper& helper,
                                                       const Parameters& p);

    /**
     * Model beside simulation, per period (TestbedReport::ComparePeriods() over
     * GetPeriodModels()): per active class rate, baseRTT (the congestion control's estimate)
     * and window (with REM also its share of the total rate, which does not depend on the
     * utilization); the bottleneck's queue and utilization; with FIFO and measured baseRTTs
     * also the rates and queue of eq. 24 with the baseRTT errors the sources actually made
     * (Theorem 3).
     * \param helper the testbed, after Simulate() \param p its scenario
     * \param title the table's title
     * \return the table (entities "1a [20-40 s]", "bottleneck [20-40 s]")
     */
    static ComparisonTable ComparePeriods(const NetworkHelper& helper,
                                          const Parameters& p,
                                          const std::string& title);

    /**
     * Add a panel of the bottleneck's queue vs time to \p figure (after Simulate() with a time
     * series): the simulation averaged over 200 ms, 20 samples
     * (TestbedReport::GetTimeSeriesMeans()) and the model's queue of each period, dashed.
     * \param helper the testbed \param p its scenario
     * \param figure the figure
     * \param title the panel's title ("" for none)
     * \param fluid the fluid model's run (RunFluid(); null: none), drawn beside the simulation
     *        (thin, dotted, averaged as the simulation)
     * \param simulated false: the network was not run (Build()), the fluid model's queue (not
     *        null) is drawn in the simulation's place
     */
    static void AddQueuePanel(const NetworkHelper& helper,
                              const Parameters& p,
                              PlotWriter::Figure& figure,
                              const std::string& title,
                              const FluidModel::Result* fluid = nullptr,
                              bool simulated = true);

    /**
     * The fluid model of the run (FluidModelBuilder's), integrated over the
     * simTime with a 1 ms step and sampled on the monitor's series grid (its time on stderr).
     * With FIFO and baseRtt=measured each source's Vegas law gets its baseRTT error e_n = p(n-1),
     * the queueing delay its predecessors left (the recursion of eqs. 27-29,
     * DualityModel::PersistentCongestion(), with the fluid model's d), and the weight
     * alpha (d + e_n): FluidVegasLaw.
     * \param helper the testbed, after Simulate() with a time series \param p its scenario
     * \return the trajectories (throws std::invalid_argument with FIFO, measured baseRTTs and
     *         unequal RTTs or alpha per RTT: the recursion does not apply)
     */
    static FluidModel::Result RunFluid(const NetworkHelper& helper, const Parameters& p);

    /**
     * The fluid model's rows (TestbedReport::AddFluidPeriodRows(), tag ", fluid": its means per
     * period beside the period's model) and its distance from the simulation
     * (TestbedReport::AddFluidDistanceRows(), on the plots' 200 ms grid).
     * \param helper the testbed, after Simulate() with a time series \param p its scenario
     * \param fluid RunFluid()'s \param table the table
     */
    static void AddFluidRows(const NetworkHelper& helper,
                             const Parameters& p,
                             const FluidModel::Result& fluid,
                             ComparisonTable& table);

    /**
     * Add a panel of each source's congestion window vs time to \p figure (after Simulate()
     * with a time series): the simulation averaged over 200 ms and the model's
     * window of each period, dashed, in the source's colour.
     * \param helper the testbed \param p its scenario
     * \param figure the figure
     */
    static void AddWindowPanel(const NetworkHelper& helper,
                               const Parameters& p,
                               PlotWriter::Figure& figure);

  protected:
    /**
     * \param name the scenario's name (Scenario::GetName())
     * \param usage its usage line
     * \param rem REM at the bottleneck and Vegas/REM sources (§5)
     */
    SerialStartScenario(std::string name, std::string usage, bool rem);

    /// \param cmd the command line: register the shared options
    void AddSerialStartOptions(StrictCommandLine& cmd);

    /// \return the parameters (the options' values)
    Parameters& GetParameters();
    /// \return the parameters (the options' values)
    const Parameters& GetParameters() const;

  private:
    Parameters m_parameters; //!< the options' values
    Time m_simTime;          //!< --simTime (zero: sources x period)
    Time m_settling;         //!< --settling (zero: half a period)
};

} // namespace ns3

#endif /* SERIAL_START_SCENARIO_H */
