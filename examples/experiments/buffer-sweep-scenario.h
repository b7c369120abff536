/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BUFFER_SWEEP_SCENARIO_H
#define BUFFER_SWEEP_SCENARIO_H

#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/scenario.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The buffer-size experiment of the Vegas paper, §6.4 and Fig. 8 (after Hengartner et al.
 * 2000): persistent flows from Host 1a to Host 1b across one bottleneck, run with Reno and with
 * Vegas at several bottleneck buffer sizes; per point the goodput, the retransmissions and the
 * retransmissions of congestion avoidance, averaged over the flows.
 *
 *     1a(0) ---10 Mb/s---\                                   /---10 Mb/s--- 1b(0)
 *       ...               R1 ==== 6000 KB/s, FIFO, B pkts ==== R2              ...
 *     1a(99) --10 Mb/s---/                                   \---10 Mb/s--- 1b(99)
 *
 * Every flow has its own source and sink host and its own 10 Mb/s access links (NetworkHelper's
 * topology, the paper's Fig. 1): the paper's 100 flows "from Host 1a to Host 1b" are the host
 * class 1a(i) -> 1b(i) of §6.1, and "all host-router links are 10 Mbps". One shared 10 Mb/s
 * access link (1250 KB/s) could not fill the 6000 KB/s bottleneck, whose buffer would then
 * never fill, whereas Fig. 8's footnote puts the flows' maximum goodput near the bottleneck's
 * fair share (60 KB/s per flow).
 *
 * Measured over [0, Duration] (the paper's "first 50 seconds of the transfer"), per flow, then
 * averaged over the flows (Fig. 8: "averages of 100 flows over a 50 s period"):
 * - goodput: non-duplicate packets acknowledged (cumulative ACK, TcpRetransmissionCounter::
 *   GetAckedBytes / segment size) divided by Duration, packets/s (paper's footnote 5);
 * - retransmissions: data segments sent again (TcpRetransmissionCounter);
 * - CA retransmissions: retransmissions of loss episodes begun in congestion avoidance
 *   (cwnd >= ssthresh when the loss was detected; TcpRetransmissionCounter);
 * - timeouts: entries into CA_LOSS;
 * and at the bottleneck, the packets its queue disc dropped (total, not per flow).
 *
 * As a scenario (the example vegas-buffer-sweep), each (buffer, protocol) is a point, a separate
 * simulation in a child process (ParallelSweep, --jobs at a time); Evaluate() prints a line per
 * point, writes Tabulate()'s table as CSV and draws Fig. 8.
 */
class BufferSweepScenario : public Scenario
{
  public:
    /// The scenario's numbers (defaults: the paper's).
    struct Parameters
    {
        uint32_t flows{100};                   //!< persistent flows 1a(i) -> 1b(i)
        DataRate bottleneck{"48Mbps"};         //!< bottleneck rate (6000 KB/s)
        Time bottleneckDelay{MilliSeconds(1)}; //!< bottleneck one-way delay
        DataRate accessRate{"10Mbps"};         //!< every host-router link
        Time rtt{MilliSeconds(50)};            //!< round-trip propagation delay of every flow
        uint32_t packetSize{1000};             //!< bytes of a data packet on the wire
        double alpha{1};                       //!< Vegas alpha, packets per RTT
        double beta{3};                        //!< Vegas beta, packets per RTT
        Time duration{Seconds(50)};            //!< measured (and simulated) time from 0
        /// flows start uniformly in [0, startJitter]; must be shorter than rtt (the counters
        /// are attached at startJitter, before any flow's first data segment)
        Time startJitter{MilliSeconds(10)};
        /// TCP SACK (TcpSocketBase::Sack); off as the paper's ns-2 Reno and Vegas agents
        bool sack{false};
        /// bottleneck buffer sizes, packets (queue disc limit), in sweep order
        std::vector<uint32_t> buffers{10, 25, 50, 75, 100, 150, 200, 250, 300, 400};
        /// congestion-control TypeIds, in sweep order
        std::vector<std::string> protocols{"ns3::TcpNewReno", "ns3::TcpDualVegas"};
        uint32_t seed{1}; //!< RngSeedManager seed
        uint64_t run{1};  //!< RngSeedManager run
    };

    /// One point's measurements.
    struct Result
    {
        std::string protocol;     //!< congestion-control TypeId
        uint32_t buffer;          //!< bottleneck buffer, packets
        double goodput;           //!< mean per flow, packets/s
        double retransmissions;   //!< mean per flow, packets
        double caRetransmissions; //!< mean per flow, packets
        double timeouts;          //!< mean per flow
        double drops;             //!< bottleneck queue-disc drops, packets (total)
    };

    /// The paper's scenario, for the command line (Check() after parsing).
    BufferSweepScenario();
    /**
     * \param parameters the scenario, as if given as options; checked (Check())
     */
    explicit BufferSweepScenario(const Parameters& parameters);

    void AddOptions(StrictCommandLine& cmd) override;
    /// Parse --buffers and --protocols, check the parameters (throws std::invalid_argument
    /// naming the option and its range) and list the points, buffer-major.
    void Check() override;
    /// \return the attributes it sets: TcpSocketBase::Sack (--sack)
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;
    bool IsSweep() const override;
    std::size_t GetPointCount() const override;
    /// \param point a point \return e.g. "Vegas buffer=50"
    std::string GetPointLabel(std::size_t point) const override;
    /// \param point a point \return its Result's numbers (RunPoint(protocol, buffer))
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

    /// \return the parameters
    const Parameters& GetParameters() const;

    /**
     * \param parameters the scenario
     * \param protocol congestion-control TypeId of every flow
     * \param buffer bottleneck buffer, packets
     * \return the network (link "bottleneck" R1 -> R2, class "1a")
     */
    static NetworkDescription Describe(const Parameters& parameters,
                                       const std::string& protocol,
                                       uint32_t buffer);

    /**
     * Simulate one point in this process (sets the RNG seed and run and the default of
     * ns3::TcpSocketBase::Sack, then Simulator::Destroy()).
     * \param protocol congestion-control TypeId
     * \param buffer bottleneck buffer, packets
     * \return the measurements
     */
    Result RunPoint(const std::string& protocol, uint32_t buffer) const;

    /**
     * \param numbers per point, what RunPoint(std::size_t) returned
     * \return the results, in point order (buffer-major, protocols in the parameters' order)
     */
    std::vector<Result> GetResults(const std::vector<std::vector<double>>& numbers) const;

    /**
     * \param protocol a congestion-control TypeId
     * \return "Reno" for ns3::TcpNewReno, "Vegas" for ns3::TcpDualVegas, else the TypeId
     */
    static std::string GetLabel(const std::string& protocol);

    /**
     * The results as a table (no model): per point, goodput, retransmissions, CA
     * retransmissions, timeouts and drops; entities "<label> buffer=<B>".
     * \param results the results
     * \param title the title
     * \return the table
     */
    static ComparisonTable Tabulate(const std::vector<Result>& results, const std::string& title);

    /**
     * Print the results as one line per point (buffer, protocol, goodput, retransmissions, CA
     * retransmissions, timeouts, drops).
     * \param os the stream
     * \param results the results
     */
    static void Print(std::ostream& os, const std::vector<Result>& results);

    /**
     * Draw Fig. 8's three panels (goodput, retransmissions, CA retransmissions vs buffer size),
     * one curve per protocol, with PlotWriter as PREFIX.png (data PREFIX.dat, script PREFIX.plt),
     * printing PlotWriter's line on \p os.
     * \param prefix the output prefix
     * \param title the plot title
     * \param results the results
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNG
     */
    bool WritePlot(const std::string& prefix,
                   const std::string& title,
                   const std::vector<Result>& results,
                   std::ostream& os) const;

  private:
    Parameters m_parameters;                                //!< the scenario
    std::string m_buffers;                                  //!< --buffers
    std::string m_protocols;                                //!< --protocols
    std::vector<std::pair<uint32_t, std::string>> m_points; //!< (buffer, protocol) per point
};

} // namespace ns3

#endif /* BUFFER_SWEEP_SCENARIO_H */
