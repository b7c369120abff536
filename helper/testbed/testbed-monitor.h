/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TESTBED_MONITOR_H
#define TESTBED_MONITOR_H

#include "network-description.h"
#include "testbed-network.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class QueueDisc;
class ShortFlowApplication;

/**
 * \ingroup dualcc
 *
 * \brief Measures what the duality model predicts on a network TestbedBuilder built, with no
 * per-packet tracing. It is set up before the network is built, attached after it (Install(),
 * as FlowMonitorHelper::Install) and read after the run.
 *
 * Over the measurement window (warm-up excluded): per class the mean rate (bytes received by the
 * sinks), the mean RTT and congestion window (sampled every SamplingInterval from the flows'
 * last values) and the mean baseRTT (each flow's smallest RTT sample); per link the time-average
 * backlog (queue disc plus device queue, sampled every SamplingInterval), the utilization and
 * the drops.
 *
 * Per-period measurement (SetMeasurementPeriods()): for experiments whose set of flows changes,
 * the same quantities over one window per period, the period's end part after a settling time;
 * the baseRTTs are those at the end of each window. Periods and the single window can be used
 * together or alone. Time series (EnableTimeSeries()) and one link's samples
 * (EnableLinkSamples()) serve plots and windows chosen after the run.
 *
 * Under MPI (DistributedRun), each rank measures its own nodes; SumOverRanks() then gives every
 * rank the whole network's figures.
 */
class TestbedMonitor
{
  public:
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

    /// Measured figures of a class of short flows or web sessions (each object a flow).
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

    /// \param network the network it measures (built later, before Install())
    explicit TestbedMonitor(const TestbedNetwork& network);

    /// See NetworkHelper::SetMeasurementWindow(). \param start warm-up end \param stop its end
    void SetMeasurementWindow(Time start, Time stop);
    /**
     * See NetworkHelper::SetMeasurementPeriods().
     * \param boundaries b_0 < b_1 < ... < b_K \param settling time left out at each start
     */
    void SetMeasurementPeriods(const std::vector<Time>& boundaries, Time settling);
    /**
     * \param description a network \param stop the end of the last period
     * \return the distinct start times of its classes, in order, then \p stop
     */
    static std::vector<Time> GetStartBoundaries(const NetworkDescription& description, Time stop);
    /**
     * \param description a network \param stop the end of the last phase (> 0)
     * \return 0, every class' start and stop, every event's time, and \p stop
     */
    static std::vector<Time> GetPhaseBoundaries(const NetworkDescription& description, Time stop);
    /// \param interval sampling period of cwnd, RTT and queues (default 1 ms)
    void SetSamplingInterval(Time interval);
    /// See NetworkHelper::SetBacklogInBytes(). \param bytes true: backlog in bytes / data packet
    void SetBacklogInBytes(bool bytes);
    /// \param interval the time series' period (zero: off, the default)
    void EnableTimeSeries(Time interval);
    /**
     * See NetworkHelper::EnableLinkSamples().
     * \param link a link, or "<link>:reverse" \param interval the sampling period (> 0)
     * \param traces names of trace sources of the link's queue disc
     */
    void EnableLinkSamples(const std::string& link,
                           Time interval,
                           const std::vector<std::string>& traces = {});

    /**
     * Refuse the classes the model would count although the run cannot measure them: throw
     * std::invalid_argument "<file>:<line>: class '<name>': ...; valid: ..." if a class starts
     * at or after the end of the run (the measurement window's or the last period's end), if
     * its largest rtt from its start reaches that end (no packet acknowledged), or if it stops
     * at or before the start of the single measurement window (SetMeasurementWindow()). Warn
     * on stderr ("warning: ...") if its start jitter reaches the end, or if its largest rtt is
     * not shorter than the shortest measurement window. Call before building.
     */
    void CheckStarts() const;

    /**
     * Attach to the network just built: follow the congestion controls' baseRTT estimates and
     * schedule the windows, the time series and the link samples.
     */
    void Install();

    /// \return whether EnableLinkSamples() was called
    bool HasLinkSamples() const;
    /// \return the single window's start and stop (zero, zero: none)
    std::pair<Time, Time> GetWindow() const;
    /// \return EnableTimeSeries()'s interval (zero: off)
    Time GetSeriesInterval() const;

