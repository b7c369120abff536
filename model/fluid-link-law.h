/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_LINK_LAW_H
#define FLUID_LINK_LAW_H

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
     * \param backlog b, packets
     * \param capacity c, packets/s
     * \return the price (it may not depend on the load: sources may read it without delay)
     */
    virtual double GetPrice(double p, double backlog, double capacity) const = 0;
    /// \param p the law's state \param in the link \return dp/dt (0 for a law without state)
    virtual double GetDerivative(double p, const Input& in) const = 0;
    /// \return the law's state at time 0
    virtual double GetInitialState() const;
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
    double GetPrice(double p, double backlog, double capacity) const override;
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
    double GetPrice(double p, double backlog, double capacity) const override;
    double GetDerivative(double p, const Input& in) const override;

  private:
    double m_gamma; //!< c_0 / c
};

} // namespace ns3

#endif /* FLUID_LINK_LAW_H */
