/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Nothing a user sets is silently overridden (issue 30, items 2-3): OwnedAttributes' reading of
// the command line, ScenarioRunner refusing --ns3:: values of attributes a scenario sets itself
// (naming the scenario's option), and a scenario refusing an option without effect. The
// expected messages are written out by hand from the policy (doc/dualcc.rst).

#include "../examples/experiments/aqm-comparison-scenario.h"
#include "../examples/experiments/avq-experiment1-scenario.h"
#include "../examples/experiments/fast-sweeps-scenario.h"
#include "../examples/experiments/monaco-dynamic-scenario.h"
#include "../examples/experiments/monaco-parking-lot-scenario.h"
#include "scenario-test-run.h"

#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/owned-attributes.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/type-id.h"

#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param name an attribute's full name \return its current default, as text
 */
std::string
GetDefault(const std::string& name)
{
    const std::size_t separator = name.rfind("::");
    TypeId::AttributeInformation info;
    TypeId::LookupByName(name.substr(0, separator))
        .LookupAttributeByName(name.substr(separator + 2), &info);
    return info.initialValue->SerializeToString(info.checker);
}

/**
 * Run a scenario with \p options and restore afterwards the defaults of \p touched (which the
 * command line's --ns3:: values change for the whole process).
 * \param scenario the scenario \param options its options \param touched attributes' names
 * \return the outcome
 */
dualcctest::Outcome
RunRestoring(Scenario& scenario,
             const std::vector<std::string>& options,
             const std::vector<std::string>& touched)
{
    std::vector<std::string> saved;
    for (const std::string& name : touched)
    {
        saved.push_back(GetDefault(name));
    }
    const dualcctest::Outcome outcome = dualcctest::RunScenario(scenario, "prog", options);
    for (std::size_t i = 0; i < touched.size(); ++i)
    {
        Config::SetDefault(touched[i], StringValue(saved[i]));
    }
    return outcome;
}

} // namespace

/**
 * \ingroup dualcc
 * OwnedAttributes reads "given" from the arguments (--name=value, -name=value, --name; not a
 * longer name, not without a dash) and from a default changed since Snapshot().
 */
class OwnedAttributesGivenTestCase : public TestCase
{
  public:
    OwnedAttributesGivenTestCase()
        : TestCase("OwnedAttributes: what counts as set by the user")
    {
    }

  private:
    void DoRun() override
    {
        const std::string a = "ns3::PiQueueDisc::A";
        std::string value;
        NS_TEST_EXPECT_MSG_EQ(
            OwnedAttributes::IsGiven({"--x=1", "--ns3::PiQueueDisc::A=0.5"}, a, value),
            true,
            "--name=value");
        NS_TEST_EXPECT_MSG_EQ(value, "0.5", "its value");
        NS_TEST_EXPECT_MSG_EQ(OwnedAttributes::IsGiven({"-ns3::PiQueueDisc::A=2"}, a, value),
                              true,
                              "-name=value");
        NS_TEST_EXPECT_MSG_EQ(value, "2", "its value");
        NS_TEST_EXPECT_MSG_EQ(OwnedAttributes::IsGiven({"--ns3::PiQueueDisc::A"}, a, value),
                              true,
                              "--name alone");
        NS_TEST_EXPECT_MSG_EQ(OwnedAttributes::IsGiven({"--ns3::PiQueueDisc::AB=1"}, a, value),
                              false,
                              "a longer name");
        NS_TEST_EXPECT_MSG_EQ(OwnedAttributes::IsGiven({"ns3::PiQueueDisc::A=1"}, a, value),
                              false,
                              "no dash: not an option");

        // A default changed without the command line (Config::SetDefault, as
        // NS_ATTRIBUTE_DEFAULT or a program would) is the user's too.
        OwnedAttributes owned;
        owned.Add({{a, "--piA"}, {"ns3::NoSuchType::X", "--x"}}, "this example");
        owned.Snapshot();
        owned.Check({}); // nothing set: no error
        const std::string original = GetDefault(a);
        Config::SetDefault(a, DoubleValue(0.25));
        std::string error;
        try
        {
            owned.Check({});
        }
        catch (const std::invalid_argument& e)
        {
            error = e.what();
        }
        Config::SetDefault(a, StringValue(original));
        NS_TEST_EXPECT_MSG_EQ(error,
                              "--ns3::PiQueueDisc::A=0.25: this example sets ns3::PiQueueDisc::A "
                              "itself and would silently override this option; valid: leave it "
                              "out and use --piA",
                              "a changed default");
        // Given on the command line at its default value: refused all the same.
        error.clear();
        try
        {
            owned.Check({"--ns3::PiQueueDisc::A=" + original});
        }
        catch (const std::invalid_argument& e)
        {
            error = e.what();
        }
        NS_TEST_EXPECT_MSG_NE(error.find("--ns3::PiQueueDisc::A=" + original + ": this example"),
                              std::string::npos,
                              "a value equal to the default: " << error);
        // A later declaration of the same attribute replaces the earlier one.
        owned.Add({{a, "--other"}}, "NetworkHelper");
        error.clear();
        try
        {
            owned.Check({"--ns3::PiQueueDisc::A=1"});
        }
        catch (const std::invalid_argument& e)
        {
            error = e.what();
        }
        NS_TEST_EXPECT_MSG_EQ(error,
                              "--ns3::PiQueueDisc::A=1: NetworkHelper sets ns3::PiQueueDisc::A "
                              "itself and would silently override this option; valid: leave it "
                              "out and use --other",
                              "one clause per attribute");
    }
};

