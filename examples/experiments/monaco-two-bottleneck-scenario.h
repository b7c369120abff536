/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_TWO_BOTTLENECK_SCENARIO_H
#define MONACO_TWO_BOTTLENECK_SCENARIO_H

#include "ns3/phased-scenario.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The Monaco paper's two-bottleneck experiment on its Linux testbed (§V-C, Fig. 11).
 *
 * Two DropTail 1 Mb/s, 20 ms bottlenecks in a row (each with the two-band priority queue that
 * lets Monaco's out-of-band control packets skip the data); one short Monaco flow per
 * bottleneck, always on; long flow A across both in [20, 60] s, long flow B in [40, 80] s. The
 * model of each phase is proportional fairness (equal weights a*): shorts 1, 0.67, 0.5,
 * 0.67 Mb/s, longs 0.33, 0.25, 0.33 Mb/s, a queue of a* per flow crossing a link.
 */
class MonacoTwoBottleneckScenario : public PhasedScenario
{
  public:
    MonacoTwoBottleneckScenario();

    void AddOptions(StrictCommandLine& cmd) override;

    /**
     * \param buffer each bottleneck's data buffer, packets
     * \return the network (validated); throws std::invalid_argument if \p buffer is 0
     */
    static NetworkDescription DescribeNetwork(uint32_t buffer);

  protected:
    NetworkDescription Describe(std::size_t run) const override;
    std::string GetTitle(std::size_t run) const override;

  private:
    uint32_t m_buffer{100}; //!< --buffer
};

} // namespace ns3

#endif /* MONACO_TWO_BOTTLENECK_SCENARIO_H */
