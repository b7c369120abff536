/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The fluid model's equilibrium on networks whose trajectory does not settle (AVD links in
// tandem: a limit cycle): a fixed-point check. The state is set from DualityModel::Solve() (an
// oracle solved apart from the fluid code), and every derivative of the fluid system there must
// be 0. Then the linearisation at that point (finite differences of the same derivative) says
// whether the equilibrium is unstable: its largest real part, by power iteration on exp(J tau).

#include "../examples/experiments/acc-policies-scenario.h"
#include "../examples/experiments/monaco-dynamic-scenario.h"
#include "../examples/experiments/monaco-parking-lot-scenario.h"

#include "ns3/data-rate.h"
#include "ns3/duality-model.h"
#include "ns3/fluid-avd-law.h"
#include "ns3/fluid-model-builder.h"
#include "ns3/fluid-model.h"
#include "ns3/network-helper.h"
#include "ns3/nstime.h"
#include "ns3/queue-size.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Relative tolerance of a derivative against its scale (issue 31: 1e-6).
constexpr double FIXED_POINT_TOLERANCE = 1e-6;
/// The relative change of every window that gives a derivative its scale.
constexpr double SCALE_STEP = 1e-4;
/// The relative perturbation of every window from the fixed point (GrowthRate()).
constexpr double PERTURBATION = 1e-4;

/// A state as one vector: sources, backlogs, then every link's law states.
std::vector<double>
Flatten(const FluidModel::State& x)
{
    std::vector<double> v = x.sources;
    v.insert(v.end(), x.backlogs.begin(), x.backlogs.end());
    for (const auto& link : x.links)
    {
        v.insert(v.end(), link.begin(), link.end());
    }
    return v;
}

/// \param v a flat state \param like a state of the layout \return v in that layout
FluidModel::State
Unflatten(const std::vector<double>& v, FluidModel::State like)
{
    std::size_t i = 0;
    for (double& z : like.sources)
    {
        z = v[i++];
    }
    for (double& b : like.backlogs)
    {
        b = v[i++];
    }
    for (auto& link : like.links)
    {
        for (double& p : link)
        {
            p = v[i++];
        }
    }
    return like;
}

/**
 * The fluid model FluidModelBuilder makes of a description and the state of DualityModel's
 * equilibrium of the same description (the testbed's duality model once built, as the
 * equilibrium test on the examples' topologies): Monaco's windows w = x (d + Q), the description's
 * links' queues b = p c (FIFO) and AVD's C~ = y (with Monaco's control packets), VQ = t_AVD C~;
 * the other links (access) empty.
 */
struct FixedPoint
{
    FluidModel model;        //!< the fluid model
    FluidModel::State state; //!< the oracle's equilibrium in it

    /// \param d the network (every class active, no event)
    explicit FixedPoint(const NetworkDescription& d)
        : model(FluidModelBuilder::Build(d))
    {
        DualityModel::Solution s;
        {
            NetworkHelper helper(d);
            helper.GetMonitor().SetMeasurementWindow(Seconds(3599), Seconds(3600)); // not simulated
            helper.Install();
            s = helper.GetModelBuilder().BuildModel().Solve();
        }
        Simulator::Destroy();
        NS_ABORT_MSG_UNLESS(s.converged, "FixedPoint: the duality model did not converge");
        state = model.GetInitialState();
        const auto& links = model.GetLinks();
        for (std::size_t l = 0; l < d.links.size(); ++l)
        {
            // the model's links: the description's first, in order
            // a FIFO's price is its queueing delay b / c (the oracle's backlog is in its own
            // capacity: the data's, without Monaco's control packets)
            state.backlogs[l] = s.links[l].price * links[l].capacity;
            if (dynamic_cast<const FluidAvdLaw*>(links[l].law.get()))
            {
                const double vc = s.links[l].load + s.links[l].overhead;
                state.links[l][FluidAvdLaw::VIRTUAL_CAPACITY] = vc;
                state.links[l][FluidAvdLaw::VIRTUAL_QUEUE] = s.links[l].price * vc;
                state.backlogs[l] = 0; // the price is virtual, the real queue empty
            }
        }
        std::size_t flow = 0;
        for (const auto& spec : d.classes)
        {
            const std::size_t i = Find(spec.name);
            const auto& source = model.GetSources()[i];
            double rtt = source.propagationDelay;
            for (std::size_t l : source.route)
            {
                rtt += state.backlogs[l] / links[l].capacity;
            }
            state.sources[i] = s.sources[flow].rate * rtt; // Monaco's state is its window
            flow += spec.flows;
        }
    }

