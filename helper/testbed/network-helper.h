/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETWORK_HELPER_H
#define NETWORK_HELPER_H

#include "network-description.h"
#include "tcp-defaults.h"
#include "testbed-builder.h"
#include "testbed-model-builder.h"
#include "testbed-monitor.h"
#include "testbed-network.h"
#include "testbed-report.h"

#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/duality-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/plot-writer.h"
#include "ns3/ptr.h"

#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class FlowMonitorHelper;
class PersistentFlowApplication;
class QueueDisc;
class ShortFlowApplication;

/**
 * \ingroup dualcc
 *
 * \brief The testbed: builds a NetworkDescription as an ns-3 network, runs persistent flows over
 * it, measures what the duality model predicts, and prints model beside simulation.
 *
 * It owns four parts, each usable on its own through its accessor:
 * - TestbedBuilder (GetBuilder()): the building (Install()): routers, links with their queue
 *   discs, hosts, routes, applications, the description's events; what it built is a
 *   TestbedNetwork (GetNetwork()), which the other parts read;
 * - TestbedMonitor (GetMonitor()): the measurement: a window, periods, time series, link
 *   samples (set up before Install(), attached after the building);
 * - TestbedModelBuilder (GetModelBuilder()): the duality model of the network built;
 * - TestbedReport (GetReport()): model beside simulation (Compare(), WritePlot()).
 *
 * It applies the TCP defaults (GetTcpDefaults(), TcpDefaults: segment size from the
 * description's packetSize, 4 MB buffers, InitialCwnd 2, DelAckCount 1, no timestamps,
 * RttMeanDeviation::Alpha 1) just before building, runs the simulation (Run(): the scheduler is
 * ns-3's configured SchedulerType, which ScenarioRunner sets) and traces it with ns-3's helpers
 * (SetTracing()).
 *
 * It forwards none of the parts' methods: helper.GetMonitor().SetMeasurementWindow(...),
 * helper.GetReport().Compare(...), helper.GetNetwork().GetQueueDisc(...), ...
 */
class NetworkHelper
{
  public:
    /**
     * \param description the network; validated (throws std::invalid_argument if invalid)
     */
    explicit NetworkHelper(NetworkDescription description);
    virtual ~NetworkHelper();
    NetworkHelper(const NetworkHelper&) = delete;
    NetworkHelper& operator=(const NetworkHelper&) = delete;

    /// \return the description
    const NetworkDescription& GetDescription() const;
    /// \return what was built (routers, links, flows, hosts; filled by Install())
    const TestbedNetwork& GetNetwork() const;
    /// \return the builder
    TestbedBuilder& GetBuilder();
    /// \return the monitor
    TestbedMonitor& GetMonitor();
    /// \return the monitor
    const TestbedMonitor& GetMonitor() const;
    /// \return the model builder
    const TestbedModelBuilder& GetModelBuilder() const;
    /// \return the report
    const TestbedReport& GetReport() const;
    /**
     * The TCP defaults Install() applies before building (change them before Install()):
     * segmentSize = packetSize - 42 bytes of headers, buffer 4 MB, initialCwnd 2 (ns-2's),
     * delAckCount 1 (ns-2's TCPSink), no timestamps, rttAlpha 1.
     * \return them
     */
    TcpDefaults& GetTcpDefaults();

    /**
     * Apply the TCP defaults (GetTcpDefaults()), build the network (TestbedBuilder) and attach
     * the monitor (TestbedMonitor::Install()). Throws std::invalid_argument
     * "<file>:<line>: class '<name>': start = ..." if a class starts at or after the end of the
     * run (the measurement window's or the last period's end): it would never send, yet the
     * model would count it; warns on stderr if its start jitter reaches that end.
     */
    void Install();

