/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of NetworkHelper's network and measurements, against quantities computed by hand:
// a lone flow's minimum RTT (propagation plus transmission times), its rate (the bottleneck's
// capacity), and the conservation of traffic over a chain of links built with Ipv4FlatRouting.

#include "network-text.h"
#include "test-marking-queue-disc.h"
#include "throws-invalid-argument.h"

#include "ns3/comparison-table.h"
#include "ns3/core-module.h"
#include "ns3/distributed-run.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/rank-partition.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-defaults.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-sub-packet-socket.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"

#include <cmath>
#include <fstream>
#include <sstream>

using namespace ns3;

/**
 * \ingroup dualcc
 * One NewReno flow over a 10 Mb/s link: its smallest RTT is the propagation delay plus the
 * transmission times of a data packet and its ACK on the three links of its path, and its rate
 * is the link's capacity.
 */
class NetworkHelperLoneFlowTestCase : public TestCase
{
  public:
    NetworkHelperLoneFlowTestCase()
        : TestCase("lone flow: baseRTT and rate by hand")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set packetSize=1000 accessRate=100Mbps sinkAccessDelay=1ms startJitter=0s
            link A R1 R2 rate=10Mbps delay=2ms
            class c flows=1 route=A rtt=20ms tcp=ns3::TcpNewReno
        )"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(2), Seconds(6));
        helper.Install();
        helper.Run(Seconds(6), false);
        const TestbedMonitor::ClassMeasurement m = helper.GetMonitor().GetClassMeasurement("c");
        // 1000-byte data packet: 80 us on each 100 Mb/s access link, 800 us on A; 42-byte ACK:
        // 3.36 us, 3.36 us and 33.6 us. 20 ms + 0.96 ms + 0.04032 ms = 21.00032 ms.
        NS_TEST_ASSERT_MSG_EQ_TOL(m.baseRttMs, 21.00032, 1e-6, "smallest RTT sample");
        // 10 Mb/s of 1000-byte packets = 1250 packets/s = 1250 KB/s.
        NS_TEST_ASSERT_MSG_EQ_TOL(m.rateKBps, 1250.0, 12.5, "rate = capacity (1 %)");
        const TestbedMonitor::LinkMeasurement link = helper.GetMonitor().GetLinkMeasurement("A");
        NS_TEST_ASSERT_MSG_EQ_TOL(link.utilization, 1.0, 0.01, "saturated");
        NS_TEST_ASSERT_MSG_EQ(link.drops, 0, "unlimited buffer: no drops");
        // The model of this network: a lone flow gets the whole link.
        const DualityModel::Solution sol = helper.GetModelBuilder().BuildModel().Solve();
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rate, 1250.0, 1e-6, "model rate");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].baseRtt * 1000, 21.00032, 1e-9, "model d");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * Flows over a chain A -> B and on B alone: what link B sends is what its two classes receive,
 * and every class gets through (the flat routing delivers both directions).
 */
class NetworkHelperChainTestCase : public TestCase
{
  public:
    NetworkHelperChainTestCase()
        : TestCase("chain: routing and conservation of traffic")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set packetSize=1000 accessRate=100Mbps startJitter=50ms
            link A R1 R2 rate=20Mbps delay=1ms
            link B R2 R3 rate=10Mbps delay=1ms buffer=100
            class long flows=2 route=A,B rtt=30ms tcp=ns3::TcpNewReno
            class short flows=2 route=B rtt=20ms tcp=ns3::TcpNewReno
            class left flows=1 route=A rtt=20ms tcp=ns3::TcpNewReno
        )"));
        helper.GetBuilder().AssignStreams(7);
        helper.GetMonitor().SetMeasurementWindow(Seconds(2), Seconds(8));
        helper.Install();
        helper.Run(Seconds(8), false);
        const double longRate = helper.GetMonitor().GetClassMeasurement("long").rateKBps;
        const double shortRate = helper.GetMonitor().GetClassMeasurement("short").rateKBps;
        const double leftRate = helper.GetMonitor().GetClassMeasurement("left").rateKBps;
        NS_TEST_ASSERT_MSG_GT(longRate, 0, "long flows get through");
        NS_TEST_ASSERT_MSG_GT(shortRate, 0, "short flows get through");
        NS_TEST_ASSERT_MSG_GT(leftRate, 0, "left flow gets through");
        // Link B: 10 Mb/s = 1250 KB/s of 1000-byte packets, shared by 2 long and 2 short flows
        // (the receivers count payload; the link counts packets of 1000 bytes).
        const TestbedMonitor::LinkMeasurement b = helper.GetMonitor().GetLinkMeasurement("B");
        NS_TEST_ASSERT_MSG_EQ_TOL(2 * longRate + 2 * shortRate,
                                  b.utilization * 1250.0,
                                  0.02 * 1250.0,
                                  "what B sends is what its flows receive");
        NS_TEST_ASSERT_MSG_GT(b.utilization, 0.95, "NewReno keeps B busy");
        const TestbedMonitor::LinkMeasurement a = helper.GetMonitor().GetLinkMeasurement("A");
        NS_TEST_ASSERT_MSG_EQ_TOL(2 * longRate + leftRate,
                                  a.utilization * 2500.0,
                                  0.02 * 2500.0,
                                  "what A sends is what its flows receive");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * ecn=on over a REM link that marks: the connections negotiate ECN at both ends (the sink's
 * listening socket is made ECN-capable), so REM marks and never drops (it drops every packet it
 * would mark that is not ECN-capable), and queue./tcp. attributes reach the objects.
 */
