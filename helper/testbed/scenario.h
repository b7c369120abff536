/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCENARIO_H
#define SCENARIO_H

#include "owned-attributes.h"
#include "strict-command-line.h"

#include "ns3/fluid-model.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <cstddef>
#include <iosfwd>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class NetworkDescription;

class ComparisonTable;

/**
 * \ingroup dualcc
 *
 * \brief One experiment of a paper, the one way an experiment is made: its options, its points
 * (the simulations it runs), and its evaluation into a ComparisonTable and a figure.
 * ScenarioRunner::Main() runs it; an example is a short main() around one scenario.
 *
 * What the runner does with a scenario, in order:
 * 1. registers the scenario's options (AddOptions()) and its own: --simTime and --warmup if
 *    HasWindow(); --jobs if IsSweep(); --csv, --plot and --progress unless IsModelOnly();
 * 2. parses the command line, hands the runner's options to the scenario (SetSettings()) and
 *    calls Check(), which throws std::invalid_argument "--option=value ...; valid: ..." for a
 *    bad option; then checks that the files of every output (GetOutputNames()) can be written;
 * 3. runs the points 0 ... GetPointCount() - 1 (RunPoint()): a sweep's points (IsSweep()) are
 *    independent simulations, run in child processes, --jobs at a time (ParallelSweep), and
 *    only the numbers they return reach the evaluation; any other scenario's points run in the
 *    runner's process, one after another, and may keep what they measured in members (e.g. the
 *    NetworkHelper whose table and plot Evaluate() writes);
 * 4. calls Evaluate() with the points' numbers, which prints the tables (Report()), writes the
 *    CSV and draws the figures (GetPlotPrefix(), PlotWriter); then Simulator::Destroy() and the
 *    wall time.
 * An exception anywhere ends the program with "<program>: error: <what>" and exit status 1.
 *
 * Scenarios that simulate one network over one window and compare it with the duality model
 * derive from EquilibriumScenario, which does steps 3 and 4; they only describe the network.
 */
class Scenario
{
  public:
    /// The runner's options, as the scenario sees them (defaults: the scenario's constructor).
    struct Settings
    {
        Time simTime;         //!< --simTime: the simulated time (HasWindow() only)
        Time warmup;          //!< --warmup: the measurement window's start (HasWindow() only)
        bool progress{false}; //!< --progress: ShowProgress lines (a sweep: a line per point)
        std::string csv;      //!< --csv: the CSV file or prefix ("" for none)
        std::string plot;     //!< --plot: the plot prefix ("" for none; --plot=none)
        /// the command line's arguments (argv[1] ...; IsOptionGiven())
        std::vector<std::string> arguments;
    };

    virtual ~Scenario();

    /// \return the scenario's name: its example's name and the default of --plot
    const std::string& GetName() const;
    /// \return the usage line of its command line (CommandLine::Usage())
    const std::string& GetUsage() const;

    /**
     * Register the scenario's own options.
     * \param cmd the command line
     */
    virtual void AddOptions(StrictCommandLine& cmd) = 0;

    /**
     * Check the options after parsing (and prepare the points). Throws std::invalid_argument
     * "--option=value: why; valid: what" for a bad one. The default checks nothing.
     */
    virtual void Check();

    /**
     * The ns-3 attributes the scenario sets itself (SetAttribute, ObjectFactory::Set, a
     * description's queue or TCP attributes, Config::SetDefault), each with the scenario's option
     * that controls it, or "nothing: <why it is fixed>". ScenarioRunner refuses a user value for
     * any of them (OwnedAttributes), naming that option. The default: none.
     * \return the attributes
     */
    virtual std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const;

    /// \return whether the scenario only evaluates a model (no simulation): the runner then
    ///         offers no --csv, --plot or --progress and prints no wall time (default: false)
    virtual bool IsModelOnly() const;
    /// \return whether the runner offers --simTime and --warmup (statistics over [warmup,
    ///         simTime]; defaults: the Settings given to SetSettings() by the constructor)
    virtual bool HasWindow() const;
    /// \return whether the points are independent simulations run in child processes, --jobs
    ///         at a time (default: false, the points run in the runner's process)
    virtual bool IsSweep() const;

