/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-description-validator.h"

#include "network-description-parser.h"
#include "strict-value.h"

#include "ns3/algorithm-traits.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/packet-filter.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetworkDescriptionValidator");

namespace
{

/// Throw std::invalid_argument "<where>: <what>".
[[noreturn]] void
Fail(const std::string& where, const std::string& what)
{
    throw std::invalid_argument(where + ": " + what);
}

/// \param x a number \return it as text, for messages
std::string
Str(double x)
{
    return NetworkDescriptionParser::FormatNumber(x);
}

/**
 * Check that \p typeName is a registered TypeId derived from \p base that can be created, and
 * that each attribute exists with a valid value. Time and DataRate values are checked here
 * first (ns-3 aborts on a malformed one instead of reporting it).
 * \param where for error messages
 * \param typeName the TypeId name
 * \param key the option naming the type (e.g. "queue", "queue.class0" or "tcp")
 * \param base the TypeId \p typeName must derive from
 * \param example a valid \p key, for the message
 * \param attributes (name, value) pairs
 * \param needsMaxSize whether the type must have a MaxSize attribute (the buffer is set there)
 */
void
CheckAttributes(const std::string& where,
                const std::string& typeName,
                const std::string& key,
                TypeId base,
                const std::string& example,
                NetworkDescription::Attributes& attributes,
                bool needsMaxSize = false)
{
    const std::string validType =
        "; valid: a subclass of " + base.GetName() + " (e.g. " + key + "=" + example + ")";
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        Fail(where, key + "=" + typeName + " is not a known ns-3 TypeId" + validType);
    }
    if (!tid.IsChildOf(base) || !tid.HasConstructor())
    {
        Fail(where,
             key + "=" + typeName + " is not a " + base.GetName() + " that can be created" +
                 validType);
    }
    TypeId::AttributeInformation info;
    if (needsMaxSize && !tid.LookupAttributeByName("MaxSize", &info))
    {
        Fail(where,
             key + "=" + typeName +
                 " has no MaxSize attribute (NetworkHelper sets the buffer through it)" +
                 validType + " with MaxSize");
    }
    for (auto& [name, value] : attributes)
    {
        const std::string field = key + "." + name;
        if (!tid.LookupAttributeByName(name, &info))
        {
            Fail(where, field + ": " + typeName + " has no attribute '" + name + "'");
        }
        // Text (the parser's, or a StringValue set in code): Time and DataRate checked first.
        const auto text = DynamicCast<const StringValue>(value);
        const std::string type = info.checker->GetValueTypeName();
        if (text && (type == "ns3::TimeValue" || type == "TimeValue"))
        {
            NetworkDescriptionParser::ParseTime(text->Get(), where + ": " + field);
        }
        else if (text && (type == "ns3::DataRateValue" || type == "DataRateValue"))
        {
            NetworkDescriptionParser::ParseRate(text->Get(), where + ": " + field);
        }
        if (text)
        {
            // Whole text, checked against the attribute's checker (ns-3 misreads or aborts).
            try
            {
                value = StrictValue::ParseAttribute(text->Get(), info.checker);
            }
            catch (const std::invalid_argument& e)
            {
                Fail(where, field + "=" + text->Get() + ": " + e.what());
            }
        }
        Ptr<const AttributeValue> typed = info.checker->CreateValidValue(*value);
        if (!typed)
        {
            Fail(where,
                 field + "=" + value->SerializeToString(info.checker) +
                     " is not a valid value of " + typeName + "::" + name +
                     "; valid: " + info.checker->GetUnderlyingTypeInformation());
        }
        value = typed;
    }
}

/**
 * Check a queue disc, its children and its filters.
 * \param where where
 * \param key its option ("queue", "reverseQueue", "queue.class0", ...)
 * \param q the queue disc
 * \param needsMaxSize whether it must have a MaxSize (a root that takes the link's buffer)
 */
