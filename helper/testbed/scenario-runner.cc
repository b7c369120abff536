/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scenario-runner.h"

#include "distributed-run.h"
#include "network-helper.h"
#include "parallel-sweep.h"
#include "sweep-point-file.h"

#include "ns3/command-line.h"
#include "ns3/global-value.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Packet transmissions (data and ACKs, every hop) the simulator handles per wall-clock
/// second: measured with examples/six-class.topology (2 s simulated, 1.6 million estimated
/// transmissions, 20 s of wall time on a busy 2-core machine); an order of magnitude.
constexpr double TRANSMISSIONS_PER_SECOND = 1e5;
/// Estimated wall time above which WarnIfLong() warns, seconds.
constexpr double LONG_RUN_SECONDS = 600;
} // namespace

int
ScenarioRunner::Main(int argc, char* argv[], Scenario& scenario)
{
    std::string program = argc > 0 && argv[0] ? argv[0] : scenario.GetName();
    program = program.substr(program.find_last_of('/') + 1);
    std::streambuf* console = std::cout.rdbuf();
    int status = 1;
    try
    {
        // Under mpirun with two or more processes: one rank each (DistributedRun); rank 0
        // prints and writes the files, the others only simulate.
        DistributedRun::EnableIfLaunched(&argc, &argv);
        if (!DistributedRun::IsOutputRank())
        {
            std::cout.rdbuf(nullptr);
        }
        ScenarioRunner runner;
        status = runner.Run(argc, argv, scenario);
    }
    catch (const std::exception& e)
    {
        std::cout.flush();
        std::cerr << program << ": error: " << e.what() << std::endl;
        status = 1;
    }
    std::cout.rdbuf(console);
    std::cout.clear();
    // The tracing options and the command line belong to this run only (a test may run
    // several examples).
    NetworkHelper::SetTracing({});
    NetworkHelper::SetTracingIndex(-1);
    NetworkHelper::SetCommandLine({});
    DistributedRun::Disable();
    return status;
}

void
ScenarioRunner::AddOptions(StrictCommandLine& cmd, Scenario& scenario, Options& options)
{
    const std::string pattern = scenario.GetOutputNamePattern();
    const std::string columns = " (quantity,entity,model,simulation,error_pct)";
    scenario.AddOptions(cmd);
    if (scenario.HasWindow())
    {
        cmd.AddValue("simTime", "Simulated time (0 to 1e6 s)", options.settings.simTime);
        cmd.AddValue("warmup",
                     "Start of the measurement window (statistics over [warmup, simTime])",
                     options.settings.warmup);
    }
    if (scenario.IsSweep())
    {
        cmd.AddValue("jobs",
                     "Sweep points simulated at once, each in its own process (>= 1; "
                     "processors: " +
                         std::to_string(ParallelSweep::GetProcessorCount()) + ")",
                     options.jobs);
        cmd.AddValue("point",
                     "Simulate only this sweep point (0 to points - 1, --listPoints) and write "
                     "its numbers to PREFIX-K.point (--pointFiles), e.g. one point per machine; "
                     "-1 (the default): every point",
                     options.point);
        cmd.AddValue("pointFiles",
                     "With --point: the prefix of the point's file. Without: simulate nothing, "
                     "read every point's PREFIX-K.point (same options) and report as usual",
                     options.pointFiles);
        cmd.AddValue("listPoints",
                     "Print the sweep's points (index, label) and exit",
                     options.listPoints);
    }
    if (scenario.IsModelOnly())
    {
        return;
    }
    cmd.AddValue("csv",
                 pattern.empty() ? "Write the table as CSV to this file" + columns
                                 : "Prefix of the CSV tables, PREFIX-" + pattern + ".csv" +
                                       columns + "; none by default",
                 options.settings.csv);
    cmd.AddValue("plot",
                 pattern.empty() ? "Prefix of the PNG plot and its data (none: no plot)"
                                 : "Prefix of the PNG plots and their data, PREFIX-" + pattern +
                                       ".png (none: no plot)",
                 options.plot);
    cmd.AddValue("progress",
                 scenario.IsSweep() ? "Print a line on stderr as each point starts and ends"
                                    : "Show simulation progress on stderr",
                 options.settings.progress);
    cmd.AddValue("pcap",
                 "Write pcap traces (Wireshark) of this link's two devices, "
                 "PCAPDIR/" +
                     scenario.GetName() +
                     "-<link>-<node>-<device>.pcap (a link of the network, or all); none "
                     "by default",
                 options.tracing.pcapLink);
    cmd.AddValue("pcapDir", "Directory of the --pcap files", options.pcapDir);
    cmd.AddValue("flowmon",
                 "Write ns-3's FlowMonitor statistics of every flow to this XML file; none "
                 "by default",
                 options.tracing.flowmonFile);
}

