/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of Scenario and ScenarioRunner, run in this process with a fake argv: a sweep's points
// run in child processes (--jobs) and come back as CSV rows in point order with the values the
// points returned; other scenarios' points run here, in order; a bad option, an unwritable
// --csv, a window that ends before it starts and an exception in a point end Main() with
// "<program>: error: ..." and exit status 1 before any point runs; the scenario's exit status
// is Main()'s.

#include "ns3/command-line.h"
#include "ns3/comparison-table.h"
#include "ns3/global-value.h"
#include "ns3/network-helper.h"
#include "ns3/scenario-runner.h"
#include "ns3/scenario.h"
#include "ns3/string.h"
#include "ns3/sweep-point-file.h"
#include "ns3/system-path.h"
#include "ns3/test.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// The test scenarios' program name (argv[0]).
const std::string PROGRAM = "scenario-test";

/// Points run in this process (a sweep's children change only their own copy).
std::vector<std::size_t> g_pointsRun;

/**
 * A scenario of three points: point i returns {i + 1, 10 i + 0.25 + offset}, and the evaluation
 * tabulates them, model = the first number, simulation = the second.
 */
class TestScenario : public Scenario
{
  public:
    /// \param sweep whether the points are a sweep (child processes, --jobs)
    explicit TestScenario(bool sweep)
        : Scenario(PROGRAM, "A test scenario of three points."),
          m_sweep(sweep)
    {
    }

    void AddOptions(StrictCommandLine& cmd) override
    {
        cmd.AddValue("offset", "Added to each point's second number (>= 0)", m_offset);
        cmd.AddValue("fail", "Point that throws (-1: none)", m_fail);
        cmd.AddValue("status", "Exit status of the evaluation", m_status);
    }

    void Check() override
    {
        if (m_offset < 0)
        {
            std::ostringstream os;
            os << "--offset=" << m_offset << ": negative; valid: >= 0";
            throw std::invalid_argument(os.str());
        }
    }

    bool IsSweep() const override
    {
        return m_sweep;
    }

    std::size_t GetPointCount() const override
    {
        return 3;
    }

    std::vector<double> RunPoint(std::size_t point) override
    {
        if (static_cast<int>(point) == m_fail)
        {
            throw std::invalid_argument("point " + std::to_string(point) + " failed");
        }
        g_pointsRun.push_back(point);
        return {point + 1.0, 10.0 * point + 0.25 + m_offset};
    }

    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override
    {
        ComparisonTable table("test");
        for (std::size_t i = 0; i < results.size(); ++i)
        {
            table.Add("value", "point " + std::to_string(i), results[i][0], results[i][1]);
        }
        Report(os, table);
        return m_status;
    }

  private:
    bool m_sweep;       //!< a sweep
    double m_offset{0}; //!< --offset
    int m_fail{-1};     //!< --fail
    int m_status{0};    //!< --status
};

/// A scenario with --simTime and --warmup: its one point records what it was given.
class WindowScenario : public Scenario
{
  public:
    WindowScenario()
        : Scenario(PROGRAM, "A test scenario with a window.")
    {
        Settings defaults;
        defaults.simTime = Seconds(20);
        defaults.warmup = Seconds(10);
        SetSettings(defaults);
    }

    void AddOptions(StrictCommandLine& /* cmd */) override
    {
    }

    bool HasWindow() const override
    {
        return true;
    }

    std::vector<double> RunPoint(std::size_t /* point */) override
    {
        g_pointsRun.push_back(0);
        return {GetSettings().simTime.GetSeconds(), GetSettings().warmup.GetSeconds()};
    }

    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override
    {
        os << "window " << results[0][1] << " " << results[0][0] << "\n";
        return 0;
    }
};

/// A scenario that only evaluates a model: no output files, no wall time.
class ModelScenario : public Scenario
{
  public:
    ModelScenario()
        : Scenario(PROGRAM, "A model-only test scenario.")
    {
    }

    void AddOptions(StrictCommandLine& /* cmd */) override
    {
    }

    bool IsModelOnly() const override
    {
        return true;
    }

    std::vector<double> RunPoint(std::size_t /* point */) override
    {
        return {};
    }

    /// \return 0 if the scenario has no plot and no CSV, else 2
    int Evaluate(const std::vector<std::vector<double>>& /* results */, std::ostream& os) override
    {
        os << "model\n";
        return GetPlotPrefix().empty() && GetCsvPath().empty() ? 0 : 2;
    }
};

/// What Main() printed and returned.
struct Outcome
{
    int status;      //!< exit status
    std::string out; //!< standard output
    std::string err; //!< standard error
};

/**
 * Run ScenarioRunner::Main() on \p scenario with \p args, capturing std::cout and std::cerr.
 * \param scenario the scenario
 * \param args the options (argv[0] is PROGRAM)
 * \return what it printed and returned
 */
