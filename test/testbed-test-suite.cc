/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// End-to-end tests of the testbed's description features, each against figures computed by
// hand: a reverse-direction class over an asymmetric link, a link-delay event, a two-band
// priority queue-disc tree with a DSCP filter, Poisson short flows with Pareto sizes, flows that
// leave, and the algorithm traits that make `tcp.Alpha=4` move the model with the simulation.

#include "network-text.h"

#include "ns3/algorithm-traits.h"
#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/queue-disc.h"
#include "ns3/socket.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/test.h"

#include <sstream>
#include <vector>

using namespace ns3;

/**
 * \ingroup dualcc
 * A class running a link backwards, whose reverse direction is slower (4 Mb/s against 10 Mb/s):
 * its two Vegas flows share the reverse capacity, 500 packets/s, and keep 2 x alpha = 4 packets
 * in the reverse queue disc, while the forward direction carries only their ACKs (42 bytes per
 * packet: utilization 500 x 42 x 8 / 10e6 = 1.68 %), all by hand.
 */
class TestbedReverseClassTestCase : public TestCase
{
  public:
    TestbedReverseClassTestCase()
        : TestCase("asymmetric link carrying a reverse-direction class")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=50ms
            link A R1 R2 rate=10Mbps delay=5ms reverseRate=4Mbps
            link B R2 R3 rate=10Mbps delay=5ms
            class rev flows=2 route=A,B rtt=60ms direction=reverse
        )"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(4), Seconds(10));
        helper.Install();
        helper.Run(Seconds(10), false);
        // rateKBps counts packets of 1000 bytes: KB/s = packets/s.
        const double rev = helper.GetMonitor().GetClassMeasurement("rev").rateKBps;
        NS_TEST_ASSERT_MSG_EQ_TOL(2 * rev, 500.0, 10.0, "the reverse capacity, 4 Mb/s");
        const TestbedMonitor::LinkMeasurement back =
            helper.GetMonitor().GetLinkMeasurement("A:reverse");
        NS_TEST_ASSERT_MSG_EQ_TOL(back.utilization, 1.0, 0.02, "the reverse direction is busy");
        NS_TEST_ASSERT_MSG_EQ_TOL(back.backlogPackets, 4.0, 1.0, "2 flows x alpha = 2");
        const TestbedMonitor::LinkMeasurement forward = helper.GetMonitor().GetLinkMeasurement("A");
        NS_TEST_ASSERT_MSG_EQ_TOL(forward.utilization, 0.0168, 0.002, "forward: ACKs only");
        NS_TEST_ASSERT_MSG_EQ_TOL(forward.backlogPackets, 0.0, 0.1, "no queue forward");
        // B runs backwards too (R3 -> R2), at its full rate: no queue there.
        NS_TEST_ASSERT_MSG_EQ_TOL(
            helper.GetMonitor().GetLinkMeasurement("B:reverse").backlogPackets,
            0.0,
            0.1,
            "B's reverse direction is not the bottleneck");
        // The model: the reverse direction of A as a 4 Mb/s link.
        const DualityModel::Solution sol = helper.GetModelBuilder().BuildModel().Solve();
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rate, 250.0, 1e-6, "model: 4 Mb/s / 2");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * A link's delay grows from 5 ms to 20 ms at 5 s: a lone Vegas flow's RTT grows by twice the
 * difference, 30 ms, and not before 5 s.
 */
class TestbedDelayEventTestCase : public TestCase
{
  public:
    TestbedDelayEventTestCase()
        : TestCase("link-delay event changes the measured RTT at the stated time")
    {
    }

  private:
    /// Record the flow's last RTT sample. \param app the flow \param rtt where
    static void Record(Ptr<PersistentFlowApplication> app, Time* rtt)
    {
        *rtt = app->GetLastRtt();
    }

    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=10Mbps delay=5ms
            class c flows=1 route=A rtt=40ms
            at 5s link A delay=20ms
        )"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(1), Seconds(8));
        helper.Install();
        Ptr<PersistentFlowApplication> app = helper.GetNetwork().GetSources("c").front();
        Time before;
        Time justBefore;
        Time after;
        Simulator::Schedule(Seconds(4.5), &Record, app, &before);
        Simulator::Schedule(Seconds(4.999), &Record, app, &justBefore);
        Simulator::Schedule(Seconds(7), &Record, app, &after);
        helper.Run(Seconds(8), false);
        NS_TEST_ASSERT_MSG_LT(justBefore.GetMilliSeconds(), 45, "no change before 5 s");
        NS_TEST_ASSERT_MSG_EQ_TOL((after - before).GetSeconds() * 1000,
                                  30.0,
                                  2.0,
                                  "RTT grows by 2 x (20 ms - 5 ms), +- a Vegas queue (1.6 ms)");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * Phases and their models follow starts, stops and events (TestbedMonitor::GetPhaseBoundaries,
 * BuildPeriodModel). By hand: class c from 0 s, class d in [4, 12] s, the link's delay 5 -> 20 ms
 * at 8 s, run to 16 s: boundaries 0, 4, 8, 12, 16. A flow's model round trip d changes by
 * 2 x (20 - 5) = 30 ms from the phase after the event (data and ACK cross the one channel); the
 * rate 10 -> 5 Mbps at 8 s halves the link's capacity, 1250 -> 625 packets/s of 1000 bytes.
 */
