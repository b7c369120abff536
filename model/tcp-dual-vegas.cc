/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-dual-vegas.h"

#include "algorithm-traits.h"
#include "dualcc-enum-accessor.h"
#include "dualcc-out-of-range.h"
#include "fluid-source-law.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpDualVegas");
NS_OBJECT_ENSURE_REGISTERED(TcpDualVegas);

TypeId
TcpDualVegas::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpDualVegas")
            .SetParent<TcpNewReno>()
            .SetGroupName("Dualcc")
            .AddConstructor<TcpDualVegas>()
            .AddAttribute("Alpha",
                          "Lower target backlog alpha: packets kept in the path (AlphaUnit "
                          "PerRtt) or packets per AlphaTimeUnit of baseRTT (PerTime). In "
                          "[0, 1e6]; must be > 0 (checked at Init).",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&TcpDualVegas::m_alpha),
                          MakeDoubleChecker<double>(0, MAX_BACKLOG))
            .AddAttribute("Beta",
                          "Upper target backlog beta, in the unit of Alpha, in [0, 1e6]. Must "
                          "be >= Alpha (checked at Init); Beta = Alpha is the duality paper's "
                          "setting.",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&TcpDualVegas::m_beta),
                          MakeDoubleChecker<double>(0, MAX_BACKLOG))
            .AddAttribute(
                "AlphaUnit",
                "PerRtt: Alpha and Beta are packets (proportional fairness). PerTime: "
                "packets per AlphaTimeUnit, the target backlog being Alpha * baseRTT / "
                "AlphaTimeUnit (weighted proportional fairness, Vegas paper 3.2).",
                EnumValue(TcpDualVegas::PER_RTT),
                MakeDualccEnumAccessor<AlphaUnit>(&TcpDualVegas::m_alphaUnit),
                MakeEnumChecker(TcpDualVegas::PER_RTT, "PerRtt", TcpDualVegas::PER_TIME, "PerTime"))
            .AddAttribute("AlphaTimeUnit",
                          "Time unit u of Alpha and Beta in PerTime mode; in EcnMarks mode also "
                          "the unit of the rate multiplying the ECN price (the price is a delay "
                          "counted in u). In (0, 1000 s]: the checker's lowest value is one time "
                          "step.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&TcpDualVegas::m_alphaTimeUnit),
                          MakeTimeChecker(TimeStep(1), Seconds(MAX_TIME_SECONDS)))
            .AddAttribute(
                "BaseRttEstimator",
                "How baseRTT is estimated: MinEver (minimum RTT sample ever), "
                "MinOfLastK (minimum over the last BaseRttWindow rounds) or Fixed "
                "(PropagationDelay).",
                EnumValue(TcpDualVegas::MIN_EVER),
                MakeDualccEnumAccessor<BaseRttEstimator>(&TcpDualVegas::m_baseRttEstimator),
                MakeEnumChecker(TcpDualVegas::MIN_EVER,
                                "MinEver",
                                TcpDualVegas::MIN_OF_LAST_K,
                                "MinOfLastK",
                                TcpDualVegas::FIXED,
                                "Fixed"))
            .AddAttribute("BaseRttWindow",
                          "K of MinOfLastK: the number of rounds (RTTs) whose minimum RTT "
                          "samples baseRTT is the minimum of; in [1, 1000000].",
                          UintegerValue(10),
                          MakeUintegerAccessor(&TcpDualVegas::m_baseRttWindow),
                          MakeUintegerChecker<uint32_t>(1, MAX_BASE_RTT_WINDOW))
            .AddAttribute("PropagationDelay",
                          "baseRTT in Fixed mode (the round-trip propagation delay, including "
                          "the transmission times a measured RTT includes). Must be > 0 when "
                          "BaseRttEstimator is Fixed (checked at Init); 0 = not set; at most "
                          "1000 s.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpDualVegas::m_propagationDelay),
                          MakeTimeChecker(Time(0), Seconds(MAX_TIME_SECONDS)))
            .AddAttribute(
                "RttSample",
                "The RTT of a round: Mean (the mean of the samples, as ns-2's TcpVegas, "
                "which the Vegas paper's simulations used: the source then keeps Alpha "
                "packets queued) or Minimum (the smallest sample, as Linux and ns-3's "
                "TcpVegas: below the mean by the queue's jitter, so the source keeps about "
                "half a packet more per queue it crosses).",
                EnumValue(TcpDualVegas::MEAN),
                MakeDualccEnumAccessor<RttSample>(&TcpDualVegas::m_rttSample),
                MakeEnumChecker(TcpDualVegas::MINIMUM, "Minimum", TcpDualVegas::MEAN, "Mean"))
            .AddAttribute("PriceSource",
                          "The price the window law uses: QueueingDelay (RTT - baseRTT) or "
                          "EcnMarks (-log_Phi(1 - fraction of packets acknowledged with "
                          "ECN-Echo), Vegas with REM, Vegas paper 5).",
                          EnumValue(TcpDualVegas::QUEUEING_DELAY),
                          MakeDualccEnumAccessor<PriceSource>(&TcpDualVegas::m_priceSource),
                          MakeEnumChecker(TcpDualVegas::QUEUEING_DELAY,
                                          "QueueingDelay",
                                          TcpDualVegas::ECN_MARKS,
                                          "EcnMarks"))
            .AddAttribute("Phi",
                          "Base phi of the REM marking law 1 - Phi^(-price) (the same as the "
                          "links'); in [1, 1e6], and > 1 (checked at Init).",
                          DoubleValue(EcnPriceEstimator::DEFAULT_PHI),
                          MakeDoubleAccessor(&TcpDualVegas::m_phi),
                          MakeDoubleChecker<double>(1.0, MAX_PHI))
            .AddAttribute(
                "UnmarkedQueueTimeout",
                "EcnMarks mode: how long the path may queue without marking before "
                "the source aborts: no ACK of the connection has ever echoed a mark "
                "and every RTT sample for this long was above twice baseRTT (the "
                "links do not mark with ECN, so the price stays 0). In [0, 3600] s; "
                "0: never check",
                TimeValue(Seconds(5)),
                MakeTimeAccessor(&TcpDualVegas::m_unmarkedQueueTimeout),
                MakeTimeChecker(Time(0), Seconds(EcnMarksAsPrice::MAX_UNMARKED_QUEUE_TIMEOUT_S)))
            .AddAttribute("SlowStartExit",
                          "Vegas' gamma: slow start ends at a round whose estimated backlog "
                          "exceeds this many packets; in [0, 1e6].",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&TcpDualVegas::m_slowStartExit),
                          MakeDoubleChecker<double>(0, MAX_BACKLOG))
            .AddAttribute("SlowStartEveryOtherRound",
                          "Grow the window in slow start only every other round, the rounds "
                          "between measuring a constant window (ns-2's tcp-vegas.cc); false: "
                          "every round (Linux, ns-3's TcpVegas)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpDualVegas::m_slowStartEveryOtherRound),
                          MakeBooleanChecker())
            .AddTraceSource("BaseRtt",
                            "The estimate of the round-trip propagation delay (Time::Max() "
                            "until the first sample)",
                            MakeTraceSourceAccessor(&TcpDualVegas::m_baseRtt),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("Rtt",
                            "The RTT of each round (minimum or mean of its samples)",
                            MakeTraceSourceAccessor(&TcpDualVegas::m_rttTrace),
                            "ns3::Time::TracedCallback")
            .AddTraceSource("Backlog",
                            "The estimated backlog diff = W (RTT - baseRTT) / RTT of each "
                            "round, packets",
                            MakeTraceSourceAccessor(&TcpDualVegas::m_backlogTrace),
                            "ns3::TcpDualVegas::DoubleTracedCallback")
            .AddTraceSource("Price",
                            "The price of each round: RTT - baseRTT in seconds (QueueingDelay) "
                            "or the ECN price -log_Phi(1 - marked fraction) (EcnMarks)",
                            MakeTraceSourceAccessor(&TcpDualVegas::m_priceTrace),
                            "ns3::TcpDualVegas::DoubleTracedCallback")
            .AddTraceSource("TargetRate",
                            "The target rate w_alpha / price of each round (eqs. 12, 33), "
                            "packets per second; +infinity when the price is 0",
                            MakeTraceSourceAccessor(&TcpDualVegas::m_targetRateTrace),
                            "ns3::TcpDualVegas::DoubleTracedCallback");
    return tid;
}