    /// \return the samples of EnableLinkSamples() (after the run)
    const std::vector<LinkSample>& GetLinkSamples() const;
    /**
     * \param from window start \param to window end
     * \return the figures of EnableLinkSamples()'s link over [from, to]
     */
    WindowMeasurement MeasureWindow(Time from, Time to) const;
    /// \param className a class \return its measurements over the window
    ClassMeasurement GetClassMeasurement(const std::string& className) const;
    /// \param className a class \param period a period \return its measurements over it
    ClassMeasurement GetClassMeasurement(const std::string& className, std::size_t period) const;
    /// \param className a class of short flows \return its figures over the window
    ShortFlowMeasurement GetShortFlowMeasurement(const std::string& className) const;
    /// \param className a class of short flows \param period a period \return its figures
    ShortFlowMeasurement GetShortFlowMeasurement(const std::string& className,
                                                 std::size_t period) const;
    /// \param link a link \return its measurements over the window (drops: the whole run's)
    LinkMeasurement GetLinkMeasurement(const std::string& link) const;
    /// \param link a link \param period a period \return its measurements over it
    LinkMeasurement GetLinkMeasurement(const std::string& link, std::size_t period) const;
    /// \return the number of periods
    std::size_t GetPeriodCount() const;
    /// \param period a period \return its measurement window
    std::pair<Time, Time> GetPeriodWindow(std::size_t period) const;
    /// \param period a period \return its start (its boundary)
    Time GetPeriodStart(std::size_t period) const;
    /// \param className a class \param period a period \return whether it is active over it
    bool IsClassActive(const std::string& className, std::size_t period) const;
    /// \param c a class index \param period a period \return whether it is active over it
    bool IsClassActive(std::size_t c, std::size_t period) const;
    /// \return the time series (NetworkHelper::GetTimeSeries())
    const std::vector<std::vector<double>>& GetTimeSeries() const;
    /// \param f a flow \return its smallest RTT sample so far (zero: none; MPI: the run's)
    Time GetFlowMinRtt(std::size_t f) const;
    /// \param period a period \param f a flow \return its smallest RTT at the window's end
    Time GetPeriodMinRtt(std::size_t period, std::size_t f) const;

    /**
     * After the run, with two or more MPI ranks: replace every tally by its sum over the ranks.
     * Each rank measured only its own nodes (the rest of its tallies are zero), so that every
     * rank then holds the whole network's figures. Nothing without MPI.
     */
    void SumOverRanks();

  private:
    /**
     * Warn (stderr) if the class \p spec starts or stops inside the single measurement window:
     * the window's report averages its rates over the whole window, the model counts it
     * throughout (issue 30).
     * \param spec the class
     * \param who the class as messages name it (its location)
     */
    void WarnIfInsideWindow(const NetworkDescription::ClassSpec& spec,
                            const std::string& who) const;
    /**
     * CheckStarts() for one class.
     * \param spec the class \param end the end of the run (the measurement's)
     * \param shortest the shortest measurement window
     */
    void CheckClassTimes(const NetworkDescription::ClassSpec& spec, Time end, Time shortest) const;

    /// What a window collects of a flow.
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

    /// What a window collects of a link.
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

    /// A measurement window and what it collects.
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

