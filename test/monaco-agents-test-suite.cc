/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of MonacoSenderAgent and MonacoReceiverAgent on two hosts joined by one point-to-point
// link (10 Mb/s, 10 ms), with a TCP NewReno bulk flow whose window the receiver limits to 10
// segments, far below the path's 26-packet bandwidth-delay product: no standing queue.
//
// Sizes (no TCP timestamps): data 958 + 20 + 20 = 998 IPv4 bytes, 1000 on the wire: 0.8 ms;
// a pure ACK 40 IPv4 bytes, 42 on the wire: 33.6 us; a control packet 40 + 8 + 20 = 68 IPv4
// bytes, 70 on the wire: 56 us.

#include "check-config-abort-test-case.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/monaco-receiver-agent.h"
#include "ns3/monaco-sender-agent.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/ppp-header.h"
#include "ns3/test.h"

#include <algorithm>
#include <set>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("MonacoAgentsTestSuite");

namespace
{

/// TCP payload per segment.
constexpr uint32_t SEGMENT_SIZE = 958;
/// IPv4 bytes of a data packet: payload + TCP 20 + IPv4 20.
constexpr double DATA_IPV4_BYTES = 998;
/// The receiver's buffer: 10 segments, the flow's window.
constexpr uint32_t WINDOW_SEGMENTS = 10;
/// Link rate, bit/s.
constexpr double LINK_RATE = 10e6;
/// One-way delay of the link.
const int64_t LINK_DELAY_MS = 10;

/// Transmission time of \p wireBytes on the link. \param wireBytes bytes \return the time
Time
TxTime(double wireBytes)
{
    return Seconds(wireBytes * 8 / LINK_RATE);
}

/**
 * Drops, at the source host's device, the UDP packets (the reverse OBs: the only UDP traffic the
 * source receives) whose rank (1, 2, ...) is in a given set.
 */
class ReverseObDropModel : public ErrorModel
{
  public:
    /// \param ranks the ranks of the UDP packets to drop
    explicit ReverseObDropModel(std::set<uint32_t> ranks)
        : m_ranks(std::move(ranks))
    {
    }

    /// \return the UDP packets seen
    uint32_t GetSeen() const
    {
        return m_seen;
    }

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        Ptr<Packet> copy = p->Copy();
        PppHeader ppp;
        copy->RemoveHeader(ppp);
        Ipv4Header ip;
        copy->PeekHeader(ip);
        if (ip.GetProtocol() != UdpL4Protocol::PROT_NUMBER)
        {
            return false;
        }
        ++m_seen;
        return m_ranks.count(m_seen) > 0;
    }

    void DoReset() override
    {
    }

    std::set<uint32_t> m_ranks; //!< ranks to drop
    uint32_t m_seen{0};         //!< UDP packets seen
};

/// Source and sink hosts with the two agents.
struct AgentPair
{
    NodeContainer nodes;               //!< source (0) and sink (1)
    NetDeviceContainer devices;        //!< the link's devices
    Ptr<MonacoSenderAgent> sender;     //!< on the source
    Ptr<MonacoReceiverAgent> receiver; //!< on the sink
};

/**
 * Build the two hosts, a NewReno bulk flow from 0 s to \p stop and the agents (started at 0 s,
 * stopped at \p stop; the sender finds the receiver through SetPeer).
 * \param stop when the flow and the agents stop
 * \return the hosts and agents
 */
