/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_SOURCE_LAW_H
#define FLUID_SOURCE_LAW_H

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * The range check of the fluid model's inputs (FluidModel, its laws).
 * \param who what is checked, e.g. "FluidVegasLaw" or "FluidModel: link 'L' (index 0)"
 * \param field the field, e.g. "weight"
 * \param value its value
 * \param lo the smallest valid value
 * \param hi the largest valid value
 * Throws std::invalid_argument "<who>: <field> = <value> is out of range; valid: [lo, hi]"
 * unless lo <= value <= hi (NaN fails).
 */
void FluidRequireRange(const std::string& who,
                       const std::string& field,
                       double value,
                       double lo,
                       double hi);

/**
 * \ingroup dualcc
 *
 * \brief A source's law in the fluid model (FluidModel): how one flow's window follows the
 * prices it sees. Each concrete law is one paper's equations, with their numbers, in one place.
 *
 * A law has one state variable z (a window, or FAST's xi). Given the inputs (the delayed path
 * price q, the delayed queueing delay of the physical queues of the path, and the round-trip
 * propagation delay d), it gives the flow's window w (packets) and dz/dt; the model takes the
 * flow's rate as x = w / (d + queueing delay).
 *
 * Laws are plain C++ (no ns-3 objects): an algorithm's traits make one from its configured object
 * (AlgorithmTraits::Source::fluidLaw), tests build them directly.
 */
class FluidSourceLaw
{
  public:
    /// What a source sees at time t.
    struct Input
    {
        double pathPrice;        //!< q = sum of the link prices of its route, delayed backwards
        double queueingDelay;    //!< sum of b_l / c_l of its route, delayed backwards, s
        double propagationDelay; //!< d, round-trip propagation delay, s
        /// x(t - d): what the flow sent one propagation delay ago, packets/s (its data, and its
        /// control packets if it has any: FluidModel::Source::overhead)
        double delayedRate;
        /// sum of the marking probabilities of its route's links (FluidLinkLaw::
        /// GetMarkingProbability() of each delayed price; 1 - prod (1 - m_l) to first order),
        /// what a loss-based source reads
        double pathMarking{0};
    };

    virtual ~FluidSourceLaw() = default;

    /// \return the law's name and equations, for tables (e.g. "FAST-ECN eqs. 15-16")
    virtual std::string GetName() const = 0;
    /// \param d round-trip propagation delay, s \return the state z when the flow starts
    virtual double GetInitialState(double d) const = 0;
    /// \param z the state \param in the inputs \return the window w, packets
    virtual double GetWindow(double z, const Input& in) const = 0;
    /// \param z the state \param in the inputs \return dz/dt
    virtual double GetDerivative(double z, const Input& in) const = 0;
    /// \param z a state after a step \return it projected on the law's domain (default: itself)
    virtual double Project(double z) const;
};

/**
 * \ingroup dualcc
 *
 * \brief FAST-ECN's source law (Paganini, Wang, Low and Doyle, Infocom 2003, eqs. 15-16 with
 * U(x) = K log x and the RTT replaced by d, as the paper's Remark and TcpFastEcn do), in the
 * window form TcpFast integrates (eqs. 20-21 in the limit T_s -> 0):
 *
 *     dxi/dt = beta (K / w - q / d),        w = W_m exp(xi - alpha q / (M d)),
 *
 * w kept in [MIN_WINDOW, MAX_WINDOW] as TcpFast keeps expWnd. With x = w / d this is
 * d dxi/dt = beta (U'(x) - q) (eq. 15); equilibrium x q = K. With beta = 0 it is the static law
 * of eq. 6 (x = x_max exp(-alpha q / (M tau))), whose loop Theorem 2 analyses.
 */
class FluidFastEcnLaw : public FluidSourceLaw
{
  public:
    /// FAST's parameters (TcpFast::Config's, beta as BetaRule gives it).
    struct Params
    {
        double alpha{0.37};    //!< alpha, rad
        double beta{1.184};    //!< beta, 1/s
        double k{50};          //!< K, packets
        double m{1};           //!< M
        double baseWindow{1};  //!< W_m, packets
        double minWindow{1};   //!< smallest window, packets
        double maxWindow{1e6}; //!< largest window, packets
    };

    /// \param params the parameters; throws std::invalid_argument naming a bad one and its range
    explicit FluidFastEcnLaw(const Params& params);
    std::string GetName() const override;
    double GetInitialState(double d) const override;
    double GetWindow(double z, const Input& in) const override;
    double GetDerivative(double z, const Input& in) const override;

  protected:
    Params m_params; //!< the parameters
};

/**
 * \ingroup dualcc
 *
 * \brief FAST-delay's source law (same paper, eqs. 24-25, in TcpFastDelay's window form, eqs.
 * 27-28 in the limit T_s -> 0), with q the queueing delay of the path:
 *
 *     dxi/dt = beta (K / w - q / (d + q)),   w = W_m e^xi (d / (d + q))^(alpha / M).
 *
 * With x = w / (d + q) this is eq. 24, dxi/dt = beta / (d + q) (K / x - q); equilibrium x q = K.
 */
class FluidFastDelayLaw : public FluidFastEcnLaw
{
  public:
    /// \param params the parameters (as FluidFastEcnLaw's)
    explicit FluidFastDelayLaw(const Params& params);
    std::string GetName() const override;
    double GetWindow(double z, const Input& in) const override;
    double GetDerivative(double z, const Input& in) const override;
};

