/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MAGNITUDE_RANGE_CHECKER_H
#define MAGNITUDE_RANGE_CHECKER_H

#include "ns3/data-rate.h"
#include "ns3/queue-size.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief A DataRate attribute's checker with a range, [min, max] bit/s: ns-3's
 * MakeDataRateChecker() has none, so a rate beyond what an attribute's help states passed the
 * checker and aborted only when the object first used it. With this checker, SetAttribute(),
 * Config::SetDefault() and the strict readers (StrictValue::ParseAttribute(), hence
 * `--ns3::Type::Attr=` and a description's `queue.Attr=`) refuse it, printing the range from
 * GetUnderlyingTypeInformation(): "DataRate <min>:<max> bit/s".
 *
 * \param minBitRate the smallest valid rate, bit/s
 * \param maxBitRate the largest valid rate, bit/s
 * \return the checker (a DataRateChecker: DataRateValue's readers treat it as ns-3's)
 */
Ptr<const AttributeChecker> MakeDataRateRangeChecker(uint64_t minBitRate, uint64_t maxBitRate);

/**
 * \ingroup dualcc
 *
 * \brief A QueueSize attribute's checker with a range, [min, max] packets or bytes (either
 * unit): MakeQueueSizeChecker() has none. The range printed is "QueueSize <min>:<max> packets or
 * bytes".
 *
 * \param min the smallest valid size, packets or bytes
 * \param max the largest valid size, packets or bytes
 * \return the checker (a QueueSizeChecker)
 */
Ptr<const AttributeChecker> MakeQueueSizeRangeChecker(uint32_t min, uint32_t max);

} // namespace ns3

#endif /* MAGNITUDE_RANGE_CHECKER_H */