class NetworkHelperEcnTestCase : public TestCase
{
  public:
    /// \param tcp the class' congestion control line (tcp=... and its attributes)
    /// \param name test name
    NetworkHelperEcnTestCase(std::string tcp, const std::string& name)
        : TestCase("ecn=on over REM marks, never drops: " + name),
          m_tcp(std::move(tcp))
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set packetSize=1000 accessRate=100Mbps sinkAccessDelay=1ms startJitter=0s
            link A R1 R2 rate=10Mbps delay=2ms buffer=1000 queue=ns3::RemQueueDisc queue.UseEcn=true queue.Gamma=0.01 queue.Phi=1.2
            class c flows=2 route=A rtt=20ms ecn=on )" +
                                      m_tcp));
        helper.GetMonitor().SetMeasurementWindow(Seconds(2), Seconds(5));
        helper.Install();
        Ptr<QueueDisc> rem = helper.GetNetwork().GetQueueDisc("A");
        DoubleValue gamma;
        rem->GetAttribute("Gamma", gamma);
        NS_TEST_ASSERT_MSG_EQ(gamma.Get(), 0.01, "queue.Gamma reached the queue disc");
        helper.Run(Seconds(5), false);
        const QueueDisc::Stats& stats = rem->GetStats();
        NS_TEST_EXPECT_MSG_GT(stats.GetNMarkedPackets(RemQueueDisc::UNFORCED_MARK),
                              0,
                              "REM marked the ECN-capable packets");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(RemQueueDisc::UNFORCED_DROP),
                              0,
                              "no packet arrived without ECT (ECN negotiated at both ends)");
        NS_TEST_EXPECT_MSG_EQ(stats.nTotalDroppedPackets, 0, "no drops at all");
        NS_TEST_EXPECT_MSG_GT(helper.GetMonitor().GetClassMeasurement("c").rateKBps,
                              100,
                              "flows get through");
        Simulator::Destroy();
    }

    std::string m_tcp; //!< congestion control of the class
};

/**
 * \ingroup dualcc
 * TestbedBuilder::AssignStreams fixes the queue discs' streams too: REM's marks draw from one
 * stream (RemQueueDisc::AssignStreams returns 1), by default the one after the network's. Two
 * runs in one process, between which a random variable takes an automatic stream (which moves a
 * disc left on automatic streams to another one), mark exactly the same packets: the first
 * with the default position, the second with that stream given explicitly (stream + the number
 * AssignStreams returned).
 */
class NetworkHelperDiscStreamsTestCase : public TestCase
{
  public:
    NetworkHelperDiscStreamsTestCase()
        : TestCase("AssignStreams fixes the queue discs' streams, after the network's")
    {
    }

  private:
    /**
     * \param discStream the discs' first stream (-1: the default)
     * \param used where to store AssignStreams()' return value
     * \return REM's marks over 3 s
     */
    static uint32_t Run(int64_t discStream, int64_t* used)
    {
        NetworkHelper helper(Describe(R"(
            set packetSize=1000 accessRate=100Mbps startJitter=100ms
            link A R1 R2 rate=10Mbps delay=2ms buffer=1000 queue=ns3::RemQueueDisc queue.UseEcn=true queue.Gamma=0.01 queue.Phi=1.2
            class c flows=4 route=A rtt=20ms..40ms ecn=on tcp=ns3::TcpNewReno )"));
        *used = helper.GetBuilder().AssignStreams(7, discStream);
        helper.GetMonitor().SetMeasurementWindow(Seconds(1), Seconds(3));
        helper.Install();
        const int64_t discStreams = helper.GetBuilder().GetQueueDiscStreams();
        NS_ABORT_MSG_UNLESS(discStreams == 1, "REM takes one stream, not " << discStreams);
        helper.Run(Seconds(3), false);
        const uint32_t marks = helper.GetNetwork().GetQueueDisc("A")->GetStats().GetNMarkedPackets(
            RemQueueDisc::UNFORCED_MARK);
        Simulator::Destroy();
        return marks;
    }

    void DoRun() override
    {
        int64_t used = 0;
        const uint32_t first = Run(-1, &used);
        NS_TEST_ASSERT_MSG_EQ(used, 2, "the network's streams: jitter and RTT draws");
        NS_TEST_ASSERT_MSG_GT(first, 0, "REM marks");
        // An automatic stream taken between the runs.
        CreateObject<UniformRandomVariable>()->GetValue();
        int64_t again = 0;
        const uint32_t second = Run(7 + used, &again);
        NS_TEST_EXPECT_MSG_EQ(second, first, "the same marks from the same streams");
    }
};

/**
 * \ingroup dualcc
 * ComparisonTable: the error column and the CSV rows, checked by hand.
 */
class ComparisonTableTestCase : public TestCase
{
  public:
    ComparisonTableTestCase()
        : TestCase("comparison table: error and CSV")
    {
    }

