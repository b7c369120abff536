/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of TcpMonaco (Xia et al., "Accumulation-based Congestion Control"): the hooks are
// called directly on a bare TcpSocketState (segment 1000 bytes), one behaviour per test case,
// with every expected window worked out by hand in the comments from the paper's laws (eqs. 3,
// 5, 10) and the design's rules (monaco-design.md §5, §9.3); the state is read through the
// trace sources and the socket state. Defaults: κ = 0.5, a* = 3000 bytes, k_A = 1 segment,
// κ_MW = 250 segments/s. Plus a socket test: ns-3's pacing, as Init() configures it, spaces the
// departures by rtt / cwnd.

#include "check-config-abort-test-case.h"

#include "ns3/algorithm-traits.h"
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/monaco-feedback.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-monaco.h"
#include "ns3/test.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TcpMonacoTestSuite");

namespace
{

/// Segment size of every test, bytes.
constexpr uint32_t SEGMENT = 1000;

/**
 * \param sequence the control sequence number
 * \param flag the receiver's verdict
 * \param accumulation â, bytes
 * \param pairSent when the pair left
 * \param propagationRtt rtt_p
 * \return a feedback with these fields (ftt_q 2 ms, x̄ 250000 bytes/s, irrelevant to the law)
 */
MonacoFeedback
Feedback(uint32_t sequence,
         MonacoHeader::Flag flag,
         double accumulation,
         Time pairSent = Time(0),
         Time propagationRtt = MilliSeconds(20))
{
    MonacoFeedback f;
    f.sequence = sequence;
    f.flag = flag;
    f.accumulation = accumulation;
    f.forwardQueueing = MilliSeconds(2);
    f.egressRate = 250000;
    f.pairSent = pairSent;
    f.propagationRtt = propagationRtt;
    f.controlRtt = propagationRtt + f.forwardQueueing;
    return f;
}

} // namespace

/**
 * \ingroup dualcc
 * The fixture: a TcpMonaco on a bare TcpSocketState; its traces are recorded.
 */
class TcpMonacoTestBase : public TestCase
{
  public:
    /**
     * \param name the test's name
     */
    explicit TcpMonacoTestBase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * Give a new TcpMonaco (policy \p policy, other attributes default) a socket state with
     * window \p cwnd bytes in CA_OPEN, connect the traces and Init() it.
     * \param cwnd window, bytes
     * \param policy the policy
     */
    void Start(uint32_t cwnd, TcpMonaco::Policy policy = TcpMonaco::ACC_P)
    {
        m_cong = CreateObject<TcpMonaco>();
        m_cong->SetAttribute("Policy", EnumValue(policy));
        m_tcb = CreateObject<TcpSocketState>();
        m_tcb->m_segmentSize = SEGMENT;
        m_tcb->m_cWnd = cwnd;
        m_tcb->m_cWndInfl = cwnd;
        m_tcb->m_congState = TcpSocketState::CA_OPEN;
        m_cong->TraceConnectWithoutContext("Accumulation",
                                           MakeCallback(&TcpMonacoTestBase::OnAccumulation, this));
        m_cong->TraceConnectWithoutContext(
            "ForwardQueueing",
            MakeCallback(&TcpMonacoTestBase::OnForwardQueueing, this));
        m_cong->TraceConnectWithoutContext("EgressRate",
                                           MakeCallback(&TcpMonacoTestBase::OnEgressRate, this));
        m_cong->TraceConnectWithoutContext("TargetWindow",
                                           MakeCallback(&TcpMonacoTestBase::OnTargetWindow, this));
        m_cong->TraceConnectWithoutContext(
            "ControlSequence",
            MakeCallback(&TcpMonacoTestBase::OnControlSequence, this));
        m_cong->TraceConnectWithoutContext("LossHalvings",
                                           MakeCallback(&TcpMonacoTestBase::OnLossHalvings, this));
        m_cong->Init(m_tcb);
    }

    /// Feed one feedback (a member function: scheduled by the tests that need a clock).
    /// \param f the feedback
    void Feed(MonacoFeedback f)
    {
        m_cong->ReceiveFeedback(f);
    }

