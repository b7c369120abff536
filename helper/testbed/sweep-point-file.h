/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SWEEP_POINT_FILE_H
#define SWEEP_POINT_FILE_H

#include <cstddef>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief One sweep point's numbers in a file, so that a sweep's points can run on different
 * machines (--point=K --pointFiles=PREFIX writes PREFIX-K.point) and one command reports them
 * (--pointFiles=PREFIX reads every PREFIX-K.point instead of simulating).
 *
 * The file is text, one field per line:
 *
 *     # dualcc sweep point
 *     scenario <the scenario's name>
 *     options <the command line's options that shape the results, sorted, space-separated>
 *     point <K> of <N>
 *     label <the point's label>
 *     values <n> <v_1> ... <v_n>          (full precision, %.17g)
 *
 * Read() checks each field against what the reading run expects (the same scenario, the same
 * options, the same number of points, point K in file K), so that points of different sweeps
 * are never merged; every error is a std::invalid_argument "<file>:<line>: <field>: ...; valid:
 * ...".
 */
class SweepPointFile
{
  public:
    /// What a run knows of its sweep, and what a point file must match.
    struct Sweep
    {
        std::string scenario; //!< the scenario's name
        std::string options;  //!< its results-shaping options (GetOptions())
        std::size_t points;   //!< the number of points
    };

    /**
     * \param prefix the --pointFiles prefix
     * \param point K
     * \return PREFIX-K.point
     */
    static std::string GetPath(const std::string& prefix, std::size_t point);

    /**
     * The options of a command line that shape a sweep's results: every argument but argv[0]
     * and the runner's own --point, --pointFiles, --listPoints, --jobs, --progress, --csv and
     * --plot, sorted (their order does not matter to the results) and joined by spaces.
     * \param argc main's argc
     * \param argv main's argv
     * \return the options
     */
    static std::string GetOptions(int argc, char* argv[]);

    /**
     * Write point \p point's numbers. Throws std::invalid_argument if the file cannot be
     * written.
     * \param path the file
     * \param sweep the sweep
     * \param point K, in [0, sweep.points)
     * \param label the point's label
     * \param values its numbers
     */
    static void Write(const std::string& path,
                      const Sweep& sweep,
                      std::size_t point,
                      const std::string& label,
                      const std::vector<double>& values);

    /**
     * Read point \p point's numbers, checking every field against \p sweep and \p point.
     * \param path the file
     * \param sweep the sweep the reading run is
     * \param point K: the point the file must hold
     * \return its numbers
     */
    static std::vector<double> Read(const std::string& path, const Sweep& sweep, std::size_t point);
};

} // namespace ns3

#endif /* SWEEP_POINT_FILE_H */
