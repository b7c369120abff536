/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// System test of Vegas with REM (Vegas paper §5 and §6.3) at reduced scale: three TcpDualVegas
// sources in EcnMarks mode (phi = 1.1) with round-trip propagation delays 10, 20 and 30 ms start
// 10 s apart on a 48 Mb/s bottleneck with REM (phi = 1.1, mu = 0.5, gamma = 0.005, 1 ms
// updates, ECN); alpha = 2 packets per ms; each period is measured over its last 5 s.
//
// Expected values, by hand. Each source s keeps x_s p = alpha d_s in equilibrium (eq. 33), with
// the same path price p for all: rates are proportional to the weights alpha d_s (weighted
// proportional fairness, §3.2), whatever the price's unit. d_s is the round trip without
// queueing: the propagation delay plus 184.087 us of transmission times (a 1000-byte packet: 5 us
// on each 1600 Mb/s host link and 166.667 us at 48 Mb/s; its 42-byte ACK: 0.21, 0.21 and 7 us).
// REM's equilibrium (eq. 30) has no backlog and the input rate equals the capacity; the simulated
// utilization stays a little below 1 (the paper reports 90-96 %), so the rates are compared as
// shares of the measured throughput, x_s = u c d_s / sum d, with the utilization u checked
// separately (> 0.9), and the mean queue must stay below 10 packets, under a tenth of the 61
// packets that the three sources keep queued at a FIFO link (Theorem 1, alpha sum d).

#include "../examples/experiments/serial-start-scenario.h"

#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/test.h"

#include <memory>

using namespace ns3;

namespace
{
/// Transmission times of a packet and its ACK on the path, s (by hand, above).
constexpr double TRANSMISSION_RTT = 184.087e-6;
/// Bottleneck capacity, KB/s (48 Mb/s of 1000-byte packets).
constexpr double CAPACITY_KBPS = 6000;
/// Bound on a period's mean queue, packets.
constexpr double QUEUE_BOUND = 10;
/// Least utilization of the bottleneck in a period.
constexpr double MIN_UTILIZATION = 0.9;
/// Tolerance on the rates, relative.
constexpr double RATE_TOLERANCE = 0.05;
} // namespace

/**
 * \ingroup dualcc
 * REM keeps the queue small and the link busy, and the Vegas/REM sources share it in proportion
 * to their propagation delays; their baseRTTs are measured correctly (Table VII).
 */
class VegasRemTestCase : public TestCase
{
  public:
    VegasRemTestCase()
        : TestCase("Vegas-REM - low queue, high utilization, weighted PF rates (Fig. 7)")
    {
    }

  private:
    void DoRun() override
    {
        SerialStartScenario::Parameters p;
        p.rtts = {MilliSeconds(10), MilliSeconds(20), MilliSeconds(30)};
        p.period = Seconds(10);
        p.settling = Seconds(5);
        p.simTime = Seconds(30);
        p.rem = true;
        const std::unique_ptr<NetworkHelper> helper =
            SerialStartScenario::Simulate(p, false, false);
        NS_TEST_ASSERT_MSG_EQ(helper->GetMonitor().GetPeriodCount(), 3, "one period per start");
        for (std::size_t k = 0; k < 3; ++k)
        {
            const TestbedMonitor::LinkMeasurement link =
                helper->GetMonitor().GetLinkMeasurement("bottleneck", k);
            NS_TEST_EXPECT_MSG_LT(link.backlogPackets, QUEUE_BOUND, "queue in period " << k + 1);
            NS_TEST_EXPECT_MSG_GT(link.utilization,
                                  MIN_UTILIZATION,
                                  "utilization in period " << k + 1);
            NS_TEST_EXPECT_MSG_EQ(link.drops, 0, "ECN marks, no drops, in period " << k + 1);
            double sumDelays = 0;
            for (std::size_t s = 0; s <= k; ++s)
            {
                sumDelays += p.rtts[s].GetSeconds() + TRANSMISSION_RTT;
            }
            for (std::size_t s = 0; s <= k; ++s)
            {
                const std::string name = std::to_string(s + 1) + "a";
                const TestbedMonitor::ClassMeasurement m =
                    helper->GetMonitor().GetClassMeasurement(name, k);
                const double delay = p.rtts[s].GetSeconds() + TRANSMISSION_RTT;
                const double rate = link.utilization * CAPACITY_KBPS * delay / sumDelays;
                NS_TEST_EXPECT_MSG_EQ_TOL(m.rateKBps,
                                          rate,
                                          RATE_TOLERANCE * rate,
                                          "rate of " << name << " in period " << k + 1);
                // Small queues: the smallest RTT is the true one (within 1 %).
                NS_TEST_EXPECT_MSG_EQ_TOL(m.estimatedBaseRttMs,
                                          1000 * delay,
                                          0.01 * 1000 * delay,
                                          "baseRTT of " << name << " in period " << k + 1);
            }
        }
        CheckTable(*helper, p);
        Simulator::Destroy();
    }