    /// TCP's loss response, as the socket calls it. \param inFlight bytes in flight
    void SsThresh(uint32_t inFlight)
    {
        m_ssThresh = m_cong->GetSsThresh(m_tcb, inFlight);
    }

    /// What the socket does at the end of a fast recovery: cwnd = ssthresh.
    void ExitRecovery()
    {
        m_tcb->m_congState = TcpSocketState::CA_OPEN;
        m_tcb->m_cWnd = m_ssThresh;
        m_tcb->m_cWndInfl = m_ssThresh;
    }

    /// \return the socket's window, bytes
    uint32_t Cwnd() const
    {
        return m_tcb->m_cWnd.Get();
    }

    /// Check the window (scheduled between feedbacks). \param expected the window, bytes
    void Check(uint32_t expected)
    {
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), expected, "at " << Simulator::Now().As(Time::S));
    }

    Ptr<TcpMonaco> m_cong;                //!< the congestion control under test
    Ptr<TcpSocketState> m_tcb;            //!< its socket state
    uint32_t m_ssThresh{0};               //!< last value of GetSsThresh()
    std::vector<double> m_accumulations;  //!< Accumulation values
    std::vector<Time> m_forwardQueueings; //!< ForwardQueueing values
    std::vector<double> m_egressRates;    //!< EgressRate values
    std::vector<double> m_windows;        //!< TargetWindow values
    uint32_t m_sequence{0};               //!< last ControlSequence
    uint32_t m_halvings{0};               //!< last LossHalvings

  private:
    /// \param a â
    void OnAccumulation(double a)
    {
        m_accumulations.push_back(a);
    }

    /// \param t ftt_q
    void OnForwardQueueing(Time t)
    {
        m_forwardQueueings.push_back(t);
    }

    /// \param x x̄
    void OnEgressRate(double x)
    {
        m_egressRates.push_back(x);
    }

    /// \param oldValue previous w \param newValue new w
    void OnTargetWindow(double oldValue, double newValue)
    {
        m_windows.push_back(newValue);
    }

    /// \param oldValue previous \param newValue new sequence number
    void OnControlSequence(uint32_t oldValue, uint32_t newValue)
    {
        m_sequence = newValue;
    }

    /// \param oldValue previous \param newValue new count
    void OnLossHalvings(uint32_t oldValue, uint32_t newValue)
    {
        m_halvings = newValue;
    }

    void DoTeardown() override
    {
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * AccP, eq. 10: w 10000, â 5000: 10000 − 0.5 (5000 − 3000) = 9000 bytes; then â 0:
 * 9000 − 0.5 (0 − 3000) = 10500. The feedback's values reach the traces (â, ftt_q 2 ms, x̄
 * 250000 B/s, sequence), and ACKs do not move the window (IncreaseWindow, PktsAcked).
 */
class TcpMonacoAccPTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoAccPTestCase()
        : TcpMonacoTestBase("AccP (eq. 10): 10000 - 0.5 (5000 - 3000) = 9000")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        Feed(Feedback(1, MonacoHeader::DECREASE, 5000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 9000, "10000 - 0.5 * 2000");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_cWndInfl.Get(), 9000, "m_cWndInfl follows");
        NS_TEST_EXPECT_MSG_EQ(m_cong->GetTargetWindow(), 9000, "w");
        NS_TEST_EXPECT_MSG_EQ(m_windows.back(), 9000, "TargetWindow trace");
        NS_TEST_EXPECT_MSG_EQ(m_accumulations.size(), 1, "one Accumulation");
        NS_TEST_EXPECT_MSG_EQ(m_accumulations.back(), 5000, "Accumulation = â");
        NS_TEST_EXPECT_MSG_EQ(m_forwardQueueings.back(), MilliSeconds(2), "ftt_q");
        NS_TEST_EXPECT_MSG_EQ(m_egressRates.back(), 250000, "x̄");
        NS_TEST_EXPECT_MSG_EQ(m_sequence, 1, "ControlSequence");

        // ACKs: no change (the law moves on feedback only, no slow start).
        m_cong->PktsAcked(m_tcb, 5, MilliSeconds(40));
        m_cong->IncreaseWindow(m_tcb, 5);
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 9000, "ACKs leave the window");

        Feed(Feedback(2, MonacoHeader::INCREASE, 0));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 10500, "9000 + 0.5 * 3000");
        NS_TEST_EXPECT_MSG_EQ(m_sequence, 2, "ControlSequence");
    }
};

