/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcpDualVegas: the congestion-control hooks are called directly on a bare
// TcpSocketState, as ns-3's tcp-vegas-test.cc does, one behaviour per test case. Every expected
// window is worked out by hand in the comments from the paper's laws (Low, Peterson and Wang,
// "Understanding TCP Vegas: a duality model", J. ACM 2002; Boutremans and Le Boudec, "A note on
// the fairness of TCP Vegas"); the tests read the state through the trace sources.
//
// Notation: W window (segments of 1000 bytes), d baseRTT, D the round's RTT,
// diff = W (D - d) / D (eq. 1 times d).

#include "check-config-abort-test-case.h"
#include "test-marking-queue-disc.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-dual-vegas.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TcpDualVegasTestSuite");

namespace
{

/// Segment size of every test, bytes.
constexpr uint32_t SEGMENT = 1000;
/// Segments "sent" during each round of the tests (the next round ends when they are acked).
constexpr uint32_t SEGMENTS_PER_ROUND = 100;

/**
 * \param ms a duration in milliseconds
 * \return the Time, for short sample lists
 */
Time
Ms(uint64_t ms)
{
    return MilliSeconds(ms);
}

/**
 * \param n how many samples
 * \param ms their value, milliseconds
 * \return \p n equal RTT samples
 */
std::vector<Time>
Samples(uint32_t n, uint64_t ms)
{
    return std::vector<Time>(n, MilliSeconds(ms));
}

} // namespace

/**
 * \ingroup dualcc
 * The fixture: a TcpDualVegas on a bare TcpSocketState, fed one round at a time; its traces
 * are recorded.
 */
class TcpDualVegasTestBase : public TestCase
{
  public:
    /**
     * \param name the test's name
     */
    explicit TcpDualVegasTestBase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * \return a TcpDualVegas with the default attributes, not yet initialized
     */
    static Ptr<TcpDualVegas> MakeVegas()
    {
        return CreateObject<TcpDualVegas>();
    }

    /**
     * Give \p cong a socket state with window \p cwnd and ssthresh \p ssThresh (segments),
     * connect the traces, Init() it and open the first round (CongestionStateSet(CA_OPEN)).
     * \param cong the congestion control
     * \param cwnd window, segments
     * \param ssThresh ssthresh, segments
     */
    void Start(Ptr<TcpDualVegas> cong, double cwnd, double ssThresh)
    {
        m_cong = cong;
        m_tcb = CreateObject<TcpSocketState>();
        m_tcb->m_segmentSize = SEGMENT;
        m_tcb->m_cWnd = static_cast<uint32_t>(cwnd * SEGMENT);
        m_tcb->m_ssThresh = static_cast<uint32_t>(ssThresh * SEGMENT);
        m_tcb->m_lastAckedSeq = SequenceNumber32(1);
        m_tcb->m_nextTxSequence = SequenceNumber32(1 + SEGMENTS_PER_ROUND * SEGMENT);
        SetWindowLimitedFlight();
        m_cong->TraceConnectWithoutContext(
            "BaseRtt",
            MakeCallback(&TcpDualVegasTestBase::BaseRttChanged, this));
        m_cong->TraceConnectWithoutContext("Rtt",
                                           MakeCallback(&TcpDualVegasTestBase::RoundRtt, this));
        m_cong->TraceConnectWithoutContext("Backlog",
                                           MakeCallback(&TcpDualVegasTestBase::RoundBacklog, this));
        m_cong->TraceConnectWithoutContext("Price",
                                           MakeCallback(&TcpDualVegasTestBase::RoundPrice, this));
        m_cong->TraceConnectWithoutContext(
            "TargetRate",
            MakeCallback(&TcpDualVegasTestBase::RoundTargetRate, this));
        m_cong->Init(m_tcb);
        m_cong->CongestionStateSet(m_tcb, TcpSocketState::CA_OPEN);
    }

    /**
     * One round: an ACK per sample, each acknowledging one segment, the first \p markedAcks of
     * them with ECN-Echo; the socket calls PktsAcked() then IncreaseWindow() for each. The last
     * ACK acknowledges everything sent before the round started, which ends the round.
     * \param rtts the RTT samples of the round's ACKs
     * \param markedAcks how many ACKs carry ECN-Echo
     */
    void Round(const std::vector<Time>& rtts, uint32_t markedAcks = 0)
    {
        const SequenceNumber32 end = m_tcb->m_nextTxSequence;
        for (std::size_t i = 0; i < rtts.size(); ++i)
        {
            if (i + 1 == rtts.size())
            {
                // The sender has sent another round's worth by now.
                m_tcb->m_nextTxSequence = end + SEGMENTS_PER_ROUND * SEGMENT;
                m_tcb->m_lastAckedSeq = end;
            }
            else
            {
                m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
            }
            m_tcb->m_ecnState =
                i < markedAcks ? TcpSocketState::ECN_ECE_RCVD : TcpSocketState::ECN_IDLE;
            SetWindowLimitedFlight();
            m_cong->PktsAcked(m_tcb, 1, rtts[i]);
            m_cong->IncreaseWindow(m_tcb, 1);
        }
    }

    /**
     * The flight of a sender that fills its window, as the socket reports it at an ACK of one
     * segment (the acknowledged segment already taken out): the window less one segment.
     */
    void SetWindowLimitedFlight()
    {
        m_tcb->m_bytesInFlight = m_tcb->m_cWnd.Get() > SEGMENT ? m_tcb->m_cWnd.Get() - SEGMENT : 0;
    }

    /**
     * A duplicate ACK: ns-3 calls PktsAcked(tcb, 1, lastRtt) without advancing the ACK number.
     * \param rtt the (stale) sample passed along
     */
    void DupAck(Time rtt)
    {
        m_cong->PktsAcked(m_tcb, 1, rtt);
    }

    /// \return the window, segments
    double Cwnd() const
    {
        return static_cast<double>(m_tcb->m_cWnd.Get()) / SEGMENT;
    }

    /// \return ssthresh, segments
    double SsThresh() const
    {
        return static_cast<double>(m_tcb->m_ssThresh.Get()) / SEGMENT;
    }

    Ptr<TcpDualVegas> m_cong;          //!< the congestion control under test
    Ptr<TcpSocketState> m_tcb;         //!< its socket state
    std::vector<Time> m_baseRtts;      //!< BaseRtt values, in order
    std::vector<Time> m_rtts;          //!< Rtt of each round
    std::vector<double> m_backlogs;    //!< Backlog of each round
    std::vector<double> m_prices;      //!< Price of each round
    std::vector<double> m_targetRates; //!< TargetRate of each round

  private:
    /**
     * \param oldValue previous baseRTT
     * \param newValue new baseRTT
     */
    void BaseRttChanged(Time oldValue, Time newValue)
    {
        m_baseRtts.push_back(newValue);
    }

    /// \param rtt the round's RTT
    void RoundRtt(Time rtt)
    {
        m_rtts.push_back(rtt);
    }

    /// \param backlog the round's diff
    void RoundBacklog(double backlog)
    {
        m_backlogs.push_back(backlog);
    }

    /// \param price the round's price
    void RoundPrice(double price)
    {
        m_prices.push_back(price);
    }

    /// \param rate the round's target rate
    void RoundTargetRate(double rate)
    {
        m_targetRates.push_back(rate);
    }
};

/**
 * \ingroup dualcc
 * alpha = beta = 2, W = 20 in congestion avoidance. Round 1, samples 100 ms: d = D = 100 ms,
 * diff = 0 < 2 -> W = 21. Round 2, samples 105 ms: diff = 21 * 5 / 105 = 1 < 2 -> W = 22.
 */
class TcpDualVegasIncreaseTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasIncreaseTestCase()
        : TcpDualVegasTestBase("diff < alpha: the window grows by one packet")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeVegas(), 20, 20);
        Round(Samples(3, 100));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 21, "diff 0 < alpha 2");
        Round(Samples(3, 105));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 22, "diff 1 < alpha 2");
        NS_TEST_ASSERT_MSG_EQ(m_backlogs.size(), 2, "one Backlog per round");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_backlogs[0], 0.0, 1e-12, "round 1 diff");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_backlogs[1], 1.0, 1e-12, "round 2 diff = 21 * 5 / 105");
        NS_TEST_ASSERT_MSG_EQ(SsThresh(), 22, "ssthresh follows: still congestion avoidance");
    }
};

/**
 * \ingroup dualcc
 * alpha = beta = 1: after round 1 (100 ms) W = 21; round 2 at 105 ms gives diff = 21 * 5 / 105
 * = 1 = alpha = beta: the window holds (eq. 1's third case).
 */
class TcpDualVegasHoldTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasHoldTestCase()
        : TcpDualVegasTestBase("diff = alpha = beta: the window holds")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("Alpha", DoubleValue(1));
        cong->SetAttribute("Beta", DoubleValue(1));
        Start(cong, 20, 20);
        Round(Samples(3, 100));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 21, "diff 0 < 1");
        Round(Samples(3, 105));
        NS_TEST_ASSERT_MSG_EQ_TOL(m_backlogs[1], 1.0, 1e-12, "diff = 1");
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 21, "hold at diff = alpha = beta");
        Round(Samples(3, 105));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 21, "and keeps holding");
    }
};

