/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TOPOLOGY_SCENARIO_H
#define TOPOLOGY_SCENARIO_H

#include "ns3/equilibrium-scenario.h"

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Any network of persistent flows, read from a topology description file
 * (NetworkDescription::ParseFile(), --topology), simulated and compared with the duality model
 * (the example vegas-network).
 */
class TopologyScenario : public EquilibriumScenario
{
  public:
    TopologyScenario();
    void AddOptions(StrictCommandLine& cmd) override;
    /// Require --topology, then parse it (errors name the file:line and field).
    void Check() override;

  protected:
    NetworkDescription Describe() const override;
    std::string GetTitle() const override;

  private:
    std::string m_topology; //!< --topology
};

} // namespace ns3

#endif /* TOPOLOGY_SCENARIO_H */