void
CheckQueueSpec(const std::string& where,
               const std::string& key,
               NetworkDescription::QueueDiscSpec& q,
               bool needsMaxSize)
{
    CheckAttributes(where,
                    q.type,
                    key,
                    QueueDisc::GetTypeId(),
                    "ns3::FifoQueueDisc",
                    q.attributes,
                    needsMaxSize);
    for (std::size_t i = 0; i < q.classes.size(); ++i)
    {
        CheckQueueSpec(where, key + ".class" + std::to_string(i), q.classes[i], false);
    }
    for (const std::string& filter : q.filters)
    {
        TypeId tid;
        const std::string valid = "; valid: a PacketFilter TypeId that can be created (e.g. " +
                                  key + ".filter=ns3::DscpPacketFilter)";
        if (!TypeId::LookupByNameFailSafe(filter, &tid))
        {
            Fail(where, key + ".filter=" + filter + " is not a known ns-3 TypeId" + valid);
        }
        if (!tid.IsChildOf(PacketFilter::GetTypeId()) || !tid.HasConstructor())
        {
            Fail(where, key + ".filter=" + filter + " is not a PacketFilter" + valid);
        }
    }
}

/**
 * Check that a time is within [0, MAX_TIME_SECONDS] (descriptions built in code).
 * \param where the start of the message
 * \param field the field
 * \param t the time
 */
void
CheckTime(const std::string& where, const std::string& field, Time t)
{
    if (t.IsStrictlyNegative() || t.GetSeconds() > NetworkDescription::MAX_TIME_SECONDS)
    {
        std::ostringstream os;
        os << field << " = " << t.As(Time::S) << " is out of range; valid: 0 to "
           << NetworkDescription::MAX_TIME_SECONDS << " s";
        Fail(where, os.str());
    }
}

/**
 * Check that a rate is within [MIN_RATE_BPS, MAX_RATE_BPS].
 * \param where the start of the message
 * \param field the field
 * \param rate the rate
 */
void
CheckRate(const std::string& where, const std::string& field, DataRate rate)
{
    if (rate.GetBitRate() < NetworkDescription::MIN_RATE_BPS ||
        rate.GetBitRate() > NetworkDescription::MAX_RATE_BPS)
    {
        Fail(where,
             field + " = " + std::to_string(rate.GetBitRate()) +
                 "bps must be > 0 and within range; valid: 1kbps to 1000Gbps");
    }
}

/**
 * A class whose congestion control needs out-of-band priority (AlgorithmTraits::Source::
 * needsOutOfBand, e.g. Monaco: its OB control packets must skip the data queue, or its
 * accumulation reads about zero) must find a queue disc with AlgorithmTraits::Link::
 * outOfBandPriority (or one that sends its price in band, inBandPrice: AVD) wherever a queue
 * builds: on every link direction its data crosses, and on
 * every direction its reverse control packets cross that has a queue disc (a direction without
 * one holds no queue: its device queue never fills). Throws naming the class and the direction.
 * \param d the description (links and classes valid)
 * \param c one of its classes
 */
