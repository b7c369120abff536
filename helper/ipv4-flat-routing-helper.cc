/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ipv4-flat-routing-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/ipv4-flat-routing.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"

namespace ns3
{

Ipv4FlatRoutingHelper*
Ipv4FlatRoutingHelper::Copy() const
{
    return new Ipv4FlatRoutingHelper(*this);
}

Ptr<Ipv4RoutingProtocol>
Ipv4FlatRoutingHelper::Create(Ptr<Node> node) const
{
    return CreateObject<Ipv4FlatRouting>();
}

Ptr<Ipv4FlatRouting>
Ipv4FlatRoutingHelper::GetRouting(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4, "Ipv4FlatRoutingHelper: node " << node->GetId() << " has no Ipv4");
    Ptr<Ipv4FlatRouting> routing = DynamicCast<Ipv4FlatRouting>(ipv4->GetRoutingProtocol());
    NS_ABORT_MSG_UNLESS(routing,
                        "Ipv4FlatRoutingHelper: node " << node->GetId()
                                                       << " does not use Ipv4FlatRouting");
    return routing;
}

void
Ipv4FlatRoutingHelper::SetStrongEndSystemModel(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4, "Ipv4FlatRoutingHelper: node " << node->GetId() << " has no Ipv4");
    if (!ipv4->SetAttributeFailSafe("StrongEndSystemModel", BooleanValue(true)))
    {
        ipv4->SetAttribute("WeakEsModel", BooleanValue(false));
    }
}

} // namespace ns3
