/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// What the duality model does not describe is refused (or warned about) with a message naming
// the input at fault: a queue disc without link traits, a class whose round trip reaches the end
// of the run or the window, a class not sending in the window (doc/testbed.rst, "Networks the
// model does not describe"); and the model-only examples' options, each named by its own error,
// with every design value printed inside the attribute's range. Expected messages by hand.

#include "../examples/experiments/avq-design-scenario.h"
#include "../examples/experiments/duality-model-demo-scenario.h"
#include "../examples/experiments/pi-design-scenario.h"
#include "../examples/experiments/vegas-fairness-scenario.h"
#include "network-text.h"

#include "ns3/network-description.h"
#include "ns3/network-helper.h"
#include "ns3/scenario-runner.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/testbed-model-builder.h"

#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// A link line (line 1 of the cases below).
const std::string LINK = "link A R1 R2 rate=10Mbps delay=1ms\n";
/// A class line over LINK (the class' options are appended).
const std::string CLASS = "class c flows=1 route=A rtt=20ms";

/// A network and what its check must say: the error (or "" and a warning on stderr).
struct Undescribed
{
    std::string category; //!< what the model does not describe
    std::string text;     //!< the description
    std::string error;    //!< text the error must contain ("": none)
    std::string warning;  //!< text stderr must contain ("": no warning)
};

/// \return the cases, over the measurement window [0.5, 1] s of a 1 s run
std::vector<Undescribed>
UndescribedNetworks()
{
    const std::string link = "link A R1 R2 rate=10Mbps delay=1ms ";
    const std::string prio = link + "queue=ns3::PrioQueueDisc queue.class0=ns3::FifoQueueDisc ";
    return {
        {"a shaping disc without traits",
         link + "queue=ns3::TbfQueueDisc\n" + CLASS + "\n",
         "t:1: link 'A': queue=ns3::TbfQueueDisc: ns3::TbfQueueDisc has no link traits: the "
         "duality model does not describe it",
         ""},
        {"a dropping disc without traits",
         link + "queue=ns3::CoDelQueueDisc\n" + CLASS + "\n",
         "t:1: link 'A': queue=ns3::CoDelQueueDisc: ns3::CoDelQueueDisc has no link traits",
         ""},
        {"a child without traits",
         prio + "queue.class1=ns3::CoDelQueueDisc\n" + CLASS + "\n",
         "t:1: link 'A': queue.class1=ns3::CoDelQueueDisc: ns3::CoDelQueueDisc has no link",
         ""},
        {"a reverse disc without traits",
         link + "reverseQueue=ns3::CoDelQueueDisc\n" + CLASS + "\n",
         "t:1: link 'A': reverseQueue=ns3::CoDelQueueDisc: ns3::CoDelQueueDisc has no link",
         ""},
        {"the modelled discs listed",
         link + "queue=ns3::TbfQueueDisc\n" + CLASS + "\n",
         "valid: a modelled queue disc (ns3::AvdQueueDisc, ns3::AvqQueueDisc, "
         "ns3::FifoQueueDisc, ns3::GkvqQueueDisc, ns3::PfifoFastQueueDisc, ns3::PiQueueDisc, "
         "ns3::PieQueueDisc, ns3::PrioQueueDisc, ns3::PriorityObQueueDisc, ns3::RedQueueDisc, "
         "ns3::RemQueueDisc), or register its traits with AlgorithmTraits::RegisterLink()",
         ""},
        {"rtt=5min in a 1 s run",
         LINK + "class c flows=1 route=A rtt=5min\n",
         "t:2: class 'c': rtt = +300s from its start at +0s reaches the end of the run (+1s): "
         "none of its packets could be acknowledged",
         ""},
        {"rtt=1d in a 1 s run",
         LINK + "class c flows=1 route=A rtt=1d\n",
         "t:2: class 'c': rtt = +86400s from its start at +0s reaches the end of the run (+1s)",
         ""},
        {"the largest rtt of a range",
         LINK + "class c flows=2 route=A rtt=20ms..2s\n",
         "t:2: class 'c': rtt = +2s from its start",
         ""},
        {"a late start plus the rtt",
         LINK + CLASS + " start=990ms\n",
         "t:2: class 'c': rtt = +0.02s from its start at +0.99s reaches the end of the run (+1s)",
         "warning: t:2: class 'c': start + startJitter = +1.09s reaches the end of the run (+1s)"},
        {"a class stopping before the window",
         LINK + CLASS + " stop=400ms\n",
         "t:2: class 'c': stop = +0.4s is at or before the measurement window's start (+0.5s)",
         ""},
        {"a round trip longer than the window",
         LINK + "class c flows=1 route=A rtt=600ms\n",
         "",
         "warning: t:2: class 'c': rtt = +0.6s is not shorter than the measurement window "
         "(+0.5s)"},
        {"a class starting inside the window",
         LINK + CLASS + " start=700ms\n",
         "",
         "warning: t:2: class 'c': start = +0.7s is inside the measurement window [+0.5s, +1s]: "
         "its rates are averaged over the whole window, while the model counts it sending "
         "throughout"},
        {"a class stopping inside the window",
         LINK + CLASS + " stop=800ms\n",
         "",
         "warning: t:2: class 'c': stop = +0.8s is inside the measurement window [+0.5s, +1s]"},
        {"FIFO, RED, PIE and a FIFO tree are modelled",
         link + "queue=ns3::RedQueueDisc\nlink B R2 R3 rate=10Mbps delay=1ms "
                "queue=ns3::PieQueueDisc\nlink C R3 R4 rate=10Mbps delay=1ms "
                "queue=ns3::PrioQueueDisc queue.class0=ns3::FifoQueueDisc "
                "queue.class1=ns3::PfifoFastQueueDisc\nclass c flows=1 route=A,B,C rtt=40ms\n",
         "",
         ""},
    };
}

} // namespace

