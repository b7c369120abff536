/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-fast-ecn.h"

#include "algorithm-traits.h"
#include "dualcc-enum-accessor.h"
#include "dualcc-out-of-range.h"
#include "fluid-source-law.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpFastEcn");
NS_OBJECT_ENSURE_REGISTERED(TcpFastEcn);

TypeId
TcpFastEcn::GetTypeId()
{
    static TypeId tid =
        AddFastTraceSources(
            AddFastAttributes(TypeId("ns3::TcpFastEcn")
                                  .SetParent<TcpFast>()
                                  .SetGroupName("Dualcc")
                                  .AddConstructor<TcpFastEcn>())
                .AddAttribute("Phi",
                              "Base phi of the marking law 1 - Phi^(-price) (the links' REM "
                              "Phi), dimensionless; in (1, 1e6] (checked at Init)",
                              DoubleValue(1000),
                              MakeDoubleAccessor(&TcpFastEcn::m_phi),
                              MakeDoubleChecker<double>(1, MAX_PHI))
                .AddAttribute(
                    "EstimationWindow",
                    "N: the price is estimated from the ECN-Echo bits of the last N "
                    "ACKs; in [1, 1000000] (checked at Init)",
                    UintegerValue(EcnPriceEstimator::DEFAULT_WINDOW_LENGTH),
                    MakeUintegerAccessor(&TcpFastEcn::m_estimationWindow),
                    MakeUintegerChecker<uint32_t>(1, EcnPriceEstimator::MAX_WINDOW_LENGTH))
                .AddAttribute(
                    "UnmarkedQueueTimeout",
                    "How long the path may queue without marking before the source "
                    "aborts: no ACK of the connection has ever echoed a mark and every "
                    "RTT sample for this long was above twice baseRTT (the links do "
                    "not mark with ECN, so the price stays 0). In [0, 3600] s; 0: "
                    "never check",
                    TimeValue(Seconds(5)),
                    MakeTimeAccessor(&TcpFastEcn::m_unmarkedQueueTimeout),
                    MakeTimeChecker(Time(0),
                                    Seconds(EcnMarksAsPrice::MAX_UNMARKED_QUEUE_TIMEOUT_S)))
                .AddAttribute("Discretization",
                              "Exponential: eqs. 20 and 16 (Fig. 3); ExpFree: the theta update "
                              "after eq. 22, without exponential",
                              EnumValue(TcpFastEcn::EXPONENTIAL),
                              MakeDualccEnumAccessor<Discretization>(&TcpFastEcn::m_discretization),
                              MakeEnumChecker(TcpFastEcn::EXPONENTIAL,
                                              "Exponential",
                                              TcpFastEcn::EXP_FREE,
                                              "ExpFree")))
            .AddTraceSource("MarkProbability",
                            "The estimated marking probability P̂: the marked fraction of the "
                            "last N ACKs, after each ACK",
                            MakeTraceSourceAccessor(&TcpFastEcn::m_markProbability),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

TcpFastEcn::TcpFastEcn()
    : TcpFast(),
      m_phi(0),
      m_estimationWindow(0),
      m_discretization(EXPONENTIAL),
      m_markProbability(0),
      m_previousPrice(0)
{
    NS_LOG_FUNCTION(this);
}

TcpFastEcn::TcpFastEcn(const TcpFastEcn& sock)
    : TcpFast(sock),
      EcnMarksAsPrice::Client(sock),
      m_phi(sock.m_phi),
      m_estimationWindow(sock.m_estimationWindow),
      m_discretization(sock.m_discretization),
      m_unmarkedQueueTimeout(sock.m_unmarkedQueueTimeout),
      m_markProbability(0),
      m_previousPrice(0)
{
    NS_LOG_FUNCTION(this);
}

TcpFastEcn::~TcpFastEcn()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpFastEcn::GetName() const
{
    return "TcpFastEcn";
}

Ptr<TcpCongestionOps>
TcpFastEcn::Fork()
{
    return CopyObject<TcpFastEcn>(this);
}

bool
TcpFastEcn::UndoesEcnCwr() const
{
    return true;
}

std::string
TcpFastEcn::Validate() const
{
    const std::string shared = TcpFast::Validate();
    if (!shared.empty())
    {
        return shared;
    }
    if (!(m_phi > 1 && m_phi <= MAX_PHI))
    {
        return DualccOutOfRange("Phi", m_phi, "Phi must be > 1 and <= 1e+06");
    }
    if (m_estimationWindow < 1 || m_estimationWindow > EcnPriceEstimator::MAX_WINDOW_LENGTH)
    {
        return DualccOutOfRange("EstimationWindow",
                                m_estimationWindow,
                                "EstimationWindow (ACKs) must be >= 1 and <= 1000000");
    }
    return "";
}

void
TcpFastEcn::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    TcpFast::Init(tcb); // aborts on a bad configuration, ours included (Validate())
    m_marks.SetPhi(m_phi);
    m_marks.SetWindowLength(m_estimationWindow);
    tcb->m_useEcn = TcpSocketState::On;
}

void
TcpFastEcn::OnFirstAck(Ptr<const TcpSocketState> tcb)
{
    // The handshake has told whether ECN was negotiated (TcpSocketBase sets m_ecnState to
    // ECN_IDLE if both ends are ECN-capable).
    NS_ABORT_MSG_IF(tcb->m_ecnState == TcpSocketState::ECN_DISABLED,
                    "ns3::TcpFastEcn: the price is the fraction of ECN-marked packets, but this "
                    "connection did not negotiate ECN: ns3::TcpSocketBase::UseEcn must be On at "
                    "both ends (sender and receiver; the testbed's ecn=on). In your own "
                    "script, EcnPriceHelper::Install on the source and sink hosts "
                    "(ns3/ecn-price-helper.h) runs TcpFastEcn at both ends, which turns ECN on, "
                    "with ns-3's classic recovery");
}

uint32_t
TcpFastEcn::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    m_marksAsPrice.RecordBeforeCwr(tcb);
    return TcpFast::GetSsThresh(tcb, bytesInFlight);
}

