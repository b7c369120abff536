/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "trajectory-distance.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TrajectoryDistance");

namespace
{
/// \param a a time \param b a time \return whether they are the same grid point
bool
SameTime(double a, double b)
{
    const double scale = std::max(std::abs(a), std::abs(b));
    return std::abs(a - b) <= std::max(TrajectoryDistance::TIME_TOLERANCE * scale, 1e-12);
}
} // namespace

TrajectoryDistance::Sums
TrajectoryDistance::Sum(const PlotWriter::Points& packet,
                        const PlotWriter::Points& fluid,
                        double from,
                        double to)
{
    NS_ABORT_MSG_UNLESS(from <= to,
                        "TrajectoryDistance: the window's start ("
                            << from << " s) must not be after its end (" << to << " s)");
    Sums sums;
    std::size_t j = 0;
    for (const auto& [t, p] : packet)
    {
        while (j < fluid.size() && fluid[j].first < t && !SameTime(fluid[j].first, t))
        {
            ++j;
        }
        if (j == fluid.size())
        {
            break;
        }
        const double f = fluid[j].second;
        if (!SameTime(fluid[j].first, t) || t < from || t > to || !std::isfinite(p) ||
            !std::isfinite(f))
        {
            continue;
        }
        sums.difference += std::abs(p - f);
        sums.magnitude += std::abs(f);
        ++sums.pairs;
    }
    NS_LOG_FUNCTION(from << to << sums.pairs << sums.difference << sums.magnitude);
    return sums;
}

double
TrajectoryDistance::GetPercent(const PlotWriter::Points& packet,
                               const PlotWriter::Points& fluid,
                               double from,
                               double to)
{
    const Sums sums = Sum(packet, fluid, from, to);
    if (sums.pairs == 0 || sums.magnitude == 0)
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return 100 * sums.difference / sums.magnitude;
}

double
TrajectoryDistance::GetMeanAbsolute(const PlotWriter::Points& packet,
                                    const PlotWriter::Points& fluid,
                                    double from,
                                    double to)
{
    const Sums sums = Sum(packet, fluid, from, to);
    if (sums.pairs == 0)
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return sums.difference / static_cast<double>(sums.pairs);
}

} // namespace ns3
