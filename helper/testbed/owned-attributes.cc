/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "owned-attributes.h"

#include "ns3/log.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OwnedAttributes");

void
OwnedAttributes::Add(const std::vector<Entry>& entries, const std::string& setter)
{
    for (const Entry& e : entries)
    {
        std::string value;
        if (!GetDefault(e.name, value))
        {
            continue;
        }
        auto same = std::find_if(m_owned.begin(), m_owned.end(), [&e](const Owned& o) {
            return o.entry.name == e.name;
        });
        if (same == m_owned.end())
        {
            m_owned.push_back({e, setter, value});
        }
        else
        {
            // Declared again (e.g. after parsing): the later advice, the earlier snapshot.
            *same = {e, setter, same->snapshot};
        }
    }
}

std::vector<OwnedAttributes::Entry>
OwnedAttributes::ForPointToPoint(bool deviceQueue)
{
    std::vector<Entry> entries{
        {"ns3::PointToPointNetDevice::DataRate", "the program's rate options (--PrintHelp)"},
        {"ns3::PointToPointChannel::Delay", "the program's delay options (--PrintHelp)"}};
    if (deviceQueue)
    {
        entries.push_back({"ns3::DropTailQueue<Packet>::MaxSize",
                           "nothing: the program keeps the bottleneck device's queue short, "
                           "under its queue disc"});
    }
    return entries;
}

std::vector<OwnedAttributes::Entry>
OwnedAttributes::ForQueueDisc(const NetworkDescription::QueueDiscSpec& q,
                              const std::map<std::string, std::string>& options,
                              const std::string& otherwise)
{
    std::vector<Entry> entries;
    for (const auto& attribute : q.attributes)
    {
        const std::string name = q.type + "::" + attribute.first;
        auto option = options.find(name);
        option = option == options.end() ? options.find(attribute.first) : option;
        entries.push_back({name, option == options.end() ? otherwise : option->second});
    }
    for (const NetworkDescription::QueueDiscSpec& child : q.classes)
    {
        for (const Entry& e : ForQueueDisc(child, options, otherwise))
        {
            entries.push_back(e);
        }
    }
    return entries;
}

void
OwnedAttributes::Snapshot()
{
    for (Owned& o : m_owned)
    {
        GetDefault(o.entry.name, o.snapshot);
    }
}

void
OwnedAttributes::Check(const std::vector<std::string>& args) const
{
    std::ostringstream refused;
    for (const Owned& o : m_owned)
    {
        std::string now;
        GetDefault(o.entry.name, now);
        std::string given;
        if (!IsGiven(args, o.entry.name, given) && now == o.snapshot)
        {
            continue;
        }
        NS_LOG_LOGIC("user value for " << o.entry.name << ": " << (given.empty() ? now : given));
        refused << (refused.tellp() > 0 ? "; " : "") << "--" << o.entry.name << "="
                << (given.empty() ? now : given) << ": " << o.setter << " sets " << o.entry.name
                << " itself and would silently override this option; valid: leave it out and "
                   "use "
                << o.entry.instead;
    }
    if (refused.tellp() > 0)
    {
        throw std::invalid_argument(refused.str());
    }
}

std::vector<std::string>
OwnedAttributes::GetArguments(int argc, char* argv[])
{
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i)
    {
        args.emplace_back(argv[i] ? argv[i] : "");
    }
    return args;
}

bool
OwnedAttributes::IsGiven(const std::vector<std::string>& args,
                         const std::string& name,
                         std::string& value)
{
    // ns-3's CommandLine takes "--name=value" and "-name=value" (and "--name" for a boolean).
    bool given = false;
    for (const std::string& arg : args)
    {
        const std::size_t start = arg.rfind("--", 0) == 0 ? 2 : arg.rfind('-', 0) == 0 ? 1 : 0;
        if (start == 0 || arg.compare(start, name.size(), name) != 0)
        {
            continue;
        }
        const std::size_t end = start + name.size();
        if (end == arg.size() || arg[end] == '=')
        {
            given = true;
            value = end == arg.size() ? "" : arg.substr(end + 1);
        }
    }
    return given;
}

bool
OwnedAttributes::GetDefault(const std::string& name, std::string& value)
{
    const std::size_t separator = name.rfind("::");
    TypeId tid;
    TypeId::AttributeInformation info;
    if (separator == std::string::npos ||
        !TypeId::LookupByNameFailSafe(name.substr(0, separator), &tid) ||
        !tid.LookupAttributeByName(name.substr(separator + 2), &info) || !info.initialValue)
    {
        return false;
    }
    value = info.initialValue->SerializeToString(info.checker);
    return true;
}

} // namespace ns3
