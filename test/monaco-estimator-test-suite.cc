/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of MonacoEstimator against numbers worked by hand (monaco-design.md §9, test 2): rate
// samples over IB-to-IB intervals and their EWMA, ftt_q, the accumulation with and without a
// virtual delay, the flag (increase, decrease, hold after rounding, decrease-due-to-loss), the
// counted accumulation, a lost IB between two pairs, an IB without its OB, and bad RateGain.

#include "ns3/monaco-estimator.h"
#include "ns3/test.h"

#include <limits>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{

/// Relative tolerance of the floating-point results (exact decimal inputs, a few operations).
constexpr double REL_TOL = 1e-9;

/**
 * Feed \p count data packets of \p bytes each, the k-th (k = 1..count) arriving at
 * \p start + k \p spacing.
 * \param estimator the estimator
 * \param start the time before the first packet
 * \param spacing the time between packets
 * \param count the number of packets
 * \param bytes the IPv4 size of each
 */
void
FeedData(MonacoEstimator& estimator, Time start, Time spacing, uint32_t count, uint32_t bytes)
{
    for (uint32_t k = 1; k <= count; ++k)
    {
        estimator.DataArrived(start + spacing * static_cast<int64_t>(k), bytes);
    }
}

} // namespace

/**
 * \ingroup dualcc
 * The worked example of monaco-design.md §9.2, a* = 3000 bytes, g = 0.5; data arrives every 2 ms.
 *
 * Period 1: the first data packet (1000 B) at 954 ms, then 25 x 1200 B at 956..1004 ms; OB(1) at
 * 1000 ms, IB(1) at 1004 ms. First IB: s = 30000 B / 50 ms = 600000 B/s, taken whole: x̄ =
 * 600000; ftt_q = 4 ms; â = 600000 x 0.004 = 2400 B < 3000: increase. Counted: the packets at
 * 1002 and 1004 ms, 2 x 1200 = 2400 B.
 *
 * Period 2: 25 x 1800 B at 1006..1054 ms; OB(2) at 1048 ms, IB(2) at 1054 ms. s = 45000 / 0.05 =
 * 900000; x̄ = 0.5 x 600000 + 0.5 x 900000 = 750000; ftt_q = 6 ms; â = 4500 > 3000: decrease.
 * Counted: packets at 1050, 1052, 1054 ms: 5400 B.
 *
 * Period 3: 25 x 1500 B (37500 B, s = 750000, x̄ stays 750000); OB(3) at 1098 ms, IB(3) at
 * 1104 ms with a virtual delay of 2 ms: â = 750000 x (0.006 + 0.002) = 6000 B: decrease.
 *
 * Period 4: the same data; OB(4) at 1150 ms, IB(4) at 1154 ms: â = 750000 x 0.004 = 3000 = a*:
 * hold. No loss anywhere: each IB's sentBytes is the data sent before it.
 */
class MonacoEstimatorWorkedExampleTestCase : public TestCase
{
  public:
    MonacoEstimatorWorkedExampleTestCase()
        : TestCase("worked example: rate EWMA, ftt_q, accumulation, virtual delay, flags")
    {
    }

