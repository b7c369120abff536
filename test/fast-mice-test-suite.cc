/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The fast-mice experiment (FAST paper §V-C, Fig. 10): the Pareto closed forms against hand
// numbers, the sizes the testbed draws against the closed form, the paretoBound= field, the
// scenario's network and bad options, and the scenario end to end at a reduced scale.

#include "../examples/experiments/fast-mice-scenario.h"
#include "../examples/experiments/fast-ramp-model.h"
#include "network-text.h"
#include "scenario-test-run.h"

#include "ns3/bounded-pareto.h"
#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/scenario-runner.h"
#include "ns3/short-flow-application.h"
#include "ns3/system-path.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{
using dualcctest::Cells;
using dualcctest::ReadCsv;

/// What ScenarioRunner::Main() returned and printed.
using RunResult = dualcctest::Outcome;

/**
 * Run fast-mice through ScenarioRunner::Main() (its output captured).
 * \param options the options, after the program's name
 * \return the status and the output
 */
RunResult
RunFastMice(const std::vector<std::string>& options)
{
    FastMiceScenario scenario;
    return dualcctest::RunScenario(scenario, "fast-mice", options);
}
} // namespace

/**
 * \ingroup dualcc
 * BoundedPareto's closed forms against numbers worked by hand:
 * - the paper's law (a = 1, x_m = 100, B = 10^6): P(X < 1000) = (1 - 100/1000) / (1 - 100/10^6)
 *   = 0.9 / 0.9999 = 0.90009001; the packets under 1000: ln(10) / ln(10^4) = 1/4; mean
 *   100 ln(10^4) / 0.9999 = 921.03404 / 0.9999 = 921.12615;
 * - the unbounded family of the paper's two conditions with a = 1.1: (x_m / 1000)^0.1 = 0.75,
 *   x_m = 1000 x 0.75^10 = 56.313515; P(X < 1000) = 1 - 0.75^11 = 0.95776; mass 1 - 0.75 = 0.25;
 *   mean 1.1 x_m / 0.1 = 619.44866;
 * - a = 2, x_m = 1, B = 10: P(X < 5) = (1 - 1/25) / (1 - 1/100) = 0.96 / 0.99; the mass below 5:
 *   (1 - 1/5) / (1 - 1/10) = 8/9; mean 2 (1 - 1/10) / 0.99 = 1.8 / 0.99;
 * - ScaleForMean() inverts the mean.
 */
class BoundedParetoTestCase : public TestCase
{
  public:
    BoundedParetoTestCase()
        : TestCase("fast-mice: bounded Pareto closed forms by hand")
    {
    }

