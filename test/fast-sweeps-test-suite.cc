/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The fast-sweeps experiment (FAST paper §V-A, Figs 5-7): the scenario's pieces by hand (the
// scaling of a point, the networks, the bad options), and a reduced capacity sweep end to end.

#include "../examples/experiments/fast-paper-parameters.h"
#include "../examples/experiments/fast-sweeps-scenario.h"
#include "scenario-test-run.h"

#include "ns3/network-description.h"
#include "ns3/scenario-runner.h"
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

/**
 * \param path a file
 * \return its text
 */
std::string
ReadText(const std::string& path)
{
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// What ScenarioRunner::Main() said and returned.
using Outcome = dualcctest::Outcome;

/**
 * Run fast-sweeps with \p options.
 * \param options the command line after the program's name
 * \return its outcome
 */
Outcome
RunSweeps(const std::vector<std::string>& options)
{
    FastSweepsScenario scenario;
    return dualcctest::RunScenario(scenario, "fast-sweeps", options);
}
} // namespace

/**
 * \ingroup dualcc
 * A point's scale, the networks and the bad options, by hand.
 */
class FastSweepsPiecesTestCase : public TestCase
{
  public:
    FastSweepsPiecesTestCase()
        : TestCase("fast-sweeps: scaling, networks and bad options by hand")
    {
    }

