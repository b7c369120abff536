/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of PersistentFlowApplication's WriteAhead: the data it keeps written ahead of what TCP has
// sent is bounded by WriteAhead congestion windows (plus one ChunkSize piece), and the bound never
// starves TCP. The oracle of "never starves" is the same flow with WriteAhead 0, which keeps the
// whole send buffer full (the application's behaviour before the bound): a TCP that waited for
// data even once would send a short segment or send later, and its window and the bytes received
// would part from that run's. The link's utilization is checked against its capacity as well
// (NewReno over a buffer of the bandwidth-delay product never empties the queue: a flow that never
// waits for data keeps the link busy).

#include "network-text.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/core-module.h"
#include "ns3/network-helper.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <string>

using namespace ns3;

namespace
{
/// PersistentFlowApplication's ChunkSize default, bytes.
const uint64_t CHUNK = 65536;

/// What one flow did, and the largest backlog it had written ahead.
struct FlowRecord
{
    Ptr<TcpSocketBase> socket; //!< the flow's socket
    /// FNV-1a of every (time, window) of the CongestionWindow trace
    uint64_t cwndHash{14695981039346656037ULL};
    uint64_t cwndChanges{0};   //!< window changes
    uint32_t maxCwnd{0};       //!< the largest window so far, bytes
    uint64_t maxUnsent{0};     //!< the largest unsent backlog seen, bytes
    uint64_t maxExcess{0};     //!< the largest unsent - WriteAhead x maxCwnd - CHUNK, bytes
    uint32_t writeAhead{0};    //!< the flow's WriteAhead
    uint32_t recoveries{0};    //!< entries into CA_RECOVERY
    uint64_t shortSegments{0}; //!< new data segments shorter than the segment size
    SequenceNumber32 highest;  //!< the socket's HighestSequence
    uint32_t segmentSize{0};   //!< the socket's SegmentSize, bytes
};

/// Mix \p value into the FNV-1a hash \p hash. \param hash the hash \param value the value
void
Mix(uint64_t& hash, uint64_t value)
{
    for (int i = 0; i < 8; ++i)
    {
        hash = (hash ^ ((value >> (8 * i)) & 0xff)) * 1099511628211ULL;
    }
}

/// Trace sink: the window. \param r the record \param oldValue old \param newValue new
void
TraceCwnd(FlowRecord* r, uint32_t oldValue, uint32_t newValue)
{
    Mix(r->cwndHash, Simulator::Now().GetTimeStep());
    Mix(r->cwndHash, newValue);
    ++r->cwndChanges;
    r->maxCwnd = std::max(r->maxCwnd, newValue);
}

/**
 * Trace sink: the highest sequence sent; samples the unsent backlog (the socket's send buffer
 * beyond it) against the bound. \param r the record \param oldValue old \param newValue new
 */
void
TraceHighest(FlowRecord* r, SequenceNumber32 oldValue, SequenceNumber32 newValue)
{
    const Ptr<TcpTxBuffer> buffer = r->socket->GetTxBuffer();
    if (newValue - oldValue > 0 && static_cast<uint32_t>(newValue - oldValue) < r->segmentSize &&
        buffer->TailSequence() > newValue)
    {
        ++r->shortSegments; // a short segment with data left behind it would be a bug of TCP's
    }
    r->highest = newValue;
    const SequenceNumber32 sent = std::max(buffer->HeadSequence(), newValue);
    const uint64_t unsent =
        buffer->TailSequence() > sent ? static_cast<uint64_t>(buffer->TailSequence() - sent) : 0;
    r->maxUnsent = std::max(r->maxUnsent, unsent);
    const uint64_t bound = uint64_t{r->writeAhead} * r->maxCwnd + CHUNK;
    if (unsent > bound)
    {
        r->maxExcess = std::max(r->maxExcess, unsent - bound);
    }
}

/// Trace sink: the congestion state. \param r the record \param oldValue old \param newValue new
void
TraceCongState(FlowRecord* r,
               TcpSocketState::TcpCongState_t oldValue,
               TcpSocketState::TcpCongState_t newValue)
{
    if (newValue == TcpSocketState::CA_RECOVERY && oldValue != TcpSocketState::CA_RECOVERY)
    {
        ++r->recoveries;
    }
}

/**
 * Follow the source's socket (it exists once the application started; a function, not a
 * lambda: ns-3.35 schedules no lambdas). \param source the flow \param r the record
 */
void
Connect(Ptr<PersistentFlowApplication> source, FlowRecord* r)
{
    r->socket = DynamicCast<TcpSocketBase>(source->GetSocket());
    UintegerValue segmentSize;
    r->socket->GetAttribute("SegmentSize", segmentSize);
    r->segmentSize = segmentSize.Get();
    r->socket->TraceConnectWithoutContext("CongestionWindow", MakeBoundCallback(&TraceCwnd, r));
    r->socket->TraceConnectWithoutContext("HighestSequence", MakeBoundCallback(&TraceHighest, r));
    r->socket->TraceConnectWithoutContext("CongState", MakeBoundCallback(&TraceCongState, r));
}

/// One run's results.
struct RunResult
{
    FlowRecord flow;    //!< the flow
    double utilization; //!< the bottleneck's utilization over the window
    double rate;        //!< the flow's rate over the window, packets/s
    uint64_t drops;     //!< the bottleneck's drops
};

/**
 * Run the single flow of \p text for \p stop with WriteAhead \p writeAhead.
 * \param text the network (one class "c" of one flow over link "A")
 * \param reno Reno's recovery (TcpDefaults::renoRecovery: no SACK, window inflation)
 * \param writeAhead the source's WriteAhead, windows
 * \param from start of the measurement window
 * \param stop end of the run and of the window
 * \return what the run did
 */
RunResult
RunFlow(const std::string& text, bool reno, uint32_t writeAhead, Time from, Time stop)
{
    NetworkHelper helper(Describe("set startJitter=0s\n" + text));
    helper.GetTcpDefaults().renoRecovery = reno;
    helper.GetBuilder().AssignStreams(7);
    helper.GetMonitor().SetMeasurementWindow(from, stop);
    helper.Install();
    Ptr<PersistentFlowApplication> source = helper.GetNetwork().GetSources("c").front();
    source->SetAttribute("WriteAhead", UintegerValue(writeAhead));
    RunResult result;
    result.flow.writeAhead = writeAhead;
    // The flow starts at 0 (startJitter 0) and sends its first data a round trip later.
    Simulator::Schedule(MilliSeconds(1), &Connect, source, &result.flow);
    helper.Run(stop, false);
    result.utilization = helper.GetMonitor().GetLinkMeasurement("A").utilization;
    result.rate = helper.GetMonitor().GetClassMeasurement("c").rateKBps;
    result.drops = helper.GetMonitor().GetLinkMeasurement("A").drops;
    result.flow.socket = nullptr;
    Simulator::Destroy();
    if (reno)
    {
        // ns-3's defaults again (TcpDefaults::Apply set them for every later socket).
        Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
        Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(true));
        Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                           TypeIdValue(TypeId::LookupByName("ns3::TcpPrrRecovery")));
    }
    return result;
}
} // namespace

