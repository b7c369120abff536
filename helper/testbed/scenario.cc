/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scenario.h"

#include "fluid-model-builder.h"
#include "strict-value.h"

#include "ns3/abort.h"
#include "ns3/comparison-table.h"
#include "ns3/double.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace ns3
{

Scenario::Scenario(std::string name, std::string usage)
    : m_name(std::move(name)),
      m_usage(std::move(usage))
{
}

Scenario::~Scenario() = default;

const std::string&
Scenario::GetName() const
{
    return m_name;
}

const std::string&
Scenario::GetUsage() const
{
    return m_usage;
}

void
Scenario::Check()
{
}

void
Scenario::CheckFluidDescribes(const NetworkDescription& network, const std::string& engine)
{
    try
    {
        FluidModelBuilder::Build(network); // refuses what it does not describe
    }
    catch (const std::invalid_argument& e)
    {
        throw std::invalid_argument(
            std::string(engine == "fluid" ? "--engine=fluid" : "--fluid=true") +
            ": the fluid model does not describe the network: " + e.what());
    }
}

FluidModel::Result
Scenario::RunFluid(const NetworkDescription& network,
                   Time duration,
                   Time sampleInterval,
                   const std::string& label)
{
    const double step = 1e-3; // the fluid model's step, s
    const FluidModel model = FluidModelBuilder::Build(network);
    const auto start = std::chrono::steady_clock::now();
    const double d = duration.GetSeconds();
    const FluidModel::Result result =
        model.Run({d, std::min(step, d), std::max(sampleInterval.GetSeconds(), std::min(step, d))});
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
    std::cerr << label << ": fluid model, " << result.steps << " steps: " << wall.count() << " s\n";
    return result;
}

bool
Scenario::IsOptionGiven(const std::string& option, std::string* value) const
{
    std::string given;
    const bool found = OwnedAttributes::IsGiven(m_settings.arguments, option, given);
    if (found && value)
    {
        *value = given;
    }
    return found;
}

void
Scenario::CheckEngine(const std::string& engine) const
{
    Require(engine == "packet" || engine == "fluid",
            "engine",
            engine,
            "unknown",
            "packet or fluid");
    if (engine != "fluid")
    {
        return;
    }
    // The fluid engine runs no packet simulation: an option that only acts on one would be
    // silently ignored.
    for (const char* option : {"fluid", "pcap", "flowmon"})
    {
        std::string value;
        const bool given = IsOptionGiven(option, &value);
        Require(!given,
                option,
                value.empty() ? "true" : value, // a bare --fluid
                "needs the packet simulation, which --engine=fluid does not run",
                "leave it out, or --engine=packet");
    }
}

bool
Scenario::IsGivenAfter(const std::vector<std::string>& args,
                       const std::string& option,
                       const std::string& other)
{
    // The last position of each on the command line (-1: not given).
    const auto last = [&args](const std::string& name) {
        int at = -1;
        for (std::size_t i = 0; i < args.size(); ++i)
        {
            std::string value;
            if (OwnedAttributes::IsGiven({args[i]}, name, value))
            {
                at = static_cast<int>(i);
            }
        }
        return at;
    };
    const int at = last(option);
    return at >= 0 && at > last(other);
}

std::vector<OwnedAttributes::Entry>
Scenario::GetOwnedAttributes() const
{
    return {};
}

bool
Scenario::IsModelOnly() const
{
    return false;
}

bool
Scenario::HasWindow() const
{
    return false;
}

bool
Scenario::IsSweep() const
{
    return false;
}

std::size_t
Scenario::GetPointCount() const
{
    return 1;
}

std::string
Scenario::GetPointLabel(std::size_t point) const
{
    return "point " + std::to_string(point);
}

std::vector<std::string>
Scenario::GetOutputNames() const
{
    return {""};
}

std::string
Scenario::GetOutputNamePattern() const
{
    return "";
}

const Scenario::Settings&
Scenario::GetSettings() const
{
    return m_settings;
}

void
Scenario::SetSettings(const Settings& settings)
{
    m_settings = settings;
}

std::string
Scenario::GetCsvPath(const std::string& name) const
{
    if (m_settings.csv.empty())
    {
        return "";
    }
    return name.empty() ? m_settings.csv : m_settings.csv + "-" + name + ".csv";
}

std::string
Scenario::GetPlotPrefix(const std::string& name) const
{
    if (m_settings.plot.empty())
    {
        return "";
    }
    return name.empty() ? m_settings.plot : m_settings.plot + "-" + name;
}

std::vector<std::string>
Scenario::SplitList(const std::string& option, const std::string& text)
{
    std::vector<std::string> items;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        if (item.empty())
        {
            throw std::invalid_argument("--" + option + "=" + text +
                                        ": an empty item; valid: a comma-separated list");
        }
        if (std::find(items.begin(), items.end(), item) != items.end())
        {
            throw std::invalid_argument("--" + option + "=" + text + ": '" + item +
                                        "' given twice; valid: each value once");
        }
        items.push_back(item);
    }
    if (items.empty())
    {
        throw std::invalid_argument("--" + option + "=: empty; valid: at least one value");
    }
    return items;
}

