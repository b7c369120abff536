/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PARALLEL_SWEEP_H
#define PARALLEL_SWEEP_H

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Runs the independent points of a parameter sweep (buffer sizes, numbers of flows,
 * AQMs, ...) in separate processes, up to Jobs at a time, and collects each point's numbers.
 *
 * ns-3's simulator is a process-wide singleton, so a sweep cannot run two simulations in one
 * process at once. ParallelSweep forks one child process per point (also with one job, so that
 * every point starts from a fresh simulator and the results do not depend on --jobs): the child
 * calls the point function, writes the returned numbers to a pipe in full precision and exits;
 * the parent starts the next point as soon as a child ends. Results come back in point order.
 *
 * The parent must not have run a simulation before Run() (the children inherit its state).
 * A child that crashes, aborts (e.g. NS_ABORT_MSG on a bad attribute) or returns no result
 * makes Run() abort naming the point, after the other children have ended.
 */
class ParallelSweep
{
  public:
    /// A point's computation: its index in [0, points) in, its numbers out.
    using PointFunction = std::function<std::vector<double>(std::size_t point)>;

    /**
     * \param jobs how many points run at once (>= 1; a `--jobs` option)
     */
    explicit ParallelSweep(unsigned jobs = 1);

    /**
     * \param show print a line on stderr when a point starts and ends (with its wall time)
     * \param labels per-point labels for those lines (default "point <i>")
     */
    void SetProgress(bool show, std::vector<std::string> labels = {});

    /**
     * Run every point.
     * \param points the number of points
     * \param function the point's computation (runs in a child process)
     * \return per point, the numbers its function returned
     */
    std::vector<std::vector<double>> Run(std::size_t points, const PointFunction& function) const;

    /// \return the number of processors online (a default for --jobs), at least 1
    static unsigned GetProcessorCount();

    /**
     * Run \p check in a child process with its stdout and stderr discarded (so that it leaves
     * the parent as it was, e.g. a sweep's points set up but not simulated before the sweep).
     * \param check what to run; a std::exception it throws is the failure
     * \return "" if \p check returned, else the exception's what() (or how the child ended)
     */
    static std::string RunCheck(const std::function<void()>& check);

  private:
    unsigned m_jobs;                   //!< points at once
    bool m_progress;                   //!< print start/end lines
    std::vector<std::string> m_labels; //!< per-point labels
};

} // namespace ns3

#endif /* PARALLEL_SWEEP_H */
