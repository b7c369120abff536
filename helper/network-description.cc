/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-description.h"

#include "ns3/algorithm-traits.h"
#include "ns3/object-factory.h"
#include "ns3/packet-filter.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// Throw std::invalid_argument "<where>: <what>".
[[noreturn]] void
Fail(const std::string& where, const std::string& what)
{
    throw std::invalid_argument(where + ": " + what);
}

/// Split "a,b,c" on commas.
std::vector<std::string>
SplitCommas(const std::string& text)
{
    std::vector<std::string> parts;
    std::stringstream ss(text);
    std::string part;
    while (std::getline(ss, part, ','))
    {
        if (!part.empty())
        {
            parts.push_back(part);
        }
    }
    return parts;
}

/// \return \p x in the shortest form of std::ostream (e.g. 1e+06)
std::string
Str(double x)
{
    std::ostringstream os;
    os << x;
    return os.str();
}

/**
 * Read a plain decimal number: [+-]digits[.digits][e[+-]digits], nothing before or after (no
 * nan, inf, hex or white space), finite.
 * \param text the text
 * \param value where the number goes
 * \return whether \p text is such a number
 */
bool
ParseDecimal(const std::string& text, double* value)
{
    static const std::regex decimal(R"([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)");
    if (!std::regex_match(text, decimal))
    {
        return false;
    }
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(x))
    {
        return false;
    }
    *value = x;
    return true;
}

/**
 * Read a whole number written with digits only, within [min, max].
 * \param text the text
 * \param where the start of the error message (e.g. "file:3: flows")
 * \param min smallest valid value
 * \param max largest valid value
 * \param shownMin smallest valid value named in the message (a check of \p min elsewhere
 *        reports values below it)
 * \return the number; throws std::invalid_argument "<where>=<text> ...; valid: min..max"
 */
