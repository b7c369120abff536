/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of FluidModel with independent oracles: its equilibria against DualityModel::Solve() (the
// papers' equilibrium, solved by another method), its linearised dynamics against the roots of
// the characteristic equation computed by hand, and its refusals of bad input. No expected value
// here comes from the fluid code itself.

#include "../examples/experiments/acc-policies-scenario.h"
#include "../examples/experiments/buffer-sweep-scenario.h"
#include "../examples/experiments/fast-dynamic-scenario.h"
#include "../examples/experiments/five-class-scenario.h"
#include "../examples/experiments/monaco-dynamic-scenario.h"
#include "../examples/experiments/monaco-parking-lot-scenario.h"
#include "../examples/experiments/monaco-reverse-path-scenario.h"
#include "../examples/experiments/monaco-rtt-change-scenario.h"
#include "../examples/experiments/monaco-two-bottleneck-scenario.h"
#include "../examples/experiments/serial-start-scenario.h"
#include "../examples/experiments/six-class-scenario.h"
#include "throws-invalid-argument.h"

#include "ns3/avq-design.h"
#include "ns3/data-rate.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/fluid-avd-law.h"
#include "ns3/fluid-model-builder.h"
#include "ns3/fluid-model.h"
#include "ns3/fluid-rem-law.h"
#include "ns3/network-helper.h"
#include "ns3/queue-size.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Relative tolerance of the equilibria against DualityModel (issue 31: 1e-6).
constexpr double EQUILIBRIUM_TOLERANCE = 1e-6;

/// \return |actual - expected| <= EQUILIBRIUM_TOLERANCE |expected|
bool
Close(double actual, double expected)
{
    return std::abs(actual - expected) <= EQUILIBRIUM_TOLERANCE * std::abs(expected);
}

/**
 * \param d a network whose classes come and go or whose links change
 * \return it with every class active to the end and no event (the topology cases' equilibrium:
 *         every class on)
 */
NetworkDescription
AllOn(NetworkDescription d)
{
    for (NetworkDescription::ClassSpec& c : d.classes)
    {
        c.stop = Time(0);
    }
    d.events.clear();
    d.Validate();
    return d;
}

/// \return a FAST law's parameters: the paper's (alpha 0.37, K 50, M 1) with beta and W_m given
FluidFastEcnLaw::Params
FastParams(double beta, double baseWindow)
{
    FluidFastEcnLaw::Params p;
    p.alpha = 0.37;
    p.beta = beta;
    p.k = 50;
    p.m = 1;
    p.baseWindow = baseWindow;
    return p;
}

} // namespace

/**
 * \ingroup dualcc
 * The fluid model's end state equals DualityModel::Solve() within 1e-6 relative: rates of every
 * source, prices and backlogs of every link, for a network built identically in both.
 */
class FluidModelEquilibriumTestCase : public TestCase
{
  public:
    /// What to build.
    enum Network
    {
        ONE_LINK_VEGAS,      //!< one FIFO link, two Vegas classes with different RTTs
        PARKING_LOT_FAST,    //!< two FIFO links, FAST-delay: a long class and two short ones
        VIRTUAL_PRICE_FAST,  //!< one virtual-capacity link (gamma 0.95), FAST-ECN
        PARKING_LOT_VIRTUAL, //!< two virtual-capacity links, FAST-ECN
        ONE_LINK_REM,        //!< one REM link (eq. 30), two Vegas classes
        ONE_LINK_REM_REF,    //!< the same with REM's reference backlog b* = 20 packets
        ONE_LINK_AVD,        //!< one AVD link (gamma 0.98), two Monaco (ACC-P) classes
        MIXED_AVD_DROPTAIL,  //!< an AVD link and a DropTail link, Monaco: a long and two short
    };

    /// \param network what to build \param name the case's name
    FluidModelEquilibriumTestCase(Network network, const std::string& name)
        : TestCase("equilibrium equals DualityModel's: " + name),
          m_network(network)
    {
    }

  private:
    void DoRun() override
    {
        FluidModel fluid;
        DualityModel duality;
        Build(fluid, duality);
        const FluidModel::Result r = fluid.Run({m_duration, 1e-3, 1.0});
        const DualityModel::Solution s = duality.Solve();
        NS_TEST_ASSERT_MSG_EQ(s.converged, true, "the oracle converged");
        std::size_t flow = 0;
        for (std::size_t i = 0; i < fluid.GetSources().size(); ++i)
        {
            const double expected = s.sources[flow].rate;
            NS_TEST_EXPECT_MSG_EQ(Close(r.endSources[i].rate, expected),
                                  true,
                                  "source " << i << " rate " << r.endSources[i].rate
                                            << " vs DualityModel's " << expected);
            flow += fluid.GetSources()[i].count;
        }
        for (std::size_t l = 0; l < fluid.GetLinks().size(); ++l)
        {
            NS_TEST_EXPECT_MSG_EQ(Close(r.endLinks[l].price, s.links[l].price),
                                  true,
                                  "link " << l << " price " << r.endLinks[l].price << " vs "
                                          << s.links[l].price);
            NS_TEST_EXPECT_MSG_EQ((std::abs(r.endLinks[l].backlog - s.links[l].backlog) <=
                                   EQUILIBRIUM_TOLERANCE * std::max(1.0, s.links[l].backlog)),
                                  true,
                                  "link " << l << " backlog " << r.endLinks[l].backlog << " vs "
                                          << s.links[l].backlog);
        }
    }

