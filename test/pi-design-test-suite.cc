/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PiDesign: the PI controller's design rule (Hollot, Misra, Towsley and Gong, INFOCOM 2001)
// against numbers worked out by hand from the rule's closed forms (intermediate values in the
// comments, for a calculator), against ns-2's default gains (the paper's printed controller,
// sampled), and against the loop evaluated from the uncancelled plant with complex arithmetic
// (the unit gain and the phase margin at the crossover), not from the simplified formula.

#include "throws-invalid-argument.h"

#include "ns3/pi-design.h"
#include "ns3/test.h"

#include <complex>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{

/// The paper's example: 15 Mb/s of 500-byte packets = 15e6 / 4000 = 3750 packets/s.
constexpr double EXAMPLE_CAPACITY = 3750;
/// The paper's example: N- = 60 flows.
constexpr double EXAMPLE_FLOWS = 60;
/// The paper's example: R+ = 0.246 s.
constexpr double EXAMPLE_RTT = 0.246;

/**
 * The open loop L(j omega) = C(j omega) P(j omega) from the model as printed, without the
 * cancellation: C(s) = K (s/z + 1) / s, P(s) = (C^2 / (2N)) e^(-sR) / ((s + 2N/(R^2 C))(s + 1/R)).
 */
std::complex<double>
Loop(double omega, double gain, double zero, double capacity, double flows, double rtt)
{
    const std::complex<double> s(0, omega);
    const std::complex<double> controller = gain * (s / zero + 1.0) / s;
    const std::complex<double> plant = (capacity * capacity / (2 * flows)) * std::exp(-s * rtt) /
                                       ((s + 2 * flows / (rtt * rtt * capacity)) * (s + 1 / rtt));
    return controller * plant;
}

} // namespace

/**
 * \ingroup dualcc
 * Steps 1 and 2 at the paper's example, by hand.
 */
class PiDesignExampleTestCase : public TestCase
{
  public:
    PiDesignExampleTestCase()
        : TestCase("z, K and phase margin at C = 3750, N- = 60, R+ = 0.246 s (the paper's)")
    {
    }

  private:
    void DoRun() override
    {
        const PiDesign design(EXAMPLE_CAPACITY, EXAMPLE_FLOWS, EXAMPLE_RTT);
        // z = 2 * 60 / (0.246^2 * 3750) = 120 / (0.060516 * 3750) = 120 / 226.935
        //   = 0.52878578 rad/s (the paper: 0.53).
        NS_TEST_EXPECT_MSG_EQ_TOL(design.GetTcpPole(), 0.52878578, 1e-8, "TCP pole");
        const PiDesign::Controller c = design.GetController();
        NS_TEST_EXPECT_MSG_EQ_TOL(c.zero, 0.52878578, 1e-8, "zero");
        NS_TEST_EXPECT_MSG_EQ_TOL(c.crossover, 0.52878578, 1e-8, "crossover at the TCP pole");
        NS_TEST_EXPECT_MSG_EQ_TOL(c.queuePole, 4.0650407, 1e-7, "1/R+ = 1/0.246");
        // (R C)^3 / (2N)^2 = 922.5^3 / 120^2 = 785053265.625 / 14400 = 54517.588;
        // omega_g R = 0.52878578 * 0.246 = 0.13008130, sqrt(1 + 0.13008130^2) = 1.0084251;
        // K = 0.52878578 * 1.0084251 / 54517.588 = 9.78108e-6 (the paper prints 9.6438e-6).
        NS_TEST_EXPECT_MSG_EQ_TOL(c.gain, 9.78108e-6, 1e-10, "K");
        // pi/2 - 0.13008130 - arctan(0.13008130) = 1.5707963 - 0.1300813 - 0.1293550
        //   = 1.3113600 rad (75.1 degrees).
        NS_TEST_EXPECT_MSG_EQ_TOL(c.phaseMargin, 1.3113600, 1e-6, "phase margin");
    }
};

/**
 * \ingroup dualcc
 * Step 3: the paper's printed controller 9.6438e-6 (s/0.53 + 1)/s sampled at 160 Hz gives ns-2's
 * default gains.
 */
class PiDesignDiscretizeTestCase : public TestCase
{
  public:
    PiDesignDiscretizeTestCase()
        : TestCase("bilinear transform of 9.6438e-6 (s:0.53 + 1):s at 160 Hz gives ns-2's A and B")
    {
    }

