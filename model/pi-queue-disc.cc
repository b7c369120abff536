/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pi-queue-disc.h"

#include "algorithm-traits.h"
#include "fluid-pi-law.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/queue-size.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PiQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(PiQueueDisc);

namespace
{
/// The lowest SamplingFrequency, Hz (one update every 1000 s).
constexpr double MIN_FREQUENCY = 1e-3;
/// The highest SamplingFrequency, Hz (one update per nanosecond, ns-3's time step).
constexpr double MAX_FREQUENCY = 1e9;
/// The largest QueueRef, packets.
constexpr double MAX_QUEUE_REF = 4294967295.0;
} // namespace

TypeId
PiQueueDisc::GetTypeId()
{
    static TypeId tid =
        AddPriceAttributes(TypeId("ns3::PiQueueDisc")
                               .SetParent<PriceQueueDisc>()
                               .SetGroupName("Dualcc")
                               .AddConstructor<PiQueueDisc>(),
                           QueueSize("1000p"),
                           "The buffer; its unit (packets or bytes) sets the mode: q in packets, "
                           "or the backlog in bytes divided by MeanPktSize",
                           false,
                           "True: mark chosen ECN-capable packets (ECN CE); false: drop every "
                           "chosen packet (ns-2's setbit_)")
            .AddAttribute("A",
                          "The gain A on q - q_ref of the PI law, in (0, 1] (probability per "
                          "packet; ns-2's a_)",
                          DoubleValue(1.822e-5),
                          MakeDoubleAccessor(&PiQueueDisc::m_a),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, 1))
            .AddAttribute("B",
                          "The gain B on q_old - q_ref of the PI law, in [0, 1] (probability per "
                          "packet; ns-2's b_)",
                          DoubleValue(1.816e-5),
                          MakeDoubleAccessor(&PiQueueDisc::m_b),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("SamplingFrequency",
                          "The update rate w of the marking probability, in [0.001, 1e9] Hz "
                          "(period 1/w, rounded to the nanosecond; ns-2's w_)",
                          DoubleValue(170),
                          MakeDoubleAccessor(&PiQueueDisc::m_samplingFrequency),
                          MakeDoubleChecker<double>(MIN_FREQUENCY, MAX_FREQUENCY))
            .AddAttribute("QueueRef",
                          "The reference queue q_ref the controller holds, in [0, 4294967295] "
                          "packets (ns-2's qref_)",
                          DoubleValue(50),
                          MakeDoubleAccessor(&PiQueueDisc::m_queueRef),
                          MakeDoubleChecker<double>(0, MAX_QUEUE_REF))
            .AddTraceSource("Probability",
                            "The marking (or dropping) probability p after each update",
                            MakeTraceSourceAccessor(&PiQueueDisc::m_probability),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

PiQueueDisc::PiQueueDisc()
    : m_queueOld(0)
{
    NS_LOG_FUNCTION(this);
    m_uniform = CreateObject<UniformRandomVariable>();
}

PiQueueDisc::~PiQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
PiQueueDisc::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_updateEvent.Cancel();
    m_uniform = nullptr;
    PriceQueueDisc::DoDispose();
}

int64_t
PiQueueDisc::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_uniform->SetStream(stream);
    return 1;
}

double
PiQueueDisc::GetProbability() const
{
    return m_probability;
}

double
PiQueueDisc::GetQueuePackets()
{
    return GetBacklogPackets();
}

bool
PiQueueDisc::SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits)
{
    NS_LOG_FUNCTION(this << item << size << fits);
    if (!fits)
    {
        return false; // a forced drop: no draw
    }
    return m_probability > 0 && m_uniform->GetValue() < m_probability;
}

void
PiQueueDisc::UpdateProbability()
{
    NS_LOG_FUNCTION(this);
    const double q = GetQueuePackets();
    // Hollot et al.'s PI controller, as ns-2's Queue/PI: p <- p + A (q - q_ref) - B (q_old -
    // q_ref), clipped to [0, 1].
    const double p = m_probability + m_a * (q - m_queueRef) - m_b * (m_queueOld - m_queueRef);
    m_probability = std::min(std::max(p, 0.0), 1.0);
    NS_LOG_DEBUG("q = " << q << ", q_old = " << m_queueOld << ", p = " << m_probability);
    m_queueOld = q;
    m_updateEvent = Simulator::Schedule(Seconds(1.0 / m_samplingFrequency),
                                        &PiQueueDisc::UpdateProbability,
                                        this);
}

void
PiQueueDisc::CheckLawConfig()
{
    NS_LOG_FUNCTION(this);
    // The checkers already enforce these ranges; repeated here so that the invariants the
    // controller relies on are stated next to it.
    NS_ABORT_MSG_IF(!(m_a > 0 && m_a <= 1), "ns3::PiQueueDisc::A must be in (0, 1], got " << m_a);
    NS_ABORT_MSG_IF(!(m_b >= 0 && m_b <= 1), "ns3::PiQueueDisc::B must be in [0, 1], got " << m_b);
    NS_ABORT_MSG_IF(!(m_samplingFrequency >= MIN_FREQUENCY && m_samplingFrequency <= MAX_FREQUENCY),
                    "ns3::PiQueueDisc::SamplingFrequency must be in [0.001, 1e9] Hz, got "
                        << m_samplingFrequency);
    NS_ABORT_MSG_IF(!(m_queueRef >= 0 && m_queueRef <= MAX_QUEUE_REF),
                    "ns3::PiQueueDisc::QueueRef must be in [0, 4294967295] packets, got "
                        << m_queueRef);
}

void
PiQueueDisc::InitializeLaw()
{
    NS_LOG_FUNCTION(this);
    m_probability = 0;
    m_queueOld = 0;
    m_updateEvent.Cancel();
    m_updateEvent = Simulator::Schedule(Seconds(1.0 / m_samplingFrequency),
                                        &PiQueueDisc::UpdateProbability,
                                        this);
}

namespace
{
/**
 * PI in the duality model: its price is a marking probability, not a queueing delay (the
 * standing queue q_ref is set by the operator, not by the sources), and the integral action
 * drives the load to the full capacity. Its fluid law is the sampled law's continuous form
 * (FluidPiLaw) with A, B, SamplingFrequency, QueueRef and MaxSize (in packets; a buffer in bytes
 * is left to the fluid model's link).
 * \return the traits
 */
AlgorithmTraits::Link
PiTraits()
{
    AlgorithmTraits::Link traits{nullptr, false, [](Ptr<QueueDisc> disc, int64_t stream) {
                                     return DynamicCast<PiQueueDisc>(disc)->AssignStreams(stream);
                                 }};
    traits.fluidLaw = [](Ptr<QueueDisc> disc) {
        DoubleValue a;
        DoubleValue b;
        DoubleValue frequency;
        DoubleValue queueRef;
        QueueSizeValue maxSize;
        disc->GetAttribute("A", a);
        disc->GetAttribute("B", b);
        disc->GetAttribute("SamplingFrequency", frequency);
        disc->GetAttribute("QueueRef", queueRef);
        disc->GetAttribute("MaxSize", maxSize);
        const QueueSize size = maxSize.Get();
        const double buffer =
            size.GetUnit() == QueueSizeUnit::PACKETS ? static_cast<double>(size.GetValue()) : 0;
        return std::make_shared<const FluidPiLaw>(a.Get(),
                                                  std::min(b.Get(), a.Get()),
                                                  frequency.Get(),
                                                  queueRef.Get(),
                                                  buffer);
    };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterLink(PiQueueDisc::GetTypeId(), PiTraits());
} // namespace

} // namespace ns3