  private:
    void DoRun() override
    {
        // 8 Gb/s, 50 flows, 50 ms against 100 Mb/s: f = 1/80, 50 f = 0.625 flows -> 1 flow
        // each way, and c' = 8 Gb/s / 50 = 160 Mb/s (each flow's share kept).
        FastSweepsScenario::Size s =
            FastSweepsScenario::Reduce(8e9, 50, MilliSeconds(50), 100e6, Seconds(15), Seconds(30));
        NS_TEST_EXPECT_MSG_EQ(s.runFlows, 1, "at least one flow each way");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.runBps, 160e6, 1, "c / n");
        NS_TEST_EXPECT_MSG_EQ(s.simTime, Seconds(30), "50 ms: the window as given");
        // 1 Gb/s, 500 flows: f = 0.1 -> 50 flows, 100 Mb/s.
        s = FastSweepsScenario::Reduce(1e9, 500, MilliSeconds(50), 100e6, Seconds(15), Seconds(30));
        NS_TEST_EXPECT_MSG_EQ(s.runFlows, 50, "500 x 0.1");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.runBps, 100e6, 1, "1 Gb/s x 50 / 500");
        // 100 Mb/s, 50 flows, 1000 ms: times x 20, so c t = 2 Gb/s against 100 Mb/s: f = 1/20,
        // 2.5 -> 2 flows, 4 Mb/s, over [300, 600] s.
        s = FastSweepsScenario::Reduce(100e6, 50, Seconds(1), 100e6, Seconds(15), Seconds(30));
        NS_TEST_EXPECT_MSG_EQ(s.runFlows, 2, "floor(2.5)");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.runBps, 4e6, 1, "100 Mb/s x 2 / 50");
        NS_TEST_EXPECT_MSG_EQ(s.warmup, Seconds(300), "15 s x 20");
        NS_TEST_EXPECT_MSG_EQ(s.simTime, Seconds(600), "30 s x 20");
        // A point within the budget runs as asked.
        s = FastSweepsScenario::Reduce(50e6, 50, MilliSeconds(20), 100e6, Seconds(15), Seconds(30));
        NS_TEST_EXPECT_MSG_EQ(s.runFlows, 50, "full scale");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.runBps, 50e6, 1, "full scale");

        // The networks: 10 Mb/s, 2 flows each way, 50 ms.
        s = FastSweepsScenario::Reduce(10e6, 2, MilliSeconds(50), 100e6, Seconds(15), Seconds(30));
        const std::vector<std::pair<FastSweepsScenario::Algorithm, std::string>> algorithms{
            {FastSweepsScenario::Algorithm::FAST_REM, "ns3::RemQueueDisc"},
            {FastSweepsScenario::Algorithm::RENO_RED, "ns3::RedQueueDisc"},
            {FastSweepsScenario::Algorithm::RENO_AVQ, "ns3::AvqQueueDisc"},
            {FastSweepsScenario::Algorithm::RENO_PI, "ns3::PiQueueDisc"}};
        for (const auto& [algorithm, type] : algorithms)
        {
            const NetworkDescription d = FastSweepsScenario::DescribeNetwork(algorithm, s, false);
            NS_TEST_EXPECT_MSG_EQ(d.links[0].queueDisc, type, "forward queue");
            NS_TEST_EXPECT_MSG_EQ(d.links[0].reverseQueue.type, type, "the same both ways");
            NS_TEST_EXPECT_MSG_EQ(d.classes.size(), 2, "forward and reverse");
            NS_TEST_EXPECT_MSG_EQ(d.classes[1].reverse, true, "reverse traffic");
            NS_TEST_EXPECT_MSG_EQ(d.classes[0].flows, 2, "flows");
            NS_TEST_EXPECT_MSG_EQ(d.classes[1].flows, 2, "as many reverse flows");
            std::map<std::string, std::string> attributes;
            for (const auto& [name, value] : d.links[0].queueAttributes)
            {
                attributes[name] = NetworkDescription::GetAttributeText(type, name, *value);
            }
            // BDP = 10 Mb/s x 50 ms / 8000 bits = 62.5 -> 63 packets; the large buffer is
            // max(63, 100 x 4 flows) = 400 packets; in bytes (1000 per packet).
            const std::string buffer = type == "ns3::AvqQueueDisc" ? "63000B" : "400000B";
            NS_TEST_EXPECT_MSG_EQ(attributes["MaxSize"], buffer, type << "'s buffer in bytes");
            if (type == "ns3::RemQueueDisc")
            {
                NS_TEST_EXPECT_MSG_EQ(attributes["PriceLaw"], "VirtualCapacity", "REM-VC");
                NS_TEST_EXPECT_MSG_EQ(attributes["TargetUtilization"], "0.95", "gamma_v");
                // ns-2's queue/rem.cc with qib_ and markpkts_ (the paper's two-way setting): a
                // chosen pure ACK (not ECN-capable) passes; probabilities scale with size.
                NS_TEST_EXPECT_MSG_EQ(attributes["DropNonEcn"], "false", "ACKs never dropped");
                NS_TEST_EXPECT_MSG_EQ(attributes["ScaleBySize"], "true", "qib_: size/1000");
                NS_TEST_EXPECT_MSG_EQ(attributes["MeanPktSize"], "1000", "mean_pktsize_");
                NS_TEST_EXPECT_MSG_EQ(d.classes[0].tcp, "ns3::TcpFastEcn", "FAST-ECN");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(d.classes[0].tcp, "ns3::TcpNewReno", "NewReno");
                NS_TEST_EXPECT_MSG_EQ(d.classes[0].subPacket, false, "TcpSocketBase");
                const NetworkDescription withSub =
                    FastSweepsScenario::DescribeNetwork(algorithm, s, true);
                NS_TEST_EXPECT_MSG_EQ(withSub.classes[0].subPacket, true, "--subPacket");
                NS_TEST_EXPECT_MSG_EQ(withSub.classes[1].subPacket, true, "both ways");
            }
            NS_TEST_EXPECT_MSG_EQ(d.classes[0].ecn, true, "ECN");
            if (type == "ns3::RedQueueDisc")
            {
                // ns-2's automatic RED at C = 1250 packets/s: MinTh = max(5, 0.005 x 1250 / 2)
                // = 5 packets = 5000 bytes, MaxTh = 15000 bytes.
                NS_TEST_EXPECT_MSG_EQ(attributes["MinTh"], "5000", "MinTh in bytes");
                NS_TEST_EXPECT_MSG_EQ(attributes["MaxTh"], "15000", "MaxTh in bytes");
                NS_TEST_EXPECT_MSG_EQ(attributes["Gentle"], "true", "gentle");
            }
            if (type == "ns3::AvqQueueDisc")
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(std::stod(attributes["DesiredUtilization"]),
                                          0.95,
                                          1e-12,
                                          "AVQ's gamma");
            }
            if (type == "ns3::PiQueueDisc")
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(std::stod(attributes["QueueRef"]),
                                          50,
                                          1e-12,
                                          "PI's q_ref");
            }
        }

        // Bad options: an error naming the option and what is valid, exit status 1.
        const std::vector<std::pair<std::vector<std::string>, std::string>> bad{
            {{"--sweep=foo"}, "--sweep=foo: unknown; valid: capacity, delay or flows"},
            {{"--sweep=flows", "--points=5,-3"}, "--points=-3: not a number of flows; valid"},
            {{"--sweep=flows", "--points=0"}, "--points=0: not a number of flows; valid"},
            {{"--sweep=flows", "--points=5001"}, "--points=5001: not a number of flows; valid"},
            {{"--sweep=delay", "--points=5ms"}, "--points=5ms: round trip out of range"},
            {{"--sweep=capacity", "--points=fast"}, "--points=fast"},
            {{"--points=1Gbps,1Gbps"}, "given twice"},
            {{"--algorithms=fast,vegas"}, "--algorithms=fast,vegas: unknown algorithm 'vegas'"},
            {{"--algorithms=,fast"}, "--algorithms=,fast: an empty item"},
            {{"--maxCapacity=-5Mbps"}, "--maxCapacity=-5Mbps"},
            {{"--seed=0"}, "--seed=0: zero; valid: >= 1"},
        };
        for (const auto& [options, expected] : bad)
        {
            const Outcome o = RunSweeps(options);
            NS_TEST_EXPECT_MSG_EQ(o.status, 1, options.back() << ": exit status 1");
            NS_TEST_EXPECT_MSG_NE(o.err.find(expected),
                                  std::string::npos,
                                  "'" << o.err << "' should contain '" << expected << "'");
            NS_TEST_EXPECT_MSG_NE(o.err.find("valid"), std::string::npos, "says what is valid");
        }
    }
};

