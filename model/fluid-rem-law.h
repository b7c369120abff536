/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_REM_LAW_H
#define FLUID_REM_LAW_H

#include "fluid-link-law.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief REM's price (Low, Peterson and Wang, J. ACM 2002, eq. 30; RemQueueDisc's Rem law) as a
 * fluid law. Eq. 30 updates the price once per interval T from the backlog b and the arrivals
 * and capacity of the interval (y T and c T packets):
 *
 *     p(t + T) = [p(t) + gamma (mu (b(t) - b*) + y T - c T)]^+,
 *
 * with REM's reference backlog b* (RemQueueDisc's QueueRef; 0: eq. 30 itself). Its fluid form,
 * the increment per second,
 *
 *     dp/dt = gamma (mu (b - b*) / T + y - c),   projected at p >= 0,
 *
 * has the same equilibrium, y = c and b = b* (Theorem 1's rates with the price p), and the same
 * gains. The price is p: the marks (eq. 31, probability 1 - phi^(-p)) are not modelled one by
 * one, a Vegas/REM source estimating its path price from them recovering q = sum p_l (eq. 32),
 * which the model passes (as FluidVirtualCapacityLaw). A loss-based source (TCP Reno) reads the
 * marking probability itself, GetMarkingProbability() = 1 - phi^(-p).
 *
 * The AVQ paper's REM (Kunniyur and Srikant, SIGCOMM 2001, §3 scheme 2) prints the update as
 * mu[k+1] = [mu[k] + gamma (q[k+1] - (1 - alpha) q[k] - alpha qref)]^+, i.e.
 * mu[k+1] - mu[k] = gamma ((q[k+1] - q[k]) + alpha (q[k] - qref)); per second (T the update
 * interval) dmu/dt = gamma (dq/dt + alpha (q - qref) / T). Where the queue is neither empty nor
 * full dq/dt = y - c, and this is the law above with mu = alpha and b* = qref; it differs where
 * the queue is empty (dq/dt = 0 > y - c: the paper's form holds the price, this one lowers it)
 * or full. RemQueueDisc measures y - c from the arrivals and the capacity (ns-2's queue/rem.cc;
 * RemQueueDisc's description), as this law does.
 */
class FluidRemLaw : public FluidLinkLaw
{
  public:
    /**
     * \param gamma the step size, per packet, in (0, 1000] (RemQueueDisc's Gamma)
     * \param mu the backlog's weight, in (0, 1) (RemQueueDisc's Mu)
     * \param interval T, the update interval, s, in [1e-7, 1e3] (RemQueueDisc's UpdateInterval)
     * \param queueRef b*, packets, in [0, 1e12] (RemQueueDisc's QueueRef)
     * \param phi phi of the marks, in (1, 1e6] (RemQueueDisc's Phi and its default)
     */
    FluidRemLaw(double gamma, double mu, double interval, double queueRef = 0, double phi = 1.001);
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;
    /// \param price p \return eq. 31's 1 - phi^(-p)
    double GetMarkingProbability(double price) const override;

  private:
    double m_gamma;    //!< gamma, per packet
    double m_mu;       //!< mu
    double m_interval; //!< T, s
    double m_queueRef; //!< b*, packets
    double m_phi;      //!< phi
};

} // namespace ns3

#endif /* FLUID_REM_LAW_H */
