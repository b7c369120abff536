/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed-model-builder.h"

#include "testbed-monitor.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/duality-model-builder.h"
#include "ns3/log.h"
#include "ns3/tcp-congestion-ops.h"

#include <algorithm>
#include <stdexcept>
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

namespace
{

/**
 * Throw if the model does not describe \p q or one of its children.
 * \param where the link's location \param key the disc's field (e.g. "queue.class0")
 * \param q the disc
 */
void
CheckModelledQueue(const std::string& where,
                   const std::string& key,
                   const NetworkDescription::QueueDiscSpec& q)
{
    const std::string why = AlgorithmTraits::DescribeUnmodelledLink(TypeId::LookupByName(q.type));
    if (!why.empty())
    {
        throw std::invalid_argument(where + ": " + key + "=" + q.type + ": " + why);
    }
    for (std::size_t i = 0; i < q.classes.size(); ++i)
    {
        CheckModelledQueue(where, key + ".class" + std::to_string(i), q.classes[i]);
    }
}

} // namespace

void
TestbedModelBuilder::CheckModelled(const NetworkDescription& description)
{
    for (const NetworkDescription::LinkSpec& l : description.links)
    {
        const std::string where = NetworkDescription::GetLocation(l);
        CheckModelledQueue(where, "queue", l.GetQueue());
        if (!l.reverseQueue.type.empty())
        {
            CheckModelledQueue(where, "reverseQueue", l.reverseQueue);
        }
    }
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
    CheckModelled(m_network.description);
    // The links as the events up to `at` left them (their delays, rates), against the
    // description's, from which the flows' round trips were computed when they were built.
    const std::vector<LinkState> initial = GetLinkStates(Time(-1));
    const std::vector<LinkState> now = GetLinkStates(at);
    DualityNetwork network;
    network.packetSize = m_network.description.packetSize;
    AddLinks(network, now);
    for (std::size_t f = 0; f < m_network.flows.size(); ++f)
    {
        if (!include(f))
        {
            continue;
        }
        const NetworkDescription::ClassSpec& spec =
            m_network.description.classes[m_network.flows[f].classIndex];
        AddFlow(network, f, GetRouteChange(spec, initial, now), measuredBaseRtt(f));
    }
    return DualityModelBuilder::Build(network);
}

void
TestbedModelBuilder::AddLinks(DualityNetwork& network, const std::vector<LinkState>& now) const
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
        DualityNetwork::Link l;
        l.name = link.name;
        l.bitsPerSecond = static_cast<double>(rate.GetBitRate());
        l.disc = link.queueDisc;
        network.links.push_back(l);
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
TestbedModelBuilder::AddFlow(DualityNetwork& network,
                             std::size_t f,
                             Time change,
                             Time baseRtt) const
{
    const NetworkDescription& d = m_network.description;
    const TestbedNetwork::Flow& flow = m_network.flows[f];
    const NetworkDescription::ClassSpec& spec = d.classes[flow.classIndex];
    DualityNetwork::Flow source;
    source.name = spec.name;
    source.access.name = "access-" + std::to_string(f);
    source.access.bitsPerSecond = static_cast<double>(d.accessRate.GetBitRate());
    for (const std::string& name : spec.route)
    {
        const std::string link = spec.reverse ? name + TestbedNetwork::REVERSE_SUFFIX : name;
        const auto found = std::find_if(network.links.begin(),
                                        network.links.end(),
                                        [&link](const auto& l) { return l.name == link; });
        NS_ABORT_MSG_IF(found == network.links.end(),
                        "TestbedModelBuilder: link '" << link << "' is not modelled");
        source.route.push_back(static_cast<std::size_t>(found - network.links.begin()));
    }
    if (spec.reverse)
    {
        std::reverse(source.route.begin(), source.route.end());
    }
    source.propagationDelay = (flow.propagationRtt + flow.transmissionRtt + change).GetSeconds();
    source.congestion = flow.congestion;
    source.fields =
        NetworkDescription::GetSourceFields(spec, Seconds(source.propagationDelay), d.packetSize);
    // eq. 24: a measured baseRTT above d distorts the utility by eps = baseRTT / d - 1
    source.estimationError =
        baseRtt.IsStrictlyPositive() ? baseRtt.GetSeconds() / source.propagationDelay - 1 : 0;
    network.flows.push_back(source);
}

} // namespace ns3
