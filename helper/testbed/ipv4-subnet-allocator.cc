/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ipv4-subnet-allocator.h"

#include "ns3/abort.h"
#include "ns3/ipv4-interface-address.h"
#include "ns3/ipv4.h"
#include "ns3/net-device.h"
#include "ns3/node.h"

namespace ns3
{

namespace
{
/// 10.0.0.0, the first address of the /8 the subnets come from.
constexpr uint32_t BASE = 0x0A000000;
/// /30 subnets in a /8.
constexpr uint32_t SUBNETS = 1U << 22;
} // namespace

Ipv4SubnetAllocator::Ipv4SubnetAllocator(std::string owner)
    : m_owner(std::move(owner)),
      m_next(0)
{
}

std::pair<Ipv4Address, Ipv4Address>
Ipv4SubnetAllocator::Next()
{
    NS_ABORT_MSG_IF(m_next >= SUBNETS,
                    m_owner << ": out of addresses (" << SUBNETS << " point-to-point links)");
    const uint32_t base = BASE + 4 * m_next++;
    return {Ipv4Address(base + 1), Ipv4Address(base + 2)};
}

uint32_t
Ipv4SubnetAllocator::AddInterface(Ptr<NetDevice> device, Ipv4Address address)
{
    Ptr<Ipv4> ipv4 = device->GetNode()->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4, "Ipv4SubnetAllocator: the device's node has no Ipv4");
    const int32_t interface = ipv4->AddInterface(device);
    ipv4->AddAddress(interface, Ipv4InterfaceAddress(address, Ipv4Mask("/30")));
    ipv4->SetMetric(interface, 1);
    ipv4->SetUp(interface);
    return static_cast<uint32_t>(interface);
}

} // namespace ns3
