/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VEGAS_FAIRNESS_SCENARIO_H
#define VEGAS_FAIRNESS_SCENARIO_H

#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/network-description.h"
#include "ns3/nstime.h"
#include "ns3/scenario.h"
#include "ns3/tcp-retransmission-counter.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 *
 * \brief The experiment of Boutremans and Le Boudec, "A note on the fairness of TCP Vegas"
 * (§3.2.1, §4.2), as a scenario: n Vegas connections with the same round-trip propagation delay
 * d share one FIFO bottleneck of capacity c with an unlimited buffer; connection i starts at
 * (i-1) * --interval. Each connection's measured baseRTT and rate are compared with Bonald's
 * baseRTT, with eq. 5 (Delta from eq. 6 and the measured over-estimations) and, for
 * alpha = beta, with the closed form c / (n S_n - (i-1) S_{i-1}) (VegasFairnessModel).
 *
 *     src(i) --access, delay a--\                                /--1 ms-- sink(i)
 *                                R1 === c, 1 ms, FIFO, no limit == R2
 *
 * The network (Describe()): a dumbbell (DumbbellDescription), one class "i" of one flow per
 * connection, TcpDualVegas with Alpha, Beta, RttSample Mean (ns-2's Vegas); a = d/2 - 2 ms so
 * that the round-trip propagation is d. The model's d is d plus the transmission times of a
 * packet and its ACK on the three links (TestbedModelBuilder::BuildModel()). Rates are in
 * packets (of packetSize bytes on the wire) per second; c = rate / (8 packetSize).
 *
 * It runs (Simulate()) over NetworkHelper, measured by its TestbedMonitor over the single
 * window [start of the last connection + settle, end]:
 *  - rate: bytes received over the window;
 *  - baseRTT: the smallest RTT sample of the whole connection (what TcpDualVegas' MinEver
 *    estimator holds at the end), so x_i = baseRTT_i - d; with baseRtt=fixed, d (x_i = 0);
 *  - RTT: the mean of the RTT sampled every millisecond over the window; the measured
 *    queueing delay is the time-average bottleneck backlog / c.
 *
 * Optional jitter (§3.2.1): each connection's source access link is a
 * JitterPointToPointChannel (data direction, FIFO preserved; the description's accessJitter,
 * which TestbedBuilder builds) whose standard deviation is that of the sojourn time of an M/M/1
 * queue with service rate --jitterRate at load --jitterLoad, 1 / (mu (1 - rho)), and, if
 * --jitterCorrelated, whose correlation time is that queue's relaxation time 1 / (mu (1 -
 * sqrt(rho))^2).
 *
 * Evaluate() prints the model-vs-simulation table (per connection baseRTT and rate, the
 * bottleneck's queueing delay and utilization) and a summary of its errors,
 * writes the CSV and the plots (PREFIX-overestimation.png: rate vs over-estimation, the paper's
 * Fig. 4/8; PREFIX-index.png: rate vs connection index, Fig. 7; PREFIX-baseRtt.png: Fig. 3;
 * PREFIX-rates.png: each connection's rate cwnd / RTT over the measurement window, every
 * 100 ms, and the bottleneck's queue, Fig. 5),
 * and returns 1 if a connection got no bandwidth or the bottleneck's utilization is below 0.9
 * (a sanity check).
 */
class VegasFairnessScenario : public Scenario
{
  public:
    /// The experiment's settings.
    struct Parameters
    {
        uint32_t connections{10};      //!< n
        double alpha{1};               //!< Vegas alpha, packets
        double beta{1};                //!< Vegas beta, packets (>= alpha)
        DataRate capacity{"1Mbps"};    //!< c
        Time rtt{MilliSeconds(200)};   //!< d, round-trip propagation (without transmission)
        uint32_t packetSize{1000};     //!< bytes of a data packet on the wire
        Time joinInterval{Seconds(2)}; //!< time between connection starts
        Time duration{Seconds(120)};   //!< simulated time
        Time settle{Seconds(20)};      //!< measurement starts this long after the last start
        bool fixedBaseRtt{false};      //!< true: connections know d exactly (x_i = 0, §4.2.1)
        bool jitter{false};            //!< Gaussian jitter on the propagation delay
        double jitterLoad{0.9};        //!< rho of the reference M/M/1 queue
        DataRate jitterRate{"1Mbps"};  //!< service rate of the reference M/M/1 queue
        bool jitterCorrelated{true};   //!< jitter correlated over the M/M/1 relaxation time
        bool rfc6298Timer{false};      //!< TcpDefaults::rfc6298Timer (false: the testbed's timer)
        Time seriesInterval{0};        //!< the monitor's time series period (0: none)
        bool ns2SlowStart{false};      //!< TcpDualVegas::SlowStartEveryOtherRound (ns-2's Vegas)
        bool keepBackoff{false};       //!< TcpDefaults::keepBackoff (ns-2's RTO backoff)
    };

    /// One retransmission counter per connection, in arrival order (see Simulate()).
    using Counters = std::vector<TcpRetransmissionCounter>;

    VegasFairnessScenario();
    ~VegasFairnessScenario() override;

    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

    /**
     * \param p the settings
     * \return the network: link "bottleneck", classes "1" ... "n" (throws
     *         std::invalid_argument if invalid)
     */
    static NetworkDescription Describe(const Parameters& p);
    /// \param p the settings \return the start of the measurement window
    static Time GetMeasurementStart(const Parameters& p);
    /// \param p the settings \return the jitter's standard deviation (zero without jitter)
    static Time GetJitterStdDev(const Parameters& p);
    /// \param p the settings \return the jitter's correlation time (zero: independent)
    static Time GetJitterCorrelationTime(const Parameters& p);

    /**
     * Build the network of Describe(), measure it over [GetMeasurementStart(), duration] and
     * run it (Simulator::Run; no Destroy).
     * \param p the settings
     * \param showProgress print ns-3's ShowProgress lines on stderr
     * \param stream first random stream index (TestbedBuilder::AssignStreams(): start times,
     *        then the jitter of each source's access link)
     * \param counters if not null, resized to n and attached to the connections' sockets as
     *        they start (retransmissions and timeouts of the whole run); it must outlive the run
     * \return the testbed, after the run
     */
    static std::unique_ptr<NetworkHelper> Simulate(const Parameters& p,
                                                   bool showProgress,
                                                   int64_t stream = 1,
                                                   Counters* counters = nullptr);

  private:
    Parameters m_parameters;                 //!< the options' values
    double m_beta{0};                        //!< --beta (0: alpha)
    std::string m_baseRtt{"measured"};       //!< --baseRtt
    std::string m_timer{"last"};             //!< --timer
    std::string m_slowStart{"every"};        //!< --slowStart
    std::unique_ptr<NetworkHelper> m_helper; //!< the simulation
    Counters m_counters;                     //!< the connections' retransmissions
};

} // namespace ns3

#endif /* VEGAS_FAIRNESS_SCENARIO_H */