  private:
    void DoRun() override
    {
        MonacoEstimator estimator;
        NS_TEST_ASSERT_MSG_EQ(estimator.GetRateGain(), 0.5, "default RateGain");
        const Time spacing = MilliSeconds(2);

        // Period 1.
        estimator.DataArrived(MilliSeconds(954), 1000);
        FeedData(estimator, MilliSeconds(954), spacing, 23, 1200); // 956..1000 ms
        estimator.ObArrived(MilliSeconds(1000), 1, 3000);
        FeedData(estimator, MilliSeconds(1000), spacing, 2, 1200); // 1002, 1004 ms
        MonacoEstimator::Answer a =
            estimator.IbArrived(MilliSeconds(1004), 1, 1000 + 30000, Seconds(0));
        NS_TEST_ASSERT_MSG_EQ(a.answered, true, "OB(1) seen: answered");
        NS_TEST_EXPECT_MSG_EQ(a.sequence, 1, "sequence");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.rateSample, 600000, 600000 * REL_TOL, "30000 B / 50 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.egressRate, 600000, 600000 * REL_TOL, "first sample whole");
        NS_TEST_EXPECT_MSG_EQ(a.forwardQueueing, MilliSeconds(4), "ftt_q = 1004 - 1000 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.accumulation, 2400, 2400 * REL_TOL, "600000 x 0.004");
        NS_TEST_EXPECT_MSG_EQ(a.roundedAccumulation, 2400, "rounded");
        NS_TEST_EXPECT_MSG_EQ(a.target, 3000, "a* from OB(1)");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::INCREASE, "2400 < 3000");
        NS_TEST_EXPECT_MSG_EQ(a.countedAccumulation, 2400, "packets at 1002 and 1004 ms");
        NS_TEST_EXPECT_MSG_EQ(a.sentDelta, 31000, "from zero");
        NS_TEST_EXPECT_MSG_EQ(a.receivedDelta, 31000, "from zero");

        // Period 2.
        FeedData(estimator, MilliSeconds(1004), spacing, 22, 1800); // 1006..1048 ms
        estimator.ObArrived(MilliSeconds(1048), 2, 3000);
        FeedData(estimator, MilliSeconds(1048), spacing, 3, 1800); // 1050..1054 ms
        a = estimator.IbArrived(MilliSeconds(1054), 2, 31000 + 45000, Seconds(0));
        NS_TEST_ASSERT_MSG_EQ(a.answered, true, "OB(2) seen");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.rateSample, 900000, 900000 * REL_TOL, "45000 B / 50 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.egressRate, 750000, 750000 * REL_TOL, "(600k + 900k) / 2");
        NS_TEST_EXPECT_MSG_EQ(a.forwardQueueing, MilliSeconds(6), "ftt_q");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.accumulation, 4500, 4500 * REL_TOL, "750000 x 0.006");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::DECREASE, "4500 > 3000");
        NS_TEST_EXPECT_MSG_EQ(a.countedAccumulation, 5400, "packets at 1050, 1052, 1054 ms");
        NS_TEST_EXPECT_MSG_EQ(a.sentDelta, 45000, "since IB(1)");
        NS_TEST_EXPECT_MSG_EQ(a.receivedDelta, 45000, "since IB(1)");

        // Period 3: a virtual delay of 2 ms.
        FeedData(estimator, MilliSeconds(1054), spacing, 22, 1500); // 1056..1098 ms
        estimator.ObArrived(MilliSeconds(1098), 3, 3000);
        FeedData(estimator, MilliSeconds(1098), spacing, 3, 1500); // 1100..1104 ms
        a = estimator.IbArrived(MilliSeconds(1104), 3, 76000 + 37500, MilliSeconds(2));
        NS_TEST_ASSERT_MSG_EQ(a.answered, true, "OB(3) seen");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.egressRate, 750000, 750000 * REL_TOL, "sample 750000");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.accumulation, 6000, 6000 * REL_TOL, "750000 x 0.008");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::DECREASE, "6000 > 3000");

        // Period 4: exactly the target.
        FeedData(estimator, MilliSeconds(1104), spacing, 23, 1500); // 1106..1150 ms
        estimator.ObArrived(MilliSeconds(1150), 4, 3000);
        FeedData(estimator, MilliSeconds(1150), spacing, 2, 1500); // 1152, 1154 ms
        a = estimator.IbArrived(MilliSeconds(1154), 4, 113500 + 37500, Seconds(0));
        NS_TEST_ASSERT_MSG_EQ(a.answered, true, "OB(4) seen");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.accumulation, 3000, 3000 * REL_TOL, "750000 x 0.004");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::HOLD, "3000 = a*");
        NS_TEST_EXPECT_MSG_EQ(estimator.GetReceivedBytes(),
                              151000,
                              "1000 + 30000 + 45000 + 2 x 37500");
    }
};

/**
 * \ingroup dualcc
 * Hold means equal after rounding to a byte; a* comes from the OB. With x̄ = 750000 B/s (one
 * sample: 37500 B in 50 ms): ftt_q = 4000533 ns gives â = 3000.39975 -> 3000 = a*: hold; ftt_q
 * = 4000800 ns gives 3000.6 -> 3001: decrease; ftt_q = 3999200 ns gives 2999.4 -> 2999:
 * increase. An OB carrying a* = 3001 turns the 3000.6 into a hold.
 */
class MonacoEstimatorRoundingTestCase : public TestCase
{
  public:
    MonacoEstimatorRoundingTestCase()
        : TestCase("hold when the accumulation rounds to a*; a* read from each OB")
    {
    }

