/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gkvq-queue-disc.h"

#include "algorithm-traits.h"
#include "fluid-gkvq-law.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GkvqQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(GkvqQueueDisc);

namespace
{
/// The alpha handed to VirtualQueue::Reset(): GKVQ's virtual capacity is fixed (Adapt() is never
/// called), so any value in VirtualQueue's range does.
constexpr double FIXED_CAPACITY_ALPHA = 1;
} // namespace

TypeId
GkvqQueueDisc::GetTypeId()
{
    static TypeId tid =
        AddPriceAttributes(TypeId("ns3::GkvqQueueDisc")
                               .SetParent<PriceQueueDisc>()
                               .SetGroupName("Dualcc")
                               .AddConstructor<GkvqQueueDisc>(),
                           QueueSize("100p"),
                           "The real buffer B (the virtual buffer is Theta B); its unit (packets "
                           "or bytes) sets the mode: b = 1 per packet or b = its size",
                           true,
                           "True: mark the ECN-capable packets of a marking episode (ECN CE); "
                           "false: drop every packet of an episode (the paper uses GKVQ with "
                           "marking only)")
            .AddAttribute("Theta",
                          "The virtual queue's share theta of the link capacity and of the "
                          "buffer, in (0, 1] (dimensionless; virtual capacity theta C, virtual "
                          "buffer theta B; the AVQ paper uses 0.90)",
                          DoubleValue(0.90),
                          MakeDoubleAccessor(&GkvqQueueDisc::m_theta),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, 1))
            .AddAttribute("DropNonEcn",
                          "With UseEcn, a packet of a marking episode that is not ECN-capable "
                          "(a SYN, a retransmission): true, dropped (RFC 3168 §7); false, it "
                          "leaves unmarked (ns-2's queue/gk.cc: CE only if ECT, never a drop)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GkvqQueueDisc::m_dropNonEcn),
                          MakeBooleanChecker())
            .AddAttribute("MarkQueued",
                          "True: every packet in the real queue during a marking episode is "
                          "marked as it leaves, even after the episode ended (the paper's 'all "
                          "packets in the real queue ... are marked'); false: a packet is marked "
                          "iff an episode is on when it leaves, the virtual queue served up to "
                          "then (ns-2's queue/gk.cc, which marks at dequeue while its flag is set)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GkvqQueueDisc::m_markQueued),
                          MakeBooleanChecker())
            .AddTraceSource("VirtualQueue",
                            "The virtual queue length VQ after each arrival, packets or bytes "
                            "(the unit of MaxSize)",
                            MakeTraceSourceAccessor(&GkvqQueueDisc::m_virtualQueueLength),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("Marking",
                            "Whether a marking episode is on (from an overflow of the virtual "
                            "queue until it empties), as of the last arrival (with MarkQueued "
                            "false, or departure)",
                            MakeTraceSourceAccessor(&GkvqQueueDisc::m_marking),
                            "ns3::TracedValueCallback::Bool");
    return tid;
}

GkvqQueueDisc::GkvqQueueDisc()
    : m_marking(false)
{
    NS_LOG_FUNCTION(this);
}

GkvqQueueDisc::~GkvqQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

bool
GkvqQueueDisc::IsMarking() const
{
    return m_marking;
}

uint64_t
GkvqQueueDisc::GetOverflows() const
{
    return m_overflows;
}

bool
GkvqQueueDisc::DropsNonEcnOnCongestion() const
{
    return m_dropNonEcn;
}

double
GkvqQueueDisc::GetVirtualBuffer() const
{
    return m_theta * GetBufferInLawUnits();
}

// The law (AVQ paper §3, scheme 4): a virtual queue of capacity theta C and buffer theta B;
// "whenever the virtual queue overflows, all packets in the real queue and all future incoming
// packets are marked till the virtual queue becomes empty again". PriceQueueDisc::DoEnqueue runs
// SignalsCongestion (steps 1-2), decides the real packet, then AfterArrival (step 3); DoDequeue
// runs AfterDeparture, then SignalsCongestionAtDeparture (the mark).

