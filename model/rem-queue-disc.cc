/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rem-queue-disc.h"

#include "algorithm-traits.h"
#include "dualcc-enum-accessor.h"
#include "fluid-link-law.h"
#include "fluid-rem-law.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/ipv6-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RemQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(RemQueueDisc);

namespace
{
/// The largest Gamma (price per packet or per byte; the REM paper uses 0.001 per packet).
constexpr double MAX_GAMMA = 1e3;
/// The largest Phi (the REM paper uses 1.001).
constexpr double MAX_PHI = 1e6;
/// The largest QueueRef, packets or bytes (the largest MaxSize a QueueSize holds).
constexpr double MAX_QUEUE_REF = 4294967295.0;
/// The smallest TargetUtilization: x / (TargetUtilization c) stays finite.
constexpr double MIN_TARGET_UTILIZATION = 1e-3;
/// The price is kept at most MAX_PRICE_EXPONENT / ln(Phi): there Phi^(-p) = e^-1000, which is 0
/// in double precision (the marking probability is exactly 1 from p = 37.5 / ln(Phi) on).
constexpr double MAX_PRICE_EXPONENT = 1000;

} // namespace

TypeId
RemQueueDisc::GetTypeId()
{
    static TypeId tid =
        AddPriceAttributes(TypeId("ns3::RemQueueDisc")
                               .SetParent<PriceQueueDisc>()
                               .SetGroupName("Dualcc")
                               .AddConstructor<RemQueueDisc>(),
                           QueueSize("1000p"),
                           "The buffer; its unit (packets or bytes) sets the mode: b, x and c in "
                           "packets or in bytes",
                           true,
                           "True: mark chosen ECN-capable packets (ECN CE); false: drop every "
                           "chosen packet")
            .AddAttribute("UpdateInterval",
                          "The period of the price update, > 0 (time)",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&RemQueueDisc::m_updateInterval),
                          MakeTimeChecker(TimeStep(1)))
            .AddAttribute("Gamma",
                          "The step size gamma of the Rem price law (eq. 30), in (0, 1000] "
                          "(price per packet or per byte)",
                          DoubleValue(0.001),
                          MakeDoubleAccessor(&RemQueueDisc::m_gamma),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_GAMMA))
            .AddAttribute("Mu",
                          "The backlog weight mu of the Rem price law (eq. 30), in (0, 1) "
                          "(per update interval)",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&RemQueueDisc::m_mu),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, std::nextafter(1.0, 0.0)))
            .AddAttribute("QueueRef",
                          "The reference backlog b* of the Rem price law "
                          "p <- [p + gamma (mu (b - b*) + x - c)]^+, in [0, MaxSize), packets or "
                          "bytes as MaxSize counts (0: the Vegas paper's eq. 30, equilibrium "
                          "backlog 0; the AVQ paper's REM: 50 packets; ns-2's pbo_: 20)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&RemQueueDisc::m_queueRef),
                          MakeDoubleChecker<double>(0, MAX_QUEUE_REF))
            .AddAttribute("Phi",
                          "The base phi of the marking law 1 - phi^(-p) (eq. 31), in (1, 1e6] "
                          "(dimensionless; the sources must use the same value)",
                          DoubleValue(1.001),
                          MakeDoubleAccessor(&RemQueueDisc::m_phi),
                          MakeDoubleChecker<double>(std::nextafter(1.0, 2.0), MAX_PHI))
            .AddAttribute("PriceLaw",
                          "Rem: eq. 30, p <- [p + gamma (mu (b - QueueRef) + x - c)]^+; "
                          "VirtualCapacity: "
                          "p <- [p + (x / (TargetUtilization c) - 1) UpdateInterval]^+ (p in s)",
                          EnumValue(RemQueueDisc::REM),
                          MakeDualccEnumAccessor<PriceLaw>(&RemQueueDisc::m_priceLaw),
                          MakeEnumChecker(RemQueueDisc::REM,
                                          "Rem",
                                          RemQueueDisc::VIRTUAL_CAPACITY,
                                          "VirtualCapacity"))
            .AddAttribute("TargetUtilization",
                          "The target utilization gamma_v of the VirtualCapacity law, in "
                          "[0.001, 1] (dimensionless; the virtual capacity is gamma_v c)",
                          DoubleValue(0.95),
                          MakeDoubleAccessor(&RemQueueDisc::m_targetUtilization),
                          MakeDoubleChecker<double>(MIN_TARGET_UTILIZATION, 1))
            .AddAttribute("DropNonEcn",
                          "With UseEcn: true, a chosen packet that is not ECN-capable is dropped "
                          "(RFC 3168 §7); false, it passes unmarked (ns-2's queue/rem.cc with "
                          "markpkts_: CE only if ECT, never a drop)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RemQueueDisc::m_dropNonEcn),
                          MakeBooleanChecker())
            .AddAttribute("ScaleBySize",
                          "True: a packet of s bytes on the wire (IP size plus the link-layer "
                          "header) is chosen with probability (1 - phi^(-p)) s / MeanPktSize, "
                          "MeanPktSize in bytes (ns-2's queue/rem.cc "
                          "with qib_: a 40-byte ACK 25 times less often than a 1000-byte "
                          "packet); false: every packet with 1 - phi^(-p)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RemQueueDisc::m_scaleBySize),
                          MakeBooleanChecker())
            .AddTraceSource("Price",
                            "The link price p after each update (dimensionless for Rem, "
                            "seconds for VirtualCapacity)",
                            MakeTraceSourceAccessor(&RemQueueDisc::m_price),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("MarkProbability",
                            "The probability 1 - phi^(-p) (eq. 31) with which arrivals (Rem "
                            "law) or departures (VirtualCapacity law) are marked or dropped "
                            "until the next update",
                            MakeTraceSourceAccessor(&RemQueueDisc::m_markProbability),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

RemQueueDisc::RemQueueDisc()
    : m_arrivals(0)
{
    NS_LOG_FUNCTION(this);
    m_uniform = CreateObject<UniformRandomVariable>();
}

RemQueueDisc::~RemQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
RemQueueDisc::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_updateEvent.Cancel();
    m_uniform = nullptr;
    PriceQueueDisc::DoDispose();
}

int64_t
RemQueueDisc::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_uniform->SetStream(stream);
    return 1;
}

