/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STRICT_VALUE_H
#define STRICT_VALUE_H

#include "ns3/attribute.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/queue-size.h"

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The one strict reader of the values a user types: example options
 * (StrictCommandLine), --ns3::Type::Attribute=value and global values, and the tcp./queue.
 * attribute values of a network description.
 *
 * ns-3's own readers keep what they understand and drop the rest (`1e300` is 1 for an unsigned,
 * `2.5` is 2, `-1` wraps to 4294967295, a Time of `1e300` s becomes 0) or abort without naming
 * the input (`nan` for a double attribute). Every function here reads the whole text or throws
 * std::invalid_argument "<why>; valid: <what>" (the caller prefixes the option and the value);
 * once a text passed, ns-3's reader gives the same value as here, so valid input is read as
 * before. The rules:
 * - whole numbers (unsigned, int, uint64...): digits only, with a '-' for a signed type (no '+',
 *   no sign at all on an unsigned type, no fraction, no exponent: `1e3` is refused, write 1000),
 *   within the type's range;
 * - real numbers: [+-]digits[.digits][e[+-]digits] (no nan, inf, hex, white space), finite
 *   (beyond 1.8e308 refused), and a non-zero text must not read as 0 (1e-400); denormals are
 *   read as such;
 * - bool: true, false, t, f (any case), 1 or 0;
 * - Time: a real number and an optional unit (s, ms, us, ns, ps, fs, min, h, d, y; none means
 *   s), whose magnitude at the current resolution fits ns-3's 64-bit count, and which, if not
 *   zero, is at least one resolution step (an example option's time is also never negative);
 * - DataRate: an unsigned real number and a DataRate unit (bps, kbps, Mb/s, ...), a whole
 *   number of bit/s below 2^64;
 * - QueueSize (an attribute's): a non-negative decimal number and a unit (p, kp, Kip, Mp, Mip, B,
 *   kB, KiB, MB, MiB), a whole number of packets or bytes below 2^32;
 * - an attribute's text: read as its checker's value type (the above for Uinteger, Integer,
 *   Double, Boolean, Time, DataRate and QueueSize values; an Enum's text must be one of its
 *   names; a Pointer's text is a TypeId derived from the pointee's, as ObjectFactory reads it,
 *   "Type[Attribute=value|...]", each attribute's value read strictly; an Address's is
 *   "type-length-bytes" in hex with as many bytes as its length, an Ipv4Address's a dotted quad,
 *   a Mac48Address's six hex bytes; no white space in any but a String's; other types by ns-3's
 *   own reader), then the
 *   checker's Check() (its range); the range printed is the checker's
 *   GetUnderlyingTypeInformation(), e.g. "double 0:1" (a Time's, DataRate's or QueueSize's
 *   form first, then the checker's range if it has one).
 */
class StrictValue
{
  public:
    /**
     * \param text the text
     * \param max the largest valid value
     * \return the whole number
     */
    static uint64_t ParseUnsigned(const std::string& text, uint64_t max);
    /**
     * \param text the text
     * \param min the smallest valid value
     * \param max the largest valid value
     * \return the whole number
     */
    static int64_t ParseSigned(const std::string& text, int64_t min, int64_t max);
    /// \param text the text \return the finite real number
    static double ParseDouble(const std::string& text);
    /// \param text the text \return the truth value
    static bool ParseBool(const std::string& text);
    /// \param text the text \return the time (ns-3's reading of it)
    static Time ParseTime(const std::string& text);
    /// \param text the text \return the rate (ns-3's reading of it)
    static DataRate ParseDataRate(const std::string& text);
    /// \param text the text, e.g. 100p \return the queue size (ns-3's reading of it)
    static QueueSize ParseQueueSize(const std::string& text);

    /**
     * Read \p text as a value of the attribute \p checker checks, checked against its range.
     * \param text the text
     * \param checker the attribute's (or global value's) checker
     * \return the value
     */
    static Ptr<AttributeValue> ParseAttribute(const std::string& text,
                                              Ptr<const AttributeChecker> checker);

    /**
     * Check a value of ns-3's configuration as CommandLine would set it: \p name is
     * "ns3::Type::Attribute" (an attribute's default, the TypeId and attribute must exist) or
     * a global value's name (e.g. "RngRun").
     * \param name the option's name, without "--"
     * \param text its value
     * \return false if \p name is neither (an unknown option); throws if the value is bad
     */
    static bool CheckConfigValue(const std::string& name, const std::string& text);

    /**
     * Check \p text as a \p T (the types example options have); std::string takes any text.
     * \tparam T the option's type (bool, a number, Time, DataRate, QueueSize or std::string)
     * \param text the text
     */
    template <class T>
    static void Check(const std::string& text)
    {
        if constexpr (std::is_same_v<T, bool>)
        {
            ParseBool(text);
        }
        else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
        {
            ParseUnsigned(text, std::numeric_limits<T>::max());
        }
        else if constexpr (std::is_integral_v<T>)
        {
            ParseSigned(text, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
        }
        else if constexpr (std::is_floating_point_v<T>)
        {
            const double x = ParseDouble(text);
            CheckFloatRange(x, std::numeric_limits<T>::max());
        }
        else if constexpr (std::is_same_v<T, Time>)
        {
            CheckOptionTime(text);
        }
        else if constexpr (std::is_same_v<T, DataRate>)
        {
            ParseDataRate(text);
        }
        else if constexpr (std::is_same_v<T, QueueSize>)
        {
            ParseQueueSize(text);
        }
        else
        {
            static_assert(std::is_same_v<T, std::string>,
                          "StrictValue::Check: no strict reader for this option type");
        }
    }

    /**
     * Read \p text as a \p T (Check()'s rules; a time may be negative here).
     * \tparam T a whole or real number type, Time or DataRate
     * \param text the text
     * \return the value
     */
    template <class T>
    static T Read(const std::string& text)
    {
        if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
        {
            return static_cast<T>(ParseUnsigned(text, std::numeric_limits<T>::max()));
        }
        else if constexpr (std::is_integral_v<T>)
        {
            return static_cast<T>(
                ParseSigned(text, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
        }
        else if constexpr (std::is_floating_point_v<T>)
        {
            const double x = ParseDouble(text);
            CheckFloatRange(x, std::numeric_limits<T>::max());
            return static_cast<T>(x);
        }
        else if constexpr (std::is_same_v<T, Time>)
        {
            return ParseTime(text);
        }
        else
        {
            static_assert(std::is_same_v<T, DataRate>, "StrictValue::Read: no reader");
            return ParseDataRate(text);
        }
    }

    /// \param x a number \return it as text (six significant digits)
    static std::string Describe(double x);
    /// \param t a time \return it in seconds, e.g. "0.001 s"
    static std::string Describe(const Time& t);
    /// \param r a rate \return it in bit/s, e.g. "1000 bit/s"
    static std::string Describe(const DataRate& r);

  private:
    /**
     * Throw if |x| > \p max (a float option).
     * \param x the value
     * \param max the type's largest value
     */
    static void CheckFloatRange(double x, double max);
    /**
     * Throw unless \p text is a time (ParseTime()) of 0 or more: no example option's time (a
     * duration, a delay, an instant of the run) may be negative (a negative link delay crashed
     * ns-3's channel).
     * \param text the option's text
     */
    static void CheckOptionTime(const std::string& text);
};

} // namespace ns3

#endif /* STRICT_VALUE_H */
