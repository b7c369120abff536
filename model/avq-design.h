/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AVQ_DESIGN_H
#define AVQ_DESIGN_H

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The design rule of AVQ (Kunniyur and Srikant, SIGCOMM 2001, Theorems 1, 3 and 4).
 *
 * N TCP sources with round-trip delay d share a link of capacity C (packets/s) run by AVQ with
 * desired utilization gamma and damping factor alpha. The fluid model (eqs. 2-3, with
 * beta = 2/3) linearized about its equilibrium (eqs. 4-5, with p(lambda, C~) of eq. 7) has the
 * gains, eq. 8,
 *
 *     K11 = N / (gamma C d^2),    K12 = K2 = beta gamma C / N,
 *
 * and the crossover frequency, eq. 13,
 *
 *     omega = sqrt( ((K12^2 - K11^2) + sqrt((K12^2 - K11^2)^2 + 4 K2^2 alpha^2)) / 2 ).
 *
 * The sufficient stability condition is (eqs. 6, 16, 19)
 *
 *     omega d + arctan(omega / K11) = pi / 2:
 *
 * for fixed (N, gamma, d) its root alpha* bounds the stable alpha (Theorems 1 and 4: every
 * alpha < alpha* is stable); for fixed (alpha, N, gamma) its root d* bounds the stable delays
 * (Theorem 3: every d < d* is stable). The left-hand side increases with alpha and with d (the
 * paper's proofs), so each root is unique; both are found with Boost's TOMS 748 bracketing
 * solver, on eq. 13 as written.
 *
 * The formulas are evaluated as printed. eq. 8 is what the linearization gives with
 * p(lambda, C~) = (lambda - C~)^+ / lambda: with x* = gamma C / N and
 * p* = N^2 / (beta (d gamma C)^2), the definitions under eq. 5 give K11 = beta p* x*, and,
 * with C~* = gamma C (1 - p*), dp/dlambda = C~* / (gamma C)^2 and |dp/dC~| = 1 / (gamma C),
 * K12 = K11 + beta (gamma C)^2 / N dp/dlambda = beta gamma C / N and
 * K2 = beta (gamma C)^2 / N |dp/dC~| = beta gamma C / N. (The printed definitions carry
 * "gamma C^2 / N" where the derivation of eq. 2 gives (gamma C)^2 / N = N x*^2; eq. 8 follows
 * the latter, and the two agree for gamma = 1.) Hence K11 = p* K12: the equilibrium exists
 * (C~* > 0) exactly when p* < 1, i.e. K12 > K11, which the paper notes after eq. 8. Results
 * report p* and whether it is below 1; outside that region eq. 8 is an extrapolation.
 *
 * Plain C++; bad input throws std::invalid_argument naming the parameter.
 */
class AvqDesign
{
  public:
    /// beta of eq. 2, "2/3 ... in all our calculations" (§2).
    static constexpr double PAPER_BETA = 2.0 / 3.0;

    /// The gains of the linearized model at one delay d (eq. 8) and the equilibrium marking.
    struct Gains
    {
        double k11;                //!< K11 = N / (gamma C d^2), 1/s
        double k12;                //!< K12 = beta gamma C / N, 1/s
        double k2;                 //!< K2 = beta gamma C / N, 1/s
        double markingProbability; //!< p* = N^2 / (beta (d gamma C)^2) = K11 / K12
        bool equilibriumExists;    //!< p* < 1, i.e. C~* = gamma C (1 - p*) > 0
    };

    /// A point (alpha, d) on the boundary omega d + arctan(omega / K11) = pi / 2.
    struct Point
    {
        double alpha; //!< alpha (0 from GetMaxStableAlpha: no alpha > 0 satisfies eq. 19)
        double delay; //!< d, seconds
        Gains gains;  //!< K11, K12, K2, p* at this d
        double omega; //!< omega of eq. 13 at (alpha, d), rad/s
        double phase; //!< omega d + arctan(omega / K11) at (alpha, d), rad (pi/2 at a root)
    };

    /**
     * \param capacity C, packets per second (> 0)
     * \param nFlows N, the number of TCP flows (> 0; Theorem 5 treats it as a real number)
     * \param desiredUtilization gamma, in (0, 1]
     * \param beta beta of eq. 2, in (0, 1) (the paper: beta < 1, and 2/3)
     */
    AvqDesign(double capacity, double nFlows, double desiredUtilization, double beta = PAPER_BETA);

    /**
     * eq. 8 at round-trip delay \p delay.
     * \param delay d, seconds (> 0)
     * \return K11, K12, K2, p*
     */
    Gains GetGains(double delay) const;

    /**
     * eq. 13.
     * \param alpha alpha (>= 0)
     * \param delay d, seconds (> 0)
     * \return omega(alpha, d, N, gamma), rad/s
     */
    double GetOmega(double alpha, double delay) const;

    /**
     * The left-hand side of eqs. 6, 16, 19: omega d + arctan(omega / K11).
     * \param alpha alpha (>= 0)
     * \param delay d, seconds (> 0)
     * \return the phase, rad; below pi/2 the sufficient condition of Theorem 3 holds
     */
    double GetPhase(double alpha, double delay) const;

    /**
     * Theorems 1 and 4 (eqs. 6, 19): alpha* for round-trip delay \p delay; every
     * 0 < alpha < alpha* is stable.
     * \param delay d, seconds (> 0)
     * \return alpha*, with the gains and omega there; alpha = 0 when even alpha -> 0 gives a
     *         phase >= pi/2 (the condition certifies no alpha; Point::phase is then that limit)
     */
    Point GetMaxStableAlpha(double delay) const;

    /**
     * Theorem 3 (eq. 16): d* for damping factor \p alpha; every d < d* is stable.
     * \param alpha alpha (> 0)
     * \return d*, with the gains and omega there
     */
    Point GetMaxStableDelay(double alpha) const;

    /// \return C, packets per second
    double GetCapacity() const;
    /// \return N
    double GetFlows() const;
    /// \return gamma
    double GetDesiredUtilization() const;
    /// \return beta
    double GetBeta() const;

  private:
    double m_capacity;           //!< C, packets/s
    double m_nFlows;             //!< N
    double m_desiredUtilization; //!< gamma
    double m_beta;               //!< beta
};

} // namespace ns3

#endif /* AVQ_DESIGN_H */
