/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_PARKING_LOT_SCENARIO_H
#define MONACO_PARKING_LOT_SCENARIO_H

#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief Monaco over N bottlenecks in a line, DropTail and AVD mixed (Monaco paper §V-B, Fig. 9).
 *
 * N = 2 ... 9 links L1 ... LN of 100 Mb/s and 4 ms in a line (routers R0 ... RN), each randomly
 * (GetLinkKinds(): a std::mt19937 seeded with --seed and N) a priority queue with a DropTail FIFO
 * data band or with an ns3::AvdQueueDisc data band (gamma 0.98). Three long Monaco flows cross
 * all N links with round trips 8N + 4, 8N + 16 and 8N + 36 ms (GetLongRttMs()); one short Monaco
 * flow of round trip 20 ms crosses each link. Proportional fairness with equal weights a*: on
 * DropTail links alone the long flows get 100 / (3 + N) Mb/s and the short ones 100 N / (3 + N)
 * Mb/s; an AVD link offers gamma C, which the duality model (TestbedModelBuilder::BuildModel())
 * accounts for. One simulation per N (--points), --jobs at a time. The table, per N: the long
 * flows' mean rate (model, and the paper's closed form), each long flow's rate, their coefficient
 * of variation, each short flow's rate, each link's mean queue, utilization and drops (and the
 * first AVD link's virtual queue). The plots: the long flows' mean rate vs N; their CoV vs N; for N
 * = 5, the queue of a DropTail and of an AVD link and the rate of a long and a short flow vs time.
 */
class MonacoParkingLotScenario : public Scenario
{
  public:
    MonacoParkingLotScenario();

    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    bool IsSweep() const override;
    std::size_t GetPointCount() const override;
    std::string GetPointLabel(std::size_t point) const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;
    /// \return the AVD and priority discs' attributes it sets (--buffer, --gamma)
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

    /**
     * The links' disciplines for one N, the same for the same seed on every platform (raw
     * std::mt19937 output, whose sequence the standard fixes, seeded with std::seed_seq{seed, n}).
     * \param seed the seed (--seed)
     * \param n the number of bottlenecks
     * \return per link L1 ... Ln, true for AVD, false for DropTail
     */
    static std::vector<bool> GetLinkKinds(uint32_t seed, uint32_t n);

    /**
     * \param avd per link L1 ... LN, true for AVD (N = its size, at least 1)
     * \param buffer each link's physical data buffer, packets (DropTail FIFO and AVD alike)
     * \param gamma the AVD discs' DesiredUtilization, in (0, 1]
     * \param linkMbps each link's capacity, Mb/s (the paper: 100; the test scales it down)
     * \return the network (validated): classes long1, long2, long3 (route L1,...,LN) then
     *         short1 ... shortN (route Li), one flow each
     */
    static NetworkDescription DescribeNetwork(const std::vector<bool>& avd,
                                              uint32_t buffer,
                                              double gamma,
                                              double linkMbps = LINK_MBPS);
    /**
     * A long flow's round-trip propagation delay: the route's 2 x 4 ms x N plus LONG_EXTRA_RTT_MS
     * (the access links: 1 ms at the sink, 1, 7 or 17 ms at the source).
     * \param n the number of bottlenecks
     * \param flow the long flow, 0, 1 or 2
     * \return the round trip, ms
     */
    static double GetLongRttMs(uint32_t n, std::size_t flow);

    /// \param avd per link, true for AVD \return e.g. "D A A D D"
    static std::string FormatLinkKinds(const std::vector<bool>& avd);

    /// Each bottleneck's capacity, Mb/s.
    static constexpr double LINK_MBPS = 100;
    /// The long flows' round trips beyond the route's 8N ms, ms (GetLongRttMs()).
    static constexpr double LONG_EXTRA_RTT_MS[3] = {4, 16, 36};
    /// The short flows' round-trip propagation delay, ms.
    static constexpr double SHORT_RTT_MS = 20;
    /// Default data buffer, packets: ten times 4 a* (3 packets), the queue a link would hold if
    /// its 4 flows kept all their accumulation there (the model's DropTail queues are smaller:
    /// a* C / (the short flow's rate), 5 to 7 packets).
    static constexpr uint32_t DEFAULT_BUFFER = 120;
    /// Default seed: the smallest whose draws have a DropTail and an AVD link for every N in
    /// 2 ... 9 (N = 5: A D A A A).
    static constexpr uint32_t DEFAULT_SEED = 6;

  private:
    /// \param point a point \return its N
    uint32_t GetN(std::size_t point) const;

    std::string m_points{"2,3,4,5,6,7,8,9"}; //!< --points
    uint32_t m_seed{DEFAULT_SEED};           //!< --seed
    uint32_t m_buffer{DEFAULT_BUFFER};       //!< --buffer
    double m_gamma{0.98};                    //!< --gamma
    Time m_duration{Seconds(50)};            //!< --duration
    Time m_settling{Seconds(20)};            //!< --settling
    std::vector<uint32_t> m_ns;              //!< the N of each point
};

} // namespace ns3

#endif /* MONACO_PARKING_LOT_SCENARIO_H */
