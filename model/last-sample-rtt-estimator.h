/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LAST_SAMPLE_RTT_ESTIMATOR_H
#define LAST_SAMPLE_RTT_ESTIMATOR_H

#include "ns3/nstime.h"
#include "ns3/rtt-estimator.h"

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief An RTT estimator that hands TCP's congestion control the last RTT sample while the
 * retransmission timer keeps RFC 6298's smoothed estimates.
 *
 * ns-3.35 to 3.48 pass PktsAcked() the estimator's GetEstimate() (m_lastRtt, m_srtt), and a
 * Vegas needs the sample itself; with RttMeanDeviation that takes Alpha = 1, which also makes
 * the timer's smoothed RTT the last sample and its variation the mean deviation between
 * consecutive samples. While a queue grows by seconds (Boutremans and Le Boudec's n >= 20)
 * consecutive samples differ little, the timeout is barely above the last sample, and it fires
 * spuriously (doc/tcp-dual-vegas.rst, "Vegas fairness").
 *
 * This estimator keeps RFC 6298's srtt and rttvar (gains Alpha and Beta, 1/8 and 1/4; the
 * first sample R sets srtt = R, rttvar = R/2) and reports
 *  - GetEstimate(): the last sample R (what congestion control receives);
 *  - GetVariation(): max(0, (srtt + 4 rttvar - R) / 4), so that the socket's timeout,
 *    GetEstimate() + max(G, 4 GetVariation()) with G its ClockGranularity, is
 *    max(srtt + 4 rttvar, R + G): RFC 6298's srtt + max(G, 4 rttvar) whenever 4 rttvar >= G
 *    and the last sample did not itself exceed it.
 * Select it with TcpL4Protocol::RttEstimatorType (TcpDefaults::rfc6298Timer).
 */
class LastSampleRttEstimator : public RttEstimator
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    LastSampleRttEstimator();
    /// \param r the estimator to copy (its state too)
    LastSampleRttEstimator(const LastSampleRttEstimator& r);
    ~LastSampleRttEstimator() override;

    TypeId GetInstanceTypeId() const override;
    /// \param m an RTT sample (aborts if negative)
    void Measurement(Time m) override;
    Ptr<RttEstimator> Copy() const override;
    void Reset() override;

    /// \return RFC 6298's smoothed RTT (srtt; zero before the first sample)
    Time GetSmoothedRtt() const;
    /// \return RFC 6298's RTT variation (rttvar; zero before the first sample)
    Time GetRttVariation() const;

  private:
    double m_alpha; //!< srtt gain (RFC 6298: 1/8)
    double m_beta;  //!< rttvar gain (RFC 6298: 1/4)
    Time m_srtt;    //!< RFC 6298's smoothed RTT
    Time m_rttvar;  //!< RFC 6298's RTT variation
};

} // namespace ns3

#endif /* LAST_SAMPLE_RTT_ESTIMATOR_H */
