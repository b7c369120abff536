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

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/duality-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class FlowMonitorHelper;
class PacketSink;
class PersistentFlowApplication;
class NetDevice;
class QueueDisc;
class ShortFlowApplication;
class TcpCongestionOps;
class UniformRandomVariable;

/**
 * \ingroup dualcc
 *
 * \brief Builds a NetworkDescription as an ns-3 network, runs persistent flows over it,
 * measures what the duality model predicts, and prints model beside simulation.
 *
 * What it builds (Install()):
 * - a node per router and, per flow, a source host and a sink host with their own access links
 *   (point-to-point, AccessRate; delays as NetworkDescription explains);
 * - per link a point-to-point link; the queue disc of the description (FIFO by default) at the
 *   sending router, with the link's buffer, over a device queue of one packet, so that the
 *   backlog is in the queue disc (the measured backlog still adds the device queue);
 *   access links and the reverse direction have no queue disc and a device queue large
 *   enough never to drop;
 * - IPv4 with Ipv4FlatRouting: host routes in a hash table at every router, computed from the
 *   classes' routes, so that per-hop cost does not grow with the number of flows;
 * - per flow a PersistentFlowApplication with its own congestion-control object (the class' TCP
 *   type, and for ns3::TcpDualVegas its Alpha, Beta and AlphaUnit; for ns3::TcpVegas its integer
 *   Alpha and Beta) and a PacketSink.
 *
 * It sets TCP defaults with Config::SetDefault: InitialCwnd (SetInitialCwnd(), default 2 as
 * ns-2; ns-3's 10 puts every new flow's first burst in the queue other flows measure),
 * DelAckCount (SetDelAckCount(), default 1 as ns-2's TCPSink), SegmentSize
 * (packetSize minus 42 bytes of headers), SndBufSize / RcvBufSize (SetBufferSize(), default 4 MB,
 * so windows are never limited by socket buffers), Timestamp = false (ns-3 stamps whole
 * milliseconds: RTT samples are then taken from send times, to the nanosecond) and
 * RttMeanDeviation::Alpha = 1 (ns-3.37 passes the smoothed RTT to congestion control; with gain 1
 * it is the last sample).
 *
 * What it measures, over the measurement window (warm-up excluded), with no per-packet tracing:
 * per class the mean rate (bytes received by the sinks), the mean RTT and congestion window
 * (sampled every SamplingInterval from the flows' last values) and the mean baseRTT (each flow's
 * smallest RTT sample); per link the time-average backlog (queue disc plus device queue, sampled
 * every SamplingInterval), the utilization and the drops.
 *
 * Per-period measurement (SetMeasurementPeriods()): for experiments whose set of flows changes
 * (sources starting one after another, as in the Vegas paper's §6.2-§6.3), the same quantities
 * are measured over one window per period, the period's end part after a settling time; the
 * baseRTTs are those at the end of each window. BuildPeriodModel() is the duality model of the
 * classes active during a period's window. Periods and the single window can be used together
 * or alone.
 */
class NetworkHelper
{
  public:
    /**
     * \param description the network; validated (throws std::invalid_argument if invalid)
     */
    explicit NetworkHelper(NetworkDescription description);
    virtual ~NetworkHelper();

    /// \return the description
    const NetworkDescription& GetDescription() const;

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
    /// \param bytes socket send and receive buffers (default 4 MB)
    void SetBufferSize(uint32_t bytes);
    /// \param segments initial congestion window (default 2, ns-2's windowInit_)
    void SetInitialCwnd(uint32_t segments);
    /**
     * \param segments the receivers' DelAckCount (default 1: an ACK per packet, as ns-2's
     *        TCPSink in the papers; ns-3's default 2 delays the RTT samples Vegas uses)
     */
    void SetDelAckCount(uint32_t segments);
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

    /// One sample of EnableLinkSamples()'s link (running totals are since time 0).
    struct LinkSample
    {
        double time;                //!< s
        double backlog;             //!< queue disc plus device queue, packets
        double txBytes;             //!< bytes the queue disc released
        double arrivals;            //!< packets offered to the queue disc
        double drops;               //!< packets it dropped
        double marks;               //!< packets it marked
        double goodputBytes;        //!< bytes all the sinks received
        double shortArrived;        //!< short flows arrived (all classes)
        double shortCompleted;      //!< short flows completed
        std::vector<double> traces; //!< last value of each named trace (NaN: none yet)
    };

