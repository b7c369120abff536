/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// System tests of the Vegas fairness experiment (Boutremans and Le Boudec §3.2) at reduced
// scale: n = 5 TcpDualVegas connections, alpha = beta = 3, c = 1 Mb/s = 125 packets/s,
// d = 0.2 s (+ 8.5 ms of transmission times), joining every 2 s, 60 s, rates measured over
// [28, 60] s. Expected values are the paper's formulas evaluated here, not a Vegas simulation:
//
//  - Bonald's baseRTT_i = d + (alpha/c)(i-1)S_{i-1}, with alpha/c = 24 ms:
//        x_i = 0, 24, 72, 132, 200 ms (S_1 = 1, S_2 = 1.5, S_3 = 11/6, S_4 = 25/12).
//    The paper found it pessimistic (§3.2.2: measured baseRTTs are lower), and so do we: the
//    simulated baseRTTs lie between d and Bonald's value, and within 8 % of the exact arrival
//    recursion (x_{i+1} = Delta of eq. 6 for connections 1..i: 0, 24, 62.83, 110.38, 164.20 ms);
//  - the closed form rate_i = c / (n S_n - (i-1) S_{i-1}), n S_n = 137/12 = 11.4167:
//        10.95, 12.00, 14.85, 21.13, 40.54 packets/s.
//    These sum to 0.796 c (the closed form does not satisfy eq. 6 exactly), so with the link
//    full the simulated rates are above them (by 8-48 % here); the test checks that they are,
//    and that the last connection gets more than twice the first (closed form: 3.7 times);
//  - eq. 5 with Delta from eq. 6 solved for the measured over-estimations: within 10 %;
//  - with the true d (baseRtt fixed, x_i = 0, §3.1.2): Delta = n alpha / c = 120 ms (within
//    10 %) and rate_i = c / n = 25 packets/s, within one packet per RTT (12 %).

#include "../examples/experiments/vegas-fairness-scenario.h"

#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/test.h"
#include "ns3/vegas-fairness-model.h"

#include <cmath>
#include <memory>
#include <vector>

using namespace ns3;

namespace
{
/// Connections.
constexpr uint32_t N = 5;
/// Vegas alpha = beta, packets.
constexpr double ALPHA = 3;
/// Capacity, packets/s (1 Mb/s, 1000-byte packets).
constexpr double C = 125;
/// Tolerance of rates vs eq. 5 and vs c/n, relative.
constexpr double RATE_TOLERANCE = 0.10;
/// Tolerance of baseRTTs vs the eq. 6 recursion, relative.
constexpr double RECURSION_TOLERANCE = 0.08;

/// Packets per KB: 1000-byte packets.
constexpr double PACKETS_PER_KB = 1;

/// \return the parameters of the reduced experiment
VegasFairnessScenario::Parameters
Reduced(bool fixedBaseRtt)
{
    VegasFairnessScenario::Parameters p;
    p.connections = N;
    p.alpha = ALPHA;
    p.beta = ALPHA;
    p.duration = Seconds(60);
    p.settle = Seconds(20);
    p.fixedBaseRtt = fixedBaseRtt;
    return p;
}

/// \return S_i = 1 + 1/2 + ... + 1/i, evaluated here from the paper's definition
double
S(unsigned i)
{
    double s = 0;
    for (unsigned k = 1; k <= i; ++k)
    {
        s += 1.0 / k;
    }
    return s;
}

/// \param helper the testbed, after the run \param i a connection \return its rate, packets/s
double
Rate(const NetworkHelper& helper, unsigned i)
{
    return helper.GetMonitor().GetClassMeasurement(std::to_string(i)).rateKBps * PACKETS_PER_KB;
}

/// \param helper the testbed, after the run \return the model's d (with transmission times), s
double
PropagationDelay(const NetworkHelper& helper)
{
    return helper.GetModelBuilder().BuildModel().GetSources().front().propagationDelay;
}
} // namespace

/**
 * \ingroup dualcc
 * Measured baseRTTs vs Bonald's, rates vs the closed form and eq. 5-6 (§3.1.2).
 */
