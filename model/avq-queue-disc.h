/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AVQ_QUEUE_DISC_H
#define AVQ_QUEUE_DISC_H

#include "virtual-queue.h"

#include "ns3/data-rate.h"
#include "ns3/queue-disc.h"
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
 *       UNFORCED_DROP;
 *     - otherwise enqueued;
 *  3. the virtual capacity is updated,
 *     C~ <- max(min(C~ + alpha gamma C (t - s), C) - alpha b, 0), s <- t, where b counts
 *     - with UseEcn true (marking, the paper's Experiments 1-4): every arrival, as in the
 *       pseudo-code (lambda is the arrival rate), including packets dropped for any reason;
 *     - with UseEcn false (dropping, Experiment 5): only packets admitted to the real queue;
 *       for any dropped packet b = 0, so the bucket only gains tokens (lambda is the accepted
 *       rate).
 *
 * b and B are packets (b = 1) or bytes (b = the item's size), as the unit of MaxSize says; C is
 * LinkBandwidth (or the attached device's DataRate) in the same unit per second, converted with
 * MeanPktSize in packet mode. The algorithm draws no random numbers.
 */
class AvqQueueDisc : public QueueDisc
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

    /**
     * AVQ draws no random numbers: provided for uniformity with the other queue discs.
     * \param stream first stream index to use
     * \return 0, the number of streams assigned
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \return the link capacity C the algorithm uses, in packets/s or bytes/s as MaxSize counts
     *         (0 before the queue disc is initialized)
     */
    double GetLinkCapacity() const;

    // Reasons for dropping or marking packets (they key QueueDisc::Stats)
    /// The virtual queue overflowed and the packet was dropped (UseEcn false, or not ECN-capable).
    static constexpr const char* UNFORCED_DROP = "Unforced drop";
    /// The virtual queue overflowed and the packet was marked (ECN CE) and enqueued.
    static constexpr const char* UNFORCED_MARK = "Unforced mark";
    /// The real queue (MaxSize) had no room for the packet.
    static constexpr const char* FORCED_DROP = "Forced drop";

  protected:
    void DoDispose() override;

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    /**
     * \param item a queue disc item
     * \return b: 1 in packet mode, the item's size in byte mode
     */
    double ArrivalSize(Ptr<const QueueDiscItem> item) const;

    // Configuration (attributes)
    double m_desiredUtilization;     //!< gamma
    double m_alpha;                  //!< alpha
    bool m_useEcn;                   //!< mark ECN-capable packets instead of dropping them
    DataRate m_linkBandwidth;        //!< C as configured; 0 bps: take the device's DataRate
    uint32_t m_meanPktSize;          //!< bytes per packet, to express C in packets/s
    double m_initialVirtualCapacity; //!< C~(0) / C

    // State
    double m_capacity;                        //!< C, units per second (resolved in CheckConfig)
    VirtualQueue m_virtualQueue;              //!< VQ, C~ and s
    TracedValue<double> m_virtualQueueLength; //!< VQ, packets or bytes
    TracedValue<double> m_virtualCapacity;    //!< C~, packets/s or bytes/s
};

} // namespace ns3

#endif /* AVQ_QUEUE_DISC_H */
