/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of DualityModel against hand-computed equilibria and against the model columns of the
// tables of Low, Peterson and Wang, "Understanding TCP Vegas: a duality model" (J. ACM 2002).
// No expected value here comes from the solver itself.

#include "ns3/duality-model.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Packets per second of a 2.4 Gb/s link carrying 1000-byte packets (the paper's "1 KB").
constexpr double OC48_PPS = 2.4e9 / 8000.0;

/// Relative tolerance: |actual - expected| <= fraction * |expected|
double
Tol(double expected, double fraction)
{
    return std::abs(expected) * fraction;
}

} // namespace

/**
 * \ingroup dualcc
 * One link shared by n identical sources: x = c/n, p = n w / c, backlog n w (by hand).
 */
class DualityModelOneLinkTestCase : public TestCase
{
  public:
    DualityModelOneLinkTestCase()
        : TestCase("one link shared by n equal sources")
    {
    }

  private:
    void DoRun() override
    {
        const unsigned n = 5;
        const double c = 1000;  // packets/s
        const double w = 2;     // packets
        const double d = 0.010; // s
        DualityModel model;
        std::size_t link = model.AddLink("bottleneck", c);
        model.AddSources(n, "flow", {link}, d, w);
        DualityModel::Solution sol = model.Solve();
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        // p = n w / c = 10 ms; x = c / n = 200 pkt/s; RTT = 20 ms; window = 4 pkt.
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].price, 0.010, 1e-12, "link price");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].backlog, 10.0, 1e-9, "backlog = n w");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].utilization, 1.0, 1e-9, "utilization");
        for (const auto& s : sol.sources)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(s.rate, 200.0, 1e-7, "rate c/n");
            NS_TEST_ASSERT_MSG_EQ_TOL(s.rtt, 0.020, 1e-12, "rtt d + p");
            NS_TEST_ASSERT_MSG_EQ_TOL(s.window, 4.0, 1e-9, "window x (d + p)");
            NS_TEST_ASSERT_MSG_EQ_TOL(s.backlog, w, 1e-9, "x p^s = w (eq. 22)");
        }
    }
};

/**
 * \ingroup dualcc
 * One source over two links in a chain: only the slower link is priced (slackness).
 */
class DualityModelChainBottleneckTestCase : public TestCase
{
  public:
    DualityModelChainBottleneckTestCase()
        : TestCase("two links in a chain, one bottleneck")
    {
    }

  private:
    void DoRun() override
    {
        DualityModel model;
        std::size_t fast = model.AddLink("fast", 10);
        std::size_t slow = model.AddLink("slow", 4);
        model.AddSource("s", {fast, slow}, 0.1, 1);
        DualityModel::Solution sol = model.Solve();
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rate, 4.0, 1e-9, "rate = slow capacity");
        NS_TEST_ASSERT_MSG_EQ(sol.links[fast].price, 0.0, "fast link has spare capacity");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[slow].price, 0.25, 1e-12, "p = w / x");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[fast].utilization, 0.4, 1e-9, "fast link load");
    }
};

/**
 * \ingroup dualcc
 * Kelly's linear network: a long flow over links A and B, a short flow on each; unit
 * capacities and weights. By hand: x_long = 1/3, x_short = 2/3, p_A = p_B = 3/2.
 */
class DualityModelLinearNetworkTestCase : public TestCase
{
  public:
    DualityModelLinearNetworkTestCase()
        : TestCase("two links in a chain, both congested (linear network)")
    {
    }

  private:
    void DoRun() override
    {
        DualityModel model;
        model.AddLink("A", 1);
        model.AddLink("B", 1);
        model.AddSourceByLinkNames("long", {"A", "B"}, 1, 1);
        model.AddSourceByLinkNames("shortA", {"A"}, 1, 1);
        model.AddSourceByLinkNames("shortB", {"B"}, 1, 1);
        DualityModel::Solution sol = model.Solve();
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rate, 1.0 / 3, 1e-9, "long flow");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[1].rate, 2.0 / 3, 1e-9, "short flow A");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[2].rate, 2.0 / 3, 1e-9, "short flow B");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].price, 1.5, 1e-9, "price A");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[1].price, 1.5, 1e-9, "price B");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].pathPrice, 3.0, 1e-9, "path price = pA + pB");
    }
};

/**
 * \ingroup dualcc
 * Two equal links carrying exactly the same sources: the split of the price between them is
 * not unique, but rates and the path price are (x = c/n, p^s = n w / c).
 */
