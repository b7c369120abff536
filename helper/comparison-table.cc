/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "comparison-table.h"

#include "ns3/abort.h"
#include "ns3/distributed-run.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace ns3
{

namespace
{
/// \return \p value with \p precision significant-looking decimals, or "-" for NaN
std::string
Format(double value, int precision = 2)
{
    if (std::isnan(value))
    {
        return "-";
    }
    std::ostringstream os;
    os << std::fixed << std::setprecision(precision) << value;
    return os.str();
}

/// \return \p value as Format() does, but a value that would print as 0.00 without being 0 (a
///         marking fraction of 1e-5) with three significant digits, e.g. 1.29e-05
/**
 * A CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, a quote or a line
 * break (an entity such as "AVQ, 20 flows"); as it is otherwise.
 * \param field the text
 * \return the field
 */
std::string
CsvField(const std::string& field)
{
    if (field.find_first_of(",\"\r\n") == std::string::npos)
    {
        return field;
    }
    std::string quoted = "\"";
    for (char c : field)
    {
        quoted += c;
        if (c == '"')
        {
            quoted += '"';
        }
    }
    return quoted + '"';
}

std::string
FormatValue(double value)
{
    if (std::isfinite(value) && value != 0 && std::abs(value) < 0.005)
    {
        std::ostringstream os;
        os << std::scientific << std::setprecision(2) << value;
        return os.str();
    }
    return Format(value);
}
} // namespace

ComparisonTable::ComparisonTable(std::string title)
    : m_title(std::move(title))
{
}

void
ComparisonTable::Add(const std::string& quantity,
                     const std::string& entity,
                     double model,
                     double simulation)
{
    m_rows.push_back({quantity, entity, model, simulation});
}

const std::vector<ComparisonTable::Row>&
ComparisonTable::GetRows() const
{
    return m_rows;
}

const std::string&
ComparisonTable::GetTitle() const
{
    return m_title;
}

const ComparisonTable::Row&
ComparisonTable::Get(const std::string& quantity, const std::string& entity) const
{
    for (const Row& row : m_rows)
    {
        if (row.quantity == quantity && row.entity == entity)
        {
            return row;
        }
    }
    NS_ABORT_MSG("ComparisonTable: no row '" << quantity << "' for '" << entity << "'");
}

double
ComparisonTable::ErrorPercent(const Row& row)
{
    if (std::isnan(row.model) || row.model == 0)
    {
        return std::nan("");
    }
    return 100.0 * (row.simulation - row.model) / row.model;
}

void
ComparisonTable::Print(std::ostream& os) const
{
    // Each column is as wide as its widest entry (at least its usual width), and the
    // right-aligned number columns are preceded by at least one space: wide numbers never merge.
    std::size_t quantityWidth = 8;
    std::size_t entityWidth = 6;
    std::size_t modelWidth = 11;
    std::size_t simulationWidth = 11;
    std::size_t errorWidth = 9;
    for (const Row& row : m_rows)
    {
        quantityWidth = std::max(quantityWidth, row.quantity.size());
        entityWidth = std::max(entityWidth, row.entity.size());
        modelWidth = std::max(modelWidth, FormatValue(row.model).size());
        simulationWidth = std::max(simulationWidth, FormatValue(row.simulation).size());
        errorWidth = std::max(errorWidth, Format(ErrorPercent(row), 1).size());
    }
    if (!m_title.empty())
    {
        os << m_title << '\n';
    }
    os << std::left << std::setw(quantityWidth + 2) << "quantity" << std::setw(entityWidth + 2)
       << "entity" << std::right << std::setw(modelWidth + 1) << "model"
       << std::setw(simulationWidth + 1) << "simulation" << std::setw(errorWidth + 1) << "error %"
       << '\n';
    for (const Row& row : m_rows)
    {
        os << std::left << std::setw(quantityWidth + 2) << row.quantity
           << std::setw(entityWidth + 2) << row.entity << std::right << std::setw(modelWidth + 1)
           << FormatValue(row.model) << std::setw(simulationWidth + 1)
           << FormatValue(row.simulation) << std::setw(errorWidth + 1)
           << Format(ErrorPercent(row), 1) << '\n';
    }
}

void
ComparisonTable::WriteCsv(const std::string& path) const
{
    if (!DistributedRun::IsOutputRank())
    {
        return; // rank 0 writes it
    }
    std::ofstream out(path);
    NS_ABORT_MSG_UNLESS(out, "ComparisonTable: cannot write the CSV file '" << path << "'");
    out << "quantity,entity,model,simulation,error_pct\n";
    out << std::setprecision(10);
    for (const Row& row : m_rows)
    {
        out << CsvField(row.quantity) << ',' << CsvField(row.entity) << ',';
        if (!std::isnan(row.model))
        {
            out << row.model;
        }
        out << ',' << row.simulation << ',';
        const double error = ErrorPercent(row);
        if (!std::isnan(error))
        {
            out << error;
        }
        out << '\n';
    }
    NS_ABORT_MSG_UNLESS(out, "ComparisonTable: error while writing '" << path << "'");
}

} // namespace ns3
