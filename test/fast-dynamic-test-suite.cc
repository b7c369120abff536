/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The fast-dynamic experiment (FAST paper §V-B, Fig. 8): the scenario's pieces by hand, and the
// scenario itself run end to end at a small scale with short stages, its CSV checked against
// the paper's equilibrium worked by hand.

#include "../examples/experiments/fast-dynamic-scenario.h"
#include "../examples/experiments/fast-paper-parameters.h"
#include "network-text.h"
#include "scenario-test-run.h"

#include "ns3/scenario-runner.h"
#include "ns3/simulator.h"
#include "ns3/system-path.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

/**
 * \ingroup dualcc
 * Jain's index, ns-2's automatic RED, the groups' sizes and the bad options, by hand.
 */
class FastDynamicPiecesTestCase : public TestCase
{
  public:
    FastDynamicPiecesTestCase()
        : TestCase("fast-dynamic: Jain's index, RED thresholds, groups and bad options by hand")
    {
    }

  private:
    void DoRun() override
    {
        // Jain: (sum x)^2 / (n sum x^2).
        NS_TEST_EXPECT_MSG_EQ_TOL(FastDynamicScenario::JainIndex({3, 3, 3, 3}), 1, 1e-12, "equal");
        NS_TEST_EXPECT_MSG_EQ_TOL(FastDynamicScenario::JainIndex({1, 0, 0, 0}),
                                  0.25,
                                  1e-12,
                                  "one has all: 1/n");
        NS_TEST_EXPECT_MSG_EQ_TOL(FastDynamicScenario::JainIndex({1, 2}),
                                  0.9,
                                  1e-12,
                                  "9 / (2 x 5)");
        // 250 Mb/s of 1000-byte packets: C = 31250 packets/s, D = 10 ms. MinTh = 0.005 C / 2 =
        // 78.125, MaxTh = 234.375; r = max(0.1, 3 (0.01 + 1/31250)) = 0.1 s, so
        // QW = 1 - exp(-1 / (10 x 0.1 x 31250)) = 1 - exp(-3.2e-5) = 3.19994880e-5.
        const FastPaperParameters::RedThresholds red =
            FastPaperParameters::GetRedThresholds(31250, MilliSeconds(10));
        NS_TEST_EXPECT_MSG_EQ_TOL(red.minTh, 78.125, 1e-9, "MinTh");
        NS_TEST_EXPECT_MSG_EQ_TOL(red.maxTh, 234.375, 1e-9, "MaxTh");
        NS_TEST_EXPECT_MSG_EQ_TOL(red.qW, 3.19994880e-5, 1e-13, "QW");
        // A slow link: 0.005 x 500 / 2 = 1.25 < 5 packets; r = 3 (0.5 + 0.002) = 1.506 s.
        const FastPaperParameters::RedThresholds slow =
            FastPaperParameters::GetRedThresholds(500, MilliSeconds(500));
        NS_TEST_EXPECT_MSG_EQ_TOL(slow.minTh, 5, 1e-12, "MinTh at least 5 packets");
        NS_TEST_EXPECT_MSG_EQ_TOL(slow.qW, -std::expm1(-1 / (10 * 1.506 * 500)), 1e-15, "QW");

        const std::vector<uint32_t> groups = FastDynamicScenario::GetGroupFlows(0.125);
        const std::vector<uint32_t> expected{4, 4, 8, 16, 32};
        NS_TEST_EXPECT_MSG_EQ((groups == expected), true, "0.125: 4, 4, 8, 16, 32 flows");
        ExpectError([] { FastDynamicScenario::GetGroupFlows(0.01); },
                    "--scale=0.01: group rtt40 would have no flow");
        ExpectError([] { FastDynamicScenario::GetGroupFlows(20); }, "--scale=20: too large");
        ExpectError([] { FastDynamicScenario::DescribeNetwork("vegas", 1, Seconds(40)); },
                    "--variant=vegas: unknown; valid: ecn, delay, newreno-red or all");
        ExpectError([] { FastDynamicScenario::DescribeNetwork("ecn", 1, Seconds(0)); },
                    "--stage=+0s: not > 0");
        // The network is valid, and the link is 2 Gb/s x F with a buffer of 100 packets per flow.
        const NetworkDescription d =
            FastDynamicScenario::DescribeNetwork("newreno-red", 0.125, Seconds(40));
        NS_TEST_EXPECT_MSG_EQ(d.links[0].rate.GetBitRate(), 250000000, "2 Gb/s x 0.125");
        NS_TEST_EXPECT_MSG_EQ(d.links[0].bufferPackets, 6400, "100 x 64 flows");
        NS_TEST_EXPECT_MSG_EQ(d.classes[4].start, Seconds(160), "last group at 4 stages");
    }

