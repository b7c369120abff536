/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ECN_PRICE_ESTIMATOR_H
#define ECN_PRICE_ESTIMATOR_H

#include <cstdint>
#include <deque>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief A source's estimate of its path price from the ECN marks it sees (REM, Vegas paper §5).
 *
 * A REM link l marks a packet with probability m_l = 1 - phi^(-p_l) (eq. 31), so a packet that
 * crosses the links L(s) of source s arrives marked with probability (eq. 32)
 *
 *     m^s = 1 - prod_{l in L(s)} (1 - m_l) = 1 - phi^(-p^s),   p^s = sum_{l in L(s)} p_l.
 *
 * The source counts, over a round (one RTT), the packets acknowledged and those whose ACK carried
 * ECN-Echo; at the end of the round the mark fraction m̂ = marked / acked estimates m^s and the
 * path price is estimated by inverting eq. 32:
 *
 *     p̂ = -log_phi(1 - m̂) = -ln(1 - m̂) / ln(phi).
 *
 * When every packet of the round was marked (m̂ = 1) the inverse is infinite. The estimator then
 * uses m̂ = 1 - 1/(2 n) for n acknowledged packets, i.e. p̂ = log_phi(2 n): the continuity
 * ("half a packet") correction. With n packets the largest fraction below 1 that can be observed
 * is 1 - 1/n; a round with all n marked says only that m^s is above roughly that, and
 * 1 - 1/(2 n) is halfway between it and 1. The cap is finite, grows with the evidence (a longer
 * all-marked round means a higher price) and never changes a round with at least one unmarked
 * packet, since then m̂ <= 1 - 1/n < 1 - 1/(2 n).
 *
 * Two ways of collecting the marks, each with its own counters:
 *  - rounds (AddAcked(), EndRound()): the packets of one round (RTT), as TcpDualVegas in its
 *    EcnMarks mode uses them (Vegas paper §5);
 *  - a sliding window of the last N ACKs (SetWindowLength(), AddAckToWindow(),
 *    PeekWindow()): the shift register of Paganini et al. §IV-A, which FAST-ECN reads on every
 *    ACK. Each ACK counts once, marked if it carried ECN-Echo; with n <= N ACKs in the window
 *    (fewer only at the start), m̂ = marked / n and the same continuity cap applies: a window of
 *    N marked ACKs gives m̂ = 1 - 1/(2 N), p̂ = log_phi(2 N) (N = 31, phi = 1000:
 *    ln 62 / ln 1000 = 0.597 s).
 *
 * The class is plain C++ (not an ns3::Object) so that any source algorithm can hold one:
 * TcpDualVegas in its EcnMarks mode, TcpFastEcn. Bad phi or N throws std::invalid_argument.
 */
class EcnPriceEstimator
{
  public:
    /// The value of phi a default-constructed estimator uses (the paper's REM setting, §6.3).
    static constexpr double DEFAULT_PHI = 1.1;
    /// The largest phi accepted (as TcpDualVegas::Phi and RemQueueDisc::Phi).
    static constexpr double MAX_PHI = 1e6;
    /// N of a default sliding window (Paganini et al. §V: N = 31).
    static constexpr uint32_t DEFAULT_WINDOW_LENGTH = 31;
    /// The largest N accepted.
    static constexpr uint32_t MAX_WINDOW_LENGTH = 1000000;

    /// What one round of marks says.
    struct Estimate
    {
        bool valid{false};          //!< false when no packet was acknowledged in the round
        uint64_t acked{0};          //!< n, packets acknowledged in the round
        uint64_t marked{0};         //!< packets acknowledged with ECN-Echo
        double markFraction{0};     //!< m̂ = marked / acked (0 when not valid)
        double usedMarkFraction{0}; //!< m̂ after the cap: min(m̂, 1 - 1/(2 n))
        bool capped{false};         //!< true when every packet was marked and the cap applied
        double price{0};            //!< p̂ = -log_phi(1 - usedMarkFraction) (0 when not valid)
    };

    /// An estimator with phi = DEFAULT_PHI.
    EcnPriceEstimator();

