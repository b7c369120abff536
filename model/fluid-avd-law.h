/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_AVD_LAW_H
#define FLUID_AVD_LAW_H

#include "fluid-link-law.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief AVD's price (Xia et al., "Accumulation-based Congestion Control", §IV-D; AvdQueueDisc)
 * as a fluid law: AVQ's virtual queue VQ served at the virtual capacity C~ (Kunniyur and Srikant,
 * SIGCOMM 2001, eqs. 1 and 3), whose queueing delay is the price. Two states, VQ (packets) and
 * C~ (packets/s):
 *
 *     dVQ/dt = y - C~,                 projected at 0 (and at the virtual buffer B, if any)
 *     dC~/dt = alpha (gamma c - y),    projected on [0, c]
 *     price  = t_AVD = VQ / C~         (0 when VQ = 0; at most MAX_VIRTUAL_DELAY)
 *
 * (AvdQueueDisc's steps 1, 3 and 5 per second; step 2's stamp, per arrival, is the price). At
 * equilibrium y = C~ (VQ still) and y = gamma c (C~ still): the load is gamma c, as
 * DualityModel's virtual-capacity link, and the price is what makes the sources' rates fill it
 * (Monaco's a* = x t_AVD: VQ holds the flows' accumulations). The physical queue, which
 * FluidModel integrates for every link, stays empty at that load. Under a PriorityObQueueDisc the
 * disc stamps max(0, t_AVD - F / C) and the receiver adds the data band's F / C it read in ftt_q:
 * the source sees t_AVD either way, which is the price here.
 *
 * The queue counts what the fluid model counts (packets of the description's size, Monaco's
 * control packets as their share of one); the disc counts bytes: the law is the same, scaled
 * (t_AVD and alpha do not depend on the unit).
 */
class FluidAvdLaw : public FluidLinkLaw
{
  public:
    /**
     * \param gamma the desired utilization, in (0, 1] (AvdQueueDisc's DesiredUtilization)
     * \param alpha the damping factor, in (0, 1e6] (AvdQueueDisc's Alpha)
     * \param initial C~(0) / c, in [0, 1] (AvdQueueDisc's InitialVirtualCapacity)
     * \param virtualBuffer B, packets, in [0, 1e12] (0: unlimited, the disc's default; its
     *        MaxSize with BoundedVirtualQueue)
     */
    FluidAvdLaw(double gamma, double alpha, double initial = 1, double virtualBuffer = 0);
    std::string GetName() const override;
    bool IsPhysical() const override;
    std::size_t GetStateCount() const override;
    double GetPriceOf(const double* state, const Input& in) const override;
    void GetDerivativeOf(const double* state, const Input& in, double* derivative) const override;
    void GetInitialStateOf(double capacity, double* state) const override;
    void ProjectOf(double* state, double capacity) const override;
    /// \param price t_AVD \return 0: AVD never marks nor drops for its price (a loss-based
    ///        source reads nothing from it)
    double GetMarkingProbability(double price) const override;

    /// The index of VQ, packets, among the states.
    static constexpr std::size_t VIRTUAL_QUEUE = 0;
    /// The index of C~, packets/s, among the states.
    static constexpr std::size_t VIRTUAL_CAPACITY = 1;
    /// The largest price, s (AvdQueueDisc::MAX_VIRTUAL_DELAY: C~ near 0 would make it unbounded).
    static constexpr double MAX_VIRTUAL_DELAY = 60;

  private:
    double m_gamma;         //!< gamma
    double m_alpha;         //!< alpha
    double m_initial;       //!< C~(0) / c
    double m_virtualBuffer; //!< B, packets (0: unlimited)
};

} // namespace ns3

#endif /* FLUID_AVD_LAW_H */
