/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-monaco.h"

#include "dualcc-enum-accessor.h"
#include "dualcc-out-of-range.h"
#include "monaco-header.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpMonaco");
NS_OBJECT_ENSURE_REGISTERED(TcpMonaco);

namespace
{

/// The largest window a 32-bit cwnd holds, bytes.
constexpr double MAX_WINDOW = std::numeric_limits<uint32_t>::max();

} // namespace

TypeId
TcpMonaco::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpMonaco")
            .SetParent<TcpCongestionOps>()
            .SetGroupName("Dualcc")
            .AddConstructor<TcpMonaco>()
            .AddAttribute("Policy",
                          "The window law applied once per control period: AccP (eq. 10, "
                          "proportional), AccAiad (eq. 3, additive increase/decrease) or AccMw "
                          "(eq. 5, Mo and Walrand).",
                          EnumValue(TcpMonaco::ACC_P),
                          MakeDualccEnumAccessor<Policy>(&TcpMonaco::m_policy),
                          MakeEnumChecker(TcpMonaco::ACC_P,
                                          "AccP",
                                          TcpMonaco::ACC_AIAD,
                                          "AccAiad",
                                          TcpMonaco::ACC_MW,
                                          "AccMw"))
            .AddAttribute("Kappa",
                          "Gain kappa of AccP (eq. 10): the window moves by kappa times the "
                          "accumulation error (bytes per byte, dimensionless). In (0, 2): the "
                          "checker refuses 0, Init refuses 2.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&TcpMonaco::m_kappa),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_KAPPA))
            .AddAttribute(
                "TargetAccumulation",
                "Target accumulation a*: bytes (IPv4) the flow keeps queued in the "
                "path; in [1, 1e9] bytes. The paper's Table I: 3000 bytes (3 packets "
                "of 1000 bytes).",
                DoubleValue(3000),
                MakeDoubleAccessor(&TcpMonaco::m_targetAccumulation),
                MakeDoubleChecker<double>(MIN_TARGET_ACCUMULATION, MAX_TARGET_ACCUMULATION))
            .AddAttribute("AiadStep",
                          "Step k_A of AccAiad (eq. 3 times rtt): segments added or removed per "
                          "control period. In (0, 100] segments.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&TcpMonaco::m_aiadStep),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_AIAD_STEP))
            .AddAttribute("MwGain",
                          "Gain kappa_MW of AccMw (eq. 5 times rtt), segments per second: per "
                          "period the window moves by MwGain * segment * rtt_p * "
                          "(accumulation - target) / window bytes. In (0, 1e6] segments/s.",
                          DoubleValue(250),
                          MakeDoubleAccessor(&TcpMonaco::m_mwGain),
                          MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_MW_GAIN))
            .AddAttribute("FeedbackTimeout",
                          "How long after the flow's first acknowledged data a feedback must "
                          "have arrived from Monaco's agents (MonacoHelper installs them); "
                          "PktsAcked aborts if none has, since the window moves only on "
                          "feedback. In [0, 3600] s; 0: never check. The default 5 s is longer "
                          "than two lost first pairs (the agent's InitialRto 1 s, then 2 s).",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&TcpMonaco::m_feedbackTimeout),
                          MakeTimeChecker(Time(0), Seconds(MAX_FEEDBACK_TIMEOUT_S)))
            .AddTraceSource("Accumulation",
                            "The accumulation estimate of each feedback, bytes",
                            MakeTraceSourceAccessor(&TcpMonaco::m_accumulationTrace),
                            "ns3::TcpMonaco::DoubleTracedCallback")
            .AddTraceSource("ForwardQueueing",
                            "The forward queueing time ftt_q of each feedback",
                            MakeTraceSourceAccessor(&TcpMonaco::m_forwardQueueingTrace),
                            "ns3::Time::TracedCallback")
            .AddTraceSource("EgressRate",
                            "The receiver's average egress rate of each feedback, bytes/s",
                            MakeTraceSourceAccessor(&TcpMonaco::m_egressRateTrace),
                            "ns3::TcpMonaco::DoubleTracedCallback")
            .AddTraceSource("TargetWindow",
                            "The law's window w, bytes (cwnd is its rounded value)",
                            MakeTraceSourceAccessor(&TcpMonaco::m_window),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("ControlSequence",
                            "The control sequence number of the last feedback",
                            MakeTraceSourceAccessor(&TcpMonaco::m_controlSequence),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("LossHalvings",
                            "Halvings of the window so far: decrease-due-to-loss feedback "
                            "applied, and TCP's own (GetSsThresh)",
                            MakeTraceSourceAccessor(&TcpMonaco::m_lossHalvings),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

TcpMonaco::TcpMonaco()
    : TcpCongestionOps(),
      m_policy(ACC_P),
      m_kappa(0),
      m_targetAccumulation(0),
      m_aiadStep(0),
      m_mwGain(0),
      m_feedbackTimeout(0),
      m_window(0),
      m_synced(false),
      m_knownCwnd(0),
      m_lastHalving(Time::Min()),
      m_previousPairSent(Time::Min()),
      m_controlSequence(0),
      m_lossHalvings(0),
      m_feedbackSeen(false),
      m_firstAck(Time::Min())
{
    NS_LOG_FUNCTION(this);
}

TcpMonaco::TcpMonaco(const TcpMonaco& sock)
    : TcpCongestionOps(sock),
      m_policy(sock.m_policy),
      m_kappa(sock.m_kappa),
      m_targetAccumulation(sock.m_targetAccumulation),
      m_aiadStep(sock.m_aiadStep),
      m_mwGain(sock.m_mwGain),
      m_feedbackTimeout(sock.m_feedbackTimeout),
      m_window(sock.m_window),
      m_synced(sock.m_synced),
      m_knownCwnd(sock.m_knownCwnd),
      m_lastHalving(sock.m_lastHalving),
      m_previousPairSent(sock.m_previousPairSent),
      m_controlSequence(sock.m_controlSequence),
      m_lossHalvings(sock.m_lossHalvings),
      m_feedbackSeen(false),
      m_firstAck(Time::Min())
{
    NS_LOG_FUNCTION(this);
}

TcpMonaco::~TcpMonaco()
{
    NS_LOG_FUNCTION(this);
}

void
TcpMonaco::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_tcb = nullptr;
    TcpCongestionOps::DoDispose();
}

std::string
TcpMonaco::GetName() const
{
    return "TcpMonaco";
}

Ptr<TcpCongestionOps>
TcpMonaco::Fork()
{
    return CopyObject<TcpMonaco>(this);
}

TcpMonaco::Config
TcpMonaco::GetConfig() const
{
    Config config;
    config.policy = m_policy;
    config.kappa = m_kappa;
    config.targetAccumulation = m_targetAccumulation;
    config.aiadStep = m_aiadStep;
    config.mwGain = m_mwGain;
    return config;
}

double
TcpMonaco::GetTargetWindow() const
{
    return m_window;
}

std::string
TcpMonaco::CheckConfig(const Config& config)
{
    // Negated comparisons: NaN fails them.
    if (!(config.kappa > 0 && config.kappa < MAX_KAPPA))
    {
        return DualccOutOfRange("Kappa", config.kappa, "Kappa must be in (0, 2)");
    }
    if (!(config.targetAccumulation >= MIN_TARGET_ACCUMULATION &&
          config.targetAccumulation <= MAX_TARGET_ACCUMULATION))
    {
        return DualccOutOfRange("TargetAccumulation",
                                config.targetAccumulation,
                                "TargetAccumulation must be in [1, 1e+09] bytes");
    }
    if (!(config.aiadStep > 0 && config.aiadStep <= MAX_AIAD_STEP))
    {
        return DualccOutOfRange("AiadStep",
                                config.aiadStep,
                                "AiadStep must be in (0, 100] segments");
    }
    if (!(config.mwGain > 0 && config.mwGain <= MAX_MW_GAIN))
    {
        return DualccOutOfRange("MwGain", config.mwGain, "MwGain must be in (0, 1e+06] segments/s");
    }
    return "";
}

void
TcpMonaco::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    const std::string error = CheckConfig(GetConfig());
    NS_ABORT_MSG_IF(!error.empty(), "ns3::TcpMonaco::" << error);
    m_tcb = tcb;
    // §IV-B.2: "a leaky bucket shaper with a rate value of cwnd/rtt and a burst parameter of one
    // packet". ns-3's pacing (TcpSocketBase::UpdatePacingRate) sets the rate to
    // max(cwnd, bytesInFlight) * ratio / 100 / RTT on every ACK, with the RTT ns-3's smoothed
    // estimate, and sends one segment per expiry of a timer of that segment's time at the rate.
    // Ratio 100 in both slow start and congestion avoidance makes it cwnd/RTT; pacing the
    // initial window too paces the whole flow (the SYN-ACK gives the first RTT sample before
    // the first rate is computed). These four fields exist with these names and meanings in
    // ns-3.35, 3.37 and 3.48 (3.48 reads the RTT from m_srtt, earlier releases from m_lastRtt,
    // which there holds the same smoothed estimate).
    tcb->m_pacing = true;
    tcb->m_pacingSsRatio = PACING_RATIO_PERCENT;
    tcb->m_pacingCaRatio = PACING_RATIO_PERCENT;
    tcb->m_paceInitialWindow = true;
}

// ------------------------------------------------------------------------------------------
// The laws, each in one place (per control period of about one RTT; bytes).

double
TcpMonaco::NextWindow(const Config& config,
                      double window,
                      double accumulation,
                      uint32_t segmentSize,
                      Time propagationRtt)
{
    const double s = segmentSize;
    const double error = accumulation - config.targetAccumulation; // â − a*
    double next = window;
    switch (config.policy)
    {
    case ACC_P:
        // Eq. 10: cwnd(n+1) = cwnd(n) − κ (â − a*) (eq. 6 integrated over one period of rtt).
        next = window - config.kappa * error;
        break;
    case ACC_AIAD: {
        // Eq. 3 times rtt: Δw = −κ sgn(a − a*), κ = k_A segments (eq. 4's sgn: 0 at a = a*).
        const double sign = (error > 0) ? 1.0 : ((error < 0) ? -1.0 : 0.0);
        next = window - config.aiadStep * s * sign;
        break;
    }
    case ACC_MW: {
        // Eq. 5 times rtt: Δw = −κ rtt_p (a − a*) / w, κ = κ_MW s bytes/s.
        const double rttP = std::max(0.0, propagationRtt.GetSeconds());
        next = window - config.mwGain * s * rttP * error / std::max(window, s);
        break;
    }
    }
    // Floor one segment; no ceiling but the 32-bit cwnd (the receiver's window limits sending).
    return std::min(std::max(next, MIN_CWND_SEGMENTS * s), MAX_WINDOW);
}

// ------------------------------------------------------------------------------------------

void
TcpMonaco::ReceiveFeedback(const MonacoFeedback& feedback)
{
    NS_LOG_FUNCTION(this << feedback.sequence << static_cast<uint32_t>(feedback.flag)
                         << feedback.accumulation);
    NS_ABORT_MSG_UNLESS(m_tcb,
                        "ns3::TcpMonaco::ReceiveFeedback: called before Init() (the congestion "
                        "control is not attached to a socket)");
    m_controlSequence = feedback.sequence;
    m_feedbackSeen = true;
    m_accumulationTrace(feedback.accumulation);
    m_forwardQueueingTrace(feedback.forwardQueueing);
    m_egressRateTrace(feedback.egressRate);

    // The report covers the data sent since the previous pair left.
    const Time coveredSince = m_previousPairSent;
    m_previousPairSent = feedback.pairSent;

    if (m_tcb->m_congState == TcpSocketState::CA_RECOVERY ||
        m_tcb->m_congState == TcpSocketState::CA_CWR)
    {
        NS_LOG_LOGIC("In recovery: feedback traced, not applied");
        return;
    }
    Resynchronise(m_tcb->m_cWnd);
    const uint32_t s = m_tcb->m_segmentSize;
    if (feedback.flag == MonacoHeader::DECREASE_LOSS)
    {
        if (m_lastHalving > coveredSince)
        {
            NS_LOG_LOGIC("Loss flag ignored: halved at " << m_lastHalving.As(Time::S)
                                                         << ", after the previous pair left at "
                                                         << coveredSince.As(Time::S));
        }
        else
        {
            // §IV-B.2: "Monaco halves the congestion window as in TCP Reno".
            m_window = std::max(m_window.Get() / 2, static_cast<double>(MIN_CWND_SEGMENTS * s));
            RecordHalving();
        }
    }
    else
    {
        m_window = NextWindow(GetConfig(),
                              m_window.Get(),
                              feedback.accumulation,
                              s,
                              feedback.propagationRtt);
    }
    NS_LOG_DEBUG("feedback " << feedback.sequence << ": a " << feedback.accumulation << " w "
                             << m_window);
    WriteWindow();
}

uint32_t
TcpMonaco::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    Resynchronise(tcb->m_cWnd);
    m_window = std::max(m_window.Get() / 2,
                        static_cast<double>(MIN_SSTHRESH_SEGMENTS * tcb->m_segmentSize));
    RecordHalving();
    return static_cast<uint32_t>(std::lround(m_window.Get()));
}

