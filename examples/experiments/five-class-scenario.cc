/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "five-class-scenario.h"

namespace ns3
{

FiveClassScenario::FiveClassScenario()
    : VegasEquilibriumScenario(
          {"five-class",
           "The Vegas paper's five-class single-link experiment: model vs simulation.",
           "five",
           "I",
           "II",
           "Bottleneck rate (paper: 2.4Gbps)",
           "bottleneck"})
{
}

NetworkDescription
FiveClassScenario::Describe() const
{
    Parameters p;
    ApplyOptions(p, p.bottleneck);
    return Describe(p);
}

NetworkDescription
FiveClassScenario::Describe(const Parameters& p)
{
    return DescribeNetwork(p,
                           {{"bottleneck", "R1", "R2"}},
                           p.bottleneck,
                           p.bottleneckDelay,
                           std::vector<std::vector<std::string>>(p.rtts.size(), {"bottleneck"}),
                           p.rtts);
}

} // namespace ns3
