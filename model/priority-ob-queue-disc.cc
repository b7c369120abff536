/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "priority-ob-queue-disc.h"

#include "algorithm-traits.h"
#include "fluid-link-law.h"
#include "price-queue-disc.h"

#include "ns3/abort.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/fifo-queue-disc.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PriorityObQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(PriorityObQueueDisc);

TypeId
PriorityObQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PriorityObQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Dualcc")
            .AddConstructor<PriorityObQueueDisc>()
            .AddAttribute("MaxSize",
                          "The limit of the default child FifoQueueDisc (band 1, the data), in "
                          "packets (e.g. 100p) or bytes (e.g. 100000B); at least 1 packet or byte. "
                          "Ignored when a child queue disc is given: it keeps its own limit",
                          QueueSizeValue(QueueSize("1000p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker())
            .AddAttribute("Dscp",
                          "The DSCP (the 6 high bits of the IPv4 TOS byte), 1..63, of the "
                          "out-of-band packets served first (band 0); default 46, Expedited "
                          "Forwarding (TOS 0xB8, what MonacoSenderAgent and MonacoReceiverAgent "
                          "send). 0 is refused: it is best effort, every data packet's DSCP, "
                          "which would all go to band 0",
                          UintegerValue(46),
                          MakeUintegerAccessor(&PriorityObQueueDisc::m_dscp),
                          MakeUintegerChecker<uint8_t>(1, 63))
            .AddAttribute("ControlLimit",
                          "The limit of band 0 (the out-of-band packets), packets, 1..1000000; an "
                          "out-of-band packet arriving at a full band 0 is dropped ('Control "
                          "queue full')",
                          UintegerValue(50),
                          MakeUintegerAccessor(&PriorityObQueueDisc::m_controlLimit),
                          MakeUintegerChecker<uint32_t>(1, MAX_CONTROL_LIMIT));
    return tid;
}

PriorityObQueueDisc::PriorityObQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::MULTIPLE_QUEUES)
{
    NS_LOG_FUNCTION(this);
}

PriorityObQueueDisc::~PriorityObQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

PriorityObQueueDisc::BandStats
PriorityObQueueDisc::GetBandStats(std::size_t band) const
{
    NS_ABORT_MSG_IF(band > DATA_BAND,
                    "PriorityObQueueDisc::GetBandStats: band " << band << "; valid: 0 or 1");
    BandStats s;
    if (band == CONTROL_BAND)
    {
        s.enqueuedPackets = m_controlEnqueuedPackets;
        s.enqueuedBytes = m_controlEnqueuedBytes;
        s.droppedPackets = m_controlDroppedPackets;
        s.droppedBytes = m_controlDroppedBytes;
        if (GetNInternalQueues() > 0)
        {
            s.packets = GetInternalQueue(0)->GetNPackets();
            s.bytes = GetInternalQueue(0)->GetNBytes();
        }
        return s;
    }
    if (GetNQueueDiscClasses() == 0)
    {
        return s;
    }
    Ptr<QueueDisc> child = GetQueueDiscClass(0)->GetQueueDisc();
    const QueueDisc::Stats& stats = child->GetStats();
    s.enqueuedPackets = stats.nTotalEnqueuedPackets;
    s.enqueuedBytes = stats.nTotalEnqueuedBytes;
    s.droppedPackets = stats.nTotalDroppedPackets;
    s.droppedBytes = stats.nTotalDroppedBytes;
    s.packets = child->GetNPackets();
    s.bytes = child->GetNBytes();
    return s;
}

bool
PriorityObQueueDisc::IsControl(Ptr<const QueueDiscItem> item) const
{
    Ptr<const Ipv4QueueDiscItem> ipv4 = DynamicCast<const Ipv4QueueDiscItem>(item);
    return ipv4 && (ipv4->GetHeader().GetTos() >> 2) == m_dscp;
}

bool
PriorityObQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    if (!IsControl(item))
    {
        NS_LOG_LOGIC("band 1");
        return GetQueueDiscClass(0)->GetQueueDisc()->Enqueue(item);
    }
    if (GetInternalQueue(0)->GetNPackets() >= m_controlLimit)
    {
        NS_LOG_LOGIC("band 0 full (" << m_controlLimit << " packets): drop");
        ++m_controlDroppedPackets;
        m_controlDroppedBytes += item->GetSize();
        DropBeforeEnqueue(item, CONTROL_QUEUE_FULL);
        return false;
    }
    NS_LOG_LOGIC("band 0");
    const uint32_t size = item->GetSize();
    const bool enqueued = GetInternalQueue(0)->Enqueue(item);
    if (enqueued)
    {
        ++m_controlEnqueuedPackets;
        m_controlEnqueuedBytes += size;
        // The OB loads the link as the data do: a price disc in band 1 may count it (AVD).
        Ptr<PriceQueueDisc> data =
            DynamicCast<PriceQueueDisc>(GetQueueDiscClass(0)->GetQueueDisc());
        if (data)
        {
            data->NotifyBypass(item);
        }
    }
    return enqueued;
}

Ptr<QueueDiscItem>
PriorityObQueueDisc::DoDequeue()
{
    NS_LOG_FUNCTION(this);
    Ptr<QueueDiscItem> item = GetInternalQueue(0)->Dequeue();
    if (item)
    {
        NS_LOG_LOGIC("band 0");
        return item;
    }
    return GetQueueDiscClass(0)->GetQueueDisc()->Dequeue();
}