/**
 * \ingroup dualcc
 * alpha = beta = 2: after round 1 (100 ms) W = 21; round 2 at 140 ms: diff = 21 * 40 / 140 = 6
 * > 2 -> W = 20; round 3 at 140 ms: diff = 20 * 40 / 140 = 5.71 -> W = 19.
 */
class TcpDualVegasDecreaseTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasDecreaseTestCase()
        : TcpDualVegasTestBase("diff > beta: the window shrinks by one packet")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeVegas(), 20, 20);
        Round(Samples(3, 100));
        Round(Samples(3, 140));
        NS_TEST_ASSERT_MSG_EQ_TOL(m_backlogs[1], 6.0, 1e-12, "diff = 21 * 40 / 140");
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 20, "6 > beta 2");
        Round(Samples(3, 140));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 19, "5.71 > beta 2");
        NS_TEST_ASSERT_MSG_EQ(SsThresh(), 19, "still congestion avoidance");
    }
};

/**
 * \ingroup dualcc
 * alpha = 1 < beta = 3 (Boutremans eq. 1): the window holds for 1 <= diff <= 3. Each line starts
 * a fresh source with W0, whose first round (100 ms) adds one packet, then one round at D:
 *   W = 21, D = 104: diff = 84/104 = 0.81 < 1   -> 22
 *   W = 21, D = 105: diff = 105/105 = 1 (= alpha) -> 21
 *   W = 21, D = 112: diff = 252/112 = 2.25      -> 21 (with alpha = beta = 2: -> 20)
 *   W = 15, D = 125: diff = 375/125 = 3 (= beta) -> 15
 *   W = 15, D = 130: diff = 450/130 = 3.46 > 3   -> 14
 */
class TcpDualVegasBandTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasBandTestCase()
        : TcpDualVegasTestBase("alpha < beta: hold band [alpha, beta]")
    {
    }

  private:
    /**
     * \param alpha Alpha
     * \param beta Beta
     * \param w0 initial window (one less than the window of the second round)
     * \param rttMs the second round's RTT, ms
     * \return the window after the second round
     */
    double WindowAfter(double alpha, double beta, double w0, uint64_t rttMs)
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("Alpha", DoubleValue(alpha));
        cong->SetAttribute("Beta", DoubleValue(beta));
        Start(cong, w0, w0);
        Round(Samples(3, 100));
        Round(Samples(3, rttMs));
        return Cwnd();
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(WindowAfter(1, 3, 20, 104), 22, "0.81 < alpha: up");
        NS_TEST_EXPECT_MSG_EQ(WindowAfter(1, 3, 20, 105), 21, "diff = alpha: hold");
        NS_TEST_EXPECT_MSG_EQ(WindowAfter(1, 3, 20, 112), 21, "2.25 inside the band: hold");
        NS_TEST_EXPECT_MSG_EQ(WindowAfter(2, 2, 20, 112), 20, "2.25 > alpha = beta = 2: down");
        NS_TEST_EXPECT_MSG_EQ(WindowAfter(1, 3, 14, 125), 15, "diff = beta: hold");
        NS_TEST_EXPECT_MSG_EQ(WindowAfter(1, 3, 14, 130), 14, "3.46 > beta: down");
    }
};

/**
 * \ingroup dualcc
 * PF vs WPF (§3.2). alpha = beta = 2; two sources with the same queueing delay p = 10 ms:
 * A with d = 10 ms (round 2 at D = 20 ms), B with d = 40 ms (D = 50 ms); W = 21 in round 2.
 *  - PerTime, 2 packets per 10 ms: targets 2 * 10/10 = 2 (A) and 2 * 40/10 = 8 (B) packets:
 *    A: diff = 21 * 10 / 20 = 10.5 > 2 -> 20; B: diff = 21 * 10 / 50 = 4.2 < 8 -> 22;
 *    target rates 2 / 0.01 = 200 and 8 / 0.01 = 800 packets/s: B gets 4 times A.
 *  - PerRtt: both targets 2: A -> 20, B: 4.2 > 2 -> 20; target rates both 200 packets/s.
 */
class TcpDualVegasFairnessTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasFairnessTestCase()
        : TcpDualVegasTestBase("PF vs WPF: per-time alpha weights the target by d")
    {
    }

  private:
    /// Result of one source.
    struct Outcome
    {
        double cwnd;       //!< window after round 2, segments
        double targetRate; //!< TargetRate of round 2, packets/s
    };

    /**
     * \param perTime whether AlphaUnit is PerTime (2 packets per 10 ms)
     * \param dMs propagation delay, ms
     * \return the window and the target rate after a round with 10 ms of queueing delay
     */
    Outcome Run(bool perTime, uint64_t dMs)
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        if (perTime)
        {
            cong->SetAttribute("AlphaUnit", EnumValue(TcpDualVegas::PER_TIME));
            cong->SetAttribute("AlphaTimeUnit", TimeValue(MilliSeconds(10)));
        }
        m_targetRates.clear();
        Start(cong, 20, 20);
        Round(Samples(3, dMs));
        Round(Samples(3, dMs + 10));
        return {Cwnd(), m_targetRates.back()};
    }

    void DoRun() override
    {
        Outcome wpfA = Run(true, 10);
        Outcome wpfB = Run(true, 40);
        NS_TEST_ASSERT_MSG_EQ(wpfA.cwnd, 20, "WPF, d = 10 ms: 10.5 > 2");
        NS_TEST_ASSERT_MSG_EQ(wpfB.cwnd, 22, "WPF, d = 40 ms: 4.2 < 8");
        NS_TEST_ASSERT_MSG_EQ_TOL(wpfA.targetRate, 200, 1e-9, "2 packets / 10 ms");
        NS_TEST_ASSERT_MSG_EQ_TOL(wpfB.targetRate, 800, 1e-9, "8 packets / 10 ms");
        NS_TEST_ASSERT_MSG_EQ_TOL(wpfB.targetRate / wpfA.targetRate, 4, 1e-12, "4 times");

        Outcome pfA = Run(false, 10);
        Outcome pfB = Run(false, 40);
        NS_TEST_ASSERT_MSG_EQ(pfA.cwnd, 20, "PF, d = 10 ms: 10.5 > 2");
        NS_TEST_ASSERT_MSG_EQ(pfB.cwnd, 20, "PF, d = 40 ms: 4.2 > 2");
        NS_TEST_ASSERT_MSG_EQ_TOL(pfA.targetRate, 200, 1e-9, "PF: 2 packets / 10 ms");
        NS_TEST_ASSERT_MSG_EQ_TOL(pfB.targetRate, 200, 1e-9, "PF: the same target");
    }
};

/**
 * \ingroup dualcc
 * MinEver: rounds whose smallest samples are 100, 110, 120, 130 ms (a queue that keeps growing)
 * leave baseRTT at 100 ms.
 */
class TcpDualVegasMinEverTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasMinEverTestCase()
        : TcpDualVegasTestBase("MinEver: baseRTT is the smallest sample ever")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeVegas(), 20, 20);
        for (uint64_t m : {100, 110, 120, 130})
        {
            Round({Ms(m), Ms(m + 5), Ms(m + 10)});
        }
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts.size(), 1, "set once: Max -> 100 ms");
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts.back(), Ms(100), "baseRTT 100 ms");
    }
};

/**
 * \ingroup dualcc
 * MinOfLastK with K = 2: baseRTT = min of the last two round minima. Minima 100, 110, 120, 130
 * ms: after round 1: 100; round 2: min(100, 110) = 100; round 3: min(110, 120) = 110; round 4:
 * min(120, 130) = 120 - it drifts up with a queue that never drains. With K = 1 it is each
 * round's minimum: 100, 110, 120, 130.
 */
class TcpDualVegasMinOfLastKTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasMinOfLastKTestCase()
        : TcpDualVegasTestBase("MinOfLastK: baseRTT drifts up when the queue never drains")
    {
    }

  private:
    /**
     * \param k BaseRttWindow
     * \return the successive baseRTT values over four rounds
     */
    std::vector<Time> Run(uint32_t k)
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("BaseRttEstimator", EnumValue(TcpDualVegas::MIN_OF_LAST_K));
        cong->SetAttribute("BaseRttWindow", UintegerValue(k));
        m_baseRtts.clear();
        Start(cong, 20, 20);
        for (uint64_t m : {100, 110, 120, 130})
        {
            Round({Ms(m + 5), Ms(m), Ms(m + 10)});
        }
        return m_baseRtts;
    }

    void DoRun() override
    {
        std::vector<Time> k2 = Run(2);
        NS_TEST_ASSERT_MSG_EQ(k2.size(), 3, "three changes");
        NS_TEST_ASSERT_MSG_EQ(k2[0], Ms(100), "rounds 1-2");
        NS_TEST_ASSERT_MSG_EQ(k2[1], Ms(110), "round 3");
        NS_TEST_ASSERT_MSG_EQ(k2[2], Ms(120), "round 4");
        std::vector<Time> k1 = Run(1);
        NS_TEST_ASSERT_MSG_EQ(k1.size(), 4, "four changes");
        NS_TEST_ASSERT_MSG_EQ(k1[3], Ms(130), "K = 1: the last round's minimum");
    }
};