  private:
    void DoRun() override
    {
        ComparisonTable table("t");
        table.Add("rate (KB/s)", "class 1a", 1200, 1221);
        table.Add("drops (pkts)", "link A", std::nan(""), 3);
        table.Add("queue mean (pkts)", "AVQ, 20 \"flows\"", std::nan(""), 2);
        // (1221 - 1200) / 1200 = 1.75 %; no model, no error.
        NS_TEST_ASSERT_MSG_EQ_TOL(ComparisonTable::ErrorPercent(table.GetRows()[0]),
                                  1.75,
                                  1e-12,
                                  "error %");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(ComparisonTable::ErrorPercent(table.GetRows()[1])),
                              true,
                              "no model: no error");
        NS_TEST_ASSERT_MSG_EQ(table.Get("drops (pkts)", "link A").simulation, 3, "Get()");
        const std::string path = CreateTempDirFilename("comparison.csv");
        table.WriteCsv(path);
        std::ifstream in(path);
        std::string header;
        std::string first;
        std::string second;
        std::getline(in, header);
        std::getline(in, first);
        std::getline(in, second);
        NS_TEST_ASSERT_MSG_EQ(header, "quantity,entity,model,simulation,error_pct", "header");
        NS_TEST_ASSERT_MSG_EQ(first, "rate (KB/s),class 1a,1200,1221,1.75", "a row with a model");
        NS_TEST_ASSERT_MSG_EQ(second, "drops (pkts),link A,,3,", "a row without a model");
        std::string third;
        std::getline(in, third);
        NS_TEST_ASSERT_MSG_EQ(third,
                              "queue mean (pkts),\"AVQ, 20 \"\"flows\"\"\",,2,",
                              "RFC 4180: a field with a comma or quote is quoted, quotes doubled");
    }
};

/**
 * \ingroup dualcc
 * ComparisonTable::Print: each column is at least as wide as its widest number plus one space,
 * so wide numbers never merge ("730.0018905902298.6"); ordinary rows keep the usual widths
 * (quantity and entity padded by 2, model and simulation right-aligned in 12, error % in 10).
 * Expected lines written by hand.
 */
class ComparisonTablePrintTestCase : public TestCase
{
  public:
    ComparisonTablePrintTestCase()
        : TestCase("comparison table: wide numbers keep a space between columns")
    {
    }

  private:
    void DoRun() override
    {
        // Ordinary numbers: quantity "rate (KB/s)" is 11 wide (+2), entity "class 1a" 8 (+2);
        // (1224 - 1200) / 1200 = 2.0 %.
        ComparisonTable usual("t");
        usual.Add("rate (KB/s)", "class 1a", 1200, 1224);
        std::ostringstream a;
        usual.Print(a);
        NS_TEST_EXPECT_MSG_EQ(a.str(),
                              "t\n"
                              "quantity     entity           model  simulation   error %\n"
                              "rate (KB/s)  class 1a       1200.00     1224.00       2.0\n",
                              "usual widths");

        // Wide numbers: "10000000000.00" (14) and "2000000000000.00" (16) widen their columns
        // to 15 and 17; error (2e12 - 1e10) / 1e10 = 19900 % ("19900.0", fits in 10).
        ComparisonTable wide("");
        wide.Add("q", "e", 1e10, 2e12);
        std::ostringstream b;
        wide.Print(b);
        NS_TEST_EXPECT_MSG_EQ(b.str(),
                              "quantity  entity            model       simulation   error %\n"
                              "q         e        10000000000.00 2000000000000.00   19900.0\n",
                              "wide numbers stay apart");

        // A small value that would read 0.00 gets three significant digits (1.29e-05, 8 wide);
        // 0 stays 0.00 (and has no error); (1.5e-5 - 1.29e-5) / 1.29e-5 = 16.3 %.
        ComparisonTable small("");
        small.Add("q", "e", 1.29e-5, 1.5e-5);
        small.Add("q", "f", 0, 0.004);
        std::ostringstream c;
        small.Print(c);
        NS_TEST_EXPECT_MSG_EQ(c.str(),
                              "quantity  entity         model  simulation   error %\n"
                              "q         e           1.29e-05    1.50e-05      16.3\n"
                              "q         f               0.00    4.00e-03         -\n",
                              "small values keep their digits");
    }
};

NS_OBJECT_ENSURE_REGISTERED(TestMarkingQueueDisc);