bool
ScenarioRunner::IsSchedulerChosen(int argc, char* argv[])
{
    // ns-3's global SchedulerType, if given, is the user's choice even when it names ns-3's
    // default (otherwise the runs use the testbed's own default: ChooseScheduler()).
    bool chosen = false;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        chosen = chosen || arg.rfind("--SchedulerType", 0) == 0;
    }
    const char* globals = std::getenv("NS_GLOBAL_VALUE");
    return chosen || (globals && std::string(globals).find("SchedulerType=") != std::string::npos);
}

void
ScenarioRunner::CheckOptions(Scenario& scenario, const Options& options)
{
    const bool simulates = !scenario.IsModelOnly();
    if (scenario.HasWindow())
    {
        CheckWindow(options.settings);
    }
    if (options.jobs == 0)
    {
        throw std::invalid_argument("--jobs=0: no point could run; valid: 1 or more");
    }
    scenario.Check();
    if (DistributedRun::IsDistributed() && simulates && scenario.GetPointCount() > 1)
    {
        throw std::invalid_argument(
            "mpirun: this example runs " + std::to_string(scenario.GetPointCount()) +
            " simulations one after the other, and ns-3's distributed simulator runs one per "
            "process; valid: one process");
    }
    // Again after parsing: a scenario's list may depend on its options (--ns2Tcp).
    m_owned.Add(scenario.GetOwnedAttributes(), "this example");
    CheckOverriddenDefaults(m_args);
    // Before the run, not after it: a bad --csv or --plot path is an error now.
    for (const std::string& name : scenario.GetOutputNames())
    {
        if (!scenario.GetCsvPath(name).empty())
        {
            CheckWritable(scenario.GetCsvPath(name), "--csv");
        }
        if (!scenario.GetPlotPrefix(name).empty())
        {
            CheckWritable(scenario.GetPlotPrefix(name) + ".plt", "--plot");
        }
    }
}

bool
ScenarioRunner::RunSweepOptions(Scenario& scenario,
                                int argc,
                                char* argv[],
                                const Options& options,
                                std::vector<std::vector<double>>& results)
{
    const auto wallStart = std::chrono::steady_clock::now();
    const SweepPointFile::Sweep sweep{scenario.GetName(),
                                      SweepPointFile::GetOptions(argc, argv),
                                      scenario.GetPointCount()};
    if (options.listPoints)
    {
        std::cout << sweep.points << " points:\n";
        for (std::size_t i = 0; i < sweep.points; ++i)
        {
            std::cout << "  " << i << "  " << scenario.GetPointLabel(i) << '\n';
        }
        return true;
    }
    if (options.point != -1)
    {
        RunOnePoint(scenario, sweep, options.point, options.pointFiles);
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
        std::cout << "point " << options.point << " of " << sweep.points << " ("
                  << scenario.GetPointLabel(options.point) << ") written to "
                  << SweepPointFile::GetPath(options.pointFiles, options.point) << "; wall time "
                  << wall << " s\n";
        return true;
    }
    if (!options.pointFiles.empty())
    {
        for (std::size_t i = 0; i < sweep.points; ++i)
        {
            results.push_back(
                SweepPointFile::Read(SweepPointFile::GetPath(options.pointFiles, i), sweep, i));
        }
    }
    return false;
}