/**
 * \ingroup dualcc
 * Fixed, PropagationDelay = 80 ms: baseRTT is 80 ms whatever the samples (also 60 ms ones).
 * alpha = beta = 2, W = 20, samples 100 ms: diff = 20 * 20 / 100 = 4 > 2 -> 19. Then samples of
 * 60 ms: diff = 19 * (-20) / 60 = -6.33 < 2 -> 20, baseRTT still 80 ms.
 */
class TcpDualVegasFixedBaseRttTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasFixedBaseRttTestCase()
        : TcpDualVegasTestBase("Fixed: baseRTT is PropagationDelay")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("BaseRttEstimator", EnumValue(TcpDualVegas::FIXED));
        cong->SetAttribute("PropagationDelay", TimeValue(MilliSeconds(80)));
        Start(cong, 20, 20);
        Round(Samples(3, 100));
        NS_TEST_ASSERT_MSG_EQ_TOL(m_backlogs[0], 4.0, 1e-12, "diff = 20 * 20 / 100");
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 19, "4 > 2");
        Round(Samples(3, 60));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 20, "diff < 0 < 2");
        // RTT below baseRTT: the price is RTT - baseRTT = 60 - 80 ms, negative (converted
        // without a negative int64x64, which trips UBSan inside ns-3).
        NS_TEST_ASSERT_MSG_EQ(m_prices.size(), 2, "one price per round");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_prices[1], -0.020, 1e-15, "price = 60 ms - 80 ms");
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts.size(), 1, "set once, at Init");
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts[0], Ms(80), "80 ms");
    }
};

/**
 * \ingroup dualcc
 * RttSample: round 1 at 100 ms (W 20 -> 21, d = 100 ms), round 2 samples 100, 120, 140 ms.
 * Minimum: D = 100 ms, diff = 0 < 2 -> 22. Mean (the default): D = 120 ms, diff = 21 * 20 / 120
 * = 3.5 > 2 -> 20.
 */
class TcpDualVegasRttSampleTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasRttSampleTestCase()
        : TcpDualVegasTestBase("RttSample: minimum vs mean of the round")
    {
    }

  private:
    /**
     * \param mean whether RttSample is Mean
     * \return the window after round 2
     */
    double Run(bool mean)
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("RttSample",
                           EnumValue(mean ? TcpDualVegas::MEAN : TcpDualVegas::MINIMUM));
        m_rtts.clear();
        Start(cong, 20, 20);
        Round(Samples(3, 100));
        Round({Ms(100), Ms(120), Ms(140)});
        return Cwnd();
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(MakeVegas()->GetConfig().rttSample,
                              TcpDualVegas::MEAN,
                              "the default is the mean (the paper's Vegas; see the socket test)");
        NS_TEST_ASSERT_MSG_EQ(Run(false), 22, "minimum: diff 0");
        NS_TEST_ASSERT_MSG_EQ(m_rtts.back(), Ms(100), "minimum RTT of the round");
        NS_TEST_ASSERT_MSG_EQ(Run(true), 20, "mean: diff 3.5");
        NS_TEST_ASSERT_MSG_EQ(m_rtts.back(), Ms(120), "mean RTT of the round");
    }
};

/**
 * \ingroup dualcc
 * RttBiasingDefaults() names each ns-3 default that biases the RTT samples (what Init() warns
 * about): all three with ns-3's defaults (RttMeanDeviation::Alpha 0.125, Timestamp true,
 * DelAckCount 2), none once the three are set as doc/tcp-dual-vegas.rst says, one when only it
 * is left.
 */
class TcpDualVegasRttDefaultsTestCase : public TestCase
{
  public:
    TcpDualVegasRttDefaultsTestCase()
        : TestCase("RttBiasingDefaults names ns-3's RTT-biasing defaults")
    {
    }

  private:
    /// \param text a text \param word a word \return whether \p text contains \p word
    static bool Has(const std::string& text, const std::string& word)
    {
        return text.find(word) != std::string::npos;
    }

    void DoRun() override
    {
        Config::Reset();
        const std::string all = TcpDualVegas::RttBiasingDefaults();
        NS_TEST_EXPECT_MSG_EQ(Has(all, "ns3::RttMeanDeviation::Alpha"), true, all);
        NS_TEST_EXPECT_MSG_EQ(Has(all, "ns3::TcpSocketBase::Timestamp"), true, all);
        NS_TEST_EXPECT_MSG_EQ(Has(all, "ns3::TcpSocket::DelAckCount"), true, all);
        Config::SetDefault("ns3::RttMeanDeviation::Alpha", DoubleValue(1.0));
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        NS_TEST_EXPECT_MSG_EQ(TcpDualVegas::RttBiasingDefaults(), "", "the exact-RTT settings");
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));
        const std::string one = TcpDualVegas::RttBiasingDefaults();
        NS_TEST_EXPECT_MSG_EQ(Has(one, "DelAckCount") && !Has(one, "Alpha") &&
                                  !Has(one, "Timestamp"),
                              true,
                              one);
        Config::Reset();
    }
};

/**
 * \ingroup dualcc
 * Duplicate ACKs (PktsAcked with the ACK number unchanged) carry no RTT sample. Round 1 at
 * 100 ms: W = 21. Round 2: two fresh ACKs at 120 ms, five duplicates passing 50 ms, a fresh ACK
 * at 120 ms: D = 120 ms and d = 100 ms (not 50), diff = 21 * 20 / 120 = 3.5 > 2 -> 20. Round 3:
 * two fresh ACKs and three duplicates: two samples are too few (3 needed), no Vegas decision
 * (no Rtt trace); NewReno's congestion avoidance adds 1000 * 1000 / 20000 = 50 bytes.
 */
class TcpDualVegasDupAckTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasDupAckTestCase()
        : TcpDualVegasTestBase("duplicate-ACK RTT samples are ignored")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeVegas(), 20, 20);
        Round(Samples(3, 100));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 21, "round 1");

        // Round 2 by hand: two fresh ACKs, five duplicates, the ACK that ends the round.
        const SequenceNumber32 end = m_tcb->m_nextTxSequence;
        for (int i = 0; i < 2; ++i)
        {
            m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
            m_cong->PktsAcked(m_tcb, 1, Ms(120));
            m_cong->IncreaseWindow(m_tcb, 1);
        }
        for (int i = 0; i < 5; ++i)
        {
            DupAck(Ms(50));
        }
        Round({Ms(120)}); // the ACK of `end`
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_lastAckedSeq, end, "round 2 ended");
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts.back(), Ms(100), "baseRTT ignores the 50 ms");
        NS_TEST_ASSERT_MSG_EQ(m_rtts.back(), Ms(120), "round RTT ignores the 50 ms");
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 20, "diff 3.5 > 2");

        // Round 3: two fresh samples and three duplicates.
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
        m_cong->PktsAcked(m_tcb, 1, Ms(120));
        for (int i = 0; i < 3; ++i)
        {
            DupAck(Ms(120));
        }
        Round({Ms(120)});
        NS_TEST_ASSERT_MSG_EQ(m_rtts.size(), 2, "no Vegas decision in round 3");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_cWnd.Get(), 20050, "NewReno: + 1000^2 / 20000 bytes");
    }
};

/**
 * \ingroup dualcc
 * Slow start (W = 10, ssthresh 1000 segments), gamma = 1. Round 1 (3 ACKs at 100 ms): +1 per ACK
 * (NewReno), diff = 0 at the round end -> W = 13. Round 2 (3 ACKs at 125 ms): W 14, 15, and at
 * the round end diff = 15 * 25 / 125 = 3 > 1: slow start ends with W = min(15, floor(15 * 100 /
 * 125) + 1) = 13 and ssthresh = 13. Round 3 (125 ms), congestion avoidance: no growth within the
 * round; diff = 13 * 25 / 125 = 2.6 > 2 -> 12. With gamma = 4, round 2 stays in slow start: 16.
 */
class TcpDualVegasSlowStartExitTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasSlowStartExitTestCase()
        : TcpDualVegasTestBase("slow start ends when diff > SlowStartExit")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeVegas(), 10, 1000);
        Round(Samples(3, 100));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 13, "slow start: +1 per ACK");
        Round(Samples(3, 125));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 13, "diff 3 > gamma 1: cut to floor(12) + 1");
        NS_TEST_ASSERT_MSG_EQ(SsThresh(), 13, "congestion avoidance from now on");
        Round(Samples(3, 125));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 12, "congestion avoidance: 2.6 > 2");

        Ptr<TcpDualVegas> patient = MakeVegas();
        patient->SetAttribute("SlowStartExit", DoubleValue(4));
        Start(patient, 10, 1000);
        Round(Samples(3, 100));
        Round(Samples(3, 125));
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 16, "diff 3 <= gamma 4: still slow start");
    }
};

/**
 * \ingroup dualcc
 * In congestion avoidance the window moves only at the end of a round, whatever the number of
 * ACKs: 10 ACKs at 100 ms with W = 20 -> 20 until the last, then 21.
 */
class TcpDualVegasOncePerRoundTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasOncePerRoundTestCase()
        : TcpDualVegasTestBase("the window moves once per round")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeVegas(), 20, 20);
        for (int i = 0; i < 9; ++i)
        {
            m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
            m_cong->PktsAcked(m_tcb, 1, Ms(100));
            m_cong->IncreaseWindow(m_tcb, 1);
            NS_TEST_ASSERT_MSG_EQ(Cwnd(), 20, "within the round");
        }
        Round({Ms(100)});
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 21, "at the round's end");
    }
};

/**
 * \ingroup dualcc
 * EcnMarks (Vegas with REM, §5): phi = 1.1, alpha = beta = 2 packets per ms (PerTime, u = 1 ms),
 * d = D = 10 ms (no queue: diff = 0), target alpha d / u = 20 packets. W = 59 in congestion
 * avoidance.
 *  Round 1, 10 ACKs, none marked: p̂ = 0 -> 0 < 20 -> 60.
 *  Round 2, 5 of 10 marked: p̂ = ln 2 / ln 1.1 = 7.2725; x̂ = 60 / 10 ms * 1 ms = 6 packets/ms;
 *    x̂ p̂ = 43.6 > 20 -> 59; target rate 20 / (7.2725 * 1 ms) = 2750.07 packets/s.
 *  Round 3, 1 of 10 marked: p̂ = -ln 0.9 / ln 1.1 = 1.1054; x̂ p̂ = 5.9 * 1.1054 = 6.52 < 20 -> 60.
 */
class TcpDualVegasEcnWindowTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasEcnWindowTestCase()
        : TcpDualVegasTestBase("EcnMarks: rate x price vs alpha d moves the window")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
        cong->SetAttribute("Phi", DoubleValue(1.1));
        cong->SetAttribute("AlphaUnit", EnumValue(TcpDualVegas::PER_TIME));
        cong->SetAttribute("AlphaTimeUnit", TimeValue(MilliSeconds(1)));
        Start(cong, 59, 59);
        Round(Samples(10, 10), 0);
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 60, "no marks: price 0 < 20");
        Round(Samples(10, 10), 5);
        NS_TEST_ASSERT_MSG_EQ_TOL(m_prices[1], 7.2725409, 1e-6, "m̂ = 1/2");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_targetRates[1], 2750.0705, 1e-3, "20 / 7.2725 ms");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_backlogs[1], 0.0, 1e-12, "no queue: the delay says nothing");
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 59, "6 x 7.27 = 43.6 > 20");
        Round(Samples(10, 10), 1);
        NS_TEST_ASSERT_MSG_EQ_TOL(m_prices[2], 1.1054487, 1e-6, "m̂ = 1/10");
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 60, "5.9 x 1.105 = 6.52 < 20");
    }
};

/**
 * \ingroup dualcc
 * EcnMarks in slow start (§6.3: marks are used in congestion avoidance only): W = 10, ssthresh
 * 1000, every ACK marked, D = d = 10 ms. Round 1 (3 ACKs): W 11, 12, 13 although p̂ = log_1.1(6)
 * = 18.8 (3 of 3 marked, capped); the Price trace still reports it. QueueingDelay mode with the
 * same marks in congestion avoidance ignores them: W = 20, diff 0 -> 21.
 */
class TcpDualVegasEcnSlowStartTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasEcnSlowStartTestCase()
        : TcpDualVegasTestBase("marks are not used in slow start nor in QueueingDelay mode")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
        Start(cong, 10, 1000);
        Round(Samples(3, 10), 3);
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 13, "slow start goes on");
        // 3 of 3 marked: m̂ taken as 1 - 1/6, p̂ = ln 6 / ln 1.1 = 1.791759 / 0.0953102 = 18.7993
        NS_TEST_ASSERT_MSG_EQ_TOL(m_prices[0], 18.7993, 1e-4, "price measured anyway");

        m_prices.clear();
        Start(MakeVegas(), 20, 20);
        Round(Samples(3, 10), 3);
        NS_TEST_ASSERT_MSG_EQ(Cwnd(), 21, "QueueingDelay: marks ignored");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_prices[0], 0.0, 1e-15, "price = queueing delay = 0");
    }
};

/**
 * \ingroup dualcc
 * EcnMarks: the socket's ECN reaction is undone. The socket on an ECN-Echo ACK (W = 20 packets,
 * ssthresh 20, CA_OPEN): ssthresh = GetSsThresh() = 20000 / 2 = 10000 bytes, CA_CWR, and PRR
 * sets cwnd = 11000; then PktsAcked() must restore 20000 / 20000 / CA_OPEN. After PktsAcked the
 * socket's PRR writes cwnd = 12000; the next ACK's PktsAcked() puts 20000 back.
 */
class TcpDualVegasEcnNoCwrTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasEcnNoCwrTestCase()
        : TcpDualVegasTestBase("EcnMarks: ECN-Echo does not cut the window (CWR undone)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
        Start(cong, 20, 20);

        // TcpSocketBase::ReceivedAck -> EnterCwr
        m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        uint32_t ssThresh = m_cong->GetSsThresh(m_tcb, 20000);
        NS_TEST_ASSERT_MSG_EQ(ssThresh, 10000, "GetSsThresh is NewReno's");
        m_tcb->m_ssThresh = ssThresh;
        m_tcb->m_cWndInfl = ssThresh;
        m_tcb->m_congState = TcpSocketState::CA_CWR;
        m_tcb->m_cWnd = 11000; // PRR's EnterRecovery
        // ProcessAck, CA_CWR branch
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
        m_cong->PktsAcked(m_tcb, 1, Ms(10));
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_congState.Get(), TcpSocketState::CA_OPEN, "back in CA_OPEN");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_cWnd.Get(), 20000, "window restored");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ssThresh.Get(), 20000, "ssthresh restored");
        m_tcb->m_cWnd = 12000; // PRR's DoRecovery after PktsAcked

        // The next ACK, without ECN-Echo.
        m_tcb->m_ecnState = TcpSocketState::ECN_CWR_SENT;
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
        m_cong->PktsAcked(m_tcb, 1, Ms(10));
        m_cong->IncreaseWindow(m_tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_cWnd.Get(), 20000, "PRR's rewrite undone");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_congState.Get(), TcpSocketState::CA_OPEN, "open");
    }
};

/**
 * \ingroup dualcc
 * EcnMarks: an ECN-Echo ACK that acknowledges one segment and SACKs two more (3000 bytes
 * delivered for 1 segment acknowledged) is a duplicate ACK for the socket (RFC 6675), counted
 * while in CA_CWR; undoing the CWR episode must then leave the socket in CA_DISORDER, where a
 * duplicate ACK from CA_OPEN would have put it. Without new SACK data (1000 bytes delivered) it
 * returns to CA_OPEN.
 */
class TcpDualVegasEcnSackTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasEcnSackTestCase()
        : TcpDualVegasTestBase("EcnMarks: an ECN-Echo ACK with new SACK data leaves CA_DISORDER")
    {
    }

  private:
    /**
     * \param delivered bytes the ACK delivered (acknowledged and newly SACKed)
     * \return the congestion state after PktsAcked()
     */
    TcpSocketState::TcpCongState_t StateAfterEcnAck(uint32_t delivered)
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
        Start(cong, 20, 20);
        m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        m_tcb->m_lastAckedSackedBytes = delivered;
        m_tcb->m_ssThresh = m_cong->GetSsThresh(m_tcb, 20000);
        m_tcb->m_congState = TcpSocketState::CA_CWR;
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + SEGMENT;
        m_cong->PktsAcked(m_tcb, 1, Ms(10));
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_ssThresh.Get(), 20000, "no cut either way");
        return m_tcb->m_congState;
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(StateAfterEcnAck(3000), TcpSocketState::CA_DISORDER, "SACK");
        NS_TEST_ASSERT_MSG_EQ(StateAfterEcnAck(1000), TcpSocketState::CA_OPEN, "no SACK");
    }
};

/**
 * \ingroup dualcc
 * EcnMarks: an ECN-Echo during fast recovery. The loss made ssthresh 10000 (flight 20000) and
 * PRR cwnd 11000 in CA_RECOVERY; the ECN-Echo then makes the socket cut again (ssthresh 7500 for
 * a flight of 15000) and switch to CA_CWR with PRR's cwnd 9000. PktsAcked() restores
 * CA_RECOVERY, 11000 and 10000 (no second cut for a mark), and leaves later window changes to the
 * recovery algorithm (PRR's 10500 on the next duplicate ACK stays).
 */
class TcpDualVegasEcnInRecoveryTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasEcnInRecoveryTestCase()
        : TcpDualVegasTestBase("EcnMarks: ECN-Echo during fast recovery adds no second cut")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
        Start(cong, 20, 20);
        // TcpSocketBase::EnterRecovery
        m_cong->CongestionStateSet(m_tcb, TcpSocketState::CA_RECOVERY);
        m_tcb->m_congState = TcpSocketState::CA_RECOVERY;
        m_tcb->m_ssThresh = m_cong->GetSsThresh(m_tcb, 20000);
        m_tcb->m_cWnd = 11000;
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ssThresh.Get(), 10000, "the loss response");
        // A partial ACK with ECN-Echo: TcpSocketBase::EnterCwr
        m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        m_tcb->m_ssThresh = m_cong->GetSsThresh(m_tcb, 15000);
        m_tcb->m_congState = TcpSocketState::CA_CWR;
        m_tcb->m_cWnd = 9000;
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
        m_cong->PktsAcked(m_tcb, 1, Ms(10));
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_congState.Get(),
                              TcpSocketState::CA_RECOVERY,
                              "still in fast recovery");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ssThresh.Get(), 10000, "no second cut");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_cWnd.Get(), 11000, "window as before the mark");
        m_tcb->m_cWnd = 10500; // PRR
        m_tcb->m_ecnState = TcpSocketState::ECN_CWR_SENT;
        DupAck(Ms(10));
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_cWnd.Get(), 10500, "recovery owns the window");
    }
};

