/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "avq-queue-disc.h"

#include "algorithm-traits.h"
#include "fluid-link-law.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AvqQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(AvqQueueDisc);

TypeId
AvqQueueDisc::GetTypeId()
{
    static TypeId tid =
        AddPriceAttributes(TypeId("ns3::AvqQueueDisc")
                               .SetParent<PriceQueueDisc>()
                               .SetGroupName("Dualcc")
                               .AddConstructor<AvqQueueDisc>(),
                           QueueSize("100p"),
                           "The real buffer B, which is also the virtual buffer; its unit "
                           "(packets or bytes) sets the mode: b = 1 per packet or b = its size",
                           false,
                           "True: mark ECN-capable packets (ECN CE) when the virtual queue "
                           "overflows, and adapt C~ on every arrival; false: drop them, and adapt "
                           "C~ only on packets admitted to the real queue")
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
            .AddAttribute("InitialVirtualCapacity",
                          "The virtual capacity C~ at initialization, as a fraction of the link "
                          "capacity C, in [0, 1] (1: C~(0) = C)",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AvqQueueDisc::m_initialVirtualCapacity),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("DropNonEcn",
                          "With UseEcn, a packet that is not ECN-capable (e.g. a SYN) arriving "
                          "when the virtual queue overflows: true, dropped (RFC 3168 §7); false, "
                          "enqueued unmarked (ns-2's queue/vq.cc, markPacketForECN)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AvqQueueDisc::m_dropNonEcn),
                          MakeBooleanChecker())
            .AddAttribute("CountForcedDrops",
                          "With UseEcn false: whether a packet dropped because the real queue is "
                          "full (and not for the virtual queue) still counts in C~; false "
                          "(default): only admitted packets count; true: ns-2's queue/vq.cc",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AvqQueueDisc::m_countForcedDrops),
                          MakeBooleanChecker())
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
{
    NS_LOG_FUNCTION(this);
}

AvqQueueDisc::~AvqQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

// The AVQ law is VirtualQueue's (Drain/Add, then Adapt): see the paper's pseudo-code in
// virtual-queue.cc. PriceQueueDisc::DoEnqueue runs SignalsCongestion (step 1), decides the real
// packet (step 2), then AfterArrival (step 3).

bool
AvqQueueDisc::SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits)
{
    NS_LOG_FUNCTION(this << item << size << fits);
    // Step 1: the fictitious packet, for every arrival (whether or not the real one fits).
    m_virtualOverflow = m_virtualQueue.Arrive(Simulator::Now(), size, GetBufferInLawUnits());
    return m_virtualOverflow;
}

void
AvqQueueDisc::AfterArrival(double size, bool admitted)
{
    NS_LOG_FUNCTION(this << size << admitted);
    // Step 3: the virtual capacity. Marking counts every arrival (lambda = arrival rate);
    // dropping counts only admitted packets (lambda = accepted rate, paper's Experiment 5).
    // ns-2's vq.cc skips the update only for its own (virtual-queue) drops.
    const bool counted = GetUseEcn() || admitted || (m_countForcedDrops && !m_virtualOverflow);
    m_virtualQueue.Adapt(Simulator::Now(), counted ? size : 0.0);
    UpdateTraces();
    NS_LOG_DEBUG("VQ " << m_virtualQueue.GetLength() << ", C~ "
                       << m_virtualQueue.GetVirtualCapacity() << ", real queue "
                       << GetCurrentSize());
}

bool
AvqQueueDisc::DropsNonEcnOnCongestion() const
{
    // ns-2's vq.cc takes the fictitious packet out of the virtual queue again and sets CE only
    // if the packet is ECN-capable: the others pass unmarked. Here VQ is left unchanged either way.
    return m_dropNonEcn;
}

void
AvqQueueDisc::CheckLawConfig()
{
    NS_LOG_FUNCTION(this);
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
}

void
AvqQueueDisc::InitializeLaw()
{
    NS_LOG_FUNCTION(this);
    const double capacity = GetLinkCapacity();
    const double initial = m_initialVirtualCapacity * capacity;
    m_virtualQueue.Reset(capacity, m_desiredUtilization, m_alpha, initial, Simulator::Now());
    UpdateTraces();
}

void
AvqQueueDisc::UpdateTraces()
{
    // The virtual queue runs in law units (wire bytes by default); the traces are in the unit of
    // MaxSize.
    const double unitsPerMaxSizeUnit = GetLawUnitsPerMaxSizeUnit();
    m_virtualQueueLength = m_virtualQueue.GetLength() / unitsPerMaxSizeUnit;
    m_virtualCapacity = m_virtualQueue.GetVirtualCapacity() / unitsPerMaxSizeUnit;
}

namespace
{
/**
 * AVQ in the duality model: the price is the virtual queue's, the load goes to the virtual
 * capacity's target DesiredUtilization c, and the real queue stays about empty. Its fluid law is
 * the paper's eqs. 1, 3 with DesiredUtilization, Alpha and InitialVirtualCapacity.
 * \return the traits
 */
AlgorithmTraits::Link
AvqTraits()
{
    AlgorithmTraits::Link traits{[](Ptr<QueueDisc> disc) {
                                     DoubleValue gamma;
                                     disc->GetAttribute("DesiredUtilization", gamma);
                                     return gamma.Get();
                                 },
                                 false,
                                 nullptr};
    traits.fluidLaw = [](Ptr<QueueDisc> disc) {
        DoubleValue gamma;
        DoubleValue alpha;
        DoubleValue initial;
        disc->GetAttribute("DesiredUtilization", gamma);
        disc->GetAttribute("Alpha", alpha);
        disc->GetAttribute("InitialVirtualCapacity", initial);
        return std::make_shared<const FluidAvqLaw>(gamma.Get(), alpha.Get(), initial.Get());
    };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterLink(AvqQueueDisc::GetTypeId(), AvqTraits());
} // namespace

} // namespace ns3