/**
 * \ingroup dualcc
 * AccAiad, eq. 3 times rtt, k_A = 1 segment: from 10000, â 5000 > a*: 9000; â 2000 < a*:
 * 11000; â = a* = 3000: sgn 0, 10000.
 */
class TcpMonacoAiadTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoAiadTestCase()
        : TcpMonacoTestBase("AccAiad (eq. 3): 10000 -> 9000, 11000, 10000")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000, TcpMonaco::ACC_AIAD);
        Feed(Feedback(1, MonacoHeader::DECREASE, 5000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 9000, "10000 - 1000 sgn(2000)");
        Start(10000, TcpMonaco::ACC_AIAD);
        Feed(Feedback(1, MonacoHeader::INCREASE, 2000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 11000, "10000 - 1000 sgn(-1000)");
        Start(10000, TcpMonaco::ACC_AIAD);
        Feed(Feedback(1, MonacoHeader::HOLD, 3000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 10000, "sgn(0) = 0");
    }
};

/**
 * \ingroup dualcc
 * AccMw, eq. 5 times rtt: w 10000, â 5000, rtt_p 20 ms: Δw = −κ_MW s rtt_p (â − a*) / w =
 * −250 · 1000 · 0.02 · 2000 / 10000 = −1000, so 9000.
 */
class TcpMonacoMwTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoMwTestCase()
        : TcpMonacoTestBase("AccMw (eq. 5): 250*1000*0.02*2000 over 10000 = 1000 -> 9000")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000, TcpMonaco::ACC_MW);
        Feed(Feedback(1, MonacoHeader::DECREASE, 5000, Time(0), MilliSeconds(20)));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 9000, "10000 - 1000");
    }
};

/**
 * \ingroup dualcc
 * Decrease-due-to-loss halves the window (10000 → 5000) whatever â says, and counts a halving;
 * the floor: w 1500 and â 1e6 gives 1500 − 0.5 (1e6 − 3000) < 0, so one segment (1000); a
 * halving of 1500 (750) is floored at 1000 too.
 */
class TcpMonacoLossAndFloorTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoLossAndFloorTestCase()
        : TcpMonacoTestBase("loss halves (10000 -> 5000); floor one segment")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        Feed(Feedback(1, MonacoHeader::DECREASE_LOSS, 0));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 5000, "halved, â ignored");
        NS_TEST_EXPECT_MSG_EQ(m_halvings, 1, "LossHalvings");

        Start(1500);
        Feed(Feedback(1, MonacoHeader::DECREASE, 1e6));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 1000, "floor one segment");
        Start(1500);
        Feed(Feedback(1, MonacoHeader::DECREASE_LOSS, 0));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 1000, "750 floored at one segment");
    }
};

/**
 * \ingroup dualcc
 * No double halving, two loss flags. Feedback 1 (pair sent 0.9 s) arrives at 1.0 s: 10000 →
 * 5000, halving at 1.0 s. Feedback 2 (pair sent 1.0 s, the agent's next pair) arrives at 1.1 s
 * with a loss flag: it covers the data sent since pair 1 left (0.9 s), which contains the
 * halving at 1.0 s: ignored, 5000. Feedback 3 (pair sent 1.1 s) at 1.2 s: it covers data sent
 * since pair 2 left at 1.0 s, the very instant of the halving (not strictly after): applied,
 * 2500. Two halvings counted.
 */
class TcpMonacoDoubleHalvingTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoDoubleHalvingTestCase()
        : TcpMonacoTestBase("no double halving: a flag covering an earlier halving is ignored")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        Simulator::Schedule(Seconds(1.0),
                            &TcpMonacoDoubleHalvingTestCase::Feed,
                            this,
                            Feedback(1, MonacoHeader::DECREASE_LOSS, 0, Seconds(0.9)));
        Simulator::Schedule(Seconds(1.05), &TcpMonacoDoubleHalvingTestCase::Check, this, 5000u);
        Simulator::Schedule(Seconds(1.1),
                            &TcpMonacoDoubleHalvingTestCase::Feed,
                            this,
                            Feedback(2, MonacoHeader::DECREASE_LOSS, 0, Seconds(1.0)));
        Simulator::Schedule(Seconds(1.15), &TcpMonacoDoubleHalvingTestCase::Check, this, 5000u);
        Simulator::Schedule(Seconds(1.2),
                            &TcpMonacoDoubleHalvingTestCase::Feed,
                            this,
                            Feedback(3, MonacoHeader::DECREASE_LOSS, 0, Seconds(1.1)));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 2500, "the third flag covers data sent after the halving");
        NS_TEST_EXPECT_MSG_EQ(m_halvings, 2, "two halvings");
    }
};

/**
 * \ingroup dualcc
 * No double halving after TCP's own. The agent sends pair n+1 when feedback n arrives.
 * Feedback 1 (pair 1 sent 0.5 s, â = a*: w stays 10000) arrives at 0.6 s, pair 2 leaves.
 * Fast retransmit at 1.0 s: GetSsThresh = 5000, cwnd = 5000 after the recovery (1.05 s).
 * Loss flag 2 at 1.1 s (pair 3 leaves): it covers the data sent since pair 1 left (0.5 s),
 * before the halving: ignored, 5000. Loss flag 3 at 1.2 s (pair 3 sent 1.1 s): it covers the
 * data since pair 2 left (0.6 s), still before the halving: ignored, 5000. Loss flag 4 at 1.3 s
 * (pair 4 sent 1.2 s): it covers the data since pair 3 left (1.1 s), after the halving:
 * 2500.
 */
class TcpMonacoTcpHalvingTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoTcpHalvingTestCase()
        : TcpMonacoTestBase("no double halving after TCP's fast retransmit; applied after")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        Simulator::Schedule(Seconds(0.6),
                            &TcpMonacoTcpHalvingTestCase::Feed,
                            this,
                            Feedback(1, MonacoHeader::HOLD, 3000, Seconds(0.5)));
        Simulator::Schedule(Seconds(1.0), &TcpMonacoTcpHalvingTestCase::SsThresh, this, 10000u);
        Simulator::Schedule(Seconds(1.05), &TcpMonacoTcpHalvingTestCase::ExitRecovery, this);
        Simulator::Schedule(Seconds(1.1),
                            &TcpMonacoTcpHalvingTestCase::Feed,
                            this,
                            Feedback(2, MonacoHeader::DECREASE_LOSS, 0, Seconds(0.6)));
        Simulator::Schedule(Seconds(1.15), &TcpMonacoTcpHalvingTestCase::Check, this, 5000u);
        Simulator::Schedule(Seconds(1.2),
                            &TcpMonacoTcpHalvingTestCase::Feed,
                            this,
                            Feedback(3, MonacoHeader::DECREASE_LOSS, 0, Seconds(1.1)));
        Simulator::Schedule(Seconds(1.25), &TcpMonacoTcpHalvingTestCase::Check, this, 5000u);
        Simulator::Schedule(Seconds(1.3),
                            &TcpMonacoTcpHalvingTestCase::Feed,
                            this,
                            Feedback(4, MonacoHeader::DECREASE_LOSS, 0, Seconds(1.2)));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(m_ssThresh, 5000, "GetSsThresh = 10000 / 2");
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 2500, "the flag covering data after the halving applies");
        NS_TEST_EXPECT_MSG_EQ(m_halvings, 2, "TCP's halving and one flag");
    }
};

