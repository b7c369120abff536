/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// FAST (Paganini, Wang, Low and Doyle, Infocom 2003) end to end, at reduced scale, on the
// testbed: descriptions in the text format, built by NetworkHelper, measured and compared with
// the duality model (weight K per source: x q = K; AlgorithmTraits). The expected figures are the
// paper's equilibrium, by hand:
//  - FAST-ECN over REM's VirtualCapacity law (Fig. 4, gamma_v = 0.95, phi = 1000, 5 ms): the
//    load goes to gamma_v c and is shared equally (weighted PF, equal K), whatever the RTTs, the
//    real queue stays about empty and nothing is dropped;
//  - FAST-delay over a DropTail FIFO: the load goes to c, shared equally, and the queue holds
//    sum K packets (each source keeps x q = K in it).
// Packets are 1000 bytes on the wire, so 100 Mb/s is 12500 packets/s and the testbed's rates in
// KB/s are packets/s.

#include "network-text.h"

#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/test.h"

#include <string>

using namespace ns3;

namespace
{
/// The bottleneck of the ECN cases: REM with the FAST paper's link law and parameters (§V).
const std::string VIRTUAL_CAPACITY_LINK =
    "queue=ns3::RemQueueDisc queue.PriceLaw=VirtualCapacity queue.TargetUtilization=0.95 "
    "queue.Phi=1000 queue.UpdateInterval=5ms queue.UseEcn=true";

/**
 * \param count classes
 * \param rtt their round-trip propagation delay
 * \param tcp their congestion control and its fields
 * \param prefix class names are prefix0, prefix1, ...
 * \return one single-flow class per line (so that each flow's rate is measured)
 */
std::string
Classes(int count, const std::string& rtt, const std::string& tcp, const std::string& prefix)
{
    std::string text;
    for (int i = 0; i < count; ++i)
    {
        text += "class " + prefix + std::to_string(i) + " flows=1 route=A rtt=" + rtt + " " + tcp +
                "\n";
    }
    return text;
}
} // namespace

/**
 * \ingroup dualcc
 * 8 FAST-ECN flows of 40 ms RTT on a 100 Mb/s virtual-capacity link: each gets
 * gamma_v c / 8 = 0.95 x 12500 / 8 = 1484.375 packets/s (within 5 %), the utilization is 0.95
 * (within 2 %), the mean queue below 5 packets, no drops; the duality model says the same.
 */
