/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "strict-command-line.h"

#include "ns3/log.h"
#include "ns3/type-id.h"

#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StrictCommandLine");

StrictCommandLine::StrictCommandLine() = default;

StrictCommandLine::StrictCommandLine(const std::string& filename)
    : CommandLine(filename)
{
}

void
StrictCommandLine::AddValue(const std::string& name, const std::string& attributePath)
{
    NS_LOG_FUNCTION(this << name << attributePath);
    CommandLine::AddValue(name, attributePath);
    m_checks[name] = [attributePath](const std::string& text) {
        StrictValue::CheckConfigValue(attributePath, text);
    };
    m_isBool[name] = false;
}

void
StrictCommandLine::Own(const std::vector<OwnedAttributes::Entry>& entries,
                       const std::string& setter)
{
    NS_LOG_FUNCTION(this << entries.size() << setter);
    m_owned.Add(entries, setter);
}

void
StrictCommandLine::Parse(int argc, char* argv[])
{
    try
    {
        ParseOrThrow(argc, argv);
    }
    catch (const std::invalid_argument& e)
    {
        std::cerr << GetName() << ": error: " << e.what() << std::endl;
        std::exit(1);
    }
}

void
StrictCommandLine::ParseOrThrow(int argc, char* argv[])
{
    Check(argc, argv);
    m_owned.Snapshot();
    CommandLine::Parse(argc, argv);
    m_owned.Check(OwnedAttributes::GetArguments(argc, argv));
}

void
StrictCommandLine::Check(int argc, char* argv[]) const
{
    // CommandLine's own options: it prints and exits before reading any value.
    static const std::set<std::string> hard{"PrintHelp",
                                            "help",
                                            "PrintVersion",
                                            "version",
                                            "PrintGroups",
                                            "PrintTypeIds",
                                            "PrintGlobals",
                                            "PrintGroup",
                                            "PrintAttributes"};
    std::vector<std::tuple<std::string, std::string, bool>> options; // (name, value, bare)
    for (int i = 1; i < argc; ++i)
    {
        std::string arg = argv[i];
        if (arg.rfind("--", 0) == 0)
        {
            arg = arg.substr(2);
        }
        else if (arg.rfind('-', 0) == 0)
        {
            arg = arg.substr(1);
        }
        else
        {
            continue; // a non-option argument: CommandLine's
        }
        const auto equals = arg.find('=');
        if (hard.count(arg.substr(0, equals)) != 0)
        {
            return;
        }
        const bool bare = equals == std::string::npos;
        options.emplace_back(arg.substr(0, equals), bare ? "" : arg.substr(equals + 1), bare);
    }
    for (const auto& [name, value, bare] : options)
    {
        CheckOption(name, value, bare);
    }
}

void
StrictCommandLine::Fail(const std::string& option,
                        const std::string& value,
                        const std::string& why,
                        const std::string& valid) const
{
    std::cerr << GetName() << ": error: --" << option << "=" << value << ": " << why
              << "; valid: " << valid << std::endl;
    std::exit(1);
}

void
StrictCommandLine::CheckWindow(Time warmup, Time simTime) const
{
    std::ostringstream w;
    w << warmup.As(Time::S);
    std::ostringstream s;
    s << simTime.As(Time::S);
    if (!warmup.IsStrictlyPositive())
    {
        Fail("warmup", w.str(), "not after the start", "0 < warmup < simTime (" + s.str() + ")");
    }
    if (simTime <= warmup)
    {
        Fail("simTime",
             s.str(),
             "not after --warmup=" + w.str() + " (the window [warmup, simTime] is empty)",
             "simTime > warmup");
    }
}

void
StrictCommandLine::CheckOption(const std::string& name, const std::string& value, bool bare) const
{
    NS_LOG_FUNCTION(this << name << value << bare);
    const std::string given = "--" + name + (bare ? "" : "=" + value);
    try
    {
        const auto check = m_checks.find(name);
        if (check != m_checks.end())
        {
            if (!(bare && m_isBool.at(name))) // a bare bool option toggles its default
            {
                check->second(value);
            }
        }
        else if (!StrictValue::CheckConfigValue(name, value))
        {
            throw std::invalid_argument(
                "no such option; valid: the options --PrintHelp lists, ns-3 attribute defaults "
                "(--ns3::Type::Attribute=value) and global values (--PrintGlobals)");
        }
    }
    catch (const std::invalid_argument& e)
    {
        throw std::invalid_argument(given + ": " + e.what());
    }
}

} // namespace ns3
