/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-description-parser.h"

#include "network-description-validator.h"
#include "strict-value.h"

#include "ns3/algorithm-traits.h"
#include "ns3/log.h"
#include "ns3/string.h"

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

NS_LOG_COMPONENT_DEFINE("NetworkDescriptionParser");

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

/**
 * Read a plain decimal number with the strict reader (StrictValue::ParseDouble():
 * [+-]digits[.digits][e[+-]digits], nothing before or after, no nan, inf, hex or white space,
 * finite, not a non-zero text that reads as 0); the caller words the message.
 * \param text the text
 * \param value where the number goes
 * \return whether \p text is such a number
 */
bool
ParseDecimal(const std::string& text, double* value)
{
    try
    {
        *value = StrictValue::ParseDouble(text);
        return true;
    }
    catch (const std::invalid_argument&)
    {
        return false;
    }
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
    // The strict reader (digits only, within max); the description's own words.
    uint64_t n = 0;
    try
    {
        n = StrictValue::ParseUnsigned(text, max);
    }
    catch (const std::invalid_argument& e)
    {
        const bool range = std::string(e.what()).rfind("out of range", 0) == 0;
        throw std::invalid_argument(
            where + "=" + text + (range ? " is out of range" : " is not a whole number") + valid);
    }
    if (n < min)
    {
        throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
    }
    return n;
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
            q.attributes.emplace_back(name, Create<StringValue>(value)); // typed when checked
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

/// \return the keywords of the class' congestion control, each followed by ", " (the
/// options a statement may give besides the class' own) \param c the class
std::string
KeywordNames(const NetworkDescription::ClassSpec& c)
{
    TypeId tid;
    const std::string names =
        TypeId::LookupByNameFailSafe(c.tcp, &tid) ? AlgorithmTraits::GetKeywordNames(tid) : "";
    return names.empty() ? "" : names + " (of " + c.tcp + "), ";
}

} // namespace

/// The key=value options of a statement, each used at most once, read as typed values.
class NetworkDescriptionParser::Options
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
        return NetworkDescriptionParser::ParseRate(Get(key), m_where + ": " + key);
    }

    /// \param key a key \return its value as a time
    Time Duration(const std::string& key)
    {
        return NetworkDescriptionParser::ParseTime(Get(key), m_where + ": " + key);
    }

    /// If \p key was given, read it as a time. \param key a key \param value where it goes
    void Duration(const std::string& key, Time& value)
    {
        if (Has(key))
        {
            value = Duration(key);
        }
    }

    /// If \p key was given, read it as a data rate. \param key a key \param value where it goes
    void Rate(const std::string& key, DataRate& value)
    {
        if (Has(key))
        {
            value = Rate(key);
        }
    }

    /// \param key a key \return its value as a number in (0, max]
    /// \param max the largest valid value
    double Positive(const std::string& key, double max)
    {
        const std::string text = Get(key);
        double value = 0;
        const std::string valid =
            "; valid: a decimal number > 0 and <= " + NetworkDescriptionParser::FormatNumber(max);
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

    /**
     * Read a buffer option: `unlimited` (0) or a number of packets.
     * \param key the option (given)
     * \return the packets (0: unlimited)
     */
    uint32_t Buffer(const std::string& key)
    {
        if (Get(key) == "unlimited")
        {
            return 0;
        }
        try
        {
            return static_cast<uint32_t>(Count(key, 1, NetworkDescription::MAX_BUFFER_PACKETS, 1));
        }
        catch (const std::invalid_argument& e)
        {
            throw std::invalid_argument(std::string(e.what()) + ", or 'unlimited' (packets)");
        }
    }

    /**
     * Read a non-negative decimal number.
     * \param key the option (given)
     * \param min smallest valid value
     * \param max largest valid value
     * \param unit the unit, for the message
     * \return the number
     */
    double Number(const std::string& key, double min, double max, const std::string& unit)
    {
        const std::string text = Get(key);
        double value = 0;
        const std::string valid = "; valid: a decimal number from " +
                                  NetworkDescriptionParser::FormatNumber(min) + " to " +
                                  NetworkDescriptionParser::FormatNumber(max) + " (" + unit + ")";
        if (!ParseDecimal(text, &value))
        {
            Fail(m_where, key + "=" + text + " is not a number" + valid);
        }
        if (!(value >= min) || value > max)
        {
            Fail(m_where, key + "=" + text + " is out of range" + valid);
        }
        return value;
    }

    /**
     * Read one of a few words.
     * \param key the option (given)
     * \param words the valid words (e.g. "persistent", "short", "web")
     * \return the index of the word given in \p words
     */
    std::size_t OneOf(const std::string& key, const std::vector<std::string>& words)
    {
        const std::string word = Get(key);
        const auto it = std::find(words.begin(), words.end(), word);
        if (it == words.end())
        {
            std::string quoted;
            std::string plain;
            for (std::size_t i = 0; i < words.size(); ++i)
            {
                quoted += (i == 0                  ? ""
                           : i + 1 == words.size() ? " or "
                                                   : ", ") +
                          ("'" + words[i] + "'");
                plain += (i == 0 ? "" : ", ") + words[i];
            }
            Fail(m_where, key + " must be " + quoted + ", not '" + word + "'; valid: " + plain);
        }
        return static_cast<std::size_t>(it - words.begin());
    }

    /**
     * Read a choice of two words, if given.
     * \param key the option (e.g. "direction")
     * \param first the first word (e.g. "forward")
     * \param second the second word (e.g. "reverse")
     * \param value where to store whether it is \p second (unchanged when the option is absent)
     */
    void Choice(const std::string& key,
                const std::string& first,
                const std::string& second,
                bool& value)
    {
        if (Has(key))
        {
            value = OneOf(key, {first, second}) == 1;
        }
    }

  private:
    std::string m_where;
    std::map<std::string, std::string> m_values;
    std::set<std::string> m_used;
};

