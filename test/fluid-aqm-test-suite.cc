/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the AQM comparison's fluid laws (issue 31): RED (FluidRedLaw), REM's marking
// probability with its queue reference (FluidRemLaw) and GKVQ (FluidGkvqLaw). Expected values
// are worked out by hand from the laws' closed forms and Reno's equilibrium; none comes from the
// fluid code.

#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/fluid-gkvq-law.h"
#include "ns3/fluid-model.h"
#include "ns3/fluid-red-law.h"
#include "ns3/fluid-rem-law.h"
#include "ns3/fluid-window-reno-law.h"
#include "ns3/gkvq-queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/red-queue-disc.h"
#include "ns3/rem-queue-disc.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <memory>

using namespace ns3;

/**
 * \ingroup dualcc
 * RED's fluid law made by RedQueueDisc's traits (MinTh 20, MaxTh 60, LInterm 10, QW 0.002,
 * gentle): the marking probability by hand at the thresholds and between them, p(30) = 0.1 x
 * 10/40 = 0.025, p(90) = 0.1 + 0.9 x 30/60 = 0.55, p(120) = 1; without gentle p(61) = 1; and the
 * EWMA's derivative C ln(1 - w_q) (x - q) at C = 1000 packets/s, x = 30, q = 40:
 * 1000 x ln(0.998) x (-10) = 20.0200267 packets/s. An adaptive RED has no fluid law.
 */
class FluidRedLawTestCase : public TestCase
{
  public:
    FluidRedLawTestCase()
        : TestCase("RED's fluid law from RedQueueDisc's traits: p(x) and the average's derivative "
                   "by hand")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RedQueueDisc> disc = CreateObject<RedQueueDisc>();
        disc->SetAttribute("MaxSize", QueueSizeValue(QueueSize("200p")));
        disc->SetAttribute("MinTh", DoubleValue(20));
        disc->SetAttribute("MaxTh", DoubleValue(60));
        disc->SetAttribute("LInterm", DoubleValue(10));
        disc->SetAttribute("QW", DoubleValue(0.002));
        disc->SetAttribute("Gentle", BooleanValue(true));
        const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(disc);
        NS_TEST_ASSERT_MSG_EQ((traits.fluidLaw != nullptr), true, "RED registers a fluid law");
        const auto law = std::dynamic_pointer_cast<const FluidRedLaw>(traits.fluidLaw(disc));
        NS_TEST_ASSERT_MSG_EQ((law != nullptr), true, "the law is FluidRedLaw");
        NS_TEST_EXPECT_MSG_EQ(law->IsPhysical(), false, "the price is a probability");
        NS_TEST_EXPECT_MSG_EQ(law->GetMarkingProbabilityOf(19.9), 0, "below min_th");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetMarkingProbabilityOf(30), 0.025, 1e-15, "p(30)");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetMarkingProbabilityOf(60), 0.1, 1e-15, "p(max_th)");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetMarkingProbabilityOf(90), 0.55, 1e-15, "gentle p(90)");
        NS_TEST_EXPECT_MSG_EQ(law->GetMarkingProbabilityOf(120), 1, "p(2 max_th)");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetPrice(30, {NAN, 0, 1000}), 0.025, 1e-15, "price");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetDerivative(30, {NAN, 40, 1000}),
                                  20.0200267,
                                  1e-7,
                                  "dx/dt = C ln(1 - w_q) (x - q)");
        NS_TEST_EXPECT_MSG_EQ(law->GetDerivative(40, {NAN, 40, 1000}), 0, "x = q");
        disc->SetAttribute("Gentle", BooleanValue(false));
        NS_TEST_EXPECT_MSG_EQ(traits.fluidLaw(disc)->GetPrice(61, {NAN, 0, 1000}),
                              1,
                              "not gentle: 1 above max_th");
        disc->SetAttribute("ARED", BooleanValue(true));
        NS_TEST_EXPECT_MSG_EQ((traits.fluidLaw(disc) == nullptr), true, "adaptive: no law");
    }
};

/**
 * \ingroup dualcc
 * TCP Reno (Misra et al.'s window form, beta = 1/2: p* = 2 / W*^2) over RED ends at the fixed
 * point of Reno's p = 2 / W^2 against RED's p(q), worked out backwards by hand: with C = 1000
 * packets/s, N = 10, min_th 20, max_th 60, max_p 0.1, choose q* = 40, so p* = 0.1 x 20/40 =
 * 0.05, W*^2 = 2 / 0.05 = 40, x* = C / N = 100 packets/s, R* = W* / x* = sqrt(40) / 100 s, and
 * the propagation delay d = R* - q* / C = sqrt(40)/100 - 0.04 s. The end state: queue and
 * average 40, price 0.05, load C, within 1e-6.
 */