void
CheckOutOfBand(const NetworkDescription& d, const NetworkDescription::ClassSpec& c)
{
    TypeId tcp;
    if (!TypeId::LookupByNameFailSafe(c.tcp, &tcp) ||
        !AlgorithmTraits::GetSource(tcp).needsOutOfBand)
    {
        return;
    }
    for (const std::string& name : c.route)
    {
        const NetworkDescription::LinkSpec& l = d.links[d.GetLinkIndex(name)];
        // The reverse direction has a queue disc if one is given or a class runs it backwards
        // (NetworkHelper::Install); a FIFO unless reverseQueue says otherwise.
        const bool reverseHasDisc = !l.reverseQueue.type.empty() || l.reverseBufferPackets != 0 ||
                                    d.IsUsedBackwards(l.name);
        const std::string reverseType =
            l.reverseQueue.type.empty() ? "ns3::FifoQueueDisc" : l.reverseQueue.type;

        struct Direction
        {
            bool data;        // the class' data cross it (else its reverse control packets)
            bool reverse;     // the link's reverse direction
            bool hasDisc;     // a queue disc sits there
            std::string type; // its TypeId
        };

        const Direction directions[] = {{!c.reverse, false, true, l.queueDisc},
                                        {c.reverse, true, reverseHasDisc, reverseType}};
        for (const Direction& dir : directions)
        {
            const AlgorithmTraits::Link& traits =
                AlgorithmTraits::GetLink(TypeId::LookupByName(dir.type));
            if (!dir.hasDisc || traits.outOfBandPriority || traits.inBandPrice)
            {
                continue;
            }
            const std::string key = dir.reverse ? "reverseQueue" : "queue";
            Fail(NetworkDescription::GetLocation(c),
                 "tcp=" + c.tcp +
                     " needs out-of-band priority (its control packets must skip the data "
                     "queue), but its " +
                     (dir.data ? "data cross" : "reverse control packets cross") + " link '" +
                     l.name + "'" +
                     (dir.reverse ? " backwards (" + l.to + " -> " + l.from + ")"
                                  : " (" + l.from + " -> " + l.to + ")") +
                     ", whose queue disc " + dir.type + " has none (" +
                     NetworkDescription::GetLocation(l) + "); valid: " + key +
                     "=ns3::PriorityObQueueDisc on that link (its data band takes " + key +
                     ".class0=...)");
        }
    }
}

} // namespace

void
NetworkDescriptionValidator::CheckQueue(const std::string& where,
                                        const NetworkDescription::LinkSpec& link)
{
    NetworkDescription::LinkSpec copy = link;
    ResolveQueues(where, copy);
}

void
NetworkDescriptionValidator::ResolveQueues(const std::string& where,
                                           NetworkDescription::LinkSpec& l)
{
    // A root with classes (a tree) takes its limits from its children; a plain root gets the
    // link's buffer through MaxSize.
    NetworkDescription::QueueDiscSpec root = l.GetQueue();
    CheckQueueSpec(where, "queue", root, l.queueClasses.empty());
    l.queueAttributes = root.attributes;
    l.queueClasses = root.classes;
    if (!l.queueClasses.empty() && l.bufferPackets != 0)
    {
        Fail(where,
             "buffer= with a queue-disc tree (queue.class0=...): the children hold the packets; "
             "valid: set queue.class<i>.MaxSize instead");
    }
    if (!l.reverseQueue.type.empty())
    {
        CheckQueueSpec(where, "reverseQueue", l.reverseQueue, l.reverseQueue.classes.empty());
        if (!l.reverseQueue.classes.empty() && l.reverseBufferPackets != 0)
        {
            Fail(where,
                 "reverseBuffer= with a queue-disc tree: the children hold the packets; valid: "
                 "set reverseQueue.class<i>.MaxSize instead");
        }
    }
}

void
NetworkDescriptionValidator::CheckTcp(const std::string& where,
                                      const NetworkDescription::ClassSpec& spec)
{
    NetworkDescription::ClassSpec copy = spec;
    ResolveTcp(where, copy);
}

void
NetworkDescriptionValidator::ResolveTcp(const std::string& where, NetworkDescription::ClassSpec& c)
{
    CheckAttributes(where,
                    c.tcp,
                    "tcp",
                    TcpCongestionOps::GetTypeId(),
                    "ns3::TcpDualVegas",
                    c.tcpAttributes);
}

NetworkDescriptionValidator::NetworkDescriptionValidator(const NetworkDescription& network)
    : m_network(network)
{
    NS_LOG_FUNCTION(this);
}

