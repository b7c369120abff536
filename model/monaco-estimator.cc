/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-estimator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace ns3
{

MonacoEstimator::MonacoEstimator()
    : m_rateGain(DEFAULT_RATE_GAIN)
{
}

MonacoEstimator::MonacoEstimator(double rateGain)
    : m_rateGain(DEFAULT_RATE_GAIN)
{
    SetRateGain(rateGain);
}

std::string
MonacoEstimator::CheckRateGain(double rateGain)
{
    if (rateGain > 0 && rateGain <= 1)
    {
        return "";
    }
    std::ostringstream os;
    os << "RateGain = " << rateGain << " is out of range: it must be in (0, 1]";
    return os.str();
}

void
MonacoEstimator::SetRateGain(double rateGain)
{
    const std::string error = CheckRateGain(rateGain);
    if (!error.empty())
    {
        throw std::invalid_argument("MonacoEstimator: " + error);
    }
    m_rateGain = rateGain;
}

double
MonacoEstimator::GetRateGain() const
{
    return m_rateGain;
}

void
MonacoEstimator::DataArrived(Time now, uint32_t bytes)
{
    m_received += bytes;
    m_largestPacket = std::max(m_largestPacket, bytes);
    if (!m_dataSeen)
    {
        m_dataSeen = true;
        m_firstData = now;
        m_receivedAtFirstData = m_received;
    }
}

void
MonacoEstimator::ObArrived(Time now, uint32_t sequence, uint32_t target)
{
    m_obSeen = true;
    m_obSequence = sequence;
    m_obTime = now;
    m_obTarget = target;
    m_receivedAtOb = m_received;
}

MonacoEstimator::Answer
MonacoEstimator::IbArrived(Time now, uint32_t sequence, uint64_t sentBytes, Time virtualDelay)
{
    Answer answer;
    answer.sequence = sequence;
    answer.virtualDelay = virtualDelay;

    // 1. Rate sample over the IB-to-IB interval (the first: from the first data packet).
    Time intervalStart;
    uint64_t receivedAtStart = 0;
    bool haveInterval = false;
    if (m_ibSeen)
    {
        intervalStart = m_ibTime;
        receivedAtStart = m_receivedAtIb;
        haveInterval = true;
    }
    else if (m_dataSeen)
    {
        intervalStart = m_firstData;
        receivedAtStart = m_receivedAtFirstData;
        haveInterval = true;
    }
    const Time interval = now - intervalStart;
    if (haveInterval && interval.IsStrictlyPositive())
    {
        answer.rateSample =
            static_cast<double>(m_received - receivedAtStart) / interval.GetSeconds();
    }

    // 2. EWMA of the egress rate, the first sample taken whole. Two IBs at the same instant
    // (no interval) leave x̄ as it is.
    if (!m_rateSeen)
    {
        m_egressRate = answer.rateSample;
        m_rateSeen = true;
    }
    else if (interval.IsStrictlyPositive())
    {
        m_egressRate = (1 - m_rateGain) * m_egressRate + m_rateGain * answer.rateSample;
    }
    answer.egressRate = m_egressRate;

    // 4 (first half). Loss: fewer bytes received than sent since the last IB received.
    const uint64_t sentBefore = m_ibSeen ? m_sentAtIb : 0;
    const uint64_t receivedBefore = m_ibSeen ? m_receivedAtIb : 0;
    answer.sentDelta = sentBytes >= sentBefore ? sentBytes - sentBefore : 0;
    answer.receivedDelta = m_received - receivedBefore;
    const bool lossNow = answer.receivedDelta < answer.sentDelta;

    m_ibSeen = true;
    m_ibTime = now;
    m_receivedAtIb = m_received;
    m_sentAtIb = std::max(sentBytes, sentBefore);

    // 3. Without OB(n), no answer; a loss found here waits for the next answer.
    if (!m_obSeen || m_obSequence != sequence)
    {
        m_pendingLoss = m_pendingLoss || lossNow;
        answer.lossDetected = lossNow;
        return answer;
    }
    answer.answered = true;
    answer.target = m_obTarget;
    answer.forwardQueueing = std::max(Seconds(0), now - m_obTime);
    answer.accumulation =
        m_egressRate * (answer.forwardQueueing.GetSeconds() + virtualDelay.GetSeconds());
    const double rounded = std::round(answer.accumulation);
    const double cap = std::numeric_limits<uint32_t>::max();
    answer.roundedAccumulation = static_cast<uint32_t>(std::min(rounded, cap));
    answer.countedAccumulation = m_received - m_receivedAtOb;

    // 4 (second half). The flag.
    answer.lossDetected = lossNow || m_pendingLoss;
    m_pendingLoss = false;
    if (answer.lossDetected)
    {
        answer.flag = MonacoHeader::DECREASE_LOSS;
    }
    else if (rounded < m_obTarget)
    {
        answer.flag = MonacoHeader::INCREASE;
    }
    else if (rounded > m_obTarget)
    {
        answer.flag = MonacoHeader::DECREASE;
    }
    else
    {
        answer.flag = MonacoHeader::HOLD;
    }
    return answer;
}

uint64_t
MonacoEstimator::GetReceivedBytes() const
{
    return m_received;
}

uint32_t
MonacoEstimator::GetLargestPacket() const
{
    return m_largestPacket;
}

double
MonacoEstimator::GetEgressRate() const
{
    return m_egressRate;
}

} // namespace ns3
