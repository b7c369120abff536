/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-avd-law.h"

#include "fluid-source-law.h"

#include <algorithm>

namespace ns3
{

FluidAvdLaw::FluidAvdLaw(double gamma, double alpha, double initial, double virtualBuffer)
    : m_gamma(gamma),
      m_alpha(alpha),
      m_initial(initial),
      m_virtualBuffer(virtualBuffer)
{
    const std::string law = "FluidAvdLaw";
    FluidRequireRange(law, "gamma", gamma, 1e-12, 1);
    FluidRequireRange(law, "alpha", alpha, 1e-12, 1e6);
    FluidRequireRange(law, "initial (C~(0) / c)", initial, 0, 1);
    FluidRequireRange(law, "virtualBuffer (packets, 0: unlimited)", virtualBuffer, 0, 1e12);
}

std::string
FluidAvdLaw::GetName() const
{
    return "AVD (Monaco paper §IV-D; AVQ eqs. 1, 3)";
}

bool
FluidAvdLaw::IsPhysical() const
{
    return false;
}

std::size_t
FluidAvdLaw::GetStateCount() const
{
    return 2;
}

double
FluidAvdLaw::GetPriceOf(const double* state, const Input& /* in */) const
{
    // §IV-D: t_AVD = VQ / C~, the wait behind the virtual backlog (bounded as the disc's)
    const double vq = state[VIRTUAL_QUEUE];
    const double vc = state[VIRTUAL_CAPACITY];
    if (vq <= 0)
    {
        return 0;
    }
    return vc * MAX_VIRTUAL_DELAY > vq ? vq / vc : MAX_VIRTUAL_DELAY;
}

void
FluidAvdLaw::GetDerivativeOf(const double* state, const Input& in, double* derivative) const
{
    const double vq = state[VIRTUAL_QUEUE];
    const double vc = state[VIRTUAL_CAPACITY];
    // the virtual queue, served at C~: dVQ/dt = y - C~, projected at 0 and at B
    double dq = in.load - vc;
    if ((vq <= 0 && dq < 0) || (m_virtualBuffer > 0 && vq >= m_virtualBuffer && dq > 0))
    {
        dq = 0;
    }
    // AVQ eqs. 1, 3: dC~/dt = alpha (gamma c - y), projected on [0, c]
    double dc = m_alpha * (m_gamma * in.capacity - in.load);
    if ((vc <= 0 && dc < 0) || (vc >= in.capacity && dc > 0))
    {
        dc = 0;
    }
    derivative[VIRTUAL_QUEUE] = dq;
    derivative[VIRTUAL_CAPACITY] = dc;
}

void
FluidAvdLaw::GetInitialStateOf(double capacity, double* state) const
{
    state[VIRTUAL_QUEUE] = 0;
    state[VIRTUAL_CAPACITY] = m_initial * capacity;
}

void
FluidAvdLaw::ProjectOf(double* state, double capacity) const
{
    const double buffer = m_virtualBuffer > 0 ? m_virtualBuffer : state[VIRTUAL_QUEUE];
    state[VIRTUAL_QUEUE] = std::clamp(state[VIRTUAL_QUEUE], 0.0, std::max(buffer, 0.0));
    state[VIRTUAL_CAPACITY] = std::clamp(state[VIRTUAL_CAPACITY], 0.0, capacity);
}

double
FluidAvdLaw::GetMarkingProbability(double /* price */) const
{
    return 0; // the price travels in Monaco's IB, no packet is marked for it
}

} // namespace ns3
