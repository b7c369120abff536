/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALITY_NETWORK_H
#define DUALITY_NETWORK_H

#include "ns3/algorithm-traits.h"
#include "ns3/ptr.h"
#include "ns3/queue-disc.h"
#include "ns3/tcp-congestion-ops.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief A neutral description of a network for the duality model: its directed links and its
 * flows, as numbers plus each link's queue disc and each flow's congestion control (whose
 * algorithm traits say the link's capacity factor and price kind, the source's weight and
 * overhead).
 *
 * Whoever knows the network fills it: NetworkObserver from a network built with ns-3's own
 * helpers (devices, channels, routing), or a testbed from its description. DualityModelBuilder
 * turns it into a DualityModel, so that both give the model the same way.
 */
struct DualityNetwork
{
    /// A directed link (one direction of a point-to-point channel).
    struct Link
    {
        std::string name;        //!< unique name, e.g. "n0->n1"
        double bitsPerSecond{0}; //!< the link's rate (its device's DataRate), bit/s
        Ptr<QueueDisc> disc;     //!< its root queue disc (null: none, a FIFO for the model)
    };

    /// A TCP flow: its data's route and its source's congestion control.
    struct Flow
    {
        std::string name;                     //!< unique name, e.g. "10.1.1.1:49153->10.2.1.2:5000"
        std::vector<std::size_t> route;       //!< indices of the links its data cross, in order
        double propagationDelay;              //!< round-trip propagation delay d, seconds
        Ptr<TcpCongestionOps> congestion;     //!< the source's congestion control (configured)
        AlgorithmTraits::SourceFields fields; //!< what the traits may read besides the object
        double estimationError{0};            //!< relative baseRTT error eps (0: exact)
        /// a link of the flow's own, first on its route (before \p route's), added to the model
        /// just before the flow (the testbed's access links; bitsPerSecond 0: none)
        Link access;
    };

    std::vector<Link> links;   //!< the links (only those a model needs)
    std::vector<Flow> flows;   //!< the flows
    uint32_t packetSize{1000}; //!< bytes of a data packet on the wire: the model's packet
};

} // namespace ns3

#endif /* DUALITY_NETWORK_H */
