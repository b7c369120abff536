/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AVQ_QUEUE_DISC_H
#define AVQ_QUEUE_DISC_H

#include "price-queue-disc.h"
#include "virtual-queue.h"

#include "ns3/traced-value.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Adaptive Virtual Queue (AVQ) active queue management.
 *
 * Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue (AVQ) algorithm for
 * active queue management", SIGCOMM 2001, §2. The queue disc is a FIFO of MaxSize (the real
 * buffer B) next to a VirtualQueue of the same buffer size, served at the virtual capacity
 * C~ <= C. At every arrival, in order:
 *
 *  1. the virtual queue is served since the previous arrival, VQ <- max(VQ - C~ (t - s), 0), and
 *     the arrival's fictitious packet joins it if it fits (VQ + b <= B): this happens for every
 *     arrival, whatever becomes of the real packet;
 *  2. the real packet is
 *     - dropped with FORCED_DROP if the real queue has no room for it;
 *     - otherwise, if the fictitious packet did not fit (VQ + b > B): marked with UNFORCED_MARK
 *       and enqueued when UseEcn is true and the packet is ECN-capable, else dropped with
 *       UNFORCED_DROP (with UseEcn and DropNonEcn false, a packet that is not ECN-capable is
 *       enqueued unmarked instead, as ns-2's queue/vq.cc does);
 *     - otherwise enqueued;
 *  3. the virtual capacity is updated,
 *     C~ <- max(min(C~ + alpha gamma C (t - s), C) - alpha b, 0), s <- t, where b counts
 *     - with UseEcn true (marking, the paper's Experiments 1-4): every arrival, as in the
 *       pseudo-code (lambda is the arrival rate), including packets dropped for any reason;
 *     - with UseEcn false (dropping, Experiment 5): only packets admitted to the real queue;
 *       for any dropped packet b = 0, so the bucket only gains tokens (lambda is the accepted
 *       rate). With CountForcedDrops true, as ns-2's queue/vq.cc, a packet dropped because the
 *       real queue is full counts too, unless the virtual queue also overflowed.
 *
 * b, B, C and C~ are in PriceQueueDisc's law units. By default (SizeAccounting Wire) b is the
 * arrival's bytes on the wire and C the link's rate in bytes/s, so that the load goes to gamma C
 * whatever the packet sizes; with MaxSize in packets the virtual buffer B is MaxSize packets of the
 * measured mean size. With FixedPacketSize (ns-2's meaning) b = 1 and C is in packets/s of
 * MeanPktSize bytes in packet mode, b = the IP size and C in bytes/s in byte mode. C is
 * LinkBandwidth or the attached device's DataRate. The traces are in the unit of MaxSize. The
 * algorithm draws no random numbers (AssignStreams() assigns none).
 *
 * The real FIFO, C, the two modes and the mark-or-drop step of 2. are PriceQueueDisc's; this class
 * runs steps 1. (SignalsCongestion()) and 3. (AfterArrival()) on a VirtualQueue.
 */
class AvqQueueDisc : public PriceQueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Constructor: a single internal queue, sized by MaxSize.
    AvqQueueDisc();

    /// Destructor.
    ~AvqQueueDisc() override;

  private:
    /// Step 1: the fictitious packet joins the virtual queue if it fits; true if it does not.
    bool SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits) override;
    /// Step 3: the virtual capacity, counting the arrival as the UseEcn mode says.
    void AfterArrival(double size, bool admitted) override;
    bool DropsNonEcnOnCongestion() const override;
    void CheckLawConfig() override;
    void InitializeLaw() override;
    /// Set the VirtualQueue and VirtualCapacity traces from the virtual queue, in MaxSize units.
    void UpdateTraces();

    // Configuration (attributes)
    double m_desiredUtilization;     //!< gamma
    double m_alpha;                  //!< alpha
    double m_initialVirtualCapacity; //!< C~(0) / C
    bool m_dropNonEcn;               //!< DropNonEcn
    bool m_countForcedDrops;         //!< CountForcedDrops

    // State
    bool m_virtualOverflow{false};            //!< the current arrival overflowed the virtual queue
    VirtualQueue m_virtualQueue;              //!< VQ, C~ and s
    TracedValue<double> m_virtualQueueLength; //!< VQ, packets or bytes
    TracedValue<double> m_virtualCapacity;    //!< C~, packets/s or bytes/s
};

} // namespace ns3

#endif /* AVQ_QUEUE_DISC_H */
