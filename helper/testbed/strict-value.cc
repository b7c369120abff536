/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "strict-value.h"

#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/object.h"
#include "ns3/pointer.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StrictValue");

namespace
{

/// 2^63: the first magnitude a Time's 64-bit count (and int64x64_t) cannot hold.
constexpr double TWO_TO_63 = 9223372036854775808.0;
/// 2^64: the first bit rate a DataRate cannot hold.
constexpr double TWO_TO_64 = 18446744073709551616.0;

/// Throw std::invalid_argument "<why>; valid: <valid>".
[[noreturn]] void
Fail(const std::string& why, const std::string& valid)
{
    throw std::invalid_argument(why + "; valid: " + valid);
}

/// \param x a number \return it as text (six significant digits)
std::string
Str(double x)
{
    std::ostringstream os;
    os << x;
    return os.str();
}

/// \param type a value type's name \return it without "ns3::" (ns-3.35 has none)
std::string
Bare(std::string type)
{
    return type.rfind("ns3::", 0) == 0 ? type.substr(5) : type;
}

/**
 * \param digits a whole number's digits (at least one)
 * \param limit the largest value
 * \return whether the digits' value exceeds \p limit
 */
bool
Exceeds(const std::string& digits, uint64_t limit)
{
    const std::string trimmed =
        digits.substr(std::min(digits.find_first_not_of('0'), digits.size() - 1));
    const std::string max = std::to_string(limit);
    return trimmed.size() > max.size() || (trimmed.size() == max.size() && trimmed > max);
}

/// \param e a StrictValue failure \return its "<why>" (before "; valid: ")
std::string
Why(const std::invalid_argument& e)
{
    const std::string what = e.what();
    return what.substr(0, what.find("; valid: "));
}

/**
 * \param text the number of a time or a rate
 * \param valid what the time or rate may be
 * \return StrictValue::ParseDouble(text); its failure says \p valid
 */
double
ParseNumber(const std::string& text, const std::string& valid)
{
    try
    {
        return StrictValue::ParseDouble(text);
    }
    catch (const std::invalid_argument& e)
    {
        Fail(Why(e), valid);
    }
}

/**
 * Check a QueueSize text: ns-3's reader truncates a fraction and wraps beyond 2^32 - 1.
 * \param text the text, e.g. 100p or 1.5MB
 */
void
CheckQueueSize(const std::string& text)
{
    static const std::map<std::string, double> units{{"B", 1},
                                                     {"kB", 1e3},
                                                     {"KB", 1e3},
                                                     {"KiB", 1024},
                                                     {"MB", 1e6},
                                                     {"MiB", 1048576},
                                                     {"p", 1},
                                                     {"kp", 1e3},
                                                     {"Kp", 1e3},
                                                     {"Kip", 1024},
                                                     {"Mp", 1e6},
                                                     {"Mip", 1048576}};
    const std::string valid = "a whole number of packets or bytes, 0 to 4294967295, with a unit "
                              "(p, kp, Kip, Mp, Mip, B, kB, KiB, MB, MiB), e.g. 100p";
    static const std::regex form(R"(([0-9]+\.?[0-9]*|\.[0-9]+)([A-Za-z]+))");
    std::smatch match;
    if (!std::regex_match(text, match, form) || units.count(match[2].str()) == 0)
    {
        Fail(text.empty() ? "no value" : "not a queue size", valid);
    }
    const double size = ParseNumber(match[1].str(), valid) * units.at(match[2].str());
    if (size > std::numeric_limits<uint32_t>::max())
    {
        Fail("out of range", valid);
    }
    if (size != std::floor(size))
    {
        Fail("not a whole number of packets or bytes", valid);
    }
}

/**
 * Check an object's text for a PointerValue, as ObjectFactory reads it: "<TypeId>" or
 * "<TypeId>[<Attribute>=<value>|...]" (ns-3's reader crashes on an unknown TypeId).
 * \param text the text
 * \param checker the attribute's checker (a PointerChecker)
 */
void
CheckPointer(const std::string& text, Ptr<const AttributeChecker> checker)
{
    const auto pointer = DynamicCast<const PointerChecker>(checker);
    const TypeId pointee = pointer ? pointer->GetPointeeTypeId() : Object::GetTypeId();
    const std::string valid = "a TypeId derived from " + pointee.GetName() +
                              ", optionally with its attributes, e.g. " + pointee.GetName() +
                              "[Attribute=value|...] (--PrintTypeIds lists them)";
    static const std::regex form(R"(([^\[\]]+)(\[(.*)\])?)");
    std::smatch match;
    if (!std::regex_match(text, match, form))
    {
        Fail(text.empty() ? "no value" : "not an object's description", valid);
    }
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(match[1].str(), &tid))
    {
        Fail("no TypeId '" + match[1].str() + "'", valid);
    }
    if (!tid.IsChildOf(pointee) && tid != pointee)
    {
        Fail(tid.GetName() + " is not a " + pointee.GetName(), valid);
    }
    if (!tid.HasConstructor())
    {
        Fail(tid.GetName() + " cannot be created (no constructor)", valid);
    }
    std::istringstream attributes(match[3].str());
    std::string item;
    while (match[2].matched && std::getline(attributes, item, '|'))
    {
        const auto equals = item.find('=');
        TypeId::AttributeInformation info;
        if (equals == std::string::npos ||
            !tid.LookupAttributeByName(item.substr(0, equals), &info))
        {
            Fail("'" + item + "': not an attribute of " + tid.GetName() + " with a value", valid);
        }
        try
        {
            StrictValue::ParseAttribute(item.substr(equals + 1), info.checker);
        }
        catch (const std::invalid_argument& e)
        {
            throw std::invalid_argument(item + ": " + e.what());
        }
    }
}

