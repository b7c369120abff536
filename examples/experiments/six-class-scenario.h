/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SIX_CLASS_SCENARIO_H
#define SIX_CLASS_SCENARIO_H

#include "vegas-equilibrium-scenario.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The multilink network of the Vegas paper, §6.1.2 (Fig. 4, Tables III-IV): routers
 * R1 - R2 - R3 - R4 joined by the backbone links LA (R1 -> R2), SF (R2 -> R3), CH (R3 -> R4).
 *
 *     class  route        RTT (ms)        class  route        RTT (ms)
 *     1a     LA, SF       75              4a     SF           60
 *     2a     SF, CH       80              5a     CH           20
 *     3a     LA           15              6a     LA, SF, CH   100
 *
 * Describe(Parameters) writes the NetworkDescription, every number settable; as a scenario
 * (vegas-six-class) it takes VegasEquilibriumScenario's options.
 * Each class' access delay is set so that it has its own round-trip propagation delay.
 */
class SixClassScenario : public VegasEquilibriumScenario
{
  public:
    /// The scenario's numbers (defaults: the paper's).
    struct Parameters : NetworkParameters
    {
        DataRate backbone{"2.4Gbps"};        //!< rate of LA, SF and CH
        Time backboneDelay{MilliSeconds(1)}; //!< one-way delay of each backbone link
        /// round-trip propagation delay of classes 1a ... 6a
        std::vector<Time> rtts{MilliSeconds(75),
                               MilliSeconds(80),
                               MilliSeconds(15),
                               MilliSeconds(60),
                               MilliSeconds(20),
                               MilliSeconds(100)};
    };

    SixClassScenario();

    /**
     * \param parameters the scenario
     * \return its description (links LA, SF, CH; classes 1a ... 6a)
     */
    static NetworkDescription Describe(const Parameters& parameters);

  protected:
    /// \return the network of the options (VegasEquilibriumScenario::ApplyOptions())
    NetworkDescription Describe() const override;
};

} // namespace ns3

#endif /* SIX_CLASS_SCENARIO_H */
