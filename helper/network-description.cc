/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-description.h"

#include "ns3/string.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <fstream>
#include <map>
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

/**
 * Check that \p typeName is a registered TypeId and that each attribute exists with a valid value.
 * \param where for error messages
 * \param typeName the TypeId name
 * \param key the option naming the type ("queue" or "tcp")
 * \param attributes (name, value) pairs
 */
void
CheckAttributes(const std::string& where,
                const std::string& typeName,
                const std::string& key,
                const std::vector<std::pair<std::string, std::string>>& attributes)
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        Fail(where, key + "=" + typeName + " is not a known ns-3 TypeId");
    }
    for (const auto& [name, value] : attributes)
    {
        TypeId::AttributeInformation info;
        if (!tid.LookupAttributeByName(name, &info))
        {
            Fail(where, key + "." + name + ": " + typeName + " has no attribute '" + name + "'");
        }
        if (!info.checker->CreateValidValue(StringValue(value)))
        {
            Fail(where,
                 key + "." + name + "=" + value + " is not a valid value of " + typeName +
                     "::" + name + " (" + info.checker->GetUnderlyingTypeInformation() + ")");
        }
    }
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
                Fail(m_where, "expected key=value, got '" + words[i] + "'");
            }
            const std::string key = words[i].substr(0, eq);
            if (m_values.count(key) != 0)
            {
                Fail(m_where, "'" + key + "' given twice");
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
            Fail(m_where, "missing " + key + "=...");
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
                Fail(m_where, "unknown option '" + key + "' (allowed: " + allowed + ")");
            }
        }
    }

    DataRate Rate(const std::string& key)
    {
        const std::string text = Get(key);
        DataRateValue value; // DataRate(std::string) aborts on bad input; this reports it
        if (!value.DeserializeFromString(text, MakeDataRateChecker()))
        {
            Fail(m_where, key + "=" + text + " is not a data rate (e.g. 100Mbps)");
        }
        return value.Get();
    }

    Time Duration(const std::string& key)
    {
        return ParseTime(Get(key), key);
    }

    Time ParseTime(const std::string& text, const std::string& key)
    {
        // Time(std::string) aborts on bad input: check the form first.
        std::size_t pos = 0;
        double number = 0;
        try
        {
            number = std::stod(text, &pos);
        }
        catch (...)
        {
            pos = 0;
        }
        static const std::set<std::string>
            units{"s", "ms", "us", "ns", "ps", "fs", "min", "h", "d", "y"};
        if (pos == 0 || units.count(text.substr(pos)) == 0 || number < 0)
        {
            Fail(m_where, key + "=" + text + " is not a non-negative time with a unit (e.g. 15ms)");
        }
        return Time(text);
    }

    double Number(const std::string& key)
    {
        const std::string text = Get(key);
        std::size_t pos = 0;
        double value = 0;
        try
        {
            value = std::stod(text, &pos);
        }
        catch (...)
        {
            pos = 0;
        }
        if (pos == 0 || pos != text.size())
        {
            Fail(m_where, key + "=" + text + " is not a number");
        }
        return value;
    }

    uint32_t Count(const std::string& key)
    {
        const double value = Number(key);
        if (value < 0 || value != static_cast<uint32_t>(value))
        {
            Fail(m_where, key + " must be a whole number >= 0");
        }
        return static_cast<uint32_t>(value);
    }

  private:
    std::string m_where;
    std::map<std::string, std::string> m_values;
    std::set<std::string> m_used;
};

} // namespace