bool
GkvqQueueDisc::SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits)
{
    NS_LOG_FUNCTION(this << item << size << fits);
    // Step 1: serve the virtual queue; an empty one ends the episode.
    ServeVirtualQueue();
    // Step 2: the fictitious packet, for every arrival (whether or not the real one fits).
    if (m_virtualQueue.WouldOverflow(size, GetVirtualBuffer()))
    {
        NS_LOG_LOGIC("virtual queue overflows: VQ " << m_virtualQueue.GetLength() << " + b " << size
                                                    << " > theta B " << GetVirtualBuffer());
        ++m_overflows;
        m_marking = true;
    }
    else
    {
        m_virtualQueue.Add(size);
    }
    m_virtualQueueLength = m_virtualQueue.GetLength() / GetLawUnitsPerMaxSizeUnit();
    return false; // the marks are applied at departure
}

void
GkvqQueueDisc::ServeVirtualQueue()
{
    m_virtualQueue.Drain(Simulator::Now());
    if (m_marking && m_virtualQueue.GetLength() <= 0)
    {
        NS_LOG_LOGIC("virtual queue empty: the marking episode ends");
        m_marking = false;
    }
}

void
GkvqQueueDisc::AfterArrival(double size, bool admitted)
{
    NS_LOG_FUNCTION(this << size << admitted);
    if (admitted)
    {
        ++m_admitted;
    }
    if (m_marking && m_markQueued)
    {
        // Step 3: every packet in the real queue now (FIFO: those admitted after the m_departed
        // that left), this one included, is due a mark.
        m_markThrough = m_admitted;
    }
    NS_LOG_DEBUG("VQ " << m_virtualQueue.GetLength() << ", marking " << m_marking << ", admitted "
                       << m_admitted << ", marked through " << m_markThrough);
}

void
GkvqQueueDisc::AfterDeparture(Ptr<const QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    ++m_departed;
}

bool
GkvqQueueDisc::SignalsCongestionAtDeparture(Ptr<const QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    if (!m_markQueued)
    {
        // ns-2's gk.cc: the mark is the episode's state at this departure.
        ServeVirtualQueue();
        return m_marking;
    }
    return m_departed <= m_markThrough;
}

void
GkvqQueueDisc::CheckLawConfig()
{
    NS_LOG_FUNCTION(this);
    // The checker already enforces this range; repeated here so that the invariant the
    // algorithm relies on is stated next to it.
    NS_ABORT_MSG_IF(!(m_theta > 0 && m_theta <= 1),
                    "ns3::GkvqQueueDisc::Theta must be in (0, 1], got " << m_theta);
}

void
GkvqQueueDisc::InitializeLaw()
{
    NS_LOG_FUNCTION(this);
    const double capacity = GetLinkCapacity();
    m_virtualQueue.Reset(capacity,
                         m_theta,
                         FIXED_CAPACITY_ALPHA,
                         m_theta * capacity,
                         Simulator::Now());
    m_admitted = 0;
    m_departed = 0;
    m_markThrough = 0;
    m_overflows = 0;
    m_marking = false;
    m_virtualQueueLength = 0;
}

namespace
{
/**
 * GKVQ in the duality model: a virtual price (marks), no standing queue, and a load of at most
 * theta c, modelled as a link of capacity theta c (see the class description for what this
 * cannot capture).
 * \return the traits
 */
AlgorithmTraits::Link
GkvqTraits()
{
    AlgorithmTraits::Link traits;
    traits.capacityFactor = [](Ptr<QueueDisc> disc) {
        DoubleValue theta;
        disc->GetAttribute("Theta", theta);
        return theta.Get();
    };
    traits.physicalPrice = false;
    // The fluid form: a virtual queue at theta c, buffer theta B, marking everything from its
    // overflow until it is empty (FluidGkvqLaw), with MaxSize in packets (in bytes, the packet
    // size the fluid model's packets stand for is not the disc's to say: null, refused).
    traits.fluidLaw = [](Ptr<QueueDisc> disc) -> std::shared_ptr<const FluidLinkLaw> {
        const QueueSize size = disc->GetMaxSize();
        if (size.GetUnit() != QueueSizeUnit::PACKETS)
        {
            return nullptr;
        }
        DoubleValue theta;
        disc->GetAttribute("Theta", theta);
        return std::make_shared<const FluidGkvqLaw>(theta.Get(), theta.Get() * size.GetValue());
    };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterLink(GkvqQueueDisc::GetTypeId(), GkvqTraits());
} // namespace

} // namespace ns3
