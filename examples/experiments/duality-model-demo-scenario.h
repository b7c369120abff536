/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALITY_MODEL_DEMO_SCENARIO_H
#define DUALITY_MODEL_DEMO_SCENARIO_H

#include "ns3/duality-model.h"
#include "ns3/scenario.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The duality model's equilibrium of the Vegas paper's six-class network (§6.1.2,
 * Tables III-IV), a model-only scenario (no simulation): DualityModel solves eqs. 3-5 for the
 * paper's routes and baseRTTs, PF or WPF, and it prints per class baseRTT, RTT, rate and window
 * and per link queue, price and utilization. The exit status is 1 if the solver did not
 * converge.
 */
class DualityModelDemoScenario : public Scenario
{
  public:
    DualityModelDemoScenario();
    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    bool IsModelOnly() const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  private:
    std::string m_fairness{"pf"};      //!< --fairness
    uint32_t m_flowsPerClass{50};      //!< --flowsPerClass
    double m_backboneGbps{2.4};        //!< --backbone, Gb/s
    uint32_t m_packetSize{1000};       //!< --packetSize, bytes
    double m_alpha{2};                 //!< --alpha, packets
    double m_alphaTimeUnitMs{10};      //!< --alphaTimeUnit, ms
    DualityModel m_model;              //!< the model
    DualityModel::Solution m_solution; //!< its equilibrium
};

} // namespace ns3

#endif /* DUALITY_MODEL_DEMO_SCENARIO_H */
