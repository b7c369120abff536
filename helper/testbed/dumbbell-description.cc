/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dumbbell-description.h"

#include "ns3/log.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DumbbellDescription");

NetworkDescription
DumbbellDescription::Create(const Parameters& p)
{
    NS_LOG_FUNCTION(p.name << p.rate << p.delay << p.bufferPackets);
    NetworkDescription d;
    d.packetSize = p.packetSize;
    d.accessRate = p.accessRate;
    d.sinkAccessDelay = p.sinkAccessDelay;
    d.startJitter = p.startJitter;
    NetworkDescription::LinkSpec link;
    link.name = p.name;
    link.from = "R1";
    link.to = "R2";
    link.rate = p.rate;
    link.delay = p.delay;
    link.bufferPackets = p.bufferPackets;
    if (!p.queue.type.empty())
    {
        link.queueDisc = p.queue.type;
        link.queueAttributes = p.queue.attributes;
        link.queueClasses = p.queue.classes;
        link.queueFilters = p.queue.filters;
    }
    d.links.push_back(link);
    return d;
}

NetworkDescription::ClassSpec&
DumbbellDescription::AddClass(NetworkDescription& network,
                              const std::string& name,
                              uint32_t flows,
                              Time rtt,
                              Time start)
{
    NS_LOG_FUNCTION(name << flows << rtt << start);
    if (network.links.empty())
    {
        throw std::invalid_argument("DumbbellDescription::AddClass: the description has no "
                                    "bottleneck; valid: one made by DumbbellDescription::Create()");
    }
    NetworkDescription::ClassSpec c;
    c.name = name;
    c.flows = flows;
    c.route = {network.links.front().name};
    c.rtt = rtt;
    c.start = start;
    network.classes.push_back(c);
    return network.classes.back();
}

} // namespace ns3
