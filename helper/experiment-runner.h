/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXPERIMENT_RUNNER_H
#define EXPERIMENT_RUNNER_H

#include "ns3/nstime.h"

#include <string>

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
     * \param plotPrefix default of --plot (the example's name)
     */
    explicit ExperimentRunner(std::string plotPrefix);

    /// Register the shared options. \param cmd the example's command line
    void AddOptions(CommandLine& cmd);

    /// \return the simulated time (--simTime)
    Time GetSimTime() const;

    /**
     * Install \p helper, run it for --simTime with statistics over [--warmup, --simTime], print
     * the table (with \p title and the window), write --csv and --plot, print the wall time.
     * Aborts with a message if --simTime does not exceed --warmup.
     * \param helper the network (not yet installed)
     * \param title the table's title
     */
    void Run(NetworkHelper& helper, const std::string& title);

  private:
    Time m_simTime;     //!< simulated time
    Time m_warmup;      //!< start of the measurement window
    std::string m_csv;  //!< CSV file ("" for none)
    std::string m_plot; //!< plot prefix ("none" for none)
    bool m_progress;    //!< show ShowProgress lines
};

} // namespace ns3

#endif /* EXPERIMENT_RUNNER_H */
