/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_REVERSE_PATH_SCENARIO_H
#define MONACO_REVERSE_PATH_SCENARIO_H

#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/scenario.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief Vegas vs Monaco with congestion on the reverse path (Monaco paper §IV-C, Fig. 4).
 *
 * A 45 Mb/s forward bottleneck shared by --flows forward flows, with as many flows running it
 * backwards; the reverse capacity is swept (--reverseRates, Mb/s). Vegas (TcpDualVegas, alpha 1,
 * beta 3 packets) reads the round trip, so the queue its ACKs meet on the reverse path looks
 * like forward congestion and it slows down; Monaco's receiver measures the forward queueing
 * time only. One simulation per (algorithm, reverse capacity), --jobs at a time. The table:
 * the forward link's utilization and the forward flows' rate, model (the duality model, which
 * sees no ACKs: the forward link full, an equal share each) vs simulation; the reverse
 * direction's utilization (simulation only). The plot: forward utilization vs reverse capacity.
 */
class MonacoReversePathScenario : public Scenario
{
  public:
    MonacoReversePathScenario();

    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    bool IsSweep() const override;
    std::size_t GetPointCount() const override;
    std::string GetPointLabel(std::size_t point) const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

    /**
     * \param algorithm the classes' congestion control: "vegas" (TcpDualVegas with the paper's
     *        eps1 = 1, eps2 = 3 packets) or "monaco" (TcpMonaco with its defaults); throws
     *        std::invalid_argument otherwise
     * \param flows flows in each direction
     * \param reverseMbps the reverse capacity, Mb/s
     * \return the network (validated)
     */
    static NetworkDescription DescribeNetwork(const std::string& algorithm,
                                              uint32_t flows,
                                              double reverseMbps);

  private:
    uint32_t m_flows{7};                                     //!< --flows
    std::string m_reverseRates{"5,10,15,20,25,30,35,40,45"}; //!< --reverseRates
    Time m_duration{Seconds(40)};                            //!< --duration
    Time m_warmup{Seconds(10)};                              //!< --warmup
    /// the points: (algorithm index, reverse capacity in Mb/s)
    std::vector<std::pair<std::size_t, double>> m_points;
};

} // namespace ns3

#endif /* MONACO_REVERSE_PATH_SCENARIO_H */
