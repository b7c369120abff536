/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ecn-price-estimator.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

EcnPriceEstimator::EcnPriceEstimator()
    : m_phi(DEFAULT_PHI)
{
}

EcnPriceEstimator::EcnPriceEstimator(double phi)
    : m_phi(DEFAULT_PHI)
{
    SetPhi(phi);
}

std::string
EcnPriceEstimator::CheckPhi(double phi)
{
    if (phi > 1 && phi <= MAX_PHI)
    {
        return "";
    }
    std::ostringstream os;
    os << "phi = " << phi << " is out of range: phi must be > 1 and <= " << MAX_PHI;
    return os.str();
}

void
EcnPriceEstimator::SetPhi(double phi)
{
    ThrowUnlessValidPhi(phi);
    m_phi = phi;
}

void
EcnPriceEstimator::ThrowUnlessValidPhi(double phi)
{
    std::string error = CheckPhi(phi);
    if (!error.empty())
    {
        throw std::invalid_argument("EcnPriceEstimator: " + error);
    }
}

double
EcnPriceEstimator::GetPhi() const
{
    return m_phi;
}

void
EcnPriceEstimator::AddAcked(uint64_t packets, bool marked)
{
    m_acked += packets;
    if (marked)
    {
        m_marked += packets;
    }
}

uint64_t
EcnPriceEstimator::GetAcked() const
{
    return m_acked;
}

uint64_t
EcnPriceEstimator::GetMarked() const
{
    return m_marked;
}

double
EcnPriceEstimator::CappedMarkFraction(uint64_t marked, uint64_t acked)
{
    if (acked == 0)
    {
        throw std::invalid_argument("EcnPriceEstimator: no packets acknowledged");
    }
    if (marked > acked)
    {
        throw std::invalid_argument("EcnPriceEstimator: more packets marked than acknowledged");
    }
    const double n = static_cast<double>(acked);
    const double fraction = static_cast<double>(marked) / n;
    // The continuity correction: all n marked reads as n - 1/2 of n.
    const double cap = 1.0 - 1.0 / (2.0 * n);
    return std::min(fraction, cap);
}

double
EcnPriceEstimator::PriceFromMarkFraction(double markFraction, double phi)
{
    if (!(markFraction >= 0 && markFraction < 1))
    {
        std::ostringstream os;
        os << "EcnPriceEstimator: markFraction = " << markFraction
           << " is out of range: it must be in [0, 1) (1 would be an infinite price)";
        throw std::invalid_argument(os.str());
    }
    ThrowUnlessValidPhi(phi);
    // Vegas paper §5: p̂ = -log_phi(1 - m̂), eq. 32 inverted.
    return -std::log1p(-markFraction) / std::log(phi);
}

double
EcnPriceEstimator::MarkFractionFromPrice(double price, double phi)
{
    if (!(price >= 0))
    {
        std::ostringstream os;
        os << "EcnPriceEstimator: price = " << price << " is out of range: it must be >= 0";
        throw std::invalid_argument(os.str());
    }
    ThrowUnlessValidPhi(phi);
    // Eq. 32 (eq. 31 for a single link): m = 1 - phi^(-p).
    return -std::expm1(-price * std::log(phi));
}

EcnPriceEstimator::Estimate
EcnPriceEstimator::Peek() const
{
    return Estimated(m_acked, m_marked, m_phi);
}

EcnPriceEstimator::Estimate
EcnPriceEstimator::Estimated(uint64_t acked, uint64_t marked, double phi)
{
    Estimate estimate;
    estimate.acked = acked;
    estimate.marked = marked;
    if (acked == 0)
    {
        return estimate;
    }
    estimate.valid = true;
    estimate.markFraction = static_cast<double>(marked) / static_cast<double>(acked);
    estimate.usedMarkFraction = CappedMarkFraction(marked, acked);
    estimate.capped = estimate.usedMarkFraction < estimate.markFraction;
    estimate.price = PriceFromMarkFraction(estimate.usedMarkFraction, phi);
    return estimate;
}

EcnPriceEstimator::Estimate
EcnPriceEstimator::EndRound()
{
    Estimate estimate = Peek();
    Reset();
    return estimate;
}

void
EcnPriceEstimator::Reset()
{
    m_acked = 0;
    m_marked = 0;
}

void
EcnPriceEstimator::SetWindowLength(uint32_t n)
{
    if (n < 1 || n > MAX_WINDOW_LENGTH)
    {
        std::ostringstream os;
        os << "EcnPriceEstimator: window length N = " << n
           << " is out of range: N must be >= 1 and <= " << MAX_WINDOW_LENGTH;
        throw std::invalid_argument(os.str());
    }
    m_windowLength = n;
    while (m_window.size() > m_windowLength)
    {
        m_windowMarked -= m_window.front() ? 1 : 0;
        m_window.pop_front();
    }
}

uint32_t
EcnPriceEstimator::GetWindowLength() const
{
    return m_windowLength;
}

void
EcnPriceEstimator::AddAckToWindow(bool marked)
{
    // Paganini et al. §IV-A: a shift register of the last N marks.
    m_window.push_back(marked);
    m_windowMarked += marked ? 1 : 0;
    if (m_window.size() > m_windowLength)
    {
        m_windowMarked -= m_window.front() ? 1 : 0;
        m_window.pop_front();
    }
}

EcnPriceEstimator::Estimate
EcnPriceEstimator::PeekWindow() const
{
    return Estimated(m_window.size(), m_windowMarked, m_phi);
}

void
EcnPriceEstimator::ResetWindow()
{
    m_window.clear();
    m_windowMarked = 0;
}

} // namespace ns3
