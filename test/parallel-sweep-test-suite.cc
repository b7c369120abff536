/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of ParallelSweep: results come back in point order and in full precision whatever the
// number of jobs, and each point runs in its own process.

#include "check-config-abort-test-case.h"

#include "ns3/parallel-sweep.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdlib>
#include <limits>

using namespace ns3;

namespace
{

/// Changed by the point function; the parent's copy must stay 0 (each point is a child).
int g_sideEffect = 0;

/// A point's numbers, chosen so that a lost digit, a swapped point or a lost NaN shows.
std::vector<double>
PointValues(std::size_t i)
{
    g_sideEffect += 1;
    return {static_cast<double>(i),
            1.0 / 3.0 + static_cast<double>(i),
            1e-300 * static_cast<double>(i + 1),
            static_cast<double>(g_sideEffect),
            std::numeric_limits<double>::quiet_NaN()};
}

/// Point 0 fails (its process exits with status 5); the others return one number.
std::vector<double>
FirstPointFails(std::size_t i)
{
    if (i == 0)
    {
        std::_Exit(5);
    }
    return {static_cast<double>(i)};
}

/// A sweep of 4 points, one at a time, whose first point fails while three are unstarted.
void
SweepOneJob()
{
    ParallelSweep(1).Run(4, FirstPointFails);
}

/// The same with two jobs: point 1 is running when point 0 fails; points 2 and 3 never start.
void
SweepTwoJobs()
{
    ParallelSweep(2).Run(4, FirstPointFails);
}

} // namespace

/**
 * \ingroup dualcc
 * Order, precision and process isolation, with one and with three jobs.
 */
class ParallelSweepResultsTestCase : public TestCase
{
  public:
    /// \param jobs points at once
    explicit ParallelSweepResultsTestCase(unsigned jobs)
        : TestCase("results in order and full precision with " + std::to_string(jobs) + " job(s)"),
          m_jobs(jobs)
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t points = 7;
        ParallelSweep sweep(m_jobs);
        auto results = sweep.Run(points, PointValues);
        NS_TEST_ASSERT_MSG_EQ(results.size(), points, "one result per point");
        for (std::size_t i = 0; i < points; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(results[i].size(), 5, "five numbers at point " << i);
            NS_TEST_EXPECT_MSG_EQ(results[i][0], static_cast<double>(i), "point order");
            NS_TEST_EXPECT_MSG_EQ(results[i][1],
                                  1.0 / 3.0 + static_cast<double>(i),
                                  "all 17 digits survive the pipe");
            NS_TEST_EXPECT_MSG_EQ(results[i][2],
                                  1e-300 * static_cast<double>(i + 1),
                                  "tiny numbers survive the pipe");
            // Each point runs in a fresh child: it sees the parent's counter (0) plus its own 1.
            NS_TEST_EXPECT_MSG_EQ(results[i][3], 1.0, "each point runs in its own process");
            NS_TEST_EXPECT_MSG_EQ(std::isnan(results[i][4]), true, "NaN survives the pipe");
        }
        NS_TEST_EXPECT_MSG_EQ(g_sideEffect, 0, "the parent never ran a point");
    }

    unsigned m_jobs; //!< points at once
};

/**
 * \ingroup dualcc
 * A sweep with no points returns nothing; the processor count is at least one.
 */
class ParallelSweepEdgeTestCase : public TestCase
{
  public:
    ParallelSweepEdgeTestCase()
        : TestCase("no points; processor count")
    {
    }

  private:
    void DoRun() override
    {
        ParallelSweep sweep(2);
        NS_TEST_EXPECT_MSG_EQ(sweep.Run(0, PointValues).size(), 0, "no points, no results");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(ParallelSweep::GetProcessorCount(), 1U, "at least one CPU");
    }
};

/**
 * \ingroup dualcc
 * Results far longer than a pipe's buffer (64 KiB on Linux) come back whole: 200 000 numbers per
 * point, 2 jobs (the parent reads the pipes while the children write; before, a child blocked
 * on its full pipe and the sweep never ended).
 */
class ParallelSweepLongResultsTestCase : public TestCase
{
  public:
    ParallelSweepLongResultsTestCase()
        : TestCase("results longer than a pipe's buffer")
    {
    }

  private:
    void DoRun() override
    {
        constexpr std::size_t count = 200000;
        const auto results = ParallelSweep(2).Run(3, [](std::size_t point) {
            std::vector<double> values(count);
            for (std::size_t i = 0; i < count; ++i)
            {
                values[i] = point + i * 0.25;
            }
            return values;
        });
        NS_TEST_ASSERT_MSG_EQ(results.size(), 3, "every point");
        for (std::size_t point = 0; point < 3; ++point)
        {
            NS_TEST_EXPECT_MSG_EQ(results[point].size(), count, "point " << point);
            NS_TEST_EXPECT_MSG_EQ(results[point].back(),
                                  point + (count - 1) * 0.25,
                                  "point " << point << "'s last number");
        }
    }
};

/**
 * \ingroup dualcc
 * The ParallelSweep suite.
 */
class ParallelSweepTestSuite : public TestSuite
{
  public:
    ParallelSweepTestSuite()
        : TestSuite("dualcc-parallel-sweep", TestSuite::Type::UNIT)
    {
        AddTestCase(new ParallelSweepResultsTestCase(1));
        AddTestCase(new ParallelSweepResultsTestCase(3));
        AddTestCase(new ParallelSweepEdgeTestCase());
        AddTestCase(new ParallelSweepLongResultsTestCase());
#ifdef DUALCC_HAVE_FORK
        // A failing point while others are unstarted: the sweep reports the failure (it used to
        // wait for children that were never started and abort with "waitpid() failed: No child
        // processes").
        const std::string failed =
            "ParallelSweep: 1 point(s) failed:\n  point 0 exited with status 5";
        AddTestCase(new AbortTestCase("a failing point is reported (1 job)", &SweepOneJob, failed));
        AddTestCase(
            new AbortTestCase("a failing point is reported (2 jobs)", &SweepTwoJobs, failed));
#endif
    }
};

/// The suite's instance.
static ParallelSweepTestSuite g_parallelSweepTestSuite;
