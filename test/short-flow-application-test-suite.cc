/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of ShortFlowApplication against numbers computed by hand: the bytes each flow delivers
// (FlowSize segments), the completion time of flows on an idle path (handshake plus slow start:
// 5 round trips for 20 segments from an initial window of 2), the number of Poisson arrivals
// in a window (lambda T within 4 standard deviations, sqrt(lambda T)), the attribute ranges, and
// web sessions (Sessions > 0) with fixed laws: pages, objects and bytes counted by hand.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/short-flow-application.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ShortFlowApplicationTestSuite");

namespace
{

/// Data bytes per segment: 1000-byte packets minus 42 bytes of TCP/IP/PPP headers.
constexpr uint32_t SEGMENT_SIZE = 958;

/// A source and a sink joined by one point-to-point link, with one ShortFlowApplication.
struct TwoHosts
{
    Ptr<ShortFlowApplication> app; //!< the short flows
    Ptr<PacketSink> sink;          //!< their sink
};

/**
 * Build source --(rate, delay)-- sink with a ShortFlowApplication on the source.
 * \param rate link rate
 * \param delay one-way delay
 * \param arrivalRate flows per second
 * \param start application start
 * \param stop application stop
 * \return the application and the sink
 */
TwoHosts
Build(DataRate rate, Time delay, double arrivalRate, Time start, Time stop)
{
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(SEGMENT_SIZE));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    NodeContainer nodes;
    nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    NetDeviceContainer devices = p2p.Install(nodes);
    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper address("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = address.Assign(devices);
    const uint16_t port = 9;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApps = sinkHelper.Install(nodes.Get(1));
    sinkApps.Start(Seconds(0));
    TwoHosts hosts;
    hosts.sink = DynamicCast<PacketSink>(sinkApps.Get(0));
    hosts.app = CreateObject<ShortFlowApplication>();
    hosts.app->SetAttribute("Remote",
                            AddressValue(InetSocketAddress(interfaces.GetAddress(1), port)));
    hosts.app->SetAttribute("ArrivalRate", DoubleValue(arrivalRate));
    hosts.app->AssignStreams(7);
    nodes.Get(0)->AddApplication(hosts.app);
    hosts.app->SetStartTime(start);
    hosts.app->SetStopTime(stop);
    return hosts;
}

/**
 * \param value a constant
 * \return a random variable that always gives it
 */
Ptr<RandomVariableStream>
CreateConstant(double value)
{
    Ptr<ConstantRandomVariable> c = CreateObject<ConstantRandomVariable>();
    c->SetAttribute("Constant", DoubleValue(value));
    return c;
}

} // namespace

/**
 * \ingroup dualcc
 * Flows on an idle 100 Mb/s path with a 100 ms RTT: every flow completes and delivers exactly
 * 20 segments (20 x 958 bytes); each lasts the handshake plus 4 slow-start rounds (2, 4, 8, 6
 * segments with an initial window of 2 and an ACK per segment), i.e. 5 RTTs, plus at most the
 * transmission times of its 20 packets and their ACKs.
 */
class ShortFlowBytesTestCase : public TestCase
{
  public:
    ShortFlowBytesTestCase()
        : TestCase("each flow delivers 20 segments in 5 round trips")
    {
    }

  private:
    /// Trace sink of FlowCompleted. \param duration the flow's duration
    void OnCompleted(Time duration)
    {
        m_durations.push_back(duration);
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const Time delay = MilliSeconds(50);
        TwoHosts hosts = Build(DataRate("100Mbps"), delay, 2.0, Seconds(1), Seconds(11));
        hosts.app->TraceConnectWithoutContext(
            "FlowCompleted",
            MakeCallback(&ShortFlowBytesTestCase::OnCompleted, this));
        Simulator::Stop(Seconds(20));
        Simulator::Run();

        const uint64_t arrivals = hosts.app->GetArrivals();
        NS_TEST_ASSERT_MSG_GT(arrivals, 0, "some flows arrived");
        NS_TEST_ASSERT_MSG_EQ(hosts.app->GetCompletedFlows(), arrivals, "every flow completed");
        NS_TEST_ASSERT_MSG_EQ(hosts.app->GetActiveFlows(), 0, "no flow left open");
        NS_TEST_ASSERT_MSG_EQ(hosts.app->GetFlowBytes(), 20 * SEGMENT_SIZE, "20 segments");
        NS_TEST_ASSERT_MSG_EQ(hosts.sink->GetTotalRx(),
                              arrivals * 20 * SEGMENT_SIZE,
                              "the sink received 20 segments per flow");
        NS_TEST_ASSERT_MSG_EQ(m_durations.size(), arrivals, "one FlowCompleted per flow");
        // 5 RTTs of 100 ms; 20 packets of 1000 bytes and 20 ACKs of 42 bytes at 100 Mb/s take
        // 20 x 80 us + 20 x 3.36 us = 1.67 ms; allow that plus the handshake's 3 packets.
        const Time rtt = 2 * delay;
        const Time lower = 5 * rtt;
        const Time upper = lower + MicroSeconds(1700);
        const auto [shortest, longest] =
            std::minmax_element(m_durations.begin(), m_durations.end());
        NS_TEST_ASSERT_MSG_GT_OR_EQ(*shortest, lower, "no flow is faster than 5 RTTs");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(*longest, upper, "no flow is slower than 5 RTTs + tx");
        Simulator::Destroy();
    }

