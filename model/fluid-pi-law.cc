/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-pi-law.h"

#include "fluid-source-law.h"

#include <algorithm>

namespace ns3
{

FluidPiLaw::FluidPiLaw(double a, double b, double samplingFrequency, double queueRef, double buffer)
    : m_a(a),
      m_b(b),
      m_frequency(samplingFrequency),
      m_queueRef(queueRef),
      m_buffer(buffer)
{
    const std::string law = "FluidPiLaw";
    FluidRequireRange(law, "A (per packet)", a, 1e-300, 1);
    FluidRequireRange(law, "B (per packet, at most A)", b, 0, a);
    FluidRequireRange(law, "samplingFrequency (Hz)", samplingFrequency, 1e-3, 1e9);
    FluidRequireRange(law, "queueRef (packets)", queueRef, 0, 4294967295.0);
    FluidRequireRange(law, "buffer (packets, 0: unlimited)", buffer, 0, 1e12);
}

std::string
FluidPiLaw::GetName() const
{
    return "PI (Hollot et al.), continuous";
}

bool
FluidPiLaw::IsPhysical() const
{
    return false;
}

double
FluidPiLaw::GetPrice(double p, const Input& /* in */) const
{
    return p;
}

double
FluidPiLaw::GetDerivative(double p, const Input& in) const
{
    // the queue's own derivative, projected as FluidModel projects it
    double dq = in.load - in.capacity;
    if ((in.backlog <= 0 && dq < 0) || (m_buffer > 0 && in.backlog >= m_buffer && dq > 0))
    {
        dq = 0;
    }
    // C(s) = K (s/z + 1) / s: dp/dt = (K/z) dq/dt + K (q - q_ref)
    const double derivative =
        GetProportionalGain() * dq + GetIntegralGain() * (in.backlog - m_queueRef);
    if ((p <= 0 && derivative < 0) || (p >= 1 && derivative > 0))
    {
        return 0; // clipped to [0, 1], as PiQueueDisc clips p
    }
    return derivative;
}

double
FluidPiLaw::Project(double p, double /* capacity */) const
{
    return std::clamp(p, 0.0, 1.0);
}

double
FluidPiLaw::GetProportionalGain() const
{
    return (m_a + m_b) / 2;
}

double
FluidPiLaw::GetIntegralGain() const
{
    return m_frequency * (m_a - m_b);
}

} // namespace ns3