    /**
     * \param f a call that should throw std::invalid_argument
     * \param expected text its message must contain
     */
    template <class F>
    void ExpectError(F f, const std::string& expected)
    {
        const std::string error = InvalidArgumentMessage(f);
        NS_TEST_EXPECT_MSG_NE(error.find(expected),
                              std::string::npos,
                              "'" << error << "' should contain '" << expected << "'");
        NS_TEST_EXPECT_MSG_NE(error.find("valid"), std::string::npos, "says what is valid");
    }
};

namespace
{
using dualcctest::Cells;
using dualcctest::ReadCsv;

} // namespace

/**
 * \ingroup dualcc
 * fast-dynamic --variant=ecn end to end (ScenarioRunner, --csv) at scale 1/32 with 25 s stages:
 * 62.5 Mb/s = 7812.5 packets/s, groups of 1, 1, 2, 4 and 8 flows (40 to 200 ms), so N = 1, 2,
 * 4, 8, 16 flows in stages 1-5, each measured over its last 10 s (--settling=15s: a group of one
 * flow measured over 5 s strayed by up to 4-5 % from its share, on ns-3.37 and 3.35 alike; over
 * 10 s its fluctuations average out). By hand, with
 * gamma_v c = 0.95 x 7812.5 = 7421.875 packets/s and K = 50 packets (x q = K):
 *
 *     N    share (Mb/s)   q = N K / (gamma_v c) (ms)   1 - 1000^(-q)
 *     1    59.375          6.7368                       0.045470
 *     2    29.6875        13.4737                       0.088873
 *     4    14.84375       26.9474                       0.169847
 *     8     7.421875      53.8947                       0.310847
 *    16     3.7109375    107.7895                       0.525068
 *
 * Tolerances:
 * - rates within 5 % of the share: a flow's rate relaxes to its share at the rate beta q / d
 *   (linearising dw/dt = beta (K - w q / d) from eqs. 16 and 20), slowest for the 80 ms group in
 *   stage 2: d / (beta q) = 0.08 / (1.184 x 0.013474) = 5.0 s (beta = 0.64 x 0.37 / 0.2 s); 15 s
 *   of settling is 3 time constants, leaving e^-3 = 5 %;
 * - Jain's index at least 1 / (1 + 0.05^2) = 0.9975 (J = 1 / (1 + CV^2), every rate within 5 %);
 * - utilization within 2 % of gamma_v: REM's integrator makes the arrivals over a window T equal
 *   gamma_v c (T + p(end) - p(start)) while p > 0, and the price moves by less than 2 % of the
 *   5 s window (100 ms) once the rates are within 5 % of the shares;
 * - REM's mean marking probability within 10 % of 1 - phi^(-q): the 5 % residual above, the
 *   sources' estimator bias (p̂ = -log_phi(1 - P̂) is convex in P̂: over N = 31 ACKs the link's
 *   marking probability sits m / (2 N), 1.6 %, below what the sources' price asks), and the
 *   sources' windows spanning their RTT rather than baseRTT d (eq. 20 balances K / w against
 *   p̂ / d, so p̂ = K d / w = (K / x) d / RTT: 2-4 % lower, the measured windows being 2-4 % above
 *   x d);
 * - the real queue below 5 packets and no drops (the FAST-ECN system test);
 * - the scenario's model columns equal the hand figures (1e-6).
 */
