/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the topology description format (NetworkDescription): parsing, defaults, the
// source access delay, round trip through Write(), and errors that name line and field.

#include "../examples/experiments/five-class-scenario.h"
#include "../examples/experiments/six-class-scenario.h"
#include "network-text.h"

#include "ns3/double.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-description.h"
#include "ns3/queue-disc.h"
#include "ns3/string.h"
#include "ns3/tcp-dual-vegas.h"
#include "ns3/test.h"

#include <sstream>
#include <stdexcept>

using namespace ns3;

namespace
{

/// A two-link network in the text format.
const char* const CHAIN = R"(
# two links in a chain
set packetSize=1000 accessRate=50Mbps sinkAccessDelay=2ms startJitter=0s
link A R1 R2 rate=10Mbps delay=3ms buffer=200 queue=ns3::FifoQueueDisc
link B R2 R3 rate=20Mbps delay=4ms   # a comment after a statement
class long flows=3 route=A,B rtt=40ms tcp=ns3::TcpVegas alpha=1 beta=3
class short flows=2 route=B rtt=30ms start=5s stop=15s alphaUnit=10ms
)";

/**
 * \param c a class of TcpDualVegas
 * \param trueBaseRtt a flow's true base RTT
 * \return the configuration of a flow's TcpDualVegas: the testbed's defaults, the class'
 *         attributes (its keywords') and the flow's
 */
TcpDualVegas::Config
DualVegasOf(const NetworkDescription::ClassSpec& c, Time trueBaseRtt = MilliSeconds(25))
{
    const AlgorithmTraits::SourceFields fields =
        NetworkDescription::GetSourceFields(c, trueBaseRtt, 1000);
    return NetworkDescription::GetTcpFactory(c, fields).Create<TcpDualVegas>()->GetConfig();
}

/**
 * \param c a class
 * \param name an attribute of its congestion control
 * \return the value the class sets last, as text ("" if none)
 */
std::string
AttributeOf(const NetworkDescription::ClassSpec& c, const std::string& name)
{
    std::string text;
    for (const auto& [attribute, value] : c.tcpAttributes)
    {
        if (attribute == name)
        {
            text = NetworkDescription::GetAttributeText(c.tcp, name, *value);
        }
    }
    return text;
}

} // namespace

/**
 * \ingroup dualcc
 * Every field of a description is read.
 */
class NetworkDescriptionParseTestCase : public TestCase
{
  public:
    NetworkDescriptionParseTestCase()
        : TestCase("parse a two-link chain")
    {
    }