/**
 * Check an address's text for the address value types ns-3 misreads: Address
 * ("type-length-bytes" in hex; ns-3's reader throws std::invalid_argument "stoul" or asserts),
 * Ipv4Address (ns-3 reads "abc" as 0.0.0.75) and Mac48Address.
 * \param text the text
 * \param type the value type, e.g. "AddressValue"
 */
void
CheckAddress(const std::string& text, const std::string& type)
{
    static const std::regex address(
        R"(([0-9a-fA-F]{1,2})-([0-9a-fA-F]{1,2})-([0-9a-fA-F]{1,2}(:[0-9a-fA-F]{1,2})*)?)");
    static const std::regex ipv4(
        R"((25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3})");
    static const std::regex mac48(R"([0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5})");
    std::smatch match;
    if (type == "AddressValue")
    {
        const std::string valid = "type-length-bytes in hex (ns-3's Address text), e.g. "
                                  "01-04-0a:01:01:02, at most 20 bytes";
        if (!std::regex_match(text, match, address))
        {
            Fail(text.empty() ? "no value" : "not an address", valid);
        }
        const std::string bytes = match[3].str();
        const std::size_t count =
            bytes.empty() ? 0 : 1 + std::count(bytes.begin(), bytes.end(), ':');
        if (std::stoul(match[2].str(), nullptr, 16) != count || count > 20)
        {
            Fail("the length is not the number of bytes", valid);
        }
    }
    else if (type == "Ipv4AddressValue" && !std::regex_match(text, ipv4))
    {
        Fail(text.empty() ? "no value" : "not an IPv4 address",
             "four numbers 0 to 255 with dots, e.g. 10.1.1.2");
    }
    else if (type == "Mac48AddressValue" && !std::regex_match(text, mac48))
    {
        Fail(text.empty() ? "no value" : "not a MAC-48 address",
             "six bytes in hex with colons, e.g. 00:00:00:00:00:01");
    }
}

} // namespace

uint64_t
StrictValue::ParseUnsigned(const std::string& text, uint64_t max)
{
    const std::string valid = "a whole number 0 to " + std::to_string(max) + " (digits only)";
    static const std::regex digits("[0-9]+");
    if (text.empty())
    {
        Fail("no value", valid);
    }
    if (text[0] == '-' || text[0] == '+')
    {
        Fail("a sign on an unsigned number", valid);
    }
    if (!std::regex_match(text, digits))
    {
        Fail("not a whole number", valid);
    }
    if (Exceeds(text, max))
    {
        Fail("out of range", valid);
    }
    return std::stoull(text);
}

int64_t
StrictValue::ParseSigned(const std::string& text, int64_t min, int64_t max)
{
    const std::string valid = "a whole number " + std::to_string(min) + " to " +
                              std::to_string(max) + " (digits, optionally after '-')";
    static const std::regex digits("-?[0-9]+");
    if (text.empty())
    {
        Fail("no value", valid);
    }
    if (!std::regex_match(text, digits))
    {
        Fail("not a whole number", valid);
    }
    const bool negative = text[0] == '-';
    // |min| of a signed type is max + 1.
    const uint64_t limit = negative ? static_cast<uint64_t>(-(min + 1)) + 1 : max;
    if (Exceeds(text.substr(negative ? 1 : 0), limit))
    {
        Fail("out of range", valid);
    }
    const long long value = std::stoll(text);
    if (value < min || value > max)
    {
        Fail("out of range", valid);
    }
    return value;
}

