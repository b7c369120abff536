/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_DUAL_VEGAS_H
#define TCP_DUAL_VEGAS_H

#include "ecn-marks-as-price.h"
#include "ecn-price-estimator.h"

#include "ns3/nstime.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief TCP Vegas as the duality model describes it (Low, Peterson and Wang, J. ACM 2002).
 *
 * Once per round (one RTT: from the ACK of the first segment sent in the round to the ACK of
 * the last), with W the congestion window (packets), d the source's estimate of its round-trip
 * propagation delay (baseRTT) and D the round's RTT:
 *
 *  - the estimated backlog (eq. 1 multiplied by d; Boutremans and Le Boudec eq. 1) is
 *        diff = (W/d - W/D) d = W (D - d) / D = x p,   x = W/D, p = D - d  (eqs. 15, 21);
 *  - the target backlog is w_alpha = alpha and w_beta = beta (AlphaUnit PerRtt: proportional
 *    fairness) or w_alpha = alpha d / u and w_beta = beta d / u (PerTime, u = AlphaTimeUnit:
 *    weighted proportional fairness, weights proportional to d; §3.2);
 *  - PriceSource QueueingDelay: W grows by one packet if diff < w_alpha, shrinks by one if
 *    diff > w_beta, else stays (eq. 1; the alpha < beta band of Boutremans eq. 1); in equilibrium
 *    x p = alpha_s d_s (eq. 22);
 *  - PriceSource EcnMarks (Vegas with REM, §5): the price is p̂ = -log_phi(1 - m̂) from the
 *    fraction m̂ of the round's packets acknowledged with ECN-Echo (EcnPriceEstimator), the rate
 *    is x̂ = (W/D) u (packets per AlphaTimeUnit, so p̂ is a delay counted in AlphaTimeUnit), and
 *    W grows by one packet if x̂ p̂ < w_alpha, shrinks by one if x̂ p̂ > w_beta, else stays.
 *    Marks are used in congestion avoidance only (slow start is unchanged, §6.3).
 *
 * Slow start is NewReno's, left at a round end where diff > SlowStartExit (Vegas' gamma): the
 * window is then cut to the one the measured rate needs plus one packet,
 * min(W, floor(W d / D) + 1) (as Linux and ns-3's TcpVegas). Losses get the NewReno response
 * (GetSsThresh = max(2 segments, flight size / 2)): with too little buffer Vegas is Reno (§3.3).
 *
 * baseRTT comes from BaseRttEstimator: MinEver (the minimum RTT sample ever), MinOfLastK (the
 * minimum over the last BaseRttWindow rounds, the "Vegas-k" remedy of Mo et al. for route
 * changes; it drifts up when the queue never drains) or Fixed (PropagationDelay, the hard-coded
 * d of §6.2). The round's RTT D is the mean of the round's RTT samples (RttSample Mean, the
 * default, as ns-2's tcp-vegas.cc, which the paper's simulations used) or their minimum
 * (Minimum, as Linux and ns-3). With the mean, diff is the source's time-average backlog (Little's
 * law: x times the mean queueing delay); the minimum lies below the mean by the queue's jitter (a
 * packet's transmission time and the other flows' steps), so a Minimum source keeps more than
 * alpha queued (doc/tcp-dual-vegas.rst, "baseRTT and the round's RTT"). RTT samples that ns-3
 * passes on duplicate ACKs are ignored (the ACK number did not advance), and so are those ACKs'
 * ECN-Echo flags. A round needs at least MIN_RTT_SAMPLES_PER_ROUND samples for a Vegas decision;
 * otherwise NewReno grows the window.
 *
 * The window grows (slow start, the law's +1, the NewReno fallback) only while it limits the
 * flight (IsCwndLimited(): at an ACK of the round, less than a segment of it was unused), as
 * Linux's tcp_is_cwnd_limited() and RFC 7661: when the receive window (ns-3's default
 * RcvBufSize is 128 KB) or the application limits the flight, the price stays low, and a
 * window growing on would reach hundreds of packets that the law must later remove one per
 * round before the rate moves. Decreases apply as the law says.
 *
 * ECN in EcnMarks mode: Init() turns ECN on (tcb->m_useEcn), and marks are a price, not a loss
 * signal: the socket's RFC 3168 CWR episodes are undone at the sender and each CE mark is echoed
 * exactly once at the receiver, by EcnMarksAsPrice (shared with TcpFastEcn). Both ends must run
 * TcpDualVegas in EcnMarks mode, as with DCTCP (EcnPriceHelper in a script). A path that queues
 * but never marks aborts after UnmarkedQueueTimeout (EcnMarksAsPrice::QueuesWithoutMarks()).
 * In QueueingDelay mode ECN is left as configured and an ECN-Echo is a congestion signal (the
 * socket's classic CWR cut with the NewReno ssthresh).
 */
class TcpDualVegas : public TcpNewReno, public EcnMarksAsPrice::Client
{
  public:
    /// What Alpha and Beta count.
    enum AlphaUnit
    {
        PER_RTT,  //!< packets kept in the path (proportional fairness)
        PER_TIME, //!< packets per AlphaTimeUnit of propagation delay (weighted PF, §3.2)
    };

    /// How baseRTT (the estimate of the round-trip propagation delay) is obtained.
    enum BaseRttEstimator
    {
        MIN_EVER,      //!< the minimum RTT sample ever seen
        MIN_OF_LAST_K, //!< the minimum over the last BaseRttWindow rounds
        FIXED,         //!< the attribute PropagationDelay
    };

    /// Which RTT a round reports.
    enum RttSample
    {
        MINIMUM, //!< the minimum sample of the round (Linux, ns-3's TcpVegas)
        MEAN,    //!< the mean of the round's samples (ns-2's TcpVegas, the paper's simulations)
    };

    /// The congestion price the window law reacts to.
    enum PriceSource
    {
        QUEUEING_DELAY, //!< RTT - baseRTT (eq. 21)
        ECN_MARKS,      //!< p̂ = -log_phi(1 - m̂) from ECN-Echo (§5, REM links)
    };

    /// The configuration (the attributes), as CheckConfig() validates it.
    struct Config
    {
        double alpha{0};                             //!< Alpha, packets
        double beta{0};                              //!< Beta, packets
        AlphaUnit alphaUnit{PER_RTT};                //!< AlphaUnit
        Time alphaTimeUnit;                          //!< AlphaTimeUnit
        BaseRttEstimator baseRttEstimator{MIN_EVER}; //!< BaseRttEstimator
        uint32_t baseRttWindow{0};                   //!< BaseRttWindow, rounds
        Time propagationDelay;                       //!< PropagationDelay
        RttSample rttSample{MEAN};                   //!< RttSample
        PriceSource priceSource{QUEUEING_DELAY};     //!< PriceSource
        double phi{0};                               //!< Phi
        double slowStartExit{0};                     //!< SlowStartExit, packets
    };

    /// RTT samples a round needs for a Vegas decision: with fewer, one of them may come from a
    /// delayed ACK (as Linux and ns-3's TcpVegas, which require more than two).
    static constexpr uint32_t MIN_RTT_SAMPLES_PER_ROUND = 3;

    /// The smallest window, in segments, a decrease leaves (as TCP Vegas).
    static constexpr uint32_t MIN_CWND_SEGMENTS = 2;

    /// \name The upper bounds of the attributes (their checkers and CheckConfig() enforce them)
    /// \{
    /// Largest Alpha, Beta and SlowStartExit: packets (or packets per AlphaTimeUnit).
    static constexpr double MAX_BACKLOG = 1e6;
    /// Largest Phi (the REM paper uses 1.001; Phi^(-price) must stay a usable probability).
    static constexpr double MAX_PHI = 1e6;
    /// Largest BaseRttWindow, rounds.
    static constexpr uint32_t MAX_BASE_RTT_WINDOW = 1000000;
    /// Largest AlphaTimeUnit and PropagationDelay, seconds.
    static constexpr double MAX_TIME_SECONDS = 1000;
    /// \}

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpDualVegas();

    /**
     * \brief Copy constructor (used by Fork()): copies the configuration, resets the per-flow
     * state (baseRTT, round, ECN counts).
     * \param sock the object to copy
     */
    TcpDualVegas(const TcpDualVegas& sock);

    ~TcpDualVegas() override;

    std::string GetName() const override;

    /**
     * \brief Validate the configuration (NS_ABORT_MSG naming the attribute and its range), set
     * baseRTT in Fixed mode, and turn ECN on in EcnMarks mode.
     * \param tcb the socket state
     */
    void Init(Ptr<TcpSocketState> tcb) override;

    /**
     * \brief The NewReno loss response: max(2 segments, bytesInFlight / 2).
     *
     * In EcnMarks mode, when called because of an ECN-Echo (tcb->m_ecnState is ECN_ECE_RCVD and
     * the socket is not in CA_CWR yet), it also records the window, ssthresh and congestion state
     * so that PktsAcked() can undo the CWR episode the socket is about to start.
     *
     * \param tcb the socket state
     * \param bytesInFlight bytes in flight
     * \return the slow start threshold, bytes
     */
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;

    /**
     * \brief At the end of each round apply the window law; within a round grow by slow start
     * only. NewReno when not in CA_OPEN.
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged by the ACK
     */
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

    /**
     * \brief Collect the ACK's RTT sample and ECN-Echo (ignored on duplicate ACKs), and undo an
     * ECN-triggered CWR episode in EcnMarks mode.
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged
     * \param rtt the RTT sample (ns-3 passes its last sample, also on duplicate ACKs)
     */
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;

    /**
     * \brief Start a new round when the socket enters CA_OPEN; stop the Vegas law otherwise.
     * \param tcb the socket state
     * \param newState the state the socket is about to enter
     */
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;

    /**
     * \brief Receiver side of EcnMarks mode (ECN-Echo for CE segments only) and loss events.
     * \param tcb the socket state
     * \param event the event
     */
    void CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event) override;

    Ptr<TcpCongestionOps> Fork() override;

    /// \return the current configuration (the attributes)
    Config GetConfig() const;

    /**
     * \return true in EcnMarks mode, where ECN-Echoes are a price and every CWR episode the
     * socket starts is undone. The socket should then use classic fast recovery
     * (TcpClassicRecovery): PRR rewrites the window after the undo to at least the bytes in
     * flight, plus a segment per ECN-Echo ACK in ns-3.48, so that a source whose ACKs are nearly
     * all marked never comes down to its Vegas window. PersistentFlowApplication does this.
     */
    bool UndoesEcnCwr() const override;

    /**
     * \brief Validate a configuration. Init() aborts with this message when it is not empty.
     * \param config the configuration
     * \return an empty string if the configuration is valid, else a message naming the first bad
     *         attribute, its value and its valid range
     */
    static std::string CheckConfig(const Config& config);

    /**
     * \brief The estimated backlog: eq. 1's DIFF multiplied by d (Boutremans eq. 1).
     * \param cwnd the window W, packets
     * \param baseRtt the estimate d of the propagation delay
     * \param rtt the round's RTT D
     * \return (W/d - W/D) d = W (D - d) / D, packets
     */
    static double Backlog(double cwnd, Time baseRtt, Time rtt);

    /**
     * \brief The target backlog alpha_s d_s of a source (§3.2).
     * \param alpha Alpha or Beta, packets (PerRtt) or packets per \p timeUnit (PerTime)
     * \param unit PerRtt or PerTime
     * \param timeUnit AlphaTimeUnit u
     * \param baseRtt the estimate d of the propagation delay
     * \return alpha (PerRtt) or alpha d / u (PerTime), packets
     */
    static double TargetBacklog(double alpha, AlphaUnit unit, Time timeUnit, Time baseRtt);

    /**
     * \brief The Vegas decision (eq. 1; Boutremans eq. 1 with alpha < beta).
     * \param backlog what the source keeps queued: diff, or x̂ p̂ in EcnMarks mode, packets
     * \param lower the target for alpha, packets
     * \param upper the target for beta, packets
     * \return +1 if backlog < lower, -1 if backlog > upper, else 0
     */
    static int WindowDirection(double backlog, double lower, double upper);

    /**
     * \brief Whether the window limits the flight, as ns-3.48's TcpSocketBase decides it
     * (TcpSocketState::m_isCwndLimited, which ns-3.35 and 3.37 lack): less than a segment of
     * the window is unused. Called at an ACK, when the socket has already taken the
     * acknowledged segments out of m_bytesInFlight (ns-3.35 to 3.48).
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged by the ACK being processed
     * \return true if m_cWnd < m_bytesInFlight + (segmentsAcked + 1) m_segmentSize
     */
    static bool IsCwndLimited(const TcpSocketState& tcb, uint32_t segmentsAcked);

    /**
     * \brief The ns-3 defaults (Config::SetDefault, --ns3::) that bias the RTT samples a Vegas
     * needs exact: ns3::RttMeanDeviation::Alpha not 1 (ns-3.35 to 3.48 pass PktsAcked() the
     * smoothed RTT; not a bias when ns3::TcpL4Protocol::RttEstimatorType is
     * ns3::LastSampleRttEstimator), ns3::TcpSocketBase::Timestamp true (1 ms samples),
     * ns3::TcpSocket::DelAckCount not 1 (ns-3 measures an ACK's RTT from the oldest segment it
     * covers). Init() warns (NS_LOG_WARN) when there are any; a socket's own attributes are not
     * seen. \return empty if none, else what each does, separated by "; "
     */
    static std::string RttBiasingDefaults();

    /**
     * TracedCallback signature for the per-round values.
     * \param [in] value the value
     */
    typedef void (*DoubleTracedCallback)(double value);

  private:
    /**
     * Start a round: it ends with the ACK of the data sent before now.
     * \param tcb the socket state
     */
    void StartRound(const TcpSocketState& tcb);

    /**
     * End a round: compute D, baseRTT, diff and the price, fire the traces, apply the laws.
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged by the ACK that ended the round
     */
    void EndRound(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked);

    /**
     * Set the window to \p segments (at least MIN_CWND_SEGMENTS) and keep the socket in
     * congestion avoidance (ssthresh = window).
     * \param tcb the socket state
     * \param segments the new window, segments
     */
    void SetCongestionAvoidanceWindow(Ptr<TcpSocketState> tcb, double segments);

    // Configuration (attributes)
    double m_alpha;                      //!< Alpha, packets
    double m_beta;                       //!< Beta, packets
    AlphaUnit m_alphaUnit;               //!< AlphaUnit
    Time m_alphaTimeUnit;                //!< AlphaTimeUnit
    BaseRttEstimator m_baseRttEstimator; //!< BaseRttEstimator
    uint32_t m_baseRttWindow;            //!< BaseRttWindow K, rounds
    Time m_propagationDelay;             //!< PropagationDelay
    RttSample m_rttSample;               //!< RttSample
    PriceSource m_priceSource;           //!< PriceSource
    double m_phi;                        //!< Phi
    double m_slowStartExit;              //!< SlowStartExit (gamma), packets
    bool m_slowStartEveryOtherRound;     //!< SlowStartEveryOtherRound (ns-2's Vegas)
    bool m_slowStartGrowing;             //!< with it: this round's slow start grows
    Time m_unmarkedQueueTimeout;         //!< UnmarkedQueueTimeout (zero: no check)

    // Per-flow state
    TracedValue<Time> m_baseRtt;    //!< baseRTT d (Time::Max() until known)
    Time m_minRttEver;              //!< minimum fresh RTT sample (MinEver)
    std::deque<Time> m_roundMinima; //!< minima of the last K rounds (MinOfLastK)
    bool m_doingVegas;              //!< false while the socket is not in CA_OPEN
    bool m_inRound;                 //!< a round has been started
    SequenceNumber32 m_roundEnd;    //!< the round ends when this is acknowledged
    Time m_roundMinRtt;             //!< minimum RTT sample of the round
    Time m_roundRttSum;             //!< sum of the round's RTT samples
    uint32_t m_roundRttCount;       //!< number of the round's RTT samples
    bool m_roundCwndLimited;        //!< the window limited the flight at an ACK of the round
    EcnPriceEstimator m_ecn;        //!< ECN mark counts of the round (EcnMarks mode only)
    bool m_ackSeen;                 //!< an ACK has been seen (m_highestAck is valid)
    SequenceNumber32 m_highestAck;  //!< highest ACK number seen: duplicates repeat it
    EcnMarksAsPrice m_marksAsPrice; //!< CWR undo and per-segment echo (EcnMarks mode)

    // Traces fired once per round with a Vegas decision
    TracedCallback<Time> m_rttTrace;          //!< the round's RTT D
    TracedCallback<double> m_backlogTrace;    //!< diff, packets
    TracedCallback<double> m_priceTrace;      //!< p (s) or p̂ (dimensionless)
    TracedCallback<double> m_targetRateTrace; //!< w_alpha / price, packets per second
};

} // namespace ns3

#endif // TCP_DUAL_VEGAS_H