  private:
    /**
     * One estimator, one period: first data packet at 0, 25 x 1500 B at 2..50 ms, OB at
     * 50 ms - fttq (about 46 ms), IB at 50 ms.
     * \param fttq the forward queueing time
     * \param target the OB's a*
     * \return the answer
     */
    static MonacoEstimator::Answer OnePeriod(Time fttq, uint32_t target)
    {
        MonacoEstimator estimator;
        estimator.DataArrived(Seconds(0), 1500);
        FeedData(estimator, Seconds(0), MilliSeconds(2), 22, 1500);      // 2..44 ms
        estimator.ObArrived(MilliSeconds(50) - fttq, 1, target);         // about 46 ms
        FeedData(estimator, MilliSeconds(44), MilliSeconds(2), 3, 1500); // 46..50 ms
        return estimator.IbArrived(MilliSeconds(50), 1, 39000, Seconds(0));
    }

    void DoRun() override
    {
        MonacoEstimator::Answer a = OnePeriod(NanoSeconds(4000533), 3000);
        NS_TEST_EXPECT_MSG_EQ_TOL(a.egressRate, 750000, 750000 * REL_TOL, "37500 B / 50 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(a.accumulation, 3000.39975, 1e-6, "750000 x 4000533 ns");
        NS_TEST_EXPECT_MSG_EQ(a.roundedAccumulation, 3000, "rounded down");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::HOLD, "3000 = a*");

        a = OnePeriod(NanoSeconds(4000800), 3000);
        NS_TEST_EXPECT_MSG_EQ(a.roundedAccumulation, 3001, "3000.6 rounded up");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::DECREASE, "3001 > 3000");

        a = OnePeriod(NanoSeconds(3999200), 3000);
        NS_TEST_EXPECT_MSG_EQ(a.roundedAccumulation, 2999, "2999.4 rounded down");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::INCREASE, "2999 < 3000");

        a = OnePeriod(NanoSeconds(4000800), 3001);
        NS_TEST_EXPECT_MSG_EQ(a.target, 3001, "a* of the OB");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::HOLD, "3001 = a*");
    }
};

/**
 * \ingroup dualcc
 * Loss detection with cumulative byte counts (all data 1000-byte packets, a* = 3000).
 *
 * Pair 1: 10 packets arrive, sentBytes 10000: no loss. Pair 2: the sender sent 46000 more
 * (sentBytes 56000), 45 packets arrive: Δrecv 45000 < Δsent 46000: decrease-due-to-loss.
 * Pair 3: its IB is lost (never fed); 20 packets sent (sentBytes 76000), 19 arrive. Pair 4:
 * 20 sent (sentBytes 96000), 20 arrive. IB(4) compares with IB(2), the last IB received:
 * Δsent = 96000 - 56000 = 40000 > Δrecv = 19000 + 20000 = 39000: loss, although pair 4's own
 * period lost nothing (a per-period count, 20000 sent vs 39000 received, would miss it).
 * Pair 5: 20 sent, 20 arrive: Δ 20000 = 20000, no loss. Pair 6: IB(5) lost, nothing lost in
 * its period: IB(6) compares 40000 with 40000: no loss.
 */
class MonacoEstimatorLossTestCase : public TestCase
{
  public:
    MonacoEstimatorLossTestCase()
        : TestCase("decrease-due-to-loss from cumulative counts, across a lost IB")
    {
    }

  private:
    /**
     * One period of 100 ms starting at \p start: \p packets data packets of 1000 B, OB at
     * start + 90 ms, IB (if \p ibDelivered) at start + 100 ms with \p sentBytes.
     * \param estimator the estimator
     * \param start the period's start
     * \param sequence the pair's sequence number
     * \param packets packets that arrive
     * \param sentBytes the IB's cumulative sentBytes
     * \param ibDelivered whether the IB arrives
     * \return the answer (default if the IB is lost)
     */
    static MonacoEstimator::Answer Period(MonacoEstimator& estimator,
                                          Time start,
                                          uint32_t sequence,
                                          uint32_t packets,
                                          uint64_t sentBytes,
                                          bool ibDelivered)
    {
        FeedData(estimator, start, MilliSeconds(1), packets, 1000);
        estimator.ObArrived(start + MilliSeconds(90), sequence, 3000);
        if (!ibDelivered)
        {
            return MonacoEstimator::Answer();
        }
        return estimator.IbArrived(start + MilliSeconds(100), sequence, sentBytes, Seconds(0));
    }

