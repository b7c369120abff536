/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "price-queue-disc.h"

#include "dualcc-enum-accessor.h"
#include "magnitude-range-checker.h"
#include "queue-disc-link-capacity.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PriceQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(PriceQueueDisc);

namespace
{
/// Bits per byte.
constexpr double BITS_PER_BYTE = 8.0;
} // namespace

TypeId
PriceQueueDisc::GetTypeId()
{
    // No AddConstructor: abstract. No attributes: see AddPriceAttributes().
    static TypeId tid = TypeId("ns3::PriceQueueDisc").SetParent<QueueDisc>().SetGroupName("Dualcc");
    return tid;
}

TypeId
PriceQueueDisc::AddPriceAttributes(TypeId tid,
                                   QueueSize maxSizeDefault,
                                   const std::string& maxSizeHelp,
                                   bool useEcnDefault,
                                   const std::string& useEcnHelp)
{
    return AddLinkAttributes(AddMaxSize(tid, maxSizeDefault, maxSizeHelp)
                                 .AddAttribute("UseEcn",
                                               useEcnHelp,
                                               BooleanValue(useEcnDefault),
                                               MakeBooleanAccessor(&PriceQueueDisc::m_useEcn),
                                               MakeBooleanChecker()));
}

TypeId
PriceQueueDisc::AddSignalFreeAttributes(TypeId tid,
                                        QueueSize maxSizeDefault,
                                        const std::string& maxSizeHelp)
{
    return AddLinkAttributes(AddMaxSize(tid, maxSizeDefault, maxSizeHelp));
}

TypeId
PriceQueueDisc::AddMaxSize(TypeId tid, QueueSize maxSizeDefault, const std::string& maxSizeHelp)
{
    return tid.AddAttribute("MaxSize",
                            maxSizeHelp,
                            QueueSizeValue(maxSizeDefault),
                            MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                            // 0 holds no packet (ns-3's SetMaxSize refuses it): the checker says
                            // so, naming the range.
                            MakeQueueSizeRangeChecker(1, std::numeric_limits<uint32_t>::max()));
}

TypeId
PriceQueueDisc::AddLinkAttributes(TypeId tid)
{
    return tid
        .AddAttribute("LinkBandwidth",
                      "The link capacity C, bit/s, at most 1e15 bit/s (the checker's range); 0 "
                      "bit/s (the default): the DataRate attribute of the NetDevice the queue "
                      "disc is attached to (also at most 1e15 bit/s; checked at initialization)",
                      DataRateValue(DataRate(0)),
                      MakeDataRateAccessor(&PriceQueueDisc::m_linkBandwidth),
                      MakeDataRateRangeChecker(0, QueueDiscLinkCapacity::MAX_BIT_RATE))
        .AddAttribute("MeanPktSize",
                      "With SizeAccounting FixedPacketSize: the bytes every packet counts for "
                      "(C in packets/s is the rate over 8 MeanPktSize in packet mode; in byte "
                      "mode the smallest MaxSize accepted); with Wire: the mean packet size "
                      "assumed until arrivals are measured on a disc without a device; bytes, "
                      "in [1, 4294967295]",
                      UintegerValue(1000),
                      MakeUintegerAccessor(&PriceQueueDisc::m_meanPktSize),
                      MakeUintegerChecker<uint32_t>(1))
        .AddAttribute("SizeAccounting",
                      "How the law counts arrivals and the capacity. Wire (default): bytes on "
                      "the wire (IP size + the device's link header) against C in bytes/s, for "
                      "any packet size or mix; quantities in packets convert with the measured "
                      "mean packet size. FixedPacketSize: ns-2's meaning, every packet counts as "
                      "MeanPktSize bytes in packet mode (IP bytes against rate/8 in byte mode)",
                      EnumValue(PriceQueueDisc::WIRE),
                      MakeDualccEnumAccessor<SizeAccounting>(&PriceQueueDisc::m_sizeAccounting),
                      MakeEnumChecker(PriceQueueDisc::WIRE,
                                      "Wire",
                                      PriceQueueDisc::FIXED_PACKET_SIZE,
                                      "FixedPacketSize"))
        .AddAttribute("AllowDeviceBacklog",
                      "False (default): refuse, at initialization, a device whose own "
                      "transmission queue holds more than one packet under the disc (without "
                      "BQL), since packets would wait there outside the law; true: accept it",
                      BooleanValue(false),
                      MakeBooleanAccessor(&PriceQueueDisc::m_allowDeviceBacklog),
                      MakeBooleanChecker());
}

PriceQueueDisc::PriceQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE),
      m_useEcn(false),
      m_meanPktSize(1000),
      m_allowDeviceBacklog(false),
      m_sizeAccounting(WIRE),
      m_capacity(0)
{
    NS_LOG_FUNCTION(this);
}

PriceQueueDisc::~PriceQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
PriceQueueDisc::DoDispose()
{
    NS_LOG_FUNCTION(this);
    QueueDisc::DoDispose();
}

