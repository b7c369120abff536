/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of TcpSubPacketSocket: the send times of a single flow whose window is one segment, when
// chosen data packets are marked, against times worked out by hand from RFC 3168 6.1.2; and the
// same flow on ns-3's TcpSocketBase, which never waits for the timer.

#include "test-marking-queue-disc.h"

#include "ns3/abort.h"
#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/queue-disc.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-sub-packet-socket.h"
#include "ns3/test.h"

#include <algorithm>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

using namespace ns3;

NS_OBJECT_ENSURE_REGISTERED(TestMarkingQueueDisc);

namespace
{

/// The round-trip propagation delay of the test flow.
const Time RTT = MilliSeconds(100);

/**
 * The test path: one NewReno flow with ECN, 1000-byte packets, over a 1 Gb/s bottleneck (10 ms)
 * whose queue disc is TestMarkingQueueDisc, with a round trip of RTT.
 * \param subPacket give the source a TcpSubPacketSocket
 * \return its network description
 */
std::string
DescribePath(bool subPacket)
{
    std::ostringstream text;
    text << "set packetSize=1000 accessRate=1Gbps sinkAccessDelay=1ms startJitter=0s\n"
         << "link bottleneck R1 R2 rate=1Gbps delay=10ms queue=ns3::TestMarkingQueueDisc\n"
         << "class c flows=1 route=bottleneck rtt=" << RTT.GetMilliSeconds()
         << "ms tcp=ns3::TcpNewReno ecn=on" << (subPacket ? " subPacket=on" : "") << "\n";
    return text.str();
}

/**
 * The network of DescribePath(), installed: an initial window of \p initialCwnd segments, an ACK
 * per segment, measured over [0, \p duration]. (Config defaults set before the call apply.)
 * \param subPacket give the source a TcpSubPacketSocket
 * \param initialCwnd the initial window, segments
 * \param duration the measurement window's end
 * \return the installed network
 */
std::unique_ptr<NetworkHelper>
InstallPath(bool subPacket, uint32_t initialCwnd, Time duration)
{
    std::istringstream in(DescribePath(subPacket));
    auto helper = std::make_unique<NetworkHelper>(NetworkDescription::Parse(in, "test"));
    helper->GetTcpDefaults().initialCwnd = initialCwnd;
    helper->GetTcpDefaults().delAckCount = 1;
    helper->GetMonitor().SetMeasurementWindow(Seconds(0), duration);
    helper->Install();
    return helper;
}

/**
 * \param helper the installed network of DescribePath()
 * \return its bottleneck's queue disc (aborts if it is not the test's)
 */
Ptr<TestMarkingQueueDisc>
GetTestDisc(NetworkHelper& helper)
{
    Ptr<TestMarkingQueueDisc> disc =
        DynamicCast<TestMarkingQueueDisc>(helper.GetNetwork().GetQueueDisc("bottleneck"));
    NS_ABORT_MSG_UNLESS(disc, "the bottleneck's queue disc is not the test's");
    return disc;
}

/**
 * Run one NewReno flow with ECN, a window of one segment at start and an ACK per segment over a
 * 1 Gb/s path (transmission times of tens of microseconds), with data packets 1, 2, 3 and 5
 * marked at the bottleneck.
 * \param subPacket give the source a TcpSubPacketSocket
 * \param duration simulated time
 * \param[out] minRto the source's MinRto
 * \param[out] holds the socket's hold count (TcpSubPacketSocket only, else 0)
 * \return the data packets' arrival times at the bottleneck
 */
std::vector<Time>
RunMarkedFlow(bool subPacket, Time duration, Time& minRto, uint32_t& holds)
{
    std::unique_ptr<NetworkHelper> path = InstallPath(subPacket, 1, duration);
    NetworkHelper& helper = *path;
    Ptr<TestMarkingQueueDisc> disc = GetTestDisc(helper);
    disc->SetMarkedDataPackets({1, 2, 3, 5});
    helper.Run(duration, false);
    Ptr<TcpSocketBase> socket =
        DynamicCast<TcpSocketBase>(helper.GetNetwork().GetSources("c").front()->GetSocket());
    TimeValue rto;
    socket->GetAttribute("MinRto", rto);
    minRto = rto.Get();
    Ptr<TcpSubPacketSocket> sub = DynamicCast<TcpSubPacketSocket>(socket);
    holds = sub ? sub->GetHolds() : 0;
    std::vector<Time> arrivals = disc->GetDataArrivals();
    Simulator::Destroy();
    return arrivals;
}

/// What RunLossFlow() saw.
struct LossFlowResult
{
    std::vector<Time> arrivals; //!< the data packets' arrival times at the bottleneck
    Time timeout;               //!< when the first retransmission timeout fired
    bool cwrFromLoss{false};    //!< whether the socket entered CA_CWR from CA_LOSS
    uint32_t ignoredEchoes{0};  //!< TcpSubPacketSocket's IgnoredEchoes (else 0)
};

/**
 * Record a congestion-state change.
 * \param result where
 * \param oldState the previous state
 * \param newState the new state
 */
void
RecordCongState(LossFlowResult* result,
                TcpSocketState::TcpCongState_t oldState,
                TcpSocketState::TcpCongState_t newState)
{
    if (newState == TcpSocketState::CA_LOSS && result->timeout.IsZero())
    {
        result->timeout = Simulator::Now();
    }
    result->cwrFromLoss |=
        oldState == TcpSocketState::CA_LOSS && newState == TcpSocketState::CA_CWR;
}

/**
 * Follow the source's congestion states.
 * \param source the flow's application (started)
 * \param result where RecordCongState() writes
 */
void
ConnectCongState(Ptr<PersistentFlowApplication> source, LossFlowResult* result)
{
    source->GetSocket()->TraceConnectWithoutContext("CongState",
                                                    MakeBoundCallback(&RecordCongState, result));
}

/**
 * Run one NewReno flow with ECN, no SACK and no limited transmit (ns-2's NewReno), an initial
 * window of 10 segments and an ACK per segment over the path of RunMarkedFlow(). Packets 1 to 10
 * leave at 0; packet 1's ACK releases 11 and 12. Data packets 2 to 9, 11 and 12 are dropped and
 * packet 10 is marked: its duplicate ACK carries the ECN-Echo (no response: it acknowledges
 * nothing new), one duplicate ACK does not start a fast retransmit, and the retransmission timer
 * fires with ten segments missing; the ACKs of the retransmissions still carry the ECN-Echo (the
 * receiver has seen no CWR): ECN-Echoes during loss recovery.
 * \param subPacket give the source a TcpSubPacketSocket
 * \return what the flow did
 */
LossFlowResult
RunLossFlow(bool subPacket)
{
    // ns-2's NewReno: no SACK, no limited transmit (restored below).
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(false));
    std::unique_ptr<NetworkHelper> path = InstallPath(subPacket, 10, Seconds(3));
    NetworkHelper& helper = *path;
    Ptr<TestMarkingQueueDisc> disc = GetTestDisc(helper);
    disc->SetDroppedDataPackets({2, 3, 4, 5, 6, 7, 8, 9, 11, 12});
    disc->SetMarkedDataPackets({10});
    LossFlowResult result;
    Ptr<PersistentFlowApplication> source = helper.GetNetwork().GetSources("c").front();
    // The socket exists once the application has started (time 0). (No lambda events: ns-3.35.)
    Simulator::Schedule(MilliSeconds(1), &ConnectCongState, source, &result);
    helper.Run(Seconds(3), false);
    Ptr<TcpSubPacketSocket> sub = DynamicCast<TcpSubPacketSocket>(source->GetSocket());
    result.ignoredEchoes = sub ? sub->GetIgnoredEchoes() : 0;
    result.arrivals = disc->GetDataArrivals();
    Simulator::Destroy();
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(true));
    return result;
}

