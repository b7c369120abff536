/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_WINDOW_RENO_LAW_H
#define FLUID_WINDOW_RENO_LAW_H

#include "fluid-source-law.h"

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief TCP Reno's congestion avoidance as a fluid law in window form (Misra, Gong and Towsley,
 * SIGCOMM 2000; the model Hollot, Misra, Towsley and Gong design the PI controller on):
 *
 *     dW/dt = 1 / R - beta W(t) W(t - R) p(t - R) / R(t - R),   R = d + queueing delay,
 *
 * x = W / R, with W(t - R) / R(t - R) the flow's rate one round trip ago (taken one propagation
 * delay ago, FluidSourceLaw::Input::delayedRate) and p the path's marking probability as the
 * source sees it. beta = 1/2 is their model (the window halves on a mark). Equilibrium:
 * p* = 1 / (beta W*^2) (2 / W*^2 for beta = 1/2), the same as FluidRenoLaw's, whose state is the
 * rate instead (the AVQ paper's eq. 2 with a fixed delay). The two differ once the queue moves
 * the RTT: here the rate W / R follows the queueing delay at once (Hollot et al.'s "queue pole"
 * 1/R), there only through dx/dt = 1/D^2 - ..., a round trip later. Slow start, timeouts and the
 * window's granularity are left out; W >= 0.
 */
class FluidWindowRenoLaw : public FluidSourceLaw
{
  public:
    /// beta of Misra et al.'s model: the window halves on a mark.
    static constexpr double HALVING = 0.5;

    /**
     * \param beta beta, in (0, 1]
     * \param initialWindow the window at start, packets, in [1, 1e9]
     */
    explicit FluidWindowRenoLaw(double beta = HALVING, double initialWindow = 2);
    std::string GetName() const override;
    double GetInitialState(double d) const override;
    double GetWindow(double z, const Input& in) const override;
    double GetDerivative(double z, const Input& in) const override;
    double Project(double z) const override;

  private:
    double m_beta;          //!< beta
    double m_initialWindow; //!< the window at start, packets
};

} // namespace ns3

#endif /* FLUID_WINDOW_RENO_LAW_H */
