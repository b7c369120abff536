/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "avd-queue-disc.h"

#include "algorithm-traits.h"
#include "fluid-avd-law.h"
#include "monaco-header.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/queue-size.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AvdQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(AvdQueueDisc);

namespace
{
/// UDP header bytes.
constexpr uint32_t UDP_HEADER_BYTES = 8;
} // namespace

TypeId
AvdQueueDisc::GetTypeId()
{
    static TypeId tid =
        AddSignalFreeAttributes(TypeId("ns3::AvdQueueDisc")
                                    .SetParent<PriceQueueDisc>()
                                    .SetGroupName("Dualcc")
                                    .AddConstructor<AvdQueueDisc>(),
                                QueueSize("100p"),
                                "The physical buffer, packets (e.g. 55p) or bytes (e.g. 55000B): "
                                "a FIFO's, overflowing as a FIFO does (the virtual queue counts "
                                "bytes whatever this unit); with BoundedVirtualQueue also the "
                                "virtual buffer B")
            .AddAttribute("DesiredUtilization",
                          "The desired utilization gamma of the link, in (0, 1] "
                          "(dimensionless; the paper's runs: 0.98)",
                          DoubleValue(0.98),
                          MakeDoubleAccessor(&AvdQueueDisc::m_desiredUtilization),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, 1))
            .AddAttribute("Alpha",
                          "The damping factor alpha of the virtual-capacity update, in (0, 1e6] "
                          "(dimensionless; each arrival of b bytes takes alpha b bytes/s from "
                          "C~)",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&AvdQueueDisc::m_alpha),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, VirtualQueue::MAX_ALPHA))
            .AddAttribute("InitialVirtualCapacity",
                          "The virtual capacity C~ at initialization, as a fraction of the link "
                          "capacity C, in [0, 1] (1: C~(0) = C)",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AvdQueueDisc::m_initialVirtualCapacity),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("BoundedVirtualQueue",
                          "False (default): the virtual queue is unlimited, so that it can hold "
                          "the accumulation of every flow through the link; true: AVQ's "
                          "virtual buffer B = MaxSize (the virtual delay saturates at B / C~)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AvdQueueDisc::m_boundedVirtualQueue),
                          MakeBooleanChecker())
            .AddAttribute("MonacoPort",
                          "The UDP destination port of Monaco's control packets "
                          "(MonacoReceiverAgent's Port), 1..65535",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&AvdQueueDisc::m_monacoPort),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddTraceSource("VirtualQueue",
                            "The virtual queue VQ after each arrival, bytes",
                            MakeTraceSourceAccessor(&AvdQueueDisc::m_virtualQueueLength),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("VirtualCapacity",
                            "The virtual capacity C~ after each arrival, bytes/s",
                            MakeTraceSourceAccessor(&AvdQueueDisc::m_virtualCapacity),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("VirtualDelay",
                            "The virtual queueing delay VQ / C~ seen by each arrival (stamped "
                            "into forward IBs), seconds",
                            MakeTraceSourceAccessor(&AvdQueueDisc::m_virtualDelay),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

AvdQueueDisc::AvdQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

AvdQueueDisc::~AvdQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

uint64_t
AvdQueueDisc::GetStampedIbCount() const
{
    return m_stampedIbs;
}

// The AVD law, steps 1-3 of the class description (step 4 is PriceQueueDisc's FIFO, step 5
// AfterArrival()).
bool
AvdQueueDisc::SignalsCongestion(Ptr<const QueueDiscItem> item, double /* size */, bool fits)
{
    NS_LOG_FUNCTION(this << item << fits);
    const Time now = Simulator::Now();
    m_arrivalBytes = CountedBytes(item);
    // Step 1: serve the virtual queue at C~ since the previous arrival.
    m_virtualQueue.Drain(now);
    // Step 2: t_AVD = VQ / C~, the wait behind the virtual backlog (Monaco §IV-D).
    const double vq = m_virtualQueue.GetLength();
    const double vc = m_virtualQueue.GetVirtualCapacity();
    double delay = 0;
    if (vq > 0)
    {
        delay = vc * MAX_VIRTUAL_DELAY > vq ? vq / vc : MAX_VIRTUAL_DELAY;
    }
    m_virtualDelay = delay;
    if (HasBypassingParent())
    {
        // Under PriorityObQueueDisc the OB skips this FIFO and the IB waits behind its bytes:
        // the receiver reads that wait in ftt_q already. Stamp only what the virtual delay adds
        // to it, so that the link's price is VQ / C~ (not the physical delay plus VQ / C~).
        delay = std::max(0.0, delay - GetBacklogBytes() / m_virtualQueue.GetCapacity());
    }
    if (StampIfForwardIb(item, Seconds(delay)))
    {
        ++m_stampedIbs;
    }
    JoinVirtualQueue();
    // Step 4 is the FIFO's: never a mark nor a drop for the signal.
    return false;
}

void
AvdQueueDisc::AfterArrival(double /* size */, bool /* admitted */)
{
    NS_LOG_FUNCTION(this);
    // Step 5: the virtual capacity; every arrival counts (lambda = the arrival rate), as the
    // virtual queue sees every arrival.
    m_virtualQueue.Adapt(Simulator::Now(), m_arrivalBytes);
    m_virtualQueueLength = m_virtualQueue.GetLength();
    m_virtualCapacity = m_virtualQueue.GetVirtualCapacity();
    NS_LOG_DEBUG("VQ " << m_virtualQueue.GetLength() << " B, C~ "
                       << m_virtualQueue.GetVirtualCapacity() << " B/s, t_AVD " << m_virtualDelay
                       << " s, real queue " << GetCurrentSize());
}

void
AvdQueueDisc::JoinVirtualQueue()
{
    // Step 3: the item's bytes join the virtual queue (unless AVQ's B is kept and overflows).
    // B in bytes: fixed at initialization (FixedPacketSize), or MaxSize packets of the measured
    // mean size (Wire).
    const double buffer = GetSizeAccounting() == WIRE ? GetBufferInLawUnits() : m_virtualBuffer;
    if (!m_boundedVirtualQueue || !m_virtualQueue.WouldOverflow(m_arrivalBytes, buffer))
    {
        m_virtualQueue.Add(m_arrivalBytes);
    }
}

void
AvdQueueDisc::OnBypass(Ptr<const QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    const Time now = Simulator::Now();
    m_arrivalBytes = CountedBytes(item);
    m_virtualQueue.Drain(now);
    JoinVirtualQueue();
    AfterArrival(m_arrivalBytes, true);
}

bool
AvdQueueDisc::StampIfForwardIb(Ptr<const QueueDiscItem> item, Time delay) const
{
    Ptr<const Ipv4QueueDiscItem> ipv4 = DynamicCast<const Ipv4QueueDiscItem>(item);
    if (!ipv4)
    {
        return false;
    }
    const Ipv4Header& ip = ipv4->GetHeader();
    // A fragment would not hold the whole control packet: only unfragmented UDP.
    Ptr<Packet> packet = item->GetPacket();
    if (ip.GetProtocol() != UdpL4Protocol::PROT_NUMBER || !ip.IsLastFragment() ||
        ip.GetFragmentOffset() != 0 ||
        packet->GetSize() < UDP_HEADER_BYTES + MonacoHeader::SERIALIZED_SIZE)
    {
        return false;
    }
    UdpHeader udp;
    packet->PeekHeader(udp);
    if (udp.GetDestinationPort() != m_monacoPort)
    {
        return false;
    }
    // Read the Monaco header from a copy; rewrite the packet only if it is a forward IB.
    Ptr<Packet> copy = packet->Copy();
    copy->RemoveHeader(udp);
    MonacoHeader monaco;
    copy->PeekHeader(monaco);
    if (!monaco.IsValid() || monaco.GetPacketType() != MonacoHeader::FORWARD_IB)
    {
        return false;
    }
    packet->RemoveHeader(udp);
    packet->RemoveHeader(monaco);
    monaco.AddVirtualDelay(delay);
    packet->AddHeader(monaco);
    packet->AddHeader(udp); // same size; the UDP checksum field is copied as it was
    NS_LOG_LOGIC("forward IB " << monaco.GetSequence() << ": virtual delay + " << delay.As(Time::US)
                               << " = " << monaco.GetVirtualDelay().As(Time::US));
    return true;
}

void
AvdQueueDisc::CheckLawConfig()
{
    NS_LOG_FUNCTION(this);
    // The checkers already enforce these ranges; restated next to the law that relies on them.
    NS_ABORT_MSG_IF(!(m_desiredUtilization > 0 && m_desiredUtilization <= 1),
                    "ns3::AvdQueueDisc::DesiredUtilization must be in (0, 1], got "
                        << m_desiredUtilization);
    NS_ABORT_MSG_IF(!(m_alpha > 0 && m_alpha <= VirtualQueue::MAX_ALPHA),
                    "ns3::AvdQueueDisc::Alpha must be in (0, 1e6], got " << m_alpha);
    NS_ABORT_MSG_IF(!(m_initialVirtualCapacity >= 0 && m_initialVirtualCapacity <= 1),
                    "ns3::AvdQueueDisc::InitialVirtualCapacity must be in [0, 1] (a fraction of "
                    "C), got "
                        << m_initialVirtualCapacity);
    NS_ABORT_MSG_IF(m_monacoPort == 0, "ns3::AvdQueueDisc::MonacoPort must be in 1..65535, got 0");
}

void
AvdQueueDisc::InitializeLaw()
{
    NS_LOG_FUNCTION(this);
    // The virtual queue counts bytes: C in bytes/s whatever the unit of MaxSize (law units are
    // wire bytes with Wire; with FixedPacketSize, packets of MeanPktSize in packet mode).
    const bool packets = GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS;
    const bool wire = GetSizeAccounting() == WIRE;
    const double bytesPerUnit = (packets && !wire) ? GetMeanPktSize() : 1.0;
    const double capacity = GetLinkCapacity() * bytesPerUnit;
    m_virtualBuffer = GetMaxSize().GetValue() * bytesPerUnit;
    m_virtualQueue.Reset(capacity,
                         m_desiredUtilization,
                         m_alpha,
                         m_initialVirtualCapacity * capacity,
                         Simulator::Now());
    m_arrivalBytes = 0;
    m_stampedIbs = 0;
    m_virtualQueueLength = m_virtualQueue.GetLength();
    m_virtualCapacity = m_virtualQueue.GetVirtualCapacity();
    m_virtualDelay = 0;
}

namespace
{
/**
 * AVD in the duality model: the price is the virtual delay (virtual, not physical: the link
 * holds about no backlog and adds no delay to the round trip, yet the flows see the price), and
 * the load goes to DesiredUtilization gamma of the capacity. The price travels in the IB, so a
 * source that needs out-of-band priority needs none at an AVD disc used alone. Its fluid law is
 * FluidAvdLaw with DesiredUtilization, Alpha, InitialVirtualCapacity and, with
 * BoundedVirtualQueue, MaxSize as the virtual buffer (in packets; in bytes: no fluid law).
 * \return the traits
 */
AlgorithmTraits::Link
AvdTraits()
{
    AlgorithmTraits::Link traits;
    traits.capacityFactor = [](Ptr<QueueDisc> disc) {
        DoubleValue gamma;
        disc->GetAttribute("DesiredUtilization", gamma);
        return gamma.Get();
    };
    traits.physicalPrice = false;
    traits.inBandPrice = true;
    traits.fluidLaw = [](Ptr<QueueDisc> disc) -> std::shared_ptr<const FluidLinkLaw> {
        DoubleValue gamma;
        DoubleValue alpha;
        DoubleValue initial;
        BooleanValue bounded;
        disc->GetAttribute("DesiredUtilization", gamma);
        disc->GetAttribute("Alpha", alpha);
        disc->GetAttribute("InitialVirtualCapacity", initial);
        disc->GetAttribute("BoundedVirtualQueue", bounded);
        double buffer = 0; // unlimited
        if (bounded.Get())
        {
            const QueueSize size = disc->GetMaxSize();
            if (size.GetUnit() != QueueSizeUnit::PACKETS)
            {
                return nullptr; // the fluid model counts packets, not a buffer of bytes
            }
            buffer = static_cast<double>(size.GetValue());
        }
        return std::make_shared<const FluidAvdLaw>(gamma.Get(), alpha.Get(), initial.Get(), buffer);
    };
    return traits;
}

/// Registered at load time.
const bool g_traits = AlgorithmTraits::RegisterLink(AvdQueueDisc::GetTypeId(), AvdTraits());
} // namespace

} // namespace ns3
