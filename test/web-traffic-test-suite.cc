/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the web traffic (SURGE-like closed-loop sessions) in the testbed (ShortFlowApplication's
// Sessions mode itself: dualcc-short-flow-application): the traffic=web fields (parsed, written
// back, rejected with file:line and range); and a web class in the testbed (sessions split over the
// hosts, round trips spread evenly over the rtt range, objects and pages counted by hand).

#include "network-text.h"

#include "ns3/core-module.h"
#include "ns3/lognormal-pareto-random-variable.h"
#include "ns3/network-helper.h"
#include "ns3/short-flow-application.h"
#include "ns3/test.h"
#include "ns3/testbed-builder.h"
#include "ns3/testbed-report.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("WebTrafficTestSuite");

/**
 * \param d a description
 * \return it written in the text format and read back
 */
NetworkDescription
WrittenAndRead(const NetworkDescription& d)
{
    std::ostringstream written;
    d.Write(written);
    std::istringstream in(written.str());
    return NetworkDescription::Parse(in, "written");
}

/**
 * \ingroup dualcc
 * traffic=web fields: the defaults (SURGE's laws, NewReno, Pareto sizes of mean 12 packets and
 * shape 1.2), every field read, and Write() read back to the same fields.
 */
class WebDescriptionParseTestCase : public TestCase
{
  public:
    WebDescriptionParseTestCase()
        : TestCase("traffic=web fields: defaults, values, round trip")
    {
    }

  private:
    void DoRun() override
    {
        using Think = NetworkDescription::ThinkDistribution;
        const NetworkDescription d = Describe(R"(
link A R1 R2 rate=100Mbps delay=10ms
class d flows=2 route=A rtt=30ms..210ms traffic=web connections=10
class w flows=3 route=A rtt=40ms traffic=web connections=7 size=3 sizeDistribution=fixed embedded=2 embeddedDistribution=fixed embeddedShape=3 activeOff=100ms activeOffDistribution=fixed activeOffShape=0.5 think=2s thinkDistribution=fixed thinkShape=2 tcp=ns3::TcpVegas
class o flows=2 route=A rtt=40ms traffic=web connections=2 size=1000 sizeDistribution=exponential embedded=0 embeddedDistribution=fixed think=3s thinkDistribution=exponential
)");
        const NetworkDescription::ClassSpec& def = d.classes[0];
        NS_TEST_ASSERT_MSG_EQ((def.traffic == NetworkDescription::Traffic::WEB), true, "web");
        NS_TEST_ASSERT_MSG_EQ(def.connections, 10, "connections");
        NS_TEST_ASSERT_MSG_EQ(def.tcp, "ns3::TcpNewReno", "web default tcp");
        NS_TEST_ASSERT_MSG_EQ(def.meanSize, 12, "web default size");
        NS_TEST_ASSERT_MSG_EQ(
            (def.sizeDistribution == NetworkDescription::SizeDistribution::PARETO),
            true,
            "web default: Pareto sizes");
        NS_TEST_ASSERT_MSG_EQ(def.paretoShape, 1.2, "web default shape");
        // SURGE: embedded Pareto(k = 1, 2.43) has mean 2.43 / 1.43 = 1.70; active OFF
        // Weibull(1.46 s, 0.382) has mean 1.46 Gamma(1 + 1/0.382) = 1.46 x 3.79 = 5.54 s; think
        // Pareto(k = 1 s, 1.5) has mean 3 s.
        NS_TEST_ASSERT_MSG_EQ_TOL(def.embedded, 1.70, 0.005, "SURGE embedded mean");
        NS_TEST_ASSERT_MSG_EQ(def.embeddedPareto, true, "SURGE: Pareto");
        NS_TEST_ASSERT_MSG_EQ(def.embeddedShape, 2.43, "SURGE shape");
        NS_TEST_ASSERT_MSG_EQ_TOL(def.activeOff.GetSeconds(), 5.54, 0.005, "SURGE active OFF");
        NS_TEST_ASSERT_MSG_EQ(def.activeOffWeibull, true, "SURGE: Weibull");
        NS_TEST_ASSERT_MSG_EQ(def.activeOffShape, 0.382, "SURGE shape");
        NS_TEST_ASSERT_MSG_EQ(def.think, Seconds(3), "SURGE think mean");
        NS_TEST_ASSERT_MSG_EQ((def.thinkDistribution == Think::PARETO), true, "SURGE: Pareto");
        NS_TEST_ASSERT_MSG_EQ(def.thinkShape, 1.5, "SURGE shape");
        NS_TEST_ASSERT_MSG_EQ(def.rttMax, MilliSeconds(210), "rtt range");

        const NetworkDescription::ClassSpec& w = d.classes[1];
        NS_TEST_ASSERT_MSG_EQ(w.connections, 7, "connections");
        NS_TEST_ASSERT_MSG_EQ(w.tcp, "ns3::TcpVegas", "tcp= wins over the web default");
        NS_TEST_ASSERT_MSG_EQ(w.meanSize, 3, "size");
        NS_TEST_ASSERT_MSG_EQ((w.sizeDistribution == NetworkDescription::SizeDistribution::FIXED),
                              true,
                              "fixed sizes");
        NS_TEST_ASSERT_MSG_EQ(w.embedded, 2, "embedded");
        NS_TEST_ASSERT_MSG_EQ(w.embeddedPareto, false, "fixed embedded");
        NS_TEST_ASSERT_MSG_EQ(w.embeddedShape, 3, "embeddedShape");
        NS_TEST_ASSERT_MSG_EQ(w.activeOff, MilliSeconds(100), "activeOff");
        NS_TEST_ASSERT_MSG_EQ(w.activeOffWeibull, false, "fixed active OFF");
        NS_TEST_ASSERT_MSG_EQ(w.activeOffShape, 0.5, "activeOffShape");
        NS_TEST_ASSERT_MSG_EQ(w.think, Seconds(2), "think");
        NS_TEST_ASSERT_MSG_EQ((w.thinkDistribution == Think::FIXED), true, "fixed think");
        NS_TEST_ASSERT_MSG_EQ(w.thinkShape, 2, "thinkShape");

        // An on-off source (the Vegas paper's §6.1.3 mice): one object a page, exponential OFF.
        const NetworkDescription::ClassSpec& o = d.classes[2];
        NS_TEST_ASSERT_MSG_EQ(o.embedded, 0, "no embedded objects");
        NS_TEST_ASSERT_MSG_EQ((o.thinkDistribution == Think::EXPONENTIAL),
                              true,
                              "exponential think");
        NS_TEST_ASSERT_MSG_EQ(o.think, Seconds(3), "think mean");

        const NetworkDescription back = WrittenAndRead(d);
        for (std::size_t c = 0; c < 3; ++c)
        {
            const NetworkDescription::ClassSpec& a = d.classes[c];
            const NetworkDescription::ClassSpec& b = back.classes[c];
            NS_TEST_ASSERT_MSG_EQ((b.traffic == a.traffic), true, "traffic back");
            NS_TEST_ASSERT_MSG_EQ(b.connections, a.connections, "connections back");
            NS_TEST_ASSERT_MSG_EQ(b.tcp, a.tcp, "tcp back");
            NS_TEST_ASSERT_MSG_EQ(b.meanSize, a.meanSize, "size back");
            NS_TEST_ASSERT_MSG_EQ(b.embedded, a.embedded, "embedded back");
            NS_TEST_ASSERT_MSG_EQ(b.embeddedPareto, a.embeddedPareto, "embedded law back");
            NS_TEST_ASSERT_MSG_EQ(b.embeddedShape, a.embeddedShape, "embeddedShape back");
            NS_TEST_ASSERT_MSG_EQ(b.activeOff, a.activeOff, "activeOff back");
            NS_TEST_ASSERT_MSG_EQ(b.activeOffWeibull, a.activeOffWeibull, "active OFF law back");
            NS_TEST_ASSERT_MSG_EQ(b.activeOffShape, a.activeOffShape, "activeOffShape back");
            NS_TEST_ASSERT_MSG_EQ(b.think, a.think, "think back");
            NS_TEST_ASSERT_MSG_EQ((b.thinkDistribution == a.thinkDistribution),
                                  true,
                                  "think law back");
            NS_TEST_ASSERT_MSG_EQ(b.thinkShape, a.thinkShape, "thinkShape back");
        }
    }
};

/**
 * \ingroup dualcc
 * Bad traffic=web fields: each error names the file, the line and the valid range.
 */
class WebDescriptionErrorsTestCase : public TestCase
{
  public:
    WebDescriptionErrorsTestCase()
        : TestCase("bad traffic=web fields: file:line and range")
    {
    }

  private:
    void DoRun() override
    {
        const std::string link = "link A R1 R2 rate=10Mbps delay=1ms\n";
        const std::string web = "class w flows=3 route=A rtt=20ms traffic=web";
        const std::string lp = web + " sizeDistribution=lognormal-pareto";
        const std::vector<std::pair<std::string, std::string>> cases{
            {web + "\n", "t:2: missing connections=..."},
            {web + " connections=2\n",
             "t:2: class 'w': connections = 2 for 3 hosts; valid: flows..100000"},
            {web + " connections=100001\n", "t:2: connections=100001 is out of range"},
            {web + " connections=3 arrivalRate=5\n", "t:2: arrivalRate= is for traffic=short"},
            {"class w flows=3 route=A rtt=20ms traffic=short arrivalRate=5 connections=3\n",
             "t:2: connections= is for web sessions; valid: add traffic=web"},
            {"class w flows=3 route=A rtt=20ms think=1s\n",
             "t:2: think= is for web sessions; valid: add traffic=web"},
            {web + " connections=3 embedded=1001\n", "t:2: embedded=1001 is out of range"},
            {web + " connections=3 embedded=0\n",
             "t:2: class 'w': embedded = 0 objects; valid: 0..1000 (fixed), (0, 1000] (pareto)"},
            {web + " connections=3 embeddedShape=1\n", "t:2: embeddedShape=1 is out of range"},
            {web + " connections=3 embeddedDistribution=weibull\n",
             "t:2: embeddedDistribution must be 'fixed' or 'pareto', not 'weibull'; valid: "
             "fixed, pareto"},
            {web + " connections=3 activeOffDistribution=pareto\n",
             "t:2: activeOffDistribution must be 'fixed' or 'weibull'"},
            {web + " connections=3 activeOffShape=0.05\n",
             "t:2: activeOffShape=0.05 is out of range"},
            {web + " connections=3 activeOff=-1s\n", "t:2: activeOff=-1s"},
            {web + " connections=3 think=0s\n",
             "t:2: class 'w': think = 0 with thinkDistribution=pareto; valid: think > 0"},
            {web + " connections=3 thinkShape=200\n", "t:2: thinkShape=200 is out of range"},
            {web + " connections=3 thinkDistribution=weibull\n",
             "t:2: thinkDistribution must be 'fixed', 'pareto' or 'exponential', not 'weibull'"},
            {web + " connections=3 think=0s thinkDistribution=exponential\n",
             "t:2: class 'w': think = 0 with thinkDistribution=exponential; valid: think > 0"},
            {lp + " connections=3 size=12\n",
             "t:2: size= does not apply to sizeDistribution=lognormal-pareto"},
            {lp + " connections=3 paretoShape=1.2\n", "t:2: paretoShape= does not apply"},
            {web + " connections=3 tailCut=1000\n",
             "t:2: tailCut= is for sizeDistribution=lognormal-pareto"},
            {web + " connections=3 sizeDistribution=pareto lognormalMu=9\n",
             "t:2: lognormalMu= is for sizeDistribution=lognormal-pareto"},
            {lp + " connections=3 lognormalSigma=0\n", "t:2: lognormalSigma=0 is out of range"},
            {lp + " connections=3 tailShape=200\n", "t:2: tailShape=200 is out of range"},
            {lp + " connections=3 tailCut=2000000000\n", "t:2: tailCut=2000000000 is out of range"},
            // 958 bytes a segment: the tail must begin below 1e6 segments, 958e6 bytes.
            {lp + " connections=3 tailCut=990000000\n",
             "t:2: class 'w': tailCut = 9.9e+08 bytes; valid: 1 .. 9.58e+08 (below the redraw "
             "limit of 1e+06 packets)"},
            {web + " connections=3 sizeDistribution=lognormal\n",
             "t:2: sizeDistribution must be 'fixed', 'exponential', 'pareto' or "
             "'lognormal-pareto', not 'lognormal'"},
            {"class w flows=3 route=A rtt=20ms traffic=mice\n",
             "t:2: traffic must be 'persistent', 'short' or 'web', not 'mice'; valid: "
             "persistent, short, web"},
        };
        for (const auto& [text, expected] : cases)
        {
            const std::string message = ParseError(link + text);
            NS_TEST_EXPECT_MSG_NE(message.find(expected),
                                  std::string::npos,
                                  "'" << text << "' gave '" << message << "', expected '"
                                      << expected << "'");
        }
        NS_TEST_EXPECT_MSG_EQ(ParseError(link + web +
                                         " connections=3 embedded=0 "
                                         "embeddedDistribution=fixed think=0s "
                                         "thinkDistribution=fixed\n"),
                              "",
                              "fixed laws may be 0");
    }
};

/**
 * \ingroup dualcc
 * A web class in the testbed, every law fixed: 3 hosts, 7 connections (3, 2, 2 sessions),
 * rtt=20ms..60ms spread evenly (20, 40, 60 ms), objects of 2 packets (2 RTTs each, the link
 * idle: 40, 80, 120 ms plus well under 1 ms of transmission), one embedded object a page, 0.1 s
 * of active OFF and 1 s of think time, over [0, 5] s. Page cycles: 1 + 2 x 0.04 + 0.1 = 1.18 s
 * (4 pages by 4.72 s; the 5th's request would come at 5.72 s), 1.26 s (3 pages by 3.78 s, then
 * the 4th page's main object by 4.86 s; its embedded object, requested at 4.96 s, completes at
 * 5.04 s, after the window) and 1.34 s (3 pages by 4.02 s; the 4th's request at 5.02 s). Pages:
 * 3 x 4 + 2 x 3 + 2 x 3 = 24; objects: 3 x 8 + 2 x 7 + 2 x 6 = 50; bytes 50 x 2 x 958; mean
 * completion time (24 x 40 + 14 x 80 + 12 x 120) / 50 = 70.4 ms (+ under 1 ms). Each host's
 * mean completion time is 2 x its RTT: the RTTs are spread evenly (uniform draws would not give
 * 20, 40 and 60 ms).
 */
class TestbedWebTestCase : public TestCase
{
  public:
    TestbedWebTestCase()
        : TestCase("testbed web class: sessions split, RTTs spread, objects counted by hand")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set startJitter=0s
            link A R1 R2 rate=100Mbps delay=5ms
            class w flows=3 route=A rtt=20ms..60ms traffic=web connections=7 size=2 sizeDistribution=fixed embedded=1 embeddedDistribution=fixed activeOff=100ms activeOffDistribution=fixed think=1s thinkDistribution=fixed
        )"));
        helper.GetBuilder().AssignStreams(11);
        helper.GetMonitor().SetMeasurementWindow(Seconds(0), Seconds(5));
        helper.Install();
        helper.Run(Seconds(5), false);
        const std::vector<Ptr<ShortFlowApplication>> apps =
            helper.GetNetwork().GetShortFlowSources("w");
        NS_TEST_ASSERT_MSG_EQ(apps.size(), 3, "3 hosts");
        const uint32_t sessions[] = {3, 2, 2};
        const double rttMs[] = {20, 40, 60};
        for (std::size_t h = 0; h < 3; ++h)
        {
            UintegerValue n;
            apps[h]->GetAttribute("Sessions", n);
            NS_TEST_ASSERT_MSG_EQ(n.Get(), sessions[h], "7 sessions split 3, 2, 2");
            const double meanMs =
                apps[h]->GetCompletionTimeSum().GetSeconds() * 1000 / apps[h]->GetCompletedFlows();
            NS_TEST_ASSERT_MSG_EQ_TOL(meanMs, 2 * rttMs[h] + 0.5, 0.5, "2 RTTs an object");
        }
        const TestbedMonitor::ShortFlowMeasurement m =
            helper.GetMonitor().GetShortFlowMeasurement("w");
        NS_TEST_ASSERT_MSG_EQ(m.pages, 24, "pages by hand");
        NS_TEST_ASSERT_MSG_EQ(m.completed, 50, "objects by hand");
        NS_TEST_ASSERT_MSG_EQ(m.completedBytes, 50 * 2 * 958, "bytes by hand");
        NS_TEST_ASSERT_MSG_EQ(m.meanSizePackets, 2, "every object 2 packets");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.meanCompletionMs, 70.9, 0.5, "mean completion time");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * Random streams: a web class with SURGE's laws (every draw random) run twice with the same
 * streams completes the same objects, pages and bytes; with other streams, other bytes (Pareto
 * sizes of shape 1.2: equal byte counts by chance are vanishingly unlikely). A law left on an
 * automatic stream would draw differently in the second run of the same process.
 */
