/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef IPV4_SUBNET_ALLOCATOR_H
#define IPV4_SUBNET_ALLOCATOR_H

#include "ns3/ipv4-address.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <utility>

namespace ns3
{

class NetDevice;

/**
 * \ingroup dualcc
 *
 * \brief Addresses for the point-to-point links of the dualcc helpers: consecutive /30
 * subnets of 10.0.0.0/8 (about four million links), and the interface set-up that goes with
 * them. NetworkHelper numbers its links with it.
 */
class Ipv4SubnetAllocator
{
  public:
    /**
     * \param owner named in the error when the addresses run out (e.g. "NetworkHelper")
     */
    explicit Ipv4SubnetAllocator(std::string owner);

    /// \return the two host addresses of the next /30 subnet (aborts when none is left)
    std::pair<Ipv4Address, Ipv4Address> Next();

    /**
     * Add \p device to its node's Ipv4 with \p address /30, metric 1, and bring it up.
     * \param device the device (its node has an Ipv4)
     * \param address its address
     * \return the interface index
     */
    static uint32_t AddInterface(Ptr<NetDevice> device, Ipv4Address address);

  private:
    std::string m_owner; //!< for the error message
    uint32_t m_next;     //!< subnets handed out
};

} // namespace ns3

#endif /* IPV4_SUBNET_ALLOCATOR_H */
