/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// System tests of persistent congestion (Vegas paper §4.2 and §6.2) at reduced scale: three
// TcpDualVegas sources with a 10 ms round-trip propagation delay start 10 s apart on a 48 Mb/s
// bottleneck with an unlimited FIFO buffer, alpha = 2 packets per ms; each period is measured
// over its last 5 s (SerialStartScenario::Simulate(), TestbedMonitor::SetMeasurementPeriods).
//
// The true round trip without queueing, by hand: 10 ms of propagation plus the transmission times
// of a 1000-byte packet (5 us on each 1600 Mb/s host link, 166.667 us at 48 Mb/s) and of its
// 42-byte ACK (0.21 us, 0.21 us, 7 us): d = 10.184087 ms. The bottleneck carries
// c = 48e6 / 8000 = 6000 packets/s.
//  - baseRTT fixed at d: every source keeps alpha d = 2 x 10.184087 = 20.368 packets queued
//    (§4.1), so the queue is 20.368 n with n sources active, and they share c equally;
//  - baseRTT measured: the recursion of eqs. 27-29 (DualityModel::PersistentCongestion) with
//    these c, d and alpha gives the queue and the rates of every period.

#include "../examples/experiments/serial-start-scenario.h"

#include "ns3/core-module.h"
#include "ns3/duality-model.h"
#include "ns3/network-helper.h"
#include "ns3/test.h"

#include <memory>

using namespace ns3;

namespace
{
/// Round trip without queueing, s (10 ms plus 184.087 us of transmission times, by hand).
constexpr double TRUE_RTT = 0.010184087;
/// Bottleneck capacity, packets/s (48 Mb/s of 1000-byte packets).
constexpr double CAPACITY = 6000;
/// Vegas alpha, packets per second (2 per ms).
constexpr double ALPHA = 2000;
/// Sources in the reduced experiment.
constexpr unsigned SOURCES = 3;

/// \return the reduced §6.2 scenario
SerialStartScenario::Parameters
Reduced(bool fixedBaseRtt)
{
    SerialStartScenario::Parameters p;
    p.rtts.assign(SOURCES, MilliSeconds(10));
    p.period = Seconds(10);
    p.settling = Seconds(5);
    p.simTime = Seconds(30);
    p.fixedBaseRtt = fixedBaseRtt;
    return p;
}

} // namespace

/**
 * \ingroup dualcc
 * baseRTT hard-coded to its true value: the queue grows linearly, alpha d per active source
 * (Fig. 6(a)), and the sources share the link equally.
 */
class VegasPersistentCongestionFixedTestCase : public TestCase
{
  public:
    VegasPersistentCongestionFixedTestCase()
        : TestCase("fixed baseRTT - queue alpha d per active source (Fig. 6a)")
    {
    }

  private:
    void DoRun() override
    {
        const std::unique_ptr<NetworkHelper> helper =
            SerialStartScenario::Simulate(Reduced(true), false, false);
        NS_TEST_ASSERT_MSG_EQ(helper->GetMonitor().GetPeriodCount(),
                              SOURCES,
                              "one period per start");
        const double perSource = ALPHA * TRUE_RTT; // 20.368 packets
        for (std::size_t k = 0; k < SOURCES; ++k)
        {
            const double n = k + 1;
            const double queue =
                helper->GetMonitor().GetLinkMeasurement("bottleneck", k).backlogPackets;
            NS_TEST_EXPECT_MSG_EQ_TOL(queue,
                                      n * perSource,
                                      0.05 * n * perSource,
                                      "queue in period " << k + 1);
            for (std::size_t s = 0; s <= k; ++s)
            {
                const std::string name = std::to_string(s + 1) + "a";
                const TestbedMonitor::ClassMeasurement m =
                    helper->GetMonitor().GetClassMeasurement(name, k);
                // c / n packets/s of 1000 bytes = 6000 / n KB/s
                NS_TEST_EXPECT_MSG_EQ_TOL(m.rateKBps,
                                          CAPACITY / n,
                                          0.05 * CAPACITY / n,
                                          "rate of " << name << " in period " << k + 1);
                NS_TEST_EXPECT_MSG_EQ_TOL(m.estimatedBaseRttMs,
                                          1000 * TRUE_RTT,
                                          1e-6,
                                          "hard-coded baseRTT of " << name);
            }
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * baseRTT measured (the smallest RTT seen): each late starter includes the queue of the earlier
 * ones in its baseRTT, and queue and rates follow the recursion of eqs. 27-29 (Fig. 6(b),
 * Tables V-VI).
 */
class VegasPersistentCongestionMeasuredTestCase : public TestCase
{
  public:
    VegasPersistentCongestionMeasuredTestCase()
        : TestCase("measured baseRTT - queue and rates follow eqs. 27-29 (Tables V-VI)")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<DualityModel::CongestionPeriod> expected =
            DualityModel::PersistentCongestion(CAPACITY, TRUE_RTT, ALPHA, SOURCES);
        const std::unique_ptr<NetworkHelper> helper =
            SerialStartScenario::Simulate(Reduced(false), false, false);
        NS_TEST_ASSERT_MSG_EQ(helper->GetMonitor().GetPeriodCount(),
                              SOURCES,
                              "one period per start");
        for (std::size_t k = 0; k < SOURCES; ++k)
        {
            const double queue =
                helper->GetMonitor().GetLinkMeasurement("bottleneck", k).backlogPackets;
            NS_TEST_EXPECT_MSG_EQ_TOL(queue,
                                      expected[k].queue,
                                      0.10 * expected[k].queue,
                                      "queue in period " << k + 1);
            for (std::size_t s = 0; s <= k; ++s)
            {
                const std::string name = std::to_string(s + 1) + "a";
                const TestbedMonitor::ClassMeasurement m =
                    helper->GetMonitor().GetClassMeasurement(name, k);
                const double rate = expected[k].rates[s]; // packets/s = KB/s
                NS_TEST_EXPECT_MSG_EQ_TOL(m.rateKBps,
                                          rate,
                                          0.10 * rate,
                                          "rate of " << name << " in period " << k + 1);
                const double baseRttMs = 1000 * expected[k].baseRtts[s];
                NS_TEST_EXPECT_MSG_EQ_TOL(m.estimatedBaseRttMs,
                                          baseRttMs,
                                          0.10 * baseRttMs,
                                          "baseRTT of " << name << " in period " << k + 1);
            }
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The suite (about 20 s of wall time).
 */
class VegasPersistentCongestionTestSuite : public TestSuite
{
  public:
    VegasPersistentCongestionTestSuite()
        : TestSuite("dualcc-vegas-persistent-congestion", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new VegasPersistentCongestionFixedTestCase);
        AddTestCase(new VegasPersistentCongestionMeasuredTestCase);
    }
};

/// The suite's only instance.
static VegasPersistentCongestionTestSuite g_vegasPersistentCongestionTestSuite;