class TestbedPhaseModelTestCase : public TestCase
{
  public:
    TestbedPhaseModelTestCase()
        : TestCase("phases cut at starts, stops and events; period models follow the events")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=10Mbps delay=5ms
            class c flows=1 route=A rtt=40ms
            class d flows=1 route=A rtt=40ms start=4s stop=12s
            at 8s link A delay=20ms rate=5Mbps
        )"));
        const std::vector<Time> boundaries =
            TestbedMonitor::GetPhaseBoundaries(helper.GetDescription(), Seconds(16));
        const std::vector<Time> expected{Seconds(0),
                                         Seconds(4),
                                         Seconds(8),
                                         Seconds(12),
                                         Seconds(16)};
        NS_TEST_ASSERT_MSG_EQ(boundaries.size(), expected.size(), "five boundaries");
        for (std::size_t k = 0; k < expected.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(boundaries[k], expected[k], "boundary " << k);
        }
        helper.GetMonitor().SetMeasurementPeriods(boundaries, Seconds(1));
        helper.Install();
        NS_TEST_EXPECT_MSG_EQ(helper.GetMonitor().GetPeriodStart(2),
                              Seconds(8),
                              "period 2 starts at the event");
        const DualityModel before =
            helper.GetModelBuilder().BuildPeriodModel(1); // c and d, before the event
        const DualityModel after =
            helper.GetModelBuilder().BuildPeriodModel(2); // c and d, after it
        const DualityModel alone = helper.GetModelBuilder().BuildPeriodModel(3); // c only, after it
        NS_TEST_ASSERT_MSG_EQ(before.GetSources().size(), 2, "c and d in [4, 8] s");
        NS_TEST_ASSERT_MSG_EQ(alone.GetSources().size(), 1, "d has left in [12, 16] s");
        // Transmission times change with the rate: a 1000-byte packet takes 0.8 ms at 10 Mb/s
        // and 1.6 ms at 5 Mb/s (+0.8 ms); the 42-byte ACK runs the unchanged reverse direction.
        const double change =
            after.GetSources()[0].propagationDelay - before.GetSources()[0].propagationDelay;
        NS_TEST_EXPECT_MSG_EQ_TOL(change, 0.030 + 0.0008, 1e-9, "d grows by 30.8 ms");
        const std::size_t link = before.GetLinkIndex("A");
        NS_TEST_EXPECT_MSG_EQ_TOL(before.GetLinks()[link].capacity, 1250, 1e-9, "10 Mb/s");
        NS_TEST_EXPECT_MSG_EQ_TOL(after.GetLinks()[link].capacity, 625, 1e-9, "5 Mb/s");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * A two-band ns3::PrioQueueDisc with a FIFO per band and a DscpPacketFilter: the flow marked EF
 * goes to band 0, the other to band 1, and strict priority gives the EF flow the link.
 */
