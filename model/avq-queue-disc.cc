/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "avq-queue-disc.h"

#include "algorithm-traits.h"

#include "queue-disc-link-capacity.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/net-device.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AvqQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(AvqQueueDisc);

namespace
{
/// The smallest positive double: the lower bound of checkers for parameters that must be > 0.
constexpr double SMALLEST_POSITIVE = std::numeric_limits<double>::min();
} // namespace

TypeId
AvqQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AvqQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Dualcc")
            .AddConstructor<AvqQueueDisc>()
            .AddAttribute("MaxSize",
                          "The real buffer B, which is also the virtual buffer; its unit "
                          "(packets or bytes) sets the mode: b = 1 per packet or b = its size",
                          QueueSizeValue(QueueSize("100p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker())
            .AddAttribute("DesiredUtilization",
                          "The desired utilization gamma of the link, in (0, 1] (dimensionless)",
                          DoubleValue(0.98),
                          MakeDoubleAccessor(&AvqQueueDisc::m_desiredUtilization),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, 1))
            .AddAttribute("Alpha",
                          "The damping factor alpha of the virtual-capacity update, in "
                          "(0, 1e6] (dimensionless; each arrival of b units takes alpha b from "
                          "C~)",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&AvqQueueDisc::m_alpha),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, VirtualQueue::MAX_ALPHA))
            .AddAttribute("UseEcn",
                          "True: mark ECN-capable packets (ECN CE) when the virtual queue "
                          "overflows, and adapt C~ on every arrival; false: drop them, and adapt "
                          "C~ only on packets admitted to the real queue",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AvqQueueDisc::m_useEcn),
                          MakeBooleanChecker())
            .AddAttribute("LinkBandwidth",
                          "The link capacity C, bit/s, at most 1e15 bit/s; 0 bit/s (the "
                          "default): the DataRate attribute of the NetDevice the queue disc is "
                          "attached to (also at most 1e15 bit/s; checked at initialization)",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&AvqQueueDisc::m_linkBandwidth),
                          MakeDataRateChecker())
            .AddAttribute("MeanPktSize",
                          "Packet size used to express C in packets/s when MaxSize counts "
                          "packets, bytes (>= 1; in byte mode the "
                          "smallest MaxSize accepted: one packet)",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&AvqQueueDisc::m_meanPktSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("InitialVirtualCapacity",
                          "The virtual capacity C~ at initialization, as a fraction of the link "
                          "capacity C, in [0, 1] (1: C~(0) = C)",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AvqQueueDisc::m_initialVirtualCapacity),
                          MakeDoubleChecker<double>(0, 1))
            .AddTraceSource("VirtualQueue",
                            "The virtual queue length VQ after each arrival, packets or bytes "
                            "(the unit of MaxSize)",
                            MakeTraceSourceAccessor(&AvqQueueDisc::m_virtualQueueLength),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("VirtualCapacity",
                            "The virtual capacity C~ after each arrival, packets/s or bytes/s "
                            "(the unit of MaxSize per second)",
                            MakeTraceSourceAccessor(&AvqQueueDisc::m_virtualCapacity),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

AvqQueueDisc::AvqQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE),
      m_capacity(0)
{
    NS_LOG_FUNCTION(this);
}

AvqQueueDisc::~AvqQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
AvqQueueDisc::DoDispose()
{
    NS_LOG_FUNCTION(this);
    QueueDisc::DoDispose();
}

int64_t
AvqQueueDisc::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    return 0;
}

double
AvqQueueDisc::GetLinkCapacity() const
{
    return m_capacity;
}

double
AvqQueueDisc::ArrivalSize(Ptr<const QueueDiscItem> item) const
{
    return GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS ? 1.0 : item->GetSize();
}