    /// \param name a source's name \return its index
    std::size_t Find(const std::string& name) const
    {
        for (std::size_t i = 0; i < model.GetSources().size(); ++i)
        {
            if (model.GetSources()[i].name == name)
            {
                return i;
            }
        }
        NS_ABORT_MSG("FixedPoint: no fluid source '" << name << "'");
        return 0;
    }
};

/**
 * \ingroup dualcc
 * Every derivative of the fluid model at DualityModel's equilibrium is 0 within 1e-6 of its scale:
 * the derivative's change when every window changes by a relative 1e-4, divided by 1e-4 (the
 * derivative's sensitivity to the load; a derivative independent of the load, a queue held at 0
 * by its projection, must be exactly 0). So the fluid laws' equilibrium is DualityModel's, where
 * the trajectory itself never settles. Then the largest real part of the linearisation's
 * eigenvalues there, and its sign: positive (unstable: the limit cycle) or negative (the
 * trajectory settles).
 */
class FluidFixedPointTestCase : public TestCase
{
  public:
    /**
     * \param describe makes the network (every class active, no event)
     * \param name the case's name
     * \param unstable whether the equilibrium is expected unstable (the fluid trajectory is a
     *        limit cycle) or stable (it settles)
     */
    FluidFixedPointTestCase(std::function<NetworkDescription()> describe,
                            const std::string& name,
                            bool unstable)
        : TestCase("fixed point equals DualityModel's: " + name),
          m_describe(std::move(describe)),
          m_name(name),
          m_unstable(unstable)
    {
    }

  private:
    void DoRun() override
    {
        const FixedPoint fixed(m_describe());
        const std::vector<double> f = Flatten(fixed.model.GetDerivative(fixed.state));
        FluidModel::State loaded = fixed.state;
        for (double& w : loaded.sources)
        {
            w *= 1 + SCALE_STEP;
        }
        const std::vector<double> g = Flatten(fixed.model.GetDerivative(loaded));
        for (std::size_t i = 0; i < f.size(); ++i)
        {
            const double scale = std::abs(g[i] - f[i]) / SCALE_STEP;
            NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(f[i]),
                                        FIXED_POINT_TOLERANCE * scale,
                                        "derivative " << i << " = " << f[i] << " vs its scale "
                                                      << scale);
        }
        double amplitude = 0;
        double drift = 0;
        GrowthRate(fixed, 0, &drift);
        const double rate = GrowthRate(fixed, PERTURBATION, &amplitude);
        std::clog << "fixed point of " << m_name << ": a perturbation's growth rate " << rate
                  << " 1/s, unperturbed drift " << drift << ", the peak deviation over 250-300 s "
                  << amplitude << " (relative)" << std::endl;
        const bool unstable = rate > 0;
        NS_TEST_EXPECT_MSG_EQ(unstable, m_unstable, "growth rate " << rate);
    }

    /**
     * The growth rate of a small perturbation: the fluid model (with its delays) run from the
     * fixed point with every window larger by a relative \p perturbation; the deviation d(t) is
     * the largest relative distance of a window from the fixed point's. Where it grows tenfold
     * from 3 to 30 times the perturbation (still small: the linear regime), the rate is
     * ln(10) / that time; otherwise ln(d(300 s) / perturbation) / 300 s.
     * \param fixed the model and its fixed point \param perturbation relative (0: none)
     * \param amplitude the largest deviation over the last 50 s of 300 s (the limit cycle's, if
     *        any) \return the rate, 1/s (positive: the equilibrium is unstable)
     */
    static double GrowthRate(const FixedPoint& fixed, double perturbation, double* amplitude)
    {
        FluidModel::State start = fixed.state;
        for (double& w : start.sources)
        {
            w *= 1 + perturbation;
        }
        const FluidModel::Result r = fixed.model.RunFrom(start, {300, 1e-3, 0.01});
        double low = -1;
        double high = -1;
        *amplitude = 0;
        double deviation = 0;
        for (std::size_t k = 0; k < r.times.size(); ++k)
        {
            deviation = 0;
            for (std::size_t i = 0; i < start.sources.size(); ++i)
            {
                const double w = fixed.state.sources[i];
                deviation = std::max(deviation, std::abs(r.sources[k][i].window - w) / w);
            }
            low = low < 0 && deviation > 3 * perturbation ? r.times[k] : low;
            high = high < 0 && deviation > 30 * perturbation ? r.times[k] : high;
            *amplitude = r.times[k] >= 250 ? std::max(*amplitude, deviation) : *amplitude;
        }
        if (low >= 0 && high > low)
        {
            return std::log(10.0) / (high - low);
        }
        return std::log(deviation / perturbation) / 300;
    }

    std::function<NetworkDescription()> m_describe; //!< makes the network
    std::string m_name;                             //!< the network's name
    bool m_unstable;                                //!< the equilibrium is expected unstable
};