/// The window responses a run saw (ECN responses, or loss responses), and the socket's state.
struct ResponseLog
{
    /// One response: an entry into CA_CWR from the open states (ECN), or into CA_RECOVERY or
    /// CA_LOSS (losses).
    struct Response
    {
        TcpSocketState::TcpCongState_t state; //!< the state entered
        uint32_t cwndBefore;                  //!< the window when the event came, bytes
        uint32_t ssThreshAfter;               //!< the threshold once the event was processed, bytes
        uint32_t cwndAfter;                   //!< the window then, bytes
        uint32_t inflatedAfter;               //!< the inflated window then, bytes
    };

    bool losses{false};              //!< record loss responses (else ECN responses)
    uint32_t cwnd{0};                //!< the socket's window now, bytes
    uint32_t ssThresh{0};            //!< the socket's threshold now, bytes
    uint32_t inflated{0};            //!< the socket's inflated window now, bytes
    std::vector<Response> responses; //!< every response, in order
    uint32_t segmentSize{0};         //!< the socket's SegmentSize, bytes
    uint32_t holds{0};               //!< the socket's hold count
};

/// Trace sink: the window. \param r the log \param oldValue old \param newValue new
void
TraceLogCwnd(ResponseLog* r, uint32_t oldValue, uint32_t newValue)
{
    r->cwnd = newValue;
}

/// Trace sink: the threshold. \param r the log \param oldValue old \param newValue new
void
TraceLogSsThresh(ResponseLog* r, uint32_t oldValue, uint32_t newValue)
{
    r->ssThresh = newValue;
}

/// Trace sink: the inflated window. \param r the log \param oldValue old \param newValue new
void
TraceLogInflated(ResponseLog* r, uint32_t oldValue, uint32_t newValue)
{
    r->inflated = newValue;
}

/// After the event that started a response: what it left. \param r the log
void
RecordLogResponse(ResponseLog* r)
{
    r->responses.back().ssThreshAfter = r->ssThresh;
    r->responses.back().cwndAfter = r->cwnd;
    r->responses.back().inflatedAfter = r->inflated;
}

/**
 * Trace sink: the congestion state. The socket's trace fires before the socket's own response
 * (TcpSocketBase connected first), so the response is read once the event is over.
 * \param r the log
 * \param oldState the previous state
 * \param newState the new state
 */
void
TraceLogState(ResponseLog* r,
              TcpSocketState::TcpCongState_t oldState,
              TcpSocketState::TcpCongState_t newState)
{
    const bool ecn =
        newState == TcpSocketState::CA_CWR &&
        (oldState == TcpSocketState::CA_OPEN || oldState == TcpSocketState::CA_DISORDER);
    const bool loss =
        newState == TcpSocketState::CA_RECOVERY || newState == TcpSocketState::CA_LOSS;
    if (r->losses ? loss : ecn)
    {
        r->responses.push_back({newState, r->cwnd, 0, 0, 0});
        Simulator::ScheduleNow(&RecordLogResponse, r);
    }
}