/**
 * \ingroup dualcc
 * CA_RECOVERY: feedback (â 5000) is traced but the window stays 10000; the same in CA_CWR.
 * CA_LOSS after an RTO
 * (cwnd one segment): feedback â 0 applies from cwnd: 1000 + 0.5 · 3000 = 2500.
 */
class TcpMonacoRecoveryTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoRecoveryTestCase()
        : TcpMonacoTestBase("CA_RECOVERY and CA_CWR: traced, not applied; CA_LOSS: applied")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        m_tcb->m_congState = TcpSocketState::CA_RECOVERY;
        Feed(Feedback(7, MonacoHeader::DECREASE, 5000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 10000, "unchanged in recovery");
        NS_TEST_EXPECT_MSG_EQ(m_accumulations.size(), 1, "but traced");
        NS_TEST_EXPECT_MSG_EQ(m_accumulations.back(), 5000, "â traced");
        NS_TEST_EXPECT_MSG_EQ(m_sequence, 7, "sequence traced");

        // CA_CWR (an ECN-Echo episode, PRR owns cwnd too): not applied either.
        m_tcb->m_congState = TcpSocketState::CA_CWR;
        Feed(Feedback(8, MonacoHeader::DECREASE, 5000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 10000, "unchanged in CWR");

        m_tcb->m_congState = TcpSocketState::CA_LOSS;
        m_tcb->m_cWnd = SEGMENT; // the RTO's window
        Feed(Feedback(9, MonacoHeader::INCREASE, 0));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 2500, "1000 + 1500");
    }
};

/**
 * \ingroup dualcc
 * w follows cwnd when TCP changed it: the law writes 9000 (10000, â 5000); TCP then sets cwnd
 * to 4000 (the end of a recovery); the next feedback (â 5000) starts from 4000: 3000.
 */
class TcpMonacoResyncTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoResyncTestCase()
        : TcpMonacoTestBase("w restarts from cwnd when TCP changed it")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        Feed(Feedback(1, MonacoHeader::DECREASE, 5000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 9000, "10000 - 1000");
        m_tcb->m_cWnd = 4000;
        Feed(Feedback(2, MonacoHeader::DECREASE, 5000));
        NS_TEST_EXPECT_MSG_EQ(Cwnd(), 3000, "4000 - 1000");
    }
};

/**
 * \ingroup dualcc
 * GetSsThresh = max(w / 2, 2 segments): 10000 → 5000; 3000 → max(1500, 2000) = 2000. Each is a
 * halving (LossHalvings), and the law's w becomes the returned value.
 */
class TcpMonacoSsThreshTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoSsThreshTestCase()
        : TcpMonacoTestBase("GetSsThresh = max(w over 2, 2 segments)")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        NS_TEST_EXPECT_MSG_EQ(m_cong->GetSsThresh(m_tcb, 10000), 5000, "10000 / 2");
        NS_TEST_EXPECT_MSG_EQ(m_cong->GetTargetWindow(), 5000, "w halved");
        NS_TEST_EXPECT_MSG_EQ(m_halvings, 1, "a halving");
        Start(3000);
        NS_TEST_EXPECT_MSG_EQ(m_cong->GetSsThresh(m_tcb, 3000), 2000, "max(1500, 2000)");
    }
};

/**
 * \ingroup dualcc
 * Init() turns ns-3's pacing on at cwnd/RTT (both ratios 100 %) for the initial window too;
 * Fork() copies the attributes and the law's state.
 */
class TcpMonacoInitForkTestCase : public TcpMonacoTestBase
{
  public:
    TcpMonacoInitForkTestCase()
        : TcpMonacoTestBase(
              "Init enables pacing at cwnd over RTT; Fork copies attributes and state")
    {
    }