double
RemQueueDisc::GetQueueRef() const
{
    return m_queueRef;
}

double
RemQueueDisc::GetPrice() const
{
    return m_price;
}

bool
RemQueueDisc::IsCeMarked(Ptr<const QueueDiscItem> item)
{
    if (Ptr<const Ipv4QueueDiscItem> ipv4 = DynamicCast<const Ipv4QueueDiscItem>(item))
    {
        return ipv4->GetHeader().GetEcn() == Ipv4Header::ECN_CE;
    }
    if (Ptr<const Ipv6QueueDiscItem> ipv6 = DynamicCast<const Ipv6QueueDiscItem>(item))
    {
        return ipv6->GetHeader().GetEcn() == Ipv6Header::ECN_CE;
    }
    return false;
}

bool
RemQueueDisc::SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits)
{
    NS_LOG_FUNCTION(this << item << size << fits);
    // x counts the offered load: every arrival, whatever becomes of it.
    m_arrivals += size;
    if (!fits)
    {
        return false; // a forced drop: no draw
    }
    if (m_priceLaw != REM)
    {
        return false; // the VirtualCapacity law marks at departure (Fig. 4)
    }
    return DrawMark(item);
}

bool
RemQueueDisc::SignalsCongestionAtDeparture(Ptr<const QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    return m_priceLaw == VIRTUAL_CAPACITY && DrawMark(item);
}

bool
RemQueueDisc::DrawMark(Ptr<const QueueDiscItem> item)
{
    // Eq. 31 (Fig. 4: prob = 1 - Phi^(-price), marked when u < prob), for packets not already
    // marked upstream (which keeps eq. 32 true end to end).
    if (IsCeMarked(item))
    {
        NS_LOG_LOGIC("already CE: not decided again");
        return false;
    }
    if (!m_scaleBySize)
    {
        return m_markProbability > 0 && m_uniform->GetValue() < m_markProbability;
    }
    // ns-2's queue/rem.cc with qib_: pro = prob * size / mean_pktsize_ (not capped; u <= pro).
    // s: the packet's bytes on the wire (IP size plus the link-layer header), ns-2's packet size.
    const double size = item->GetSize() + GetLinkHeaderBytes();
    const double m = m_markProbability * size / GetMeanPktSize();
    return m > 0 && m_uniform->GetValue() < m;
}