uint64_t
ParseCount(const std::string& text,
           const std::string& where,
           uint64_t min,
           uint64_t max,
           uint64_t shownMin)
{
    const std::string valid = "; valid: a whole number " + std::to_string(shownMin) + ".." +
                              std::to_string(max) + " (digits only)";
    static const std::regex digits("[0-9]+");
    if (!std::regex_match(text, digits))
    {
        throw std::invalid_argument(where + "=" + text + " is not a whole number" + valid);
    }
    // More digits than max has: out of range (and std::stoull would overflow).
    const std::string trimmed = text.substr(std::min(text.find_first_not_of('0'), text.size()));
    if (trimmed.size() > std::to_string(max).size() ||
        (trimmed.empty() ? 0 : std::stoull(trimmed)) > max ||
        (trimmed.empty() ? 0 : std::stoull(trimmed)) < min)
    {
        throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
    }
    return trimmed.empty() ? 0 : std::stoull(trimmed);
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
                const std::vector<std::pair<std::string, std::string>>& attributes,
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
    for (const auto& [name, value] : attributes)
    {
        const std::string field = key + "." + name;
        if (!tid.LookupAttributeByName(name, &info))
        {
            Fail(where, field + ": " + typeName + " has no attribute '" + name + "'");
        }
        const std::string type = info.checker->GetValueTypeName();
        if (type == "ns3::TimeValue" || type == "TimeValue")
        {
            NetworkDescription::ParseTime(value, where + ": " + field);
        }
        else if (type == "ns3::DataRateValue" || type == "DataRateValue")
        {
            NetworkDescription::ParseRate(value, where + ": " + field);
        }
        if (!info.checker->CreateValidValue(StringValue(value)))
        {
            Fail(where,
                 field + "=" + value + " is not a valid value of " + typeName + "::" + name +
                     "; valid: " + info.checker->GetUnderlyingTypeInformation());
        }
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
               const NetworkDescription::QueueDiscSpec& q,
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

/// Check the type and attributes of a link's queue discs. \param where where \param l the link
void
CheckQueue(const std::string& where, const NetworkDescription::LinkSpec& l)
{
    // A root with classes (a tree) takes its limits from its children; a plain root gets the
    // link's buffer through MaxSize.
    CheckQueueSpec(where, "queue", l.GetQueue(), l.queueClasses.empty());
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

/**
 * Build a queue-disc tree from options under one prefix.
 * \param where where, for messages
 * \param key the prefix ("queue", "queue.class1", ...)
 * \param type the TypeId of the disc
 * \param options the options under "<key>." (prefix removed), in order
 * \return the queue disc
 */
NetworkDescription::QueueDiscSpec
BuildQueueSpec(const std::string& where,
               const std::string& key,
               const std::string& type,
               const std::vector<std::pair<std::string, std::string>>& options)
{
    NetworkDescription::QueueDiscSpec q;
    q.type = type;
    static const std::regex child(R"(class([0-9]+)(\.(.+))?)");
    std::map<uint64_t, std::string> childTypes;
    std::map<uint64_t, std::vector<std::pair<std::string, std::string>>> childOptions;
    for (const auto& [name, value] : options)
    {
        std::smatch match;
        if (name == "filter")
        {
            q.filters = SplitCommas(value);
            if (q.filters.empty())
            {
                Fail(where, key + ".filter is empty; valid: PacketFilter TypeIds, comma-separated");
            }
        }
        else if (std::regex_match(name, match, child))
        {
            const uint64_t i = ParseCount(match[1].str(),
                                          where + ": " + key + ".class",
                                          0,
                                          NetworkDescription::MAX_QUEUE_CLASSES - 1,
                                          0);
            if (match[3].matched)
            {
                childOptions[i].emplace_back(match[3].str(), value);
            }
            else
            {
                childTypes[i] = value;
            }
        }
        else
        {
            q.attributes.emplace_back(name, value);
        }
    }
    for (const auto& [i, unused] : childOptions)
    {
        if (childTypes.count(i) == 0)
        {
            Fail(where,
                 key + ".class" + std::to_string(i) + ".* given without " + key + ".class" +
                     std::to_string(i) + "=<QueueDisc TypeId>; valid: a type for every class");
        }
    }
    for (const auto& [i, childType] : childTypes)
    {
        if (i != q.classes.size())
        {
            Fail(where,
                 key + ".class" + std::to_string(q.classes.size()) + " is missing before " + key +
                     ".class" + std::to_string(i) +
                     "; valid: classes numbered 0, 1, ... without "
                     "gaps");
        }
        q.classes.push_back(
            BuildQueueSpec(where, key + ".class" + std::to_string(i), childType, childOptions[i]));
    }
    return q;
}

/**
 * Write a queue disc's options under a prefix.
 * \param os the stream
 * \param key the prefix
 * \param q the queue disc
 */
void
WriteQueueSpec(std::ostream& os, const std::string& key, const NetworkDescription::QueueDiscSpec& q)
{
    os << ' ' << key << '=' << q.type;
    for (const auto& [name, value] : q.attributes)
    {
        os << ' ' << key << '.' << name << '=' << value;
    }
    for (std::size_t i = 0; i < q.classes.size(); ++i)
    {
        WriteQueueSpec(os, key + ".class" + std::to_string(i), q.classes[i]);
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

/// Check the type and attributes of a class' TCP. \param where where \param c the class
void
CheckTcp(const std::string& where, const NetworkDescription::ClassSpec& c)
{
    CheckAttributes(where,
                    c.tcp,
                    "tcp",
                    TcpCongestionOps::GetTypeId(),
                    "ns3::TcpDualVegas",
                    c.tcpAttributes);
}

/// The key=value options of a statement, each used at most once.
class Options
{
  public:
    Options(const std::vector<std::string>& words, std::size_t first, const std::string& where)
        : m_where(where)
    {
        for (std::size_t i = first; i < words.size(); ++i)
        {
            const std::size_t eq = words[i].find('=');
            if (eq == std::string::npos || eq == 0)
            {
                Fail(m_where, "expected key=value, got '" + words[i] + "'; valid: key=value pairs");
            }
            const std::string key = words[i].substr(0, eq);
            if (m_values.count(key) != 0)
            {
                Fail(m_where, "'" + key + "' given twice; valid: each key once");
            }
            m_values[key] = words[i].substr(eq + 1);
        }
    }

    /// \return whether \p key was given (and mark it used)
    bool Has(const std::string& key)
    {
        m_used.insert(key);
        return m_values.count(key) != 0;
    }

    /// \return the value of \p key (which must be given)
    std::string Get(const std::string& key)
    {
        if (!Has(key))
        {
            Fail(m_where, "missing " + key + "=...; valid: " + key + "= is required here");
        }
        return m_values[key];
    }

    /// \return the options whose key starts with \p prefix (prefix removed), marked used
    std::vector<std::pair<std::string, std::string>> WithPrefix(const std::string& prefix)
    {
        std::vector<std::pair<std::string, std::string>> found;
        for (const auto& [key, value] : m_values)
        {
            if (key.size() > prefix.size() && key.compare(0, prefix.size(), prefix) == 0)
            {
                m_used.insert(key);
                found.emplace_back(key.substr(prefix.size()), value);
            }
        }
        return found;
    }

    /// Fail on a key nobody asked for.
    void RejectUnknown(const std::string& allowed)
    {
        for (const auto& [key, value] : m_values)
        {
            if (m_used.count(key) == 0)
            {
                Fail(m_where, "unknown option '" + key + "'; valid: " + allowed);
            }
        }
    }

    /// \param key a key \return its value as a data rate
    DataRate Rate(const std::string& key)
    {
        return NetworkDescription::ParseRate(Get(key), m_where + ": " + key);
    }

    /// \param key a key \return its value as a time
    Time Duration(const std::string& key)
    {
        return NetworkDescription::ParseTime(Get(key), m_where + ": " + key);
    }

    /// \param key a key \return its value as a number in (0, max]
    /// \param max the largest valid value
    double Positive(const std::string& key, double max)
    {
        const std::string text = Get(key);
        double value = 0;
        const std::string valid = "; valid: a decimal number > 0 and <= " + Str(max);
        if (!ParseDecimal(text, &value))
        {
            Fail(m_where, key + "=" + text + " is not a number" + valid);
        }
        if (!(value > 0) || value > max)
        {
            Fail(m_where, key + "=" + text + " is out of range" + valid);
        }
        return value;
    }

    /// \param key a key \param min smallest \param max largest \param shownMin smallest
    /// named in the message \return its value, a count
    uint64_t Count(const std::string& key, uint64_t min, uint64_t max, uint64_t shownMin)
    {
        return ParseCount(Get(key), m_where + ": " + key, min, max, shownMin);
    }

    /// \return the start of this statement's error messages ("<file>:<line>")
    const std::string& Where() const
    {
        return m_where;
    }

  private:
    std::string m_where;
    std::map<std::string, std::string> m_values;
    std::set<std::string> m_used;
};

/**
 * Read a buffer option: `unlimited` (0) or a number of packets.
 * \param o the statement's options
 * \param key the option (given)
 * \return the packets (0: unlimited)
 */
uint32_t
ParseBuffer(Options& o, const std::string& key)
{
    if (o.Get(key) == "unlimited")
    {
        return 0;
    }
    try
    {
        return static_cast<uint32_t>(o.Count(key, 1, NetworkDescription::MAX_BUFFER_PACKETS, 1));
    }
    catch (const std::invalid_argument& e)
    {
        throw std::invalid_argument(std::string(e.what()) + ", or 'unlimited' (packets)");
    }
}

/**
 * Read a non-negative decimal number.
 * \param o the statement's options
 * \param key the option (given)
 * \param min smallest valid value
 * \param max largest valid value
 * \param unit the unit, for the message
 * \return the number
 */
double
ParseNumber(Options& o, const std::string& key, double min, double max, const std::string& unit)
{
    const std::string text = o.Get(key);
    double value = 0;
    const std::string valid =
        "; valid: a decimal number from " + Str(min) + " to " + Str(max) + " (" + unit + ")";
    if (!ParseDecimal(text, &value))
    {
        Fail(o.Where(), key + "=" + text + " is not a number" + valid);
    }
    if (!(value >= min) || value > max)
    {
        Fail(o.Where(), key + "=" + text + " is out of range" + valid);
    }
    return value;
}

/**
 * Read a law's name: \p heavy or "fixed".
 * \param o the statement's options
 * \param key the field (e.g. "thinkDistribution")
 * \param heavy the name of its random law (e.g. "pareto")
 * \param value where to store whether it is \p heavy (unchanged when the field is absent)
 */
void
ParseLaw(Options& o, const std::string& key, const std::string& heavy, bool& value)
{
    if (!o.Has(key))
    {
        return;
    }
    const std::string law = o.Get(key);
    if (law != "fixed" && law != heavy)
    {
        Fail(o.Where(),
             key + " must be 'fixed' or '" + heavy + "', not '" + law + "'; valid: fixed, " +
                 heavy);
    }
    value = law == heavy;
}

/**
 * Read the fields of a class of short flows or web sessions (traffic=short, traffic=web).
 * \param o the statement's options
 * \param c the class, its traffic already read
 */
void
ParseHostTraffic(Options& o, NetworkDescription::ClassSpec& c)
{
    using Traffic = NetworkDescription::Traffic;
    using SizeDistribution = NetworkDescription::SizeDistribution;
    const std::string& where = o.Where();
    for (const char* key :
         {"arrivalRate", "size", "sizeDistribution", "paretoShape", "paretoBound"})
    {
        if (o.Has(key) && c.traffic == Traffic::PERSISTENT)
        {
            Fail(where,
                 std::string(key) + "= is for short flows; valid: add traffic=short (or web)");
        }
    }
    for (const char* key : {"connections",
                            "embedded",
                            "embeddedDistribution",
                            "embeddedShape",
                            "activeOff",
                            "activeOffDistribution",
                            "activeOffShape",
                            "think",
                            "thinkDistribution",
                            "thinkShape"})
    {
        if (o.Has(key) && c.traffic != Traffic::WEB)
        {
            Fail(where, std::string(key) + "= is for web sessions; valid: add traffic=web");
        }
    }
    if (c.traffic == Traffic::PERSISTENT)
    {
        return;
    }
    if (c.traffic == Traffic::SHORT)
    {
        c.arrivalRate =
            ParseNumber(o, "arrivalRate", 0, NetworkDescription::MAX_ARRIVAL_RATE, "flows/s");
    }
    else
    {
        if (o.Has("arrivalRate"))
        {
            Fail(where,
                 "arrivalRate= is for traffic=short (web sessions are closed-loop: they pace "
                 "themselves); valid: connections=<n>");
        }
        c.connections = static_cast<uint32_t>(
            o.Count("connections", 1, NetworkDescription::MAX_CONNECTIONS, 1));
        c.tcp = "ns3::TcpNewReno"; // unless tcp= says otherwise (read later)
        c.meanSize = NetworkDescription::WEB_SIZE;
        c.sizeDistribution = SizeDistribution::PARETO;
        c.paretoShape = NetworkDescription::WEB_SIZE_SHAPE;
        if (o.Has("embedded"))
        {
            c.embedded = ParseNumber(o, "embedded", 0, NetworkDescription::MAX_EMBEDDED, "objects");
        }
        ParseLaw(o, "embeddedDistribution", "pareto", c.embeddedPareto);
        if (o.Has("embeddedShape"))
        {
            c.embeddedShape = ParseNumber(o, "embeddedShape", 1.01, 100, "dimensionless");
        }
        if (o.Has("activeOff"))
        {
            c.activeOff = o.Duration("activeOff");
        }
        ParseLaw(o, "activeOffDistribution", "weibull", c.activeOffWeibull);
        if (o.Has("activeOffShape"))
        {
            c.activeOffShape = ParseNumber(o, "activeOffShape", 0.1, 10, "dimensionless");
        }
        if (o.Has("think"))
        {
            c.think = o.Duration("think");
        }
        ParseLaw(o, "thinkDistribution", "pareto", c.thinkPareto);
        if (o.Has("thinkShape"))
        {
            c.thinkShape = ParseNumber(o, "thinkShape", 1.01, 100, "dimensionless");
        }
    }
    if (o.Has("size"))
    {
        c.meanSize = ParseNumber(o, "size", 1, NetworkDescription::MAX_FLOW_SIZE, "packets");
    }
    if (o.Has("sizeDistribution"))
    {
        const std::string law = o.Get("sizeDistribution");
        if (law != "fixed" && law != "exponential" && law != "pareto")
        {
            Fail(where,
                 "sizeDistribution must be 'fixed', 'exponential' or 'pareto', not '" + law +
                     "'; valid: fixed, exponential, pareto");
        }
        c.sizeDistribution = law == "fixed"         ? SizeDistribution::FIXED
                             : law == "exponential" ? SizeDistribution::EXPONENTIAL
                                                    : SizeDistribution::PARETO;
    }
    if (o.Has("paretoBound"))
    {
        c.paretoBound =
            ParseNumber(o, "paretoBound", 1, NetworkDescription::MAX_FLOW_SIZE, "packets");
    }
    if (o.Has("paretoShape"))
    {
        // A bounded law has a finite mean whatever its shape.
        c.paretoShape =
            ParseNumber(o, "paretoShape", c.paretoBound > 0 ? 0.01 : 1.01, 100, "dimensionless");
    }
}

/**
 * Check the fields of a class of web sessions (NetworkDescription::Validate()).
 * \param who the start of the error messages ("<file>:<line>: class '<name>'")
 * \param c the class
 */
void
ValidateWeb(const std::string& who, const NetworkDescription::ClassSpec& c)
{
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
    if (c.thinkPareto && !(c.think.IsStrictlyPositive()))
    {
        Fail(who, "think = 0 with thinkDistribution=pareto; valid: think > 0 (or fixed)");
    }
    if (c.thinkPareto && !(c.thinkShape > 1 && c.thinkShape <= 100))
    {
        Fail(who, "thinkShape = " + Str(c.thinkShape) + "; valid: (1, 100]");
    }
}

} // namespace

NetworkDescription
NetworkDescription::Parse(std::istream& in, const std::string& sourceName)
{
    NetworkDescription d;
    std::string line;
    uint32_t lineNumber = 0;
    uint64_t totalFlows = 0;
    while (std::getline(in, line))
    {
        ++lineNumber;
        const std::string where = sourceName + ":" + std::to_string(lineNumber);
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::vector<std::string> w;
        for (std::string word; words >> word;)
        {
            w.push_back(word);
        }
        if (w.empty())
        {
            continue;
        }
        if (w[0] == "set")
        {
            Options o(w, 1, where);
            if (o.Has("packetSize"))
            {
                d.packetSize = static_cast<uint32_t>(
                    o.Count("packetSize", HEADER_BYTES + 1, MAX_PACKET_SIZE, HEADER_BYTES + 1));
            }
            if (o.Has("accessRate"))
            {
                d.accessRate = o.Rate("accessRate");
            }
            if (o.Has("sinkAccessDelay"))
            {
                d.sinkAccessDelay = o.Duration("sinkAccessDelay");
            }
            if (o.Has("startJitter"))
            {
                d.startJitter = o.Duration("startJitter");
            }
            o.RejectUnknown("packetSize, accessRate, sinkAccessDelay, startJitter");
        }
        else if (w[0] == "link")
        {
            if (w.size() < 4)
            {
                Fail(where,
                     "link: too few words; valid: link <name> <from-router> <to-router> "
                     "rate=... delay=...");
            }
            if (d.links.size() >= MAX_LINKS)
            {
                Fail(where,
                     "link: more than " + std::to_string(MAX_LINKS) + " links; valid: at most " +
                         std::to_string(MAX_LINKS));
            }
            LinkSpec link;
            link.name = w[1];
            link.from = w[2];
            link.to = w[3];
            link.source = sourceName;
            link.line = lineNumber;
            Options o(w, 4, where);
            link.rate = o.Rate("rate");
            link.delay = o.Duration("delay");
            if (o.Has("buffer"))
            {
                link.bufferPackets = ParseBuffer(o, "buffer");
            }
            if (o.Has("queue"))
            {
                link.queueDisc = o.Get("queue");
            }
            const NetworkDescription::QueueDiscSpec queue =
                BuildQueueSpec(where, "queue", link.queueDisc, o.WithPrefix("queue."));
            link.queueAttributes = queue.attributes;
            link.queueClasses = queue.classes;
            link.queueFilters = queue.filters;
            if (o.Has("reverseRate"))
            {
                link.reverseRate = o.Rate("reverseRate");
            }
            if (o.Has("reverseBuffer"))
            {
                link.reverseBufferPackets = ParseBuffer(o, "reverseBuffer");
            }
            const auto reverseOptions = o.WithPrefix("reverseQueue.");
            if (o.Has("reverseQueue"))
            {
                link.reverseQueue =
                    BuildQueueSpec(where, "reverseQueue", o.Get("reverseQueue"), reverseOptions);
            }
            else if (!reverseOptions.empty())
            {
                Fail(where,
                     "reverseQueue." + reverseOptions.front().first +
                         " given without reverseQueue=<QueueDisc TypeId>; valid: name the "
                         "reverse queue disc");
            }
            o.RejectUnknown("rate, delay, buffer, queue, queue.<Attribute>, queue.class<i>, "
                            "queue.filter, reverseRate, reverseBuffer, reverseQueue, "
                            "reverseQueue.<...>");
            CheckQueue(where, link);
            d.links.push_back(link);
        }
        else if (w[0] == "class")
        {
            if (w.size() < 2)
            {
                Fail(where, "class: no name; valid: class <name> flows=... route=... rtt=...");
            }
            if (d.classes.size() >= MAX_CLASSES)
            {
                Fail(where,
                     "class: more than " + std::to_string(MAX_CLASSES) +
                         " classes; valid: at most " + std::to_string(MAX_CLASSES));
            }
            ClassSpec c;
            c.name = w[1];
            c.source = sourceName;
            c.line = lineNumber;
            Options o(w, 2, where);
            c.flows = static_cast<uint32_t>(o.Count("flows", 0, MAX_FLOWS, 1)); // 0: Validate()
            totalFlows += c.flows;
            if (totalFlows > MAX_FLOWS)
            {
                Fail(where,
                     "flows=" + std::to_string(c.flows) + ": the classes so far have " +
                         std::to_string(totalFlows) + " flows in total; valid: at most " +
                         std::to_string(MAX_FLOWS) + " flows over all classes");
            }
            c.route = SplitCommas(o.Get("route"));
            const std::string rtt = o.Get("rtt");
            const std::size_t dots = rtt.find("..");
            if (dots == std::string::npos)
            {
                c.rtt = o.Duration("rtt");
            }
            else
            {
                c.rtt = ParseTime(rtt.substr(0, dots), where + ": rtt (smallest)");
                c.rttMax = ParseTime(rtt.substr(dots + 2), where + ": rtt (largest)");
                if (c.rttMax <= c.rtt)
                {
                    Fail(where,
                         "rtt=" + rtt +
                             ": the range is empty; valid: <min>..<max> with min < "
                             "max (e.g. 40ms..130ms)");
                }
            }
            if (o.Has("direction"))
            {
                const std::string direction = o.Get("direction");
                if (direction != "forward" && direction != "reverse")
                {
                    Fail(where,
                         "direction must be 'forward' or 'reverse', not '" + direction +
                             "'; valid: forward, reverse");
                }
                c.reverse = direction == "reverse";
            }
            if (o.Has("traffic"))
            {
                const std::string traffic = o.Get("traffic");
                if (traffic != "persistent" && traffic != "short" && traffic != "web")
                {
                    Fail(where,
                         "traffic must be 'persistent', 'short' or 'web', not '" + traffic +
                             "'; valid: persistent, short, web");
                }
                c.traffic = traffic == "short" ? Traffic::SHORT
                            : traffic == "web" ? Traffic::WEB
                                               : Traffic::PERSISTENT;
            }
            ParseHostTraffic(o, c);
            if (o.Has("start"))
            {
                c.start = o.Duration("start");
            }
            if (o.Has("stop"))
            {
                c.stop = o.Duration("stop");
            }
            if (o.Has("tcp"))
            {
                c.tcp = o.Get("tcp");
            }
            if (o.Has("alpha"))
            {
                c.alpha = o.Positive("alpha", MAX_ALPHA);
                c.beta = c.alpha;
            }
            if (o.Has("beta"))
            {
                c.beta = o.Positive("beta", MAX_ALPHA);
            }
            if (o.Has("alphaUnit"))
            {
                const std::string unit = o.Get("alphaUnit");
                c.alphaTimeUnit = unit == "rtt" ? Time(0) : ParseTime(unit, where + ": alphaUnit");
                if (unit != "rtt" && c.alphaTimeUnit.IsZero())
                {
                    Fail(where,
                         "alphaUnit=" + unit +
                             ": alphaUnit must be 'rtt' or a positive time; valid: rtt or a "
                             "time > 0 (e.g. 10ms)");
                }
            }
            if (o.Has("baseRtt"))
            {
                const std::string mode = o.Get("baseRtt");
                if (mode != "measured" && mode != "fixed")
                {
                    Fail(where,
                         "baseRtt must be 'measured' or 'fixed', not '" + mode +
                             "'; valid: measured, fixed");
                }
                c.fixedBaseRtt = mode == "fixed";
            }
            if (o.Has("rttSample"))
            {
                const std::string sample = o.Get("rttSample");
                if (sample != "mean" && sample != "minimum")
                {
                    Fail(where,
                         "rttSample must be 'mean' or 'minimum', not '" + sample +
                             "'; valid: mean, minimum");
                }
                c.meanRttSample = sample == "mean";
            }
            if (o.Has("ecn"))
            {
                const std::string ecn = o.Get("ecn");
                if (ecn != "on" && ecn != "off")
                {
                    Fail(where, "ecn must be 'on' or 'off', not '" + ecn + "'; valid: on, off");
                }
                c.ecn = ecn == "on";
            }
            if (o.Has("subPacket"))
            {
                const std::string subPacket = o.Get("subPacket");
                if (subPacket != "on" && subPacket != "off")
                {
                    Fail(where,
                         "subPacket must be 'on' or 'off', not '" + subPacket +
                             "'; valid: on, off");
                }
                c.subPacket = subPacket == "on";
            }
            c.tcpAttributes = o.WithPrefix("tcp.");
            o.RejectUnknown("flows, route, rtt, start, stop, direction, tcp, alpha, beta, "
                            "alphaUnit, baseRtt, rttSample, ecn, subPacket, tcp.<Attribute>, "
                            "traffic, arrivalRate, size, sizeDistribution, paretoShape, "
                            "paretoBound, connections, embedded, embeddedDistribution, "
                            "embeddedShape, activeOff, activeOffDistribution, activeOffShape, "
                            "think, thinkDistribution, thinkShape");
            CheckTcp(where, c);
            d.classes.push_back(c);
        }
        else if (w[0] == "at")
        {
            if (w.size() < 4 || w[2] != "link")
            {
                Fail(where,
                     "at: expected 'at <Time> link <name> key=value...'; valid: at 10s link LA "
                     "delay=20ms");
            }
            EventSpec e;
            e.at = ParseTime(w[1], where + ": at");
            e.link = w[3];
            e.source = sourceName;
            e.line = lineNumber;
            Options o(w, 4, where);
            if (o.Has("delay"))
            {
                e.setDelay = true;
                e.delay = o.Duration("delay");
            }
            if (o.Has("rate"))
            {
                e.rate = o.Rate("rate");
            }
            if (o.Has("reverseRate"))
            {
                e.reverseRate = o.Rate("reverseRate");
            }
            o.RejectUnknown("delay, rate, reverseRate");
            d.events.push_back(e);
        }
        else
        {
            Fail(where, "unknown statement '" + w[0] + "'; valid: set, link, class or at");
        }
    }
    if (d.links.empty())
    {
        Fail(sourceName, "no links; valid: at least one 'link' statement");
    }
    if (d.classes.empty())
    {
        Fail(sourceName, "no classes of flows; valid: at least one 'class' statement");
    }
    d.Validate();
    return d;
}

Time
NetworkDescription::ParseTime(const std::string& text, const std::string& where)
{
    // Time(std::string) aborts on bad input and wraps beyond its range: check the form first.
    static const std::regex form(
        R"(([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)(s|ms|us|ns|ps|fs|min|h|d|y))");
    static const std::map<std::string, double> seconds{{"s", 1},
                                                       {"ms", 1e-3},
                                                       {"us", 1e-6},
                                                       {"ns", 1e-9},
                                                       {"ps", 1e-12},
                                                       {"fs", 1e-15},
                                                       {"min", 60},
                                                       {"h", 3600},
                                                       {"d", 86400},
                                                       {"y", 365 * 86400.0}};
    const std::string valid = "; valid: a decimal number with a unit (s, ms, us, ns, ps, fs, min, "
                              "h, d, y), from 0 to " +
                              Str(MAX_TIME_SECONDS) + " s";
    std::smatch match;
    double number = 0;
    if (!std::regex_match(text, match, form) || !ParseDecimal(match[1].str(), &number) ||
        number < 0)
    {
        throw std::invalid_argument(where + "=" + text +
                                    " is not a non-negative time with a unit (e.g. 15ms)" + valid);
    }
    if (number * seconds.at(match[4].str()) > MAX_TIME_SECONDS)
    {
        throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
    }
    return Time(text);
}

DataRate
NetworkDescription::ParseRate(const std::string& text, const std::string& where)
{
    const std::string valid =
        "; valid: a decimal number with a unit (e.g. 100Mbps), from 1kbps to 1000Gbps";
    // DataRate(std::string) aborts on bad input and overflows beyond 2^64 bit/s: check the form,
    // and the value of one unit, first.
    static const std::regex form(R"(([0-9]+\.?[0-9]*|\.[0-9]+)([A-Za-z/]+))");
    std::smatch match;
    double number = 0;
    DataRateValue unit;
    DataRateValue value;
    if (!std::regex_match(text, match, form) || !ParseDecimal(match[1].str(), &number) ||
        !unit.DeserializeFromString("1" + match[2].str(), MakeDataRateChecker()))
    {
        throw std::invalid_argument(where + "=" + text + " is not a data rate (e.g. 100Mbps)" +
                                    valid);
    }
    const double bps = number * static_cast<double>(unit.Get().GetBitRate());
    if (!(bps >= MIN_RATE_BPS && bps <= MAX_RATE_BPS) ||
        !value.DeserializeFromString(text, MakeDataRateChecker()))
    {
        throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
    }
    return value.Get();
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

NetworkDescription
NetworkDescription::ParseFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        throw std::invalid_argument(path + ": cannot read the topology file (" +
                                    std::strerror(errno) + "); valid: a readable file");
    }
    return Parse(in, path);
}

void
NetworkDescription::Write(std::ostream& os) const
{
    os << "set packetSize=" << packetSize << " accessRate=" << accessRate
       << " sinkAccessDelay=" << sinkAccessDelay.As(Time::MS)
       << " startJitter=" << startJitter.As(Time::MS) << '\n';
    for (const LinkSpec& l : links)
    {
        os << "link " << l.name << ' ' << l.from << ' ' << l.to << " rate=" << l.rate
           << " delay=" << l.delay.As(Time::MS) << " buffer="
           << (l.bufferPackets == 0 ? std::string("unlimited") : std::to_string(l.bufferPackets));
        WriteQueueSpec(os, "queue", l.GetQueue());
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
            WriteQueueSpec(os, "reverseQueue", l.reverseQueue);
        }
        os << '\n';
    }
    for (const ClassSpec& c : classes)
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
        os << " direction=" << (c.reverse ? "reverse" : "forward")
           << " start=" << c.start.As(Time::S) << " stop=" << c.stop.As(Time::S) << " tcp=" << c.tcp
           << " alpha=" << c.alpha << " beta=" << c.beta << " alphaUnit=";
        if (c.alphaTimeUnit.IsZero())
        {
            os << "rtt";
        }
        else
        {
            os << c.alphaTimeUnit.As(Time::MS);
        }
        os << " baseRtt=" << (c.fixedBaseRtt ? "fixed" : "measured")
           << " rttSample=" << (c.meanRttSample ? "mean" : "minimum")
           << " ecn=" << (c.ecn ? "on" : "off");
        if (c.subPacket)
        {
            os << " subPacket=on";
        }
        for (const auto& [name, value] : c.tcpAttributes)
        {
            os << " tcp." << name << '=' << value;
        }
        if (c.traffic != Traffic::PERSISTENT)
        {
            static const char* laws[] = {"fixed", "exponential", "pareto"};
            if (c.traffic == Traffic::SHORT)
            {
                os << " traffic=short arrivalRate=" << c.arrivalRate;
            }
            else
            {
                os << " traffic=web connections=" << c.connections << " embedded=" << c.embedded
                   << " embeddedDistribution=" << (c.embeddedPareto ? "pareto" : "fixed")
                   << " embeddedShape=" << c.embeddedShape
                   << " activeOff=" << c.activeOff.As(Time::MS)
                   << " activeOffDistribution=" << (c.activeOffWeibull ? "weibull" : "fixed")
                   << " activeOffShape=" << c.activeOffShape << " think=" << c.think.As(Time::MS)
                   << " thinkDistribution=" << (c.thinkPareto ? "pareto" : "fixed")
                   << " thinkShape=" << c.thinkShape;
            }
            os << " size=" << c.meanSize
               << " sizeDistribution=" << laws[static_cast<int>(c.sizeDistribution)]
               << " paretoShape=" << c.paretoShape;
            if (c.paretoBound > 0)
            {
                os << " paretoBound=" << c.paretoBound;
            }
        }
        os << '\n';
    }
    for (const EventSpec& e : events)
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
}

namespace
{
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
NetworkDescription::Validate() const
{
    if (packetSize <= HEADER_BYTES || packetSize > MAX_PACKET_SIZE)
    {
        Fail("set",
             "packetSize = " + std::to_string(packetSize) + " bytes; it must exceed the " +
                 std::to_string(HEADER_BYTES) +
                 " bytes of headers and fit the 1500-byte MTU; valid: " +
                 std::to_string(HEADER_BYTES + 1) + ".." + std::to_string(MAX_PACKET_SIZE));
    }
    CheckRate("set", "accessRate", accessRate);
    CheckTime("set", "sinkAccessDelay", sinkAccessDelay);
    CheckTime("set", "startJitter", startJitter);
    if (links.empty())
    {
        Fail("network", "no links; valid: at least one");
    }
    if (classes.empty())
    {
        Fail("network", "no classes of flows; valid: at least one");
    }
    if (links.size() > MAX_LINKS || classes.size() > MAX_CLASSES)
    {
        Fail("network",
             std::to_string(links.size()) + " links and " + std::to_string(classes.size()) +
                 " classes; valid: at most " + std::to_string(MAX_LINKS) + " links and " +
                 std::to_string(MAX_CLASSES) + " classes");
    }
    std::set<std::string> names;
    for (const LinkSpec& l : links)
    {
        const std::string who = GetLocation(l);
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
        if (l.bufferPackets > MAX_BUFFER_PACKETS)
        {
            Fail(who,
                 "buffer = " + std::to_string(l.bufferPackets) +
                     " packets; valid: unlimited or 1.." + std::to_string(MAX_BUFFER_PACKETS));
        }
        if (l.reverseRate.GetBitRate() != 0)
        {
            CheckRate(who, "reverseRate", l.reverseRate);
        }
        if (l.reverseBufferPackets > MAX_BUFFER_PACKETS)
        {
            Fail(who,
                 "reverseBuffer = " + std::to_string(l.reverseBufferPackets) +
                     " packets; valid: unlimited or 1.." + std::to_string(MAX_BUFFER_PACKETS));
        }
        if (l.queueClasses.size() > MAX_QUEUE_CLASSES ||
            l.reverseQueue.classes.size() > MAX_QUEUE_CLASSES)
        {
            Fail(who,
                 "more than " + std::to_string(MAX_QUEUE_CLASSES) +
                     " queue-disc classes; valid: at most " + std::to_string(MAX_QUEUE_CLASSES));
        }
        CheckQueue(who, l);
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
            QueueSizeValue size;
            size.DeserializeFromString(value, MakeQueueSizeChecker()); // checked by CheckQueue
            const QueueSize q = size.Get();
            const bool packets = q.GetUnit() == QueueSizeUnit::PACKETS;
            const uint64_t min = packets ? 1 : packetSize;
            const uint64_t max =
                packets ? MAX_BUFFER_PACKETS : uint64_t{MAX_BUFFER_PACKETS} * packetSize;
            if (q.GetValue() < min || q.GetValue() > max)
            {
                Fail(who,
                     "queue.MaxSize=" + value + " is out of range; valid: 1p.." +
                         std::to_string(MAX_BUFFER_PACKETS) + "p, or " +
                         std::to_string(packetSize) + "B.." + std::to_string(max) +
                         "B (at least one packet of packetSize bytes)");
            }
        }
    }
    std::set<std::string> classNames;
    uint64_t totalFlows = 0;
    for (const ClassSpec& c : classes)
    {
        const std::string who = GetLocation(c);
        if (!classNames.insert(c.name).second)
        {
            Fail(who, "name used twice; valid: a name not used by another class");
        }
        if (c.flows == 0)
        {
            Fail(who, "flows must be >= 1; valid: 1.." + std::to_string(MAX_FLOWS));
        }
        totalFlows += c.flows;
        if (totalFlows > MAX_FLOWS)
        {
            Fail(who,
                 "flows = " + std::to_string(c.flows) + " brings the total over the classes to " +
                     std::to_string(totalFlows) + "; valid: at most " + std::to_string(MAX_FLOWS) +
                     " flows over all classes");
        }
        if (c.route.empty())
        {
            Fail(who, "route is empty; valid: one or more link names, comma-separated");
        }
        Time oneWay;
        std::set<std::string> visited;
        for (std::size_t i = 0; i < c.route.size(); ++i)
        {
            const auto it = std::find_if(links.begin(), links.end(), [&](const LinkSpec& l) {
                return l.name == c.route[i];
            });
            if (it == links.end())
            {
                Fail(who,
                     "route names unknown link '" + c.route[i] +
                         "'; valid: a link defined in the description");
            }
            if (i > 0 && links[GetLinkIndex(c.route[i - 1])].to != it->from)
            {
                Fail(who,
                     "route is not connected: link '" + c.route[i - 1] + "' ends at '" +
                         links[GetLinkIndex(c.route[i - 1])].to + "' but '" + it->name +
                         "' starts at '" + it->from +
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
        CheckTime(who, "rtt", c.rtt);
        CheckTime(who, "start", c.start);
        CheckTime(who, "stop", c.stop);
        CheckTime(who, "alphaUnit", c.alphaTimeUnit);
        if (!(c.alpha > 0) || !(c.alpha <= MAX_ALPHA))
        {
            Fail(who, "alpha must be > 0 packets; valid: (0, " + Str(MAX_ALPHA) + "]");
        }
        if (!(c.beta >= c.alpha) || !(c.beta <= MAX_ALPHA))
        {
            Fail(who, "beta must be >= alpha; valid: [alpha, " + Str(MAX_ALPHA) + "]");
        }
        CheckTime(who, "rtt (largest)", c.rttMax);
        if (!c.rttMax.IsZero() && c.rttMax <= c.rtt)
        {
            Fail(who, "the rtt range is empty; valid: rttMax > rtt (or rttMax = 0: fixed)");
        }
        CheckTcp(who, c);
        if (c.traffic == Traffic::WEB)
        {
            ValidateWeb(who, c);
            CheckTime(who, "activeOff", c.activeOff);
            CheckTime(who, "think", c.think);
        }
        if (c.traffic != Traffic::PERSISTENT)
        {
            if (!(c.arrivalRate >= 0 && c.arrivalRate <= MAX_ARRIVAL_RATE))
            {
                Fail(who,
                     "arrivalRate = " + Str(c.arrivalRate) + " flows/s; valid: 0.." +
                         Str(MAX_ARRIVAL_RATE));
            }
            if (!(c.meanSize >= 1 && c.meanSize <= MAX_FLOW_SIZE))
            {
                Fail(who,
                     "size = " + Str(c.meanSize) + " packets; valid: 1.." + Str(MAX_FLOW_SIZE));
            }
            if (c.sizeDistribution == SizeDistribution::PARETO && c.paretoBound == 0 &&
                !(c.paretoShape > 1 && c.paretoShape <= 100))
            {
                Fail(who,
                     "paretoShape = " + Str(c.paretoShape) +
                         " (a Pareto law has a finite mean only for shape > 1); valid: (1, 100]");
            }
            if (c.paretoBound != 0)
            {
                if (c.sizeDistribution != SizeDistribution::PARETO)
                {
                    Fail(who,
                         "paretoBound = " + Str(c.paretoBound) +
                             " packets is for sizeDistribution=pareto; valid: no paretoBound "
                             "with another law");
                }
                if (!(c.paretoBound > c.meanSize && c.paretoBound <= MAX_FLOW_SIZE))
                {
                    Fail(who,
                         "paretoBound = " + Str(c.paretoBound) +
                             " packets (the truncated law's mean, size = " + Str(c.meanSize) +
                             ", must lie below it); valid: (size, " + Str(MAX_FLOW_SIZE) + "]");
                }
                if (!(c.paretoShape > 0 && c.paretoShape <= 100))
                {
                    Fail(who,
                         "paretoShape = " + Str(c.paretoShape) +
                             " with paretoBound; valid: (0, 100]");
                }
            }
            if (!c.tcpAttributes.empty())
            {
                Fail(who,
                     "tcp." + c.tcpAttributes.front().first +
                         ": short flows create their congestion control by type only; valid: no "
                         "tcp.<Attribute> with traffic=short");
            }
        }
        else
        {
            // The algorithm's traits say what its fields and attributes may be.
            const AlgorithmTraits::SourceFields fields = GetSourceFields(c, c.rtt, packetSize);
            ObjectFactory factory(c.tcp);
            const AlgorithmTraits::Source& traits = AlgorithmTraits::GetSource(factory.GetTypeId());
            if (traits.configure)
            {
                traits.configure(factory, fields);
            }
            for (const auto& [name, value] : c.tcpAttributes)
            {
                factory.Set(name, StringValue(value)); // checked by CheckTcp
            }
            const std::string error =
                traits.check ? traits.check(factory.Create<TcpCongestionOps>(), fields) : "";
            if (!error.empty())
            {
                Fail(who,
                     error + (error.find("valid") == std::string::npos
                                  ? "; valid: within the range stated (" + c.tcp + ")"
                                  : ""));
            }
        }
        if (c.subPacket && !c.ecn)
        {
            Fail(who,
                 "subPacket=on changes the response to ECN-Echo and needs ecn=on; valid: add "
                 "ecn=on or leave subPacket off");
        }
        for (const auto& [name, value] : c.tcpAttributes)
        {
            if (name == "PriceSource" && value == "EcnMarks" && !c.ecn)
            {
                Fail(who,
                     "tcp.PriceSource=EcnMarks needs ecn=on (marks are the price); valid: add "
                     "ecn=on");
            }
        }
        CheckOutOfBand(*this, c);
        if (!c.stop.IsZero() && c.stop <= c.start)
        {
            Fail(who,
                 "stop must be after start (or 0 for the end of the simulation); valid: stop > "
                 "start, or 0");
        }
        if (GetSourceAccessDelay(c).IsStrictlyNegative())
        {
            std::ostringstream os;
            os << "rtt = " << c.rtt.As(Time::MS) << " is shorter than twice the route's delays ("
               << oneWay.As(Time::MS) << ") plus the sink access delay ("
               << sinkAccessDelay.As(Time::MS)
               << "); valid: rtt >= " << (2 * (oneWay + sinkAccessDelay)).As(Time::MS);
            Fail(who, os.str());
        }
    }
    ValidateEvents();
}

void
NetworkDescription::ValidateEvents() const
{
    if (events.size() > MAX_EVENTS)
    {
        Fail("network",
             std::to_string(events.size()) + " events; valid: at most " +
                 std::to_string(MAX_EVENTS));
    }
    for (const EventSpec& e : events)
    {
        const std::string who = GetLocation(e);
        CheckTime(who, "at", e.at);
        if (std::none_of(links.begin(), links.end(), [&e](const LinkSpec& l) {
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
    Fail("network", "unknown link '" + name + "'");
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
