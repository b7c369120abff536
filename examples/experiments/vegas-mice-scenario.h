/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VEGAS_MICE_SCENARIO_H
#define VEGAS_MICE_SCENARIO_H

#include "five-class-scenario.h"
#include "vegas-equilibrium-scenario.h"

#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The Vegas paper's §6.1.3 mice experiment (Fig. 5): the five-class single-link network
 * of §6.1.1, each class with --flowsPerClass persistent Vegas sources (elephants; paper 10) and
 * --micePerClass random on-off Vegas sources (mice; paper 40 at 2.4 Gb/s, default 8 at the
 * default 480 Mb/s: as many per unit of capacity), all with the class' round-trip propagation
 * delay.
 *
 * A mouse is a web class of the description ("<k>m", traffic=web, one session per host) with
 * no embedded objects (embedded=0 embeddedDistribution=fixed), files of --fileSize packets
 * (exponential; paper 1 MB = 1000 packets of 1 KB) and exponential OFF times of mean --offTime
 * (thinkDistribution=exponential; paper 3 s): each session is off, then transfers a file over
 * a new TcpDualVegas connection (TypeId defaults: alpha = beta = 2 packets per RTT, the paper's),
 * then is off, and so on. The paper does not say whether a mouse's files share one TCP
 * connection; here each file is a new connection that measures its own baseRTT.
 *
 * Evaluate() prints EquilibriumScenario's table (the duality model, which leaves the mice out:
 * the elephants' rate c / n with n elephants), then a second table: each elephant class' rate
 * beside (c - m) / n, m the mice's measured throughput (bottleneck throughput minus the
 * elephants'), and beside the paper's 0.8 c / n (its "about 20 %" of mice: 4800 KB/s at
 * 2.4 Gb/s), and the mice's share beside the paper's 0.2 (the first table has the mice's
 * arrivals, file sizes and completion times: TestbedReport's rows for web classes).
 */
class VegasMiceScenario : public VegasEquilibriumScenario
{
  public:
    /// The mice's numbers (defaults: the paper's).
    struct Mice
    {
        /// on-off sources per class: 8 at the default 480 Mb/s, as many per unit of capacity as
        /// the paper's 40 at 2.4 Gb/s (a mouse offers about 1 MB per 4 s whatever the link)
        uint32_t perClass{8};
        double fileSize{1000};    //!< mean file size, packets (exponential)
        Time offTime{Seconds(3)}; //!< mean OFF time (exponential)
    };

    VegasMiceScenario();

    /**
     * \param parameters the elephants' network (FiveClassScenario::Describe())
     * \param mice the mice
     * \return the network with classes "1a" ... "5a" (elephants) and "1m" ... "5m" (mice)
     */
    static NetworkDescription Describe(const FiveClassScenario::Parameters& parameters,
                                       const Mice& mice);

    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

  protected:
    /// \return the network of the options
    NetworkDescription Describe() const override;

  private:
    Mice m_mice; //!< the options' mice
};

} // namespace ns3

#endif /* VEGAS_MICE_SCENARIO_H */