Outcome
RunMain(Scenario& scenario, const std::vector<std::string>& args)
{
    std::vector<std::string> strings{PROGRAM};
    strings.insert(strings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& s : strings)
    {
        argv.push_back(&s[0]);
    }
    argv.push_back(nullptr);
    std::ostringstream out;
    std::ostringstream err;
    std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
    std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
    const int status =
        ScenarioRunner::Main(static_cast<int>(strings.size()), argv.data(), scenario);
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    return {status, out.str(), err.str()};
}

/// \return a new temporary directory
std::string
MakeTemporaryDirectory()
{
    const std::string dir = SystemPath::MakeTemporaryDirectoryName();
    SystemPath::MakeDirectories(dir);
    return dir;
}

} // namespace

/**
 * \ingroup dualcc
 * A sweep of three points through the runner with --jobs=2 and --csv: the CSV has a row per
 * point, in point order, with the numbers the points returned, and the points ran in child
 * processes.
 */
class ScenarioSweepTestCase : public TestCase
{
  public:
    ScenarioSweepTestCase()
        : TestCase("sweep with --jobs=2 and --csv: rows in point order, from child processes")
    {
    }

  private:
    void DoRun() override
    {
        g_pointsRun.clear();
        const std::string csv = SystemPath::Append(MakeTemporaryDirectory(), "rows.csv");
        TestScenario scenario(true);
        const Outcome o = RunMain(
            scenario,
            {"--jobs=2", "--offset=0.5", "--csv=" + csv, "--plot=none", "--progress=false"});
        NS_TEST_ASSERT_MSG_EQ(o.status, 0, "exit status; stderr: " << o.err);
        NS_TEST_EXPECT_MSG_EQ(g_pointsRun.size(), 0, "the points ran in child processes");
        NS_TEST_EXPECT_MSG_NE(o.out.find("table written to " + csv),
                              std::string::npos,
                              "says where the table went: " << o.out);
        NS_TEST_EXPECT_MSG_NE(o.out.find("wall time"), std::string::npos, "wall time: " << o.out);

        std::ifstream in(csv);
        std::string line;
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(std::getline(in, line)), true, "a header");
        NS_TEST_EXPECT_MSG_EQ(line, "quantity,entity,model,simulation,error_pct", "header");
        for (std::size_t i = 0; i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(std::getline(in, line)), true, "row " << i);
            std::istringstream row(line);
            std::vector<std::string> fields;
            std::string field;
            while (std::getline(row, field, ','))
            {
                fields.push_back(field);
            }
            NS_TEST_ASSERT_MSG_EQ(fields.size(), 5, "five fields: " << line);
            NS_TEST_EXPECT_MSG_EQ(fields[1], "point " + std::to_string(i), "point order");
            NS_TEST_EXPECT_MSG_EQ(std::stod(fields[2]), i + 1.0, "first number");
            NS_TEST_EXPECT_MSG_EQ(std::stod(fields[3]), 10.0 * i + 0.75, "second number");
        }
        NS_TEST_EXPECT_MSG_EQ(static_cast<bool>(std::getline(in, line)), false, "three rows");
        std::remove(csv.c_str());
    }
};

/**
 * \ingroup dualcc
 * A scenario that is not a sweep runs its points in this process, in order, and Main() returns
 * the evaluation's exit status.
 */
class ScenarioInProcessTestCase : public TestCase
{
  public:
    ScenarioInProcessTestCase()
        : TestCase("points in this process, in order; the evaluation's exit status; model only")
    {
    }

  private:
    void DoRun() override
    {
        g_pointsRun.clear();
        TestScenario scenario(false);
        const Outcome o = RunMain(scenario, {"--status=3", "--plot=none"});
        NS_TEST_EXPECT_MSG_EQ(o.status, 3, "the evaluation's status; stderr: " << o.err);
        NS_TEST_ASSERT_MSG_EQ(g_pointsRun.size(), 3, "three points ran here");
        for (std::size_t i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(g_pointsRun[i], i, "in order");
        }
        NS_TEST_EXPECT_MSG_NE(o.out.find("point 2"), std::string::npos, "table: " << o.out);

        g_pointsRun.clear();
        WindowScenario window;
        const Outcome w = RunMain(window, {"--simTime=3s", "--warmup=1s", "--plot=none"});
        NS_TEST_EXPECT_MSG_EQ(w.status, 0, "exit status; stderr: " << w.err);
        NS_TEST_EXPECT_MSG_NE(w.out.find("window 1 3"),
                              std::string::npos,
                              "the scenario sees --simTime and --warmup: " << w.out);

        ModelScenario model;
        const Outcome m = RunMain(model, {});
        NS_TEST_EXPECT_MSG_EQ(m.status, 0, "a model-only scenario has no plot or CSV: " << m.err);
        NS_TEST_EXPECT_MSG_EQ(m.out, "model\n", "and prints no wall time");
    }
};

