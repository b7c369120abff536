/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of EcnPriceEstimator: the path price a source infers from the fraction of its packets
// acknowledged with ECN-Echo, p̂ = -log_phi(1 - m̂) (Vegas paper §5, eq. 32 inverted). Every
// expected value is worked out by hand in the comments.

#include "ns3/ecn-price-estimator.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

using namespace ns3;

/**
 * \ingroup dualcc
 * phi = 1.1, 5 of 10 packets marked: m̂ = 0.5, p̂ = ln 2 / ln 1.1 = 0.693147 / 0.0953102 = 7.2725.
 */
class EcnPriceHalfMarkedTestCase : public TestCase
{
  public:
    EcnPriceHalfMarkedTestCase()
        : TestCase("phi 1.1, half the packets marked: price ln 2 over ln 1.1")
    {
    }

  private:
    void DoRun() override
    {
        EcnPriceEstimator estimator(1.1);
        // Marks arrive on separate ACKs: 3 unmarked, 2 marked, 2 unmarked, 3 marked.
        estimator.AddAcked(3, false);
        estimator.AddAcked(2, true);
        estimator.AddAcked(2, false);
        estimator.AddAcked(3, true);
        NS_TEST_ASSERT_MSG_EQ(estimator.GetAcked(), 10, "acknowledged packets");
        NS_TEST_ASSERT_MSG_EQ(estimator.GetMarked(), 5, "marked packets");
        EcnPriceEstimator::Estimate e = estimator.EndRound();
        NS_TEST_ASSERT_MSG_EQ(e.valid, true, "10 packets make an estimate");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.markFraction, 0.5, 1e-15, "m̂ = 5/10");
        NS_TEST_ASSERT_MSG_EQ(e.capped, false, "no cap below m̂ = 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.price, 7.272540897, 1e-8, "ln 2 / ln 1.1");
    }
};

/**
 * \ingroup dualcc
 * Other mark fractions, by hand: m̂ = 0 -> 0; phi = 2: m̂ = 1/2 -> 1, m̂ = 3/4 -> 2 (since
 * 1 - 3/4 = 2^-2); phi = 1.1: m̂ = 1/10 -> -ln 0.9 / ln 1.1 = 0.1053605 / 0.0953102 = 1.1054487,
 * m̂ = 9/10 -> -ln 0.1 / ln 1.1 = 2.3025851 / 0.0953102 = 24.1588579.
 */
class EcnPriceMarkFractionsTestCase : public TestCase
{
  public:
    EcnPriceMarkFractionsTestCase()
        : TestCase("price for mark fractions 0, 0.1, 0.5, 0.75, 0.9")
    {
    }

  private:
    /**
     * Price of \p marked of \p acked packets.
     * \param phi phi
     * \param marked marked packets
     * \param acked acknowledged packets
     * \return p̂
     */
    static double Price(double phi, uint64_t marked, uint64_t acked)
    {
        EcnPriceEstimator estimator(phi);
        estimator.AddAcked(marked, true);
        estimator.AddAcked(acked - marked, false);
        return estimator.EndRound().price;
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(Price(1.1, 0, 20), 0.0, "no marks, no price");
        NS_TEST_ASSERT_MSG_EQ_TOL(Price(2, 4, 8), 1.0, 1e-15, "phi 2, m̂ 1/2");
        NS_TEST_ASSERT_MSG_EQ_TOL(Price(2, 6, 8), 2.0, 1e-15, "phi 2, m̂ 3/4");
        NS_TEST_ASSERT_MSG_EQ_TOL(Price(1.1, 1, 10), 1.1054487, 1e-7, "phi 1.1, m̂ 1/10");
        NS_TEST_ASSERT_MSG_EQ_TOL(Price(1.1, 9, 10), 24.1588579, 1e-7, "phi 1.1, m̂ 9/10");
    }
};

