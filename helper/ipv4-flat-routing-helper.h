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

    /**
     * Give \p node the strong end-system model (RFC 1122): it accepts only packets addressed
     * to the interface they arrive on, without scanning all its interfaces. ns-3 up to 3.45
     * spells this Ipv4::WeakEsModel=false; 3.46 replaced it with Ipv4::StrongEndSystemModel=true.
     * \param node a node with an Ipv4 stack
     */
    static void SetStrongEndSystemModel(Ptr<Node> node);
};

} // namespace ns3

#endif /* IPV4_FLAT_ROUTING_HELPER_H */
