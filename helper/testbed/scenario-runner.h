/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCENARIO_RUNNER_H
#define SCENARIO_RUNNER_H

#include "network-helper.h"
#include "owned-attributes.h"
#include "scenario.h"
#include "sweep-point-file.h"

#include "ns3/nstime.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The one runner of the module's experiments: an example's main() is
 * `return ScenarioRunner::Main(argc, argv, scenario);`.
 *
 * It owns what every experiment shares (Scenario describes the order of the steps):
 * - the command line: the scenario's options, then --simTime and --warmup (Scenario::
 *   HasWindow()), --jobs, --point, --pointFiles and --listPoints (Scenario::IsSweep()), --csv,
 *   --plot (default: the scenario's name; none: no plot), --progress, and ns-3's own tracing:
 *   --pcap=<link> (--pcapDir) and --flowmon=<file> (not for model-only scenarios; SetUpTracing());
 * - a sweep spread over machines: --point=K --pointFiles=PREFIX simulates point K alone and
 *   writes PREFIX-K.point (SweepPointFile); --pointFiles=PREFIX alone simulates nothing, reads
 *   every point's file (checked to come from the same scenario, options and sweep) and
 *   evaluates and reports them as a full run would; --listPoints prints the points;
 * - the checks before the run: the window's range, --jobs, Scenario::Check(), the defaults
 *   NetworkHelper would override (CheckOverriddenDefaults()), writable --csv and --plot files
 *   (CheckWritable()) for every output of the scenario;
 * - a sweep's points set up (not simulated) in a child process before any runs, so that an
 *   option bad for some point's network (--pcap=<a link it lacks>) is refused here, in the
 *   parent, naming the option (CheckPoints());
 * - the run: the points in this process, or a sweep's in child processes (RunPoints(),
 *   ParallelSweep); the evaluation (Scenario::Evaluate()), Simulator::Destroy() and the line
 *   "wall time <s> s";
 * - the error policy: an exception (std::invalid_argument from a check, NetworkDescription::
 *   Parse/Validate, NetworkHelper::Install, ...) ends Main() with one message "<program>:
 *   error: <what>" on stderr and exit status 1, instead of std::terminate's core dump. The
 *   command line is a StrictCommandLine: every option, --ns3:: attribute value and global
 *   value is checked whole first ("--opt=value: <why>; valid: <what>", StrictValue), so ns-3's
 *   CommandLine, which reads it afterwards, only exits itself on --PrintHelp and the like.
 *   Main() never calls exit() itself.
 */
class ScenarioRunner
{
  public:
    /**
     * An example's main(): parse the command line, check, run and evaluate \p scenario.
     * \param argc main's argc
     * \param argv main's argv
     * \param scenario the experiment
     * \return the exit status: the scenario's (0 unless its sanity check failed), 1 after an
     *         exception
     */
    static int Main(int argc, char* argv[], Scenario& scenario);

    /**
     * Run every point of \p scenario: a sweep's in child processes, \p jobs at a time
     * (ParallelSweep; a point that throws ends its process with "<label>: error: <what>" and
     * ParallelSweep aborts naming it), any other scenario's in this process, in order.
     * \param scenario the scenario (checked)
     * \param jobs a sweep's points at once (>= 1)
     * \param progress a sweep: print a line on stderr as each point starts and ends
     * \return per point, its numbers
     */
    static std::vector<std::vector<double>> RunPoints(Scenario& scenario,
                                                      unsigned jobs,
                                                      bool progress);

    /**
     * Check a sweep's points before any runs: in a child process (ParallelSweep::RunCheck()),
     * each point is set up as far as NetworkHelper::Run(), which checks the tracing options
     * against the point's network and stops (NetworkHelper::SetCheckOnly()). Throws the first
     * point's std::invalid_argument: an option's ("--pcap=1,1: no such link; valid: ...") as it
     * is, another prefixed with the point's label. RunPoints() calls it before a sweep.
     * \param scenario the scenario (checked)
     */
    static void CheckPoints(Scenario& scenario);

    /**
     * Check, before a long run, that \p path can be written (created or appended to; a file
     * created by the check is removed again).
     * \param path the file
     * \param option the option that named it, for the message (e.g. "--csv")
     * Throws std::invalid_argument "<option>=<path>: cannot write ...; valid: ..." if not.
     */
    static void CheckWritable(const std::string& path, const std::string& option);

    /**
     * Refuse ns-3 attributes the user set (--ns3::TypeId::Attribute=value, or a default changed
     * otherwise) that the run sets itself and would so override silently (OwnedAttributes):
     * those NetworkHelper sets from the network description or its own settings
     * (GetNetworkHelperAttributes(): ns3::TcpDualVegas' Alpha, Beta, RttSample, AlphaUnit,
     * AlphaTimeUnit, BaseRttEstimator, PropagationDelay; ns3::TcpVegas' Alpha and Beta; every
     * QueueDisc's MaxSize; ns3::TcpSocket's SegmentSize, SndBufSize, RcvBufSize, InitialCwnd,
     * DelAckCount; ns3::TcpSocketBase::Timestamp and ns3::RttMeanDeviation::Alpha), and those
     * the scenario sets (Scenario::GetOwnedAttributes()). Refusing (rather than warning, or
     * letting the option win) is the least surprising: the run the user asked for is not the
     * one that would be simulated, and the duality model is computed from the description, so
     * the option could not win without making model and simulation disagree.
     * Call SnapshotDefaults() before CommandLine::Parse() and this after it (Main() does).
     * Throws std::invalid_argument naming each such option and what to use instead.
     * \param args the command line's arguments (OwnedAttributes::GetArguments()); a value
     *        named there is refused even if it equals the default
     */
    void CheckOverriddenDefaults(const std::vector<std::string>& args = {}) const;
    /**
     * Declare the attributes CheckOverriddenDefaults() refuses and record their defaults.
     * \param scenario the scenario (its GetOwnedAttributes(); NetworkHelper's unless it is
     *        model-only), or nullptr for NetworkHelper's alone
     */
    void SnapshotDefaults(const Scenario* scenario = nullptr);
    /// \return the attributes NetworkHelper sets itself, with what to use instead
    static std::vector<OwnedAttributes::Entry> GetNetworkHelperAttributes();