  private:
    void DoRun() override
    {
        std::istringstream in(CHAIN);
        NetworkDescription d = NetworkDescription::Parse(in, "chain");
        NS_TEST_ASSERT_MSG_EQ(d.packetSize, 1000, "packetSize");
        NS_TEST_ASSERT_MSG_EQ(d.accessRate, DataRate("50Mbps"), "accessRate");
        NS_TEST_ASSERT_MSG_EQ(d.sinkAccessDelay, MilliSeconds(2), "sinkAccessDelay");
        NS_TEST_ASSERT_MSG_EQ(d.startJitter, Seconds(0), "startJitter");
        NS_TEST_ASSERT_MSG_EQ(d.links.size(), 2, "two links");
        NS_TEST_ASSERT_MSG_EQ(d.links[0].bufferPackets, 200, "buffer of A");
        NS_TEST_ASSERT_MSG_EQ(d.links[1].bufferPackets, 0, "B unlimited by default");
        NS_TEST_ASSERT_MSG_EQ(d.links[1].rate, DataRate("20Mbps"), "rate of B");
        NS_TEST_ASSERT_MSG_EQ(d.links[1].delay, MilliSeconds(4), "delay of B");
        NS_TEST_ASSERT_MSG_EQ(d.links[1].queueDisc, "ns3::FifoQueueDisc", "default queue disc");
        NS_TEST_ASSERT_MSG_EQ(d.classes.size(), 2, "two classes");
        const NetworkDescription::ClassSpec& longClass = d.classes[0];
        NS_TEST_ASSERT_MSG_EQ(longClass.flows, 3, "flows");
        NS_TEST_ASSERT_MSG_EQ(longClass.route.size(), 2, "route A,B");
        NS_TEST_ASSERT_MSG_EQ(longClass.tcp, "ns3::TcpVegas", "tcp");
        NS_TEST_ASSERT_MSG_EQ(AttributeOf(longClass, "Alpha"), "1", "alpha= is TcpVegas' Alpha");
        NS_TEST_ASSERT_MSG_EQ(AttributeOf(longClass, "Beta"), "3", "beta= is its Beta");
        NS_TEST_ASSERT_MSG_EQ(longClass.tcpAttributes.size(), 3, "Alpha, Beta (alpha=), Beta");
        const NetworkDescription::ClassSpec& shortClass = d.classes[1];
        NS_TEST_ASSERT_MSG_EQ(shortClass.tcp, "ns3::TcpDualVegas", "default tcp");
        const TcpDualVegas::Config config = DualVegasOf(shortClass);
        NS_TEST_ASSERT_MSG_EQ(config.alpha, 2, "default alpha");
        NS_TEST_ASSERT_MSG_EQ(config.beta, 2, "default beta");
        NS_TEST_ASSERT_MSG_EQ(config.rttSample, TcpDualVegas::MEAN, "default rttSample=mean");
        NS_TEST_ASSERT_MSG_EQ(shortClass.start, Seconds(5), "start");
        NS_TEST_ASSERT_MSG_EQ(shortClass.stop, Seconds(15), "stop");
        NS_TEST_ASSERT_MSG_EQ(config.alphaUnit, TcpDualVegas::PER_TIME, "alpha per time");
        NS_TEST_ASSERT_MSG_EQ(config.alphaTimeUnit, MilliSeconds(10), "alpha per 10 ms");
        // Source access delay = rtt/2 - route delays - sink access: 20 - 7 - 2 = 11 ms for the
        // long class, 15 - 4 - 2 = 9 ms for the short one.
        NS_TEST_ASSERT_MSG_EQ(d.GetSourceAccessDelay(longClass), MilliSeconds(11), "long access");
        NS_TEST_ASSERT_MSG_EQ(d.GetSourceAccessDelay(shortClass), MilliSeconds(9), "short access");
        NS_TEST_ASSERT_MSG_EQ(d.GetSegmentSize(), 958, "1000 - 42 bytes of headers");
        NS_TEST_ASSERT_MSG_EQ(d.GetRouters().size(), 3, "R1, R2, R3");
    }
};

/**
 * \ingroup dualcc
 * Write() produces text that Parse() reads back to the same network.
 */
class NetworkDescriptionRoundTripTestCase : public TestCase
{
  public:
    NetworkDescriptionRoundTripTestCase()
        : TestCase("Write() then Parse() gives the same network")
    {
    }

  private:
    void DoRun() override
    {
        SixClassScenario::Parameters p;
        p.flowsPerClass = 7;
        p.alphaTimeUnit = MilliSeconds(10);
        const NetworkDescription original = SixClassScenario::Describe(p);
        std::stringstream text;
        original.Write(text);
        const NetworkDescription copy = NetworkDescription::Parse(text, "written");
        NS_TEST_ASSERT_MSG_EQ(copy.links.size(), 3, "links");
        NS_TEST_ASSERT_MSG_EQ(copy.classes.size(), 6, "classes");
        for (std::size_t c = 0; c < 6; ++c)
        {
            NS_TEST_ASSERT_MSG_EQ(copy.classes[c].rtt, original.classes[c].rtt, "rtt");
            NS_TEST_ASSERT_MSG_EQ(copy.classes[c].flows, 7, "flows");
            NS_TEST_ASSERT_MSG_EQ(copy.classes[c].route.size(),
                                  original.classes[c].route.size(),
                                  "route");
            NS_TEST_ASSERT_MSG_EQ(DualVegasOf(copy.classes[c]).alphaTimeUnit,
                                  MilliSeconds(10),
                                  "unit");
            NS_TEST_ASSERT_MSG_EQ(DualVegasOf(copy.classes[c]).alphaUnit,
                                  TcpDualVegas::PER_TIME,
                                  "per time");
        }
        NS_TEST_ASSERT_MSG_EQ(copy.links[1].rate, DataRate("2.4Gbps"), "SF rate");
    }
};

/**
 * \ingroup dualcc
 * The access jitter (set accessJitter, accessJitterCorrelation): read, written only when set,
 * read back, and refused when negative.
 */
