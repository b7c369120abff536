/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of TcpRetransmissionCounter against an independent count: the packets the bottleneck's
// queue disc dropped (QueueDisc::GetStats). A lone flow over a tiny buffer loses packets only
// there; without SACK (as the buffer sweep runs) and without a timeout, NewReno resends exactly
// the segment each partial ACK names, so every lost segment is sent again exactly once (a lost
// retransmission is a second drop and a second retransmission), and once the transfer has ended
// and everything is acknowledged, retransmissions = drops. (With SACK the count is not release
// independent: ns-3.48, whose SACK recovery changed (NextSeg() #805, PRR to rfc6937bis), took a
// timeout in this scenario, and with classic recovery resent one segment more than was dropped;
// 3.37 counted equal. Without SACK both releases count equal.)

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/queue-disc.h"
#include "ns3/tcp-retransmission-counter.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/test.h"

#include <sstream>

using namespace ns3;

/**
 * \ingroup dualcc
 * One NewReno flow (no SACK) over a 2 Mb/s bottleneck with a 4-packet buffer sends for 5 s, then
 * closes; by 20 s all its data is acknowledged. Its retransmissions must equal the queue disc's
 * drops, and its acknowledged bytes the bytes the sink received.
 */
class TcpRetransmissionCounterDropsTestCase : public TestCase
{
  public:
    TcpRetransmissionCounterDropsTestCase()
        : TestCase("lone flow over a tiny buffer: retransmissions equal queue-disc drops")
    {
    }

  private:
    /**
     * Attach \p counter to the source's socket (it exists once the source started); a function,
     * not a lambda: ns-3.35 schedules no lambdas.
     * \param counter the counter
     * \param source the source
     */
    static void AttachCounter(TcpRetransmissionCounter* counter,
                              Ptr<PersistentFlowApplication> source)
    {
        counter->Attach(DynamicCast<TcpSocketBase>(source->GetSocket()));
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(false));
        std::istringstream text(R"(
            set packetSize=1000 accessRate=10Mbps sinkAccessDelay=1ms startJitter=0s
            link bottleneck R1 R2 rate=2Mbps delay=2ms buffer=4
            class c flows=1 route=bottleneck rtt=40ms tcp=ns3::TcpNewReno
        )");
        NetworkHelper helper(NetworkDescription::Parse(text, "test"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(0), Seconds(20));
        // A small send buffer: what is left in it when the application closes at 5 s is
        // delivered well before 20 s.
        helper.GetTcpDefaults().buffer = 64 * 1024;
        helper.Install();
        Ptr<PersistentFlowApplication> source = helper.GetNetwork().GetSources("c").front();
        // The application closes at 5 s (a class' stop= would make the flow leave: its host
        // goes down, and what is left in the buffer is never delivered).
        source->SetStopTime(Seconds(5));
        TcpRetransmissionCounter counter;
        // The flow starts at 0 and sends its first data segment a round trip (40 ms) later.
        Simulator::Schedule(MilliSeconds(1), &AttachCounter, &counter, source);
        helper.Run(Seconds(20), false);

        const uint64_t drops =
            helper.GetNetwork().GetQueueDisc("bottleneck")->GetStats().nTotalDroppedPackets;
        NS_TEST_ASSERT_MSG_GT(drops, 10, "the 4-packet buffer must overflow repeatedly");
        NS_TEST_ASSERT_MSG_EQ(counter.GetTimeouts(),
                              0,
                              "precondition: no timeout (a timeout may resend received data)");
        Ptr<TcpSocketBase> socket = DynamicCast<TcpSocketBase>(source->GetSocket());
        NS_TEST_ASSERT_MSG_EQ(socket->GetTxBuffer()->Size(),
                              0,
                              "precondition: all data sent and acknowledged by the end");
        NS_TEST_EXPECT_MSG_EQ(counter.GetRetransmissions(), drops, "one retransmission per drop");
        NS_TEST_EXPECT_MSG_GT(counter.GetFastRecoveries(), 0, "losses found by dupacks");
        // The slow start's overshoot is a slow-start episode; later losses are in CA.
        NS_TEST_EXPECT_MSG_LT(counter.GetCongestionAvoidanceRetransmissions(),
                              counter.GetRetransmissions(),
                              "the first losses happen in slow start");
        NS_TEST_EXPECT_MSG_GT(counter.GetCongestionAvoidanceRetransmissions(),
                              0,
                              "later losses happen in congestion avoidance");
        Simulator::Destroy();
    }
};

/**
 * The TcpRetransmissionCounter suite.
 */
class TcpRetransmissionCounterTestSuite : public TestSuite
{
  public:
    TcpRetransmissionCounterTestSuite()
        : TestSuite("dualcc-tcp-retransmission-counter", TestSuite::Type::UNIT)
    {
        AddTestCase(new TcpRetransmissionCounterDropsTestCase);
    }
};

/// The suite's instance.
static TcpRetransmissionCounterTestSuite g_tcpRetransmissionCounterTestSuite;