    /// Choose the backlog unit (SetBacklogInBytes(), else bytes for out-of-band classes).
    void ChooseBacklogUnit();
    /// Follow TcpDualVegas' baseRTT estimates through their trace.
    void ConnectBaseRtts();
    /// Schedule the single window's and the periods' starts and stops.
    void ScheduleWindows();
    /// Connect the sampled link's traces and take its first sample.
    void StartLinkSamples();
    /**
     * \param app a short-flow host's source
     * \return its arrivals, arrived bytes, completions, completed bytes, pages and completion
     *         time sum (ns), in this order
     */
    static std::array<uint64_t, SHORT_COUNTERS> ShortCounters(Ptr<ShortFlowApplication> app);
    /// \param className a class of short flows \param window a window \return its figures
    ShortFlowMeasurement MeasureShortFlows(const std::string& className,
                                           const Period& window) const;
    /**
     * Connect \p callback to the trace source \p name of \p disc or, if it has none, of the
     * first of its child queue discs (depth first) that has one.
     * \param disc a queue disc \param name a trace source name \param callback the callback
     * \return whether a trace source was connected
     */
    static bool ConnectDiscTrace(Ptr<QueueDisc> disc,
                                 const std::string& name,
                                 const CallbackBase& callback);
    /// Record a link sample and schedule the next.
    void TakeLinkSample();
    /// Trace sink of a named trace. \param slot where \param oldValue old \param newValue new
    static void RecordTrace(double* slot, double oldValue, double newValue);
    /**
     * Trace sink of TcpDualVegas' BaseRtt.
     * \param where the flow's record \param oldValue the previous value
     * \param newValue the new value (Time::Max() until known)
     */
    static void RecordBaseRtt(Time* where, Time oldValue, Time newValue);
    /// \param l a link direction \return its backlog now, packets
    double Backlog(std::size_t l) const;
    /// Take a time-series point and schedule the next.
    void SampleTimeSeries();
    /// \param period start collecting for this window
    void StartPeriod(Period* period);
    /// \param period stop collecting for this window
    void StopPeriod(Period* period);
    /**
     * Record the links' queue-disc counters and the short-flow hosts' counters in a window.
     * \param period the window \param atStop true: at its stop, false: at its start
     */
    void RecordCounters(Period& period, bool atStop);
    /// \param period take this window's samples now and schedule the next
    void SamplePeriod(Period* period);
    /// \param period a window \param c a class index \return the class' averages over it
    ClassMeasurement MeasureClass(const Period& period, std::size_t c) const;
    /// \param period a window \param l a link index \return its averages (drops: the window's)
    LinkMeasurement MeasureLink(const Period& period, std::size_t l) const;
    /// Abort unless SetMeasurementWindow() was called. \param what the caller
    void CheckWindow(const std::string& what) const;
    /// \param period a period index \param what the caller \return the period
    const Period& CheckPeriod(std::size_t period, const std::string& what) const;
    /**
     * \param c a class index \param windowStart a window's start \param windowStop its end
     * \return whether the class' flows are all running during [windowStart, windowStop]
     */
    bool IsActive(std::size_t c, Time windowStart, Time windowStop) const;
    /// \param l a link direction \return its queue disc's drops so far (MPI: the run's)
    uint64_t GetRunDrops(std::size_t l) const;
    /**
     * Hand every tally of the run to \p packer, in an order that is the same on every rank.
     * \param packer packs or unpacks
     */
    void PackTallies(TallyPacker& packer);

    const TestbedNetwork& m_network;        //!< the network measured
    bool m_installed{false};                //!< Install() done
    Time m_windowStart;                     //!< measurement start
    Time m_windowStop;                      //!< measurement stop
    Time m_samplingInterval;                //!< sampling period
    Time m_seriesInterval;                  //!< time-series period (zero: off)
    bool m_backlogInBytes{false};           //!< SetBacklogInBytes()
    bool m_backlogUnitChosen{false};        //!< SetBacklogInBytes() was called
    std::string m_sampledLink;              //!< EnableLinkSamples' link ("": none)
    Time m_linkSampleInterval;              //!< its period
    std::vector<std::string> m_traceNames;  //!< its traces
    std::vector<double> m_traceValues;      //!< their last values
    std::vector<LinkSample> m_linkSamples;  //!< the samples
    std::vector<Time> m_ccBaseRtt;          //!< per flow: TcpDualVegas' BaseRtt (zero: none)
    std::vector<uint64_t> m_rxAtLastSample; //!< per flow: sink bytes at the last series point
    std::vector<Time> m_runMinRtt;          //!< per flow: the run's smallest RTT (MPI)
    std::vector<uint64_t> m_runDrops;       //!< per link: the run's drops (MPI)
    /// time series: time, per-class rate (KB/s), per-link backlog, per-class cwnd (packets)
    std::vector<std::vector<double>> m_series;
    std::vector<uint64_t> m_seriesTxBytes; //!< per link: bytes sent at the last sample
    std::vector<Period> m_periods;         //!< per-period windows (SetMeasurementPeriods)
    Period m_window;                       //!< the single window (SetMeasurementWindow)
};

} // namespace ns3

#endif /* TESTBED_MONITOR_H */
