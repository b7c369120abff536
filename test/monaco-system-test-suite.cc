/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Monaco (Xia et al., "Accumulation-based congestion control") end to end on the testbed: the
// networks of the examples (the scenarios' DescribeNetwork()), built by NetworkHelper
// with the control agents as companions, measured phase by phase (TestbedReport::SolvePeriods())
// and compared with the paper's equilibrium worked by hand. Monaco's equilibrium is weighted
// proportional fairness with weight a* per flow (Appendix, eq. 14): on one bottleneck equal shares
// and a queue of a* per flow; a* = 3000 IPv4 bytes = 3000 / 998 = 3.006 data packets of 1000 bytes
// on the wire.
//
// The control packets (an OB and an IB, 2 x 70 bytes on the wire, once per round trip and flow)
// load the links: the model counts them (AlgorithmTraits::Source::controlBytesPerRtt,
// DualityModel::SetOverhead), so its shares sit a little under capacity / N; the tests bound the
// model's shares by hand (ControlledShare()) and hold the simulation to the model.

#include "../examples/experiments/monaco-dynamic-scenario.h"
#include "../examples/experiments/monaco-reverse-path-scenario.h"
#include "../examples/experiments/monaco-two-bottleneck-scenario.h"

#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/network-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/test.h"
#include "ns3/testbed-report.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{
/// a* in data packets: 3000 IPv4 bytes over 998 IPv4 bytes a packet.
constexpr double TARGET_PACKETS = 3000.0 / 998;

/**
 * Run a network phase by phase.
 * \param helper the network
 * \param duration how long
 * \param settling left out at each phase's start
 */
void
RunPhases(NetworkHelper& helper, Time duration, Time settling)
{
    helper.GetMonitor().SetMeasurementPeriods(
        TestbedMonitor::GetPhaseBoundaries(helper.GetDescription(), duration),
        settling);
    helper.GetBuilder().AssignStreams(1);
    helper.Install();
    helper.Run(duration, false);
}

/// monaco-dynamic's active flows per phase.
const std::vector<double> DYNAMIC_FLOWS{10, 15, 20, 10, 5};
/// Its sets active per phase (set k is class k).
const std::vector<std::vector<std::string>> DYNAMIC_SETS{{"set1"},
                                                         {"set1", "set2"},
                                                         {"set1", "set2", "set3"},
                                                         {"set2", "set3"},
                                                         {"set3"}};
/// The round-trip propagation delay of each set's flows, s.
const std::vector<double> DYNAMIC_RTTS{0.008, 0.018, 0.028};
/// Its sets' flows.
const std::vector<double> DYNAMIC_SET_FLOWS{10, 5, 5};
/// Bits a Monaco flow's control pair puts on its forward links per round trip (2 x 70 bytes).
constexpr double CONTROL_BITS = 2 * 70 * 8;

/**
 * A bound on the share of monaco-dynamic's flows in phase \p k when their control packets load
 * the link: each flow sends its pair once per round trip, at most once per propagation delay,
 * so the data have at least capacity - sum_flows CONTROL_BITS / rtt (phase 2: 20 flows,
 * 10 x 140 + 5 x 62.2 + 5 x 40 kb/s = 1.911 Mb/s of control, at most).
 * \param k a phase
 * \param capacity the capacity the price drives the load to, Mb/s
 * \return the smallest share, Mb/s
 */
double
ControlledShare(std::size_t k, double capacity)
{
    double control = 0;
    for (const std::string& set : DYNAMIC_SETS[k])
    {
        const std::size_t c = set.back() - '1';
        control += DYNAMIC_SET_FLOWS[c] * CONTROL_BITS / DYNAMIC_RTTS[c] / 1e6;
    }
    return (capacity - control) / DYNAMIC_FLOWS[k];
}

} // namespace

/**
 * \ingroup dualcc
 * A monaco-dynamic test: checks the sets' rates phase by phase.
 */
class MonacoDynamicBase : public TestCase
{
  protected:
    /// \param name the test's name
    explicit MonacoDynamicBase(const std::string& name)
        : TestCase(name)
    {
    }