class DualityModelDegenerateTestCase : public TestCase
{
  public:
    DualityModelDegenerateTestCase()
        : TestCase("non-unique prices: identical links in series")
    {
    }

  private:
    void DoRun() override
    {
        DualityModel model;
        std::size_t a = model.AddLink("a", 100);
        std::size_t b = model.AddLink("b", 100);
        model.AddSources(4, "flow", {a, b}, 0.05, 3);
        DualityModel::Solution sol = model.Solve();
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rate, 25.0, 1e-7, "rate c/n");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].pathPrice, 0.12, 1e-10, "path price n w / c");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[a].price + sol.links[b].price,
                                  0.12,
                                  1e-10,
                                  "sum of link prices");
    }
};

/**
 * \ingroup dualcc
 * The error-distorted utility of eq. 24 on one link, solved by hand: c = 10, w = d = 1; source 1
 * exact, source 2 with eps = 1. Eq. 25: 1/p + 2/(p - 1) = 10, i.e. 10p^2 - 13p + 1 = 0, so
 * p = (13 + sqrt(129)) / 20.
 */
class DualityModelEstimationErrorTestCase : public TestCase
{
  public:
    DualityModelEstimationErrorTestCase()
        : TestCase("baseRTT estimation error (eq. 24), solved by hand")
    {
    }

  private:
    void DoRun() override
    {
        DualityModel model;
        std::size_t l = model.AddLink("l", 10);
        model.AddSource("exact", {l}, 1, 1, 0);
        model.AddSource("overestimating", {l}, 1, 1, 1);
        DualityModel::Solution sol = model.Solve();
        const double p = (13 + std::sqrt(129.0)) / 20;
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].price, p, 1e-9, "price");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[0].rate, 1 / p, 1e-8, "x1 = w / p");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[1].rate, 2 / (p - 1), 1e-8, "x2 = 2w / (p - d)");
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[1].baseRtt, 2.0, 1e-12, "estimate (1 + eps) d");
    }
};

/**
 * \ingroup dualcc
 * A virtual price with a standing backlog (REM with a queue reference): by hand, one link of
 * c = 100 packets/s holding b = 5 packets, two sources with d = 0.1 s and w = 1 packet: the
 * rates are those of any price (x = 50 packets/s each, price w / x = 0.02), the link holds 5
 * packets, and the round trips are d + b / c = 0.1 + 0.05 = 0.15 s, so the windows are
 * 50 x 0.15 = 7.5 packets and each source keeps x b / c = 2.5 packets queued. The same backlog on
 * a physical price is ignored (backlog p c = 2 packets).
 */
class DualityModelStandingBacklogTestCase : public TestCase
{
  public:
    DualityModelStandingBacklogTestCase()
        : TestCase("a virtual price with a standing backlog delays its sources, by hand")
    {
    }

  private:
    void DoRun() override
    {
        for (bool physical : {false, true})
        {
            DualityModel model;
            const std::size_t l = model.AddLink("l", 100);
            model.SetPhysicalPrice(l, physical);
            model.SetStandingBacklog(l, 5);
            model.AddSource("a", {l}, 0.1, 1);
            model.AddSource("b", {l}, 0.1, 1);
            const DualityModel::Solution sol = model.Solve();
            NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
            NS_TEST_EXPECT_MSG_EQ_TOL(sol.links[0].price, 0.02, 1e-9, "price w / x");
            const double backlog = physical ? 2 : 5; // p c, or the standing backlog
            NS_TEST_EXPECT_MSG_EQ_TOL(sol.links[0].backlog, backlog, 1e-6, "link backlog");
            for (std::size_t s = 0; s < 2; ++s)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(sol.sources[s].rate, 50, 1e-6, "rate");
                NS_TEST_EXPECT_MSG_EQ_TOL(sol.sources[s].rtt,
                                          0.1 + backlog / 100,
                                          1e-9,
                                          "rtt d + b / c");
                NS_TEST_EXPECT_MSG_EQ_TOL(sol.sources[s].window,
                                          50 * (0.1 + backlog / 100),
                                          1e-6,
                                          "window");
                NS_TEST_EXPECT_MSG_EQ_TOL(sol.sources[s].backlog,
                                          backlog / 2,
                                          1e-6,
                                          "the source's share of the backlog");
            }
        }
    }
};

