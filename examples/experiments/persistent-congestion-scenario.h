/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PERSISTENT_CONGESTION_SCENARIO_H
#define PERSISTENT_CONGESTION_SCENARIO_H

#include "serial-start-scenario.h"

#include "ns3/comparison-table.h"
#include "ns3/plot-writer.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Persistent congestion, the Vegas paper's §4.2 and §6.2 (Fig. 6, Tables V-VI): --sources
 * Vegas sources with the same RTT start one period apart on one FIFO bottleneck, run with
 * baseRTT fixed (Theorem 1: the queue grows by alpha d per source) and measured (eqs. 27-29:
 * late starters over-estimate their baseRTT and the queue grows much faster).
 *
 * Each run (--baseRtt: both, fixed or measured) is a point, run in the runner's process one
 * after the other; each keeps its per-period table (SerialStartScenario::ComparePeriods()) and
 * adds its queue vs time to the one figure. Evaluate() prints the tables, writes them as one
 * CSV (entities prefixed "fixed " or "measured ") and draws the figure.
 *
 * --fluid also runs the fluid model of each run (SerialStartScenario::RunFluid(): Vegas eq. 1,
 * with measured baseRTTs each source's error from the recursion of eqs. 27-29): its queue on
 * the same panel, its period means and its distance from the simulation in the table
 * (SerialStartScenario::AddFluidRows()).
 *
 * --engine=fluid runs the fluid model alone: the network is built (for the periods' models) but
 * not simulated; each run's table has the rows of PhasedScenario's fluid engine (rate, cwnd,
 * queue, utilization: TestbedReport::AddFluidPeriodRows()), the simulation column holding the
 * fluid model's period means, and the figure the fluid queue with the model's steps.
 */
class PersistentCongestionScenario : public SerialStartScenario
{
  public:
    PersistentCongestionScenario();
    ~PersistentCongestionScenario() override;

    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    std::size_t GetPointCount() const override;
    std::string GetPointLabel(std::size_t point) const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  private:
    /// What one run leaves behind once its simulation is destroyed.
    struct Run
    {
        std::string name;      //!< "fixed" or "measured"
        ComparisonTable table; //!< model vs simulation
    };

    /**
     * RunPoint() under --engine=fluid: the table and the queue panel of the fluid model alone.
     * \param parameters the run's scenario
     * \param run its name (set); its table is made here
     */
    void RunFluidEngine(const Parameters& parameters, Run& run);

    uint32_t m_sources{5};                 //!< --sources
    Time m_rtt{MilliSeconds(10)};          //!< --rtt
    std::string m_baseRtt{"both"};         //!< --baseRtt
    bool m_fluid{false};                   //!< --fluid
    std::string m_engine{"packet"};        //!< --engine
    std::vector<bool> m_fixed;             //!< per point: baseRTT fixed (true) or measured
    std::vector<Run> m_runs;               //!< the runs done
    std::unique_ptr<PlotWriter> m_writer;  //!< the plot (with a plot)
    PlotWriter::Figure* m_figure{nullptr}; //!< its figure
};

} // namespace ns3

#endif /* PERSISTENT_CONGESTION_SCENARIO_H */