    /// The figures of EnableLinkSamples()'s link over a window.
    struct WindowMeasurement
    {
        double utilization;             //!< bytes released / (rate x window)
        double queueMean;               //!< mean backlog, packets
        double queueStd;                //!< standard deviation of the backlog, packets
        double arrivals;                //!< packets offered to the queue disc
        double drops;                   //!< packets dropped
        double marks;                   //!< packets marked
        double lossRate;                //!< drops / arrivals
        double goodputPacketsPerSecond; //!< all sinks' bytes / segment size / window
        double goodputFraction;         //!< goodput / the link's capacity in data packets/s
        double shortArrived;            //!< short flows arrived
        double shortCompleted;          //!< short flows completed
        std::vector<double> traceMeans; //!< mean of each named trace over the samples
    };

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
    /// Random streams of a short-flow host: arrivals and sizes.
    static constexpr int64_t SHORT_HOST_STREAMS = 2;
    /// Random streams of a web host: arrivals (unused), sizes, embedded objects, active OFF and
    /// think times.
    static constexpr int64_t WEB_HOST_STREAMS = 5;

    /**
     * Build the network and schedule the flows and the measurements. Throws
     * std::invalid_argument "<file>:<line>: class '<name>': start = ..." if a class starts at or
     * after the end of the run (the measurement window's or the last period's end): it would
     * never send, yet the model would count it; warns on stderr if its start jitter reaches
     * that end.
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
     * The duality model of the network built: one model link per link and per flow's source
     * access link, one source per flow with d = its round-trip propagation delay plus the
     * transmission times of a data packet and its ACK on every link of its path, and the weight
     * its congestion control's traits give (Vegas: alpha per RTT, or alpha d / unit per time
     * unit). The links are as described, before any event (BuildPeriodModel() follows them).
     * \param withMeasuredBaseRtt false: every source knows its propagation delay (Theorem 1);
     *        true (after Run()): each flow's relative baseRTT error eps = measured smallest RTT / d
     *        - 1 distorts its utility as in eq. 24 (Theorem 3)
     * \return the model
     */
    DualityModel BuildModel(bool withMeasuredBaseRtt = false) const;

    /**
     * The duality model of the classes active during period \p period's measurement window
     * (started by its start, not stopped before its end): as BuildModel(), with only their flows,
     * in flow order; each model source is named after its class. The links are as the events
     * (`at <T> link ...`) up to the window's start left them: their capacities, and the flows'
     * round trips through their delays and transmission times.
     * \param period a period index (< GetPeriodCount())
     * \param withMeasuredBaseRtt true: each flow's baseRTT error is that of its smallest RTT
     *        sample at the end of the period's window (eq. 24)
     * \return the model
     */
    DualityModel BuildPeriodModel(std::size_t period, bool withMeasuredBaseRtt = false) const;

    /// Measured averages of a class.
    struct ClassMeasurement
    {
        double rateKBps;    //!< mean per-flow rate, KB/s (packets of packetSize bytes)
        double rttMs;       //!< mean RTT, ms
        double cwndPackets; //!< mean congestion window, packets
        double baseRttMs;   //!< mean of the flows' smallest RTT samples, ms
        /// mean of the flows' congestion-control baseRTT estimate (TcpDualVegas' BaseRtt trace;
        /// with baseRtt=fixed the hard-coded value), ms; NaN for other TCPs or before a value
        double estimatedBaseRttMs{std::numeric_limits<double>::quiet_NaN()};
        /// each flow's rate, KB/s, in the class' flow order (for fairness indices)
        std::vector<double> flowRateKBps;
    };

    /// Measured averages of a link.
    struct LinkMeasurement
    {
        double backlogPackets; //!< time-average queue disc plus device queue, packets
        double utilization;    //!< bytes sent / (rate * window)
        uint64_t drops;        //!< packets dropped by the queue disc in the whole run (single
                               //!< window) or during the period's window (periods)
    };

    /// \param className a class \return its measurements (after Simulator::Run)
    ClassMeasurement GetClassMeasurement(const std::string& className) const;

