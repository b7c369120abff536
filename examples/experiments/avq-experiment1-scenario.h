/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AVQ_EXPERIMENT1_SCENARIO_H
#define AVQ_EXPERIMENT1_SCENARIO_H

#include "aqm-experiment.h"

#include "ns3/scenario.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 *
 * \brief Experiment 1 of Kunniyur and Srikant's AVQ paper (SIGCOMM 2001, §3): AVQ alone on a
 * 10 Mb/s link with 180 NewReno FTP flows; short flows arrive from --shortStart
 * (AqmExperiment). Evaluate() prints Table 1 (the queue's mean and standard deviation
 * before and after the short flows) with utilization, drops and marks beside the paper's values
 * (only where the run is the paper's) and draws Figures 1 and 2 (queue and virtual capacity vs
 * time).
 */
class AvqExperiment1Scenario : public Scenario
{
  public:
    AvqExperiment1Scenario();
    ~AvqExperiment1Scenario() override;

    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;
    /// \return AVQ's attributes (AqmExperiment::GetOwnedAttributes())
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

  private:
    uint32_t m_ftpFlows{180};                 //!< --ftpFlows
    double m_shortRate{30};                   //!< --shortRate, flows/s
    Time m_shortStart{Seconds(100)};          //!< --shortStart
    Time m_duration{Seconds(200)};            //!< --duration
    Time m_warmup{Seconds(0)};                //!< --warmup
    uint32_t m_seed{1};                       //!< --seed
    uint32_t m_run{1};                        //!< --run
    bool m_ns2Tcp{false};                     //!< --ns2Tcp
    AqmExperiment::Settings m_settings;       //!< --gamma, ..., --startJitter
    std::unique_ptr<NetworkHelper> m_network; //!< the simulation
};

} // namespace ns3

#endif /* AVQ_EXPERIMENT1_SCENARIO_H */