class NetworkDescriptionAccessJitterTestCase : public TestCase
{
  public:
    NetworkDescriptionAccessJitterTestCase()
        : TestCase("set accessJitter and accessJitterCorrelation")
    {
    }

  private:
    void DoRun() override
    {
        std::istringstream chain(CHAIN);
        const NetworkDescription plain = NetworkDescription::Parse(chain, "chain");
        NS_TEST_ASSERT_MSG_EQ(plain.accessJitter.IsZero(), true, "no jitter by default");
        std::ostringstream plainText;
        plain.Write(plainText);
        NS_TEST_ASSERT_MSG_EQ(plainText.str().find("accessJitter"),
                              std::string::npos,
                              "no jitter, nothing written");
        const std::string links = "link A R1 R2 rate=10Mbps delay=3ms\n"
                                  "class c flows=2 route=A rtt=40ms\n";
        std::istringstream in("set accessJitter=5ms accessJitterCorrelation=20ms\n" + links);
        const NetworkDescription d = NetworkDescription::Parse(in, "jitter");
        NS_TEST_ASSERT_MSG_EQ(d.accessJitter, MilliSeconds(5), "accessJitter");
        NS_TEST_ASSERT_MSG_EQ(d.accessJitterCorrelation, MilliSeconds(20), "correlation");
        std::stringstream text;
        d.Write(text);
        const NetworkDescription copy = NetworkDescription::Parse(text, "written");
        NS_TEST_ASSERT_MSG_EQ(copy.accessJitter, MilliSeconds(5), "accessJitter written");
        NS_TEST_ASSERT_MSG_EQ(copy.accessJitterCorrelation,
                              MilliSeconds(20),
                              "correlation written");
        std::istringstream negative("set accessJitter=-1ms\n" + links);
        bool thrown = false;
        try
        {
            NetworkDescription::Parse(negative, "t");
        }
        catch (const std::invalid_argument& e)
        {
            thrown = std::string(e.what()).find("accessJitter") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(thrown, true, "a negative accessJitter is refused, by name");
    }
};

/**
 * \ingroup dualcc
 * The presets describe the paper's networks.
 */
class NetworkDescriptionPresetsTestCase : public TestCase
{
  public:
    NetworkDescriptionPresetsTestCase()
        : TestCase("five- and six-class presets")
    {
    }

  private:
    void DoRun() override
    {
        const NetworkDescription five =
            FiveClassScenario::Describe(FiveClassScenario::Parameters());
        NS_TEST_ASSERT_MSG_EQ(five.classes.size(), 5, "five classes");
        NS_TEST_ASSERT_MSG_EQ(five.classes[4].rtt, MilliSeconds(40), "class 5a: 40 ms");
        NS_TEST_ASSERT_MSG_EQ(five.classes[0].flows, 50, "paper: 50 flows per class");
        NS_TEST_ASSERT_MSG_EQ(five.links[0].rate, DataRate("2.4Gbps"), "OC-48");
        // 15 ms round trip, 1 ms bottleneck and 1 ms sink access: 7.5 - 2 = 5.5 ms.
        NS_TEST_ASSERT_MSG_EQ(five.GetSourceAccessDelay(five.classes[0]),
                              MicroSeconds(5500),
                              "access delay of class 1a");
        const NetworkDescription six = SixClassScenario::Describe(SixClassScenario::Parameters());
        NS_TEST_ASSERT_MSG_EQ(six.classes[5].route.size(), 3, "6a crosses LA, SF, CH");
        // 100 ms round trip, three 1 ms links, 1 ms sink access: 50 - 4 = 46 ms.
        NS_TEST_ASSERT_MSG_EQ(six.GetSourceAccessDelay(six.classes[5]),
                              MilliSeconds(46),
                              "access delay of class 6a");
    }
};

/**
 * \ingroup dualcc
 * Bad input names the line and the field.
 */
class NetworkDescriptionErrorsTestCase : public TestCase
{
  public:
    NetworkDescriptionErrorsTestCase()
        : TestCase("errors name the line and the field")
    {
    }

  private:
    /// Check that parsing \p text fails with a message containing \p expected.
    void Expect(const std::string& text, const std::string& expected)
    {
        const std::string error = ParseError(text);
        NS_TEST_EXPECT_MSG_NE(error.find(expected),
                              std::string::npos,
                              "'" << error << "' should mention '" << expected << "'");
    }