  private:
    void DoRun() override
    {
        const PiDesign::Coefficients k = PiDesign::Discretize(9.6438e-6, 0.53, 160);
        // K/z = 9.6438e-6 / 0.53 = 1.8195849e-5; K/(2w) = 9.6438e-6 / 320 = 3.0136875e-8;
        // A = 1.8225986e-5, B = 1.8165712e-5.
        NS_TEST_EXPECT_MSG_EQ_TOL(k.a, 1.8225986e-5, 1e-12, "A");
        NS_TEST_EXPECT_MSG_EQ_TOL(k.b, 1.8165712e-5, 1e-12, "B");
        NS_TEST_EXPECT_MSG_EQ(k.samplingFrequency, 160, "w");
        // ns-2's Queue/PI defaults, a_ = 1.822e-5 and b_ = 1.816e-5: the same four digits.
        NS_TEST_EXPECT_MSG_EQ_TOL(k.a, 1.822e-5, 0.0005 * 1.822e-5, "ns-2's a_");
        NS_TEST_EXPECT_MSG_EQ_TOL(k.b, 1.816e-5, 0.0005 * 1.816e-5, "ns-2's b_");
        // At the lowest frequency allowed, w = z/2: B = 0.
        NS_TEST_EXPECT_MSG_EQ_TOL(PiDesign::Discretize(1e-5, 2, 1).b, 0, 1e-20, "B at w = z/2");
        // Design() at a second network (10 Mb/s of 1000-byte packets = 1250 packets/s, N- = 40,
        // R+ = 0.13 s, w = 170 Hz): z = 80 / (0.0169 * 1250) = 3.7869822 rad/s,
        // (R C)^3 / (2N)^2 = 162.5^3 / 6400 = 670.47119, omega_g R = 0.49230769,
        // K = 3.7869822 * sqrt(1 + 0.24236686) / 670.47119 = 6.2956138e-3,
        // A = K/z + K/340 = 1.6624355e-3 + 1.8516511e-5 = 1.6809520e-3, B = 1.6439190e-3.
        const PiDesign::Coefficients d = PiDesign(1250, 40, 0.13).Design(170);
        NS_TEST_EXPECT_MSG_EQ_TOL(d.a, 1.6809520e-3, 1e-9, "A, second network");
        NS_TEST_EXPECT_MSG_EQ_TOL(d.b, 1.6439190e-3, 1e-9, "B, second network");
    }
};

/**
 * \ingroup dualcc
 * The loop from the uncancelled plant: |L(j omega_g)| = 1 and pi + arg L(j omega_g) is the
 * reported phase margin, at the TCP pole and at another crossover.
 */
class PiDesignLoopTestCase : public TestCase
{
  public:
    PiDesignLoopTestCase()
        : TestCase("unit loop gain and phase margin at the crossover, from the plant")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            double capacity;
            double flows;
            double rtt;
            double crossover; // 0: the TCP pole
        };

        for (const Case& k : {Case{EXAMPLE_CAPACITY, EXAMPLE_FLOWS, EXAMPLE_RTT, 0},
                              Case{EXAMPLE_CAPACITY, EXAMPLE_FLOWS, EXAMPLE_RTT, 0.3},
                              Case{1250, 40, 0.13, 0}})
        {
            const PiDesign design(k.capacity, k.flows, k.rtt);
            const PiDesign::Controller c =
                k.crossover > 0 ? design.GetController(k.crossover) : design.GetController();
            const std::complex<double> l =
                Loop(c.crossover, c.gain, c.zero, k.capacity, k.flows, k.rtt);
            NS_TEST_EXPECT_MSG_EQ_TOL(std::abs(l), 1.0, 1e-9, "|L| at omega_g = " << c.crossover);
            // arg L lies in (-pi, 0) for these margins: pi + arg L is the margin.
            NS_TEST_EXPECT_MSG_EQ_TOL(std::acos(-1.0) + std::arg(l),
                                      c.phaseMargin,
                                      1e-9,
                                      "phase margin at omega_g = " << c.crossover);
        }
    }
};

/**
 * \ingroup dualcc
 * Bad input throws std::invalid_argument naming the parameter.
 */
class PiDesignBadInputTestCase : public TestCase
{
  public:
    PiDesignBadInputTestCase()
        : TestCase("bad input names the parameter")
    {
    }

  private:
    void DoRun() override
    {
        const double inf = std::numeric_limits<double>::infinity();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([] { PiDesign(0, 60, 0.2); }, "capacity"),
                              true,
                              "C = 0");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([inf] { PiDesign(inf, 60, 0.2); }, "capacity"),
                              true,
                              "C = inf");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([] { PiDesign(3750, -1, 0.2); }, "minFlows"),
                              true,
                              "N < 0");
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([nan] { PiDesign(3750, 60, nan); }, "maxRtt"),
                              true,
                              "R = NaN");
        const PiDesign design(EXAMPLE_CAPACITY, EXAMPLE_FLOWS, EXAMPLE_RTT);
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([&] { design.GetController(0); }, "crossover"),
                              true,
                              "omega_g = 0");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([] { PiDesign::Discretize(0, 0.5, 160); }, "gain"),
            true,
            "K = 0");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([] { PiDesign::Discretize(1e-5, 0, 160); }, "zero"),
            true,
            "z = 0");
        // w below z/2 = 1 Hz would make B negative.
        NS_TEST_EXPECT_MSG_EQ(ThrowsInvalidArgument([] { PiDesign::Discretize(1e-5, 2, 0.99); },
                                                    "samplingFrequency must be >= zero/2 = 1 Hz"),
                              true,
                              "w < z/2");
        NS_TEST_EXPECT_MSG_EQ(
            ThrowsInvalidArgument([&] { design.Design(inf); }, "samplingFrequency"),
            true,
            "w = inf");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class PiDesignTestSuite : public TestSuite
{
  public:
    PiDesignTestSuite()
        : TestSuite("dualcc-pi-design", TestSuite::Type::UNIT)
    {
        AddTestCase(new PiDesignExampleTestCase);
        AddTestCase(new PiDesignDiscretizeTestCase);
        AddTestCase(new PiDesignLoopTestCase);
        AddTestCase(new PiDesignBadInputTestCase);
    }
};

/// The suite's only instance.
static PiDesignTestSuite g_piDesignTestSuite;
