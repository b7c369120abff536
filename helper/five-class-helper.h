/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FIVE_CLASS_HELPER_H
#define FIVE_CLASS_HELPER_H

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
 * \brief The single-link network of the Vegas paper, §6.1.1 (Fig. 1, Tables I-II): five classes
 * of flows across one bottleneck R1 -> R2.
 *
 *     1a(i) --\                         /-- 1b(i)
 *       ...    R1 ==== bottleneck ==== R2    ...
 *     5a(i) --/                         \-- 5b(i)
 *
 * A preset of NetworkHelper: Describe() writes the NetworkDescription, every number settable.
 */
class FiveClassHelper : public NetworkHelper
{
  public:
    /// The scenario's numbers (defaults: the paper's).
    struct Parameters
    {
        uint32_t flowsPerClass{50};                  //!< flows per class
        DataRate bottleneck{"2.4Gbps"};              //!< bottleneck rate
        Time bottleneckDelay{MilliSeconds(1)};       //!< bottleneck one-way delay
        uint32_t bufferPackets{0};                   //!< bottleneck buffer (0: unlimited)
        std::string queueDisc{"ns3::FifoQueueDisc"}; //!< bottleneck queue disc
        DataRate accessRate{"100Mbps"};              //!< host-router links
        /// round-trip propagation delay of each class
        std::vector<Time> rtts{MilliSeconds(15),
                               MilliSeconds(15),
                               MilliSeconds(20),
                               MilliSeconds(30),
                               MilliSeconds(40)};
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
    explicit FiveClassHelper(const Parameters& parameters);

    /**
     * \param parameters the scenario
     * \return its description (link "bottleneck" R1 -> R2, classes 1a ... 5a)
     */
    static NetworkDescription Describe(const Parameters& parameters);
};

} // namespace ns3

#endif /* FIVE_CLASS_HELPER_H */