    void DoRun() override
    {
        const std::string link = "link A R1 R2 rate=10Mbps delay=1ms\n";
        Expect("frobnicate x=1\n", "t:1: unknown statement 'frobnicate'");
        Expect(link + "link B R2 R3 rate=fast delay=1ms\n", "t:2: rate=fast is not a data rate");
        Expect("link A R1 R2 rate=10Mbps delay=soon\n", "t:1: delay=soon is not a non-negative");
        Expect(link + "class c flows=1 route=A rtt=20ms colour=red\n", "unknown option 'colour'");
        Expect(link + "class c flows=1 route=Z rtt=20ms\n", "unknown link 'Z'");
        Expect(link + "class c flows=1 route=A\n", "t:2: missing rtt=");
        Expect(link + "class c flows=0 route=A rtt=20ms\n", "class 'c': flows must be >= 1");
        Expect(link + "class c flows=1 route=A rtt=3ms\n", "class 'c': rtt = +3ms is shorter");
        Expect(link + "class c flows=1 route=A rtt=20ms alpha=3 beta=2\n",
               "t:2: class 'c': Beta = 2 is out of range: Beta must be >= Alpha (3) and <= 1e+06 "
               "(the class' beta= or tcp.Beta=)");
        Expect(link + "class c flows=1 route=A rtt=20ms tcp=ns3::TcpNewReno alpha=3\n",
               "t:2: unknown option 'alpha'");
        Expect(link + "class c flows=1 route=A rtt=20ms baseRtt=guessed\n",
               "t:2: baseRtt must be 'measured' or 'fixed', not 'guessed'");
        Expect(link + "class c flows=1 route=A rtt=20ms traffic=short arrivalRate=1 alpha=3\n",
               "t:2: alpha=: short flows create their congestion control by type only");
        Expect(link + "link B R3 R4 rate=1Mbps delay=1ms\nclass c flows=1 route=A,B rtt=40ms\n",
               "route is not connected");
        Expect(link + link + "class c flows=1 route=A rtt=20ms\n", "link 'A': name used twice");
        Expect(link, "no classes");
        Expect("set packetSize=40\n" + link + "class c flows=1 route=A rtt=20ms\n", "packetSize");
        Expect(link + "class c flows=1 route=A rtt=20ms alphaUnit=0ms\n",
               "t:2: alphaUnit=0ms: alphaUnit must be 'rtt' or a positive time");
        Expect(link + "class c flows=1 route=A rtt=20ms flows=2\n", "'flows' given twice");
    }
};

/**
 * \ingroup dualcc
 * TcpDualVegas' keywords (alpha=, beta=, alphaUnit=, baseRtt=, rttSample=) stand for its
 * attributes: beta = alpha unless beta= says otherwise, baseRtt=fixed gives each flow its true base
 * RTT unless tcp.PropagationDelay= does, a later tcp.X= wins, the typed form (SetTcpKeyword())
 * sets what the text does, and Write() reads back the same.
 */
class NetworkDescriptionKeywordsTestCase : public TestCase
{
  public:
    NetworkDescriptionKeywordsTestCase()
        : TestCase("TcpDualVegas' keywords: the attributes they stand for")
    {
    }

  private:
    /// \param options a class' options \return the class, parsed over one link
    static NetworkDescription::ClassSpec Parse(const std::string& options)
    {
        std::istringstream in("link A R1 R2 rate=10Mbps delay=1ms\nclass c flows=1 route=A "
                              "rtt=20ms " +
                              options + "\n");
        return NetworkDescription::Parse(in, "t").classes[0];
    }