    std::vector<Time> m_durations; //!< completed flows' durations
};

/**
 * \ingroup dualcc
 * Poisson arrivals: over T = 50 s at lambda = 20 flows/s the count is Poisson with mean and
 * variance lambda T = 1000; with the fixed stream it must lie within 4 standard deviations
 * (1000 +- 126.5). Arrivals happen only while the application runs.
 */
class ShortFlowPoissonTestCase : public TestCase
{
  public:
    ShortFlowPoissonTestCase()
        : TestCase("arrivals over T are lambda T within a Poisson tolerance")
    {
    }

  private:
    /// Record the arrival count at \p t. \param app the application
    void Count(Ptr<ShortFlowApplication> app)
    {
        m_counts.push_back(app->GetArrivals());
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const double lambda = 20;
        const double window = 50;
        TwoHosts hosts =
            Build(DataRate("1Gbps"), MilliSeconds(1), lambda, Seconds(2), Seconds(2 + window));
        Simulator::Schedule(Seconds(1.9), &ShortFlowPoissonTestCase::Count, this, hosts.app);
        Simulator::Stop(Seconds(window + 10));
        Simulator::Run();
        const double expected = lambda * window;
        const double arrivals = static_cast<double>(hosts.app->GetArrivals());
        NS_TEST_ASSERT_MSG_EQ(m_counts.at(0), 0, "no arrival before the start");
        NS_TEST_ASSERT_MSG_EQ_TOL(arrivals,
                                  expected,
                                  4 * std::sqrt(expected),
                                  "Poisson count within 4 sigma");
        NS_TEST_ASSERT_MSG_EQ(hosts.app->GetCompletedFlows(),
                              hosts.app->GetArrivals(),
                              "every flow completed");
        Simulator::Destroy();
    }

    std::vector<uint64_t> m_counts; //!< counts recorded
};

/**
 * \ingroup dualcc
 * ArrivalRate 0: no flow arrives. Out-of-range attributes are rejected by their checkers.
 */
class ShortFlowAttributesTestCase : public TestCase
{
  public:
    ShortFlowAttributesTestCase()
        : TestCase("rate 0 sends nothing; attribute ranges")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ShortFlowApplication> app = CreateObject<ShortFlowApplication>();
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("ArrivalRate", DoubleValue(-1)),
                              false,
                              "negative rate");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("ArrivalRate", DoubleValue(2e6)),
                              false,
                              "rate above 1e6");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("FlowSize", UintegerValue(0)),
                              false,
                              "empty flows");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("TimeWaitLifetime", TimeValue(Seconds(-1))),
                              false,
                              "negative TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("FlowSize", UintegerValue(1)),
                              true,
                              "one segment");
        UintegerValue size;
        Ptr<ShortFlowApplication> fresh = CreateObject<ShortFlowApplication>();
        fresh->GetAttribute("FlowSize", size);
        NS_TEST_ASSERT_MSG_EQ(size.Get(), 20, "default: the paper's 20 packets");

        TwoHosts hosts = Build(DataRate("10Mbps"), MilliSeconds(10), 0, Seconds(0), Seconds(5));
        Simulator::Stop(Seconds(6));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(hosts.app->GetArrivals(), 0, "rate 0: no arrivals");
        NS_TEST_ASSERT_MSG_EQ(hosts.sink->GetTotalRx(), 0, "nothing received");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * Web sessions with every law fixed, on an idle 100 Mb/s link of 5 ms (RTT 10 ms), 3 sessions:
 * each page is a main object and 2 embedded ones (3 objects of 2 segments), 0.1 s of active OFF
 * between objects, 1 s of think time before every page (the first included). An object of 2
 * segments with an initial window of 2 lasts 2 RTTs (handshake, then both segments and their
 * ACKs): 20 ms plus at most 1 ms of transmission (6 packets of 1000 bytes at 100 Mb/s, 0.5 ms).
 * A page cycle is 1 + 3 x 0.020 + 2 x 0.1 = 1.26 s (at most 1.263 s): 8 pages complete by
 * 8 x 1.263 = 10.1 s, and the 9th page's first request comes at 8 x 1.26 + 1 = 11.08 s, after
 * the stop at 10.5 s. So each session completes 8 pages and 24 objects: 24 pages, 72 objects,
 * 72 x 2 x 958 bytes in all, each object 20 to 21 ms, each page 0.26 to 0.263 s.
 */
