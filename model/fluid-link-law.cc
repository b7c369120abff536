/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-link-law.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace ns3
{

double
FluidLinkLaw::GetPrice(double /* p */, const Input& /* in */) const
{
    throw std::logic_error("FluidLinkLaw::GetPrice: the law '" + GetName() +
                           "' has several states; call GetPriceOf()");
}

double
FluidLinkLaw::GetDerivative(double /* p */, const Input& /* in */) const
{
    throw std::logic_error("FluidLinkLaw::GetDerivative: the law '" + GetName() +
                           "' has several states; call GetDerivativeOf()");
}

double
FluidLinkLaw::GetInitialState(double /* capacity */) const
{
    return 0;
}

double
FluidLinkLaw::Project(double p, double /* capacity */) const
{
    return std::max(p, 0.0);
}

bool
FluidLinkLaw::UsesLoad() const
{
    return false;
}

double
FluidLinkLaw::GetMarkingProbability(double price) const
{
    return price;
}

std::size_t
FluidLinkLaw::GetStateCount() const
{
    return 1;
}

double
FluidLinkLaw::GetPriceOf(const double* state, const Input& in) const
{
    return GetPrice(state[0], in);
}

void
FluidLinkLaw::GetDerivativeOf(const double* state, const Input& in, double* derivative) const
{
    derivative[0] = GetDerivative(state[0], in);
}

void
FluidLinkLaw::GetInitialStateOf(double capacity, double* state) const
{
    state[0] = GetInitialState(capacity);
}

void
FluidLinkLaw::ProjectOf(double* state, double capacity) const
{
    state[0] = Project(state[0], capacity);
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
FluidDropTailLaw::GetPrice(double /* p */, const Input& in) const
{
    return in.backlog / in.capacity; // Vegas paper eq. 21: p = b / c
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
FluidVirtualCapacityLaw::GetPrice(double p, const Input& /* in */) const
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

FluidAvqLaw::FluidAvqLaw(double gamma, double alpha, double initial)
    : m_gamma(gamma),
      m_alpha(alpha),
      m_initial(initial)
{
    if (!(gamma > 0 && gamma <= 1) || !(alpha > 0 && alpha <= 1e6) ||
        !(initial >= 0 && initial <= 1))
    {
        std::ostringstream os;
        os << "FluidAvqLaw: gamma = " << gamma << ", alpha = " << alpha << ", initial = " << initial
           << " is out of range; valid: gamma in (0, 1], alpha in (0, 1e6] 1/s, initial in [0, 1]";
        throw std::invalid_argument(os.str());
    }
}

std::string
FluidAvqLaw::GetName() const
{
    return "AVQ eqs. 1, 3";
}

bool
FluidAvqLaw::IsPhysical() const
{
    return false;
}

double
FluidAvqLaw::GetPrice(double p, const Input& in) const
{
    // the virtual queue's marking: the arrivals above the virtual capacity, (y - C~)^+ / y
    return in.load > p ? (in.load - p) / in.load : 0.0;
}

double
FluidAvqLaw::GetDerivative(double p, const Input& in) const
{
    // eqs. 1, 3: dC~/dt = alpha (gamma c - y), projected on [0, c]
    const double derivative = m_alpha * (m_gamma * in.capacity - in.load);
    if ((p <= 0 && derivative < 0) || (p >= in.capacity && derivative > 0))
    {
        return 0;
    }
    return derivative;
}

double
FluidAvqLaw::GetInitialState(double capacity) const
{
    return m_initial * capacity;
}

double
FluidAvqLaw::Project(double p, double capacity) const
{
    return std::clamp(p, 0.0, capacity);
}

bool
FluidAvqLaw::UsesLoad() const
{
    return true;
}

} // namespace ns3
