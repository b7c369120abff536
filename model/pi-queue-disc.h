/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PI_QUEUE_DISC_H
#define PI_QUEUE_DISC_H

#include "price-queue-disc.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-value.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The proportional-integral (PI) AQM controller of Hollot, Misra, Towsley and Gong.
 *
 * C. V. Hollot, V. Misra, D. Towsley and W. Gong, "On designing improved controllers for AQM
 * routers supporting TCP flows", INFOCOM 2001, as ns-2's Queue/PI runs it (the controller the
 * AVQ paper, §3, and Paganini et al., §V, compare against). The queue disc is a FIFO of MaxSize.
 * SamplingFrequency w times per second the marking probability is updated from the queue length
 * q (packets) at that instant and the one at the previous update, q_old:
 *
 *     p <- min(max(p + A (q - q_ref) - B (q_old - q_ref), 0), 1),    q_old <- q,
 *
 * (the AVQ paper's p[k+1] = p[k] + a (q[k+1] - qref) - b (q[k] - qref), clipped to a
 * probability). Every arrival that fits in MaxSize is then chosen with probability p (one
 * uniform draw; none while p = 0): marked ECN CE (UNFORCED_MARK) and enqueued if UseEcn is true
 * and the packet is ECN-capable, dropped (UNFORCED_DROP) otherwise. An arrival that does not fit
 * is dropped (FORCED_DROP) and draws nothing. In byte mode (MaxSize in bytes) q is the backlog in
 * bytes divided by MeanPktSize, as ns-2's queue_in_bytes_; QueueRef stays in packets. The first
 * update is 1/w after initialization, from q_old = 0 and p = 0.
 *
 * The defaults are ns-2's (A = 1.822e-5, B = 1.816e-5, w = 170 Hz, q_ref = 50 packets, marking
 * off): the paper's design for N >= 60 flows, RTT <= 246 ms and C = 3750 packets/s, sampled at
 * 160 Hz; PiDesign computes A and B for other networks. The integral action holds the mean
 * queue at q_ref whenever the load exceeds the link, so the link runs full (capacity factor 1)
 * with a standing queue of q_ref packets.
 *
 * The FIFO, C, the two modes and the mark-or-drop step are PriceQueueDisc's (C is resolved as for
 * every price queue disc, though the law does not use it); this class holds the controller
 * (UpdateProbability()) and the draw (SignalsCongestion()).
 */
class PiQueueDisc : public PriceQueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Constructor: a single internal queue, sized by MaxSize.
    PiQueueDisc();

    /// Destructor.
    ~PiQueueDisc() override;

    /**
     * Assign a fixed random variable stream number to the marking decisions.
     * \param stream first stream index to use
     * \return 1, the number of streams assigned
     */
    int64_t AssignStreams(int64_t stream) override;

    /// \return the marking probability p of the last update
    double GetProbability() const;

  protected:
    void DoDispose() override;

  private:
    /// Chosen with probability p, unless the item does not fit (then no draw).
    bool SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits) override;
    void CheckLawConfig() override;
    void InitializeLaw() override;

    /// The periodic update of p (the class description's law), then the next one in 1/w.
    void UpdateProbability();

    /// \return q, packets (the backlog, divided by MeanPktSize in byte mode)
    double GetQueuePackets();

    // Configuration (attributes)
    double m_a;                 //!< A, per packet
    double m_b;                 //!< B, per packet
    double m_samplingFrequency; //!< w, Hz
    double m_queueRef;          //!< q_ref, packets

    // State
    double m_queueOld;                    //!< q_old, packets
    TracedValue<double> m_probability;    //!< p
    EventId m_updateEvent;                //!< the next update
    Ptr<UniformRandomVariable> m_uniform; //!< the marking decisions
};

} // namespace ns3

#endif /* PI_QUEUE_DISC_H */