bool
RemQueueDisc::DropsNonEcnOnCongestion() const
{
    return m_dropNonEcn;
}

void
RemQueueDisc::UpdatePrice()
{
    NS_LOG_FUNCTION(this);
    const double interval = m_updateInterval.GetSeconds();
    const double c = GetLinkCapacity() * interval; // capacity during the interval, law units
    const double x = m_arrivals;                   // arrivals during the interval, law units
    double price = m_price;
    if (m_priceLaw == REM)
    {
        // Eq. 30 with REM's reference backlog b* (ns-2 queue/rem.cc's pbo_; the AVQ paper's
        // qref): p <- [p + gamma (mu (b - b*) + x - c)]^+, b the backlog now, all in the unit of
        // MaxSize (gamma is per packet or per byte): x and c convert from law units (wire bytes,
        // with packets of the measured mean size in packet mode), so the equilibrium x = c,
        // b = b* holds for any packet size. b* = 0 is eq. 30 itself (b - 0 is exactly b).
        const double b = GetBacklog();
        const double k = GetLawUnitsPerMaxSizeUnit();
        price = std::max(price + m_gamma * (m_mu * (b - m_queueRef) + x / k - c / k), 0.0);
        NS_LOG_DEBUG("Rem: b = " << b << ", x = " << x << ", c = " << c << ", p = " << price);
    }
    else
    {
        // Paganini et al., Fig. 4: p <- [p + (x / (gamma_v c) - 1) UpdateInterval]^+.
        price = std::max(price + (x / (m_targetUtilization * c) - 1.0) * interval, 0.0);
        NS_LOG_DEBUG("VirtualCapacity: x = " << x << ", c = " << c << ", p = " << price);
    }
    if (std::isnan(price))
    {
        price = 0; // not reachable with the attributes in range; never let a NaN in
    }
    // The paper's law only projects onto p >= 0. The price is also kept finite (an infinite
    // price would become inf - inf = NaN at the next update, and never mark again): at most
    // MAX_PRICE_EXPONENT / ln(phi), where the marking probability is already exactly 1.
    const double maxPrice = MAX_PRICE_EXPONENT / std::log(m_phi);
    if (price > maxPrice)
    {
        NS_LOG_DEBUG("price " << price << " held at " << maxPrice);
        price = maxPrice;
    }
    m_price = price;
    // Eq. 31: m = 1 - phi^(-p), computed as -expm1(-p ln phi) to keep small m accurate.
    m_markProbability = -std::expm1(-price * std::log(m_phi));
    m_arrivals = 0;
    m_updateEvent = Simulator::Schedule(m_updateInterval, &RemQueueDisc::UpdatePrice, this);
}

void
RemQueueDisc::CheckLawConfig()
{
    NS_LOG_FUNCTION(this);
    // The checkers already enforce these ranges; repeated here so that the invariants the
    // algorithm relies on are stated next to it.
    NS_ABORT_MSG_IF(!m_updateInterval.IsStrictlyPositive(),
                    "ns3::RemQueueDisc::UpdateInterval must be > 0, got " << m_updateInterval);
    NS_ABORT_MSG_IF(!(m_gamma > 0 && m_gamma <= MAX_GAMMA),
                    "ns3::RemQueueDisc::Gamma must be in (0, 1000], got " << m_gamma);
    NS_ABORT_MSG_IF(!(m_mu > 0 && m_mu < 1),
                    "ns3::RemQueueDisc::Mu must be in (0, 1), got " << m_mu);
    NS_ABORT_MSG_IF(!(m_queueRef >= 0 && m_queueRef < GetMaxSize().GetValue()),
                    "ns3::RemQueueDisc::QueueRef must be in [0, MaxSize) = [0, "
                        << GetMaxSize().GetValue() << "), packets or bytes as MaxSize counts, got "
                        << m_queueRef);
    NS_ABORT_MSG_IF(m_queueRef > 0 && m_priceLaw != REM,
                    "ns3::RemQueueDisc::QueueRef applies to PriceLaw Rem only; got QueueRef "
                        << m_queueRef << " with PriceLaw VirtualCapacity (valid: QueueRef 0)");
    NS_ABORT_MSG_IF(!(m_phi > 1 && m_phi <= MAX_PHI),
                    "ns3::RemQueueDisc::Phi must be in (1, 1e6], got " << m_phi);
    NS_ABORT_MSG_IF(!(m_targetUtilization >= MIN_TARGET_UTILIZATION && m_targetUtilization <= 1),
                    "ns3::RemQueueDisc::TargetUtilization must be in [0.001, 1], got "
                        << m_targetUtilization);
}

