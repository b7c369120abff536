/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAST_DYNAMIC_SCENARIO_H
#define FAST_DYNAMIC_SCENARIO_H

#include "ns3/nstime.h"
#include "ns3/phased-scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The FAST paper's dynamic experiment (Paganini, Wang, Low and Doyle, Infocom 2003,
 * §V-B and §VI-B, Figs 8, 9 and 11): 32 -> 64 -> 128 -> 256 -> 512 flows on a 2 Gb/s link.
 *
 * One bottleneck of 2 Gb/s x F (250 packets/ms x F, 1000-byte packets; F = --scale) and five
 * groups of flows: 32F flows of 40 ms round trip from 0, 32F of 80 ms from one stage (--stage,
 * the paper's 40 s), 64F of 120 ms from two, 128F of 160 ms from three, 256F of 200 ms from
 * four, to the end (--duration, 200 s). One run per variant (--variant):
 * - ecn: FAST-ECN (ns3::TcpFastEcn, ecn=on) over REM's VirtualCapacity law (gamma_v 0.95,
 *   phi 1000, update 5 ms, ECN; Fig. 8);
 * - delay: FAST-delay (ns3::TcpFastDelay) over a DropTail FIFO (Fig. 11);
 * - newreno-red: NewReno (ECN) over gentle RED with ECN, RED configured as ns-2 configures it
 *   automatically from the link's rate and delay (Fig. 9; FastPaperParameters::
 *   GetRedThresholds()). The three share FastPaperParameters with fast-sweeps.
 * Every link has a buffer of 2 sum K = 100 packets per flow of the last stage (512F flows):
 * DropTail must hold FAST-delay's queue sum K (K = 50 packets per flow); the other two use the
 * same so that only the discipline differs.
 *
 * The model of each stage (TestbedReport::SolvePeriods()): every active flow gets the same rate
 * (FAST's equilibrium is weighted proportional fairness with weight K, whatever the RTT; the
 * testbed models NewReno as a source of equal weight too), gamma_v c over the flows for ecn, c for
 * the others; queue 0 (ecn) or sum K (delay). The rows this class adds per stage: Jain's fairness
 * index over all active flows' rates (model 1) and, on the bottleneck, for ecn its price (the
 * duality model's link price q in seconds: x q = K at gamma_v c, i.e. q = N K / (gamma_v c) for
 * N flows) and marking probability (1 - phi^(-q)) against REM's Price and MarkProbability
 * traces, and the fraction of packets marked; for newreno-red the marked fraction with no model.
 * With a plot prefix, the ecn run also draws PREFIX[-run]-price.png: price and marking
 * probability vs time, the model as steps.
 */
class FastDynamicScenario : public PhasedScenario
{
  public:
    FastDynamicScenario();

    void AddOptions(StrictCommandLine& cmd) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;
    /// \return REM's and RED's attributes (FastPaperParameters::GetOwnedAttributes())
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

    /**
     * \param scale F (throws std::invalid_argument naming --scale if a group would have no flow
     *        or the network is too large)
     * \return the flows of the five groups: round(32 F), round(32 F), round(64 F), round(128 F),
     *         round(256 F)
     */
    static std::vector<uint32_t> GetGroupFlows(double scale);

    /// \return the five groups' round-trip propagation delays, in the order of GetGroupFlows():
    ///         40, 80, 120, 160 and 200 ms (FastMiceScenario's sources have the same)
    static std::vector<Time> GetGroupRtts();

    /**
     * The network of a variant.
     * \param variant "ecn", "delay" or "newreno-red" (throws std::invalid_argument naming
     *        --variant otherwise)
     * \param scale F (see GetGroupFlows())
     * \param stage the time between the groups' starts
     * \return the description (validated)
     */
    static NetworkDescription DescribeNetwork(const std::string& variant, double scale, Time stage);
    /**
     * Jain's fairness index (sum x)^2 / (n sum x^2): 1 if all are equal, 1/n if one has all.
     * \param rates the rates (any unit)
     * \return the index (NaN for no rates or all zero)
     */
    static double JainIndex(const std::vector<double>& rates);

    /// The variants, in the order --variant=all runs them.
    static const std::vector<std::string> VARIANTS;
    /// The bottleneck link's name.
    static constexpr const char* BOTTLENECK = "bottleneck";
    /// Its one-way propagation delay, ms.
    static constexpr double BOTTLENECK_DELAY_MS = 10;
    /// Largest --scale: 512 F flows within NetworkDescription::MAX_FLOWS.
    static constexpr double MAX_SCALE = 19.5;

  protected:
    std::size_t GetRunCount() const override;
    std::string GetRunName(std::size_t run) const override;
    NetworkDescription Describe(std::size_t run) const override;
    std::string GetTitle(std::size_t run) const override;
    void Configure(NetworkHelper& helper, std::size_t run) override;
    void AddRows(ComparisonTable& table,
                 const NetworkHelper& helper,
                 const TestbedReport::PeriodModels& models,
                 std::size_t run) override;
    /// newreno-red: blank the model of the queue and window rows (packet and fluid)
    /// \param table the run's table \param run the run
    void FinishTable(ComparisonTable& table, std::size_t run) const override;

  private:
    /// \param run a run \return its variant
    const std::string& GetVariant(std::size_t run) const;
    /**
     * Draw the ecn run's price and marking probability vs time (PREFIX-price.png).
     * \param prefix the run's plot prefix
     * \param title the plot's title
     * \param helper the run's network, simulated
     * \param models its periods' models (TestbedReport::SolvePeriods())
     * \param price the model's price per period, s
     * \param phi REM's phi
     */
    void WritePricePlot(const std::string& prefix,
                        const std::string& title,
                        const NetworkHelper& helper,
                        const TestbedReport::PeriodModels& models,
                        const std::vector<double>& price,
                        double phi);

    /**
     * Write the bottleneck's 10 ms samples (--queueSamples): a header line, then "time (s),
     * backlog (packets)" per sample.
     * \param helper the run's network, simulated
     * \param run the run (its variant names the file when --variant=all)
     */
    void WriteQueueSamples(const NetworkHelper& helper, std::size_t run) const;

    std::string m_variant{"ecn"};         //!< --variant
    std::string m_queueSamples;           //!< --queueSamples ("": none)
    double m_scale{1};                    //!< --scale
    Time m_stage{Seconds(40)};            //!< --stage
    std::vector<std::string> m_plotLines; //!< what the price plots' writers said
};

} // namespace ns3

#endif /* FAST_DYNAMIC_SCENARIO_H */