std::vector<double>
Scenario::ParsePositiveNumbers(const std::string& option, const std::string& text)
{
    const std::string valid = "; valid: positive numbers, comma-separated, each once";
    std::vector<double> values;
    for (const std::string& item : SplitList(option, text))
    {
        double value = 0;
        try
        {
            value = StrictValue::ParseDouble(item);
        }
        catch (const std::invalid_argument& e)
        {
            const std::string why = e.what();
            throw std::invalid_argument("--" + option + "=" + text + ": '" + item +
                                        "': " + why.substr(0, why.find("; valid: ")) + valid);
        }
        if (!(value > 0))
        {
            throw std::invalid_argument("--" + option + "=" + text + ": '" + item +
                                        "' is not a positive number" + valid);
        }
        if (std::find(values.begin(), values.end(), value) != values.end())
        {
            throw std::invalid_argument("--" + option + "=" + text + ": '" + item +
                                        "' given twice (the same number as an earlier item)" +
                                        valid);
        }
        values.push_back(value);
    }
    return values;
}

void
Scenario::Report(std::ostream& os, const ComparisonTable& table, const std::string& name) const
{
    table.Print(os);
    WriteCsv(os, table, name);
}

void
Scenario::WriteCsv(std::ostream& os, const ComparisonTable& table, const std::string& name) const
{
    const std::string path = GetCsvPath(name);
    if (!path.empty())
    {
        table.WriteCsv(path);
        os << "table written to " << path << '\n';
    }
}

std::pair<double, double>
Scenario::GetRange(TypeId tid, const std::string& attribute)
{
    TypeId::AttributeInformation info;
    const bool found = tid.LookupAttributeByName(attribute, &info);
    NS_ABORT_MSG_UNLESS(found, tid.GetName() << " has no attribute " << attribute);
    // DoubleChecker's text: "double <min>:<max>".
    const std::string text = info.checker->GetUnderlyingTypeInformation();
    const std::string range = text.substr(text.find(' ') + 1);
    const std::size_t colon = range.find(':');
    // strtod, not stod: the smallest positive double prints rounded below DBL_MIN (denormal).
    return {std::strtod(range.substr(0, colon).c_str(), nullptr),
            std::strtod(range.substr(colon + 1).c_str(), nullptr)};
}

void
Scenario::RequireInRange(TypeId tid,
                         const std::string& attribute,
                         double value,
                         const std::string& what,
                         const std::string& why,
                         const std::string& unit)
{
    TypeId::AttributeInformation info;
    tid.LookupAttributeByName(attribute, &info);
    if (info.checker && info.checker->Check(DoubleValue(value)))
    {
        return;
    }
    const auto [min, max] = GetRange(tid, attribute);
    std::ostringstream os;
    os << what << ": " << why << "; valid: " << tid.GetName() << "::" << attribute << " in ";
    if (min > 0 && min <= std::numeric_limits<double>::min())
    {
        os << "(0";
    }
    else
    {
        os << "[" << min;
    }
    os << ", " << max << "]" << unit;
    throw std::invalid_argument(os.str());
}

} // namespace ns3
