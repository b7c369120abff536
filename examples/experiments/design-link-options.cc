/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "design-link-options.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Smallest --linkRate, Mb/s (1 kb/s, the testbed's smallest rate).
constexpr double MIN_LINK_MBPS = 1e-3;
/// Largest --linkRate, Mb/s (1 Tb/s, the testbed's largest rate).
constexpr double MAX_LINK_MBPS = 1e6;
/// Largest --packetSize, bytes (an IPv4 packet's).
constexpr uint32_t MAX_PACKET_SIZE = 65535;
/// Largest --flows.
constexpr double MAX_FLOWS = 1e6;
/// Smallest round-trip time, s.
constexpr double MIN_RTT = 1e-6;
/// Largest round-trip time, s (the testbed's largest time).
constexpr double MAX_RTT = 1e6;

/**
 * Throw std::invalid_argument "--<option>=<value>: out of range; valid: <valid>" unless \p ok
 * and \p value is finite.
 * \tparam T the value's type (a count prints whole)
 */
template <typename T>
void
Require(bool ok, const std::string& option, T value, const std::string& valid)
{
    if (!ok || !std::isfinite(static_cast<double>(value)))
    {
        std::ostringstream os;
        os << "--" << option << "=" << value << ": out of range; valid: " << valid;
        throw std::invalid_argument(os.str());
    }
}
} // namespace

double
DesignLinkOptions::Check(double linkMbps,
                         uint32_t packetSize,
                         double flows,
                         const std::string& rttOption,
                         double rtt)
{
    Require(linkMbps >= MIN_LINK_MBPS && linkMbps <= MAX_LINK_MBPS,
            "linkRate",
            linkMbps,
            "0.001 to 1e6 Mb/s");
    Require(packetSize >= 1 && packetSize <= MAX_PACKET_SIZE,
            "packetSize",
            packetSize,
            "1 to 65535 bytes");
    Require(flows >= 1 && flows <= MAX_FLOWS, "flows", flows, "1 to 1e6 flows");
    Require(rtt >= MIN_RTT && rtt <= MAX_RTT, rttOption, rtt, "1e-6 to 1e6 s");
    return linkMbps * 1e6 / (8.0 * packetSize);
}

} // namespace ns3