    /// \return the number of points (after Check(); default 1)
    virtual std::size_t GetPointCount() const;
    /// \param point a point \return its label for progress lines (default "point <i>")
    virtual std::string GetPointLabel(std::size_t point) const;

    /**
     * Run one point (usable as ParallelSweep::PointFunction).
     * \param point the point, in [0, GetPointCount())
     * \return its numbers (a sweep: everything Evaluate() needs of it)
     */
    virtual std::vector<double> RunPoint(std::size_t point) = 0;

    /**
     * Evaluate the points: print the tables (Report()), write the CSV and draw the figures.
     * \param results per point, the numbers RunPoint() returned
     * \param os where the report goes (the runner's standard output)
     * \return the exit status (0; 1 if a sanity check of the results failed)
     */
    virtual int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) = 0;

    /**
     * The names of the outputs: with one name "" (the default), --csv is a file and --plot a
     * prefix; with several, each output "name" is written to PREFIX-name.csv and drawn as
     * PREFIX-name (GetCsvPath(), GetPlotPrefix()).
     * \return the names (after Check())
     */
    virtual std::vector<std::string> GetOutputNames() const;
    /// \return how the names look in the help of --csv and --plot, e.g. "expN" ("" for none)
    virtual std::string GetOutputNamePattern() const;

    /**
     * Split a comma-separated option value.
     * \param option the option's name, for error messages
     * \param text the value
     * \return the items; throws std::invalid_argument naming the option on an empty item or list
     *         and naming the item given twice (a list option never runs a value twice)
     */
    static std::vector<std::string> SplitList(const std::string& option, const std::string& text);
    /**
     * \param option the option's name, for error messages
     * \param text a comma-separated list of positive numbers
     * \return the numbers; throws std::invalid_argument naming the option and the item if one
     *         is not (StrictValue::ParseDouble()) or is given twice
     */
    static std::vector<double> ParsePositiveNumbers(const std::string& option,
                                                    const std::string& text);

    /// \return the runner's options
    const Settings& GetSettings() const;

    /**
     * \param args command-line arguments
     * \param option an option's name, without "--" \param other another's
     * \return whether \p args give \p option after \p other's last mention (or \p option
     *         alone): of two options that conflict, the one the user typed last
     */
    static bool IsGivenAfter(const std::vector<std::string>& args,
                             const std::string& option,
                             const std::string& other);
    /// \param settings the runner's options (the constructor sets their defaults)
    void SetSettings(const Settings& settings);

    /// \param name an output name \return its CSV file ("" without --csv)
    std::string GetCsvPath(const std::string& name = "") const;
    /// \param name an output name \return its plot prefix ("" without a plot)
    std::string GetPlotPrefix(const std::string& name = "") const;

  protected:
    /**
     * \param name the scenario's name: its example's name and the default of --plot
     * \param usage the usage line of its command line
     */
    Scenario(std::string name, std::string usage);

    /**
     * The scenarios' error for a bad option: throw std::invalid_argument
     * "--<option>=<value>: <why>; valid: <valid>" unless \p ok.
     * \tparam T the value's type (printable)
     * \param ok whether the option is good
     * \param option the option's name, without "--"
     * \param value its value
     * \param why what is wrong with it
     * \param valid what would be right
     */
    template <class T>
    static void Require(bool ok,
                        const std::string& option,
                        const T& value,
                        const std::string& why,
                        const std::string& valid)
    {
        if (!ok)
        {
            std::ostringstream os;
            os << "--" << option << "=" << value << ": " << why << "; valid: " << valid;
            throw std::invalid_argument(os.str());
        }
    }

    /**
     * Require() for a constraint between two options, \p option (the one checked) and \p other
     * (the one it is checked against, e.g. --duration): the message names \p option, or, if the
     * command line gives \p other after \p option (or \p other alone), \p other
     * ("--<other>=<value>: conflicts with --<option>=<value> (<why>); valid: <valid>"): the option
     * the user typed (last) is named.
     * \tparam T the value's type (printable) \tparam U the other's (printable)
     * \param ok whether the two agree
     * \param option the checked option's name, without "--" \param value its value
     * \param why what is wrong with it
     * \param other the other option's name \param otherValue its value
     * \param valid what would be right (about both)
     */
    template <class T, class U>
    void RequirePair(bool ok,
                     const std::string& option,
                     const T& value,
                     const std::string& why,
                     const std::string& other,
                     const U& otherValue,
                     const std::string& valid) const
    {
        if (!ok && IsGivenAfter(GetSettings().arguments, other, option))
        {
            Require(false,
                    other,
                    otherValue,
                    "conflicts with " + FormatOption(option, value) + " (" + why + ")",
                    valid);
        }
        Require(ok, option, value, why, valid);
    }

    /**
     * \tparam T the value's type (printable)
     * \param option an option's name, without "--" \param value its value
     * \return "--<option>=<value>", as Require() prints it
     */
    template <class T>
    static std::string FormatOption(const std::string& option, const T& value)
    {
        std::ostringstream os;
        os << "--" << option << "=" << value;
        return os.str();
    }

    /**
     * The scenarios' error for a value outside a double attribute's own range (its checker),
     * e.g. a design value a model-only scenario prints for the user to set: throw
     * std::invalid_argument "<what>: <why>; valid: <TypeId>::<attribute> in [min, max]<unit>"
     * unless \p value is within it ("(0, max]" when the smallest is the smallest positive
     * double).
     * \param tid the attribute's TypeId \param attribute a DoubleValue attribute of it
     * \param value the value \param what the options at fault (e.g. "--alpha=2e6")
     * \param why what is wrong \param unit the value's unit, for the message (e.g. " Hz")
     */
    static void RequireInRange(TypeId tid,
                               const std::string& attribute,
                               double value,
                               const std::string& what,
                               const std::string& why,
                               const std::string& unit = "");
    /**
     * \param tid a TypeId \param attribute a DoubleValue attribute of it
     * \return its checker's smallest and largest value
     */
    static std::pair<double, double> GetRange(TypeId tid, const std::string& attribute);

    /**
     * \param option an option's name, without "--"
     * \param value if given, set to the option's value on the command line
     * \return whether the command line (Settings::arguments) gives it, even at its default:
     *         for Check() to refuse an option without effect in the chosen configuration
     */
    bool IsOptionGiven(const std::string& option, std::string* value = nullptr) const;

    /**
     * Check --engine (packet or fluid) and, under --engine=fluid, refuse the options that act on
     * the packet simulation only (--fluid, --pcap, --flowmon), which that engine does not run
     * (throws std::invalid_argument naming the option; for Check()).
     * \param engine --engine's value
     */
    void CheckEngine(const std::string& engine) const;

    /**
     * Refuse, naming --engine=fluid or --fluid, a network FluidModelBuilder does not describe
     * (its reason; throws std::invalid_argument; for Check()).
     * \param network the run's description
     * \param engine --engine's value
     */
    static void CheckFluidDescribes(const NetworkDescription& network, const std::string& engine);
    /**
     * The fluid model of a network (FluidModelBuilder) integrated over [0, \p duration] with a
     * 1 ms step (--fluid, --engine=fluid), its time on stderr after \p label.
     * \param network the run's description
     * \param duration the simulated time
     * \param sampleInterval the sampling interval (the monitor's series interval)
     * \param label the run's label on stderr
     * \return its trajectories
     */
    static FluidModel::Result RunFluid(const NetworkDescription& network,
                                       Time duration,
                                       Time sampleInterval,
                                       const std::string& label);

    /**
     * Print \p table on \p os and write it to the output's CSV file (if --csv), saying so.
     * \param os the report's stream
     * \param table the table
     * \param name the output's name
     */

    void Report(std::ostream& os, const ComparisonTable& table, const std::string& name = "") const;
    /**
     * Write \p table to the output's CSV file, if --csv, and say so on \p os (for tables that
     * are printed in another form).
     * \param os the report's stream
     * \param table the table
     * \param name the output's name
     */
    void WriteCsv(std::ostream& os,
                  const ComparisonTable& table,
                  const std::string& name = "") const;

  private:
    std::string m_name;  //!< the name
    std::string m_usage; //!< the usage line
    Settings m_settings; //!< the runner's options
};

} // namespace ns3

#endif /* SCENARIO_H */
