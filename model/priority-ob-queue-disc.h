/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PRIORITY_OB_QUEUE_DISC_H
#define PRIORITY_OB_QUEUE_DISC_H

#include "ns3/queue-disc.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Strict two-band priority for out-of-band (OB) control packets: Monaco's "separate
 * dedicated high priority queue" (Xia et al., "Accumulation-based Congestion Control", §IV-B,
 * with footnote 5's IP TOS marking).
 *
 * - Band 0, served first: an internal DropTailQueue holding the IPv4 items (Ipv4QueueDiscItem)
 *   whose DSCP, read from the IP header, is Dscp (default 46, Expedited Forwarding), at most
 *   ControlLimit packets; an OB arriving at a full band 0 is dropped with CONTROL_QUEUE_FULL.
 * - Band 1, served only when band 0 is empty: the disc's single child queue disc (class 0), which
 *   holds every other item (non-IPv4 items included): by default a FifoQueueDisc of MaxSize,
 *   added by CheckConfig(), so that the disc is sized as a FIFO would be (size policy
 *   MULTIPLE_QUEUES, as ns-3's FqCoDelQueueDisc: MaxSize is this disc's own attribute, and here
 *   only sizes the default child; a child given by the user keeps its own limit).
 *
 * The classification is built in: no packet filter. The service is non-preemptive: an OB that
 * arrives during a data packet's transmission waits for it (and for the device queue below the
 * disc). GetBandStats() gives each band's counters.
 *
 * Equivalent tree: ns-3's PrioQueueDisc with a DscpPacketFilter (MatchedBand 0, OtherBand 1),
 * two children and a Priomap sending unclassified items to band 1.
 */
class PriorityObQueueDisc : public QueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Constructor: size policy MULTIPLE_QUEUES (MaxSize sizes the default child).
    PriorityObQueueDisc();

    /// Destructor.
    ~PriorityObQueueDisc() override;

    /// Counters of one band since the disc was initialized.
    struct BandStats
    {
        uint64_t enqueuedPackets{0}; //!< packets the band accepted
        uint64_t enqueuedBytes{0};   //!< their bytes (IPv4 packet sizes)
        uint64_t droppedPackets{0};  //!< packets the band dropped (band 1: its child's drops)
        uint64_t droppedBytes{0};    //!< their bytes
        uint32_t packets{0};         //!< packets in the band now
        uint64_t bytes{0};           //!< bytes in the band now
    };

    /**
     * \param band 0 (the OB band) or 1 (the child disc; counters from its QueueDisc::Stats)
     * \return the band's counters (band 1 is all zero before CheckConfig() added the child)
     */
    BandStats GetBandStats(std::size_t band) const;

    /// Drop reason: band 0 holds ControlLimit packets already.
    static constexpr const char* CONTROL_QUEUE_FULL = "Control queue full";
    /// The OB band.
    static constexpr std::size_t CONTROL_BAND = 0;
    /// The data band (the child queue disc).
    static constexpr std::size_t DATA_BAND = 1;
    /// Largest ControlLimit, packets.
    static constexpr uint32_t MAX_CONTROL_LIMIT = 1000000;

  private:
    /// \param item an item \return whether it goes to band 0 (IPv4 with DSCP m_dscp)
    bool IsControl(Ptr<const QueueDiscItem> item) const;

    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    Ptr<const QueueDiscItem> DoPeek() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    // Configuration (attributes)
    uint8_t m_dscp;          //!< DSCP of the OB packets (6 bits)
    uint32_t m_controlLimit; //!< band 0's limit, packets

    // Band 0's counters (band 1's are its child's)
    uint64_t m_controlEnqueuedPackets{0}; //!< packets band 0 accepted
    uint64_t m_controlEnqueuedBytes{0};   //!< their bytes
    uint64_t m_controlDroppedPackets{0};  //!< packets dropped with CONTROL_QUEUE_FULL
    uint64_t m_controlDroppedBytes{0};    //!< their bytes
};

} // namespace ns3

#endif /* PRIORITY_OB_QUEUE_DISC_H */
