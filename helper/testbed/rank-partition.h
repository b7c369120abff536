/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALCC_RANK_PARTITION_H
#define DUALCC_RANK_PARTITION_H

#include "network-description.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Where each node of a NetworkDescription is simulated when MPI ranks share the run:
 * the routers in contiguous blocks (DistributedRun::PartitionRouters()), then hosts moved from
 * the busiest rank to the idlest until the ranks' estimated loads are balanced.
 *
 * The load model counts ns-3 events per data packet and its ACK (measured on the five-class
 * dumbbell: 3.5 at a source host, 2 at a sink host, 4 at each router, 1 more at the router
 * that sends into each link's queue disc) times each flow's estimated rate (its fair share of
 * the tightest link of its route). A host on another rank than its router makes its access link
 * cross the ranks: each packet of its flow then costs CROSSING more on both ranks (the packet
 * is serialised, sent and scheduled again), which the balance counts. A host moves only if its
 * access link's delay is at least the smallest delay of the router links between ranks (so the
 * lookahead, ns-3's synchronisation window, does not shrink) and positive; a source with access
 * jitter stays with its router (JitterPointToPointChannel is not a remote channel).
 *
 * On the five-class dumbbell with two ranks, rank 0 keeps R1 (and the bottleneck's queue) and
 * about two thirds of the sources, rank 1 R2, the sinks and the other sources: the ranks execute
 * about as many events each, where the routers-only partition gave rank 0 59 % of them.
 * Hosts move only with the global value DualccMpiBalance=true (default false: every host stays
 * on its router's rank, the faster one when timed idle on five-class: 1.65x against the balanced
 * partition's 1.59x on 2 ranks, doc/building.rst).
 */
class RankPartition
{
  public:
    /// ns-3 events per data packet and its ACK at a source host (the load model)
    static constexpr double SOURCE_EVENTS = 3.5;
    /// ... at a sink host
    static constexpr double SINK_EVENTS = 2;
    /// ... at a router
    static constexpr double ROUTER_EVENTS = 4;
    /// ... more at the router that sends into a link's queue disc
    static constexpr double QUEUE_EVENTS = 1;
    /// ... more on each of the two ranks per access link the flow's packets cross between ranks
    static constexpr double CROSSING = 0.5;

    /**
     * \param description the network (validated)
     * \param ranks the number of ranks (1 to the number of routers)
     * \param balance move hosts off their routers' ranks to balance the loads (else every host
     *        stays on its router's rank)
     * Throws std::invalid_argument if there are fewer routers than ranks.
     */
    RankPartition(const NetworkDescription& description, uint32_t ranks, bool balance);

    /// \return the global value DualccMpiBalance (default false)
    static bool IsBalanceEnabled();

    /// \param router a router's name \return its rank
    uint32_t GetRouterRank(const std::string& router) const;
    /// \param c a class index \param flow a flow of it \return the rank of its source host
    uint32_t GetSourceRank(std::size_t c, uint32_t flow) const;
    /// \param c a class index \param flow a flow of it \return the rank of its sink host
    uint32_t GetSinkRank(std::size_t c, uint32_t flow) const;
    /// \return per rank, its estimated load (events per second, up to a common factor)
    const std::vector<double>& GetLoads() const;

  private:
    /// A host that may move: its flow, its end, its load, and where it is.
    struct Host
    {
        std::size_t c;     //!< class index
        uint32_t flow;     //!< flow index in the class
        bool source;       //!< the source host (else the sink)
        double load;       //!< its events per second
        double crossing;   //!< the crossing cost per rank if it leaves its router's rank
        bool movable;      //!< its access link may cross the ranks
        uint32_t* rank;    //!< its rank, in m_sourceRank or m_sinkRank
        bool moved{false}; //!< it left its router's rank
    };

    /**
     * Place the routers and put every host on its router's rank, with the routers' loads.
     * \param d the network \param ranks the number of ranks \param rates EstimateRates()
     */
    void PlaceRouters(const NetworkDescription& d,
                      uint32_t ranks,
                      const std::vector<double>& rates);
    /// \param d the network \return per class, its flows' estimated rate (fair share, bit/s)
    static std::vector<double> EstimateRates(const NetworkDescription& d);
    /**
     * \param d the network \param rates EstimateRates()
     * \return the hosts, in the order they may move (flow by flow over the classes)
     */
    std::vector<Host> ListHosts(const NetworkDescription& d, const std::vector<double>& rates);
    /// Move hosts from the busiest rank to the idlest while that lowers the busiest's load.
    void Balance(std::vector<Host>& hosts);
    /// \param d the network \return the smallest delay of a router link between ranks
    /// (Time::Max() if none)
    Time GetSmallestCrossingDelay(const NetworkDescription& d) const;

    std::map<std::string, uint32_t> m_routerRank;    //!< per router, its rank
    std::vector<std::vector<uint32_t>> m_sourceRank; //!< per class and flow, the source's rank
    std::vector<std::vector<uint32_t>> m_sinkRank;   //!< per class and flow, the sink's rank
    std::vector<double> m_loads;                     //!< per rank, its estimated load
};

} // namespace ns3

#endif /* DUALCC_RANK_PARTITION_H */
