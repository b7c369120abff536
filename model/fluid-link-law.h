/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_LINK_LAW_H
#define FLUID_LINK_LAW_H

#include <cstddef>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief A link's price law in the fluid model (FluidModel). Each concrete law is one paper's
 * equations, with their numbers, in one place.
 *
 * Every link has a physical queue b (FluidModel integrates db/dt = y - c, projected at 0 and at
 * the buffer); a law may add one state variable p of its own (an AQM's price) and says what the
 * link's price is, from p and b. Laws are plain C++: an algorithm's traits make one from its
 * configured queue disc (AlgorithmTraits::Link::fluidLaw), tests build them directly.
 */
class FluidLinkLaw
{
  public:
    /// What a link is at time t.
    struct Input
    {
        double load;     //!< y, the arrival rate, packets/s (the sources' rates, delayed forwards)
        double backlog;  //!< b, the physical queue, packets
        double capacity; //!< c, packets/s
    };

    virtual ~FluidLinkLaw() = default;

    /// \return the law's name and equations, for tables
    virtual std::string GetName() const = 0;
    /// \return whether the price is the queueing delay b / c (FIFO): then sources' RTTs and the
    ///         price are the same quantity
    virtual bool IsPhysical() const = 0;
    /**
     * \param p the law's state
     * \param in the link (its load only if UsesLoad(); else NaN)
     * \return the price (a law of several states overrides GetPriceOf() instead: this one
     *         then throws std::logic_error)
     */
    virtual double GetPrice(double p, const Input& in) const;
    /// \param p the law's state \param in the link \return dp/dt (0 for a law without state;
    ///        a law of several states overrides GetDerivativeOf() instead)
    virtual double GetDerivative(double p, const Input& in) const;
    /// \param capacity c, packets/s \return the law's state at time 0 (default 0)
    virtual double GetInitialState(double capacity) const;
    /// \param p a state after a step \param capacity c \return it projected (default: >= 0)
    virtual double Project(double p, double capacity) const;
    /// \return whether the price depends on the link's load (FluidModel then computes it after
    ///         the load, and a source reading it with no backward delay gets the last step's)
    virtual bool UsesLoad() const;
    /**
     * The probability that the link marks a packet, given its price: what a loss-based source
     * (FluidRenoLaw, FluidWindowRenoLaw) reads, where a price-based one reads the price itself.
     * \param price the link's price (GetPrice())
     * \return the marking probability (default: the price itself, for laws whose price is one:
     *         AVQ, PI, RED, GKVQ; REM's is 1 - phi^(-price))
     */
    virtual double GetMarkingProbability(double price) const;

    /// \name A law of several states (e.g. AVD's virtual queue and virtual capacity)
    /// FluidModel calls these; their defaults are the one-state methods above on state[0].
    /// \{
    /// \return how many states the law has, in [1, MAX_STATES] (default 1)
    virtual std::size_t GetStateCount() const;
    /// \param state its GetStateCount() states \param in the link \return the price
    virtual double GetPriceOf(const double* state, const Input& in) const;
    /// \param state its states \param in the link \param derivative where d(state)/dt goes
    virtual void GetDerivativeOf(const double* state, const Input& in, double* derivative) const;
    /// \param capacity c, packets/s \param state where the states at time 0 go
    virtual void GetInitialStateOf(double capacity, double* state) const;
    /// \param state the states after a step, projected in place \param capacity c
    virtual void ProjectOf(double* state, double capacity) const;
    /// \}

    /// The most states a law may have.
    static constexpr std::size_t MAX_STATES = 8;
};

/**
 * \ingroup dualcc
 *
 * \brief FIFO / DropTail: the price is the queueing delay, p = b / c (Vegas paper eq. 21; its
 * eq. 13 is the queue's dynamics, db/dt = y - c projected, which FluidModel integrates for every
 * link). No state of its own.
 */
class FluidDropTailLaw : public FluidLinkLaw
{
  public:
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;
};

/**
 * \ingroup dualcc
 *
 * \brief The virtual-capacity price (Paganini, Wang, Low and Doyle, Infocom 2003, eq. 5; the
 * discrete form of its Fig. 4 is RemQueueDisc's VirtualCapacity law): with c_0 = gamma c,
 *
 *     dp/dt = (y - c_0) / c_0     if p > 0 or y > c_0,   0 otherwise,
 *
 * the virtual queueing delay of a link of capacity c_0. The packets are marked with probability
 * 1 - phi^(-p), so that a source estimating its path price from the marks of all its links,
 * 1 - phi^(-sum p_l) (REM eq. 32), recovers q = sum p_l: the fluid model passes q itself.
 */
class FluidVirtualCapacityLaw : public FluidLinkLaw
{
  public:
    /// \param gamma c_0 / c (RemQueueDisc's TargetUtilization), in (0, 1]
    explicit FluidVirtualCapacityLaw(double gamma);
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;

  private:
    double m_gamma; //!< c_0 / c
};

/**
 * \ingroup dualcc
 *
 * \brief AVQ's price (Kunniyur and Srikant, SIGCOMM 2001, eqs. 1 and 3): the virtual capacity
 * C~ (the law's state, in [0, c], starting at a given fraction of c) follows
 *
 *     dC~/dt = alpha (gamma c - y),
 *
 * and the price is the virtual queue's marking probability as the paper's linearisation takes
 * it (AvqDesign, eq. 7): p = (y - C~)^+ / y, the fraction of the arrivals above the virtual
 * capacity. A price of a source crossing several AVQ links is their sum (1 - prod (1 - p_l) to
 * first order).
 */
class FluidAvqLaw : public FluidLinkLaw
{
  public:
    /**
     * \param gamma the desired utilization, in (0, 1]
     * \param alpha the damping factor, 1/s, in (0, 1e6]
     * \param initial C~(0) / c, in [0, 1] (AvqQueueDisc's InitialVirtualCapacity)
     */
    FluidAvqLaw(double gamma, double alpha, double initial = 1);
    std::string GetName() const override;
    bool IsPhysical() const override;
    double GetPrice(double p, const Input& in) const override;
    double GetDerivative(double p, const Input& in) const override;
    double GetInitialState(double capacity) const override;
    double Project(double p, double capacity) const override;
    bool UsesLoad() const override;

  private:
    double m_gamma;   //!< gamma
    double m_alpha;   //!< alpha, 1/s
    double m_initial; //!< C~(0) / c
};

} // namespace ns3

#endif /* FLUID_LINK_LAW_H */
