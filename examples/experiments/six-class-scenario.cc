/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "six-class-scenario.h"

#include "ns3/abort.h"

namespace ns3
{

SixClassScenario::SixClassScenario()
    : VegasEquilibriumScenario(
          {"six-class",
           "The Vegas paper's six-class multilink experiment: model vs simulation.",
           "six",
           "III",
           "IV",
           "Rate of each backbone link LA, SF, CH (paper: 2.4Gbps)",
           "backbone"})
{
}

NetworkDescription
SixClassScenario::Describe() const
{
    Parameters p;
    ApplyOptions(p, p.backbone);
    return Describe(p);
}

NetworkDescription
SixClassScenario::Describe(const Parameters& p)
{
    NS_ABORT_MSG_UNLESS(p.rtts.size() == 6, "SixClassScenario: rtts needs one delay per class (6)");
    return DescribeNetwork(p,
                           {{"LA", "R1", "R2"}, {"SF", "R2", "R3"}, {"CH", "R3", "R4"}},
                           p.backbone,
                           p.backboneDelay,
                           {{"LA", "SF"}, {"SF", "CH"}, {"LA"}, {"SF"}, {"CH"}, {"LA", "SF", "CH"}},
                           p.rtts);
}

} // namespace ns3
