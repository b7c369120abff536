/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bounded-pareto.h"

#include "ns3/abort.h"

#include <cmath>

namespace ns3
{

namespace
{
/// |a - 1| below which the a = 1 (logarithmic) forms are used.
constexpr double UNIT_SHAPE_TOLERANCE = 1e-9;
} // namespace

BoundedPareto::BoundedPareto(double scale, double shape, double bound)
    : m_scale(scale),
      m_shape(shape),
      m_bound(bound)
{
    NS_ABORT_MSG_UNLESS(std::isfinite(scale) && scale > 0, "BoundedPareto: scale must be > 0");
    NS_ABORT_MSG_UNLESS(std::isfinite(shape) && shape > 0, "BoundedPareto: shape must be > 0");
    NS_ABORT_MSG_UNLESS(bound == 0 || (std::isfinite(bound) && bound > scale),
                        "BoundedPareto: the bound must be 0 (none) or > the scale");
    NS_ABORT_MSG_UNLESS(bound > 0 || shape > 1,
                        "BoundedPareto: an unbounded law needs shape > 1 (a finite mean)");
}

double
BoundedPareto::ScaleForMean(double mean, double shape, double bound)
{
    NS_ABORT_MSG_UNLESS(std::isfinite(mean) && mean > 0, "BoundedPareto: mean must be > 0");
    if (bound == 0)
    {
        NS_ABORT_MSG_UNLESS(shape > 1, "BoundedPareto: an unbounded law needs shape > 1");
        return mean * (shape - 1) / shape;
    }
    NS_ABORT_MSG_UNLESS(mean < bound, "BoundedPareto: the mean must be below the bound");
    // The mean grows with x_m from 0 (x_m -> 0) to B (x_m -> B).
    double low = 0;
    double high = bound;
    for (int i = 0; i < 200 && (high - low) > 1e-12 * high; ++i)
    {
        const double mid = (low + high) / 2;
        if (mid <= 0 || mid >= bound || BoundedPareto(mid, shape, bound).GetMean() < mean)
        {
            low = mid;
        }
        else
        {
            high = mid;
        }
    }
    return (low + high) / 2;
}

double
BoundedPareto::PartialIntegral(double x) const
{
    if (std::abs(m_shape - 1) < UNIT_SHAPE_TOLERANCE)
    {
        return std::log(x / m_scale);
    }
    return (std::pow(m_scale, 1 - m_shape) - std::pow(x, 1 - m_shape)) / (m_shape - 1);
}

double
BoundedPareto::GetCdf(double x) const
{
    if (x <= m_scale)
    {
        return 0;
    }
    if (m_bound > 0 && x >= m_bound)
    {
        return 1;
    }
    const double t = m_bound > 0 ? std::pow(m_scale / m_bound, m_shape) : 0;
    return -std::expm1(m_shape * std::log(m_scale / x)) / (1 - t);
}

double
BoundedPareto::GetMassFractionBelow(double x) const
{
    if (x <= m_scale)
    {
        return 0;
    }
    if (m_bound == 0)
    {
        return -std::expm1((m_shape - 1) * std::log(m_scale / x)); // 1 - (x_m / x)^(a-1)
    }
    if (x >= m_bound)
    {
        return 1;
    }
    return PartialIntegral(x) / PartialIntegral(m_bound);
}

double
BoundedPareto::GetMean() const
{
    if (m_bound == 0)
    {
        return m_shape * m_scale / (m_shape - 1);
    }
    const double t = std::pow(m_scale / m_bound, m_shape);
    return m_shape * std::pow(m_scale, m_shape) * PartialIntegral(m_bound) / (1 - t);
}

double
BoundedPareto::GetScale() const
{
    return m_scale;
}

double
BoundedPareto::GetShape() const
{
    return m_shape;
}

double
BoundedPareto::GetBound() const
{
    return m_bound;
}

} // namespace ns3