    void DoRun() override
    {
        TcpDualVegas::Config c = DualVegasOf(Parse("alpha=3 baseRtt=fixed rttSample=minimum"));
        NS_TEST_EXPECT_MSG_EQ(c.alpha, 3, "alpha=3");
        NS_TEST_EXPECT_MSG_EQ(c.beta, 3, "beta = alpha");
        NS_TEST_EXPECT_MSG_EQ(c.baseRttEstimator, TcpDualVegas::FIXED, "baseRtt=fixed");
        NS_TEST_EXPECT_MSG_EQ(c.propagationDelay, MilliSeconds(25), "the flow's true base RTT");
        NS_TEST_EXPECT_MSG_EQ(c.rttSample, TcpDualVegas::MINIMUM, "rttSample=minimum");
        NS_TEST_EXPECT_MSG_EQ(c.alphaUnit, TcpDualVegas::PER_RTT, "per RTT by default");

        c = DualVegasOf(Parse("alpha=1 beta=4 alphaUnit=2ms baseRtt=fixed tcp.PropagationDelay=7ms "
                              "tcp.Alpha=1.5"));
        NS_TEST_EXPECT_MSG_EQ(c.alpha, 1.5, "tcp.Alpha= after alpha=");
        NS_TEST_EXPECT_MSG_EQ(c.beta, 4, "beta=4");
        NS_TEST_EXPECT_MSG_EQ(c.alphaUnit, TcpDualVegas::PER_TIME, "alphaUnit=2ms");
        NS_TEST_EXPECT_MSG_EQ(c.alphaTimeUnit, MilliSeconds(2), "its unit");
        NS_TEST_EXPECT_MSG_EQ(c.propagationDelay, MilliSeconds(7), "tcp.PropagationDelay=");
        NS_TEST_EXPECT_MSG_EQ(DualVegasOf(Parse("baseRtt=measured")).baseRttEstimator,
                              TcpDualVegas::MIN_EVER,
                              "baseRtt=measured");
        NS_TEST_EXPECT_MSG_EQ(DualVegasOf(Parse("")).propagationDelay,
                              Time(0),
                              "no PropagationDelay unless Fixed");

        NetworkDescription::ClassSpec typed;
        typed.SetTcpKeyword("alpha", 1.0)
            .SetTcpKeyword("beta", 4.0)
            .SetTcpKeyword("alphaUnit", MilliSeconds(2))
            .SetTcpKeyword("baseRtt", "fixed");
        const NetworkDescription::ClassSpec text =
            Parse("alpha=1 beta=4 alphaUnit=2ms baseRtt=fixed");
        NS_TEST_ASSERT_MSG_EQ(typed.tcpAttributes.size(), text.tcpAttributes.size(), "the same");
        for (std::size_t i = 0; i < text.tcpAttributes.size(); ++i)
        {
            const auto& [name, value] = text.tcpAttributes[i];
            NS_TEST_EXPECT_MSG_EQ(typed.tcpAttributes[i].first, name, "the same attribute");
            NS_TEST_EXPECT_MSG_EQ(
                NetworkDescription::GetAttributeText(typed.tcp,
                                                     name,
                                                     *typed.tcpAttributes[i].second),
                NetworkDescription::GetAttributeText(text.tcp, name, *value),
                "the same value");
        }
        bool threw = false;
        try
        {
            typed.SetTcpKeyword("alphaUnit", "hour");
        }
        catch (const std::invalid_argument& e)
        {
            threw = std::string(e.what()) ==
                    "alphaUnit=hour is out of range; valid: rtt or a time > 0 (e.g. 10ms)";
        }
        NS_TEST_EXPECT_MSG_EQ(threw, true, "a word alphaUnit= does not take");

        DumbbellDescription::Parameters dumbbell;
        dumbbell.rate = DataRate("10Mbps");
        dumbbell.delay = MilliSeconds(5);
        NetworkDescription d = DumbbellDescription::Create(dumbbell);
        DumbbellDescription::AddClass(d, "c", 1, MilliSeconds(40)).SetTcpKeyword("alpha", 3.0);
        std::stringstream written;
        d.Write(written);
        const NetworkDescription copy = NetworkDescription::Parse(written, "written");
        NS_TEST_EXPECT_MSG_EQ(DualVegasOf(copy.classes[0]).beta, 3, "written back");
    }
};

/**
 * \ingroup dualcc
 * queue.<Attribute>, tcp.<Attribute> and ecn: read, written back, and checked against the TypeIds.
 */
class NetworkDescriptionAttributesTestCase : public TestCase
{
  public:
    NetworkDescriptionAttributesTestCase()
        : TestCase("queue.X and tcp.X attributes, ecn")
    {
    }