    /// Measured figures of a class of short flows or web sessions (each object a flow), over
    /// the measurement window.
    struct ShortFlowMeasurement
    {
        double arrivalRate;      //!< flows arrived per second
        double meanSizePackets;  //!< mean size of the flows arrived, packets of segment size
        double completedRate;    //!< flows completed per second
        uint64_t arrivals;       //!< flows arrived
        uint64_t completed;      //!< flows completed
        uint64_t completedBytes; //!< bytes of the flows completed
        uint64_t pages;          //!< pages completed (web sessions)
        double meanCompletionMs; //!< mean duration of the flows completed, ms (NaN: none)
    };

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
     * Model beside simulation: per class baseRTT, RTT, rate and window; per link the queue
     * (plus utilization and drops without a model). Rows "rate, eq. 24" and "queue, eq. 24"
     * compare with the model distorted by the baseRTT errors the flows actually made
     * (BuildModel(true), Theorem 3).
     * \param title the table's title
     * \return the table
     */
    ComparisonTable Compare(const std::string& title) const;

    /**
     * Run the simulation until \p stop (Simulator::Stop + Simulator::Run; no Destroy). It runs
     * the scheduler GetRunScheduler() names (the events run in the same (time, insertion)
     * order whatever the scheduler, so the results are the same).
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

    /**
     * Say that the user chose ns-3's SchedulerType (ScenarioRunner calls this when
     * --SchedulerType is on the command line): Run() then keeps it, even when it is ns-3's
     * default, the MapScheduler.
     * \param chosen true: keep the configured scheduler
     */
    static void SetSchedulerChosen(bool chosen);

    /**
     * The scheduler Run() uses: ns-3's SchedulerType as configured if the user chose it
     * (SetSchedulerChosen()) or if it is not ns-3's default (the MapScheduler); otherwise the
     * CalendarScheduler, the testbed's default.
     * \return the scheduler's TypeId name
     */
    static std::string GetRunScheduler();

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
     * After Run(): print the model-vs-simulation table, write it as CSV if \p csvPath is not
     * empty and draw the time series if \p plotPrefix is not empty (and EnableTimeSeries was
     * called).
     * \param os where the table goes
     * \param title the table's title
     * \param csvPath CSV file ("" for none)
     * \param plotPrefix plot prefix ("" for none)
     * \return the table
     */
    ComparisonTable Report(std::ostream& os,
                           const std::string& title,
                           const std::string& csvPath,
                           const std::string& plotPrefix) const;

    /**
     * A column of GetTimeSeries() vs time, for plots: the samples averaged over intervals of
     * \p interval (PlotWriter::AverageOverIntervals()), the intervals starting half a sampling
     * interval after 0 so that each rate sample (the rate over the sampling interval before it)
     * falls whole into one.
     * \param column the column (1: the first class' rate, ...)
     * \param interval the averaging interval (at least the sampling interval)
     * \return (time in s, mean) per interval
     */
    PlotWriter::Points GetTimeSeriesMeans(std::size_t column, Time interval) const;

