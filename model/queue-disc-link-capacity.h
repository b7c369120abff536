/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef QUEUE_DISC_LINK_CAPACITY_H
#define QUEUE_DISC_LINK_CAPACITY_H

#include "ns3/data-rate.h"

#include <string>

namespace ns3
{

class NetDevice;
class QueueDisc;

/**
 * \ingroup dualcc
 *
 * \brief The link capacity C that dualcc's AQMs (AvqQueueDisc, RemQueueDisc) compute with:
 * their LinkBandwidth attribute if non-zero, else the DataRate of the device the queue disc is
 * installed on (ResolveBitRate(); Resolve() expresses it in the unit of the queue disc's MaxSize,
 * bytes/s or packets/s of MeanPktSize bytes), and what the device adds to a packet on the wire.
 */
class QueueDiscLinkCapacity
{
  public:
    /**
     * \param disc a queue disc
     * \return the DataRate attribute of the device it is installed on (0 if none)
     */
    static DataRate GetDeviceDataRate(const QueueDisc& disc);

    /**
     * \param disc a queue disc
     * \return the MTU of the device it is installed on, bytes (0 if none)
     */
    static uint32_t GetDeviceMtu(const QueueDisc& disc);

    /**
     * \param disc a queue disc
     * \return the link-layer header bytes the device it is installed on adds to every packet on
     *         the wire: 2 (PPP) on a PointToPointNetDevice, 0 on other devices or without one
     */
    static uint32_t GetLinkHeaderBytes(const QueueDisc& disc);

    /**
     * What a device queue under the disc would hold outside the law: "" when the disc is not on a
     * device, when the device has no TxQueue attribute, when its queue holds at most one packet
     * (at most one MTU and link header in bytes), or when its transmission queue has queue limits
     * (BQL); else a description of the device and its queue's MaxSize.
     * \param disc a queue disc
     * \return "" or the description
     */
    static std::string DescribeDeviceBacklog(const QueueDisc& disc);

    /**
     * C in bit/s, for CheckConfig(); aborts (NS_ABORT_MSG, naming <who>::LinkBandwidth and the
     * valid range) if no capacity is known or if it is above MAX_BIT_RATE.
     * \param disc the queue disc
     * \param linkBandwidth its LinkBandwidth attribute (0: use the device's DataRate)
     * \param who the queue disc's TypeId name, for the message
     * \return C, bit/s
     */
    static double ResolveBitRate(const QueueDisc& disc,
                                 DataRate linkBandwidth,
                                 const std::string& who);

    /// The largest link capacity a queue disc accepts, bit/s (1 Pb/s): C, and every product of
    /// C with a gain and a time the price laws compute, stay far from overflow.
    static constexpr uint64_t MAX_BIT_RATE = 1000000000000000ULL;

    /**
     * C, for CheckConfig(); aborts (NS_ABORT_MSG, naming <who>::LinkBandwidth and the valid
     * range) if no capacity is known or if it is above MAX_BIT_RATE, and (naming
     * <who>::MeanPktSize) if MeanPktSize is 0.
     * \param disc the queue disc
     * \param linkBandwidth its LinkBandwidth attribute (0: use the device's DataRate)
     * \param meanPktSize its MeanPktSize attribute, bytes (used in packet mode)
     * \param who the queue disc's TypeId name (e.g. "ns3::RemQueueDisc"), for the message
     * \return C in packets/s (MaxSize in packets) or bytes/s (MaxSize in bytes)
     */
    static double Resolve(const QueueDisc& disc,
                          DataRate linkBandwidth,
                          uint32_t meanPktSize,
                          const std::string& who);

    /**
     * For CheckConfig(): aborts (NS_ABORT_MSG naming <who>::MaxSize and the valid range) unless
     * the buffer can hold one packet: at least 1 packet (MaxSize in packets) or at least
     * MeanPktSize bytes (MaxSize in bytes).
     * \param disc the queue disc
     * \param meanPktSize its MeanPktSize attribute, bytes
     * \param who the queue disc's TypeId name, for the message
     */
    static void CheckMaxSize(const QueueDisc& disc, uint32_t meanPktSize, const std::string& who);

    /**
     * For CheckConfig() with wire accounting: aborts (NS_ABORT_MSG naming <who>::MaxSize and the
     * valid range) unless the buffer holds one packet: at least 1 packet, or at least the
     * device's MTU in bytes (1 byte without a device).
     * \param disc the queue disc
     * \param who the queue disc's TypeId name, for the message
     */
    static void CheckMaxSizeHoldsMtu(const QueueDisc& disc, const std::string& who);
};

} // namespace ns3

#endif /* QUEUE_DISC_LINK_CAPACITY_H */
