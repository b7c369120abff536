/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AVQ_DESIGN_SCENARIO_H
#define AVQ_DESIGN_SCENARIO_H

#include "ns3/avq-design.h"
#include "ns3/scenario.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The AVQ design rule of Kunniyur and Srikant (SIGCOMM 2001, Theorems 1, 3 and 4), a
 * model-only scenario (no simulation): for the link, the flows, gamma and beta of the options
 * it prints d* for --alpha (Theorem 3) and alpha* for --delay (Theorems 1 and 4), with the gains
 * and the frequency at each point (AvqDesign). Defaults: the paper's Examples 1 and 2.
 */
class AvqDesignScenario : public Scenario
{
  public:
    AvqDesignScenario();
    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    bool IsModelOnly() const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  private:
    double m_linkMbps{10};                //!< --linkRate, Mb/s
    uint32_t m_packetSize{1000};          //!< --packetSize, bytes
    double m_flows{180};                  //!< --flows
    double m_utilization{1.0};            //!< --utilization
    double m_alpha{0.1};                  //!< --alpha
    double m_delay{0.21};                 //!< --delay, s
    double m_beta{AvqDesign::PAPER_BETA}; //!< --beta
    AvqDesign::Point m_delayStar{};       //!< d* for --alpha
    AvqDesign::Point m_alphaStar{};       //!< alpha* for --delay
};

} // namespace ns3

#endif /* AVQ_DESIGN_SCENARIO_H */
