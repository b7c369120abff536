/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-rem-law.h"

#include "fluid-source-law.h"

#include <cmath>

namespace ns3
{

FluidRemLaw::FluidRemLaw(double gamma, double mu, double interval, double queueRef, double phi)
    : m_gamma(gamma),
      m_mu(mu),
      m_interval(interval),
      m_queueRef(queueRef),
      m_phi(phi)
{
    const std::string law = "FluidRemLaw";
    FluidRequireRange(law, "gamma (per packet)", gamma, 1e-12, 1000);
    FluidRequireRange(law, "mu", mu, 1e-12, 1 - 1e-12);
    FluidRequireRange(law, "interval (s)", interval, 1e-7, 1e3);
    FluidRequireRange(law, "queueRef (packets)", queueRef, 0, 1e12);
    FluidRequireRange(law, "phi", phi, std::nextafter(1.0, 2.0), 1e6);
}

std::string
FluidRemLaw::GetName() const
{
    return "REM (Vegas paper eq. 30)";
}

bool
FluidRemLaw::IsPhysical() const
{
    return false;
}

double
FluidRemLaw::GetPrice(double p, const Input& /* in */) const
{
    return p;
}

double
FluidRemLaw::GetDerivative(double p, const Input& in) const
{
    // eq. 30 per second: dp/dt = gamma (mu (b - b*) / T + y - c), projected at p >= 0
    const double derivative =
        m_gamma * (m_mu * (in.backlog - m_queueRef) / m_interval + in.load - in.capacity);
    return p <= 0 && derivative < 0 ? 0 : derivative;
}

double
FluidRemLaw::GetMarkingProbability(double price) const
{
    return -std::expm1(-price * std::log(m_phi)); // eq. 31: 1 - phi^(-p)
}

} // namespace ns3