class VegasFairnessOverestimationTestCase : public TestCase
{
  public:
    VegasFairnessOverestimationTestCase()
        : TestCase("Five connections, alpha = beta = 3: baseRTT and rate vs Bonald and eq. 5-6")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const std::unique_ptr<NetworkHelper> helper =
            VegasFairnessScenario::Simulate(Reduced(false), false, 1);
        const double d = PropagationDelay(*helper);
        // d = 200 ms plus the transmission times of a 1000-byte packet and a 42-byte ACK on
        // the 1 Mb/s bottleneck (8 + 0.336 ms) and on the two 100 Mb/s access links
        // (2 x (0.08 + 0.00336) ms): 208.50272 ms.
        NS_TEST_ASSERT_MSG_EQ_TOL(d, 0.20850272, 1e-8, "d with transmission times");
        // The exact arrival recursion, solved by hand for the first steps (alpha/c = 24 ms):
        // x_2 = 24 ms; x_3: 1/u + 1/(u-1) = 1, u = 2.618034, x_3 = 62.833 ms.
        const double recursion[N] = {0, 0.024, 0.0628328, 0.1103822, 0.1642047};
        // The measured baseRTTs (smallest RTT samples) and over-estimations x_i.
        std::vector<double> baseRtt;
        std::vector<double> x;
        for (unsigned i = 1; i <= N; ++i)
        {
            baseRtt.push_back(
                helper->GetMonitor().GetClassMeasurement(std::to_string(i)).baseRttMs / 1000);
            x.push_back(baseRtt.back() - d);
        }
        // Eq. 5 with Delta from eq. 6 for the measured x_i.
        const double delta = VegasFairnessModel::SolveQueueingDelay(x, ALPHA, C);
        for (unsigned i = 1; i <= N; ++i)
        {
            const double bonald = d + ALPHA / C * (i - 1) * S(i - 1);
            const double b = baseRtt[i - 1];
            NS_TEST_EXPECT_MSG_GT_OR_EQ(b, d - 1e-6, "baseRTT >= d, connection " << i);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(b, bonald * 1.005, "baseRTT <= Bonald's, connection " << i);
            NS_TEST_EXPECT_MSG_EQ_TOL(b,
                                      d + recursion[i - 1],
                                      RECURSION_TOLERANCE * (d + recursion[i - 1]),
                                      "baseRTT vs the eq. 6 recursion, connection " << i);
            const double closedForm = C / (N * S(N) - (i - 1) * S(i - 1));
            const double rate = Rate(*helper, i);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(rate, closedForm, "rate >= closed form, connection " << i);
            const double eq5 = VegasFairnessModel::Rate(ALPHA, delta, x[i - 1]);
            NS_TEST_EXPECT_MSG_EQ_TOL(rate,
                                      eq5,
                                      RATE_TOLERANCE * eq5,
                                      "rate vs eq. 5, connection " << i);
        }
        NS_TEST_EXPECT_MSG_GT(Rate(*helper, N),
                              2 * Rate(*helper, 1),
                              "the last connection gets more than twice the first");
        NS_TEST_EXPECT_MSG_GT(helper->GetMonitor().GetLinkMeasurement("bottleneck").utilization,
                              0.97,
                              "the bottleneck is full");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * With the true d (no over-estimation) Vegas with alpha = beta is fair (§3.1.2).
 */
class VegasFairnessExactBaseRttTestCase : public TestCase
{
  public:
    VegasFairnessExactBaseRttTestCase()
        : TestCase("Five connections, alpha = beta = 3, true baseRTT: rate c over n")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const std::unique_ptr<NetworkHelper> helper =
            VegasFairnessScenario::Simulate(Reduced(true), false, 1);
        // x_i = 0: Delta = n alpha / c = 5 * 3 / 125 = 0.12 s, rate_i = c / n = 25 packets/s.
        // Windows move by whole packets (cwnd_i = alpha (d + Delta) / Delta = 8.2 packets,
        // eq. 4), so a connection may hold one packet more than its share: the tolerance is one
        // packet per RTT, 1 / (d + Delta) = 3.04 packets/s (12 %).
        const double onePacketPerRtt = 1 / (PropagationDelay(*helper) + N * ALPHA / C);
        for (unsigned i = 1; i <= N; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(Rate(*helper, i),
                                      C / N,
                                      onePacketPerRtt,
                                      "rate of connection " << i);
        }
        // The measured queueing delay: the time-average backlog over c.
        const double queueingDelay =
            helper->GetMonitor().GetLinkMeasurement("bottleneck").backlogPackets / C;
        NS_TEST_EXPECT_MSG_EQ_TOL(queueingDelay,
                                  N * ALPHA / C,
                                  RATE_TOLERANCE * N * ALPHA / C,
                                  "queueing delay");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * alpha < beta with the true d (§4.2.1, Fig. 7): alpha = 1, beta = 3, ns-2's slow start
 * (SlowStartEveryOtherRound). Every rate within eq. 11's bounds alpha / Delta and beta / Delta
 * (x_i = 0; Delta the measured queueing delay), the rates non-increasing in arrival order (early
 * connections favoured) and the first's at least two window steps, 2 / (d + Delta) packets/s,
 * above the last's. (With slow start every round each newcomer's first windows push every
 * connection above beta at once and the windows equalise: last/first 0.875, one step.)
 */
class VegasFairnessAlphaBelowBetaTestCase : public TestCase
{
  public:
    VegasFairnessAlphaBelowBetaTestCase()
        : TestCase("Five connections, alpha 1 < beta 3, true baseRTT, ns-2's slow start: early "
                   "connections favoured")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        VegasFairnessScenario::Parameters p = Reduced(true);
        p.alpha = 1;
        p.beta = 3;
        p.ns2SlowStart = true;
        const std::unique_ptr<NetworkHelper> helper = VegasFairnessScenario::Simulate(p, false, 1);
        const double delta =
            helper->GetMonitor().GetLinkMeasurement("bottleneck").backlogPackets / C;
        const double windowStep = 1 / (PropagationDelay(*helper) + delta);
        for (unsigned i = 1; i <= N; ++i)
        {
            // eq. 11 with x_i = 0, with a window step of slack either way
            NS_TEST_EXPECT_MSG_GT_OR_EQ(Rate(*helper, i),
                                        p.alpha / delta - windowStep,
                                        "connection " << i << " below eq. 11");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(Rate(*helper, i),
                                        p.beta / delta + windowStep,
                                        "connection " << i << " above eq. 11");
            if (i > 1)
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(Rate(*helper, i),
                                            Rate(*helper, i - 1) + 0.1 * windowStep,
                                            "connection " << i << " above its predecessor");
            }
        }
        NS_TEST_EXPECT_MSG_GT(Rate(*helper, 1) - Rate(*helper, N),
                              2 * windowStep,
                              "the first connection favoured by at least two window steps");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The test suite.
 */
class VegasFairnessTestSuite : public TestSuite
{
  public:
    VegasFairnessTestSuite()
        : TestSuite("dualcc-vegas-fairness", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new VegasFairnessOverestimationTestCase);
        AddTestCase(new VegasFairnessExactBaseRttTestCase);
        AddTestCase(new VegasFairnessAlphaBelowBetaTestCase);
    }
};

/// The suite's instance.
static VegasFairnessTestSuite g_vegasFairnessTestSuite;