    void DoRun() override
    {
        MonacoEstimator estimator;
        MonacoEstimator::Answer a = Period(estimator, Seconds(0), 1, 10, 10000, true);
        NS_TEST_EXPECT_MSG_EQ(a.lossDetected, false, "pair 1: 10000 sent, 10000 received");
        NS_TEST_EXPECT_MSG_NE(a.flag, MonacoHeader::DECREASE_LOSS, "pair 1");

        a = Period(estimator, Seconds(1), 2, 45, 56000, true);
        NS_TEST_EXPECT_MSG_EQ(a.sentDelta, 46000, "pair 2: Δsent");
        NS_TEST_EXPECT_MSG_EQ(a.receivedDelta, 45000, "pair 2: Δrecv");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::DECREASE_LOSS, "45000 < 46000");

        Period(estimator, Seconds(2), 3, 19, 76000, false);
        a = Period(estimator, Seconds(3), 4, 20, 96000, true);
        NS_TEST_EXPECT_MSG_EQ(a.sentDelta, 40000, "pair 4: since IB(2)");
        NS_TEST_EXPECT_MSG_EQ(a.receivedDelta, 39000, "pair 4: since IB(2)");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::DECREASE_LOSS, "the loss of pair 3's period");

        a = Period(estimator, Seconds(4), 5, 20, 116000, true);
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::INCREASE, "pair 5: no loss, â < a*");

        Period(estimator, Seconds(5), 6, 20, 136000, false);
        a = Period(estimator, Seconds(6), 7, 20, 156000, true);
        NS_TEST_EXPECT_MSG_EQ(a.sentDelta, 40000, "pair 7: since IB(5)");
        NS_TEST_EXPECT_MSG_EQ(a.receivedDelta, 40000, "pair 7: since IB(5)");
        NS_TEST_EXPECT_MSG_NE(a.flag, MonacoHeader::DECREASE_LOSS, "no loss across the lost IB");
    }
};

/**
 * \ingroup dualcc
 * An IB whose OB was not seen gets no answer; the OB kept is the newest only; a loss found at an
 * unanswered IB is reported by the next answer.
 *
 * Data: 1000-byte packets. IB(1) with no OB at all: no answer. OB(2) then IB(3): no answer
 * (OB(3) missing). OB(3) then OB(4) then IB(3): no answer (only OB(4) kept). Then OB(5), IB(5):
 * answered. Loss: 10 packets sent before IB(6) (Δsent 10000) but 9 arrive, OB(6) lost: IB(6)
 * unanswered; pair 7 loses nothing, yet its answer says decrease-due-to-loss (the loss of
 * pair 6's period); pair 8 loses nothing and says increase.
 */
class MonacoEstimatorMissingObTestCase : public TestCase
{
  public:
    MonacoEstimatorMissingObTestCase()
        : TestCase("an IB without its OB: no answer; its loss goes with the next answer")
    {
    }

