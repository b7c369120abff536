/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit test of LastSampleRttEstimator: congestion control gets the last sample, the timer RFC
// 6298's srtt and rttvar (values worked out by hand below).

#include "ns3/core-module.h"
#include "ns3/last-sample-rtt-estimator.h"
#include "ns3/test.h"

using namespace ns3;

/**
 * \ingroup dualcc
 * Samples 100, 200, 50 ms with RFC 6298's gains 1/8 and 1/4, by hand:
 *  - 100: srtt 100, rttvar 50 (R/2); estimate 100; variation (100 + 200 - 100) / 4 = 50;
 *  - 200: rttvar 0.75 x 50 + 0.25 x |100 - 200| = 62.5, srtt 0.875 x 100 + 0.125 x 200 = 112.5;
 *    estimate 200; variation (112.5 + 250 - 200) / 4 = 40.625;
 *  - 50: rttvar 0.75 x 62.5 + 0.25 x 62.5 = 62.5, srtt 0.875 x 112.5 + 0.125 x 50 = 104.6875;
 *    estimate 50; variation (104.6875 + 250 - 50) / 4 = 76.171875.
 *  - 1000: rttvar 0.75 x 62.5 + 0.25 x 895.3125 = 270.703125, srtt 216.6015625; variation
 *    (216.6015625 + 1082.8125 - 1000) / 4 = 74.853515625.
 * So the socket's timeout, estimate + 4 variation, is srtt + 4 rttvar. Reset() forgets the
 * samples; Copy() keeps them. Made by an ObjectFactory (as TcpL4Protocol makes it) with Alpha
 * 0.5 and Beta 0.5: samples 100, 200 give srtt 150 and rttvar 0.5 x 50 + 0.5 x 100 = 75 (the
 * attributes reach the object on every ns-3 version).
 */
class LastSampleRttEstimatorTestCase : public TestCase
{
  public:
    LastSampleRttEstimatorTestCase()
        : TestCase("LastSampleRttEstimator: last sample to congestion control, RFC 6298 timer")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<LastSampleRttEstimator> e = CreateObject<LastSampleRttEstimator>();
        const double tol = 1e-6; // ms

        struct Step
        {
            double sample;    //!< ms
            double srtt;      //!< ms
            double rttvar;    //!< ms
            double variation; //!< ms
        };

        const Step steps[] = {{100, 100, 50, 50},
                              {200, 112.5, 62.5, 40.625},
                              {50, 104.6875, 62.5, 76.171875},
                              {1000, 216.6015625, 270.703125, 74.853515625}};
        for (const Step& s : steps)
        {
            e->Measurement(MicroSeconds(static_cast<int64_t>(s.sample * 1000)));
            NS_TEST_EXPECT_MSG_EQ_TOL(e->GetEstimate().GetSeconds() * 1000,
                                      s.sample,
                                      tol,
                                      "the estimate is the last sample");
            NS_TEST_EXPECT_MSG_EQ_TOL(e->GetSmoothedRtt().GetSeconds() * 1000, s.srtt, tol, "srtt");
            NS_TEST_EXPECT_MSG_EQ_TOL(e->GetRttVariation().GetSeconds() * 1000,
                                      s.rttvar,
                                      tol,
                                      "rttvar");
            NS_TEST_EXPECT_MSG_EQ_TOL(e->GetVariation().GetSeconds() * 1000,
                                      s.variation,
                                      tol,
                                      "variation: estimate + 4 variation = srtt + 4 rttvar");
        }
        Ptr<RttEstimator> copy = e->Copy();
        NS_TEST_EXPECT_MSG_EQ(copy->GetNSamples(), 4, "Copy() keeps the samples");
        NS_TEST_EXPECT_MSG_EQ(copy->GetEstimate(), e->GetEstimate(), "Copy() keeps the estimate");
        e->Reset();
        NS_TEST_EXPECT_MSG_EQ(e->GetNSamples(), 0, "Reset() forgets");
        NS_TEST_EXPECT_MSG_EQ(e->GetSmoothedRtt(), Time(0), "Reset(): srtt 0");
        e->Measurement(MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(e->GetRttVariation(), MilliSeconds(50), "first sample again: R/2");

        ObjectFactory factory;
        factory.SetTypeId(LastSampleRttEstimator::GetTypeId());
        factory.Set("Alpha", DoubleValue(0.5));
        factory.Set("Beta", DoubleValue(0.5));
        Ptr<LastSampleRttEstimator> made = factory.Create<LastSampleRttEstimator>();
        made->Measurement(MilliSeconds(100));
        made->Measurement(MilliSeconds(200));
        NS_TEST_EXPECT_MSG_EQ(made->GetSmoothedRtt(), MilliSeconds(150), "Alpha 0.5 applied");
        NS_TEST_EXPECT_MSG_EQ(made->GetRttVariation(), MilliSeconds(75), "Beta 0.5 applied");
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class LastSampleRttEstimatorTestSuite : public TestSuite
{
  public:
    LastSampleRttEstimatorTestSuite()
        : TestSuite("dualcc-last-sample-rtt-estimator", TestSuite::Type::UNIT)
    {
        AddTestCase(new LastSampleRttEstimatorTestCase);
    }
};

/// The suite's instance.
static LastSampleRttEstimatorTestSuite g_lastSampleRttEstimatorTestSuite;