/**
 * \ingroup dualcc
 * Sources with an overhead (DualityModel::SetOverhead: control packets per round trip), solved
 * by hand. One link of c = 100 packets/s, two sources with d = 0.1 s, w = 1 packet and o = 1
 * packet per round trip.
 *  - A virtual price (no queueing delay): the round trips stay d, the overhead is
 *    2 x 1 / 0.1 = 20 packets/s, c' = 80 and each source gets 40 packets/s, price w / x = 1/40.
 *  - A physical price (the queueing delay p): c' = 100 - 2 / (0.1 + p) with p = 2 / c' (x = c'/2
 *    = w / p), so (100 - c')(0.1 c' + 2) = 2 c', i.e. c'^2 - 60 c' - 2000 = 0 and
 *    c' = 30 + sqrt(2900) = 83.8516; the link is full: (c' + overhead) / c = 1.
 */
class DualityModelOverheadTestCase : public TestCase
{
  public:
    DualityModelOverheadTestCase()
        : TestCase("control overhead per round trip takes capacity, solved by hand")
    {
    }

  private:
    void DoRun() override
    {
        for (bool physical : {false, true})
        {
            DualityModel model;
            const std::size_t l = model.AddLink("l", 100);
            model.SetPhysicalPrice(l, physical);
            model.SetOverhead(model.AddSource("a", {l}, 0.1, 1), 1);
            model.SetOverhead(model.AddSource("b", {l}, 0.1, 1), 1);
            const DualityModel::Solution sol = model.Solve();
            const double capacity = physical ? 30 + std::sqrt(2900.0) : 80;
            NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
            for (std::size_t s = 0; s < 2; ++s)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(sol.sources[s].rate,
                                          capacity / 2,
                                          1e-7 * capacity,
                                          "rate, physical price " << physical);
            }
            NS_TEST_EXPECT_MSG_EQ_TOL(sol.links[0].price,
                                      2 / capacity,
                                      1e-9,
                                      "price, physical " << physical);
            NS_TEST_EXPECT_MSG_EQ_TOL(sol.links[0].overhead,
                                      100 - capacity,
                                      1e-6,
                                      "overhead, physical " << physical);
            NS_TEST_EXPECT_MSG_EQ_TOL(sol.links[0].utilization,
                                      1,
                                      1e-8,
                                      "utilization counts the overhead");
        }
    }
};

/**
 * \ingroup dualcc
 * Vegas paper Tables III (PF) and IV (WPF), model columns: three 2.4 Gb/s links LA-SF-CH
 * (1000-byte packets), 50 sources per class, alpha = 2 packets per RTT (PF) or per 10 ms (WPF).
 */
class DualityModelSixClassTestCase : public TestCase
{
  public:
    /**
     * \param weighted false: Table III (PF); true: Table IV (WPF)
     * \param rateKBps the table's model rates, KB/s (1 KB packets: packets/s)
     * \param queues the table's model queues LA, SF, CH, packets
     * \param queueTolerance relative tolerance on the queues
     */
    DualityModelSixClassTestCase(bool weighted,
                                 std::vector<double> rateKBps,
                                 std::vector<double> queues,
                                 double queueTolerance)
        : TestCase(weighted ? "Vegas paper Table IV: six-class multilink, WPF"
                            : "Vegas paper Table III: six-class multilink, PF"),
          m_weighted(weighted),
          m_rateKBps(rateKBps),
          m_queues(queues),
          m_queueTolerance(queueTolerance)
    {
    }

