/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-fast.h"

#include "algorithm-traits.h"
#include "dualcc-enum-accessor.h"
#include "dualcc-out-of-range.h"
#include "fluid-source-law.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpFast");
NS_OBJECT_ENSURE_REGISTERED(TcpFast);

TypeId
TcpFast::GetTypeId()
{
    // No AddConstructor: abstract. No attributes here: see AddFastAttributes().
    static TypeId tid = TypeId("ns3::TcpFast").SetParent<TcpNewReno>().SetGroupName("Dualcc");
    return tid;
}

TypeId
TcpFast::AddFastAttributes(TypeId tid)
{
    return tid
        .AddAttribute("Alpha",
                      "Stability parameter alpha of eqs. 16, 21, 28 (Theorem 2), dimensionless; "
                      "in (0, pi/2) (checked at Init)",
                      DoubleValue(0.37),
                      MakeDoubleAccessor(&TcpFast::m_alpha),
                      MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_ALPHA))
        .AddAttribute("K",
                      "Weight K of the utility K log x, packets (the source's share of the queue "
                      "or virtual queue: x q = K); in (0, 1e6] (checked at Init)",
                      DoubleValue(50),
                      MakeDoubleAccessor(&TcpFast::m_k),
                      MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_PACKETS))
        .AddAttribute("M",
                      "Bound M on the number of bottlenecks in the path (eqs. 16, 21, 28); in "
                      "[1, 1000] (checked at Init)",
                      UintegerValue(1),
                      MakeUintegerAccessor(&TcpFast::m_m),
                      MakeUintegerChecker<uint32_t>(1, MAX_BOTTLENECKS))
        .AddAttribute("Eta",
                      "eta of Proposition 3 (zero of the lead-lag z = eta / RttBound), "
                      "dimensionless; in (0, 1/tan(1) = 0.6421) (checked at Init)",
                      DoubleValue(0.64),
                      MakeDoubleAccessor(&TcpFast::m_eta),
                      MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_ETA))
        .AddAttribute("RttBound",
                      "The bound tau_bar on every source's RTT of Proposition 3 (BetaRule "
                      "Proposition3: beta = Eta Alpha / (M RttBound)); in (0, 1000 s] (checked "
                      "at Init)",
                      TimeValue(MilliSeconds(200)),
                      MakeTimeAccessor(&TcpFast::m_rttBound),
                      MakeTimeChecker(TimeStep(1), Seconds(MAX_TIME_SECONDS)))
        .AddAttribute(
            "BetaRule",
            "How beta is set: Proposition3 (Eta Alpha / (M RttBound)) or Fixed (the "
            "attribute Beta)",
            EnumValue(TcpFast::PROPOSITION_3),
            MakeDualccEnumAccessor<BetaRule>(&TcpFast::m_betaRule),
            MakeEnumChecker(TcpFast::PROPOSITION_3, "Proposition3", TcpFast::FIXED_BETA, "Fixed"))
        .AddAttribute("Beta",
                      "beta of eqs. 20 and 27 when BetaRule is Fixed, 1/s; in (0, 1000] "
                      "(checked at Init; with BetaRule Proposition3 it must keep its default, "
                      "which has no effect). The default is Proposition 3's value for the "
                      "default Eta, Alpha, M and RttBound: 0.64 x 0.37 / 0.2 s",
                      DoubleValue(DEFAULT_BETA),
                      MakeDoubleAccessor(&TcpFast::m_beta),
                      MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_BETA))
        .AddAttribute("BaseWindow",
                      "W_m of eqs. 16, 21, 28: the expected window at xi = 0 and no price, "
                      "packets (also the window the source starts from); in (0, 1e6] (checked "
                      "at Init)",
                      DoubleValue(2),
                      MakeDoubleAccessor(&TcpFast::m_baseWindow),
                      MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_PACKETS))
        .AddAttribute("IntegrationInterval",
                      "T_s, the period of the xi and expWnd update (Fig. 3 intInterval); in "
                      "(0, 1000 s] (checked at Init)",
                      TimeValue(MilliSeconds(10)),
                      MakeTimeAccessor(&TcpFast::m_integrationInterval),
                      MakeTimeChecker(TimeStep(1), Seconds(MAX_TIME_SECONDS)))
        .AddAttribute("MaxIncrement",
                      "Largest step up of the window per ACK (Fig. 3 maxIncrement), packets; "
                      "in (0, 1e6] (checked at Init). Not given by the paper: see doc/fast.rst",
                      DoubleValue(0.2),
                      MakeDoubleAccessor(&TcpFast::m_maxIncrement),
                      MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_PACKETS))
        .AddAttribute("MaxDecrement",
                      "Largest step down of the window per ACK (Fig. 3 maxDecrement), packets; "
                      "in (0, 1e6] (checked at Init). Not given by the paper: see doc/fast.rst",
                      DoubleValue(0.2),
                      MakeDoubleAccessor(&TcpFast::m_maxDecrement),
                      MakeDoubleChecker<double>(SMALLEST_POSITIVE, MAX_PACKETS))
        .AddAttribute("Pacing",
                      "True: the window is paced uniformly over the RTT (§IV-B: \"the output "
                      "packet flows are paced uniformly over each RTT\"); false: sent as the ACKs "
                      "open it (ns-3's TcpSocketState::EnablePacing decides), for experiments",
                      BooleanValue(true),
                      MakeBooleanAccessor(&TcpFast::m_pacing),
                      MakeBooleanChecker());
}