  private:
    void DoRun() override
    {
        MonacoEstimator estimator;
        uint64_t sent = 0;
        // Ten packets before each IB, every one delivered unless said otherwise.
        auto data = [&estimator, &sent](Time start, uint32_t delivered) {
            FeedData(estimator, start, MilliSeconds(1), delivered, 1000);
            sent += 10000;
        };

        data(Seconds(0), 10);
        MonacoEstimator::Answer a = estimator.IbArrived(MilliSeconds(20), 1, sent, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(a.answered, false, "IB(1), no OB at all");

        data(Seconds(1), 10);
        estimator.ObArrived(MilliSeconds(1015), 2, 3000);
        a = estimator.IbArrived(MilliSeconds(1020), 3, sent, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(a.answered, false, "IB(3) after OB(2)");

        data(Seconds(2), 10);
        estimator.ObArrived(MilliSeconds(2014), 3, 3000);
        estimator.ObArrived(MilliSeconds(2015), 4, 3000);
        a = estimator.IbArrived(MilliSeconds(2020), 3, sent, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(a.answered, false, "IB(3): OB(4) replaced OB(3)");

        data(Seconds(3), 10);
        estimator.ObArrived(MilliSeconds(3015), 5, 3000);
        a = estimator.IbArrived(MilliSeconds(3020), 5, sent, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(a.answered, true, "IB(5) after OB(5)");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::INCREASE, "no loss so far");

        data(Seconds(4), 9);
        a = estimator.IbArrived(MilliSeconds(4020), 6, sent, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(a.answered, false, "IB(6), OB(6) lost");
        NS_TEST_EXPECT_MSG_EQ(a.lossDetected, true, "9000 received of 10000");

        data(Seconds(5), 10);
        estimator.ObArrived(MilliSeconds(5015), 7, 3000);
        a = estimator.IbArrived(MilliSeconds(5020), 7, sent, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(a.receivedDelta, a.sentDelta, "pair 7 lost nothing");
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::DECREASE_LOSS, "pair 6's loss, reported");

        data(Seconds(6), 10);
        estimator.ObArrived(MilliSeconds(6015), 8, 3000);
        a = estimator.IbArrived(MilliSeconds(6020), 8, sent, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(a.flag, MonacoHeader::INCREASE, "reported once only");
    }
};

/**
 * \ingroup dualcc
 * RateGain must be in (0, 1]: 0, -0.5, 1.5, NaN and infinity throw std::invalid_argument naming
 * RateGain and the range; 1 and 1e-3 are accepted. With g = 1, x̄ is the last sample: samples
 * 600000 then 900000 B/s give 900000 (with g = 0.5 it would be 750000).
 */
class MonacoEstimatorRateGainTestCase : public TestCase
{
  public:
    MonacoEstimatorRateGainTestCase()
        : TestCase("RateGain in (0, 1]; g = 1 keeps the last sample")
    {
    }

  private:
    void DoRun() override
    {
        const double bad[] = {0,
                              -0.5,
                              1.5,
                              std::numeric_limits<double>::quiet_NaN(),
                              std::numeric_limits<double>::infinity()};
        for (double g : bad)
        {
            std::string message;
            try
            {
                MonacoEstimator estimator(g);
            }
            catch (const std::invalid_argument& e)
            {
                message = e.what();
            }
            NS_TEST_EXPECT_MSG_NE(message.find("RateGain"), std::string::npos, "g = " << g);
            NS_TEST_EXPECT_MSG_NE(message.find("(0, 1]"), std::string::npos, "g = " << g);
            MonacoEstimator estimator;
            bool thrown = false;
            try
            {
                estimator.SetRateGain(g);
            }
            catch (const std::invalid_argument&)
            {
                thrown = true;
            }
            NS_TEST_EXPECT_MSG_EQ(thrown, true, "SetRateGain(" << g << ")");
            NS_TEST_EXPECT_MSG_EQ(estimator.GetRateGain(), 0.5, "unchanged");
        }
        MonacoEstimator small(1e-3);
        NS_TEST_EXPECT_MSG_EQ(small.GetRateGain(), 1e-3, "accepted");

        MonacoEstimator estimator(1);
        estimator.DataArrived(Seconds(0), 1000);
        FeedData(estimator, Seconds(0), MilliSeconds(2), 25, 1200); // 600000 B/s
        estimator.IbArrived(MilliSeconds(50), 1, 31000, Seconds(0));
        FeedData(estimator, MilliSeconds(50), MilliSeconds(2), 25, 1800); // 900000 B/s
        estimator.ObArrived(MilliSeconds(96), 2, 3000);
        MonacoEstimator::Answer a = estimator.IbArrived(MilliSeconds(100), 2, 76000, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ_TOL(a.egressRate, 900000, 900000 * REL_TOL, "g = 1: last sample");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class MonacoEstimatorTestSuite : public TestSuite
{
  public:
    MonacoEstimatorTestSuite()
        : TestSuite("dualcc-monaco-estimator", TestSuite::Type::UNIT)
    {
        AddTestCase(new MonacoEstimatorWorkedExampleTestCase);
        AddTestCase(new MonacoEstimatorRoundingTestCase);
        AddTestCase(new MonacoEstimatorLossTestCase);
        AddTestCase(new MonacoEstimatorMissingObTestCase);
        AddTestCase(new MonacoEstimatorRateGainTestCase);
    }
};

/// The suite's only instance.
static MonacoEstimatorTestSuite g_monacoEstimatorTestSuite;
