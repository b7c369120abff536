/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pi-design.h"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{

/// Throw std::invalid_argument: "PiDesign: <parameter> must be <range>, got <value>".
[[noreturn]] void
Reject(const char* parameter, const std::string& range, double value)
{
    std::ostringstream os;
    os << "PiDesign: " << parameter << " must be " << range << ", got " << value;
    throw std::invalid_argument(os.str());
}

/// Check that \p value is > 0 and finite, else Reject() naming \p parameter.
void
CheckPositive(const char* parameter, const char* unit, double value)
{
    if (!(value > 0) || !std::isfinite(value))
    {
        Reject(parameter, std::string("> 0 and finite (") + unit + ")", value);
    }
}

} // namespace

PiDesign::PiDesign(double capacity, double minFlows, double maxRtt)
    : m_capacity(capacity),
      m_minFlows(minFlows),
      m_maxRtt(maxRtt)
{
    CheckPositive("capacity", "packets/s", capacity);
    CheckPositive("minFlows", "flows", minFlows);
    CheckPositive("maxRtt", "seconds", maxRtt);
}

double
PiDesign::GetTcpPole() const
{
    return 2 * m_minFlows / (m_maxRtt * m_maxRtt * m_capacity);
}

PiDesign::Controller
PiDesign::GetController(double crossover) const
{
    CheckPositive("crossover", "rad/s", crossover);
    // Step 2: with z cancelling the TCP pole, L(s) = K G e^(-sR) / (s (sR + 1)),
    // G = (R C)^3 / (2N)^2 the plant's DC gain; |L(j omega_g)| = 1 gives K.
    const double rc = m_maxRtt * m_capacity;
    const double twoN = 2 * m_minFlows;
    const double dcGain = rc * rc * rc / (twoN * twoN);
    const double wr = crossover * m_maxRtt;
    Controller c;
    c.zero = GetTcpPole();
    c.crossover = crossover;
    c.gain = crossover * std::hypot(1.0, wr) / dcGain;
    c.queuePole = 1 / m_maxRtt;
    c.phaseMargin = std::acos(0.0) - wr - std::atan(wr);
    return c;
}

PiDesign::Controller
PiDesign::GetController() const
{
    return GetController(GetTcpPole());
}

PiDesign::Coefficients
PiDesign::Discretize(double gain, double zero, double samplingFrequency)
{
    CheckPositive("gain", "probability per packet per second", gain);
    CheckPositive("zero", "rad/s", zero);
    if (!std::isfinite(samplingFrequency) || !(samplingFrequency >= zero / 2))
    {
        std::ostringstream range;
        range << ">= zero/2 = " << zero / 2 << " Hz and finite (B = K/z - K/(2w) >= 0)";
        Reject("samplingFrequency", range.str(), samplingFrequency);
    }
    // Step 3, Tustin: K/z + K/s with s = 2w (x - 1)/(x + 1) is ((K/z + K/(2w)) x - (K/z -
    // K/(2w))) / (x - 1).
    const double proportional = gain / zero;
    const double integral = gain / (2 * samplingFrequency);
    return {proportional + integral, proportional - integral, samplingFrequency};
}

PiDesign::Coefficients
PiDesign::Design(double samplingFrequency) const
{
    const Controller c = GetController();
    return Discretize(c.gain, c.zero, samplingFrequency);
}

} // namespace ns3
