/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Shared by the suites that test NetworkDescription::Parse's error messages.

#ifndef DUALCC_PARSE_ERROR_H
#define DUALCC_PARSE_ERROR_H

#include "ns3/network-description.h"

#include <sstream>
#include <stdexcept>
#include <string>

/**
 * \ingroup dualcc
 * \param text a description in the text format, named "t" in messages
 * \return the message of the std::invalid_argument that parsing \p text throws, or "" if none
 */
inline std::string
ParseError(const std::string& text)
{
    std::istringstream in(text);
    try
    {
        ns3::NetworkDescription::Parse(in, "t");
    }
    catch (const std::invalid_argument& e)
    {
        return e.what();
    }
    return "";
}

#endif /* DUALCC_PARSE_ERROR_H */