  private:
    void DoRun() override
    {
        DualityModel model;
        model.AddLinkBps("LA", 2.4e9, 1000);
        model.AddLinkBps("SF", 2.4e9, 1000);
        model.AddLinkBps("CH", 2.4e9, 1000);
        const std::vector<std::vector<std::string>> routes{{"LA", "SF"},
                                                           {"SF", "CH"},
                                                           {"LA"},
                                                           {"SF"},
                                                           {"CH"},
                                                           {"LA", "SF", "CH"}};
        const std::vector<double> baseRtt{0.07517, 0.08017, 0.01517, 0.06017, 0.02017, 0.10018};
        std::vector<std::size_t> first;
        for (std::size_t k = 0; k < routes.size(); ++k)
        {
            const double weight = m_weighted ? 2 * baseRtt[k] / 0.010 : 2;
            first.push_back(model.GetSources().size());
            for (unsigned i = 0; i < 50; ++i)
            {
                model.AddSourceByLinkNames("class" + std::to_string(k + 1),
                                           routes[k],
                                           baseRtt[k],
                                           weight);
            }
        }
        DualityModel::Solution sol = model.Solve();
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        for (std::size_t k = 0; k < m_rateKBps.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[first[k]].rate,
                                      m_rateKBps[k],
                                      Tol(m_rateKBps[k], 0.01),
                                      "class " << k + 1 << " rate");
        }
        for (std::size_t l = 0; l < m_queues.size(); ++l)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[l].backlog,
                                      m_queues[l],
                                      Tol(m_queues[l], m_queueTolerance),
                                      "queue of link " << model.GetLinks()[l].name);
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[l].utilization, 1.0, 1e-6, "saturated link");
        }
    }

    bool m_weighted;                //!< WPF (Table IV) instead of PF (Table III)
    std::vector<double> m_rateKBps; //!< expected rates, KB/s
    std::vector<double> m_queues;   //!< expected queues, packets
    double m_queueTolerance;        //!< relative tolerance on the queues
};

/**
 * \ingroup dualcc
 * Vegas paper Table II (single link, weighted PF, model columns): alpha = 2 packets per 10 ms.
 */
class DualityModelFiveClassTestCase : public TestCase
{
  public:
    DualityModelFiveClassTestCase()
        : TestCase("Vegas paper Table II: five-class single link, WPF")
    {
    }

  private:
    void DoRun() override
    {
        DualityModel model;
        std::size_t link = model.AddLink("Router1", OC48_PPS);
        const std::vector<double> d{0.01517, 0.01517, 0.02017, 0.03017, 0.04017};
        const double alphaPerSecond = 2 / 0.010; // 2 packets per 10 ms
        std::vector<std::size_t> first;
        for (std::size_t k = 0; k < d.size(); ++k)
        {
            first.push_back(model.AddSources(50,
                                             "class" + std::to_string(k + 1),
                                             {link},
                                             d[k],
                                             alphaPerSecond * d[k]));
        }
        DualityModel::Solution sol = model.Solve();
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        const std::vector<double> rateKBps{753.2, 753.2, 1001, 1498, 1994};
        const std::vector<double> rttMs{19.2, 19.2, 24.2, 34.2, 44.2};
        for (std::size_t k = 0; k < d.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[first[k]].rate,
                                      rateKBps[k],
                                      Tol(rateKBps[k], 0.01),
                                      "class " << k + 1 << " rate");
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[first[k]].rtt * 1000,
                                      rttMs[k],
                                      Tol(rttMs[k], 0.01),
                                      "class " << k + 1 << " RTT");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].backlog, 1208.9, Tol(1208.9, 0.01), "queue");
    }
};

/**
 * \ingroup dualcc
 * Vegas paper Tables V-VI (persistent congestion, model): 48 Mb/s = 6 packets/ms, d = 10 ms,
 * alpha = 2 packets/ms; the reported baseRTTs include 0.18 ms of transmission times.
 */
class DualityModelPersistentCongestionTestCase : public TestCase
{
  public:
    DualityModelPersistentCongestionTestCase()
        : TestCase("Vegas paper Tables V-VI: persistent congestion recursion (eqs. 27-29)")
    {
    }

  private:
    void DoRun() override
    {
        auto periods = DualityModel::PersistentCongestion(6000, 0.010, 2000, 5, 0.00018);
        NS_TEST_ASSERT_MSG_EQ(periods.size(), 5, "one period per source");
        // Independent evaluation of eqs. 27-29 (Table V prints 20, 60, 127, 238, 416).
        const std::vector<double> queue{20, 60, 127.3, 237.3, 415.7};
        for (std::size_t t = 0; t < queue.size(); ++t)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(periods[t].queue,
                                      queue[t],
                                      Tol(queue[t], 0.01),
                                      "queue in period " << t + 1);
            double total = 0;
            for (double x : periods[t].rates)
            {
                total += x;
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(total, 6000.0, 1e-6, "the link is saturated");
        }
        // Table VI (w/ error, model), independently evaluated: 10.18, 13.51, 20.18, 31.4, 49.73
        const std::vector<double> baseRttMs{10.18, 13.51, 20.18, 31.4, 49.73};
        for (std::size_t n = 0; n < baseRttMs.size(); ++n)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(periods[4].baseRtts[n] * 1000,
                                      baseRttMs[n],
                                      Tol(baseRttMs[n], 0.01),
                                      "baseRTT of source " << n + 1);
        }
        // Table V rates (M), printed to two or three digits: hence 1.5 %.
        const std::vector<std::vector<double>> rates{{6000},
                                                     {2000, 4000},
                                                     {940, 1490, 3570},
                                                     {500, 730, 1350, 3390},
                                                     {290, 400, 670, 1300, 3340}};
        for (std::size_t t = 0; t < rates.size(); ++t)
        {
            for (std::size_t n = 0; n < rates[t].size(); ++n)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(periods[t].rates[n],
                                          rates[t][n],
                                          Tol(rates[t][n], 0.015),
                                          "rate of source " << n + 1 << " in period " << t + 1);
            }
        }
    }
};

