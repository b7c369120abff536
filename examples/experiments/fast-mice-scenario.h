/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAST_MICE_SCENARIO_H
#define FAST_MICE_SCENARIO_H

#include "fast-ramp-model.h"

#include "ns3/bounded-pareto.h"
#include "ns3/comparison-table.h"
#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/scenario.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 * \brief The FAST paper's mice and elephants (Paganini, Wang, Low and Doyle, Infocom 2003, §V-C,
 * Fig. 10): 512 sources with the round trips of §V-B (32, 32, 64, 128 and 256 sources of 40, 80,
 * 120, 160 and 200 ms) on a 1 Gb/s link, each starting flows as a Poisson process, flow sizes
 * Pareto: "more than 90 % of the flows have sizes less than 1000 packets, but only contribute
 * around 25 % of the overall packets". FAST = FAST-ECN over REM's virtual-capacity law
 * (FastPaperParameters).
 *
 * The size law (GetSizeLaw(); doc/fast.rst derives it): Pareto with shape a = 1 and scale
 * x_m = 100 packets, truncated at B = 10^6 packets (the largest flow ShortFlowApplication
 * draws). Then P(X < 1000) = (1 - x_m / 1000) / (1 - x_m / B) = 0.90009 and the packets in
 * flows under 1000 packets are ln(1000 / x_m) / ln(B / x_m) = 1/4 of all: with a = 1 every decade
 * of sizes carries the same packets, and the mice have one decade of four. Its mean is
 * x_m ln(B / x_m) / (1 - x_m / B) = 921.1 packets.
 *
 * Scale F (--scale): capacity 1 Gb/s x F, sources 32F, 32F, 64F, 128F, 256F (rounded), sizes
 * unchanged. Arrivals: the offered load rho (--load, default 1) of the link: a total of
 * rho c / E[X] flows/s (c in packets/s), split over the sources. rho = 1 is above REM's target
 * gamma_v = 0.95, so that FAST, not the offered traffic, sets the utilization (below gamma_v the
 * link carries rho whatever the protocol, and a heavy tail makes the load over a finite run
 * mostly whatever the few largest flows bring). Buffer: 2 K = 100 packets per source, as
 * FastDynamicScenario.
 *
 * Elephants: flows of at least 1000 packets (ELEPHANT_PACKETS). Measured over [--warmup,
 * --duration]: the bottleneck's utilization (model gamma_v), queue (model 0: REM's virtual
 * capacity keeps the real queue empty), its largest 10 ms sample, drops and marks; the flows'
 * arrival rate, mean size, the fraction under 1000 packets and the elephants' share of the
 * packets offered (the closed form), the elephants' share of the packets delivered, and Jain's
 * index among the concurrently active elephants (model 1: FAST's equilibrium gives every flow
 * the same rate whatever its round trip), over 1 s intervals (FlowGoodputMonitor: flows that have
 * delivered 1000 packets, started at least 2 s before and still deliver after the interval).
 * With a plot prefix, PREFIX.png: queue, utilization and flows in progress vs time.
 */
class FastMiceScenario : public Scenario
{
  public:
    FastMiceScenario();
    ~FastMiceScenario() override;

    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;
    /// \return REM's attributes (FastPaperParameters::GetOwnedAttributes())
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

    /// \return the flow-size law: Pareto a = 1, x_m = 100 packets, bounded at 10^6 packets
    static BoundedPareto GetSizeLaw();

    /**
     * The network.
     * \param scale F (throws std::invalid_argument naming --scale if a group of sources would be
     *        empty or the network too large)
     * \param load rho (throws std::invalid_argument naming --load unless in (0, 2])
     * \return the description (validated)
     */
    static NetworkDescription DescribeNetwork(double scale, double load);
    /**
     * The utilization of an ideal link serving the same flows: a fluid server that works at
     * \p serviceRate whenever any flow has data not yet sent (the whole flow is there at its
     * arrival). With \p serviceRate = gamma_v c it bounds what FAST over REM's virtual-capacity
     * law can carry in the window; with a heavy tail a large late arrival counts in the offered
     * load but cannot all be carried before the window ends.
     * \param times the flows' arrival times, s, in increasing order
     * \param packets their sizes, packets
     * \param capacity the link's capacity, packets/s (the utilization's unit)
     * \param serviceRate the server's rate, packets/s (> 0)
     * \param start the window's start, s
     * \param stop its end, s (> start)
     * \return the packets served in [start, stop] over capacity (stop - start)
     */
    static double GetWorkConservingUtilization(const std::vector<double>& times,
                                               const std::vector<double>& packets,
                                               double capacity,
                                               double serviceRate,
                                               double start,
                                               double stop);

    /// The bottleneck link's name.
    static constexpr const char* BOTTLENECK = "bottleneck";
    /// Its rate at --scale=1, bits/s.
    static constexpr double FULL_RATE_BPS = 1e9;
    /// Elephants: flows of at least this many packets (the paper's threshold).
    static constexpr double ELEPHANT_PACKETS = 1000;
    /// The size law's shape a.
    static constexpr double PARETO_SHAPE = 1;
    /// The size law's scale x_m, packets.
    static constexpr double PARETO_SCALE = 100;
    /// The size law's bound B, packets.
    static constexpr double PARETO_BOUND = 1e6;
    /// Largest --load.
    static constexpr double MAX_LOAD = 2;

  private:
    /**
     * Draw PREFIX.png: queue, utilization and flows in progress vs time.
     * \param prefix the plot prefix
     * \param helper the network, simulated
     * \param os where the writer's line goes
     */
    void WritePlot(const std::string& prefix, const NetworkHelper& helper, std::ostream& os) const;
    /// \return the table's title
    std::string GetTitle() const;
    /**
     * The run's flows on the ramp-limited link (FastRampModel) at gamma_v c, over the window.
     * \param helper the network, simulated
     * \param target gamma_v
     * \param initialWindow the sockets' initial window, packets
     * \return utilization and Jain's index
     */
    FastRampModel::Result ServeRampLimited(const NetworkHelper& helper,
                                           double target,
                                           double initialWindow) const;

    double m_scale{0.1};                  //!< --scale
    double m_load{1};                     //!< --load
    Time m_duration{Seconds(300)};        //!< --duration
    Time m_warmup{Seconds(50)};           //!< --warmup
    ComparisonTable m_table;              //!< the run's table (RunPoint())
    std::string m_plotLines;              //!< what the plot writer said
    std::vector<double> m_arrivalTimes;   //!< each flow's arrival, s
    std::vector<uint64_t> m_arrivalBytes; //!< each flow's size, bytes
    std::vector<double> m_arrivalRtts;    //!< each flow's round trip, s
    bool m_rampModel{false};              //!< --rampModel
};

} // namespace ns3

#endif /* FAST_MICE_SCENARIO_H */
