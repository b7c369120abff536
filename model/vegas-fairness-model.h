/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VEGAS_FAIRNESS_MODEL_H
#define VEGAS_FAIRNESS_MODEL_H

#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The steady state of n Vegas connections on one FIFO bottleneck when they over-estimate
 * their propagation delay (Boutremans and Le Boudec, "A note on the fairness of TCP Vegas",
 * 2000, §3.1).
 *
 * Connection i has round-trip propagation delay d_i and measures baseRTT_i = d_i + x_i
 * (eq. 2), x_i >= 0 being its over-estimation. With alpha = beta, in equilibrium every
 * connection keeps Diff = alpha, so with Delta the queueing delay of the bottleneck (capacity c):
 *
 *  - cwnd_i = alpha (d_i + Delta) / (Delta - x_i)   (eq. 4),
 *  - rate_i = alpha / (Delta - x_i)                 (eq. 5),
 *  - sum_i alpha / (Delta - x_i) = c                (eq. 6) fixes Delta.
 *
 * When connection i joins after connections 1..i-1 have reached equilibrium, Bonald's fluid
 * analysis gives its over-estimation x_i = (alpha/c) (i-1) S_{i-1}, with S_0 = 0 and
 * S_i = 1 + 1/2 + ... + 1/i, and the paper's closed forms Delta = (alpha/c) n S_n (printed
 * "alpha/a" there) and rate_i = c / (n S_n - (i-1) S_{i-1}) (§3.1.2).
 *
 * Note: these closed forms do not satisfy eq. 6 exactly: their rates sum to about 0.80 c
 * (n = 2: c/3 + c/2 = 5c/6; n = 10: 0.805 c; n = 40: 0.838 c). SequentialOverestimations()
 * solves the same arrival process exactly (each new connection measures the queueing delay of
 * the equilibrium eq. 6 gives for its predecessors); its over-estimations are about 20 % below
 * Bonald's, as the paper found in simulation ("the theoretical value of baseRTT is
 * pessimistic", §3.2.2).
 *
 * With alpha < beta, eq. 11 only bounds the rates: alpha/(Delta - x_i) <= rate_i <=
 * beta/(Delta - x_i).
 *
 * Units: alpha and beta in packets, c in packets per second, delays in seconds, rates in
 * packets per second. Invalid arguments abort (NS_ABORT_MSG).
 */
class VegasFairnessModel
{
  public:
    /**
     * \param i the index (>= 0)
     * \return the harmonic number S_i = 1 + 1/2 + ... + 1/i (S_0 = 0)
     */
    static double HarmonicNumber(unsigned i);

    /**
     * Bonald's over-estimation of connection i (§3.1.2): baseRTT_i = d + x_i with
     * x_i = (alpha/c) (i-1) S_{i-1}.
     * \param i the connection's index, 1..n (its arrival order)
     * \param alpha Vegas alpha, packets (> 0)
     * \param capacity c, packets per second (> 0)
     * \return x_i, seconds
     */
    static double BonaldOverestimation(unsigned i, double alpha, double capacity);

    /**
     * The paper's closed-form rate of connection i of n with Bonald's over-estimations and
     * alpha = beta (§3.1.2): rate_i = c / (n S_n - (i-1) S_{i-1}).
     * \param i the connection's index, 1..n
     * \param n the number of connections (>= 1)
     * \param capacity c, packets per second (> 0)
     * \return rate_i, packets per second
     */
    static double ClosedFormRate(unsigned i, unsigned n, double capacity);

    /**
     * The paper's closed-form queueing delay Delta = (alpha/c) n S_n (§3.1.2).
     * \param n the number of connections (>= 1)
     * \param alpha Vegas alpha, packets (> 0)
     * \param capacity c, packets per second (> 0)
     * \return Delta, seconds
     */
    static double ClosedFormQueueingDelay(unsigned n, double alpha, double capacity);

    /**
     * Solve eq. 6, sum_i alpha / (Delta - x_i) = c, for Delta > max_i x_i (TOMS 748 root
     * finding; the left-hand side decreases from +infinity to 0 on that interval, so the root
     * is unique).
     * \param overestimations the x_i, seconds (finite; at least one; may be negative)
     * \param alpha Vegas alpha, packets (> 0)
     * \param capacity c, packets per second (> 0)
     * \return Delta, seconds
     */
    static double SolveQueueingDelay(const std::vector<double>& overestimations,
                                     double alpha,
                                     double capacity);

    /**
     * Eq. 5: rate_i = alpha / (Delta - x_i) (with beta in place of alpha: eq. 11's upper
     * bound).
     * \param alpha Vegas alpha, packets (> 0)
     * \param queueingDelay Delta, seconds (> x_i)
     * \param overestimation x_i, seconds
     * \return rate_i, packets per second
     */
    static double Rate(double alpha, double queueingDelay, double overestimation);

    /**
     * The over-estimations of n connections that join one at a time, each after its
     * predecessors have reached the equilibrium of eq. 6: x_1 = 0 and x_{i+1} = the Delta of
     * eq. 6 for x_1..x_i (the exact counterpart of Bonald's x_i).
     * \param n the number of connections (>= 1)
     * \param alpha Vegas alpha, packets (> 0)
     * \param capacity c, packets per second (> 0)
     * \return x_1..x_n, seconds
     */
    static std::vector<double> SequentialOverestimations(unsigned n, double alpha, double capacity);
};

} // namespace ns3

#endif /* VEGAS_FAIRNESS_MODEL_H */
