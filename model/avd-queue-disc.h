/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AVD_QUEUE_DISC_H
#define AVD_QUEUE_DISC_H

#include "price-queue-disc.h"
#include "virtual-queue.h"

#include "ns3/nstime.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Adaptive Virtual Delay (AVD): AVQ's virtual queue, whose queueing delay is written
 * into Monaco's in-band control packets instead of marking or dropping.
 *
 * Xia et al., "Accumulation-based Congestion Control", §IV-D: a DropTail router gives Monaco the
 * Lagrange multiplier t_q = q / c through its physical queue; an AVD router gives the same
 * multiplier as a virtual queueing delay t_AVD = VQ / C~, where VQ and C~ are the virtual queue
 * and the virtual capacity of AVQ (Kunniyur and Srikant, SIGCOMM 2001, §2), so that the
 * physical queue stays about empty while the flows still see a price. The receiver adds the
 * virtual delays of the path to its estimate: a^_M = a^_DT + x t^_AVD.
 *
 * At every arrival of an item of b bytes at time t (s the previous arrival), in order:
 *
 *  1. VQ <- max(VQ - C~ (t - s), 0)                           (AVQ, served at C~)
 *  2. t_AVD = VQ / C~ (0 when VQ = 0; at most MAX_VIRTUAL_DELAY), the delay the item would wait
 *     behind the virtual backlog; if the item is a Monaco forward IB (IPv4, UDP to MonacoPort,
 *     a valid MonacoHeader of type FORWARD_IB), the stamp s is added to the header's
 *     virtualDelay, rewritten in place in the item's packet: alone (one FIFO, the OB and the IB
 *     wait alike, so ftt_q reads none of this queue) s = t_AVD; as the data band of a
 *     PriorityObQueueDisc (the OB skips this FIFO, the IB waits behind its F bytes, and ftt_q
 *     reads F / C) s = max(0, t_AVD - F / C), so that either way the receiver reads the link's
 *     price t_AVD (ftt_q + virtualDelay);
 *  3. VQ <- VQ + b, unless BoundedVirtualQueue is true and VQ + b > B (AVQ's virtual buffer
 *     B = MaxSize); the default is an unlimited virtual queue (see below);
 *  4. the real item is enqueued, or dropped if the physical buffer MaxSize is full (FIFO
 *     overflow, FORCED_DROP): AVD never marks nor drops for its signal;
 *  5. C~ <- max(min(C~ + alpha gamma C (t - s), C) - alpha b, 0)  (AVQ; every arrival counts).
 *
 * Out-of-band packets that a PriorityObQueueDisc parent sends on the link from its band 0 reach
 * the disc through NotifyBypass(): they take steps 1, 3 and 5 (they load the link, so the
 * virtual queue and C~ count them; gamma is the utilization of the link, control packets
 * included).
 *
 * The virtual queue counts bytes (b = the item's IPv4 size, C and C~ in bytes/s) whatever the
 * unit of MaxSize, which only sizes the physical buffer: the virtual delay is a time, and a
 * 68-byte control packet counted as a full packet would make C~ adapt to a packet rate inflated
 * by the control traffic. At equilibrium the arrival rate is gamma C (C~ stops moving) and
 * C~ = gamma C (VQ stops moving), so t_AVD = VQ / (gamma C) and VQ holds the flows'
 * accumulation, sum a*, in bytes.
 *
 * The virtual buffer: unlimited by default. With AVQ's B the virtual delay cannot exceed
 * B / C~; when the flows' sum of a* is above B (monaco-dynamic's third phase: 20 x 3000 bytes
 * against 55 packets) the price saturates and the flows never see a* (the test suite shows it).
 *
 * The real FIFO, C and the physical overflow are PriceQueueDisc's (SignalsCongestion() always
 * returns false); the AVQ law is VirtualQueue's. No random numbers.
 */
class AvdQueueDisc : public PriceQueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Constructor: a single internal queue, sized by MaxSize.
    AvdQueueDisc();

    /// Destructor.
    ~AvdQueueDisc() override;

    /// \return the number of Monaco forward IB packets whose virtualDelay this disc increased
    ///         (or wrote 0 into: every forward IB that arrived) since initialization
    uint64_t GetStampedIbCount() const;

    /// The largest virtual delay stamped, seconds (C~ near 0 would make VQ / C~ unbounded).
    static constexpr double MAX_VIRTUAL_DELAY = 60;

  private:
    bool SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits) override;
    void AfterArrival(double size, bool admitted) override;
    /// An out-of-band packet sent on the link past this disc: steps 1, 3 and 5, no stamp.
    void OnBypass(Ptr<const QueueDiscItem> item) override;
    void CheckLawConfig() override;
    void InitializeLaw() override;

    /// Step 3: m_arrivalBytes join the virtual queue (if they fit, with BoundedVirtualQueue).
    void JoinVirtualQueue();

    /**
     * If \p item is a Monaco forward IB, add \p delay to its virtualDelay, in place.
     * \param item an arriving item
     * \param delay t_AVD
     * \return whether the item was a forward IB
     */
    bool StampIfForwardIb(Ptr<const QueueDiscItem> item, Time delay) const;

    // Configuration (attributes)
    double m_desiredUtilization;     //!< gamma
    double m_alpha;                  //!< alpha
    double m_initialVirtualCapacity; //!< C~(0) / C
    bool m_boundedVirtualQueue;      //!< B = MaxSize (true) or unlimited
    uint16_t m_monacoPort;           //!< UDP destination port of Monaco's control packets

    // State
    VirtualQueue m_virtualQueue;              //!< VQ, C~ and s, in bytes and bytes/s
    double m_virtualBuffer{0};                //!< B, bytes (BoundedVirtualQueue)
    double m_arrivalBytes{0};                 //!< b of the arrival being processed, bytes
    uint64_t m_stampedIbs{0};                 //!< forward IBs stamped
    TracedValue<double> m_virtualQueueLength; //!< VQ, bytes
    TracedValue<double> m_virtualCapacity;    //!< C~, bytes/s
    TracedValue<double> m_virtualDelay;       //!< t_AVD, s
};

} // namespace ns3

#endif /* AVD_QUEUE_DISC_H */