    /**
     * Draw the time series (EnableTimeSeries) with PlotWriter as PREFIX.png (data PREFIX.dat,
     * script PREFIX.plt): per-class rate and per-link queue vs time, each the mean over an
     * interval of about 1/200 of the run (or the sampling interval if longer), with the model's
     * values as dashed lines and the measurement window shaded. Prints PlotWriter's line on \p os.
     * \param prefix the output prefix
     * \param title the plot title
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool WritePlot(const std::string& prefix, const std::string& title, std::ostream& os) const;

  private:
    /// A flow's pieces.
    struct Flow
    {
        std::size_t classIndex;             //!< its class
        Ptr<Node> source;                   //!< source host
        Ptr<Node> sink;                     //!< sink host
        Ptr<PersistentFlowApplication> app; //!< the source application
        Ptr<TcpCongestionOps> congestion;   //!< the source's congestion control
        Ptr<PacketSink> packetSink;         //!< the sink application
        Time propagationRtt;                //!< round-trip propagation delay
        Time transmissionRtt;               //!< transmission times of a packet and its ACK
        uint64_t rxAtLastSample{0};         //!< sink bytes at the last time-series point
        Time ccBaseRtt;                     //!< TcpDualVegas' BaseRtt (zero: none yet)
        Time runMinRtt; //!< smallest RTT of the run, zero: none (SumOverRanks())
    };

    /// A link direction's pieces.
    struct Link
    {
        std::string name;           //!< the link's name (reverse direction: "<name>:reverse")
        DataRate rate;              //!< capacity in this direction
        NetDeviceContainer devices; //!< sending and receiving ends
        Ptr<QueueDisc> queueDisc;   //!< queue disc at the sending end
        bool reverse{false};        //!< the reverse direction of a link
        std::size_t linkIndex{0};   //!< the link's index in the description
        uint64_t runDrops{0};       //!< packets dropped in the run (over MPI ranks)
    };

    /// A host of short flows.
    struct ShortHost
    {
        Ptr<ShortFlowApplication> app; //!< the flows' source
        Ptr<PacketSink> packetSink;    //!< their sink
    };

    /**
     * Create a queue disc with its children and filters.
     * \param spec the queue disc
     * \return it
     */
    static Ptr<QueueDisc> CreateQueueDisc(const NetworkDescription::QueueDiscSpec& spec);
    /**
     * Install a root queue disc on a device, over a one-packet device queue.
     * \param device the sending end
     * \param spec the queue disc
     * \param bufferPackets the limit of a plain root (0: unlimited)
     * \return the root
     */
    static Ptr<QueueDisc> InstallQueueDisc(Ptr<NetDevice> device,
                                           const NetworkDescription::QueueDiscSpec& spec,
                                           uint32_t bufferPackets);
    /**
     * Give a short-flow source its flow sizes and, for web sessions, its sessions, embedded
     * objects, active OFF and think times.
     * \param app the source
     * \param spec its class
     * \param host the host's index in its class
     * \param stream its first stream (arrivals; -1: automatic streams)
     */
    static void SetShortFlowLaws(Ptr<ShortFlowApplication> app,
                                 const NetworkDescription::ClassSpec& spec,
                                 uint32_t host,
                                 int64_t stream);
    /// A flow leaves: its host's interface goes down. \param host the source host
    static void Leave(Ptr<Node> host);
    /// Record a link sample and schedule the next.
    /**
     * Connect \p callback to the trace source \p name of \p disc or, if it has none, of the
     * first of its child queue discs (depth first) that has one.
     * \param disc a queue disc
     * \param name a trace source name
     * \param callback the callback
     * \return whether a trace source was connected
     */
    static bool ConnectDiscTrace(Ptr<QueueDisc> disc,
                                 const std::string& name,
                                 const CallbackBase& callback);
    void TakeLinkSample();
    /// Trace sink of a named trace. \param slot where \param oldValue old \param newValue new
    static void RecordTrace(double* slot, double oldValue, double newValue);
    /// Apply an event. \param event the event
    void ApplyEvent(const NetworkDescription::EventSpec& event);
    /// \param link a link direction \return whether the duality model has it (data crosses it)
    bool IsModelled(const Link& link) const;
    /// \param link a link direction \return its queue disc's capacity factor (AlgorithmTraits)
    static double GetCapacityFactor(const Link& link);
    /// \param name a link or "<link>:reverse" \return its index in m_links (aborts if none)
    std::size_t GetLinkDirection(const std::string& name) const;

    /// What a period's window collects of a flow.
    struct FlowTally
    {
        uint64_t rxAtStart{0};  //!< sink bytes at the window start
        uint64_t rxAtStop{0};   //!< sink bytes at the window stop
        double cwndSum{0};      //!< sum of cwnd samples, packets
        double rttSum{0};       //!< sum of RTT samples, s
        uint64_t samples{0};    //!< number of cwnd samples
        uint64_t rttSamples{0}; //!< number of RTT samples
        Time minRtt;            //!< smallest RTT sample at the window stop (zero: none)
        Time ccBaseRtt;         //!< congestion control's baseRTT at the window stop (zero: none)
    };

    /// What a period's window collects of a link.
    struct LinkTally
    {
        double backlogSum{0};       //!< sum of backlog samples
        uint64_t samples{0};        //!< number of samples
        uint64_t txBytesAtStart{0}; //!< bytes the queue disc released at the window start
        uint64_t txBytesAtStop{0};  //!< bytes the queue disc released at the window stop
        uint64_t dropsAtStart{0};   //!< packets the queue disc dropped by the window start
        uint64_t dropsAtStop{0};    //!< packets the queue disc dropped by the window stop
    };

    /// The counters of a short-flow host kept per window.
    static constexpr std::size_t SHORT_COUNTERS = 6;

    /// A period's measurement window and what it collects.
    struct Period
    {
        Time begin;                   //!< the period's start (its boundary)
        Time start;                   //!< window start (the period's start plus settling)
        Time stop;                    //!< window stop (the period's end)
        std::vector<FlowTally> flows; //!< per flow
        std::vector<LinkTally> links; //!< per link
        /// per short-flow host: its counters (ShortCounters()) at start and stop
        std::vector<std::array<uint64_t, 2 * SHORT_COUNTERS>> shorts;
    };