class WebStreamsTestCase : public TestCase
{
  public:
    WebStreamsTestCase()
        : TestCase("same streams, same web traffic; other streams, other traffic")
    {
    }

  private:
    /**
     * \param stream the first stream
     * \return the web class' figures over [0, 10] s
     */
    static TestbedMonitor::ShortFlowMeasurement Run(int64_t stream)
    {
        NetworkHelper helper(Describe(R"(
            link A R1 R2 rate=100Mbps delay=5ms
            class w flows=4 route=A rtt=20ms..80ms traffic=web connections=40 think=1s activeOff=200ms
        )"));
        helper.GetBuilder().AssignStreams(stream);
        helper.GetMonitor().SetMeasurementWindow(Seconds(0), Seconds(10));
        helper.Install();
        helper.Run(Seconds(10), false);
        const TestbedMonitor::ShortFlowMeasurement m =
            helper.GetMonitor().GetShortFlowMeasurement("w");
        Simulator::Destroy();
        return m;
    }

    void DoRun() override
    {
        const TestbedMonitor::ShortFlowMeasurement a = Run(11);
        const TestbedMonitor::ShortFlowMeasurement b = Run(11);
        const TestbedMonitor::ShortFlowMeasurement c = Run(12);
        NS_TEST_ASSERT_MSG_GT(a.completed, 0, "objects completed");
        NS_TEST_ASSERT_MSG_EQ(b.completed, a.completed, "same streams: same objects");
        NS_TEST_ASSERT_MSG_EQ(b.pages, a.pages, "same streams: same pages");
        NS_TEST_ASSERT_MSG_EQ(b.completedBytes, a.completedBytes, "same streams: same bytes");
        NS_TEST_ASSERT_MSG_NE(c.completedBytes, a.completedBytes, "other streams: other bytes");
    }
};

/**
 * \ingroup dualcc
 * Monaco beside web sessions on one link (a reduced Fig. 10): a 100 Mb/s, 10 ms link with the
 * priority queue (500 packets), two Monaco flows (RTT 24 ms) from 0 s and a web class from 6 s:
 * 5 hosts, 10 sessions, round trips spread over 24..100 ms, every law fixed (objects of 2
 * packets, one embedded object, 0.1 s active OFF, 1 s think). Phases [0, 6] and [6, 12] s,
 * each measured after 3 s. Before the web traffic, each Monaco flow is within 5 % of the
 * duality model's share (TestbedReport::SolvePeriods(): half of 100 Mb/s, 6250 KB/s of 1000-byte
 * packets, less the control packets' load: 6244.3 KB/s; measured 6244 KB/s). After, every session
 * completes pages: an object takes 2 RTTs plus queueing, at most 2 x 100 ms + 50 ms, so a page
 * cycle is between 1 + 0.1 + 2 x 2 x 0.024 = 1.196 s and 1 + 0.1 + 2 x 0.25 = 1.6 s; over the 3 s
 * window each of the 10 sessions completes floor(3 / 1.6) = 1 to ceil(3 / 1.196) = 3 pages: 10..30
 * pages (measured 22), and 2 objects a page. Fails when a period's web counters are not differenced
 * (the pages since the start).
 */
class WebMonacoSystemTestCase : public TestCase
{
  public:
    WebMonacoSystemTestCase()
        : TestCase("Monaco beside web sessions: the model before, pages complete after")
    {
    }