  private:
    void DoRun() override
    {
        const BoundedPareto paper(100, 1, 1e6);
        NS_TEST_EXPECT_MSG_EQ_TOL(paper.GetCdf(1000), 0.9 / 0.9999, 1e-12, "P(X < 1000)");
        NS_TEST_EXPECT_MSG_EQ_TOL(paper.GetMassFractionBelow(1000), 0.25, 1e-12, "1/4 packets");
        NS_TEST_EXPECT_MSG_EQ_TOL(paper.GetMean(), 921.12615, 1e-4, "mean");
        NS_TEST_EXPECT_MSG_EQ_TOL(paper.GetCdf(100), 0, 1e-15, "nothing below x_m");
        NS_TEST_EXPECT_MSG_EQ_TOL(paper.GetCdf(1e6), 1, 1e-15, "everything below B");
        NS_TEST_EXPECT_MSG_EQ_TOL(paper.GetMassFractionBelow(1e5), 0.75, 1e-12, "3 decades of 4");

        const BoundedPareto unbounded(56.313515, 1.1, 0);
        NS_TEST_EXPECT_MSG_EQ_TOL(unbounded.GetCdf(1000), 0.95776, 1e-5, "1 - 0.75^11");
        NS_TEST_EXPECT_MSG_EQ_TOL(unbounded.GetMassFractionBelow(1000), 0.25, 1e-7, "1 - 0.75");
        NS_TEST_EXPECT_MSG_EQ_TOL(unbounded.GetMean(), 619.44866, 1e-4, "a x_m / (a - 1)");

        const BoundedPareto small(1, 2, 10);
        NS_TEST_EXPECT_MSG_EQ_TOL(small.GetCdf(5), 0.96 / 0.99, 1e-12, "CDF");
        NS_TEST_EXPECT_MSG_EQ_TOL(small.GetMassFractionBelow(5), 8.0 / 9, 1e-12, "mass");
        NS_TEST_EXPECT_MSG_EQ_TOL(small.GetMean(), 1.8 / 0.99, 1e-12, "mean");

        NS_TEST_EXPECT_MSG_EQ_TOL(BoundedPareto::ScaleForMean(921.12615, 1, 1e6),
                                  100,
                                  1e-4,
                                  "x_m of the paper's mean");
        NS_TEST_EXPECT_MSG_EQ_TOL(BoundedPareto::ScaleForMean(1.8 / 0.99, 2, 10),
                                  1,
                                  1e-9,
                                  "x_m = 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(BoundedPareto::ScaleForMean(619.44866, 1.1, 0),
                                  56.313515,
                                  1e-5,
                                  "unbounded: mean (a - 1) / a");

        // The scenario's law meets the paper's two conditions.
        const BoundedPareto law = FastMiceScenario::GetSizeLaw();
        NS_TEST_EXPECT_MSG_GT(law.GetCdf(1000), 0.9, "more than 90 % of the flows under 1000");
        NS_TEST_EXPECT_MSG_EQ_TOL(law.GetMassFractionBelow(1000), 0.25, 1e-12, "25 % of packets");
    }
};

/**
 * \ingroup dualcc
 * The sizes the testbed draws: the scenario's network at scale 0.05 (26 sources) built, the
 * first source's FlowSizeVariable read back (ns3::ParetoRandomVariable: shape 1, bound 10^6, the
 * scale NetworkHelper chose for the mean, 100 by hand) and 400 000 sizes drawn from it. With
 * n = 400 000 draws: the fraction under 1000 has standard deviation sqrt(0.9 x 0.1 / n) =
 * 0.00047 (tolerance 0.003); the packets' fraction under 1000 is a ratio of sums whose larger,
 * the total, has relative standard deviation sqrt(E[X^2] / n) / E[X] with E[X^2] = x_m (B - x_m)
 * / (1 - x_m / B) = 10^8: 10^4 / 632 / 921 = 1.7 % (tolerance 0.02 on 0.25, 4.7 sigma); the mean
 * 921.1 +- 15.8 (tolerance 70).
 */
class ParetoSizesTestCase : public TestCase
{
  public:
    ParetoSizesTestCase()
        : TestCase("fast-mice: sizes drawn by the configured variable against the closed form")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(FastMiceScenario::DescribeNetwork(0.05, 1));
        helper.GetBuilder().AssignStreams(7);
        helper.GetMonitor().SetMeasurementWindow(Seconds(0), Seconds(1));
        helper.Install();
        const std::vector<Ptr<ShortFlowApplication>> apps =
            helper.GetNetwork().GetShortFlowSources("rtt40");
        NS_TEST_ASSERT_MSG_EQ(apps.empty(), false, "a source");
        PointerValue pointer;
        apps.front()->GetAttribute("FlowSizeVariable", pointer);
        Ptr<ParetoRandomVariable> size = pointer.Get<ParetoRandomVariable>();
        NS_TEST_ASSERT_MSG_NE(size, nullptr, "a Pareto variable");
        NS_TEST_EXPECT_MSG_EQ_TOL(size->GetScale(), 100, 1e-6, "scale x_m");
        NS_TEST_EXPECT_MSG_EQ_TOL(size->GetShape(), 1, 1e-12, "shape a");
        NS_TEST_EXPECT_MSG_EQ_TOL(size->GetBound(), 1e6, 1e-6, "bound B");

