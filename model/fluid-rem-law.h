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
 * which the model passes (as FluidVirtualCapacityLaw).
 */
class FluidRemLaw : public FluidLinkLaw
{
  public:
    /**
     * \param gamma the step size, per packet, in (0, 1000] (RemQueueDisc's Gamma)
     * \param mu the backlog's weight, in (0, 1) (RemQueueDisc's Mu)
     * \param interval T, the update interval, s, in [1e-7, 1e3] (RemQueueDisc's UpdateInterval)
     * \param queueRef b*, packets, in [0, 1e12] (RemQueueDisc's QueueRef)
     */
    FluidRemLaw(double gamma, double mu, double interval, double queueRef = 0);
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;

  private:
    double m_gamma;    //!< gamma, per packet
    double m_mu;       //!< mu
    double m_interval; //!< T, s
    double m_queueRef; //!< b*, packets
};

} // namespace ns3

#endif /* FLUID_REM_LAW_H */