TcpDualVegas::TcpDualVegas()
    : TcpNewReno(),
      m_alpha(0),
      m_beta(0),
      m_alphaUnit(PER_RTT),
      m_baseRttEstimator(MIN_EVER),
      m_baseRttWindow(0),
      m_rttSample(MEAN),
      m_priceSource(QUEUEING_DELAY),
      m_phi(0),
      m_slowStartExit(0),
      m_slowStartEveryOtherRound(false),
      m_slowStartGrowing(true),
      m_baseRtt(Time::Max()),
      m_minRttEver(Time::Max()),
      m_doingVegas(true),
      m_inRound(false),
      m_roundEnd(0),
      m_roundMinRtt(Time::Max()),
      m_roundRttSum(Time(0)),
      m_roundRttCount(0),
      m_roundCwndLimited(false),
      m_ackSeen(false),
      m_highestAck(0)
{
    NS_LOG_FUNCTION(this);
}

TcpDualVegas::TcpDualVegas(const TcpDualVegas& sock)
    : TcpNewReno(sock),
      m_alpha(sock.m_alpha),
      m_beta(sock.m_beta),
      m_alphaUnit(sock.m_alphaUnit),
      m_alphaTimeUnit(sock.m_alphaTimeUnit),
      m_baseRttEstimator(sock.m_baseRttEstimator),
      m_baseRttWindow(sock.m_baseRttWindow),
      m_propagationDelay(sock.m_propagationDelay),
      m_rttSample(sock.m_rttSample),
      m_priceSource(sock.m_priceSource),
      m_phi(sock.m_phi),
      m_slowStartExit(sock.m_slowStartExit),
      m_slowStartEveryOtherRound(sock.m_slowStartEveryOtherRound),
      m_slowStartGrowing(sock.m_slowStartGrowing),
      m_unmarkedQueueTimeout(sock.m_unmarkedQueueTimeout),
      m_baseRtt(Time::Max()),
      m_minRttEver(Time::Max()),
      m_doingVegas(true),
      m_inRound(false),
      m_roundEnd(0),
      m_roundMinRtt(Time::Max()),
      m_roundRttSum(Time(0)),
      m_roundRttCount(0),
      m_roundCwndLimited(false),
      m_ackSeen(false),
      m_highestAck(0)
{
    NS_LOG_FUNCTION(this);
}

