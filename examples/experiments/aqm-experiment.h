/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AQM_EXPERIMENT_H
#define AQM_EXPERIMENT_H

#include "ns3/data-rate.h"
#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/owned-attributes.h"
#include "ns3/plot-writer.h"
#include "ns3/testbed-monitor.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 *
 * \brief The single-link experiments of the AVQ paper (Kunniyur and Srikant, SIGCOMM 2001, §3)
 * as a description: a dumbbell of long-lived FTP flows and Poisson short flows through one
 * bottleneck with a selectable AQM. The scenarios run it with NetworkHelper and measure it with
 * its TestbedMonitor (link samples of the bottleneck, MeasureWindow()).
 *
 * Topology (Describe()):
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
 * - the AQM (GetAqmNames(): AVQ, RED gentle, REM with its queue reference, GKVQ, PIE, PI) at R1
 * towards R2, over a device queue of one packet, so that the backlog is in the queue disc;
 * - TCP NewReno everywhere (ns3::TcpNewReno), segment size PacketSize - 42 bytes of TCP/IP/PPP
 *   headers, initial window 2 segments and an ACK per segment (ns-2's defaults), socket buffers
 *   of BufferSize (Prepare()), no timestamps.
 *
 * Prepare() samples the bottleneck every SamplingInterval (TestbedMonitor::LinkSample: backlog,
 * running totals of bytes sent, packets arriving, dropped and marked, bytes received, short flows
 * arrived and completed; AVQ's virtual capacity as its one trace) and fixes the streams: the
 * AQM's first, then the network's.
 *
 * The AQMs are one table (name, queue disc, its configuration from the Settings): a new AQM is
 * one row in aqm-experiment.cc.
 */
class AqmExperiment
{
  public:
    AqmExperiment() = delete; // functions only

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
        bool ecn{true};                  //!< mark (true) or drop (false)
        /// with ECN, the sources use TcpSubPacketSocket: RFC 3168 6.1.2 below two segments, as
        /// ns-2's TCP that produced the paper's numbers (false: ns-3's TcpSocketBase, whose
        /// NewReno never goes below two segments per round trip)
        bool subPacket{true};
        /// AVQ and REM count bytes (MaxSize B x PacketSize bytes) rather than packets, so that
        /// SYNs, FINs and pure ACKs do not count as full packets in their rates
        bool byteMode{true};
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
        double remQueueRef{50};                   //!< REM QueueRef, packets (the paper's qref)
        double remPhi{1.001};                     //!< REM Phi
        Time remUpdateInterval{MilliSeconds(1)};  //!< REM UpdateInterval
        Time pieDelayReference{MilliSeconds(40)}; //!< PIE target: 50 packets at 10 Mb/s
        double piQueueRef{50};                    //!< PI QueueRef, packets (the paper's 50)
        double piA{1.822e-5};                     //!< PI A (ns-2's a_)
        double piB{1.816e-5};                     //!< PI B (ns-2's b_)
        double piSamplingFrequency{170};          //!< PI SamplingFrequency, Hz (ns-2's w_)
        double gkvqTheta{0.90};                   //!< GKVQ Theta (the paper: 0.90)
    };

    /// A group of FTP (persistent) flows, each on its own host with its own random RTT.
    struct FtpGroup
    {
        uint32_t flows; //!< how many
        Time start;     //!< their start (each adds a uniform jitter in [0, StartJitter])
        /// when they leave (zero: never): the application stops and the host's interface goes
        /// down, so the flow stops loading the link at once
        Time stop;
    };

    /// A period of Poisson short flows.
    struct ShortPeriod
    {
        double rate; //!< total arrival rate, flows per second (> 0)
        Time start;  //!< first possible arrival
        Time stop;   //!< last possible arrival (zero: the end of the simulation)
    };

    /// The bottleneck's name in the description ("bottleneck").
    static const std::string BOTTLENECK;

    /// \return the AQMs' names, in the table's order ("AVQ", "RED", "REM", "GKVQ", "PIE", "PI")
    static std::vector<std::string> GetAqmNames();
    /**
     * \param aqm a name of GetAqmNames(), in any case
     * \return the name as GetAqmNames() spells it; throws std::invalid_argument naming the
     *         valid names otherwise
     */
    static std::string ParseAqm(const std::string& aqm);

    /**
     * The AQM's queue disc as the experiments configure it: its TypeId and attributes (MaxSize
     * first: BufferPackets packets, or bytes for AVQ and REM in byte mode; then the AQM's
     * parameters from \p settings, ECN as settings.ecn), for other experiments that reuse this
     * configuration on links of their own.
     * \param aqm a name of GetAqmNames()
     * \param settings the settings (linkRate, linkDelay, bufferPackets, packetSize, ecn, byteMode
     *        and the AQM's own)
     * \return the queue disc's specification (no classes or filters)
     */
    static NetworkDescription::QueueDiscSpec GetQueueSpec(const std::string& aqm,
                                                          const Settings& settings);

    /**
     * The attributes the experiments set on the AQMs' queue discs (GetQueueSpec()), for
     * Scenario::GetOwnedAttributes().
     * \param aqms the AQMs a scenario runs (names of GetAqmNames())
     * \param settings the settings
     * \param options per attribute (full name or name), the scenario's option for it; the
     *        others are fixed by the AVQ paper's parameters
     * \return the entries
     */
    static std::vector<OwnedAttributes::Entry> GetOwnedAttributes(
        const std::vector<std::string>& aqms,
        const Settings& settings,
        const std::map<std::string, std::string>& options);

    /**
     * The attributes TcpDefaults::UseNs2Reno() sets beyond NetworkHelper's own (the scenarios'
     * --ns2Tcp), for GetOwnedAttributes() when --ns2Tcp is given.
     * \return the entries ("leave out --ns2Tcp" instead)
     */
    static std::vector<OwnedAttributes::Entry> GetNs2TcpAttributes();

    /**
     * The TCP the settings give, for the output: e.g. "TCP NewReno, ECN, sub-packet response
     * (RFC 3168 6.1.2, TcpSubPacketSocket)".
     * \param settings the settings
     * \return the sentence
     */
    static std::string DescribeTcp(const Settings& settings);

    /**
     * The experiment as a network description: the bottleneck BOTTLENECK (R1 -> R2) with the
     * AQM, a class "ftp<k>" per FTP group and "short<k>" per short-flow period (NewReno, RTTs
     * uniform in [MinRtt, MaxRtt]). Throws std::invalid_argument naming the setting or flow
     * group out of range and its valid range.
     * \param aqm a name of GetAqmNames()
     * \param settings the settings
     * \param ftp the FTP groups
     * \param shortFlows the short-flow periods
     * \return the description
     */
    static NetworkDescription Describe(const std::string& aqm,
                                       const Settings& settings,
                                       const std::vector<FtpGroup>& ftp,
                                       const std::vector<ShortPeriod>& shortFlows = {});

    /**
     * Ready a NetworkHelper of Describe()'s network (before its Install()): the sockets'
     * buffers, the bottleneck's link samples every SamplingInterval (with AVQ's virtual
     * capacity as trace) and the random streams: \p stream for the AQM, the network's from
     * \p stream + 1.
     * \param network the network
     * \param aqm its AQM, a name of GetAqmNames()
     * \param settings the settings it was described with
     * \param stream the first stream
     */
    static void Prepare(NetworkHelper& network,
                        const std::string& aqm,
                        const Settings& settings,
                        int64_t stream);

    /**
     * AVQ's virtual capacity C~ of a sample (Prepare()'s trace) in Mb/s: C~ counts bytes/s
     * (byte mode) or packets/s of PacketSize bytes; before the first arrival it is C.
     * \param sample a sample of Prepare()'s network
     * \param settings the settings
     * \return C~, Mb/s
     */
    static double GetVirtualCapacityMbps(const TestbedMonitor::LinkSample& sample,
                                         const Settings& settings);
    /**
     * The mean of GetVirtualCapacityMbps() over the samples of a window, as
     * TestbedMonitor::MeasureWindow() averages the backlog (after \p from, up to \p to).
     * \param monitor the monitor of Prepare()'s network (AVQ, after the run)
     * \param from window start \param to window end
     * \param settings the settings
     * \return the mean C~, Mb/s
     */
    static double MeanVirtualCapacityMbps(const TestbedMonitor& monitor,
                                          Time from,
                                          Time to,
                                          const Settings& settings);

    /**
     * A sampled quantity vs time for plots, averaged over intervals of \p interval
     * (PlotWriter::AverageOverIntervals()), so that a 10 ms sampling of an oscillating queue does
     * not alias.
     * \param samples the samples (TestbedMonitor::GetLinkSamples())
     * \param field what to plot of a sample, e.g. its backlog
     * \param interval the averaging interval
     * \return (time in s, mean) per interval
     */
    static PlotWriter::Points SampleCurve(
        const std::vector<TestbedMonitor::LinkSample>& samples,
        const std::function<double(const TestbedMonitor::LinkSample&)>& field,
        Time interval);
};

} // namespace ns3

#endif /* AQM_EXPERIMENT_H */