  private:
    void DoRun() override
    {
        std::istringstream in(
            "link A R1 R2 rate=10Mbps delay=1ms queue=ns3::RemQueueDisc queue.Gamma=0.005 "
            "queue.Phi=1.1\n"
            "class c flows=1 route=A rtt=20ms ecn=on tcp.PriceSource=EcnMarks tcp.Phi=1.1\n");
        const NetworkDescription d = NetworkDescription::Parse(in, "t");
        NS_TEST_ASSERT_MSG_EQ(d.links[0].queueAttributes.size(), 2, "two queue attributes");
        NS_TEST_EXPECT_MSG_EQ(d.links[0].queueAttributes[0].first, "Gamma", "name");
        const auto gamma = DynamicCast<const DoubleValue>(d.links[0].queueAttributes[0].second);
        NS_TEST_ASSERT_MSG_EQ(bool(gamma), true, "Gamma typed (a DoubleValue)");
        NS_TEST_EXPECT_MSG_EQ(gamma->Get(), 0.005, "value");
        NS_TEST_EXPECT_MSG_EQ(d.classes[0].ecn, true, "ecn=on");
        NS_TEST_ASSERT_MSG_EQ(d.classes[0].tcpAttributes.size(), 2, "two tcp attributes");
        std::stringstream written;
        d.Write(written);
        const NetworkDescription copy = NetworkDescription::Parse(written, "written");
        NS_TEST_EXPECT_MSG_EQ(copy.links[0].queueAttributes.size(), 2, "written back");
        NS_TEST_EXPECT_MSG_EQ(copy.classes[0].tcpAttributes.size(), 2, "written back");
        NS_TEST_EXPECT_MSG_EQ(copy.classes[0].ecn, true, "written back");

        const std::string link = "link A R1 R2 rate=10Mbps delay=1ms queue=ns3::RemQueueDisc";
        const std::string cls = "\nclass c flows=1 route=A rtt=20ms";
        auto expect = [this](const std::string& t, const std::string& expected) {
            const std::string error = ParseError(t);
            NS_TEST_EXPECT_MSG_NE(error.find(expected),
                                  std::string::npos,
                                  "'" << error << "' should mention '" << expected << "'");
        };
        expect(link + " queue.Gama=1" + cls, "t:1: queue.Gama: ns3::RemQueueDisc has no attribute");
        expect(link + " queue.Gamma=-1" + cls, "t:1: queue.Gamma=-1: out of range; valid: double");
        expect(link + cls + " tcp.PriceSource=Cheap",
               "t:2: tcp.PriceSource=Cheap: not one of its values; valid: QueueingDelay|EcnMarks");
        expect(link + cls + " tcp=ns3::TcpNoSuch", "tcp=ns3::TcpNoSuch is not a known ns-3 TypeId");
        expect(link + cls + " tcp.PriceSource=EcnMarks", "needs ecn=on");
        expect(link + cls + " subPacket=on",
               "subPacket=on changes the response to ECN-Echo and "
               "needs ecn=on");
        expect(link + cls + " ecn=on subPacket=yes", "subPacket must be 'on' or 'off'");
        expect(link + cls + " ecn=yes", "ecn must be 'on' or 'off'");
    }
};

/**
 * \ingroup dualcc
 * Typed attribute values: set in code and checked by the attribute's checker, read from text to
 * the same typed value, written back exactly, and given to the queue disc QueueDiscSpec::Create()
 * makes; DumbbellDescription describes the single-link network.
 */
class NetworkDescriptionTypedValuesTestCase : public TestCase
{
  public:
    NetworkDescriptionTypedValuesTestCase()
        : TestCase("typed attribute values, QueueDiscSpec::Create(), DumbbellDescription")
    {
    }