/**
 * \ingroup dualcc
 * Every packet marked: m̂ is taken as 1 - 1/(2n). n = 10, phi = 1.1: p̂ = ln 20 / ln 1.1 =
 * 2.9957323 / 0.0953102 = 31.4313988; n = 1: ln 2 / ln 1.1 = 7.2725409 (as m̂ = 1/2); n = 100:
 * ln 200 / ln 1.1 = 5.2983174 / 0.0953102 = 55.5903. The cap grows with n and leaves 9 of 10
 * alone (24.16 above).
 */
class EcnPriceAllMarkedCapTestCase : public TestCase
{
  public:
    EcnPriceAllMarkedCapTestCase()
        : TestCase("all packets marked: finite price log_phi(2n)")
    {
    }

  private:
    void DoRun() override
    {
        EcnPriceEstimator estimator(1.1);
        estimator.AddAcked(10, true);
        EcnPriceEstimator::Estimate e = estimator.EndRound();
        NS_TEST_ASSERT_MSG_EQ(e.markFraction, 1.0, "m̂ = 1 measured");
        NS_TEST_ASSERT_MSG_EQ(e.capped, true, "the cap applies");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.usedMarkFraction, 0.95, 1e-15, "1 - 1/20");
        NS_TEST_ASSERT_MSG_EQ(std::isfinite(e.price), true, "finite price");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.price, 31.4313988, 1e-7, "ln 20 / ln 1.1");

        estimator.AddAcked(1, true);
        double one = estimator.EndRound().price;
        NS_TEST_ASSERT_MSG_EQ_TOL(one, 7.2725409, 1e-7, "n = 1");
        estimator.AddAcked(100, true);
        double hundred = estimator.EndRound().price;
        NS_TEST_ASSERT_MSG_EQ_TOL(hundred, 55.5903, 1e-4, "n = 100");

        NS_TEST_ASSERT_MSG_EQ_TOL(EcnPriceEstimator::CappedMarkFraction(9, 10),
                                  0.9,
                                  1e-15,
                                  "one unmarked packet: no cap");
    }
};

/**
 * \ingroup dualcc
 * Rounds are independent: EndRound() restarts the counts; Peek() does not. A round without
 * acknowledged packets gives no estimate.
 */
class EcnPriceRoundsTestCase : public TestCase
{
  public:
    EcnPriceRoundsTestCase()
        : TestCase("rounds: EndRound restarts the counts, an empty round gives no estimate")
    {
    }

  private:
    void DoRun() override
    {
        EcnPriceEstimator estimator(2);
        EcnPriceEstimator::Estimate empty = estimator.EndRound();
        NS_TEST_ASSERT_MSG_EQ(empty.valid, false, "no packets, no estimate");
        NS_TEST_ASSERT_MSG_EQ(empty.price, 0.0, "and no price");

        estimator.AddAcked(3, true);
        estimator.AddAcked(1, false);
        // Peek: 3 of 4 marked -> m̂ = 3/4 -> p̂ = 2 (phi = 2); the counts stay.
        double peeked = estimator.Peek().price;
        NS_TEST_ASSERT_MSG_EQ_TOL(peeked, 2.0, 1e-15, "peek");
        NS_TEST_ASSERT_MSG_EQ(estimator.GetAcked(), 4, "peek keeps the counts");
        double round1 = estimator.EndRound().price;
        NS_TEST_ASSERT_MSG_EQ_TOL(round1, 2.0, 1e-15, "round 1");
        NS_TEST_ASSERT_MSG_EQ(estimator.GetAcked(), 0, "counts restart");
        NS_TEST_ASSERT_MSG_EQ(estimator.GetMarked(), 0, "marks restart");
        // Round 2: 1 of 2 marked -> p̂ = 1, not influenced by round 1.
        estimator.AddAcked(1, true);
        estimator.AddAcked(1, false);
        double round2 = estimator.EndRound().price;
        NS_TEST_ASSERT_MSG_EQ_TOL(round2, 1.0, 1e-15, "round 2");
    }
};

