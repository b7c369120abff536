/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-source-law.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

void
FluidRequireRange(const std::string& who,
                  const std::string& field,
                  double value,
                  double lo,
                  double hi)
{
    if (!(value >= lo && value <= hi))
    {
        std::ostringstream os;
        os << who << ": " << field << " = " << value << " is out of range; valid: [" << lo << ", "
           << hi << "]";
        throw std::invalid_argument(os.str());
    }
}

double
FluidSourceLaw::Project(double z) const
{
    return z;
}

FluidFastEcnLaw::FluidFastEcnLaw(const Params& params)
    : m_params(params)
{
    const std::string law = "FluidFastEcnLaw";
    FluidRequireRange(law, "alpha", params.alpha, 0, 1e3);
    FluidRequireRange(law, "beta", params.beta, 0, 1e3);
    FluidRequireRange(law, "K", params.k, 0, 1e9);
    FluidRequireRange(law, "M", params.m, 1, 1e6);
    FluidRequireRange(law, "baseWindow", params.baseWindow, 1e-6, 1e9);
    FluidRequireRange(law, "minWindow", params.minWindow, 1e-6, 1e9);
    FluidRequireRange(law, "maxWindow", params.maxWindow, params.minWindow, 1e12);
}

std::string
FluidFastEcnLaw::GetName() const
{
    return "FAST-ECN eqs. 15-16";
}

double
FluidFastEcnLaw::GetInitialState(double /* d */) const
{
    return 0; // xi = 0: the window starts at W_m (TcpFast's BaseWindow)
}

double
FluidFastEcnLaw::GetWindow(double z, const Input& in) const
{
    // eq. 16 in window form (eq. 21): w = W_m exp(xi - alpha q / (M d))
    const double w = m_params.baseWindow * std::exp(z - m_params.alpha * in.pathPrice /
                                                            (m_params.m * in.propagationDelay));
    return std::clamp(w, m_params.minWindow, m_params.maxWindow);
}

double
FluidFastEcnLaw::GetDerivative(double z, const Input& in) const
{
    // eq. 15 with x = w / d (eq. 20): dxi/dt = beta (K / w - q / d)
    return m_params.beta * (m_params.k / GetWindow(z, in) - in.pathPrice / in.propagationDelay);
}

FluidFastDelayLaw::FluidFastDelayLaw(const Params& params)
    : FluidFastEcnLaw(params)
{
}

std::string
FluidFastDelayLaw::GetName() const
{
    return "FAST-delay eqs. 24-25";
}

double
FluidFastDelayLaw::GetWindow(double z, const Input& in) const
{
    // eq. 25 in window form (eq. 28): w = W_m e^xi (d / (d + q))^(alpha / M)
    const double d = in.propagationDelay;
    const double w = m_params.baseWindow * std::exp(z) *
                     std::pow(d / (d + in.pathPrice), m_params.alpha / m_params.m);
    return std::clamp(w, m_params.minWindow, m_params.maxWindow);
}

double
FluidFastDelayLaw::GetDerivative(double z, const Input& in) const
{
    // eq. 24 with x = w / (d + q) (eq. 27): dxi/dt = beta (K / w - q / (d + q))
    const double q = in.pathPrice;
    return m_params.beta * (m_params.k / GetWindow(z, in) - q / (in.propagationDelay + q));
}

FluidVegasLaw::FluidVegasLaw(double weight,
                             double initialWindow,
                             double smoothing,
                             double baseRttError)
    : m_weight(weight),
      m_initialWindow(initialWindow),
      m_smoothing(smoothing),
      m_baseRttError(baseRttError)
{
    const std::string law = "FluidVegasLaw";
    FluidRequireRange(law, "weight", weight, 1e-12, 1e9);
    FluidRequireRange(law, "initialWindow", initialWindow, MIN_WINDOW, 1e9);
    FluidRequireRange(law, "smoothing", smoothing, 0, 1e9);
    FluidRequireRange(law, "baseRttError", baseRttError, 0, 1e6);
}

std::string
FluidVegasLaw::GetName() const
{
    return "Vegas eq. 1";
}

