/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FIVE_CLASS_SCENARIO_H
#define FIVE_CLASS_SCENARIO_H

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
 * \brief The single-link network of the Vegas paper, §6.1.1 (Fig. 1, Tables I-II): five classes
 * of flows across one bottleneck R1 -> R2.
 *
 *     1a(i) --\                         /-- 1b(i)
 *       ...    R1 ==== bottleneck ==== R2    ...
 *     5a(i) --/                         \-- 5b(i)
 *
 * Describe(Parameters) writes the NetworkDescription, every number settable; as a scenario
 * (vegas-five-class) it takes VegasEquilibriumScenario's options.
 */
class FiveClassScenario : public VegasEquilibriumScenario
{
  public:
    /// The scenario's numbers (defaults: the paper's).
    struct Parameters : NetworkParameters
    {
        DataRate bottleneck{"2.4Gbps"};        //!< bottleneck rate
        Time bottleneckDelay{MilliSeconds(1)}; //!< bottleneck one-way delay
        /// round-trip propagation delay of each class
        std::vector<Time> rtts{MilliSeconds(15),
                               MilliSeconds(15),
                               MilliSeconds(20),
                               MilliSeconds(30),
                               MilliSeconds(40)};
    };

    FiveClassScenario();

    /**
     * \param parameters the scenario
     * \return its description (link "bottleneck" R1 -> R2, classes 1a ... 5a)
     */
    static NetworkDescription Describe(const Parameters& parameters);

  protected:
    /// \return the network of the options (VegasEquilibriumScenario::ApplyOptions())
    NetworkDescription Describe() const override;
};

} // namespace ns3

#endif /* FIVE_CLASS_SCENARIO_H */