/**
 * \ingroup dualcc
 * The command line -> the message: --ns3:: values of attributes the examples set themselves are
 * refused before any simulation, naming the example's own option (or that there is none).
 */
class OwnedAttributesRunnerTestCase : public TestCase
{
  public:
    OwnedAttributesRunnerTestCase()
        : TestCase("ScenarioRunner refuses --ns3:: values a scenario would override")
    {
    }

  private:
    void DoRun() override
    {
        const std::string fixed = "nothing: the AVQ paper's parameters (aqm-experiment.h)";
        const std::string overrides = " itself and would silently override this option; valid: "
                                      "leave it out and use ";
        {
            // The case: PI's gains printed the default table. ConfigurePi sets
            // QueueRef before A, hence the order of the clauses.
            AqmComparisonScenario scenario;
            const dualcctest::Outcome o =
                RunRestoring(scenario,
                             {"--ns3::PiQueueDisc::A=0.5", "--ns3::PiQueueDisc::QueueRef=200"},
                             {"ns3::PiQueueDisc::A", "ns3::PiQueueDisc::QueueRef"});
            NS_TEST_EXPECT_MSG_EQ(o.status, 1, "refused: " << o.err);
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --ns3::PiQueueDisc::QueueRef=200: this example "
                                  "sets ns3::PiQueueDisc::QueueRef" +
                                      overrides + fixed +
                                      "; --ns3::PiQueueDisc::A=0.5: this example sets "
                                      "ns3::PiQueueDisc::A" +
                                      overrides + fixed + "\n",
                                  "aqm-comparison, PI's gains");
            NS_TEST_EXPECT_MSG_EQ(o.out, "", "nothing simulated");
        }
        {
            // The scenario's own option wins over NetworkHelper's generic advice for MaxSize.
            AqmComparisonScenario scenario;
            const dualcctest::Outcome o = RunRestoring(scenario,
                                                       {"--ns3::AvqQueueDisc::MaxSize=10p"},
                                                       {"ns3::AvqQueueDisc::MaxSize"});
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --ns3::AvqQueueDisc::MaxSize=10p: this example "
                                  "sets ns3::AvqQueueDisc::MaxSize" +
                                      overrides + "--avqBuffer (AVQ in Exp. 2-4)\n",
                                  "aqm-comparison, AVQ's buffer");
        }
        {
            // AVQ's alpha is --avqAlpha's (doc/validation.rst, dualcc-avq-ns2-peer), and the
            // option is checked against the attribute's own range (> 0).
            AqmComparisonScenario scenario;
            const dualcctest::Outcome o = RunRestoring(scenario,
                                                       {"--ns3::AvqQueueDisc::Alpha=1"},
                                                       {"ns3::AvqQueueDisc::Alpha"});
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --ns3::AvqQueueDisc::Alpha=1: this example "
                                  "sets ns3::AvqQueueDisc::Alpha" +
                                      overrides + "--avqAlpha\n",
                                  "aqm-comparison, AVQ's alpha");
            AqmComparisonScenario bad;
            const dualcctest::Outcome b =
                RunRestoring(bad, {"--avqAlpha=0", "--csv=/nonexistent-dir/out"}, {});
            NS_TEST_EXPECT_MSG_EQ(b.status, 1, "refused: " << b.err);
            NS_TEST_EXPECT_MSG_NE(b.err.find("prog: error: --avqAlpha=0: out of range; valid: "),
                                  std::string::npos,
                                  "names the option: " << b.err);
            // the upper bound of AvqQueueDisc::Alpha's checker (avq-queue-disc.cc)
            NS_TEST_EXPECT_MSG_NE(b.err.find(":1e+06"),
                                  std::string::npos,
                                  "the attribute's range: " << b.err);
            NS_TEST_EXPECT_MSG_EQ(b.out, "", "nothing simulated");
        }
        {
            // ns-3's own default of SegmentSize (536 bytes), given: refused though unchanged.
            AqmComparisonScenario scenario;
            const dualcctest::Outcome o = RunRestoring(scenario,
                                                       {"--ns3::TcpSocket::SegmentSize=536"},
                                                       {"ns3::TcpSocket::SegmentSize"});
            NS_TEST_EXPECT_MSG_NE(o.err.find("prog: error: --ns3::TcpSocket::SegmentSize=536: "
                                             "NetworkHelper sets ns3::TcpSocket::SegmentSize"),
                                  std::string::npos,
                                  "a value equal to the default: " << o.err);
        }
        {
            // --ns2Tcp sets Ns2Halving (UseNs2Reno()); the list depends on the option, so it is
            // asked again after parsing (before, the user's false was silently overridden).
            AqmComparisonScenario scenario;
            const dualcctest::Outcome o =
                RunRestoring(scenario,
                             {"--ns2Tcp", "--ns3::TcpSubPacketSocket::Ns2Halving=false"},
                             {"ns3::TcpSubPacketSocket::Ns2Halving"});
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --ns3::TcpSubPacketSocket::Ns2Halving=false: this "
                                  "example sets ns3::TcpSubPacketSocket::Ns2Halving" +
                                      overrides +
                                      "nothing with --ns2Tcp (it sets ns-2.1b7a's value); or "
                                      "leave out --ns2Tcp\n",
                                  "aqm-comparison --ns2Tcp, Ns2Halving");
            NS_TEST_EXPECT_MSG_EQ(o.out, "", "nothing simulated");
        }
        {
            MonacoParkingLotScenario scenario;
            const dualcctest::Outcome o = RunRestoring(scenario,
                                                       {"--ns3::AvdQueueDisc::LinkBandwidth=5Mbps"},
                                                       {"ns3::AvdQueueDisc::LinkBandwidth"});
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --ns3::AvdQueueDisc::LinkBandwidth=5Mbps: this "
                                  "example sets ns3::AvdQueueDisc::LinkBandwidth" +
                                      overrides + "nothing: the link's rate (the paper's)\n",
                                  "monaco-parking-lot, AVD's LinkBandwidth");
        }
        {
            // An attribute no scenario sets is the user's to choose: no error from the policy
            // (the run stops at the unwritable --csv, checked after it).
            AqmComparisonScenario scenario;
            const dualcctest::Outcome o = RunRestoring(
                scenario,
                {"--ns3::AvqQueueDisc::InitialVirtualCapacity=0.8", "--csv=/nonexistent-dir/out"},
                {"ns3::AvqQueueDisc::InitialVirtualCapacity"});
            NS_TEST_EXPECT_MSG_EQ(o.err.find("InitialVirtualCapacity"),
                                  std::string::npos,
                                  "not refused: " << o.err);
            NS_TEST_EXPECT_MSG_NE(o.err.find("--csv=/nonexistent-dir/out"),
                                  std::string::npos,
                                  "stops at --csv: " << o.err);
        }
    }
};