    /**
     * \param app a short-flow host's source
     * \return its arrivals, arrived bytes, completions, completed bytes, pages and completion
     *         time sum (ns), in this order
     */
    static std::array<uint64_t, SHORT_COUNTERS> ShortCounters(Ptr<ShortFlowApplication> app);
    /**
     * \param className a class with traffic=short or web
     * \param window a window
     * \return the class' figures over it
     */
    ShortFlowMeasurement MeasureShortFlows(const std::string& className,
                                           const Period& window) const;

    /**
     * The duality model of some of the flows (BuildModel(), BuildPeriodModel()).
     * \param include whether flow f is in the model
     * \param measuredBaseRtt flow f's measured baseRTT (zero: it knows its d)
     * \param at the links are modelled as the events up to this time left them (negative: as
     *        described, before any event)
     * \return the model
     */
    DualityModel BuildModelOf(const std::function<bool(std::size_t)>& include,
                              const std::function<Time(std::size_t)>& measuredBaseRtt,
                              Time at) const;

    /// A link's delay and rates at some time.
    struct LinkState
    {
        Time delay;           //!< one-way propagation delay
        DataRate rate;        //!< forward capacity
        DataRate reverseRate; //!< reverse capacity
    };

    /**
     * \param at a time (negative: before any event)
     * \return every link's state (description order) once the events up to \p at have run
     */
    std::vector<LinkState> GetLinkStates(Time at) const;
    void CheckInstalled(const std::string& what) const;

    /**
     * With two or more MPI ranks (DistributedRun), refuse what the testbed does not
     * distribute: sources with agents beside TCP (AlgorithmTraits companions), a
     * link between ranks without propagation delay (ns-3's lookahead) or whose delay an event
     * changes. Nothing without MPI.
     * \param routers the routers' names, in the description's order
     * \param rank per router, its rank (DistributedRun::PartitionRouters())
     * Throws std::invalid_argument naming the line and what is valid.
     */
    void CheckDistributable(const std::vector<std::string>& routers,
                            const std::vector<uint32_t>& rank) const;

    /// Packs the tallies into one vector of doubles, or unpacks them from it (SumOverRanks()).
    struct TallyPacker
    {
        std::vector<double> values; //!< the packed tallies
        std::size_t next{0};        //!< the next value to unpack
        bool unpack{false};         //!< unpack (rather than pack)
        /// \param x a tally, packed or overwritten
        void operator()(double& x);
        /// \param x a counter (exact up to 2^53), packed or overwritten
        void operator()(uint64_t& x);
        /// \param t a time (in time steps), packed or overwritten
        void operator()(Time& t);
    };

    /**
     * Hand every tally of the run to \p packer, in an order that is the same on every rank:
     * the windows' flow, link and short-host tallies, the time series and the link samples (but
     * their times), and the flows' and links' whole-run figures.
     * \param packer packs or unpacks
     */
    void PackTallies(TallyPacker& packer);

    /**
     * After the run, with two or more MPI ranks: replace every tally by its sum over the ranks.
     * Each rank measured only its own nodes (the rest of its tallies are zero), so that every
     * rank then holds the whole network's figures. Nothing without MPI.
     */
    void SumOverRanks();