/**
 * \ingroup dualcc
 * The persistent-congestion recursion (a one-dimensional root of eq. 27) and the general solver
 * fed with each source's baseRTT error eps_n = p(n-1)/d (eq. 24) are two different
 * computations of the same equilibrium: they must agree.
 */
class DualityModelRecursionVsSolverTestCase : public TestCase
{
  public:
    DualityModelRecursionVsSolverTestCase()
        : TestCase("eqs. 27-29 agree with the solver of eq. 24")
    {
    }

  private:
    void DoRun() override
    {
        const double c = 6000;
        const double d = 0.010;
        const double alpha = 2000;
        auto periods = DualityModel::PersistentCongestion(c, d, alpha, 5);
        DualityModel model;
        std::size_t link = model.AddLink("bottleneck", c);
        for (unsigned n = 0; n < 5; ++n)
        {
            const double measured = periods[4].baseRtts[n]; // d + p(n-1)
            model.AddSource("source" + std::to_string(n + 1),
                            {link},
                            d,
                            alpha * d,
                            measured / d - 1);
        }
        DualityModel::Solution sol = model.Solve();
        NS_TEST_ASSERT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        NS_TEST_ASSERT_MSG_EQ_TOL(sol.links[0].backlog, periods[4].queue, 1e-6, "queue");
        for (unsigned n = 0; n < 5; ++n)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(sol.sources[n].rate,
                                      periods[4].rates[n],
                                      1e-6,
                                      "rate of source " << n + 1);
        }
    }
};

/**
 * \ingroup dualcc
 * Bad input is rejected with a message naming the field.
 */
class DualityModelBadInputTestCase : public TestCase
{
  public:
    DualityModelBadInputTestCase()
        : TestCase("bad input names the field")
    {
    }

