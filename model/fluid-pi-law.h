/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_PI_LAW_H
#define FLUID_PI_LAW_H

#include "fluid-link-law.h"

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The PI AQM controller's price law in the fluid model (Hollot, Misra, Towsley and Gong,
 * INFOCOM 2001): PiQueueDisc's sampled law p[k+1] = p[k] + A (q[k+1] - q_ref) - B (q[k] - q_ref)
 * at w Hz, in its continuous form. The sampled law is the bilinear (Tustin) transform of
 * C(s) = K (s/z + 1) / s (PiDesign, step 3: A = K/z + K/(2w), B = K/z - K/(2w)); inverting it,
 *
 *     K / z = (A + B) / 2,      K = w (A - B),
 *
 * and the law is C(s) from the physical queue q to the marking probability p:
 *
 *     dp/dt = ((A + B) / 2) dq/dt + w (A - B) (q - q_ref),     p in [0, 1],
 *
 * with dq/dt = y - c projected at 0 and at the buffer (as FluidModel integrates the queue), p
 * clipped to [0, 1] as PiQueueDisc clips it. The price is p (a marking probability, not a
 * queueing delay). At equilibrium q = q_ref and y = c; TCP Reno's law (FluidRenoLaw, with
 * beta = 1/2 Hollot et al.'s W' = 1/R - W W(t-R) p(t-R) / (2 R(t-R))) then gives
 * p* = 2 / W*^2, W* = R c / N. Left out: the sampling itself (a delay of about 1/(2w)) and the
 * randomness of the marks.
 */
class FluidPiLaw : public FluidLinkLaw
{
  public:
    /**
     * \param a A, per packet, in (0, 1] (PiQueueDisc's range)
     * \param b B, per packet, in [0, A] (B > A would make the integral gain negative)
     * \param samplingFrequency w, Hz, in [0.001, 1e9] (PiQueueDisc's range)
     * \param queueRef q_ref, packets, in [0, 4294967295]
     * \param buffer the buffer, packets (0: unlimited), in [0, 1e12]: dq/dt is 0 at the buffer
     */
    FluidPiLaw(double a, double b, double samplingFrequency, double queueRef, double buffer = 0);
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;
    double Project(double p, double capacity) const override;

    /// \return K / z = (A + B) / 2, the proportional gain, per packet
    double GetProportionalGain() const;
    /// \return K = w (A - B), the integral gain, per packet per second
    double GetIntegralGain() const;

  private:
    double m_a;         //!< A, per packet
    double m_b;         //!< B, per packet
    double m_frequency; //!< w, Hz
    double m_queueRef;  //!< q_ref, packets
    double m_buffer;    //!< the buffer, packets (0: unlimited)
};

} // namespace ns3

#endif /* FLUID_PI_LAW_H */
