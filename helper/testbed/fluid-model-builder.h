/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_MODEL_BUILDER_H
#define FLUID_MODEL_BUILDER_H

#include "network-description.h"

#include "ns3/fluid-model.h"

#include <cstdint>
#include <string>
#include <vector>

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
 *   (0: unlimited), or the disc's own MaxSize where it sets one (the testbed lets it override the
 *   link's), and the price law its queue disc's traits make
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
 * web flows, classes with an RTT range (rttMax) unless Build() is told to split it, a source or
 * disc whose traits make no fluid law (e.g. PIE, an adaptive RED, RED or GKVQ with MaxSize in
 * bytes, AVD with a virtual buffer in bytes: not described), events changing a delay.
 */
class FluidModelBuilder
{
  public:
    /// The model of each class' access links is named this, then the class' name.
    static constexpr const char* ACCESS_PREFIX = "access-";

    /// The most groups Build() splits an RTT range into.
    static constexpr uint32_t MAX_RTT_SPLIT = 10000;

    /**
     * \param description a valid description
     * \param rttSplit 0: a class with an RTT range (rttMax) is refused; K in [1, MAX_RTT_SPLIT]:
     *        such a class becomes min(K, flows) sources "<class>/k", k = 0, 1, ..., of RTTs the
     *        midpoints of K equal parts of [rtt, rttMax] (the testbed draws each flow's
     *        uniformly), the flows shared out evenly, each with its access link, in place of the
     *        class' one source (the sources then are not one per class)
     * \return its fluid model
     */
    static FluidModel Build(const NetworkDescription& description, uint32_t rttSplit = 0);

  private:
    /**
     * Add the model links of the description's links (forward, then reverse where used).
     * \param description the description \param model the model
     */
    static void AddLinks(const NetworkDescription& description, FluidModel& model);
    /**
     * Add a class: its access link and its source.
     * \param description the description \param spec the class (one of its RTT range's parts)
     * \param model the model
     */
    static void AddClass(const NetworkDescription& description,
                         const NetworkDescription::ClassSpec& spec,
                         FluidModel& model);
    /**
     * \param spec a class with an RTT range \param rttSplit K, >= 1
     * \return its parts (Build()'s rttSplit)
     */
    static std::vector<NetworkDescription::ClassSpec> SplitRtt(
        const NetworkDescription::ClassSpec& spec,
        uint32_t rttSplit);
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
