/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "five-class-helper.h"

namespace ns3
{

FiveClassHelper::FiveClassHelper(const Parameters& parameters)
    : NetworkHelper(Describe(parameters))
{
}

NetworkDescription
FiveClassHelper::Describe(const Parameters& p)
{
    NetworkDescription d;
    d.packetSize = p.packetSize;
    d.accessRate = p.accessRate;
    d.startJitter = p.startJitter;
    NetworkDescription::LinkSpec bottleneck;
    bottleneck.name = "bottleneck";
    bottleneck.from = "R1";
    bottleneck.to = "R2";
    bottleneck.rate = p.bottleneck;
    bottleneck.delay = p.bottleneckDelay;
    bottleneck.bufferPackets = p.bufferPackets;
    bottleneck.queueDisc = p.queueDisc;
    d.links.push_back(bottleneck);
    for (std::size_t k = 0; k < p.rtts.size(); ++k)
    {
        NetworkDescription::ClassSpec c;
        c.name = std::to_string(k + 1) + "a";
        c.flows = p.flowsPerClass;
        c.route = {"bottleneck"};
        c.rtt = p.rtts[k];
        c.tcp = p.tcp;
        c.alpha = p.alpha;
        c.beta = p.beta;
        c.alphaTimeUnit = p.alphaTimeUnit;
        d.classes.push_back(c);
    }
    d.Validate();
    return d;
}

} // namespace ns3
