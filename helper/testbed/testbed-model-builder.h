/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TESTBED_MODEL_BUILDER_H
#define TESTBED_MODEL_BUILDER_H

#include "network-description.h"
#include "testbed-network.h"

#include "ns3/data-rate.h"
#include "ns3/duality-model.h"
#include "ns3/duality-network.h"
#include "ns3/nstime.h"

#include <functional>
#include <vector>

namespace ns3
{

class TestbedMonitor;

/**
 * \ingroup dualcc
 *
 * \brief The duality model (DualityModel, the papers' equilibrium) of a network TestbedBuilder
 * built: of the whole run (BuildModel()) or of the classes active during one of the monitor's
 * periods (BuildPeriodModel()), with the monitor's measured baseRTTs where asked (eq. 24).
 *
 * One model link per link direction that data crosses and per flow's source access link; one
 * source per flow with d = its round-trip propagation delay plus the transmission times of a
 * data packet and its ACK on every link of its path, and the weight its congestion control's
 * traits give (AlgorithmTraits::Source::weight). It fills a DualityNetwork (each flow with its
 * access link) and leaves the model to DualityModelBuilder, as DualityModelHelper does.
 */
class TestbedModelBuilder
{
  public:
    /**
     * \param network the network built
     * \param monitor its measurements (baseRTTs, periods)
     */
    TestbedModelBuilder(const TestbedNetwork& network, const TestbedMonitor& monitor);

    /**
     * The duality model of the network built, its links as described (before any event).
     * \param withMeasuredBaseRtt false: every source knows its propagation delay (Theorem 1);
     *        true (after the run): each flow's relative baseRTT error eps = measured smallest
     *        RTT / d - 1 distorts its utility as in eq. 24 (Theorem 3)
     * \return the model
     */
    DualityModel BuildModel(bool withMeasuredBaseRtt = false) const;

    /**
     * The duality model of the classes active during period \p period's measurement window, in
     * flow order, each model source named after its class; the links as the events up to the
     * window's start left them.
     * \param period a period index (< TestbedMonitor::GetPeriodCount())
     * \param withMeasuredBaseRtt true: each flow's baseRTT error is that of its smallest RTT
     *        sample at the end of the period's window (eq. 24)
     * \return the model
     */
    DualityModel BuildPeriodModel(std::size_t period, bool withMeasuredBaseRtt = false) const;

    /// A link's delay and rates at some time.
    struct LinkState
    {
        Time delay;           //!< one-way propagation delay
        DataRate rate;        //!< forward capacity
        DataRate reverseRate; //!< reverse capacity
    };

    /**
     * Refuse a description whose queue discs the model does not describe: a disc type (root,
     * child or reverse) without link traits (AlgorithmTraits::DescribeUnmodelledLink()). Every
     * model (BuildModel(), BuildPeriodModel()) checks this first; a scenario calls it before
     * its run.
     * \param description a valid description
     * \throws std::invalid_argument "<file>:<line>: link '<name>': queue=<type>: <type> has no
     *         link traits ...; valid: a modelled queue disc (...), or register its traits ..."
     */
    static void CheckModelled(const NetworkDescription& description);

    /**
     * \param at a time (negative: before any event)
     * \return every link's state (description order) once the events up to \p at have run
     */
    std::vector<LinkState> GetLinkStates(Time at) const;

  private:
    /**
     * The duality model of some of the flows.
     * \param include whether flow f is in the model
     * \param measuredBaseRtt flow f's measured baseRTT (zero: it knows its d)
     * \param at the links are modelled as the events up to this time left them (negative: as
     *        described, before any event)
     * \return the model
     */
    DualityModel BuildModelOf(const std::function<bool(std::size_t)>& include,
                              const std::function<Time(std::size_t)>& measuredBaseRtt,
                              Time at) const;
    /**
     * Add a link per link direction that data crosses.
     * \param network what the model is built from \param now the links' states
     */
    void AddLinks(DualityNetwork& network, const std::vector<LinkState>& now) const;
    /**
     * \param spec a class \param initial the links as described \param now as they are
     * \return the change of its flows' round trip from the links' changes
     */
    Time GetRouteChange(const NetworkDescription::ClassSpec& spec,
                        const std::vector<LinkState>& initial,
                        const std::vector<LinkState>& now) const;
    /**
     * Add flow \p f, with its access link.
     * \param network what the model is built from, its links added
     * \param f the flow \param change its round trip's change
     * \param baseRtt its measured baseRTT (zero: none)
     */
    void AddFlow(DualityNetwork& network, std::size_t f, Time change, Time baseRtt) const;

    const TestbedNetwork& m_network; //!< the network built
    const TestbedMonitor& m_monitor; //!< its measurements
};

} // namespace ns3

#endif /* TESTBED_MODEL_BUILDER_H */
