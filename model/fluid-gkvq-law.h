/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_GKVQ_LAW_H
#define FLUID_GKVQ_LAW_H

#include "fluid-link-law.h"

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The Gibbens-Kelly virtual queue's price law in the fluid model (the AVQ paper's §3
 * scheme 4; GkvqQueueDisc): a virtual queue v of capacity theta c and buffer theta B,
 *
 *     dv/dt = y - theta c,   projected at 0 and at theta B,
 *
 * and the marking rule "whenever the virtual queue overflows, all packets in the real queue and
 * all future incoming packets are marked till the virtual queue becomes empty again" as a
 * two-mode (hysteresis) law: the price is 1 (every packet marked) from the moment v reaches
 * theta B until it is back at 0, and 0 otherwise.
 *
 * The state holds both: v in normal mode, v + EPISODE_OFFSET theta B during a marking episode
 * (so that the derivative, the same in both modes, averages across a switch in Heun's method);
 * Project() switches the mode (at v >= theta B to the episode, at v <= 0 back).
 *
 * Left out: the marks on the packets already in the real queue at the overflow (a burst of up to
 * b marks at once; here only the arrivals from then on are marked), the per-packet granularity
 * of the overflow (a fictitious packet that does not fit), and what the 0/1 price makes of a
 * fluid source: no equilibrium, a limit cycle whose amplitude depends on the step and the delays.
 */
class FluidGkvqLaw : public FluidLinkLaw
{
  public:
    /// An episode's state is v + EPISODE_OFFSET theta B.
    static constexpr double EPISODE_OFFSET = 2;

    /**
     * \param theta theta, in (0, 1] (GkvqQueueDisc's Theta)
     * \param virtualBuffer theta B, packets, in (0, 1e12]
     */
    FluidGkvqLaw(double theta, double virtualBuffer);
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;
    double Project(double p, double capacity) const override;

    /// \param p the state \return whether it is in a marking episode
    bool IsMarking(double p) const;
    /// \param p the state \return the virtual queue v, packets
    double GetVirtualQueue(double p) const;

  private:
    double m_theta;  //!< theta
    double m_buffer; //!< theta B, packets
};

} // namespace ns3

#endif /* FLUID_GKVQ_LAW_H */