    /**
     * Add the same links and sources to both models.
     * \param fluid the fluid model \param duality the duality model
     */
    void Build(FluidModel& fluid, DualityModel& duality)
    {
        auto fifo = std::make_shared<FluidDropTailLaw>();
        auto virtualPrice = std::make_shared<FluidVirtualCapacityLaw>(0.95);
        auto fastEcn = std::make_shared<FluidFastEcnLaw>(FastParams(1.184, 1));
        switch (m_network)
        {
        case ONE_LINK_VEGAS:
            // Vegas: alpha 20 packets/s (alpha d = 1 and 2 packets); x q = alpha d
            AddLink(fluid, duality, "L", 1000, fifo, 1.0);
            AddSource(fluid, duality, "a", {0}, 0.05, 4, std::make_shared<FluidVegasLaw>(1.0), 1);
            AddSource(fluid, duality, "b", {0}, 0.1, 3, std::make_shared<FluidVegasLaw>(2.0), 2);
            m_duration = 200;
            break;
        case PARKING_LOT_FAST: {
            auto fast = std::make_shared<FluidFastDelayLaw>(FastParams(1.184, 1));
            AddLink(fluid, duality, "L1", 2000, fifo, 1.0);
            AddLink(fluid, duality, "L2", 3000, fifo, 1.0);
            AddSource(fluid, duality, "long", {0, 1}, 0.1, 5, fast, 50);
            AddSource(fluid, duality, "short1", {0}, 0.04, 3, fast, 50);
            AddSource(fluid, duality, "short2", {1}, 0.06, 2, fast, 50);
            m_duration = 120;
            break;
        }
        case VIRTUAL_PRICE_FAST:
            AddLink(fluid, duality, "L", 5000, virtualPrice, 0.95);
            AddSource(fluid, duality, "a", {0}, 0.04, 8, fastEcn, 50);
            AddSource(fluid, duality, "b", {0}, 0.12, 4, fastEcn, 50);
            m_duration = 120;
            break;
        case PARKING_LOT_VIRTUAL:
            AddLink(fluid, duality, "L1", 2000, virtualPrice, 0.95);
            AddLink(fluid, duality, "L2", 1500, virtualPrice, 0.95);
            AddSource(fluid, duality, "long", {0, 1}, 0.1, 4, fastEcn, 50);
            AddSource(fluid, duality, "short1", {0}, 0.05, 2, fastEcn, 50);
            AddSource(fluid, duality, "short2", {1}, 0.08, 2, fastEcn, 50);
            m_duration = 120;
            break;
        case ONE_LINK_REM:
        case ONE_LINK_REM_REF: {
            // REM (eq. 30), updates every 1 ms: y = c, b = b*; Vegas/REM sources x p = alpha d
            // (Theorem 1 with the marking price). The fluid loop of eq. 30 and Vegas' window
            // (one packet per RTT at most) is a limit cycle with the paper's gamma = 0.005 (the
            // price swings between 0 and 0.6 here); gamma = 1e-5 settles, and with b* > 0 mu =
            // 0.01 (0.5 swings about b*).
            const bool ref = m_network == ONE_LINK_REM_REF;
            const double queueRef = ref ? 20 : 0;
            AddLink(fluid,
                    duality,
                    "L",
                    1000,
                    std::make_shared<FluidRemLaw>(1e-5, ref ? 0.01 : 0.5, 1e-3, queueRef),
                    1.0);
            duality.SetStandingBacklog(0, queueRef);
            AddSource(fluid, duality, "a", {0}, 0.05, 4, std::make_shared<FluidVegasLaw>(1.0), 1);
            AddSource(fluid, duality, "b", {0}, 0.1, 3, std::make_shared<FluidVegasLaw>(2.0), 2);
            m_duration = ref ? 1000 : 300;
            break;
        }
        case ONE_LINK_AVD:
        case MIXED_AVD_DROPTAIL: {
            // AVD (Monaco §IV-D) at the disc's defaults (gamma 0.98, alpha 0.15): y = gamma c,
            // price t_AVD with x t_AVD = a* (weighted PF); DropTail: x b / c = a*
            auto avd = std::make_shared<FluidAvdLaw>(0.98, 0.15);
            auto monaco = [](double target) {
                return std::make_shared<FluidMonacoLaw>(FluidMonacoLaw::ACC_P, 0.5, target);
            };
            AddLink(fluid, duality, "L1", 1000, avd, 0.98);
            if (m_network == ONE_LINK_AVD)
            {
                AddSource(fluid, duality, "a", {0}, 0.02, 5, monaco(3), 3);
                AddSource(fluid, duality, "b", {0}, 0.05, 3, monaco(6), 6);
                m_duration = 200;
                break;
            }
            AddLink(fluid, duality, "L2", 1500, fifo, 1.0);
            AddSource(fluid, duality, "long", {0, 1}, 0.06, 3, monaco(3), 3);
            AddSource(fluid, duality, "short1", {0}, 0.02, 4, monaco(3), 3);
            AddSource(fluid, duality, "short2", {1}, 0.03, 2, monaco(3), 3);
            m_duration = 200;
            break;
        }
        }
    }

    /**
     * Add a link to both: the duality model's capacity is gamma c, its price virtual unless
     * the law is physical.
     * \param fluid the fluid model \param duality the duality model \param name the link
     * \param c capacity, packets/s \param law its law \param gamma the capacity fraction
     */
    static void AddLink(FluidModel& fluid,
                        DualityModel& duality,
                        const std::string& name,
                        double c,
                        std::shared_ptr<const FluidLinkLaw> law,
                        double gamma)
    {
        const bool physical = law->IsPhysical();
        fluid.AddLink({name, c, 0, law});
        const std::size_t l = duality.AddLink(name, gamma * c);
        duality.SetPhysicalPrice(l, physical);
    }

    /**
     * Add a class of \p n flows to both.
     * \param fluid the fluid model \param duality the duality model \param name the class
     * \param route its links \param d its RTT, s \param n its flows \param law its law
     * \param weight DualityModel's w_s, packets
     */
    static void AddSource(FluidModel& fluid,
                          DualityModel& duality,
                          const std::string& name,
                          const std::vector<std::size_t>& route,
                          double d,
                          std::size_t n,
                          std::shared_ptr<const FluidSourceLaw> law,
                          double weight)
    {
        FluidModel::Source source{name, route, d, law};
        source.count = n;
        fluid.AddSource(source);
        duality.AddSources(n, name, route, d, weight);
    }

