/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DESIGN_LINK_OPTIONS_H
#define DESIGN_LINK_OPTIONS_H

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The options the AQM design rules share (pi-design, avq-design): the link (--linkRate,
 * --packetSize), the flows (--flows) and a round-trip time (--rtt or --delay), each checked
 * against its own range so that an error names the option at fault (the design classes'
 * errors name their own parameters).
 */
class DesignLinkOptions
{
  public:
    /**
     * Check the options and give the capacity.
     * \param linkMbps --linkRate, Mb/s (0.001 to 1e6: 1 kb/s to 1 Tb/s, the testbed's rates)
     * \param packetSize --packetSize, bytes (1 to 65535, an IPv4 packet's)
     * \param flows --flows (1 to 1e6)
     * \param rttOption the round-trip time's option ("rtt" or "delay")
     * \param rtt its value, s (1e-6 to 1e6)
     * \return C = linkRate / 8 / packetSize, packets/s; throws std::invalid_argument
     *         "--<option>=<value>: out of range; valid: <range>"
     */
    static double Check(double linkMbps,
                        uint32_t packetSize,
                        double flows,
                        const std::string& rttOption,
                        double rtt);
};

} // namespace ns3

#endif /* DESIGN_LINK_OPTIONS_H */
