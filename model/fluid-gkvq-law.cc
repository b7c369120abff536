/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-gkvq-law.h"

#include "fluid-source-law.h"

#include <algorithm>

namespace ns3
{

FluidGkvqLaw::FluidGkvqLaw(double theta, double virtualBuffer)
    : m_theta(theta),
      m_buffer(virtualBuffer)
{
    const std::string law = "FluidGkvqLaw";
    FluidRequireRange(law, "theta", theta, 1e-12, 1);
    FluidRequireRange(law, "virtualBuffer (packets)", virtualBuffer, 1e-12, 1e12);
}

std::string
FluidGkvqLaw::GetName() const
{
    return "GKVQ (virtual queue, mark until empty)";
}

bool
FluidGkvqLaw::IsPhysical() const
{
    return false;
}

bool
FluidGkvqLaw::IsMarking(double p) const
{
    // the modes' ranges are [0, B~] and [2 B~, 3 B~]: the midpoint of the gap tells them apart
    return p > (EPISODE_OFFSET - 0.5) * m_buffer;
}

double
FluidGkvqLaw::GetVirtualQueue(double p) const
{
    return IsMarking(p) ? p - EPISODE_OFFSET * m_buffer : p;
}

double
FluidGkvqLaw::GetPrice(double p, const Input& /* in */) const
{
    return IsMarking(p) ? 1 : 0;
}

double
FluidGkvqLaw::GetDerivative(double p, const Input& in) const
{
    // dv/dt = y - theta c, projected at 0 and at theta B (an arrival that does not fit is not
    // admitted to the virtual queue)
    const double v = GetVirtualQueue(p);
    const double dv = in.load - m_theta * in.capacity;
    if ((v <= 0 && dv < 0) || (v >= m_buffer && dv > 0))
    {
        return 0;
    }
    return dv;
}

double
FluidGkvqLaw::Project(double p, double /* capacity */) const
{
    const double offset = EPISODE_OFFSET * m_buffer;
    if (IsMarking(p))
    {
        const double v = std::min(p - offset, m_buffer);
        return v <= 0 ? 0.0 : v + offset; // the episode ends when the virtual queue is empty
    }
    const double v = std::max(p, 0.0);
    return v >= m_buffer ? m_buffer + offset : v; // an overflow starts an episode
}

} // namespace ns3
