/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "experiment-runner.h"

#include "network-helper.h"
#include "plot-writer.h"

#include "ns3/command-line.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
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

ExperimentRunner::ExperimentRunner(std::string plotPrefix)
    : m_simTime(Seconds(20)),
      m_warmup(Seconds(10)),
      m_plot(std::move(plotPrefix)),
      m_progress(true)
{
}

int
ExperimentRunner::Main(int argc, char* argv[], int (*body)(int, char*[]))
{
    std::string program = argc > 0 && argv[0] ? argv[0] : "example";
    program = program.substr(program.find_last_of('/') + 1);
    try
    {
        return body(argc, argv);
    }
    catch (const std::exception& e)
    {
        std::cout.flush();
        std::cerr << program << ": error: " << e.what() << std::endl;
        return 1;
    }
}

void
ExperimentRunner::CheckWritable(const std::string& path, const std::string& option)
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

void
ExperimentRunner::SnapshotDefaults()
{
    const std::string dualVegas = "in the topology, the class' alpha=, beta=, rttSample=, "
                                  "alphaUnit= or baseRtt= (or the example's own option)";
    const std::string socket = "the example's NetworkHelper setting (packetSize= in the "
                               "topology's set line for SegmentSize; SetBufferSize, "
                               "SetInitialCwnd, SetDelAckCount in code)";
    const std::vector<std::pair<std::string, std::vector<std::string>>> fixed{
        {"ns3::TcpDualVegas",
         {"Alpha",
          "Beta",
          "RttSample",
          "AlphaUnit",
          "AlphaTimeUnit",
          "BaseRttEstimator",
          "PropagationDelay"}},
        {"ns3::TcpVegas", {"Alpha", "Beta"}},
        {"ns3::TcpSocket",
         {"SegmentSize", "SndBufSize", "RcvBufSize", "InitialCwnd", "DelAckCount"}},
        {"ns3::TcpSocketBase", {"Timestamp"}},
        {"ns3::RttMeanDeviation", {"Alpha"}}};
    m_defaults.clear();
    auto record = [this](TypeId tid, const std::string& name, const std::string& instead) {
        TypeId::AttributeInformation info;
        if (tid.LookupAttributeByName(name, &info) && info.initialValue)
        {
            m_defaults.push_back({tid.GetName() + "::" + name,
                                  {info.initialValue->SerializeToString(info.checker), instead}});
        }
    };
    for (const auto& [typeName, attributes] : fixed)
    {
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(typeName, &tid))
        {
            continue;
        }
        for (const std::string& name : attributes)
        {
            std::string instead = typeName == "ns3::TcpSocket" ||
                                          typeName == "ns3::TcpSocketBase" ||
                                          typeName == "ns3::RttMeanDeviation"
                                      ? socket
                                      : dualVegas;
            if (typeName == "ns3::TcpSocketBase" || typeName == "ns3::RttMeanDeviation")
            {
                instead = "nothing: NetworkHelper needs this value for Vegas' RTT samples";
            }
            record(tid, name, instead);
        }
    }
    const TypeId queueDisc = QueueDisc::GetTypeId();
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid.IsChildOf(queueDisc))
        {
            record(tid,
                   "MaxSize",
                   "buffer=<packets> (or queue.MaxSize=) on the topology's link line");
        }
    }
}

void
ExperimentRunner::CheckOverriddenDefaults() const
{
    std::ostringstream refused;
    for (const auto& [name, entry] : m_defaults)
    {
        const auto separator = name.rfind("::");
        TypeId tid;
        TypeId::AttributeInformation info;
        if (!TypeId::LookupByNameFailSafe(name.substr(0, separator), &tid) ||
            !tid.LookupAttributeByName(name.substr(separator + 2), &info))
        {
            continue;
        }
        const std::string now = info.initialValue->SerializeToString(info.checker);
        if (now != entry.first)
        {
            refused << (refused.tellp() > 0 ? "; " : "") << "--" << name << "=" << now
                    << ": NetworkHelper sets " << name
                    << " itself and would silently override this option; valid: leave it out "
                       "and use "
                    << entry.second;
        }
    }
    if (refused.tellp() > 0)
    {
        throw std::invalid_argument(refused.str());
    }
}

double
ExperimentRunner::WarnIfLong(const NetworkHelper& helper, Time simTime)
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

void
ExperimentRunner::AddOptions(CommandLine& cmd)
{
    cmd.AddValue("simTime", "Simulated time (0 to 1e6 s)", m_simTime);
    cmd.AddValue("warmup",
                 "Start of the measurement window (statistics over [warmup, simTime])",
                 m_warmup);
    cmd.AddValue("csv", "Write the table as CSV to this file (quantity,entity,model,...)", m_csv);
    cmd.AddValue("plot", "Prefix of the PNG plot and its data (none: no plot)", m_plot);
    cmd.AddValue("progress", "Show simulation progress on stderr", m_progress);
    SnapshotDefaults();
}

Time
ExperimentRunner::GetSimTime() const
{
    return m_simTime;
}

void
ExperimentRunner::Run(NetworkHelper& helper, const std::string& title, const std::string& plotTitle)
{
    const double maxSeconds = NetworkDescription::MAX_TIME_SECONDS;
    for (const auto& [option, t] :
         {std::make_pair("--simTime", m_simTime), std::make_pair("--warmup", m_warmup)})
    {
        if (t.IsStrictlyNegative() || t.GetSeconds() > maxSeconds)
        {
            std::ostringstream os;
            os << option << "=" << t.As(Time::S) << " is out of range; valid: 0 to " << maxSeconds
               << " s";
            throw std::invalid_argument(os.str());
        }
    }
    if (m_simTime <= m_warmup)
    {
        std::ostringstream os;
        os << "--simTime=" << m_simTime.As(Time::S) << " must exceed --warmup ("
           << m_warmup.As(Time::S) << "); valid: simTime > warmup";
        throw std::invalid_argument(os.str());
    }
    CheckOverriddenDefaults();
    const std::string plot = m_plot == "none" ? "" : m_plot;
    if (!m_csv.empty())
    {
        CheckWritable(m_csv, "--csv");
    }
    if (!plot.empty())
    {
        CheckWritable(plot + ".plt", "--plot");
    }
    WarnIfLong(helper, m_simTime);
    const auto wallStart = std::chrono::steady_clock::now();
    helper.SetMeasurementWindow(m_warmup, m_simTime);
    if (!plot.empty())
    {
        helper.EnableTimeSeries(m_simTime / 2000);
    }
    helper.AssignStreams(1);
    helper.Install();
    helper.Run(m_simTime, m_progress);
    std::ostringstream fullTitle;
    fullTitle << title << ", window [" << m_warmup.GetSeconds() << ", " << m_simTime.GetSeconds()
              << "] s";
    helper.Report(std::cout, fullTitle.str(), m_csv, "");
    if (!plot.empty())
    {
        helper.WritePlot(plot,
                         (plotTitle.empty() ? title : plotTitle) + ", measured over [" +
                             PlotWriter::FormatTime(m_warmup) + ", " +
                             PlotWriter::FormatTime(m_simTime) + "]",
                         std::cout);
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    std::cout << "wall time " << wall << " s\n";
}

} // namespace ns3
