/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "price-queue-disc.h"

#include "queue-disc-link-capacity.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PriceQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(PriceQueueDisc);

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
                            MakeQueueSizeChecker());
}

TypeId
PriceQueueDisc::AddLinkAttributes(TypeId tid)
{
    return tid
        .AddAttribute("LinkBandwidth",
                      "The link capacity C, bit/s, at most 1e15 bit/s; 0 bit/s (the "
                      "default): the DataRate attribute of the NetDevice the queue disc is "
                      "attached to (also at most 1e15 bit/s; checked at initialization)",
                      DataRateValue(DataRate(0)),
                      MakeDataRateAccessor(&PriceQueueDisc::m_linkBandwidth),
                      MakeDataRateChecker())
        .AddAttribute("MeanPktSize",
                      "Packet size used to express C in packets/s when MaxSize counts "
                      "packets, bytes (>= 1; in byte mode the smallest MaxSize accepted: one "
                      "packet)",
                      UintegerValue(1000),
                      MakeUintegerAccessor(&PriceQueueDisc::m_meanPktSize),
                      MakeUintegerChecker<uint32_t>(1));
}

PriceQueueDisc::PriceQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE),
      m_useEcn(false),
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
PriceQueueDisc::ItemSize(Ptr<const QueueDiscItem> item) const
{
    return GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS ? 1.0 : item->GetSize();
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
    const double size = ItemSize(item);
    const bool fits = !(GetCurrentSize() + item > GetMaxSize());
    const bool congestion = SignalsCongestion(item, size, fits);

    bool admitted = false;
    if (!fits)
    {
        NS_LOG_LOGIC("queue full: forced drop");
        DropBeforeEnqueue(item, FORCED_DROP);
    }
    else if (congestion && (!m_useEcn || !Mark(item, UNFORCED_MARK)))
    {
        NS_LOG_LOGIC("congestion: unforced drop");
        DropBeforeEnqueue(item, UNFORCED_DROP);
    }
    else
    {
        NS_LOG_LOGIC("enqueued" << (congestion ? " (congestion: marked)" : ""));
        // A failing internal enqueue reports its drop through the queue disc's callbacks.
        admitted = GetInternalQueue(0)->Enqueue(item);
    }
    AfterArrival(size, admitted);
    return admitted;
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
    QueueDiscLinkCapacity::CheckMaxSize(*this, m_meanPktSize, who);

    m_capacity = QueueDiscLinkCapacity::Resolve(*this, m_linkBandwidth, m_meanPktSize, who);
    NS_LOG_DEBUG(
        "C = " << m_capacity
               << (GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS ? " packets/s" : " bytes/s")
               << (m_linkBandwidth.GetBitRate() > 0 ? " (LinkBandwidth)" : " (device DataRate)"));
    return true;
}

void
PriceQueueDisc::InitializeParams()
{
    NS_LOG_FUNCTION(this);
    InitializeLaw();
}

} // namespace ns3
