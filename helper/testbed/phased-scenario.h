/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHASED_SCENARIO_H
#define PHASED_SCENARIO_H

#include "network-description.h"
#include "scenario.h"
#include "testbed-report.h"

#include "ns3/comparison-table.h"
#include "ns3/nstime.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 * \brief An experiment whose load or links change: model vs simulation phase by phase.
 *
 * One or more runs (e.g. one per congestion control), each a network description simulated for
 * --duration. The phases are cut where a class starts or stops or an event changes a link
 * (TestbedMonitor::GetPhaseBoundaries()); each phase is measured after --settling and compared
 * with its duality model (TestbedReport::ComparePeriods(): rates in Mb/s, windows, queues,
 * utilization, drops). Each run prints its table and, with a plot prefix, draws PREFIX[-run].png
 * (rate, window, queue and utilization vs time, the model as steps); --csv gets every run's rows,
 * the run's name prefixed to the entity when there are several.
 *
 * A subclass gives the runs (GetRunCount(), GetRunName(), Describe()) and may add rows
 * (AddRows()) or configure the helper before Install() (Configure()).
 *
 * A subclass that calls EnableFluid() also offers the fluid model (FluidModel, built from the
 * run's description by FluidModelBuilder and integrated over --duration with a 1 ms step):
 * --fluid adds its trajectories to the plots (thin dotted, in each curve's colour, "fluid
 * <name>") and its rows to the table and CSV ("rate, fluid (Mb/s)", "cwnd, fluid (pkts)",
 * "queue, fluid (pkts)", "utilization, fluid": the phase's model in the model column, the fluid
 * trajectory's mean over the phase's measurement window in the simulation column) and the
 * distances between the fluid and packet trajectories (TestbedReport::AddFluidDistanceRows():
 * "rate distance (%)", "cwnd distance (%)", "queue distance (pkts)" over the run after its first
 * round trips, on the plots' 1/200 of --duration grid);
 * --engine=fluid runs the fluid model alone: the network is built (for the phases' duality
 * models) but not simulated, and the table has the packet run's rows (rate, cwnd, queue,
 * utilization), the simulation column holding the fluid model's means (no drops, no subclass
 * rows: AddRows() and Configure() are not called).
 */
class PhasedScenario : public Scenario
{
  public:
    ~PhasedScenario() override;

    /// Registers --duration and --settling; a subclass adding options calls this.
    void AddOptions(StrictCommandLine& cmd) override;
    /// Checks --duration and --settling and describes every run, its queue discs modelled
    /// (TestbedModelBuilder::CheckModelled(); throws std::invalid_argument).
    void Check() override;
    /// \return the number of runs
    std::size_t GetPointCount() const override;
    /// \param point a run \return its name
    std::string GetPointLabel(std::size_t point) const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  protected:
    /**
     * \param name the scenario's name
     * \param usage its usage line
     * \param duration the default of --duration
     * \param settling the default of --settling
     */
    PhasedScenario(std::string name, std::string usage, Time duration, Time settling);

    /// \return how many runs (default 1)
    virtual std::size_t GetRunCount() const;
    /// \param run a run \return its name, for tables and plot files ("" for a single run)
    virtual std::string GetRunName(std::size_t run) const;
    /// \param run a run \return its network (throws std::invalid_argument if the options are bad)
    virtual NetworkDescription Describe(std::size_t run) const = 0;
    /// \param run a run \return its table's title
    virtual std::string GetTitle(std::size_t run) const = 0;
    /**
     * Configure the helper of a run before Install() (default: nothing).
     * \param helper the run's network
     * \param run the run
     */
    virtual void Configure(NetworkHelper& helper, std::size_t run);
    /**
     * Add rows to a run's table after its simulation (default: nothing).
     * \param table the run's table
     * \param helper the run's network, simulated
     * \param models its periods' models (TestbedReport::SolvePeriods())
     * \param run the run
     */
    virtual void AddRows(ComparisonTable& table,
                         const NetworkHelper& helper,
                         const TestbedReport::PeriodModels& models,
                         std::size_t run);

    /**
     * Adjust a run's finished table, under either engine (default: nothing); e.g. blank the
     * model column of rows whose model does not describe the run's sources.
     * \param table the run's table
     * \param run the run
     */
    virtual void FinishTable(ComparisonTable& table, std::size_t run) const;

    /// Offer --engine and --fluid (see the class description); call from the constructor.
    void EnableFluid();

    /// \return --duration
    Time GetDuration() const;
    /// \return the interval the plots average over (--duration / 200)
    Time GetPlotInterval() const;
    /// \return the sampling interval of the time series (--duration / 2000), for plots and for
    ///         subclasses that read the series (TestbedMonitor::EnableTimeSeries())
    Time GetSeriesInterval() const;
    /**
     * \param run a run
     * \return its description (after Check())
     */
    const NetworkDescription& GetDescription(std::size_t run) const;

  private:
    /**
     * The fluid model of a run, integrated over --duration (its time on stderr).
     * \param run a run
     * \return its trajectories, sampled every GetSeriesInterval()
     */
    FluidModel::Result RunFluid(std::size_t run) const;
    using Scenario::RunFluid;
    /**
     * RunPoint() under --engine=fluid: the table and plot of the fluid model.
     * \param run a run
     */
    void RunFluidEngine(std::size_t run);

    bool m_fluidOptions{false};                 //!< EnableFluid() was called
    std::string m_engine{"packet"};             //!< --engine
    bool m_fluid{false};                        //!< --fluid
    Time m_duration;                            //!< --duration
    Time m_settling;                            //!< --settling
    std::vector<NetworkDescription> m_networks; //!< per run (Check())
    std::vector<ComparisonTable> m_tables;      //!< per run (RunPoint())
    std::vector<std::string> m_plotLines;       //!< per run: what the plot writer said
};

} // namespace ns3

#endif /* PHASED_SCENARIO_H */