/**
 * Follow the source's windows, threshold and congestion state.
 * \param source the flow's application (started)
 * \param r where the sinks write
 */
void
ConnectLogTraces(Ptr<PersistentFlowApplication> source, ResponseLog* r)
{
    Ptr<Socket> socket = source->GetSocket();
    socket->TraceConnectWithoutContext("CongestionWindow", MakeBoundCallback(&TraceLogCwnd, r));
    socket->TraceConnectWithoutContext("CongestionWindowInflated",
                                       MakeBoundCallback(&TraceLogInflated, r));
    socket->TraceConnectWithoutContext("SlowStartThreshold",
                                       MakeBoundCallback(&TraceLogSsThresh, r));
    socket->TraceConnectWithoutContext("CongState", MakeBoundCallback(&TraceLogState, r));
}

/**
 * Run one NewReno flow on TcpSubPacketSocket with ECN, a window of one segment at start, an ACK
 * per segment and classic recovery (the window is the threshold at once) over the path of
 * RunMarkedFlow(), for 3 s: for ECN responses data packets 6, 14 and 17 marked; for loss
 * responses none marked, data packets 8 and 16 dropped, no SACK and no limited transmit
 * (ns-2's Reno).
 * \param attribute the TcpSubPacketSocket attribute under test (Ns2Halving, Ns2LossResponse)
 * \param value its value
 * \param losses the loss responses' run (else the ECN responses')
 * \param maxWindow the socket's MaxWindow, segments (0: none)
 * \return the responses
 */
ResponseLog
RunLoggedFlow(const std::string& attribute, bool value, bool losses, uint32_t maxWindow = 0)
{
    const std::string name = "ns3::TcpSubPacketSocket::" + attribute;
    Config::SetDefault(name, BooleanValue(value));
    Config::SetDefault("ns3::TcpSubPacketSocket::MaxWindow", UintegerValue(maxWindow));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(!losses));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(!losses));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(TypeId::LookupByName("ns3::TcpClassicRecovery")));
    std::unique_ptr<NetworkHelper> path = InstallPath(true, 1, Seconds(3));
    NetworkHelper& helper = *path;
    Ptr<TestMarkingQueueDisc> disc = GetTestDisc(helper);
    if (losses)
    {
        disc->SetDroppedDataPackets({8, 16});
    }
    else
    {
        disc->SetMarkedDataPackets({6, 14, 17});
    }
    ResponseLog result;
    result.losses = losses;
    Ptr<PersistentFlowApplication> source = helper.GetNetwork().GetSources("c").front();
    // The socket exists once the application has started (time 0). (No lambda events: ns-3.35.)
    Simulator::Schedule(MilliSeconds(1), &ConnectLogTraces, source, &result);
    helper.Run(Seconds(3), false);
    Ptr<TcpSubPacketSocket> sub = DynamicCast<TcpSubPacketSocket>(source->GetSocket());
    NS_ABORT_MSG_UNLESS(sub, "the source's socket is not a TcpSubPacketSocket");
    UintegerValue segmentSize;
    sub->GetAttribute("SegmentSize", segmentSize);
    result.segmentSize = segmentSize.Get();
    result.holds = sub->GetHolds();
    Simulator::Destroy();
    Config::SetDefault(name, BooleanValue(false));
    Config::SetDefault("ns3::TcpSubPacketSocket::MaxWindow", UintegerValue(0));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(true));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(TypeId::LookupByName("ns3::TcpPrrRecovery")));
    return result;
}

/**
 * Run one NewReno flow with ECN (nothing marked), no SACK and no limited transmit (one
 * duplicate ACK sends nothing), an initial window of one segment and an ACK per segment over the
 * path of RunMarkedFlow(), with data packets 2, 4, 6 and 11 dropped, for 10 s.
 * \param keepBackoff the socket's KeepBackoff
 * \return the data packets' arrival times at the bottleneck
 */
std::vector<Time>
RunBackoffFlow(bool keepBackoff)
{
    Config::SetDefault("ns3::TcpSubPacketSocket::KeepBackoff", BooleanValue(keepBackoff));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(false));
    std::unique_ptr<NetworkHelper> path = InstallPath(true, 1, Seconds(10));
    NetworkHelper& helper = *path;
    Ptr<TestMarkingQueueDisc> disc = GetTestDisc(helper);
    disc->SetDroppedDataPackets({2, 4, 6, 11});
    helper.Run(Seconds(10), false);
    std::vector<Time> arrivals = disc->GetDataArrivals();
    Simulator::Destroy();
    Config::SetDefault("ns3::TcpSubPacketSocket::KeepBackoff", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(true));
    return arrivals;
}

/**
 * Run one NewReno flow on TcpSubPacketSocket with ECN (nothing marked or dropped), an initial
 * window of 10 segments and an ACK per segment over the path of RunMarkedFlow(), for 1 s.
 * \param maxWindow the socket's MaxWindow, segments (0: none)
 * \return the data packets' arrival times at the bottleneck
 */
