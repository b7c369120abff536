/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-goodput-monitor.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/config.h"
#include "ns3/distributed-run.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

#include <cmath>
#include <stdexcept>

namespace ns3
{

void
FlowGoodputMonitor::Install(Time interval, Time stop, std::pair<Time, Time> window)
{
    NS_ABORT_MSG_UNLESS(interval.IsStrictlyPositive(),
                        "FlowGoodputMonitor: the interval must be > 0");
    if (DistributedRun::IsDistributed())
    {
        // Its flows are keyed by what each sink sees; the ranks' maps would have to be merged,
        // not summed (NetworkHelper::SumOverRanks()).
        throw std::invalid_argument("FlowGoodputMonitor (per-flow goodput, e.g. fast-mice) is not "
                                    "distributed over MPI ranks yet; valid: one process");
    }
    m_interval = interval;
    m_stop = stop;
    m_window = window;
    Config::ConnectWithoutContext("/NodeList/*/ApplicationList/*/$ns3::PacketSink/RxWithAddresses",
                                  MakeCallback(&FlowGoodputMonitor::Receive, this));
    Simulator::Schedule(Time(0), &FlowGoodputMonitor::Sample, this);
}

void
FlowGoodputMonitor::Receive(Ptr<const Packet> packet, const Address& from, const Address& /* to */)
{
    if (!InetSocketAddress::IsMatchingType(from))
    {
        return;
    }
    const InetSocketAddress sender = InetSocketAddress::ConvertFrom(from);
    const std::pair<uint32_t, uint16_t> key{sender.GetIpv4().Get(), sender.GetPort()};
    auto it = m_index.find(key);
    if (it == m_index.end())
    {
        it = m_index.emplace(key, m_flows.size()).first;
        m_flows.emplace_back();
        m_flows.back().first = Simulator::Now();
    }
    Flow& flow = m_flows[it->second];
    const Time now = Simulator::Now();
    flow.bytes += packet->GetSize();
    flow.last = now;
    if (now >= m_window.first && now <= m_window.second)
    {
        flow.windowBytes += packet->GetSize();
    }
}

void
FlowGoodputMonitor::Sample()
{
    const Time now = Simulator::Now();
    std::map<std::size_t, uint64_t> sample;
    for (std::size_t i = 0; i < m_flows.size(); ++i)
    {
        // Flows that received since the previous sample (the others are done or idle).
        if (m_flows[i].last >= m_lastSample)
        {
            sample.emplace(i, m_flows[i].bytes);
        }
    }
    m_samples.push_back(std::move(sample));
    m_sampleTimes.push_back(now.GetSeconds());
    m_lastSample = now;
    if (now + m_interval <= m_stop)
    {
        Simulator::Schedule(m_interval, &FlowGoodputMonitor::Sample, this);
    }
}

std::vector<FlowGoodputMonitor::IntervalRates>
FlowGoodputMonitor::GetConcurrentRates(Time from, Time to, uint64_t minBytes, Time minAge) const
{
    std::vector<IntervalRates> result;
    for (std::size_t k = 0; k + 1 < m_samples.size(); ++k)
    {
        const double t0 = m_sampleTimes[k];
        const double t1 = m_sampleTimes[k + 1];
        if (t0 < from.GetSeconds() || t1 > to.GetSeconds())
        {
            continue;
        }
        IntervalRates interval;
        interval.start = t0;
        for (const auto& [flow, bytes] : m_samples[k])
        {
            const Flow& f = m_flows[flow];
            const auto next = m_samples[k + 1].find(flow);
            if (bytes < minBytes || next == m_samples[k + 1].end() ||
                f.first.GetSeconds() > t0 - minAge.GetSeconds() || f.last.GetSeconds() <= t1)
            {
                continue;
            }
            interval.rates.push_back((next->second - bytes) / (t1 - t0));
        }
        result.push_back(std::move(interval));
    }
    return result;
}

double
FlowGoodputMonitor::GetShareOfFlowsAbove(uint64_t minBytes) const
{
    double all = 0;
    double above = 0;
    for (const Flow& f : m_flows)
    {
        all += f.windowBytes;
        if (f.bytes >= minBytes)
        {
            above += f.windowBytes;
        }
    }
    return all > 0 ? above / all : std::nan("");
}

std::size_t
FlowGoodputMonitor::GetFlowCount() const
{
    return m_flows.size();
}

} // namespace ns3
