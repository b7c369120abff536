/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_FAST_DELAY_H
#define TCP_FAST_DELAY_H

#include "tcp-fast.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief FAST-delay: the source of Paganini, Wang, Low and Doyle (Infocom 2003) §VI, whose price
 * is the queueing delay q = RTT - baseRTT (no router support: a DropTail link is the price law
 * (5) with c_0 = c, the queue holding sum K packets at equilibrium).
 *
 * q(k) is the mean RTT sample of the new ACKs since the previous step minus baseRTT d (the last
 * q if no sample arrived; never below 0). Every IntegrationInterval T_s (TcpFast):
 *
 *     xi(k) = xi(k-1) + beta (K / expWnd(k-1) - q(k) / (d + q(k))) T_s            (eq. 27)
 *     expWnd = W_m e^xi(k) (d / (d + q(k)))^(alpha / M)                            (eq. 28)
 *
 * and on every ACK the window moves toward expWnd within the caps (Fig. 3). baseRTT is the
 * smallest RTT sample: a source that joins when a queue is already standing never sees the
 * propagation delay, overestimates d and underestimates q, and takes more than its share (the
 * unfairness the paper reports in §VI-B).
 */
class TcpFastDelay : public TcpFast
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpFastDelay();

    /**
     * \brief Copy constructor (Fork()): the configuration, fresh state.
     * \param sock the object to copy
     */
    TcpFastDelay(const TcpFastDelay& sock);

    ~TcpFastDelay() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief Eq. 28: W_m e^xi (d / (d + q))^(alpha / M).
     * \param baseWindow W_m, packets
     * \param xi xi
     * \param alpha alpha
     * \param m M
     * \param q queueing delay, s
     * \param d baseRTT, s
     * \return expWnd, packets
     */
    static double ExpectedWindow(double baseWindow,
                                 double xi,
                                 double alpha,
                                 uint32_t m,
                                 double q,
                                 double d);

  protected:
    void ObserveAck(Ptr<const TcpSocketState> tcb, const Time& rtt) override;
    void Integrate(double d, double ts) override;

  private:
    Time m_rttSum;       //!< sum of the RTT samples since the last step
    uint32_t m_rttCount; //!< their number
};

} // namespace ns3

#endif // TCP_FAST_DELAY_H
