/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-link-law.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

double
FluidLinkLaw::GetInitialState() const
{
    return 0;
}

std::string
FluidDropTailLaw::GetName() const
{
    return "DropTail (queueing delay)";
}

bool
FluidDropTailLaw::IsPhysical() const
{
    return true;
}

double
FluidDropTailLaw::GetPrice(double /* p */, double backlog, double capacity) const
{
    return backlog / capacity; // Vegas paper eq. 21: p = b / c
}

double
FluidDropTailLaw::GetDerivative(double /* p */, const Input& /* in */) const
{
    return 0;
}

FluidVirtualCapacityLaw::FluidVirtualCapacityLaw(double gamma)
    : m_gamma(gamma)
{
    if (!(gamma > 0 && gamma <= 1))
    {
        std::ostringstream os;
        os << "FluidVirtualCapacityLaw: gamma = " << gamma << " is out of range; valid: (0, 1]";
        throw std::invalid_argument(os.str());
    }
}

std::string
FluidVirtualCapacityLaw::GetName() const
{
    return "virtual capacity (FAST eq. 5)";
}

bool
FluidVirtualCapacityLaw::IsPhysical() const
{
    return false;
}

double
FluidVirtualCapacityLaw::GetPrice(double p, double /* backlog */, double /* capacity */) const
{
    return p;
}

double
FluidVirtualCapacityLaw::GetDerivative(double p, const Input& in) const
{
    // eq. 5: dp/dt = (y - c0) / c0 if p > 0 or y > c0, else 0
    const double c0 = m_gamma * in.capacity;
    if (p <= 0 && in.load <= c0)
    {
        return 0;
    }
    return (in.load - c0) / c0;
}

} // namespace ns3