    /**
     * Choose the scheduler of the program's runs: ns-3's SchedulerType as configured if the
     * user chose it (\p chosen: --SchedulerType on the command line or in NS_GLOBAL_VALUE) or
     * if it is not ns-3's default (the MapScheduler); otherwise the testbed's default, the
     * CalendarScheduler, which it binds to SchedulerType (NetworkHelper::Run() runs the
     * configured one). Main() calls it after parsing the command line.
     * \param chosen whether the user chose SchedulerType
     * \return the scheduler's TypeId name
     */
    static std::string ChooseScheduler(bool chosen);

    /**
     * Bound a run's size: print a warning with an estimate on stderr if simulating \p helper's
     * network for \p simTime will probably take long (more than about 10 minutes).
     * \param helper the network
     * \param simTime the simulated time
     * \return the estimated wall time, seconds (a rough order of magnitude)
     */
    static double WarnIfLong(const NetworkHelper& helper, Time simTime);

  private:
    /// The runner's own options (beside the scenario's).
    struct Options
    {
        Scenario::Settings settings;    //!< --simTime, --warmup, --csv, --progress
        std::string plot;               //!< --plot (none: no plot)
        unsigned jobs{1};               //!< --jobs
        NetworkHelper::Tracing tracing; //!< --pcap, --flowmon
        std::string pcapDir{"."};       //!< --pcapDir
        int point{-1};                  //!< --point (-1: all)
        std::string pointFiles;         //!< --pointFiles
        bool listPoints{false};         //!< --listPoints
    };

    /**
     * Add the scenario's options and the runner's to the command line.
     * \param cmd the command line
     * \param scenario the experiment
     * \param options where the runner's options are parsed into
     */
    static void AddOptions(StrictCommandLine& cmd, Scenario& scenario, Options& options);

    /**
     * \param argc main's argc
     * \param argv main's argv
     * \return whether the user chose ns-3's SchedulerType (--SchedulerType or NS_GLOBAL_VALUE)
     */
    static bool IsSchedulerChosen(int argc, char* argv[]);

    /**
     * Check the options once parsed (window, jobs, the scenario's own, MPI, overridden
     * defaults, writable outputs); throws std::invalid_argument naming the option.
     * \param scenario the experiment
     * \param options the runner's options
     */
    void CheckOptions(Scenario& scenario, const Options& options);

    /**
     * A sweep's --listPoints, --point and --pointFiles.
     * \param scenario the sweep
     * \param argc main's argc
     * \param argv main's argv
     * \param options the runner's options
     * \param results filled with the points read from --pointFiles
     * \return true if the program is done (--listPoints, --point)
     */
    static bool RunSweepOptions(Scenario& scenario,
                                int argc,
                                char* argv[],
                                const Options& options,
                                std::vector<std::vector<double>>& results);

    /**
     * Print the run's wall time (and how the sweep's points were obtained).
     * \param scenario the experiment
     * \param options the runner's options
     * \param points the points evaluated
     * \param wall seconds
     */
    static void PrintWallTime(const Scenario& scenario,
                              const Options& options,
                              std::size_t points,
                              double wall);

    /**
     * Main()'s work, which may throw.
     * \param argc main's argc
     * \param argv main's argv
     * \param scenario the experiment
     * \return the exit status
     */
    int Run(int argc, char* argv[], Scenario& scenario);

    /**
     * --point=K: check K and --pointFiles, run point K in this process and write its file.
     * Throws std::invalid_argument naming the option if K is not a point or PREFIX is empty.
     * \param scenario the sweep (checked)
     * \param sweep what the point file records of it
     * \param point K
     * \param prefix --pointFiles
     */
    static void RunOnePoint(Scenario& scenario,
                            const SweepPointFile::Sweep& sweep,
                            int point,
                            const std::string& prefix);

    /**
     * --pcap, --pcapDir and --flowmon: check them and hand them to NetworkHelper::SetTracing(),
     * which traces every simulation of the program (a program that runs several, a sweep's
     * points or a scenario's simulations one after the other, names each one's files with its
     * index: NetworkHelper::SetTracingIndex()). Throws std::invalid_argument under mpirun
     * (each rank sees only its own nodes' packets) and if a file cannot be written; an unknown
     * link is refused when its network is built (NetworkHelper::StartTracing()).
     * \param scenario the scenario (the pcap files are named after it)
     * \param tracing --pcap and --flowmon
     * \param pcapDir --pcapDir
     */
    static void SetUpTracing(const Scenario& scenario,
                             NetworkHelper::Tracing tracing,
                             const std::string& pcapDir);

    /**
     * Check --simTime and --warmup: each in [0, NetworkDescription::MAX_TIME_SECONDS], and
     * simTime > warmup. Throws std::invalid_argument naming the option if not.
     * \param settings the runner's options
     */
    static void CheckWindow(const Scenario::Settings& settings);

    OwnedAttributes m_owned;         //!< the attributes the run sets itself
    std::vector<std::string> m_args; //!< the command line's arguments
};

} // namespace ns3

#endif /* SCENARIO_RUNNER_H */
