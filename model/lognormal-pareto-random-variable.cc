/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lognormal-pareto-random-variable.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/rng-stream.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LognormalParetoRandomVariable");
NS_OBJECT_ENSURE_REGISTERED(LognormalParetoRandomVariable);

namespace
{
/// |a - 1| below which the a = 1 (logarithmic) form of the tail's mean is used.
constexpr double UNIT_SHAPE_TOLERANCE = 1e-9;
/// Draws of a bounded law before giving up (each is above the bound with probability < 1).
constexpr int MAX_REDRAWS = 1000000;
} // namespace

TypeId
LognormalParetoRandomVariable::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LognormalParetoRandomVariable")
            .SetParent<RandomVariableStream>()
            .SetGroupName("Dualcc")
            .AddConstructor<LognormalParetoRandomVariable>()
            .AddAttribute("Mu",
                          "Mean of ln X of the body's lognormal, ln of the caller's unit, in "
                          "[-100, 100] (SURGE: 9.357, of bytes)",
                          DoubleValue(9.357),
                          MakeDoubleAccessor(&LognormalParetoRandomVariable::m_mu),
                          MakeDoubleChecker<double>(-100, 100))
            .AddAttribute("Sigma",
                          "Standard deviation of ln X of the body's lognormal, in (0, 10] "
                          "(SURGE: 1.318)",
                          DoubleValue(1.318),
                          MakeDoubleAccessor(&LognormalParetoRandomVariable::m_sigma),
                          MakeDoubleChecker<double>(1e-9, 10))
            .AddAttribute("Cut",
                          "Where the Pareto tail begins, its scale, the caller's unit, in (0, "
                          "1e12] (SURGE: 133000 bytes)",
                          DoubleValue(133000),
                          MakeDoubleAccessor(&LognormalParetoRandomVariable::m_cut),
                          MakeDoubleChecker<double>(1e-9, 1e12))
            .AddAttribute("TailShape",
                          "The tail's Pareto shape, in (0, 100] (SURGE: 1.1); <= 1 needs a Bound",
                          DoubleValue(1.1),
                          MakeDoubleAccessor(&LognormalParetoRandomVariable::m_tailShape),
                          MakeDoubleChecker<double>(1e-9, 100))
            .AddAttribute("Bound",
                          "Draws above it are drawn again, the caller's unit; 0 for none, else "
                          "above Cut, at most 1e15",
                          DoubleValue(0),
                          MakeDoubleAccessor(&LognormalParetoRandomVariable::m_bound),
                          MakeDoubleChecker<double>(0, 1e15));
    return tid;
}

LognormalParetoRandomVariable::LognormalParetoRandomVariable()
{
    NS_LOG_FUNCTION(this);
}

double
LognormalParetoRandomVariable::Phi(double z)
{
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double
LognormalParetoRandomVariable::DrawOnce()
{
    // Box-Muller: one standard normal from two uniforms in (0, 1).
    double u1 = Peek()->RandU01();
    double u2 = Peek()->RandU01();
    if (IsAntithetic())
    {
        u1 = 1 - u1;
        u2 = 1 - u2;
    }
    const double z = std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);
    const double body = std::exp(m_mu + m_sigma * z);
    if (body <= m_cut)
    {
        return body;
    }
    double u = Peek()->RandU01();
    if (IsAntithetic())
    {
        u = 1 - u;
    }
    return m_cut * std::pow(u, -1 / m_tailShape);
}

