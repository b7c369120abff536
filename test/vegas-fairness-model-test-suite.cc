/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of VegasFairnessModel (Boutremans and Le Boudec §3.1) against values solved by
// hand.

#include "check-config-abort-test-case.h"

#include "ns3/test.h"
#include "ns3/vegas-fairness-model.h"

#include <cmath>

using namespace ns3;

namespace
{
/// Relative tolerance of closed-form checks.
constexpr double TOLERANCE = 1e-9;
} // namespace

/**
 * \ingroup dualcc
 * Harmonic numbers, Bonald's over-estimation and the closed-form rates (§3.1.2).
 */
class VegasFairnessClosedFormTestCase : public TestCase
{
  public:
    VegasFairnessClosedFormTestCase()
        : TestCase("Closed forms: S_i, Bonald's x_i, c over (n S_n - (i-1) S_(i-1))")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(VegasFairnessModel::HarmonicNumber(0), 0, "S_0 = 0");
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::HarmonicNumber(4),
                                  25.0 / 12,
                                  TOLERANCE,
                                  "S_4 = 1 + 1/2 + 1/3 + 1/4 = 25/12");
        // alpha = 1 packet, c = 125 packets/s: x_5 = (1/125) * 4 * 25/12 = 1/15 s.
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::BonaldOverestimation(5, 1, 125),
                                  1.0 / 15,
                                  TOLERANCE,
                                  "Bonald's x_5");
        NS_TEST_EXPECT_MSG_EQ(VegasFairnessModel::BonaldOverestimation(1, 1, 125), 0, "x_1 = 0");
        // n = 2, c = 125: n S_n = 3, so rate_1 = 125/3 and rate_2 = 125/(3 - 1) = 62.5.
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::ClosedFormRate(1, 2, 125),
                                  125.0 / 3,
                                  TOLERANCE,
                                  "rate_1 of 2");
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::ClosedFormRate(2, 2, 125),
                                  62.5,
                                  TOLERANCE,
                                  "rate_2 of 2");
        // Delta = (alpha/c) n S_n = (2/100) * 2 * 1.5 = 0.06 s.
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::ClosedFormQueueingDelay(2, 2, 100),
                                  0.06,
                                  TOLERANCE,
                                  "closed-form Delta");
        // Eq. 5: 2 / (0.05 - 0.01) = 50.
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::Rate(2, 0.05, 0.01), 50, TOLERANCE, "eq. 5");
    }
};

/**
 * \ingroup dualcc
 * Eq. 6 solved for two connections, where it is a quadratic.
 */
class VegasFairnessEq6TestCase : public TestCase
{
  public:
    VegasFairnessEq6TestCase()
        : TestCase("Eq. 6 root for two connections vs the quadratic solved by hand")
    {
    }

  private:
    void DoRun() override
    {
        // alpha = 2, c = 100, x = (0.01, 0.03): with y = Delta - 0.01,
        // 2/y + 2/(y - 0.02) = 100  <=>  100 y^2 - 6 y + 0.04 = 0
        // y = (6 + sqrt(36 - 16)) / 200 = 0.0523606798 (the other root is < 0.02)
        // Delta = 0.0623606798 s.
        const double delta = VegasFairnessModel::SolveQueueingDelay({0.01, 0.03}, 2, 100);
        NS_TEST_EXPECT_MSG_EQ_TOL(delta, 0.0623606798, 1e-9, "Delta of eq. 6");
        // The rates of eq. 5 then fill the link: 2/0.05236 + 2/0.03236 = 38.20 + 61.80 = 100.
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::Rate(2, delta, 0.01),
                                  38.1966011,
                                  1e-6,
                                  "rate of connection 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::Rate(2, delta, 0.03),
                                  61.8033989,
                                  1e-6,
                                  "rate of connection 2");
        // No over-estimation (§3.1.2): Delta = n alpha / c = 3 * 1 / 125 = 0.024 s.
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::SolveQueueingDelay({0, 0, 0}, 1, 125),
                                  0.024,
                                  1e-12,
                                  "Delta with x = 0");
        // Negative over-estimations (jitter can make baseRTT < d) are allowed: shifting every
        // x_i shifts Delta. x = (-0.02, 0), alpha = 2, c = 100: Delta = 0.0623606798 - 0.03.
        NS_TEST_EXPECT_MSG_EQ_TOL(VegasFairnessModel::SolveQueueingDelay({-0.02, 0}, 2, 100),
                                  0.0323606798,
                                  1e-9,
                                  "Delta with a negative x_i");
    }
};

/**
 * \ingroup dualcc
 * The exact arrival recursion: x_{i+1} = Delta of eq. 6 for connections 1..i.
 */
class VegasFairnessSequentialTestCase : public TestCase
{
  public:
    VegasFairnessSequentialTestCase()
        : TestCase("Sequential over-estimations vs hand-solved eq. 6")
    {
    }

  private:
    void DoRun() override
    {
        // alpha = 1, c = 125 (8 ms a packet). x_1 = 0; alone, Delta = alpha/c = 8 ms = x_2
        // (Bonald's x_2 too). Two connections: with u = c Delta / alpha, 1/u + 1/(u - 1) = 1,
        // u^2 - 3u + 1 = 0, u = (3 + sqrt 5)/2 = 2.6180340, x_3 = 20.944272 ms (Bonald: 24 ms).
        const std::vector<double> x = VegasFairnessModel::SequentialOverestimations(3, 1, 125);
        NS_TEST_ASSERT_MSG_EQ(x.size(), 3, "three connections");
        NS_TEST_EXPECT_MSG_EQ(x[0], 0, "x_1");
        NS_TEST_EXPECT_MSG_EQ_TOL(x[1], 0.008, 1e-12, "x_2");
        NS_TEST_EXPECT_MSG_EQ_TOL(x[2], 0.020944272, 1e-9, "x_3");
    }
};

/**
 * \ingroup dualcc
 * The test suite.
 */
class VegasFairnessModelTestSuite : public TestSuite
{
  public:
    VegasFairnessModelTestSuite()
        : TestSuite("dualcc-vegas-fairness-model", TestSuite::Type::UNIT)
    {
        AddTestCase(new VegasFairnessClosedFormTestCase);
        AddTestCase(new VegasFairnessEq6TestCase);
        AddTestCase(new VegasFairnessSequentialTestCase);
#ifdef DUALCC_HAVE_FORK
        // Out-of-range input aborts naming the function, the field and its range (alpha / c
        // would overflow to infinity; a huge n would take hours).
        AddTestCase(new AbortTestCase(
            "alpha 1e300 aborts",
            [] { VegasFairnessModel::ClosedFormQueueingDelay(3, 1e300, 1e-300); },
            "VegasFairnessModel::ClosedFormQueueingDelay: alpha = 1e+300 packets; it must be in "
            "[1e-06, 1e+09] packets"));
        AddTestCase(new AbortTestCase(
            "capacity 1e-300 aborts",
            [] {
                VegasFairnessModel::SolveQueueingDelay({0.0, 0.001}, 2, 1e-300);
            },
            "VegasFairnessModel::SolveQueueingDelay: capacity = 1e-300 packets/s; it must be in "
            "[0.001, 1e+12] packets/s"));
        AddTestCase(new AbortTestCase(
            "4e9 connections abort",
            [] { VegasFairnessModel::SequentialOverestimations(4000000000U, 2, 1250); },
            "VegasFairnessModel::SequentialOverestimations: n = 4000000000; it must be in [1, "
            "10000]"));
#endif
    }
};

/// The suite's instance.
static VegasFairnessModelTestSuite g_vegasFairnessModelTestSuite;
