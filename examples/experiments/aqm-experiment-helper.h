/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AQM_EXPERIMENT_HELPER_H
#define AQM_EXPERIMENT_HELPER_H

#include "ns3/attribute.h"
#include "ns3/data-rate.h"
#include "ns3/network-description.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/plot-writer.h"
#include "ns3/ptr.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class NetworkHelper;
class QueueDisc;
class ShortFlowApplication;

/**
 * \ingroup dualcc
 *
 * \brief The single-link experiments of the AVQ paper (Kunniyur and Srikant, SIGCOMM 2001, §3):
 * a dumbbell of long-lived FTP flows and Poisson short flows through one bottleneck with a
 * selectable AQM, measured over any time window.
 *
 * Topology (Install()):
 *
 *     FTP host i  --access (AccessRate, d_i)--\                              /-- sink host
 *     ...                                      R1 --bottleneck (C, Delay)-- R2
 *     short host j --access (AccessRate, d_j)-/    AQM at R1, B packets      (AccessRate, 1 ms)
 *
 * - every FTP flow has its own source host; its round-trip propagation delay is drawn uniformly
 *   in [MinRtt, MaxRtt] (the paper: 40-130 ms, round trip: its delay budget is
 *   d = 130 ms + B / C = 210 ms) and its access delay is d_i = rtt / 2 - Delay - 1 ms;
 * - short flows come from ShortFlowHosts hosts, each with its own RTT drawn the same way and a
 *   ShortFlowApplication with 1 / ShortFlowHosts of the arrival rate (the sum of independent
 *   Poisson processes is Poisson with the total rate), so that each short flow's RTT is one of
 *   these RTTs picked at random;
 * - one sink host with a PacketSink for the FTP flows and one for the short flows. The sinks'
 *   listening sockets are made ECN-capable when ECN is on and shut down for sending, so that
 *   each accepted connection closes as soon as its peer closes (short flows release their
 *   sockets);
 * - the AQM (AVQ, RED gentle, REM, PIE, PI) at R1 towards R2, over a device queue of one packet, so
 *   that the backlog is in the queue disc; every other queue is large enough never to drop;
 * - TCP NewReno everywhere (ns3::TcpNewReno), segment size PacketSize - 42 bytes of TCP/IP/PPP
 *   headers, initial window 2 segments and an ACK per segment (ns-2's defaults), socket buffers
 *   of BufferSize, no timestamps.
 *
 * Measurements, with no per-packet tracing: every SamplingInterval it records the backlog
 * (queue disc plus device queue, packets), the AVQ's virtual capacity C~ and running totals
 * of the bytes sent on the bottleneck, the packets arriving at, dropped and marked by the AQM,
 * the bytes received by the sinks and the short flows arrived and completed. Measure() turns
 * them into the figures of any window: utilization, mean and standard deviation of the backlog,
 * drops, marks, loss rate and goodput.
 */
class AqmExperimentHelper
{
  public:
    /// The AQM at the bottleneck.
    enum class Aqm
    {
        AVQ, //!< ns3::AvqQueueDisc
        RED, //!< ns3::RedQueueDisc, gentle
        REM, //!< ns3::RemQueueDisc, eq. 30 (PriceLaw Rem)
        PIE, //!< ns3::PieQueueDisc
        PI,  //!< ns3::PiQueueDisc (Hollot et al.'s PI controller, ns-2's gains)
    };

    /**
     * \param aqm a name: "avq", "red", "rem", "pie" or "pi" (case-insensitive)
     * \return the AQM; aborts naming the valid names otherwise
     */
    static Aqm ParseAqm(const std::string& aqm);
    /// \param aqm an AQM \return its name ("AVQ", "RED", "REM", "PIE", "PI")
    static std::string GetAqmName(Aqm aqm);

    struct Settings;
    /**
     * The TCP the settings give, for the output: e.g. "TCP NewReno, ECN, sub-packet response
     * (RFC 3168 6.1.2, TcpSubPacketSocket)".
     * \param settings the settings
     * \return the sentence
     */
    static std::string DescribeTcp(const Settings& settings);