class TestbedPriorityTreeTestCase : public TestCase
{
  public:
    TestbedPriorityTreeTestCase()
        : TestCase("two-band PrioQueueDisc tree with a child per band and a filter")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=10Mbps delay=5ms queue=ns3::PrioQueueDisc queue.class0=ns3::FifoQueueDisc queue.class0.MaxSize=1000p queue.class1=ns3::FifoQueueDisc queue.class1.MaxSize=1000p queue.filter=ns3::DscpPacketFilter
            class ef flows=1 route=A rtt=40ms tcp=ns3::TcpNewReno
            class be flows=1 route=A rtt=40ms tcp=ns3::TcpNewReno start=1s
        )"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(3), Seconds(8));
        helper.Install();
        helper.GetNetwork().GetSources("ef").front()->SetAttribute("Tos", UintegerValue(46 << 2));
        helper.Run(Seconds(8), false);
        Ptr<QueueDisc> root = helper.GetNetwork().GetQueueDisc("A");
        NS_TEST_ASSERT_MSG_EQ(root->GetNQueueDiscClasses(), 2, "two bands");
        const QueueDisc::Stats band0 = root->GetQueueDiscClass(0)->GetQueueDisc()->GetStats();
        const QueueDisc::Stats band1 = root->GetQueueDiscClass(1)->GetQueueDisc()->GetStats();
        NS_TEST_ASSERT_MSG_EQ(band0.nTotalReceivedPackets + band1.nTotalReceivedPackets,
                              root->GetStats().nTotalReceivedPackets,
                              "every packet went to one of the children");
        NS_TEST_ASSERT_MSG_GT(band0.nTotalReceivedPackets, 1000, "EF packets in band 0");
        NS_TEST_ASSERT_MSG_GT(band1.nTotalReceivedPackets, 0, "the other flow's in band 1");
        // Strict priority: the EF flow (NewReno, window never limited) holds the link.
        const double ef = helper.GetMonitor().GetClassMeasurement("ef").rateKBps;
        const double be = helper.GetMonitor().GetClassMeasurement("be").rateKBps;
        NS_TEST_ASSERT_MSG_GT(ef, 0.95 * 1250, "EF takes the link");
        NS_TEST_ASSERT_MSG_LT(be, 0.05 * 1250, "best effort waits behind it");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * A class of short flows: Poisson arrivals at 50 flows/s over 4 hosts, Pareto sizes of mean 10
 * packets (shape 2.5: finite variance). Over 60 s about 3000 flows arrive: the rate's standard
 * error is 1.8 % and the mean size's 1.6 % (variance of the law: 80 packets^2); the tolerances are
 * 6 %, more than three standard errors.
 */
class TestbedShortFlowsTestCase : public TestCase
{
  public:
    TestbedShortFlowsTestCase()
        : TestCase("Poisson short flows with Pareto sizes: arrival rate and mean size")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=100Mbps delay=5ms
            class s flows=4 route=A rtt=40ms traffic=short arrivalRate=50 size=10 sizeDistribution=pareto paretoShape=2.5 tcp=ns3::TcpNewReno
        )"));
        helper.GetBuilder().AssignStreams(11);
        helper.GetMonitor().SetMeasurementWindow(Seconds(0), Seconds(60));
        helper.Install();
        helper.Run(Seconds(60), false);
        const TestbedMonitor::ShortFlowMeasurement m =
            helper.GetMonitor().GetShortFlowMeasurement("s");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.arrivalRate, 50.0, 3.0, "arrival rate (flows/s)");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.meanSizePackets, 10.0, 0.6, "mean size (packets)");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.completedRate, 50.0, 3.0, "light load: flows complete");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * Two flows leave at 5 s (each with up to 4 MB of data in its socket buffer, 3 s of the link):
 * from 6 s on, their sinks receive nothing and the remaining flow has the link.
 */
class TestbedLeaveTestCase : public TestCase
{
  public:
    TestbedLeaveTestCase()
        : TestCase("flows that leave stop loading the link")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=10Mbps delay=5ms
            class a flows=2 route=A rtt=40ms stop=5s
            class b flows=1 route=A rtt=40ms
        )"));
        helper.GetMonitor().SetMeasurementPeriods({Seconds(1), Seconds(5), Seconds(6), Seconds(12)},
                                                  Time(0));
        helper.Install();
        helper.Run(Seconds(12), false);
        NS_TEST_ASSERT_MSG_GT(helper.GetMonitor().GetClassMeasurement("a", 0).rateKBps,
                              300,
                              "a sends before");
        NS_TEST_ASSERT_MSG_EQ(helper.GetMonitor().GetClassMeasurement("a", 2).rateKBps,
                              0,
                              "a has left");
        NS_TEST_ASSERT_MSG_GT(helper.GetMonitor().GetClassMeasurement("b", 2).rateKBps,
                              0.95 * 1250,
                              "b alone has the link");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * `tcp.Alpha=4 tcp.Beta=4` on TcpDualVegas: the model reads the configured object, so each of
 * the two flows keeps 4 packets queued (8 at the link, by hand), and the simulation agrees.
 */
class TestbedTraitsTestCase : public TestCase
{
  public:
    TestbedTraitsTestCase()
        : TestCase("traits: tcp.Alpha=4 moves the model's prediction with the simulation")
    {
    }