void
NetworkDescriptionValidator::Validate() const
{
    NS_LOG_FUNCTION(this);
    ValidateSettings();
    std::set<std::string> names;
    for (const NetworkDescription::LinkSpec& l : m_network.links)
    {
        ValidateLink(l, names);
    }
    std::set<std::string> classNames;
    uint64_t totalFlows = 0;
    for (const NetworkDescription::ClassSpec& c : m_network.classes)
    {
        if (!classNames.insert(c.name).second)
        {
            Fail(NetworkDescription::GetLocation(c),
                 "name used twice; valid: a name not used by another class");
        }
        ValidateClass(c, totalFlows);
    }
    ValidateEvents();
}

void
NetworkDescriptionValidator::ValidateSettings() const
{
    using ND = NetworkDescription;
    const NetworkDescription& d = m_network;
    if (d.packetSize <= ND::HEADER_BYTES || d.packetSize > ND::MAX_PACKET_SIZE)
    {
        Fail("set",
             "packetSize = " + std::to_string(d.packetSize) + " bytes; it must exceed the " +
                 std::to_string(ND::HEADER_BYTES) +
                 " bytes of headers and fit the 1500-byte MTU; valid: " +
                 std::to_string(ND::HEADER_BYTES + 1) + ".." + std::to_string(ND::MAX_PACKET_SIZE));
    }
    CheckRate("set", "accessRate", d.accessRate);
    CheckTime("set", "sinkAccessDelay", d.sinkAccessDelay);
    CheckTime("set", "startJitter", d.startJitter);
    CheckTime("set", "accessJitter", d.accessJitter);
    CheckTime("set", "accessJitterCorrelation", d.accessJitterCorrelation);
    if (d.links.empty())
    {
        Fail("network", "no links; valid: at least one");
    }
    if (d.classes.empty())
    {
        Fail("network", "no classes of flows; valid: at least one");
    }
    if (d.links.size() > ND::MAX_LINKS || d.classes.size() > ND::MAX_CLASSES)
    {
        Fail("network",
             std::to_string(d.links.size()) + " links and " + std::to_string(d.classes.size()) +
                 " classes; valid: at most " + std::to_string(ND::MAX_LINKS) + " links and " +
                 std::to_string(ND::MAX_CLASSES) + " classes");
    }
}

void
NetworkDescriptionValidator::ValidateLink(const NetworkDescription::LinkSpec& l,
                                          std::set<std::string>& names) const
{
    using ND = NetworkDescription;
    const std::string who = ND::GetLocation(l);
    if (!names.insert(l.name).second)
    {
        Fail(who, "name used twice; valid: a name not used by another link");
    }
    if (l.from == l.to)
    {
        Fail(who, "joins router '" + l.from + "' to itself; valid: two different routers");
    }
    CheckRate(who, "rate", l.rate);
    CheckTime(who, "delay", l.delay);
    if (l.bufferPackets > ND::MAX_BUFFER_PACKETS)
    {
        Fail(who,
             "buffer = " + std::to_string(l.bufferPackets) + " packets; valid: unlimited or 1.." +
                 std::to_string(ND::MAX_BUFFER_PACKETS));
    }
    if (l.reverseRate.GetBitRate() != 0)
    {
        CheckRate(who, "reverseRate", l.reverseRate);
    }
    if (l.reverseBufferPackets > ND::MAX_BUFFER_PACKETS)
    {
        Fail(who,
             "reverseBuffer = " + std::to_string(l.reverseBufferPackets) +
                 " packets; valid: unlimited or 1.." + std::to_string(ND::MAX_BUFFER_PACKETS));
    }
    if (l.queueClasses.size() > ND::MAX_QUEUE_CLASSES ||
        l.reverseQueue.classes.size() > ND::MAX_QUEUE_CLASSES)
    {
        Fail(who,
             "more than " + std::to_string(ND::MAX_QUEUE_CLASSES) +
                 " queue-disc classes; valid: at most " + std::to_string(ND::MAX_QUEUE_CLASSES));
    }
    CheckQueue(who, l);
    ValidateMaxSize(l);
}

