/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LAST_SAMPLE_RTT_ESTIMATOR_H
#define LAST_SAMPLE_RTT_ESTIMATOR_H

#include "ns3/nstime.h"
#include "ns3/rtt-estimator.h"

#include <type_traits>

namespace ns3
{

/// Whether RttEstimator declares its own GetInstanceTypeId() (ns-3.35 and 3.37: it returns
/// RttEstimator's TypeId, which hides a subclass' attributes from construction; ns-3.48's
/// Object::GetInstanceTypeId() is final and right for every class).
constexpr bool RTT_ESTIMATOR_HIDES_SUBCLASS_TYPE_ID =
    std::is_same<decltype(&RttEstimator::GetInstanceTypeId),
                 TypeId (RttEstimator::*)() const>::value;

/**
 * \ingroup dualcc
 * LastSampleRttEstimator's base: RttEstimator (the primary template adds nothing).
 * \tparam hides RTT_ESTIMATOR_HIDES_SUBCLASS_TYPE_ID
 * \tparam Derived LastSampleRttEstimator
 */
template <bool hides, typename Derived>
class LastSampleRttEstimatorBase : public RttEstimator
{
};

/**
 * \ingroup dualcc
 * LastSampleRttEstimatorBase where RttEstimator declares GetInstanceTypeId() (ns-3.35, 3.37):
 * it returns Derived's TypeId.
 * \tparam Derived LastSampleRttEstimator
 */
template <typename Derived>
class LastSampleRttEstimatorBase<true, Derived> : public RttEstimator
{
  public:
    /// \return Derived's TypeId
    TypeId GetInstanceTypeId() const override
    {
        return Derived::GetTypeId();
    }
};

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
class LastSampleRttEstimator
    : public LastSampleRttEstimatorBase<RTT_ESTIMATOR_HIDES_SUBCLASS_TYPE_ID,
                                        LastSampleRttEstimator>
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
