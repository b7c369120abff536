/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUMBBELL_DESCRIPTION_H
#define DUMBBELL_DESCRIPTION_H

#include "network-description.h"

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Builds the NetworkDescription of a single-link dumbbell: one bottleneck link from
 * router R1 to router R2 and classes of flows across it, each flow with its own access links
 * (as NetworkDescription describes). The testbed's single-bottleneck experiments (the AQM
 * experiments, the buffer sweep, the serial-start and fairness runs) describe their network
 * with it:
 *
 * \code
 *   DumbbellDescription::Parameters p;
 *   p.rate = DataRate("10Mbps");
 *   p.delay = MilliSeconds(20);
 *   NetworkDescription d = DumbbellDescription::Create(p);
 *   NetworkDescription::ClassSpec& c = DumbbellDescription::AddClass(d, "1a", 10,
 * MilliSeconds(100)); c.tcp = "ns3::TcpNewReno"; d.Validate(); \endcode
 */
class DumbbellDescription
{
  public:
    /// The network-wide settings and the bottleneck (defaults: NetworkDescription's).
    struct Parameters
    {
        uint32_t packetSize{1000};             //!< bytes of a data packet on the wire
        DataRate accessRate{"100Mbps"};        //!< host-router link rate
        Time sinkAccessDelay{MilliSeconds(1)}; //!< router-sink link one-way delay
        Time startJitter{MilliSeconds(100)};   //!< flows start in [start, start + jitter]
        std::string name{"bottleneck"};        //!< the bottleneck's name
        DataRate rate;                         //!< the bottleneck's capacity
        Time delay;                            //!< its one-way propagation delay
        uint32_t bufferPackets{0};             //!< its queue disc limit, packets (0: unlimited)
        /// its queue disc (type empty: NetworkDescription's default FIFO)
        NetworkDescription::QueueDiscSpec queue;
    };

    /**
     * \param parameters the settings and the bottleneck
     * \return a description with the bottleneck R1 -> R2 and no classes yet
     */
    static NetworkDescription Create(const Parameters& parameters);

    /**
     * Add a class of flows across the bottleneck (the description's first link).
     * \param network a description made by Create()
     * \param name the class' name
     * \param flows its number of flows
     * \param rtt each flow's round-trip propagation delay
     * \param start when its flows start
     * \return the class (its other fields NetworkDescription's defaults), to be set further
     */
    static NetworkDescription::ClassSpec& AddClass(NetworkDescription& network,
                                                   const std::string& name,
                                                   uint32_t flows,
                                                   Time rtt,
                                                   Time start = Time(0));
};

} // namespace ns3

#endif /* DUMBBELL_DESCRIPTION_H */