    /// The settings of an experiment (defaults: the paper's §3.1).
    struct Settings
    {
        DataRate linkRate{"10Mbps"};     //!< C
        Time linkDelay{MilliSeconds(5)}; //!< bottleneck one-way propagation delay
        uint32_t bufferPackets{100};     //!< B, the AQM's MaxSize, packets
        uint32_t packetSize{1000};       //!< bytes of a data packet on the wire
        DataRate accessRate{"100Mbps"};  //!< host links
        Time minRtt{MilliSeconds(40)};   //!< smallest round-trip propagation delay
        Time maxRtt{MilliSeconds(130)};  //!< largest round-trip propagation delay
        bool ecn{true};
        /// with ECN, the sources use TcpSubPacketSocket: RFC 3168 6.1.2 below two segments, as
        /// ns-2's TCP that produced the paper's numbers (false: ns-3's TcpSocketBase, whose
        /// NewReno never goes below two segments per round trip)
        bool subPacket{true};
        /// AVQ and REM count bytes (MaxSize B x PacketSize bytes) rather than packets, so that
        /// SYNs, FINs and pure ACKs do not count as full packets in their rates
        bool byteMode{true};                      //!< mark (true) or drop (false)
        Time startJitter{Seconds(1)};             //!< FTP flows start uniformly in [start, +jitter]
        uint32_t shortFlowHosts{20};              //!< hosts the short flows come from
        uint32_t shortFlowSize{20};               //!< segments per short flow
        uint32_t bufferSize{1 << 20};             //!< socket send/receive buffers, bytes
        Time samplingInterval{MilliSeconds(10)};  //!< period of the samples
        double avqGamma{0.98};                    //!< AVQ DesiredUtilization
        double avqAlpha{0.15};                    //!< AVQ Alpha
        uint32_t redMinTh{37};                    //!< RED MinTh, packets (paper, Exp. 2)
        uint32_t redMaxTh{75};                    //!< RED MaxTh, packets (paper, Exp. 2)
        double redQw{0.002};                      //!< RED QW (Floyd's REDparameters)
        double redMaxP{0.1};                      //!< RED max_p = 1 / LInterm (REDparameters)
        double remGamma{0.001};                   //!< REM Gamma (Athuraliya et al.)
        double remMu{0.1};                        //!< REM Mu (their alpha)
        double remPhi{1.001};                     //!< REM Phi
        Time remUpdateInterval{MilliSeconds(1)};  //!< REM UpdateInterval
        Time pieDelayReference{MilliSeconds(40)}; //!< PIE target: 50 packets at 10 Mb/s
        double piQueueRef{50};                    //!< PI QueueRef, packets (the paper's 50)
        double piA{1.822e-5};                     //!< PI A (ns-2's a_)
        double piB{1.816e-5};                     //!< PI B (ns-2's b_)
        double piSamplingFrequency{170};          //!< PI SamplingFrequency, Hz (ns-2's w_)
    };

    /// One sample (running totals are since time 0).
    struct Sample
    {
        double time;            //!< s
        double queue;           //!< backlog, packets
        double virtualCapacity; //!< AVQ's C~, Mb/s (NaN for the other AQMs)
        double txBytes;         //!< bytes the queue disc released
        double arrivals;        //!< packets offered to the queue disc
        double drops;           //!< packets it dropped
        double marks;           //!< packets it marked
        double goodputBytes;    //!< bytes the sinks received
        double shortArrived;    //!< short flows arrived
        double shortCompleted;  //!< short flows completed
    };

    /// The figures of a window.
    struct Measurement
    {
        double utilization;             //!< bytes released / (C window)
        double queueMean;               //!< mean backlog, packets
        double queueStd;                //!< standard deviation of the backlog, packets
        double virtualCapacityMean;     //!< mean C~, Mb/s (NaN unless AVQ)
        double arrivals;                //!< packets offered to the AQM
        double drops;                   //!< packets dropped
        double marks;                   //!< packets marked
        double lossRate;                //!< drops / arrivals
        double goodputPacketsPerSecond; //!< sinks' bytes / segment size / window
        double goodputFraction;         //!< goodput / capacity in data packets per second
        double shortArrived;            //!< short flows arrived
        double shortCompleted;          //!< short flows completed
    };

    /**
     * The AQM's queue disc as an experiment configures it: its TypeId and attributes (MaxSize
     * first: BufferPackets packets, or bytes for AVQ and REM in byte mode; then the AQM's
     * parameters from \p settings, ECN as settings.ecn), for other experiments that reuse this
     * configuration on links of their own.
     * \param aqm the AQM
     * \param settings the settings (linkRate, linkDelay, bufferPackets, packetSize, ecn, byteMode
     *        and the AQM's own)
     * \return the queue disc's specification (no classes or filters)
     */
    static NetworkDescription::QueueDiscSpec GetQueueSpec(Aqm aqm, const Settings& settings);

    /**
     * \param aqm the AQM at the bottleneck, with the default settings
     */
    explicit AqmExperimentHelper(Aqm aqm);

    /**
     * \param aqm the AQM at the bottleneck
     * \param settings the experiment's settings
     */
    AqmExperimentHelper(Aqm aqm, Settings settings);