void
TcpFastEcn::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);
    const EcnMarksAsPrice::AckOutcome undo = m_marksAsPrice.BeforeAck(*this, tcb, segmentsAcked);
    TcpFast::PktsAcked(tcb, segmentsAcked, rtt);
    m_marksAsPrice.AfterAck(*this, tcb, segmentsAcked, undo);
}

void
TcpFastEcn::CongestionStateSet(Ptr<TcpSocketState> tcb,
                               const TcpSocketState::TcpCongState_t newState)
{
    NS_LOG_FUNCTION(this << tcb << newState);
    m_marksAsPrice.OnCongestionStateSet(tcb, newState);
}

void
TcpFastEcn::CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event)
{
    NS_LOG_FUNCTION(this << tcb << event);
    switch (event)
    {
    case TcpSocketState::CA_EVENT_LOSS:
        m_marksAsPrice.OnLoss();
        break;
    case TcpSocketState::CA_EVENT_ECN_IS_CE:
        EcnMarksAsPrice::FollowCeState(tcb, true);
        break;
    case TcpSocketState::CA_EVENT_ECN_NO_CE:
        EcnMarksAsPrice::FollowCeState(tcb, false);
        break;
    default:
        break;
    }
}

void
TcpFastEcn::ObserveAck(Ptr<const TcpSocketState> tcb, const Time& rtt)
{
    // Fig. 3: "Estimate estProb using last N ACKs", on each ACK arrival.
    const bool marked = tcb->m_ecnState == TcpSocketState::ECN_ECE_RCVD;
    m_marks.AddAckToWindow(marked);
    NS_ABORT_MSG_IF(
        m_marksAsPrice.QueuesWithoutMarks(marked, rtt, m_baseRtt, m_unmarkedQueueTimeout),
        EcnMarksAsPrice::UnmarkedQueueMessage("ns3::TcpFastEcn",
                                              m_unmarkedQueueTimeout,
                                              m_baseRtt));
    const EcnPriceEstimator::Estimate estimate = m_marks.PeekWindow();
    m_markProbability = estimate.markFraction;
    m_price = estimate.price;
}

double
TcpFastEcn::ExpectedWindow(double baseWindow,
                           double xi,
                           double alpha,
                           uint32_t m,
                           double price,
                           double d)
{
    // Eq. 16 and Fig. 3 (eq. 21 prints exp(-xi - ...): a sign typo).
    return baseWindow * std::exp(xi - alpha * price / (m * d));
}

double
TcpFastEcn::ExpFreeWindow(double window,
                          double beta,
                          double k,
                          double ts,
                          double alpha,
                          uint32_t m,
                          double price,
                          double previousPrice,
                          double d)
{
    // After eq. 22: theta = 1 - (beta T_s + alpha/M) q(k)/tau + (alpha/M) q(k-1)/tau,
    // w(k+1) = theta w(k) + beta K T_s.
    const double a = alpha / m;
    const double theta = 1 - (beta * ts + a) * price / d + a * previousPrice / d;
    return theta * window + beta * k * ts;
}

void
TcpFastEcn::Integrate(double d, double ts)
{
    const double price = m_price;
    const double beta = GetBeta();
    if (m_discretization == EXP_FREE)
    {
        m_expWnd = std::max(
            ExpFreeWindow(m_expWnd, beta, m_k, ts, m_alpha, m_m, price, m_previousPrice, d),
            MIN_WINDOW);
        m_xi = std::log(m_expWnd / m_baseWindow) + m_alpha * price / (m_m * d);
    }
    else
    {
        m_xi = XiStep(m_xi, beta, m_k, m_expWnd, price / d, ts);               // eq. 20
        m_expWnd = ExpectedWindow(m_baseWindow, m_xi, m_alpha, m_m, price, d); // eq. 16
    }
    m_previousPrice = price;
}

namespace
{
/**
 * FAST-ECN in the testbed: FAST's traits (TcpFast's: Validate(), weight K), and the class must
 * say ecn=on. Its price is the fraction of ECN-marked packets: without ECN at both ends the
 * connection would abort at its first ACK (OnFirstAck()); the description refuses it at its line
 * instead. TcpFast's traits are looked up when a description is checked, not here, so that the
 * order of the files' static initializers does not matter. Its fluid law is FAST-ECN's (eqs.
 * 15-16) with the configured parameters.
 * \return the traits
 */
AlgorithmTraits::Source
FastEcnTraits()
{
    AlgorithmTraits::Source traits{
        nullptr,
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields& fields) -> std::string {
            if (!fields.ecn)
            {
                return "ecn=off: ns3::TcpFastEcn's price is the fraction of ECN-marked packets, "
                       "which needs ECN at both ends; valid: ecn=on";
            }
            return AlgorithmTraits::GetSource(TcpFast::GetTypeId()).check(tcp, fields);
        },
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields& fields, double d) {
            return AlgorithmTraits::GetSource(TcpFast::GetTypeId()).weight(tcp, fields, d);
        },
        nullptr};
    traits.fluidLaw = [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&, double) {
        return std::make_shared<const FluidFastEcnLaw>(DynamicCast<TcpFast>(tcp)->GetFluidParams());
    };
    return traits;
}

const bool g_traits = AlgorithmTraits::RegisterSource(TcpFastEcn::GetTypeId(), FastEcnTraits());
} // namespace

} // namespace ns3
