/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRAJECTORY_DISTANCE_H
#define TRAJECTORY_DISTANCE_H

#include "ns3/plot-writer.h"

#include <cstddef>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The distance between a packet simulation's trajectory and the fluid model's (issue 31,
 * item 4): over the points of a common sampling grid with time in a window [from, to],
 *
 *     D = 100 sum_i |p_i - f_i| / sum_i |f_i|   (%),
 *
 * the mean absolute difference normalised by the fluid trajectory's mean magnitude (for rates
 * and windows), or the mean absolute difference itself, M = sum_i |p_i - f_i| / n, in the
 * series' unit (for queues, which an AQM may hold at zero: then no normalisation means
 * anything). Points are paired by their time
 * (equal within 1e-9 of the larger magnitude, or 1e-12 s): a point of one series with no
 * partner in the other is left out, and so is a pair with a NaN or infinite value.
 */
class TrajectoryDistance
{
  public:
    /// Relative tolerance when pairing two series' times.
    static constexpr double TIME_TOLERANCE = 1e-9;

    /**
     * \param packet the packet simulation's points (time s, value), in increasing time
     * \param fluid the fluid model's points on the same grid, in increasing time
     * \param from the window's start, s
     * \param to the window's end, s (>= from)
     * \return D in %; NaN if no pair lies in the window or the fluid's values there are all 0
     */
    static double GetPercent(const PlotWriter::Points& packet,
                             const PlotWriter::Points& fluid,
                             double from,
                             double to);
    /**
     * \param packet as GetPercent()'s \param fluid as GetPercent()'s
     * \param from the window's start, s \param to the window's end, s (>= from)
     * \return M, in the series' unit; NaN if no pair lies in the window
     */
    static double GetMeanAbsolute(const PlotWriter::Points& packet,
                                  const PlotWriter::Points& fluid,
                                  double from,
                                  double to);

  private:
    /// The sums over the pairs in a window.
    struct Sums
    {
        double difference{0}; //!< sum |p_i - f_i|
        double magnitude{0};  //!< sum |f_i|
        std::size_t pairs{0}; //!< n
    };

    /**
     * \param packet as GetPercent()'s \param fluid as GetPercent()'s
     * \param from the window's start, s \param to the window's end, s (>= from)
     * \return the sums over the pairs in [from, to]
     */
    static Sums Sum(const PlotWriter::Points& packet,
                    const PlotWriter::Points& fluid,
                    double from,
                    double to);
};

} // namespace ns3

#endif /* TRAJECTORY_DISTANCE_H */