    /**
     * The rates in one phase: the model (the solver) gives every active set the same rate, the
     * share of the capacity its price drives the load to, less the control packets' load
     * (between ControlledShare() and the whole share: the round trips are longer than the
     * propagation delays), and the simulation is within \p tolerance of the model.
     * \param helper the run
     * \param models its periods' models
     * \param k the phase
     * \param capacity the capacity the price drives the load to, Mb/s
     * \param tolerance relative
     */
    void CheckRates(const NetworkHelper& helper,
                    const TestbedReport::PeriodModels& models,
                    std::size_t k,
                    double capacity,
                    double tolerance)
    {
        const double share = capacity / DYNAMIC_FLOWS[k];
        const double least = ControlledShare(k, capacity);
        for (const std::string& set : DYNAMIC_SETS[k])
        {
            const std::size_t c = set.back() - '1';
            const double model = models[k].rateKBps[c] * 8 / 1000;
            NS_TEST_EXPECT_MSG_GT_OR_EQ(model, least, "model rate of " << set << ", phase " << k);
            NS_TEST_EXPECT_MSG_LT(model, share, "model rate of " << set << ", phase " << k);
            const double rate = helper.GetMonitor().GetClassMeasurement(set, k).rateKBps * 8 / 1000;
            NS_TEST_EXPECT_MSG_EQ_TOL(rate,
                                      model,
                                      tolerance * model,
                                      set << " in phase " << k << ": " << rate << " Mb/s");
        }
    }
};

/**
 * \ingroup dualcc
 * monaco-dynamic with a 90-packet buffer (§V-A, Fig. 6), at the paper's scale (50 s): in each
 * phase every active set's rate within 5 % of the model, whose equal share lies between
 * ControlledShare() and 30 Mb/s / N (N = 10, 15, 20, 10, 5 flows: 3, 2, 1.5, 3, 6 Mb/s, less
 * the control packets' load: at most 4.7, 5.7, 6.4, 1.7, 0.7 %), the queue within 15 % of N a*
 * (30.1, 45.1, 60.1, 30.1, 15.0 packets), the link fully used and not a packet lost.
 */
class MonacoDynamicTestCase : public MonacoDynamicBase
{
  public:
    MonacoDynamicTestCase()
        : MonacoDynamicBase("monaco-dynamic, buffer 90: equal shares, a* queued per flow, no loss")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(MonacoDynamicScenario::DescribeNetwork(90, "droptail"));
        RunPhases(helper, Seconds(50), Seconds(5));
        const TestbedReport::PeriodModels models = helper.GetReport().SolvePeriods();
        const std::vector<double>& flows = DYNAMIC_FLOWS;
        NS_TEST_ASSERT_MSG_EQ(helper.GetMonitor().GetPeriodCount(),
                              flows.size(),
                              "phases 0,10,...,50 s");
        for (std::size_t k = 0; k < flows.size(); ++k)
        {
            const double queue = flows[k] * TARGET_PACKETS;
            // The model (the solver) agrees with the hand figures.
            NS_TEST_ASSERT_MSG_EQ_TOL(models[k].queue[0],
                                      queue,
                                      1e-3 * queue,
                                      "model queue, phase " << k);
            CheckRates(helper, models, k, 30.0, 0.05);
            const TestbedMonitor::LinkMeasurement link =
                helper.GetMonitor().GetLinkMeasurement("bottleneck", k);
            NS_TEST_ASSERT_MSG_EQ_TOL(link.backlogPackets,
                                      queue,
                                      0.15 * queue,
                                      "queue in phase " << k << ": " << link.backlogPackets);
            NS_TEST_ASSERT_MSG_GT(link.utilization, 0.98, "utilization in phase " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(
            helper.GetNetwork().GetQueueDisc("bottleneck")->GetStats().nTotalDroppedPackets,
            0,
            "no loss in the whole run");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * monaco-dynamic --aqm=avd --buffer=55 (§V-A, third run, Fig. 8), at the paper's scale (50 s):
 * the data band is an AvdQueueDisc with gamma = 0.98 and a 55-packet buffer. The model: the
 * price is the virtual delay and AVD holds the link's whole load, control packets included, at
 * gamma C = 29.4 Mb/s, so the shares are 29.4 / N = 2.94, 1.96, 1.47, 2.94, 5.88 Mb/s
 * (N = 10, 15, 20, 10, 5) less the control packets' load (ControlledShare(): at most 1.911 Mb/s,
 * 6.5 %, in the third phase), the physical queue 0 and the virtual queue VQ = t_AVD gamma C with
 * t_AVD = a* / x, i.e. N a* (30.1, 45.1, 60.1, 30.1, 15.0 packets) scaled up by the share over
 * the controlled share (VQ counts the control bytes too). The run must keep the mean physical
 * queue below 10 packets in every phase ("below 10 packets most of the time"), the utilization
 * within 2 % of gamma (0.9604 to 0.9996), every set's rate within 5 % of the model, the virtual
 * queue within 10 % of the model's and lose no packet (the DropTail run with the same buffer
 * loses hundreds).
 */
class MonacoAvdTestCase : public MonacoDynamicBase
{
  public:
    MonacoAvdTestCase()
        : MonacoDynamicBase(
              "monaco-dynamic, AVD, buffer 55: low queue, gamma used, equal shares, no loss")
    {
    }