    /**
     * \param flow a flow
     * \return its smallest RTT sample so far (zero: none; after a distributed run, the run's)
     */
    static Time GetFlowMinRtt(const Flow& flow);
    /**
     * \param link a link direction
     * \return the packets its queue disc dropped so far (after a distributed run, the run's)
     */
    static uint64_t GetRunDrops(const Link& link);
    /**
     * Make an ECN class' sink accept ECN and run the class' congestion control.
     * \param sink the sink (started)
     * \param congestion a congestion-control object for its listening socket
     */
    static void PrepareEcnSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion);
    /**
     * Make a short-flow sink's listening socket ECN-capable with the class' congestion control
     * (if \p congestion, as PrepareEcnSink()) and close with its peers: the sockets it accepts
     * copy ShutdownSend, so that when a flow's FIN arrives they close at once (FIN, LAST_ACK,
     * CLOSED) instead of waiting in CLOSE_WAIT for PacketSink, which never closes, and a busy
     * class does not pile up sockets.
     * \param sink the sink
     * \param congestion the class' congestion control if it is ECN-capable, else null
     */
    static void PrepareShortFlowSink(Ptr<PacketSink> sink, Ptr<TcpCongestionOps> congestion);
    /// \return the backlog of \p link now, packets
    double Backlog(const Link& link) const;
    void SampleTimeSeries();
    /// \param period start collecting for this window (m_window or one of m_periods)
    void StartPeriod(Period* period);
    /// \param period stop collecting for this window
    void StopPeriod(Period* period);
    /// \param period take this window's samples now and schedule the next
    void SamplePeriod(Period* period);
    /**
     * \param period a window's tallies \param c a class index
     * \return the class' averages over the window
     */
    ClassMeasurement MeasureClass(const Period& period, std::size_t c) const;
    /**
     * \param period a window's tallies \param l a link index
     * \return the link's averages over the window (drops: those in the window)
     */
    LinkMeasurement MeasureLink(const Period& period, std::size_t l) const;
    /// Abort unless SetMeasurementWindow() was called. \param what the caller
    void CheckWindow(const std::string& what) const;
    /// \param period a period index \param what the caller, for the message \return the period
    const Period& CheckPeriod(std::size_t period, const std::string& what) const;
    /**
     * Trace sink of TcpDualVegas' BaseRtt.
     * \param where the flow's record
     * \param oldValue the previous value
     * \param newValue the new value (Time::Max() until known)
     */
    static void RecordBaseRtt(Time* where, Time oldValue, Time newValue);
    /// \param className a class name \return its index (aborts if there is none)
    std::size_t GetClassIndex(const std::string& className) const;
    /**
     * \param c a class index
     * \param windowStart start of a measurement window
     * \param windowStop end of a measurement window
     * \return whether the class' flows are all running during [windowStart, windowStop]
     */
    bool IsActive(std::size_t c, Time windowStart, Time windowStop) const;

    NetworkDescription m_description;      //!< the network
    Time m_windowStart;                    //!< measurement start
    Time m_windowStop;                     //!< measurement stop
    Time m_samplingInterval;               //!< sampling period
    Time m_seriesInterval;                 //!< time-series period (zero: off)
    uint32_t m_bufferSize;                 //!< socket buffers, bytes
    uint32_t m_initialCwnd;                //!< initial window, segments
    uint32_t m_delAckCount;                //!< receivers' DelAckCount
    bool m_earlyConnection{false};         //!< connect at 0, send from the start
    bool m_backlogInBytes{false};          //!< SetBacklogInBytes()
    bool m_backlogUnitChosen{false};       //!< SetBacklogInBytes() was called
    Ptr<UniformRandomVariable> m_jitter;   //!< start jitter
    Ptr<UniformRandomVariable> m_rtt;      //!< RTTs of classes with a range
    int64_t m_shortStream{-1};             //!< first short-flow stream (-1: auto)
    int64_t m_shortStreamsUsed{0};         //!< short-flow streams handed to the hosts so far
    std::string m_sampledLink;             //!< EnableLinkSamples' link ("": none)
    Time m_linkSampleInterval;             //!< its period
    std::vector<std::string> m_traceNames; //!< its traces
    std::vector<double> m_traceValues;     //!< their last values
    std::vector<LinkSample> m_linkSamples; //!< the samples
    std::vector<ShortHost> m_shortHosts;   //!< short-flow hosts
    std::vector<std::vector<std::size_t>> m_classShortHosts; //!< short-flow hosts per class
    bool m_installed;                                        //!< Install() done
    NodeContainer m_routers;                                 //!< routers
    /// link directions: the links, as in the description, then the reverse directions that
    /// have a queue disc
    std::vector<Link> m_links;
    std::vector<Flow> m_flows;                          //!< flows
    std::vector<std::vector<std::size_t>> m_classFlows; //!< flow indices per class
    /// time series: time, per-class rate (KB/s), per-link backlog, per-class cwnd (packets)
    std::vector<std::vector<double>> m_series;
    std::vector<uint64_t> m_seriesTxBytes; //!< per link: bytes sent at the last sample
    std::vector<Period> m_periods;         //!< per-period windows (SetMeasurementPeriods)
    Period m_window;                       //!< the single window (SetMeasurementWindow)
    /// FlowMonitor of the run (SetTracing()); kept until this helper is destroyed, as
    /// ns-3's examples keep theirs until the end of main()
    std::shared_ptr<FlowMonitorHelper> m_flowMonitor;
};

} // namespace ns3

#endif /* NETWORK_HELPER_H */