NetworkDescriptionParser::NetworkDescriptionParser(const std::string& sourceName)
    : m_sourceName(sourceName)
{
    NS_LOG_FUNCTION(this << sourceName);
}

NetworkDescription
NetworkDescriptionParser::Parse(std::istream& in)
{
    NS_LOG_FUNCTION(this);
    m_network = NetworkDescription();
    m_totalFlows = 0;
    std::string line;
    m_line = 0;
    while (std::getline(in, line))
    {
        ++m_line;
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::vector<std::string> w;
        for (std::string word; words >> word;)
        {
            w.push_back(word);
        }
        if (!w.empty())
        {
            ParseStatement(w, m_sourceName + ":" + std::to_string(m_line));
        }
    }
    if (m_network.links.empty())
    {
        Fail(m_sourceName, "no links; valid: at least one 'link' statement");
    }
    if (m_network.classes.empty())
    {
        Fail(m_sourceName, "no classes of flows; valid: at least one 'class' statement");
    }
    m_network.Validate();
    return m_network;
}

void
NetworkDescriptionParser::ParseStatement(const std::vector<std::string>& words,
                                         const std::string& where)
{
    if (words[0] == "set")
    {
        ParseSet(words, where);
    }
    else if (words[0] == "link")
    {
        ParseLink(words, where);
    }
    else if (words[0] == "class")
    {
        ParseClass(words, where);
    }
    else if (words[0] == "at")
    {
        ParseAt(words, where);
    }
    else
    {
        Fail(where, "unknown statement '" + words[0] + "'; valid: set, link, class or at");
    }
}