TcpDualVegas::~TcpDualVegas()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpDualVegas::GetName() const
{
    return "TcpDualVegas";
}

Ptr<TcpCongestionOps>
TcpDualVegas::Fork()
{
    return CopyObject<TcpDualVegas>(this);
}

bool
TcpDualVegas::UndoesEcnCwr() const
{
    return m_priceSource == ECN_MARKS;
}

TcpDualVegas::Config
TcpDualVegas::GetConfig() const
{
    Config config;
    config.alpha = m_alpha;
    config.beta = m_beta;
    config.alphaUnit = m_alphaUnit;
    config.alphaTimeUnit = m_alphaTimeUnit;
    config.baseRttEstimator = m_baseRttEstimator;
    config.baseRttWindow = m_baseRttWindow;
    config.propagationDelay = m_propagationDelay;
    config.rttSample = m_rttSample;
    config.priceSource = m_priceSource;
    config.phi = m_phi;
    config.slowStartExit = m_slowStartExit;
    return config;
}

std::string
TcpDualVegas::CheckConfig(const Config& config)
{
    const Time maxTime = Seconds(MAX_TIME_SECONDS);
    if (!(config.alpha > 0 && config.alpha <= MAX_BACKLOG))
    {
        return DualccOutOfRange("Alpha", config.alpha, "Alpha must be > 0 and <= 1e+06");
    }
    if (!(config.beta >= config.alpha && config.beta <= MAX_BACKLOG))
    {
        std::ostringstream range;
        range << "Beta must be >= Alpha (" << config.alpha << ") and <= 1e+06";
        return DualccOutOfRange("Beta", config.beta, range.str());
    }
    if (!config.alphaTimeUnit.IsStrictlyPositive() || config.alphaTimeUnit > maxTime)
    {
        return DualccOutOfRange("AlphaTimeUnit",
                                config.alphaTimeUnit.As(Time::MS),
                                "AlphaTimeUnit must be > 0 and <= 1000 s");
    }
    if (config.baseRttWindow < 1 || config.baseRttWindow > MAX_BASE_RTT_WINDOW)
    {
        return DualccOutOfRange("BaseRttWindow",
                                config.baseRttWindow,
                                "BaseRttWindow (rounds) must be >= 1 and <= 1000000");
    }
    if (config.propagationDelay.IsStrictlyNegative() || config.propagationDelay > maxTime)
    {
        return DualccOutOfRange("PropagationDelay",
                                config.propagationDelay.As(Time::MS),
                                "PropagationDelay must be >= 0 and <= 1000 s");
    }
    if (config.baseRttEstimator == FIXED && !config.propagationDelay.IsStrictlyPositive())
    {
        return DualccOutOfRange("PropagationDelay",
                                config.propagationDelay.As(Time::MS),
                                "BaseRttEstimator Fixed needs PropagationDelay > 0");
    }
    if (!(config.phi > 1 && config.phi <= MAX_PHI))
    {
        return DualccOutOfRange("Phi", config.phi, "Phi must be > 1 and <= 1e+06");
    }
    if (!(config.slowStartExit >= 0 && config.slowStartExit <= MAX_BACKLOG))
    {
        return DualccOutOfRange("SlowStartExit",
                                config.slowStartExit,
                                "SlowStartExit must be >= 0 and <= 1e+06");
    }
    return "";
}

namespace
{
/**
 * \param typeId a TypeId name
 * \param attribute one of its attributes
 * \return the attribute's default (as Config::SetDefault or --ns3:: last set it), as text
 */
std::string
AttributeDefault(const std::string& typeId, const std::string& attribute)
{
    TypeId::AttributeInformation info;
    if (!TypeId::LookupByName(typeId).LookupAttributeByName(attribute, &info))
    {
        return "";
    }
    return info.initialValue->SerializeToString(info.checker);
}
} // namespace

