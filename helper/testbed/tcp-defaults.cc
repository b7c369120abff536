/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-defaults.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/last-sample-rtt-estimator.h"
#include "ns3/log.h"
#include "ns3/rtt-estimator.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpDefaults");

TcpDefaults&
TcpDefaults::UseNs2Reno()
{
    NS_LOG_FUNCTION(this);
    initialCwnd = 1;                      // windowInit_ 1 (2 from ns-2.1b8, 2001/5/26)
    delAckCount = 1;                      // Agent/TCPSink: an ACK for every packet
    timestamps = false;                   // timestamps_ false: RTTs from send times
    rttAlpha = 0.125;                     // T_SRTT_BITS 3: srtt gain 1/8 (rttvar 1/4 is ns-3's)
    minRto = MilliSeconds(200);           // no minrto_ before ns-2.1b8: RTO >= 2 tcpTick_
    clockGranularity = MilliSeconds(100); // tcpTick_ 0.1 s (0.01 s from 2002/03/07)
    renoRecovery = true;                  // Reno: no SACK, singledup_ 0, window inflation
    ns2Halving = true;                    // ecn()'s slowdown(): int(int(cwnd_) / 2)
    ns2LossResponse = true;               // dupack_action(), timeout(): the same halving
    keepBackoff = true;                   // t_backoff_ kept until a valid RTT sample
    maxWindow = 20;                       // window_ 20: min(cwnd_, window_) unacknowledged
    return *this;
}

void
TcpDefaults::Apply() const
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(segmentSize == 0, "TcpDefaults: segmentSize must be > 0 bytes");
    NS_ABORT_MSG_IF(buffer < segmentSize,
                    "TcpDefaults: buffer (" << buffer << " bytes) must hold at least one segment ("
                                            << segmentSize << " bytes)");
    NS_ABORT_MSG_IF(initialCwnd == 0, "TcpDefaults: initialCwnd must be >= 1 segment");
    NS_ABORT_MSG_IF(delAckCount == 0, "TcpDefaults: delAckCount must be >= 1 segment");
    NS_ABORT_MSG_UNLESS(rttAlpha > 0 && rttAlpha <= 1, "TcpDefaults: rttAlpha must be in (0, 1]");
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(initialCwnd));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delAckCount));
    // ns-3's TCP timestamps count whole milliseconds: RTT samples taken from them are too coarse
    // for Vegas. Without them, RTTs are measured from the send times of unambiguous segments.
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
    // ns-3.37 hands congestion control (PktsAcked) and the "RTT" trace the smoothed RTT of its
    // RttMeanDeviation estimator, not the sample; a gain of 1 makes the smoothed RTT the last
    // sample, which is what Vegas compares with baseRTT. (The RTO still uses the smoothed
    // deviation.)
    Config::SetDefault("ns3::RttMeanDeviation::Alpha", DoubleValue(rttAlpha));
    // Always set, so that a run in the same process does not inherit the previous one's.
    Config::SetDefault("ns3::TcpL4Protocol::RttEstimatorType",
                       TypeIdValue(rfc6298Timer ? LastSampleRttEstimator::GetTypeId()
                                                : RttMeanDeviation::GetTypeId()));
    ApplyNs2Fields();
}

void
TcpDefaults::ApplyNs2Fields() const
{
    NS_ABORT_MSG_IF(minRto.IsStrictlyNegative() || clockGranularity.IsStrictlyNegative(),
                    "TcpDefaults: minRto and clockGranularity must be >= 0 (0: not set)");
    if (minRto.IsStrictlyPositive())
    {
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(minRto));
    }
    if (clockGranularity.IsStrictlyPositive())
    {
        Config::SetDefault("ns3::TcpSocketBase::ClockGranularity", TimeValue(clockGranularity));
    }
    if (renoRecovery)
    {
        Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(false));
        Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(false));
        Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                           TypeIdValue(TypeId::LookupByName("ns3::TcpClassicRecovery")));
    }
    if (ns2Halving)
    {
        Config::SetDefault("ns3::TcpSubPacketSocket::Ns2Halving", BooleanValue(true));
    }
    if (ns2LossResponse)
    {
        Config::SetDefault("ns3::TcpSubPacketSocket::Ns2LossResponse", BooleanValue(true));
    }
    if (keepBackoff)
    {
        Config::SetDefault("ns3::TcpSubPacketSocket::KeepBackoff", BooleanValue(true));
    }
    if (maxWindow > 0)
    {
        Config::SetDefault("ns3::TcpSubPacketSocket::MaxWindow", UintegerValue(maxWindow));
    }
}

} // namespace ns3