        const int n = 400000;
        double total = 0;
        double below = 0;
        double mice = 0;
        double largest = 0;
        for (int i = 0; i < n; ++i)
        {
            const double x = size->GetValue();
            total += x;
            largest = std::max(largest, x);
            if (x < 1000)
            {
                ++mice;
                below += x;
            }
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(mice / n, 0.9 / 0.9999, 0.003, "fraction of flows < 1000");
        NS_TEST_EXPECT_MSG_EQ_TOL(below / total, 0.25, 0.02, "fraction of packets in them");
        NS_TEST_EXPECT_MSG_EQ_TOL(total / n, 921.126, 70, "mean size");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(largest, 1e6, "bounded");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The paretoBound= field (read, written back, refused out of range), the scenario's network at
 * scale 0.1 by hand (1 Gb/s x 0.1 = 100 Mb/s = 12 500 packets/s; groups round(3.2) = 3, 3,
 * round(6.4) = 6, round(12.8) = 13, round(25.6) = 26: 51 sources, buffer 100 x 51 = 5100; flows
 * 12 500 / 921.126 = 13.5704 per second in all at load 1, 13.5704 x 26 / 51 = 6.9182 for the
 * 200 ms group), and the bad options, each named with its valid range.
 */
class FastMiceOptionsTestCase : public TestCase
{
  public:
    FastMiceOptionsTestCase()
        : TestCase("fast-mice: paretoBound field, the network by hand, bad options")
    {
    }

  private:
    void DoRun() override
    {
        const std::string link = "link A R1 R2 rate=10Mbps delay=5ms\n";
        const std::string mice = "class m flows=2 route=A rtt=40ms traffic=short arrivalRate=5 ";
        const NetworkDescription d = Describe(
            link + mice + "size=921 sizeDistribution=pareto paretoShape=1 paretoBound=1e6");
        NS_TEST_EXPECT_MSG_EQ(d.classes[0].paretoBound, 1e6, "read");
        std::ostringstream written;
        d.Write(written);
        NS_TEST_EXPECT_MSG_EQ(Describe(written.str()).classes[0].paretoBound, 1e6, "written back");
        ExpectError(ParseError(link + mice + "sizeDistribution=pareto paretoShape=1"),
                    "paretoShape=1 is out of range");
        ExpectError(
            ParseError(link + mice + "size=10 sizeDistribution=exponential paretoBound=100"),
            "paretoBound = 100 packets is for sizeDistribution=pareto");
        ExpectError(ParseError(link + mice + "size=10 sizeDistribution=pareto paretoBound=10"),
                    "paretoBound = 10 packets (the truncated law's mean, size = 10");
        ExpectError(ParseError("link A R1 R2 rate=10Mbps delay=5ms\nclass p flows=1 route=A "
                               "rtt=40ms paretoBound=10\n"),
                    "paretoBound= is for short flows");

        const NetworkDescription n = FastMiceScenario::DescribeNetwork(0.1, 1);
        NS_TEST_EXPECT_MSG_EQ(n.links[0].rate.GetBitRate(), 100000000, "1 Gb/s x 0.1");
        NS_TEST_EXPECT_MSG_EQ(n.links[0].bufferPackets, 5100, "100 x 51 sources");
        NS_TEST_EXPECT_MSG_EQ(n.links[0].queueDisc, "ns3::RemQueueDisc", "REM");
        NS_TEST_EXPECT_MSG_EQ(n.GetTotalFlows(), 51, "51 sources");
        double arrivals = 0;
        for (const NetworkDescription::ClassSpec& c : n.classes)
        {
            arrivals += c.arrivalRate;
            NS_TEST_EXPECT_MSG_EQ(c.tcp, "ns3::TcpFastEcn", "FAST-ECN");
            NS_TEST_EXPECT_MSG_EQ(c.paretoBound, 1e6, "bound");
            NS_TEST_EXPECT_MSG_EQ_TOL(c.meanSize, 921.126, 1e-3, "mean size");
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(arrivals, 13.5704, 1e-4, "flows/s in all");
        NS_TEST_EXPECT_MSG_EQ_TOL(n.classes[4].arrivalRate, 6.9182, 1e-4, "the 200 ms group");
        NS_TEST_EXPECT_MSG_EQ(n.classes[4].rtt, MilliSeconds(200), "200 ms");

        ExpectError(InvalidArgumentMessage([] { FastMiceScenario::DescribeNetwork(0.1, 3); }),
                    "--load=3: out of range; valid: (0, 2]");
        ExpectError(InvalidArgumentMessage([] { FastMiceScenario::DescribeNetwork(0.1, 0); }),
                    "--load=0: out of range");
        ExpectError(InvalidArgumentMessage([] { FastMiceScenario::DescribeNetwork(0.01, 1); }),
                    "--scale=0.01: group rtt40 would have no flow");
        for (const auto& [options, expected] : std::vector<std::pair<std::string, std::string>>{
                 {"--warmup=10s", "--warmup=+10s: not within the run; valid: [0, duration)"},
                 {"--duration=0s", "--duration=+0s: out of range; valid: (0, 1e6] s"},
                 {"--load=2.5", "--load=2.5: out of range; valid: (0, 2]"},
                 {"--scale=20", "--scale=20: too large"}})
        {
            const RunResult r = RunFastMice({"--duration=10s", "--warmup=2s", options});
            NS_TEST_EXPECT_MSG_EQ(r.status, 1, options << " refused");
            ExpectError(r.err, expected);
        }
    }

    /**
     * \param error an error message
     * \param expected text it must contain
     */
    void ExpectError(const std::string& error, const std::string& expected)
    {
        NS_TEST_EXPECT_MSG_NE(error.find(expected),
                              std::string::npos,
                              "'" << error << "' should contain '" << expected << "'");
        NS_TEST_EXPECT_MSG_NE(error.find("valid"), std::string::npos, "says what is valid");
    }
};

/**
 * \ingroup dualcc
 * Same seed, same output: two runs at scale 0.02 (11 sources, 20 Mb/s, 8 s) write the same CSV.
 */
class FastMiceDeterminismTestCase : public TestCase
{
  public:
    FastMiceDeterminismTestCase()
        : TestCase("fast-mice: the same run twice writes the same table")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = SystemPath::MakeTemporaryDirectoryName();
        SystemPath::MakeDirectories(dir);
        std::vector<std::string> tables;
        for (int run = 0; run < 2; ++run)
        {
            const std::string csv = SystemPath::Append(dir, "run" + std::to_string(run) + ".csv");
            const RunResult r = RunFastMice(
                {"--scale=0.02", "--duration=8s", "--warmup=2s", "--csv=" + csv, "--plot=none"});
            NS_TEST_ASSERT_MSG_EQ(r.status, 0, "exit status: " << r.err);
            std::ifstream in(csv);
            std::ostringstream text;
            text << in.rdbuf();
            tables.push_back(text.str());
            std::remove(csv.c_str());
        }
        NS_TEST_EXPECT_MSG_EQ(tables[0].empty(), false, "a table");
        NS_TEST_EXPECT_MSG_EQ(tables[0], tables[1], "the same table");
    }
};

/**
 * \ingroup dualcc
 * fast-mice end to end (ScenarioRunner, --csv) at scale 0.05: 26 sources (2, 2, 3, 6, 13 of 40
 * to 200 ms), 50 Mb/s = 6250 packets/s, buffer 100 x 26 = 2600 packets, measured over [10, 50] s,
 * at --load=2, so that the work offered exceeds what the link may carry (gamma_v c) even over a
 * short run of a heavy-tailed law: the link's utilization is then FAST's and REM's, not the
 * arrivals'. By hand: arrivals 2 x 6250 / 921.126 = 13.5704 flows/s; the model's utilization is
 * gamma_v = 0.95, its queue 0, P(X < 1000) = 90.009 %, the elephants' share of the packets 75 %,
 * Jain's index 1. Tolerances:
 * - utilization within 10 % below gamma_v and at most 2 % above: REM's integrator holds the
 *   arrivals at gamma_v c while the price is positive; below it, the sources back off by up to
 *   20 % a round trip at each price spike (the caps) and climb back by only beta K = 59
 *   packets/s each (no slow start);
 * - the queue: mean below 2 % of the buffer (52 packets), every 10 ms sample below the buffer,
 *   and the packets dropped under 1 % of those arriving (REM drops the packets without
 *   payload, SYNs, which are not ECN-capable, when it would mark them);
 * - the arrivals within 15 % of 13.57 flows/s (543 expected in 40 s: 4 % standard deviation);
 *   the flows under 1000 packets within 6 points of 90.0 % (standard deviation 1.3 points);
 * - Jain's index among the concurrent elephants at least 0.85 (they converge with a time
 *   constant d / (beta q) of seconds while others come and go).
 */
class FastMiceSystemTestCase : public TestCase
{
  public:
    FastMiceSystemTestCase()
        : TestCase("fast-mice at scale 0.05, load 2: utilization near gamma_v, small queue")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = SystemPath::MakeTemporaryDirectoryName();
        SystemPath::MakeDirectories(dir);
        const std::string csv = SystemPath::Append(dir, "fast-mice.csv");
        const RunResult r = RunFastMice({"--scale=0.05",
                                         "--load=2",
                                         "--duration=50s",
                                         "--warmup=10s",
                                         "--csv=" + csv,
                                         "--plot=none"});
        NS_TEST_ASSERT_MSG_EQ(r.status, 0, "exit status: " << r.err);
        const std::map<std::string, Cells> rows = ReadCsv(csv);
        std::remove(csv.c_str());

        const Cells used = Get(rows, "utilization", "bottleneck");
        NS_TEST_EXPECT_MSG_EQ_TOL(used.model, 0.95, 1e-9, "model: gamma_v");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(used.simulation, 0.95 * 1.02, "at most gamma_v");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(used.simulation, 0.95 * 0.9, "near gamma_v");
        const Cells ideal = Get(rows, "utilization", "work-conserving link at gamma_v c");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(ideal.model, 0.95 + 1e-9, "the bound is at most gamma_v");
        NS_TEST_EXPECT_MSG_EQ_TOL(ideal.simulation, used.simulation, 1e-12, "the same measure");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(used.simulation, ideal.model * 1.02, "within the bound");
        const double buffer = 100 * 26;
        NS_TEST_EXPECT_MSG_LT(Get(rows, "queue (pkts)", "bottleneck").simulation,
                              0.02 * buffer,
                              "mean queue");
        NS_TEST_EXPECT_MSG_LT(Get(rows, "queue peak (pkts)", "bottleneck").simulation,
                              buffer,
                              "no overflow");
        const double arrivals = 13.5704;
        const Cells rate = Get(rows, "arrival rate (flows/s)", "flows arrived");
        NS_TEST_EXPECT_MSG_EQ_TOL(rate.model, arrivals, 1e-4, "model arrivals");
        NS_TEST_EXPECT_MSG_EQ_TOL(rate.simulation, arrivals, 0.15 * arrivals, "arrivals");
        const Cells mice = Get(rows, "flows under 1000 pkts (%)", "flows arrived");
        NS_TEST_EXPECT_MSG_EQ_TOL(mice.model, 90.009, 1e-3, "model: 0.9 / 0.9999");
        NS_TEST_EXPECT_MSG_EQ_TOL(mice.simulation, 90.009, 6, "flows under 1000 packets");
        NS_TEST_EXPECT_MSG_EQ_TOL(Get(rows, "elephant share of packets (%)", "flows arrived").model,
                                  75,
                                  1e-9,
                                  "model: 3 decades of 4");
        const Cells jain = Get(rows, "Jain's index", "concurrent elephants");
        NS_TEST_EXPECT_MSG_EQ(jain.model, 1, "model: equal rates");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(jain.simulation, 0.85, "the elephants share fairly");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(
            Get(rows, "elephants compared (flows)", "concurrent elephants").simulation,
            2.0,
            "elephants to compare");
        const double marked = Get(rows, "marked fraction", "bottleneck").simulation;
        NS_TEST_EXPECT_MSG_GT(marked, 0, "REM marks");
        const double drops = Get(rows, "drops (pkts)", "bottleneck").simulation;
        // Packets arriving: about the utilization's, 6250 x 0.9 x 40 s.
        NS_TEST_EXPECT_MSG_LT(drops, 0.01 * 6250 * used.simulation * 40, "drops under 1 %");
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
 * The work-conserving bound by hand: capacity 100 packets/s, flows of 50 packets at 0 s and 300
 * at 2 s, window [1, 4] s. At rate 100 the server is busy over [0, 0.5] and [2, 5]: 2 s of the
 * window, 200 packets, 200 / 300 = 2/3. At rate 50 (gamma 0.5): [0, 1] and [2, 8]: 100 packets,
 * 1/3. A flow arriving after the window adds nothing; one arriving while the server is busy
 * queues behind it: 50 packets at 0.2 s at rate 100 keep it busy over [0, 1], and [2, 5]: 200
 * packets again.
 */
class WorkConservingBoundTestCase : public TestCase
{
  public:
    WorkConservingBoundTestCase()
        : TestCase("fast-mice: the work-conserving link's utilization by hand")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<double> t{0, 2};
        const std::vector<double> p{50, 300};
        NS_TEST_EXPECT_MSG_EQ_TOL(
            FastMiceScenario::GetWorkConservingUtilization(t, p, 100, 100, 1, 4),
            2.0 / 3,
            1e-12,
            "rate 100");
        NS_TEST_EXPECT_MSG_EQ_TOL(
            FastMiceScenario::GetWorkConservingUtilization(t, p, 100, 50, 1, 4),
            1.0 / 3,
            1e-12,
            "rate 50");
        NS_TEST_EXPECT_MSG_EQ_TOL(FastMiceScenario::GetWorkConservingUtilization({0, 2, 5},
                                                                                 {50, 300, 1000},
                                                                                 100,
                                                                                 100,
                                                                                 1,
                                                                                 4),
                                  2.0 / 3,
                                  1e-12,
                                  "a flow after the window");
        NS_TEST_EXPECT_MSG_EQ_TOL(FastMiceScenario::GetWorkConservingUtilization({0, 0.2, 2},
                                                                                 {50, 50, 300},
                                                                                 100,
                                                                                 100,
                                                                                 1,
                                                                                 4),
                                  2.0 / 3,
                                  1e-12,
                                  "a flow queued behind another: busy [0, 1] and [2, 5]");
        NS_TEST_EXPECT_MSG_EQ_TOL(FastMiceScenario::GetWorkConservingUtilization({0, 0.2, 2},
                                                                                 {50, 100, 300},
                                                                                 100,
                                                                                 100,
                                                                                 0.5,
                                                                                 4),
                                  (1.0 + 2.0) * 100 / (100 * 3.5),
                                  1e-12,
                                  "busy [0, 1.5] and [2, 5] over [0.5, 4]: 1 s + 2 s");
    }
};

/**
 * \ingroup dualcc
 * FastRampModel against hand figures: the shares, the zero-price window (handshake, eqs. 20 and
 * 16 at p = 0, the MaxIncrement cap) and the ramp-limited link.
 */
class FastRampModelTestCase : public TestCase
{
  public:
    FastRampModelTestCase()
        : TestCase("fast-mice: the ramp-limited link by hand")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<double> shares = FastRampModel::WaterFill({10, 1, 5}, 9);
        NS_TEST_EXPECT_MSG_EQ_TOL(shares[1], 1, 1e-12, "capped at 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(shares[0], 4, 1e-12, "(9 - 1) / 2");
        NS_TEST_EXPECT_MSG_EQ_TOL(shares[2], 4, 1e-12, "(9 - 1) / 2");
        NS_TEST_EXPECT_MSG_EQ_TOL(FastRampModel::WaterFill({10, 1, 5}, 20)[0], 10, 1e-12, "caps");

        // beta K T_s / W_m = 1 x 10 x 0.1 / 2: the first step gives 2 e^0.5 (at 2d + T_s).
        FastRampModel::Params p;
        p.beta = 1;
        p.k = 10;
        p.baseWindow = 2;
        p.maxIncrement = 1e6;
        p.integrationInterval = 0.1;
        p.initialWindow = 2;
        const FastRampModel fast(p);
        NS_TEST_EXPECT_MSG_EQ(fast.GetWindow(0.0995, 0.1), 0, "the handshake");
        NS_TEST_EXPECT_MSG_EQ_TOL(fast.GetWindow(0.2995, 0.1), 2, 1e-12, "before the first step");
        NS_TEST_EXPECT_MSG_EQ_TOL(fast.GetWindow(0.3025, 0.1), 2 * std::exp(0.5), 1e-6, "step 1");
        // Step 2: w e^(1 / w) with w = 2 e^0.5 = 3.29744: 3.29744 x 1.354265 = 4.46560.
        NS_TEST_EXPECT_MSG_EQ_TOL(fast.GetWindow(0.4025, 0.1), 4.46560, 1e-4, "step 2");
        // MaxIncrement 0.2 per ACK at d = 0.1 s, expWnd far above: 2 e^(2 t) from 2d + T_s.
        // (expWnd jumps to 2 e^50 at the first step.)
        p.beta = 10;
        p.k = 100;
        p.maxIncrement = 0.2;
        NS_TEST_EXPECT_MSG_EQ_TOL(FastRampModel(p).GetWindow(1.3005, 0.1) / (2 * std::exp(2.0)),
                                  1,
                                  0.005,
                                  "1 s of MaxIncrement");

        // No growth (tiny beta and MaxIncrement): rate 2 / d. One flow of d = 0.1 s at 20
        // packets/s and three of d = 0.02 s (caps 100) share 100 packets/s: 20, 80/3 each.
        p.beta = 1e-9;
        p.maxIncrement = 1e-9;
        const FastRampModel flat(p);
        FastRampModel::Elephants e;
        e.packets = 10;
        e.minAge = 2;
        e.interval = 1;
        FastRampModel::Result r = flat.Serve({{0, 1e6, 0.1}}, 100, 100, 1, 11, e);
        NS_TEST_EXPECT_MSG_EQ_TOL(r.utilization, 0.2, 1e-6, "one flow at 20 packets/s");
        // Compared from [3, 4] (first packet at 0.1 s) to [9, 10] (the last interval has no
        // packet after it): 7 of 10 intervals.
        NS_TEST_EXPECT_MSG_EQ_TOL(r.compared, 0.7, 1e-6, "7 intervals of 10 with one flow");
        r = flat.Serve({{0, 1e6, 0.1}, {0, 1e6, 0.02}, {0, 1e6, 0.02}, {0, 1e6, 0.02}},
                       100,
                       100,
                       1,
                       11,
                       e);
        NS_TEST_EXPECT_MSG_EQ_TOL(r.utilization, 1, 1e-6, "the link full");
        const double share = 80.0 / 3;
        NS_TEST_EXPECT_MSG_EQ_TOL(r.jain,
                                  100.0 * 100 / (4 * (20.0 * 20 + 3 * share * share)),
                                  1e-6,
                                  "20 and three of 80/3");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.compared, 2.8, 1e-6, "four flows in 7 intervals of 10");
        r = flat.Serve({{0, 1e6, 0.1}, {0, 30, 0.02}}, 100, 100, 0, 10, e);
        NS_TEST_EXPECT_MSG_EQ_TOL(r.utilization,
                                  (20 * 9.9 + 30) / 1000,
                                  0.002,
                                  "a short flow's 30 packets at 80 packets/s");
    }
};

/**
 * \ingroup dualcc
 * The FAST paper's mice and elephants.
 */
class FastMiceTestSuite : public TestSuite
{
  public:
    FastMiceTestSuite()
        : TestSuite("dualcc-fast-mice", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new BoundedParetoTestCase);
        AddTestCase(new WorkConservingBoundTestCase);
        AddTestCase(new FastRampModelTestCase);
        AddTestCase(new ParetoSizesTestCase);
        AddTestCase(new FastMiceOptionsTestCase);
        AddTestCase(new FastMiceDeterminismTestCase);
        AddTestCase(new FastMiceSystemTestCase);
    }
};

/// The suite's only instance.
static FastMiceTestSuite g_fastMiceTestSuite;