  private:
    void DoRun() override
    {
        NetworkHelper helper(Describe(R"(
            set packetSize=1000 accessRate=1Gbps sinkAccessDelay=1ms startJitter=0s
            link L R1 R2 rate=100Mbps delay=10ms queue=ns3::PriorityObQueueDisc buffer=500
            class monaco flows=2 route=L rtt=24ms tcp=ns3::TcpMonaco
            class web flows=5 route=L rtt=24ms..100ms traffic=web connections=10 start=6s size=2 sizeDistribution=fixed embedded=1 embeddedDistribution=fixed activeOff=100ms activeOffDistribution=fixed think=1s thinkDistribution=fixed
        )"));
        const Time duration = Seconds(12);
        helper.GetMonitor().SetMeasurementPeriods(
            TestbedMonitor::GetPhaseBoundaries(helper.GetDescription(), duration),
            Seconds(3));
        helper.GetBuilder().AssignStreams(1);
        helper.Install();
        helper.Run(duration, false);
        NS_TEST_ASSERT_MSG_EQ(helper.GetMonitor().GetPeriodCount(),
                              2,
                              "phases [0, 6] and [6, 12] s");
        const TestbedReport::PeriodModels models = helper.GetReport().SolvePeriods();
        const double model = models[0].rateKBps[0];
        // Half of 12500 KB/s less the control packets' load (Monaco's OB and IB, 140 bytes per
        // round trip and flow; the model counts it): at most 2 x 140 B / 24 ms = 11.67 KB/s at the
        // propagation round trip, so the share is in [(12500 - 11.67) / 2, 6250) = [6244.17, 6250).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(model, 6244.16, "half of 12500 KB/s less the control load");
        NS_TEST_ASSERT_MSG_LT(model, 6250, "half of 12500 KB/s less the control load");
        const double rate = helper.GetMonitor().GetClassMeasurement("monaco", 0).rateKBps;
        NS_TEST_ASSERT_MSG_EQ_TOL(rate, model, 0.05 * model, "Monaco at the model, no web yet");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(models[1].rateKBps[1]), true, "no model of web");
        const TestbedMonitor::ShortFlowMeasurement m =
            helper.GetMonitor().GetShortFlowMeasurement("web", 1);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(m.pages, 10, "at least a page a session");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.pages, 30, "at most 3 pages a session");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.completed,
                                  2 * m.pages,
                                  10,
                                  "2 objects a page (+- 1 a session)");
        NS_TEST_ASSERT_MSG_EQ(m.meanSizePackets, 2, "objects of 2 packets");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The web traffic test suite.
 */
/**
 * \ingroup dualcc
 * The think-time laws TestbedBuilder::CreateThinkTime() builds, against their definitions:
 * fixed gives the mean; exponential (mean 3 s, 20000 draws) has mean 3 s within 4 standard
 * errors (4 x 3 / sqrt(20000) = 0.085 s) and P(T > 3 s) = e^-1 = 0.368 within 4 standard
 * errors (4 x sqrt(0.368 x 0.632 / 20000) = 0.014); Pareto (mean 3 s, shape 1.5) never below
 * its scale 3 x 0.5 / 1.5 = 1 s.
 */
class WebThinkTimeTestCase : public TestCase
{
  public:
    WebThinkTimeTestCase()
        : TestCase("think-time laws: fixed, exponential, Pareto against their definitions")
    {
    }