/**
 * \ingroup dualcc
 * One flow with WriteAhead \p writeAhead against the same flow with the whole send buffer
 * written (WriteAhead 0): the same window at every change, the same rate, no short segment, and
 * the backlog written ahead within WriteAhead windows plus a chunk (while the full buffer's is
 * megabytes, which shows the bound check can fail).
 */
class WriteAheadTestCase : public TestCase
{
  public:
    /**
     * \param name the case's name
     * \param text the network (class "c", link "A")
     * \param reno Reno's recovery (no SACK, window inflation)
     * \param writeAhead the bounded run's WriteAhead, windows
     * \param from start of the measurement window
     * \param stop end of the run
     * \param minRecoveries at least this many fast recoveries (precondition)
     * \param minUtilization the link's utilization must be at least this
     */
    WriteAheadTestCase(const std::string& name,
                       const std::string& text,
                       bool reno,
                       uint32_t writeAhead,
                       Time from,
                       Time stop,
                       uint32_t minRecoveries,
                       double minUtilization)
        : TestCase(name),
          m_text(text),
          m_reno(reno),
          m_writeAhead(writeAhead),
          m_from(from),
          m_stop(stop),
          m_minRecoveries(minRecoveries),
          m_minUtilization(minUtilization)
    {
    }

  private:
    void DoRun() override
    {
        const RunResult full = RunFlow(m_text, m_reno, 0, m_from, m_stop);
        const RunResult bounded = RunFlow(m_text, m_reno, m_writeAhead, m_from, m_stop);
        NS_TEST_ASSERT_MSG_GT(full.flow.cwndChanges, 100, "precondition: the flow ran");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(full.flow.recoveries,
                                    m_minRecoveries,
                                    "precondition: fast recoveries");
        NS_TEST_ASSERT_MSG_GT(full.flow.maxExcess,
                              0,
                              "precondition: the full buffer is beyond the bound (the check can "
                              "fail)");
        // Never starved: the same flow as with the full buffer.
        NS_TEST_EXPECT_MSG_EQ(bounded.flow.cwndChanges, full.flow.cwndChanges, "window changes");
        NS_TEST_EXPECT_MSG_EQ(bounded.flow.cwndHash, full.flow.cwndHash, "window trajectory");
        NS_TEST_EXPECT_MSG_EQ(bounded.flow.recoveries, full.flow.recoveries, "recoveries");
        NS_TEST_EXPECT_MSG_EQ(bounded.drops, full.drops, "drops");
        NS_TEST_EXPECT_MSG_EQ(bounded.rate, full.rate, "rate");
        NS_TEST_EXPECT_MSG_EQ(bounded.flow.shortSegments, 0, "short segments");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(bounded.utilization, m_minUtilization, "link utilization");
        // The bound holds.
        NS_TEST_EXPECT_MSG_EQ(
            bounded.flow.maxExcess,
            0,
            "unsent backlog beyond WriteAhead x the largest window + a chunk (largest "
            "backlog "
                << bounded.flow.maxUnsent << " bytes, window " << bounded.flow.maxCwnd
                << " bytes)");
    }