/**
 * \ingroup dualcc
 * EcnMarks: after an ECN-Echo an RTO (GetSsThresh with a stale ECE_RCVD, then CA_EVENT_LOSS and
 * CA_LOSS) keeps the NewReno response: ssthresh 10000, cwnd 1 segment, CA_LOSS. QueueingDelay
 * mode: the ECN-Echo CWR episode is the classic ECN response and is left alone.
 */
class TcpDualVegasEcnLossTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasEcnLossTestCase()
        : TcpDualVegasTestBase("a loss after ECN-Echo, and QueueingDelay mode, keep the cut")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
        Start(cong, 20, 20);
        m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        // TcpSocketBase::ReTxTimeout
        m_tcb->m_ssThresh = m_cong->GetSsThresh(m_tcb, 20000);
        m_cong->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_LOSS);
        m_cong->CongestionStateSet(m_tcb, TcpSocketState::CA_LOSS);
        m_tcb->m_congState = TcpSocketState::CA_LOSS;
        m_tcb->m_cWnd = SEGMENT;
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
        m_cong->PktsAcked(m_tcb, 1, Ms(10));
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_cWnd.Get(), SEGMENT, "RTO: one segment");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ssThresh.Get(), 10000, "NewReno: half the flight");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_congState.Get(), TcpSocketState::CA_LOSS, "loss");

        Start(MakeVegas(), 20, 20); // QueueingDelay
        m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        m_tcb->m_ssThresh = m_cong->GetSsThresh(m_tcb, 20000);
        m_tcb->m_congState = TcpSocketState::CA_CWR;
        m_tcb->m_cWnd = 11000;
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + 1;
        m_cong->PktsAcked(m_tcb, 1, Ms(10));
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_congState.Get(), TcpSocketState::CA_CWR, "CWR stays");
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ssThresh.Get(), 10000, "classic ECN cut");
    }
};

/**
 * \ingroup dualcc
 * Init() turns ECN on in EcnMarks mode and leaves it alone in QueueingDelay mode; as a receiver in
 * EcnMarks mode a segment without CE ends the ECN-Echo (SENDING_ECE -> IDLE) and a CE segment
 * starts it (CE_RCVD); in QueueingDelay mode the echo lasts until CWR (RFC 3168).
 */
class TcpDualVegasEcnSetupTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasEcnSetupTestCase()
        : TcpDualVegasTestBase("EcnMarks: ECN on, one echo per CE segment")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = MakeVegas();
        cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
        Start(cong, 10, 10);
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_useEcn, TcpSocketState::On, "ECN on");
        m_tcb->m_ecnState = TcpSocketState::ECN_SENDING_ECE;
        m_cong->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_ECN_NO_CE);
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ecnState.Get(), TcpSocketState::ECN_IDLE, "echo ends");
        m_cong->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_ECN_IS_CE);
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ecnState.Get(), TcpSocketState::ECN_CE_RCVD, "CE");

        Start(MakeVegas(), 10, 10);
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_useEcn, TcpSocketState::Off, "ECN left off");
        m_tcb->m_ecnState = TcpSocketState::ECN_SENDING_ECE;
        m_cong->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_ECN_NO_CE);
        NS_TEST_ASSERT_MSG_EQ(m_tcb->m_ecnState.Get(),
                              TcpSocketState::ECN_SENDING_ECE,
                              "classic echo until CWR");
    }
};

/**
 * \ingroup dualcc
 * The loss response is NewReno's: max(2 segments, flight / 2): 20000 -> 10000, 3000 -> 2000.
 */
class TcpDualVegasSsThreshTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasSsThreshTestCase()
        : TcpDualVegasTestBase("loss: GetSsThresh is NewReno's")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeVegas(), 20, 20);
        NS_TEST_ASSERT_MSG_EQ(m_cong->GetSsThresh(m_tcb, 20000), 10000, "half the flight");
        NS_TEST_ASSERT_MSG_EQ(m_cong->GetSsThresh(m_tcb, 3000), 2000, "at least 2 segments");
    }
};

/**
 * \ingroup dualcc
 * Attribute validation: the checkers refuse negative Alpha, Beta, SlowStartExit, AlphaTimeUnit,
 * PropagationDelay, Phi below 1 and K = 0; CheckConfig() (which Init() turns into NS_ABORT_MSG)
 * refuses Alpha <= 0, Beta < Alpha, Phi <= 1, K = 0, AlphaTimeUnit 0 and Fixed without
 * PropagationDelay, naming the attribute and the range.
 */
class TcpDualVegasValidationTestCase : public TestCase
{
  public:
    TcpDualVegasValidationTestCase()
        : TestCase("bad attribute values are rejected, naming the attribute and range")
    {
    }

  private:
    /**
     * \param config a configuration
     * \param attribute the attribute the message must name
     * \param range text of the range the message must contain
     * \return whether CheckConfig(config) names \p attribute and \p range
     */
    static bool Refuses(const TcpDualVegas::Config& config,
                        const std::string& attribute,
                        const std::string& range)
    {
        std::string error = TcpDualVegas::CheckConfig(config);
        return error.find(attribute + " = ") == 0 && error.find(range) != std::string::npos;
    }

    void DoRun() override
    {
        Ptr<TcpDualVegas> cong = CreateObject<TcpDualVegas>();
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Alpha", DoubleValue(-1)), false, "a");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Beta", DoubleValue(-1)), false, "b");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Phi", DoubleValue(0.5)), false, "phi");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("BaseRttWindow", UintegerValue(0)),
                              false,
                              "K = 0");
        NS_TEST_EXPECT_MSG_EQ(
            cong->SetAttributeFailSafe("AlphaTimeUnit", TimeValue(MilliSeconds(-1))),
            false,
            "negative time unit");
        NS_TEST_EXPECT_MSG_EQ(
            cong->SetAttributeFailSafe("PropagationDelay", TimeValue(MilliSeconds(-1))),
            false,
            "negative propagation delay");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("SlowStartExit", DoubleValue(-0.5)),
                              false,
                              "negative gamma");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Alpha", DoubleValue(3)), true, "ok");

        const TcpDualVegas::Config good = CreateObject<TcpDualVegas>()->GetConfig();
        NS_TEST_EXPECT_MSG_EQ(TcpDualVegas::CheckConfig(good), "", "the defaults are valid");

        // Alpha = 0 passes the checker (bounds are inclusive) and is caught at Init.
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Alpha", DoubleValue(0)), true, "a=0");
        NS_TEST_EXPECT_MSG_EQ(Refuses(cong->GetConfig(), "Alpha", "> 0"), true, "Alpha = 0");

        TcpDualVegas::Config c = good;
        c.alpha = 3;
        c.beta = 2;
        NS_TEST_EXPECT_MSG_EQ(Refuses(c, "Beta", ">= Alpha"), true, "Beta < Alpha");
        c = good;
        c.phi = 1;
        NS_TEST_EXPECT_MSG_EQ(Refuses(c, "Phi", "> 1"), true, "Phi = 1");
        c = good;
        c.baseRttWindow = 0;
        NS_TEST_EXPECT_MSG_EQ(Refuses(c, "BaseRttWindow", ">= 1"), true, "K = 0");
        c = good;
        c.alphaTimeUnit = Time(0);
        NS_TEST_EXPECT_MSG_EQ(Refuses(c, "AlphaTimeUnit", "> 0"), true, "u = 0");
        c = good;
        c.baseRttEstimator = TcpDualVegas::FIXED;
        NS_TEST_EXPECT_MSG_EQ(Refuses(c, "PropagationDelay", "> 0"), true, "Fixed, no delay");
        c.propagationDelay = MilliSeconds(15);
        NS_TEST_EXPECT_MSG_EQ(TcpDualVegas::CheckConfig(c), "", "Fixed with a delay");
        c = good;
        c.slowStartExit = -1;
        NS_TEST_EXPECT_MSG_EQ(Refuses(c, "SlowStartExit", ">= 0"), true, "gamma < 0");
    }
};

/**
 * \ingroup dualcc
 * Huge, NaN and other out-of-range values: each attribute's checker refuses values beyond its
 * documented bound (the value is left unchanged), and CheckConfig() names the attribute and the
 * range (the bounds of the attribute table in doc/tcp-dual-vegas.rst).
 */
class TcpDualVegasRangeTestCase : public TestCase
{
  public:
    TcpDualVegasRangeTestCase()
        : TestCase("out-of-range attributes: bounded checkers, CheckConfig names the range")
    {
    }