std::string
TcpDualVegas::RttBiasingDefaults()
{
    // Each of ns-3's defaults below biases the RTT samples a Vegas needs exact
    // (doc/tcp-dual-vegas.rst, "Measuring RTTs in ns-3").
    std::ostringstream os;
    if (AttributeDefault("ns3::RttMeanDeviation", "Alpha") != "1" &&
        AttributeDefault("ns3::TcpL4Protocol", "RttEstimatorType") != "ns3::LastSampleRttEstimator")
    {
        // ns-3.35 and 3.37 pass PktsAcked() m_lastRtt = the estimator's smoothed RTT, ns-3.48
        // m_srtt: the last sample only with gain 1.
        os << "; ns3::RttMeanDeviation::Alpha is not 1: PktsAcked() gets ns-3's smoothed RTT "
              "(baseRTT then starts near the handshake's RTT, below d)";
    }
    if (AttributeDefault("ns3::TcpSocketBase", "Timestamp") == "true")
    {
        os << "; ns3::TcpSocketBase::Timestamp is true: RTT samples in whole milliseconds";
    }
    if (AttributeDefault("ns3::TcpSocket", "DelAckCount") != "1")
    {
        os << "; ns3::TcpSocket::DelAckCount is not 1: a delayed ACK's sample includes the gap "
              "to the next segment";
    }
    return os.str().empty() ? "" : os.str().substr(2);
}

void
TcpDualVegas::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    std::string error = CheckConfig(GetConfig());
    NS_ABORT_MSG_IF(!error.empty(), "ns3::TcpDualVegas::" << error);
    m_ecn.SetPhi(m_phi);
    const std::string biases = RttBiasingDefaults();
    if (!biases.empty())
    {
        NS_LOG_WARN("ns3::TcpDualVegas needs exact RTT samples, and "
                    << biases
                    << ". The source then keeps less than Alpha queued (one flow, 10 Mb/s, "
                       "Alpha 2: 0.40 packets with all three, 1.49 with the smoothed RTT alone). "
                       "Fix: Config::SetDefault ns3::RttMeanDeviation::Alpha 1, "
                       "ns3::TcpSocketBase::Timestamp false, ns3::TcpSocket::DelAckCount 1 "
                       "(doc/tcp-dual-vegas.rst, \"Measuring RTTs in ns-3\")");
    }
    if (m_baseRttEstimator == FIXED)
    {
        m_baseRtt = m_propagationDelay;
    }
    if (m_priceSource == ECN_MARKS)
    {
        NS_LOG_INFO(this << " EcnMarks: enabling ECN");
        tcb->m_useEcn = TcpSocketState::On;
    }
}

// ------------------------------------------------------------------------------------------
// The laws, each in one place.

double
TcpDualVegas::Backlog(double cwnd, Time baseRtt, Time rtt)
{
    // Vegas paper eq. 1 multiplied by d (Boutremans eq. 1):
    //   diff = (W/d - W/D) d = W (D - d) / D.
    // The ratio is taken on the integer time counts, so that round numbers stay exact.
    return cwnd * (rtt - baseRtt).GetDouble() / rtt.GetDouble();
}

double
TcpDualVegas::TargetBacklog(double alpha, AlphaUnit unit, Time timeUnit, Time baseRtt)
{
    // Vegas paper §3.2: PF keeps alpha packets per RTT in the path (alpha_s = alpha / d_s,
    // alpha_s d_s = alpha); WPF keeps alpha packets per time unit, alpha_s d_s = alpha d / u.
    if (unit == PER_TIME)
    {
        return alpha * baseRtt.GetDouble() / timeUnit.GetDouble();
    }
    return alpha;
}

int
TcpDualVegas::WindowDirection(double backlog, double lower, double upper)
{
    // Vegas paper eq. 1 (alpha = beta), Boutremans eq. 1 (alpha <= diff <= beta: hold).
    if (backlog < lower)
    {
        return 1;
    }
    if (backlog > upper)
    {
        return -1;
    }
    return 0;
}

// ------------------------------------------------------------------------------------------

uint32_t
TcpDualVegas::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    if (m_priceSource == ECN_MARKS)
    {
        m_marksAsPrice.RecordBeforeCwr(tcb);
    }
    // Loss: the NewReno response (Vegas paper §3.3).
    return TcpNewReno::GetSsThresh(tcb, bytesInFlight);
}

