/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-window-reno-law.h"

#include <algorithm>

namespace ns3
{

FluidWindowRenoLaw::FluidWindowRenoLaw(double beta, double initialWindow)
    : m_beta(beta),
      m_initialWindow(initialWindow)
{
    const std::string law = "FluidWindowRenoLaw";
    FluidRequireRange(law, "beta", beta, 1e-9, 1);
    FluidRequireRange(law, "initialWindow", initialWindow, 1, 1e9);
}

std::string
FluidWindowRenoLaw::GetName() const
{
    return "Reno, window form (Misra et al.)";
}

double
FluidWindowRenoLaw::GetInitialState(double /* d */) const
{
    return m_initialWindow;
}

double
FluidWindowRenoLaw::GetWindow(double z, const Input& /* in */) const
{
    return std::max(z, 0.0);
}

double
FluidWindowRenoLaw::GetDerivative(double z, const Input& in) const
{
    // dW/dt = 1 / R - beta W(t) x(t - R) p(t - R), x(t - R) = W(t - R) / R(t - R)
    const double rtt = in.propagationDelay + in.queueingDelay;
    return 1 / rtt - m_beta * GetWindow(z, in) * in.delayedRate * in.pathMarking;
}

double
FluidWindowRenoLaw::Project(double z) const
{
    return std::max(z, 0.0);
}

} // namespace ns3