/**
 * \ingroup dualcc
 * An option without effect in the chosen configuration is refused, naming what would enable
 * it: monaco-dynamic's --gamma under --aqm=droptail (even at its default value),
 * aqm-comparison's per-experiment options, avq-experiment1's --shortSize without short flows,
 * fast-sweeps' --subPacket without a NewReno algorithm.
 */
class OptionWithoutEffectTestCase : public TestCase
{
  public:
    OptionWithoutEffectTestCase()
        : TestCase("an option without effect is refused")
    {
    }

  private:
    void DoRun() override
    {
        const std::string why = ": no effect with --aqm=droptail (no AVD disc); valid: leave it "
                                "out, or --aqm=avd or --aqm=avd-fifo\n";
        for (const std::string value : {"0.9", "0.98"})
        {
            MonacoDynamicScenario scenario;
            const dualcctest::Outcome o = RunRestoring(scenario, {"--gamma=" + value}, {});
            NS_TEST_EXPECT_MSG_EQ(o.status, 1, "refused");
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --gamma=" + value + why,
                                  "--gamma=" << value << " under droptail");
        }
        {
            AqmComparisonScenario aqm;
            const dualcctest::Outcome o =
                RunRestoring(aqm, {"--experiment=3", "--flows=5", "--rates=5"}, {});
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --flows=5: no effect with --experiment=3 (it is "
                                  "Exp. 2's); valid: leave it out, or --experiment with 2 (or "
                                  "all)\n",
                                  "aqm-comparison: Exp. 2's option with Exp. 3");
        }
        {
            AvqExperiment1Scenario avq;
            const dualcctest::Outcome o = RunRestoring(avq, {"--shortRate=0", "--shortSize=5"}, {});
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --shortSize=5: no effect with --shortRate=0 (no "
                                  "short flows); valid: leave it out, or --shortRate > 0\n",
                                  "avq-experiment1: short flows' size without short flows");
        }
        {
            FastSweepsScenario sweeps;
            const dualcctest::Outcome o =
                RunRestoring(sweeps, {"--algorithms=fast", "--subPacket=false"}, {});
            NS_TEST_EXPECT_MSG_EQ(o.err,
                                  "prog: error: --subPacket=false: no effect with "
                                  "--algorithms=fast (no NewReno source); valid: leave it out, or "
                                  "--algorithms with red, avq or pi\n",
                                  "fast-sweeps: NewReno's option without NewReno");
        }
        // With an AVD disc --gamma has its effect: Check() passes and the run stops at the
        // unwritable --csv (checked after it).
        MonacoDynamicScenario scenario;
        const dualcctest::Outcome o =
            RunRestoring(scenario, {"--aqm=avd", "--gamma=0.9", "--csv=/nonexistent-dir/out"}, {});
        NS_TEST_EXPECT_MSG_EQ(o.err.find("gamma"), std::string::npos, "accepted: " << o.err);
        NS_TEST_EXPECT_MSG_NE(o.err.find("--csv=/nonexistent-dir/out"),
                              std::string::npos,
                              "stops at --csv: " << o.err);
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class OwnedAttributesTestSuite : public TestSuite
{
  public:
    OwnedAttributesTestSuite()
        : TestSuite("dualcc-owned-attributes", TestSuite::Type::UNIT)
    {
        AddTestCase(new OwnedAttributesGivenTestCase);
        AddTestCase(new OwnedAttributesRunnerTestCase);
        AddTestCase(new OptionWithoutEffectTestCase);
    }
};

/// The suite's only instance.
static OwnedAttributesTestSuite g_ownedAttributesTestSuite;
