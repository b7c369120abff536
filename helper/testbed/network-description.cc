/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-description.h"

#include "network-description-parser.h"
#include "network-description-validator.h"
#include "network-description-writer.h"
#include "strict-value.h"

#include "ns3/double.h"
#include "ns3/object-factory.h"
#include "ns3/packet-filter.h"
#include "ns3/queue-disc.h"
#include "ns3/string.h"

#include <algorithm>
#include <cstdlib>
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

Ptr<const AttributeValue>
NetworkDescription::MakeAttribute(const std::string& typeName,
                                  const std::string& name,
                                  const AttributeValue& value)
{
    const std::string where = typeName + "::" + name;
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        throw std::invalid_argument(where + ": " + typeName +
                                    " is not a known ns-3 TypeId; valid: a registered TypeId");
    }
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        throw std::invalid_argument(where + ": " + typeName + " has no attribute '" + name +
                                    "'; valid: one of its attributes");
    }
    if (const auto* text = dynamic_cast<const StringValue*>(&value))
    {
        try
        {
            return StrictValue::ParseAttribute(text->Get(), info.checker);
        }
        catch (const std::invalid_argument& e)
        {
            throw std::invalid_argument(where + "=" + text->Get() + ": " + e.what());
        }
    }
    Ptr<const AttributeValue> typed = info.checker->CreateValidValue(value);
    if (!typed)
    {
        throw std::invalid_argument(
            where + "=" + value.SerializeToString(info.checker) +
            " is not a valid value; valid: " + info.checker->GetUnderlyingTypeInformation());
    }
    return typed;
}

std::string
NetworkDescription::GetAttributeText(const std::string& typeName,
                                     const std::string& name,
                                     const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    TypeId::LookupByName(typeName).LookupAttributeByName(name, &info);
    if (const auto* number = dynamic_cast<const DoubleValue*>(&value))
    {
        // The fewest digits that read back the same double (DoubleValue writes six).
        for (int digits = 6;; ++digits)
        {
            std::ostringstream os;
            os.precision(digits);
            os << number->Get();
            if (digits >= 17 || std::strtod(os.str().c_str(), nullptr) == number->Get())
            {
                return os.str();
            }
        }
    }
    if (const auto* time = dynamic_cast<const TimeValue*>(&value))
    {
        return std::to_string(time->Get().GetNanoSeconds()) + "ns"; // TimeValue writes 6 digits
    }
    return value.SerializeToString(info.checker);
}

NetworkDescription::QueueDiscSpec&
NetworkDescription::QueueDiscSpec::Set(const std::string& name, const AttributeValue& value)
{
    attributes.emplace_back(name, MakeAttribute(type, name, value));
    return *this;
}

Ptr<QueueDisc>
NetworkDescription::QueueDiscSpec::Create() const
{
    ObjectFactory factory(type);
    // The papers' experiments count packets as ns-2 did (every data packet is packetSize bytes
    // on the wire): price discs keep ns-2's accounting unless the description says otherwise.
    TypeId::AttributeInformation info;
    if (factory.GetTypeId().LookupAttributeByName("SizeAccounting", &info))
    {
        factory.Set("SizeAccounting", StringValue("FixedPacketSize"));
    }
    for (const auto& [name, value] : attributes)
    {
        factory.Set(name, *value); // checked by Validate()
    }
    Ptr<QueueDisc> disc = factory.Create<QueueDisc>();
    for (const QueueDiscSpec& child : classes)
    {
        Ptr<QueueDiscClass> queueDiscClass = CreateObject<QueueDiscClass>();
        queueDiscClass->SetQueueDisc(child.Create());
        disc->AddQueueDiscClass(queueDiscClass);
    }
    for (const std::string& filter : filters)
    {
        disc->AddPacketFilter(ObjectFactory(filter).Create<PacketFilter>());
    }
    return disc;
}

NetworkDescription::ClassSpec&
NetworkDescription::ClassSpec::SetTcpAttribute(const std::string& name, const AttributeValue& value)
{
    tcpAttributes.emplace_back(name, MakeAttribute(tcp, name, value));
    return *this;
}

NetworkDescription::ClassSpec&
NetworkDescription::ClassSpec::SetTcpKeyword(const std::string& keyword,
                                             const AlgorithmTraits::KeywordValue& value)
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(tcp, &tid))
    {
        throw std::invalid_argument(
            "tcp=" + tcp +
            " is not a known ns-3 TypeId; valid: a "
            "subclass of ns3::TcpCongestionOps (e.g. tcp=ns3::TcpDualVegas)");
    }
    Attributes attributes;
    const std::string error = AlgorithmTraits::SetKeyword(tid, keyword, value, attributes);
    if (!error.empty())
    {
        throw std::invalid_argument(error);
    }
    for (const auto& [name, typed] : attributes)
    {
        SetTcpAttribute(name, *typed);
    }
    return *this;
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
    fields.trueBaseRtt = trueBaseRtt;
    fields.packetSize = packetSize;
    fields.ecn = spec.ecn;
    return fields;
}

ObjectFactory
NetworkDescription::GetTcpFactory(const ClassSpec& spec,
                                  const AlgorithmTraits::SourceFields& fields)
{
    ObjectFactory factory(spec.tcp);
    const AlgorithmTraits::Source& traits = AlgorithmTraits::GetSource(factory.GetTypeId());
    if (traits.configure)
    {
        traits.configure(factory, spec.tcpAttributes, fields);
    }
    for (const auto& [name, value] : spec.tcpAttributes)
    {
        factory.Set(name, *value); // checked by Validate()
    }
    return factory;
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

Time
NetworkDescription::GetTransmissionRtt(const ClassSpec& spec) const
{
    // Transmission times of the path (data forward, ACK back); the access links run at
    // AccessRate both ways, a route link at its rate in the data's direction and at the
    // other direction's for the ACK.
    const NetworkDescription& d = *this;
    Time transmissionRtt;
    for (int i = 0; i < 2; ++i)
    {
        transmissionRtt += d.accessRate.CalculateBytesTxTime(d.packetSize) +
                           d.accessRate.CalculateBytesTxTime(NetworkDescription::ACK_BYTES);
    }
    for (const std::string& name : spec.route)
    {
        const LinkSpec& l = d.links[d.GetLinkIndex(name)];
        const DataRate data = spec.reverse ? l.GetReverseRate() : l.rate;
        const DataRate ack = spec.reverse ? l.rate : l.GetReverseRate();
        transmissionRtt += data.CalculateBytesTxTime(d.packetSize) +
                           ack.CalculateBytesTxTime(NetworkDescription::ACK_BYTES);
    }
    return transmissionRtt;
}

} // namespace ns3