std::vector<Time>
RunCappedFlow(uint32_t maxWindow)
{
    Config::SetDefault("ns3::TcpSubPacketSocket::MaxWindow", UintegerValue(maxWindow));
    std::unique_ptr<NetworkHelper> path = InstallPath(true, 10, Seconds(1));
    NetworkHelper& helper = *path;
    Ptr<TestMarkingQueueDisc> disc = GetTestDisc(helper);
    helper.Run(Seconds(1), false);
    std::vector<Time> arrivals = disc->GetDataArrivals();
    Simulator::Destroy();
    Config::SetDefault("ns3::TcpSubPacketSocket::MaxWindow", UintegerValue(0));
    return arrivals;
}

/**
 * \param arrivals arrival times
 * \param round a round trip after the first arrival (0: the first)
 * \return how many arrivals fall within half a round trip of the first arrival + round RTTs
 */
std::size_t
CountInRound(const std::vector<Time>& arrivals, int round)
{
    const Time centre = arrivals.front() + RTT * round;
    return std::count_if(arrivals.begin(), arrivals.end(), [centre](Time t) {
        return t >= centre - RTT / 2 && t < centre + RTT / 2;
    });
}

} // namespace

/**
 * \ingroup dualcc
 * The send times of the sub-packet flow, by hand (R: the round trip, 100 ms plus tens of
 * microseconds of transmission; RTO: max(SRTT + 4 RTTVAR, MinRto) = MinRto = 1 s, since the
 * RTT samples are all R, so SRTT + 4 RTTVAR <= 3 R):
 * - packet 1 (window 1, marked): its ECN-Echo comes back at a window of one segment, so the
 *   socket holds the next segment for one RTO: packet 2 leaves R + RTO after packet 1;
 * - packet 2 (marked): another ECN-Echo at one segment with no unmarked ACK between: twice the
 *   wait, packet 3 leaves R + 2 RTO after packet 2; packet 3 (marked): R + 4 RTO, or
 *   R + 2 RTO when MaxBackoff is 2 (the wait's factor doubles from 2 to at most 2);
 * - packet 4 (unmarked, carrying CWR): its ACK has no ECN-Echo, which ends the backoff; NewReno
 *   in congestion avoidance at cwnd = ssthresh = 1 segment adds a segment, and packets 5 and 6
 *   leave together R after packet 4;
 * - packet 5 (marked): ECN-Echo at a window of two segments: NewReno's threshold is its floor of
 *   two segments, which the socket halves to one segment (CWR until an ACK beyond packet 6;
 *   packet 6 still in flight, nothing sent);
 * - packet 6's ACK still echoes the mark (the receiver has seen no CWR since), but it does not
 *   go beyond packet 6: the same window, no second response (RFC 3168: once per window; ns-2's
 *   ecn() likewise needs seqno > recover_). The window is one segment with nothing in flight:
 *   packet 7 leaves R after packet 6 (with CWR);
 * - packet 7 (unmarked): its ACK ends CWR with no ECN-Echo; the window grows to two segments
 *   and packets 8 and 9 leave together R after packet 7.
 * Three holds in all (packets 1, 2 and 3).
 */
class TcpSubPacketSocketTimesTestCase : public TestCase
{
  public:
    /**
     * \param maxBackoff the sockets' MaxBackoff (64, the default, or 2)
     */
    TcpSubPacketSocketTimesTestCase(uint32_t maxBackoff)
        : TestCase("window of one segment: the timer paces the next segment after an ECN-Echo, "
                   "MaxBackoff " +
                   std::to_string(maxBackoff)),
          m_maxBackoff(maxBackoff)
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSubPacketSocket::MaxBackoff", UintegerValue(m_maxBackoff));
        Time minRto;
        uint32_t holds = 0;
        const std::vector<Time> t = RunMarkedFlow(true, Seconds(12), minRto, holds);
        Config::SetDefault("ns3::TcpSubPacketSocket::MaxBackoff",
                           UintegerValue(TcpSubPacketSocket::MAX_BACKOFF));
        NS_TEST_ASSERT_MSG_EQ(minRto, Seconds(1), "precondition: ns-3's MinRto of 1 s");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(t.size(), 9, "at least 9 data packets in 12 s");
        const double r = RTT.GetSeconds();
        const double rto = minRto.GetSeconds();
        const double third = m_maxBackoff >= 4 ? 4 : 2; // the third hold's factor, by hand
        const double expected[] = {r + rto, r + 2 * rto, r + third * rto, r, 0, r, r, 0};
        for (std::size_t k = 0; k < 8; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL((t[k + 1] - t[k]).GetSeconds(),
                                      expected[k],
                                      0.001,
                                      "packet " << k + 2 << " leaves " << expected[k]
                                                << " s after packet " << k + 1);
        }
        NS_TEST_EXPECT_MSG_EQ(holds, 3, "three ECN-Echoes at a window of one segment");
    }

    uint32_t m_maxBackoff; //!< the sockets' MaxBackoff
};

/**
 * \ingroup dualcc
 * The same flow on ns-3's TcpSocketBase: its ECN response never waits for the timer, so no data
 * packet leaves more than a round trip after the previous one (packet 2 exactly R after packet
 * 1, whose ECN-Echo came back at a window of one segment), where the sub-packet socket waited
 * R + RTO, R + 2 RTO and R + 4 RTO.
 */
class TcpSubPacketSocketBaseTestCase : public TestCase
{
  public:
    TcpSubPacketSocketBaseTestCase()
        : TestCase("ns-3's TcpSocketBase: no wait for the timer after an ECN-Echo")
    {
    }