  private:
    void DoRun() override
    {
        const std::string network = R"(
            set startJitter=0s
            link A R1 R2 rate=10Mbps delay=5ms
        )";
        {
            NetworkHelper plain(Describe(network + "class c flows=2 route=A rtt=40ms\n"));
            plain.GetMonitor().SetMeasurementWindow(Seconds(1), Seconds(2));
            plain.Install();
            NS_TEST_ASSERT_MSG_EQ_TOL(plain.GetModelBuilder().BuildModel().Solve().links[0].backlog,
                                      4.0,
                                      1e-6,
                                      "alpha = 2: 2 x 2 packets");
            Simulator::Destroy();
        }
        NetworkHelper helper(
            Describe(network + "class c flows=2 route=A rtt=40ms tcp.Alpha=4 tcp.Beta=4\n"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(10), Seconds(20));
        helper.Install();
        NS_TEST_ASSERT_MSG_EQ_TOL(helper.GetModelBuilder().BuildModel().Solve().links[0].backlog,
                                  8.0,
                                  1e-6,
                                  "tcp.Alpha = 4: 2 x 4 packets");
        helper.Run(Seconds(20), false);
        NS_TEST_ASSERT_MSG_EQ_TOL(helper.GetMonitor().GetLinkMeasurement("A").backlogPackets,
                                  8.0,
                                  1.5,
                                  "the simulated queue follows");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The link traits of REM and AVQ: their prices are virtual (the model's queue is 0 and the RTT
 * is d) and the load goes to c (REM, eq. 30), TargetUtilization c (REM's VirtualCapacity law) or
 * DesiredUtilization c (AVQ): two flows on 10 Mb/s (1250 packets/s) get 625, 562.5 and 612.5
 * packets/s each, by hand.
 */
class TestbedLinkTraitsTestCase : public TestCase
{
  public:
    TestbedLinkTraitsTestCase()
        : TestCase("link traits: REM's and AVQ's capacity and virtual price in the model")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::pair<std::string, double>> cases{
            {"queue=ns3::RemQueueDisc", 625.0},
            {"queue=ns3::RemQueueDisc queue.PriceLaw=VirtualCapacity queue.TargetUtilization=0.9",
             562.5},
            {"queue=ns3::AvqQueueDisc queue.DesiredUtilization=0.98", 612.5},
        };
        for (const auto& [queue, rate] : cases)
        {
            NetworkHelper helper(Describe("link A R1 R2 rate=10Mbps delay=5ms " + queue +
                                          "\nclass c flows=2 route=A rtt=40ms ecn=on\n"));
            helper.GetMonitor().SetMeasurementWindow(Seconds(1), Seconds(2));
            helper.Install();
            const DualityModel::Solution sol = helper.GetModelBuilder().BuildModel().Solve();
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rate, rate, 1e-6, queue << ": rate");
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].backlog, 0.0, 1e-12, queue << ": no queue");
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rtt,
                                      sol.sources[0].baseRtt,
                                      1e-12,
                                      queue << ": RTT = d");
            Simulator::Destroy();
        }
    }
};

namespace
{
/// A congestion control registered by this file only: NewReno under its own TypeId.
class TestbedCompanionTcp : public TcpNewReno
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::TestbedCompanionTcp")
                                .SetParent<TcpNewReno>()
                                .SetGroupName("Dualcc")
                                .AddConstructor<TestbedCompanionTcp>();
        return tid;
    }
};

/// The flows the companion hook saw.
std::vector<AlgorithmTraits::Flow> g_companionFlows;

/// Its traits: a fixed weight of 7 packets and a companion hook that records each flow.
const bool g_companionTraits = AlgorithmTraits::RegisterSource(
    TestbedCompanionTcp::GetTypeId(),
    {nullptr,
     nullptr,
     [](Ptr<TcpCongestionOps>, const AlgorithmTraits::SourceFields&, double) { return 7.0; },
     [](const AlgorithmTraits::Flow& flow) { g_companionFlows.push_back(flow); }});
} // namespace

/**
 * \ingroup dualcc
 * An algorithm registered outside the module (here, by this test) is open to the testbed: its
 * companion hook runs once per flow with the flow's hosts, and its weight (7 packets) is the
 * model's (3 flows: 21 packets at the link).
 */
class TestbedCompanionTestCase : public TestCase
{
  public:
    TestbedCompanionTestCase()
        : TestCase("traits registered elsewhere: companions per flow and the model's weight")
    {
    }

