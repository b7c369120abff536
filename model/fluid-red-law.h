/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_RED_LAW_H
#define FLUID_RED_LAW_H

#include "fluid-link-law.h"

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief RED's price law in the fluid model (Misra, Gong and Towsley, "Fluid-based analysis of a
 * network of AQM routers supporting TCP flows with an application to RED", SIGCOMM 2000, §4):
 * the EWMA of the queue, avg <- (1 - w_q) avg + w_q q once per packet, is a low-pass filter
 * whose fluid form, with delta = 1 / C the time between samples at the link's rate, is
 *
 *     dx/dt = (ln(1 - w_q) / delta) (x - q) = C ln(1 - w_q) (x - q),
 *
 * x the average (the law's state, packets, from 0), q the physical queue; the price is the
 * marking probability of the average, RED's piecewise-linear p_b(x) (gentle mode: Floyd's
 * "gentle_" RED, ns-3's RedQueueDisc with Gentle):
 *
 *     p(x) = 0                                         x < min_th
 *          = max_p (x - min_th) / (max_th - min_th)     min_th <= x < max_th
 *          = max_p + (1 - max_p) (x - max_th) / max_th  max_th <= x < 2 max_th   (gentle)
 *          = 1                                         otherwise
 *
 * (without gentle, 1 from max_th on). At equilibrium x = q and p = p(q). Left out: the
 * uniformization of the marks by the count since the last mark (p_a = p_b / (1 - count p_b), or
 * ns-3's Wait variant), which spaces the marks evenly and changes their mean rate by a factor
 * between about 2/3 and 2 (Misra et al. take p_b too), the hard drops above 2 max_th (a mark
 * here), the idle-time decay of the average (the same filter at the link's rate here) and the
 * randomness of the marks.
 */
class FluidRedLaw : public FluidLinkLaw
{
  public:
    /// RED's parameters (RedQueueDisc's MinTh, MaxTh, 1 / LInterm, QW and Gentle).
    struct Params
    {
        double minTh;      //!< min_th, packets
        double maxTh;      //!< max_th, packets
        double maxP;       //!< max_p
        double weight;     //!< w_q
        bool gentle{true}; //!< gentle mode
    };

    /// \param params 0 <= min_th < max_th <= 1e12 packets, max_p in (0, 1], w_q in (0, 1);
    /// throws std::invalid_argument naming a bad one and its range
    explicit FluidRedLaw(const Params& params);
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;

    /// \param average x, packets \return p_b(x), RED's marking probability
    double GetMarkingProbabilityOf(double average) const;

  private:
    Params m_params; //!< the parameters
};

} // namespace ns3

#endif /* FLUID_RED_LAW_H */