double
LognormalParetoRandomVariable::GetValue()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_bound > 0 && m_bound <= m_cut,
                    "LognormalParetoRandomVariable: Bound = " << m_bound
                                                              << " is not above Cut = " << m_cut
                                                              << "; valid: 0 (none) or > Cut");
    NS_ABORT_MSG_IF(m_bound == 0 && m_tailShape <= 1,
                    "LognormalParetoRandomVariable: TailShape = "
                        << m_tailShape << " without a Bound has no mean; valid: > 1, or a Bound");
    for (int i = 0; i < MAX_REDRAWS; ++i)
    {
        const double x = DrawOnce();
        if (m_bound == 0 || x <= m_bound)
        {
            NS_LOG_DEBUG("draw " << x);
            return x;
        }
    }
    NS_ABORT_MSG("LognormalParetoRandomVariable: no draw below Bound = " << m_bound << " in "
                                                                         << MAX_REDRAWS);
    return 0;
}

uint32_t
LognormalParetoRandomVariable::GetInteger()
{
    return static_cast<uint32_t>(std::llround(GetValue()));
}

double
LognormalParetoRandomVariable::GetTailProbability() const
{
    return 1 - Phi((std::log(m_cut) - m_mu) / m_sigma);
}

double
LognormalParetoRandomVariable::GetCdf(double x) const
{
    auto unbounded = [this](double v) {
        if (v <= 0)
        {
            return 0.0;
        }
        if (v <= m_cut)
        {
            return Phi((std::log(v) - m_mu) / m_sigma);
        }
        return 1 - GetTailProbability() * std::pow(m_cut / v, m_tailShape);
    };
    if (m_bound == 0)
    {
        return unbounded(x);
    }
    return x >= m_bound ? 1.0 : unbounded(x) / unbounded(m_bound);
}

double
LognormalParetoRandomVariable::GetQuantile(double q) const
{
    NS_ABORT_MSG_UNLESS(q > 0 && q < 1,
                        "LognormalParetoRandomVariable::GetQuantile: q = " << q
                                                                           << "; valid: (0, 1)");
    const double p = GetTailProbability();
    const double f = m_bound > 0 ? q * (1 - p * std::pow(m_cut / m_bound, m_tailShape)) : q;
    if (f > 1 - p)
    {
        return m_cut * std::pow(p / (1 - f), 1 / m_tailShape);
    }
    // The body: Phi(z) = f by bisection (Phi is increasing), then x = exp(Mu + Sigma z).
    double low = -40;
    double high = (std::log(m_cut) - m_mu) / m_sigma;
    for (int i = 0; i < 200; ++i)
    {
        const double mid = (low + high) / 2;
        (Phi(mid) < f ? low : high) = mid;
    }
    return std::exp(m_mu + m_sigma * (low + high) / 2);
}

double
LognormalParetoRandomVariable::TailPartialMean(double cut, double a, double x)
{
    if (std::abs(a - 1) < UNIT_SHAPE_TOLERANCE)
    {
        return cut * std::log(x / cut);
    }
    return a * std::pow(cut, a) * (std::pow(cut, 1 - a) - std::pow(x, 1 - a)) / (a - 1);
}

double
LognormalParetoRandomVariable::GetMean() const
{
    return GetMean(m_mu, m_sigma, m_cut, m_tailShape, m_bound);
}

double
LognormalParetoRandomVariable::GetMean(double mu,
                                       double sigma,
                                       double cut,
                                       double tailShape,
                                       double bound)
{
    const double zc = (std::log(cut) - mu) / sigma;
    const double body = std::exp(mu + sigma * sigma / 2) * Phi(zc - sigma);
    const double p = 1 - Phi(zc);
    if (bound == 0)
    {
        NS_ABORT_MSG_UNLESS(tailShape > 1,
                            "LognormalParetoRandomVariable::GetMean: TailShape = "
                                << tailShape << " without a Bound has no mean; valid: > 1");
        return body + p * tailShape * cut / (tailShape - 1);
    }
    NS_ABORT_MSG_UNLESS(bound > cut,
                        "LognormalParetoRandomVariable::GetMean: Bound = "
                            << bound << " is not above Cut = " << cut);
    return (body + p * TailPartialMean(cut, tailShape, bound)) /
           (1 - p * std::pow(cut / bound, tailShape));
}

} // namespace ns3