    Network m_network;      //!< what to build
    double m_duration{100}; //!< how long to integrate, s
};

/**
 * \ingroup dualcc
 * FAST's static law (eq. 6: beta = 0, x = (W_m / d) e^(-alpha q / (M d))) with n flows on one
 * virtual-capacity link (eq. 5, c_0 = gamma c): the loop of Theorem 2. At equilibrium
 * n x_0 = c_0, so p_0 = (d / alpha) ln(n W_m / (d c_0)) (M = 1); with n W_m / d = c the physical
 * queue never builds (y <= c) and the RTT stays d. Linearised, with the loop delay
 * tau^f + tau^b = d:
 *
 *     dp/dt = (n / c_0) dx(t - tau^f),  dx = -(alpha x_0 / d) dp(t - tau^b)
 *     =>  dp'(t) = -(alpha / d) dp(t - d),
 *
 * whose characteristic equation is s + k e^(-s d) = 0 with k d = alpha; with z = s d,
 * z + alpha e^(-z) = 0. Its rightmost roots, by Newton's method on z (by hand, to 1e-15):
 *  - alpha = 0.2: z = -0.2591711 (real; z = W(-alpha), the principal branch): the error decays
 *    as e^(-0.2591711 t / d);
 *  - alpha = 1: z = -0.3181315 + 1.3372357 i (W(-1)): decay 0.3181315 / d, period
 *    2 pi d / 1.3372357 = 4.6986 d;
 *  - alpha = 1.4: z = -0.0817037 + 1.5169892 i: decay 0.0817037 / d, period 4.1419 d;
 *  - alpha = 1.75 > pi / 2: z = 0.0770602 + 1.6183761 i: the equilibrium is unstable (Theorem 2
 *    needs alpha < pi / 2), the error does not decay.
 * The case measures the decay rate (and the period) of p(t) - p_0 late in the run, where the
 * error is small.
 */
class FluidModelLinearisedTestCase : public TestCase
{
  public:
    /**
     * \param alpha FAST's alpha
     * \param decay -Re(z), computed by hand (< 0: unstable, only checked not to decay)
     * \param omega Im(z), computed by hand (0: a real root)
     * \param duration how long to integrate, s
     */
    FluidModelLinearisedTestCase(double alpha, double decay, double omega, double duration)
        : TestCase("linearised single link, alpha " + std::to_string(alpha) +
                   ": decay and period from z + alpha e^(-z) = 0"),
          m_alpha(alpha),
          m_decay(decay),
          m_omega(omega),
          m_duration(duration)
    {
    }

  private:
    /// d, s
    static constexpr double D = 0.1;
    /// c, packets/s: n W_m / d
    static constexpr double C = 1000;
    /// gamma
    static constexpr double GAMMA = 0.5;
    /// flows
    static constexpr std::size_t N = 10;
    /// W_m, packets
    static constexpr double W_M = 10;
    /// h, s: d / 1000
    static constexpr double STEP = 1e-4;

    void DoRun() override
    {
        FluidModel fluid;
        fluid.AddLink({"L", C, 0, std::make_shared<FluidVirtualCapacityLaw>(GAMMA)});
        FluidFastEcnLaw::Params p;
        p.alpha = m_alpha;
        p.beta = 0;
        p.baseWindow = W_M;
        FluidModel::Source source{"flows", {0}, D, std::make_shared<FluidFastEcnLaw>(p)};
        source.count = N;
        fluid.AddSource(source);
        const FluidModel::Result r = fluid.Run({m_duration, STEP, STEP});
        const double p0 = P0();
        std::vector<double> error;
        double largestBacklog = 0;
        for (const auto& links : r.links)
        {
            error.push_back(links[0].price - p0);
            largestBacklog = std::max(largestBacklog, links[0].backlog);
        }
        NS_TEST_ASSERT_MSG_EQ(largestBacklog, 0, "the physical queue stays empty");
        if (m_omega == 0)
        {
            // a real root: e(t) ~ A e^(-sigma t); measured between 4 s and 6 s
            const double measured = -std::log(error[60000] / error[40000]) / 2.0 * D;
            NS_TEST_EXPECT_MSG_EQ_TOL(measured, m_decay, 1e-3 * m_decay, "decay rate x d");
            return;
        }
        MeasureOscillation(error);
    }