double
FluidVegasLaw::GetInitialState(double /* d */) const
{
    return m_initialWindow;
}

double
FluidVegasLaw::GetWindow(double z, const Input& /* in */) const
{
    return std::max(z, MIN_WINDOW);
}

double
FluidVegasLaw::GetDerivative(double z, const Input& in) const
{
    // eqs. 17-19: dw/dt = sgn(alpha d - x q) / D, x = w / D, D = d + queueing delay; with a
    // baseRTT error e (§4.2), the source sees q - e
    const double rtt = in.propagationDelay + in.queueingDelay;
    const double error = m_weight - GetWindow(z, in) / rtt * (in.pathPrice - m_baseRttError);
    double sign = (error > 0) - (error < 0);
    if (m_smoothing > 0)
    {
        sign = std::tanh(error / m_smoothing);
    }
    if (z <= MIN_WINDOW && sign < 0)
    {
        return 0; // projected at the smallest window
    }
    return sign / rtt;
}

double
FluidVegasLaw::Project(double z) const
{
    return std::max(z, MIN_WINDOW);
}

FluidRenoLaw::FluidRenoLaw(double beta, double initialWindow)
    : m_beta(beta),
      m_initialWindow(initialWindow)
{
    const std::string law = "FluidRenoLaw";
    FluidRequireRange(law, "beta", beta, 1e-9, 1);
    FluidRequireRange(law, "initialWindow", initialWindow, 1, 1e9);
}

std::string
FluidRenoLaw::GetName() const
{
    return "Reno (AVQ paper eq. 2)";
}

double
FluidRenoLaw::GetInitialState(double d) const
{
    return m_initialWindow / d;
}

double
FluidRenoLaw::GetWindow(double z, const Input& in) const
{
    return z * (in.propagationDelay + in.queueingDelay);
}

double
FluidRenoLaw::GetDerivative(double z, const Input& in) const
{
    // eq. 2: dx/dt = 1 / D^2 - beta x(t) x(t - d) q
    const double rtt = in.propagationDelay + in.queueingDelay;
    return 1 / (rtt * rtt) - m_beta * z * in.delayedRate * in.pathMarking;
}

double
FluidRenoLaw::Project(double z) const
{
    return std::max(z, 0.0);
}

FluidMonacoLaw::FluidMonacoLaw(Policy policy, double kappa, double target, double initialWindow)
    : m_policy(policy),
      m_kappa(kappa),
      m_target(target),
      m_initialWindow(initialWindow)
{
    const std::string law = "FluidMonacoLaw";
    FluidRequireRange(law, "kappa", kappa, 1e-12, 1e6);
    FluidRequireRange(law, "target (packets)", target, 1e-12, 1e9);
    FluidRequireRange(law, "initialWindow", initialWindow, 1, 1e9);
}

std::string
FluidMonacoLaw::GetName() const
{
    switch (m_policy)
    {
    case ACC_AIAD:
        return "Monaco ACC-AIAD eq. 3";
    case ACC_MW:
        return "Monaco ACC-MW eq. 5";
    default:
        return "Monaco ACC-P eq. 6";
    }
}

double
FluidMonacoLaw::GetInitialState(double /* d */) const
{
    return m_initialWindow;
}

double
FluidMonacoLaw::GetWindow(double z, const Input& /* in */) const
{
    return std::max(z, 1.0);
}

double
FluidMonacoLaw::GetDerivative(double z, const Input& in) const
{
    const double rtt = in.propagationDelay + in.queueingDelay;
    const double w = GetWindow(z, in);
    const double error = w / rtt * in.pathPrice - m_target; // a - a*, a = x q
    double derivative = -m_kappa / rtt * error;             // eq. 6
    if (m_policy == ACC_AIAD)
    {
        derivative = -m_kappa / rtt * ((error > 0) - (error < 0)); // eq. 3
    }
    else if (m_policy == ACC_MW)
    {
        derivative = -m_kappa * in.propagationDelay / rtt * error / w; // eq. 5
    }
    return z <= 1 && derivative < 0 ? 0.0 : derivative;
}

double
FluidMonacoLaw::Project(double z) const
{
    return std::max(z, 1.0);
}

} // namespace ns3
