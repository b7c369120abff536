/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fast-ecn-configuration.h"

#include <sstream>

namespace ns3
{

std::string
FastEcnConfiguration::GetLinkFields()
{
    std::ostringstream os;
    os << "queue=ns3::RemQueueDisc queue.PriceLaw=VirtualCapacity queue.TargetUtilization="
       << TARGET_UTILIZATION << " queue.Phi=" << PHI
       << " queue.UpdateInterval=5ms queue.UseEcn=true";
    return os.str();
}

std::string
FastEcnConfiguration::GetClassFields()
{
    return "tcp=ns3::TcpFastEcn ecn=on";
}

} // namespace ns3
