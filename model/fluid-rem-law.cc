/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-rem-law.h"

#include "fluid-source-law.h"

namespace ns3
{

FluidRemLaw::FluidRemLaw(double gamma, double mu, double interval, double queueRef)
    : m_gamma(gamma),
      m_mu(mu),
      m_interval(interval),
      m_queueRef(queueRef)
{
    const std::string law = "FluidRemLaw";
    FluidRequireRange(law, "gamma (per packet)", gamma, 1e-12, 1000);
    FluidRequireRange(law, "mu", mu, 1e-12, 1 - 1e-12);
    FluidRequireRange(law, "interval (s)", interval, 1e-7, 1e3);
    FluidRequireRange(law, "queueRef (packets)", queueRef, 0, 1e12);
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

} // namespace ns3