  private:
    void DoRun() override
    {
        Time minRto;
        uint32_t holds = 0;
        const std::vector<Time> t = RunMarkedFlow(false, Seconds(2), minRto, holds);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(t.size(), 9, "at least 9 data packets in 2 s");
        const double r = RTT.GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL((t[1] - t[0]).GetSeconds(), r, 0.001, "packet 2: R after 1");
        for (std::size_t k = 1; k < 8; ++k)
        {
            NS_TEST_EXPECT_MSG_LT((t[k + 1] - t[k]).GetSeconds(),
                                  r + 0.001,
                                  "packet " << k + 2 << " leaves at most R after packet " << k + 1);
        }
    }
};

/**
 * \ingroup dualcc
 * Two-way traffic (two NewReno flows each way over 10 Mb/s with gentle RED marking in both
 * directions, 100-packet buffers, 50 ms round trips): the fair share is 625 KB/s per flow and the
 * windows are tens of segments. ns-3's TcpSocketBase enters CWR on an ECN-Echo even during loss
 * recovery (after a timeout), where the retransmissions carry no CWR and the receiver keeps
 * echoing; a socket that held its segments there starved the forward flows (0.3 KB/s, windows
 * stuck at one segment, against 494 KB/s on TcpSocketBase). Expected: both classes above half
 * the fair share over [10 s, 20 s] (TcpSocketBase: 494 and 509 KB/s).
 */
class TcpSubPacketSocketTwoWayTestCase : public TestCase
{
  public:
    TcpSubPacketSocketTwoWayTestCase()
        : TestCase("two-way traffic with large windows: no flow starves")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        std::istringstream text(
            "set packetSize=1000 accessRate=100Mbps sinkAccessDelay=1ms startJitter=100ms\n"
            "link L R1 R2 rate=10Mbps delay=5ms buffer=100 queue=ns3::RedQueueDisc "
            "queue.UseEcn=true queue.Gentle=true reverseQueue=ns3::RedQueueDisc "
            "reverseQueue.UseEcn=true reverseQueue.Gentle=true reverseBuffer=100\n"
            "class f flows=2 route=L rtt=50ms tcp=ns3::TcpNewReno ecn=on subPacket=on\n"
            "class r flows=2 route=L rtt=50ms tcp=ns3::TcpNewReno ecn=on subPacket=on "
            "direction=reverse\n");
        NetworkHelper helper(NetworkDescription::Parse(text, "test"));
        helper.GetMonitor().SetMeasurementWindow(Seconds(10), Seconds(20));
        helper.Install();
        helper.Run(Seconds(20), false);
        const double fairShare = 10e6 / 8 / 1000 / 2; // KB/s per flow
        NS_TEST_EXPECT_MSG_GT(helper.GetMonitor().GetClassMeasurement("f").rateKBps,
                              0.5 * fairShare,
                              "forward flows");
        NS_TEST_EXPECT_MSG_GT(helper.GetMonitor().GetClassMeasurement("r").rateKBps,
                              0.5 * fairShare,
                              "reverse flows");
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * ECN-Echoes during loss recovery (RunLossFlow()): the loss response has reduced the window for
 * that data, so the sub-packet socket does not respond (ns-2's ecn() acts only beyond recover_;
 * Linux enters CWR only from Open or Disorder) and the recovery's slow start runs on: by hand,
 * after the timeout (threshold max(2, 11 / 2) = 5.5 segments, window 1) packet 2 leaves at the
 * timeout (and reaches the bottleneck 39 ms later, the source's access delay), packets 3 and 4 one
 * round trip R later (window 2), packets 5 to 8 at 2R (window 4): the 13th to 19th data packets (12
 * sent before) arrive within 2R + 1 ms of the 13th. TcpSocketBase enters CWR from CA_LOSS at the
 * first echo, with a threshold of two segments from the one segment in flight, and sends the
 * retransmissions slower (checked: its 19th data packet arrives later than 2R + 1 ms after the
 * 13th).
 */
class TcpSubPacketSocketLossRecoveryTestCase : public TestCase
{
  public:
    TcpSubPacketSocketLossRecoveryTestCase()
        : TestCase("ECN-Echoes during loss recovery get no response; TcpSocketBase's do")
    {
    }

  private:
    void DoRun() override
    {
        const double limit = 2 * RTT.GetSeconds() + 0.001;
        const LossFlowResult sub = RunLossFlow(true);
        NS_TEST_ASSERT_MSG_EQ(sub.timeout.IsZero(), false, "a retransmission timeout");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sub.arrivals.size(), 19, "19 data packets in 3 s");
        NS_TEST_EXPECT_MSG_EQ(sub.cwrFromLoss, false, "no CA_LOSS -> CA_CWR");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(sub.ignoredEchoes, 1, "echoes ignored during recovery");
        // The source's access link: RTT / 2 - 10 ms (bottleneck) - 1 ms (sink access).
        const double access = RTT.GetSeconds() / 2 - 0.010 - 0.001;
        NS_TEST_EXPECT_MSG_EQ_TOL((sub.arrivals[12] - sub.timeout).GetSeconds(),
                                  access,
                                  0.001,
                                  "packet 2's retransmission leaves at the timeout");
        NS_TEST_EXPECT_MSG_LT((sub.arrivals[18] - sub.arrivals[12]).GetSeconds(),
                              limit,
                              "packets 2-8 retransmitted within 2R (slow start)");

        const LossFlowResult base = RunLossFlow(false);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(base.arrivals.size(), 19, "19 data packets in 3 s");
        NS_TEST_EXPECT_MSG_EQ(base.cwrFromLoss, true, "TcpSocketBase: CA_LOSS -> CA_CWR");
        NS_TEST_EXPECT_MSG_GT((base.arrivals[18] - base.arrivals[12]).GetSeconds(),
                              limit,
                              "TcpSocketBase: slower after the echo");
    }
};

/**
 * \ingroup dualcc
 * Ns2Halving: ns-2 Reno's answer to an ECN-Echo (tcp.cc's ecn() and slowdown(): ssthresh_ =
 * cwnd_ = int(int(cwnd_) / 2), a timer wait when that is 0), on RunLoggedFlow() (MSS 958
 * bytes: 1000-byte packets less PPP, IP and TCP headers; data packets 6, 14 and 17 marked). By
 * hand, in segments (ns-3's NewReno: +1 per ACK below ssthresh, else +MSS^2/cwnd bytes,
 * truncated; an ACK per segment; the flow is window-limited):
 * - slow start from 1: the ACK of packet k (k <= 5) makes the window 1 + k, and 1 + 2k packets
 *   have been sent; the ACK of packet 6 (marked) comes at a window of 6 (5748 bytes) with
 *   packets 7-11 in flight. ns-2: int(6 / 2) = 3 segments (2874 bytes), window and threshold.
 *   (Without Ns2Halving NewReno's max(2 MSS, flight / 2) = 2.5 segments = 2395 bytes stands.)
 * - CWR until an ACK beyond packet 11 (the ACKs of 7-11 still echo: no second response): at the
 *   ACKs of 9, 10 and 11 the flight falls to 2 and packets 12, 13, 14 leave (12 with CWR). The
 *   ACK of 12 ends CWR at cwnd = ssthresh = 2874; congestion avoidance adds
 *   int(958^2 / 2874) = 319: 3193 bytes, and packet 15 leaves; the ACK of 13 adds
 *   int(958^2 / 3193) = 287: 3480 bytes (3.63 segments), packet 16 leaves.
 * - The ACK of packet 14 (marked) at 3480 bytes: ns-2: int(int(3.63) / 2) = int(3 / 2) = 1
 *   segment, 958 bytes (NewReno's floor of 2 segments, bounded by one MSS, would give 1740).
 * - CWR until an ACK beyond packet 16; packet 17 leaves at the ACK of 16 (nothing in flight) and
 *   is marked: its ACK ends CWR (window 958 bytes) and echoes: ns-2: int(1 / 2) = 0, the timer
 *   wait (one hold, the window and threshold one segment).
 * Three responses; packet 17's is the only hold.
 */
class TcpSubPacketSocketNs2HalvingTestCase : public TestCase
{
  public:
    TcpSubPacketSocketNs2HalvingTestCase()
        : TestCase("Ns2Halving: ns-2 Reno's integer halving of the window on an ECN-Echo")
    {
    }