void
RemQueueDisc::InitializeLaw()
{
    NS_LOG_FUNCTION(this);
    m_price = 0;
    m_markProbability = 0;
    m_arrivals = 0;
    m_updateEvent.Cancel();
    m_updateEvent = Simulator::Schedule(m_updateInterval, &RemQueueDisc::UpdatePrice, this);
}

namespace
{
/**
 * The traits of REM in the duality model: its price is a marking price, not a queueing delay;
 * the load goes to c under eq. 30 and to TargetUtilization c under the VirtualCapacity law; the
 * backlog goes to QueueRef (0 by default: eq. 30's queue is driven to about zero), a standing
 * queue that delays the sources by QueueRef / c.
 * \return the traits
 */
AlgorithmTraits::Link
RemTraits()
{
    AlgorithmTraits::Link traits;
    traits.capacityFactor = [](Ptr<QueueDisc> disc) {
        StringValue law; // by name: EnumValue is a template from ns-3.41 on
        disc->GetAttribute("PriceLaw", law);
        if (law.Get() != "VirtualCapacity")
        {
            return 1.0;
        }
        DoubleValue gamma;
        disc->GetAttribute("TargetUtilization", gamma);
        return gamma.Get();
    };
    traits.physicalPrice = false;
    traits.assignStreams = [](Ptr<QueueDisc> disc, int64_t stream) {
        return DynamicCast<RemQueueDisc>(disc)->AssignStreams(stream);
    };
    traits.standingBacklog = [](Ptr<QueueDisc> disc, double packetBytes) {
        // QueueRef counts what MaxSize counts: packets, or bytes (then packets of the model's
        // size).
        const double queueRef = DynamicCast<RemQueueDisc>(disc)->GetQueueRef();
        const bool packets = disc->GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS;
        return packets ? queueRef : queueRef / packetBytes;
    };
    // The VirtualCapacity law's fluid form is FAST's eq. 5; eq. 30's is FluidRemLaw, in packets:
    // Gamma and QueueRef count what MaxSize counts, so in byte mode they are converted to packets
    // of MeanPktSize bytes (Gamma per byte x MeanPktSize, QueueRef / MeanPktSize; the fluid
    // model's packets must then be of that size, as the testbed's are when MeanPktSize is its
    // packet size).
    traits.fluidLaw = [](Ptr<QueueDisc> disc) -> std::shared_ptr<const FluidLinkLaw> {
        StringValue law;
        disc->GetAttribute("PriceLaw", law);
        if (law.Get() != "VirtualCapacity")
        {
            UintegerValue meanPktSize;
            disc->GetAttribute("MeanPktSize", meanPktSize);
            const double bytes = disc->GetMaxSize().GetUnit() == QueueSizeUnit::PACKETS
                                     ? 1.0
                                     : static_cast<double>(meanPktSize.Get());
            DoubleValue gamma;
            DoubleValue mu;
            TimeValue interval;
            DoubleValue phi;
            disc->GetAttribute("Gamma", gamma);
            disc->GetAttribute("Mu", mu);
            disc->GetAttribute("UpdateInterval", interval);
            disc->GetAttribute("Phi", phi);
            return std::make_shared<const FluidRemLaw>(
                gamma.Get() * bytes,
                mu.Get(),
                interval.Get().GetSeconds(),
                DynamicCast<RemQueueDisc>(disc)->GetQueueRef() / bytes,
                phi.Get());
        }
        DoubleValue gamma;
        disc->GetAttribute("TargetUtilization", gamma);
        return std::make_shared<const FluidVirtualCapacityLaw>(gamma.Get());
    };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterLink(RemQueueDisc::GetTypeId(), RemTraits());
} // namespace

} // namespace ns3
