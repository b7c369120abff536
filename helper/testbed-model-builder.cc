/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed-model-builder.h"

#include "testbed-monitor.h"

#include "ns3/algorithm-traits.h"
#include "ns3/log.h"
#include "ns3/tcp-congestion-ops.h"

#include <algorithm>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TestbedModelBuilder");

TestbedModelBuilder::TestbedModelBuilder(const TestbedNetwork& network,
                                         const TestbedMonitor& monitor)
    : m_network(network),
      m_monitor(monitor)
{
}

DualityModel
TestbedModelBuilder::BuildModel(bool withMeasuredBaseRtt) const
{
    m_network.CheckInstalled("BuildModel");
    return BuildModelOf([](std::size_t) { return true; },
                        [this, withMeasuredBaseRtt](std::size_t f) {
                            return withMeasuredBaseRtt ? m_monitor.GetFlowMinRtt(f) : Time(0);
                        },
                        Time(-1));
}

DualityModel
TestbedModelBuilder::BuildPeriodModel(std::size_t k, bool withMeasuredBaseRtt) const
{
    m_network.CheckInstalled("BuildPeriodModel");
    const Time start = m_monitor.GetPeriodWindow(k).first;
    return BuildModelOf(
        [this, k](std::size_t f) {
            return m_monitor.IsClassActive(m_network.flows[f].classIndex, k);
        },
        [this, k, withMeasuredBaseRtt](std::size_t f) {
            return withMeasuredBaseRtt ? m_monitor.GetPeriodMinRtt(k, f) : Time(0);
        },
        start);
}

std::vector<TestbedModelBuilder::LinkState>
TestbedModelBuilder::GetLinkStates(Time at) const
{
    const NetworkDescription& d = m_network.description;
    std::vector<LinkState> states;
    for (const NetworkDescription::LinkSpec& l : d.links)
    {
        states.push_back({l.delay, l.rate, l.GetReverseRate()});
    }
    // The events in time order (statement order among equal times, as they run).
    std::vector<const NetworkDescription::EventSpec*> events;
    for (const NetworkDescription::EventSpec& e : d.events)
    {
        events.push_back(&e);
    }
    std::stable_sort(events.begin(), events.end(), [](const auto* a, const auto* b) {
        return a->at < b->at;
    });
    for (const NetworkDescription::EventSpec* e : events)
    {
        if (e->at > at)
        {
            break;
        }
        LinkState& state = states[d.GetLinkIndex(e->link)];
        state.delay = e->setDelay ? e->delay : state.delay;
        state.rate = e->rate.GetBitRate() != 0 ? e->rate : state.rate;
        state.reverseRate = e->reverseRate.GetBitRate() != 0 ? e->reverseRate : state.reverseRate;
    }
    return states;
}

DualityModel
TestbedModelBuilder::BuildModelOf(const std::function<bool(std::size_t)>& include,
                                  const std::function<Time(std::size_t)>& measuredBaseRtt,
                                  Time at) const
{
    // The links as the events up to `at` left them (their delays, rates), against the
    // description's, from which the flows' round trips were computed when they were built.
    const std::vector<LinkState> initial = GetLinkStates(Time(-1));
    const std::vector<LinkState> now = GetLinkStates(at);
    DualityModel model;
    AddLinks(model, now);
    for (std::size_t f = 0; f < m_network.flows.size(); ++f)
    {
        if (!include(f))
        {
            continue;
        }
        const NetworkDescription::ClassSpec& spec =
            m_network.description.classes[m_network.flows[f].classIndex];
        AddSource(model, f, GetRouteChange(spec, initial, now), measuredBaseRtt(f));
    }
    return model;
}

void
TestbedModelBuilder::AddLinks(DualityModel& model, const std::vector<LinkState>& now) const
{
    // One model link per link direction that data crosses: every link forward, and the reverse
    // direction of those a class runs backwards. The link algorithm's traits say what capacity
    // its price drives the load to and whether its price is a queueing delay.
    for (const TestbedNetwork::Link& link : m_network.links)
    {
        if (!m_network.IsModelled(link))
        {
            continue;
        }
        const LinkState& state = now[link.linkIndex];
        const DataRate rate = link.reverse ? state.reverseRate : state.rate;
        const std::size_t index =
            model.AddLinkBps(link.name,
                             TestbedNetwork::GetCapacityFactor(link) * rate.GetBitRate(),
                             m_network.description.packetSize);
        model.SetPhysicalPrice(index, AlgorithmTraits::GetLinkOf(link.queueDisc).physicalPrice);
    }
}

Time
TestbedModelBuilder::GetRouteChange(const NetworkDescription::ClassSpec& spec,
                                    const std::vector<LinkState>& initial,
                                    const std::vector<LinkState>& now) const
{
    // Each route link's change of delay counts twice (data and ACK cross the same channel), a
    // change of rate in the data's and in the ACK's transmission time.
    const NetworkDescription& d = m_network.description;
    Time change;
    for (const std::string& name : spec.route)
    {
        const std::size_t l = d.GetLinkIndex(name);
        const LinkState& was = initial[l];
        const LinkState& is = now[l];
        const auto transmission = [&d, &spec](const LinkState& s) {
            const DataRate data = spec.reverse ? s.reverseRate : s.rate;
            const DataRate ack = spec.reverse ? s.rate : s.reverseRate;
            return data.CalculateBytesTxTime(d.packetSize) +
                   ack.CalculateBytesTxTime(NetworkDescription::ACK_BYTES);
        };
        change += (is.delay - was.delay) * 2 + transmission(is) - transmission(was);
    }
    return change;
}

void
TestbedModelBuilder::AddSource(DualityModel& model, std::size_t f, Time change, Time baseRtt) const
{
    const NetworkDescription& d = m_network.description;
    const TestbedNetwork::Flow& flow = m_network.flows[f];
    const NetworkDescription::ClassSpec& spec = d.classes[flow.classIndex];
    const std::size_t access =
        model.AddLinkBps("access-" + std::to_string(f), d.accessRate.GetBitRate(), d.packetSize);
    std::vector<std::size_t> route{access};
    for (const std::string& name : spec.route)
    {
        route.push_back(
            model.GetLinkIndex(spec.reverse ? name + TestbedNetwork::REVERSE_SUFFIX : name));
    }
    if (spec.reverse)
    {
        std::reverse(route.begin() + 1, route.end());
    }
    const double delay = (flow.propagationRtt + flow.transmissionRtt + change).GetSeconds();
    const AlgorithmTraits::SourceFields fields =
        NetworkDescription::GetSourceFields(spec, Seconds(delay), d.packetSize);
    const AlgorithmTraits::Source& traits =
        AlgorithmTraits::GetSource(flow.congestion->GetInstanceTypeId());
    const double weight = traits.weight(flow.congestion, fields, delay);
    // eq. 24: a measured baseRTT above d distorts the utility by eps = baseRTT / d - 1
    const double error = baseRtt.IsStrictlyPositive() ? baseRtt.GetSeconds() / delay - 1 : 0;
    const std::size_t source = model.AddSource(spec.name, route, delay, weight, error);
    // Control packets (Monaco's pair per round trip) load the route's links as data do.
    model.SetOverhead(source, traits.controlBytesPerRtt / d.packetSize);
}

} // namespace ns3
