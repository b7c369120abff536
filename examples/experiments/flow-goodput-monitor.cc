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

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ns3
{

void
FlowGoodputMonitor::Install(Time interval, Time stop, std::pair<Time, Time> window)
{
    NS_ABORT_MSG_UNLESS(interval.IsStrictlyPositive(),
                        "FlowGoodputMonitor: the interval must be > 0");
    m_interval = interval;
    m_stop = stop;
    m_window = window;
    // Under MPI a rank may simulate no sink (they are another rank's): nothing to connect there.
    const bool connected = Config::ConnectWithoutContextFailSafe(
        "/NodeList/*/ApplicationList/*/$ns3::PacketSink/RxWithAddresses",
        MakeCallback(&FlowGoodputMonitor::Receive, this));
    NS_ABORT_MSG_UNLESS(connected || DistributedRun::IsDistributed(),
                        "FlowGoodputMonitor::Install: no PacketSink in the simulation; install the "
                        "sinks first");
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

void
FlowGoodputMonitor::MergeOverRanks()
{
    if (!DistributedRun::IsDistributed())
    {
        return;
    }
    std::vector<double> values;
    Pack(values);
    DistributedRun::ConcatenateOverRanks(values);
    const std::size_t samples = m_samples.size();
    m_index.clear();
    m_flows.clear();
    m_samples.assign(samples, {});
    for (std::size_t pos = 0; pos < values.size();)
    {
        Unpack(values, pos);
    }
    // One process numbers the flows by their first byte: renumber them so.
    std::vector<std::pair<std::pair<Time, std::pair<uint32_t, uint16_t>>, std::size_t>> order;
    for (const auto& [key, i] : m_index)
    {
        order.push_back({{m_flows[i].first, key}, i});
    }
    std::sort(order.begin(), order.end());
    std::vector<std::size_t> renumbered(m_flows.size());
    std::vector<Flow> flows;
    for (std::size_t n = 0; n < order.size(); ++n)
    {
        renumbered[order[n].second] = n;
        m_index[order[n].first.second] = n;
        flows.push_back(m_flows[order[n].second]);
    }
    m_flows.swap(flows);
    for (std::map<std::size_t, uint64_t>& sample : m_samples)
    {
        std::map<std::size_t, uint64_t> renamed;
        for (const auto& [flow, bytes] : sample)
        {
            renamed.emplace(renumbered[flow], bytes);
        }
        sample.swap(renamed);
    }
}

void
FlowGoodputMonitor::Pack(std::vector<double>& out) const
{
    // Counts, bytes and times in nanoseconds are integers below 2^53: exact as doubles.
    out.push_back(m_index.size());
    for (const auto& [key, i] : m_index)
    {
        const Flow& f = m_flows[i];
        out.insert(out.end(),
                   {static_cast<double>(key.first),
                    static_cast<double>(key.second),
                    static_cast<double>(i),
                    static_cast<double>(f.bytes),
                    static_cast<double>(f.windowBytes),
                    static_cast<double>(f.first.GetTimeStep()),
                    static_cast<double>(f.last.GetTimeStep())});
    }
    for (const std::map<std::size_t, uint64_t>& sample : m_samples)
    {
        out.push_back(sample.size());
        for (const auto& [flow, bytes] : sample)
        {
            out.push_back(flow);
            out.push_back(bytes);
        }
    }
}

void
FlowGoodputMonitor::Unpack(const std::vector<double>& in, std::size_t& pos)
{
    const auto flows = static_cast<std::size_t>(in.at(pos++));
    std::map<std::size_t, std::size_t> merged; // the rank's flow index -> this one's
    for (std::size_t n = 0; n < flows; ++n, pos += 7)
    {
        const std::pair<uint32_t, uint16_t> key{static_cast<uint32_t>(in.at(pos)),
                                                static_cast<uint16_t>(in.at(pos + 1))};
        Flow f;
        f.bytes = static_cast<uint64_t>(in.at(pos + 3));
        f.windowBytes = static_cast<uint64_t>(in.at(pos + 4));
        f.first = TimeStep(static_cast<uint64_t>(in.at(pos + 5)));
        f.last = TimeStep(static_cast<uint64_t>(in.at(pos + 6)));
        NS_ABORT_MSG_IF(m_index.count(key),
                        "FlowGoodputMonitor::MergeOverRanks: a flow seen by two ranks' sinks");
        merged[static_cast<std::size_t>(in.at(pos + 2))] = m_flows.size();
        m_index.emplace(key, m_flows.size());
        m_flows.push_back(f);
    }
    for (std::map<std::size_t, uint64_t>& sample : m_samples)
    {
        const auto entries = static_cast<std::size_t>(in.at(pos++));
        for (std::size_t e = 0; e < entries; ++e, pos += 2)
        {
            sample.emplace(merged.at(static_cast<std::size_t>(in.at(pos))),
                           static_cast<uint64_t>(in.at(pos + 1)));
        }
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