    /**
     * Measure the period (between upward zero crossings in the last 40 % of the run) and the
     * decay (the error one period apart) of \p error.
     * \param error p(t) - p_0, one sample per step
     */
    void MeasureOscillation(const std::vector<double>& error)
    {
        std::vector<double> crossings;
        for (auto i = static_cast<std::size_t>(0.6 * m_duration / STEP);
             i + 1 < error.size() && crossings.size() < 3;
             ++i)
        {
            if (error[i] < 0 && error[i + 1] >= 0)
            {
                crossings.push_back((i + error[i] / (error[i] - error[i + 1])) * STEP);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(crossings.size(), 3, "three upward zero crossings");
        if (crossings.size() < 3)
        {
            return; // (the runner may continue on failure)
        }
        const double period = (crossings[2] - crossings[0]) / 2;
        // e(t + T) / e(t) = e^(-sigma T), a quarter period after the first crossing
        const auto at = static_cast<std::size_t>((crossings[0] + period / 4) / STEP);
        const auto later = at + static_cast<std::size_t>(std::lround(period / STEP));
        const double measured = -std::log(error[later] / error[at]) / period * D;
        if (m_decay < 0)
        {
            // unstable: a limit cycle, whose amplitude does not decay
            NS_TEST_EXPECT_MSG_EQ((measured < 1e-3), true, "no decay beyond alpha = pi / 2");
            NS_TEST_EXPECT_MSG_EQ((error[at] > 1e-3 * P0()), true, "a sustained oscillation");
            return;
        }
        const double expectedPeriod = 2 * M_PI * D / m_omega;
        NS_TEST_EXPECT_MSG_EQ_TOL(period, expectedPeriod, 1e-3 * expectedPeriod, "period");
        NS_TEST_EXPECT_MSG_EQ_TOL(measured, m_decay, 1e-3 * m_decay, "decay rate x d");
    }

    /// \return p_0, s
    double P0() const
    {
        return D / m_alpha * std::log(N * W_M / (D * GAMMA * C));
    }

    double m_alpha;    //!< alpha
    double m_decay;    //!< -Re(z), by hand
    double m_omega;    //!< Im(z), by hand
    double m_duration; //!< how long to integrate, s
};

/**
 * \ingroup dualcc
 * The examples' topologies: the fluid model FluidModelBuilder makes of a description (no packet
 * network) ends at the equilibrium of the duality model the testbed makes of the same
 * description once built (NetworkHelper::Install(), TestbedModelBuilder::BuildModel(): one
 * source per flow, its access link, d with the transmission times, the weights from the
 * traits), within 1e-6 relative: every class' rate and every backbone link's price.
 */
class FluidModelTopologyTestCase : public TestCase
{
  public:
    /**
     * \param describe makes the network (every class active at the end, no event); called in
     *        DoRun(), not at the suite's static initialization
     * \param name the case's name
     * \param duration how long to integrate, s (every topology here settles within 300 s)
     * \param step the step, s
     */
    FluidModelTopologyTestCase(std::function<NetworkDescription()> describe,
                               const std::string& name,
                               double duration = 300,
                               double step = 1e-3)
        : TestCase("equilibrium on the examples' topologies: " + name),
          m_describe(std::move(describe)),
          m_duration(duration),
          m_step(step)
    {
    }

  private:
    void DoRun() override
    {
        m_description = m_describe();
        const FluidModel fluid = FluidModelBuilder::Build(m_description);
        const FluidModel::Result r = fluid.Run({m_duration, m_step, m_duration / 10});
        DualityModel::Solution s;
        {
            NetworkHelper helper(m_description);
            helper.GetMonitor().SetMeasurementWindow(Seconds(m_duration - 1),
                                                     Seconds(m_duration)); // not simulated
            helper.Install();
            s = helper.GetModelBuilder().BuildModel().Solve();
        }
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(s.converged, true, "the oracle converged");
        std::size_t flow = 0;
        for (std::size_t c = 0; c < m_description.classes.size(); ++c)
        {
            const std::size_t i = FindSource(fluid, m_description.classes[c].name);
            const double expected = s.sources[flow].rate;
            NS_TEST_EXPECT_MSG_EQ(Close(r.endSources[i].rate, expected),
                                  true,
                                  "class " << m_description.classes[c].name << " rate "
                                           << r.endSources[i].rate << " vs " << expected);
            flow += m_description.classes[c].flows;
        }
        for (std::size_t l = 0; l < m_description.links.size(); ++l)
        {
            // the model's links: the description's first, in order (then access links)
            NS_TEST_EXPECT_MSG_EQ(Close(r.endLinks[l].price, s.links[l].price),
                                  true,
                                  "link " << m_description.links[l].name << " price "
                                          << r.endLinks[l].price << " vs " << s.links[l].price);
        }
    }

    /// \param model a model \param name a source's name \return its index
    static std::size_t FindSource(const FluidModel& model, const std::string& name)
    {
        for (std::size_t i = 0; i < model.GetSources().size(); ++i)
        {
            if (model.GetSources()[i].name == name)
            {
                return i;
            }
        }
        return model.GetSources().size();
    }

    std::function<NetworkDescription()> m_describe; //!< makes the network
    NetworkDescription m_description;               //!< the network
    double m_duration;                              //!< how long to integrate, s
    double m_step;                                  //!< the step, s
};

/**
 * \ingroup dualcc
 * TCP Reno over AVQ (Kunniyur and Srikant, SIGCOMM 2001): N flows of round trip d on one AVQ link
 * of capacity C and desired utilization gamma. The paper's equilibrium (§2): x* = gamma C / N,
 * p* = N^2 / (beta (d gamma C)^2). With the damping factor alpha at half the largest one Theorem 1
 * certifies stable (AvqDesign::GetMaxStableAlpha(d), eqs. 6 and 19: an oracle independent of the
 * fluid code; 1.4279728 for C = 1250 packets/s, N = 180, gamma = 0.98, d = 0.21 s), the fluid
 * model ends there within 1e-6 relative, the real queue empty.
 */
class FluidModelRenoAvqTestCase : public TestCase
{
  public:
    FluidModelRenoAvqTestCase()
        : TestCase("TCP Reno over AVQ: the paper's equilibrium, alpha below Theorem 1's bound")
    {
    }

  private:
    void DoRun() override
    {
        const double c = 1250; // packets/s
        const double gamma = 0.98;
        const double d = 0.21; // s
        const std::size_t n = 180;
        const double alphaStar = AvqDesign(c, n, gamma).GetMaxStableAlpha(d).alpha;
        NS_TEST_ASSERT_MSG_GT(alphaStar, 0, "Theorem 1 certifies some alpha");
        if (!(alphaStar > 0))
        {
            return; // (the runner may continue on failure)
        }
        FluidModel fluid;
        fluid.AddLink({"L", c, 0, std::make_shared<FluidAvqLaw>(gamma, alphaStar / 2)});
        FluidModel::Source reno{"reno", {0}, d, std::make_shared<FluidRenoLaw>()};
        reno.count = n;
        fluid.AddSource(reno);
        const FluidModel::Result r = fluid.Run({300, 1e-3, 1.0});
        const double x = gamma * c / n;                                    // 6.8055556 packets/s
        const double p = n * n / (2.0 / 3.0 * std::pow(d * gamma * c, 2)); // 0.73438788
        NS_TEST_EXPECT_MSG_EQ(Close(r.endSources[0].rate, x),
                              true,
                              "x " << r.endSources[0].rate << " vs " << x);
        NS_TEST_EXPECT_MSG_EQ(Close(r.endLinks[0].price, p),
                              true,
                              "p " << r.endLinks[0].price << " vs " << p);
        NS_TEST_EXPECT_MSG_EQ(r.endLinks[0].backlog, 0, "the real queue is empty");
    }
};

/**
 * \ingroup dualcc
 * Vegas with baseRTT errors (persistent congestion, Vegas paper §4.2): N sources of round trip
 * d start one after the other on one FIFO link; source n measured its baseRTT on the queue its
 * predecessors left, d + p(n-1), and keeps alpha (d + p(n-1)) packets queued. With each
 * source's error e_n = p(n-1) and weight alpha (d + e_n) from
 * DualityModel::PersistentCongestion() (eqs. 27-29, an oracle solved apart from the fluid
 * code), the fluid model ends at that recursion's last period within 1e-6: the rates x_n(N) and
 * the queue c p(N).
 */
class FluidModelBaseRttErrorTestCase : public TestCase
{
  public:
    FluidModelBaseRttErrorTestCase()
        : TestCase("Vegas with baseRTT errors: the persistent-congestion recursion (eqs. 27-29)")
    {
    }

  private:
    void DoRun() override
    {
        const double c = 1000;    // packets/s
        const double d = 0.02;    // s
        const double alpha = 100; // packets/s: alpha d = 2 packets
        const unsigned n = 4;
        const std::vector<DualityModel::CongestionPeriod> periods =
            DualityModel::PersistentCongestion(c, d, alpha, n);
        FluidModel fluid;
        fluid.AddLink({"L", c, 0, std::make_shared<FluidDropTailLaw>()});
        for (unsigned k = 0; k < n; ++k)
        {
            const double error = periods.back().baseRtts[k] - d;
            FluidModel::Source source{
                "s" + std::to_string(k),
                {0},
                d,
                std::make_shared<FluidVegasLaw>(alpha * (d + error), 2, 2, error)};
            source.start = 20.0 * k;
            fluid.AddSource(source);
        }
        const FluidModel::Result r = fluid.Run({200, 1e-3, 1.0});
        for (unsigned k = 0; k < n; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(Close(r.endSources[k].rate, periods.back().rates[k]),
                                  true,
                                  "source " << k << " rate " << r.endSources[k].rate << " vs "
                                            << periods.back().rates[k]);
        }
        NS_TEST_EXPECT_MSG_EQ(Close(r.endLinks[0].backlog, periods.back().queue),
                              true,
                              "queue " << r.endLinks[0].backlog << " vs " << periods.back().queue);
    }
};

/**
 * \ingroup dualcc
 * FluidModelBuilder on a class with an RTT range and a disc with its own MaxSize: refused
 * without a split; with K = 3, seven flows of [40, 130] ms become sources of 3, 2 and 2 flows at
 * the midpoints 55, 85 and 115 ms (plus the transmission times, as every class' d), each with
 * its access link; the bottleneck's buffer is the disc's MaxSize (50 packets), not the link's
 * (0: unlimited), as the testbed lets it override. All by hand.
 */
class FluidModelBuilderSplitTestCase : public TestCase
{
  public:
    FluidModelBuilderSplitTestCase()
        : TestCase("FluidModelBuilder: an RTT range split, a disc's own MaxSize")
    {
    }

  private:
    void DoRun() override
    {
        DumbbellDescription::Parameters dumbbell;
        dumbbell.rate = DataRate("10Mbps");
        dumbbell.delay = MilliSeconds(10);
        dumbbell.queue.type = "ns3::FifoQueueDisc";
        dumbbell.queue.Set("MaxSize", QueueSizeValue(QueueSize("50p")));
        NetworkDescription d = DumbbellDescription::Create(dumbbell);
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d, "a", 7, MilliSeconds(40));
        c.rttMax = MilliSeconds(130);
        c.tcp = "ns3::TcpNewReno";
        d.Validate();
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&d] { FluidModelBuilder::Build(d); }, "rttMax"),
            true,
            "a range without a split is refused");
        const FluidModel model = FluidModelBuilder::Build(d, 3);
        const std::vector<FluidModel::Source>& sources = model.GetSources();
        NS_TEST_ASSERT_MSG_EQ(sources.size(), 3, "three groups");
        const double transmission = d.GetTransmissionRtt(d.classes[0]).GetSeconds();
        const std::vector<std::size_t> counts{3, 2, 2};
        const std::vector<double> rtts{0.055, 0.085, 0.115};
        for (std::size_t k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(sources[k].name, "a/" + std::to_string(k), "name");
            NS_TEST_EXPECT_MSG_EQ(sources[k].count, counts[k], "flows of group " << k);
            NS_TEST_EXPECT_MSG_EQ_TOL(sources[k].propagationDelay,
                                      rtts[k] + transmission,
                                      1e-12,
                                      "d of group " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(model.GetLinks().size(), 4, "the bottleneck and three access links");
        NS_TEST_EXPECT_MSG_EQ(model.GetLinks()[0].buffer, 50, "the disc's MaxSize");
    }
};