TypeId
TcpFast::AddFastTraceSources(TypeId tid)
{
    return tid
        .AddTraceSource("Xi",
                        "The state xi after each integration step (eqs. 20, 27)",
                        MakeTraceSourceAccessor(&TcpFast::m_xi),
                        "ns3::TracedValueCallback::Double")
        .AddTraceSource("ExpectedWindow",
                        "expWnd after each integration step (eqs. 16, 28), packets",
                        MakeTraceSourceAccessor(&TcpFast::m_expWnd),
                        "ns3::TracedValueCallback::Double")
        .AddTraceSource("Price",
                        "The price the law uses, s: the ECN estimate p̂ after each ACK "
                        "(TcpFastEcn) or the queueing delay q of each step (TcpFastDelay)",
                        MakeTraceSourceAccessor(&TcpFast::m_price),
                        "ns3::TracedValueCallback::Double")
        .AddTraceSource("BaseRtt",
                        "baseRTT d, the smallest RTT sample (Time::Max() until the first one)",
                        MakeTraceSourceAccessor(&TcpFast::m_baseRtt),
                        "ns3::TracedValueCallback::Time");
}

TcpFast::TcpFast()
    : TcpNewReno(),
      m_alpha(0),
      m_k(0),
      m_m(0),
      m_eta(0),
      m_betaRule(PROPOSITION_3),
      m_beta(0),
      m_baseWindow(0),
      m_maxIncrement(0),
      m_maxDecrement(0),
      m_pacing(true),
      m_xi(0),
      m_expWnd(0),
      m_price(0),
      m_baseRtt(Time::Max()),
      m_ackSeen(false),
      m_highestAck(0),
      m_clockStarted(false)
{
    NS_LOG_FUNCTION(this);
}

TcpFast::TcpFast(const TcpFast& sock)
    : TcpNewReno(sock),
      m_alpha(sock.m_alpha),
      m_k(sock.m_k),
      m_m(sock.m_m),
      m_eta(sock.m_eta),
      m_rttBound(sock.m_rttBound),
      m_betaRule(sock.m_betaRule),
      m_beta(sock.m_beta),
      m_baseWindow(sock.m_baseWindow),
      m_integrationInterval(sock.m_integrationInterval),
      m_maxIncrement(sock.m_maxIncrement),
      m_maxDecrement(sock.m_maxDecrement),
      m_pacing(sock.m_pacing),
      m_xi(0),
      m_expWnd(sock.m_baseWindow),
      m_price(0),
      m_baseRtt(Time::Max()),
      m_ackSeen(false),
      m_highestAck(0),
      m_clockStarted(false)
{
    NS_LOG_FUNCTION(this);
}

TcpFast::~TcpFast()
{
    NS_LOG_FUNCTION(this);
}

TcpFast::Config
TcpFast::GetConfig() const
{
    Config c;
    c.alpha = m_alpha;
    c.k = m_k;
    c.m = m_m;
    c.eta = m_eta;
    c.rttBound = m_rttBound;
    c.betaRule = m_betaRule;
    c.beta = m_beta;
    c.baseWindow = m_baseWindow;
    c.integrationInterval = m_integrationInterval;
    c.maxIncrement = m_maxIncrement;
    c.maxDecrement = m_maxDecrement;
    return c;
}

