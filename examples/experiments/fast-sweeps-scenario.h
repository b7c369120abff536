/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAST_SWEEPS_SCENARIO_H
#define FAST_SWEEPS_SCENARIO_H

#include "ns3/comparison-table.h"
#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The FAST paper's equilibrium sweeps (Paganini, Wang, Low and Doyle, Infocom 2003, §V-A,
 * Figs 5, 6 and 7): two-way long-lived FTP traffic on one bottleneck, FAST against NewReno over
 * three AQMs, as one of the link's capacity, the round-trip delay or the number of flows varies.
 *
 *     forward sources --access--\                                /--access-- forward sinks
 *                                R1 ==bottleneck, c, 5 ms, AQM== R2
 *     reverse sinks   --access--/    (the same AQM both ways)    \--access-- reverse sources
 *
 * One sweep (--sweep), the others held at the paper's values:
 * - capacity (Fig. 5): c = 100 Mb/s ... 8 Gb/s, 50 flows each way, RTT 50 ms;
 * - delay (Fig. 6): RTT = 20 ... 1000 ms, c = 100 Mb/s, 50 flows each way;
 * - flows (Fig. 7): 5 ... 500 flows each way, c = 1 Gb/s, RTT 50 ms.
 * As many flows run in the reverse direction as forward (their ACKs share the forward queue with
 * the forward data: ACK compression). Every point runs each algorithm (--algorithms), with the
 * same parameters at every point (FastPaperParameters, AqmExperiment::GetQueueSpec()):
 * - fast: FAST-ECN over REM's virtual-capacity law, gamma_v 0.95 ("FAST-ECN/REM-VC");
 * - red: NewReno over gentle RED with ECN, configured automatically ("NewReno/RED");
 * - avq: NewReno over AVQ, gamma 0.95, buffer = the bandwidth-delay product ("NewReno/AVQ");
 * - pi: NewReno over PI, q_ref 50 packets, ns-2's gains ("NewReno/PI").
 * NewReno is ECN-capable and by default has ns-2's sub-packet response (`subPacket=on`,
 * TcpSubPacketSocket: RFC 3168 6.1.2 below two segments), as the paper's ns-2 TCP;
 * --subPacket=false runs ns-3's TcpSocketBase instead.
 * Every queue is in bytes (the paper's qib_ for two-way traffic: a 40-byte ACK is not a full
 * packet); the buffers other than AVQ's are large (max(BDP, 100 packets per flow)).
 *
 * Scale (--maxCapacity): a point's cost is about its capacity times its simulated time. A point
 * whose c x T exceeds maxCapacity x simTime runs scaled down by f: its flows x f (rounded down,
 * at least one each way) and its capacity in proportion, c' = c n' / n, so that every flow's
 * share c/n, its equilibrium window and the BDP per flow are the paper's (the quantities the
 * paper's conclusion turns on). The report states, point by point, what ran and its wall time.
 * Simulated time: --simTime with statistics over [--warmup, --simTime] for round trips up to
 * 50 ms; both are multiplied by RTT / 50 ms for longer round trips (FAST converges in round
 * trips, not seconds).
 *
 * Reported per point and algorithm (entity "<algorithm>@<x>", e.g. "FAST-ECN/REM-VC@1Gbps"):
 * the bottleneck's forward utilization (bytes sent, data and ACKs, over c), mean queue (packets,
 * counted), loss (%: packets dropped over packets offered, ACKs included: a pure ACK is not
 * ECN-capable, so an AQM drops it where it would mark) and the forward flows' mean window; for
 * FAST the duality model's prediction beside it (TestbedModelBuilder::BuildModel(): utilization
 * gamma_v, queue 0 as REM's price is virtual, window x (d + 0)).
 *
 * Every (x, algorithm) is a point: an independent simulation in a child process (--jobs).
 */
class FastSweepsScenario : public Scenario
{
  public:
    /// The congestion control and link algorithm of a run.
    enum class Algorithm
    {
        FAST_REM, //!< FAST-ECN over REM's virtual-capacity law
        RENO_RED, //!< NewReno over gentle RED
        RENO_AVQ, //!< NewReno over AVQ
        RENO_PI,  //!< NewReno over PI
    };

