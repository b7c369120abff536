/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ecn-price-helper.h"

#include "ns3/ecn-marks-as-price.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-fast-ecn.h"
#include "ns3/tcp-l4-protocol.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EcnPriceHelper");

EcnPriceHelper::EcnPriceHelper()
    : m_type(TcpFastEcn::GetTypeId().GetName())
{
}

EcnPriceHelper::EcnPriceHelper(const std::string& type)
    : m_type(type)
{
}

TypeId
EcnPriceHelper::GetCongestionControl() const
{
    Check();
    return TypeId::LookupByName(m_type);
}

void
EcnPriceHelper::Check() const
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(m_type, &tid) ||
        !tid.IsChildOf(TcpCongestionOps::GetTypeId()))
    {
        throw std::invalid_argument("EcnPriceHelper: " + m_type +
                                    " is not a TCP congestion control; valid: ns3::TcpFastEcn, "
                                    "ns3::TcpDualVegas with PriceSource EcnMarks");
    }
    // With the current defaults (Config::SetDefault), as the node's sockets will create it.
    ObjectFactory factory(m_type);
    if (!EcnMarksAsPrice::ReadsMarksAsPrice(factory.Create<TcpCongestionOps>()))
    {
        throw std::invalid_argument(
            "EcnPriceHelper: " + m_type +
            " does not read ECN marks as a price with the current defaults (valid: "
            "ns3::TcpFastEcn, or ns3::TcpDualVegas after Config::SetDefault(\"ns3::TcpDualVegas::"
            "PriceSource\", EnumValue(TcpDualVegas::ECN_MARKS)); other congestion controls need "
            "only ns3::TcpL4Protocol::SocketType)");
    }
}

void
EcnPriceHelper::Install(Ptr<Node> node) const
{
    Check();
    if (!node)
    {
        throw std::invalid_argument("EcnPriceHelper::Install: no node");
    }
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    if (!tcp)
    {
        throw std::invalid_argument("EcnPriceHelper::Install: node " +
                                    std::to_string(node->GetId()) +
                                    " has no TcpL4Protocol; install the internet stack first");
    }
    tcp->SetAttribute("SocketType", TypeIdValue(TypeId::LookupByName(m_type)));
    tcp->SetAttribute("RecoveryType", TypeIdValue(EcnMarksAsPrice::GetRecoveryTypeId()));
}

void
EcnPriceHelper::Install(const NodeContainer& nodes) const
{
    Check();
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Install(nodes.Get(i));
    }
}

} // namespace ns3
