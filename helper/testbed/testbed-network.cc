/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed-network.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/log.h"
#include "ns3/queue-disc.h"

#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TestbedNetwork");

TestbedNetwork::TestbedNetwork(NetworkDescription d)
    : description(std::move(d))
{
}

NodeContainer
TestbedNetwork::GetRouters() const
{
    CheckInstalled("GetRouters");
    return routers;
}

NetDeviceContainer
TestbedNetwork::GetLinkDevices(const std::string& link) const
{
    CheckInstalled("GetLinkDevices");
    return links[GetLinkDirection(link)].devices;
}

Ptr<QueueDisc>
TestbedNetwork::GetQueueDisc(const std::string& link) const
{
    CheckInstalled("GetQueueDisc");
    return links[GetLinkDirection(link)].queueDisc;
}

std::vector<Ptr<PersistentFlowApplication>>
TestbedNetwork::GetSources(const std::string& className) const
{
    CheckInstalled("GetSources");
    std::vector<Ptr<PersistentFlowApplication>> apps;
    for (std::size_t f : classFlows[GetClassIndex(className)])
    {
        apps.push_back(flows[f].app);
    }
    return apps;
}

std::vector<Ptr<ShortFlowApplication>>
TestbedNetwork::GetShortFlowSources(const std::string& className) const
{
    CheckInstalled("GetShortFlowSources");
    std::vector<Ptr<ShortFlowApplication>> apps;
    for (std::size_t h : classShortHosts[GetClassIndex(className)])
    {
        apps.push_back(shortHosts[h].app);
    }
    return apps;
}

std::vector<Time>
TestbedNetwork::GetPropagationRtts(const std::string& className) const
{
    CheckInstalled("GetPropagationRtts");
    std::vector<Time> rtts;
    for (std::size_t f : classFlows[GetClassIndex(className)])
    {
        rtts.push_back(flows[f].propagationRtt);
    }
    return rtts;
}

std::size_t
TestbedNetwork::GetClassIndex(const std::string& className) const
{
    for (std::size_t c = 0; c < description.classes.size(); ++c)
    {
        if (description.classes[c].name == className)
        {
            return c;
        }
    }
    NS_ABORT_MSG("TestbedNetwork: no class '" << className << "'");
}

std::size_t
TestbedNetwork::GetLinkDirection(const std::string& name) const
{
    for (std::size_t l = 0; l < links.size(); ++l)
    {
        if (links[l].name == name)
        {
            return l;
        }
    }
    NS_ABORT_MSG("TestbedNetwork: no link (direction) '"
                 << name << "'; valid: a link name, or <name>" << REVERSE_SUFFIX
                 << " for the reverse direction of a link that has a queue disc there");
}

bool
TestbedNetwork::IsModelled(const Link& link) const
{
    // A reverse direction that only ACKs cross is left out.
    return !link.reverse || description.IsUsedBackwards(description.links[link.linkIndex].name);
}

double
TestbedNetwork::GetCapacityFactor(const Link& link)
{
    const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(link.queueDisc);
    return traits.capacityFactor ? traits.capacityFactor(link.queueDisc) : 1;
}

void
TestbedNetwork::CheckInstalled(const std::string& what) const
{
    NS_ABORT_MSG_UNLESS(installed,
                        what << ": the network is not built yet; call NetworkHelper::Install() "
                                "(or TestbedBuilder::Install()) first");
}

} // namespace ns3
