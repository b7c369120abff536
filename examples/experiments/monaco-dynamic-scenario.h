/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_DYNAMIC_SCENARIO_H
#define MONACO_DYNAMIC_SCENARIO_H

#include "ns3/phased-scenario.h"

#include <cstdint>
#include <string>
#include <vector>

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
 * model's queue is 60 packets. --aqm=avd (the third run, Fig. 8) puts an AvdQueueDisc (gamma
 * 0.98, physical buffer --buffer packets) in the data band: the model's price is then the
 * virtual delay, its physical queue 0 and its load gamma C; the table adds, per phase, the
 * virtual queue (model: price x gamma C = N a*), the virtual delay and C~ / C, from the disc's
 * traces. --aqm=avd-fifo puts the AvdQueueDisc alone on the bottleneck (no priority band: the
 * price travels in the IB).
 */
class MonacoDynamicScenario : public PhasedScenario
{
  public:
    MonacoDynamicScenario();

    void AddOptions(StrictCommandLine& cmd) override;
    /// PhasedScenario's checks; --gamma without an AVD disc (--aqm=droptail) is refused.
    void Check() override;
    /// \return the AVD and priority discs' attributes it sets (--buffer, --gamma)
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

    /**
     * \param buffer the bottleneck's data buffer, packets
     * \param aqm the discipline: "droptail", "avd" or "avd-fifo"
     * \param gamma with "avd" or "avd-fifo": the AVD disc's DesiredUtilization
     * \return the network (validated); throws std::invalid_argument naming the bad option
     */
    static NetworkDescription DescribeNetwork(uint32_t buffer,
                                              const std::string& aqm,
                                              double gamma = AVD_GAMMA);

    /// The AVD bottleneck's desired utilization gamma (the paper's runs).
    static constexpr double AVD_GAMMA = 0.98;
    /// The bottleneck's rate.
    static constexpr const char* BOTTLENECK_RATE = "30Mbps";
    /// The AVD disc's traces sampled (TestbedMonitor::EnableLinkSamples), in this order.
    static const std::vector<std::string> AVD_TRACES;
    /// Their sampling interval, ms.
    static constexpr int64_t AVD_SAMPLE_MS = 10;
    /// When the last set of flows starts (set3), seconds: a shorter run holds a set that never
    /// sends.
    static constexpr int64_t LAST_START_S = 20;

    /// An AVD bottleneck over one phase's measurement window.
    struct AvdPhase
    {
        double modelVirtualQueue{0};    //!< price x the model's capacity (gamma C), packets
        double modelVirtualDelay{0};    //!< the model's price, s
        double virtualQueue{0};         //!< mean VQ, data packets (IPv4 bytes / (packetSize - 2))
        double virtualDelay{0};         //!< mean virtual delay, s
        double modelVirtualCapacity{0}; //!< the model's capacity over C: gamma
        double virtualCapacity{0};      //!< mean C~ over C
    };

    /**
     * \param helper a network run with EnableLinkSamples("bottleneck", ..., AVD_TRACES) and
     *        measurement periods
     * \param period a period
     * \return the model's and the simulation's virtual queue and delay over its window
     */
    static AvdPhase MeasureAvdPhase(const NetworkHelper& helper, std::size_t period);

  protected:
    NetworkDescription Describe(std::size_t run) const override;
    std::string GetTitle(std::size_t run) const override;
    /// With an AVD discipline: samples the disc's VirtualQueue, VirtualDelay, VirtualCapacity.
    void Configure(NetworkHelper& helper, std::size_t run) override;
    /// With an AVD discipline: per phase, the virtual queue, delay and capacity rows.
    void AddRows(ComparisonTable& table,
                 const NetworkHelper& helper,
                 const TestbedReport::PeriodModels& models,
                 std::size_t run) override;

  private:
    uint32_t m_buffer{90};         //!< --buffer
    std::string m_aqm{"droptail"}; //!< --aqm
    double m_gamma{AVD_GAMMA};     //!< --gamma
};

} // namespace ns3

#endif /* MONACO_DYNAMIC_SCENARIO_H */