  private:
    void DoRun() override
    {
        // The checkers: (attribute, value, accepted).
        struct Checked
        {
            std::string name;                //!< the attribute
            Ptr<const AttributeValue> value; //!< the value tried
            bool accepted;                   //!< whether the checker accepts it
        };

        const std::vector<Checked> checked{
            {"Alpha", Create<DoubleValue>(1e300), false},
            {"Alpha", Create<DoubleValue>(1e6 * (1 + 1e-15)), false},
            {"Alpha", Create<DoubleValue>(1e6), true},
            {"Beta", Create<DoubleValue>(1e300), false},
            {"Beta", Create<DoubleValue>(1e6), true},
            {"Phi", Create<DoubleValue>(1e300), false},
            {"Phi", Create<DoubleValue>(1e6), true},
            {"SlowStartExit", Create<DoubleValue>(1e300), false},
            {"SlowStartExit", Create<DoubleValue>(1e6), true},
            {"BaseRttWindow", Create<UintegerValue>(1000001), false},
            {"BaseRttWindow", Create<UintegerValue>(1000000), true},
            {"AlphaTimeUnit", Create<TimeValue>(Seconds(1001)), false},
            {"AlphaTimeUnit", Create<TimeValue>(Seconds(1000)), true},
            {"AlphaTimeUnit", Create<TimeValue>(Time(0)), false},
            {"AlphaTimeUnit", Create<TimeValue>(TimeStep(1)), true},
            {"PropagationDelay", Create<TimeValue>(Seconds(1001)), false},
            {"PropagationDelay", Create<TimeValue>(Seconds(1000)), true},
        };
        for (const Checked& c : checked)
        {
            Ptr<TcpDualVegas> cong = CreateObject<TcpDualVegas>();
            NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe(c.name, *c.value),
                                  c.accepted,
                                  c.name << " = " << c.value->SerializeToString(nullptr));
        }

        // CheckConfig: (what, change, exact message).
        struct Refused
        {
            std::string what;                                  //!< for the failure message
            std::function<void(TcpDualVegas::Config&)> change; //!< the bad value
            std::string message;                               //!< CheckConfig's message
        };

        const double nan = std::numeric_limits<double>::quiet_NaN();
        const std::vector<Refused> refused{
            {"Alpha 1e300",
             [](TcpDualVegas::Config& c) { c.alpha = 1e300; },
             "Alpha = 1e+300 is out of range: Alpha must be > 0 and <= 1e+06"},
            {"Beta 1e300",
             [](TcpDualVegas::Config& c) { c.beta = 1e300; },
             "Beta = 1e+300 is out of range: Beta must be >= Alpha (2) and <= 1e+06"},
            {"Beta NaN",
             [nan](TcpDualVegas::Config& c) { c.beta = nan; },
             "is out of range: Beta must be >= Alpha (2) and <= 1e+06"},
            {"Phi 1e300",
             [](TcpDualVegas::Config& c) { c.phi = 1e300; },
             "Phi = 1e+300 is out of range: Phi must be > 1 and <= 1e+06"},
            {"SlowStartExit 1e300",
             [](TcpDualVegas::Config& c) { c.slowStartExit = 1e300; },
             "SlowStartExit = 1e+300 is out of range: SlowStartExit must be >= 0 and <= 1e+06"},
            {"BaseRttWindow 4e9",
             [](TcpDualVegas::Config& c) { c.baseRttWindow = 4000000000U; },
             "BaseRttWindow = 4000000000 is out of range: BaseRttWindow (rounds) must be >= 1 "
             "and <= 1000000"},
            {"AlphaTimeUnit 2000 s",
             [](TcpDualVegas::Config& c) { c.alphaTimeUnit = Seconds(2000); },
             "is out of range: AlphaTimeUnit must be > 0 and <= 1000 s"},
            {"PropagationDelay 2000 s",
             [](TcpDualVegas::Config& c) { c.propagationDelay = Seconds(2000); },
             "is out of range: PropagationDelay must be >= 0 and <= 1000 s"},
        };
        const TcpDualVegas::Config good = CreateObject<TcpDualVegas>()->GetConfig();
        for (const Refused& r : refused)
        {
            TcpDualVegas::Config c = good;
            r.change(c);
            const std::string message = TcpDualVegas::CheckConfig(c);
            NS_TEST_EXPECT_MSG_NE(message.find(r.message),
                                  std::string::npos,
                                  r.what << ": got \"" << message << "\"");
        }
    }
};

#ifdef DUALCC_HAVE_FORK
/**
 * Init() with Alpha = 0 (the checker's bound is inclusive): aborts naming the attribute.
 */
static void
InitWithAlphaZero()
{
    Ptr<TcpDualVegas> cong = CreateObject<TcpDualVegas>();
    cong->SetAttribute("Alpha", DoubleValue(0));
    cong->Init(CreateObject<TcpSocketState>());
}

/**
 * EcnMarks on a connection whose handshake did not negotiate ECN (m_ecnState stays
 * ECN_DISABLED): the first new ACK aborts.
 */
static void
FirstAckWithoutEcn()
{
    Ptr<TcpDualVegas> cong = CreateObject<TcpDualVegas>();
    cong->SetAttribute("PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
    Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
    tcb->m_segmentSize = SEGMENT;
    tcb->m_cWnd = 10 * SEGMENT;
    cong->Init(tcb);
    tcb->m_ecnState = TcpSocketState::ECN_DISABLED;
    tcb->m_lastAckedSeq = SequenceNumber32(1 + SEGMENT);
    cong->PktsAcked(tcb, 1, MilliSeconds(100));
}

/**
 * A real connection: the sender runs TcpDualVegas with PriceSource EcnMarks, the receiver
 * TcpNewReno with UseEcn Off (its default), so ECN is not negotiated; the sender aborts at its
 * first new ACK instead of running with a price that is always 0.
 */
static void
ConnectionWithoutEcn()
{
    Config::SetDefault("ns3::TcpDualVegas::PriceSource", EnumValue(TcpDualVegas::ECN_MARKS));
    NodeContainer nodes;
    nodes.Create(2);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(DataRate("10Mbps")));
    link.SetChannelAttribute("Delay", TimeValue(MilliSeconds(10)));
    NetDeviceContainer devices = link.Install(nodes);
    InternetStackHelper stack;
    stack.Install(nodes);
    nodes.Get(0)->GetObject<TcpL4Protocol>()->SetAttribute("SocketType",
                                                           TypeIdValue(TcpDualVegas::GetTypeId()));
    Ipv4AddressHelper addresses;
    addresses.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(interfaces.GetAddress(1), 9));
    source.Install(nodes.Get(0));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    sink.Install(nodes.Get(1));
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    Simulator::Destroy();
}
#endif // DUALCC_HAVE_FORK

/**
 * \ingroup dualcc
 * Fork() copies the configuration and starts a fresh flow: after the parent learned baseRTT =
 * 100 ms, the fork (Alpha 3, Beta 4 copied) reports its own first sample, 150 ms, as baseRTT.
 */
class TcpDualVegasForkTestCase : public TcpDualVegasTestBase
{
  public:
    TcpDualVegasForkTestCase()
        : TcpDualVegasTestBase("Fork copies the configuration and resets the flow state")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpDualVegas> parent = MakeVegas();
        parent->SetAttribute("Alpha", DoubleValue(3));
        parent->SetAttribute("Beta", DoubleValue(4));
        parent->SetAttribute("RttSample", EnumValue(TcpDualVegas::MEAN));
        Start(parent, 20, 20);
        Round(Samples(3, 100));
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts.back(), Ms(100), "parent's baseRTT");

        Ptr<TcpDualVegas> child = DynamicCast<TcpDualVegas>(parent->Fork());
        DoubleValue alpha;
        DoubleValue beta;
        child->GetAttribute("Alpha", alpha);
        child->GetAttribute("Beta", beta);
        NS_TEST_ASSERT_MSG_EQ(alpha.Get(), 3, "Alpha copied");
        NS_TEST_ASSERT_MSG_EQ(beta.Get(), 4, "Beta copied");
        NS_TEST_ASSERT_MSG_EQ(child->GetConfig().rttSample, TcpDualVegas::MEAN, "RttSample");

        m_baseRtts.clear();
        Start(child, 20, 20);
        Round(Samples(3, 150));
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts.size(), 1, "one change: Max -> 150 ms");
        NS_TEST_ASSERT_MSG_EQ(m_baseRtts[0], Ms(150), "fresh baseRTT");
    }
};

NS_OBJECT_ENSURE_REGISTERED(TestMarkingQueueDisc);

/**
 * \ingroup dualcc
 * Socket-level checks: one TcpDualVegas flow (bulk send) over one 10 Mb/s link with 10 ms of
 * one-way delay, through TestMarkingQueueDisc, both ends running TcpDualVegas. 1000-byte
 * segments, no TCP timestamps (ns-3's have 1 ms resolution: RTT samples would be whole
 * milliseconds), an ACK per segment (ns-3 measures an ACK's RTT from the oldest segment it
 * covers, so a delayed ACK adds the gap between two segments, about one packet of phantom
 * backlog), the last RTT sample (RttMeanDeviation::Alpha 1: ns-3 passes PktsAcked() its smoothed
 * RTT, which would start baseRTT from the handshake's RTT, below d), a one-packet device queue
 * (the backlog is in the queue disc). A packet is 1000 + 20 (TCP) + 20 (IP) + 2 (PPP) = 1042
 * bytes: c = 1e7 / 8336 = 1199.6 packets/s.
 */