/**
 * \ingroup dualcc
 * The networks the model does not describe: refused with file:line, the field and what is
 * valid, or warned about on stderr; modelled ones pass.
 */
class UndescribedNetworkTestCase : public TestCase
{
  public:
    UndescribedNetworkTestCase()
        : TestCase("networks the model does not describe: discs without traits, round trips "
                   "reaching the run's end, classes outside the window")
    {
    }

  private:
    void DoRun() override
    {
        for (const Undescribed& u : UndescribedNetworks())
        {
            std::ostringstream warnings;
            std::streambuf* console = std::cerr.rdbuf(warnings.rdbuf());
            const std::string error = InvalidArgumentMessage([&u] {
                std::istringstream in(u.text);
                NetworkHelper helper(NetworkDescription::Parse(in, "t"));
                TestbedModelBuilder::CheckModelled(helper.GetDescription());
                helper.GetMonitor().SetMeasurementWindow(Seconds(0.5), Seconds(1));
                helper.Install();
            });
            std::cerr.rdbuf(console);
            Simulator::Destroy();
            if (u.error.empty())
            {
                NS_TEST_EXPECT_MSG_EQ(error, "", u.category << ": no error");
            }
            else
            {
                NS_TEST_EXPECT_MSG_NE(error.find(u.error),
                                      std::string::npos,
                                      u.category << ": '" << error << "' should contain '"
                                                 << u.error << "'");
                NS_TEST_EXPECT_MSG_NE(error.find("valid"),
                                      std::string::npos,
                                      u.category << ": '" << error << "' should say what is valid");
            }
            const std::string stderrText = warnings.str();
            const bool warned = stderrText.find(u.warning) != std::string::npos &&
                                u.warning.empty() == stderrText.empty();
            NS_TEST_EXPECT_MSG_EQ(warned,
                                  true,
                                  u.category << ": stderr '" << stderrText << "' should be '"
                                             << u.warning << "...'");
        }
    }
};