/**
 * \return acc-policies' parking lot (ACC-P) with an AVD disc (the defaults: gamma 0.98, alpha
 *         0.15; the 200-packet buffer) as each link's data band
 */
NetworkDescription
AccPoliciesAvd()
{
    NetworkDescription d = AccPoliciesScenario::DescribeNetwork("AccP");
    for (auto& link : d.links)
    {
        NetworkDescription::QueueDiscSpec child;
        child.type = "ns3::AvdQueueDisc";
        child.Set("LinkBandwidth", DataRateValue(link.rate))
            .Set("MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, link.bufferPackets)));
        link.queueClasses.push_back(child);
        link.bufferPackets = 0;
    }
    d.Validate();
    return d;
}

/**
 * \ingroup dualcc
 * The fixed points of the AVD tandems (monaco-parking-lot, acc-policies with AVD data bands),
 * and one AVD link (monaco-dynamic --aqm=avd), whose trajectory settles, as the stable control.
 */
class FluidFixedPointTestSuite : public TestSuite
{
  public:
    FluidFixedPointTestSuite()
        : TestSuite("dualcc-fluid-fixed-point", TestSuite::Type::UNIT)
    {
        const struct
        {
            std::vector<bool> avd;
            const char* name;
        } lots[] = {{{true, false, true}, "AVD, DropTail, AVD"},
                    {{true, true, true}, "all AVD"},
                    {{true, true}, "two AVD"}};

        for (const auto& lot : lots)
        {
            const std::vector<bool> avd = lot.avd;
            AddTestCase(new FluidFixedPointTestCase(
                [avd] { return MonacoParkingLotScenario::DescribeNetwork(avd, 120, 0.98, 10); },
                std::string("monaco-parking-lot ") + lot.name + " (10 Mbps, gamma 0.98)",
                true));
        }
        AddTestCase(new FluidFixedPointTestCase(AccPoliciesAvd,
                                                "acc-policies AccP with AVD data bands",
                                                true));
        AddTestCase(new FluidFixedPointTestCase(
            [] {
                NetworkDescription d = MonacoDynamicScenario::DescribeNetwork(90, "avd", 0.98);
                for (auto& c : d.classes)
                {
                    c.stop = Time(0);
                }
                d.events.clear();
                d.Validate();
                return d;
            },
            "monaco-dynamic --aqm=avd (one AVD link: settles)",
            false));
    }
};

/// The suite's instance.
static FluidFixedPointTestSuite g_fluidFixedPointTestSuite;

} // namespace