class TcpDualVegasSocketTestBase : public TestCase
{
  public:
    /**
     * \param name the test's name
     */
    explicit TcpDualVegasSocketTestBase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /// What a run measured over its measurement window.
    struct Result
    {
        double goodput{0};      //!< segments delivered per second
        double meanBacklog{0};  //!< time-average of queue disc + device queue, packets
        double meanDiff{0};     //!< mean of the sender's Backlog trace (its diff), packets
        uint32_t cwrEntries{0}; //!< times the sender's socket entered CA_CWR
        Time timeInCwr;         //!< total time the sender spent in CA_CWR
    };

    /// Link capacity in packets of 1042 bytes per second.
    static constexpr double CAPACITY_PPS = 1e7 / (1042 * 8.0);

    /**
     * Run the flow.
     * \param ecnMarks PriceSource EcnMarks (AlphaTimeUnit 1 ms) instead of QueueingDelay
     * \param markProbability the marking probability of the link
     * \param measureFrom start of the measurement window
     * \param stop end of the run
     * \return the measurements
     */
    Result Run(bool ecnMarks, double markProbability, Time measureFrom, Time stop)
    {
        Config::SetDefault("ns3::TcpL4Protocol::SocketType",
                           TypeIdValue(TcpDualVegas::GetTypeId()));
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1000));
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
        // PktsAcked() gets the smoothed RTT; gain 1 makes it the last sample.
        Config::SetDefault("ns3::RttMeanDeviation::Alpha", DoubleValue(1.0));
        if (ecnMarks)
        {
            Config::SetDefault("ns3::TcpDualVegas::PriceSource",
                               EnumValue(TcpDualVegas::ECN_MARKS));
            Config::SetDefault("ns3::TcpDualVegas::AlphaTimeUnit", TimeValue(MilliSeconds(1)));
        }

        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(DataRate("10Mbps")));
        link.SetChannelAttribute("Delay", TimeValue(MilliSeconds(10)));
        link.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("1p")));
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper stack;
        stack.Install(nodes);
        TrafficControlHelper marking;
        marking.SetRootQueueDisc("ns3::TestMarkingQueueDisc");
        Ptr<QueueDisc> queue = marking.Install(devices.Get(0)).Get(0);
        DynamicCast<TestMarkingQueueDisc>(queue)->SetMarkProbability(markProbability);
        Ipv4AddressHelper addresses;
        addresses.SetBase("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        const uint16_t port = 9;
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(interfaces.GetAddress(1), port));
        ApplicationContainer sourceApp = source.Install(nodes.Get(0));
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        Ptr<PacketSink> sinkApp = DynamicCast<PacketSink>(sink.Install(nodes.Get(1)).Get(0));
        Ptr<BulkSendApplication> sender = DynamicCast<BulkSendApplication>(sourceApp.Get(0));
        // The sender's socket exists once the application has started.
        Simulator::Schedule(MilliSeconds(1),
                            &TcpDualVegasSocketTestBase::WatchCongState,
                            this,
                            sender);

        Ptr<NetDevice> device = devices.Get(0);
        Ptr<Queue<Packet>> deviceQueue = DynamicCast<PointToPointNetDevice>(device)->GetQueue();
        m_backlogSum = 0;
        m_backlogSamples = 0;
        for (Time t = measureFrom; t < stop; t += MilliSeconds(1))
        {
            Simulator::Schedule(t,
                                &TcpDualVegasSocketTestBase::SampleBacklog,
                                this,
                                queue,
                                deviceQueue);
        }
        m_rxAtStart = 0;
        m_measureFrom = measureFrom;
        m_diffSum = 0;
        m_diffRounds = 0;
        Simulator::Schedule(measureFrom, &TcpDualVegasSocketTestBase::RecordRx, this, sinkApp);

        m_cwrEntries = 0;
        m_timeInCwr = Time(0);
        m_inCwr = false;
        Simulator::Stop(stop);
        Simulator::Run();
        if (m_inCwr)
        {
            m_timeInCwr += Simulator::Now() - m_cwrSince;
        }

        Result result;
        result.goodput =
            (sinkApp->GetTotalRx() - m_rxAtStart) / 1000.0 / (stop - measureFrom).GetSeconds();
        result.meanBacklog = m_backlogSum / m_backlogSamples;
        result.meanDiff = m_diffRounds > 0 ? m_diffSum / m_diffRounds : 0;
        result.cwrEntries = m_cwrEntries;
        result.timeInCwr = m_timeInCwr;
        Simulator::Destroy();
        Config::Reset();
        return result;
    }

  private:
    // Events are member functions, not lambdas: ns-3.35 schedules no lambdas.

    /// Trace the sender's congestion state (its socket exists once the application started).
    /// \param sender the source application
    void WatchCongState(Ptr<BulkSendApplication> sender)
    {
        sender->GetSocket()->TraceConnectWithoutContext(
            "CongState",
            MakeCallback(&TcpDualVegasSocketTestBase::CongStateChanged, this));
        PointerValue congestionOps;
        sender->GetSocket()->GetAttribute("CongestionOps", congestionOps);
        congestionOps.Get<TcpCongestionOps>()->TraceConnectWithoutContext(
            "Backlog",
            MakeCallback(&TcpDualVegasSocketTestBase::RoundDiff, this));
    }

    /// Add a round's diff (from the measurement window on) to the mean. \param diff the diff
    void RoundDiff(double diff)
    {
        if (Simulator::Now() >= m_measureFrom)
        {
            m_diffSum += diff;
            ++m_diffRounds;
        }
    }

    /**
     * Add the current backlog to the time average.
     * \param queue the bottleneck's queue disc
     * \param deviceQueue its device queue
     */
    void SampleBacklog(Ptr<QueueDisc> queue, Ptr<Queue<Packet>> deviceQueue)
    {
        m_backlogSum += queue->GetNPackets() + deviceQueue->GetNPackets();
        ++m_backlogSamples;
    }

    /// Note the bytes received so far (the start of the window). \param sinkApp the sink
    void RecordRx(Ptr<PacketSink> sinkApp)
    {
        m_rxAtStart = sinkApp->GetTotalRx();
    }

    /**
     * \param oldState previous congestion state
     * \param newState new congestion state
     */
    void CongStateChanged(TcpSocketState::TcpCongState_t oldState,
                          TcpSocketState::TcpCongState_t newState)
    {
        if (newState == TcpSocketState::CA_CWR)
        {
            ++m_cwrEntries;
            m_inCwr = true;
            m_cwrSince = Simulator::Now();
        }
        else if (m_inCwr)
        {
            m_inCwr = false;
            m_timeInCwr += Simulator::Now() - m_cwrSince;
        }
    }

    uint32_t m_cwrEntries{0};     //!< entries into CA_CWR
    Time m_timeInCwr;             //!< time spent in CA_CWR
    bool m_inCwr{false};          //!< currently in CA_CWR
    Time m_cwrSince;              //!< when the current CA_CWR started
    double m_backlogSum{0};       //!< sum of the backlog samples, packets
    uint64_t m_backlogSamples{0}; //!< backlog samples taken
    uint64_t m_rxAtStart{0};      //!< bytes received at the start of the window
    Time m_measureFrom;           //!< start of the measurement window
    double m_diffSum{0};          //!< sum of the sender's diffs in the window, packets
    uint64_t m_diffRounds{0};     //!< rounds with a diff in the window
};

/**
 * \ingroup dualcc
 * QueueingDelay, alpha = beta = 2, no marks: one source holds its whole backlog at the
 * bottleneck, x p = alpha (eq. 22), so the link keeps 2 packets queued and stays busy. Over
 * 2-8 s: mean backlog 2 +- 10 %, goodput >= 98 % of 1199.6 packets/s, and the source's mean diff
 * within 0.1 packet of the queue's time-average: with the round's mean RTT (RttSample Mean, the
 * default) diff = x (D - d) is the backlog by Little's law. Measured: backlog 1.97, diff 1.93.
 * With RttSample Minimum (the round's smallest sample, below the mean by the queue's jitter) the
 * source underestimates its backlog and keeps more: 4.55 against a diff of 3.40 over 2-8 s
 * (2.48 against 1.98 over 20-40 s).
 */
class TcpDualVegasSocketBacklogTestCase : public TcpDualVegasSocketTestBase
{
  public:
    TcpDualVegasSocketBacklogTestCase()
        : TcpDualVegasSocketTestBase("socket: one flow keeps alpha packets queued (eq. 22)")
    {
    }

  private:
    void DoRun() override
    {
        Result r = Run(false, 0, Seconds(2), Seconds(8));
        NS_TEST_EXPECT_MSG_EQ_TOL(r.meanBacklog, 2.0, 0.2, "backlog = alpha");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.meanDiff,
                                  r.meanBacklog,
                                  0.1,
                                  "the source's diff is the backlog it keeps (Little's law)");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.goodput, 0.98 * CAPACITY_PPS, "the link stays busy");
    }
};