  private:
    void DoRun() override
    {
        using Think = NetworkDescription::ThinkDistribution;
        NetworkDescription::ClassSpec spec;
        spec.think = Seconds(3);
        spec.thinkDistribution = Think::FIXED;
        NS_TEST_ASSERT_MSG_EQ(TestbedBuilder::CreateThinkTime(spec, 1)->GetValue(), 3, "fixed");
        spec.thinkDistribution = Think::EXPONENTIAL;
        const Ptr<RandomVariableStream> exponential = TestbedBuilder::CreateThinkTime(spec, 1);
        const int draws = 20000;
        double sum = 0;
        int above = 0;
        for (int i = 0; i < draws; ++i)
        {
            const double t = exponential->GetValue();
            sum += t;
            above += t > 3;
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(sum / draws, 3, 0.085, "exponential mean");
        NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(above) / draws,
                                  std::exp(-1.0),
                                  0.014,
                                  "exponential tail P(T > mean)");
        spec.thinkDistribution = Think::PARETO;
        const Ptr<RandomVariableStream> pareto = TestbedBuilder::CreateThinkTime(spec, 2);
        double smallest = 1e9;
        for (int i = 0; i < 1000; ++i)
        {
            smallest = std::min(smallest, pareto->GetValue());
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(smallest, 1 - 1e-9, "Pareto scale 1 s");
    }
};

/**
 * \ingroup dualcc
 * SURGE's file sizes (sizeDistribution=lognormal-pareto; Barford and Crovella, SIGMETRICS 1998,
 * Table 1: lognormal body mu = 9.357, sigma = 1.318 of ln bytes, Pareto tail k = 133 KB, alpha =
 * 1.1), against numbers computed by hand from the law's definition:
 * - z_c = (ln 133000 - 9.357) / 1.318 = (11.79811 - 9.357) / 1.318 = 1.85213, so the tail holds
 *   p = 1 - Phi(1.85213) = 0.032004 of the objects;
 * - the median is in the body: e^9.357 = 11579.6 bytes; the 90th percentile
 *   e^(9.357 + 1.318 x 1.28155) = 62698 bytes; the 99th in the tail:
 *   133000 (0.032004 / 0.01)^(1 / 1.1) = 382935 bytes;
 * - the body's share of the mean, E[X; X <= k] = e^(mu + sigma^2 / 2) Phi(z_c - sigma) =
 *   27619.4 x Phi(0.53413) = 27619.4 x 0.70286 = 19412.9 bytes; unbounded, the mean is
 *   19412.9 + 0.032004 x 1.1 x 133000 / 0.1 = 66234.4 bytes;
 * - drawn in segments of 958 bytes and bounded at 1e6 segments (958e6 bytes), the mean is
 *   (19412.9 + p 1.1 k^1.1 (k^-0.1 - B^-0.1) / 0.1) / (1 - p (k / B)^1.1) = 46972.8 bytes,
 *   49.0322 segments.
 * The draws (200 000, one stream) must show p, the quantiles and the body's mean within four
 * standard errors.
 */
class WebLognormalParetoTestCase : public TestCase
{
  public:
    WebLognormalParetoTestCase()
        : TestCase("lognormal-pareto sizes: SURGE's law against its quantiles and mean by hand")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<LognormalParetoRandomVariable> bytes = CreateObject<LognormalParetoRandomVariable>();
        bytes->SetStream(7);
        NS_TEST_ASSERT_MSG_EQ_TOL(bytes->GetTailProbability(), 0.032004, 1e-6, "P(tail)");
        NS_TEST_ASSERT_MSG_EQ_TOL(bytes->GetQuantile(0.5), 11579.6, 0.1, "median");
        NS_TEST_ASSERT_MSG_EQ_TOL(bytes->GetQuantile(0.9), 62698, 1, "90th percentile");
        NS_TEST_ASSERT_MSG_EQ_TOL(bytes->GetQuantile(0.99), 382935, 1, "99th percentile");
        NS_TEST_ASSERT_MSG_EQ_TOL(bytes->GetCdf(133000), 1 - 0.032004, 1e-6, "CDF at the cut");
        NS_TEST_ASSERT_MSG_EQ_TOL(bytes->GetMean(), 66234.4, 0.1, "unbounded mean");
        const int draws = 200000;
        std::vector<double> x(draws);
        double bodySum = 0;
        int tail = 0;
        for (double& v : x)
        {
            v = bytes->GetValue();
            tail += v > 133000;
            bodySum += v <= 133000 ? v : 0;
        }
        std::sort(x.begin(), x.end());
        // Standard errors: p: sqrt(p (1 - p) / n) = 0.00039; a quantile q: sqrt(q (1 - q) / n)
        // of probability, times the slope (the CDF's density) there.
        NS_TEST_EXPECT_MSG_EQ_TOL(tail / double(draws), 0.032004, 0.0016, "drawn P(tail)");
        NS_TEST_EXPECT_MSG_EQ_TOL(bytes->GetCdf(x[draws / 2]), 0.5, 0.0045, "drawn median");
        NS_TEST_EXPECT_MSG_EQ_TOL(bytes->GetCdf(x[draws * 9 / 10]), 0.9, 0.0027, "drawn 90th");
        NS_TEST_EXPECT_MSG_EQ_TOL(bytes->GetCdf(x[draws * 99 / 100]), 0.99, 0.0009, "drawn 99th");
        NS_TEST_EXPECT_MSG_EQ_TOL(bodySum / draws, 19412.9, 19412.9 * 0.02, "drawn body mean");