AgentPair
Build(Time stop)
{
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(SEGMENT_SIZE));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(WINDOW_SEGMENTS * SEGMENT_SIZE));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    AgentPair pair;
    pair.nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(LINK_RATE))));
    p2p.SetChannelAttribute("Delay", TimeValue(MilliSeconds(LINK_DELAY_MS)));
    pair.devices = p2p.Install(pair.nodes);
    InternetStackHelper stack;
    stack.Install(pair.nodes);
    Ipv4AddressHelper address("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = address.Assign(pair.devices);

    const uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApps = sinkHelper.Install(pair.nodes.Get(1));
    sinkApps.Start(Seconds(0));
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(interfaces.GetAddress(1), port));
    ApplicationContainer bulkApps = bulk.Install(pair.nodes.Get(0));
    bulkApps.Start(Seconds(0));
    bulkApps.Stop(stop);

    pair.receiver = CreateObject<MonacoReceiverAgent>();
    pair.nodes.Get(1)->AddApplication(pair.receiver);
    pair.receiver->SetStartTime(Seconds(0));
    pair.receiver->SetStopTime(stop);
    pair.sender = CreateObject<MonacoSenderAgent>();
    pair.sender->SetPeer(pair.nodes.Get(1));
    pair.nodes.Get(0)->AddApplication(pair.sender);
    pair.sender->SetStartTime(Seconds(0));
    pair.sender->SetStopTime(stop);
    return pair;
}

} // namespace

/**
 * \ingroup dualcc
 * Everything delivered: one answer per round trip, consecutive sequence numbers, no timeout, and
 * an accumulation near 0 that follows from the numbers by hand.
 *
 * - The OB and the IB leave back to back and nothing comes between them on the one link: the IB
 *   arrives one control-packet time after the OB, ftt_q = 56 us exactly, and no data arrives
 *   between them (counted accumulation 0).
 * - Control round trip: 2 x 10 ms + OB, IB and reverse OB transmissions (3 x 56 us) = 20.168 ms,
 *   plus at most one data packet in transmission ahead of the OB (0.8 ms) and one ACK ahead of
 *   the reverse OB (33.6 us): in [20.168, 21.0016] ms once slow start is over (from 0.5 s on).
 *   propagationRtt = controlRtt - 56 us.
 * - Egress rate: 10 packets per data round trip (0.8 + 20 + 0.0336 ms = 20.8336 ms), 479034 B/s;
 *   an IB-to-IB interval (one control round trip) holds 9 to 11 of them, so every sample and x̄
 *   lie in [9 x 998 / 21.0016 ms, 11 x 998 / 20.168 ms] = [427680, 544328] B/s, and their mean
 *   is within 3 % of 479034 B/s.
 * - â = x̄ x 56 us in [23.9, 30.5] bytes, well below a* = 3000: every flag says increase.
 * - About one answer per round trip: between (T - t1) / 21.0016 ms - 2 and (T - t1) / 20.168 ms
 *   + 1 answers for pairs sent in [t1, T].
 */
class MonacoAgentsDeliveredTestCase : public TestCase
{
  public:
    MonacoAgentsDeliveredTestCase()
        : TestCase("all delivered: an answer per round trip, ftt_q of 56 us, accumulation ~ 0")
    {
    }

  private:
    /// Feedback callback. \param feedback the answer
    void OnFeedback(const MonacoFeedback& feedback)
    {
        m_feedback.push_back(feedback);
        m_feedbackTimes.push_back(Simulator::Now());
    }

    /// ControlSequence sink. \param oldValue previous \param newValue new
    void OnSequence(uint32_t oldValue, uint32_t newValue)
    {
        if (newValue == 1)
        {
            m_firstPair = Simulator::Now();
        }
        m_lastSequence = newValue;
        m_lastPair = Simulator::Now();
    }

    /// Timeouts sink. \param oldValue previous \param newValue new
    void OnTimeouts(uint32_t oldValue, uint32_t newValue)
    {
        m_timeouts = newValue;
    }

    /// ForwardQueueing sink. \param fttq ftt_q
    void OnForwardQueueing(Time fttq)
    {
        m_fttq.push_back(fttq);
    }

    /// Accumulation sink. \param bytes â
    void OnAccumulation(double bytes)
    {
        m_accumulation.push_back(bytes);
    }

    /// EgressRate sink. \param rate x̄
    void OnEgressRate(double rate)
    {
        m_egressRate.push_back(rate);
    }

    /// CountedAccumulation sink. \param bytes counted
    void OnCounted(uint64_t bytes)
    {
        m_counted.push_back(bytes);
    }