    /// What a point is asked to be, and what it runs at (Reduce()).
    struct Size
    {
        double capacityBps; //!< the paper's capacity, bit/s
        uint32_t flows;     //!< the paper's flows each way
        Time rtt;           //!< the round-trip propagation delay
        double runBps;      //!< the capacity simulated, bit/s
        uint32_t runFlows;  //!< the flows simulated each way
        Time warmup;        //!< the measurement window's start
        Time simTime;       //!< the simulated time
    };

    /// The paper's capacity sweep, for the command line (Check() after parsing the options).
    FastSweepsScenario();

    void AddOptions(StrictCommandLine& cmd) override;
    /// Parse and check --sweep, --points, --algorithms, --maxCapacity, --seed and the window,
    /// and list the points (x-major, algorithms in --algorithms' order).
    void Check() override;
    bool HasWindow() const override;
    bool IsSweep() const override;
    /// \return REM's and RED's attributes (FastPaperParameters::GetOwnedAttributes())
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;
    std::size_t GetPointCount() const override;
    /// \param point a point \return its entity, e.g. "NewReno/RED@300Mbps"
    std::string GetPointLabel(std::size_t point) const override;
    /// \param point a point \return its numbers (simulated, model, wall time; see the .cc)
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

    /**
     * The scale a point runs at (see the class description): with its time factor
     * t = max(1, rtt / 50 ms), if c t <= maxBps it runs as asked; else with
     * n' = max(1, floor(n maxBps / (c t))) flows each way and c' = c n' / n.
     * \param capacityBps c, bit/s
     * \param flows n, each way
     * \param rtt the round-trip propagation delay
     * \param maxBps --maxCapacity, bit/s
     * \param warmup --warmup (for a round trip up to 50 ms)
     * \param simTime --simTime (idem)
     * \return the size
     */
    static Size Reduce(double capacityBps,
                       uint32_t flows,
                       Time rtt,
                       double maxBps,
                       Time warmup,
                       Time simTime);

    /**
     * A run's network: link "bottleneck" R1 -> R2 with the algorithm's queue disc both ways,
     * classes "forward" and "reverse" (run backwards).
     * \param algorithm the algorithm
     * \param size the point (its runBps, runFlows, rtt)
     * \param subPacket NewReno's classes get TcpSubPacketSocket (ClassSpec::subPacket)
     * \return the description (validated)
     */
    static NetworkDescription DescribeNetwork(Algorithm algorithm,
                                              const Size& size,
                                              bool subPacket);
    /// \param algorithm an algorithm \return its label, e.g. "FAST-ECN/REM-VC"
    static std::string GetAlgorithmLabel(Algorithm algorithm);

    /// The bottleneck's name.
    static constexpr const char* BOTTLENECK = "bottleneck";
    /// The bottleneck's one-way propagation delay, ms (the shortest RTT, 20 ms, leaves 4 ms
    /// for the source's access link and 1 ms for the sink's).
    static constexpr double BOTTLENECK_DELAY_MS = 5;
    /// The round trip up to which --simTime and --warmup are used as given, ms.
    static constexpr double REFERENCE_RTT_MS = 50;

  private:
    /// One simulation of the sweep.
    struct Point
    {
        double x;            //!< the swept value (bit/s, s or flows)
        Size size;           //!< its scale
        Algorithm algorithm; //!< its algorithm
    };

    /// \param x a swept value \return it as text, e.g. "1Gbps", "200ms" or "50flows"
    std::string FormatX(double x) const;
    /// \return the x axis' label of the figure
    std::string GetXLabel() const;
    /**
     * Draw the figure: utilization, queue and loss vs log10(x), one curve per algorithm, FAST's
     * model as a curve.
     * \param table the results
     * \param os where PlotWriter's line goes
     */
    void WritePlot(const ComparisonTable& table, std::ostream& os) const;

    std::string m_sweep{"capacity"};                 //!< --sweep
    std::string m_pointsText;                        //!< --points ("" for the sweep's default)
    std::string m_algorithmsText{"fast,red,avq,pi"}; //!< --algorithms
    std::string m_maxCapacity{"50Mbps"};             //!< --maxCapacity
    bool m_subPacket{true};                          //!< --subPacket
    uint32_t m_seed{1};                              //!< --seed
    uint32_t m_run{1};                               //!< --run
    std::vector<double> m_xs;                        //!< the swept values
    std::vector<Algorithm> m_algorithms;             //!< the algorithms
    std::vector<Point> m_points;                     //!< the points, x-major
};

} // namespace ns3

#endif /* FAST_SWEEPS_SCENARIO_H */
