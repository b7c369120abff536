/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "queue-disc-link-capacity.h"

#include "ns3/abort.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/net-device.h"
#include "ns3/queue-disc.h"

namespace ns3
{

namespace
{
/// Bits per byte, to convert a DataRate to bytes per second.
constexpr double BITS_PER_BYTE = 8.0;
} // namespace

DataRate
QueueDiscLinkCapacity::GetDeviceDataRate(const QueueDisc& disc)
{
    Ptr<NetDeviceQueueInterface> ndqi = disc.GetNetDeviceQueueInterface();
    Ptr<NetDevice> device;
    DataRateValue rate;
    // The NetDeviceQueueInterface is aggregated to the device the queue disc is installed on.
    if (ndqi && (device = ndqi->GetObject<NetDevice>()) &&
        device->GetAttributeFailSafe("DataRate", rate))
    {
        return rate.Get();
    }
    return DataRate(0);
}

double
QueueDiscLinkCapacity::Resolve(const QueueDisc& disc,
                               DataRate linkBandwidth,
                               uint32_t meanPktSize,
                               const std::string& who)
{
    DataRate rate = linkBandwidth;
    if (rate.GetBitRate() == 0)
    {
        rate = GetDeviceDataRate(disc);
    }
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0,
                    who << "::LinkBandwidth: no link capacity known: LinkBandwidth is 0 bit/s "
                           "and the queue disc is not attached to a NetDevice with a non-zero "
                           "DataRate attribute; set LinkBandwidth to the link's capacity, in [1, "
                        << MAX_BIT_RATE << "] bit/s");
    NS_ABORT_MSG_IF(
        rate.GetBitRate() > MAX_BIT_RATE,
        who << "::LinkBandwidth: the link capacity "
            << (linkBandwidth.GetBitRate() > 0 ? "(LinkBandwidth)" : "(the device's DataRate)")
            << " is " << rate.GetBitRate() << " bit/s; it must be in [1, " << MAX_BIT_RATE
            << "] bit/s");
    NS_ABORT_MSG_IF(meanPktSize == 0,
                    who << "::MeanPktSize = 0 bytes; it must be in [1, 4294967295] bytes");
    const double bytesPerSecond = rate.GetBitRate() / BITS_PER_BYTE;
    return disc.GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS ? bytesPerSecond / meanPktSize
                                                                 : bytesPerSecond;
}

void
QueueDiscLinkCapacity::CheckMaxSize(const QueueDisc& disc,
                                    uint32_t meanPktSize,
                                    const std::string& who)
{
    const QueueSize maxSize = disc.GetMaxSize();
    if (maxSize.GetUnit() == QueueSizeUnit::PACKETS)
    {
        NS_ABORT_MSG_IF(maxSize.GetValue() < 1,
                        who << "::MaxSize = " << maxSize
                            << " cannot hold one packet; it must be in [1, 4294967295] packets");
    }
    else
    {
        NS_ABORT_MSG_IF(maxSize.GetValue() < meanPktSize,
                        who << "::MaxSize = " << maxSize
                            << " cannot hold one packet; in bytes it must be in [MeanPktSize, "
                               "4294967295] bytes, with MeanPktSize = "
                            << meanPktSize << " bytes");
    }
}

} // namespace ns3
