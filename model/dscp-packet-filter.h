/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DSCP_PACKET_FILTER_H
#define DSCP_PACKET_FILTER_H

#include "ns3/ipv4-packet-filter.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Classifies IPv4 packets by their DSCP, as a router sees it in the IP header: packets
 * whose DSCP is Dscp go to MatchedBand, all others to OtherBand.
 *
 * With ns-3's PrioQueueDisc (whose bands are served in strict priority, band 0 first) it makes
 * the two-band queue in which marked packets (e.g. Monaco's out-of-band control packets, DSCP EF)
 * skip the queue of normal traffic. ns-3 ships no concrete IPv4 filter (only test ones); this
 * one is what the testbed's `queue.filter=ns3::DscpPacketFilter` names. Non-IPv4 items are not
 * classified (PacketFilter::PF_NO_MATCH: the disc falls back on its own rule, PrioQueueDisc's
 * Priomap).
 */
class DscpPacketFilter : public Ipv4PacketFilter
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DscpPacketFilter();
    ~DscpPacketFilter() override;

  private:
    int32_t DoClassify(Ptr<QueueDiscItem> item) const override;

    uint8_t m_dscp;         //!< the DSCP that matches (6 bits)
    uint32_t m_matchedBand; //!< band of matching packets
    uint32_t m_otherBand;   //!< band of the others
};

} // namespace ns3

#endif /* DSCP_PACKET_FILTER_H */
