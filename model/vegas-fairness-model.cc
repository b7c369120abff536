/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vegas-fairness-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <boost/math/tools/roots.hpp>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VegasFairnessModel");

namespace
{
/// Bits of precision of the root of eq. 6.
constexpr int ROOT_BITS = 50;
/// Iteration limit of the root finder.
constexpr boost::uintmax_t ROOT_MAX_ITERATIONS = 200;

/// The valid range of alpha, packets (as DualityModel's weight).
constexpr double MIN_ALPHA = 1e-6;
/// The valid range of alpha, packets.
constexpr double MAX_ALPHA = 1e9;
/// The valid range of c, packets/s (as DualityModel's capacity).
constexpr double MIN_CAPACITY = 1e-3;
/// The valid range of c, packets/s.
constexpr double MAX_CAPACITY = 1e12;
/// The most connections (n, i): the harmonic sums and the O(n^2) recursion stay quick.
constexpr unsigned MAX_CONNECTIONS = 10000;

/// Abort unless alpha and c are in their ranges (alpha / c and n alpha / c stay finite).
void
CheckAlphaCapacity(const char* function, double alpha, double capacity)
{
    NS_ABORT_MSG_UNLESS(alpha >= MIN_ALPHA && alpha <= MAX_ALPHA,
                        "VegasFairnessModel::" << function << ": alpha = " << alpha
                                               << " packets; it must be in [" << MIN_ALPHA << ", "
                                               << MAX_ALPHA << "] packets");
    NS_ABORT_MSG_UNLESS(capacity >= MIN_CAPACITY && capacity <= MAX_CAPACITY,
                        "VegasFairnessModel::" << function << ": capacity = " << capacity
                                               << " packets/s; it must be in [" << MIN_CAPACITY
                                               << ", " << MAX_CAPACITY << "] packets/s");
}

/// Abort unless 1 <= n <= MAX_CONNECTIONS.
void
CheckConnections(const char* function, const char* name, unsigned n)
{
    NS_ABORT_MSG_UNLESS(n >= 1 && n <= MAX_CONNECTIONS,
                        "VegasFairnessModel::" << function << ": " << name << " = " << n
                                               << "; it must be in [1, " << MAX_CONNECTIONS << "]");
}
} // namespace

double
VegasFairnessModel::HarmonicNumber(unsigned i)
{
    double sum = 0;
    for (unsigned k = i; k >= 1; --k) // smallest terms first
    {
        sum += 1.0 / k;
    }
    return sum;
}

double
VegasFairnessModel::BonaldOverestimation(unsigned i, double alpha, double capacity)
{
    CheckAlphaCapacity("BonaldOverestimation", alpha, capacity);
    NS_ABORT_MSG_IF(i == 0, "VegasFairnessModel::BonaldOverestimation: i counts from 1");
    CheckConnections("BonaldOverestimation", "i", i);
    return alpha / capacity * (i - 1) * HarmonicNumber(i - 1); // §3.1.2
}

double
VegasFairnessModel::ClosedFormRate(unsigned i, unsigned n, double capacity)
{
    CheckAlphaCapacity("ClosedFormRate", 1, capacity);
    CheckConnections("ClosedFormRate", "n", n);
    NS_ABORT_MSG_UNLESS(i >= 1 && i <= n,
                        "VegasFairnessModel::ClosedFormRate: i must be in [1, n], not " << i);
    return capacity / (n * HarmonicNumber(n) - (i - 1) * HarmonicNumber(i - 1)); // §3.1.2
}

double
VegasFairnessModel::ClosedFormQueueingDelay(unsigned n, double alpha, double capacity)
{
    CheckAlphaCapacity("ClosedFormQueueingDelay", alpha, capacity);
    CheckConnections("ClosedFormQueueingDelay", "n", n);
    return alpha / capacity * n * HarmonicNumber(n); // §3.1.2
}

double
VegasFairnessModel::SolveQueueingDelay(const std::vector<double>& overestimations,
                                       double alpha,
                                       double capacity)
{
    CheckAlphaCapacity("SolveQueueingDelay", alpha, capacity);
    NS_ABORT_MSG_IF(overestimations.empty(),
                    "VegasFairnessModel::SolveQueueingDelay: no connections");
    for (double x : overestimations)
    {
        NS_ABORT_MSG_UNLESS(std::isfinite(x),
                            "VegasFairnessModel::SolveQueueingDelay: over-estimations must be "
                            "finite");
    }
    const double largest = *std::max_element(overestimations.begin(), overestimations.end());
    // Left-hand side of eq. 6 minus c: decreasing on (max x_i, infinity), +infinity at max x_i.
    auto excess = [&](double delta) {
        double sum = 0;
        for (double x : overestimations)
        {
            sum += alpha / (delta - x);
        }
        return sum - capacity;
    };
    // At hi = max x_i + n alpha / c every term is at most alpha / (n alpha / c) = c / n, so
    // excess(hi) <= 0. At lo = max x_i + alpha / c the term of the largest x_i alone is c, so
    // excess(lo) >= 0.
    const double n = overestimations.size();
    const double lo = largest + alpha / capacity;
    const double hi = largest + n * alpha / capacity;
    if (excess(hi) >= 0) // n = 1, or every x_i equal: the root is hi
    {
        return hi;
    }
    if (excess(lo) <= 0)
    {
        return lo;
    }
    boost::uintmax_t iterations = ROOT_MAX_ITERATIONS;
    const auto bracket =
        boost::math::tools::toms748_solve(excess,
                                          lo,
                                          hi,
                                          boost::math::tools::eps_tolerance<double>(ROOT_BITS),
                                          iterations);
    const double delta = 0.5 * (bracket.first + bracket.second);
    NS_LOG_DEBUG("eq. 6: Delta " << delta << " s after " << iterations << " iterations");
    return delta;
}

double
VegasFairnessModel::Rate(double alpha, double queueingDelay, double overestimation)
{
    CheckAlphaCapacity("Rate", alpha, 1);
    NS_ABORT_MSG_UNLESS(queueingDelay > overestimation,
                        "VegasFairnessModel::Rate: the queueing delay ("
                            << queueingDelay << " s) must exceed the over-estimation ("
                            << overestimation << " s)");
    return alpha / (queueingDelay - overestimation); // eq. 5
}

std::vector<double>
VegasFairnessModel::SequentialOverestimations(unsigned n, double alpha, double capacity)
{
    CheckAlphaCapacity("SequentialOverestimations", alpha, capacity);
    CheckConnections("SequentialOverestimations", "n", n);
    std::vector<double> x{0.0};
    while (x.size() < n)
    {
        x.push_back(SolveQueueingDelay(x, alpha, capacity));
    }
    return x;
}

} // namespace ns3
