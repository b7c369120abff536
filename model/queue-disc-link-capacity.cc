/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "queue-disc-link-capacity.h"

#include "ns3/abort.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-limits.h"
#include "ns3/queue.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

namespace
{
/// Bits per byte, to convert a DataRate to bytes per second.
constexpr double BITS_PER_BYTE = 8.0;

/**
 * \param disc a queue disc
 * \return the device it is installed on (null if none)
 */
Ptr<NetDevice>
DeviceOf(const QueueDisc& disc)
{
    // The NetDeviceQueueInterface is aggregated to the device the queue disc is installed on.
    Ptr<NetDeviceQueueInterface> ndqi = disc.GetNetDeviceQueueInterface();
    return ndqi ? ndqi->GetObject<NetDevice>() : nullptr;
}
} // namespace

DataRate
QueueDiscLinkCapacity::GetDeviceDataRate(const QueueDisc& disc)
{
    Ptr<NetDevice> device = DeviceOf(disc);
    DataRateValue rate;
    if (device && device->GetAttributeFailSafe("DataRate", rate))
    {
        return rate.Get();
    }
    return DataRate(0);
}

uint32_t
QueueDiscLinkCapacity::GetDeviceMtu(const QueueDisc& disc)
{
    Ptr<NetDevice> device = DeviceOf(disc);
    return device ? device->GetMtu() : 0;
}

uint32_t
QueueDiscLinkCapacity::GetLinkHeaderBytes(const QueueDisc& disc)
{
    /// The PPP header a PointToPointNetDevice adds to every packet, bytes.
    constexpr uint32_t PPP_HEADER_BYTES = 2;
    Ptr<NetDevice> device = DeviceOf(disc);
    TypeId pointToPoint;
    // By name: the module does not link the point-to-point module for this.
    if (device && TypeId::LookupByNameFailSafe("ns3::PointToPointNetDevice", &pointToPoint) &&
        (device->GetInstanceTypeId() == pointToPoint ||
         device->GetInstanceTypeId().IsChildOf(pointToPoint)))
    {
        return PPP_HEADER_BYTES;
    }
    return 0;
}

std::string
QueueDiscLinkCapacity::DescribeDeviceBacklog(const QueueDisc& disc)
{
    Ptr<NetDevice> device = DeviceOf(disc);
    PointerValue txQueue;
    if (!device || !device->GetAttributeFailSafe("TxQueue", txQueue))
    {
        return "";
    }
    Ptr<QueueBase> queue = txQueue.Get<QueueBase>();
    Ptr<NetDeviceQueueInterface> ndqi = disc.GetNetDeviceQueueInterface();
    if (!queue || (ndqi && ndqi->GetNTxQueues() > 0 && ndqi->GetTxQueue(0)->GetQueueLimits()))
    {
        return ""; // no queue, or BQL keeps the device queue short
    }
    const QueueSize maxSize = queue->GetMaxSize();
    const bool oneItem = maxSize.GetUnit() == QueueSizeUnit::PACKETS
                             ? maxSize.GetValue() <= 1
                             : maxSize.GetValue() <= device->GetMtu() + GetLinkHeaderBytes(disc);
    if (oneItem)
    {
        return "";
    }
    std::ostringstream os;
    os << "the device it is installed on (" << device->GetInstanceTypeId().GetName() << " "
       << device->GetIfIndex() << " of node " << device->GetNode()->GetId()
       << ") has its own transmission queue of " << maxSize;
    return os.str();
}

double
QueueDiscLinkCapacity::ResolveBitRate(const QueueDisc& disc,
                                      DataRate linkBandwidth,
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
    return static_cast<double>(rate.GetBitRate());
}

double
QueueDiscLinkCapacity::Resolve(const QueueDisc& disc,
                               DataRate linkBandwidth,
                               uint32_t meanPktSize,
                               const std::string& who)
{
    const double bitRate = ResolveBitRate(disc, linkBandwidth, who);
    NS_ABORT_MSG_IF(meanPktSize == 0,
                    who << "::MeanPktSize = 0 bytes; it must be in [1, 4294967295] bytes");
    const double bytesPerSecond = bitRate / BITS_PER_BYTE;
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

void
QueueDiscLinkCapacity::CheckMaxSizeHoldsMtu(const QueueDisc& disc, const std::string& who)
{
    const QueueSize maxSize = disc.GetMaxSize();
    const uint32_t mtu = GetDeviceMtu(disc);
    if (maxSize.GetUnit() == QueueSizeUnit::PACKETS)
    {
        CheckMaxSize(disc, 1, who);
    }
    else
    {
        NS_ABORT_MSG_IF(maxSize.GetValue() < std::max<uint32_t>(mtu, 1),
                        who << "::MaxSize = " << maxSize
                            << " cannot hold one packet of the device's MTU (" << mtu
                            << " bytes); in bytes it must be in [" << std::max<uint32_t>(mtu, 1)
                            << ", 4294967295] bytes");
    }
}

} // namespace ns3
