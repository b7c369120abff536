/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef IPV4_FLAT_ROUTING_HELPER_H
#define IPV4_FLAT_ROUTING_HELPER_H

#include "ns3/ipv4-routing-helper.h"

namespace ns3
{

class Ipv4FlatRouting;

/**
 * \ingroup dualcc
 *
 * \brief Installs Ipv4FlatRouting through InternetStackHelper::SetRoutingHelper().
 */
class Ipv4FlatRoutingHelper : public Ipv4RoutingHelper
{
  public:
    Ipv4FlatRoutingHelper* Copy() const override;
    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override;

    /**
     * \param node a node whose stack was installed with this helper
     * \return its Ipv4FlatRouting; aborts if it has none
     */
    static Ptr<Ipv4FlatRouting> GetRouting(Ptr<Node> node);
};

} // namespace ns3

#endif /* IPV4_FLAT_ROUTING_HELPER_H */
