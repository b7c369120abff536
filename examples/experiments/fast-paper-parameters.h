/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAST_PAPER_PARAMETERS_H
#define FAST_PAPER_PARAMETERS_H

#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/owned-attributes.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The FAST paper's one set of parameters (Paganini, Wang, Low and Doyle, Infocom 2003,
 * §V: "we take one set of parameters for each of the protocol pairs"), as parts of a
 * NetworkDescription (a class' congestion control, a link's queue disc), shared by every FAST
 * experiment (fast-dynamic, fast-mice, fast-sweeps) so that they cannot drift apart:
 * - FAST-ECN: a class with `tcp=ns3::TcpFastEcn ecn=on` (TcpFastEcn's defaults are the paper's
 *   utility 50 log x, alpha 0.37, phi 1000, M 1, N 31, eta 0.64, T_s 10 ms);
 * - its link: ns3::RemQueueDisc with the VirtualCapacity price law (Fig. 4), target
 *   utilization gamma_v = 0.95, phi = 1000, update interval 5 ms, ECN marking;
 * - NewReno (ECN; with or without the sub-packet response of ns-2's TCP) over gentle RED with
 *   ECN, RED configured as ns-2 configures it automatically from the link's rate and delay
 *   (GetRedThresholds()).
 */
class FastPaperParameters
{
  public:
    /// RED's thresholds and averaging weight (GetRedThresholds()).
    struct RedThresholds
    {
        double minTh; //!< MinTh, packets
        double maxTh; //!< MaxTh, packets
        double qW;    //!< QW, the averaging weight per packet
    };

    /**
     * ns-2's automatic RED configuration (the FAST paper's "RED parameters by default ...
     * configured automatically according to the bandwidth and link delays", Floyd's "RED:
     * discussions of setting parameters"): with C the capacity in packets/s, a target delay of
     * 5 ms and the link's one-way delay D, MinTh = max(5, 0.005 C / 2), MaxTh = 3 MinTh, and
     * QW = 1 - exp(-1 / (10 r C)) with r = max(0.1 s, 3 (D + 1/C)) (an averaging time constant
     * of 10 r).
     * \param packetsPerSecond C
     * \param linkDelay D
     * \return the thresholds
     */
    static RedThresholds GetRedThresholds(double packetsPerSecond, Time linkDelay);

    /**
     * Make \p spec a FAST-ECN class: tcp ns3::TcpFastEcn, ecn on (text: `tcp=ns3::TcpFastEcn
     * ecn=on`).
     * \param spec the class
     */
    static void SetFastEcnClass(NetworkDescription::ClassSpec& spec);
    /**
     * Make \p spec a NewReno class: ECN-capable (every AQM of the paper marks), and with
     * \p subPacket the sub-packet ECN response of ns-2's TCP that the paper ran (RFC 3168 6.1.2
     * below two segments, TcpSubPacketSocket); text: `tcp=ns3::TcpNewReno ecn=on[ subPacket=on]`.
     * \param spec the class
     * \param subPacket whether the sources use TcpSubPacketSocket
     */
    static void SetNewRenoClass(NetworkDescription::ClassSpec& spec, bool subPacket);
    /**
     * \param inBytes ns-2's queue/rem.cc with qib_ true, the paper's setting for two-way
     *        traffic (the caller gives MaxSize in bytes): a packet's marking probability scaled
     *        by its size over PACKET_BYTES (ScaleBySize), and, ECN marking being ns-2's markpkts_,
     *        a chosen packet that is not ECN-capable (a pure ACK) passes unmarked (DropNonEcn
     *        false)
     * \return REM's virtual-capacity queue disc (FAST's link algorithm, Fig. 4): ns3::RemQueueDisc
     *         with PriceLaw VirtualCapacity, TargetUtilization, Phi, UpdateInterval and UseEcn
     *         (and with \p inBytes DropNonEcn, ScaleBySize and MeanPktSize; no MaxSize)
     */
    static NetworkDescription::QueueDiscSpec GetRemVirtualCapacity(bool inBytes = false);
    /**
     * Gentle RED with ECN, configured automatically (GetRedThresholds()).
     * \param bitsPerSecond the link's rate
     * \param linkDelay its one-way propagation delay
     * \param inBytes whether the queue disc's MaxSize will be in bytes (ns-2's queue-in-bytes
     *        qib_, the paper's setting for two-way traffic): MinTh and MaxTh are then in bytes,
     *        PACKET_BYTES per packet, and RED scales a packet's marking probability by its size
     * \return ns3::RedQueueDisc with Gentle, UseEcn, MinTh, MaxTh, QW, LInterm, MeanPktSize,
     *         LinkBandwidth and LinkDelay (no MaxSize)
     */
    static NetworkDescription::QueueDiscSpec GetRed(double bitsPerSecond,
                                                    Time linkDelay,
                                                    bool inBytes = false);
    /**
     * \param red whether the scenario also runs GetRed()
     * \param inBytes whether it runs GetRemVirtualCapacity(true) (and GetRed() in bytes)
     * \return the attributes GetRemVirtualCapacity() (and GetRed()) set, fixed by the paper,
     *         for Scenario::GetOwnedAttributes()
     */
    static std::vector<OwnedAttributes::Entry> GetOwnedAttributes(bool red, bool inBytes = false);

    /// The paper's packets: 1000 bytes on the wire.
    static constexpr uint32_t PACKET_BYTES = 1000;
    /// REM's virtual capacity gamma_v c: the target utilization gamma_v.
    static constexpr double TARGET_UTILIZATION = 0.95;
    /// REM's (and FAST's) phi: the marking probability is 1 - phi^(-price).
    static constexpr double PHI = 1000;
    /// FAST's K (utility K log x), packets.
    static constexpr double FAST_K = 50;
};

} // namespace ns3

#endif /* FAST_PAPER_PARAMETERS_H */