void
TcpDualVegas::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);

    // EcnMarksAsPrice acts only in EcnMarks mode (GetSsThresh() arms its record): in
    // QueueingDelay mode the per-ACK calls are skipped.
    const bool ecnMarks = m_priceSource == ECN_MARKS;
    EcnMarksAsPrice::AckOutcome undo;
    if (ecnMarks)
    {
        undo = m_marksAsPrice.BeforeAck(*this, tcb, segmentsAcked);
    }

    // ns-3 also calls PktsAcked(tcb, 1, lastRtt) on duplicate ACKs, with the last RTT sample of
    // an earlier ACK: only an ACK that advances the acknowledged sequence carries news.
    const TcpSocketState& state = *tcb; // one dereference per ACK
    bool fresh = !m_ackSeen || state.m_lastAckedSeq > m_highestAck;
    if (fresh)
    {
        // The first ACK of the connection: the handshake has told whether ECN was negotiated
        // (TcpSocketBase sets m_ecnState to ECN_IDLE if both ends are ECN-capable). Checked
        // here, not in Init(): the application may set UseEcn after the socket is created, and
        // a receiver (which gets no new ACK) may run EcnMarks without sending anything.
        NS_ABORT_MSG_IF(!m_ackSeen && m_priceSource == ECN_MARKS &&
                            state.m_ecnState == TcpSocketState::ECN_DISABLED,
                        "ns3::TcpDualVegas::PriceSource is EcnMarks (the price is the fraction "
                        "of ECN-marked packets), but this connection did not negotiate ECN: "
                        "ns3::TcpSocketBase::UseEcn must be On at both ends (sender and "
                        "receiver), or PriceSource must be QueueingDelay. In your own "
                        "script, EcnPriceHelper(\"ns3::TcpDualVegas\").Install on the source "
                        "and sink hosts (ns3/ecn-price-helper.h) runs it at both ends, which "
                        "turns ECN on, with ns-3's classic recovery");
        m_ackSeen = true;
        m_highestAck = state.m_lastAckedSeq;
        if (!rtt.IsZero())
        {
            m_roundMinRtt = std::min(m_roundMinRtt, rtt);
            m_roundRttSum += rtt;
            ++m_roundRttCount;
            m_minRttEver = std::min(m_minRttEver, rtt);
            if (m_baseRttEstimator == MIN_EVER && m_minRttEver < m_baseRtt)
            {
                m_baseRtt = m_minRttEver;
            }
        }
        if (ecnMarks)
        {
            m_ecn.AddAcked(segmentsAcked, state.m_ecnState == TcpSocketState::ECN_ECE_RCVD);
        }
        NS_ABORT_MSG_IF(ecnMarks && m_marksAsPrice.QueuesWithoutMarks(
                                        state.m_ecnState == TcpSocketState::ECN_ECE_RCVD,
                                        rtt,
                                        m_baseRtt,
                                        m_unmarkedQueueTimeout),
                        EcnMarksAsPrice::UnmarkedQueueMessage("ns3::TcpDualVegas",
                                                              m_unmarkedQueueTimeout,
                                                              m_baseRtt));
        NS_LOG_DEBUG("RTT sample " << rtt.As(Time::MS) << ", round samples " << m_roundRttCount
                                   << ", acked " << m_ecn.GetAcked() << " marked "
                                   << m_ecn.GetMarked());
    }
    else
    {
        NS_LOG_LOGIC("Duplicate ACK: sample " << rtt.As(Time::MS) << " ignored");
    }

    if (ecnMarks)
    {
        m_marksAsPrice.AfterAck(*this, tcb, segmentsAcked, undo);
    }
}

void
TcpDualVegas::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                 const TcpSocketState::TcpCongState_t newState)
{
    NS_LOG_FUNCTION(this << tcb << newState);
    if (!m_marksAsPrice.OnCongestionStateSet(tcb, newState))
    {
        return; // entering CA_CWR or leaving it: Vegas' round goes on
    }
    if (newState == TcpSocketState::CA_OPEN)
    {
        m_doingVegas = true;
        StartRound(*tcb);
    }
    else
    {
        m_doingVegas = false;
    }
}

void
TcpDualVegas::CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event)
{
    NS_LOG_FUNCTION(this << tcb << event);
    switch (event)
    {
    case TcpSocketState::CA_EVENT_LOSS:
        m_marksAsPrice.OnLoss();
        break;
    case TcpSocketState::CA_EVENT_ECN_IS_CE:
        if (m_priceSource == ECN_MARKS)
        {
            EcnMarksAsPrice::FollowCeState(tcb, true);
        }
        break;
    case TcpSocketState::CA_EVENT_ECN_NO_CE:
        if (m_priceSource == ECN_MARKS)
        {
            EcnMarksAsPrice::FollowCeState(tcb, false);
        }
        break;
    default:
        break;
    }
}