void
NetworkDescriptionValidator::ValidateMaxSize(const NetworkDescription::LinkSpec& l) const
{
    const std::string who = NetworkDescription::GetLocation(l);
    const uint32_t packetSize = m_network.packetSize;
    const uint32_t maxPackets = NetworkDescription::MAX_BUFFER_PACKETS;
    for (const auto& [name, value] : l.queueAttributes)
    {
        if (name != "MaxSize")
        {
            continue;
        }
        if (l.bufferPackets != 0)
        {
            Fail(who, "queue.MaxSize given with buffer=; valid: one of them");
        }
        // Typed by CheckQueue (a QueueSizeValue), or text set in code.
        const auto typed = DynamicCast<const QueueSizeValue>(
            NetworkDescription::MakeAttribute(l.queueDisc, name, *value));
        const QueueSize q = typed->Get();
        const bool packets = q.GetUnit() == QueueSizeUnit::PACKETS;
        const uint64_t min = packets ? 1 : packetSize;
        const uint64_t max = packets ? maxPackets : uint64_t{maxPackets} * packetSize;
        if (q.GetValue() < min || q.GetValue() > max)
        {
            Fail(
                who,
                "queue.MaxSize=" + NetworkDescription::GetAttributeText(l.queueDisc, name, *typed) +
                    " is out of range; valid: 1p.." + std::to_string(maxPackets) + "p, or " +
                    std::to_string(packetSize) + "B.." + std::to_string(max) +
                    "B (at least one packet of packetSize bytes)");
        }
    }
}

void
NetworkDescriptionValidator::ValidateClass(const NetworkDescription::ClassSpec& c,
                                           uint64_t& totalFlows) const
{
    using ND = NetworkDescription;
    const std::string who = ND::GetLocation(c);
    if (c.flows == 0)
    {
        Fail(who, "flows must be >= 1; valid: 1.." + std::to_string(ND::MAX_FLOWS));
    }
    totalFlows += c.flows;
    if (totalFlows > ND::MAX_FLOWS)
    {
        Fail(who,
             "flows = " + std::to_string(c.flows) + " brings the total over the classes to " +
                 std::to_string(totalFlows) + "; valid: at most " + std::to_string(ND::MAX_FLOWS) +
                 " flows over all classes");
    }
    const Time oneWay = ValidateRoute(c);
    ValidateTimes(c);
    CheckTcp(who, c);
    if (c.traffic == ND::Traffic::WEB)
    {
        ValidateWeb(c);
        CheckTime(who, "activeOff", c.activeOff);
        CheckTime(who, "think", c.think);
    }
    if (c.traffic != ND::Traffic::PERSISTENT)
    {
        ValidateHostTraffic(c);
    }
    else
    {
        ValidateSourceTraits(c);
    }
    ValidateEnds(c, oneWay);
}

Time
NetworkDescriptionValidator::ValidateRoute(const NetworkDescription::ClassSpec& c) const
{
    const std::string who = NetworkDescription::GetLocation(c);
    const auto& links = m_network.links;
    if (c.route.empty())
    {
        Fail(who, "route is empty; valid: one or more link names, comma-separated");
    }
    Time oneWay;
    std::set<std::string> visited;
    for (std::size_t i = 0; i < c.route.size(); ++i)
    {
        const auto it = std::find_if(links.begin(), links.end(), [&](const auto& l) {
            return l.name == c.route[i];
        });
        if (it == links.end())
        {
            Fail(who,
                 "route names unknown link '" + c.route[i] +
                     "'; valid: a link defined in the description");
        }
        const auto& previous = i > 0 ? links[m_network.GetLinkIndex(c.route[i - 1])] : *it;
        if (i > 0 && previous.to != it->from)
        {
            Fail(who,
                 "route is not connected: link '" + c.route[i - 1] + "' ends at '" + previous.to +
                     "' but '" + it->name + "' starts at '" + it->from +
                     "'; valid: each link starts where the previous one ends");
        }
        if (i == 0)
        {
            visited.insert(it->from);
        }
        if (!visited.insert(it->to).second)
        {
            Fail(who,
                 "route visits router '" + it->to + "' twice (at link '" + it->name +
                     "'); valid: a path through each router at most once (no loops)");
        }
        oneWay += it->delay;
    }
    return oneWay;
}