  private:
    /// \return true if \p action throws std::invalid_argument whose text contains \p field
    bool Rejects(const std::function<void()>& action, const std::string& field)
    {
        try
        {
            action();
        }
        catch (const std::invalid_argument& e)
        {
            return std::string(e.what()).find(field) != std::string::npos;
        }
        return false;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(Rejects([] { DualityModel().Solve(); }, "no links"),
                              true,
                              "no links");
        NS_TEST_EXPECT_MSG_EQ(Rejects(
                                  [] {
                                      DualityModel model;
                                      model.SetStandingBacklog(model.AddLink("l", 100), -1);
                                  },
                                  "standingBacklog"),
                              true,
                              "a negative standing backlog");
        NS_TEST_EXPECT_MSG_EQ(Rejects([] { DualityModel().SetStandingBacklog(0, 1); },
                                      "SetStandingBacklog: link index 0 out of range"),
                              true,
                              "no such link");
        const auto withOverhead = [](double capacity, double overhead) {
            DualityModel model;
            const std::size_t l = model.AddLink("l", capacity);
            model.SetPhysicalPrice(l, false);
            model.SetOverhead(model.AddSource("s", {l}, 0.1, 1), overhead);
            model.Solve();
        };
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { withOverhead(100, -1); }, "overhead"),
                              true,
                              "negative overhead");
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { withOverhead(100, std::nan("")); }, "overhead"),
                              true,
                              "NaN overhead");
        // 1 packet per 0.1 s round trip is 10 packets/s: all of a 10-packet/s link
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { withOverhead(10, 1); }, "link 'l'"),
                              true,
                              "overhead that fills the link");
        NS_TEST_EXPECT_MSG_EQ(Rejects([] { DualityModel().SetOverhead(0, 1); }, "source index"),
                              true,
                              "overhead of a source that does not exist");
        NS_TEST_EXPECT_MSG_EQ(Rejects([] { DualityModel().AddLink("l", 0); }, "capacity"),
                              true,
                              "capacity 0");
        NS_TEST_EXPECT_MSG_EQ(Rejects([] { DualityModel().AddLink("l", -5); }, "capacity"),
                              true,
                              "negative capacity");
        NS_TEST_EXPECT_MSG_EQ(Rejects([] { DualityModel().AddLinkBps("l", 1e6, 0); }, "packetSize"),
                              true,
                              "packet size 0");
        DualityModel model;
        model.AddLink("l", 100);
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { model.AddLink("l", 5); }, "already used"),
                              true,
                              "duplicate link name");
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { model.AddSource("s", {}, 0.01, 1); }, "route"),
                              true,
                              "empty route");
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { model.AddSource("s", {3}, 0.01, 1); }, "unknown link"),
                              true,
                              "unknown link index");
        NS_TEST_EXPECT_MSG_EQ(
            Rejects([&] { model.AddSourceByLinkNames("s", {"nowhere"}, 0.01, 1); },
                    "unknown link 'nowhere'"),
            true,
            "unknown link name");
        NS_TEST_EXPECT_MSG_EQ(Rejects(
                                  [&] {
                                      model.AddSource("s", {0, 0}, 0.01, 1);
                                  },
                                  "twice"),
                              true,
                              "repeated link");
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { model.AddSource("s", {0}, 0.01, 0); }, "weight"),
                              true,
                              "weight 0");
        NS_TEST_EXPECT_MSG_EQ(Rejects([&] { model.AddSource("s", {0}, 0, 1); }, "propagationDelay"),
                              true,
                              "delay 0");
        NS_TEST_EXPECT_MSG_EQ(
            Rejects([&] { model.AddSource("s", {0}, 0.01, 1, -1); }, "estimationError"),
            true,
            "eps = -1");
        NS_TEST_EXPECT_MSG_EQ(
            Rejects([] { DualityModel::PersistentCongestion(6000, 0.01, 2000, 0); }, "nSources"),
            true,
            "no sources in the recursion");
        NS_TEST_EXPECT_MSG_EQ(model.GetSources().size(), 0, "rejected sources are not added");
    }
};

/**
 * \ingroup dualcc
 * Values outside the documented ranges (huge, tiny, infinite, NaN) are rejected with a message
 * naming the link or source, the field and its valid range (the header's MIN_... and MAX_...
 * constants, written out here as the documentation gives them).
 */
class DualityModelOutOfRangeTestCase : public TestCase
{
  public:
    DualityModelOutOfRangeTestCase()
        : TestCase("out-of-range input names the field and its range")
    {
    }

  private:
    /// One bad input and the message it must produce.
    struct Case
    {
        std::string what;                          //!< for the failure message
        std::function<void(DualityModel&)> action; //!< the bad call, on a model with link 0
        std::string expected;                      //!< text the exception must contain
    };

