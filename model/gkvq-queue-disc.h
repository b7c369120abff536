/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GKVQ_QUEUE_DISC_H
#define GKVQ_QUEUE_DISC_H

#include "price-queue-disc.h"
#include "virtual-queue.h"

#include "ns3/traced-value.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The Gibbens-Kelly virtual queue (GKVQ): a fixed virtual queue whose overflow marks the
 * real queue and every arrival until the virtual queue empties.
 *
 * Gibbens and Kelly, "Distributed connection acceptance control for a connectionless network",
 * ITC 16, 1999, as the AVQ paper runs it (Kunniyur and Srikant, SIGCOMM 2001, §3 scheme 4): "the
 * link maintains a virtual queue with fixed capacity C~ = theta C, and buffer size
 * B~ = theta B, where theta < 1 ... Whenever the virtual queue overflows, all packets in the real
 * queue and all future incoming packets are marked till the virtual queue becomes empty again",
 * theta = 0.90 (Theta). The queue disc is a FIFO of MaxSize (the real buffer B) next to a
 * VirtualQueue served at theta C with buffer theta B. At every arrival, in order:
 *
 *  1. the virtual queue is served since its last service, VQ <- max(VQ - theta C (t - s), 0);
 *     if it is now empty, the marking episode (if any) ends;
 *  2. the arrival's fictitious packet joins the virtual queue if it fits (VQ + b <= theta B);
 *     if it does not (an overflow), VQ is unchanged and a marking episode begins (or goes on);
 *  3. the real packet is dropped (FORCED_DROP) if the real queue has no room, else enqueued;
 *     while an episode is on, every packet then in the real queue, this one included, is due a
 *     mark.
 *
 * <b>When the mark is applied.</b> The packets due a mark are marked as they leave the FIFO
 * (SignalsCongestionAtDeparture()): the set is fixed at the arrivals (an arrival during an
 * episode extends it to the last admitted packet), and since the queue is a FIFO the k-th
 * departure is the k-th admitted packet, so a packet is marked iff its admission index is at most
 * the last index due a mark. Marking at departure rather than rewriting the queued packets at the
 * overflow gives the same packets the same CE bit (the base class' Queue has no public way to
 * reach the packets inside it), and lets a non-ECT packet be dropped at departure like
 * PriceQueueDisc's other departure marks. ns-2's queue/gk.cc (Queue/GK, ecnlim_ = theta, 0.95
 * by default there) differs: it marks at dequeue while its flag is set and clears the flag when
 * the virtual queue empties, so a packet that was queued at the overflow but leaves after the
 * virtual queue emptied goes unmarked (MarkQueued false gives this rule: the virtual queue is
 * then also served at each departure, and a departure is marked iff the episode is still on);
 * it also only serves its virtual queue while it is
 * non-empty and keeps the time of the last service only then, so after an idle period the next
 * service covers the whole idle time (this class serves it exactly, VirtualQueue::Drain()).
 *
 * <b>Signal.</b> A marked packet is ECN CE (UNFORCED_MARK) when UseEcn is true (the default)
 * and it is ECN-capable; otherwise it is dropped (UNFORCED_DROP, after it left the FIFO), as
 * PriceQueueDisc does for every law, unless DropNonEcn is false (ns-2's gk.cc: a packet that is
 * not ECN-capable leaves unmarked). The paper uses GKVQ only with marking ("this scheme
 * cannot be used in the case where the link drops the packets instead of marking them because
 * the throughput would be very bad"): with UseEcn false, or non-ECT traffic, every packet of an
 * episode is dropped.
 *
 * b, theta B, C are in PriceQueueDisc's law units (wire bytes by default; with FixedPacketSize
 * and MaxSize in packets, ns-2's packets of MeanPktSize); C is LinkBandwidth or the attached
 * device's DataRate. The traces are in the unit of MaxSize, taken at arrivals (the episode's end
 * is seen at the first arrival after the virtual queue emptied). No random numbers.
 *
 * In the duality model (AlgorithmTraits) a GKVQ link is a link of capacity theta C with a
 * virtual price (marks) and no standing queue: its load is at most theta C. What the model
 * cannot capture: GKVQ's marks come in bursts (whole episodes), not as a price each packet
 * samples, so the load can stay well below theta C (the paper measures 0.75 of C with 0.90), and
 * it depends on the number of flows and their round-trip times.
 */
class GkvqQueueDisc : public PriceQueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Constructor: a single internal queue, sized by MaxSize.
    GkvqQueueDisc();

    /// Destructor.
    ~GkvqQueueDisc() override;

    /// \return whether a marking episode is on (as of the last arrival)
    bool IsMarking() const;

    /// \return how many times the virtual queue overflowed (arrivals that did not fit in it)
    uint64_t GetOverflows() const;

  private:
    /// Steps 1 and 2: serve the virtual queue, end the episode if it emptied, add the
    /// fictitious packet or start an episode. Never signals at arrival (false).
    bool SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits) override;
    /// Step 3: an admitted packet gets the next admission index; during an episode every packet
    /// admitted so far is due a mark.
    void AfterArrival(double size, bool admitted) override;
    /// Counts the departure (its admission index, FIFO).
    void AfterDeparture(Ptr<const QueueDiscItem> item) override;
    /// True for a packet due a mark.
    bool SignalsCongestionAtDeparture(Ptr<const QueueDiscItem> item) override;
    /// \return the DropNonEcn attribute
    bool DropsNonEcnOnCongestion() const override;
    void CheckLawConfig() override;
    void InitializeLaw() override;
    /// \return theta B, the virtual buffer, law units
    double GetVirtualBuffer() const;
    /// Serve the virtual queue up to now; an empty one ends the marking episode.
    void ServeVirtualQueue();

    // Configuration (attributes)
    double m_theta;    //!< theta: the virtual queue's share of C and of B
    bool m_dropNonEcn; //!< DropNonEcn: drop a marked packet that is not ECN-capable
    bool m_markQueued; //!< MarkQueued: mark the packets queued during an episode (else ns-2's)

    // State
    VirtualQueue m_virtualQueue;              //!< VQ, served at theta C (never adapted)
    uint64_t m_admitted{0};                   //!< packets admitted to the real queue so far
    uint64_t m_departed{0};                   //!< packets that left the real queue so far
    uint64_t m_markThrough{0};                //!< packets 1..m_markThrough are due a mark
    uint64_t m_overflows{0};                  //!< overflows of the virtual queue
    TracedValue<double> m_virtualQueueLength; //!< VQ, packets or bytes (unit of MaxSize)
    TracedValue<bool> m_marking;              //!< a marking episode is on
};

} // namespace ns3

#endif /* GKVQ_QUEUE_DISC_H */