/**
 * \ingroup dualcc
 * The sliding window of the last N ACKs (Paganini et al. §IV-A), N = 4, phi = 2: ACK marks
 * 1 0 1 1 -> P̂ = 3/4, p̂ = -log2(1/4) = 2; one more marked ACK pushes the oldest (1) out:
 * [0 1 1 1], still 3/4 and 2; another: [1 1 1 1], all marked: m̂ = 1 - 1/(2 x 4) = 7/8,
 * p̂ = log2(8) = 3; an unmarked one: [1 1 1 0], 3/4 again. The window counts ACKs, not the
 * round's packets (AddAcked() and the rounds are untouched). A window of N = 31 marked ACKs with
 * phi = 1000: p̂ = ln 62 / ln 1000 = 4.1271344 / 6.9077553 = 0.5974639 s. Shrinking N keeps the
 * newest ACKs; N = 0 throws.
 */
class EcnPriceSlidingWindowTestCase : public TestCase
{
  public:
    EcnPriceSlidingWindowTestCase()
        : TestCase("sliding window of the last N ACKs: P̂, p̂, all-marked cap log_phi(2N)")
    {
    }

  private:
    void DoRun() override
    {
        EcnPriceEstimator estimator(2);
        estimator.SetWindowLength(4);
        NS_TEST_EXPECT_MSG_EQ(estimator.PeekWindow().valid, false, "empty window");
        estimator.AddAckToWindow(true);
        EcnPriceEstimator::Estimate first = estimator.PeekWindow();
        NS_TEST_EXPECT_MSG_EQ(first.acked, 1, "one ACK");
        NS_TEST_EXPECT_MSG_EQ_TOL(first.price, 1.0, 1e-15, "1 of 1: cap 1 - 1/2, log2(2)");
        for (bool mark : {false, true, true})
        {
            estimator.AddAckToWindow(mark);
        }
        EcnPriceEstimator::Estimate e = estimator.PeekWindow();
        NS_TEST_EXPECT_MSG_EQ(e.acked, 4, "N ACKs");
        NS_TEST_EXPECT_MSG_EQ(e.marked, 3, "[1 0 1 1]");
        NS_TEST_EXPECT_MSG_EQ_TOL(e.price, 2.0, 1e-15, "3/4 -> 2");
        estimator.AddAckToWindow(true);
        e = estimator.PeekWindow();
        NS_TEST_EXPECT_MSG_EQ(e.acked, 4, "still N");
        NS_TEST_EXPECT_MSG_EQ(e.marked, 3, "[0 1 1 1]");
        estimator.AddAckToWindow(true);
        e = estimator.PeekWindow();
        NS_TEST_EXPECT_MSG_EQ(e.capped, true, "[1 1 1 1]: capped");
        NS_TEST_EXPECT_MSG_EQ_TOL(e.usedMarkFraction, 0.875, 1e-15, "1 - 1/8");
        NS_TEST_EXPECT_MSG_EQ_TOL(e.price, 3.0, 1e-15, "log2(8)");
        estimator.AddAckToWindow(false);
        NS_TEST_EXPECT_MSG_EQ_TOL(estimator.PeekWindow().price, 2.0, 1e-15, "[1 1 1 0]");
        NS_TEST_EXPECT_MSG_EQ(estimator.GetAcked(), 0, "the round counters are separate");

        estimator.SetWindowLength(2);
        e = estimator.PeekWindow();
        NS_TEST_EXPECT_MSG_EQ(e.acked, 2, "shrunk to the newest 2");
        NS_TEST_EXPECT_MSG_EQ(e.marked, 1, "[1 0]");
        estimator.ResetWindow();
        NS_TEST_EXPECT_MSG_EQ(estimator.PeekWindow().valid, false, "reset");

        EcnPriceEstimator fast(1000);
        NS_TEST_EXPECT_MSG_EQ(fast.GetWindowLength(), 31, "default N (the FAST paper's)");
        for (int i = 0; i < 40; ++i)
        {
            fast.AddAckToWindow(true);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(fast.PeekWindow().price, 0.5974639, 1e-7, "log_1000(62)");

        bool threw = false;
        try
        {
            estimator.SetWindowLength(0);
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_EXPECT_MSG_EQ(threw, true, "N = 0 throws");
    }
};

/**
 * \ingroup dualcc
 * Eq. 32 makes prices add along a path: with phi = 2, links of price 1 and 2 mark with
 * probability 1/2 and 3/4; a packet crossing both is marked with probability
 * 1 - (1/2)(1/4) = 7/8, whose price is -log2(1/8) = 3 = 1 + 2.
 */
class EcnPricePathSumTestCase : public TestCase
{
  public:
    EcnPricePathSumTestCase()
        : TestCase("eq. 32: the price of a path is the sum of its links' prices")
    {
    }

  private:
    void DoRun() override
    {
        double m1 = EcnPriceEstimator::MarkFractionFromPrice(1, 2);
        double m2 = EcnPriceEstimator::MarkFractionFromPrice(2, 2);
        NS_TEST_ASSERT_MSG_EQ_TOL(m1, 0.5, 1e-15, "link of price 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(m2, 0.75, 1e-15, "link of price 2");
        double path = 1 - (1 - m1) * (1 - m2);
        NS_TEST_ASSERT_MSG_EQ_TOL(path, 0.875, 1e-15, "end-to-end mark probability");
        NS_TEST_ASSERT_MSG_EQ_TOL(EcnPriceEstimator::PriceFromMarkFraction(path, 2),
                                  3.0,
                                  1e-14,
                                  "path price 1 + 2");
        // phi = 1.1: a price of 7.2725409 (ln 2 / ln 1.1) marks half the packets.
        NS_TEST_ASSERT_MSG_EQ_TOL(EcnPriceEstimator::MarkFractionFromPrice(7.2725409, 1.1),
                                  0.5,
                                  1e-8,
                                  "phi 1.1");
    }
};

/**
 * \ingroup dualcc
 * Out-of-range inputs to the conversions and to SetPhi throw std::invalid_argument naming the
 * field and its range (a mark fraction of 1 would be an infinite price, a negative price a
 * negative probability; phi is bounded by 1e6).
 */
class EcnPriceOutOfRangeTestCase : public TestCase
{
  public:
    EcnPriceOutOfRangeTestCase()
        : TestCase("out-of-range fraction, price and phi name the field and range")
    {
    }

  private:
    void DoRun() override
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();

        const struct
        {
            std::string what;             //!< the call
            std::function<void()> action; //!< the bad call
            std::string expected;         //!< text the exception must contain
        } cases[] = {
            {"fraction 1",
             [] { EcnPriceEstimator::PriceFromMarkFraction(1, 2); },
             "EcnPriceEstimator: markFraction = 1 is out of range: it must be in [0, 1)"},
            {"fraction -0.5",
             [] { EcnPriceEstimator::PriceFromMarkFraction(-0.5, 2); },
             "EcnPriceEstimator: markFraction = -0.5 is out of range: it must be in [0, 1)"},
            {"fraction NaN",
             [nan] { EcnPriceEstimator::PriceFromMarkFraction(nan, 2); },
             "is out of range: it must be in [0, 1)"},
            {"fraction with phi 1",
             [] { EcnPriceEstimator::PriceFromMarkFraction(0.5, 1); },
             "EcnPriceEstimator: phi = 1 is out of range: phi must be > 1 and <= 1e+06"},
            {"price -1",
             [] { EcnPriceEstimator::MarkFractionFromPrice(-1, 2); },
             "EcnPriceEstimator: price = -1 is out of range: it must be >= 0"},
            {"price NaN",
             [nan] { EcnPriceEstimator::MarkFractionFromPrice(nan, 2); },
             "is out of range: it must be >= 0"},
            {"price with phi 1e300",
             [] { EcnPriceEstimator::MarkFractionFromPrice(1, 1e300); },
             "EcnPriceEstimator: phi = 1e+300 is out of range: phi must be > 1 and <= 1e+06"},
            {"SetPhi 1e300",
             [] { EcnPriceEstimator(2).SetPhi(1e300); },
             "EcnPriceEstimator: phi = 1e+300 is out of range: phi must be > 1 and <= 1e+06"},
        };

        for (const auto& c : cases)
        {
            std::string message = "(no exception)";
            try
            {
                c.action();
            }
            catch (const std::invalid_argument& e)
            {
                message = e.what();
            }
            NS_TEST_EXPECT_MSG_NE(message.find(c.expected),
                                  std::string::npos,
                                  c.what << ": got \"" << message << "\"");
        }
        // The ends of the ranges are accepted: price +infinity marks everything.
        NS_TEST_EXPECT_MSG_EQ(
            EcnPriceEstimator::MarkFractionFromPrice(std::numeric_limits<double>::infinity(), 2),
            1.0,
            "an infinite price marks every packet");
        NS_TEST_EXPECT_MSG_EQ(EcnPriceEstimator::PriceFromMarkFraction(0, 1e6), 0.0, "no mark");
    }
};

/**
 * \ingroup dualcc
 * phi must be finite and > 1: 1, 0.5, 0, -2, NaN and infinity are rejected with a message
 * naming phi and the range; the estimator keeps its previous phi.
 */
class EcnPriceBadPhiTestCase : public TestCase
{
  public:
    EcnPriceBadPhiTestCase()
        : TestCase("bad phi is rejected with a clear message")
    {
    }

  private:
    /**
     * \param phi a value of phi
     * \return whether SetPhi(phi) throws std::invalid_argument saying "phi" and "> 1"
     */
    static bool Rejects(double phi)
    {
        EcnPriceEstimator estimator(2);
        try
        {
            estimator.SetPhi(phi);
        }
        catch (const std::invalid_argument& e)
        {
            std::string what = e.what();
            return what.find("phi") != std::string::npos && what.find("> 1") != std::string::npos &&
                   estimator.GetPhi() == 2;
        }
        return false;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(Rejects(1.0), true, "phi = 1");
        NS_TEST_EXPECT_MSG_EQ(Rejects(0.5), true, "phi = 0.5");
        NS_TEST_EXPECT_MSG_EQ(Rejects(0.0), true, "phi = 0");
        NS_TEST_EXPECT_MSG_EQ(Rejects(-2.0), true, "phi = -2");
        NS_TEST_EXPECT_MSG_EQ(Rejects(std::numeric_limits<double>::quiet_NaN()), true, "NaN");
        NS_TEST_EXPECT_MSG_EQ(Rejects(std::numeric_limits<double>::infinity()), true, "inf");
        NS_TEST_EXPECT_MSG_EQ(EcnPriceEstimator::CheckPhi(1.0001), "", "phi just above 1");
        bool constructorThrows = false;
        try
        {
            EcnPriceEstimator bad(1.0);
        }
        catch (const std::invalid_argument&)
        {
            constructorThrows = true;
        }
        NS_TEST_EXPECT_MSG_EQ(constructorThrows, true, "the constructor checks phi too");
        NS_TEST_EXPECT_MSG_EQ(EcnPriceEstimator().GetPhi(),
                              EcnPriceEstimator::DEFAULT_PHI,
                              "default phi");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class EcnPriceEstimatorTestSuite : public TestSuite
{
  public:
    EcnPriceEstimatorTestSuite()
        : TestSuite("dualcc-ecn-price-estimator", TestSuite::Type::UNIT)
    {
        AddTestCase(new EcnPriceHalfMarkedTestCase);
        AddTestCase(new EcnPriceMarkFractionsTestCase);
        AddTestCase(new EcnPriceAllMarkedCapTestCase);
        AddTestCase(new EcnPriceRoundsTestCase);
        AddTestCase(new EcnPriceSlidingWindowTestCase);
        AddTestCase(new EcnPricePathSumTestCase);
        AddTestCase(new EcnPriceBadPhiTestCase);
        AddTestCase(new EcnPriceOutOfRangeTestCase);
    }
};

/// The suite's only instance.
static EcnPriceEstimatorTestSuite g_ecnPriceEstimatorTestSuite;
