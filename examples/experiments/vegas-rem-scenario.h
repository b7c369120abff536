/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VEGAS_REM_SCENARIO_H
#define VEGAS_REM_SCENARIO_H

#include "serial-start-scenario.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Vegas with REM, the Vegas paper's §5 and §6.3 (Fig. 7, Table VII): sources with the
 * round-trip propagation delays of --rtts start one period apart on a bottleneck with REM (ECN
 * marking); each estimates its price from the marks (TcpDualVegas PriceSource=EcnMarks). The
 * model: weighted proportional fairness, no queue (eq. 30's equilibrium). Evaluate() prints the
 * per-period table and draws windows and queue vs time.
 *
 * --fluid adds the fluid model (SerialStartScenario::RunFluid(): Vegas eq. 1 on REM's eq. 30,
 * FluidRemLaw): its queue beside the simulation's, its period means and its distance from the
 * simulation in the table; --engine=fluid runs it alone (the network built, not simulated), the
 * table's simulation column holding its period means and the figure its queue.
 */
class VegasRemScenario : public SerialStartScenario
{
  public:
    VegasRemScenario();
    ~VegasRemScenario() override;

    void AddOptions(StrictCommandLine& cmd) override;
    /// Parse --rtts, then check the shared options.
    void Check() override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  private:
    std::string m_rtts{"10ms,10ms,20ms,10ms,30ms"}; //!< --rtts
    std::unique_ptr<NetworkHelper> m_helper;        //!< the simulation
    bool m_fluid{false};                            //!< --fluid
    std::string m_engine{"packet"};                 //!< --engine
    FluidModel::Result m_fluidResult;               //!< the fluid model's run, if any
};

} // namespace ns3

#endif /* VEGAS_REM_SCENARIO_H */