/**
 * \ingroup dualcc
 * Classes starting and stopping, and a capacity change: after each change the end state is the
 * new network's equilibrium, by hand. One FIFO link, Vegas with alpha d = 2 packets per flow:
 * x q = 2, so n flows on capacity c have x = c / n, q = 2 n / c, b = 2 n.
 */
class FluidModelEventsTestCase : public TestCase
{
  public:
    FluidModelEventsTestCase()
        : TestCase("classes starting and stopping, a capacity change")
    {
    }

  private:
    void DoRun() override
    {
        FluidModel fluid;
        fluid.AddLink({"L", 1000, 0, std::make_shared<FluidDropTailLaw>()});
        auto vegas = std::make_shared<FluidVegasLaw>(2.0);
        FluidModel::Source a{"a", {0}, 0.05, vegas};
        a.count = 4;
        fluid.AddSource(a);
        FluidModel::Source b{"b", {0}, 0.05, vegas};
        b.count = 4;
        b.start = 100;
        b.stop = 200;
        fluid.AddSource(b);
        fluid.AddLinkEvent({300, 0, 500});
        const FluidModel::Result r = fluid.Run({400, 1e-3, 1.0});
        // t = 99: 4 flows on 1000: x = 250, q = 0.008; t = 199: 8 flows: x = 125, q = 0.016;
        // t = 299: 4 flows again; t = 400: 4 flows on 500: x = 125, q = 0.016, b = 8
        const double expected[][2] = {{250, 0.008}, {125, 0.016}, {250, 0.008}, {125, 0.016}};
        const std::size_t samples[] = {99, 199, 299, 400};
        for (std::size_t i = 0; i < 4; ++i)
        {
            const auto& s = r.sources[samples[i]][0];
            const auto& l = r.links[samples[i]][0];
            NS_TEST_EXPECT_MSG_EQ_TOL(s.rate, expected[i][0], 1e-6 * expected[i][0], "rate");
            NS_TEST_EXPECT_MSG_EQ_TOL(l.price, expected[i][1], 1e-6 * expected[i][1], "price");
        }
        NS_TEST_EXPECT_MSG_EQ(r.sources[299][1].rate, 0, "b has stopped");
        NS_TEST_EXPECT_MSG_EQ(r.sources[99][1].rate, 0, "b has not started");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].backlog, 8, 1e-6 * 8, "b = 2 n packets");
        NS_TEST_EXPECT_MSG_EQ(r.endLinks[0].capacity, 500, "the event's capacity");
    }
};

