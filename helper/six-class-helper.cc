/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "six-class-helper.h"

#include "ns3/abort.h"

namespace ns3
{

SixClassHelper::SixClassHelper(const Parameters& parameters)
    : NetworkHelper(Describe(parameters))
{
}

NetworkDescription
SixClassHelper::Describe(const Parameters& p)
{
    NS_ABORT_MSG_UNLESS(p.rtts.size() == 6, "SixClassHelper: rtts needs one delay per class (6)");
    NetworkDescription d;
    d.packetSize = p.packetSize;
    d.accessRate = p.accessRate;
    d.startJitter = p.startJitter;
    const std::vector<std::vector<std::string>> links{{"LA", "R1", "R2"},
                                                      {"SF", "R2", "R3"},
                                                      {"CH", "R3", "R4"}};
    for (const auto& l : links)
    {
        NetworkDescription::LinkSpec link;
        link.name = l[0];
        link.from = l[1];
        link.to = l[2];
        link.rate = p.backbone;
        link.delay = p.backboneDelay;
        link.bufferPackets = p.bufferPackets;
        link.queueDisc = p.queueDisc;
        d.links.push_back(link);
    }
    const std::vector<std::vector<std::string>> routes{{"LA", "SF"},
                                                       {"SF", "CH"},
                                                       {"LA"},
                                                       {"SF"},
                                                       {"CH"},
                                                       {"LA", "SF", "CH"}};
    for (std::size_t k = 0; k < routes.size(); ++k)
    {
        NetworkDescription::ClassSpec c;
        c.name = std::to_string(k + 1) + "a";
        c.flows = p.flowsPerClass;
        c.route = routes[k];
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