    /**
     * \param phi the base phi of the links' marking law (eq. 31), > 1 and finite
     */
    explicit EcnPriceEstimator(double phi);

    /**
     * Set phi.
     * \param phi > 1 and finite; anything else throws std::invalid_argument
     */
    void SetPhi(double phi);

    /// \return phi
    double GetPhi() const;

    /**
     * Count acknowledged packets.
     * \param packets how many packets the ACK acknowledged
     * \param marked whether the ACK carried ECN-Echo (then all \p packets count as marked)
     */
    void AddAcked(uint64_t packets, bool marked);

    /// \return the packets acknowledged so far in this round
    uint64_t GetAcked() const;

    /// \return the marked packets acknowledged so far in this round
    uint64_t GetMarked() const;

    /// \return the estimate of the round so far, without ending it
    Estimate Peek() const;

    /// \return the estimate of the round; the counters then restart from zero
    Estimate EndRound();

    /// Forget the counts of the current round.
    void Reset();

    /**
     * Set N, the number of ACKs the sliding window holds; ACKs beyond the newest N are dropped.
     * \param n >= 1 and <= MAX_WINDOW_LENGTH (else std::invalid_argument)
     */
    void SetWindowLength(uint32_t n);

    /// \return N, the length of the sliding window (DEFAULT_WINDOW_LENGTH unless set)
    uint32_t GetWindowLength() const;

    /**
     * Shift one ACK into the sliding window (the oldest leaves when N are already held).
     * \param marked whether the ACK carried ECN-Echo
     */
    void AddAckToWindow(bool marked);

    /// \return the estimate of the last min(N, ACKs seen) ACKs (acked, marked count ACKs)
    Estimate PeekWindow() const;

    /// Empty the sliding window.
    void ResetWindow();

    /**
     * The mark fraction the estimator uses for \p marked of \p acked packets: marked / acked,
     * capped at 1 - 1/(2 acked) (see the class description).
     * \param marked marked packets (<= acked)
     * \param acked acknowledged packets (> 0)
     * \return the capped fraction, in [0, 1)
     */
    static double CappedMarkFraction(uint64_t marked, uint64_t acked);

    /**
     * Eq. 32 inverted: the path price that makes the end-to-end mark probability \p markFraction.
     * \param markFraction in [0, 1) (else std::invalid_argument)
     * \param phi in (1, MAX_PHI] (else std::invalid_argument)
     * \return -log_phi(1 - markFraction)
     */
    static double PriceFromMarkFraction(double markFraction, double phi);

    /**
     * Eq. 32 (eq. 31 for one link): the mark probability of a path (or link) with price \p price.
     * \param price the path price, >= 0 (+infinity gives 1; else std::invalid_argument)
     * \param phi in (1, MAX_PHI] (else std::invalid_argument)
     * \return 1 - phi^(-price)
     */
    static double MarkFractionFromPrice(double price, double phi);

    /**
     * Check a value of phi.
     * \param phi the value
     * \return an empty string if phi is valid (in (1, MAX_PHI]), else what is wrong with it
     */
    static std::string CheckPhi(double phi);

    /**
     * Throw std::invalid_argument("EcnPriceEstimator: " + CheckPhi(phi)) if phi is not valid.
     * \param phi the value
     */
    static void ThrowUnlessValidPhi(double phi);

  private:
    /**
     * The estimate from counts (shared by rounds and the sliding window).
     * \param acked packets (rounds) or ACKs (window) counted
     * \param marked of which marked
     * \param phi phi
     * \return the estimate (not valid when \p acked is 0)
     */
    static Estimate Estimated(uint64_t acked, uint64_t marked, double phi);

    double m_phi;                                   //!< base of the marking law
    uint64_t m_acked{0};                            //!< packets acknowledged in the round
    uint64_t m_marked{0};                           //!< of which acknowledged with ECN-Echo
    uint32_t m_windowLength{DEFAULT_WINDOW_LENGTH}; //!< N
    std::deque<bool> m_window;                      //!< the last ACKs' ECN-Echo, oldest first
    uint64_t m_windowMarked{0};                     //!< marked ACKs in m_window
};

} // namespace ns3

#endif // ECN_PRICE_ESTIMATOR_H
