/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COMPARISON_CHECK_H
#define COMPARISON_CHECK_H

#include "comparison-table.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The --check step of an example: a tolerance for each quantity of a ComparisonTable, and
 * a verdict that names every row outside its tolerance.
 *
 * Each rule applies to every row of its quantity; a row without a rule is not checked (printed
 * only). A NaN simulation fails every rule. Typical use, after the table is filled:
 * \code
 *   ComparisonCheck check("rates within 10 % of the model, utilization within 2 %");
 *   check.WithinPercent("rate (Mb/s)", 10);
 *   check.WithinPercent("utilization", 2);
 *   return check.Report(table, "my-example") ? 0 : 1;
 * \endcode
 * Report() prints "check passed: <summary>" to std::cout, or "<program>: check failed
 * (<summary>):" and one line per failure ("  <quantity> <entity>: simulation S, model M") to
 * std::cerr.
 *
 * Errors in the inputs (a negative or NaN tolerance, an empty quantity) throw
 * std::invalid_argument.
 */
class ComparisonCheck
{
  public:
    /**
     * \param summary what the check requires, in words (printed with the verdict)
     */
    explicit ComparisonCheck(std::string summary);

    /**
     * Every row of \p quantity: |simulation - model| <= percent % of the model.
     * \param quantity the quantity (ComparisonTable::Row::quantity)
     * \param percent the tolerance, percent of the model (>= 0)
     */
    void WithinPercent(const std::string& quantity, double percent);

    /**
     * Every row of \p quantity: simulation <= bound.
     * \param quantity the quantity
     * \param bound the upper bound, the quantity's unit
     */
    void AtMost(const std::string& quantity, double bound);

    /**
     * Every row of \p quantity: simulation >= fraction x model.
     * \param quantity the quantity
     * \param fraction the fraction of the model (>= 0)
     */
    void AtLeastFractionOfModel(const std::string& quantity, double fraction);

    /**
     * A condition that is not a row's (e.g. "the disc marks more than it drops").
     * \param holds whether it holds
     * \param failure the failure's line when it does not
     */
    void Require(bool holds, const std::string& failure);

    /**
     * \param table the table
     * \return one line per failure (empty: passed)
     */
    std::vector<std::string> GetFailures(const ComparisonTable& table) const;

    /**
     * Print the verdict (passed: to std::cout; failed: to std::cerr, each failure named).
     * \param table the table
     * \param program the program's name (the failure's prefix)
     * \return true if the check passed
     */
    bool Report(const ComparisonTable& table, const std::string& program) const;

  private:
    /// A rule on the rows of one quantity.
    struct Rule
    {
        std::string quantity;                                   //!< the quantity
        std::function<bool(const ComparisonTable::Row&)> holds; //!< true: the row passes
    };

    /**
     * \param quantity a quantity
     * \param who the method, for the message
     * \throw std::invalid_argument if it is empty
     */
    static void CheckQuantity(const std::string& quantity, const std::string& who);

    std::string m_summary;               //!< the check in words
    std::vector<Rule> m_rules;           //!< the rules on rows
    std::vector<std::string> m_failures; //!< Require()'s failed conditions
};

} // namespace ns3

#endif /* COMPARISON_CHECK_H */