NetworkDescription
NetworkDescription::Parse(std::istream& in, const std::string& sourceName)
{
    NetworkDescription d;
    std::string line;
    unsigned lineNumber = 0;
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
                d.packetSize = o.Count("packetSize");
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
                Fail(where, "expected: link <name> <from-router> <to-router> rate=... delay=...");
            }
            LinkSpec link;
            link.name = w[1];
            link.from = w[2];
            link.to = w[3];
            Options o(w, 4, where);
            link.rate = o.Rate("rate");
            link.delay = o.Duration("delay");
            if (o.Has("buffer"))
            {
                const std::string buffer = o.Get("buffer");
                link.bufferPackets = buffer == "unlimited" ? 0 : o.Count("buffer");
                if (buffer != "unlimited" && link.bufferPackets == 0)
                {
                    Fail(where, "buffer must be 'unlimited' or a number of packets >= 1");
                }
            }
            if (o.Has("queue"))
            {
                link.queueDisc = o.Get("queue");
            }
            link.queueAttributes = o.WithPrefix("queue.");
            o.RejectUnknown("rate, delay, buffer, queue, queue.<Attribute>");
            CheckAttributes(where, link.queueDisc, "queue", link.queueAttributes);
            d.links.push_back(link);
        }
        else if (w[0] == "class")
        {
            if (w.size() < 2)
            {
                Fail(where, "expected: class <name> flows=... route=... rtt=...");
            }
            ClassSpec c;
            c.name = w[1];
            Options o(w, 2, where);
            c.flows = o.Count("flows");
            c.route = SplitCommas(o.Get("route"));
            c.rtt = o.Duration("rtt");
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
                c.alpha = o.Number("alpha");
                c.beta = c.alpha;
            }
            if (o.Has("beta"))
            {
                c.beta = o.Number("beta");
            }
            if (o.Has("alphaUnit"))
            {
                const std::string unit = o.Get("alphaUnit");
                c.alphaTimeUnit = unit == "rtt" ? Time(0) : o.ParseTime(unit, "alphaUnit");
                if (unit != "rtt" && c.alphaTimeUnit.IsZero())
                {
                    Fail(where, "alphaUnit must be 'rtt' or a positive time (e.g. 10ms)");
                }
            }
            if (o.Has("baseRtt"))
            {
                const std::string mode = o.Get("baseRtt");
                if (mode != "measured" && mode != "fixed")
                {
                    Fail(where, "baseRtt must be 'measured' or 'fixed', not '" + mode + "'");
                }
                c.fixedBaseRtt = mode == "fixed";
            }
            if (o.Has("rttSample"))
            {
                const std::string sample = o.Get("rttSample");
                if (sample != "mean" && sample != "minimum")
                {
                    Fail(where, "rttSample must be 'mean' or 'minimum', not '" + sample + "'");
                }
                c.meanRttSample = sample == "mean";
            }
            if (o.Has("ecn"))
            {
                const std::string ecn = o.Get("ecn");
                if (ecn != "on" && ecn != "off")
                {
                    Fail(where, "ecn must be 'on' or 'off', not '" + ecn + "'");
                }
                c.ecn = ecn == "on";
            }
            c.tcpAttributes = o.WithPrefix("tcp.");
            o.RejectUnknown("flows, route, rtt, start, stop, tcp, alpha, beta, alphaUnit, baseRtt, "
                            "rttSample, ecn, tcp.<Attribute>");
            CheckAttributes(where, c.tcp, "tcp", c.tcpAttributes);
            d.classes.push_back(c);
        }
        else
        {
            Fail(where, "unknown statement '" + w[0] + "' (expected set, link or class)");
        }
    }
    d.Validate();
    return d;
}

NetworkDescription
NetworkDescription::ParseFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        throw std::invalid_argument("cannot read the topology file '" + path + "'");
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
           << (l.bufferPackets == 0 ? std::string("unlimited") : std::to_string(l.bufferPackets))
           << " queue=" << l.queueDisc;
        for (const auto& [name, value] : l.queueAttributes)
        {
            os << " queue." << name << '=' << value;
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
        os << " rtt=" << c.rtt.As(Time::MS) << " start=" << c.start.As(Time::S)
           << " stop=" << c.stop.As(Time::S) << " tcp=" << c.tcp << " alpha=" << c.alpha
           << " beta=" << c.beta << " alphaUnit=";
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
        for (const auto& [name, value] : c.tcpAttributes)
        {
            os << " tcp." << name << '=' << value;
        }
        os << '\n';
    }
}

