/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dscp-packet-filter.h"

#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DscpPacketFilter");

NS_OBJECT_ENSURE_REGISTERED(DscpPacketFilter);

namespace
{
/// Largest band: ns-3's PrioQueueDisc has at most 16.
constexpr uint32_t MAX_BAND = 15;
} // namespace

TypeId
DscpPacketFilter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DscpPacketFilter")
            .SetParent<Ipv4PacketFilter>()
            .SetGroupName("Dualcc")
            .AddConstructor<DscpPacketFilter>()
            .AddAttribute("Dscp",
                          "The DSCP (the 6 high bits of the IPv4 TOS byte), 0..63, of the packets "
                          "that go to MatchedBand (default 46, Expedited Forwarding)",
                          UintegerValue(46),
                          MakeUintegerAccessor(&DscpPacketFilter::m_dscp),
                          MakeUintegerChecker<uint8_t>(0, 63))
            .AddAttribute("MatchedBand",
                          "The band of packets with DSCP Dscp, 0..15",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DscpPacketFilter::m_matchedBand),
                          MakeUintegerChecker<uint32_t>(0, MAX_BAND))
            .AddAttribute("OtherBand",
                          "The band of every other IPv4 packet, 0..15",
                          UintegerValue(1),
                          MakeUintegerAccessor(&DscpPacketFilter::m_otherBand),
                          MakeUintegerChecker<uint32_t>(0, MAX_BAND));
    return tid;
}

DscpPacketFilter::DscpPacketFilter()
    : m_dscp(46),
      m_matchedBand(0),
      m_otherBand(1)
{
    NS_LOG_FUNCTION(this);
}

DscpPacketFilter::~DscpPacketFilter()
{
    NS_LOG_FUNCTION(this);
}

int32_t
DscpPacketFilter::DoClassify(Ptr<QueueDiscItem> item) const
{
    Ptr<Ipv4QueueDiscItem> ipv4 = DynamicCast<Ipv4QueueDiscItem>(item);
    if (!ipv4)
    {
        return PacketFilter::PF_NO_MATCH;
    }
    const uint8_t dscp = ipv4->GetHeader().GetTos() >> 2;
    return static_cast<int32_t>(dscp == m_dscp ? m_matchedBand : m_otherBand);
}

} // namespace ns3
