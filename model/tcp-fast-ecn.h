/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_FAST_ECN_H
#define TCP_FAST_ECN_H

#include "ecn-marks-as-price.h"
#include "ecn-price-estimator.h"
#include "tcp-fast.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief FAST-ECN: the source of Paganini, Wang, Low and Doyle (Infocom 2003) §IV, whose price is
 * read from ECN marks (the link: RemQueueDisc with PriceLaw VirtualCapacity, Fig. 4).
 *
 * On every new ACK the ECN-Echo bits of the last N ACKs (EstimationWindow) give the estimated
 * marking probability P̂ and the price p̂ = -log_phi(1 - P̂) (EcnPriceEstimator's sliding
 * window; a window of N marked ACKs reads as P̂ = 1 - 1/(2N)). Every IntegrationInterval T_s,
 * with d = baseRTT (TcpFast):
 *
 *     xi(k)  = xi(k-1) + beta (K / expWnd(k-1) - p̂ / d) T_s                      (eq. 20)
 *     expWnd = W_m exp(xi(k) - alpha p̂ / (M d))                           (eq. 16, Fig. 3)
 *
 * Eq. 21 prints exp(-xi(k) - ...): a sign typo against eq. 16 (x = x_m e^(xi - alpha q/(M tau)))
 * and Fig. 3 (exp(xi - alpha estPrice / (M baseRTT))); with -xi, xi would grow while the window
 * shrinks and the K / w term would push the wrong way. This class follows eq. 16 and Fig. 3.
 *
 * Discretization ExpFree replaces both by the update after eq. 22, with q(k) = p̂ now and
 * q(k-1) = p̂ at the previous step:
 *
 *     theta = 1 - (beta T_s + alpha / M) q(k) / d + (alpha / M) q(k-1) / d
 *     expWnd(k+1) = theta expWnd(k) + beta K T_s
 *
 * (xi is then traced as the value eq. 16 would need for that window, ln(expWnd / W_m) +
 * alpha p̂ / (M d)).
 *
 * Marks are a price: Init() turns ECN on, the socket's RFC 3168 CWR episodes are undone and the
 * receiver echoes each CE exactly once (EcnMarksAsPrice, shared with TcpDualVegas' EcnMarks
 * mode): both ends must run TcpFastEcn (the testbed's ecn=on does this; in a script,
 * EcnPriceHelper). A connection that did not negotiate ECN aborts at its first ACK. A path that
 * queues but never marks (no queue disc marks with ECN: the price stays 0 and the window grows
 * until the buffer overflows) aborts too: when no ACK of the connection has ever echoed a mark
 * and every RTT sample for UnmarkedQueueTimeout was above twice baseRTT (a queue as long as the
 * propagation round trip), ObserveAck() aborts naming the links' UseEcn
 * (EcnMarksAsPrice::QueuesWithoutMarks()).
 */
class TcpFastEcn : public TcpFast, public EcnMarksAsPrice::Client
{
  public:
    /// The discretization of the source law (attribute Discretization).
    enum Discretization
    {
        EXPONENTIAL, //!< eqs. 20 and 16 (Fig. 3)
        EXP_FREE,    //!< eq. 22's theta update
    };

    /// Largest Phi.
    static constexpr double MAX_PHI = EcnPriceEstimator::MAX_PHI;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpFastEcn();

    /**
     * \brief Copy constructor (Fork()): the configuration, fresh state.
     * \param sock the object to copy
     */
    TcpFastEcn(const TcpFastEcn& sock);

    ~TcpFastEcn() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief TcpFast's Init(), then ECN on and the estimator set to Phi and EstimationWindow.
     * \param tcb the socket state
     */
    void Init(Ptr<TcpSocketState> tcb) override;

    /**
     * \brief The NewReno loss response; on an ECN-Echo it also records the window so that the
     * CWR episode the socket starts can be undone (EcnMarksAsPrice).
     * \param tcb the socket state
     * \param bytesInFlight bytes in flight
     * \return the slow start threshold, bytes
     */
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;

    /**
     * \brief Undo an ECN CWR episode, then TcpFast's PktsAcked().
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged
     * \param rtt the RTT sample
     */
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;

    /**
     * \brief Ignore entering and leaving CA_CWR (EcnMarksAsPrice).
     * \param tcb the socket state
     * \param newState the state the socket is about to enter
     */
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;

    /**
     * \brief Receiver: echo each CE once; sender: a loss drops a pending undo.
     * \param tcb the socket state
     * \param event the event
     */
    void CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event) override;

    /// \return true: ECN-Echoes are a price
    bool UndoesEcnCwr() const override;

    std::string Validate() const override;

    /**
     * \brief Eq. 16 (Fig. 3; eq. 21 with the sign of xi corrected): W_m exp(xi - alpha p / (M d)).
     * \param baseWindow W_m, packets
     * \param xi xi
     * \param alpha alpha
     * \param m M
     * \param price p̂, s
     * \param d baseRTT, s
     * \return expWnd, packets
     */
    static double ExpectedWindow(double baseWindow,
                                 double xi,
                                 double alpha,
                                 uint32_t m,
                                 double price,
                                 double d);

    /**
     * \brief The exponential-free update after eq. 22: theta w + beta K T_s.
     * \param window expWnd(k), packets
     * \param beta beta, 1/s
     * \param k K, packets
     * \param ts T_s, s
     * \param alpha alpha
     * \param m M
     * \param price q(k), s
     * \param previousPrice q(k-1), s
     * \param d baseRTT, s
     * \return expWnd(k+1), packets
     */
    static double ExpFreeWindow(double window,
                                double beta,
                                double k,
                                double ts,
                                double alpha,
                                uint32_t m,
                                double price,
                                double previousPrice,
                                double d);

  protected:
    void ObserveAck(Ptr<const TcpSocketState> tcb, const Time& rtt) override;
    void Integrate(double d, double ts) override;
    void OnFirstAck(Ptr<const TcpSocketState> tcb) override;

  private:
    // Configuration (attributes)
    double m_phi;                    //!< Phi
    uint32_t m_estimationWindow;     //!< N, ACKs
    Discretization m_discretization; //!< Discretization
    Time m_unmarkedQueueTimeout;     //!< UnmarkedQueueTimeout (zero: no check)

    // State
    EcnPriceEstimator m_marks;             //!< the last N ACKs' ECN-Echo bits
    EcnMarksAsPrice m_marksAsPrice;        //!< CWR undo and per-segment echo
    TracedValue<double> m_markProbability; //!< P̂, the marked fraction of the window
    double m_previousPrice;                //!< p̂ at the previous step (ExpFree's q(k-1))
};

} // namespace ns3

#endif // TCP_FAST_ECN_H