  private:
    void DoRun() override
    {
        const double gamma = MonacoDynamicScenario::AVD_GAMMA;
        NetworkHelper helper(MonacoDynamicScenario::DescribeNetwork(55, "avd", gamma));
        helper.GetMonitor().EnableLinkSamples("bottleneck",
                                              MilliSeconds(MonacoDynamicScenario::AVD_SAMPLE_MS),
                                              MonacoDynamicScenario::AVD_TRACES);
        RunPhases(helper, Seconds(50), Seconds(5));
        const TestbedReport::PeriodModels models = helper.GetReport().SolvePeriods();
        const std::vector<double>& flows = DYNAMIC_FLOWS;
        NS_TEST_ASSERT_MSG_EQ(helper.GetMonitor().GetPeriodCount(),
                              flows.size(),
                              "phases 0,10,...,50 s");
        for (std::size_t k = 0; k < flows.size(); ++k)
        {
            const double share = 30.0 * gamma / flows[k]; // Mb/s
            const double virtualQueue = flows[k] * TARGET_PACKETS;
            // The model (the solver) agrees with the hand figures: no physical queue.
            NS_TEST_ASSERT_MSG_EQ_TOL(models[k].queue[0], 0, 1e-9, "model queue");
            const MonacoDynamicScenario::AvdPhase avd =
                MonacoDynamicScenario::MeasureAvdPhase(helper, k);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(avd.modelVirtualQueue,
                                        virtualQueue,
                                        "model virtual queue, phase " << k);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(avd.modelVirtualQueue,
                                        virtualQueue * share / ControlledShare(k, 30.0 * gamma),
                                        "model virtual queue, phase " << k);
            CheckRates(helper, models, k, 30.0 * gamma, 0.05);
            const TestbedMonitor::LinkMeasurement link =
                helper.GetMonitor().GetLinkMeasurement("bottleneck", k);
            NS_TEST_EXPECT_MSG_LT(link.backlogPackets,
                                  10,
                                  "physical queue in phase " << k << ": " << link.backlogPackets);
            NS_TEST_EXPECT_MSG_EQ_TOL(link.utilization,
                                      gamma,
                                      0.02 * gamma,
                                      "utilization in phase " << k);
            NS_TEST_EXPECT_MSG_EQ_TOL(avd.virtualQueue,
                                      avd.modelVirtualQueue,
                                      0.1 * avd.modelVirtualQueue,
                                      "virtual queue in phase " << k << ": " << avd.virtualQueue);
        }
        NS_TEST_EXPECT_MSG_EQ(
            helper.GetNetwork().GetQueueDisc("bottleneck")->GetStats().nTotalDroppedPackets,
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
        NetworkHelper helper(MonacoTwoBottleneckScenario::DescribeNetwork(100));
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
        NS_TEST_ASSERT_MSG_EQ(helper.GetMonitor().GetPeriodCount(),
                              4,
                              "phases 0, 20, 40, 60, 80 s");
        for (const Expected& e : expected)
        {
            NS_TEST_ASSERT_MSG_EQ(helper.GetMonitor().IsClassActive(e.cls, e.phase),
                                  true,
                                  e.cls << " active in phase " << e.phase);
            const double rate =
                helper.GetMonitor().GetClassMeasurement(e.cls, e.phase).rateKBps * 8 / 1000;
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
        : TestCase("monaco-reverse-path at 5 Mbps back: Monaco fills the forward link, Vegas not")
    {
    }

  private:
    /**
     * \param algorithm the classes' congestion control ("monaco" or "vegas", as
     *        MonacoReversePathScenario::DescribeNetwork() takes it)
     * \return the forward link's utilization over [10, 20] s
     */
    static double ForwardUtilization(const std::string& algorithm)
    {
        NetworkHelper helper(MonacoReversePathScenario::DescribeNetwork(algorithm, 7, 5));
        helper.GetMonitor().SetMeasurementWindow(Seconds(10), Seconds(20));
        helper.GetBuilder().AssignStreams(1);
        helper.Install();
        helper.Run(Seconds(20), false);
        const double utilization = helper.GetMonitor().GetLinkMeasurement("B").utilization;
        Simulator::Destroy();
        return utilization;
    }

    void DoRun() override
    {
        const double monaco = ForwardUtilization("monaco");
        const double vegas = ForwardUtilization("vegas");
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
        AddTestCase(new MonacoAvdTestCase);
        AddTestCase(new MonacoTwoBottleneckTestCase);
        AddTestCase(new MonacoReversePathTestCase);
    }
};

/// The suite's instance.
static MonacoSystemTestSuite g_monacoSystemTestSuite;
