/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VEGAS_FAIRNESS_HELPER_H
#define VEGAS_FAIRNESS_HELPER_H

#include "ns3/comparison-table.h"
#include "ns3/data-rate.h"
#include "ns3/network-description.h"
#include "ns3/nstime.h"

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
 * (§3.2.1, §4.2): n Vegas connections with the same round-trip propagation delay d share one
 * FIFO bottleneck of capacity c with an unlimited buffer; connection i starts at
 * (i-1) * JoinInterval. Each connection's measured baseRTT and rate are compared with
 * Bonald's baseRTT, with eq. 5 (Delta from eq. 6 and the measured over-estimations) and, for
 * alpha = beta, with the closed form c / (n S_n - (i-1) S_{i-1}) (VegasFairnessModel).
 *
 *     src(i) --access, delay a--\                                /--1 ms-- sink(i)
 *                                R1 === c, 1 ms, FIFO, no limit == R2
 *
 * Built on NetworkHelper: one class of one flow per connection, TcpDualVegas with Alpha, Beta,
 * RttSample Mean (ns-2's Vegas); a = d/2 - 2 ms so that the round-trip propagation is d. The
 * model's d is d plus the transmission times of a packet and its ACK on the three links
 * (TestbedModelBuilder::BuildModel). Rates are in packets (of packetSize bytes on the wire) per
 * second; c = rate / (8 packetSize).
 *
 * Measurements (NetworkHelper's single window, [start of the last connection + Settle, end]):
 *  - rate: bytes received over the window;
 *  - baseRTT: the smallest RTT sample of the whole connection (what TcpDualVegas' MinEver
 *    estimator holds at the end), so x_i = baseRTT_i - d; with FixedBaseRtt, d (x_i = 0);
 *  - RTT: the mean of the RTT sampled every millisecond over the window; the measured
 *    queueing delay is the time-average bottleneck backlog / c.
 *
 * Optional jitter (§3.2.1): each connection's source access link becomes a
 * JitterPointToPointChannel (data direction, FIFO preserved) whose standard deviation is that
 * of the sojourn time of an M/M/1 queue with service rate JitterRate at load JitterLoad,
 * 1 / (mu (1 - rho)), and, if JitterCorrelated, whose correlation time is that queue's
 * relaxation time 1 / (mu (1 - sqrt(rho))^2).
 */
class VegasFairnessHelper
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
    };

    /// One connection's measurements and model values (times in seconds, rates in packets/s).
    struct Connection
    {
        double baseRtt;              //!< measured baseRTT (smallest RTT sample)
        double overestimation;       //!< x_i = baseRtt - d
        double rtt;                  //!< mean RTT over the window
        double rate;                 //!< measured rate over the window
        double bonaldBaseRtt;        //!< d + (alpha/c)(i-1) S_{i-1}
        double sequentialBaseRtt;    //!< d + x_i of VegasFairnessModel::SequentialOverestimations
        double bonaldOverestimation; //!< (alpha/c)(i-1) S_{i-1}
        double closedFormRate;       //!< c / (n S_n - (i-1) S_{i-1})
        double eq5Rate;              //!< alpha / (Delta - x_i), Delta from eq. 6
        double eq11Low;              //!< alpha / (measured Delta - x_i)
        double eq11High;             //!< beta / (measured Delta - x_i)
    };

    /// \param parameters the settings; aborts naming the bad one
    explicit VegasFairnessHelper(const Parameters& parameters);
    ~VegasFairnessHelper();

    /// \return the network description built from the parameters
    const NetworkDescription& GetDescription() const;

    /// \return the start of the measurement window
    Time GetMeasurementStart() const;

    /// \return the jitter's standard deviation (zero without jitter)
    Time GetJitterStdDev() const;
    /// \return the jitter's correlation time (zero: independent per packet)
    Time GetJitterCorrelationTime() const;

    /**
     * Build, run (Simulator::Run; no Destroy) and evaluate the models.
     * \param showProgress print ns-3's ShowProgress lines on stderr
     * \param stream first random stream index (start times, jitter)
     */
    void Run(bool showProgress, int64_t stream = 1);

    /// \return c, packets per second
    double GetCapacity() const;
    /// \return the model's d (propagation plus transmission times), seconds
    double GetPropagationDelay() const;
    /// \return the per-connection results (after Run)
    const std::vector<Connection>& GetConnections() const;
    /// \return Delta of eq. 6 with the measured over-estimations, seconds (after Run)
    double GetEq6QueueingDelay() const;
    /// \return the time-average bottleneck backlog / c, seconds (after Run)
    double GetMeasuredQueueingDelay() const;
    /// \return the bottleneck's utilization over the window (after Run)
    double GetUtilization() const;
    /// \return Jain's fairness index of the measured rates (after Run)
    double GetJainIndex() const;

    /**
     * The model-vs-simulation table: per connection "baseRTT (ms)" (Bonald's),
     * "baseRTT, eq. 6 recursion (ms)", "rate (pkts/s)" (closed form) and "rate, eq. 5 (pkts/s)"
     * when alpha = beta; "baseRTT (ms)" without a model and "rate, eq. 11 low/high (pkts/s)"
     * (with the measured Delta) when alpha < beta; for the bottleneck the queueing delay
     * (eq. 6 and, for alpha = beta, the closed form) and the utilization.
     * \param title the table's title
     * \return the table (after Run)
     */
    ComparisonTable Compare(const std::string& title) const;

    /**
     * Print max and mean absolute errors of the comparisons, the utilization and Jain's index.
     * \param os the stream
     */
    void PrintSummary(std::ostream& os) const;

    /**
     * Draw with PlotWriter (data PREFIX.dat, script PREFIX.plt) PREFIX-overestimation.png (rate
     * vs over-estimation, the paper's Fig. 4/8), PREFIX-index.png (rate vs connection index,
     * Fig. 7) and PREFIX-baseRtt.png (Fig. 3), the models dashed; print PlotWriter's line on
     * \p os.
     * \param prefix the output prefix
     * \param title the plots' title
     * \param os where the line saying what was written goes
     * \return true if gnuplot drew the PNGs
     */
    bool WritePlot(const std::string& prefix, const std::string& title, std::ostream& os) const;

  private:
    /// Abort unless Run() was called. \param what the caller
    void CheckRun(const std::string& what) const;

    Parameters m_parameters;                 //!< the settings
    NetworkDescription m_description;        //!< the network
    std::unique_ptr<NetworkHelper> m_helper; //!< the simulation
    std::vector<Connection> m_connections;   //!< results
    double m_capacity;                       //!< c, packets/s
    double m_propagationDelay{0};            //!< model d, s
    double m_eq6QueueingDelay{0};            //!< Delta of eq. 6, s
    double m_measuredQueueingDelay{0};       //!< backlog / c, s
    double m_utilization{0};                 //!< bottleneck utilization
    bool m_run{false};                       //!< Run() done
};

} // namespace ns3

#endif /* VEGAS_FAIRNESS_HELPER_H */
