/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_FAST_H
#define TCP_FAST_H

#include "fluid-source-law.h"

#include "ns3/nstime.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <limits>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief What FAST-ECN (TcpFastEcn) and FAST-delay (TcpFastDelay) share: the source law of
 * Paganini, Wang, Low and Doyle, "A new TCP/AQM for stable operation in fast networks"
 * (Infocom 2003), with utility U(x) = K log x.
 *
 * Every IntegrationInterval T_s the derived class integrates the state xi and computes the
 * expected window expWnd (Fig. 3): with d = baseRTT (the smallest RTT sample) and a price r,
 *
 *     xi(k) = xi(k-1) + beta (K / w(k-1) - r(k)) T_s                  (eqs. 20, 27; XiStep())
 *
 * where w(k-1) is the previous expWnd and r is p̂ / d (FAST-ECN, eq. 20) or q / (d + q)
 * (FAST-delay, eq. 27); expWnd then follows eq. 16 (FAST-ECN) or eq. 28 (FAST-delay). On every
 * new ACK the congestion window moves toward expWnd, by at most MaxIncrement up and MaxDecrement
 * down (Fig. 3; CappedWindow()). The equilibrium is x q = K (eq. 15 with U'(x) = K / x):
 * weighted proportional fairness with weight K packets per source, whatever its RTT.
 *
 * beta is eta alpha / (M tau_bar) (BetaRule Proposition3: the zero z = beta M / alpha of the
 * source's lead-lag is eta / tau_bar, Proposition 3, for RTTs up to tau_bar = RttBound) or the
 * attribute Beta (BetaRule Fixed).
 *
 * There is no slow start (§V-B: "we are not using any slow-start phase"): the window starts at
 * BaseWindow W_m (xi = 0, no price) and only the law above moves it; ssthresh is kept equal to
 * the window. Packets are paced uniformly over the RTT: Init() turns on ns-3's pacing
 * (TcpSocketState m_pacing, with PacingSsRatio = PacingCaRatio = 100 % of cwnd / RTT, and the
 * initial window paced too; these fields exist in ns-3.35, 3.37 and 3.48). A loss gets the
 * NewReno response (the paper's runs have large buffers and no losses); the law then moves the
 * window back toward expWnd.
 *
 * The integration is driven by the ACKs: on each new ACK, every step due since the last one is
 * taken (with the price of that moment), so a source needs no timer of its own. The clock starts
 * at the first RTT sample: the first step is T_s after it.
 *
 * Attributes are registered on the derived classes' TypeIds (AddFastAttributes()), so that
 * Config::SetDefault("ns3::TcpFastEcn::Alpha", ...) works; Init() aborts, naming
 * "ns3::<Class>::<Attribute>" and the valid range, on a bad value (CheckConfig()).
 */
class TcpFast : public TcpNewReno
{
  public:
    /// How beta is chosen.
    enum BetaRule
    {
        PROPOSITION_3, //!< beta = eta alpha / (M tau_bar)
        FIXED_BETA,    //!< the attribute Beta
    };

    /// The configuration the attributes give, as CheckConfig() validates it.
    struct Config
    {
        double alpha{0};                  //!< Alpha, stability parameter (rad)
        double k{0};                      //!< K, utility weight, packets
        uint32_t m{0};                    //!< M, bound on the bottlenecks of the path
        double eta{0};                    //!< Eta, Proposition 3
        Time rttBound;                    //!< RttBound tau_bar
        BetaRule betaRule{PROPOSITION_3}; //!< BetaRule
        double beta{0};                   //!< Beta, 1/s (BetaRule Fixed)
        double baseWindow{0};             //!< BaseWindow W_m, packets
        Time integrationInterval;         //!< IntegrationInterval T_s
        double maxIncrement{0};           //!< MaxIncrement, packets per ACK
        double maxDecrement{0};           //!< MaxDecrement, packets per ACK
    };

    /// \name Limits of the attributes. The checkers refuse 0 where the range is (0, x] (their
    /// lowest value is SMALLEST_POSITIVE, one time step, or 1 for a count), so that a command line
    /// or a description naming 0 is refused with the checker's range; CheckConfig() checks the
    /// open upper bounds (Alpha < pi/2, Eta < 1/tan(1)) and again every range, at Init.
    /// \{
    /// The smallest normal positive double: the lowest value of the checkers of (0, x] ranges.
    static constexpr double SMALLEST_POSITIVE = std::numeric_limits<double>::min();
    /// pi / 2: Theorem 2 needs alpha < pi / 2.
    static constexpr double MAX_ALPHA = 1.5707963267948966;
    /// 1 / tan(1): Proposition 3's proof needs eta < 1 / tan(1).
    static constexpr double MAX_ETA = 0.6420926159343306;
    /// Largest K, BaseWindow, MaxIncrement and MaxDecrement, packets.
    static constexpr double MAX_PACKETS = 1e6;
    /// Largest Beta, 1/s.
    static constexpr double MAX_BETA = 1e3;
    /// Beta's default, 1/s: Proposition 3's value for the default Eta, Alpha, M and RttBound
    /// (0.64 x 0.37 / 0.2 s); with BetaRule Proposition3 Beta must keep it (it has no effect).
    static constexpr double DEFAULT_BETA = 1.184;
    /// Largest M.
    static constexpr uint32_t MAX_BOTTLENECKS = 1000;
    /// Largest RttBound and IntegrationInterval, s.
    static constexpr double MAX_TIME_SECONDS = 1000;
    /// \}

    /// The expected window is kept in [MIN_WINDOW, MAX_WINDOW] packets, the congestion window
    /// at MIN_WINDOW or more (a window below one segment would stall the socket).
    static constexpr double MIN_WINDOW = 1;
    /// See MIN_WINDOW (also keeps the window in bytes within 32 bits).
    static constexpr double MAX_WINDOW = 1e6;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpFast();

    /**
     * \brief Copy constructor (Fork()): copies the configuration, resets the per-flow state.
     * \param sock the object to copy
     */
    TcpFast(const TcpFast& sock);

    ~TcpFast() override;

    /**
     * \brief Validate the configuration (abort naming ns3::<Class>::<Attribute> and its range),
     * start with expWnd = W_m and turn on pacing.
     * \param tcb the socket state
     */
    void Init(Ptr<TcpSocketState> tcb) override;

    /**
     * \brief Fig. 3, on each ACK: the window moves toward expWnd within the caps; ssthresh
     * follows it (no slow start).
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged (the law acts once per ACK)
     */
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

    /**
     * \brief On a new ACK: baseRTT, the price sample of the derived class, and the integration
     * steps due (duplicate ACKs, whose RTT sample is an old one, are ignored).
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged
     * \param rtt the RTT sample
     */
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;

    /// \return the configuration (the attributes)
    Config GetConfig() const;

    /// \return beta, 1/s, as BetaRule gives it
    double GetBeta() const;
    /// \return the parameters of the source's fluid law (FluidFastEcnLaw, FluidFastDelayLaw):
    ///         the configuration's, beta as BetaRule gives it
    FluidFastEcnLaw::Params GetFluidParams() const;

    /**
     * \return "" if the configuration (with the derived class' own attributes) is valid, else
     *         "<Attribute> = <value> is out of range: <range>" for the first bad one
     */
    virtual std::string Validate() const;

    /**
     * \brief Check the shared attributes.
     * \param config the configuration
     * \return "" or "<Attribute> = <value> is out of range: <range>"
     */
    static std::string CheckConfig(const Config& config);

    /**
     * \brief Proposition 3: z = eta / tau_bar and z = beta M / alpha, so beta = eta alpha / (M
     * tau_bar).
     * \param eta eta
     * \param alpha alpha
     * \param m M
     * \param rttBound tau_bar
     * \return beta, 1/s
     */
    static double Proposition3Beta(double eta, double alpha, uint32_t m, Time rttBound);

    /**
     * \brief Eqs. 20 and 27: xi(k) = xi(k-1) + beta (K / w(k-1) - r(k)) T_s.
     * \param xi xi(k-1)
     * \param beta beta, 1/s
     * \param k K, packets
     * \param window w(k-1), packets
     * \param priceRatio r(k): p̂ / d (eq. 20) or q / (d + q) (eq. 27)
     * \param ts T_s, s
     * \return xi(k)
     */
    static double XiStep(double xi,
                         double beta,
                         double k,
                         double window,
                         double priceRatio,
                         double ts);

    /**
     * \brief Fig. 3's per-ACK caps: with tmp = cwnd - expWnd, cwnd - maxDecrement if
     * tmp > maxDecrement, cwnd + maxIncrement if tmp < -maxIncrement, else expWnd.
     * \param cwnd the window, packets
     * \param expWnd the expected window, packets
     * \param maxIncrement the largest step up, packets
     * \param maxDecrement the largest step down, packets
     * \return the new window, packets
     */
    static double CappedWindow(double cwnd,
                               double expWnd,
                               double maxIncrement,
                               double maxDecrement);

    /**
     * TracedCallback signature for double values.
     * \param [in] oldValue the old value
     * \param [in] newValue the new value
     */
    typedef void (*DoubleTracedCallback)(double oldValue, double newValue);

  protected:
    /**
     * Add the shared attributes to a derived class' TypeId (see the class description).
     * \param tid the derived TypeId (with parent, group and constructor)
     * \return \p tid
     */
    static TypeId AddFastAttributes(TypeId tid);

    /**
     * Add the shared trace sources (Xi, ExpectedWindow, Price, BaseRtt) to a derived TypeId.
     * \param tid the derived TypeId, after its attributes
     * \return \p tid
     */
    static TypeId AddFastTraceSources(TypeId tid);

    /**
     * A new ACK arrived (after baseRTT was updated with its sample): take its price sample.
     * \param tcb the socket state
     * \param rtt the ACK's RTT sample (zero: none)
     */
    virtual void ObserveAck(Ptr<const TcpSocketState> tcb, const Time& rtt) = 0;

    /**
     * One integration step: update m_xi, m_expWnd (before clamping) and m_price.
     * \param d baseRTT, s
     * \param ts T_s, s
     */
    virtual void Integrate(double d, double ts) = 0;

    /**
     * Called on the connection's first new ACK, before anything else (e.g. to check that ECN
     * was negotiated). Does nothing by default.
     * \param tcb the socket state
     */
    virtual void OnFirstAck(Ptr<const TcpSocketState> tcb);

    // Configuration (attributes)
    double m_alpha;             //!< Alpha
    double m_k;                 //!< K, packets
    uint32_t m_m;               //!< M
    double m_eta;               //!< Eta
    Time m_rttBound;            //!< RttBound tau_bar
    BetaRule m_betaRule;        //!< BetaRule
    double m_beta;              //!< Beta, 1/s (BetaRule Fixed)
    double m_baseWindow;        //!< BaseWindow W_m, packets
    Time m_integrationInterval; //!< IntegrationInterval T_s
    double m_maxIncrement;      //!< MaxIncrement, packets per ACK
    double m_maxDecrement;      //!< MaxDecrement, packets per ACK
    bool m_pacing;              //!< Pacing: pace the window over the RTT

    // State of the law
    TracedValue<double> m_xi;     //!< xi
    TracedValue<double> m_expWnd; //!< expWnd, packets
    TracedValue<double> m_price;  //!< the price of the last step (p̂ or q), s
    TracedValue<Time> m_baseRtt;  //!< baseRTT d (Time::Max() until the first sample)

  private:
    /// Take the integration steps due by now.
    void StepsDue();

    bool m_ackSeen;                //!< an ACK has been seen (m_highestAck is valid)
    SequenceNumber32 m_highestAck; //!< highest ACK number seen: duplicates repeat it
    bool m_clockStarted;           //!< the integration clock runs (baseRTT known)
    Time m_nextStep;               //!< when the next integration step is due
};

} // namespace ns3

#endif // TCP_FAST_H