/**
 * \ingroup dualcc
 * A reduced capacity sweep end to end (ScenarioRunner, --csv): the paper's 250 Mb/s and 1 Gb/s
 * points (50 flows each way, RTT 50 ms) scaled down by --maxCapacity=10Mbps to 2 flows each way
 * at 10 Mb/s and 1 flow each way at 20 Mb/s, each flow's share kept (118.75 and 2375 packets/s at
 * gamma_v; windows of about 30 and 119 packets). Expected, computed independently of the code:
 * - FAST's loss 0 (REM lets the chosen pure ACKs pass, as ns-2's rem.cc with markpkts_);
 * - FAST's utilization within 2 % of gamma_v = 0.95 at both points (REM's integrator drives the
 *   arrivals, in bytes, to gamma_v c; fast-dynamic's argument for the same 2 %), and the
 *   model's utilization gamma_v, its queue 0 and its window gamma_v c / n x d, with d the round
 *   trip: 50 ms plus the transmission times of a packet and its ACK on the bottleneck and the
 *   two access links (10 c each);
 * - NewReno over RED's utilization not within 2 % of 0.95 (the paper's point: RED's utilization
 *   falls short as the windows grow, or exceeds 0.95 where it keeps a queue);
 * - the same seed gives the same CSV (run with --jobs=2, then again with --jobs=1).
 */
