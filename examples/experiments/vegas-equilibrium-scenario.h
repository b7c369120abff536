/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VEGAS_EQUILIBRIUM_SCENARIO_H
#define VEGAS_EQUILIBRIUM_SCENARIO_H

#include "ns3/data-rate.h"
#include "ns3/equilibrium-scenario.h"
#include "ns3/nstime.h"

#include <array>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The Vegas paper's §6.1 experiments (Low, Peterson and Wang, J. ACM 2002, Tables I-IV):
 * classes of flows in one of the paper's networks, alpha packets per RTT (PF) or per
 * alphaTimeUnit (WPF), model beside simulation at equilibrium. FiveClassScenario and
 * SixClassScenario describe the networks; this class has their options (--fairness,
 * --flowsPerClass, --bottleneck, --tcp, --alpha, --alphaTimeUnit, --startJitter) and titles.
 */
class VegasEquilibriumScenario : public EquilibriumScenario
{
  public:
    /// The numbers both networks have (defaults: the paper's).
    struct NetworkParameters
    {
        uint32_t flowsPerClass{50};                  //!< flows per class
        uint32_t bufferPackets{0};                   //!< backbone buffers (0: unlimited)
        std::string queueDisc{"ns3::FifoQueueDisc"}; //!< backbone queue discs
        DataRate accessRate{"100Mbps"};              //!< host-router links
        uint32_t packetSize{1000};                   //!< bytes on the wire
        std::string tcp{"ns3::TcpDualVegas"};        //!< congestion control of every flow
        double alpha{2};                             //!< Vegas alpha, packets
        double beta{2};                              //!< Vegas beta, packets
        Time alphaTimeUnit; //!< zero: per RTT (PF); else per this time (WPF)
        /// flows start uniformly in [0, jitter]; 0 (all at once) keeps the startup queue out of
        /// the baseRTTs late starters measure (§4.2), which matters at reduced scales
        Time startJitter{0};
    };

    /// A backbone link: name, sending router, receiving router.
    using LinkEnds = std::array<std::string, 3>;

    /**
     * Describe a network of the paper: the backbone links, each of \p rate and one-way \p delay
     * with the parameters' buffer and queue disc, and class k ("<k+1>a") over routes[k] with
     * round-trip propagation delay rtts[k] and the parameters' flows and congestion control.
     * \param parameters the numbers both networks have
     * \param links the backbone links
     * \param rate their rate
     * \param delay their one-way delay
     * \param routes each class' route
     * \param rtts each class' round-trip propagation delay (as many as routes)
     * \return the description, validated
     */
    static NetworkDescription DescribeNetwork(const NetworkParameters& parameters,
                                              const std::vector<LinkEnds>& links,
                                              DataRate rate,
                                              Time delay,
                                              const std::vector<std::vector<std::string>>& routes,
                                              const std::vector<Time>& rtts);

    void AddOptions(StrictCommandLine& cmd) override;
    /// Check --fairness and --tcp, then describe the network.
    void Check() override;

  protected:
    /// What the two networks' scenarios say differently.
    struct Texts
    {
        std::string network;  //!< "five-class": the name is "vegas-five-class"
        std::string usage;    //!< the usage line
        std::string classes;  //!< "five", in the help of --flowsPerClass
        std::string pfTable;  //!< the paper's table for PF, e.g. "I"
        std::string wpfTable; //!< its table for WPF, e.g. "II"
        std::string rateHelp; //!< the help of --bottleneck
        std::string rateName; //!< what --bottleneck is in the title, e.g. "bottleneck"
    };

    /// \param texts what this network's scenario says
    explicit VegasEquilibriumScenario(Texts texts);

    /**
     * Set the parameters the options give: all but the networks' rates, and \p rate.
     * \param parameters a network's parameters
     * \param rate its rate that --bottleneck sets
     */
    void ApplyOptions(NetworkParameters& parameters, DataRate& rate) const;

    std::string GetTitle() const override;
    std::string GetPlotTitle() const override;

  private:
    /// The options.
    struct Options
    {
        std::string fairness{"pf"};           //!< pf or wpf
        uint32_t flowsPerClass{10};           //!< flows per class
        DataRate rate{"480Mbps"};             //!< bottleneck or backbone rate
        std::string tcp{"ns3::TcpDualVegas"}; //!< congestion control
        double alpha{2};                      //!< alpha = beta, packets
        Time alphaTimeUnit{MilliSeconds(10)}; //!< with wpf: alpha's time unit
        Time startJitter{0};                  //!< flows start in [0, startJitter]
    };

    /// \return the titles' common head, up to the rate's name
    std::string GetTitleHead() const;

    Texts m_texts;     //!< the network's texts
    Options m_options; //!< the options
};

} // namespace ns3

#endif /* VEGAS_EQUILIBRIUM_SCENARIO_H */