void
ScenarioRunner::PrintWallTime(const Scenario& scenario,
                              const Options& options,
                              std::size_t points,
                              double wall)
{
    std::cout << "wall time " << wall << " s";
    if (scenario.IsSweep() && !options.pointFiles.empty())
    {
        std::cout << " (the " << points << " points read from "
                  << SweepPointFile::GetPath(options.pointFiles, 0) << " ...)";
    }
    else if (scenario.IsSweep())
    {
        std::cout << " for " << points << " points, " << options.jobs << " at a time";
    }
    std::cout << '\n';
}

int
ScenarioRunner::Run(int argc, char* argv[], Scenario& scenario)
{
    const bool simulates = !scenario.IsModelOnly();
    Options options;
    options.settings = scenario.GetSettings();
    options.plot = scenario.GetName();

    // The program's name in --PrintHelp is the scenario's (its example's).
    StrictCommandLine cmd(scenario.GetName());
    cmd.Usage(scenario.GetUsage());
    AddOptions(cmd, scenario, options);
    SnapshotDefaults(&scenario);
    m_args = OwnedAttributes::GetArguments(argc, argv);
    cmd.ParseOrThrow(argc, argv);
    ChooseScheduler(IsSchedulerChosen(argc, argv));
    options.settings.plot = simulates && options.plot != "none" ? options.plot : "";
    if (DistributedRun::IsDistributed())
    {
        if (scenario.IsSweep())
        {
            throw std::invalid_argument(
                "mpirun: a sweep runs its points in processes of their own; valid: one process "
                "per point (--point=K --pointFiles=PREFIX, then one run with --pointFiles to "
                "merge), or one simulation under mpirun");
        }
        // Every rank measures what the options ask for (SumOverRanks() needs the same
        // tallies everywhere); rank 0 alone writes the files (DistributedRun::IsOutputRank())
        // and shows the progress.
        options.settings.progress = options.settings.progress && DistributedRun::IsOutputRank();
    }
    options.settings.arguments = m_args;
    NetworkHelper::SetCommandLine(m_args); // Install() refuses a description replacing them
    scenario.SetSettings(options.settings);
    if (simulates)
    {
        SetUpTracing(scenario, options.tracing, options.pcapDir);
    }
    CheckOptions(scenario, options);

    const auto wallStart = std::chrono::steady_clock::now();
    std::vector<std::vector<double>> results;
    if (scenario.IsSweep() && RunSweepOptions(scenario, argc, argv, options, results))
    {
        return 0;
    }
    if (results.empty())
    {
        results = RunPoints(scenario, options.jobs, options.settings.progress);
    }
    const int status = scenario.Evaluate(results, std::cout);
    Simulator::Destroy();
    if (simulates)
    {
        PrintWallTime(
            scenario,
            options,
            results.size(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count());
    }
    return status;
}

void
ScenarioRunner::RunOnePoint(Scenario& scenario,
                            const SweepPointFile::Sweep& sweep,
                            int point,
                            const std::string& prefix)
{
    if (point < 0 || static_cast<std::size_t>(point) >= sweep.points)
    {
        std::ostringstream os;
        os << "--point=" << point << ": no such point; valid: 0 to " << sweep.points - 1 << " ("
           << sweep.points << " points; --listPoints names them)";
        throw std::invalid_argument(os.str());
    }
    if (prefix.empty())
    {
        throw std::invalid_argument("--point=" + std::to_string(point) +
                                    ": needs --pointFiles=PREFIX; valid: the prefix of the "
                                    "point files, the same for every point of the sweep");
    }
    const std::string path = SweepPointFile::GetPath(prefix, point);
    CheckWritable(path, "--pointFiles");
    // In this process: a fresh one, as ParallelSweep's children are.
    NetworkHelper::SetTracingIndex(point);
    const std::vector<double> values = scenario.RunPoint(point);
    Simulator::Destroy();
    SweepPointFile::Write(path, sweep, point, scenario.GetPointLabel(point), values);
}

void
ScenarioRunner::SetUpTracing(const Scenario& scenario,
                             NetworkHelper::Tracing tracing,
                             const std::string& pcapDir)
{
    if (tracing.pcapLink.empty() && tracing.flowmonFile.empty())
    {
        NetworkHelper::SetTracing(tracing);
        return;
    }
    if (DistributedRun::IsDistributed())
    {
        // Each rank simulates its own nodes: a FlowMonitor per rank would see only the flows'
        // packets on its nodes, and a pcap file would be written by every rank.
        throw std::invalid_argument(
            std::string(tracing.pcapLink.empty() ? "--flowmon" : "--pcap") +
            ": not under mpirun (each rank sees only its own nodes' packets); valid: the same "
            "run in one process");
    }
    if (!tracing.flowmonFile.empty())
    {
        CheckWritable(tracing.flowmonFile, "--flowmon");
    }
    if (!tracing.pcapLink.empty())
    {
        if (pcapDir.empty())
        {
            throw std::invalid_argument("--pcapDir=: empty directory name; valid: an existing, "
                                        "writable directory");
        }
        tracing.pcapPrefix = pcapDir + "/" + scenario.GetName();
        try
        {
            CheckWritable(tracing.pcapPrefix + "-" + tracing.pcapLink + ".pcap", "--pcapDir");
        }
        catch (const std::invalid_argument&)
        {
            throw std::invalid_argument("--pcapDir=" + pcapDir +
                                        ": cannot write the pcap files there; valid: an "
                                        "existing, writable directory");
        }
    }
    NetworkHelper::SetTracing(tracing);
}

void
ScenarioRunner::CheckWindow(const Scenario::Settings& settings)
{
    const double maxSeconds = NetworkDescription::MAX_TIME_SECONDS;
    for (const auto& [option, t] : {std::make_pair("--simTime", settings.simTime),
                                    std::make_pair("--warmup", settings.warmup)})
    {
        if (t.IsStrictlyNegative() || t.GetSeconds() > maxSeconds)
        {
            std::ostringstream os;
            os << option << "=" << t.As(Time::S) << " is out of range; valid: 0 to " << maxSeconds
               << " s";
            throw std::invalid_argument(os.str());
        }
    }
    if (settings.simTime <= settings.warmup)
    {
        // The option the user typed (last) is named.
        std::ostringstream os;
        if (Scenario::IsGivenAfter(settings.arguments, "warmup", "simTime"))
        {
            os << "--warmup=" << settings.warmup.As(Time::S) << " is not before --simTime ("
               << settings.simTime.As(Time::S) << "); valid: warmup < simTime";
        }
        else
        {
            os << "--simTime=" << settings.simTime.As(Time::S) << " must exceed --warmup ("
               << settings.warmup.As(Time::S) << "); valid: simTime > warmup";
        }
        throw std::invalid_argument(os.str());
    }
}

std::vector<std::vector<double>>
ScenarioRunner::RunPoints(Scenario& scenario, unsigned jobs, bool progress)
{
    const std::size_t points = scenario.GetPointCount();
    if (!scenario.IsSweep())
    {
        std::vector<std::vector<double>> results;
        for (std::size_t i = 0; i < points; ++i)
        {
            NetworkHelper::SetTracingIndex(points > 1 ? static_cast<int>(i) : -1);
            results.push_back(scenario.RunPoint(i));
            if (!scenario.IsModelOnly())
            {
                DistributedRun::CheckPartitioned();
            }
        }
        return results;
    }
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < points; ++i)
    {
        labels.push_back(scenario.GetPointLabel(i));
    }
    CheckPoints(scenario);
    ParallelSweep sweep(jobs);
    sweep.SetProgress(progress, labels);
    return sweep.Run(points, [&scenario](std::size_t point) {
        // This runs in a child process: an exception must not unwind into the code of the parent
        // (Main()'s handler would carry on as a second parent). Report it and end the child;
        // ParallelSweep then names the failed point.
        try
        {
            NetworkHelper::SetTracingIndex(static_cast<int>(point));
            return scenario.RunPoint(point);
        }
        catch (const std::exception& e)
        {
            std::cout.flush();
            std::cerr << scenario.GetPointLabel(point) << ": error: " << e.what() << std::endl;
            std::_Exit(1);
        }
    });
}