void
NetworkDescriptionValidator::ValidateTimes(const NetworkDescription::ClassSpec& c) const
{
    const std::string who = NetworkDescription::GetLocation(c);
    CheckTime(who, "rtt", c.rtt);
    CheckTime(who, "start", c.start);
    CheckTime(who, "stop", c.stop);
    CheckTime(who, "rtt (largest)", c.rttMax);
    if (!c.rttMax.IsZero() && c.rttMax <= c.rtt)
    {
        Fail(who, "the rtt range is empty; valid: rttMax > rtt (or rttMax = 0: fixed)");
    }
}

void
NetworkDescriptionValidator::ValidateHostTraffic(const NetworkDescription::ClassSpec& c) const
{
    using ND = NetworkDescription;
    const std::string who = ND::GetLocation(c);
    if (!(c.arrivalRate >= 0 && c.arrivalRate <= ND::MAX_ARRIVAL_RATE))
    {
        Fail(who,
             "arrivalRate = " + Str(c.arrivalRate) + " flows/s; valid: 0.." +
                 Str(ND::MAX_ARRIVAL_RATE));
    }
    if (!(c.meanSize >= 1 && c.meanSize <= ND::MAX_FLOW_SIZE))
    {
        Fail(who, "size = " + Str(c.meanSize) + " packets; valid: 1.." + Str(ND::MAX_FLOW_SIZE));
    }
    ValidateSizeLaw(c);
    if (!c.tcpAttributes.empty())
    {
        Fail(who,
             "tcp." + c.tcpAttributes.front().first +
                 ": short flows create their congestion control by type only; valid: no "
                 "tcp.<Attribute> with traffic=short");
    }
}

void
NetworkDescriptionValidator::ValidateLognormalPareto(const NetworkDescription::ClassSpec& c) const
{
    using ND = NetworkDescription;
    const std::string who = ND::GetLocation(c);
    // Draws above MAX_FLOW_SIZE packets are drawn again: the tail must begin below that.
    const double maxBytes = ND::MAX_FLOW_SIZE * m_network.GetSegmentSize();
    if (!(c.lognormalMu >= 0 && c.lognormalMu <= ND::MAX_LOGNORMAL_MU))
    {
        Fail(who,
             "lognormalMu = " + Str(c.lognormalMu) + " (ln bytes); valid: 0.." +
                 Str(ND::MAX_LOGNORMAL_MU));
    }
    if (!(c.lognormalSigma >= 0.01 && c.lognormalSigma <= 10))
    {
        Fail(who, "lognormalSigma = " + Str(c.lognormalSigma) + " (ln bytes); valid: 0.01..10");
    }
    if (!(c.tailCut >= 1 && c.tailCut < maxBytes && c.tailCut <= ND::MAX_TAIL_CUT))
    {
        Fail(who,
             "tailCut = " + Str(c.tailCut) + " bytes; valid: 1 .. " +
                 Str(std::min(ND::MAX_TAIL_CUT, maxBytes)) + " (below the redraw limit of " +
                 Str(ND::MAX_FLOW_SIZE) + " packets)");
    }
    if (!(c.tailShape >= 0.01 && c.tailShape <= 100))
    {
        Fail(who, "tailShape = " + Str(c.tailShape) + "; valid: 0.01..100");
    }
}

