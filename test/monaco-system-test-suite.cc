/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Monaco (Xia et al., "Accumulation-based congestion control") end to end on the testbed: the
// networks of the examples (the scenarios' GetText()), built by NetworkHelper with the control
// agents as companions, measured phase by phase (PeriodReport) and compared with the paper's
// equilibrium worked by hand. Monaco's equilibrium is weighted proportional fairness with weight
// a* per flow (Appendix, eq. 14): on one bottleneck equal shares and a queue of a* per flow;
// a* = 3000 IPv4 bytes = 3000 / 998 = 3.006 data packets of 1000 bytes on the wire.
//
// The control packets (140 bytes a flow per control period, about an RTT) load the links
// without the model's knowledge: measured rates sit 1-4 % below the model's shares, inside the
// 5 % of the issue.

#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/monaco-dynamic-scenario.h"
#include "ns3/monaco-reverse-path-scenario.h"
#include "ns3/monaco-two-bottleneck-scenario.h"
#include "ns3/network-helper.h"
#include "ns3/period-report.h"
#include "ns3/queue-disc.h"
#include "ns3/test.h"

#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{
/// a* in data packets: 3000 IPv4 bytes over 998 IPv4 bytes a packet.
constexpr double TARGET_PACKETS = 3000.0 / 998;

/**
 * \param text a network in the testbed's text format
 * \return it, parsed
 */
NetworkDescription
Parse(const std::string& text)
{
    std::istringstream in(text);
    return NetworkDescription::Parse(in, "monaco-system");
}

/**
 * Run a network phase by phase.
 * \param helper the network
 * \param duration how long
 * \param settling left out at each phase's start
 */
void
RunPhases(NetworkHelper& helper, Time duration, Time settling)
{
    helper.SetMeasurementPeriods(
        NetworkHelper::GetPhaseBoundaries(helper.GetDescription(), duration),
        settling);
    helper.AssignStreams(1);
    helper.Install();
    helper.Run(duration, false);
}
} // namespace

/**
 * \ingroup dualcc
 * monaco-dynamic with a 90-packet buffer (§V-A, Fig. 6), at the paper's scale (50 s): in each
 * phase every active set's rate within 5 % of the equal share 30 Mb/s / N (N = 10, 15, 20, 10,
 * 5 flows: 3, 2, 1.5, 3, 6 Mb/s), the queue within 15 % of N a* (30.1, 45.1, 60.1, 30.1, 15.0
 * packets), the link fully used and not a packet lost.
 */