void
ScenarioRunner::CheckPoints(Scenario& scenario)
{
    // In a child process, so that the parent's simulator, random streams and objects are as
    // they were; its output is discarded (the points print again when they run).
    const std::string error = ParallelSweep::RunCheck([&scenario]() {
        NetworkHelper::SetCheckOnly(true);
        for (std::size_t i = 0; i < scenario.GetPointCount(); ++i)
        {
            try
            {
                scenario.RunPoint(i);
            }
            catch (const NetworkHelper::CheckedOnly&)
            {
            }
            catch (const std::invalid_argument& e)
            {
                // An option's error names the option; another names the point's network.
                const std::string what = e.what();
                throw std::invalid_argument(
                    what.rfind("--", 0) == 0 ? what : scenario.GetPointLabel(i) + ": " + what);
            }
            Simulator::Destroy();
        }
    });
    if (!error.empty())
    {
        throw std::invalid_argument(error);
    }
}

void
ScenarioRunner::CheckWritable(const std::string& path, const std::string& option)
{
    if (path.empty())
    {
        throw std::invalid_argument(option + "=: empty file name; valid: a file that can be "
                                             "written");
    }
    const bool existed = std::ifstream(path).good();
    errno = 0;
    std::ofstream probe(path, std::ios::app);
    const int error = errno;
    if (!probe)
    {
        throw std::invalid_argument(option + "=" + path + ": cannot write it (" +
                                    (error ? std::strerror(error) : "cannot open") +
                                    "); valid: a file in an existing, writable directory");
    }
    probe.close();
    if (!existed)
    {
        std::remove(path.c_str());
    }
}

