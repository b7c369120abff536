/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef JITTER_POINT_TO_POINT_CHANNEL_H
#define JITTER_POINT_TO_POINT_CHANNEL_H

#include "ns3/nstime.h"
#include "ns3/point-to-point-channel.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{

class NormalRandomVariable;
class Packet;
class PointToPointNetDevice;

/**
 * \ingroup dualcc
 *
 * \brief A point-to-point channel whose propagation delay has a zero-mean Gaussian random part
 * in one direction (Boutremans and Le Boudec §3.2.1: "a random part to the propagation delay
 * ... a zero mean gaussian", standing for small variations of queues elsewhere).
 *
 * Packets sent by the first device attached (wire 0; PointToPointHelper::Install(a, b) attaches
 * a's device first, and ReplaceChannel() the device it is given) arrive after
 * txTime + Delay + J, where J is the state of a jitter process sampled at the packet's
 * transmission start; the other direction is a plain PointToPointChannel.
 *
 * The process J is stationary Gaussian with mean 0 and standard deviation JitterStdDev:
 *  - JitterCorrelationTime = 0: independent for every packet;
 *  - JitterCorrelationTime = tau > 0: a Gauss-Markov (Ornstein-Uhlenbeck) process, sampled
 *    exactly: J(t + h) = J(t) e^{-h/tau} + sigma sqrt(1 - e^{-2h/tau}) N(0, 1), so that
 *    packets close in time see close delays, as queueing delays do.
 *
 * Two clamps keep the link physical, and bias the mean delay upwards when they act:
 *  - the total delay Delay + J is never negative (the packet never arrives before its last bit
 *    has been sent);
 *  - with PreserveOrder (the default) a packet never arrives before the one sent before it on
 *    the same wire: the delay varies like a queueing delay (FIFO), so jitter alone never
 *    reorders packets (reordering would trigger duplicate ACKs and fast retransmits that the
 *    paper's model does not have).
 * The Jitter trace reports the extra delay each packet got after both clamps (its arrival
 * minus txTime + Delay after its transmission start).
 *
 * The base class' TxRxPointToPoint trace (for animation) is private and is not fired for
 * jittered packets.
 */
class JitterPointToPointChannel : public PointToPointChannel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    JitterPointToPointChannel();
    ~JitterPointToPointChannel() override;

    /**
     * Send a packet: wire 0 with the jittered delay, wire 1 as PointToPointChannel.
     * \param p the packet
     * \param src the sending device
     * \param txTime its transmission time
     * \return true
     */
    bool TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime) override;

    /**
     * Move a device and its peer from their PointToPointChannel to a new
     * JitterPointToPointChannel with the same Delay, \p jittered's direction being the jittered
     * one. Call before the simulation sends anything on the link.
     * \param jittered the device whose transmissions get the jitter (attached to a
     *        PointToPointChannel with two devices)
     * \return the new channel (configure it with SetAttribute and AssignStreams)
     */
    static Ptr<JitterPointToPointChannel> ReplaceChannel(Ptr<PointToPointNetDevice> jittered);

    /**
     * Fix the random stream of the jitter.
     * \param stream first stream index
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature of the Jitter trace.
     * \param [in] packet the packet sent on wire 0
     * \param [in] extraDelay the delay it got beyond txTime + Delay (after the clamps)
     */
    typedef void (*JitterTracedCallback)(Ptr<const Packet> packet, Time extraDelay);

  protected:
    void DoDispose() override;

  private:
    /// \return the next state of the jitter process, at the current time
    Time NextJitter();

    Time m_stdDev;                      //!< JitterStdDev
    Time m_correlationTime;             //!< JitterCorrelationTime (zero: independent)
    bool m_preserveOrder;               //!< PreserveOrder
    Ptr<NormalRandomVariable> m_normal; //!< N(0, 1) draws
    TracedValue<Time> m_process;        //!< the process J at the last wire-0 transmission
    Time m_lastSample;                  //!< when J was last sampled (-1 ns: never)
    Time m_lastArrival;                 //!< absolute arrival time of the last wire-0 packet
    TracedCallback<Ptr<const Packet>, Time> m_jitterTrace; //!< extra delay per packet
};

} // namespace ns3

#endif /* JITTER_POINT_TO_POINT_CHANNEL_H */