    void DoRun() override
    {
        const Time stop = Seconds(4);
        AgentPair pair = Build(stop);
        pair.sender->SetFeedbackCallback(
            MakeCallback(&MonacoAgentsDeliveredTestCase::OnFeedback, this));
        pair.sender->TraceConnectWithoutContext(
            "ControlSequence",
            MakeCallback(&MonacoAgentsDeliveredTestCase::OnSequence, this));
        pair.sender->TraceConnectWithoutContext(
            "Timeouts",
            MakeCallback(&MonacoAgentsDeliveredTestCase::OnTimeouts, this));
        pair.receiver->TraceConnectWithoutContext(
            "ForwardQueueing",
            MakeCallback(&MonacoAgentsDeliveredTestCase::OnForwardQueueing, this));
        pair.receiver->TraceConnectWithoutContext(
            "Accumulation",
            MakeCallback(&MonacoAgentsDeliveredTestCase::OnAccumulation, this));
        pair.receiver->TraceConnectWithoutContext(
            "EgressRate",
            MakeCallback(&MonacoAgentsDeliveredTestCase::OnEgressRate, this));
        pair.receiver->TraceConnectWithoutContext(
            "CountedAccumulation",
            MakeCallback(&MonacoAgentsDeliveredTestCase::OnCounted, this));
        Simulator::Stop(stop + Seconds(1));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_GT(m_feedback.size(), 10, "answers arrived");
        NS_TEST_EXPECT_MSG_EQ(m_timeouts, 0, "no timeout");
        NS_TEST_EXPECT_MSG_EQ(pair.sender->GetRemote(),
                              Ipv4Address("10.1.1.2"),
                              "Remote from the peer's interface 1");
        NS_TEST_EXPECT_MSG_LT(m_lastPair, stop + MicroSeconds(1), "no pair after the stop");
        // One trace per answer; the last answer may still be in flight when the sender stops.
        NS_TEST_EXPECT_MSG_GT_OR_EQ(m_fttq.size(), m_feedback.size(), "a trace per answer");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(m_fttq.size(), m_feedback.size() + 1, "a trace per answer");

        const Time controlTime = TxTime(70);
        const Time minRtt = MilliSeconds(2 * LINK_DELAY_MS) + 3 * controlTime;
        const Time maxRtt = minRtt + TxTime(1000) + TxTime(42);
        const double minRate = 9 * DATA_IPV4_BYTES / maxRtt.GetSeconds();
        const double maxRate = 11 * DATA_IPV4_BYTES / minRtt.GetSeconds();
        const double dataRtt =
            (TxTime(1000) + MilliSeconds(2 * LINK_DELAY_MS) + TxTime(42)).GetSeconds();
        const double meanRate = WINDOW_SEGMENTS * DATA_IPV4_BYTES / dataRtt;
        NS_TEST_EXPECT_MSG_EQ(controlTime, MicroSeconds(56), "70 B at 10 Mb/s");

        double rateSum = 0;
        uint32_t rateCount = 0;
        for (std::size_t i = 0; i < m_feedback.size(); ++i)
        {
            const MonacoFeedback& f = m_feedback[i];
            NS_TEST_EXPECT_MSG_EQ(f.sequence, i + 1, "consecutive sequence numbers");
            NS_TEST_EXPECT_MSG_EQ(m_fttq[i], controlTime, "ftt_q = one control packet");
            NS_TEST_EXPECT_MSG_EQ(f.forwardQueueing, controlTime, "ftt_q in the reverse OB");
            NS_TEST_EXPECT_MSG_EQ(m_counted[i], 0, "no data between OB and IB");
            NS_TEST_EXPECT_MSG_EQ(f.flag, MonacoHeader::INCREASE, "â << a*");
            NS_TEST_EXPECT_MSG_EQ(f.controlRtt, m_feedbackTimes[i] - f.pairSent, "round trip");
            NS_TEST_EXPECT_MSG_EQ(f.propagationRtt, f.controlRtt - controlTime, "rtt_p");
            if (f.pairSent < Seconds(0.5))
            {
                continue;
            }
            NS_TEST_EXPECT_MSG_GT_OR_EQ(f.controlRtt, minRtt, "pair " << f.sequence);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(f.controlRtt, maxRtt, "pair " << f.sequence);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(m_egressRate[i], minRate, "pair " << f.sequence);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(m_egressRate[i], maxRate, "pair " << f.sequence);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(m_accumulation[i], 23.9, "â, pair " << f.sequence);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(m_accumulation[i], 30.5, "â, pair " << f.sequence);
            NS_TEST_EXPECT_MSG_LT(std::abs(f.accumulation - m_accumulation[i]),
                                  0.5 + 1e-9,
                                  "the reverse OB carries â rounded");
            rateSum += m_egressRate[i];
            ++rateCount;
        }
        NS_TEST_ASSERT_MSG_GT(rateCount, 0, "answers after 0.5 s");
        NS_TEST_EXPECT_MSG_EQ_TOL(rateSum / rateCount, meanRate, 0.03 * meanRate, "mean x̄");

        const double span = (m_lastPair - m_firstPair).GetSeconds();
        NS_TEST_EXPECT_MSG_GT_OR_EQ(m_lastSequence,
                                    span / maxRtt.GetSeconds() - 2,
                                    "about one pair per round trip");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(m_lastSequence,
                                    span / minRtt.GetSeconds() + 1,
                                    "about one pair per round trip");
        Simulator::Destroy();
    }

