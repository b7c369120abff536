/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALITY_MODEL_BUILDER_H
#define DUALITY_MODEL_BUILDER_H

#include "duality-network.h"

#include "ns3/duality-model.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Builds the duality model (DualityModel) of a DualityNetwork with the algorithm traits
 * (AlgorithmTraits): one model link per link, of capacity factor x rate / (8 packetSize) packets/s
 * (the factor the link's disc drives its load to: 1 for a FIFO, gamma for AVQ) and the disc's
 * price kind (a queueing delay or a virtual price); one model source per flow, with its route,
 * its round-trip propagation delay d, the weight its congestion control's traits give for d and
 * the control packets it puts on its route per round trip (controlBytesPerRtt / packetSize).
 *
 * It reads no simulation: the same DualityNetwork gives the same model.
 */
class DualityModelBuilder
{
  public:
    /**
     * \param network the links and flows (each flow's route indexes network.links)
     * \return the model, links and sources in the order of the network's (a flow's access
     *         link, if any, just before its source, after the network's links)
     *
     * A flow with a route index out of range or without congestion control throws
     * std::invalid_argument; DualityModel throws for values out of its ranges.
     */
    static DualityModel Build(const DualityNetwork& network);

    /**
     * \param disc a queue disc (null: none)
     * \return the fraction of the link's rate its price drives the load to (its traits'
     *         capacityFactor; 1 without a disc or a factor)
     */
    static double GetCapacityFactor(Ptr<QueueDisc> disc);

    /**
     * \param disc a queue disc (null: none)
     * \return whether its price is the physical queueing delay (true without a disc)
     */
    static bool IsPhysicalPrice(Ptr<QueueDisc> disc);

    /**
     * \param disc a queue disc (null: none)
     * \param packetSize the model's packet, bytes
     * \return the backlog, packets, it holds at equilibrium besides its price (its traits'
     *         standingBacklog, e.g. REM's QueueRef; 0 without a disc or the trait)
     */
    static double GetStandingBacklog(Ptr<QueueDisc> disc, uint32_t packetSize);

    /**
     * \param flow a flow
     * \return its weight w_s for its delay d, from its congestion control's traits, packets
     */
    static double GetWeight(const DualityNetwork::Flow& flow);

  private:
    /**
     * Add a model link.
     * \param model the model
     * \param link the link
     * \param packetSize the model's packet, bytes
     * \return its index in the model
     */
    static std::size_t AddLink(DualityModel& model,
                               const DualityNetwork::Link& link,
                               uint32_t packetSize);
};

} // namespace ns3

#endif /* DUALITY_MODEL_BUILDER_H */