        // In the testbed: segments of 958 bytes, bounded at MAX_FLOW_SIZE segments.
        NetworkDescription::ClassSpec spec;
        spec.sizeDistribution = NetworkDescription::SizeDistribution::LOGNORMAL_PARETO;
        const Ptr<LognormalParetoRandomVariable> segments =
            TestbedBuilder::CreateLognormalPareto(spec, 958, 3);
        NS_TEST_ASSERT_MSG_EQ_TOL(segments->GetMean(), 49.0322, 1e-4, "bounded mean, segments");
        NS_TEST_ASSERT_MSG_EQ_TOL(segments->GetQuantile(0.5), 11579.6 / 958, 1e-4, "median");
        double largest = 0;
        for (int i = 0; i < 20000; ++i)
        {
            largest = std::max(largest, segments->GetValue());
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(largest, NetworkDescription::MAX_FLOW_SIZE, "the bound");
    }
};

/**
 * \ingroup dualcc
 * sizeDistribution=lognormal-pareto in the text format: SURGE's defaults, every field read and
 * written back (the errors: WebDescriptionErrorsTestCase).
 */
class WebLognormalParetoParseTestCase : public TestCase
{
  public:
    WebLognormalParetoParseTestCase()
        : TestCase("sizeDistribution=lognormal-pareto: defaults, values, round trip")
    {
    }