  private:
    void DoRun() override
    {
        g_companionFlows.clear();
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=10Mbps delay=5ms
            class c flows=3 route=A rtt=40ms start=1s stop=3s tcp=ns3::TestbedCompanionTcp
        )"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(2), Seconds(3));
        helper.Install();
        NS_TEST_ASSERT_MSG_EQ(g_companionFlows.size(), 3, "one call per flow");
        for (std::size_t i = 0; i < g_companionFlows.size(); ++i)
        {
            const AlgorithmTraits::Flow& f = g_companionFlows[i];
            NS_TEST_ASSERT_MSG_EQ((f.source && f.sink && f.source != f.sink), true, "two hosts");
            NS_TEST_ASSERT_MSG_EQ(f.start, Seconds(1), "the flow's start");
            NS_TEST_ASSERT_MSG_EQ(f.stop, Seconds(3), "the flow's stop");
            NS_TEST_ASSERT_MSG_EQ(f.congestion->GetInstanceTypeId(),
                                  TestbedCompanionTcp::GetTypeId(),
                                  "its congestion control");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(helper.GetModelBuilder().BuildModel().Solve().links[0].backlog,
                                  21.0,
                                  1e-6,
                                  "the trait's weight");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The new statements and fields survive Write() and Parse().
 */
class TestbedRoundTripTestCase : public TestCase
{
  public:
    TestbedRoundTripTestCase()
        : TestCase("new description features: Write() then Parse() gives the same network")
    {
    }

  private:
    void DoRun() override
    {
        const NetworkDescription d = Describe(R"(
            link A R1 R2 rate=10Mbps delay=5ms reverseRate=2Mbps reverseBuffer=20 queue=ns3::PrioQueueDisc queue.class0=ns3::FifoQueueDisc queue.class1=ns3::RedQueueDisc queue.class1.MinTh=5 queue.filter=ns3::DscpPacketFilter
            link B R2 R3 rate=10Mbps delay=5ms reverseQueue=ns3::FifoQueueDisc reverseQueue.MaxSize=7p
            class f flows=2 route=A,B rtt=40ms..90ms
            class r flows=1 route=A,B rtt=50ms direction=reverse stop=9s
            class s flows=3 route=A rtt=40ms traffic=short arrivalRate=5 size=12.5 sizeDistribution=exponential tcp=ns3::TcpNewReno
            at 3s link A delay=7ms rate=5Mbps
            at 4s link B reverseRate=3Mbps
        )");
        std::ostringstream first;
        d.Write(first);
        std::istringstream in(first.str());
        std::ostringstream second;
        NetworkDescription::Parse(in, "written").Write(second);
        NS_TEST_ASSERT_MSG_EQ(second.str(), first.str(), "round trip");
        NS_TEST_ASSERT_MSG_EQ(d.links[0].queueClasses.size(), 2, "two children");
        NS_TEST_ASSERT_MSG_EQ(d.links[0].queueClasses[1].attributes.size(), 1, "child attribute");
        NS_TEST_ASSERT_MSG_EQ(d.links[0].GetReverseRate(), DataRate("2Mbps"), "reverse rate");
        NS_TEST_ASSERT_MSG_EQ(d.classes[0].rttMax, MilliSeconds(90), "rtt range");
        NS_TEST_ASSERT_MSG_EQ(d.classes[1].reverse, true, "reverse class");
        NS_TEST_ASSERT_MSG_EQ((d.GetClassEnds(d.classes[1]).first), "R3", "enters at R3");
        NS_TEST_ASSERT_MSG_EQ(d.events.size(), 2, "two events");
        NS_TEST_ASSERT_MSG_EQ(d.IsUsedBackwards("B"), true, "B runs backwards");
    }
};

/**
 * \ingroup dualcc
 * The testbed's description features, end to end.
 */
class TestbedTestSuite : public TestSuite
{
  public:
    TestbedTestSuite()
        : TestSuite("dualcc-testbed", TestSuite::Type::UNIT)
    {
        AddTestCase(new TestbedRoundTripTestCase);
        AddTestCase(new TestbedReverseClassTestCase);
        AddTestCase(new TestbedDelayEventTestCase);
        AddTestCase(new TestbedPhaseModelTestCase);
        AddTestCase(new TestbedPriorityTreeTestCase);
        AddTestCase(new TestbedShortFlowsTestCase);
        AddTestCase(new TestbedLeaveTestCase);
        AddTestCase(new TestbedTraitsTestCase);
        AddTestCase(new TestbedCompanionTestCase);
        AddTestCase(new TestbedLinkTraitsTestCase);
    }
};

/// The suite's single instance.
static TestbedTestSuite g_testbedTestSuite;
