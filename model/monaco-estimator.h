/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_ESTIMATOR_H
#define MONACO_ESTIMATOR_H

#include "monaco-header.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Monaco's receiver-side accumulation estimator for one flow (Xia et al.,
 * "Accumulation-based Congestion Control", §IV-B.1 and §IV-D; dualcc's monaco-design.md §3).
 *
 * The receiver agent feeds it three kinds of events, each with its arrival time (ns3::Time, the
 * simulation clock; the class itself needs no simulator):
 *
 * - DataArrived(): an IPv4 packet of the flow's data arrived (its IPv4 size, header included);
 *   the estimator keeps the cumulative count recv.
 * - ObArrived(): the forward out-of-band packet of control sequence number n arrived; it carries
 *   the sender's target accumulation a*. Only the newest OB is kept.
 * - IbArrived(): the forward in-band packet of sequence number n arrived, with the sender's
 *   cumulative count of data bytes sent before it (sentBytes) and the AVD routers' virtual delay.
 *
 * At an IB arriving at t_IB, whose previous IB arrived at t_prev (recv then recv_prev):
 *
 * 1. rate sample over the IB-to-IB interval, s = (recv - recv_prev) / (t_IB - t_prev); for the
 *    first IB the interval starts at the first data packet (the bytes that arrived after it, over
 *    the time since it; s = 0 when no data arrived or no time passed). Intervals are half-open,
 *    (start, end]: a packet counted at an interval's start belongs to the interval before.
 * 2. egress rate x̄ <- (1 - g) x̄ + g s (the first sample taken whole), g = RateGain in (0, 1].
 * 3. if OB(n) was seen: ftt_q = max(0, t_IB - t_OB) ("The time interval between the OB and IB
 *    control packets measured at the egress node is a sample of the current forward trip
 *    queuing time"); accumulation â = x̄ (ftt_q + virtualDelay), i.e. the paper's
 *    â_M = â_DT + x t̂_AVD with the same x̄ for both terms. Without OB(n) there is no answer.
 * 4. flag: DECREASE_LOSS if fewer bytes arrived than were sent since the last IB received,
 *    Δrecv < Δsent (cumulative counts on both sides, so an IB lost in between leaves the
 *    comparison exact); otherwise, with â rounded to a byte, INCREASE if â < a*, DECREASE if
 *    â > a*, HOLD if equal (sgn = 0 of eq. 4). For the first IB the counts are compared from
 *    zero (both agents start with the flow). A loss found at an IB that cannot be answered (its
 *    OB missing) is not forgotten: the next answer reports it.
 *
 * Also computed, as a cross-check of Little's law (the paper: "the number of data packets
 * arriving at the egress node after the OB control packet, but before the IB control packet is
 * an unbiased accumulation estimate"): the counted accumulation, recv(t_IB) - recv(t_OB).
 *
 * Bad parameters throw std::invalid_argument naming the parameter and its range.
 */
class MonacoEstimator
{
  public:
    /// The default RateGain g (monaco-design.md §3: each sample already averages a window).
    static constexpr double DEFAULT_RATE_GAIN = 0.5;

    /// What an IB yields.
    struct Answer
    {
        bool answered{false};                        //!< false: OB(n) not seen, no reply
        uint32_t sequence{0};                        //!< n, the IB's sequence number
        MonacoHeader::Flag flag{MonacoHeader::HOLD}; //!< the verdict (if answered)
        double accumulation{0};          //!< â = x̄ (ftt_q + virtualDelay), bytes (if answered)
        uint32_t roundedAccumulation{0}; //!< â rounded to a byte, capped at 2^32 - 1
        uint32_t target{0};              //!< a*, from OB(n), bytes (if answered)
        Time forwardQueueing;            //!< ftt_q (if answered)
        Time virtualDelay;               //!< the IB's virtual-delay sum
        double rateSample{0};            //!< s, bytes/s
        double egressRate{0};            //!< x̄ after this sample, bytes/s
        uint64_t sentDelta{0};     //!< Δsent since the last IB received (from 0 for the first)
        uint64_t receivedDelta{0}; //!< Δrecv over the same interval
        bool lossDetected{false};  //!< Δrecv < Δsent at this IB (reported or carried over)
        uint64_t countedAccumulation{0}; //!< data bytes arrived between OB(n) and IB(n)
    };

    /// An estimator with RateGain DEFAULT_RATE_GAIN.
    MonacoEstimator();

    /**
     * \param rateGain the EWMA gain g of the egress rate, in (0, 1] (else std::invalid_argument)
     */
    explicit MonacoEstimator(double rateGain);

    /**
     * \param rateGain the EWMA gain g, in (0, 1] (else std::invalid_argument)
     */
    void SetRateGain(double rateGain);

    /// \return the EWMA gain g
    double GetRateGain() const;

    /**
     * \param rateGain a value of g
     * \return an empty string if it is in (0, 1], else what is wrong with it
     */
    static std::string CheckRateGain(double rateGain);

    /**
     * A data packet of the flow arrived.
     * \param now its arrival time
     * \param bytes its IPv4 size (header included)
     */
    void DataArrived(Time now, uint32_t bytes);

    /**
     * The forward OB of sequence number \p sequence arrived (it replaces any older one).
     * \param now its arrival time
     * \param sequence its sequence number
     * \param target the sender's target accumulation a*, bytes (the OB's accumulation field)
     */
    void ObArrived(Time now, uint32_t sequence, uint32_t target);

    /**
     * The forward IB of sequence number \p sequence arrived.
     * \param now its arrival time
     * \param sequence its sequence number
     * \param sentBytes the sender's cumulative IPv4 bytes of data sent before it
     * \param virtualDelay the sum of the AVD routers' virtual delays it carries (>= 0)
     * \return the estimate (Answer::answered false if OB(sequence) was not seen)
     */
    Answer IbArrived(Time now, uint32_t sequence, uint64_t sentBytes, Time virtualDelay);

    /// \return recv, the cumulative IPv4 bytes of data received
    uint64_t GetReceivedBytes() const;

    /// \return the largest data packet seen, IPv4 bytes (0 before the first)
    uint32_t GetLargestPacket() const;

    /// \return x̄, bytes/s (0 before the first IB)
    double GetEgressRate() const;

  private:
    double m_rateGain;                 //!< g
    uint64_t m_received{0};            //!< recv, cumulative IPv4 bytes of data
    uint32_t m_largestPacket{0};       //!< the largest data packet seen, bytes
    bool m_dataSeen{false};            //!< a data packet arrived
    Time m_firstData;                  //!< arrival of the first data packet
    uint64_t m_receivedAtFirstData{0}; //!< recv just after the first data packet

    bool m_obSeen{false};       //!< an OB arrived (the fields below describe the newest)
    uint32_t m_obSequence{0};   //!< its sequence number
    Time m_obTime;              //!< its arrival time
    uint32_t m_obTarget{0};     //!< its a*, bytes
    uint64_t m_receivedAtOb{0}; //!< recv when it arrived

    bool m_ibSeen{false};       //!< an IB arrived (the fields below describe the last one)
    Time m_ibTime;              //!< its arrival time
    uint64_t m_receivedAtIb{0}; //!< recv when it arrived
    uint64_t m_sentAtIb{0};     //!< its sentBytes
    bool m_rateSeen{false};     //!< x̄ holds a sample
    double m_egressRate{0};     //!< x̄, bytes/s
    bool m_pendingLoss{false};  //!< a loss found at an unanswered IB, not reported yet
};

} // namespace ns3

#endif /* MONACO_ESTIMATOR_H */
