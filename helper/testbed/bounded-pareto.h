/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BOUNDED_PARETO_H
#define BOUNDED_PARETO_H

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The closed forms of a Pareto law with scale x_m and shape a, optionally truncated to
 * [x_m, B] (ns-3's ParetoRandomVariable with Bound B draws again above B: the law conditioned on
 * X <= B).
 *
 * With t = (x_m / B)^a (0 without a bound, B = infinity):
 * - P(X < x) = (1 - (x_m / x)^a) / (1 - t) for x in [x_m, B];
 * - the fraction of the mass (of the packets, for flow sizes) in values below x:
 *   (x_m^(1-a) - x^(1-a)) / (x_m^(1-a) - B^(1-a)), and ln(x / x_m) / ln(B / x_m) for a = 1;
 *   unbounded (a > 1): 1 - (x_m / x)^(a-1);
 * - the mean: a x_m^a (x_m^(1-a) - B^(1-a)) / ((a - 1)(1 - t)), and x_m ln(B / x_m) / (1 - t)
 *   for a = 1; unbounded (a > 1): a x_m / (a - 1).
 * A bounded law may have any shape > 0 (its mean is finite); an unbounded one needs a > 1.
 * NetworkHelper draws flow sizes from it (`paretoBound=`), FastMiceScenario derives its laws
 * from these forms.
 */
class BoundedPareto
{
  public:
    /**
     * \param scale x_m (> 0)
     * \param shape a (> 0; > 1 without a bound)
     * \param bound B (> x_m), or 0 for none
     * Aborts (NS_ABORT_MSG) if the parameters are not a valid law: callers check their input.
     */
    BoundedPareto(double scale, double shape, double bound);

    /**
     * The scale whose law, with \p shape and \p bound, has mean \p mean (the mean grows with
     * the scale from 0 to B: found by bisection to a relative 1e-12).
     * \param mean the mean (> 0; < bound if bounded)
     * \param shape a (> 0; > 1 without a bound)
     * \param bound B, or 0 for none (then x_m = mean (a - 1) / a)
     * \return x_m
     */
    static double ScaleForMean(double mean, double shape, double bound);

    /// \param x a value \return P(X < x)
    double GetCdf(double x) const;
    /// \param x a value \return the fraction of the mass in values below \p x (E[X; X < x] /
    ///        E[X])
    double GetMassFractionBelow(double x) const;
    /// \return E[X]
    double GetMean() const;
    /// \return x_m
    double GetScale() const;
    /// \return a
    double GetShape() const;
    /// \return B (0: none)
    double GetBound() const;

  private:
    /**
     * \param x a value in [x_m, B]
     * \return E[X; X < x] (1 - t) / (a x_m^a): the integral of x^-a from x_m to x
     */
    double PartialIntegral(double x) const;

    double m_scale; //!< x_m
    double m_shape; //!< a
    double m_bound; //!< B (0: none)
};

} // namespace ns3

#endif /* BOUNDED_PARETO_H */