void
NetworkDescriptionParser::ParseSet(const std::vector<std::string>& words, const std::string& where)
{
    using ND = NetworkDescription;
    Options o(words, 1, where);
    if (o.Has("packetSize"))
    {
        m_network.packetSize = static_cast<uint32_t>(
            o.Count("packetSize", ND::HEADER_BYTES + 1, ND::MAX_PACKET_SIZE, ND::HEADER_BYTES + 1));
    }
    o.Rate("accessRate", m_network.accessRate);
    o.Duration("sinkAccessDelay", m_network.sinkAccessDelay);
    o.Duration("startJitter", m_network.startJitter);
    o.Duration("accessJitter", m_network.accessJitter);
    o.Duration("accessJitterCorrelation", m_network.accessJitterCorrelation);
    o.RejectUnknown("packetSize, accessRate, sinkAccessDelay, startJitter, accessJitter, "
                    "accessJitterCorrelation");
    for (const char* key : {"packetSize",
                            "accessRate",
                            "sinkAccessDelay",
                            "startJitter",
                            "accessJitter",
                            "accessJitterCorrelation"})
    {
        if (o.Has(key))
        {
            m_network.setLocations[key] = where;
        }
    }
}

void
NetworkDescriptionParser::ParseLink(const std::vector<std::string>& words, const std::string& where)
{
    if (words.size() < 4)
    {
        Fail(where,
             "link: too few words; valid: link <name> <from-router> <to-router> "
             "rate=... delay=...");
    }
    if (m_network.links.size() >= NetworkDescription::MAX_LINKS)
    {
        Fail(where,
             "link: more than " + std::to_string(NetworkDescription::MAX_LINKS) +
                 " links; valid: at most " + std::to_string(NetworkDescription::MAX_LINKS));
    }
    NetworkDescription::LinkSpec link;
    link.name = words[1];
    link.from = words[2];
    link.to = words[3];
    link.source = m_sourceName;
    link.line = m_line;
    Options o(words, 4, where);
    link.rate = o.Rate("rate");
    link.delay = o.Duration("delay");
    if (o.Has("buffer"))
    {
        link.bufferPackets = o.Buffer("buffer");
    }
    ParseLinkQueues(o, link);
    o.RejectUnknown("rate, delay, buffer, queue, queue.<Attribute>, queue.class<i>, "
                    "queue.filter, reverseRate, reverseBuffer, reverseQueue, "
                    "reverseQueue.<...>");
    NetworkDescriptionValidator::ResolveQueues(where, link);
    m_network.links.push_back(link);
}

