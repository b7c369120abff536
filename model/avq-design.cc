/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "avq-design.h"

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace ns3
{

namespace
{

/// pi / 2, the right-hand side of eqs. 6, 16 and 19.
constexpr double HALF_PI = boost::math::constants::half_pi<double>();
/// Bits of precision asked of the root finder.
constexpr int ROOT_BITS = 50;
/// Iterations allowed to the root finder.
constexpr std::uintmax_t ROOT_ITERATIONS = 200;
/// Doublings (or halvings) allowed while bracketing a root.
constexpr int BRACKET_STEPS = 1100;

/// Throw std::invalid_argument: "AvqDesign: <parameter> must be <range>, got <value>".
[[noreturn]] void
Reject(const char* parameter, const char* range, double value)
{
    std::ostringstream os;
    os << "AvqDesign: " << parameter << " must be " << range << ", got " << value;
    throw std::invalid_argument(os.str());
}

/// Check d > 0 and finite.
void
CheckDelay(double delay)
{
    if (!(delay > 0) || !std::isfinite(delay))
    {
        Reject("delay", "> 0 and finite (seconds)", delay);
    }
}

/// Check alpha >= 0 (or > 0 when \p strict) and finite.
void
CheckAlpha(double alpha, bool strict)
{
    if (!(strict ? alpha > 0 : alpha >= 0) || !std::isfinite(alpha))
    {
        Reject("alpha", strict ? "> 0 and finite" : ">= 0 and finite", alpha);
    }
}

/**
 * eq. 13, evaluated as
 *   omega^2 = (D + R) / 2,                   D = K12^2 - K11^2, R = sqrt(D^2 + 4 K2^2 alpha^2),
 * or, when D < 0, as the algebraically equal (4 K2^2 alpha^2) / (2 (R - D)), which avoids the
 * cancellation of D + R when |D| >> K2 alpha (small d). R is computed with hypot().
 */
double
Omega(const AvqDesign::Gains& gains, double alpha)
{
    const double diff = (gains.k12 - gains.k11) * (gains.k12 + gains.k11);
    const double twoK2Alpha = 2 * gains.k2 * alpha;
    const double root = std::hypot(diff, twoK2Alpha);
    const double omegaSquared =
        diff >= 0 ? (diff + root) / 2 : twoK2Alpha * twoK2Alpha / (2 * (root - diff));
    return std::sqrt(omegaSquared);
}

/// omega d + arctan(omega / K11).
double
Phase(const AvqDesign::Gains& gains, double omega, double delay)
{
    return omega * delay + std::atan(omega / gains.k11);
}

/**
 * The root of the increasing function \p f (f(lo) < 0 <= f(hi)) by TOMS 748.
 * \return the midpoint of the final bracket
 */
template <typename F>
double
SolveIncreasing(F f, double lo, double hi, double fLo, double fHi, const char* what)
{
    boost::math::tools::eps_tolerance<double> tolerance(ROOT_BITS);
    std::uintmax_t iterations = ROOT_ITERATIONS;
    std::pair<double, double> bracket;
    if (fHi == 0)
    {
        return hi;
    }
    bracket = boost::math::tools::toms748_solve(f, lo, hi, fLo, fHi, tolerance, iterations);
    if (iterations >= ROOT_ITERATIONS)
    {
        throw std::runtime_error(std::string("AvqDesign: the root finder did not converge for ") +
                                 what);
    }
    return (bracket.first + bracket.second) / 2;
}

} // namespace

AvqDesign::AvqDesign(double capacity, double nFlows, double desiredUtilization, double beta)
    : m_capacity(capacity),
      m_nFlows(nFlows),
      m_desiredUtilization(desiredUtilization),
      m_beta(beta)
{
    if (!(capacity > 0) || !std::isfinite(capacity))
    {
        Reject("capacity", "> 0 and finite (packets per second)", capacity);
    }
    if (!(nFlows > 0) || !std::isfinite(nFlows))
    {
        Reject("nFlows", "> 0 and finite", nFlows);
    }
    if (!(desiredUtilization > 0 && desiredUtilization <= 1))
    {
        Reject("desiredUtilization", "in (0, 1]", desiredUtilization);
    }
    if (!(beta > 0 && beta < 1))
    {
        Reject("beta", "in (0, 1)", beta);
    }
}

AvqDesign::Gains
AvqDesign::GetGains(double delay) const
{
    CheckDelay(delay);
    const double gammaC = m_desiredUtilization * m_capacity;
    Gains gains;
    // eq. 8, as printed.
    gains.k11 = m_nFlows / (gammaC * delay * delay);
    gains.k12 = m_beta * gammaC / m_nFlows;
    gains.k2 = m_beta * gammaC / m_nFlows;
    // The equilibrium (§2): p(gamma C, C~*) = N^2 / (beta (d gamma C)^2).
    gains.markingProbability = m_nFlows * m_nFlows / (m_beta * (delay * gammaC) * (delay * gammaC));
    gains.equilibriumExists = gains.markingProbability < 1;
    return gains;
}

double
AvqDesign::GetOmega(double alpha, double delay) const
{
    CheckAlpha(alpha, false);
    return Omega(GetGains(delay), alpha);
}

double
AvqDesign::GetPhase(double alpha, double delay) const
{
    CheckAlpha(alpha, false);
    const Gains gains = GetGains(delay);
    return Phase(gains, Omega(gains, alpha), delay);
}

AvqDesign::Point
AvqDesign::GetMaxStableAlpha(double delay) const
{
    CheckDelay(delay);
    const Gains gains = GetGains(delay);
    auto excess = [&gains, delay](double alpha) {
        return Phase(gains, Omega(gains, alpha), delay) - HALF_PI;
    };
    Point point;
    point.delay = delay;
    point.gains = gains;
    // The phase increases with alpha (omega does): if it is already >= pi/2 as alpha -> 0, no
    // alpha > 0 satisfies eq. 19.
    const double atZero = excess(0);
    if (atZero >= 0)
    {
        point.alpha = 0;
    }
    else
    {
        double hi = 1;
        double atHi = excess(hi);
        for (int i = 0; atHi < 0 && i < BRACKET_STEPS; ++i)
        {
            hi *= 2;
            atHi = excess(hi);
        }
        if (atHi < 0)
        {
            throw std::runtime_error("AvqDesign: could not bracket alpha*");
        }
        point.alpha = SolveIncreasing(excess, 0, hi, atZero, atHi, "alpha* (eq. 19)");
    }
    point.omega = Omega(gains, point.alpha);
    point.phase = Phase(gains, point.omega, delay);
    return point;
}

AvqDesign::Point
AvqDesign::GetMaxStableDelay(double alpha) const
{
    CheckAlpha(alpha, true);
    auto excess = [this, alpha](double delay) {
        const Gains gains = GetGains(delay);
        return Phase(gains, Omega(gains, alpha), delay) - HALF_PI;
    };
    // Start from the delay where p* = 1 (K11 = K12) and widen the bracket: the phase tends to 0
    // as d -> 0 and increases without bound with d.
    const double gammaC = m_desiredUtilization * m_capacity;
    double lo = m_nFlows / (gammaC * std::sqrt(m_beta));
    double hi = lo;
    double atLo = excess(lo);
    double atHi = atLo;
    for (int i = 0; atLo >= 0 && i < BRACKET_STEPS; ++i)
    {
        hi = lo;
        atHi = atLo;
        lo /= 2;
        atLo = excess(lo);
    }
    for (int i = 0; atHi < 0 && i < BRACKET_STEPS; ++i)
    {
        lo = hi;
        atLo = atHi;
        hi *= 2;
        atHi = excess(hi);
    }
    if (!(atLo < 0 && atHi >= 0))
    {
        throw std::runtime_error("AvqDesign: could not bracket d*");
    }
    Point point;
    point.alpha = alpha;
    point.delay = SolveIncreasing(excess, lo, hi, atLo, atHi, "d* (eq. 16)");
    point.gains = GetGains(point.delay);
    point.omega = Omega(point.gains, alpha);
    point.phase = Phase(point.gains, point.omega, point.delay);
    return point;
}

double
AvqDesign::GetCapacity() const
{
    return m_capacity;
}

double
AvqDesign::GetFlows() const
{
    return m_nFlows;
}

double
AvqDesign::GetDesiredUtilization() const
{
    return m_desiredUtilization;
}

double
AvqDesign::GetBeta() const
{
    return m_beta;
}

} // namespace ns3