std::string
TcpFast::CheckConfig(const Config& c)
{
    const Time maxTime = Seconds(MAX_TIME_SECONDS);
    if (!(c.alpha > 0 && c.alpha < MAX_ALPHA))
    {
        return DualccOutOfRange("Alpha",
                                c.alpha,
                                "Alpha must be > 0 and < pi/2 = 1.5708 (Theorem 2)");
    }
    if (!(c.k > 0 && c.k <= MAX_PACKETS))
    {
        return DualccOutOfRange("K", c.k, "K (packets) must be > 0 and <= 1e+06");
    }
    if (c.m < 1 || c.m > MAX_BOTTLENECKS)
    {
        return DualccOutOfRange("M", c.m, "M must be >= 1 and <= 1000");
    }
    if (!(c.eta > 0 && c.eta < MAX_ETA))
    {
        return DualccOutOfRange("Eta",
                                c.eta,
                                "Eta must be > 0 and < 1/tan(1) = 0.642093 (Proposition 3)");
    }
    if (!c.rttBound.IsStrictlyPositive() || c.rttBound > maxTime)
    {
        return DualccOutOfRange("RttBound",
                                c.rttBound.As(Time::MS),
                                "RttBound must be > 0 and <= 1000 s");
    }
    if (!(c.beta > 0 && c.beta <= MAX_BETA))
    {
        return DualccOutOfRange("Beta", c.beta, "Beta (1/s) must be > 0 and <= 1000");
    }
    if (c.betaRule == PROPOSITION_3 && c.beta != DEFAULT_BETA)
    {
        std::ostringstream os;
        os << "Beta = " << c.beta
           << " has no effect with BetaRule Proposition3 (beta = Eta Alpha / (M RttBound)); "
              "set BetaRule to Fixed to use it, or leave Beta at its default "
           << DEFAULT_BETA;
        return os.str();
    }
    if (!(c.baseWindow > 0 && c.baseWindow <= MAX_PACKETS))
    {
        return DualccOutOfRange("BaseWindow",
                                c.baseWindow,
                                "BaseWindow (packets) must be > 0 and <= 1e+06");
    }
    if (!c.integrationInterval.IsStrictlyPositive() || c.integrationInterval > maxTime)
    {
        return DualccOutOfRange("IntegrationInterval",
                                c.integrationInterval.As(Time::MS),
                                "IntegrationInterval must be > 0 and <= 1000 s");
    }
    if (!(c.maxIncrement > 0 && c.maxIncrement <= MAX_PACKETS))
    {
        return DualccOutOfRange("MaxIncrement",
                                c.maxIncrement,
                                "MaxIncrement (packets per ACK) must be > 0 and <= 1e+06");
    }
    if (!(c.maxDecrement > 0 && c.maxDecrement <= MAX_PACKETS))
    {
        return DualccOutOfRange("MaxDecrement",
                                c.maxDecrement,
                                "MaxDecrement (packets per ACK) must be > 0 and <= 1e+06");
    }
    return "";
}

std::string
TcpFast::Validate() const
{
    return CheckConfig(GetConfig());
}

double
TcpFast::Proposition3Beta(double eta, double alpha, uint32_t m, Time rttBound)
{
    // Proposition 3: z = eta / tau_bar; §III-B: z = beta M / alpha.
    return eta * alpha / (m * rttBound.GetSeconds());
}

double
TcpFast::GetBeta() const
{
    return m_betaRule == FIXED_BETA ? m_beta : Proposition3Beta(m_eta, m_alpha, m_m, m_rttBound);
}

double
TcpFast::XiStep(double xi, double beta, double k, double window, double priceRatio, double ts)
{
    // Eq. 20 (FAST-ECN, r = p̂/d) and eq. 27 (FAST-delay, r = q/(d+q)).
    return xi + beta * (k / window - priceRatio) * ts;
}

double
TcpFast::CappedWindow(double cwnd, double expWnd, double maxIncrement, double maxDecrement)
{
    // Fig. 3, on each ACK arrival.
    const double tmp = cwnd - expWnd;
    if (tmp > maxDecrement)
    {
        return cwnd - maxDecrement;
    }
    if (tmp < -maxIncrement)
    {
        return cwnd + maxIncrement;
    }
    return expWnd;
}

void
TcpFast::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    const std::string error = Validate();
    NS_ABORT_MSG_IF(!error.empty(), GetInstanceTypeId().GetName() << "::" << error);
    m_expWnd = m_baseWindow;
    if (!m_pacing)
    {
        return;
    }
    // Pacing uniformly over the RTT (Paganini et al. §IV-B): cwnd / RTT, from the first packet.
    tcb->m_pacing = true;
    tcb->m_pacingSsRatio = 100;
    tcb->m_pacingCaRatio = 100;
    tcb->m_paceInitialWindow = true;
}

