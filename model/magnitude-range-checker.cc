/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "magnitude-range-checker.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MagnitudeRangeChecker");

namespace
{

/// \param rate a rate \return it in bit/s
uint64_t
Magnitude(const DataRate& rate)
{
    return rate.GetBitRate();
}

/// \param size a queue size \return its packets or bytes
uint64_t
Magnitude(const QueueSize& size)
{
    return size.GetValue();
}

/**
 * \ingroup dualcc
 * The checkers MakeDataRateRangeChecker() and MakeQueueSizeRangeChecker() return: a \p Base
 * (ns-3's checker type of the value, so that its readers and --PrintAttributes treat it as
 * ns-3's) whose Check() also tests the value's magnitude against [min, max].
 * \tparam Value the attribute value type (DataRateValue, QueueSizeValue)
 * \tparam Base its ns-3 checker type (DataRateChecker, QueueSizeChecker)
 */
template <class Value, class Base>
class MagnitudeRangeChecker : public Base
{
  public:
    /**
     * \param min the smallest valid magnitude \param max the largest
     * \param valueTypeName the value's type name ("ns3::DataRateValue")
     * \param information the range as printed ("DataRate 0:1000 bit/s")
     */
    MagnitudeRangeChecker(uint64_t min,
                          uint64_t max,
                          const std::string& valueTypeName,
                          const std::string& information)
        : m_min(min),
          m_max(max),
          m_valueTypeName(valueTypeName),
          m_information(information)
    {
        NS_ABORT_MSG_IF(min > max,
                        "MagnitudeRangeChecker (" << information << "): min " << min << " > max "
                                                  << max << "; valid: min <= max");
    }

    bool Check(const AttributeValue& value) const override
    {
        const auto* v = dynamic_cast<const Value*>(&value);
        if (v == nullptr)
        {
            return false;
        }
        const uint64_t m = Magnitude(v->Get());
        NS_LOG_LOGIC(m << " within [" << m_min << ", " << m_max << "]?");
        return m >= m_min && m <= m_max;
    }

    std::string GetValueTypeName() const override
    {
        return m_valueTypeName;
    }

    bool HasUnderlyingTypeInformation() const override
    {
        return true;
    }

    std::string GetUnderlyingTypeInformation() const override
    {
        return m_information;
    }

    Ptr<AttributeValue> Create() const override
    {
        return ns3::Create<Value>();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        const auto* src = dynamic_cast<const Value*>(&source);
        auto* dst = dynamic_cast<Value*>(&destination);
        if (src == nullptr || dst == nullptr)
        {
            return false;
        }
        *dst = *src;
        return true;
    }

  private:
    uint64_t m_min;              //!< the smallest valid magnitude
    uint64_t m_max;              //!< the largest valid magnitude
    std::string m_valueTypeName; //!< the value's type name
    std::string m_information;   //!< the range, as printed
};

} // namespace

Ptr<const AttributeChecker>
MakeDataRateRangeChecker(uint64_t minBitRate, uint64_t maxBitRate)
{
    NS_LOG_FUNCTION(minBitRate << maxBitRate);
    std::ostringstream os;
    os << "DataRate " << minBitRate << ":" << maxBitRate << " bit/s";
    return Ptr<const AttributeChecker>(
        new MagnitudeRangeChecker<DataRateValue, DataRateChecker>(minBitRate,
                                                                  maxBitRate,
                                                                  "ns3::DataRateValue",
                                                                  os.str()),
        false);
}

Ptr<const AttributeChecker>
MakeQueueSizeRangeChecker(uint32_t min, uint32_t max)
{
    NS_LOG_FUNCTION(min << max);
    std::ostringstream os;
    os << "QueueSize " << min << ":" << max << " packets or bytes";
    return Ptr<const AttributeChecker>(
        new MagnitudeRangeChecker<QueueSizeValue, QueueSizeChecker>(min,
                                                                    max,
                                                                    "ns3::QueueSizeValue",
                                                                    os.str()),
        false);
}

} // namespace ns3
