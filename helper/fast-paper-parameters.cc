/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fast-paper-parameters.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

namespace
{
/// ns-2's automatic RED: target queueing delay, s.
constexpr double RED_TARGET_DELAY = 0.005;
/// ns-2's automatic RED: smallest MinTh, packets.
constexpr double RED_MIN_MIN_TH = 5;
/// ns-2's automatic RED: smallest r in QW's time constant, s.
constexpr double RED_MIN_RTT = 0.1;
/// ns-2's default linterm_ (1 / max_p): max_p = 0.1.
constexpr double RED_LINTERM = 10;
/// REM's price update interval (the paper's T~_s), ms.
constexpr int REM_UPDATE_MS = 5;
} // namespace

FastPaperParameters::RedThresholds
FastPaperParameters::GetRedThresholds(double packetsPerSecond, Time linkDelay)
{
    RedThresholds red;
    red.minTh = std::max(RED_MIN_MIN_TH, RED_TARGET_DELAY * packetsPerSecond / 2);
    red.maxTh = 3 * red.minTh;
    const double r = std::max(RED_MIN_RTT, 3 * (linkDelay.GetSeconds() + 1 / packetsPerSecond));
    red.qW = -std::expm1(-1 / (10 * r * packetsPerSecond));
    return red;
}

std::string
FastPaperParameters::GetFastEcnClassFields()
{
    return "tcp=ns3::TcpFastEcn ecn=on";
}

std::string
FastPaperParameters::GetNewRenoClassFields(bool subPacket)
{
    return std::string("tcp=ns3::TcpNewReno ecn=on") + (subPacket ? " subPacket=on" : "");
}

std::string
FastPaperParameters::GetRemVirtualCapacityFields(const std::string& prefix)
{
    // As test/fast-system-test-suite.cc configures it: the paper's §V parameters.
    std::ostringstream os;
    os << prefix << "=ns3::RemQueueDisc " << prefix << ".PriceLaw=VirtualCapacity " << prefix
       << ".TargetUtilization=" << TARGET_UTILIZATION << " " << prefix << ".Phi=" << PHI << " "
       << prefix << ".UpdateInterval=" << REM_UPDATE_MS << "ms " << prefix << ".UseEcn=true";
    return os.str();
}

std::string
FastPaperParameters::GetRedFields(double bitsPerSecond,
                                  Time linkDelay,
                                  const std::string& prefix,
                                  bool inBytes)
{
    const RedThresholds red = GetRedThresholds(bitsPerSecond / (8.0 * PACKET_BYTES), linkDelay);
    const double unit = inBytes ? PACKET_BYTES : 1;
    std::ostringstream os;
    os.precision(17);
    os << prefix << "=ns3::RedQueueDisc " << prefix << ".Gentle=true " << prefix << ".UseEcn=true "
       << prefix << ".MinTh=" << red.minTh * unit << " " << prefix << ".MaxTh=" << red.maxTh * unit
       << " " << prefix << ".QW=" << red.qW << " " << prefix << ".LInterm=" << RED_LINTERM << " "
       << prefix << ".MeanPktSize=" << PACKET_BYTES << " " << prefix
       << ".LinkBandwidth=" << std::llround(bitsPerSecond) << "bps " << prefix
       << ".LinkDelay=" << linkDelay.GetNanoSeconds() << "ns";
    return os.str();
}

} // namespace ns3