class FluidRedEquilibriumTestCase : public TestCase
{
  public:
    FluidRedEquilibriumTestCase()
        : TestCase(
              "Reno over RED: the fixed point of Reno's p = 2 over W^2 and RED's p(q), by hand")
    {
    }

  private:
    void DoRun() override
    {
        const double c = 1000;
        const double d = std::sqrt(40.0) / 100 - 0.04;
        FluidModel fluid;
        fluid.AddLink(
            {"L", c, 200, std::make_shared<FluidRedLaw>(FluidRedLaw::Params{20, 60, 0.1, 0.002})});
        FluidModel::Source reno{"reno", {0}, d, std::make_shared<FluidWindowRenoLaw>()};
        reno.count = 10;
        fluid.AddSource(reno);
        const FluidModel::Result r = fluid.Run({400, 1e-3, 1.0});
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].backlog, 40, 40e-6, "q* = 40");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].price, 0.05, 0.05e-6, "p* = p(40) = 0.05");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].load, c, c * 1e-6, "y = C");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endSources[0].window,
                                  std::sqrt(40.0),
                                  std::sqrt(40.0) * 1e-6,
                                  "W* = sqrt(40)");
    }
};

/**
 * \ingroup dualcc
 * REM with the AVQ paper's queue reference, from RemQueueDisc's traits (Gamma 0.001, Mu 0.1,
 * UpdateInterval 1 ms, QueueRef 50, Phi 1.001): the marking probability a Reno source reads is
 * eq. 31's 1 - phi^(-p) (p = 10: 1 - 1.001^-10 = 0.00994522, by hand), the price itself for a
 * REM source; the derivative at b = 60, y - c = 100 packets/s is 0.001 (0.1 x 10 / 0.001 + 100)
 * = 1.1 /s, and the same in byte mode (Gamma 1e-6 per byte, QueueRef 50000 bytes, MeanPktSize
 * 1000: packets of 1000 bytes). Reno (window form, beta = 1/2) over it, C = 1000 packets/s, N = 10,
 * d = 50 ms: the queue ends at q_ref = 50, the load at C, the window at W* = (C/N)(d + q_ref/C) =
 * 10 and the marking probability at 2 / W*^2 = 0.02, the price at -ln(0.98) / ln(1.001) = 20.2128
 * (1e-6).
 */
class FluidRemQueueRefTestCase : public TestCase
{
  public:
    FluidRemQueueRefTestCase()
        : TestCase("REM with qref: marking 1 - phi^-p; Reno over it: queue at qref, by hand")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RemQueueDisc> disc = CreateObject<RemQueueDisc>();
        disc->SetAttribute("MaxSize", QueueSizeValue(QueueSize("200p")));
        disc->SetAttribute("Gamma", DoubleValue(0.001));
        disc->SetAttribute("Mu", DoubleValue(0.1));
        disc->SetAttribute("QueueRef", DoubleValue(50));
        disc->SetAttribute("Phi", DoubleValue(1.001));
        disc->SetAttribute("UpdateInterval", TimeValue(MilliSeconds(1)));
        const std::shared_ptr<const FluidLinkLaw> law =
            AlgorithmTraits::GetLinkOf(disc).fluidLaw(disc);
        NS_TEST_ASSERT_MSG_EQ((law != nullptr), true, "REM registers a fluid law");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetMarkingProbability(10), 0.00994522, 1e-8, "1 - phi^(-p)");
        NS_TEST_EXPECT_MSG_EQ(law->GetPrice(10, {1100, 60, 1000}), 10, "the price is p");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetDerivative(10, {1100, 60, 1000}), 1.1, 1e-12, "dp/dt");
        // the same REM in byte mode (1000-byte packets: Gamma 1e-6 per byte, QueueRef 50000
        // bytes) is the same law in packets of MeanPktSize bytes
        Ptr<RemQueueDisc> bytes = CreateObject<RemQueueDisc>();
        bytes->SetAttribute("MaxSize", QueueSizeValue(QueueSize("200000B")));
        bytes->SetAttribute("MeanPktSize", UintegerValue(1000));
        bytes->SetAttribute("Gamma", DoubleValue(1e-6));
        bytes->SetAttribute("Mu", DoubleValue(0.1));
        bytes->SetAttribute("QueueRef", DoubleValue(50000));
        bytes->SetAttribute("UpdateInterval", TimeValue(MilliSeconds(1)));
        NS_TEST_EXPECT_MSG_EQ_TOL(
            AlgorithmTraits::GetLinkOf(bytes).fluidLaw(bytes)->GetDerivative(10, {1100, 60, 1000}),
            1.1,
            1e-12,
            "byte mode: dp/dt in packets of MeanPktSize");

        const double c = 1000;
        FluidModel fluid;
        fluid.AddLink({"L", c, 200, law});
        FluidModel::Source reno{"reno", {0}, 0.05, std::make_shared<FluidWindowRenoLaw>()};
        reno.count = 10;
        fluid.AddSource(reno);
        const FluidModel::Result r = fluid.Run({600, 1e-3, 1.0});
        const double price = -std::log(0.98) / std::log(1.001);
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].backlog, 50, 50e-6, "q = q_ref");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].load, c, c * 1e-6, "y = C");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endSources[0].window, 10, 10e-6, "W* = 10");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.endLinks[0].price, price, price * 1e-6, "1 - phi^-p = 0.02");
    }
};

