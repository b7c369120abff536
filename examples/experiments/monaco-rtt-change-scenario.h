/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_RTT_CHANGE_SCENARIO_H
#define MONACO_RTT_CHANGE_SCENARIO_H

#include "ns3/phased-scenario.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief Vegas vs Monaco when the propagation delay changes (Monaco paper §IV-C, Fig. 5).
 *
 * A 10 Mb/s bottleneck whose propagation delay is 12 ms until 10 s and 52 ms after (a testbed
 * event). Three runs: Vegas (TcpDualVegas, alpha 1, beta 3 packets, baseRTT the smallest RTT
 * ever: it keeps the old, smaller baseRTT and under-uses the link), Vegas-k (baseRTT the
 * smallest over the last 10 rounds: it recovers, but its estimate includes queueing and drifts
 * up) and Monaco (the receiver measures the queueing time itself: back at full use within
 * seconds). The model of each phase, for all three, is the equilibrium of the network as it
 * then is. Beside the per-phase table, each run reports how long after the change the
 * utilization took to stay above 95 % over a second.
 */
class MonacoRttChangeScenario : public PhasedScenario
{
  public:
    MonacoRttChangeScenario();

    void AddOptions(StrictCommandLine& cmd) override;
    /// \return the attribute the vegas-k run sets: TcpDualVegas::BaseRttWindow
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

    /**
     * \param run the congestion control: "vegas" (TcpDualVegas, eps1 = 1, eps2 = 3 packets, as
     *        the paper's), "vegas-k" (the same with BaseRttEstimator MinOfLastK over 10 rounds)
     *        or "monaco" (TcpMonaco); throws std::invalid_argument otherwise
     * \param flows how many flows
     * \param buffer the bottleneck's data buffer, packets
     * \param change when the delay changes
     * \return the network (validated)
     */
    static NetworkDescription DescribeNetwork(const std::string& run,
                                              uint32_t flows,
                                              uint32_t buffer,
                                              Time change);

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

  private:
    uint32_t m_flows{5};        //!< --flows
    uint32_t m_buffer{100};     //!< --buffer
    Time m_change{Seconds(10)}; //!< --change
};

} // namespace ns3

#endif /* MONACO_RTT_CHANGE_SCENARIO_H */