    /**
     * The period table (TestbedReport::ComparePeriods() with REM's rows): each active source's
     * "rate share (%)" is, in the model, 100 d_s / sum d (weighted proportional fairness, by
     * hand) and, in the simulation, its measured rate over the period's total; REM has no
     * "rate, eq. 24" rows (its baseRTTs are not distorted by a queue).
     * \param helper the network, simulated
     * \param p its parameters
     */
    void CheckTable(const NetworkHelper& helper, const SerialStartScenario::Parameters& p)
    {
        const ComparisonTable table = SerialStartScenario::ComparePeriods(helper, p, "Vegas/REM");
        std::size_t shares = 0;
        for (const ComparisonTable::Row& row : table.GetRows())
        {
            NS_TEST_EXPECT_MSG_NE(row.quantity, "rate, eq. 24 (KB/s)", "no eq. 24 rows with REM");
            if (row.quantity != "rate share (%)")
            {
                continue;
            }
            // Entity "<n>a [<start>-<stop> s]": source n - 1, in the period that ends at stop.
            const std::size_t source = std::stoul(row.entity) - 1;
            const std::size_t dash = row.entity.rfind('-');
            const std::size_t k = std::stoul(row.entity.substr(dash + 1)) / 10 - 1;
            double sumDelays = 0;
            double sumRates = 0;
            for (std::size_t s = 0; s <= k; ++s)
            {
                sumDelays += p.rtts[s].GetSeconds() + TRANSMISSION_RTT;
                sumRates += helper.GetMonitor()
                                .GetClassMeasurement(std::to_string(s + 1) + "a", k)
                                .rateKBps;
            }
            const double share = 100 * (p.rtts[source].GetSeconds() + TRANSMISSION_RTT) / sumDelays;
            NS_TEST_EXPECT_MSG_EQ_TOL(row.model, share, 1e-3 * share, "model share " << row.entity);
            const double measured = 100 *
                                    helper.GetMonitor()
                                        .GetClassMeasurement(std::to_string(source + 1) + "a", k)
                                        .rateKBps /
                                    sumRates;
            NS_TEST_EXPECT_MSG_EQ_TOL(row.simulation,
                                      measured,
                                      1e-9 * measured,
                                      "simulated share " << row.entity);
            ++shares;
        }
        NS_TEST_EXPECT_MSG_EQ(shares, 6, "one share row per active source and period (1 + 2 + 3)");
    }
};

/**
 * \ingroup dualcc
 * The suite (about 10 s of wall time).
 */
class VegasRemTestSuite : public TestSuite
{
  public:
    VegasRemTestSuite()
        : TestSuite("dualcc-vegas-rem", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new VegasRemTestCase);
    }
};

/// The suite's only instance.
static VegasRemTestSuite g_vegasRemTestSuite;
