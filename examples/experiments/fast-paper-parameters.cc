/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fast-paper-parameters.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

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

void
FastPaperParameters::SetFastEcnClass(NetworkDescription::ClassSpec& spec)
{
    spec.tcp = "ns3::TcpFastEcn";
    spec.ecn = true;
}

void
FastPaperParameters::SetNewRenoClass(NetworkDescription::ClassSpec& spec, bool subPacket)
{
    spec.tcp = "ns3::TcpNewReno";
    spec.ecn = true;
    spec.subPacket = subPacket;
}

NetworkDescription::QueueDiscSpec
FastPaperParameters::GetRemVirtualCapacity(bool inBytes)
{
    // As test/fast-system-test-suite.cc configures it: the paper's §V parameters.
    NetworkDescription::QueueDiscSpec q;
    q.type = "ns3::RemQueueDisc";
    q.Set("Phi", DoubleValue(PHI))
        .Set("PriceLaw", StringValue("VirtualCapacity"))
        .Set("TargetUtilization", DoubleValue(TARGET_UTILIZATION))
        .Set("UpdateInterval", TimeValue(MilliSeconds(REM_UPDATE_MS)))
        .Set("UseEcn", BooleanValue(true));
    if (inBytes)
    {
        // ns-2's queue/rem.cc with qib_ and markpkts_ (REMQueue::deque): "pro =
        // remv_.v_prob*size/remp_.p_pktsize", and CE "if(hf->ect() == 1)", no drop otherwise.
        q.Set("DropNonEcn", BooleanValue(false))
            .Set("MeanPktSize", UintegerValue(PACKET_BYTES))
            .Set("ScaleBySize", BooleanValue(true));
    }
    return q;
}

NetworkDescription::QueueDiscSpec
FastPaperParameters::GetRed(double bitsPerSecond, Time linkDelay, bool inBytes)
{
    const RedThresholds red = GetRedThresholds(bitsPerSecond / (8.0 * PACKET_BYTES), linkDelay);
    const double unit = inBytes ? PACKET_BYTES : 1;
    NetworkDescription::QueueDiscSpec q;
    q.type = "ns3::RedQueueDisc";
    q.Set("Gentle", BooleanValue(true))
        .Set("LInterm", DoubleValue(RED_LINTERM))
        .Set("LinkBandwidth", DataRateValue(DataRate(std::llround(bitsPerSecond))))
        .Set("LinkDelay", TimeValue(linkDelay))
        .Set("MaxTh", DoubleValue(red.maxTh * unit))
        .Set("MeanPktSize", UintegerValue(PACKET_BYTES))
        .Set("MinTh", DoubleValue(red.minTh * unit))
        .Set("QW", DoubleValue(red.qW))
        .Set("UseEcn", BooleanValue(true));
    return q;
}

std::vector<OwnedAttributes::Entry>
FastPaperParameters::GetOwnedAttributes(bool red, bool inBytes)
{
    const std::string fixed = "nothing: the FAST paper's parameters (fast-paper-parameters.h)";
    std::vector<OwnedAttributes::Entry> owned =
        OwnedAttributes::ForQueueDisc(GetRemVirtualCapacity(inBytes), {}, fixed);
    if (red)
    {
        for (const OwnedAttributes::Entry& e :
             OwnedAttributes::ForQueueDisc(GetRed(1e7, MilliSeconds(10), true), {}, fixed))
        {
            owned.push_back(e);
        }
    }
    return owned;
}

} // namespace ns3
