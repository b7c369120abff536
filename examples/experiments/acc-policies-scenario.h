/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ACC_POLICIES_SCENARIO_H
#define ACC_POLICIES_SCENARIO_H

#include "ns3/phased-scenario.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The three ACC control policies on a parking lot (Monaco paper §III-C, Fig. 2).
 *
 * Two 9 Mb/s bottlenecks in a row, one long flow across both and one short flow on each, all
 * Monaco with the same target a*; one run per policy (TcpMonaco Policy AccAiad, AccMw, AccP).
 * Each should reach the same allocation, proportional fairness: long 3 Mb/s, shorts 6 Mb/s
 * (footnote 4: "not exactly the same"), with different dynamics. Beside the table, each run
 * reports its convergence time: the first time after which every flow's rate, averaged over
 * 0.5 s, stays within 10 % of the model's until the end of the run.
 */
class AccPoliciesScenario : public PhasedScenario
{
  public:
    AccPoliciesScenario();

    /**
     * \param policy a TcpMonaco Policy, e.g. "AccP"
     * \return the network (validated; throws std::invalid_argument if \p policy is not one)
     */
    static NetworkDescription DescribeNetwork(const std::string& policy);

    /// \return the attribute it sets: TcpMonaco::Policy (one run per policy)
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

  protected:
    std::size_t GetRunCount() const override;
    std::string GetRunName(std::size_t run) const override;
    NetworkDescription Describe(std::size_t run) const override;
    std::string GetTitle(std::size_t run) const override;
    void Configure(NetworkHelper& helper, std::size_t run) override;
    void AddRows(ComparisonTable& table,
                 const NetworkHelper& helper,
                 const TestbedReport::PeriodModels& models,
                 std::size_t run) override;
};

} // namespace ns3

#endif /* ACC_POLICIES_SCENARIO_H */
