/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A check shared by the test suites of the plain C++ model classes (AvqDesign, PiDesign,
// VirtualQueue), whose policy for bad input is std::invalid_argument naming the parameter.

#ifndef THROWS_INVALID_ARGUMENT_H
#define THROWS_INVALID_ARGUMENT_H

#include <functional>
#include <stdexcept>
#include <string>

/**
 * \ingroup dualcc
 * \param action what must throw
 * \param text what the exception's message must contain (e.g. the parameter's name)
 * \return true if \p action throws std::invalid_argument whose message contains \p text
 */
inline bool
ThrowsInvalidArgument(const std::function<void()>& action, const std::string& text)
{
    try
    {
        action();
    }
    catch (const std::invalid_argument& e)
    {
        return std::string(e.what()).find(text) != std::string::npos;
    }
    return false;
}

#endif /* THROWS_INVALID_ARGUMENT_H */
