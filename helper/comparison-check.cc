/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "comparison-check.h"

#include "ns3/log.h"

#include <cmath>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ComparisonCheck");

ComparisonCheck::ComparisonCheck(std::string summary)
    : m_summary(std::move(summary))
{
}

void
ComparisonCheck::CheckQuantity(const std::string& quantity, const std::string& who)
{
    if (quantity.empty())
    {
        throw std::invalid_argument("ComparisonCheck::" + who + ": empty quantity");
    }
}

void
ComparisonCheck::WithinPercent(const std::string& quantity, double percent)
{
    NS_LOG_FUNCTION(this << quantity << percent);
    CheckQuantity(quantity, "WithinPercent");
    if (!(percent >= 0))
    {
        throw std::invalid_argument("ComparisonCheck::WithinPercent: the tolerance must be >= 0 "
                                    "percent");
    }
    m_rules.push_back({quantity, [percent](const ComparisonTable::Row& row) {
                           return std::abs(ComparisonTable::ErrorPercent(row)) <= percent;
                       }});
}

void
ComparisonCheck::AtMost(const std::string& quantity, double bound)
{
    NS_LOG_FUNCTION(this << quantity << bound);
    CheckQuantity(quantity, "AtMost");
    if (std::isnan(bound))
    {
        throw std::invalid_argument("ComparisonCheck::AtMost: the bound is NaN");
    }
    m_rules.push_back(
        {quantity, [bound](const ComparisonTable::Row& row) { return row.simulation <= bound; }});
}

void
ComparisonCheck::AtLeastFractionOfModel(const std::string& quantity, double fraction)
{
    NS_LOG_FUNCTION(this << quantity << fraction);
    CheckQuantity(quantity, "AtLeastFractionOfModel");
    if (!(fraction >= 0))
    {
        throw std::invalid_argument("ComparisonCheck::AtLeastFractionOfModel: the fraction must "
                                    "be >= 0");
    }
    m_rules.push_back({quantity, [fraction](const ComparisonTable::Row& row) {
                           return row.simulation >= fraction * row.model;
                       }});
}

void
ComparisonCheck::Require(bool holds, const std::string& failure)
{
    NS_LOG_FUNCTION(this << holds << failure);
    if (!holds)
    {
        m_failures.push_back(failure);
    }
}

std::vector<std::string>
ComparisonCheck::GetFailures(const ComparisonTable& table) const
{
    std::vector<std::string> failures;
    for (const ComparisonTable::Row& row : table.GetRows())
    {
        for (const Rule& rule : m_rules)
        {
            if (rule.quantity == row.quantity && !rule.holds(row))
            {
                std::ostringstream line;
                line << row.quantity << " " << row.entity << ": simulation " << row.simulation
                     << ", model " << row.model;
                failures.push_back(line.str());
                break; // one line per row
            }
        }
    }
    failures.insert(failures.end(), m_failures.begin(), m_failures.end());
    return failures;
}

bool
ComparisonCheck::Report(const ComparisonTable& table, const std::string& program) const
{
    const std::vector<std::string> failures = GetFailures(table);
    if (failures.empty())
    {
        std::cout << "check passed: " << m_summary << std::endl;
        return true;
    }
    std::cerr << program << ": check failed (" << m_summary << "):";
    for (const std::string& failure : failures)
    {
        std::cerr << "\n  " << failure;
    }
    std::cerr << std::endl;
    return false;
}

} // namespace ns3