    /**
     * Run the simulation until \p stop (Simulator::Stop + Simulator::Run; no Destroy) with
     * ns-3's configured scheduler (ScenarioRunner sets the testbed's, the CalendarScheduler,
     * unless --SchedulerType chose one), then sum the measurements over MPI ranks.
     * \param stop the simulated time
     * \param showProgress print ns-3's ShowProgress lines (simulated vs wall time) on stderr
     */
    void Run(Time stop, bool showProgress);
    /**
     * Start SetTracing()'s pcap and FlowMonitor for this network (Run() calls it before
     * Simulator::Run()). Throws std::invalid_argument naming the valid links if the pcap link
     * is not one of the description's.
     */
    void StartTracing();
    /// Write FlowMonitor's XML file, if SetTracing() asked for one (Run() calls it after the run).
    void StopTracing();

    /// ns-3's own tracing of every later Run() (ScenarioRunner's --pcap, --pcapDir, --flowmon).
    struct Tracing
    {
        /// a link of the description (both of its devices), "all" (every link of the
        /// description; not the access links) or "" (no pcap)
        std::string pcapLink;
        /// the pcap files' prefix: <prefix>-<link>-<node id>-<device index>.pcap
        /// (PointToPointHelper::EnablePcap)
        std::string pcapPrefix;
        std::string flowmonFile; //!< FlowMonitor's XML file ("": no FlowMonitor)
    };

    /**
     * Trace every later Run() with ns-3's helpers: pcap files of a link's two devices
     * (PointToPointHelper::EnablePcap, as Wireshark reads them) and FlowMonitor on every node
     * (FlowMonitorHelper::InstallAll before the run, SerializeToXmlFile after it, with
     * histograms and probes). Neither changes the simulation: they only connect to trace
     * sources (FlowMonitor also schedules its own periodic checks, which run in their own
     * events), so every measured figure stays the same. Run() throws std::invalid_argument
     * "--pcap=<link>: no such link; valid: ..." if the link is not one of the description's.
     * \param tracing what to trace (default: nothing)
     */
    static void SetTracing(const Tracing& tracing);
    /**
     * Name the simulation the next Run()s belong to, when a program runs several (a sweep's
     * points, a scenario's simulations): the files of SetTracing() then get "-<index>" (pcap:
     * after the prefix; FlowMonitor: before the file's extension), and a second Run() of the
     * same index "-<index>.<run>", so that no simulation overwrites another's files.
     * \param index the simulation's index (-1: the program runs one simulation, no suffix)
     */
    static void SetTracingIndex(int index);

    /// What Run() throws, after checking the tracing options against the network, instead of
    /// simulating when SetCheckOnly() asked for it.
    struct CheckedOnly
    {
    };

    /**
     * Make every later Run() check the tracing options (--pcap's link) against its network and
     * then throw CheckedOnly instead of simulating: ScenarioRunner checks a sweep's points so
     * in a child process before any point runs.
     * \param checkOnly whether to
     */
    static void SetCheckOnly(bool checkOnly);

    /**
     * Give the program's command line (argv[1] ...) to every later Install(), which refuses a
     * description whose class or link sets an attribute (tcp.X=, queue.X=, or in code) that the
     * command line sets too (--ns3::Type::X=): the description's value would silently replace
     * the user's. The policy is to refuse, naming both ("<file>:<line>: class 'c': tcp.X=v
     * would silently replace --ns3::Type::X=w; valid: give X in one place"). ScenarioRunner
     * calls it after parsing.
     * \param args the command line's arguments
     */
    static void SetCommandLine(const std::vector<std::string>& args);

  private:
    /// \param what the caller \return Abort unless Install() was called
    void CheckInstalled(const std::string& what) const;

    TestbedNetwork m_network;           //!< what is built (read by the parts)
    TestbedBuilder m_builder;           //!< builds m_network
    TestbedMonitor m_monitor;           //!< measures it
    TestbedModelBuilder m_modelBuilder; //!< its duality model
    TestbedReport m_report;             //!< model beside simulation
    TcpDefaults m_tcpDefaults;          //!< applied before building
    /// FlowMonitor of the run (SetTracing()); kept until this helper is destroyed, as
    /// ns-3's examples keep theirs until the end of main()
    std::shared_ptr<FlowMonitorHelper> m_flowMonitor;
};

} // namespace ns3

#endif /* NETWORK_HELPER_H */
