/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VEGAS_FAIRNESS_SCENARIO_H
#define VEGAS_FAIRNESS_SCENARIO_H

#include "vegas-fairness-helper.h"

#include "ns3/scenario.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Boutremans and Le Boudec's experiment, "A note on the fairness of TCP Vegas" (§3.2,
 * §4.2), as a scenario: its options are VegasFairnessHelper's parameters (--n, --alpha,
 * --beta, ...); the one point runs the helper; Evaluate() prints VegasFairnessHelper::Compare()'s
 * table and summary, writes the CSV and the plots, and returns 1 if a connection got no
 * bandwidth or the bottleneck's utilization is below 0.9 (a sanity check).
 */
class VegasFairnessScenario : public Scenario
{
  public:
    VegasFairnessScenario();
    ~VegasFairnessScenario() override;

    void AddOptions(CommandLine& cmd) override;
    void Check() override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  private:
    VegasFairnessHelper::Parameters m_parameters;  //!< the options' values
    double m_beta{-1};                             //!< --beta (negative: alpha)
    std::string m_baseRtt{"measured"};             //!< --baseRtt
    std::unique_ptr<VegasFairnessHelper> m_helper; //!< the simulation
};

} // namespace ns3

#endif /* VEGAS_FAIRNESS_SCENARIO_H */