class FastEcnEqualRttTestCase : public TestCase
{
  public:
    FastEcnEqualRttTestCase()
        : TestCase("FAST-ECN, 8 flows on a virtual-capacity link: gamma_v c over 8 each, no queue")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe("link A R1 R2 rate=100Mbps delay=10ms buffer=2000 " +
                                      VIRTUAL_CAPACITY_LINK + "\n" +
                                      Classes(8, "40ms", "tcp=ns3::TcpFastEcn ecn=on", "f")));
        helper.GetBuilder().AssignStreams(3);
        helper.GetMonitor().SetMeasurementWindow(Seconds(10), Seconds(30));
        helper.Install();
        const DualityModel::Solution model = helper.GetModelBuilder().BuildModel().Solve();
        helper.Run(Seconds(30), false);
        const double share = 0.95 * 12500 / 8; // 1484.375 packets/s
        for (int i = 0; i < 8; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(model.sources[i].rate, share, 1e-6, "model: gamma_v c / 8");
            const double rate =
                helper.GetMonitor().GetClassMeasurement("f" + std::to_string(i)).rateKBps;
            NS_TEST_EXPECT_MSG_EQ_TOL(rate, share, 0.05 * share, "flow " << i << " rate");
        }
        const TestbedMonitor::LinkMeasurement link = helper.GetMonitor().GetLinkMeasurement("A");
        NS_TEST_EXPECT_MSG_EQ_TOL(link.utilization, 0.95, 0.02 * 0.95, "utilization");
        NS_TEST_EXPECT_MSG_LT(link.backlogPackets, 5.0, "mean queue");
        NS_TEST_EXPECT_MSG_EQ(link.drops, 0, "no drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * 4 FAST-delay flows of 40 ms RTT on a 100 Mb/s DropTail FIFO: each gets c / 4 = 3125
 * packets/s (within 5 %) and the queue holds sum K = 4 x 50 = 200 packets (within 10 %), as the
 * duality model says.
 */
class FastDelayDropTailTestCase : public TestCase
{
  public:
    FastDelayDropTailTestCase()
        : TestCase("FAST-delay, 4 flows on DropTail: c over 4 each, queue sum K = 200 packets")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe("link A R1 R2 rate=100Mbps delay=10ms buffer=5000\n" +
                                      Classes(4, "40ms", "tcp=ns3::TcpFastDelay", "f")));
        helper.GetBuilder().AssignStreams(5);
        helper.GetMonitor().SetMeasurementWindow(Seconds(5), Seconds(12));
        helper.Install();
        const DualityModel::Solution model = helper.GetModelBuilder().BuildModel().Solve();
        NS_TEST_EXPECT_MSG_EQ_TOL(model.links[0].backlog, 200.0, 1e-6, "model: sum K");
        helper.Run(Seconds(12), false);
        const double share = 12500.0 / 4;
        for (int i = 0; i < 4; ++i)
        {
            const double rate =
                helper.GetMonitor().GetClassMeasurement("f" + std::to_string(i)).rateKBps;
            NS_TEST_EXPECT_MSG_EQ_TOL(rate, share, 0.05 * share, "flow " << i << " rate");
        }
        const TestbedMonitor::LinkMeasurement link = helper.GetMonitor().GetLinkMeasurement("A");
        NS_TEST_EXPECT_MSG_EQ_TOL(link.backlogPackets, 200.0, 20.0, "queue = sum K");
        NS_TEST_EXPECT_MSG_EQ(link.drops, 0, "no drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * FAST-ECN with heterogeneous RTTs: 2 flows of 40 ms and 2 of 200 ms on a 50 Mb/s
 * virtual-capacity link share gamma_v c = 0.95 x 6250 = 5937.5 packets/s equally, 1484.375 each
 * (within 5 %): unlike Reno or Vegas with alpha per RTT, the RTT does not set the share.
 */
class FastEcnHeterogeneousRttTestCase : public TestCase
{
  public:
    FastEcnHeterogeneousRttTestCase()
        : TestCase("FAST-ECN, RTTs 40 and 200 ms: equal shares of gamma_v c")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe("link A R1 R2 rate=50Mbps delay=10ms buffer=2000 " +
                                      VIRTUAL_CAPACITY_LINK + "\n" +
                                      Classes(2, "40ms", "tcp=ns3::TcpFastEcn ecn=on", "short") +
                                      Classes(2, "200ms", "tcp=ns3::TcpFastEcn ecn=on", "long")));
        helper.GetBuilder().AssignStreams(7);
        helper.GetMonitor().SetMeasurementWindow(Seconds(20), Seconds(35));
        helper.Install();
        helper.Run(Seconds(35), false);
        const double share = 0.95 * 6250 / 4;
        for (const std::string name : {"short0", "short1", "long0", "long1"})
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(helper.GetMonitor().GetClassMeasurement(name).rateKBps,
                                      share,
                                      0.05 * share,
                                      name << " rate");
        }
        NS_TEST_EXPECT_MSG_EQ(helper.GetMonitor().GetLinkMeasurement("A").drops, 0, "no drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * FAST at reduced scale, end to end, against the paper's equilibrium.
 */
class FastSystemTestSuite : public TestSuite
{
  public:
    FastSystemTestSuite()
        : TestSuite("dualcc-fast-system", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new FastEcnEqualRttTestCase);
        AddTestCase(new FastDelayDropTailTestCase);
        AddTestCase(new FastEcnHeterogeneousRttTestCase);
    }
};

/// The suite's only instance.
static FastSystemTestSuite g_fastSystemTestSuite;
