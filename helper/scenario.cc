/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scenario.h"

#include "comparison-table.h"

#include <ostream>
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

} // namespace ns3