    void DoRun() override
    {
        const double inf = std::numeric_limits<double>::infinity();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const std::string src = "DualityModel: source 's' (index 0): ";
        const std::vector<Case> cases{
            {"capacity 1e300",
             [](DualityModel& m) { m.AddLink("L", 1e300); },
             "DualityModel: link 'L' (index 1): capacity = 1e+300 packets/s; it must be in "
             "[0.001, 1e+12] packets/s"},
            {"capacity 1e-300",
             [](DualityModel& m) { m.AddLink("L", 1e-300); },
             "capacity = 1e-300 packets/s; it must be in [0.001, 1e+12] packets/s"},
            {"capacity inf",
             [inf](DualityModel& m) { m.AddLink("L", inf); },
             "capacity = inf packets/s; it must be in [0.001, 1e+12] packets/s"},
            {"capacity NaN",
             [nan](DualityModel& m) { m.AddLink("L", nan); },
             "packets/s; it must be in [0.001, 1e+12] packets/s"},
            // 1e300 bit/s / (8 * 1000 bytes) = 1.25e296 packets/s.
            {"capacity 1e300 bit/s",
             [](DualityModel& m) { m.AddLinkBps("L", 1e300, 1000); },
             "DualityModel: link 'L' (index 1): capacity = 1.25e+296 packets/s; it must be in "
             "[0.001, 1e+12] packets/s (1e+300 bit/s with 1000-byte packets)"},
            {"packet size 1e300",
             [](DualityModel& m) { m.AddLinkBps("L", 1e6, 1e300); },
             "packetSize = 1e+300 bytes; it must be in [1, 1e+09] bytes"},
            {"propagation delay 1e300",
             [](DualityModel& m) { m.AddSource("s", {0}, 1e300, 1); },
             src + "propagationDelay = 1e+300 s; it must be in [1e-09, 1e+06] s"},
            {"propagation delay -1",
             [](DualityModel& m) { m.AddSource("s", {0}, -1, 1); },
             src + "propagationDelay = -1 s; it must be in [1e-09, 1e+06] s"},
            {"weight 1e300",
             [](DualityModel& m) { m.AddSource("s", {0}, 0.01, 1e300); },
             src + "weight = 1e+300 packets; it must be in [1e-06, 1e+09] packets (weight = "
                   "alpha * propagation delay)"},
            {"weight NaN",
             [nan](DualityModel& m) { m.AddSource("s", {0}, 0.01, nan); },
             "packets; it must be in [1e-06, 1e+09] packets"},
            {"estimation error 1e300",
             [](DualityModel& m) { m.AddSource("s", {0}, 0.01, 1, 1e300); },
             src + "estimationError = 1e+300; it must be in [-0.999999, 1000] (> -1 so that "
                   "the baseRTT estimate (1 + eps) d stays positive)"},
            {"estimation error -1",
             [](DualityModel& m) { m.AddSource("s", {0}, 0.01, 1, -1); },
             src + "estimationError = -1; it must be in [-0.999999, 1000]"},
            {"class of 2000000 sources",
             [](DualityModel& m) { m.AddSources(2000000, "c", {0}, 0.01, 1); },
             "DualityModel: sources 'c': count = 2000000; it must be in [1, 1000000]"},
            {"tolerance inf",
             [inf](DualityModel& m) { m.Solve(inf); },
             "DualityModel: Solve(): tolerance = inf; it must be > 0 and finite"},
            {"recursion: capacity 1e300",
             [](DualityModel&) { DualityModel::PersistentCongestion(1e300, 0.01, 2000, 5); },
             "DualityModel: PersistentCongestion: capacity = 1e+300 packets/s; it must be in "
             "[0.001, 1e+12] packets/s"},
            {"recursion: alpha 1e300",
             [](DualityModel&) { DualityModel::PersistentCongestion(6000, 0.01, 1e300, 5); },
             "DualityModel: PersistentCongestion: alpha = 1e+300 packets/s; it must be in "
             "[1e-06, 1e+12] packets/s"},
            // alpha d = 1e12 * 1e6 = 1e18 packets.
            {"recursion: alpha d 1e18",
             [](DualityModel&) { DualityModel::PersistentCongestion(6000, 1e6, 1e12, 5); },
             "alpha * propagationDelay = 1e+18 packets; it must be in [1e-06, 1e+09] packets"},
            {"recursion: 100000 sources",
             [](DualityModel&) { DualityModel::PersistentCongestion(6000, 0.01, 2000, 100000); },
             "DualityModel: PersistentCongestion: nSources = 100000; it must be in [1, 10000]"},
            {"recursion: baseRttOffset 1e300",
             [](DualityModel&) { DualityModel::PersistentCongestion(6000, 0.01, 2000, 5, 1e300); },
             "baseRttOffset = 1e+300 s; it must be in [0, 1e+06] s"},
        };
        for (const Case& c : cases)
        {
            DualityModel model;
            model.AddLink("A", 100);
            std::string message = "(no exception)";
            try
            {
                c.action(model);
            }
            catch (const std::invalid_argument& e)
            {
                message = e.what();
            }
            NS_TEST_EXPECT_MSG_NE(message.find(c.expected),
                                  std::string::npos,
                                  c.what << ": got \"" << message << "\"");
            NS_TEST_EXPECT_MSG_EQ(model.GetLinks().size(), 1, c.what << ": nothing added");
            NS_TEST_EXPECT_MSG_EQ(model.GetSources().size(), 0, c.what << ": nothing added");
        }
    }
};

/**
 * \ingroup dualcc
 * Inputs at the corners of the valid ranges never crash the solver: one source with
 * eps = 1000, d = 1e6 s (e = eps d = 1e9 s) and a = (1 + eps) w = 1001e-6 packets on a link of
 * 1e12 packets/s has its equilibrium at p = e + a / c = 1e9 + 1.001e-15 s (x = c), which a
 * double cannot tell from e (the spacing of doubles near 1e9 is 1.2e-7): Solve() must report
 * that it did not converge, with a NaN rate rather than a made-up one. A network whose
 * equilibrium is representable, at the other corners, converges to the hand-computed
 * x = c, p = w / c.
 */
