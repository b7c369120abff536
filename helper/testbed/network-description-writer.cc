/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-description-writer.h"

#include <algorithm>
#include <ostream>

namespace ns3
{

void
NetworkDescriptionWriter::Write(const NetworkDescription& d, std::ostream& os)
{
    os << "set packetSize=" << d.packetSize << " accessRate=" << d.accessRate
       << " sinkAccessDelay=" << d.sinkAccessDelay.As(Time::MS)
       << " startJitter=" << d.startJitter.As(Time::MS);
    if (d.accessJitter.IsStrictlyPositive())
    {
        os << " accessJitter=" << d.accessJitter.As(Time::MS)
           << " accessJitterCorrelation=" << d.accessJitterCorrelation.As(Time::MS);
    }
    os << '\n';
    for (const NetworkDescription::LinkSpec& l : d.links)
    {
        WriteLink(os, l);
    }
    for (const NetworkDescription::ClassSpec& c : d.classes)
    {
        WriteClass(os, c);
    }
    for (const NetworkDescription::EventSpec& e : d.events)
    {
        WriteEvent(os, e);
    }
}

void
NetworkDescriptionWriter::WriteLink(std::ostream& os, const NetworkDescription::LinkSpec& l)
{
    os << "link " << l.name << ' ' << l.from << ' ' << l.to << " rate=" << l.rate
       << " delay=" << l.delay.As(Time::MS) << " buffer="
       << (l.bufferPackets == 0 ? std::string("unlimited") : std::to_string(l.bufferPackets));
    WriteQueue(os, "queue", l.GetQueue());
    if (l.reverseRate.GetBitRate() != 0)
    {
        os << " reverseRate=" << l.reverseRate;
    }
    if (l.reverseBufferPackets != 0)
    {
        os << " reverseBuffer=" << l.reverseBufferPackets;
    }
    if (!l.reverseQueue.type.empty())
    {
        WriteQueue(os, "reverseQueue", l.reverseQueue);
    }
    os << '\n';
}

void
NetworkDescriptionWriter::WriteQueue(std::ostream& os,
                                     const std::string& key,
                                     const NetworkDescription::QueueDiscSpec& q)
{
    os << ' ' << key << '=' << q.type;
    for (const auto& [name, value] : q.attributes)
    {
        os << ' ' << key << '.' << name << '='
           << NetworkDescription::GetAttributeText(q.type, name, *value);
    }
    for (std::size_t i = 0; i < q.classes.size(); ++i)
    {
        WriteQueue(os, key + ".class" + std::to_string(i), q.classes[i]);
    }
    if (!q.filters.empty())
    {
        os << ' ' << key << ".filter=";
        for (std::size_t i = 0; i < q.filters.size(); ++i)
        {
            os << (i ? "," : "") << q.filters[i];
        }
    }
}

void
NetworkDescriptionWriter::WriteClass(std::ostream& os, const NetworkDescription::ClassSpec& c)
{
    os << "class " << c.name << " flows=" << c.flows << " route=";
    for (std::size_t i = 0; i < c.route.size(); ++i)
    {
        os << (i ? "," : "") << c.route[i];
    }
    os << " rtt=" << c.rtt.As(Time::MS);
    if (!c.rttMax.IsZero())
    {
        os << ".." << c.rttMax.As(Time::MS);
    }
    os << " direction=" << (c.reverse ? "reverse" : "forward") << " start=" << c.start.As(Time::S)
       << " stop=" << c.stop.As(Time::S) << " tcp=" << c.tcp << " ecn=" << (c.ecn ? "on" : "off");
    if (c.subPacket)
    {
        os << " subPacket=on";
    }
    const auto& attributes = c.tcpAttributes;
    for (auto it = attributes.begin(); it != attributes.end(); ++it)
    {
        const std::string& name = it->first;
        // A keyword may set an attribute that a later one sets again (alpha= and beta=: Beta):
        // the last value is the one that counts, and a statement gives each key once.
        if (std::find_if(it + 1, attributes.end(), [&name](const auto& a) {
                return a.first == name;
            }) == attributes.end())
        {
            os << " tcp." << name << '='
               << NetworkDescription::GetAttributeText(c.tcp, name, *it->second);
        }
    }
    if (c.traffic != NetworkDescription::Traffic::PERSISTENT)
    {
        WriteHostTraffic(os, c);
    }
    os << '\n';
}

void
NetworkDescriptionWriter::WriteHostTraffic(std::ostream& os, const NetworkDescription::ClassSpec& c)
{
    static const char* laws[] = {"fixed", "exponential", "pareto"};
    static const char* thinkLaws[] = {"fixed", "pareto", "exponential"};
    if (c.traffic == NetworkDescription::Traffic::SHORT)
    {
        os << " traffic=short arrivalRate=" << c.arrivalRate;
    }
    else
    {
        os << " traffic=web connections=" << c.connections << " embedded=" << c.embedded
           << " embeddedDistribution=" << (c.embeddedPareto ? "pareto" : "fixed")
           << " embeddedShape=" << c.embeddedShape << " activeOff=" << c.activeOff.As(Time::MS)
           << " activeOffDistribution=" << (c.activeOffWeibull ? "weibull" : "fixed")
           << " activeOffShape=" << c.activeOffShape << " think=" << c.think.As(Time::MS)
           << " thinkDistribution=" << thinkLaws[static_cast<int>(c.thinkDistribution)]
           << " thinkShape=" << c.thinkShape;
    }
    if (c.sizeDistribution == NetworkDescription::SizeDistribution::LOGNORMAL_PARETO)
    {
        os << " sizeDistribution=lognormal-pareto lognormalMu=" << c.lognormalMu
           << " lognormalSigma=" << c.lognormalSigma << " tailCut=" << c.tailCut
           << " tailShape=" << c.tailShape;
        return;
    }
    os << " size=" << c.meanSize
       << " sizeDistribution=" << laws[static_cast<int>(c.sizeDistribution)]
       << " paretoShape=" << c.paretoShape;
    if (c.paretoBound > 0)
    {
        os << " paretoBound=" << c.paretoBound;
    }
}

void
NetworkDescriptionWriter::WriteEvent(std::ostream& os, const NetworkDescription::EventSpec& e)
{
    os << "at " << e.at.As(Time::S) << " link " << e.link;
    if (e.setDelay)
    {
        os << " delay=" << e.delay.As(Time::MS);
    }
    if (e.rate.GetBitRate() != 0)
    {
        os << " rate=" << e.rate;
    }
    if (e.reverseRate.GetBitRate() != 0)
    {
        os << " reverseRate=" << e.reverseRate;
    }
    os << '\n';
}

} // namespace ns3
