/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "topology-scenario.h"

#include "ns3/command-line.h"

#include <stdexcept>

namespace ns3
{

TopologyScenario::TopologyScenario()
    : EquilibriumScenario(
          "vegas-network",
          "Simulates the network of a topology description file: model vs simulation.")
{
}

void
TopologyScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("topology", "Topology description file (required)", m_topology);
    AddFluidOptions(cmd);
}

void
TopologyScenario::Check()
{
    if (m_topology.empty())
    {
        throw std::invalid_argument(
            "--topology: missing; valid: --topology=FILE (e.g. examples/six-class.topology)");
    }
    EquilibriumScenario::Check();
}

NetworkDescription
TopologyScenario::Describe() const
{
    // ParseFile() checks everything it can (types, attributes, ranges, routes) and names the
    // file:line; Install() checks what needs the run's end.
    return NetworkDescription::ParseFile(m_topology);
}

std::string
TopologyScenario::GetTitle() const
{
    return "Network " + m_topology;
}

} // namespace ns3
