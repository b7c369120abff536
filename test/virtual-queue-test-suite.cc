/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// VirtualQueue alone: every expected value is worked out by hand in the comments from the
// pseudo-code of Kunniyur and Srikant (SIGCOMM 2001, §2). No simulation: times are passed in.

#include "throws-invalid-argument.h"

#include "ns3/test.h"
#include "ns3/virtual-queue.h"

#include <functional>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{
/// Absolute tolerance for values that are exact up to double rounding.
constexpr double EPS = 1e-9;
} // namespace

/**
 * \ingroup dualcc
 * Drain(): VQ <- max(VQ - C~ (t - s), 0), over each interval once.
 */
class VirtualQueueDrainTestCase : public TestCase
{
  public:
    VirtualQueueDrainTestCase()
        : TestCase("Drain serves VQ at C~, never below 0, each interval once")
    {
    }

  private:
    void DoRun() override
    {
        VirtualQueue vq;
        // C = 10 units/s, gamma = 0.5, alpha = 0.2, C~ = 4 units/s, reset at t = 0.
        vq.Reset(10, 0.5, 0.2, 4, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 0, EPS, "empty after Reset");
        vq.Add(2);
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 2, EPS, "VQ = 0 + 2");
        vq.Drain(Seconds(0.25));
        // 2 - 4 * 0.25 = 1
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 1, EPS, "VQ = 2 - 4 * 0.25");
        vq.Drain(Seconds(0.25));
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 1, EPS, "draining [0, 0.25] again does nothing");
        vq.Drain(Seconds(1));
        // max(1 - 4 * 0.75, 0) = max(-2, 0) = 0
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 0, EPS, "VQ = max(1 - 3, 0)");
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetVirtualCapacity(), 4, EPS, "Drain leaves C~ alone");
    }
};

/**
 * \ingroup dualcc
 * Adapt(): C~ <- max(min(C~ + alpha gamma C (t - s), C) - alpha b, 0).
 */
class VirtualQueueAdaptTestCase : public TestCase
{
  public:
    VirtualQueueAdaptTestCase()
        : TestCase("Adapt adds alpha gamma C tokens per second up to C and takes alpha b")
    {
    }

  private:
    void DoRun() override
    {
        VirtualQueue vq;
        // C = 10, gamma = 0.5, alpha = 0.2: tokens at alpha gamma C = 1 unit/s per second;
        // each counted unit takes alpha = 0.2.
        vq.Reset(10, 0.5, 0.2, 4, Seconds(0));
        vq.Adapt(Seconds(0.5), 1);
        // max(min(4 + 1 * 0.5, 10) - 0.2 * 1, 0) = 4.3
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetVirtualCapacity(), 4.3, EPS, "4 + 0.5 - 0.2");
        vq.Adapt(Seconds(0.5), 0);
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetVirtualCapacity(), 4.3, EPS, "no time, nothing counted");
        vq.Adapt(Seconds(10.5), 0);
        // min(4.3 + 1 * 10, 10) - 0 = 10: capped at C
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetVirtualCapacity(), 10, EPS, "capped at C");
        vq.Adapt(Seconds(10.5), 100);
        // max(min(10 + 0, 10) - 0.2 * 100, 0) = max(-10, 0) = 0
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetVirtualCapacity(), 0, EPS, "clamped at 0");
        vq.Add(3);
        vq.Drain(Seconds(20));
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 3, EPS, "C~ = 0 serves nothing");
        vq.Adapt(Seconds(11), 1);
        // The cap applies before the depletion: max(min(0 + 1 * 0.5, 10) - 0.2, 0) = 0.3
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetVirtualCapacity(), 0.3, EPS, "0 + 0.5 - 0.2");
    }
};

/**
 * \ingroup dualcc
 * Arrive(): the fictitious packet joins unless VQ + b > B (strictly).
 */
class VirtualQueueArriveTestCase : public TestCase
{
  public:
    VirtualQueueArriveTestCase()
        : TestCase("Arrive drains, then adds b unless VQ + b > B")
    {
    }

  private:
    void DoRun() override
    {
        VirtualQueue vq;
        vq.Reset(10, 1, 0.1, 2, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(vq.Arrive(Seconds(0), 3, 3), false, "0 + 3 <= 3 fits");
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 3, EPS, "VQ = 3");
        NS_TEST_EXPECT_MSG_EQ(vq.Arrive(Seconds(0), 0.5, 3), true, "3 + 0.5 > 3 overflows");
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 3, EPS, "overflow leaves VQ unchanged");
        // At t = 0.5: 3 - 2 * 0.5 = 2; 2 + 1 = 3 <= 3 fits.
        NS_TEST_EXPECT_MSG_EQ(vq.Arrive(Seconds(0.5), 1, 3), false, "2 + 1 <= 3 fits");
        NS_TEST_EXPECT_MSG_EQ_TOL(vq.GetLength(), 3, EPS, "VQ = 3 - 1 + 1");
    }
};

/**
 * \ingroup dualcc
 * Reset() rejects bad parameters, naming them.
 */
class VirtualQueueBadInputTestCase : public TestCase
{
  public:
    VirtualQueueBadInputTestCase()
        : TestCase("Reset rejects bad parameters, naming them")
    {
    }

  private:
    void DoRun() override
    {
        VirtualQueue vq;
        const Time t = Seconds(0);
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([&] { vq.Reset(0, 1, 0.1, 0, t); }, "capacity"),
                              true,
                              "C = 0");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&] { vq.Reset(10, 0, 0.1, 5, t); }, "desiredUtilization"),
            true,
            "gamma = 0");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&] { vq.Reset(10, 1.01, 0.1, 5, t); }, "desiredUtilization"),
            true,
            "gamma > 1");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([&] { vq.Reset(10, 1, 0, 5, t); }, "alpha"),
                              true,
                              "alpha = 0");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&] { vq.Reset(10, 1, 0.1, 11, t); }, "initialVirtualCapacity"),
            true,
            "C~ > C");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&] { vq.Reset(10, 1, 0.1, -1, t); }, "initialVirtualCapacity"),
            true,
            "C~ < 0");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([&] { vq.Reset(10, 1, 0.1, 10, t); }, ""),
                              false,
                              "C~ = C is accepted");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class VirtualQueueTestSuite : public TestSuite
{
  public:
    VirtualQueueTestSuite()
        : TestSuite("dualcc-virtual-queue", TestSuite::Type::UNIT)
    {
        AddTestCase(new VirtualQueueDrainTestCase);
        AddTestCase(new VirtualQueueAdaptTestCase);
        AddTestCase(new VirtualQueueArriveTestCase);
        AddTestCase(new VirtualQueueBadInputTestCase);
    }
};

/// The suite's only instance.
static VirtualQueueTestSuite g_virtualQueueTestSuite;