void
TcpMonaco::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
}

void
TcpMonaco::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);
    if (m_feedbackSeen || m_feedbackTimeout.IsZero())
    {
        return;
    }
    const Time now = Simulator::Now();
    if (m_firstAck == Time::Min())
    {
        m_firstAck = now;
        return;
    }
    NS_ABORT_MSG_IF(now - m_firstAck >= m_feedbackTimeout,
                    "ns3::TcpMonaco: no feedback "
                        << m_feedbackTimeout.GetSeconds()
                        << " s after the flow's first acknowledged data (at "
                        << m_firstAck.GetSeconds()
                        << " s): the window moves only on the feedback of Monaco's agents "
                           "(MonacoSenderAgent on the source host, MonacoReceiverAgent on the "
                           "sink host), so the flow runs open loop. Install them with "
                           "MonacoHelper::Install (ns3/monaco-helper.h), and give the control "
                           "packets a path (MonacoHelper::InstallPriorityQueue on the routers); "
                           "ns3::TcpMonaco::FeedbackTimeout sets this bound, in [0, 3600] s "
                           "(0: never check)");
}

void
TcpMonaco::Resynchronise(uint32_t cwnd)
{
    if (!m_synced || cwnd != m_knownCwnd)
    {
        NS_LOG_LOGIC("cwnd " << cwnd << " set by TCP: w restarts from it");
        m_window = cwnd;
        m_knownCwnd = cwnd;
        m_synced = true;
    }
}

void
TcpMonaco::RecordHalving()
{
    m_lastHalving = Simulator::Now();
    ++m_lossHalvings;
}

void
TcpMonaco::WriteWindow()
{
    // m_cWndInfl (the inflated window of classic recovery, traced as CongestionWindowInflated)
    // exists in ns-3.35, 3.37 and 3.48; outside recovery ns-3 keeps it equal to cwnd.
    const auto cwnd = static_cast<uint32_t>(std::lround(m_window.Get()));
    m_tcb->m_cWnd = cwnd;
    m_tcb->m_cWndInfl = cwnd;
    m_knownCwnd = cwnd;
}

} // namespace ns3
