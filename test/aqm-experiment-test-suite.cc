/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// System test: a reduced Experiment 1 of the AVQ paper (Kunniyur and Srikant, SIGCOMM 2001, §3)
// built with AqmExperiment's description and NetworkHelper. AVQ regulates the utilization, not the
// queue: with ECN marking, NewReno flows and short flows, the link's utilization settles at the
// design target gamma = 0.98 (the paper measured 0.9827) with a queue far below the 100-packet
// buffer (the paper: 10-13 packets on average).

#include "../examples/experiments/aqm-experiment.h"

#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/test.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AqmExperimentTestSuite");

/**
 * \ingroup dualcc
 * Reduced Experiment 1: 20 FTP flows with RTTs in [40, 130] ms and short flows (20 packets,
 * Poisson, 10 flows/s from 20 s to 55 s) through a 10 Mb/s link with AVQ (gamma 0.98, alpha 0.15,
 * ECN, 100-packet buffer). Expected (design target, not simulated): over [30 s, 60 s] utilization
 * gamma = 0.98 within 1 % (0.0098); mean queue below 40 % of the buffer (40 packets); ECN marking
 * only, so drops are at most a thousandth of the arrivals; every short flow that arrived more than
 * 5 s before the end has completed.
 */
class AqmExperimentAvqTestCase : public TestCase
{
  public:
    AqmExperimentAvqTestCase()
        : TestCase("reduced Experiment 1: AVQ utilization at gamma, small queue")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const uint32_t flows = 20;
        const double shortRate = 10;
        const Time shortStart = Seconds(20);
        const Time shortStop = Seconds(55);
        const Time from = Seconds(30);
        const Time end = Seconds(60);
        AqmExperiment::Settings settings;
        NetworkHelper network(AqmExperiment::Describe("AVQ",
                                                      settings,
                                                      {{flows, Seconds(0), Time(0)}},
                                                      {{shortRate, shortStart, shortStop}}));
        AqmExperiment::Prepare(network, "AVQ", settings, 1);
        network.Install();
        network.Run(end, false);
        const TestbedMonitor::WindowMeasurement m = network.GetMonitor().MeasureWindow(from, end);
        NS_LOG_INFO("utilization " << m.utilization << ", queue " << m.queueMean << " +- "
                                   << m.queueStd << ", drops " << m.drops << ", marks " << m.marks
                                   << ", short flows " << m.shortArrived << "/"
                                   << m.shortCompleted);
        const double gamma = settings.avqGamma;
        NS_TEST_ASSERT_MSG_EQ_TOL(m.utilization, gamma, 0.01 * gamma, "utilization = gamma");
        NS_TEST_ASSERT_MSG_LT(m.queueMean, 0.4 * settings.bufferPackets, "small mean queue");
        NS_TEST_ASSERT_MSG_GT(m.marks, 0, "AVQ marks");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.drops, 1e-3 * m.arrivals, "marking: few drops");
        const TestbedMonitor::WindowMeasurement all =
            network.GetMonitor().MeasureWindow(Seconds(0), end);
        NS_TEST_ASSERT_MSG_EQ(all.shortCompleted,
                              all.shortArrived,
                              "every short flow completed by the end");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * Experiment 1's 180 FTP flows (no short flows), where the fair share is about 0.6 packets per
 * flow and round trip: with TcpSubPacketSocket (the default) the flows go below one packet per
 * round trip as ns-2's did, and once AVQ's virtual capacity has settled (it falls from C at
 * alpha (lambda - gamma C) per second: about 35 s here) the link runs at gamma = 0.98 within
 * 1 % with a mean queue under a quarter of the 100-packet buffer (the paper: 13 packets) and
 * drops at most a thousandth of the arrivals; with ns-3's TcpSocketBase (SubPacket false), whose
 * NewReno never goes below two segments, the 180 flows need a queue of about 255 packets (testbed
 * doc), so it stays above 80 % of the buffer whatever AVQ marks.
 */
class AqmExperimentSubPacketTestCase : public TestCase
{
  public:
    AqmExperimentSubPacketTestCase()
        : TestCase("180 flows: sub-packet TCP holds gamma with a small queue, ns-3's TCP cannot")
    {
    }

  private:
    /**
     * \param subPacket the settings' subPacket
     * \return the measurement over [70 s, 110 s]
     */
    static TestbedMonitor::WindowMeasurement Run(bool subPacket)
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        AqmExperiment::Settings settings;
        settings.subPacket = subPacket;
        NetworkHelper network(
            AqmExperiment::Describe("AVQ", settings, {{180, Seconds(0), Time(0)}}));
        AqmExperiment::Prepare(network, "AVQ", settings, 1);
        network.Install();
        network.Run(Seconds(110), false);
        const TestbedMonitor::WindowMeasurement m =
            network.GetMonitor().MeasureWindow(Seconds(70), Seconds(110));
        NS_LOG_INFO("subPacket " << subPacket << ": utilization " << m.utilization << ", queue "
                                 << m.queueMean << " +- " << m.queueStd << ", drops " << m.drops
                                 << ", marks " << m.marks);
        Simulator::Destroy();
        return m;
    }

    void DoRun() override
    {
        const AqmExperiment::Settings settings;
        const double gamma = settings.avqGamma;
        const double buffer = settings.bufferPackets;
        const TestbedMonitor::WindowMeasurement sub = Run(true);
        NS_TEST_EXPECT_MSG_EQ_TOL(sub.utilization, gamma, 0.01 * gamma, "utilization = gamma");
        NS_TEST_EXPECT_MSG_LT(sub.queueMean, 0.25 * buffer, "queue far below the buffer");
        // Marking, with at most a thousandth of the arrivals dropped, as the case above (the
        // paper: 10 drops in 200 s). ns-3.37 drops none here; 3.48, whose PRR differs, drops 3
        // of about 50 000.
        NS_TEST_EXPECT_MSG_LT_OR_EQ(sub.drops, 1e-3 * sub.arrivals, "marking: few drops");
        const TestbedMonitor::WindowMeasurement base = Run(false);
        NS_TEST_EXPECT_MSG_GT(base.queueMean, 0.8 * buffer, "ns-3's TCP: queue at the buffer");
    }
};

/**
 * \ingroup dualcc
 * The AVQ paper's experiments (AqmExperiment) system test suite.
 */
class AqmExperimentTestSuite : public TestSuite
{
  public:
    AqmExperimentTestSuite()
        : TestSuite("dualcc-aqm-experiment", TestSuite::Type::SYSTEM)
    {
        AddTestCase(new AqmExperimentAvqTestCase);
        AddTestCase(new AqmExperimentSubPacketTestCase);
    }
};

/// The suite's instance.
static AqmExperimentTestSuite g_aqmExperimentTestSuite;