double
StrictValue::ParseDouble(const std::string& text)
{
    const std::string valid = "a finite decimal number, e.g. 0.25, -3 or 1e-3";
    static const std::regex decimal(R"([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)");
    static const std::regex nonFinite(R"([+-]?(nan|inf|infinity)(\(.*\))?)", std::regex::icase);
    if (text.empty())
    {
        Fail("no value", valid);
    }
    if (std::regex_match(text, nonFinite))
    {
        Fail("not a finite number", valid);
    }
    if (!std::regex_match(text, decimal))
    {
        Fail("not a decimal number", valid);
    }
    errno = 0;
    const double x = std::strtod(text.c_str(), nullptr);
    if (std::isinf(x))
    {
        Fail("out of range (beyond " + Str(std::numeric_limits<double>::max()) + ")", valid);
    }
    static const std::regex zero(R"([+-]?0*\.?0*([eE][+-]?[0-9]+)?)");
    if (x == 0 && !std::regex_match(text, zero))
    {
        Fail("too small: it reads as 0 (below " + Str(std::numeric_limits<double>::denorm_min()) +
                 ")",
             valid);
    }
    return x;
}

std::string
StrictValue::Describe(double x)
{
    return Str(x);
}

std::string
StrictValue::Describe(const Time& t)
{
    return Str(t.GetSeconds()) + " s";
}

std::string
StrictValue::Describe(const DataRate& r)
{
    return Str(static_cast<double>(r.GetBitRate())) + " bit/s";
}

void
StrictValue::CheckFloatRange(double x, double max)
{
    if (std::fabs(x) > max)
    {
        Fail("out of range", "a number from " + Str(-max) + " to " + Str(max));
    }
}

void
StrictValue::CheckOptionTime(const std::string& text)
{
    if (ParseTime(text).IsStrictlyNegative())
    {
        Fail("a negative time",
             "0 or more (an option's time is a duration, a delay or an instant of the run)");
    }
}

