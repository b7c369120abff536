/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Shared by the suites that read networks in the text format: Describe() parses one, ParseError()
// returns the message of one that is bad (InvalidArgumentMessage(): of any call).

#ifndef DUALCC_NETWORK_TEXT_H
#define DUALCC_NETWORK_TEXT_H

#include "ns3/network-description.h"

#include <sstream>
#include <stdexcept>
#include <string>

/**
 * \ingroup dualcc
 * \tparam F a callable
 * \param f code that should throw std::invalid_argument
 * \return the message it throws, or "" if it throws none
 */
template <class F>
std::string
InvalidArgumentMessage(F f)
{
    try
    {
        f();
    }
    catch (const std::invalid_argument& e)
    {
        return e.what();
    }
    return "";
}

/**
 * \ingroup dualcc
 * \param text a description in the text format, named "t" in messages
 * \return the message of the std::invalid_argument that parsing \p text throws, or "" if none
 */
inline std::string
ParseError(const std::string& text)
{
    return InvalidArgumentMessage([&text] {
        std::istringstream in(text);
        ns3::NetworkDescription::Parse(in, "t");
    });
}

/**
 * \ingroup dualcc
 * \param text a description in the text format, named "test" in messages
 * \return the description (throws std::invalid_argument if it is bad)
 */
inline ns3::NetworkDescription
Describe(const std::string& text)
{
    std::istringstream in(text);
    return ns3::NetworkDescription::Parse(in, "test");
}

#endif /* DUALCC_NETWORK_TEXT_H */