void
TcpDualVegas::StartRound(const TcpSocketState& tcb)
{
    NS_LOG_FUNCTION(this << &tcb);
    m_inRound = true;
    // ns-2's Vegas: in slow start, a round that grows, then a round that measures.
    m_slowStartGrowing = !m_slowStartEveryOtherRound || !m_slowStartGrowing;
    m_roundEnd = tcb.m_nextTxSequence;
    m_roundMinRtt = Time::Max();
    m_roundRttSum = Time(0);
    m_roundRttCount = 0;
    m_roundCwndLimited = false;
    m_ecn.Reset();
    NS_LOG_DEBUG("Round ends at " << m_roundEnd);
}

void
TcpDualVegas::SetCongestionAvoidanceWindow(Ptr<TcpSocketState> tcb, double segments)
{
    double floored = std::max(segments, static_cast<double>(MIN_CWND_SEGMENTS));
    tcb->m_cWnd = static_cast<uint32_t>(std::lround(floored * tcb->m_segmentSize));
    tcb->m_ssThresh = tcb->m_cWnd.Get();
    NS_LOG_DEBUG("cwnd = ssthresh = " << tcb->m_cWnd);
}

void
TcpDualVegas::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);

    if (!m_doingVegas)
    {
        NS_LOG_LOGIC("Not in CA_OPEN: NewReno");
        TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
        return;
    }
    // Whether the window limits what is in flight. When the receive window or the application
    // limits the flight, the window must not grow: nothing would test the larger window, and
    // the rate W / RTT of the law would count packets never sent (RFC 7661; Linux's
    // tcp_is_cwnd_limited; ns-3.48's m_isCwndLimited, which ns-3.35 and 3.37 lack).
    const TcpSocketState& state = *tcb; // one dereference per ACK
    const bool cwndLimited = IsCwndLimited(state, segmentsAcked);
    m_roundCwndLimited = m_roundCwndLimited || cwndLimited;
    if (!m_inRound)
    {
        StartRound(state);
    }
    else if (state.m_lastAckedSeq >= m_roundEnd)
    {
        EndRound(tcb, segmentsAcked);
        StartRound(state);
        return;
    }
    if (state.m_cWnd < state.m_ssThresh)
    {
        if (cwndLimited && m_slowStartGrowing)
        {
            TcpNewReno::SlowStart(tcb, segmentsAcked);
        }
        else
        {
            NS_LOG_LOGIC("Slow start, not cwnd-limited (in flight " << tcb->m_bytesInFlight
                                                                    << "): no growth");
        }
    }
}

bool
TcpDualVegas::IsCwndLimited(const TcpSocketState& tcb, uint32_t segmentsAcked)
{
    // As ns-3.48's TcpSocketBase sets m_isCwndLimited after a send: limited when less than a
    // segment of the window is unused. At an ACK (ns-3.35 to 3.48: TcpSocketBase::ReceivedAck
    // discards the acknowledged data, then updates m_bytesInFlight, then calls the congestion
    // control) the flight the window allowed is m_bytesInFlight plus the segments this ACK
    // acknowledged.
    const uint64_t flight = static_cast<uint64_t>(tcb.m_bytesInFlight.Get()) +
                            static_cast<uint64_t>(segmentsAcked) * tcb.m_segmentSize;
    return tcb.m_cWnd.Get() < flight + tcb.m_segmentSize;
}