    std::vector<MonacoFeedback> m_feedback; //!< answers
    std::vector<Time> m_feedbackTimes;      //!< their arrival times
    std::vector<Time> m_fttq;               //!< ForwardQueueing
    std::vector<double> m_accumulation;     //!< Accumulation
    std::vector<double> m_egressRate;       //!< EgressRate
    std::vector<uint64_t> m_counted;        //!< CountedAccumulation
    uint32_t m_timeouts{0};                 //!< Timeouts
    uint32_t m_lastSequence{0};             //!< last ControlSequence
    Time m_firstPair;                       //!< when pair 1 left
    Time m_lastPair;                        //!< when the last pair left
};

/**
 * \ingroup dualcc
 * Reverse OBs dropped: the answers to pairs 1, 2 and 3 and to pair 10 are dropped at the source's
 * device. With no round-trip sample, RTO = InitialRto = 1 s, doubled per consecutive timeout:
 * pairs 2, 3, 4 leave at t1 + 1 s, t1 + 3 s, t1 + 7 s (RTO 1, 2, 4 s), Timeouts 1, 2, 3. Pair 4's
 * answer is the first sample and resets the doubling: pairs 5 to 10 follow their answers. The
 * loss of pair 10's answer then costs one plain RTO: srtt <= 21.0 ms and rttvar <= 10.5 ms (the
 * first sample's half, then smaller: every sample is within 0.84 ms of the others) give
 * srtt + 4 rttvar <= 63 ms < MinRto, so pair 11 leaves at t10 + 200 ms exactly (without the
 * reset: 2^4 x 200 ms = 3.2 s), Timeouts 4.
 */
class MonacoAgentsTimeoutTestCase : public TestCase
{
  public:
    MonacoAgentsTimeoutTestCase()
        : TestCase("reverse OBs lost: new pairs at 1, 3, 7 s; a sample resets the backoff")
    {
    }

  private:
    /// ControlSequence sink. \param oldValue previous \param newValue new
    void OnSequence(uint32_t oldValue, uint32_t newValue)
    {
        m_pairTimes.push_back(Simulator::Now());
        m_sequences.push_back(newValue);
    }

    /// Timeouts sink. \param oldValue previous \param newValue new
    void OnTimeouts(uint32_t oldValue, uint32_t newValue)
    {
        m_timeoutTimes.push_back(Simulator::Now());
    }

