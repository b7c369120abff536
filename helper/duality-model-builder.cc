/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "duality-model-builder.h"

#include "ns3/log.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DualityModelBuilder");

double
DualityModelBuilder::GetCapacityFactor(Ptr<QueueDisc> disc)
{
    if (!disc)
    {
        return 1;
    }
    const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(disc);
    return traits.capacityFactor ? traits.capacityFactor(disc) : 1;
}

bool
DualityModelBuilder::IsPhysicalPrice(Ptr<QueueDisc> disc)
{
    return !disc || AlgorithmTraits::GetLinkOf(disc).physicalPrice;
}

double
DualityModelBuilder::GetStandingBacklog(Ptr<QueueDisc> disc, uint32_t packetSize)
{
    if (!disc)
    {
        return 0;
    }
    const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(disc);
    return traits.standingBacklog ? traits.standingBacklog(disc, packetSize) : 0;
}

double
DualityModelBuilder::GetWeight(const DualityNetwork::Flow& flow)
{
    const AlgorithmTraits::Source& traits =
        AlgorithmTraits::GetSource(flow.congestion->GetInstanceTypeId());
    return traits.weight(flow.congestion, flow.fields, flow.propagationDelay);
}

std::size_t
DualityModelBuilder::AddLink(DualityModel& model,
                             const DualityNetwork::Link& link,
                             uint32_t packetSize)
{
    const std::size_t index =
        model.AddLinkBps(link.name, GetCapacityFactor(link.disc) * link.bitsPerSecond, packetSize);
    model.SetPhysicalPrice(index, IsPhysicalPrice(link.disc));
    model.SetStandingBacklog(index, GetStandingBacklog(link.disc, packetSize));
    return index;
}

DualityModel
DualityModelBuilder::Build(const DualityNetwork& network)
{
    NS_LOG_FUNCTION(network.links.size() << network.flows.size());
    DualityModel model;
    for (const DualityNetwork::Link& link : network.links)
    {
        AddLink(model, link, network.packetSize);
    }
    for (const DualityNetwork::Flow& flow : network.flows)
    {
        if (!flow.congestion)
        {
            throw std::invalid_argument("DualityModelBuilder: flow '" + flow.name +
                                        "' has no congestion control");
        }
        for (std::size_t l : flow.route)
        {
            if (l >= network.links.size())
            {
                throw std::invalid_argument("DualityModelBuilder: flow '" + flow.name +
                                            "' crosses link " + std::to_string(l) + " of " +
                                            std::to_string(network.links.size()));
            }
        }
        std::vector<std::size_t> route = flow.route;
        if (flow.access.bitsPerSecond > 0)
        {
            route.insert(route.begin(), AddLink(model, flow.access, network.packetSize));
        }
        const AlgorithmTraits::Source& traits =
            AlgorithmTraits::GetSource(flow.congestion->GetInstanceTypeId());
        const std::size_t source = model.AddSource(flow.name,
                                                   route,
                                                   flow.propagationDelay,
                                                   GetWeight(flow),
                                                   flow.estimationError);
        // Control packets (Monaco's pair per round trip) load the route's links as data do.
        model.SetOverhead(source, traits.controlBytesPerRtt / network.packetSize);
    }
    return model;
}

} // namespace ns3