void
TcpDualVegas::EndRound(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    EcnPriceEstimator::Estimate ecn = m_ecn.EndRound();

    if (m_roundRttCount > 0 && m_baseRttEstimator == MIN_OF_LAST_K)
    {
        // Vegas-k (Mo et al.): baseRTT is the minimum over the last K rounds.
        m_roundMinima.push_back(m_roundMinRtt);
        while (m_roundMinima.size() > m_baseRttWindow)
        {
            m_roundMinima.pop_front();
        }
        m_baseRtt = *std::min_element(m_roundMinima.begin(), m_roundMinima.end());
    }

    const bool cwndLimited = m_roundCwndLimited;
    if (m_roundRttCount < MIN_RTT_SAMPLES_PER_ROUND)
    {
        NS_LOG_LOGIC("Only " << m_roundRttCount << " RTT samples in the round: NewReno");
        if (cwndLimited)
        {
            TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
        }
        return;
    }

    const Time rtt = (m_rttSample == MEAN) ? m_roundRttSum / m_roundRttCount : m_roundMinRtt;
    const Time baseRtt = m_baseRtt;
    const double cwnd = static_cast<double>(tcb->m_cWnd) / tcb->m_segmentSize;
    const double diff = Backlog(cwnd, baseRtt, rtt);
    const double lower = TargetBacklog(m_alpha, m_alphaUnit, m_alphaTimeUnit, baseRtt);
    const double upper = TargetBacklog(m_beta, m_alphaUnit, m_alphaTimeUnit, baseRtt);

    // The price and the target rate x = alpha_s d_s / p (eq. 12; eq. 33 with the ECN price).
    double price;
    double priceSeconds;
    if (m_priceSource == ECN_MARKS)
    {
        price = ecn.price;
        priceSeconds = price * m_alphaTimeUnit.GetSeconds();
    }
    else
    {
        // Eq. 21: the path price is the queueing delay. It is negative when baseRTT is too
        // large (Fixed, with PropagationDelay above the real one); a negative Time is converted
        // through its absolute value (ns-3's int64x64 conversion of negative values trips
        // UBSan).
        price = rtt >= baseRtt ? (rtt - baseRtt).GetSeconds() : -(baseRtt - rtt).GetSeconds();
        priceSeconds = price;
    }
    const double targetRate =
        priceSeconds > 0 ? lower / priceSeconds : std::numeric_limits<double>::infinity();

    NS_LOG_DEBUG("round: rtt " << rtt.As(Time::MS) << " baseRtt " << baseRtt.As(Time::MS)
                               << " cwnd " << cwnd << " diff " << diff << " targets [" << lower
                               << ", " << upper << "] price " << price << " target rate "
                               << targetRate);
    m_rttTrace(rtt);
    m_backlogTrace(diff);
    m_priceTrace(price);
    m_targetRateTrace(targetRate);

    if (tcb->m_cWnd < tcb->m_ssThresh)
    {
        // Slow start (unchanged in EcnMarks mode, §6.3): leave it when the backlog exceeds gamma,
        // with the window the measured rate needs plus one packet.
        if (diff > m_slowStartExit)
        {
            const double needed = std::floor(cwnd * baseRtt.GetDouble() / rtt.GetDouble()) + 1;
            NS_LOG_LOGIC("diff " << diff << " > gamma " << m_slowStartExit
                                 << ": leaving slow start");
            SetCongestionAvoidanceWindow(tcb, std::min(cwnd, needed));
        }
        else if (cwndLimited)
        {
            TcpNewReno::SlowStart(tcb, segmentsAcked);
        }
        return;
    }

    int direction;
    if (m_priceSource == ECN_MARKS)
    {
        if (!ecn.valid)
        {
            NS_LOG_LOGIC("No packet acknowledged in the round: no ECN price, hold");
            return;
        }
        // Vegas with REM (§5): compare x̂ p̂ with alpha_s d_s, x̂ in packets per AlphaTimeUnit.
        const double rate = cwnd / rtt.GetDouble() * m_alphaTimeUnit.GetDouble();
        direction = WindowDirection(rate * ecn.price, lower, upper);
        NS_LOG_LOGIC("EcnMarks: rate " << rate << " x price " << ecn.price << " = "
                                       << rate * ecn.price << " -> " << direction);
    }
    else
    {
        direction = WindowDirection(diff, lower, upper); // eq. 1
        NS_LOG_LOGIC("QueueingDelay: diff " << diff << " -> " << direction);
    }
    if (direction > 0 && !cwndLimited)
    {
        // The window was not filled in this round (the receive window or the application
        // limited the flight): growing it would not raise the rate (see IncreaseWindow()).
        NS_LOG_LOGIC("Not cwnd-limited in the round: no growth");
        direction = 0;
    }
    SetCongestionAvoidanceWindow(tcb, cwnd + direction);
}

