/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXPERIMENT_RUNNER_H
#define EXPERIMENT_RUNNER_H

#include "ns3/nstime.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class CommandLine;
class NetworkHelper;

/**
 * \ingroup dualcc
 *
 * \brief The part every model-vs-simulation example shares: the command-line options
 * --simTime, --warmup, --csv, --plot and --progress, and the run itself (measurement window,
 * time series for the plot, install, run with progress, table, CSV, PNG, wall time).
 */
class ExperimentRunner
{
  public:
    /**
     * An example's main(): run \p body and turn an exception (std::invalid_argument from
     * NetworkDescription::Parse/Validate, NetworkHelper::Install, the checks below, ...) into
     * one message "<program>: error: <what>" on stderr and exit status 1, instead of
     * std::terminate's core dump.
     * \param argc main's argc
     * \param argv main's argv
     * \param body the example's code (returns the exit status)
     * \return the exit status
     */
    static int Main(int argc, char* argv[], int (*body)(int, char*[]));

    /**
     * Check, before a long run, that \p path can be written (created or appended to; a file
     * created by the check is removed again).
     * \param path the file
     * \param option the option that named it, for the message (e.g. "--csv")
     * Throws std::invalid_argument "<option>=<path>: cannot write ...; valid: ..." if not.
     */
    static void CheckWritable(const std::string& path, const std::string& option);

    /**
     * Refuse ns-3 defaults given on the command line (--ns3::TypeId::Attribute=value) that
     * NetworkHelper sets itself from the network description or its own settings, and would so
     * override silently: ns3::TcpDualVegas' Alpha, Beta, RttSample, AlphaUnit, AlphaTimeUnit,
     * BaseRttEstimator, PropagationDelay; ns3::TcpVegas' Alpha and Beta; every QueueDisc's
     * MaxSize; ns3::TcpSocket's SegmentSize, SndBufSize, RcvBufSize, InitialCwnd, DelAckCount;
     * ns3::TcpSocketBase::Timestamp and ns3::RttMeanDeviation::Alpha. Refusing (rather than
     * warning, or letting the option win) is the least surprising: the run the user asked for
     * is not the one that would be simulated, and the duality model is computed from the
     * description, so the option could not win without making model and simulation disagree.
     * Call SnapshotDefaults() before CommandLine::Parse() and this after it.
     * Throws std::invalid_argument naming each such option and what to use instead.
     */
    void CheckOverriddenDefaults() const;
    /// Record the defaults CheckOverriddenDefaults() compares with (AddOptions() calls it).
    void SnapshotDefaults();

    /**
     * Bound a run's size: print a warning with an estimate on stderr if simulating \p helper's
     * network for \p simTime will probably take long (more than about 10 minutes).
     * \param helper the network
     * \param simTime the simulated time
     * \return the estimated wall time, seconds (a rough order of magnitude)
     */
    static double WarnIfLong(const NetworkHelper& helper, Time simTime);

    /**
     * \param plotPrefix default of --plot (the example's name)
     */
    explicit ExperimentRunner(std::string plotPrefix);

    /// Register the shared options (and SnapshotDefaults()). \param cmd the example's command
    /// line
    void AddOptions(CommandLine& cmd);

    /// \return the simulated time (--simTime)
    Time GetSimTime() const;

    /**
     * Install \p helper, run it for --simTime with statistics over [--warmup, --simTime], print
     * the table (with \p title and the window), write --csv and --plot, print the wall time.
     * Throws std::invalid_argument before the run if --simTime does not exceed --warmup, if a
     * time is out of range (0 to 1e6 s), if --csv or --plot cannot be written, or if a default
     * that NetworkHelper sets was given on the command line (CheckOverriddenDefaults()); warns
     * if the run will take long (WarnIfLong()).
     * The plot (NetworkHelper::WritePlot) is titled \p plotTitle (or \p title) and the
     * window in human units; the time series is sampled every --simTime / 2000, ten samples per
     * plotted mean.
     * \param helper the network (not yet installed)
     * \param title the table's title
     * \param plotTitle the plot's title ("" for \p title), with rates and times in human units
     *        (PlotWriter::FormatRate(), PlotWriter::FormatTime())
     */
    void Run(NetworkHelper& helper, const std::string& title, const std::string& plotTitle = "");

  private:
    Time m_simTime;     //!< simulated time
    Time m_warmup;      //!< start of the measurement window
    std::string m_csv;  //!< CSV file ("" for none)
    std::string m_plot; //!< plot prefix ("none" for none)
    bool m_progress;    //!< show ShowProgress lines
    /// (TypeId::Attribute, default before the command line, what to use instead)
    std::vector<std::pair<std::string, std::pair<std::string, std::string>>> m_defaults;
};

} // namespace ns3

#endif /* EXPERIMENT_RUNNER_H */