/**
 * \ingroup dualcc
 * EcnMarks over a link marking 25 % of the packets (a constant price): p̂ = -log_1.1(0.75) =
 * 0.2876821 / 0.0953102 = 3.0184, and the rate settles at eq. 33's x = alpha / (p̂ u) =
 * 2 / (3.0184 * 1 ms) = 662.6 packets/s (+- 15 % over 2-12 s: the round's estimate is noisy),
 * below the capacity, so no queue. The socket enters CA_CWR on the ECN-Echos but never stays
 * there (TcpDualVegas undoes it at once). With the classic ECN response the same link gives
 * about 130 packets/s (a window near 3).
 */
class TcpDualVegasSocketEcnTestCase : public TcpDualVegasSocketTestBase
{
  public:
    TcpDualVegasSocketEcnTestCase()
        : TcpDualVegasSocketTestBase("socket: EcnMarks rate follows eq. 33, CWR never lasts")
    {
    }

  private:
    void DoRun() override
    {
        Result r = Run(true, 0.25, Seconds(2), Seconds(12));
        NS_TEST_EXPECT_MSG_EQ_TOL(r.goodput, 662.6, 0.15 * 662.6, "x = alpha / (p u)");
        NS_TEST_EXPECT_MSG_GT(r.cwrEntries, 100, "ECN-Echo made the socket enter CWR");
        NS_TEST_EXPECT_MSG_EQ(r.timeInCwr, Time(0), "and TcpDualVegas took it out at once");
        NS_TEST_EXPECT_MSG_LT(r.meanBacklog, 0.5, "no standing queue");
    }
};

/**
 * \ingroup dualcc
 * The receive window limits the flow: two nodes over 100 Mb/s with 10 ms one way (a
 * bandwidth-delay product of 100e6 / 8 / 1042 * 0.02 = 240 packets), ns-3's default socket
 * buffers (RcvBufSize 131072 bytes: at most 131 segments of 1000 bytes in flight), both ends
 * TcpDualVegas. No queue forms, so the price stays 0 and the law says "grow" in every round
 * (diff = 0 < alpha; with EcnMarks no mark, p̂ = 0). A window that grows while the flight does
 * not runs away (without the rule: 216 000 and 218 000 bytes after 3 s, still growing). The
 * window must stay within what the flight can use: at an ACK the flight is at most 131072
 * bytes less the acknowledged segment, and the window grows only while it is less than a
 * segment above that flight plus the acknowledged one, so it never exceeds 131072 + 2 * 1000
 * bytes (one growth step past the limit). Over 0-3 s; the flight must reach the receive window
 * (else the scenario tests nothing).
 */
class TcpDualVegasSocketRwndTestCase : public TestCase
{
  public:
    /// \param ecnMarks PriceSource EcnMarks instead of QueueingDelay
    explicit TcpDualVegasSocketRwndTestCase(bool ecnMarks)
        : TestCase(std::string("socket: no window growth while the receive window limits the "
                               "flight, ") +
                   (ecnMarks ? "EcnMarks" : "QueueingDelay")),
          m_ecnMarks(ecnMarks)
    {
    }

  private:
    /// ns-3's default TcpSocket::RcvBufSize, bytes.
    static constexpr uint32_t RCV_BUF = 131072;
    /// Segment size, bytes.
    static constexpr uint32_t SEGMENT = 1000;

    void DoRun() override
    {
        Config::SetDefault("ns3::TcpL4Protocol::SocketType",
                           TypeIdValue(TcpDualVegas::GetTypeId()));
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(SEGMENT));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(RCV_BUF));
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
        if (m_ecnMarks)
        {
            Config::SetDefault("ns3::TcpDualVegas::PriceSource",
                               EnumValue(TcpDualVegas::ECN_MARKS));
        }
        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(DataRate("100Mbps")));
        link.SetChannelAttribute("Delay", TimeValue(MilliSeconds(10)));
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper stack;
        stack.Install(nodes);
        Ipv4AddressHelper addresses;
        addresses.SetBase("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
        const uint16_t port = 9;
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(interfaces.GetAddress(1), port));
        ApplicationContainer sourceApp = source.Install(nodes.Get(0));
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sink.Install(nodes.Get(1));
        Simulator::Schedule(MilliSeconds(1),
                            &TcpDualVegasSocketRwndTestCase::Watch,
                            this,
                            DynamicCast<BulkSendApplication>(sourceApp.Get(0)));
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        Simulator::Destroy();
        Config::Reset();

        NS_TEST_EXPECT_MSG_GT_OR_EQ(m_maxInFlight,
                                    RCV_BUF / SEGMENT * SEGMENT,
                                    "the flight reached the receive window (131 segments)");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(m_maxCwnd,
                                    RCV_BUF + 2 * SEGMENT,
                                    "the window stays within two segments of the receive window");
    }

    /// Trace the sender's window and flight (its socket exists once the application started).
    /// \param sender the source application
    void Watch(Ptr<BulkSendApplication> sender)
    {
        sender->GetSocket()->TraceConnectWithoutContext(
            "CongestionWindow",
            MakeCallback(&TcpDualVegasSocketRwndTestCase::CwndChanged, this));
        sender->GetSocket()->TraceConnectWithoutContext(
            "BytesInFlight",
            MakeCallback(&TcpDualVegasSocketRwndTestCase::InFlightChanged, this));
    }

    /// \param oldValue previous window \param newValue new window, bytes
    void CwndChanged(uint32_t oldValue, uint32_t newValue)
    {
        m_maxCwnd = std::max(m_maxCwnd, newValue);
    }

    /// \param oldValue previous flight \param newValue new flight, bytes
    void InFlightChanged(uint32_t oldValue, uint32_t newValue)
    {
        m_maxInFlight = std::max(m_maxInFlight, newValue);
    }

    bool m_ecnMarks;           //!< PriceSource EcnMarks
    uint32_t m_maxCwnd{0};     //!< largest window seen, bytes
    uint32_t m_maxInFlight{0}; //!< largest flight seen, bytes
};

/**
 * \ingroup dualcc
 * The suite.
 */
class TcpDualVegasTestSuite : public TestSuite
{
  public:
    TcpDualVegasTestSuite()
        : TestSuite("dualcc-tcp-dual-vegas", TestSuite::Type::UNIT)
    {
        AddTestCase(new TcpDualVegasIncreaseTestCase);
        AddTestCase(new TcpDualVegasHoldTestCase);
        AddTestCase(new TcpDualVegasDecreaseTestCase);
        AddTestCase(new TcpDualVegasBandTestCase);
        AddTestCase(new TcpDualVegasFairnessTestCase);
        AddTestCase(new TcpDualVegasMinEverTestCase);
        AddTestCase(new TcpDualVegasMinOfLastKTestCase);
        AddTestCase(new TcpDualVegasFixedBaseRttTestCase);
        AddTestCase(new TcpDualVegasRttSampleTestCase);
        AddTestCase(new TcpDualVegasRttDefaultsTestCase);
        AddTestCase(new TcpDualVegasDupAckTestCase);
        AddTestCase(new TcpDualVegasSlowStartExitTestCase);
        AddTestCase(new TcpDualVegasOncePerRoundTestCase);
        AddTestCase(new TcpDualVegasEcnWindowTestCase);
        AddTestCase(new TcpDualVegasEcnSlowStartTestCase);
        AddTestCase(new TcpDualVegasEcnNoCwrTestCase);
        AddTestCase(new TcpDualVegasEcnSackTestCase);
        AddTestCase(new TcpDualVegasEcnInRecoveryTestCase);
        AddTestCase(new TcpDualVegasEcnLossTestCase);
        AddTestCase(new TcpDualVegasEcnSetupTestCase);
        AddTestCase(new TcpDualVegasSsThreshTestCase);
        AddTestCase(new TcpDualVegasValidationTestCase);
        AddTestCase(new TcpDualVegasRangeTestCase);
#ifdef DUALCC_HAVE_FORK
        AddTestCase(new AbortTestCase(
            "Init aborts: Alpha = 0",
            &InitWithAlphaZero,
            "ns3::TcpDualVegas::Alpha = 0 is out of range: Alpha must be > 0 and <= 1e+06"));
        const std::string noEcn = "ns3::TcpDualVegas::PriceSource is EcnMarks (the price is the "
                                  "fraction of ECN-marked packets), but this connection did not "
                                  "negotiate ECN: ns3::TcpSocketBase::UseEcn must be On at both "
                                  "ends (sender and receiver), or PriceSource must be "
                                  "QueueingDelay";
        AddTestCase(new AbortTestCase("EcnMarks aborts: first ACK without ECN",
                                      &FirstAckWithoutEcn,
                                      noEcn));
        AddTestCase(new AbortTestCase("EcnMarks aborts: receiver not ECN-capable",
                                      &ConnectionWithoutEcn,
                                      noEcn));
#endif
        AddTestCase(new TcpDualVegasForkTestCase);
        AddTestCase(new TcpDualVegasSocketBacklogTestCase);
        AddTestCase(new TcpDualVegasSocketEcnTestCase);
        AddTestCase(new TcpDualVegasSocketRwndTestCase(false));
        AddTestCase(new TcpDualVegasSocketRwndTestCase(true));
    }
};

/// The suite's only instance.
static TcpDualVegasTestSuite g_tcpDualVegasTestSuite;