bool
AvqQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    const Time now = Simulator::Now();
    const double size = ArrivalSize(item);

    // The AVQ law is VirtualQueue's (Drain/Add, then Adapt): see the paper's pseudo-code in
    // virtual-queue.cc. Step 1: the fictitious packet, for every arrival.
    const bool virtualOverflow =
        m_virtualQueue.Arrive(now, size, static_cast<double>(GetMaxSize().GetValue()));

    // Step 2: the real packet.
    bool admitted = false;
    if (GetCurrentSize() + item > GetMaxSize())
    {
        NS_LOG_LOGIC("real queue full: forced drop");
        DropBeforeEnqueue(item, FORCED_DROP);
    }
    else if (virtualOverflow && (!m_useEcn || !Mark(item, UNFORCED_MARK)))
    {
        NS_LOG_LOGIC("virtual queue overflow: unforced drop");
        DropBeforeEnqueue(item, UNFORCED_DROP);
    }
    else
    {
        NS_LOG_LOGIC("enqueued" << (virtualOverflow ? " (virtual queue overflow: marked)" : ""));
        // A failing internal enqueue reports its drop through the queue disc's callbacks.
        admitted = GetInternalQueue(0)->Enqueue(item);
    }

    // Step 3: the virtual capacity. Marking counts every arrival (lambda = arrival rate);
    // dropping counts only admitted packets (lambda = accepted rate, paper's Experiment 5).
    m_virtualQueue.Adapt(now, (m_useEcn || admitted) ? size : 0.0);

    m_virtualQueueLength = m_virtualQueue.GetLength();
    m_virtualCapacity = m_virtualQueue.GetVirtualCapacity();
    NS_LOG_DEBUG("VQ " << m_virtualQueue.GetLength() << ", C~ "
                       << m_virtualQueue.GetVirtualCapacity() << ", real queue "
                       << GetCurrentSize());
    return admitted;
}

Ptr<QueueDiscItem>
AvqQueueDisc::DoDequeue()
{
    NS_LOG_FUNCTION(this);
    Ptr<QueueDiscItem> item = GetInternalQueue(0)->Dequeue();
    if (!item)
    {
        NS_LOG_LOGIC("queue empty");
    }
    return item;
}

bool
AvqQueueDisc::CheckConfig()
{
    NS_LOG_FUNCTION(this);
    // QueueDisc::DoInitialize only asserts the result (gone in optimized builds): abort instead.
    NS_ABORT_MSG_IF(GetNQueueDiscClasses() > 0, "AvqQueueDisc cannot have classes");
    NS_ABORT_MSG_IF(GetNPacketFilters() > 0, "AvqQueueDisc cannot have packet filters");
    if (GetNInternalQueues() == 0)
    {
        AddInternalQueue(
            CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>("MaxSize",
                                                                     QueueSizeValue(GetMaxSize())));
    }
    NS_ABORT_MSG_IF(GetNInternalQueues() != 1,
                    "AvqQueueDisc needs exactly 1 internal queue, not " << GetNInternalQueues());

    // The checkers already enforce these ranges; repeated here so that the invariants the
    // algorithm relies on are stated next to it.
    NS_ABORT_MSG_IF(!(m_desiredUtilization > 0 && m_desiredUtilization <= 1),
                    "ns3::AvqQueueDisc::DesiredUtilization must be in (0, 1], got "
                        << m_desiredUtilization);
    NS_ABORT_MSG_IF(!(m_alpha > 0 && m_alpha <= VirtualQueue::MAX_ALPHA),
                    "ns3::AvqQueueDisc::Alpha must be in (0, 1e6], got " << m_alpha);
    NS_ABORT_MSG_IF(!(m_initialVirtualCapacity >= 0 && m_initialVirtualCapacity <= 1),
                    "ns3::AvqQueueDisc::InitialVirtualCapacity must be in [0, 1] (a fraction of "
                    "C), got "
                        << m_initialVirtualCapacity);
    QueueDiscLinkCapacity::CheckMaxSize(*this, m_meanPktSize, "ns3::AvqQueueDisc");

    m_capacity =
        QueueDiscLinkCapacity::Resolve(*this, m_linkBandwidth, m_meanPktSize, "ns3::AvqQueueDisc");
    NS_LOG_DEBUG(
        "C = " << m_capacity
               << (GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS ? " packets/s" : " bytes/s")
               << (m_linkBandwidth.GetBitRate() > 0 ? " (LinkBandwidth)" : " (device DataRate)"));
    return true;
}

void
AvqQueueDisc::InitializeParams()
{
    NS_LOG_FUNCTION(this);
    const double initial = m_initialVirtualCapacity * m_capacity;
    m_virtualQueue.Reset(m_capacity, m_desiredUtilization, m_alpha, initial, Simulator::Now());
    m_virtualQueueLength = m_virtualQueue.GetLength();
    m_virtualCapacity = m_virtualQueue.GetVirtualCapacity();
}

namespace
{
/**
 * AVQ in the duality model: the price is the virtual queue's, the load goes to the virtual
 * capacity's target DesiredUtilization c, and the real queue stays about empty.
 */
const bool g_traits = AlgorithmTraits::RegisterLink(AvqQueueDisc::GetTypeId(),
                                                    {[](Ptr<QueueDisc> disc) {
                                                         DoubleValue gamma;
                                                         disc->GetAttribute("DesiredUtilization",
                                                                            gamma);
                                                         return gamma.Get();
                                                     },
                                                     false,
                                                     nullptr});
} // namespace

} // namespace ns3