class MonacoDynamicTestCase : public TestCase
{
  public:
    MonacoDynamicTestCase()
        : TestCase("monaco-dynamic, buffer 90: equal shares, a* queued per flow, no loss")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Parse(MonacoDynamicScenario::GetText(90, "droptail")));
        RunPhases(helper, Seconds(50), Seconds(5));
        const PeriodReport report(helper);
        // Active flows per phase and the sets active (set k is class k).
        const std::vector<double> flows{10, 15, 20, 10, 5};
        const std::vector<std::vector<std::string>> sets{{"set1"},
                                                         {"set1", "set2"},
                                                         {"set1", "set2", "set3"},
                                                         {"set2", "set3"},
                                                         {"set3"}};
        NS_TEST_ASSERT_MSG_EQ(helper.GetPeriodCount(), flows.size(), "phases 0,10,...,50 s");
        for (std::size_t k = 0; k < flows.size(); ++k)
        {
            const double share = 30.0 / flows[k]; // Mb/s
            const double queue = flows[k] * TARGET_PACKETS;
            // The model (the solver) agrees with the hand figures.
            NS_TEST_ASSERT_MSG_EQ_TOL(report.GetModels()[k].queue[0],
                                      queue,
                                      1e-3 * queue,
                                      "model queue, phase " << k);
            for (const std::string& set : sets[k])
            {
                const std::size_t c = set.back() - '1';
                NS_TEST_ASSERT_MSG_EQ_TOL(report.GetModels()[k].rateKBps[c] * 8 / 1000,
                                          share,
                                          1e-3 * share,
                                          "model rate of " << set << ", phase " << k);
                const double rate = helper.GetClassMeasurement(set, k).rateKBps * 8 / 1000;
                NS_TEST_ASSERT_MSG_EQ_TOL(rate,
                                          share,
                                          0.05 * share,
                                          set << " in phase " << k << ": " << rate << " Mb/s");
            }
            const NetworkHelper::LinkMeasurement link = helper.GetLinkMeasurement("bottleneck", k);
            NS_TEST_ASSERT_MSG_EQ_TOL(link.backlogPackets,
                                      queue,
                                      0.15 * queue,
                                      "queue in phase " << k << ": " << link.backlogPackets);
            NS_TEST_ASSERT_MSG_GT(link.utilization, 0.98, "utilization in phase " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(helper.GetQueueDisc("bottleneck")->GetStats().nTotalDroppedPackets,
                              0,
                              "no loss in the whole run");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * monaco-two-bottleneck (§V-C, Fig. 11), at the paper's scale (80 s): proportional fairness per
 * phase, by hand (max sum log x, x_short + sum x_long <= 1 Mb/s on each link):
 * [0, 20] s shorts 1; [20, 40] s shorts 2/3, long A 1/3; [40, 60] s shorts 1/2, longs 1/4 each;
 * [60, 80] s shorts 2/3, long B 1/3 Mb/s; every rate within 5 %.
 */
class MonacoTwoBottleneckTestCase : public TestCase
{
  public:
    MonacoTwoBottleneckTestCase()
        : TestCase("monaco-two-bottleneck: proportional fairness in every phase")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Parse(MonacoTwoBottleneckScenario::GetText(100)));
        RunPhases(helper, Seconds(80), Seconds(10));

        struct Expected
        {
            std::size_t phase;
            const char* cls;
            double mbps;
        };

        const std::vector<Expected> expected{
            {0, "short1", 1.0},
            {0, "short2", 1.0},
            {1, "short1", 2.0 / 3},
            {1, "short2", 2.0 / 3},
            {1, "longA", 1.0 / 3},
            {2, "short1", 0.5},
            {2, "short2", 0.5},
            {2, "longA", 0.25},
            {2, "longB", 0.25},
            {3, "short1", 2.0 / 3},
            {3, "short2", 2.0 / 3},
            {3, "longB", 1.0 / 3},
        };
        NS_TEST_ASSERT_MSG_EQ(helper.GetPeriodCount(), 4, "phases 0, 20, 40, 60, 80 s");
        for (const Expected& e : expected)
        {
            NS_TEST_ASSERT_MSG_EQ(helper.IsClassActive(e.cls, e.phase),
                                  true,
                                  e.cls << " active in phase " << e.phase);
            const double rate = helper.GetClassMeasurement(e.cls, e.phase).rateKBps * 8 / 1000;
            NS_TEST_ASSERT_MSG_EQ_TOL(rate,
                                      e.mbps,
                                      0.05 * e.mbps,
                                      e.cls << " in phase " << e.phase << ": " << rate << " Mb/s");
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * monaco-reverse-path (§IV-C, Fig. 4) at the smallest reverse capacity, 5 Mb/s, over [10, 20] s:
 * Monaco's forward utilization above 95 % (its receiver measures the forward queueing time
 * only), TcpDualVegas' (alpha 1, beta 3) below 70 % (its round trip includes the queue its ACKs
 * meet behind the reverse flows' data).
 */
class MonacoReversePathTestCase : public TestCase
{
  public:
    MonacoReversePathTestCase()
        : TestCase("monaco-reverse-path at 5 Mb/s back: Monaco fills the forward link, Vegas not")
    {
    }

  private:
    /**
     * \param tcp the classes' congestion control
     * \return the forward link's utilization over [10, 20] s
     */
    static double ForwardUtilization(const std::string& tcp)
    {
        NetworkHelper helper(Parse(MonacoReversePathScenario::GetText(tcp, 7, 5)));
        helper.SetMeasurementWindow(Seconds(10), Seconds(20));
        helper.AssignStreams(1);
        helper.Install();
        helper.Run(Seconds(20), false);
        const double utilization = helper.GetLinkMeasurement("B").utilization;
        Simulator::Destroy();
        return utilization;
    }

    void DoRun() override
    {
        const double monaco = ForwardUtilization("tcp=ns3::TcpMonaco");
        const double vegas = ForwardUtilization("tcp=ns3::TcpDualVegas alpha=1 beta=3");
        NS_TEST_ASSERT_MSG_GT(monaco, 0.95, "Monaco's forward utilization " << monaco);
        NS_TEST_ASSERT_MSG_LT(vegas, 0.7, "Vegas' forward utilization " << vegas);
    }
};

/**
 * \ingroup dualcc
 * Monaco end to end on the testbed.
 */
class MonacoSystemTestSuite : public TestSuite
{
  public:
    MonacoSystemTestSuite()
        : TestSuite("dualcc-monaco-system", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new MonacoDynamicTestCase);
        AddTestCase(new MonacoTwoBottleneckTestCase);
        AddTestCase(new MonacoReversePathTestCase);
    }
};

/// The suite's instance.
static MonacoSystemTestSuite g_monacoSystemTestSuite;
