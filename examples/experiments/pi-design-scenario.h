/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PI_DESIGN_SCENARIO_H
#define PI_DESIGN_SCENARIO_H

#include "ns3/pi-design.h"
#include "ns3/scenario.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The design rule of the PI AQM controller (Hollot, Misra, Towsley and Gong, INFOCOM
 * 2001), a model-only scenario (no simulation): for the link, the fewest flows N- and the
 * longest RTT R+ of the options it prints the controller K (s/z + 1) / s, its crossover and
 * phase margin, and PiQueueDisc's A and B at --samplingFrequency (PiDesign). Defaults: the
 * paper's example (15 Mb/s of 500-byte packets, N- = 60, R+ = 0.246 s, 160 Hz).
 *
 * Check() designs it: each option within its own range, the sampling frequency at least z/2,
 * and the gains it prints within PiQueueDisc's own ranges, or std::invalid_argument naming the
 * options at fault.
 */
class PiDesignScenario : public Scenario
{
  public:
    PiDesignScenario();
    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    bool IsModelOnly() const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  private:
    /// Check each option against its own range (throws std::invalid_argument naming it).
    void CheckOptions() const;
    /// \return C, packets/s, from --linkRate and --packetSize
    double GetCapacity() const;

    double m_linkMbps{15};                   //!< --linkRate, Mb/s
    uint32_t m_packetSize{500};              //!< --packetSize, bytes
    double m_flows{60};                      //!< --flows, N-
    double m_rtt{0.246};                     //!< --rtt, R+, s
    double m_crossover{0};                   //!< --crossover, rad/s (0: the TCP pole)
    double m_samplingFrequency{160};         //!< --samplingFrequency, Hz
    PiDesign::Controller m_controller{};     //!< the continuous controller
    PiDesign::Coefficients m_coefficients{}; //!< A, B
};

} // namespace ns3

#endif /* PI_DESIGN_SCENARIO_H */
