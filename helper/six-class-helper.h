/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SIX_CLASS_HELPER_H
#define SIX_CLASS_HELPER_H

#include "network-helper.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The multilink network of the Vegas paper, §6.1.2 (Fig. 4, Tables III-IV): routers
 * R1 - R2 - R3 - R4 joined by the backbone links LA (R1 -> R2), SF (R2 -> R3), CH (R3 -> R4).
 *
 *     class  route        RTT (ms)        class  route        RTT (ms)
 *     1a     LA, SF       75              4a     SF           60
 *     2a     SF, CH       80              5a     CH           20
 *     3a     LA           15              6a     LA, SF, CH   100
 *
 * A preset of NetworkHelper: Describe() writes the NetworkDescription, every number settable.
 * Each class' access delay is set so that it has its own round-trip propagation delay.
 */
class SixClassHelper : public NetworkHelper
{
  public:
    /// The scenario's numbers (defaults: the paper's).
    struct Parameters
    {
        uint32_t flowsPerClass{50};                  //!< flows per class
        DataRate backbone{"2.4Gbps"};                //!< rate of LA, SF and CH
        Time backboneDelay{MilliSeconds(1)};         //!< one-way delay of each backbone link
        uint32_t bufferPackets{0};                   //!< backbone buffers (0: unlimited)
        std::string queueDisc{"ns3::FifoQueueDisc"}; //!< backbone queue discs
        DataRate accessRate{"100Mbps"};              //!< host-router links
        /// round-trip propagation delay of classes 1a ... 6a
        std::vector<Time> rtts{MilliSeconds(75),
                               MilliSeconds(80),
                               MilliSeconds(15),
                               MilliSeconds(60),
                               MilliSeconds(20),
                               MilliSeconds(100)};
        uint32_t packetSize{1000};            //!< bytes on the wire
        std::string tcp{"ns3::TcpDualVegas"}; //!< congestion control of every flow
        double alpha{2};                      //!< Vegas alpha, packets
        double beta{2};                       //!< Vegas beta, packets
        Time alphaTimeUnit;                   //!< zero: per RTT (PF); else per this time (WPF)
        /// flows start uniformly in [0, jitter]; 0 (all at once) keeps the startup queue out of
        /// the baseRTTs late starters measure (§4.2), which matters at reduced scales
        Time startJitter{0};
    };

    /// \param parameters the scenario
    explicit SixClassHelper(const Parameters& parameters);

    /**
     * \param parameters the scenario
     * \return its description (links LA, SF, CH; classes 1a ... 6a)
     */
    static NetworkDescription Describe(const Parameters& parameters);
};

} // namespace ns3

#endif /* SIX_CLASS_HELPER_H */