/**
 * \ingroup dualcc
 * A buffer caps the queue: 10 Vegas flows wanting 2 packets each queued (20) on a 15-packet
 * buffer: the queue stays at the buffer and the link full (the fluid model drops the excess).
 */
class FluidModelBufferTestCase : public TestCase
{
  public:
    FluidModelBufferTestCase()
        : TestCase("the queue is projected at the buffer")
    {
    }

  private:
    void DoRun() override
    {
        FluidModel fluid;
        fluid.AddLink({"L", 1000, 15, std::make_shared<FluidDropTailLaw>()});
        FluidModel::Source a{"a", {0}, 0.05, std::make_shared<FluidVegasLaw>(2.0)};
        a.count = 10;
        fluid.AddSource(a);
        const FluidModel::Result r = fluid.Run({100, 1e-3, 1.0});
        double largest = 0;
        for (const auto& links : r.links)
        {
            largest = std::max(largest, links[0].backlog);
        }
        NS_TEST_EXPECT_MSG_EQ((largest <= 15), true, "the queue never exceeds the buffer");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].backlog, 15, 1e-9, "held at the buffer");
    }
};

/**
 * \ingroup dualcc
 * Bad input is refused with std::invalid_argument naming the field and its valid range.
 */
class FluidModelBadInputTestCase : public TestCase
{
  public:
    FluidModelBadInputTestCase()
        : TestCase("bad input is refused, naming the field and its range")
    {
    }

  private:
    void DoRun() override
    {
        auto fifo = std::make_shared<FluidDropTailLaw>();
        auto vegas = std::make_shared<FluidVegasLaw>(2.0);
        FluidModel m;
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.AddLink({"L", 0, 0, fifo});
                                  },
                                  "capacity (packets/s) = 0 is out of range"),
                              true,
                              "zero capacity");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.AddLink({"L", 10, -1, fifo});
                                  },
                                  "buffer"),
                              true,
                              "negative buffer");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.AddLink({"L", 10, 0, nullptr});
                                  },
                                  "law is null"),
                              true,
                              "no law");
        m.AddLink({"L", 10, 0, fifo});
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.AddLink({"L", 10, 0, fifo});
                                  },
                                  "already used"),
                              true,
                              "duplicate name");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.AddSource({"s", {1}, 0.1, vegas});
                                  },
                                  "route link index 1 out of range"),
                              true,
                              "unknown link");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.AddSource({"s", {0}, 0, vegas});
                                  },
                                  "propagationDelay (s) = 0 is out of range"),
                              true,
                              "zero delay");
        FluidModel::Source late{"s", {0}, 0.1, vegas};
        late.start = 5;
        late.stop = 5;
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([&] { m.AddSource(late); }, "stop > start"),
                              true,
                              "stop at start");
        FluidModel::Source split{"s", {0}, 0.1, vegas};
        split.forwardDelays = {0.2};
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([&] { m.AddSource(split); },
                                                    "forwardDelays (s) = 0.2 is out of range"),
                              true,
                              "forward delay above d");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.Run({1, 2, 1});
                                  },
                                  "step (s)"),
                              true,
                              "step above the duration");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument(
                                  [&] {
                                      m.Run({1, 1e-3, 0});
                                  },
                                  "sampleInterval"),
                              true,
                              "zero sample interval");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([] { FluidVirtualCapacityLaw law(1.5); }, "gamma = 1.5"),
            true,
            "gamma above 1");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([] { FluidVegasLaw law(0); }, "weight = 0"),
                              true,
                              "zero weight");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([] { FluidAvqLaw law(0.98, 0); }, "alpha = 0"),
                              true,
                              "zero AVQ alpha");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([] { FluidRenoLaw law(2); }, "beta = 2"),
                              true,
                              "Reno beta above 1");
    }
};

