/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_DYNAMIC_SCENARIO_H
#define MONACO_DYNAMIC_SCENARIO_H

#include "phased-scenario.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The Monaco paper's single bottleneck with dynamic demands (§V-A, Figs 6–7).
 *
 * One 30 Mb/s, 2 ms bottleneck with the two-band priority queue (ns3::PriorityObQueueDisc);
 * 10 Mb/s, 1 ms access links; three sets of Monaco flows with one-way propagation delays 4, 9
 * and 14 ms: set 1 (10 flows) in [0, 30] s, set 2 (5 flows) in [10, 40] s, set 3 (5 flows) in
 * [20, 50] s. The model of each phase is weighted proportional fairness with weight a* per
 * flow: equal shares (3, 2, 1.5, 3, 6 Mb/s) and a queue of a* per active flow. --buffer=90 (the
 * paper's first run) holds them all; --buffer=55 (the second) overflows in [20, 30] s, where the
 * model's queue is 60 packets.
 */
class MonacoDynamicScenario : public PhasedScenario
{
  public:
    MonacoDynamicScenario();

    void AddOptions(CommandLine& cmd) override;

    /**
     * \param buffer the bottleneck's data buffer, packets
     * \param aqm the data band's discipline: "droptail"
     * \return the network, in the testbed's text format
     */
    static std::string GetText(uint32_t buffer, const std::string& aqm);

  protected:
    NetworkDescription Describe(std::size_t run) const override;
    std::string GetTitle(std::size_t run) const override;

  private:
    uint32_t m_buffer{90};         //!< --buffer
    std::string m_aqm{"droptail"}; //!< --aqm
};

} // namespace ns3

#endif /* MONACO_DYNAMIC_SCENARIO_H */