int64_t
PriceQueueDisc::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    return 0;
}

double
PriceQueueDisc::GetLinkCapacity() const
{
    return m_capacity;
}

uint32_t
PriceQueueDisc::GetMeanPktSize() const
{
    return m_meanPktSize;
}

double
PriceQueueDisc::GetBytesPerPacket() const
{
    return m_sizeAccounting == WIRE ? m_meanWireBytes : static_cast<double>(m_meanPktSize);
}

PriceQueueDisc::SizeAccounting
PriceQueueDisc::GetSizeAccounting() const
{
    return m_sizeAccounting;
}

uint32_t
PriceQueueDisc::GetLinkHeaderBytes() const
{
    return m_linkHeaderBytes;
}

double
PriceQueueDisc::LawSize(Ptr<const QueueDiscItem> item) const
{
    return (m_sizeAccounting == FIXED_PACKET_SIZE && m_packetMode) ? 1.0 : CountedBytes(item);
}

double
PriceQueueDisc::CountedBytes(Ptr<const QueueDiscItem> item) const
{
    return m_sizeAccounting == WIRE ? static_cast<double>(item->GetSize()) + m_linkHeaderBytes
                                    : static_cast<double>(item->GetSize());
}

double
PriceQueueDisc::GetBacklogBytes() const
{
    const double bytes = GetNBytes();
    return m_sizeAccounting == WIRE ? bytes + double(m_linkHeaderBytes) * GetNPackets() : bytes;
}

double
PriceQueueDisc::GetLawUnitsPerMaxSizeUnit() const
{
    return (m_sizeAccounting == WIRE && m_packetMode) ? m_meanWireBytes : 1.0;
}

double
PriceQueueDisc::GetBufferInLawUnits() const
{
    return static_cast<double>(GetMaxSize().GetValue()) * GetLawUnitsPerMaxSizeUnit();
}

double
PriceQueueDisc::GetBacklog() const
{
    return m_packetMode ? GetNPackets() : GetBacklogBytes();
}

double
PriceQueueDisc::GetBacklogPackets() const
{
    return m_packetMode ? GetBacklog() : GetBacklog() / GetBytesPerPacket();
}

bool
PriceQueueDisc::GetUseEcn() const
{
    return m_useEcn;
}

void
PriceQueueDisc::AfterArrival(double /* size */, bool /* admitted */)
{
}

void
PriceQueueDisc::NotifyBypass(Ptr<const QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    OnBypass(item);
}

void
PriceQueueDisc::SetBypassingParent(bool bypassing)
{
    NS_LOG_FUNCTION(this << bypassing);
    m_bypassingParent = bypassing;
}

bool
PriceQueueDisc::HasBypassingParent() const
{
    return m_bypassingParent;
}

void
PriceQueueDisc::OnBypass(Ptr<const QueueDiscItem> /* item */)
{
}

void
PriceQueueDisc::AfterDeparture(Ptr<const QueueDiscItem> /* item */)
{
}

bool
PriceQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    const double size = LawSize(item);
    if (m_sizeAccounting == WIRE)
    {
        // The measured mean wire size of a packet (exponentially weighted); the difference form
        // keeps it exact while every packet has the same size.
        m_meanWireBytes += (size - m_meanWireBytes) / MEAN_SIZE_WINDOW;
    }
    const bool fits = !(GetCurrentSize() + item > GetMaxSize());
    const bool congestion = SignalsCongestion(item, size, fits);

    bool admitted = false;
    if (!fits)
    {
        NS_LOG_LOGIC("queue full: forced drop");
        DropBeforeEnqueue(item, FORCED_DROP);
    }
    else if (congestion && (!m_useEcn || !Mark(item, UNFORCED_MARK)) &&
             (!m_useEcn || DropsNonEcnOnCongestion()))
    {
        NS_LOG_LOGIC("congestion: unforced drop");
        DropBeforeEnqueue(item, UNFORCED_DROP);
    }
    else
    {
        NS_LOG_LOGIC("enqueued" << (congestion ? " (congestion: marked, or not ECN-capable)" : ""));
        // A failing internal enqueue reports its drop through the queue disc's callbacks.
        admitted = GetInternalQueue(0)->Enqueue(item);
    }
    AfterArrival(size, admitted);
    return admitted;
}

bool
PriceQueueDisc::DropsNonEcnOnCongestion() const
{
    return true;
}

bool
PriceQueueDisc::SignalsCongestionAtDeparture(Ptr<const QueueDiscItem> /* item */)
{
    return false;
}