void
NetworkDescriptionParser::ParseLinkQueues(Options& o, NetworkDescription::LinkSpec& link)
{
    const std::string& where = o.Where();
    if (o.Has("queue"))
    {
        link.queueDisc = o.Get("queue");
    }
    const NetworkDescription::QueueDiscSpec queue =
        BuildQueueSpec(where, "queue", link.queueDisc, o.WithPrefix("queue."));
    link.queueAttributes = queue.attributes;
    link.queueClasses = queue.classes;
    link.queueFilters = queue.filters;
    o.Rate("reverseRate", link.reverseRate);
    if (o.Has("reverseBuffer"))
    {
        link.reverseBufferPackets = o.Buffer("reverseBuffer");
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
}

void
NetworkDescriptionParser::ParseClass(const std::vector<std::string>& words,
                                     const std::string& where)
{
    using ND = NetworkDescription;
    if (words.size() < 2)
    {
        Fail(where, "class: no name; valid: class <name> flows=... route=... rtt=...");
    }
    if (m_network.classes.size() >= ND::MAX_CLASSES)
    {
        Fail(where,
             "class: more than " + std::to_string(ND::MAX_CLASSES) + " classes; valid: at most " +
                 std::to_string(ND::MAX_CLASSES));
    }
    ND::ClassSpec c;
    c.name = words[1];
    c.source = m_sourceName;
    c.line = m_line;
    Options o(words, 2, where);
    c.flows = static_cast<uint32_t>(o.Count("flows", 0, ND::MAX_FLOWS, 1)); // 0: Validate()
    m_totalFlows += c.flows;
    if (m_totalFlows > ND::MAX_FLOWS)
    {
        Fail(where,
             "flows=" + std::to_string(c.flows) + ": the classes so far have " +
                 std::to_string(m_totalFlows) + " flows in total; valid: at most " +
                 std::to_string(ND::MAX_FLOWS) + " flows over all classes");
    }
    c.route = SplitCommas(o.Get("route"));
    ParseRtt(o, c);
    ParseKind(o, c);
    ParseHostTraffic(o, c);
    ParseTiming(o, c);
    ParseTcpFields(o, c);
    o.RejectUnknown("flows, route, rtt, start, stop, direction, tcp, " + KeywordNames(c) +
                    "ecn, subPacket, tcp.<Attribute>, traffic, arrivalRate, size, "
                    "sizeDistribution, paretoShape, paretoBound, lognormalMu, lognormalSigma, "
                    "tailCut, tailShape, connections, embedded, "
                    "embeddedDistribution, embeddedShape, activeOff, activeOffDistribution, "
                    "activeOffShape, think, thinkDistribution, thinkShape");
    NetworkDescriptionValidator::ResolveTcp(where, c);
    m_network.classes.push_back(c);
}

void
NetworkDescriptionParser::ParseTcpFields(Options& o, NetworkDescription::ClassSpec& c)
{
    ParseKeywords(o, c);
    bool off = !c.ecn;
    o.Choice("ecn", "on", "off", off);
    c.ecn = !off;
    off = !c.subPacket;
    o.Choice("subPacket", "on", "off", off);
    c.subPacket = !off;
    for (const auto& [name, value] : o.WithPrefix("tcp."))
    {
        c.tcpAttributes.emplace_back(name, Create<StringValue>(value)); // typed when checked
    }
}

void
NetworkDescriptionParser::ParseClassFields(const std::string& fields,
                                           const std::string& where,
                                           NetworkDescription::ClassSpec& c)
{
    NS_LOG_FUNCTION(fields << where << c.name);
    std::istringstream in(fields);
    std::vector<std::string> words;
    std::string word;
    while (in >> word)
    {
        words.push_back(word);
    }
    Options o(words, 0, where);
    if (c.traffic == NetworkDescription::Traffic::WEB)
    {
        ParseWebLaws(o, c);
    }
    if (c.traffic != NetworkDescription::Traffic::PERSISTENT)
    {
        ParseSizeLaw(o, c);
    }
    ParseTiming(o, c);
    ParseTcpFields(o, c);
    o.RejectUnknown("start, stop, tcp, " + KeywordNames(c) + "ecn, subPacket, tcp.<Attribute>" +
                    (c.traffic == NetworkDescription::Traffic::PERSISTENT
                         ? ""
                         : ", size, sizeDistribution, paretoShape, paretoBound, lognormalMu, "
                           "lognormalSigma, tailCut, tailShape") +
                    (c.traffic == NetworkDescription::Traffic::WEB
                         ? ", embedded, embeddedDistribution, embeddedShape, activeOff, "
                           "activeOffDistribution, activeOffShape, think, thinkDistribution, "
                           "thinkShape"
                         : ""));
    NetworkDescriptionValidator::ResolveTcp(where, c);
}

void
NetworkDescriptionParser::ParseRtt(Options& o, NetworkDescription::ClassSpec& c)
{
    const std::string rtt = o.Get("rtt");
    const std::size_t dots = rtt.find("..");
    if (dots == std::string::npos)
    {
        c.rtt = o.Duration("rtt");
        return;
    }
    c.rtt = ParseTime(rtt.substr(0, dots), o.Where() + ": rtt (smallest)");
    c.rttMax = ParseTime(rtt.substr(dots + 2), o.Where() + ": rtt (largest)");
    if (c.rttMax <= c.rtt)
    {
        Fail(o.Where(),
             "rtt=" + rtt +
                 ": the range is empty; valid: <min>..<max> with min < "
                 "max (e.g. 40ms..130ms)");
    }
}

void
NetworkDescriptionParser::ParseKind(Options& o, NetworkDescription::ClassSpec& c)
{
    using Traffic = NetworkDescription::Traffic;
    o.Choice("direction", "forward", "reverse", c.reverse);
    if (o.Has("traffic")) // in the order of Traffic
    {
        c.traffic = static_cast<Traffic>(o.OneOf("traffic", {"persistent", "short", "web"}));
    }
}

void
NetworkDescriptionParser::ParseTiming(Options& o, NetworkDescription::ClassSpec& c)
{
    o.Duration("start", c.start);
    o.Duration("stop", c.stop);
    if (o.Has("tcp"))
    {
        c.tcp = o.Get("tcp");
    }
}

void
NetworkDescriptionParser::ParseKeywords(Options& o, NetworkDescription::ClassSpec& c)
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(c.tcp, &tid))
    {
        NetworkDescriptionValidator::CheckTcp(o.Where(), c); // names the unknown TypeId
    }
    for (const AlgorithmTraits::Keyword& k : AlgorithmTraits::GetSource(tid).keywords)
    {
        if (!o.Has(k.name))
        {
            continue;
        }
        if (c.traffic != NetworkDescription::Traffic::PERSISTENT)
        {
            Fail(o.Where(),
                 k.name +
                     "=: short flows create their congestion control by type only; "
                     "valid: no " +
                     k.name + "= with traffic=short or web");
        }
        const std::string text = o.Get(k.name);
        const bool word = std::find(k.words.begin(), k.words.end(), text) != k.words.end();
        AlgorithmTraits::KeywordValue value(text.c_str());
        if (!word && k.maxNumber > 0)
        {
            value = o.Positive(k.name, k.maxNumber);
        }
        else if (!word && k.time)
        {
            value = ParseTime(text, o.Where() + ": " + k.name);
            if (value.time.IsZero())
            {
                Fail(o.Where(),
                     k.name + "=" + text + ": " + k.name + " must be " +
                         (k.words.empty() ? "" : "'" + k.words.front() + "' or ") +
                         "a positive time; valid: " +
                         (k.words.empty() ? "" : k.words.front() + " or ") +
                         "a time > 0 (e.g. 10ms)");
            }
        }
        else if (!word)
        {
            o.OneOf(k.name, k.words); // fails, naming the words
        }
        try
        {
            c.SetTcpKeyword(k.name, value);
        }
        catch (const std::invalid_argument& e)
        {
            Fail(o.Where(), e.what());
        }
    }
}