void
NetworkDescription::Validate() const
{
    if (packetSize <= HEADER_BYTES)
    {
        Fail("set",
             "packetSize = " + std::to_string(packetSize) + " bytes; it must exceed the " +
                 std::to_string(HEADER_BYTES) + " bytes of headers");
    }
    if (accessRate.GetBitRate() == 0)
    {
        Fail("set", "accessRate must be > 0");
    }
    if (links.empty())
    {
        Fail("network", "no links");
    }
    if (classes.empty())
    {
        Fail("network", "no classes of flows");
    }
    std::set<std::string> names;
    for (const LinkSpec& l : links)
    {
        const std::string who = "link '" + l.name + "'";
        if (!names.insert(l.name).second)
        {
            Fail(who, "name used twice");
        }
        if (l.from == l.to)
        {
            Fail(who, "joins router '" + l.from + "' to itself");
        }
        if (l.rate.GetBitRate() == 0)
        {
            Fail(who, "rate must be > 0");
        }
        if (l.delay.IsStrictlyNegative())
        {
            Fail(who, "delay must be >= 0");
        }
        CheckAttributes(who, l.queueDisc, "queue", l.queueAttributes);
    }
    std::set<std::string> classNames;
    for (const ClassSpec& c : classes)
    {
        const std::string who = "class '" + c.name + "'";
        if (!classNames.insert(c.name).second)
        {
            Fail(who, "name used twice");
        }
        if (c.flows == 0)
        {
            Fail(who, "flows must be >= 1");
        }
        if (c.route.empty())
        {
            Fail(who, "route is empty");
        }
        Time oneWay;
        for (std::size_t i = 0; i < c.route.size(); ++i)
        {
            const auto it = std::find_if(links.begin(), links.end(), [&](const LinkSpec& l) {
                return l.name == c.route[i];
            });
            if (it == links.end())
            {
                Fail(who, "route names unknown link '" + c.route[i] + "'");
            }
            if (i > 0 && links[GetLinkIndex(c.route[i - 1])].to != it->from)
            {
                Fail(who,
                     "route is not connected: link '" + c.route[i - 1] + "' ends at '" +
                         links[GetLinkIndex(c.route[i - 1])].to + "' but '" + it->name +
                         "' starts at '" + it->from + "'");
            }
            oneWay += it->delay;
        }
        if (!(c.alpha > 0))
        {
            Fail(who, "alpha must be > 0 packets");
        }
        if (c.beta < c.alpha)
        {
            Fail(who, "beta must be >= alpha");
        }
        if (c.fixedBaseRtt && c.tcp != "ns3::TcpDualVegas")
        {
            Fail(who, "baseRtt=fixed needs tcp=ns3::TcpDualVegas");
        }
        CheckAttributes(who, c.tcp, "tcp", c.tcpAttributes);
        for (const auto& [name, value] : c.tcpAttributes)
        {
            if (name == "PriceSource" && value == "EcnMarks" && !c.ecn)
            {
                Fail(who, "tcp.PriceSource=EcnMarks needs ecn=on (marks are the price)");
            }
        }
        if (c.alphaTimeUnit.IsStrictlyNegative())
        {
            Fail(who, "alphaUnit must be 'rtt' or a positive time");
        }
        if (!c.stop.IsZero() && c.stop <= c.start)
        {
            Fail(who, "stop must be after start (or 0 for the end of the simulation)");
        }
        if (GetSourceAccessDelay(c).IsStrictlyNegative())
        {
            std::ostringstream os;
            os << "rtt = " << c.rtt.As(Time::MS) << " is shorter than twice the route's delays ("
               << oneWay.As(Time::MS) << ") plus the sink access delay ("
               << sinkAccessDelay.As(Time::MS) << ")";
            Fail(who, os.str());
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

Time
NetworkDescription::GetSourceAccessDelay(const ClassSpec& spec) const
{
    Time oneWay;
    for (const std::string& name : spec.route)
    {
        oneWay += links[GetLinkIndex(name)].delay;
    }
    return spec.rtt / 2 - oneWay - sinkAccessDelay;
}

} // namespace ns3