Ptr<QueueDiscItem>
PriceQueueDisc::DoDequeue()
{
    NS_LOG_FUNCTION(this);
    while (Ptr<QueueDiscItem> item = GetInternalQueue(0)->Dequeue())
    {
        AfterDeparture(item);
        if (!SignalsCongestionAtDeparture(item))
        {
            return item;
        }
        if (m_useEcn && Mark(item, UNFORCED_MARK))
        {
            NS_LOG_LOGIC("congestion at departure: marked");
            return item;
        }
        if (m_useEcn && !DropsNonEcnOnCongestion())
        {
            NS_LOG_LOGIC("congestion at departure: not ECN-capable, passes unmarked");
            return item;
        }
        NS_LOG_LOGIC("congestion at departure: unforced drop");
        DropAfterDequeue(item, UNFORCED_DROP);
    }
    NS_LOG_LOGIC("queue empty");
    return nullptr;
}

bool
PriceQueueDisc::CheckConfig()
{
    NS_LOG_FUNCTION(this);
    const std::string who = GetInstanceTypeId().GetName();
    // QueueDisc::DoInitialize only asserts the result (gone in optimized builds): abort instead.
    NS_ABORT_MSG_IF(GetNQueueDiscClasses() > 0, who << " cannot have classes");
    NS_ABORT_MSG_IF(GetNPacketFilters() > 0, who << " cannot have packet filters");
    if (GetNInternalQueues() == 0)
    {
        AddInternalQueue(
            CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>("MaxSize",
                                                                     QueueSizeValue(GetMaxSize())));
    }
    NS_ABORT_MSG_IF(GetNInternalQueues() != 1,
                    who << " needs exactly 1 internal queue, not " << GetNInternalQueues());

    CheckLawConfig();
    m_packetMode = GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS;
    m_linkHeaderBytes = QueueDiscLinkCapacity::GetLinkHeaderBytes(*this);
    if (m_sizeAccounting == FIXED_PACKET_SIZE)
    {
        QueueDiscLinkCapacity::CheckMaxSize(*this, m_meanPktSize, who);
        m_capacity = QueueDiscLinkCapacity::Resolve(*this, m_linkBandwidth, m_meanPktSize, who);
    }
    else
    {
        const uint32_t mtu = QueueDiscLinkCapacity::GetDeviceMtu(*this);
        QueueDiscLinkCapacity::CheckMaxSizeHoldsMtu(*this, who);
        m_capacity =
            QueueDiscLinkCapacity::ResolveBitRate(*this, m_linkBandwidth, who) / BITS_PER_BYTE;
        // Until arrivals are measured: a full-size packet, or MeanPktSize without a device.
        m_meanWireBytes = mtu > 0 ? double(mtu) + m_linkHeaderBytes : double(m_meanPktSize);
    }
    CheckPacketRate(who);
    const std::string backlog =
        m_allowDeviceBacklog ? "" : QueueDiscLinkCapacity::DescribeDeviceBacklog(*this);
    NS_ABORT_MSG_IF(!backlog.empty(),
                    who << ": " << backlog
                        << ": packets would wait there, a standing queue outside the law's "
                           "control (measured with AVQ over ns-3's default 100 packets: 40 "
                           "packets, 32 ms). Give the device a 1-packet queue before installing "
                           "it (PointToPointHelper::SetQueue(\"ns3::DropTailQueue\", \"MaxSize\", "
                           "StringValue(\"1p\")), or Config::SetDefault("
                           "\"ns3::DropTailQueue<Packet>::MaxSize\", StringValue(\"1p\"))), "
                           "enable BQL, or set "
                        << who << "::AllowDeviceBacklog=true to accept it");
    NS_LOG_DEBUG(
        "C = " << m_capacity
               << (m_sizeAccounting == WIRE ? " wire bytes/s"
                   : m_packetMode           ? " packets/s"
                                            : " bytes/s")
               << (m_linkBandwidth.GetBitRate() > 0 ? " (LinkBandwidth)" : " (device DataRate)"));
    return true;
}

void
PriceQueueDisc::CheckPacketRate(const std::string& who) const
{
    // C in packets/s: below one packet a second the law's rates and prices are about 0 (e.g.
    // LinkBandwidth 1 bit/s, or MeanPktSize 4294967295 bytes), a link no model describes.
    const bool fixed = m_sizeAccounting == FIXED_PACKET_SIZE;
    const double packetBytes = fixed ? double(m_meanPktSize) : m_meanWireBytes;
    const double packetsPerSecond =
        fixed && m_packetMode ? m_capacity : m_capacity / std::max(packetBytes, 1.0);
    NS_ABORT_MSG_IF(packetsPerSecond < 1,
                    who << "::LinkBandwidth and MeanPktSize: the capacity C = "
                        << m_capacity * (fixed && m_packetMode ? packetBytes : 1) * BITS_PER_BYTE
                        << " bit/s carries " << packetsPerSecond << " packets of " << packetBytes
                        << " bytes a second; it must carry at least 1 (C >= 8 x "
                        << (fixed ? "MeanPktSize" : "the packet size")
                        << " bit/s): raise LinkBandwidth or lower MeanPktSize");
}

void
PriceQueueDisc::InitializeParams()
{
    NS_LOG_FUNCTION(this);
    InitializeLaw();
}

} // namespace ns3