void
NetworkDescriptionParser::ParseHostTraffic(Options& o, NetworkDescription::ClassSpec& c)
{
    using Traffic = NetworkDescription::Traffic;
    for (const char* key : {"arrivalRate",
                            "size",
                            "sizeDistribution",
                            "paretoShape",
                            "paretoBound",
                            "lognormalMu",
                            "lognormalSigma",
                            "tailCut",
                            "tailShape"})
    {
        if (o.Has(key) && c.traffic == Traffic::PERSISTENT)
        {
            Fail(o.Where(),
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
            Fail(o.Where(), std::string(key) + "= is for web sessions; valid: add traffic=web");
        }
    }
    if (c.traffic == Traffic::PERSISTENT)
    {
        return;
    }
    if (c.traffic == Traffic::SHORT)
    {
        c.arrivalRate = o.Number("arrivalRate", 0, NetworkDescription::MAX_ARRIVAL_RATE, "flows/s");
    }
    else
    {
        ParseWeb(o, c);
    }
    ParseSizeLaw(o, c);
}

void
NetworkDescriptionParser::ParseWeb(Options& o, NetworkDescription::ClassSpec& c)
{
    using ND = NetworkDescription;
    if (o.Has("arrivalRate"))
    {
        Fail(o.Where(),
             "arrivalRate= is for traffic=short (web sessions are closed-loop: they pace "
             "themselves); valid: connections=<n>");
    }
    c.connections = static_cast<uint32_t>(o.Count("connections", 1, ND::MAX_CONNECTIONS, 1));
    c.tcp = "ns3::TcpNewReno"; // unless tcp= says otherwise (read later)
    c.meanSize = ND::WEB_SIZE;
    c.sizeDistribution = ND::SizeDistribution::PARETO;
    c.paretoShape = ND::WEB_SIZE_SHAPE;
    ParseWebLaws(o, c);
}

void
NetworkDescriptionParser::ParseWebLaws(Options& o, NetworkDescription::ClassSpec& c)
{
    using ND = NetworkDescription;
    if (o.Has("embedded"))
    {
        c.embedded = o.Number("embedded", 0, ND::MAX_EMBEDDED, "objects");
    }
    o.Choice("embeddedDistribution", "fixed", "pareto", c.embeddedPareto);
    if (o.Has("embeddedShape"))
    {
        c.embeddedShape = o.Number("embeddedShape", 1.01, 100, "dimensionless");
    }
    o.Duration("activeOff", c.activeOff);
    o.Choice("activeOffDistribution", "fixed", "weibull", c.activeOffWeibull);
    if (o.Has("activeOffShape"))
    {
        c.activeOffShape = o.Number("activeOffShape", 0.1, 10, "dimensionless");
    }
    o.Duration("think", c.think);
    if (o.Has("thinkDistribution")) // in the order of ThinkDistribution
    {
        c.thinkDistribution = static_cast<ND::ThinkDistribution>(
            o.OneOf("thinkDistribution", {"fixed", "pareto", "exponential"}));
    }
    if (o.Has("thinkShape"))
    {
        c.thinkShape = o.Number("thinkShape", 1.01, 100, "dimensionless");
    }
}

void
NetworkDescriptionParser::ParseSizeLaw(Options& o, NetworkDescription::ClassSpec& c)
{
    using SizeDistribution = NetworkDescription::SizeDistribution;
    if (o.Has("size"))
    {
        c.meanSize = o.Number("size", 1, NetworkDescription::MAX_FLOW_SIZE, "packets");
    }
    if (o.Has("sizeDistribution")) // in the order of SizeDistribution
    {
        c.sizeDistribution = static_cast<SizeDistribution>(
            o.OneOf("sizeDistribution", {"fixed", "exponential", "pareto", "lognormal-pareto"}));
    }
    if (c.sizeDistribution == SizeDistribution::LOGNORMAL_PARETO)
    {
        ParseLognormalPareto(o, c);
        return;
    }
    for (const char* key : {"lognormalMu", "lognormalSigma", "tailCut", "tailShape"})
    {
        if (o.Has(key))
        {
            Fail(o.Where(),
                 std::string(key) +
                     "= is for sizeDistribution=lognormal-pareto; valid: "
                     "sizeDistribution=lognormal-pareto, or no " +
                     key + "=");
        }
    }
    if (o.Has("paretoBound"))
    {
        c.paretoBound = o.Number("paretoBound", 1, NetworkDescription::MAX_FLOW_SIZE, "packets");
    }
    if (o.Has("paretoShape"))
    {
        // A bounded law has a finite mean whatever its shape.
        c.paretoShape =
            o.Number("paretoShape", c.paretoBound > 0 ? 0.01 : 1.01, 100, "dimensionless");
    }
}

void
NetworkDescriptionParser::ParseLognormalPareto(Options& o, NetworkDescription::ClassSpec& c)
{
    using ND = NetworkDescription;
    for (const char* key : {"size", "paretoShape", "paretoBound"})
    {
        if (o.Has(key))
        {
            Fail(o.Where(),
                 std::string(key) +
                     "= does not apply to sizeDistribution=lognormal-pareto (given by its "
                     "parameters, not its mean); valid: lognormalMu=, lognormalSigma=, "
                     "tailCut=, tailShape=");
        }
    }
    if (o.Has("lognormalMu"))
    {
        c.lognormalMu = o.Number("lognormalMu", 0, ND::MAX_LOGNORMAL_MU, "ln bytes");
    }
    if (o.Has("lognormalSigma"))
    {
        c.lognormalSigma = o.Number("lognormalSigma", 0.01, 10, "ln bytes");
    }
    if (o.Has("tailCut"))
    {
        c.tailCut = o.Number("tailCut", 1, ND::MAX_TAIL_CUT, "bytes");
    }
    if (o.Has("tailShape"))
    {
        c.tailShape = o.Number("tailShape", 0.01, 100, "dimensionless");
    }
}

void
NetworkDescriptionParser::ParseAt(const std::vector<std::string>& words, const std::string& where)
{
    if (words.size() < 4 || words[2] != "link")
    {
        Fail(where,
             "at: expected 'at <Time> link <name> key=value...'; valid: at 10s link LA "
             "delay=20ms");
    }
    NetworkDescription::EventSpec e;
    e.at = ParseTime(words[1], where + ": at");
    e.link = words[3];
    e.source = m_sourceName;
    e.line = m_line;
    Options o(words, 4, where);
    if (o.Has("delay"))
    {
        e.setDelay = true;
        e.delay = o.Duration("delay");
    }
    o.Rate("rate", e.rate);
    o.Rate("reverseRate", e.reverseRate);
    o.RejectUnknown("delay, rate, reverseRate");
    m_network.events.push_back(e);
}

Time
NetworkDescriptionParser::ParseTime(const std::string& text, const std::string& where)
{
    const std::string valid = "; valid: a decimal number with a unit (s, ms, us, ns, ps, fs, min, "
                              "h, d, y), from 0 to " +
                              FormatNumber(NetworkDescription::MAX_TIME_SECONDS) + " s";
    // The text read whole by the strict reader (Time(std::string) aborts on bad input and wraps
    // beyond its range), then the description's own range; a unit is required here.
    static const std::regex withUnit(R"(.*[0-9.](s|ms|us|ns|ps|fs|min|h|d|y))");
    Time time;
    bool read = false;
    try
    {
        time = StrictValue::ParseTime(text);
        read = true;
    }
    catch (const std::invalid_argument& e)
    {
        const std::string why = e.what();
        if (why.rfind("out of range", 0) == 0)
        {
            throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
        }
        if (why.rfind("finer", 0) == 0)
        {
            throw std::invalid_argument(where + "=" + text + ": " +
                                        why.substr(0, why.find("; valid: ")) + valid);
        }
    }
    if (!read || !std::regex_match(text, withUnit) || time.IsStrictlyNegative())
    {
        throw std::invalid_argument(where + "=" + text +
                                    " is not a non-negative time with a unit (e.g. 15ms)" + valid);
    }
    if (time > Seconds(NetworkDescription::MAX_TIME_SECONDS))
    {
        throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
    }
    return time;
}

DataRate
NetworkDescriptionParser::ParseRate(const std::string& text, const std::string& where)
{
    const std::string valid =
        "; valid: a decimal number with a unit (e.g. 100Mbps), from 1kbps to 1000Gbps";
    // The strict reader (DataRate(std::string) aborts on bad input and overflows beyond 2^64
    // bit/s), then the description's own range; the description's own words.
    DataRate rate;
    try
    {
        rate = StrictValue::ParseDataRate(text);
    }
    catch (const std::invalid_argument& e)
    {
        const std::string why = e.what();
        if (why.rfind("out of range", 0) == 0)
        {
            throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
        }
        if (why.rfind("not a whole number", 0) == 0)
        {
            throw std::invalid_argument(where + "=" + text + ": " +
                                        why.substr(0, why.find("; valid: ")) + valid);
        }
        throw std::invalid_argument(where + "=" + text + " is not a data rate (e.g. 100Mbps)" +
                                    valid);
    }
    if (rate.GetBitRate() < NetworkDescription::MIN_RATE_BPS ||
        rate.GetBitRate() > NetworkDescription::MAX_RATE_BPS)
    {
        throw std::invalid_argument(where + "=" + text + " is out of range" + valid);
    }
    return rate;
}

NetworkDescription
NetworkDescriptionParser::ParseFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        throw std::invalid_argument(path + ": cannot read the topology file (" +
                                    std::strerror(errno) + "); valid: a readable file");
    }
    return NetworkDescriptionParser(path).Parse(in);
}

std::string
NetworkDescriptionParser::FormatNumber(double x)
{
    std::ostringstream os;
    os << x;
    return os.str();
}

} // namespace ns3