    void DoRun() override
    {
        const Time stop = Seconds(8);
        AgentPair pair = Build(stop);
        Ptr<ReverseObDropModel> drop =
            CreateObject<ReverseObDropModel>(std::set<uint32_t>{1, 2, 3, 10});
        pair.devices.Get(0)->SetAttribute("ReceiveErrorModel", PointerValue(drop));
        pair.sender->TraceConnectWithoutContext(
            "ControlSequence",
            MakeCallback(&MonacoAgentsTimeoutTestCase::OnSequence, this));
        pair.sender->TraceConnectWithoutContext(
            "Timeouts",
            MakeCallback(&MonacoAgentsTimeoutTestCase::OnTimeouts, this));
        Simulator::Stop(stop + Seconds(1));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_GT(m_pairTimes.size(), 11, "pairs 1 to 11 at least");
        for (std::size_t i = 0; i < m_sequences.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(m_sequences[i], i + 1, "sequence numbers 1, 2, ...");
        }
        const Time t1 = m_pairTimes[0];
        NS_TEST_EXPECT_MSG_EQ(m_pairTimes[1], t1 + Seconds(1), "pair 2: RTO 1 s");
        NS_TEST_EXPECT_MSG_EQ(m_pairTimes[2], t1 + Seconds(3), "pair 3: RTO 2 s");
        NS_TEST_EXPECT_MSG_EQ(m_pairTimes[3], t1 + Seconds(7), "pair 4: RTO 4 s");
        NS_TEST_ASSERT_MSG_EQ(m_timeoutTimes.size(), 4, "timeouts of pairs 1, 2, 3 and 10");
        NS_TEST_EXPECT_MSG_EQ(m_timeoutTimes[0], m_pairTimes[1], "pair 2 leaves at a timeout");
        NS_TEST_EXPECT_MSG_EQ(m_timeoutTimes[2], m_pairTimes[3], "pair 4 leaves at a timeout");
        for (std::size_t i = 4; i < 10; ++i)
        {
            NS_TEST_EXPECT_MSG_LT(m_pairTimes[i] - m_pairTimes[i - 1],
                                  MilliSeconds(22),
                                  "pair " << i + 1 << " follows its answer");
        }
        NS_TEST_EXPECT_MSG_EQ(m_pairTimes[10],
                              m_pairTimes[9] + MilliSeconds(200),
                              "pair 11: RTO reset to MinRto");
        NS_TEST_EXPECT_MSG_EQ(m_timeoutTimes[3], m_pairTimes[10], "pair 11 at the 4th timeout");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(drop->GetSeen(), 10, "answers to pairs 1 to 10 seen");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(m_pairTimes.back(), stop, "no pair after the stop");
        Simulator::Destroy();
    }

    std::vector<Time> m_pairTimes;     //!< when each pair left
    std::vector<uint32_t> m_sequences; //!< its sequence number
    std::vector<Time> m_timeoutTimes;  //!< when each timeout fired
};

/**
 * \ingroup dualcc
 * Answers to older pairs are ignored. InitialRto = 10 ms (MinRto 1 ms), below the round trip
 * (>= 20.168 ms): pair 1 times out at t1 + 10 ms, pair 2 (RTO 20 ms) at t1 + 30 ms, before its
 * answer (>= t1 + 10 + 20.168 ms); the answers to pairs 1 and 2 then arrive stale and are
 * dropped; pair 3 (RTO 40 ms) is answered within about 21 ms (the initial window has drained
 * by then: at most one data packet ahead of the OB). So the first feedback is pair 3's, then
 * 4, 5, ... with no further timeout (srtt + 4 rttvar >= 3 x 20.168 ms after the first sample).
 */
class MonacoAgentsStaleAnswerTestCase : public TestCase
{
  public:
    MonacoAgentsStaleAnswerTestCase()
        : TestCase("answers to older pairs are ignored")
    {
    }

  private:
    /// Feedback callback. \param feedback the answer
    void OnFeedback(const MonacoFeedback& feedback)
    {
        m_sequences.push_back(feedback.sequence);
    }

    /// Timeouts sink. \param oldValue previous \param newValue new
    void OnTimeouts(uint32_t oldValue, uint32_t newValue)
    {
        m_timeouts = newValue;
    }

