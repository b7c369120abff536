/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STRICT_COMMAND_LINE_H
#define STRICT_COMMAND_LINE_H

#include "owned-attributes.h"
#include "strict-value.h"

#include "ns3/command-line.h"

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief ns-3's CommandLine with every value checked whole before ns-3 reads it: an example's
 * own options against their types, --ns3::Type::Attribute=value (and --Type::Attribute) against
 * the attribute's checker, global values (--RngRun, --SchedulerType, ...) against theirs
 * (StrictValue's rules), and unknown options named.
 *
 * Use it as a CommandLine: `StrictCommandLine cmd(__FILE__); cmd.AddValue(...); cmd.Parse(argc,
 * argv);`. AddValue() records each option's type; Parse() checks every `--opt=value`,
 * `-opt=value` and bare `--opt` (a bool's) first and, on a bad one, prints "<program>: error:
 * --opt=value: <why>; valid: <what>" and exits 1; then it hands the command line to
 * CommandLine::Parse(), which reads the values as it always did (a value that passed reads the
 * same). ScenarioRunner uses Check(), which throws std::invalid_argument instead.
 */
class StrictCommandLine : public CommandLine
{
  public:
    StrictCommandLine();
    /// \param filename the example's file (__FILE__) or name, as for CommandLine
    explicit StrictCommandLine(const std::string& filename);

    /**
     * Register an option, as CommandLine::AddValue(), and record its type.
     * \tparam T its type (bool, a whole or real number, std::string, Time or DataRate)
     * \param name its name
     * \param help its help text
     * \param value where its value goes (its default)
     */
    template <class T>
    void AddValue(const std::string& name, const std::string& help, T& value)
    {
        CommandLine::AddValue(name, help, value);
        m_checks[name] = [](const std::string& text) {
            // ns-3 refuses "--opt=" for every option but a bool ("Invalid command-line
            // argument"): named here.
            if (std::is_same_v<T, std::string> && text.empty())
            {
                throw std::invalid_argument("no value; valid: a non-empty value (leave the option "
                                            "out for its default)");
            }
            StrictValue::Check<T>(text);
        };
        m_isBool[name] = std::is_same_v<T, bool>;
    }

    /**
     * Register an option whose value the program gives an attribute, as AddValue() above; the
     * value is also checked against the attribute's checker ("--opt=value: out of range; valid:
     * double 0:1").
     * \tparam T its type (a number, bool, Time or DataRate)
     * \param name its name
     * \param help its help text
     * \param value where its value goes (its default)
     * \param attributePath the attribute, "ns3::Type::Attribute"
     */
    template <class T>
    void AddValue(const std::string& name,
                  const std::string& help,
                  T& value,
                  const std::string& attributePath)
    {
        AddValue(name, help, value);
        m_checks[name] = [attributePath](const std::string& text) {
            StrictValue::Check<T>(text);
            StrictValue::CheckConfigValue(attributePath, text);
        };
    }

    /**
     * Register an option with a range, as AddValue() above; a value outside [\p min, \p max]
     * is refused too ("--opt=value: out of range; valid: <valid>").
     * \tparam T its type (a whole or real number, Time or DataRate)
     * \param name its name
     * \param help its help text
     * \param value where its value goes (its default)
     * \param min its smallest valid value
     * \param max its largest valid value
     * \param valid what a valid value is, for the message ("" : "<min> to <max>")
     */
    template <class T>
    void AddValue(const std::string& name,
                  const std::string& help,
                  T& value,
                  const T& min,
                  const T& max,
                  const std::string& valid = "")
    {
        AddValue(name, help, value);
        const std::string range =
            valid.empty() ? StrictValue::Describe(min) + " to " + StrictValue::Describe(max)
                          : valid;
        m_checks[name] = [min, max, range](const std::string& text) {
            const T x = StrictValue::Read<T>(text);
            if (x < min || max < x)
            {
                throw std::invalid_argument("out of range; valid: " + range);
            }
        };
    }

    /**
     * Register an option that sets an attribute's default, as CommandLine::AddValue().
     * \param name its name
     * \param attributePath the attribute, "ns3::Type::Attribute"
     */
    void AddValue(const std::string& name, const std::string& attributePath);

    /**
     * Declare attributes the program sets itself (after parsing, e.g. with Config::SetDefault or
     * a helper's attribute list): Parse() and ParseOrThrow() then refuse a user value for any of
     * them (OwnedAttributes, the testbed's one policy: "--ns3::X::A=v: this example sets
     * ns3::X::A itself and would silently override this option; valid: leave it out and use
     * <instead>"), never override it silently.
     * \param entries the attributes, each with what to use instead
     * \param setter who sets them, for the message
     */
    void Own(const std::vector<OwnedAttributes::Entry>& entries,
             const std::string& setter = "this example");

    /**
     * Check every option (Check()); on a bad one print "<program>: error: <what>" on stderr and
     * exit 1; then CommandLine::Parse(), and refuse the same way a user value for an attribute
     * declared with Own().
     * \param argc main's argc
     * \param argv main's argv
     */
    void Parse(int argc, char* argv[]);

    /**
     * Check every option (Check(), which throws), then CommandLine::Parse(), then the attributes
     * declared with Own() (throws too).
     * \param argc main's argc
     * \param argv main's argv
     */
    void ParseOrThrow(int argc, char* argv[]);

    /**
     * Check every option of \p argv (argv[0] is the program); throws std::invalid_argument
     * "--opt=value: <why>; valid: <what>" for the first bad one (the hard options such as
     * --PrintHelp and the non-option arguments are left to CommandLine).
     * \param argc main's argc
     * \param argv main's argv
     */
    void Check(int argc, char* argv[]) const;

    /**
     * Print "<program>: error: --<option>=<value>: <why>; valid: <valid>" on stderr and exit 1:
     * a program's own check of a value after Parse().
     * \param option the option's name, without dashes
     * \param value its value, as the program prints it
     * \param why what is wrong
     * \param valid what a valid value is
     */
    [[noreturn]] void Fail(const std::string& option,
                           const std::string& value,
                           const std::string& why,
                           const std::string& valid) const;

    /**
     * The measurement window [warmup, simTime] of a program's options --warmup and --simTime:
     * Fail() unless 0 < warmup < simTime (naming --warmup if it is not positive, --simTime and
     * --warmup otherwise).
     * \param warmup the start of the window
     * \param simTime the end of the run
     */
    void CheckWindow(Time warmup, Time simTime) const;

  private:
    /**
     * Check one option.
     * \param name its name, without dashes
     * \param value its value ("" for the bare form)
     * \param bare whether it had no '='
     */
    void CheckOption(const std::string& name, const std::string& value, bool bare) const;

    /// per option, its check (StrictValue::Check<T>)
    std::map<std::string, std::function<void(const std::string&)>> m_checks;
    std::map<std::string, bool> m_isBool; //!< per option, whether it is a bool
    OwnedAttributes m_owned;              //!< the attributes the program sets itself (Own())
};

} // namespace ns3

#endif /* STRICT_COMMAND_LINE_H */