  private:
    void DoRun() override
    {
        const ResponseLog ns2 = RunLoggedFlow("Ns2Halving", true, false);
        NS_TEST_ASSERT_MSG_EQ(ns2.segmentSize, 958, "precondition: 958-byte segments");
        NS_TEST_ASSERT_MSG_EQ(ns2.responses.size(), 3, "three ECN responses (packets 6, 14, 17)");
        const uint32_t expected[3][3] = {{5748, 2874, 2874}, {3480, 958, 958}, {958, 958, 958}};
        for (std::size_t k = 0; k < 3; ++k)
        {
            const ResponseLog::Response& r = ns2.responses[k];
            NS_TEST_EXPECT_MSG_EQ(r.cwndBefore, expected[k][0], "response " << k + 1 << ": cwnd");
            NS_TEST_EXPECT_MSG_EQ(r.ssThreshAfter,
                                  expected[k][1],
                                  "response " << k + 1 << ": ssthresh");
            NS_TEST_EXPECT_MSG_EQ(r.cwndAfter, expected[k][2], "response " << k + 1 << ": window");
        }
        NS_TEST_EXPECT_MSG_EQ(ns2.holds, 1, "one hold: packet 17's echo at one segment");

        // Without Ns2Halving the first response is NewReno's flight / 2, above its floor.
        const ResponseLog plain = RunLoggedFlow("Ns2Halving", false, false);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(plain.responses.size(), 1, "an ECN response");
        NS_TEST_EXPECT_MSG_EQ(plain.responses[0].cwndBefore, 5748, "plain: cwnd");
        NS_TEST_EXPECT_MSG_EQ(plain.responses[0].ssThreshAfter, 2395, "plain: NewReno's");
    }
};

/**
 * \ingroup dualcc
 * KeepBackoff: the retransmission timer keeps its backoff until a valid RTT sample (ns-2's
 * t_backoff_, tcp.cc newack()), on RunBackoffFlow(). By hand (R the round trip, 100 ms plus
 * tens of microseconds; RTO = MinRto = 1 s as the samples are all R; arrival k is the k-th
 * data packet at the bottleneck, and the gap between two arrivals is the gap between their
 * sends):
 * - arrival 1 (segment 1): its ACK (an RTT sample) makes the window two segments and restarts
 *   the timer (1 RTO); segments 2 (arrival 2, dropped) and 3 (arrival 3) leave. Segment 3's
 *   ACK is one duplicate: nothing.
 * - The timer fires 1 RTO after arrival 2: segment 2 again (arrival 4, dropped), the RTO
 *   doubled to 2 s; it fires again 2 s later: arrival 5, the RTO 4 s (backoff 4).
 * - Arrival 5's ACK acknowledges segments 2-3: retransmitted data, no sample (Karn). It reaches
 *   the recovery point, and TcpSocketBase leaves CA_LOSS counting no segment beyond it, so the
 *   window stays one segment: segment 4 alone (arrival 6, dropped). The ACK restarted the
 *   timer: TcpSocketBase with the RTO from its estimate (1 s), KeepBackoff with the backoff
 *   kept (4 s). Arrival 7 (segment 4 again) comes 1 s after arrival 6 without KeepBackoff, 4 s
 *   with it (then 8 s).
 * - Arrival 7's ACK (retransmitted: no sample) releases segment 5 (arrival 8): new data, whose
 *   ACK is a valid sample: the backoff ends (RTO 1 s). The window grows; segment 8 (arrival 11)
 *   is dropped; the segments after it give fewer than three duplicates, and the timer,
 *   restarted at the last new ACK, retransmits it: the first gap of more than R after arrival
 *   11 is 1 RTO (8 s had the backoff been kept past the sample).
 */
class TcpSubPacketSocketKeepBackoffTestCase : public TestCase
{
  public:
    TcpSubPacketSocketKeepBackoffTestCase()
        : TestCase("KeepBackoff: the RTO backoff is kept until a valid RTT sample")
    {
    }