std::string
ScenarioRunner::ChooseScheduler(bool chosen)
{
    // The calendar queue: on the five-class network it executes as many instructions as ns-3's
    // default map and the priority queue (within 0.3 %; the heap 18 % more: callgrind, see
    // doc/validation.rst, Speed); events run in the same (time, insertion) order in all of them,
    // so results are identical.
    StringValue configured;
    GlobalValue::GetValueByName("SchedulerType", configured);
    if (!chosen && configured.Get() == "ns3::MapScheduler")
    {
        GlobalValue::Bind("SchedulerType", StringValue("ns3::CalendarScheduler"));
        return "ns3::CalendarScheduler";
    }
    return configured.Get();
}

void
ScenarioRunner::SnapshotDefaults(const Scenario* scenario)
{
    m_owned = OwnedAttributes();
    if (!scenario || !scenario->IsModelOnly())
    {
        m_owned.Add(GetNetworkHelperAttributes(), "NetworkHelper");
    }
    if (scenario)
    {
        m_owned.Add(scenario->GetOwnedAttributes(), "this example");
    }
    m_owned.Snapshot();
}

std::vector<OwnedAttributes::Entry>
ScenarioRunner::GetNetworkHelperAttributes()
{
    const std::string dualVegas = "in the topology, the class' alpha=, beta=, rttSample=, "
                                  "alphaUnit= or baseRtt= (or the example's own option)";
    const std::string socket = "the example's NetworkHelper setting (packetSize= in the "
                               "topology's set line for SegmentSize; GetTcpDefaults() in code)";
    const std::string rtt = "nothing: NetworkHelper needs this value for Vegas' RTT samples";
    std::vector<OwnedAttributes::Entry> entries;
    for (const char* name : {"Alpha",
                             "Beta",
                             "RttSample",
                             "AlphaUnit",
                             "AlphaTimeUnit",
                             "BaseRttEstimator",
                             "PropagationDelay"})
    {
        entries.push_back({std::string("ns3::TcpDualVegas::") + name, dualVegas});
    }
    entries.push_back({"ns3::TcpVegas::Alpha", dualVegas});
    entries.push_back({"ns3::TcpVegas::Beta", dualVegas});
    for (const char* name :
         {"SegmentSize", "SndBufSize", "RcvBufSize", "InitialCwnd", "DelAckCount"})
    {
        entries.push_back({std::string("ns3::TcpSocket::") + name, socket});
    }
    entries.push_back({"ns3::TcpSocketBase::Timestamp", rtt});
    entries.push_back({"ns3::PointToPointNetDevice::DataRate",
                       "rate= on the topology's link line (or the example's own option)"});
    entries.push_back({"ns3::PointToPointChannel::Delay",
                       "delay= on the topology's link line (or the example's own option)"});
    for (const char* name : {"ns3::MonacoSenderAgent::Remote",
                             "ns3::MonacoSenderAgent::Port",
                             "ns3::MonacoReceiverAgent::Port"})
    {
        entries.push_back({name, "nothing: NetworkHelper pairs each Monaco flow's agents"});
    }
    entries.push_back({"ns3::RttMeanDeviation::Alpha", rtt});
    // The applications and channels the builder configures from the description.
    const std::string classEcn = "ecn= and subPacket= on the topology's class line (or the "
                                 "example's own option)";
    for (const char* app : {"ns3::PersistentFlowApplication", "ns3::ShortFlowApplication"})
    {
        entries.push_back({std::string(app) + "::UseEcn", classEcn});
        entries.push_back({std::string(app) + "::SubPacket", classEcn});
    }
    entries.push_back({"ns3::ShortFlowApplication::ArrivalRate",
                       "arrivalRate= on the topology's class line (or the example's own option)"});
    for (const char* name : {"JitterStdDev", "JitterCorrelationTime"})
    {
        entries.push_back({std::string("ns3::JitterPointToPointChannel::") + name,
                           "accessJitter= and accessJitterCorrelation= on the topology's set "
                           "line (or the example's own option)"});
    }
    const TypeId queueDisc = QueueDisc::GetTypeId();
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid.IsChildOf(queueDisc))
        {
            entries.push_back({tid.GetName() + "::MaxSize",
                               "buffer=<packets> (or queue.MaxSize=) on the topology's link "
                               "line"});
        }
    }
    return entries;
}

