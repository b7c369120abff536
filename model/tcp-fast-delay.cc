/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-fast-delay.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpFastDelay");
NS_OBJECT_ENSURE_REGISTERED(TcpFastDelay);

TypeId
TcpFastDelay::GetTypeId()
{
    static TypeId tid = AddFastTraceSources(AddFastAttributes(TypeId("ns3::TcpFastDelay")
                                                                  .SetParent<TcpFast>()
                                                                  .SetGroupName("Dualcc")
                                                                  .AddConstructor<TcpFastDelay>()));
    return tid;
}

TcpFastDelay::TcpFastDelay()
    : TcpFast(),
      m_rttSum(Time(0)),
      m_rttCount(0)
{
    NS_LOG_FUNCTION(this);
}

TcpFastDelay::TcpFastDelay(const TcpFastDelay& sock)
    : TcpFast(sock),
      m_rttSum(Time(0)),
      m_rttCount(0)
{
    NS_LOG_FUNCTION(this);
}

TcpFastDelay::~TcpFastDelay()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpFastDelay::GetName() const
{
    return "TcpFastDelay";
}

Ptr<TcpCongestionOps>
TcpFastDelay::Fork()
{
    return CopyObject<TcpFastDelay>(this);
}

double
TcpFastDelay::ExpectedWindow(double baseWindow,
                             double xi,
                             double alpha,
                             uint32_t m,
                             double q,
                             double d)
{
    // Eq. 28.
    return baseWindow * std::exp(xi) * std::pow(d / (d + q), alpha / m);
}

void
TcpFastDelay::ObserveAck(Ptr<const TcpSocketState> /* tcb */, const Time& rtt)
{
    if (!rtt.IsZero())
    {
        m_rttSum += rtt;
        ++m_rttCount;
    }
}

void
TcpFastDelay::Integrate(double d, double ts)
{
    if (m_rttCount > 0)
    {
        // Eq. 23: the RTT is d + q. A sample below baseRTT cannot happen (baseRTT is the
        // smallest), but the mean is compared in seconds: keep q >= 0.
        const double meanRtt = m_rttSum.GetSeconds() / m_rttCount;
        m_price = std::max(meanRtt - d, 0.0);
        m_rttSum = Time(0);
        m_rttCount = 0;
    }
    const double q = m_price;
    m_xi = XiStep(m_xi, GetBeta(), m_k, m_expWnd, q / (d + q), ts);    // eq. 27
    m_expWnd = ExpectedWindow(m_baseWindow, m_xi, m_alpha, m_m, q, d); // eq. 28
}

} // namespace ns3