  private:
    void DoRun() override
    {
        Start(10000);
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_pacing, true, "pacing on");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_pacingSsRatio, 100, "slow start ratio 100 %");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_pacingCaRatio, 100, "congestion avoidance ratio 100 %");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_paceInitialWindow, true, "initial window paced");

        m_cong->SetAttribute("Kappa", DoubleValue(1));
        Feed(Feedback(1, MonacoHeader::DECREASE, 5000)); // 10000 - 1 * 2000 = 8000
        Ptr<TcpMonaco> copy = DynamicCast<TcpMonaco>(m_cong->Fork());
        DoubleValue kappa;
        copy->GetAttribute("Kappa", kappa);
        NS_TEST_EXPECT_MSG_EQ(kappa.Get(), 1, "Kappa copied");
        NS_TEST_EXPECT_MSG_EQ(copy->GetTargetWindow(), 8000, "w copied");
    }
};

/**
 * \ingroup dualcc
 * Attribute validation: the checkers refuse values outside the stated ranges, 0 included (Kappa,
 * AiadStep and MwGain are in (0, x]); Kappa's open upper end 2 passes the checker and
 * CheckConfig() (Init) refuses it, and every 0, naming the attribute and the range.
 */
class TcpMonacoAttributesTestCase : public TestCase
{
  public:
    TcpMonacoAttributesTestCase()
        : TestCase("bad attributes: checkers refuse, CheckConfig names attribute and range")
    {
    }

  private:
    void DoRun() override
    {
        struct Checked
        {
            std::string name; //!< the attribute
            double value;     //!< the value tried
            bool accepted;    //!< whether the checker accepts it
        };

        const std::vector<Checked> checked{
            {"Kappa", 2.5, false},
            {"Kappa", -0.1, false},
            {"Kappa", 0, false},
            {"Kappa", 2, true}, // refused at Init
            {"TargetAccumulation", 0, false},
            {"TargetAccumulation", 2e9, false},
            {"TargetAccumulation", 1, true},
            {"AiadStep", 101, false},
            {"AiadStep", -1, false},
            {"AiadStep", 0, false},
            {"MwGain", 2e6, false},
            {"MwGain", -1, false},
            {"MwGain", 0, false},
        };
        for (const Checked& c : checked)
        {
            Ptr<TcpMonaco> cong = CreateObject<TcpMonaco>();
            NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe(c.name, DoubleValue(c.value)),
                                  c.accepted,
                                  c.name << " = " << c.value);
        }
        Ptr<TcpMonaco> cong = CreateObject<TcpMonaco>();
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Policy", StringValue("AccFoo")),
                              false,
                              "unknown policy");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Policy", StringValue("AccMw")),
                              true,
                              "AccMw");

        const TcpMonaco::Config good = CreateObject<TcpMonaco>()->GetConfig();
        NS_TEST_EXPECT_MSG_EQ(TcpMonaco::CheckConfig(good), "", "the defaults are valid");
        TcpMonaco::Config c = good;
        c.kappa = 2;
        NS_TEST_EXPECT_MSG_EQ(TcpMonaco::CheckConfig(c),
                              "Kappa = 2 is out of range: Kappa must be in (0, 2)",
                              "Kappa 2");
        c = good;
        c.aiadStep = 0;
        NS_TEST_EXPECT_MSG_EQ(TcpMonaco::CheckConfig(c),
                              "AiadStep = 0 is out of range: AiadStep must be in (0, 100] segments",
                              "AiadStep 0");
        c = good;
        c.mwGain = 0;
        NS_TEST_EXPECT_MSG_EQ(TcpMonaco::CheckConfig(c),
                              "MwGain = 0 is out of range: MwGain must be in (0, 1e+06] segments/s",
                              "MwGain 0");
        c = good;
        c.targetAccumulation = 0.5;
        NS_TEST_EXPECT_MSG_EQ(
            TcpMonaco::CheckConfig(c),
            "TargetAccumulation = 0.5 is out of range: TargetAccumulation must be in [1, 1e+09] "
            "bytes",
            "a* 0.5");
    }
};

/**
 * \ingroup dualcc
 * The source traits: weight a* / (packetSize − 2) packets (3000 / 998 = 3.006012; 4990 / 498 =
 * 10.02008 with 500-byte packets), a* below one packet refused naming the attribute and range,
 * out-of-band priority needed, nothing configured from the class fields.
 */
