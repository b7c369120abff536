/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MonacoHeader");
NS_OBJECT_ENSURE_REGISTERED(MonacoHeader);

namespace
{
/// Byte 3 of the header: reserved, written as 0 and ignored when read.
constexpr uint8_t RESERVED = 0;

/**
 * \param type a type byte
 * \return its name, or "unknown"
 */
const char*
TypeName(uint8_t type)
{
    switch (type)
    {
    case MonacoHeader::FORWARD_OB:
        return "forward-OB";
    case MonacoHeader::FORWARD_IB:
        return "forward-IB";
    case MonacoHeader::REVERSE_OB:
        return "reverse-OB";
    default:
        return "unknown";
    }
}

/**
 * \param flag a flag byte
 * \return its name, or "unknown"
 */
const char*
FlagName(uint8_t flag)
{
    switch (flag)
    {
    case MonacoHeader::HOLD:
        return "hold";
    case MonacoHeader::INCREASE:
        return "increase";
    case MonacoHeader::DECREASE:
        return "decrease";
    case MonacoHeader::DECREASE_LOSS:
        return "decrease-due-to-loss";
    default:
        return "unknown";
    }
}
} // namespace

TypeId
MonacoHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MonacoHeader")
                            .SetParent<Header>()
                            .SetGroupName("Dualcc")
                            .AddConstructor<MonacoHeader>();
    return tid;
}

MonacoHeader::MonacoHeader()
{
    NS_LOG_FUNCTION(this);
}

MonacoHeader::~MonacoHeader()
{
    NS_LOG_FUNCTION(this);
}

TypeId
MonacoHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
MonacoHeader::GetSerializedSize() const
{
    return SERIALIZED_SIZE;
}

void
MonacoHeader::Serialize(Buffer::Iterator start) const
{
    NS_LOG_FUNCTION(this);
    Buffer::Iterator i = start;
    i.WriteU8(m_type);
    i.WriteU8(m_flag);
    i.WriteU8(m_version);
    i.WriteU8(RESERVED);
    i.WriteHtonU32(m_sequence);
    i.WriteHtonU64(m_sentBytes);
    i.WriteHtonU64(m_virtualDelayNs);
    i.WriteHtonU32(m_accumulation);
    i.WriteHtonU32(m_egressRate);
    i.WriteHtonU64(m_forwardQueueingNs);
}

uint32_t
MonacoHeader::Deserialize(Buffer::Iterator start)
{
    NS_LOG_FUNCTION(this);
    Buffer::Iterator i = start;
    m_type = i.ReadU8();
    m_flag = i.ReadU8();
    m_version = i.ReadU8();
    i.ReadU8(); // reserved
    m_sequence = i.ReadNtohU32();
    m_sentBytes = i.ReadNtohU64();
    m_virtualDelayNs = i.ReadNtohU64();
    m_accumulation = i.ReadNtohU32();
    m_egressRate = i.ReadNtohU32();
    m_forwardQueueingNs = i.ReadNtohU64();
    return i.GetDistanceFrom(start);
}

void
MonacoHeader::Print(std::ostream& os) const
{
    os << "type=" << TypeName(m_type) << " flag=" << FlagName(m_flag)
       << " version=" << static_cast<uint32_t>(m_version) << " seq=" << m_sequence
       << " sentBytes=" << m_sentBytes << " virtualDelay=" << m_virtualDelayNs << "ns"
       << " accumulation=" << m_accumulation << "B"
       << " egressRate=" << m_egressRate << "B/s"
       << " forwardQueueing=" << m_forwardQueueingNs << "ns";
}

bool
MonacoHeader::IsValid() const
{
    const bool knownType = m_type == FORWARD_OB || m_type == FORWARD_IB || m_type == REVERSE_OB;
    const bool knownFlag = m_flag <= DECREASE_LOSS;
    const bool forwardWithoutFlag = m_type == REVERSE_OB || m_flag == HOLD;
    return knownType && knownFlag && forwardWithoutFlag && m_version == VERSION;
}

void
MonacoHeader::SetPacketType(PacketType type)
{
    m_type = type;
}

MonacoHeader::PacketType
MonacoHeader::GetPacketType() const
{
    return static_cast<PacketType>(m_type);
}

void
MonacoHeader::SetFlag(Flag flag)
{
    m_flag = flag;
}

MonacoHeader::Flag
MonacoHeader::GetFlag() const
{
    return static_cast<Flag>(m_flag);
}

uint8_t
MonacoHeader::GetVersion() const
{
    return m_version;
}

void
MonacoHeader::SetSequence(uint32_t sequence)
{
    m_sequence = sequence;
}

uint32_t
MonacoHeader::GetSequence() const
{
    return m_sequence;
}

void
MonacoHeader::SetSentBytes(uint64_t bytes)
{
    m_sentBytes = bytes;
}

uint64_t
MonacoHeader::GetSentBytes() const
{
    return m_sentBytes;
}

uint64_t
MonacoHeader::ToNanoSeconds(Time delay, const char* what)
{
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "MonacoHeader: " << what << " = " << delay
                                     << " is negative; valid: a time >= 0");
    return static_cast<uint64_t>(delay.GetNanoSeconds());
}

void
MonacoHeader::SetVirtualDelay(Time delay)
{
    m_virtualDelayNs = ToNanoSeconds(delay, "virtualDelay");
}

void
MonacoHeader::AddVirtualDelay(Time delay)
{
    m_virtualDelayNs += ToNanoSeconds(delay, "virtualDelay increment");
}

Time
MonacoHeader::GetVirtualDelay() const
{
    return NanoSeconds(static_cast<int64_t>(m_virtualDelayNs));
}

void
MonacoHeader::SetAccumulation(uint32_t bytes)
{
    m_accumulation = bytes;
}

uint32_t
MonacoHeader::GetAccumulation() const
{
    return m_accumulation;
}

void
MonacoHeader::SetEgressRate(uint32_t bytesPerSecond)
{
    m_egressRate = bytesPerSecond;
}

uint32_t
MonacoHeader::GetEgressRate() const
{
    return m_egressRate;
}

void
MonacoHeader::SetForwardQueueing(Time delay)
{
    m_forwardQueueingNs = ToNanoSeconds(delay, "forwardQueueing");
}

Time
MonacoHeader::GetForwardQueueing() const
{
    return NanoSeconds(static_cast<int64_t>(m_forwardQueueingNs));
}

} // namespace ns3