/**
 * \ingroup dualcc
 * GKVQ's fluid law from GkvqQueueDisc's traits (Theta 0.9, MaxSize 100 packets: a virtual
 * buffer of 90): dv/dt = y - 0.9 C (1100 - 900 = 200 packets/s at C = 1000), 0 at an empty
 * virtual queue with y < 0.9 C and at a full one with y > 0.9 C; the mode by hand: a step that
 * reaches 90 starts an episode (price 1, v = 90), which lasts while v > 0 and ends at v = 0
 * (price 0).
 */
class FluidGkvqLawTestCase : public TestCase
{
  public:
    FluidGkvqLawTestCase()
        : TestCase("GKVQ's fluid law from GkvqQueueDisc's traits: the derivative and the episodes "
                   "by hand")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GkvqQueueDisc> disc = CreateObject<GkvqQueueDisc>();
        disc->SetAttribute("MaxSize", QueueSizeValue(QueueSize("100p")));
        disc->SetAttribute("Theta", DoubleValue(0.9));
        const auto law = std::dynamic_pointer_cast<const FluidGkvqLaw>(
            AlgorithmTraits::GetLinkOf(disc).fluidLaw(disc));
        NS_TEST_ASSERT_MSG_EQ((law != nullptr), true, "GKVQ registers FluidGkvqLaw");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetDerivative(10, {1100, 0, 1000}), 200, 1e-9, "dv/dt");
        NS_TEST_EXPECT_MSG_EQ(law->GetDerivative(0, {800, 0, 1000}), 0, "empty");
        NS_TEST_EXPECT_MSG_EQ(law->GetPrice(89.9, {NAN, 0, 1000}), 0, "no episode");
        const double overflow = law->Project(90.2, 1000);
        NS_TEST_EXPECT_MSG_EQ(law->IsMarking(overflow), true, "an overflow starts an episode");
        NS_TEST_EXPECT_MSG_EQ(law->GetVirtualQueue(overflow), 90, "v held at theta B");
        NS_TEST_EXPECT_MSG_EQ(law->GetPrice(overflow, {NAN, 0, 1000}), 1, "every packet marked");
        NS_TEST_EXPECT_MSG_EQ(law->GetDerivative(overflow, {1100, 0, 1000}), 0, "full");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetDerivative(overflow, {800, 0, 1000}),
                                  -100,
                                  1e-9,
                                  "draining during the episode");
        const double draining = law->Project(overflow - 60, 1000); // v = 30
        NS_TEST_EXPECT_MSG_EQ(law->IsMarking(draining), true, "v = 30 > 0: the episode goes on");
        NS_TEST_EXPECT_MSG_EQ_TOL(law->GetVirtualQueue(draining), 30, 1e-9, "v = 30");
        const double empty = law->Project(draining - 30.5, 1000);
        NS_TEST_EXPECT_MSG_EQ(law->IsMarking(empty), false, "v = 0: the episode ends");
        NS_TEST_EXPECT_MSG_EQ(law->GetPrice(empty, {NAN, 0, 1000}), 0, "no mark");
        NS_TEST_EXPECT_MSG_EQ(law->GetVirtualQueue(empty), 0, "v = 0");
    }
};

/**
 * \ingroup dualcc
 * \brief The AQM comparison's fluid laws.
 */
class FluidAqmTestSuite : public TestSuite
{
  public:
    FluidAqmTestSuite()
        : TestSuite("dualcc-fluid-aqm", TestSuite::Type::UNIT)
    {
        AddTestCase(new FluidRedLawTestCase);
        AddTestCase(new FluidRedEquilibriumTestCase);
        AddTestCase(new FluidRemQueueRefTestCase);
        AddTestCase(new FluidGkvqLawTestCase);
    }
};

/// The suite's instance.
static FluidAqmTestSuite g_fluidAqmTestSuite;
