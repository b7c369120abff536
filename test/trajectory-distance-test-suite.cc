/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of TrajectoryDistance, the fluid-vs-packet distance (issue 31 item 4): hand-made series
// whose distance is computed by hand.

#include "ns3/test.h"
#include "ns3/trajectory-distance.h"

#include <cmath>

using namespace ns3;

/**
 * \ingroup dualcc
 * Two hand-made series with a known distance: the window, the pairing by time and the
 * normalisation by the fluid values.
 */
class TrajectoryDistanceKnownTestCase : public TestCase
{
  public:
    TrajectoryDistanceKnownTestCase()
        : TestCase("hand-made series with a known distance")
    {
    }

  private:
    void DoRun() override
    {
        // In [1, 3]: |3 - 2| + |5 - 4| + |7 - 8| = 3 over 2 + 4 + 8 = 14: 300 / 14 %. The packet
        // point at 1.5 has no fluid partner, the fluid's at 4 none in the packet series, and the
        // points at 0 (difference 1) lie before the window.
        const PlotWriter::Points packet{{0, 1}, {1, 3}, {1.5, 100}, {2, 5}, {3, 7}};
        const PlotWriter::Points fluid{{0, 2}, {1, 2}, {2, 4}, {3, 8}, {4, 9}};
        NS_TEST_EXPECT_MSG_EQ_TOL(TrajectoryDistance::GetPercent(packet, fluid, 1, 3),
                                  300.0 / 14,
                                  1e-12,
                                  "window [1, 3]");
        // The whole series: (1 + 3) / (2 + 14) = 25 %.
        NS_TEST_EXPECT_MSG_EQ_TOL(TrajectoryDistance::GetPercent(packet, fluid, 0, 10),
                                  25.0,
                                  1e-12,
                                  "window [0, 10]");
        // A trajectory 10 % above the fluid's everywhere, on a grid of 0.1 s (times summed, not
        // exact decimals: paired within the tolerance), a NaN left out.
        PlotWriter::Points high;
        PlotWriter::Points model;
        double t = 0;
        for (int i = 0; i < 50; ++i, t += 0.1)
        {
            const double f = 2 + std::sin(i);
            model.emplace_back(i * 0.1, f);
            high.emplace_back(t, i == 7 ? std::nan("") : 1.1 * f);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(TrajectoryDistance::GetPercent(high, model, 0.5, 5),
                                  10.0,
                                  1e-9,
                                  "10 % above");
        // An empty fluid trajectory, or no pair in the window: no distance.
        const PlotWriter::Points zero{{1, 0}, {2, 0}};
        NS_TEST_EXPECT_MSG_EQ(std::isnan(TrajectoryDistance::GetPercent(packet, zero, 0, 10)),
                              true,
                              "fluid all zero");
        NS_TEST_EXPECT_MSG_EQ(std::isnan(TrajectoryDistance::GetPercent(packet, fluid, 5, 6)),
                              true,
                              "no pair in the window");
        // The mean absolute difference: (0 - 1, 4 - 1, 0 - 1) -> 5 / 3 over [0, 2]; 3 at 1 alone;
        // it has a value where the fluid's is all zero (the mean of |p| at the pairs).
        const PlotWriter::Points spiky{{0, 0}, {1, 4}, {2, 0}};
        const PlotWriter::Points flat{{0, 1}, {1, 1}, {2, 1}};
        NS_TEST_EXPECT_MSG_EQ_TOL(TrajectoryDistance::GetMeanAbsolute(spiky, flat, 0, 2),
                                  5.0 / 3,
                                  1e-12,
                                  "mean absolute, [0, 2]");
        NS_TEST_EXPECT_MSG_EQ_TOL(TrajectoryDistance::GetMeanAbsolute(spiky, flat, 0.5, 1.5),
                                  3.0,
                                  1e-12,
                                  "mean absolute, [0.5, 1.5]");
        NS_TEST_EXPECT_MSG_EQ_TOL(TrajectoryDistance::GetMeanAbsolute(packet, zero, 0, 10),
                                  4.0,
                                  1e-12,
                                  "mean absolute against zeros: (3 + 5) / 2");
        NS_TEST_EXPECT_MSG_EQ(std::isnan(TrajectoryDistance::GetMeanAbsolute(packet, fluid, 5, 6)),
                              true,
                              "mean absolute, no pair in the window");
    }
};

/**
 * \ingroup dualcc
 * The TrajectoryDistance suite.
 */
class TrajectoryDistanceTestSuite : public TestSuite
{
  public:
    TrajectoryDistanceTestSuite()
        : TestSuite("dualcc-trajectory-distance", TestSuite::Type::UNIT)
    {
        AddTestCase(new TrajectoryDistanceKnownTestCase());
    }
};

/// The suite's instance.
static TrajectoryDistanceTestSuite g_trajectoryDistanceTestSuite;