class WebSessionHandCountTestCase : public TestCase
{
  public:
    WebSessionHandCountTestCase()
        : TestCase("fixed laws: pages, objects and bytes counted by hand")
    {
    }

  private:
    /// Trace sink of PageCompleted. \param duration the page's duration
    void OnPage(Time duration)
    {
        m_pages.push_back(duration);
    }

    void DoRun() override
    {
        TwoHosts hosts = Build(DataRate("100Mbps"), MilliSeconds(5), 0, Seconds(0), Seconds(10.5));
        Ptr<ShortFlowApplication> app = hosts.app;
        Ptr<PacketSink> sink = hosts.sink;
        app->SetAttribute("Sessions", UintegerValue(3));
        app->SetAttribute("FlowSize", UintegerValue(2));
        app->SetAttribute("EmbeddedObjectsVariable", PointerValue(CreateConstant(2)));
        app->SetAttribute("ActiveOffVariable", PointerValue(CreateConstant(0.1)));
        app->SetAttribute("ThinkTimeVariable", PointerValue(CreateConstant(1)));
        app->TraceConnectWithoutContext("PageCompleted",
                                        MakeCallback(&WebSessionHandCountTestCase::OnPage, this));
        Simulator::Stop(Seconds(12));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(app->GetCompletedPages(), 24, "8 pages a session, 3 sessions");
        NS_TEST_ASSERT_MSG_EQ(app->GetCompletedFlows(), 72, "3 objects a page");
        NS_TEST_ASSERT_MSG_EQ(app->GetArrivals(), 72, "no object requested after the stop");
        NS_TEST_ASSERT_MSG_EQ(app->GetCompletedBytes(), 72 * 2 * SEGMENT_SIZE, "2 segments each");
        NS_TEST_ASSERT_MSG_EQ(sink->GetTotalRx(), 72 * 2 * SEGMENT_SIZE, "the sink got them");
        const double meanMs = app->GetCompletionTimeSum().GetSeconds() * 1000 / 72;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(meanMs, 20.0, "an object takes 2 RTTs");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(meanMs, 21.0, "2 RTTs plus transmission");
        NS_TEST_ASSERT_MSG_EQ(m_pages.size(), 24, "one PageCompleted a page");
        for (Time page : m_pages)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(page, MilliSeconds(260), "3 objects and 2 active OFFs");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(page, MilliSeconds(263), "3 objects and 2 active OFFs");
        }
        Simulator::Destroy();
    }

    std::vector<Time> m_pages; //!< completed pages' durations
};

/**
 * \ingroup dualcc
 * Out-of-range Sessions is rejected by its checker.
 */
class WebSessionAttributesTestCase : public TestCase
{
  public:
    WebSessionAttributesTestCase()
        : TestCase("Sessions range")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ShortFlowApplication> app = CreateObject<ShortFlowApplication>();
        NS_TEST_ASSERT_MSG_EQ(
            app->SetAttributeFailSafe("Sessions",
                                      UintegerValue(ShortFlowApplication::MAX_SESSIONS + 1)),
            false,
            "above MAX_SESSIONS");
        NS_TEST_ASSERT_MSG_EQ(app->SetAttributeFailSafe("Sessions", UintegerValue(5)), true, "5");
    }
};

/**
 * \ingroup dualcc
 * The ShortFlowApplication test suite.
 */
class ShortFlowApplicationTestSuite : public TestSuite
{
  public:
    ShortFlowApplicationTestSuite()
        : TestSuite("dualcc-short-flow-application", TestSuite::Type::UNIT)
    {
        AddTestCase(new ShortFlowBytesTestCase);
        AddTestCase(new ShortFlowPoissonTestCase);
        AddTestCase(new ShortFlowAttributesTestCase);
        AddTestCase(new WebSessionHandCountTestCase);
        AddTestCase(new WebSessionAttributesTestCase);
    }
};

/// The suite's instance.
static ShortFlowApplicationTestSuite g_shortFlowApplicationTestSuite;
