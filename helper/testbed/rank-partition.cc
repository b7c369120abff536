/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rank-partition.h"

#include "distributed-run.h"

#include "ns3/boolean.h"
#include "ns3/global-value.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RankPartition");

namespace
{
/// Whether hosts move off their routers' ranks (--DualccMpiBalance=true; by default they stay).
GlobalValue g_mpiBalance("DualccMpiBalance",
                         "Under MPI with two or more ranks, move hosts off their routers' ranks "
                         "to balance the ranks' loads (RankPartition; opt-in: slower than the "
                         "default when timed idle on five-class); false: every host is simulated "
                         "by its router's rank",
                         BooleanValue(false),
                         MakeBooleanChecker());
} // namespace

RankPartition::RankPartition(const NetworkDescription& description, uint32_t ranks, bool balance)
{
    const std::vector<double> rates = EstimateRates(description);
    PlaceRouters(description, ranks, rates);
    if (balance && ranks > 1)
    {
        std::vector<Host> hosts = ListHosts(description, rates);
        Balance(hosts);
    }
    for (uint32_t r = 0; r < ranks; ++r)
    {
        NS_LOG_INFO("rank " << r << ": estimated load " << m_loads[r]);
    }
}

bool
RankPartition::IsBalanceEnabled()
{
    BooleanValue balance;
    g_mpiBalance.GetValue(balance);
    return balance.Get();
}

void
RankPartition::PlaceRouters(const NetworkDescription& d,
                            uint32_t ranks,
                            const std::vector<double>& rates)
{
    const std::vector<std::string> routers = d.GetRouters();
    const std::vector<uint32_t> rank = DistributedRun::PartitionRouters(routers.size(), ranks);
    for (std::size_t i = 0; i < routers.size(); ++i)
    {
        m_routerRank[routers[i]] = rank[i];
    }
    m_loads.assign(ranks, 0);
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        const NetworkDescription::ClassSpec& spec = d.classes[c];
        const auto [first, last] = d.GetClassEnds(spec);
        m_sourceRank.emplace_back(spec.flows, m_routerRank[first]);
        m_sinkRank.emplace_back(spec.flows, m_routerRank[last]);
        const double rate = rates[c] * spec.flows;
        m_loads[m_routerRank[first]] += (SOURCE_EVENTS + ROUTER_EVENTS) * rate;
        m_loads[m_routerRank[last]] += SINK_EVENTS * rate;
        for (const std::string& name : spec.route)
        {
            const NetworkDescription::LinkSpec& link = d.links[d.GetLinkIndex(name)];
            const std::string& sender = spec.reverse ? link.to : link.from;
            const std::string& receiver = spec.reverse ? link.from : link.to;
            m_loads[m_routerRank[sender]] += QUEUE_EVENTS * rate;
            m_loads[m_routerRank[receiver]] += ROUTER_EVENTS * rate;
        }
    }
}

std::vector<double>
RankPartition::EstimateRates(const NetworkDescription& d)
{
    // Each flow's fair share of the tightest link of its route.
    std::vector<double> flowsOnLink(d.links.size(), 0);
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        for (const std::string& name : spec.route)
        {
            flowsOnLink[d.GetLinkIndex(name)] += spec.flows;
        }
    }
    std::vector<double> rates;
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        double rate = static_cast<double>(d.accessRate.GetBitRate());
        for (const std::string& name : spec.route)
        {
            const std::size_t l = d.GetLinkIndex(name);
            rate = std::min(rate, d.links[l].rate.GetBitRate() / flowsOnLink[l]);
        }
        rates.push_back(rate);
    }
    return rates;
}

Time
RankPartition::GetSmallestCrossingDelay(const NetworkDescription& d) const
{
    Time smallest = Time::Max();
    for (const NetworkDescription::LinkSpec& link : d.links)
    {
        if (m_routerRank.at(link.from) != m_routerRank.at(link.to))
        {
            smallest = Min(smallest, link.delay);
        }
    }
    return smallest;
}

std::vector<RankPartition::Host>
RankPartition::ListHosts(const NetworkDescription& d, const std::vector<double>& rates)
{
    // Flow by flow over the classes (flow 0 of every class, then flow 1, ...), so that the
    // moved hosts mix the classes; the sources first: they carry more of the load.
    const Time lookahead = GetSmallestCrossingDelay(d);
    auto movable = [&lookahead](Time delay) {
        return delay.IsStrictlyPositive() && (lookahead == Time::Max() || delay >= lookahead);
    };
    uint32_t most = 0;
    for (const NetworkDescription::ClassSpec& spec : d.classes)
    {
        most = std::max(most, spec.flows);
    }
    std::vector<Host> hosts;
    for (bool source : {true, false})
    {
        for (uint32_t i = 0; i < most; ++i)
        {
            for (std::size_t c = 0; c < d.classes.size(); ++c)
            {
                const NetworkDescription::ClassSpec& spec = d.classes[c];
                if (i >= spec.flows)
                {
                    continue;
                }
                const Time access = source ? d.GetSourceAccessDelay(spec) : d.sinkAccessDelay;
                hosts.push_back(
                    {c,
                     i,
                     source,
                     (source ? SOURCE_EVENTS : SINK_EVENTS) * rates[c],
                     2 * CROSSING * rates[c],
                     movable(access) && !(source && d.accessJitter.IsStrictlyPositive()),
                     source ? &m_sourceRank[c][i] : &m_sinkRank[c][i]});
            }
        }
    }
    return hosts;
}

void
RankPartition::Balance(std::vector<Host>& hosts)
{
    for (;;)
    {
        const auto busiest = std::max_element(m_loads.begin(), m_loads.end());
        const auto idlest = std::min_element(m_loads.begin(), m_loads.end());
        const uint32_t from = static_cast<uint32_t>(busiest - m_loads.begin());
        const uint32_t to = static_cast<uint32_t>(idlest - m_loads.begin());
        bool moved = false;
        for (Host& host : hosts)
        {
            if (host.moved || !host.movable || *host.rank != from)
            {
                continue;
            }
            const double after =
                std::max(*busiest - host.load + host.crossing, *idlest + host.load + host.crossing);
            if (after < *busiest)
            {
                *busiest += host.crossing - host.load;
                *idlest += host.crossing + host.load;
                *host.rank = to;
                host.moved = true;
                moved = true;
                break;
            }
        }
        if (!moved)
        {
            return;
        }
    }
}

uint32_t
RankPartition::GetRouterRank(const std::string& router) const
{
    return m_routerRank.at(router);
}

uint32_t
RankPartition::GetSourceRank(std::size_t c, uint32_t flow) const
{
    return m_sourceRank.at(c).at(flow);
}

uint32_t
RankPartition::GetSinkRank(std::size_t c, uint32_t flow) const
{
    return m_sinkRank.at(c).at(flow);
}

const std::vector<double>&
RankPartition::GetLoads() const
{
    return m_loads;
}

} // namespace ns3