class TcpMonacoTraitsTestCase : public TestCase
{
  public:
    TcpMonacoTraitsTestCase()
        : TestCase("source traits: weight a* over (packetSize - 2), a* >= one packet, out of band")
    {
    }

  private:
    void DoRun() override
    {
        const AlgorithmTraits::Source& traits = AlgorithmTraits::GetSource(TcpMonaco::GetTypeId());
        NS_TEST_ASSERT_MSG_EQ(AlgorithmTraits::HasSource(TcpMonaco::GetTypeId()), true, "known");
        NS_TEST_EXPECT_MSG_EQ(traits.needsOutOfBand, true, "needs the OB band");
        NS_TEST_EXPECT_MSG_EQ(static_cast<bool>(traits.configure), false, "no alpha/beta");
        AlgorithmTraits::SourceFields fields;
        fields.packetSize = 1000;
        Ptr<TcpMonaco> cong = CreateObject<TcpMonaco>();
        NS_TEST_EXPECT_MSG_EQ_TOL(traits.weight(cong, fields, 0.02), 3.006012, 1e-6, "3000/998");
        NS_TEST_EXPECT_MSG_EQ(traits.check(cong, fields), "", "3 packets");
        cong->SetAttribute("TargetAccumulation", DoubleValue(4990));
        fields.packetSize = 500;
        NS_TEST_EXPECT_MSG_EQ_TOL(traits.weight(cong, fields, 0.02), 10.02008, 1e-5, "4990/498");
        cong->SetAttribute("TargetAccumulation", DoubleValue(997));
        fields.packetSize = 1000;
        NS_TEST_EXPECT_MSG_EQ(traits.check(cong, fields),
                              "ns3::TcpMonaco::TargetAccumulation = 997 bytes is less than one "
                              "packet (998 IPv4 bytes); valid: [998, 1e+09] bytes",
                              "a* below one packet");
    }
};

#ifdef DUALCC_HAVE_FORK
/**
 * Init with an attribute at an open end of its range (the action of an AbortTestCase).
 * \param name the attribute
 * \param value its value
 */
static void
InitWith(const std::string& name, double value)
{
    Ptr<TcpMonaco> cong = CreateObject<TcpMonaco>();
    cong->SetAttribute(name, DoubleValue(value));
    cong->Init(CreateObject<TcpSocketState>());
}

/// Init with Kappa 2.
static void
InitWithKappaTwo()
{
    InitWith("Kappa", 2);
}

/// Feedback before Init (no socket state).
static void
FeedbackBeforeInit()
{
    CreateObject<TcpMonaco>()->ReceiveFeedback(MonacoFeedback());
}
#endif

/**
 * \ingroup dualcc
 * Pacing on a real socket, no feedback: InitialCwnd 10 segments of 1000 bytes stays the window.
 * Two nodes, one 1 Gb/s link of 20 ms (no queue: 2 Mb/s offered). Timestamps off, so a data
 * packet is 1000 + 20 (TCP) + 20 (IPv4) + 2 (PPP) = 1042 bytes, 8.336 µs at 1 Gb/s, and an ACK
 * 42 bytes, 0.336 µs (DelAckCount 1: one ACK per segment). RTT = 2 · 20 ms + 8.336 µs +
 * 0.336 µs = 40.008672 ms; pacing at cwnd/RTT sends a segment every RTT / 10 = 4.0008672 ms.
 * Every gap between data departures at the source device (PhyTxBegin) is within
 * 1 % of that, from the first data segment on: the initial window too is paced, at
 * cwnd / (the handshake's RTT, 40.0008 ms), 4.00008 ms per segment, within 0.02 % of the
 * steady spacing. Without pacing the window leaves in bursts of 10 packets 8.336 µs apart.
 */
