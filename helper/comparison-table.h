/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COMPARISON_TABLE_H
#define COMPARISON_TABLE_H

#include <iosfwd>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The papers' "M vs S" table: each quantity, its model value, its simulated value and
 * the relative error, printed as text and written as CSV.
 *
 * Rows are (quantity, entity, model, simulation); a quantity without a model (e.g. the drops of
 * a simulation) has model = NaN, printed as "-" and written as an empty CSV field. The CSV has the
 * header `quantity,entity,model,simulation,error_pct`.
 */
class ComparisonTable
{
  public:
    /// One row.
    struct Row
    {
        std::string quantity; //!< e.g. "rate (KB/s)"
        std::string entity;   //!< e.g. "class 1a" or "link LA"
        double model;         //!< model value (NaN: none)
        double simulation;    //!< simulated value
    };

    /**
     * \param title printed above the table
     */
    explicit ComparisonTable(std::string title = "");

    /**
     * Add a row.
     * \param quantity name with unit
     * \param entity what it is measured on
     * \param model model value (NaN if there is none)
     * \param simulation simulated value
     */
    void Add(const std::string& quantity,
             const std::string& entity,
             double model,
             double simulation);

    /// \return the rows
    const std::vector<Row>& GetRows() const;

    /// \return the title
    const std::string& GetTitle() const;

    /**
     * \param quantity a quantity
     * \param entity an entity
     * \return the row with that quantity and entity; aborts if there is none
     */
    const Row& Get(const std::string& quantity, const std::string& entity) const;

    /**
     * \param row a row
     * \return 100 (simulation - model) / model, NaN without a model or with model = 0
     */
    static double ErrorPercent(const Row& row);

    /// Print the table as aligned text.
    /// \param os the stream
    void Print(std::ostream& os) const;

    /**
     * Write the rows as CSV (header quantity,entity,model,simulation,error_pct; RFC 4180: a
     * quantity or entity holding a comma or a quote is quoted, its quotes doubled).
     * \param path the file; aborts with a message if it cannot be written
     */
    void WriteCsv(const std::string& path) const;

  private:
    std::string m_title;     //!< title
    std::vector<Row> m_rows; //!< rows
};

} // namespace ns3

#endif /* COMPARISON_TABLE_H */