void
ScenarioRunner::CheckOverriddenDefaults(const std::vector<std::string>& args) const
{
    m_owned.Check(args);
}

double
ScenarioRunner::WarnIfLong(const NetworkHelper& helper, Time simTime)
{
    const NetworkDescription& d = helper.GetDescription();
    // Saturated links: each link sends rate / packetSize data packets a second; each packet also
    // crosses two access links (per route of mean length L: 2 / L more per link transmission),
    // and every data transmission has an ACK transmission.
    double packetsPerSecond = 0;
    for (const NetworkDescription::LinkSpec& l : d.links)
    {
        packetsPerSecond += l.rate.GetBitRate() / (8.0 * d.packetSize);
    }
    double routeLength = 0;
    for (const NetworkDescription::ClassSpec& c : d.classes)
    {
        routeLength += c.flows * static_cast<double>(c.route.size());
    }
    routeLength /= std::max<double>(1, d.GetTotalFlows());
    const double transmissions =
        packetsPerSecond * (1 + 2 / std::max(1.0, routeLength)) * 2 * simTime.GetSeconds();
    const double wall = transmissions / TRANSMISSIONS_PER_SECOND;
    if (wall > LONG_RUN_SECONDS)
    {
        std::cerr << "warning: this run simulates " << d.GetTotalFlows() << " flows over "
                  << d.links.size() << " links for " << simTime.GetSeconds() << " s: about "
                  << transmissions / 1e6 << " million packet transmissions, roughly "
                  << static_cast<long>(wall / 60 + 0.5)
                  << " minutes of wall time; shorten --simTime or lower the link rates for a "
                     "quicker run"
                  << std::endl;
    }
    return wall;
}

} // namespace ns3