class TcpMonacoPacingTestCase : public TestCase
{
  public:
    TcpMonacoPacingTestCase()
        : TestCase("socket: departures spaced rtt over cwnd (ns-3 pacing at cwnd over rtt)")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(SEGMENT));
        Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));

        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
        link.SetChannelAttribute("Delay", TimeValue(MilliSeconds(20)));
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper stack;
        stack.Install(nodes);
        // Only the sender runs TcpMonaco.
        nodes.Get(0)->GetObject<TcpL4Protocol>()->SetAttribute("SocketType",
                                                               TypeIdValue(TcpMonaco::GetTypeId()));
        Ipv4AddressHelper addresses;
        addresses.SetBase("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        const uint16_t port = 9;
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(interfaces.GetAddress(1), port));
        source.Install(nodes.Get(0)).Start(MilliSeconds(100));
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sink.Install(nodes.Get(1));
        devices.Get(0)->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(&TcpMonacoPacingTestCase::OnTxBegin, this));

        Simulator::Stop(Seconds(3));
        Simulator::Run();
        Simulator::Destroy();
        Config::Reset();

        const double expected = 40.008672e-3 / 10; // RTT / cwnd in segments, s
        std::vector<double> gaps;
        for (std::size_t i = 1; i < m_departures.size(); ++i)
        {
            gaps.push_back((m_departures[i] - m_departures[i - 1]).GetSeconds());
        }
        // The first data segment leaves after the handshake, at 0.1 s + 40.0008 ms (SYN and
        // SYN-ACK of 50 bytes with their options); then one every 4.0009 ms until 3 s:
        // (3 - 0.1400008) / 0.0040008672 = 714.8, so 714 gaps.
        NS_TEST_ASSERT_MSG_EQ(gaps.size(), 714, "one departure per RTT / 10 from the start");
        const auto [shortest, longest] = std::minmax_element(gaps.begin(), gaps.end());
        NS_TEST_EXPECT_MSG_EQ_TOL(*shortest, expected, 0.01 * expected, "shortest gap");
        NS_TEST_EXPECT_MSG_EQ_TOL(*longest, expected, 0.01 * expected, "longest gap");
    }

    /// A packet starts leaving the source device. \param packet the packet (with PPP header)
    void OnTxBegin(Ptr<const Packet> packet)
    {
        if (packet->GetSize() == SEGMENT + 42 && Simulator::Now() < Seconds(3))
        {
            m_departures.push_back(Simulator::Now());
        }
    }

    std::vector<Time> m_departures; //!< departure times of the data packets
};

/**
 * \ingroup dualcc
 * The suite.
 */
class TcpMonacoTestSuite : public TestSuite
{
  public:
    TcpMonacoTestSuite()
        : TestSuite("dualcc-tcp-monaco", TestSuite::Type::UNIT)
    {
        AddTestCase(new TcpMonacoAccPTestCase);
        AddTestCase(new TcpMonacoAiadTestCase);
        AddTestCase(new TcpMonacoMwTestCase);
        AddTestCase(new TcpMonacoLossAndFloorTestCase);
        AddTestCase(new TcpMonacoDoubleHalvingTestCase);
        AddTestCase(new TcpMonacoTcpHalvingTestCase);
        AddTestCase(new TcpMonacoRecoveryTestCase);
        AddTestCase(new TcpMonacoResyncTestCase);
        AddTestCase(new TcpMonacoSsThreshTestCase);
        AddTestCase(new TcpMonacoInitForkTestCase);
        AddTestCase(new TcpMonacoAttributesTestCase);
        AddTestCase(new TcpMonacoTraitsTestCase);
#ifdef DUALCC_HAVE_FORK
        AddTestCase(new AbortTestCase(
            "Init aborts: Kappa = 2",
            &InitWithKappaTwo,
            "ns3::TcpMonaco::Kappa = 2 is out of range: Kappa must be in (0, 2)"));
        AddTestCase(new AbortTestCase("ReceiveFeedback before Init aborts",
                                      &FeedbackBeforeInit,
                                      "ns3::TcpMonaco::ReceiveFeedback: called before Init()"));
#endif
        AddTestCase(new TcpMonacoPacingTestCase);
    }
};

/// The suite's only instance.
static TcpMonacoTestSuite g_tcpMonacoTestSuite;