  private:
    /// \param arrivals the arrival times \return the first gap above R after arrival 11, s
    static double GapAfterEleven(const std::vector<Time>& arrivals)
    {
        for (std::size_t k = 11; k < arrivals.size(); ++k)
        {
            const Time gap = arrivals[k] - arrivals[k - 1];
            if (gap > RTT)
            {
                return gap.GetSeconds();
            }
        }
        return 0;
    }

    void DoRun() override
    {
        const double tol = 0.001;
        const std::vector<Time> kept = RunBackoffFlow(true);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(kept.size(), 13, "13 data packets in 10 s");
        NS_TEST_EXPECT_MSG_EQ_TOL((kept[3] - kept[1]).GetSeconds(), 1.0, tol, "first RTO");
        NS_TEST_EXPECT_MSG_EQ_TOL((kept[4] - kept[3]).GetSeconds(), 2.0, tol, "doubled");
        NS_TEST_EXPECT_MSG_EQ_TOL((kept[6] - kept[5]).GetSeconds(), 4.0, tol, "backoff kept");
        NS_TEST_EXPECT_MSG_EQ_TOL(GapAfterEleven(kept), 1.0, tol, "backoff ended by a sample");

        const std::vector<Time> plain = RunBackoffFlow(false);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(plain.size(), 13, "13 data packets in 10 s");
        NS_TEST_EXPECT_MSG_EQ_TOL((plain[4] - plain[3]).GetSeconds(), 2.0, tol, "doubled");
        NS_TEST_EXPECT_MSG_EQ_TOL((plain[6] - plain[5]).GetSeconds(),
                                  1.0,
                                  tol,
                                  "TcpSocketBase: backoff dropped at the new ACK");
    }
};

/**
 * \ingroup dualcc
 * Ns2LossResponse: ns-2 Reno's loss responses (tcp-reno.cc dupack_action(), tcp.cc timeout() and
 * slowdown()), on RunLoggedFlow() (MSS 958 bytes; data packets 8 and 16 dropped). By hand,
 * in segments (slow start from 1, an ACK per segment: the ACK of segment k makes the window
 * 1 + k and releases segments 2k and 2k + 1):
 * - segment 8 (arrival 8) is dropped; the ACK of segment 7 makes the window 8 (7664 bytes) and
 *   releases segments 14 and 15. Segments 9, 10 and 11 give three duplicate ACKs (the window
 *   does not grow on them): fast retransmit at W = 8. ns-2: ssthresh_ = int(8 / 2) = 4 (3832
 *   bytes), cwnd_ = 4, window() = cwnd_ + dupwnd_ = 4 + 3 = 7 segments (6706 bytes inflated).
 *   (Without Ns2LossResponse, NewReno's max(2 MSS, flight / 2) with TcpSocketBase's flight
 *   without SACK: 8 outstanding, less one segment counted as delivered (AddRenoSack) and the
 *   head marked lost, plus the head again = 7 segments: 3.5 segments, 3353 bytes.)
 * - The retransmission of segment 8 (arrival 16) is dropped too: the retransmission timer
 *   fires with the window at 4 segments, the last action a fast retransmit: ns-2:
 *   ssthresh_ = int(4 / 2) = 2 segments (1916 bytes), cwnd_ 1 segment (958 bytes).
 */
class TcpSubPacketSocketNs2LossTestCase : public TestCase
{
  public:
    TcpSubPacketSocketNs2LossTestCase()
        : TestCase("Ns2LossResponse: ns-2 Reno's fast retransmit and timeout thresholds")
    {
    }

