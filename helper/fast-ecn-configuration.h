/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAST_ECN_CONFIGURATION_H
#define FAST_ECN_CONFIGURATION_H

#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The FAST paper's "FAST" (Paganini, Wang, Low and Doyle, Infocom 2003, §V): FAST-ECN
 * sources (ns3::TcpFastEcn, its defaults: K = 50 packets, phi = 1000) over REM's virtual-capacity
 * law (gamma_v = 0.95, phi = 1000, a price update every 5 ms, ECN marks), in the testbed's text
 * format: the one configuration FastDynamicScenario (Fig. 8) and FastMiceScenario (Fig. 10)
 * share, as test/fast-system-test-suite.cc configures it.
 */
class FastEcnConfiguration
{
  public:
    /// \return a bottleneck link's queue fields: REM's VirtualCapacity law, the paper's §V
    ///         parameters, ECN
    static std::string GetLinkFields();
    /// \return a class' fields: ns3::TcpFastEcn, ECN-capable at both ends
    static std::string GetClassFields();

    /// REM's virtual-capacity target gamma_v: the model's utilization.
    static constexpr double TARGET_UTILIZATION = 0.95;
    /// REM's (and FAST-ECN's) phi.
    static constexpr double PHI = 1000;
    /// FAST's K (utility K log x), packets (ns3::TcpFastEcn's default).
    static constexpr double K = 50;
    /// Bytes of a packet on the wire (the paper's 1000-byte packets).
    static constexpr unsigned PACKET_BYTES = 1000;
};

} // namespace ns3

#endif /* FAST_ECN_CONFIGURATION_H */