  private:
    void DoRun() override
    {
        // 0.1 + 0.2 = 0.30000000000000004: six digits (DoubleValue's text) would read back 0.3.
        const double gamma = 0.1 + 0.2;
        NetworkDescription::QueueDiscSpec rem;
        rem.type = "ns3::RemQueueDisc";
        rem.Set("Gamma", DoubleValue(gamma)).Set("UpdateInterval", StringValue("3ms"));
        const auto typedInterval = DynamicCast<const TimeValue>(rem.attributes[1].second);
        NS_TEST_ASSERT_MSG_EQ(bool(typedInterval), true, "text typed by the checker (TimeValue)");
        NS_TEST_EXPECT_MSG_EQ(typedInterval->Get(), MilliSeconds(3), "3 ms");
        auto throws = [](auto f) {
            try
            {
                f();
            }
            catch (const std::invalid_argument&)
            {
                return true;
            }
            return false;
        };
        NS_TEST_EXPECT_MSG_EQ(throws([&rem] { rem.Set("Gama", DoubleValue(1)); }),
                              true,
                              "no such attribute");
        NS_TEST_EXPECT_MSG_EQ(throws([&rem] { rem.Set("Gamma", DoubleValue(-1)); }),
                              true,
                              "out of the checker's range (Gamma > 0)");
        NS_TEST_EXPECT_MSG_EQ(throws([&rem] { rem.Set("Gamma", TimeValue(Seconds(1))); }),
                              true,
                              "a value of another type");
        NS_TEST_EXPECT_MSG_EQ(rem.attributes.size(), 2, "refused values are not added");

        Ptr<QueueDisc> disc = rem.Create();
        DoubleValue set;
        disc->GetAttribute("Gamma", set);
        NS_TEST_EXPECT_MSG_EQ(set.Get(), gamma, "the disc has the exact value");
        NS_TEST_EXPECT_MSG_EQ(disc->GetInstanceTypeId().GetName(), "ns3::RemQueueDisc", "type");

        DumbbellDescription::Parameters p;
        p.rate = DataRate("10Mbps");
        p.delay = MilliSeconds(20);
        p.bufferPackets = 50;
        p.queue = rem;
        NetworkDescription d = DumbbellDescription::Create(p);
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d, "1a", 3, MilliSeconds(100), Seconds(2));
        c.tcp = "ns3::TcpDualVegas";
        c.SetTcpAttribute("Phi", DoubleValue(1.1));
        d.Validate();
        NS_TEST_ASSERT_MSG_EQ(d.links.size(), 1, "one link");
        NS_TEST_EXPECT_MSG_EQ(d.links[0].from + "->" + d.links[0].to, "R1->R2", "the bottleneck");
        NS_TEST_EXPECT_MSG_EQ(d.links[0].bufferPackets, 50, "buffer");
        NS_TEST_EXPECT_MSG_EQ(d.links[0].queueDisc, "ns3::RemQueueDisc", "queue disc");
        NS_TEST_EXPECT_MSG_EQ(d.classes[0].route.size(), 1, "route: the bottleneck");
        NS_TEST_EXPECT_MSG_EQ(d.classes[0].route[0], "bottleneck", "its name");
        NS_TEST_EXPECT_MSG_EQ(d.classes[0].start, Seconds(2), "start");
        NS_TEST_EXPECT_MSG_EQ(d.classes[0].flows, 3, "flows");

        // Written and read back: the same typed values, to the last bit.
        std::stringstream text;
        d.Write(text);
        const NetworkDescription copy = NetworkDescription::Parse(text, "written");
        const auto copied = DynamicCast<const DoubleValue>(copy.links[0].queueAttributes[0].second);
        NS_TEST_ASSERT_MSG_EQ(bool(copied), true, "read back typed (DoubleValue)");
        NS_TEST_EXPECT_MSG_EQ(copied->Get(), gamma, "read back exactly");
        NS_TEST_EXPECT_MSG_EQ(text.str().find("queue.Gamma=0.30000000000000004"),
                              text.str().find("queue.Gamma="),
                              "written with the digits it needs");
        NetworkDescription empty;
        NS_TEST_EXPECT_MSG_EQ(
            throws([&empty] { DumbbellDescription::AddClass(empty, "x", 1, Seconds(1)); }),
            true,
            "AddClass needs a bottleneck");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class NetworkDescriptionTestSuite : public TestSuite
{
  public:
    NetworkDescriptionTestSuite()
        : TestSuite("dualcc-network-description", TestSuite::Type::UNIT)
    {
        AddTestCase(new NetworkDescriptionParseTestCase);
        AddTestCase(new NetworkDescriptionRoundTripTestCase);
        AddTestCase(new NetworkDescriptionAccessJitterTestCase);
        AddTestCase(new NetworkDescriptionPresetsTestCase);
        AddTestCase(new NetworkDescriptionErrorsTestCase);
        AddTestCase(new NetworkDescriptionKeywordsTestCase);
        AddTestCase(new NetworkDescriptionAttributesTestCase);
        AddTestCase(new NetworkDescriptionTypedValuesTestCase);
    }
};

/// The suite's only instance.
static NetworkDescriptionTestSuite g_networkDescriptionTestSuite;