namespace
{

/// An example's bad options and the text its error must contain.
struct BadExampleRun
{
    std::string category;            //!< what is wrong
    std::function<Scenario*()> make; //!< the example's scenario
    std::vector<std::string> args;   //!< its options
    std::string expected;            //!< text of "<example>: error: ..." (or stdout)
};

/// \return the cases
std::vector<BadExampleRun>
BadExampleRuns()
{
    const auto pi = [] { return new PiDesignScenario; };
    const auto avq = [] { return new AvqDesignScenario; };
    const auto demo = [] { return new DualityModelDemoScenario; };
    const auto fairness = [] { return new VegasFairnessScenario; };
    const std::string piError = "pi-design: error: ";
    const std::string avqError = "avq-design: error: ";
    return {
        // pi-design: each option named by its own error.
        {"pi linkRate", pi, {"--linkRate=0"}, piError + "--linkRate=0: out of range; valid:"},
        {"pi packetSize",
         pi,
         {"--packetSize=4294967295"},
         piError + "--packetSize=4294967295: out of range; valid: 1 to 65535 bytes"},
        {"pi flows", pi, {"--flows=1e300"}, piError + "--flows=1e+300: out of range; valid:"},
        {"pi rtt", pi, {"--rtt=0"}, piError + "--rtt=0: out of range; valid: 1e-6 to 1e6 s"},
        {"pi crossover", pi, {"--crossover=-1"}, piError + "--crossover=-1: out of range"},
        {"pi samplingFrequency beyond PiQueueDisc's",
         pi,
         {"--samplingFrequency=1e300"},
         piError + "--samplingFrequency=1e+300: out of range; valid: "
                   "ns3::PiQueueDisc::SamplingFrequency in [0.001, 1e+09] Hz"},
        // C = 8 Mb/s / 8000 bits = 1000 packets/s, z = 2 x 100 / (0.1^2 x 1000) = 20 rad/s.
        {"pi samplingFrequency below z/2",
         pi,
         {"--linkRate=8", "--packetSize=1000", "--flows=100", "--rtt=0.1", "--samplingFrequency=5"},
         piError + "--samplingFrequency=5: too low; valid: >= z/2 = 10 Hz"},
        // C = 1 packet/s, R+ = 1e-6 s, N- = 1e6: z = 2e6 / (1e-12 x 1) = 2e18 rad/s.
        {"pi TCP pole beyond PiQueueDisc's sampling",
         pi,
         {"--linkRate=0.008", "--packetSize=1000", "--flows=1e6", "--rtt=1e-6"},
         piError + "--flows=1e+06 --rtt=1e-06 --linkRate=0.008 --packetSize=1000: the TCP pole "
                   "z = 2N-/(R+^2 C) = 2e+18 rad/s"},
        // C = 1000 packets/s, R+ = 0.1 s, N- = 1000: z = 200, G = (R+ C)^3 / (2N-)^2 = 0.25,
        // K/z = sqrt(1 + (z R+)^2) / G = 80.0999, K/(2w) = 80.0999 x 200 / 320 = 50.0624.
        {"pi A beyond PiQueueDisc's",
         pi,
         {"--linkRate=8", "--packetSize=1000", "--flows=1000", "--rtt=0.1"},
         piError + "--flows=1000 --rtt=0.1 --linkRate=8 --packetSize=1000 --crossover=0 "
                   "--samplingFrequency=160: A = K/z + K/(2w) = 130.162 is outside "
                   "PiQueueDisc's range"},
        {"pi A's range",
         pi,
         {"--linkRate=8", "--packetSize=1000", "--flows=1000", "--rtt=0.1"},
         "valid: ns3::PiQueueDisc::A in (0, 1]"},
        // avq-design: its options, --utilization and --alpha in AvqQueueDisc's ranges.
        {"avq utilization",
         avq,
         {"--utilization=2"},
         avqError + "--utilization=2: out of range; valid: "
                    "ns3::AvqQueueDisc::DesiredUtilization in (0, 1]"},
        {"avq alpha",
         avq,
         {"--alpha=2e6"},
         avqError + "--alpha=2e+06: out of range; valid: ns3::AvqQueueDisc::Alpha in (0, 1e+06]"},
        {"avq flows", avq, {"--flows=0"}, avqError + "--flows=0: out of range; valid: 1 to 1e6"},
        {"avq packetSize", avq, {"--packetSize=0"}, avqError + "--packetSize=0: out of range"},
        {"avq delay", avq, {"--delay=1e300"}, avqError + "--delay=1e+300: out of range"},
        {"avq linkRate", avq, {"--linkRate=1e300"}, avqError + "--linkRate=1e+300: out of range"},
        // duality-model-demo: --flowsPerClass=-1 (wrapped) ran 22 s into std::bad_alloc.
        {"demo flowsPerClass",
         demo,
         {"--flowsPerClass=4294967295"},
         "duality-model-demo: error: --flowsPerClass=4294967295: out of range; valid: 1 to "
         "10000 flows per class"},
        {"demo backbone",
         demo,
         {"--backbone=0"},
         "duality-model-demo: error: --backbone=0: out of range; valid: (0, 1000] Gb/s"},
        // vegas-fairness: the bottleneck's rate ended in an uncaught exception.
        {"fairness capacity",
         fairness,
         {"--capacity=1bps"},
         "vegas-fairness: error: --capacity=1bps: out of range; valid: 1kbps to 1000Gbps"},
    };
}

} // namespace

/**
 * \ingroup dualcc
 * The examples' errors name the option at fault: "<example>: error: --option=value: ...;
 * valid: ...", exit status 1.
 */
class BadExampleOptionTestCase : public TestCase
{
  public:
    BadExampleOptionTestCase()
        : TestCase("pi-design, avq-design, duality-model-demo, vegas-fairness: each bad option "
                   "named")
    {
    }

  private:
    void DoRun() override
    {
        for (const BadExampleRun& bad : BadExampleRuns())
        {
            std::unique_ptr<Scenario> scenario(bad.make());
            std::vector<std::string> words{scenario->GetName()};
            words.insert(words.end(), bad.args.begin(), bad.args.end());
            std::vector<char*> argv;
            for (std::string& w : words)
            {
                argv.push_back(&w[0]);
            }
            argv.push_back(nullptr);
            std::ostringstream errors;
            std::streambuf* console = std::cerr.rdbuf(errors.rdbuf());
            const int status =
                ScenarioRunner::Main(static_cast<int>(words.size()), argv.data(), *scenario);
            std::cerr.rdbuf(console);
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_EQ(status, 1, bad.category << ": exit status");
            NS_TEST_EXPECT_MSG_NE(errors.str().find(bad.expected),
                                  std::string::npos,
                                  bad.category << ": '" << errors.str() << "' should contain '"
                                               << bad.expected << "'");
        }
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class ModelRefusalTestSuite : public TestSuite
{
  public:
    ModelRefusalTestSuite()
        : TestSuite("dualcc-model-refusal", TestSuite::Type::UNIT)
    {
        AddTestCase(new UndescribedNetworkTestCase);
        AddTestCase(new BadExampleOptionTestCase);
    }
};

/// The suite's only instance.
static ModelRefusalTestSuite g_modelRefusalTestSuite;