  private:
    void DoRun() override
    {
        using Law = NetworkDescription::SizeDistribution;
        const std::string link = "link A R1 R2 rate=100Mbps delay=10ms\n";
        const std::string web = "class w flows=2 route=A rtt=40ms traffic=web connections=4";
        const NetworkDescription d =
            Describe(link + web + " sizeDistribution=lognormal-pareto\n" + "class v flows=2 " +
                     "route=A rtt=40ms traffic=short arrivalRate=5 " +
                     "sizeDistribution=lognormal-pareto lognormalMu=8 lognormalSigma=1.5 " +
                     "tailCut=50000 tailShape=1.3\n");
        const NetworkDescription::ClassSpec& w = d.classes[0];
        NS_TEST_ASSERT_MSG_EQ((w.sizeDistribution == Law::LOGNORMAL_PARETO), true, "law");
        NS_TEST_ASSERT_MSG_EQ(w.lognormalMu, 9.357, "SURGE mu");
        NS_TEST_ASSERT_MSG_EQ(w.lognormalSigma, 1.318, "SURGE sigma");
        NS_TEST_ASSERT_MSG_EQ(w.tailCut, 133000, "SURGE k");
        NS_TEST_ASSERT_MSG_EQ(w.tailShape, 1.1, "SURGE alpha");
        const NetworkDescription::ClassSpec& v = d.classes[1];
        NS_TEST_ASSERT_MSG_EQ(v.lognormalMu, 8, "lognormalMu");
        NS_TEST_ASSERT_MSG_EQ(v.lognormalSigma, 1.5, "lognormalSigma");
        NS_TEST_ASSERT_MSG_EQ(v.tailCut, 50000, "tailCut");
        NS_TEST_ASSERT_MSG_EQ(v.tailShape, 1.3, "tailShape");
        const NetworkDescription back = WrittenAndRead(d);
        for (std::size_t c = 0; c < 2; ++c)
        {
            const NetworkDescription::ClassSpec& a = d.classes[c];
            const NetworkDescription::ClassSpec& b = back.classes[c];
            NS_TEST_ASSERT_MSG_EQ((b.sizeDistribution == a.sizeDistribution), true, "law back");
            NS_TEST_ASSERT_MSG_EQ(b.lognormalMu, a.lognormalMu, "lognormalMu back");
            NS_TEST_ASSERT_MSG_EQ(b.lognormalSigma, a.lognormalSigma, "lognormalSigma back");
            NS_TEST_ASSERT_MSG_EQ(b.tailCut, a.tailCut, "tailCut back");
            NS_TEST_ASSERT_MSG_EQ(b.tailShape, a.tailShape, "tailShape back");
        }
    }
};

class WebTrafficTestSuite : public TestSuite
{
  public:
    WebTrafficTestSuite()
        : TestSuite("dualcc-web-traffic", TestSuite::Type::UNIT)
    {
        AddTestCase(new WebDescriptionParseTestCase);
        AddTestCase(new WebDescriptionErrorsTestCase);
        AddTestCase(new WebThinkTimeTestCase);
        AddTestCase(new WebLognormalParetoTestCase);
        AddTestCase(new WebLognormalParetoParseTestCase);
        AddTestCase(new TestbedWebTestCase);
        AddTestCase(new WebStreamsTestCase);
        AddTestCase(new WebMonacoSystemTestCase);
    }
};

/// The suite's instance.
static WebTrafficTestSuite g_webTrafficTestSuite;