class FastDynamicEcnTestCase : public TestCase
{
  public:
    FastDynamicEcnTestCase()
        : TestCase(
              "fast-dynamic, FAST-ECN at scale 0.03125: equal shares, price and marking per stage")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = SystemPath::MakeTemporaryDirectoryName();
        SystemPath::MakeDirectories(dir);
        const std::string csv = SystemPath::Append(dir, "fast-dynamic.csv");
        std::vector<std::string> args{"fast-dynamic",
                                      "--variant=ecn",
                                      "--scale=0.03125",
                                      "--stage=25s",
                                      "--duration=125s",
                                      "--settling=15s",
                                      "--csv=" + csv,
                                      "--plot=none"};
        std::vector<char*> argv;
        for (std::string& a : args)
        {
            argv.push_back(&a[0]);
        }
        argv.push_back(nullptr);
        std::ostringstream out;
        std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
        FastDynamicScenario scenario;
        const int status =
            ScenarioRunner::Main(static_cast<int>(args.size()), argv.data(), scenario);
        std::cout.rdbuf(oldOut);
        NS_TEST_ASSERT_MSG_EQ(status, 0, "exit status: " << out.str());
        std::map<std::string, Cells> rows = ReadCsv(csv);
        std::remove(csv.c_str());

        const double virtualCapacity = 0.95 * 62.5e6 / 8000; // packets/s
        const std::vector<std::string> groups{"rtt40", "rtt80", "rtt120", "rtt160", "rtt200"};
        for (std::size_t k = 0; k < groups.size(); ++k)
        {
            const double flows = std::pow(2, k); // 1, 2, 4, 8, 16 active flows
            std::ostringstream label;
            label << " [" << 25 * k << "-" << 25 * (k + 1) << " s]";
            const double share = virtualCapacity / flows * 8 / 1000; // Mb/s
            const double price = flows * 50 / virtualCapacity;       // s
            const double marking = 1 - std::pow(1000, -price);
            for (std::size_t g = 0; g <= k; ++g)
            {
                const Cells rate = Get(rows, "rate (Mb/s)", groups[g] + label.str());
                NS_TEST_EXPECT_MSG_EQ_TOL(rate.model, share, 1e-6 * share, "model share");
                NS_TEST_EXPECT_MSG_EQ_TOL(rate.simulation,
                                          share,
                                          0.05 * share,
                                          groups[g] << label.str());
            }
            const std::string link = "bottleneck" + label.str();
            NS_TEST_EXPECT_MSG_GT_OR_EQ(
                Get(rows, "Jain's index", "all flows" + label.str()).simulation,
                0.9975,
                "Jain's index" << label.str());
            const Cells used = Get(rows, "utilization", link);
            NS_TEST_EXPECT_MSG_EQ_TOL(used.model, 0.95, 1e-6, "model utilization: gamma_v");
            NS_TEST_EXPECT_MSG_EQ_TOL(used.simulation, 0.95, 0.02 * 0.95, "utilization " << link);
            const Cells p = Get(rows, "price (ms)", link);
            NS_TEST_EXPECT_MSG_EQ_TOL(p.model, 1000 * price, 1e-6 * 1000 * price, "model price");
            const Cells m = Get(rows, "marking probability", link);
            NS_TEST_EXPECT_MSG_EQ_TOL(m.model, marking, 1e-6 * marking, "model marking");
            NS_TEST_EXPECT_MSG_EQ_TOL(m.simulation,
                                      marking,
                                      0.1 * marking,
                                      "REM's marking probability " << link);
            NS_TEST_EXPECT_MSG_LT(Get(rows, "queue (pkts)", link).simulation, 5.0, "queue");
            NS_TEST_EXPECT_MSG_EQ(Get(rows, "drops (pkts)", link).simulation, 0, "drops");
        }
    }

    /**
     * \param rows the CSV's rows
     * \param quantity a quantity
     * \param entity an entity
     * \return the row (a failed expectation and NaNs if there is none)
     */
    Cells Get(const std::map<std::string, Cells>& rows,
              const std::string& quantity,
              const std::string& entity)
    {
        const auto it = rows.find(quantity + "|" + entity);
        NS_TEST_EXPECT_MSG_EQ((it != rows.end()), true, "a row " << quantity << ", " << entity);
        return it != rows.end() ? it->second : Cells{std::nan(""), std::nan("")};
    }
};

/**
 * \ingroup dualcc
 * The FAST paper's dynamic experiment.
 */
class FastDynamicTestSuite : public TestSuite
{
  public:
    FastDynamicTestSuite()
        : TestSuite("dualcc-fast-dynamic", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new FastDynamicPiecesTestCase);
        AddTestCase(new FastDynamicEcnTestCase);
    }
};

/// The suite's only instance.
static FastDynamicTestSuite g_fastDynamicTestSuite;
