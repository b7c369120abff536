/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_MONACO_H
#define TCP_MONACO_H

#include "monaco-feedback.h"

#include "ns3/nstime.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <limits>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Monaco's window law (Xia, Harrison, Kalyanaraman, Ramachandran and Venkatesan,
 * "Accumulation-based Congestion Control", §III-B and §IV-B.2).
 *
 * The window moves only on feedback: once per control period (one reverse out-of-band control
 * packet, about one RTT) MonacoSenderAgent hands ReceiveFeedback() the receiver's accumulation
 * estimate â (bytes) and verdict. With w the law's window (bytes, a double), s the segment size
 * and a* = TargetAccumulation:
 *
 *  - AccP (default), eq. 10 (eq. 6 over one period of length rtt): w ← w − κ (â − a*);
 *  - AccAiad, eq. 3 times rtt: w ← w − k_A s sgn(â − a*), k_A = AiadStep segments;
 *  - AccMw, eq. 5 times rtt: w ← w − κ_MW s rtt_p (â − a*) / w, κ_MW = MwGain segments/s and
 *    rtt_p the pair's round trip minus its forward queueing time (MonacoFeedback);
 *  - decrease-due-to-loss: w ← w / 2 ("as in TCP Reno"), unless a halving happened after the
 *    previous control pair left (see ReceiveFeedback()).
 *
 * w never falls below one segment; round(w) is written to the socket's cwnd (and m_cWndInfl).
 * When TCP changed cwnd itself (recovery, RTO) since the law last wrote it, w restarts from
 * cwnd. There is no slow start: the flow sends its InitialCwnd until the first feedback.
 * Init() turns on ns-3's pacing at cwnd/RTT with a one-packet burst (the paper's leaky bucket).
 *
 * The feedback comes from Monaco's agents (MonacoSenderAgent on the source host,
 * MonacoReceiverAgent on the sink host), which MonacoHelper installs for a flow made by any TCP
 * application. Without them the window never moves (the flow sends its initial window, paced,
 * for ever): if no feedback has arrived FeedbackTimeout after the flow's first acknowledged data,
 * PktsAcked() aborts naming MonacoHelper.
 */
class TcpMonaco : public TcpCongestionOps
{
  public:
    /// The window law (§III-B).
    enum Policy
    {
        ACC_P,    //!< proportional control, eqs. 6 and 10
        ACC_AIAD, //!< additive increase, additive decrease, eq. 3
        ACC_MW,   //!< Mo and Walrand, eq. 5
    };

    /// The configuration (the attributes), as CheckConfig() validates it.
    struct Config
    {
        Policy policy{ACC_P};         //!< Policy
        double kappa{0};              //!< Kappa κ, dimensionless
        double targetAccumulation{0}; //!< TargetAccumulation a*, bytes
        double aiadStep{0};           //!< AiadStep k_A, segments
        double mwGain{0};             //!< MwGain κ_MW, segments per second
    };

    /// \name The bounds of the attributes (their checkers and CheckConfig() enforce them). The
    /// checkers of the (0, x] and (0, x) ranges start at SMALLEST_POSITIVE, so that a command line
    /// or a description naming 0 is refused with the checker's range (as TcpFast's); CheckConfig()
    /// checks Kappa's open upper bound, and again every range, at Init.
    /// \{
    /// The smallest normal positive double: the lowest value of Kappa's, AiadStep's and MwGain's
    /// checkers.
    static constexpr double SMALLEST_POSITIVE = std::numeric_limits<double>::min();
    /// Kappa is in (0, MAX_KAPPA): with one flow at a saturated link and no feedback delay, the
    /// error e = â − a* of eq. 10 evolves as e ← (1 − κ) e, which converges only for 0 < κ < 2.
    static constexpr double MAX_KAPPA = 2;
    /// Smallest TargetAccumulation, bytes.
    static constexpr double MIN_TARGET_ACCUMULATION = 1;
    /// Largest TargetAccumulation, bytes.
    static constexpr double MAX_TARGET_ACCUMULATION = 1e9;
    /// Largest AiadStep, segments.
    static constexpr double MAX_AIAD_STEP = 100;
    /// Largest MwGain, segments per second.
    static constexpr double MAX_MW_GAIN = 1e6;
    /// \}

    /// The smallest window the law leaves, segments.
    static constexpr uint32_t MIN_CWND_SEGMENTS = 1;
    /// The smallest slow start threshold GetSsThresh() returns, segments (as TCP Reno).
    static constexpr uint32_t MIN_SSTHRESH_SEGMENTS = 2;
    /// Largest FeedbackTimeout, seconds.
    static constexpr double MAX_FEEDBACK_TIMEOUT_S = 3600;

    /// Pacing rate in percent of cwnd/RTT, in slow start and in congestion avoidance alike.
    static constexpr uint16_t PACING_RATIO_PERCENT = 100;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpMonaco();

    /**
     * \brief Copy constructor (used by Fork()): copies the configuration and the law's state
     * (window, halving record); the copy gets its socket state at its Init().
     * \param sock the object to copy
     */
    TcpMonaco(const TcpMonaco& sock);

    ~TcpMonaco() override;

    std::string GetName() const override;

    /**
     * \brief Validate the configuration (NS_ABORT_MSG naming ns3::TcpMonaco::<Attribute> and its
     * range), keep \p tcb (the window is written through it), and turn ns-3's pacing on at
     * cwnd/RTT for the whole flow, initial window included.
     * \param tcb the socket state
     */
    void Init(Ptr<TcpSocketState> tcb) override;

