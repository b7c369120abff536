/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETWORK_HELPER_H
#define NETWORK_HELPER_H

#include "comparison-table.h"
#include "network-description.h"
#include "plot-writer.h"
#include "tcp-defaults.h"
#include "testbed-builder.h"
#include "testbed-model-builder.h"
#include "testbed-monitor.h"
#include "testbed-network.h"
#include "testbed-report.h"

#include "ns3/data-rate.h"
#include "ns3/duality-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
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
 * Its other methods are those of the parts, kept for the scenarios and tests written against
 * them (each is the part's method of the same name).
 */
class NetworkHelper
{
  public:
    /// See TestbedMonitor::LinkSample.
    using LinkSample = TestbedMonitor::LinkSample;
    /// See TestbedMonitor::WindowMeasurement.
    using WindowMeasurement = TestbedMonitor::WindowMeasurement;
    /// See TestbedMonitor::ClassMeasurement.
    using ClassMeasurement = TestbedMonitor::ClassMeasurement;
    /// See TestbedMonitor::LinkMeasurement.
    using LinkMeasurement = TestbedMonitor::LinkMeasurement;
    /// See TestbedMonitor::ShortFlowMeasurement.
    using ShortFlowMeasurement = TestbedMonitor::ShortFlowMeasurement;
    /// Random streams of a short-flow host (TestbedBuilder::SHORT_HOST_STREAMS).
    static constexpr int64_t SHORT_HOST_STREAMS = TestbedBuilder::SHORT_HOST_STREAMS;
    /// Random streams of a web host (TestbedBuilder::WEB_HOST_STREAMS).
    static constexpr int64_t WEB_HOST_STREAMS = TestbedBuilder::WEB_HOST_STREAMS;

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
     * Average over [start, stop] (call before Install()).
     * \param start end of the warm-up
     * \param stop end of the measurement (usually the simulation's end)
     */
    void SetMeasurementWindow(Time start, Time stop);
    /**
     * Measure over periods as well (call before Install()). Period k spans [b_k, b_{k+1}]; it is
     * measured over [b_k + settling, b_{k+1}], so that what a change at b_k (a class starting)
     * sets off has time to settle.
     * \param boundaries b_0 < b_1 < ... < b_K (at least two; b_0 >= 0): K periods
     * \param settling time left out at each period's start (>= 0, shorter than every period)
     */
    void SetMeasurementPeriods(const std::vector<Time>& boundaries, Time settling);
    /**
     * The boundaries of the periods in which the set of started classes does not change: the
     * distinct start times of \p description's classes, in order, then \p stop.
     * \param description a network
     * \param stop the end of the last period (after the last start)
     * \return the boundaries, for SetMeasurementPeriods()
     */
    static std::vector<Time> GetStartBoundaries(const NetworkDescription& description, Time stop);
    /**
     * The phases of a network whose load or links change: 0, every class' start and stop, every
     * event's time, and \p stop (those before \p stop, sorted, without repeats).
     * \param description the network
     * \param stop the end of the last phase (> 0)
     * \return the boundaries, for SetMeasurementPeriods()
     */
    static std::vector<Time> GetPhaseBoundaries(const NetworkDescription& description, Time stop);
    /// \param interval sampling period of cwnd, RTT and queues (default 1 ms)
    void SetSamplingInterval(Time interval);
    /**
     * Open every flow's connection at time 0 and let it send from its class' start (default:
     * false, the connection opens at the start). The handshakes then cross an idle network, as
     * in ns-2, whose TCP agents have none: a SYN is not ECN-capable, so an ECN AQM (REM) with a
     * high price drops it, and ns-3 retries only after 3, 6, 12, ... s.
     * \param early true: connect at time 0 (PersistentFlowApplication SendStart = start)
     */
    void SetEarlyConnection(bool early);
    /**
     * Measure every link's backlog (windows, periods, time series and link samples) in data
     * packets made of bytes instead of counted packets (default: counted): the bytes queued in
     * the queue disc divided by the IPv4 bytes of a data packet (packetSize - 2 bytes of PPP
     * header), plus the bytes in the device queue divided by packetSize. For a
     * PriorityObQueueDisc only its data band (its child) counts: the out-of-band control packets
     * of band 0 are left out. For Monaco, whose in-band control packets (68 IPv4 bytes) wait with
     * the data, a count of packets would add about one per flow and control period; in bytes a
     * small packet counts for its size (design §7, "Measurement"). Call before Install().
     * Without a call, the backlog is in bytes when a class' congestion control needs
     * out-of-band priority (AlgorithmTraits::Source::needsOutOfBand: Monaco), else counted.
     * \param bytes true: backlog in bytes / data packet size
     */
    void SetBacklogInBytes(bool bytes);
    /**
     * Record per-class rate and per-link backlog every \p interval from time 0, for plots.
     * \param interval the period (zero: off, the default)
     */
    void EnableTimeSeries(Time interval);
    /**
     * Sample one link direction every \p interval from time 0 (and at the run's end), for
     * measurements over any window after the run (MeasureWindow()) and for plots: its backlog
     * and queue-disc counters, the sinks' goodput, the short flows, and the last value of each
     * named trace source of its queue disc (a TracedValue<double>, e.g. AVQ's VirtualCapacity
     * or REM's Price; NaN before its first change), or of a child queue disc when the root has
     * none (PriorityObQueueDisc's AVD child). Call before Install().
     * \param link a link, or "<link>:reverse"
     * \param interval the sampling period (> 0)
     * \param traces names of trace sources of the link's queue disc
     */
    void EnableLinkSamples(const std::string& link,
                           Time interval,
                           const std::vector<std::string>& traces = {});

    /// \return the samples of EnableLinkSamples() (after Run())
    const std::vector<LinkSample>& GetLinkSamples() const;
    /**
     * The figures of EnableLinkSamples()'s link over [from, to], from the samples at or just
     * before each end (means over the samples after \p from up to \p to).
     * \param from window start
     * \param to window end (after \p from, at most the run's end)
     * \return the figures
     */
    WindowMeasurement MeasureWindow(Time from, Time to) const;

    /**
     * Fix the random streams: the start jitter's, the RTT draws' (if a class has an RTT
     * range of persistent or short flows), SHORT_HOST_STREAMS per short-flow host (arrivals and
     * sizes) and WEB_HOST_STREAMS per web host (arrivals, unused, sizes, embedded objects,
     * active OFF and think times), the hosts in class order.
     * \param stream first stream index
     * \return the number of streams used (1 without RTT ranges and short flows)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * Apply the TCP defaults (GetTcpDefaults()), build the network (TestbedBuilder) and attach
     * the monitor (TestbedMonitor::Install()). Throws std::invalid_argument
     * "<file>:<line>: class '<name>': start = ..." if a class starts at or after the end of the
     * run (the measurement window's or the last period's end): it would never send, yet the
     * model would count it; warns on stderr if its start jitter reaches that end.
     */
    void Install();

    /// \return the router nodes, in the order of NetworkDescription::GetRouters()
    NodeContainer GetRouters() const;
    /// \param link a link name \return the devices at its sending and receiving ends
    NetDeviceContainer GetLinkDevices(const std::string& link) const;
    /// \param link a link name \return its queue disc
    Ptr<QueueDisc> GetQueueDisc(const std::string& link) const;
    /// \param className a class name \return its flows' sources
    std::vector<Ptr<PersistentFlowApplication>> GetSources(const std::string& className) const;
    /// \param className a class of short flows \return its hosts' sources
    std::vector<Ptr<ShortFlowApplication>> GetShortFlowSources(const std::string& className) const;
    /// \param className a class \return its persistent flows' round-trip propagation delays
    std::vector<Time> GetPropagationRtts(const std::string& className) const;

    /**
     * TestbedModelBuilder::BuildModel(): the duality model of the network built.
     * \param withMeasuredBaseRtt true (after Run()): with the flows' baseRTT errors (eq. 24)
     * \return the model
     */
    DualityModel BuildModel(bool withMeasuredBaseRtt = false) const;
    /**
     * TestbedModelBuilder::BuildPeriodModel(): the duality model of the classes active during
     * a period's measurement window.
     * \param period a period index (< GetPeriodCount())
     * \param withMeasuredBaseRtt true: with the baseRTT errors at the window's end (eq. 24)
     * \return the model
     */
    DualityModel BuildPeriodModel(std::size_t period, bool withMeasuredBaseRtt = false) const;

    /// \param className a class \return its measurements (after Simulator::Run)
    ClassMeasurement GetClassMeasurement(const std::string& className) const;
    /// \param className a class with traffic=short or web \return its figures over the
    /// measurement window (after Simulator::Run)
    ShortFlowMeasurement GetShortFlowMeasurement(const std::string& className) const;
    /**
     * \param className a class with traffic=short or web
     * \param period a period index (SetMeasurementPeriods())
     * \return its figures over the period's window (after Simulator::Run)
     */
    ShortFlowMeasurement GetShortFlowMeasurement(const std::string& className,
                                                 std::size_t period) const;
    /// \param link a link \return its measurements (after Simulator::Run)
    LinkMeasurement GetLinkMeasurement(const std::string& link) const;

    /// \return the number of periods (SetMeasurementPeriods(); 0 without)
    std::size_t GetPeriodCount() const;
    /**
     * \param period a period index
     * \return its measurement window [start + settling, end]
     */
    std::pair<Time, Time> GetPeriodWindow(std::size_t period) const;
    /**
     * \param period a period index
     * \return its start (its boundary: the window starts a settling time later)
     */
    Time GetPeriodStart(std::size_t period) const;
    /**
     * \param className a class
     * \param period a period index
     * \return whether the class is active during the period's whole measurement window
     */
    bool IsClassActive(const std::string& className, std::size_t period) const;
    /**
     * \param className a class
     * \param period a period index
     * \return its measurements over the period's window (after Simulator::Run); baseRTTs are
     *         those at the window's end
     */
    ClassMeasurement GetClassMeasurement(const std::string& className, std::size_t period) const;
    /**
     * \param link a link
     * \param period a period index
     * \return its measurements over the period's window (after Simulator::Run)
     */
    LinkMeasurement GetLinkMeasurement(const std::string& link, std::size_t period) const;

    /**
     * The time series of EnableTimeSeries(): one point per interval, each
     * [time (s), per-class mean rate per flow (KB/s)..., per-link backlog (packets)...,
     * per-class mean congestion window per flow (packets)..., per-link utilization over the
     * interval...], classes and links in the order of the description.
     * \return the points
     */
    const std::vector<std::vector<double>>& GetTimeSeries() const;

    /**
     * TestbedReport::Compare(): model beside simulation.
     * \param title the table's title
     * \return the table
     */
    ComparisonTable Compare(const std::string& title) const;

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

    /**
     * TestbedReport::GetTimeSeriesMeans(): a column of GetTimeSeries() averaged over intervals.
     * \param column the column (1: the first class' rate, ...)
     * \param interval the averaging interval (at least the sampling interval)
     * \return (time in s, mean) per interval
     */
    PlotWriter::Points GetTimeSeriesMeans(std::size_t column, Time interval) const;

    /**
     * TestbedReport::WritePlot(): the time series with the model's values.
     * \param prefix the output prefix
     * \param title the plot title
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool WritePlot(const std::string& prefix, const std::string& title, std::ostream& os) const;

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
