/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALCC_OUT_OF_RANGE_H
#define DUALCC_OUT_OF_RANGE_H

#include <sstream>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * The message a CheckConfig() returns for a bad attribute value; the caller prefixes
 * "ns3::<Class>::" when it aborts.
 * \param name the attribute
 * \param value its value
 * \param range what a valid value is
 * \return "<name> = <value> is out of range: <range>"
 */
template <typename T>
std::string
DualccOutOfRange(const std::string& name, const T& value, const std::string& range)
{
    std::ostringstream os;
    os << name << " = " << value << " is out of range: " << range;
    return os.str();
}

} // namespace ns3

#endif // DUALCC_OUT_OF_RANGE_H