    /**
     * \brief TCP's loss response (fast retransmit, RTO): max(w / 2, 2 segments), w the law's
     * window (resynchronised to cwnd first if TCP changed cwnd). This is a halving: the law's
     * window becomes the returned value, and a decrease-due-to-loss covering data sent before
     * now is then ignored.
     * \param tcb the socket state
     * \param bytesInFlight bytes in flight (unused: the law's window is halved, as Reno halves
     *        its window)
     * \return the slow start threshold, bytes
     */
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;

    /**
     * \brief Nothing: the window moves only on feedback (no slow start, no ACK-clocked growth).
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged
     */
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

    /**
     * \brief Nothing to the window (it moves only on feedback); aborts if no feedback has
     * arrived FeedbackTimeout after the first call (the flow's first acknowledged data), naming
     * MonacoHelper.
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged
     * \param rtt the RTT sample
     */
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;

    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief One control period: trace the feedback and apply the law to the window.
     *
     * The feedback is traced always, and applied unless the socket is in CA_RECOVERY or CA_CWR
     * (the recovery algorithm owns cwnd there; it leaves cwnd at ssthresh, the halved window).
     * In CA_LOSS (after an RTO, cwnd one segment) it is applied, so the window regrows by the
     * law. Before applying, w is resynchronised to cwnd if cwnd differs from what the law last
     * wrote.
     *
     * No double halving: a report covers the data sent since the receiver's previous IB, taken
     * to be the IB of the previous pair answered (whose send time is the previous feedback's
     * pairSent; before the first feedback, the start of the flow). A decrease-due-to-loss is
     * ignored if the last halving (TCP's GetSsThresh(), or an earlier decrease-due-to-loss)
     * happened strictly after that previous pair left: that halving already answered losses in
     * the data this report covers. A halving at the very instant the previous pair left (the
     * agent sends pair n+1 in the event that applied feedback n) does not cover the report.
     *
     * \param feedback what the reverse OB control packet said
     */
    void ReceiveFeedback(const MonacoFeedback& feedback);

    /// \return the current configuration (the attributes)
    Config GetConfig() const;

    /// \return the law's window w, bytes (0 before the first feedback or halving)
    double GetTargetWindow() const;

    /**
     * \brief Validate a configuration. Init() aborts with this message when it is not empty.
     * \param config the configuration
     * \return an empty string if the configuration is valid, else a message naming the first
     *         bad attribute, its value and its valid range
     */
    static std::string CheckConfig(const Config& config);

    /**
     * \brief The window law of one control period (no loss), each policy with its equation.
     * \param config the configuration (policy and gains)
     * \param window w, bytes
     * \param accumulation â, bytes
     * \param segmentSize s, bytes
     * \param propagationRtt rtt_p (AccMw only)
     * \return the next window, bytes, floored at one segment
     */
    static double NextWindow(const Config& config,
                             double window,
                             double accumulation,
                             uint32_t segmentSize,
                             Time propagationRtt);

    /**
     * TracedCallback signature for per-feedback values.
     * \param [in] value the value
     */
    typedef void (*DoubleTracedCallback)(double value);

  protected:
    void DoDispose() override;

  private:
    /**
     * Start w from cwnd if cwnd differs from what the law last saw or wrote (TCP changed it:
     * connection setup, recovery exit, RTO), or the law has not seen it yet.
     * \param cwnd the socket's cwnd, bytes
     */
    void Resynchronise(uint32_t cwnd);

    /**
     * Record a halving now (for the no-double-halving rule) and count it.
     */
    void RecordHalving();

    /**
     * Write round(w) to the socket's cwnd and m_cWndInfl.
     */
    void WriteWindow();

    // Configuration (attributes)
    Policy m_policy;             //!< Policy
    double m_kappa;              //!< Kappa κ
    double m_targetAccumulation; //!< TargetAccumulation a*, bytes
    double m_aiadStep;           //!< AiadStep k_A, segments
    double m_mwGain;             //!< MwGain κ_MW, segments per second
    Time m_feedbackTimeout;      //!< FeedbackTimeout (zero: no check)

    // State
    Ptr<TcpSocketState> m_tcb;    //!< the socket state from Init() (it holds no pointer back)
    TracedValue<double> m_window; //!< the law's window w, bytes (TargetWindow)
    bool m_synced;                //!< m_knownCwnd is valid
    uint32_t m_knownCwnd;         //!< cwnd as the law last saw or wrote it, bytes
    Time m_lastHalving;           //!< when the last halving happened (Time::Min(): never)
    Time m_previousPairSent;      //!< pairSent of the last feedback (Time::Min(): none yet)
    TracedValue<uint32_t> m_controlSequence; //!< sequence number of the last feedback
    TracedValue<uint32_t> m_lossHalvings;    //!< halvings so far (flags and GetSsThresh())
    bool m_feedbackSeen;                     //!< a feedback arrived
    Time m_firstAck;                         //!< first PktsAcked() (Time::Min(): none yet)

    // Per-feedback traces
    TracedCallback<double> m_accumulationTrace;  //!< â, bytes
    TracedCallback<Time> m_forwardQueueingTrace; //!< ftt_q
    TracedCallback<double> m_egressRateTrace;    //!< x̄, bytes per second
};

} // namespace ns3

#endif // TCP_MONACO_H