    /// Destructor (out of line: the members' types are only declared here).
    ~AqmExperimentHelper();

    /// \return the AQM
    Aqm GetAqm() const;
    /// \return the settings
    const Settings& GetSettings() const;

    /**
     * Set an attribute of the AQM after those the settings give (before Install()).
     * \param name attribute name
     * \param value its value
     */
    void SetQueueAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Add FTP (persistent) flows, each on its own host with its own random RTT (before Install()).
     * \param flows how many
     * \param start their start (each adds a uniform jitter in [0, StartJitter])
     * \param stop when they leave (zero: the end of the simulation): the application stops and
     *        the host's interface goes down, so the flow stops loading the link at once
     */
    void AddFtpFlows(uint32_t flows, Time start, Time stop = Time(0));

    /**
     * Add Poisson short flows at \p rate from \p start to \p stop (before Install()).
     * \param rate total arrival rate, flows per second (> 0)
     * \param start first possible arrival
     * \param stop last possible arrival (zero: the end of the simulation)
     */
    void AddShortFlows(double rate, Time start, Time stop = Time(0));

    /**
     * Fix the random streams: RTTs and start jitter, short-flow arrivals, the AQM's draws.
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// Build the network and schedule flows and samples.
    void Install();

    /**
     * Run the simulation until \p stop (Simulator::Stop + Run; no Destroy), with ns-3's
     * CalendarScheduler unless the user chose a scheduler.
     * \param stop the simulated time
     * \param showProgress print ns-3's ShowProgress lines on stderr
     */
    void Run(Time stop, bool showProgress);

    /**
     * \param from window start (rounded down to a sample)
     * \param to window end (rounded down to a sample), after \p from
     * \return the figures of the window (after Run())
     */
    Measurement Measure(Time from, Time to) const;

    /// \return the samples, every SamplingInterval from time 0 (after Run())
    const std::vector<Sample>& GetSamples() const;
    /// \return the AQM's queue disc (after Install())
    Ptr<QueueDisc> GetQueueDisc() const;
    /// \return the short-flow applications (after Install())
    std::vector<Ptr<ShortFlowApplication>> GetShortFlowApplications() const;
    /// \return the FTP flows' round-trip propagation delays, in order of creation (after Install())
    std::vector<Time> GetFtpRtts() const;
    /// \return the data bytes of a segment (PacketSize - 42)
    uint32_t GetSegmentSize() const;

    /**
     * A sampled quantity vs time for plots: the samples' \p field averaged over intervals of
     * \p interval (PlotWriter::AverageOverIntervals()), so that a 10 ms sampling of an
     * oscillating queue does not alias.
     * \param samples the samples (GetSamples())
     * \param field what to plot, e.g. &Sample::queue
     * \param interval the averaging interval
     * \return (time in s, mean) per interval
     */
    static PlotWriter::Points SampleCurve(const std::vector<Sample>& samples,
                                          double Sample::*field,
                                          Time interval);

  private:
    /// A group of FTP flows.
    struct FtpGroup
    {
        uint32_t flows; //!< how many
        Time start;     //!< start
        Time stop;      //!< stop (zero: end)
    };

    /// A period of short flows.
    struct ShortPeriod
    {
        double rate; //!< flows per second
        Time start;  //!< start
        Time stop;   //!< stop (zero: end)
    };

    /**
     * The experiment as a network description: the bottleneck "bottleneck" (R1 -> R2) with the
     * AQM, a class "ftp<k>" per AddFtpFlows() and "short<k>" per AddShortFlows() (NewReno, RTTs
     * uniform in [MinRtt, MaxRtt]).
     * \return the description
     */
    NetworkDescription Describe() const;
    /// \return the AQM's TypeId name
    std::string GetQueueDiscType() const;
    /// Abort unless Install() was (\p installed true) or was not called. \param what caller
    void CheckInstalled(bool installed, const std::string& what) const;

    Aqm m_aqm;                                        //!< the AQM
    Settings m_settings;                              //!< settings
    NetworkDescription::Attributes m_queueAttributes; //!< overrides, typed
    std::vector<FtpGroup> m_ftpGroups;                //!< FTP flows
    std::vector<ShortPeriod> m_shortPeriods;          //!< short flows
    int64_t m_stream;                                 //!< first stream (-1: auto)
    bool m_installed;                                 //!< Install() done
    std::unique_ptr<NetworkHelper> m_network;         //!< the network built
    std::vector<Sample> m_samples;                    //!< the samples, in this helper's units
};

} // namespace ns3

#endif /* AQM_EXPERIMENT_HELPER_H */