    void DoRun() override
    {
        const Time stop = Seconds(1);
        AgentPair pair = Build(stop);
        pair.sender->SetAttribute("MinRto", TimeValue(MilliSeconds(1)));
        pair.sender->SetAttribute("InitialRto", TimeValue(MilliSeconds(10)));
        pair.sender->SetFeedbackCallback(
            MakeCallback(&MonacoAgentsStaleAnswerTestCase::OnFeedback, this));
        pair.sender->TraceConnectWithoutContext(
            "Timeouts",
            MakeCallback(&MonacoAgentsStaleAnswerTestCase::OnTimeouts, this));
        Simulator::Stop(stop + Seconds(1));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_GT(m_sequences.size(), 10, "answers arrived");
        for (std::size_t i = 0; i < m_sequences.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(m_sequences[i], i + 3, "pairs 1 and 2 answered stale");
        }
        NS_TEST_EXPECT_MSG_EQ(m_timeouts, 2, "pairs 1 and 2 timed out");
        Simulator::Destroy();
    }

    std::vector<uint32_t> m_sequences; //!< sequence numbers of the answers delivered
    uint32_t m_timeouts{0};            //!< Timeouts
};

/**
 * \ingroup dualcc
 * Out-of-range attribute values are refused (SetAttributeFailSafe returns false) and in-range
 * ones accepted: RateGain (0, 1], TargetAccumulation [1, 1e9], the RTO bounds [1 ms, 3600 s].
 */
class MonacoAgentsAttributesTestCase : public TestCase
{
  public:
    MonacoAgentsAttributesTestCase()
        : TestCase("attribute ranges")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<MonacoReceiverAgent> receiver = CreateObject<MonacoReceiverAgent>();
        NS_TEST_EXPECT_MSG_EQ(receiver->SetAttributeFailSafe("RateGain", DoubleValue(0)),
                              false,
                              "RateGain 0");
        NS_TEST_EXPECT_MSG_EQ(receiver->SetAttributeFailSafe("RateGain", DoubleValue(-0.5)),
                              false,
                              "RateGain -0.5");
        NS_TEST_EXPECT_MSG_EQ(receiver->SetAttributeFailSafe("RateGain", DoubleValue(1.5)),
                              false,
                              "RateGain 1.5");
        NS_TEST_EXPECT_MSG_EQ(receiver->SetAttributeFailSafe("RateGain", DoubleValue(1)),
                              true,
                              "RateGain 1");
        NS_TEST_EXPECT_MSG_EQ(receiver->SetAttributeFailSafe("RateGain", DoubleValue(1e-3)),
                              true,
                              "RateGain 1e-3");
        UintegerValue port;
        receiver->GetAttribute("Port", port);
        NS_TEST_EXPECT_MSG_EQ(port.Get(), 9100, "receiver Port default");

        Ptr<MonacoSenderAgent> sender = CreateObject<MonacoSenderAgent>();
        NS_TEST_EXPECT_MSG_EQ(sender->SetAttributeFailSafe("TargetAccumulation", UintegerValue(0)),
                              false,
                              "TargetAccumulation 0");
        NS_TEST_EXPECT_MSG_EQ(
            sender->SetAttributeFailSafe("TargetAccumulation", UintegerValue(1000000001)),
            false,
            "TargetAccumulation 1e9 + 1");
        NS_TEST_EXPECT_MSG_EQ(sender->SetAttributeFailSafe("TargetAccumulation", UintegerValue(1)),
                              true,
                              "TargetAccumulation 1");
        const char* rtoNames[] = {"InitialRto", "MinRto", "MaxRto"};
        for (const char* name : rtoNames)
        {
            NS_TEST_EXPECT_MSG_EQ(sender->SetAttributeFailSafe(name, TimeValue(Seconds(0))),
                                  false,
                                  name << " 0");
            NS_TEST_EXPECT_MSG_EQ(sender->SetAttributeFailSafe(name, TimeValue(Seconds(3601))),
                                  false,
                                  name << " 3601 s");
            NS_TEST_EXPECT_MSG_EQ(sender->SetAttributeFailSafe(name, TimeValue(Seconds(2))),
                                  true,
                                  name << " 2 s");
        }
        sender->GetAttribute("Port", port);
        NS_TEST_EXPECT_MSG_EQ(port.Get(), 9100, "sender Port default");
        // Port 0 is no port (the receiver would listen on a random one): 1..65535.
        for (Ptr<Object> agent : {Ptr<Object>(sender), Ptr<Object>(receiver)})
        {
            NS_TEST_EXPECT_MSG_EQ(agent->SetAttributeFailSafe("Port", UintegerValue(0)),
                                  false,
                                  "Port 0");
            NS_TEST_EXPECT_MSG_EQ(agent->SetAttributeFailSafe("Port", UintegerValue(1)),
                                  true,
                                  "Port 1");
            NS_TEST_EXPECT_MSG_EQ(agent->SetAttributeFailSafe("Port", UintegerValue(65535)),
                                  true,
                                  "Port 65535");
        }
    }
};

