/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-description.h"

#include "network-description-parser.h"
#include "network-description-validator.h"
#include "network-description-writer.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NetworkDescription
NetworkDescription::Parse(std::istream& in, const std::string& sourceName)
{
    return NetworkDescriptionParser(sourceName).Parse(in);
}

NetworkDescription
NetworkDescription::ParseFile(const std::string& path)
{
    return NetworkDescriptionParser::ParseFile(path);
}

Time
NetworkDescription::ParseTime(const std::string& text, const std::string& where)
{
    return NetworkDescriptionParser::ParseTime(text, where);
}

DataRate
NetworkDescription::ParseRate(const std::string& text, const std::string& where)
{
    return NetworkDescriptionParser::ParseRate(text, where);
}

void
NetworkDescription::Write(std::ostream& os) const
{
    NetworkDescriptionWriter::Write(*this, os);
}

void
NetworkDescription::Validate() const
{
    NetworkDescriptionValidator(*this).Validate();
}

std::string
NetworkDescription::GetLocation(const LinkSpec& link)
{
    const std::string who = "link '" + link.name + "'";
    return link.line == 0 ? who : link.source + ":" + std::to_string(link.line) + ": " + who;
}

std::string
NetworkDescription::GetLocation(const ClassSpec& spec)
{
    const std::string who = "class '" + spec.name + "'";
    return spec.line == 0 ? who : spec.source + ":" + std::to_string(spec.line) + ": " + who;
}

std::string
NetworkDescription::GetLocation(const EventSpec& event)
{
    std::ostringstream who;
    who << "event at " << event.at.As(Time::S);
    return event.line == 0 ? who.str()
                           : event.source + ":" + std::to_string(event.line) + ": " + who.str();
}

std::pair<std::string, std::string>
NetworkDescription::GetClassEnds(const ClassSpec& spec) const
{
    const std::string& first = links[GetLinkIndex(spec.route.front())].from;
    const std::string& last = links[GetLinkIndex(spec.route.back())].to;
    return spec.reverse ? std::make_pair(last, first) : std::make_pair(first, last);
}

bool
NetworkDescription::IsUsedBackwards(const std::string& name) const
{
    return std::any_of(classes.begin(), classes.end(), [&name](const ClassSpec& c) {
        return c.reverse && std::find(c.route.begin(), c.route.end(), name) != c.route.end();
    });
}

uint64_t
NetworkDescription::GetTotalFlows() const
{
    uint64_t total = 0;
    for (const ClassSpec& c : classes)
    {
        total += c.flows;
    }
    return total;
}

std::vector<std::string>
NetworkDescription::GetRouters() const
{
    std::vector<std::string> routers;
    for (const LinkSpec& l : links)
    {
        for (const std::string& r : {l.from, l.to})
        {
            if (std::find(routers.begin(), routers.end(), r) == routers.end())
            {
                routers.push_back(r);
            }
        }
    }
    return routers;
}

std::size_t
NetworkDescription::GetLinkIndex(const std::string& name) const
{
    for (std::size_t i = 0; i < links.size(); ++i)
    {
        if (links[i].name == name)
        {
            return i;
        }
    }
    throw std::invalid_argument("network: unknown link '" + name + "'");
}

uint32_t
NetworkDescription::GetSegmentSize() const
{
    return packetSize - HEADER_BYTES;
}

AlgorithmTraits::SourceFields
NetworkDescription::GetSourceFields(const ClassSpec& spec, Time trueBaseRtt, uint32_t packetSize)
{
    AlgorithmTraits::SourceFields fields;
    fields.alpha = spec.alpha;
    fields.beta = spec.beta;
    fields.alphaTimeUnit = spec.alphaTimeUnit;
    fields.fixedBaseRtt = spec.fixedBaseRtt;
    fields.meanRttSample = spec.meanRttSample;
    fields.trueBaseRtt = trueBaseRtt;
    fields.packetSize = packetSize;
    fields.ecn = spec.ecn;
    return fields;
}

Time
NetworkDescription::GetRouteDelay(const ClassSpec& spec) const
{
    Time oneWay;
    for (const std::string& name : spec.route)
    {
        oneWay += links[GetLinkIndex(name)].delay;
    }
    return oneWay;
}

Time
NetworkDescription::GetSourceAccessDelay(const ClassSpec& spec) const
{
    return spec.rtt / 2 - GetRouteDelay(spec) - sinkAccessDelay;
}

} // namespace ns3
