/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REM_QUEUE_DISC_H
#define REM_QUEUE_DISC_H

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
 * \brief Random Exponential Marking (REM) active queue management.
 *
 * Athuraliya and Low's REM as summarized in Low, Peterson and Wang, "Understanding Vegas: a
 * duality model", J. ACM 49(2), 2002, §5. The queue disc is a FIFO of MaxSize. A link price p is
 * updated every UpdateInterval by one of two laws (PriceLaw):
 *
 *  - Rem (eq. 30, with the queue reference b* of Athuraliya et al.'s REM):
 *    p <- [p + gamma (mu (b - b*) + x - c)]^+, where b is the backlog at the end of the
 *    interval, b* the reference backlog QueueRef, x the arrivals during the interval and c the
 *    capacity during the interval (LinkBandwidth times UpdateInterval). QueueRef = 0 (the
 *    default) is the Vegas paper's eq. 30, whose equilibrium backlog is 0; with QueueRef > 0
 *    the equilibrium (p constant, x = c) is b = b*: the queue-regulating REM that the AVQ paper
 *    compares (Kunniyur and Srikant, SIGCOMM 2001, §3 scheme 2, qref = 50 packets);
 *  - VirtualCapacity (the FAST-ECN link law, Paganini et al., Fig. 4):
 *    p <- [p + (x / (gamma_v c) - 1) UpdateInterval]^+, with gamma_v = TargetUtilization: p is
 *    the virtual queueing delay, in seconds, of a link of capacity gamma_v c.
 *
 * <b>Which form of the queue-reference law.</b> The AVQ paper prints it as
 * mu[k+1] = [mu[k] + gamma (q[k+1] - (1 - alpha) q[k] - alpha qref)]^+, i.e.
 * gamma ((q[k+1] - q[k]) + alpha (q[k] - qref)): the rate mismatch x - c of the interval measured
 * by the queue's change q[k+1] - q[k], and the backlog term sampled at the interval's start. This
 * class measures x - c as arrivals minus capacity over the interval, with b sampled at the
 * interval's end, because that is what produced the paper's REM curves: ns-2's queue/rem.cc
 * (run_updaterule: pl += gamma_ (in_avg + 0.1 (nqueued - pbo_) - c), in_avg the arrivals of the
 * interval filtered with weight inw_ = 1 by default, i.e. unfiltered; nqueued the queue now; c
 * = pupdtime_ times the link's packets/s; pbo_ the reference, 20 packets by default) and
 * Athuraliya et al.'s own statement of REM, which eq. 30 summarizes. The two forms agree while
 * the queue is busy and drops nothing (then q[k+1] - q[k] = x - c); they differ when the queue
 * empties during the interval (the queue's change undercounts c: the paper's form leaves the
 * price up, this one lowers it) or drops (dropped arrivals count in x here), and by b's sampling
 * instant. The paper's alpha is Mu here (one parameter: the weight of the backlog term of the
 * one law; ns-2 hard-codes it to 0.1, Mu's default).
 *
 * b, b*, x and c are packets or bytes, as the unit of MaxSize says (packet mode: c is converted to
 * packets with MeanPktSize; byte mode: b and x count the items' sizes). x counts every arrival
 * offered to the queue disc, including those then dropped.
 *
 * Under the Rem law each arriving packet is marked with probability m = 1 - phi^(-p) (eq. 31), p
 * being the price of the last update; under the VirtualCapacity law each departing packet is
 * (Fig. 4: "every packet dequeue", so the mark carries the price of the moment it leaves, not
 * of the moment it arrived). The mark is ECN CE (UNFORCED_MARK) if UseEcn is true and the packet
 * is ECN-capable, otherwise the packet is dropped (UNFORCED_DROP; at departure after it left the
 * FIFO) — unless UseEcn is true and DropNonEcn false: then a packet that is not ECN-capable
 * passes unmarked, as in ns-2's queue/rem.cc with markpkts_ (REMQueue::deque: "if(hf->ect() ==
 * 1) { hf->ce() = 1; ...}", nothing else). With ScaleBySize (ns-2's qib_: REMQueue::deque,
 * "pro = remv_.v_prob*size/remp_.p_pktsize") a packet of s bytes is chosen with probability
 * m s / MeanPktSize. A packet that does not fit in MaxSize is dropped first (FORCED_DROP). A packet
 * that already carries CE (marked upstream) is not decided again and draws no random number. (Fig.
 * 4 prints "if temp >= prob mark the packet": inverted; a packet is marked with probability prob, u
 * < prob.) The paper's FAST-ECN runs use UpdateInterval 5 ms, TargetUtilization 0.95 and Phi 1000
 * (§V); the defaults are the Rem law's. With this rule and independent draws at each link, a packet
 * crossing links l with prices p_l arrives unmarked with probability prod_l phi^(-p_l), i.e. marked
 * with probability 1 - phi^(-sum_l p_l) (eq. 32): the end host recovers the path price
 * (EcnPriceEstimator).
 *
 * The FIFO, c, the two modes, the mark-or-drop step and the checks they need are PriceQueueDisc's;
 * this class holds the price laws (UpdatePrice()) and the marking decision (SignalsCongestion()).
 */
class RemQueueDisc : public PriceQueueDisc
{
  public:
    /// The price law (attribute PriceLaw).
    enum PriceLaw
    {
        REM,              //!< eq. 30: p <- [p + gamma (mu (b - b*) + x - c)]^+
        VIRTUAL_CAPACITY, //!< p <- [p + (x / (gamma_v c) - 1) UpdateInterval]^+
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Constructor: a single internal queue, sized by MaxSize.
    RemQueueDisc();

    /// Destructor.
    ~RemQueueDisc() override;

    /**
     * Assign a fixed random variable stream number to the marking decisions.
     * \param stream first stream index to use
     * \return 1, the number of streams assigned
     */
    int64_t AssignStreams(int64_t stream) override;

    /// \return the reference backlog b* (attribute QueueRef), packets or bytes as MaxSize counts
    double GetQueueRef() const;

    /// \return the link price p (the Price trace source's value: dimensionless for Rem, seconds
    ///         for VirtualCapacity)
    double GetPrice() const;

  protected:
    void DoDispose() override;

  private:
    /// Counts the arrival in x; then, under the Rem law, eq. 31: chosen with probability
    /// 1 - phi^(-p), unless it does not fit or already carries CE (then no random number is
    /// drawn).
    bool SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits) override;
    /// Under the VirtualCapacity law (Fig. 4, at dequeue): chosen with probability
    /// 1 - phi^(-p), unless it already carries CE.
    bool SignalsCongestionAtDeparture(Ptr<const QueueDiscItem> item) override;
    /**
     * \param item a packet not marked upstream
     * \return true with probability 1 - phi^(-p) (one draw; none when p = 0)
     */
    bool DrawMark(Ptr<const QueueDiscItem> item);
    /// \return the DropNonEcn attribute
    bool DropsNonEcnOnCongestion() const override;
    void CheckLawConfig() override;
    void InitializeLaw() override;

    /// The periodic update: the price law, then the mark probability (eq. 31).
    void UpdatePrice();

    /**
     * \param item a queue disc item
     * \return true if the item is an IPv4 or IPv6 packet whose ECN field is CE
     */
    static bool IsCeMarked(Ptr<const QueueDiscItem> item);

    // Configuration (attributes)
    Time m_updateInterval;      //!< period of the price update
    double m_gamma;             //!< gamma, eq. 30
    double m_mu;                //!< mu, eq. 30
    double m_queueRef;          //!< b*, the reference backlog, unit of MaxSize
    double m_phi;               //!< phi, eq. 31
    PriceLaw m_priceLaw;        //!< which price law
    double m_targetUtilization; //!< gamma_v of the VirtualCapacity law
    bool m_dropNonEcn;          //!< DropNonEcn: drop a chosen packet that is not ECN-capable
    bool m_scaleBySize;         //!< ScaleBySize: probability times size / MeanPktSize

    // State
    double m_arrivals;                     //!< x so far in the current interval, units
    TracedValue<double> m_price;           //!< p
    TracedValue<double> m_markProbability; //!< 1 - phi^(-p)
    EventId m_updateEvent;                 //!< the next price update
    Ptr<UniformRandomVariable> m_uniform;  //!< the marking decisions
};

} // namespace ns3

#endif /* REM_QUEUE_DISC_H */