#ifdef DUALCC_HAVE_FORK
/**
 * Start a sender agent alone on a node with an IPv4 stack (no peer), configured by \p configure,
 * and run the simulation.
 * \param configure sets the agent's attributes
 */
void
StartLoneSender(std::function<void(Ptr<MonacoSenderAgent>)> configure)
{
    Ptr<Node> node = CreateObject<Node>();
    InternetStackHelper stack;
    stack.Install(node);
    Ptr<MonacoSenderAgent> sender = CreateObject<MonacoSenderAgent>();
    configure(sender);
    node->AddApplication(sender);
    sender->SetStartTime(Seconds(0));
    Simulator::Stop(Seconds(1));
    Simulator::Run();
}
#endif

/**
 * \ingroup dualcc
 * The suite.
 */
class MonacoAgentsTestSuite : public TestSuite
{
  public:
    MonacoAgentsTestSuite()
        : TestSuite("dualcc-monaco-agents", TestSuite::Type::UNIT)
    {
        AddTestCase(new MonacoAgentsDeliveredTestCase);
        AddTestCase(new MonacoAgentsTimeoutTestCase);
        AddTestCase(new MonacoAgentsStaleAnswerTestCase);
        AddTestCase(new MonacoAgentsAttributesTestCase);
#ifdef DUALCC_HAVE_FORK
        AddTestCase(new AbortTestCase(
            "MinRto > MaxRto aborts at start",
            []() {
                StartLoneSender([](Ptr<MonacoSenderAgent> s) {
                    s->SetAttribute("Remote", Ipv4AddressValue("10.0.0.2"));
                    s->SetAttribute("MinRto", TimeValue(Seconds(2)));
                    s->SetAttribute("MaxRto", TimeValue(Seconds(1)));
                });
            },
            "ns3::MonacoSenderAgent::MinRto = 2 s must be <= "
            "ns3::MonacoSenderAgent::MaxRto = 1 s"));
        // 10.0.0.9 is no interface's address: the lone node has only 127.0.0.1.
        AddTestCase(new AbortTestCase(
            "a Remote no node has aborts at start",
            []() {
                StartLoneSender([](Ptr<MonacoSenderAgent> s) {
                    s->SetAttribute("Remote", Ipv4AddressValue("10.0.0.9"));
                });
            },
            "ns3::MonacoSenderAgent::Remote = 10.0.0.9 is not the IPv4 address of any node's "
            "interface"));
        AddTestCase(new AbortTestCase(
            "a broadcast Remote aborts at start",
            []() {
                StartLoneSender([](Ptr<MonacoSenderAgent> s) {
                    s->SetAttribute("Remote", Ipv4AddressValue("255.255.255.255"));
                });
            },
            "ns3::MonacoSenderAgent::Remote = 255.255.255.255 is not the IPv4 address"));
        AddTestCase(new AbortTestCase(
            "no Remote and no peer aborts at start",
            []() { StartLoneSender([](Ptr<MonacoSenderAgent>) {}); },
            "ns3::MonacoSenderAgent::Remote is unset"));
#endif
    }
};

/// The suite's only instance.
static MonacoAgentsTestSuite g_monacoAgentsTestSuite;
