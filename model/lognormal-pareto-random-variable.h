/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LOGNORMAL_PARETO_RANDOM_VARIABLE_H
#define LOGNORMAL_PARETO_RANDOM_VARIABLE_H

#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief A lognormal body with a Pareto tail: SURGE's law of web file sizes (Barford and
 * Crovella, SIGMETRICS 1998, Table 1: body lognormal with mu = 9.357 and sigma = 1.318 of the
 * natural log of the size in bytes, tail Pareto with k = 133 KB and alpha = 1.1).
 *
 * A draw is L = exp(Mu + Sigma Z), Z standard normal; when L is above Cut, it is replaced by a
 * Pareto draw of scale Cut and shape TailShape, Cut U^(-1/TailShape). The law's CDF is therefore
 * continuous at the cut, with z_c = (ln Cut - Mu) / Sigma and p = P(tail) = 1 - Phi(z_c):
 * - F(x) = Phi((ln x - Mu) / Sigma) for x <= Cut,
 * - F(x) = 1 - p (Cut / x)^TailShape above it.
 * With Bound B > 0, a draw above B is drawn again (the law conditioned on X <= B, as ns-3's
 * ParetoRandomVariable does), so that a tail of shape <= 1 has a finite mean and a heavy tail
 * cannot abort a long run. The mean: with m_b = E[X; X <= Cut] = exp(Mu + Sigma^2 / 2)
 * Phi(z_c - Sigma) and the tail's E[X; Cut < X <= B] = p a Cut^a (Cut^(1-a) - B^(1-a)) / (a - 1)
 * (p Cut ln(B / Cut) for a = 1; p a Cut / (a - 1) unbounded), E[X] = (m_b + tail) / (1 - p
 * (Cut / B)^a).
 *
 * The unit is the caller's: the testbed draws web object sizes in packets (Mu less the log of
 * the segment size, Cut divided by it).
 */
class LognormalParetoRandomVariable : public RandomVariableStream
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    LognormalParetoRandomVariable();

    /// \return a draw of the law
    double GetValue() override;
    /// \return a draw of the law, rounded to the nearest integer
    uint32_t GetInteger() override;

    /// \return P(X > Cut) of the unbounded law, 1 - Phi((ln Cut - Mu) / Sigma)
    double GetTailProbability() const;
    /// \param x a value \return P(X <= x) (with the bound: conditioned on X <= Bound)
    double GetCdf(double x) const;
    /// \param q a probability in (0, 1) \return the value x with P(X <= x) = q
    double GetQuantile(double q) const;
    /// \return E[X] (finite with a bound, or with TailShape > 1)
    double GetMean() const;
    /**
     * The mean of the law with these parameters (the attributes' names), without an object (an
     * object takes a random stream).
     * \param mu Mu \param sigma Sigma \param cut Cut \param tailShape TailShape
     * \param bound Bound (0: none; then \p tailShape > 1)
     * \return E[X]
     */
    static double GetMean(double mu, double sigma, double cut, double tailShape, double bound);

  private:
    /// \return one draw of the unbounded law
    double DrawOnce();
    /// \param z a value \return the standard normal CDF Phi(z)
    static double Phi(double z);
    /**
     * \param cut Cut \param a TailShape \param x a value in [Cut, Bound]
     * \return E[X; Cut < X <= x] / p of the unbounded tail
     */
    static double TailPartialMean(double cut, double a, double x);

    double m_mu;        //!< mean of ln X in the body's lognormal
    double m_sigma;     //!< standard deviation of ln X in the body's lognormal
    double m_cut;       //!< where the tail begins: the Pareto scale
    double m_tailShape; //!< the tail's Pareto shape
    double m_bound;     //!< draws above it are drawn again (0: none)
};

} // namespace ns3

#endif /* LOGNORMAL_PARETO_RANDOM_VARIABLE_H */