namespace
{
/// \return the attribute named \p name in \p attributes last, as text ("" if absent)
/// \param attributes a class' attributes of TcpDualVegas, in order \param name an attribute
std::string
LastText(const AlgorithmTraits::AttributeList& attributes, const std::string& name)
{
    TypeId::AttributeInformation info;
    TcpDualVegas::GetTypeId().LookupAttributeByName(name, &info);
    std::string text;
    for (const auto& [attribute, value] : attributes)
    {
        if (attribute == name)
        {
            text = value->SerializeToString(info.checker);
        }
    }
    return text;
}

/**
 * \param name a keyword of a number (alpha, beta)
 * \param targets the attributes it sets (alpha= sets Beta too: beta = alpha unless beta= says
 *        otherwise)
 * \return the keyword
 */
AlgorithmTraits::Keyword
BacklogKeyword(const std::string& name, const std::vector<std::string>& targets)
{
    return {name,
            {},
            AlgorithmTraits::MAX_ALPHA,
            false,
            [targets](const AlgorithmTraits::KeywordValue& v,
                      AlgorithmTraits::AttributeList& attributes) {
                for (const std::string& target : targets)
                {
                    attributes.emplace_back(target, Create<DoubleValue>(v.number));
                }
                return std::string();
            }};
}

/**
 * \param name a keyword of words
 * \param attribute the attribute it sets
 * \param words its words and the attribute's value each stands for
 * \return the keyword
 */
AlgorithmTraits::Keyword
WordKeyword(const std::string& name,
            const std::string& attribute,
            const std::vector<std::pair<std::string, std::string>>& words)
{
    AlgorithmTraits::Keyword k{name, {}, 0, false, nullptr};
    for (const auto& [word, unused] : words)
    {
        k.words.push_back(word);
    }
    k.set = [attribute, words](const AlgorithmTraits::KeywordValue& v,
                               AlgorithmTraits::AttributeList& attributes) {
        for (const auto& [word, value] : words)
        {
            if (word == v.word)
            {
                attributes.emplace_back(attribute, Create<StringValue>(value));
            }
        }
        return std::string();
    };
    return k;
}

/**
 * The keywords of the text format: alpha=<packets> (Alpha and Beta), beta=<packets>,
 * alphaUnit=rtt|<Time> (AlphaUnit, AlphaTimeUnit), baseRtt=measured|fixed (BaseRttEstimator:
 * MinEver or Fixed; Configure then sets PropagationDelay to the flow's true base RTT) and
 * rttSample=mean|minimum (RttSample).
 * \return the keywords
 */
std::vector<AlgorithmTraits::Keyword>
Keywords()
{
    AlgorithmTraits::Keyword unit{
        "alphaUnit",
        {"rtt"},
        0,
        true,
        [](const AlgorithmTraits::KeywordValue& v, AlgorithmTraits::AttributeList& attributes) {
            const bool perRtt = v.kind == AlgorithmTraits::KeywordValue::WORD;
            attributes.emplace_back("AlphaUnit",
                                    Create<StringValue>(perRtt ? "PerRtt" : "PerTime"));
            if (!perRtt)
            {
                attributes.emplace_back("AlphaTimeUnit", Create<TimeValue>(v.time));
            }
            return std::string();
        }};
    return {
        BacklogKeyword("alpha", {"Alpha", "Beta"}),
        BacklogKeyword("beta", {"Beta"}),
        unit,
        WordKeyword("baseRtt", "BaseRttEstimator", {{"measured", "MinEver"}, {"fixed", "Fixed"}}),
        WordKeyword("rttSample", "RttSample", {{"mean", "Mean"}, {"minimum", "Minimum"}})};
}

/// \return what CheckConfig() says of \p tcp, naming the keyword of the attribute at fault
/// \param tcp a TcpDualVegas
std::string
CheckWithKeyword(Ptr<TcpCongestionOps> tcp)
{
    const std::string error =
        TcpDualVegas::CheckConfig(DynamicCast<TcpDualVegas>(tcp)->GetConfig());
    static const std::vector<std::pair<std::string, std::string>> keywords{
        {"Alpha ", "alpha="},
        {"Beta ", "beta="},
        {"AlphaTimeUnit ", "alphaUnit="}};
    for (const auto& [attribute, keyword] : keywords)
    {
        if (error.compare(0, attribute.size(), attribute) == 0)
        {
            return error + " (the class' " + keyword + " or tcp." +
                   attribute.substr(0, attribute.size() - 1) + "=)";
        }
    }
    return error;
}

/**
 * TcpDualVegas in the testbed: the testbed's defaults alpha = beta = 2 packets per RTT and
 * RttSample Mean (ns-2's Vegas, which the papers simulated), the keywords above, and, with
 * BaseRttEstimator Fixed, PropagationDelay = the flow's true base RTT unless the class sets it;
 * its duality-model weight is TargetBacklog() of the configured Alpha and AlphaUnit (Vegas paper
 * §3.2), whatever set them.
 */
AlgorithmTraits::Source
Traits()
{
    AlgorithmTraits::Source traits{
        [](ObjectFactory& factory,
           const AlgorithmTraits::AttributeList& attributes,
           const AlgorithmTraits::SourceFields& f) {
            factory.Set("Alpha", DoubleValue(AlgorithmTraits::DEFAULT_ALPHA));
            factory.Set("Beta", DoubleValue(AlgorithmTraits::DEFAULT_ALPHA));
            factory.Set("RttSample", StringValue("Mean"));
            if (LastText(attributes, "BaseRttEstimator") == "Fixed")
            {
                factory.Set("PropagationDelay", TimeValue(f.trueBaseRtt));
            }
        },
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&) {
            return CheckWithKeyword(tcp);
        },
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&, double d) {
            const TcpDualVegas::Config c = DynamicCast<TcpDualVegas>(tcp)->GetConfig();
            return AlgorithmTraits::VegasWeight(
                c.alpha,
                c.alphaUnit == TcpDualVegas::PER_TIME ? c.alphaTimeUnit : Time(0),
                d);
        },
        nullptr};
    traits.keywords = Keywords();
    // Vegas' eq. 1 as a fluid law, with the weight above (alpha d, or alpha d / unit)
    traits.fluidLaw = [weight = traits.weight](Ptr<TcpCongestionOps> tcp,
                                               const AlgorithmTraits::SourceFields& fields,
                                               double d) -> std::shared_ptr<const FluidSourceLaw> {
        return std::make_shared<const FluidVegasLaw>(weight(tcp, fields, d));
    };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterSource(TcpDualVegas::GetTypeId(), Traits());
} // namespace

} // namespace ns3