class DualityModelExtremeRangesTestCase : public TestCase
{
  public:
    DualityModelExtremeRangesTestCase()
        : TestCase("inputs at the ends of the ranges: no crash, failure reported")
    {
    }

  private:
    void DoRun() override
    {
        DualityModel model;
        model.AddLink("L", 1e12);
        model.AddSource("s", {0}, 1e6, 1e-6, 1e3);
        DualityModel::Solution sol = model.Solve();
        NS_TEST_EXPECT_MSG_EQ(sol.converged, false, "the equilibrium is not representable");
        NS_TEST_ASSERT_MSG_EQ(sol.sources.size(), 1, "one result per source");
        NS_TEST_ASSERT_MSG_EQ(sol.links.size(), 1, "one result per link");
        NS_TEST_EXPECT_MSG_EQ(std::isfinite(sol.sources[0].rate),
                              false,
                              "no made-up rate: " << sol.sources[0].rate);

        // One source of weight 1e9 packets on a link of 1e-3 packets/s: p = w / c = 1e12 s.
        DualityModel big;
        big.AddLink("L", 1e-3);
        big.AddSource("s", {0}, 1e6, 1e9);
        sol = big.Solve();
        NS_TEST_EXPECT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        NS_TEST_EXPECT_MSG_EQ_TOL(sol.sources[0].rate, 1e-3, Tol(1e-3, 1e-9), "x = c");
        NS_TEST_EXPECT_MSG_EQ_TOL(sol.links[0].price, 1e12, Tol(1e12, 1e-9), "p = w / c");

        // Weight 1e-6 packets on 1e12 packets/s: p = 1e-18 s.
        DualityModel small;
        small.AddLink("L", 1e12);
        small.AddSource("s", {0}, 1e-9, 1e-6);
        sol = small.Solve();
        NS_TEST_EXPECT_MSG_EQ(sol.converged, true, "KKT residual " << sol.kktResidual);
        NS_TEST_EXPECT_MSG_EQ_TOL(sol.sources[0].rate, 1e12, Tol(1e12, 1e-9), "x = c");
        NS_TEST_EXPECT_MSG_EQ_TOL(sol.links[0].price, 1e-18, Tol(1e-18, 1e-9), "p = w / c");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class DualityModelTestSuite : public TestSuite
{
  public:
    DualityModelTestSuite()
        : TestSuite("dualcc-duality-model", TestSuite::Type::UNIT)
    {
        AddTestCase(new DualityModelOneLinkTestCase);
        AddTestCase(new DualityModelChainBottleneckTestCase);
        AddTestCase(new DualityModelLinearNetworkTestCase);
        AddTestCase(new DualityModelDegenerateTestCase);
        AddTestCase(new DualityModelEstimationErrorTestCase);
        AddTestCase(new DualityModelOverheadTestCase);
        AddTestCase(new DualityModelStandingBacklogTestCase);
        // Table III, M: rates 1382, 1382, 3618, 2236, 3618, 1000 KB/s; queues 166, 268.5, 166.
        AddTestCase(new DualityModelSixClassTestCase(false,
                                                     {1382, 1382, 3618, 2236, 3618, 1000},
                                                     {166.0, 268.5, 166.0},
                                                     0.01));
        // Table IV, M: rates 1463, 1509, 2819, 1310, 2775, 1714 KB/s; queues 319.5, 2748, 432.5
        // (LA and CH printed to ~1 %: 1.5 %).
        AddTestCase(new DualityModelSixClassTestCase(true,
                                                     {1463, 1509, 2819, 1310, 2775, 1714},
                                                     {319.5, 2748, 432.5},
                                                     0.015));
        AddTestCase(new DualityModelFiveClassTestCase);
        AddTestCase(new DualityModelPersistentCongestionTestCase);
        AddTestCase(new DualityModelRecursionVsSolverTestCase);
        AddTestCase(new DualityModelBadInputTestCase);
        AddTestCase(new DualityModelOutOfRangeTestCase);
        AddTestCase(new DualityModelExtremeRangesTestCase);
    }
};

/// The suite's only instance.
static DualityModelTestSuite g_dualityModelTestSuite;