void
TcpFast::OnFirstAck(Ptr<const TcpSocketState> /* tcb */)
{
}

void
TcpFast::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);
    // ns-3 also calls PktsAcked(tcb, 1, lastRtt) on duplicate ACKs, with an old RTT sample.
    const bool fresh = !m_ackSeen || tcb->m_lastAckedSeq > m_highestAck;
    if (!fresh)
    {
        NS_LOG_LOGIC("Duplicate ACK ignored");
        return;
    }
    if (!m_ackSeen)
    {
        OnFirstAck(tcb);
    }
    m_ackSeen = true;
    m_highestAck = tcb->m_lastAckedSeq;
    if (!rtt.IsZero() && rtt < m_baseRtt)
    {
        m_baseRtt = rtt;
    }
    ObserveAck(tcb, rtt);
    if (m_baseRtt.Get() == Time::Max())
    {
        return; // no RTT sample yet: no law
    }
    if (!m_clockStarted)
    {
        m_clockStarted = true;
        m_nextStep = Simulator::Now() + m_integrationInterval;
        NS_LOG_DEBUG("Integration clock started, first step at " << m_nextStep.As(Time::S));
        return;
    }
    StepsDue();
}

void
TcpFast::StepsDue()
{
    const Time now = Simulator::Now();
    const double d = m_baseRtt.Get().GetSeconds();
    const double ts = m_integrationInterval.GetSeconds();
    while (m_nextStep <= now)
    {
        Integrate(d, ts);
        m_expWnd = std::clamp(std::isnan(m_expWnd.Get()) ? MIN_WINDOW : m_expWnd.Get(),
                              MIN_WINDOW,
                              MAX_WINDOW);
        NS_LOG_DEBUG("step at " << m_nextStep.As(Time::S) << ": xi " << m_xi << " expWnd "
                                << m_expWnd << " price " << m_price << " d " << d);
        m_nextStep += m_integrationInterval;
    }
}

void
TcpFast::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    const double segment = tcb->m_segmentSize;
    const double cwnd = tcb->m_cWnd / segment;
    const double next =
        std::max(CappedWindow(cwnd, m_expWnd, m_maxIncrement, m_maxDecrement), MIN_WINDOW);
    tcb->m_cWnd = static_cast<uint32_t>(std::lround(std::min(next, MAX_WINDOW) * segment));
    // No slow start (§V-B): the socket always sees congestion avoidance.
    tcb->m_ssThresh = tcb->m_cWnd.Get();
    NS_LOG_DEBUG("cwnd " << cwnd << " -> " << next << " (expWnd " << m_expWnd << ")");
}

FluidFastEcnLaw::Params
TcpFast::GetFluidParams() const
{
    const Config c = GetConfig();
    FluidFastEcnLaw::Params p;
    p.alpha = c.alpha;
    p.beta = GetBeta();
    p.k = c.k;
    p.m = c.m;
    p.baseWindow = c.baseWindow;
    p.minWindow = MIN_WINDOW;
    p.maxWindow = MAX_WINDOW;
    return p;
}

namespace
{
/**
 * FAST (both variants) in the testbed: no keyword stands for its attributes (tcp.K=, tcp.Alpha=,
 * ... set them); its duality-model weight is K (U = K log x: x q = K, weighted proportional
 * fairness with weight K per source, whatever its RTT). Registered on the base TypeId: TcpFastEcn
 * and TcpFastDelay inherit it. Whether a price is physical (DropTail) or virtual (REM's
 * VirtualCapacity law) is the link's trait. Its fluid law is FAST-delay's (eqs. 24-25), with the
 * configured K, alpha, M, W_m and beta; TcpFastEcn registers FAST-ECN's.
 */
AlgorithmTraits::Source
FastTraits()
{
    AlgorithmTraits::Source traits{
        nullptr,
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&) {
            return DynamicCast<TcpFast>(tcp)->Validate();
        },
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&, double) {
            return DynamicCast<TcpFast>(tcp)->GetConfig().k;
        },
        nullptr};
    traits.fluidLaw = [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&, double) {
        return std::make_shared<const FluidFastDelayLaw>(
            DynamicCast<TcpFast>(tcp)->GetFluidParams());
    };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterSource(TcpFast::GetTypeId(), FastTraits());
} // namespace

} // namespace ns3