    std::string m_text;       //!< the network
    bool m_reno;              //!< Reno's recovery
    uint32_t m_writeAhead;    //!< the bounded run's WriteAhead
    Time m_from;              //!< start of the measurement window
    Time m_stop;              //!< end of the run
    uint32_t m_minRecoveries; //!< fast recoveries expected at least
    double m_minUtilization;  //!< utilization expected at least
};

/**
 * The PersistentFlowApplication suite.
 */
class PersistentFlowApplicationTestSuite : public TestSuite
{
  public:
    PersistentFlowApplicationTestSuite()
        : TestSuite("dualcc-persistent-flow-application", TestSuite::Type::UNIT)
    {
        // NewReno (SACK, ns-3's PRR) at 50 Mb/s over 100 ms with a buffer of the
        // bandwidth-delay product (625 packets): after the slow start its window stays between
        // about 650 and 1300 packets, and a halving never empties the queue, so the link is busy
        // unless the source waits for data.
        AddTestCase(new WriteAheadTestCase(
            "NewReno, window of a thousand packets, WriteAhead 1: the link busy, bound holds",
            "link A R1 R2 rate=50Mbps delay=40ms buffer=650\n"
            "class c flows=1 route=A rtt=100ms tcp=ns3::TcpNewReno\n",
            false,
            1,
            Seconds(4),
            Seconds(8),
            0,
            0.99));
        // FAST-delay at 100 Mb/s over 100 ms, its window growing to the bandwidth-delay product.
        AddTestCase(new WriteAheadTestCase(
            "FAST-delay, WriteAhead 1: the same window trajectory, bound holds",
            "link A R1 R2 rate=100Mbps delay=40ms buffer=20000\n"
            "class c flows=1 route=A rtt=100ms tcp=ns3::TcpFastDelay\n",
            false,
            1,
            Seconds(8),
            Seconds(12),
            0,
            0.0));
        // NewReno without SACK (ns-2's Reno recovery: window inflation by duplicate ACKs) over a
        // buffer of a third of the bandwidth-delay product: a loss and a fast recovery every few
        // seconds. (Refilled on new ACKs only, this flow ran dry in its recoveries: 7 recoveries
        // instead of 8, 681 drops instead of 638, 1935 packets/s instead of 2585.)
        AddTestCase(new WriteAheadTestCase(
            "NewReno over a short buffer, WriteAhead 1: recoveries, never starved",
            "link A R1 R2 rate=50Mbps delay=10ms buffer=80\n"
            "class c flows=1 route=A rtt=40ms tcp=ns3::TcpNewReno\n",
            true,
            1,
            Seconds(2),
            Seconds(12),
            2,
            0.0));
        // NewReno with SACK and ECN over gentle RED (a slow average, as fast-dynamic's), started
        // into a slow-start overshoot: ECN cuts the window (CA_CWR) more than once while the
        // overshoot's data is still unacknowledged.
        AddTestCase(new WriteAheadTestCase(
            "NewReno, SACK, ECN over gentle RED: window cuts in an overshoot, never starved",
            "link A R1 R2 rate=62.5Mbps delay=10ms buffer=1600 queue=ns3::RedQueueDisc "
            "queue.Gentle=true queue.UseEcn=true queue.MinTh=20 queue.MaxTh=60 queue.QW=0.0004 "
            "queue.LInterm=10\n"
            "class c flows=1 route=A rtt=40ms tcp=ns3::TcpNewReno ecn=on\n",
            false,
            1,
            Seconds(1),
            Seconds(3),
            0,
            0.0));
    }
};

/// The suite's instance.
static PersistentFlowApplicationTestSuite g_persistentFlowApplicationTestSuite;