/**
 * \ingroup dualcc
 *
 * \brief Vegas' source law (Low, Peterson and Wang, J. ACM 2002, eq. 1 as a fluid law; the
 * network model's eqs. 17-19): the window moves by one packet per round trip, 1 / D per second,
 * by the sign of the backlog error,
 *
 *     dw/dt = sgn(alpha_s d_s - x_s q_s) / D_s,   D_s = d_s + q_s,   x_s = w_s / D_s,
 *
 * with alpha_s d_s the source's weight (DualityModel's w_s, packets). The sign is smoothed,
 * tanh(e / delta) with delta packets (0: the sign itself), so that the trajectory settles
 * instead of chattering about the equilibrium x_s q_s = alpha_s d_s; delta sets the loop's gain
 * near equilibrium (1 / (delta D) per packet of error), not the equilibrium. The default, 2
 * packets, settles the test networks (dualcc-fluid-model), which oscillate with 1. w >= 1.
 *
 * A source whose baseRTT estimate is d_s + e_s (Vegas paper §4.2: a source measuring its
 * baseRTT as the least RTT it has seen, starting on a queue of e_s seconds) sees the queueing
 * delay q_s - e_s: dw/dt = sgn(weight - x_s (q_s - e_s)) / D_s, the weight then alpha_s
 * (d_s + e_s) (eq. 27's). The persistent-congestion recursion (DualityModel::
 * PersistentCongestion(), eqs. 27-29) gives each source's e_s.
 */
class FluidVegasLaw : public FluidSourceLaw
{
  public:
    /// Smallest window, packets.
    static constexpr double MIN_WINDOW = 1;

    /**
     * \param weight alpha_s d_s, packets, in (0, 1e9]
     * \param initialWindow the window at start, packets, in [MIN_WINDOW, 1e9]
     * \param smoothing delta, packets, in [0, 1e9] (0: the sign of eq. 1)
     * \param baseRttError e_s, the error of the source's baseRTT estimate, s, in [0, 1e6]
     */
    FluidVegasLaw(double weight,
                  double initialWindow = 2,
                  double smoothing = 2,
                  double baseRttError = 0);
    std::string GetName() const override;
    double GetInitialState(double d) const override;
    double GetWindow(double z, const Input& in) const override;
    double GetDerivative(double z, const Input& in) const override;
    double Project(double z) const override;

  private:
    double m_weight;        //!< alpha_s d_s, packets
    double m_initialWindow; //!< the window at start, packets
    double m_smoothing;     //!< delta, packets
    double m_baseRttError;  //!< e_s, s
};

/**
 * \ingroup dualcc
 *
 * \brief TCP Reno's congestion avoidance as a fluid law (Kunniyur and Srikant, SIGCOMM 2001,
 * eq. 2; Kelly's model), the rate x as the state:
 *
 *     dx/dt = 1 / D^2 - beta x(t) x(t - d) q,    D = d + queueing delay,  w = x D,
 *
 * q being the path's marking (or loss) probability (Input::pathMarking); beta = 2/3 gives TCP's
 * x = sqrt(3 / (2 q)) / D. Equilibrium: beta x^2 q D^2 = 1. Slow start, timeouts and the window's
 * granularity are left out; x >= 0.
 */
class FluidRenoLaw : public FluidSourceLaw
{
  public:
    /// beta of the paper (2/3: TCP's halving, one packet a round trip).
    static constexpr double DEFAULT_BETA = 2.0 / 3.0;

    /**
     * \param beta beta, in (0, 1]
     * \param initialWindow the window at start, packets, in [1, 1e9]
     */
    explicit FluidRenoLaw(double beta = DEFAULT_BETA, double initialWindow = 2);
    std::string GetName() const override;
    double GetInitialState(double d) const override;
    double GetWindow(double z, const Input& in) const override;
    double GetDerivative(double z, const Input& in) const override;
    double Project(double z) const override;

  private:
    double m_beta;          //!< beta
    double m_initialWindow; //!< the window at start, packets
};

/**
 * \ingroup dualcc
 *
 * \brief Monaco's window laws (the ACC model: Wang, Grosu et al., eqs. 3, 5, 6), with the
 * accumulation a = x q, the flow's packets queued along its path (eq. 1; Little's law with q the
 * path's queueing delay, or AVD's virtual delay, as the source's price):
 *
 *     ACC-P    (eq. 6): dw/dt = -(kappa / D) (a - a*),
 *     ACC-AIAD (eq. 3): dw/dt = -(kappa / D) sgn(a - a*),
 *     ACC-MW   (eq. 5): dw/dt = -kappa (d / D) (a - a*) / w,
 *
 * D = d + queueing delay, x = w / D, w >= 1. Equilibrium x q = a*: weighted proportional
 * fairness with weight a* (the duality model's).
 */
class FluidMonacoLaw : public FluidSourceLaw
{
  public:
    /// The window law.
    enum Policy
    {
        ACC_P,    //!< eq. 6
        ACC_AIAD, //!< eq. 3
        ACC_MW,   //!< eq. 5
    };

    /**
     * \param policy the window law
     * \param kappa kappa, in (0, 1e6]
     * \param target a*, packets, in (0, 1e9]
     * \param initialWindow the window at start, packets, in [1, 1e9]
     */
    FluidMonacoLaw(Policy policy, double kappa, double target, double initialWindow = 2);
    std::string GetName() const override;
    double GetInitialState(double d) const override;
    double GetWindow(double z, const Input& in) const override;
    double GetDerivative(double z, const Input& in) const override;
    double Project(double z) const override;

  private:
    Policy m_policy;        //!< the window law
    double m_kappa;         //!< kappa
    double m_target;        //!< a*, packets
    double m_initialWindow; //!< the window at start, packets
};

} // namespace ns3

#endif /* FLUID_SOURCE_LAW_H */