Ptr<const QueueDiscItem>
PriorityObQueueDisc::DoPeek()
{
    NS_LOG_FUNCTION(this);
    Ptr<const QueueDiscItem> item = GetInternalQueue(0)->Peek();
    if (item)
    {
        return item;
    }
    return GetQueueDiscClass(0)->GetQueueDisc()->Peek();
}

bool
PriorityObQueueDisc::CheckConfig()
{
    NS_LOG_FUNCTION(this);
    // QueueDisc::DoInitialize only asserts the result (gone in optimized builds): abort instead.
    NS_ABORT_MSG_IF(GetNPacketFilters() > 0,
                    "ns3::PriorityObQueueDisc has "
                        << GetNPacketFilters()
                        << " packet filter(s); it classifies by the IPv4 DSCP itself (attribute "
                           "ns3::PriorityObQueueDisc::Dscp); valid: no packet filter");
    NS_ABORT_MSG_IF(GetNQueueDiscClasses() > 1,
                    "ns3::PriorityObQueueDisc has "
                        << GetNQueueDiscClasses()
                        << " queue-disc classes; valid: at most 1 (class 0, the data band; the "
                           "out-of-band band is internal, sized by ControlLimit)");
    NS_ABORT_MSG_IF(GetNInternalQueues() > 0,
                    "ns3::PriorityObQueueDisc has "
                        << GetNInternalQueues()
                        << " internal queue(s) added from outside; valid: none (band 0 is its own, "
                           "sized by ns3::PriorityObQueueDisc::ControlLimit)");
    // The checker already bounds it; restated next to the band it sizes.
    NS_ABORT_MSG_IF(m_controlLimit < 1 || m_controlLimit > MAX_CONTROL_LIMIT,
                    "ns3::PriorityObQueueDisc::ControlLimit = "
                        << m_controlLimit << " packets; valid: 1.." << MAX_CONTROL_LIMIT);
    NS_ABORT_MSG_IF(m_dscp < 1 || m_dscp > 63,
                    "ns3::PriorityObQueueDisc::Dscp = "
                        << unsigned{m_dscp}
                        << "; valid: 1..63 (0 is best effort, the DSCP of the data packets, "
                           "which would all go to the out-of-band band 0)");
    if (GetNQueueDiscClasses() == 0)
    {
        ObjectFactory fifo("ns3::FifoQueueDisc");
        fifo.Set("MaxSize", QueueSizeValue(GetMaxSize()));
        Ptr<QueueDiscClass> data = CreateObject<QueueDiscClass>();
        data->SetQueueDisc(fifo.Create<QueueDisc>());
        AddQueueDiscClass(data);
    }
    // A price disc in band 1 learns that the OBs bypass it (AVD then leaves out of its stamp
    // the physical wait the receiver reads in ftt_q).
    Ptr<PriceQueueDisc> data = DynamicCast<PriceQueueDisc>(GetQueueDiscClass(0)->GetQueueDisc());
    if (data)
    {
        data->SetBypassingParent(true);
    }
    AddInternalQueue(CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>(
        "MaxSize",
        QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_controlLimit))));
    return true;
}

void
PriorityObQueueDisc::InitializeParams()
{
    NS_LOG_FUNCTION(this);
    m_controlEnqueuedPackets = 0;
    m_controlEnqueuedBytes = 0;
    m_controlDroppedPackets = 0;
    m_controlDroppedBytes = 0;
}

namespace
{
/**
 * The traits of a PriorityObQueueDisc as configured: out-of-band priority, and the price of its
 * data band, i.e. its child's traits, fluid law included (a FIFO's before the default child
 * exists: the same).
 * \param disc a PriorityObQueueDisc
 * \return its traits
 */
AlgorithmTraits::Link
DataBandTraits(Ptr<QueueDisc> disc)
{
    AlgorithmTraits::Link traits;
    traits.fluidLaw = [](Ptr<QueueDisc>) { return std::make_shared<const FluidDropTailLaw>(); };
    if (disc->GetNQueueDiscClasses() > 0)
    {
        Ptr<QueueDisc> child = disc->GetQueueDiscClass(0)->GetQueueDisc();
        const AlgorithmTraits::Link data = AlgorithmTraits::GetLinkOf(child);
        traits.physicalPrice = data.physicalPrice;
        traits.fluidLaw = nullptr;
        if (data.fluidLaw)
        {
            traits.fluidLaw = [child, law = data.fluidLaw](Ptr<QueueDisc>) { return law(child); };
        }
        if (data.capacityFactor)
        {
            traits.capacityFactor = [child, factor = data.capacityFactor](Ptr<QueueDisc>) {
                return factor(child);
            };
        }
        if (data.standingBacklog)
        {
            traits.standingBacklog = [child, backlog = data.standingBacklog](Ptr<QueueDisc>,
                                                                             double packetBytes) {
                return backlog(child, packetBytes);
            };
        }
        if (data.assignStreams)
        {
            traits.assignStreams = [child, assign = data.assignStreams](Ptr<QueueDisc>,
                                                                        int64_t stream) {
                return assign(child, stream);
            };
        }
    }
    traits.outOfBandPriority = true;
    return traits;
}

/// Out-of-band priority; price, capacity factor and streams those of the child (DataBandTraits).
const bool g_traits =
    AlgorithmTraits::RegisterLink(PriorityObQueueDisc::GetTypeId(),
                                  {nullptr, true, nullptr, true, &DataBandTraits});
} // namespace

} // namespace ns3
