/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "last-sample-rtt-estimator.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LastSampleRttEstimator");

NS_OBJECT_ENSURE_REGISTERED(LastSampleRttEstimator);

TypeId
LastSampleRttEstimator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LastSampleRttEstimator")
            .SetParent<RttEstimator>()
            .SetGroupName("Dualcc")
            .AddConstructor<LastSampleRttEstimator>()
            .AddAttribute("Alpha",
                          "Gain of the timer's smoothed RTT, in (0, 1] (RFC 6298: 0.125)",
                          DoubleValue(0.125),
                          MakeDoubleAccessor(&LastSampleRttEstimator::m_alpha),
                          MakeDoubleChecker<double>(1e-9, 1))
            .AddAttribute("Beta",
                          "Gain of the timer's RTT variation, in (0, 1] (RFC 6298: 0.25)",
                          DoubleValue(0.25),
                          MakeDoubleAccessor(&LastSampleRttEstimator::m_beta),
                          MakeDoubleChecker<double>(1e-9, 1));
    return tid;
}

LastSampleRttEstimator::LastSampleRttEstimator()
    : m_alpha(0.125),
      m_beta(0.25)
{
    NS_LOG_FUNCTION(this);
}

LastSampleRttEstimator::LastSampleRttEstimator(const LastSampleRttEstimator& r)
    : LastSampleRttEstimatorBase(r),
      m_alpha(r.m_alpha),
      m_beta(r.m_beta),
      m_srtt(r.m_srtt),
      m_rttvar(r.m_rttvar)
{
    NS_LOG_FUNCTION(this);
}

LastSampleRttEstimator::~LastSampleRttEstimator()
{
    NS_LOG_FUNCTION(this);
}

void
LastSampleRttEstimator::Measurement(Time m)
{
    NS_LOG_FUNCTION(this << m);
    NS_ABORT_MSG_IF(m.IsStrictlyNegative(),
                    "LastSampleRttEstimator::Measurement: the sample must be >= 0, got "
                        << m.As(Time::MS));
    if (m_nSamples == 0)
    {
        m_srtt = m; // RFC 6298 (2.2)
        m_rttvar = m / 2;
    }
    else
    {
        // RFC 6298 (2.3): rttvar first, with the srtt before this sample.
        const double error = std::abs((m_srtt - m).GetDouble());
        m_rttvar = Time::From(static_cast<int64_t>(
            std::llround((1 - m_beta) * m_rttvar.GetDouble() + m_beta * error)));
        m_srtt = Time::From(static_cast<int64_t>(
            std::llround((1 - m_alpha) * m_srtt.GetDouble() + m_alpha * m.GetDouble())));
    }
    m_estimatedRtt = m;
    const Time timerSpan = m_srtt + m_rttvar * 4 - m;
    m_estimatedVariation = timerSpan.IsStrictlyPositive() ? timerSpan / 4 : Time(0);
    m_nSamples++;
    NS_LOG_DEBUG("sample " << m.As(Time::MS) << " srtt " << m_srtt.As(Time::MS) << " rttvar "
                           << m_rttvar.As(Time::MS));
}

Ptr<RttEstimator>
LastSampleRttEstimator::Copy() const
{
    NS_LOG_FUNCTION(this);
    return CopyObject<LastSampleRttEstimator>(this);
}

void
LastSampleRttEstimator::Reset()
{
    NS_LOG_FUNCTION(this);
    RttEstimator::Reset();
    m_srtt = Time(0);
    m_rttvar = Time(0);
}

Time
LastSampleRttEstimator::GetSmoothedRtt() const
{
    return m_srtt;
}

Time
LastSampleRttEstimator::GetRttVariation() const
{
    return m_rttvar;
}

} // namespace ns3