class FastSweepsCapacityTestCase : public TestCase
{
  public:
    FastSweepsCapacityTestCase()
        : TestCase("fast-sweeps: reduced capacity sweep, FAST at 0.95 and NewReno over RED not")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = SystemPath::MakeTemporaryDirectoryName();
        SystemPath::MakeDirectories(dir);
        const std::string csv = SystemPath::Append(dir, "fast-sweeps.csv");
        const std::string again = SystemPath::Append(dir, "fast-sweeps-again.csv");
        const std::vector<std::string> options{"--sweep=capacity",
                                               "--points=250Mbps,1Gbps",
                                               "--maxCapacity=10Mbps",
                                               "--algorithms=fast,red",
                                               "--simTime=20s",
                                               "--warmup=10s",
                                               "--progress=false",
                                               "--plot=none"};
        std::vector<std::string> first = options;
        first.insert(first.end(), {"--jobs=2", "--csv=" + csv});
        const Outcome o = RunSweeps(first);
        NS_TEST_ASSERT_MSG_EQ(o.status, 0, "exit status: " << o.out << o.err);
        // The same seed, one point at a time: the same CSV, byte for byte.
        std::vector<std::string> second = options;
        second.insert(second.end(), {"--jobs=1", "--csv=" + again});
        NS_TEST_ASSERT_MSG_EQ(RunSweeps(second).status, 0, "second run");
        NS_TEST_EXPECT_MSG_EQ(ReadText(csv), ReadText(again), "same seed, same output");
        const std::map<std::string, Cells> rows = ReadCsv(csv);
        std::remove(csv.c_str());
        std::remove(again.c_str());
        const double gamma = 0.95;
        const std::vector<std::pair<std::string, double>> points{{"250Mbps", 10e6 / 2},
                                                                 {"1Gbps", 20e6 / 1}};
        for (const auto& [x, share] : points)
        {
            const std::string fast = "FAST-ECN/REM-VC@" + x;
            const Cells used = Get(rows, "utilization", fast);
            NS_TEST_EXPECT_MSG_EQ_TOL(used.model, gamma, 1e-6, "model utilization: gamma_v");
            NS_TEST_EXPECT_MSG_EQ_TOL(used.simulation, gamma, 0.02 * gamma, fast);
            NS_TEST_EXPECT_MSG_EQ_TOL(Get(rows, "queue (pkts)", fast).model, 0, 1e-9, "no queue");
            // REM as ns-2's queue/rem.cc with markpkts_ drops nothing it chooses (the reverse
            // flows' pure ACKs, not ECN-capable, pass), and the buffer (100 packets per flow)
            // does not overflow: no loss. (Dropping the chosen ACKs lost 15 % at 250 Mb/s.)
            NS_TEST_EXPECT_MSG_EQ_TOL(Get(rows, "loss (%)", fast).simulation, 0, 1e-9, fast);
            // d: 50 ms plus a 1000-byte packet and a 42-byte ACK sent on the bottleneck (c')
            // and on the two access links (10 c' each).
            const double c = share * (x == "1Gbps" ? 1 : 2); // c' = n' x share, bit/s
            const double d = 0.05 + 1.2 * (1000 + 42) * 8 / c;
            const double window = gamma * share / 8000 * d; // packets
            NS_TEST_EXPECT_MSG_EQ_TOL(Get(rows, "cwnd (pkts)", fast).model,
                                      window,
                                      0.005 * window,
                                      "model window " << fast);
            const std::string red = "NewReno/RED@" + x;
            const Cells reno = Get(rows, "utilization", red);
            NS_TEST_EXPECT_MSG_EQ(std::isnan(reno.model), true, "no model for NewReno");
            NS_TEST_EXPECT_MSG_GT(std::fabs(reno.simulation - gamma),
                                  0.02 * gamma,
                                  red << ": " << reno.simulation);
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
 * The FAST paper's equilibrium sweeps.
 */
class FastSweepsTestSuite : public TestSuite
{
  public:
    FastSweepsTestSuite()
        : TestSuite("dualcc-fast-sweeps", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new FastSweepsPiecesTestCase);
        AddTestCase(new FastSweepsCapacityTestCase);
    }
};

/// The suite's only instance.
static FastSweepsTestSuite g_fastSweepsTestSuite;