void
NetworkDescriptionValidator::ValidateSizeLaw(const NetworkDescription::ClassSpec& c) const
{
    using ND = NetworkDescription;
    const std::string who = ND::GetLocation(c);
    if (c.sizeDistribution == ND::SizeDistribution::LOGNORMAL_PARETO)
    {
        ValidateLognormalPareto(c);
    }
    if (c.sizeDistribution == ND::SizeDistribution::PARETO && c.paretoBound == 0 &&
        !(c.paretoShape > 1 && c.paretoShape <= 100))
    {
        Fail(who,
             "paretoShape = " + Str(c.paretoShape) +
                 " (a Pareto law has a finite mean only for shape > 1); valid: (1, 100]");
    }
    if (c.paretoBound == 0)
    {
        return;
    }
    if (c.sizeDistribution != ND::SizeDistribution::PARETO)
    {
        Fail(who,
             "paretoBound = " + Str(c.paretoBound) +
                 " packets is for sizeDistribution=pareto; valid: no paretoBound "
                 "with another law");
    }
    if (!(c.paretoBound > c.meanSize && c.paretoBound <= ND::MAX_FLOW_SIZE))
    {
        Fail(who,
             "paretoBound = " + Str(c.paretoBound) +
                 " packets (the truncated law's mean, size = " + Str(c.meanSize) +
                 ", must lie below it); valid: (size, " + Str(ND::MAX_FLOW_SIZE) + "]");
    }
    if (!(c.paretoShape > 0 && c.paretoShape <= 100))
    {
        Fail(who, "paretoShape = " + Str(c.paretoShape) + " with paretoBound; valid: (0, 100]");
    }
}

void
NetworkDescriptionValidator::ValidateSourceTraits(const NetworkDescription::ClassSpec& c) const
{
    // The algorithm's traits say what its attributes may be (checked by CheckTcp).
    const AlgorithmTraits::SourceFields fields =
        NetworkDescription::GetSourceFields(c, c.rtt, m_network.packetSize);
    const ObjectFactory factory = NetworkDescription::GetTcpFactory(c, fields);
    const AlgorithmTraits::Source& traits = AlgorithmTraits::GetSource(factory.GetTypeId());
    const std::string error =
        traits.check ? traits.check(factory.Create<TcpCongestionOps>(), fields) : "";
    if (!error.empty())
    {
        Fail(NetworkDescription::GetLocation(c),
             error + (error.find("valid") == std::string::npos
                          ? "; valid: within the range stated (" + c.tcp + ")"
                          : ""));
    }
}

void
NetworkDescriptionValidator::ValidateEnds(const NetworkDescription::ClassSpec& c, Time oneWay) const
{
    const std::string who = NetworkDescription::GetLocation(c);
    if (c.subPacket && !c.ecn)
    {
        Fail(who,
             "subPacket=on changes the response to ECN-Echo and needs ecn=on; valid: add "
             "ecn=on or leave subPacket off");
    }
    for (const auto& [name, value] : c.tcpAttributes)
    {
        if (name == "PriceSource" && !c.ecn &&
            NetworkDescription::GetAttributeText(c.tcp, name, *value) == "EcnMarks")
        {
            Fail(who,
                 "tcp.PriceSource=EcnMarks needs ecn=on (marks are the price); valid: add "
                 "ecn=on");
        }
    }
    CheckOutOfBand(m_network, c);
    if (!c.stop.IsZero() && c.stop <= c.start)
    {
        Fail(who,
             "stop must be after start (or 0 for the end of the simulation); valid: stop > "
             "start, or 0");
    }
    if (m_network.GetSourceAccessDelay(c).IsStrictlyNegative())
    {
        const Time sink = m_network.sinkAccessDelay;
        std::ostringstream os;
        os << "rtt = " << c.rtt.As(Time::MS) << " is shorter than twice the route's delays ("
           << oneWay.As(Time::MS) << ") plus the sink access delay (" << sink.As(Time::MS) << ")";
        // Where those delays were given: the line at fault may be a link's or the set line.
        for (const std::string& name : c.route)
        {
            const NetworkDescription::LinkSpec& link =
                m_network.links[m_network.GetLinkIndex(name)];
            os << "; " << NetworkDescription::GetLocation(link)
               << ": delay=" << link.delay.As(Time::MS);
        }
        const auto set = m_network.setLocations.find("sinkAccessDelay");
        if (set != m_network.setLocations.end())
        {
            os << "; " << set->second << ": sinkAccessDelay=" << sink.As(Time::MS);
        }
        os << "; valid: rtt >= " << (2 * (oneWay + sink)).As(Time::MS);
        Fail(who, os.str());
    }
}