/**
 * \ingroup dualcc
 * Errors: a bad option, an unwritable --csv and an empty window end Main() with exit status 1
 * and "<program>: error: <what>" before any point runs; so does an exception in a point.
 */
class ScenarioErrorTestCase : public TestCase
{
  public:
    ScenarioErrorTestCase()
        : TestCase("bad option, unwritable --csv, empty window, failing point: error, exit 1")
    {
    }

  private:
    /**
     * Expect \p o to be a failure whose message contains \p expected.
     * \param o the outcome
     * \param expected part of the message
     */
    void ExpectError(const Outcome& o, const std::string& expected)
    {
        NS_TEST_EXPECT_MSG_EQ(o.status, 1, "exit status 1 for " << expected);
        NS_TEST_EXPECT_MSG_NE(o.err.find(PROGRAM + ": error: " + expected),
                              std::string::npos,
                              "'" << o.err << "' should contain '" << expected << "'");
    }

    void DoRun() override
    {
        g_pointsRun.clear();
        // A scenario keeps its options' values: a new one per run.
        TestScenario badOption(false);
        ExpectError(RunMain(badOption, {"--offset=-1"}), "--offset=-1");
        TestScenario badCsv(false);
        ExpectError(RunMain(badCsv, {"--csv=/nonexistent-dir/rows.csv"}),
                    "--csv=/nonexistent-dir/rows.csv: cannot write");
        TestScenario badPlot(false);
        ExpectError(RunMain(badPlot, {"--plot=/nonexistent-dir/plot"}),
                    "--plot=/nonexistent-dir/plot.plt: cannot write");
        WindowScenario window;
        ExpectError(RunMain(window, {"--warmup=2s", "--simTime=1s"}),
                    "--simTime=+1s must exceed --warmup (+2s)");
        // Of the two, the one typed last is named (issue 30: the option the user changed).
        WindowScenario lateWarmup;
        ExpectError(RunMain(lateWarmup, {"--simTime=1s", "--warmup=2s"}),
                    "--warmup=+2s is not before --simTime (+1s); valid: warmup < simTime");
        TestScenario sweep(true);
        ExpectError(RunMain(sweep, {"--jobs=0"}), "--jobs=0");
        NS_TEST_EXPECT_MSG_EQ(g_pointsRun.size(), 0, "no point ran");

        TestScenario failing(false);
        ExpectError(RunMain(failing, {"--fail=1", "--plot=none"}), "point 1 failed");
        NS_TEST_EXPECT_MSG_EQ(g_pointsRun.size(), 1, "the points before the failing one ran");
    }
};

/**
 * \ingroup dualcc
 * A sweep spread over runs: each point alone (--point=K --pointFiles=PREFIX), then one report
 * from the files (--pointFiles=PREFIX): the same CSV as the sweep run at once; and the errors: a
 * point file of other options, a missing file, a point out of range, --point without
 * --pointFiles, and --listPoints.
 */
class ScenarioPointFilesTestCase : public TestCase
{
  public:
    ScenarioPointFilesTestCase()
        : TestCase("--point and --pointFiles: one point per run, one report, same CSV")
    {
    }

  private:
    /// \param path a file \return its contents
    static std::string Slurp(const std::string& path)
    {
        std::ifstream in(path);
        std::ostringstream os;
        os << in.rdbuf();
        return os.str();
    }

