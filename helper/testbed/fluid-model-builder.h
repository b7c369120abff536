/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_MODEL_BUILDER_H
#define FLUID_MODEL_BUILDER_H

#include "network-description.h"

#include "ns3/fluid-model.h"

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The fluid model (FluidModel) of a network description, without building or simulating
 * the network: the same objects and terms TestbedModelBuilder gives the duality model.
 *
 * - One model link per link direction that data crosses (every link forward, named as in the
 *   description; the reverse direction of those a class runs backwards, named
 *   "<link>:reverse"): capacity = rate / (8 packetSize) packets/s, buffer = the description's
 *   (0: unlimited), and the price law its queue disc's traits make
 *   (AlgorithmTraits::Link::fluidLaw, from the disc created as the testbed creates it, with its
 *   attributes).
 * - One source per class (its flows are identical: FluidModel's count), named after the class,
 *   with d = its RTT plus the transmission times of a data packet and its ACK along its path
 *   (NetworkDescription::GetTransmissionRtt(), as the testbed's flows), the law its congestion
 *   control's traits make (AlgorithmTraits::Source::fluidLaw, from the object configured as the
 *   testbed configures it: the traits' defaults, then the class' attributes), its start and
 *   stop (startJitter is left out: every flow starts at the class' start), and forward delays
 *   from the links' propagation delays (the source access link's, then the route's in order),
 *   and its control packets per round trip (AlgorithmTraits::Source::controlBytesPerRtt, as
 *   the duality model's overhead).
 * - One access link per class, "access-<class>", first on its route: the class' flows' source
 *   access links together (capacity flows x accessRate, a FIFO's law), as the duality model's one
 *   per flow.
 * - Each event's rate change becomes a capacity change of the link direction it names.
 *
 * Refused (std::invalid_argument naming the class, link or event, and why): classes of short or
 * web flows, classes with an RTT range (rttMax), a source or disc whose traits make no fluid law
 * (e.g. REM's eq. 30 law, RED, PI, AVD: not yet described), events changing a delay.
 */
class FluidModelBuilder
{
  public:
    /// The model of each class' access links is named this, then the class' name.
    static constexpr const char* ACCESS_PREFIX = "access-";

    /**
     * \param description a valid description
     * \return its fluid model
     */
    static FluidModel Build(const NetworkDescription& description);

  private:
    /**
     * Add the model links of the description's links (forward, then reverse where used).
     * \param description the description \param model the model
     */
    static void AddLinks(const NetworkDescription& description, FluidModel& model);
    /**
     * Add a class: its access link and its source.
     * \param description the description \param c the class' index \param model the model
     */
    static void AddClass(const NetworkDescription& description, std::size_t c, FluidModel& model);
    /**
     * Add the events' capacity changes.
     * \param description the description \param model the model, its links added
     */
    static void AddEvents(const NetworkDescription& description, FluidModel& model);
    /**
     * \param model the model \param name a link name
     * \return its index in \p model (throws std::invalid_argument if none)
     */
    static std::size_t FindLink(const FluidModel& model, const std::string& name);
};

} // namespace ns3

#endif /* FLUID_MODEL_BUILDER_H */