  private:
    void DoRun() override
    {
        const ResponseLog ns2 = RunLoggedFlow("Ns2LossResponse", true, true);
        NS_TEST_ASSERT_MSG_EQ(ns2.responses.size(), 2, "a fast retransmit, then a timeout");
        const ResponseLog::Response& fr = ns2.responses[0];
        NS_TEST_EXPECT_MSG_EQ(fr.state, TcpSocketState::CA_RECOVERY, "fast retransmit");
        NS_TEST_EXPECT_MSG_EQ(fr.cwndBefore, 7664, "fast retransmit: W = 8 segments");
        NS_TEST_EXPECT_MSG_EQ(fr.ssThreshAfter, 3832, "fast retransmit: int(8 / 2) segments");
        NS_TEST_EXPECT_MSG_EQ(fr.cwndAfter, 3832, "fast retransmit: cwnd_ = int(8 / 2)");
        NS_TEST_EXPECT_MSG_EQ(fr.inflatedAfter, 6706, "fast retransmit: cwnd_ + dupwnd_ = 7");
        const ResponseLog::Response& to = ns2.responses[1];
        NS_TEST_EXPECT_MSG_EQ(to.state, TcpSocketState::CA_LOSS, "timeout");
        NS_TEST_EXPECT_MSG_EQ(to.cwndBefore, 3832, "timeout: W = 4 segments");
        NS_TEST_EXPECT_MSG_EQ(to.ssThreshAfter, 1916, "timeout: int(4 / 2) segments");
        NS_TEST_EXPECT_MSG_EQ(to.cwndAfter, 958, "timeout: one segment");

        // Without Ns2LossResponse the fast retransmit's threshold is NewReno's.
        const ResponseLog plain = RunLoggedFlow("Ns2LossResponse", false, true);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(plain.responses.size(), 1, "a fast retransmit");
        NS_TEST_EXPECT_MSG_EQ(plain.responses[0].cwndBefore, 7664, "plain: W = 8 segments");
        NS_TEST_EXPECT_MSG_EQ(plain.responses[0].ssThreshAfter, 3353, "plain: NewReno's");
    }
};

/**
 * \ingroup dualcc
 * MaxWindow: ns-2's window_ (tcp.cc window() = min(cwnd_, window_)). By hand:
 * - RunCappedFlow() (initial window 10 segments, an ACK per segment, nothing lost): without a
 *   cap the flow sends 10 segments in its first round trip, then 20 and 40 (slow start: each ACK
 *   releases two); with MaxWindow 4, 4 in every round trip (each ACK releases one: never more
 *   than 4 unacknowledged, however large the window grows).
 * - RunLoggedFlow() with Ns2Halving (slow start from one segment; data packet 6 marked): the
 *   ECN-Echo comes with cwnd 6 segments (5748 bytes) uncapped, and ns-2 halves its window():
 *   floor(6 / 2) = 3 segments (2874 bytes, TcpSubPacketSocketNs2HalvingTestCase); with
 *   MaxWindow 4 window() = min(cwnd, 4) = 4 and the threshold is floor(4 / 2) = 2 segments
 *   (1916 bytes).
 */
class TcpSubPacketSocketMaxWindowTestCase : public TestCase
{
  public:
    TcpSubPacketSocketMaxWindowTestCase()
        : TestCase("MaxWindow: ns-2's window_ caps the unacknowledged segments and the halving")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<Time> plain = RunCappedFlow(0);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(plain.size(), 70, "precondition: 70 data packets");
        NS_TEST_EXPECT_MSG_EQ(CountInRound(plain, 0), 10, "no cap: initial window");
        NS_TEST_EXPECT_MSG_EQ(CountInRound(plain, 1), 20, "no cap: slow start");
        NS_TEST_EXPECT_MSG_EQ(CountInRound(plain, 2), 40, "no cap: slow start");
        const std::vector<Time> capped = RunCappedFlow(4);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(capped.size(), 12, "precondition: 12 data packets");
        for (int round = 0; round < 3; ++round)
        {
            NS_TEST_EXPECT_MSG_EQ(CountInRound(capped, round), 4, "cap 4: round " << round);
        }

        const ResponseLog ns2 = RunLoggedFlow("Ns2Halving", true, false, 4);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ns2.responses.size(), 1, "an ECN response (packet 6)");
        NS_TEST_EXPECT_MSG_EQ(ns2.responses[0].ssThreshAfter,
                              1916,
                              "floor(min(cwnd, 4) / 2) segments");
    }
};

/**
 * The TcpSubPacketSocket suite.
 */
class TcpSubPacketSocketTestSuite : public TestSuite
{
  public:
    TcpSubPacketSocketTestSuite()
        : TestSuite("dualcc-tcp-sub-packet-socket", TestSuite::Type::UNIT)
    {
        AddTestCase(new TcpSubPacketSocketTimesTestCase(TcpSubPacketSocket::MAX_BACKOFF));
        AddTestCase(new TcpSubPacketSocketTimesTestCase(2));
        AddTestCase(new TcpSubPacketSocketBaseTestCase);
        AddTestCase(new TcpSubPacketSocketLossRecoveryTestCase);
        AddTestCase(new TcpSubPacketSocketTwoWayTestCase);
        AddTestCase(new TcpSubPacketSocketNs2HalvingTestCase);
        AddTestCase(new TcpSubPacketSocketKeepBackoffTestCase);
        AddTestCase(new TcpSubPacketSocketNs2LossTestCase);
        AddTestCase(new TcpSubPacketSocketMaxWindowTestCase);
    }
};

/// The suite's instance.
static TcpSubPacketSocketTestSuite g_tcpSubPacketSocketTestSuite;
