/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VIRTUAL_QUEUE_H
#define VIRTUAL_QUEUE_H

#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The adaptive virtual queue of AVQ: a queue of fictitious packets served at a virtual
 * capacity \f$\tilde C \le C\f$ that is adapted as a token bucket.
 *
 * Kunniyur and Srikant, "Analysis and design of an adaptive virtual queue (AVQ) algorithm for
 * active queue management", SIGCOMM 2001, §2. At each arrival of b units at time t, with s the
 * time of the previous arrival:
 *
 *     VQ <- max(VQ - C~ (t - s), 0)                         Drain()
 *     if VQ + b > B:  the real packet is marked or dropped  Arrive() returns true
 *     else            VQ <- VQ + b                          Arrive() returns false
 *     C~ <- max(min(C~ + alpha gamma C (t - s), C) - alpha b, 0)   Adapt()
 *     s  <- t
 *
 * The class holds VQ, C~ and s and nothing else: whether the real packet is marked or dropped,
 * and which arrivals count in Adapt(), is the caller's decision (AvqQueueDisc counts every
 * arrival when it marks and only admitted packets when it drops). It is unit-agnostic: b and B
 * are packets or bytes, C and C~ the same unit per second, consistently.
 *
 * Drain() and Adapt() keep separate timestamps, so that calling Drain() again (e.g. to read the
 * virtual queue between arrivals, as a virtual-delay queue may) never drains the same interval
 * twice; called once each per arrival, in this order, they are exactly the pseudo-code above with
 * one s. C~ is constant between calls to Adapt(), so Drain() uses the C~ of the last arrival.
 *
 * Plain C++ (not an ns3::Object); bad parameters throw std::invalid_argument naming the
 * parameter, time running backwards aborts.
 */
class VirtualQueue
{
  public:
    /// The largest capacity C, units per second (1e18: 8e18 bit/s in byte mode).
    static constexpr double MAX_CAPACITY = 1e18;
    /// The largest alpha: alpha gamma C and alpha b stay far from overflow.
    static constexpr double MAX_ALPHA = 1e6;

    /// An unconfigured virtual queue: C = C~ = 0; call Reset() before use.
    VirtualQueue();

    /**
     * Configure the virtual queue and empty it.
     * \param capacity the link capacity C, units per second, in (0, MAX_CAPACITY]
     * \param desiredUtilization gamma, in (0, 1]
     * \param alpha the damping factor alpha, in (0, MAX_ALPHA]
     * \param initialVirtualCapacity C~ at \p now, units per second, in [0, C]
     * \param now the time of the reset: the "previous arrival" s of the first arrival
     */
    void Reset(double capacity,
               double desiredUtilization,
               double alpha,
               double initialVirtualCapacity,
               Time now);

    /**
     * Serve the virtual queue until \p now at rate C~: VQ <- max(VQ - C~ (now - s_q), 0), where
     * s_q is the time of the previous Drain() (or of Reset()).
     * \param now the current time (not before the previous Drain())
     */
    void Drain(Time now);

    /**
     * Whether a fictitious packet of \p size would overflow a virtual buffer of \p limit.
     * \param size b, units
     * \param limit B, units
     * \return true if VQ + b > B
     */
    bool WouldOverflow(double size, double limit) const;

    /**
     * Put a fictitious packet in the virtual queue: VQ <- VQ + b.
     * \param size b, units (>= 0)
     */
    void Add(double size);

    /**
     * The first part of the pseudo-code: Drain(now), then add the fictitious packet if it fits.
     * \param now the arrival time t
     * \param size b, units
     * \param limit the virtual buffer B, units
     * \return true if the virtual buffer overflows (VQ + b > B): the real packet is to be marked
     *         or dropped and VQ is left unchanged; false if the packet was added
     */
    bool Arrive(Time now, double size, double limit);

    /**
     * Update the virtual capacity: C~ <- max(min(C~ + alpha gamma C (now - s_c), C) - alpha b, 0),
     * where s_c is the time of the previous Adapt() (or of Reset()); then s_c <- now.
     * \param now the arrival time t (not before the previous Adapt())
     * \param countedSize b, the units this arrival takes from the bucket (0 for an arrival that
     *        must not count, e.g. a dropped packet in drop mode), >= 0
     */
    void Adapt(Time now, double countedSize);

    /// \return VQ, units
    double GetLength() const;
    /// \return C~, units per second
    double GetVirtualCapacity() const;
    /// \return C, units per second
    double GetCapacity() const;
    /// \return gamma
    double GetDesiredUtilization() const;
    /// \return alpha
    double GetAlpha() const;

  private:
    double m_capacity;           //!< C, units/s
    double m_desiredUtilization; //!< gamma
    double m_alpha;              //!< alpha
    double m_virtualCapacity;    //!< C~, units/s
    double m_length;             //!< VQ, units
    Time m_lastDrain;            //!< time up to which the virtual queue has been served
    Time m_lastAdapt;            //!< time up to which tokens have been added to C~
};

} // namespace ns3

#endif /* VIRTUAL_QUEUE_H */