bool
StrictValue::ParseBool(const std::string& text)
{
    std::string lower = text;
    for (char& c : lower)
    {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (lower == "true" || lower == "t" || lower == "1")
    {
        return true;
    }
    if (lower == "false" || lower == "f" || lower == "0")
    {
        return false;
    }
    Fail(text.empty() ? "no value" : "not a truth value", "true, false, t, f, 1 or 0");
}

Time
StrictValue::ParseTime(const std::string& text)
{
    static const std::map<std::string, double> seconds{{"", 1},
                                                       {"s", 1},
                                                       {"ms", 1e-3},
                                                       {"us", 1e-6},
                                                       {"ns", 1e-9},
                                                       {"ps", 1e-12},
                                                       {"fs", 1e-15},
                                                       {"min", 60},
                                                       {"h", 3600},
                                                       {"d", 86400},
                                                       {"y", 365 * 86400.0}};
    const double perSecond = static_cast<double>(Seconds(1).GetTimeStep());
    const double step = 1 / perSecond;
    const double max = TWO_TO_63 / perSecond;
    const std::string valid = "a decimal number and a unit (s, ms, us, ns, ps, fs, min, h, d, y; "
                              "none: s), e.g. 1.5s or 20ms, of magnitude " +
                              Str(step) + " s (the resolution) to " + Str(max) +
                              " s (ns-3's range at this resolution), or 0";
    static const std::regex form(
        R"(([^a-zA-Z]*(e[0-9+-][^a-zA-Z]*)?)(s|ms|us|ns|ps|fs|min|h|d|y)?)",
        std::regex::icase);
    std::smatch match;
    if (text.empty() || !std::regex_match(text, match, form) || seconds.count(match[3].str()) == 0)
    {
        Fail(text.empty() ? "no value" : "not a time", valid);
    }
    const double number = ParseNumber(match[1].str(), valid);
    const double magnitude = std::fabs(number) * seconds.at(match[3].str());
    if (magnitude >= max || std::fabs(number) >= TWO_TO_63)
    {
        Fail("out of range", valid);
    }
    if (number != 0 && magnitude < step)
    {
        Fail("finer than the resolution: it would be 0", valid);
    }
    return Time(text);
}

DataRate
StrictValue::ParseDataRate(const std::string& text)
{
    const std::string valid =
        "a non-negative decimal number (no exponent) and a unit (bps, kbps, Mbps, Gbps, "
        "Bps, KiB/s, ...), e.g. 10Mbps, a whole number of bit/s below " +
        Str(TWO_TO_64);
    // ns-3's DataRate reader takes no sign and no exponent.
    static const std::regex form(R"(([0-9]+\.?[0-9]*|\.[0-9]+)([A-Za-z/]+))");
    std::smatch match;
    DataRateValue unit;
    if (text.empty() || !std::regex_match(text, match, form) ||
        !unit.DeserializeFromString("1" + match[2].str(), MakeDataRateChecker()))
    {
        Fail(text.empty() ? "no value" : "not a data rate", valid);
    }
    const double number = ParseNumber(match[1].str(), valid);
    const double bps = number * static_cast<double>(unit.Get().GetBitRate());
    if (bps >= TWO_TO_64)
    {
        Fail("out of range", valid);
    }
    if (std::fabs(bps - std::nearbyint(bps)) > 1e-6 * std::max(1.0, bps))
    {
        Fail("not a whole number of bit/s (" + Str(bps) + ")", valid);
    }
    DataRateValue value;
    if (!value.DeserializeFromString(text, MakeDataRateChecker()))
    {
        Fail("not a data rate", valid);
    }
    return value.Get();
}

QueueSize
StrictValue::ParseQueueSize(const std::string& text)
{
    CheckQueueSize(text);
    return QueueSize(text);
}

Ptr<AttributeValue>
StrictValue::ParseAttribute(const std::string& text, Ptr<const AttributeChecker> checker)
{
    const std::string type = Bare(checker->GetValueTypeName());
    const std::string range = checker->GetUnderlyingTypeInformation();
    // The texts ns-3's readers would misread, or abort on, are refused here first.
    try
    {
        if (type == "UintegerValue")
        {
            ParseUnsigned(text, std::numeric_limits<uint64_t>::max());
        }
        else if (type == "IntegerValue")
        {
            ParseSigned(text,
                        std::numeric_limits<int64_t>::min(),
                        std::numeric_limits<int64_t>::max());
        }
        else if (type == "DoubleValue")
        {
            ParseDouble(text);
        }
        else if (type == "BooleanValue")
        {
            ParseBool(text);
        }
        else if (type == "TimeValue")
        {
            ParseTime(text);
        }
        else if (type == "DataRateValue")
        {
            ParseDataRate(text);
        }
        else if (type == "QueueSizeValue")
        {
            CheckQueueSize(text);
        }
    }
    catch (const std::invalid_argument& e)
    {
        // A number's checker says it all ("double 0:1"); a Time's, a DataRate's or a
        // QueueSize's says its range at most: the form first.
        const std::string what = e.what();
        const std::string form = what.substr(what.find("; valid: ") + 9);
        const bool number = type == "UintegerValue" || type == "IntegerValue" ||
                            type == "DoubleValue" || type == "BooleanValue";
        Fail(Why(e),
             number ? range
                    : form + (range.empty() || range + "Value" == type ? "" : ", within " + range));
    }
    // ns-3's readers of other types read one word and abort if text is left after it.
    if (type != "StringValue" && text.find_first_of(" \t\n\r\f\v") != std::string::npos)
    {
        Fail("white space in the value", range);
    }
    // An enum's names are its checker's information, "A|B|C" (its reader asserts on others in
    // ns-3.48, whose type name is "ns3::EnumValue<T>").
    if (type.rfind("EnumValue", 0) == 0 &&
        ("|" + range + "|").find("|" + text + "|") == std::string::npos)
    {
        Fail("not one of its values", range);
    }
    if (type == "PointerValue")
    {
        CheckPointer(text, checker);
    }
    CheckAddress(text, type);
    Ptr<AttributeValue> value = checker->Create();
    if (!value->DeserializeFromString(text, checker))
    {
        Fail(type == "TypeIdValue" ? "no such TypeId" : "not a value of this type",
             type == "TypeIdValue" ? "a registered TypeId's name (--PrintTypeIds lists them)"
                                   : range);
    }
    if (!checker->Check(*value))
    {
        Fail("out of range", range);
    }
    return value;
}

bool
StrictValue::CheckConfigValue(const std::string& name, const std::string& text)
{
    const auto separator = name.rfind("::");
    if (separator == std::string::npos)
    {
        for (auto i = GlobalValue::Begin(); i != GlobalValue::End(); ++i)
        {
            if ((*i)->GetName() == name)
            {
                ParseAttribute(text, (*i)->GetChecker());
                return true;
            }
        }
        return false;
    }
    const std::string typeName = name.substr(0, separator);
    const std::string attribute = name.substr(separator + 2);
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        const std::string full = "ns3::" + typeName;
        Fail("no ns-3 TypeId '" + typeName + "'",
             TypeId::LookupByNameFailSafe(full, &tid)
                 ? "--" + full + "::" + attribute + " (a TypeId's full name)"
                 : "a registered TypeId (--PrintTypeIds lists them)");
    }
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(attribute, &info))
    {
        Fail(typeName + " has no attribute '" + attribute + "'",
             "one of its attributes (--PrintAttributes=" + typeName + " lists them)");
    }
    ParseAttribute(text, info.checker);
    return true;
}

} // namespace ns3