/**
 * \ingroup dualcc
 * A short-flow class' sinks run the class' congestion control, as a persistent class' do: with
 * TcpFastEcn the receiver echoes each CE mark on exactly one ACK (EcnMarksAsPrice; an ACK per
 * segment here), so the pure ACKs with ECN-Echo on the way back equal the data packets marked
 * on the way out (no flow arrives in the last 2 s, so none is in flight at the end). A sink left on
 * ns-3's default congestion control (TcpCubic, TcpSocketBase's receiver) echoes until the sender's
 * CWR, many ACKs per mark, which a FAST-ECN source counts as marks (its price estimate was 5 times
 * REM's in fast-mice).
 */
class NetworkHelperShortFlowSinkTestCase : public TestCase
{
  public:
    NetworkHelperShortFlowSinkTestCase()
        : TestCase("short-flow sinks run the class' congestion control (FAST-ECN echoes each "
                   "mark once)")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        std::istringstream text(
            "set packetSize=1000 accessRate=100Mbps sinkAccessDelay=1ms startJitter=0s\n"
            "link L R1 R2 rate=10Mbps delay=5ms queue=ns3::TestMarkingQueueDisc "
            "reverseQueue=ns3::TestMarkingQueueDisc\n"
            "class m flows=1 route=L rtt=40ms traffic=short arrivalRate=2 size=100 "
            "sizeDistribution=fixed tcp=ns3::TcpFastEcn ecn=on stop=8s\n");
        NetworkHelper helper(NetworkDescription::Parse(text, "test"));
        helper.GetTcpDefaults().delAckCount = 1;
        helper.GetMonitor().SetMeasurementWindow(Seconds(0), Seconds(10));
        helper.Install();
        Ptr<TestMarkingQueueDisc> forward =
            DynamicCast<TestMarkingQueueDisc>(helper.GetNetwork().GetQueueDisc("L"));
        const Ptr<NetDevice> back = helper.GetNetwork().GetLinkDevices("L").Get(1);
        Ptr<TestMarkingQueueDisc> reverse = DynamicCast<TestMarkingQueueDisc>(
            back->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(back));
        NS_TEST_ASSERT_MSG_NE(forward, nullptr, "the forward queue disc is the test's");
        NS_TEST_ASSERT_MSG_NE(reverse, nullptr, "the reverse queue disc is the test's");
        forward->SetMarkProbability(0.05);
        helper.Run(Seconds(10), false);
        const uint32_t marks = forward->GetStats().nTotalMarkedPackets;
        NS_TEST_ASSERT_MSG_GT(marks, 20, "precondition: data packets marked");
        NS_TEST_EXPECT_MSG_EQ(reverse->GetEchoingAcks(), marks, "one echoing ACK per mark");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
/**
 * \ingroup dualcc-tests
 * DistributedRun's partition of routers over MPI ranks, by hand: contiguous blocks, the first
 * routers on rank 0; a sequential run (no MPI) has one rank, and every node is local.
 */
class DistributedRunPartitionTestCase : public TestCase
{
  public:
    DistributedRunPartitionTestCase()
        : TestCase("MPI partition: routers per rank by hand, too many ranks refused")
    {
    }

  private:
    void DoRun() override
    {
        using Ranks = std::vector<uint32_t>;
        // Dumbbell R1, R2 on two ranks: R1 (and the sources) on 0, R2 (and the sinks) on 1.
        NS_TEST_ASSERT_MSG_EQ((DistributedRun::PartitionRouters(2, 2) == Ranks{0, 1}),
                              true,
                              "dumbbell, 2 ranks");
        // 5 routers, 2 ranks: i * 2 / 5 = 0, 0, 0, 1, 1.
        NS_TEST_ASSERT_MSG_EQ((DistributedRun::PartitionRouters(5, 2) == Ranks{0, 0, 0, 1, 1}),
                              true,
                              "5 routers, 2 ranks");
        // 4 routers, 3 ranks: i * 3 / 4 = 0, 0, 1, 2.
        NS_TEST_ASSERT_MSG_EQ((DistributedRun::PartitionRouters(4, 3) == Ranks{0, 0, 1, 2}),
                              true,
                              "4 routers, 3 ranks");
        NS_TEST_ASSERT_MSG_EQ((DistributedRun::PartitionRouters(3, 1) == Ranks{0, 0, 0}),
                              true,
                              "one rank");
        NS_TEST_ASSERT_MSG_EQ(ThrowsInvalidArgument([] { DistributedRun::PartitionRouters(2, 3); },
                                                    "valid: 1 to 2 ranks"),
                              true,
                              "more ranks than routers");
        NS_TEST_ASSERT_MSG_EQ(ThrowsInvalidArgument([] { DistributedRun::PartitionRouters(2, 0); },
                                                    "valid: 1 to 2 ranks"),
                              true,
                              "no rank");
        // Not started by mpirun: one rank, which writes the output and owns every node.
        NS_TEST_ASSERT_MSG_EQ(DistributedRun::GetSize(), 1, "sequential: one rank");
        NS_TEST_ASSERT_MSG_EQ(DistributedRun::IsDistributed(), false, "sequential");
        NS_TEST_ASSERT_MSG_EQ(DistributedRun::IsOutputRank(), true, "rank 0 writes");
        NS_TEST_ASSERT_MSG_EQ(DistributedRun::IsLocal(CreateObject<Node>(1)), true, "all local");
        // Without MPI, a sum over the ranks is the value itself.
        std::vector<double> values{1.5, 2};
        DistributedRun::SumOverRanks(values);
        NS_TEST_ASSERT_MSG_EQ((values == std::vector<double>{1.5, 2}), true, "one rank's sum");
        Simulator::Destroy(); // the node
    }
};

/**
 * \ingroup dualcc-tests
 * RankPartition on the five-class dumbbell (5 classes of 10 flows, 480 Mb/s, 1 ms), by hand:
 * every flow's fair share r = 480 / 50 = 9.6 Mb/s; R1's rank starts with 50 (3.5 + 4 + 1) r =
 * 425 r (sources, R1, the bottleneck's queue), R2's with 50 (4 + 2) r = 300 r (R2, sinks). Each
 * source moved to rank 1 takes 3.5 r and adds 2 x 0.5 r of crossings to both: rank 0 -2.5 r,
 * rank 1 +4.5 r, while 300 + 4.5 k + 4.5 < 425 - 2.5 k, i.e. k = 0 ... 17: 18 sources (flows 0
 * to 2 of every class, then flow 3 of classes 0 to 2), loads 380 r and 381 r. No source moves
 * with access jitter, with an access delay below the bottleneck's (the lookahead), without
 * balancing, or on one rank.
 */
class RankPartitionTestCase : public TestCase
{
  public:
    RankPartitionTestCase()
        : TestCase("MPI partition: hosts balanced over the ranks, by hand")
    {
    }