void
NetworkDescriptionValidator::ValidateEvents() const
{
    const auto& events = m_network.events;
    const auto& links = m_network.links;
    if (events.size() > NetworkDescription::MAX_EVENTS)
    {
        Fail("network",
             std::to_string(events.size()) + " events; valid: at most " +
                 std::to_string(NetworkDescription::MAX_EVENTS));
    }
    for (const NetworkDescription::EventSpec& e : events)
    {
        const std::string who = NetworkDescription::GetLocation(e);
        CheckTime(who, "at", e.at);
        if (std::none_of(links.begin(), links.end(), [&e](const NetworkDescription::LinkSpec& l) {
                return l.name == e.link;
            }))
        {
            Fail(who,
                 "names unknown link '" + e.link + "'; valid: a link defined in the description");
        }
        if (!e.setDelay && e.rate.GetBitRate() == 0 && e.reverseRate.GetBitRate() == 0)
        {
            Fail(who, "changes nothing; valid: one or more of delay=, rate=, reverseRate=");
        }
        if (e.setDelay)
        {
            CheckTime(who, "delay", e.delay);
        }
        if (e.rate.GetBitRate() != 0)
        {
            CheckRate(who, "rate", e.rate);
        }
        if (e.reverseRate.GetBitRate() != 0)
        {
            CheckRate(who, "reverseRate", e.reverseRate);
        }
    }
}

void
NetworkDescriptionValidator::ValidateWeb(const NetworkDescription::ClassSpec& c) const
{
    const std::string who = NetworkDescription::GetLocation(c);
    if (!(c.connections >= c.flows && c.connections <= NetworkDescription::MAX_CONNECTIONS))
    {
        Fail(who,
             "connections = " + std::to_string(c.connections) + " for " + std::to_string(c.flows) +
                 " hosts; valid: flows.." + std::to_string(NetworkDescription::MAX_CONNECTIONS) +
                 " (at least one session a host)");
    }
    if (!(c.embedded >= 0 && c.embedded <= NetworkDescription::MAX_EMBEDDED) ||
        (c.embeddedPareto && !(c.embedded > 0)))
    {
        Fail(who,
             "embedded = " + Str(c.embedded) +
                 " objects; valid: 0..1000 (fixed), (0, 1000] (pareto)");
    }
    if (c.embeddedPareto && !(c.embeddedShape > 1 && c.embeddedShape <= 100))
    {
        Fail(who, "embeddedShape = " + Str(c.embeddedShape) + "; valid: (1, 100]");
    }
    if (c.activeOffWeibull && !(c.activeOffShape >= 0.1 && c.activeOffShape <= 10))
    {
        Fail(who, "activeOffShape = " + Str(c.activeOffShape) + "; valid: [0.1, 10]");
    }
    using Think = NetworkDescription::ThinkDistribution;
    if (c.thinkDistribution != Think::FIXED && !(c.think.IsStrictlyPositive()))
    {
        Fail(who,
             std::string("think = 0 with thinkDistribution=") +
                 (c.thinkDistribution == Think::PARETO ? "pareto" : "exponential") +
                 "; valid: think > 0 (or fixed)");
    }
    if (c.thinkDistribution == Think::PARETO && !(c.thinkShape > 1 && c.thinkShape <= 100))
    {
        Fail(who, "thinkShape = " + Str(c.thinkShape) + "; valid: (1, 100]");
    }
}
} // namespace ns3