    void DoRun() override
    {
        const std::string dir = MakeTemporaryDirectory();
        const std::string whole = SystemPath::Append(dir, "whole.csv");
        const std::string merged = SystemPath::Append(dir, "merged.csv");
        const std::string prefix = SystemPath::Append(dir, "p");
        TestScenario scenario(true);
        Outcome o = RunMain(scenario, {"--offset=0.5", "--csv=" + whole, "--plot=none"});
        NS_TEST_ASSERT_MSG_EQ(o.status, 0, "the whole sweep; stderr: " << o.err);
        g_pointsRun.clear();
        for (int k = 2; k >= 0; --k) // any order, any machine
        {
            o = RunMain(scenario,
                        {"--point=" + std::to_string(k), "--pointFiles=" + prefix, "--offset=0.5"});
            NS_TEST_ASSERT_MSG_EQ(o.status, 0, "point " << k << "; stderr: " << o.err);
            NS_TEST_EXPECT_MSG_NE(
                o.out.find("written to " + prefix + "-" + std::to_string(k) + ".point"),
                std::string::npos,
                "says where: " << o.out);
        }
        NS_TEST_EXPECT_MSG_EQ(g_pointsRun.size(), 3, "each point ran in its own run, here");
        g_pointsRun.clear();
        o = RunMain(scenario,
                    {"--pointFiles=" + prefix, "--offset=0.5", "--csv=" + merged, "--plot=none"});
        NS_TEST_ASSERT_MSG_EQ(o.status, 0, "the report; stderr: " << o.err);
        NS_TEST_EXPECT_MSG_EQ(g_pointsRun.size(), 0, "the report simulates nothing");
        NS_TEST_EXPECT_MSG_EQ(Slurp(merged), Slurp(whole), "the same table");
        NS_TEST_EXPECT_MSG_NE(Slurp(whole).size(), 0, "a table");

        // Errors, each naming what is wrong.
        const std::vector<std::pair<std::vector<std::string>, std::string>> bad{
            {{"--pointFiles=" + prefix, "--offset=1"},
             prefix + "-0.point:3: options: the point ran with '--offset=0.5'"},
            {{"--pointFiles=" + SystemPath::Append(dir, "q")},
             SystemPath::Append(dir, "q") + "-0.point:0: file: cannot be read"},
            {{"--point=3", "--pointFiles=" + prefix},
             "--point=3: no such point; valid: 0 to 2 (3 points"},
            {{"--point=1"}, "--point=1: needs --pointFiles=PREFIX"},
        };
        for (const auto& [args, expected] : bad)
        {
            o = RunMain(scenario, args);
            NS_TEST_EXPECT_MSG_EQ(o.status, 1, args[0] << ": exit status");
            NS_TEST_EXPECT_MSG_NE(o.err.find(expected),
                                  std::string::npos,
                                  args[0] << ": error: " << o.err);
        }
        o = RunMain(scenario, {"--listPoints"});
        NS_TEST_EXPECT_MSG_EQ(o.status, 0, "--listPoints");
        NS_TEST_EXPECT_MSG_NE(o.out.find("3 points:\n  0  point 0\n"),
                              std::string::npos,
                              "--listPoints: " << o.out);
        for (int k = 0; k < 3; ++k)
        {
            std::remove(SweepPointFile::GetPath(prefix, k).c_str());
        }
        std::remove(whole.c_str());
        std::remove(merged.c_str());
    }
};

/// \return ns-3's configured SchedulerType (what NetworkHelper::Run() runs)
std::string
ConfiguredScheduler()
{
    StringValue configured;
    GlobalValue::GetValueByName("SchedulerType", configured);
    return configured.Get();
}

/**
 * \ingroup dualcc
 * The scheduler the testbed runs: its own default (the CalendarScheduler) when the command line
 * names none; the one named by --SchedulerType otherwise, ns-3's default MapScheduler included.
 */
class ScenarioSchedulerTestCase : public TestCase
{
  public:
    ScenarioSchedulerTestCase()
        : TestCase("--SchedulerType is kept, even the MapScheduler; else the calendar")
    {
    }

  private:
    void DoRun() override
    {
        TestScenario scenario(false);
        NS_TEST_ASSERT_MSG_EQ(RunMain(scenario, {}).status, 0, "no option");
        NS_TEST_EXPECT_MSG_EQ(ConfiguredScheduler(),
                              "ns3::CalendarScheduler",
                              "the testbed's default");
        NS_TEST_ASSERT_MSG_EQ(RunMain(scenario, {"--SchedulerType=ns3::MapScheduler"}).status,
                              0,
                              "map");
        NS_TEST_EXPECT_MSG_EQ(ConfiguredScheduler(),
                              "ns3::MapScheduler",
                              "ns-3's default, chosen on the command line");
        NS_TEST_ASSERT_MSG_EQ(RunMain(scenario, {"--SchedulerType=ns3::HeapScheduler"}).status,
                              0,
                              "heap");
        NS_TEST_EXPECT_MSG_EQ(ConfiguredScheduler(), "ns3::HeapScheduler", "heap");
        // Back to ns-3's default, not chosen.
        GlobalValue::Bind("SchedulerType", StringValue("ns3::MapScheduler"));
        NS_TEST_ASSERT_MSG_EQ(RunMain(scenario, {}).status, 0, "no option again");
        NS_TEST_EXPECT_MSG_EQ(ConfiguredScheduler(),
                              "ns3::CalendarScheduler",
                              "the testbed's default again");
    }
};

/**
 * \ingroup dualcc
 * The Scenario and ScenarioRunner suite.
 */
class ScenarioTestSuite : public TestSuite
{
  public:
    ScenarioTestSuite()
        : TestSuite("dualcc-scenario-runner", TestSuite::Type::UNIT)
    {
        AddTestCase(new ScenarioSweepTestCase());
        AddTestCase(new ScenarioInProcessTestCase());
        AddTestCase(new ScenarioErrorTestCase());
        AddTestCase(new ScenarioSchedulerTestCase());
        AddTestCase(new ScenarioPointFilesTestCase());
    }
};

/// The suite's only instance.
static ScenarioTestSuite g_scenarioTestSuite;