/**
 * \ingroup dualcc
 * FluidAvdLaw's derivative, price and projections, by hand (Monaco §IV-D with AVQ's eqs. 1, 3),
 * and one Euler step of the fluid model on one AVD link with a constant source.
 */
class FluidAvdLawTestCase : public TestCase
{
  public:
    FluidAvdLawTestCase()
        : TestCase("AVD's law: derivative, price and projections by hand")
    {
    }

  private:
    void DoRun() override
    {
        const FluidAvdLaw law(0.98, 0.15, 1, 40);
        NS_TEST_ASSERT_MSG_EQ(law.GetStateCount(), 2, "VQ and C~");
        double state[2];
        law.GetInitialStateOf(1000, state);
        NS_TEST_EXPECT_MSG_EQ(state[0], 0, "VQ(0) = 0");
        NS_TEST_EXPECT_MSG_EQ(state[1], 1000, "C~(0) = 1 x c");
        // VQ = 10 packets, C~ = 900 packets/s, y = 1000, c = 1000: dVQ = 1000 - 900 = 100,
        // dC~ = 0.15 (980 - 1000) = -3, price 10 / 900 s
        state[0] = 10;
        state[1] = 900;
        double d[2];
        law.GetDerivativeOf(state, {1000, 0, 1000}, d);
        NS_TEST_EXPECT_MSG_EQ_TOL(d[0], 100, 1e-12, "dVQ/dt = y - C~");
        NS_TEST_EXPECT_MSG_EQ_TOL(d[1], -3, 1e-12, "dC~/dt = alpha (gamma c - y)");
        NS_TEST_EXPECT_MSG_EQ_TOL(law.GetPriceOf(state, {1000, 0, 1000}),
                                  10.0 / 900,
                                  1e-15,
                                  "t_AVD = VQ / C~");
        // y = 500 < C~ at VQ = 0, C~ = c: both held (the projections)
        state[0] = 0;
        state[1] = 1000;
        law.GetDerivativeOf(state, {500, 0, 1000}, d);
        NS_TEST_EXPECT_MSG_EQ(d[0], 0, "VQ held at 0");
        NS_TEST_EXPECT_MSG_EQ(d[1], 0, "C~ held at c");
        NS_TEST_EXPECT_MSG_EQ(law.GetPriceOf(state, {500, 0, 1000}), 0, "no virtual backlog");
        // at the virtual buffer (40 packets) with y > C~: VQ held; C~ = 0: held, price capped
        state[0] = 40;
        state[1] = 0;
        law.GetDerivativeOf(state, {2000, 0, 1000}, d);
        NS_TEST_EXPECT_MSG_EQ(d[0], 0, "VQ held at the virtual buffer");
        NS_TEST_EXPECT_MSG_EQ(d[1], 0, "C~ held at 0");
        NS_TEST_EXPECT_MSG_EQ(law.GetPriceOf(state, {2000, 0, 1000}),
                              FluidAvdLaw::MAX_VIRTUAL_DELAY,
                              "the price is bounded as the disc's");
        state[0] = 55;
        state[1] = 1200;
        law.ProjectOf(state, 1000);
        NS_TEST_EXPECT_MSG_EQ(state[0], 40, "VQ projected at B");
        NS_TEST_EXPECT_MSG_EQ(state[1], 1000, "C~ projected at c");
        CheckStep();
    }

    /**
     * One source of a constant 990 packets/s (FAST's static law with alpha 0, beta 0: w = W_m =
     * 99 packets, d = 0.1 s, no forward delay) on an AVD link of c = 1000 packets/s, gamma 0.98,
     * alpha 0.15: the
     * physical queue stays empty (y < c), C~(t) = 1000 - 0.15 (990 - 980) t = 1000 - 1.5 t, VQ
     * stays at 0 until C~ falls below y at t* = 20 / 3 s, then VQ(t) = 0.75 (t - t*)^2. At
     * t = 10 s: C~ = 985, VQ = 0.75 (10 / 3)^2 = 8.3333 packets, t_AVD = VQ / C~.
     */
    void CheckStep()
    {
        FluidModel fluid;
        fluid.AddLink({"L", 1000, 0, std::make_shared<FluidAvdLaw>(0.98, 0.15)});
        FluidFastEcnLaw::Params p = FastParams(0, 99);
        p.alpha = 0;
        FluidModel::Source source{"a", {0}, 0.1, std::make_shared<FluidFastEcnLaw>(p)};
        source.forwardDelays = {0}; // the load from t = 0 (a jump later costs Heun half a step)
        fluid.AddSource(source);
        const FluidModel::Result r = fluid.Run({10, 1e-3, 10});
        const double vq = 0.75 * (10.0 / 3) * (10.0 / 3);
        NS_TEST_EXPECT_MSG_EQ(Close(r.endLinks[0].price, vq / 985),
                              true,
                              "t_AVD at 10 s " << r.endLinks[0].price << " vs " << vq / 985);
        NS_TEST_EXPECT_MSG_EQ(Close(r.endLinks[0].load, 990), true, "the load");
        NS_TEST_EXPECT_MSG_EQ(r.endLinks[0].backlog, 0, "no physical queue");
    }
};

/**
 * \ingroup dualcc
 * The fluid model's test suite.
 */
class FluidModelTestSuite : public TestSuite
{
  public:
    /// Add the cases of the examples' topologies (FluidModelTopologyTestCase).
    void AddTopologyCases();
    /// Add those of the Monaco paper's examples.
    void AddMonacoTopologyCases();

