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
};

} // namespace ns3

#endif /* VEGAS_REM_SCENARIO_H */