  private:
    /// \param bottleneckDelay its delay \param rtt zero: the paper's RTTs, else every class'
    static NetworkDescription FiveClass(Time bottleneckDelay, Time rtt = Time(0))
    {
        DumbbellDescription::Parameters p;
        p.rate = DataRate("480Mbps");
        p.delay = bottleneckDelay;
        NetworkDescription d = DumbbellDescription::Create(p);
        const std::vector<double> rtts{15, 15, 20, 30, 40};
        for (std::size_t c = 0; c < rtts.size(); ++c)
        {
            DumbbellDescription::AddClass(d,
                                          std::to_string(c),
                                          10,
                                          rtt.IsZero() ? MilliSeconds(rtts[c]) : rtt);
        }
        d.Validate();
        return d;
    }

    /// \return the sources on rank 1, as class * 10 + flow
    static std::vector<uint32_t> MovedSources(const RankPartition& partition)
    {
        std::vector<uint32_t> moved;
        for (std::size_t c = 0; c < 5; ++c)
        {
            for (uint32_t i = 0; i < 10; ++i)
            {
                if (partition.GetSourceRank(c, i) == 1)
                {
                    moved.push_back(static_cast<uint32_t>(c * 10 + i));
                }
            }
        }
        return moved;
    }

    void DoRun() override
    {
        const double r = 9.6e6;
        const RankPartition balanced(FiveClass(MilliSeconds(1)), 2, true);
        NS_TEST_ASSERT_MSG_EQ(balanced.GetRouterRank("R1"), 0, "R1 on rank 0");
        NS_TEST_ASSERT_MSG_EQ(balanced.GetRouterRank("R2"), 1, "R2 on rank 1");
        std::vector<uint32_t> expected;
        for (uint32_t c = 0; c < 5; ++c)
        {
            for (uint32_t i = 0; i < 10; ++i)
            {
                if (i < 3 || (i == 3 && c < 3))
                {
                    expected.push_back(c * 10 + i);
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ((MovedSources(balanced) == expected), true, "18 sources moved");
        NS_TEST_EXPECT_MSG_EQ_TOL(balanced.GetLoads()[0], 380 * r, 1e-9 * r, "rank 0's load");
        NS_TEST_EXPECT_MSG_EQ_TOL(balanced.GetLoads()[1], 381 * r, 1e-9 * r, "rank 1's load");
        for (uint32_t i = 0; i < 10; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(balanced.GetSinkRank(4, i), 1, "sinks stay with R2");
        }
        NetworkDescription jitter = FiveClass(MilliSeconds(1));
        jitter.accessJitter = MilliSeconds(1);
        // Sources 7.5 - 5 - 1 = 1.5 ms from R1, under the 5 ms bottleneck (the lookahead).
        for (const RankPartition& still :
             {RankPartition(jitter, 2, true),
              RankPartition(FiveClass(MilliSeconds(5), MilliSeconds(15)), 2, true),
              RankPartition(FiveClass(MilliSeconds(1)), 2, false)})
        {
            NS_TEST_EXPECT_MSG_EQ(MovedSources(still).size(), 0, "no source moved");
            NS_TEST_EXPECT_MSG_EQ_TOL(still.GetLoads()[0], 425 * r, 1e-9 * r, "rank 0's load");
            NS_TEST_EXPECT_MSG_EQ_TOL(still.GetLoads()[1], 300 * r, 1e-9 * r, "rank 1's load");
        }
        const RankPartition one(FiveClass(MilliSeconds(1)), 1, true);
        NS_TEST_EXPECT_MSG_EQ(one.GetSourceRank(0, 0) + one.GetSinkRank(4, 9) +
                                  one.GetRouterRank("R2"),
                              0,
                              "one rank: all on rank 0");
    }
};

/**
 * \ingroup dualcc
 * NetworkHelper::SetTracing() (the examples' --pcap and --flowmon): ns-3's FlowMonitor XML has
 * the network's flows (two per TCP connection: data and ACKs), the pcap files of the link's two
 * devices are PPP captures with packets in them, the measurements are exactly those of the same
 * run without tracing, and an unknown link is refused naming the valid ones.
 */
class NetworkHelperTracingTestCase : public TestCase
{
  public:
    NetworkHelperTracingTestCase()
        : TestCase("--pcap and --flowmon: the files, the same measurements, refusals")
    {
    }

  private:
    /// What a run measures. \param tracing the tracing \return class rates, link backlogs
    std::vector<double> Measure(const NetworkHelper::Tracing& tracing)
    {
        NetworkHelper::SetTracing(tracing);
        NetworkHelper helper(Describe(R"(
            set packetSize=1000 accessRate=100Mbps startJitter=50ms
            link A R1 R2 rate=10Mbps delay=2ms buffer=30
            link B R2 R3 rate=20Mbps delay=2ms
            class c flows=2 route=A,B rtt=20ms tcp=ns3::TcpNewReno
            class d flows=1 route=B rtt=30ms tcp=ns3::TcpNewReno
        )"));
        helper.GetBuilder().AssignStreams(3);
        helper.GetMonitor().SetMeasurementWindow(Seconds(1), Seconds(3));
        helper.Install();
        helper.Run(Seconds(3), false);
        m_pcapNames.clear();
        const NetDeviceContainer devices = helper.GetNetwork().GetLinkDevices("A");
        for (uint32_t i = 0; i < devices.GetN(); ++i)
        {
            // PointToPointHelper's pcap file name: -<node id>-<device index>.pcap
            m_pcapNames.push_back("-A-" + std::to_string(devices.Get(i)->GetNode()->GetId()) + "-" +
                                  std::to_string(devices.Get(i)->GetIfIndex()) + ".pcap");
        }
        std::vector<double> values;
        for (const std::string c : {"c", "d"})
        {
            const TestbedMonitor::ClassMeasurement m = helper.GetMonitor().GetClassMeasurement(c);
            values.insert(values.end(), {m.rateKBps, m.rttMs, m.cwndPackets});
        }
        for (const std::string l : {"A", "B"})
        {
            const TestbedMonitor::LinkMeasurement m = helper.GetMonitor().GetLinkMeasurement(l);
            values.insert(values.end(),
                          {m.backlogPackets, m.utilization, static_cast<double>(m.drops)});
        }
        Simulator::Destroy();
        NetworkHelper::SetTracing({});
        return values;
    }

    /// \param text a file's contents \param what a string \return how often it occurs
    static std::size_t Count(const std::string& text, const std::string& what)
    {
        std::size_t n = 0;
        for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        {
            ++n;
        }
        return n;
    }

    void DoRun() override
    {
        const std::vector<double> plain = Measure({});
        NetworkHelper::Tracing tracing;
        tracing.pcapLink = "A";
        tracing.pcapPrefix = CreateTempDirFilename("net");
        tracing.flowmonFile = CreateTempDirFilename("flows.xml");
        const std::vector<double> traced = Measure(tracing);
        NS_TEST_ASSERT_MSG_EQ(plain.size(), traced.size(), "same figures");
        for (std::size_t i = 0; i < plain.size(); ++i)
        {
            // Exactly: the tracing only listens.
            NS_TEST_EXPECT_MSG_EQ(plain[i], traced[i], "figure " << i << " unchanged by tracing");
        }

        std::ifstream xmlFile(tracing.flowmonFile);
        std::stringstream xml;
        xml << xmlFile.rdbuf();
        const std::string stats = xml.str().substr(0, xml.str().find("</FlowStats>"));
        // 3 TCP connections, each a data flow and an ACK flow, all classified.
        NS_TEST_ASSERT_MSG_EQ(Count(stats, "<Flow flowId="), 6, "FlowStats: 6 flows");
        NS_TEST_ASSERT_MSG_EQ(Count(xml.str(), "<Flow flowId="), 12, "and 6 classified");
        NS_TEST_ASSERT_MSG_EQ(Count(stats, "txPackets=\"0\""), 0, "every flow sent");

        NS_TEST_ASSERT_MSG_EQ(m_pcapNames.size(), 2, "a link has two devices");
        for (const std::string& name : m_pcapNames)
        {
            const std::string path = tracing.pcapPrefix + name;
            std::ifstream pcap(path, std::ios::binary);
            NS_TEST_ASSERT_MSG_EQ(pcap.good(), true, path << " written");
            std::vector<char> header(24);
            pcap.read(header.data(), header.size());
            // The global header's link type (little-endian, bytes 20-23): 9, PPP.
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(header[20]), 9, path << ": PPP link type");
            pcap.seekg(0, std::ios::end);
            NS_TEST_EXPECT_MSG_GT(static_cast<long>(pcap.tellg()), 24 + 16 + 1000, "packets");
        }

        tracing.pcapLink = "Z";
        const std::string message = InvalidArgumentMessage([this, &tracing] { Measure(tracing); });
        Simulator::Destroy();
        NetworkHelper::SetTracing({});
        NS_TEST_EXPECT_MSG_EQ(message, "--pcap=Z: no such link; valid: all, A, B", "refused");
    }

    std::vector<std::string> m_pcapNames; //!< link A's pcap files, after the prefix
};

/**
 * \ingroup dualcc
 * TcpDefaults::UseNs2Reno(): the ns-3 defaults a socket then gets are ns-2.1b7a's Agent/TCP
 * (tcl/lib/ns-default.tcl, tcp/tcp.cc; doc/validation.rst): RTO floor 2 tcpTick_ = 200 ms, timer
 * granularity tcpTick_ = 100 ms, windowInit_ 1, an ACK per packet (TCPSink), srtt gain 1/8
 * (T_SRTT_BITS 3), no SACK, no Limited Transmit (singledup_ 0), classic fast recovery, ecn()'s
 * integer halving (TcpSubPacketSocket::Ns2Halving), window_ 20 (MaxWindow); segment size and send
 * buffer kept. Without it, ns-3's MinRto (1 s), ClockGranularity (1 ms), SACK, PRR and Ns2Halving
 * false stand. Fails if the profile's fields are applied when unset or not at all.
 */
class TcpDefaultsNs2RenoTestCase : public TestCase
{
  public:
    TcpDefaultsNs2RenoTestCase()
        : TestCase("TcpDefaults::UseNs2Reno sets ns-2.1b7a's Reno; the default leaves ns-3's")
    {
    }

  private:
    /// What a new socket's attributes are.
    struct Socket
    {
        Time minRto;           //!< TcpSocketBase::MinRto
        Time clockGranularity; //!< TcpSocketBase::ClockGranularity
        uint64_t initialCwnd;  //!< TcpSocket::InitialCwnd
        uint64_t delAckCount;  //!< TcpSocket::DelAckCount
        uint64_t segmentSize;  //!< TcpSocket::SegmentSize
        uint64_t sndBuf;       //!< TcpSocket::SndBufSize
        bool sack;             //!< TcpSocketBase::Sack
        bool limitedTransmit;  //!< TcpSocketBase::LimitedTransmit
        std::string recovery;  //!< TcpL4Protocol::RecoveryType
        double rttAlpha;       //!< RttMeanDeviation::Alpha
        bool ns2Halving;       //!< TcpSubPacketSocket::Ns2Halving
        bool ns2Loss;          //!< TcpSubPacketSocket::Ns2LossResponse
        bool keepBackoff;      //!< TcpSubPacketSocket::KeepBackoff
        uint64_t maxWindow;    //!< TcpSubPacketSocket::MaxWindow
    };

    /// \param defaults applied before the objects are created \return their attributes
    static Socket Read(const TcpDefaults& defaults)
    {
        Config::Reset();
        defaults.Apply();
        Ptr<TcpSocketBase> tcp = CreateObject<TcpSocketBase>();
        auto time = [tcp](const std::string& name) {
            TimeValue v;
            tcp->GetAttribute(name, v);
            return v.Get();
        };
        auto count = [tcp](const std::string& name) {
            UintegerValue v;
            tcp->GetAttribute(name, v);
            return v.Get();
        };
        auto flag = [tcp](const std::string& name) {
            BooleanValue v;
            tcp->GetAttribute(name, v);
            return v.Get();
        };
        TypeIdValue recovery;
        CreateObject<TcpL4Protocol>()->GetAttribute("RecoveryType", recovery);
        DoubleValue alpha;
        CreateObject<RttMeanDeviation>()->GetAttribute("Alpha", alpha);
        BooleanValue ns2Halving;
        BooleanValue ns2Loss;
        BooleanValue keepBackoff;
        Ptr<TcpSubPacketSocket> sub = CreateObject<TcpSubPacketSocket>();
        sub->GetAttribute("Ns2Halving", ns2Halving);
        sub->GetAttribute("Ns2LossResponse", ns2Loss);
        sub->GetAttribute("KeepBackoff", keepBackoff);
        UintegerValue maxWindow;
        sub->GetAttribute("MaxWindow", maxWindow);
        const Socket s{time("MinRto"),
                       time("ClockGranularity"),
                       count("InitialCwnd"),
                       count("DelAckCount"),
                       count("SegmentSize"),
                       count("SndBufSize"),
                       flag("Sack"),
                       flag("LimitedTransmit"),
                       recovery.Get().GetName(),
                       alpha.Get(),
                       ns2Halving.Get(),
                       ns2Loss.Get(),
                       keepBackoff.Get(),
                       maxWindow.Get()};
        Config::Reset();
        return s;
    }

    /// Compare every attribute. \param got read \param expected by hand \param what the case
    void Check(const Socket& got, const Socket& expected, const std::string& what)
    {
        NS_TEST_EXPECT_MSG_EQ(got.minRto, expected.minRto, what << ": MinRto");
        NS_TEST_EXPECT_MSG_EQ(got.clockGranularity,
                              expected.clockGranularity,
                              what << ": ClockGranularity");
        NS_TEST_EXPECT_MSG_EQ(got.initialCwnd, expected.initialCwnd, what << ": InitialCwnd");
        NS_TEST_EXPECT_MSG_EQ(got.delAckCount, expected.delAckCount, what << ": DelAckCount");
        NS_TEST_EXPECT_MSG_EQ(got.segmentSize, expected.segmentSize, what << ": SegmentSize");
        NS_TEST_EXPECT_MSG_EQ(got.sndBuf, expected.sndBuf, what << ": SndBufSize");
        NS_TEST_EXPECT_MSG_EQ(got.sack, expected.sack, what << ": Sack");
        NS_TEST_EXPECT_MSG_EQ(got.limitedTransmit,
                              expected.limitedTransmit,
                              what << ": LimitedTransmit");
        NS_TEST_EXPECT_MSG_EQ(got.recovery, expected.recovery, what << ": RecoveryType");
        NS_TEST_EXPECT_MSG_EQ_TOL(got.rttAlpha, expected.rttAlpha, 1e-12, what << ": Alpha");
        NS_TEST_EXPECT_MSG_EQ(got.ns2Halving, expected.ns2Halving, what << ": Ns2Halving");
        NS_TEST_EXPECT_MSG_EQ(got.ns2Loss, expected.ns2Loss, what << ": Ns2LossResponse");
        NS_TEST_EXPECT_MSG_EQ(got.keepBackoff, expected.keepBackoff, what << ": KeepBackoff");
        NS_TEST_EXPECT_MSG_EQ(got.maxWindow, expected.maxWindow, what << ": MaxWindow");
    }

    void DoRun() override
    {
        TcpDefaults plain;
        plain.segmentSize = 958;
        // ns-3's MinRto, ClockGranularity, SACK, Limited Transmit and PRR stand; the testbed's
        // InitialCwnd 2, DelAckCount 1, 4 MB buffers and RTT gain 1.
        Check(Read(plain),
              {Seconds(1),
               MilliSeconds(1),
               2,
               1,
               958,
               4 * 1024 * 1024,
               true,
               true,
               "ns3::TcpPrrRecovery",
               1.0,
               false,
               false,
               false,
               0},
              "default");
        TcpDefaults ns2 = plain;
        ns2.buffer = 64 * 1024;
        ns2.UseNs2Reno();
        // 2 tcpTick_ (no minrto_), tcpTick_ 0.1 s, windowInit_ 1, TCPSink's ACK per packet,
        // segment size and send buffer kept, no SACK, singledup_ 0, Reno's window inflation,
        // T_SRTT_BITS 3 (gain 1/8), ecn()'s integer halving, Reno's loss responses in the same
        // arithmetic, t_backoff_ kept until a valid sample, window_ 20 packets.
        Check(Read(ns2),
              {MilliSeconds(200),
               MilliSeconds(100),
               1,
               1,
               958,
               64 * 1024,
               false,
               false,
               "ns3::TcpClassicRecovery",
               0.125,
               true,
               true,
               true,
               20},
              "UseNs2Reno");
    }
};

class NetworkHelperTestSuite : public TestSuite
{
  public:
    NetworkHelperTestSuite()
        : TestSuite("dualcc-network-helper", TestSuite::Type::UNIT)
    {
        AddTestCase(new NetworkHelperLoneFlowTestCase);
        AddTestCase(new NetworkHelperChainTestCase);
        AddTestCase(new NetworkHelperEcnTestCase("tcp=ns3::TcpNewReno", "NewReno"));
        AddTestCase(new NetworkHelperEcnTestCase(
            "tcp=ns3::TcpDualVegas alpha=4 alphaUnit=1ms tcp.PriceSource=EcnMarks tcp.Phi=1.2",
            "TcpDualVegas, price from marks"));
        AddTestCase(new NetworkHelperShortFlowSinkTestCase);
        AddTestCase(new NetworkHelperDiscStreamsTestCase);
        AddTestCase(new ComparisonTableTestCase);
        AddTestCase(new DistributedRunPartitionTestCase);
        AddTestCase(new RankPartitionTestCase);
        AddTestCase(new ComparisonTablePrintTestCase);
        AddTestCase(new NetworkHelperTracingTestCase);
        AddTestCase(new TcpDefaultsNs2RenoTestCase);
    }
};

/// The suite's only instance.
static NetworkHelperTestSuite g_networkHelperTestSuite;