    FluidModelTestSuite()
        : TestSuite("dualcc-fluid-model", TestSuite::Type::UNIT)
    {
        using Case = FluidModelEquilibriumTestCase;
        AddTestCase(new Case(Case::ONE_LINK_VEGAS, "one link, Vegas"));
        AddTestCase(new Case(Case::PARKING_LOT_FAST, "parking lot, FAST-delay"));
        AddTestCase(new Case(Case::VIRTUAL_PRICE_FAST, "virtual price, FAST-ECN"));
        AddTestCase(new Case(Case::PARKING_LOT_VIRTUAL, "parking lot of virtual prices"));
        AddTestCase(new Case(Case::ONE_LINK_REM, "one REM link (eq. 30), Vegas"));
        AddTestCase(new Case(Case::ONE_LINK_REM_REF, "one REM link, b* = 20 packets, Vegas"));
        AddTestCase(new Case(Case::ONE_LINK_AVD, "one AVD link, Monaco"));
        AddTestCase(new Case(Case::MIXED_AVD_DROPTAIL, "an AVD and a DropTail link, Monaco"));
        AddTestCase(new FluidAvdLawTestCase);
        AddTestCase(new FluidModelBaseRttErrorTestCase);
        AddTestCase(new FluidModelBuilderSplitTestCase);
        AddTestCase(new FluidModelLinearisedTestCase(0.2, 0.2591711, 0, 8));
        AddTestCase(new FluidModelLinearisedTestCase(1.0, 0.3181315, 1.3372357, 8));
        AddTestCase(new FluidModelLinearisedTestCase(1.4, 0.0817037, 1.5169892, 25));
        AddTestCase(new FluidModelLinearisedTestCase(1.75, -0.0770602, 1.6183761, 12));
        AddTopologyCases();
        AddTestCase(new FluidModelRenoAvqTestCase);
        AddTestCase(new FluidModelEventsTestCase);
        AddTestCase(new FluidModelBufferTestCase);
        AddTestCase(new FluidModelBadInputTestCase);
    }
};

void
FluidModelTestSuite::AddTopologyCases()
{
    AddTestCase(new FluidModelTopologyTestCase(
        [] {
            FiveClassScenario::Parameters five;
            five.flowsPerClass = 4;
            five.bottleneck = DataRate("48Mbps");
            return FiveClassScenario::Describe(five);
        },
        "vegas-five-class (48 Mbps, 4 flows per class)"));
    AddTestCase(new FluidModelTopologyTestCase(
        [] {
            SixClassScenario::Parameters six;
            six.flowsPerClass = 4;
            six.backbone = DataRate("48Mbps");
            return SixClassScenario::Describe(six);
        },
        "vegas-six-class (48 Mbps, 4 flows per class)"));
    AddTestCase(new FluidModelTopologyTestCase(
        [] {
            SerialStartScenario::Parameters rem; // the paper's §6.3: 5 sources, 48 Mb/s, REM
            rem.rem = true;
            rem.remGamma = 1e-5; // the paper's 0.005 is a limit cycle in the fluid model
            return SerialStartScenario::Describe(rem);
        },
        "vegas-rem (REM eq. 30 with gamma 1e-5, 5 Vegas-REM sources, 48 Mbps)"));
    AddTestCase(new FluidModelTopologyTestCase(
        [] {
            return MonacoParkingLotScenario::DescribeNetwork({false, false}, 120, 0.9, 10);
        },
        "monaco-parking-lot (2 DropTail links of 10 Mbps, Monaco's control packets as load)"));
    for (const std::string variant : {"ecn", "delay"})
    {
        AddTestCase(new FluidModelTopologyTestCase(
            [variant] { return FastDynamicScenario::DescribeNetwork(variant, 0.125, Seconds(20)); },
            "fast-dynamic " + variant + " (scale 0.125, 20 s stages)"));
    }
    AddMonacoTopologyCases();
    AddTestCase(new FluidModelTopologyTestCase(
        [] {
            BufferSweepScenario::Parameters p; // 100 Vegas flows (alpha 1), 48 Mb/s
            return BufferSweepScenario::Describe(p, "ns3::TcpDualVegas", 400);
        },
        "vegas-buffer-sweep (TcpDualVegas, 400 packets)"));
}

void
FluidModelTestSuite::AddMonacoTopologyCases()
{
    for (const std::string aqm : {"droptail", "avd", "avd-fifo"})
    {
        AddTestCase(new FluidModelTopologyTestCase(
            [aqm] { return AllOn(MonacoDynamicScenario::DescribeNetwork(90, aqm, 0.98)); },
            "monaco-dynamic --aqm=" + aqm + " (the three sets on together)"));
    }
    AddTestCase(new FluidModelTopologyTestCase(
        [] { return AllOn(MonacoTwoBottleneckScenario::DescribeNetwork(100)); },
        "monaco-two-bottleneck (every class on)"));
    AddTestCase(new FluidModelTopologyTestCase(
        [] {
            return AllOn(MonacoRttChangeScenario::DescribeNetwork("monaco", 4, 200, Seconds(50)));
        },
        "monaco-rtt-change monaco (before its delay change: the fluid delays are fixed)"));
    for (const std::string policy : {"AccP", "AccMw"})
    {
        // ACC-MW's window moves by kappa (d / D)(a - a*) / w: slow near the equilibrium
        AddTestCase(new FluidModelTopologyTestCase(
            [policy] { return AccPoliciesScenario::DescribeNetwork(policy); },
            "acc-policies " + policy,
            policy == "AccMw" ? 3000 : 300));
    }
    for (const std::string algorithm : {"monaco", "vegas"})
    {
        AddTestCase(new FluidModelTopologyTestCase(
            [algorithm] { return MonacoReversePathScenario::DescribeNetwork(algorithm, 7, 20); },
            "monaco-reverse-path " + algorithm + " (7 flows each way, 20 Mbps back)"));
    }
}

/// The suite's instance.
static FluidModelTestSuite g_fluidModelTestSuite;
