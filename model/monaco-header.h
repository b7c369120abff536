/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_HEADER_H
#define MONACO_HEADER_H

#include "ns3/header.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <ostream>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The header of Monaco's control packets (Xia et al., "Accumulation-based Congestion
 * Control", §IV-B.1), carried in UDP: the forward out-of-band (OB) and in-band (IB) packets a
 * flow's sender emits back to back once per control period, and the reverse OB packet that
 * carries the receiver's feedback.
 *
 * One fixed-size layout serves the three kinds (fields a kind does not use are 0), so that a
 * router can rewrite an IB packet in place (AVD adds its virtual delay) and sizes never change on
 * the path. All fields are big-endian; 40 bytes, 70 on a point-to-point wire with UDP (8), IPv4
 * (20) and PPP (2):
 *
 * \verbatim
   offset size field
    0     1    type             1 forward OB, 2 forward IB, 3 reverse OB
    1     1    flag             reverse OB: 0 hold, 1 increase, 2 decrease,
                                3 decrease-due-to-loss; 0 in forward packets
    2     1    version          1
    3     1    reserved         0
    4     4    sequence         control sequence number (an OB/IB pair and its answer share it)
    8     8    sentBytes        IB: IPv4 bytes of the flow's data sent before this IB, cumulative
   16     8    virtualDelay     IB: sum of the AVD routers' virtual delays, ns (0 at the sender)
   24     4    accumulation     forward OB: the sender's target a*; reverse OB: the estimate, bytes
   28     4    egressRate       reverse OB: the receiver's EWMA of the flow's egress rate, bytes/s
   32     8    forwardQueueing  reverse OB: ftt_q = t(IB) - t(OB) at the receiver, ns
   \endverbatim
 *
 * Deserialize() accepts any 40 bytes; IsValid() tells whether they form a control packet of this
 * version (agents drop the others). Times are stored in whole nanoseconds
 * (Time::GetNanoSeconds()); setting a negative time aborts.
 */
class MonacoHeader : public Header
{
  public:
    /// The kind of control packet.
    enum PacketType : uint8_t
    {
        FORWARD_OB = 1, //!< forward, out-of-band (high priority, DSCP EF)
        FORWARD_IB = 2, //!< forward, in-band (with the flow's data)
        REVERSE_OB = 3  //!< reverse, out-of-band: the receiver's feedback
    };

    /// What the receiver tells the sender to do with its window (reverse OB).
    enum Flag : uint8_t
    {
        HOLD = 0,         //!< estimate equals the target (sgn = 0), or a forward packet
        INCREASE = 1,     //!< estimate below the target
        DECREASE = 2,     //!< estimate above the target
        DECREASE_LOSS = 3 //!< fewer bytes received than sent: halve the window
    };

    /// The version this code writes and accepts.
    static constexpr uint8_t VERSION = 1;
    /// Bytes on the wire (1 + 1 + 1 + 1 + 4 + 8 + 8 + 4 + 4 + 8).
    static constexpr uint32_t SERIALIZED_SIZE = 40;
    /// Bytes of a control packet on a point-to-point wire: the header, UDP (8), IPv4 (20), PPP (2).
    static constexpr uint32_t WIRE_SIZE = SERIALIZED_SIZE + 8 + 20 + 2;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// A forward OB of sequence number 0, every other field 0, version VERSION.
    MonacoHeader();
    ~MonacoHeader() override;

    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /**
     * \return whether the header is a control packet of this version: a known type, a known
     * flag, flag HOLD (0) in forward packets, version VERSION
     */
    bool IsValid() const;

    /// \param type the kind of control packet
    void SetPacketType(PacketType type);
    /// \return the kind of control packet (as read: may be unknown, see IsValid())
    PacketType GetPacketType() const;
    /// \param flag the feedback flag (reverse OB)
    void SetFlag(Flag flag);
    /// \return the feedback flag (as read: may be unknown, see IsValid())
    Flag GetFlag() const;
    /// \return the version read (VERSION for a header built here)
    uint8_t GetVersion() const;
    /// \param sequence the control sequence number
    void SetSequence(uint32_t sequence);
    /// \return the control sequence number
    uint32_t GetSequence() const;
    /// \param bytes IPv4 bytes of the flow's data sent before this IB (cumulative)
    void SetSentBytes(uint64_t bytes);
    /// \return IPv4 bytes of the flow's data sent before this IB (cumulative)
    uint64_t GetSentBytes() const;
    /// \param delay the virtual-delay sum (>= 0; stored in whole ns)
    void SetVirtualDelay(Time delay);
    /// \param delay a router's virtual delay to add to the sum (>= 0; in whole ns)
    void AddVirtualDelay(Time delay);
    /// \return the virtual-delay sum
    Time GetVirtualDelay() const;
    /// \param bytes the target (forward OB) or the estimated (reverse OB) accumulation, bytes
    void SetAccumulation(uint32_t bytes);
    /// \return the target (forward OB) or the estimated (reverse OB) accumulation, bytes
    uint32_t GetAccumulation() const;
    /// \param bytesPerSecond the receiver's egress-rate average, bytes/s
    void SetEgressRate(uint32_t bytesPerSecond);
    /// \return the receiver's egress-rate average, bytes/s
    uint32_t GetEgressRate() const;
    /// \param delay ftt_q, the forward queueing time measured by the receiver (>= 0; whole ns)
    void SetForwardQueueing(Time delay);
    /// \return ftt_q
    Time GetForwardQueueing() const;

  private:
    /**
     * \param delay a time
     * \param what the field's name, for the abort message
     * \return the time in whole nanoseconds; aborts if negative
     */
    static uint64_t ToNanoSeconds(Time delay, const char* what);

    uint8_t m_type{FORWARD_OB};      //!< type
    uint8_t m_flag{HOLD};            //!< flag
    uint8_t m_version{VERSION};      //!< version
    uint32_t m_sequence{0};          //!< sequence
    uint64_t m_sentBytes{0};         //!< sentBytes
    uint64_t m_virtualDelayNs{0};    //!< virtualDelay, ns
    uint32_t m_accumulation{0};      //!< accumulation, bytes
    uint32_t m_egressRate{0};        //!< egressRate, bytes/s
    uint64_t m_forwardQueueingNs{0}; //!< forwardQueueing, ns
};

} // namespace ns3

#endif /* MONACO_HEADER_H */
