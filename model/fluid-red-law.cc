/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-red-law.h"

#include "fluid-source-law.h"

#include <cmath>

namespace ns3
{

FluidRedLaw::FluidRedLaw(const Params& params)
    : m_params(params)
{
    const std::string law = "FluidRedLaw";
    FluidRequireRange(law, "minTh (packets)", params.minTh, 0, 1e12);
    FluidRequireRange(law,
                      "maxTh (packets, above minTh)",
                      params.maxTh,
                      std::nextafter(params.minTh, 2e12),
                      1e12);
    FluidRequireRange(law, "maxP", params.maxP, 1e-12, 1);
    FluidRequireRange(law, "weight (QW)", params.weight, 1e-12, 1 - 1e-12);
}

std::string
FluidRedLaw::GetName() const
{
    return m_params.gentle ? "RED, gentle (Misra et al.)" : "RED (Misra et al.)";
}

bool
FluidRedLaw::IsPhysical() const
{
    return false;
}

double
FluidRedLaw::GetMarkingProbabilityOf(double average) const
{
    const Params& r = m_params;
    if (average < r.minTh)
    {
        return 0;
    }
    if (average < r.maxTh)
    {
        return r.maxP * (average - r.minTh) / (r.maxTh - r.minTh);
    }
    if (r.gentle && average < 2 * r.maxTh)
    {
        return r.maxP + (1 - r.maxP) * (average - r.maxTh) / r.maxTh;
    }
    return 1;
}

double
FluidRedLaw::GetPrice(double p, const Input& /* in */) const
{
    return GetMarkingProbabilityOf(p);
}

double
FluidRedLaw::GetDerivative(double p, const Input& in) const
{
    // Misra et al.: dx/dt = (ln(1 - w_q) / delta) (x - q), delta = 1 / C
    return in.capacity * std::log1p(-m_params.weight) * (p - in.backlog);
}

} // namespace ns3
