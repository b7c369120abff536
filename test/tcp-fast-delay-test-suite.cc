/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpFastDelay (Paganini, Wang, Low and Doyle, Infocom 2003, §VI) driven through its hooks on a
// bare TcpSocketState, ACKs at scheduled simulated times. Expected values by hand from
//
//     q(k) = mean RTT sample since the previous step - d
//     xi(k) = xi(k-1) + beta (K / w(k-1) - q / (d + q)) T_s                        (eq. 27)
//     w(k) = W_m e^xi(k) (d / (d + q))^(alpha / M)                                  (eq. 28)
//
// with alpha = 0.37, K = 50, M = 1, beta = 1 /s (BetaRule Fixed), W_m = 2, T_s = 10 ms.

#include "check-config-abort-test-case.h"

#include "ns3/double.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-fast-delay.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{
/// Segment size, bytes.
constexpr uint32_t SEGMENT = 1000;
} // namespace

/**
 * \ingroup dualcc
 * Eqs. 27-28 by hand. ACKs at 0 (RTT 100 ms: d = 0.1 s, the clock starts), 5 ms (110 ms) and
 * 10 ms (120 ms): the step at 10 ms takes q = (100 + 110 + 120)/3 - 100 = 10 ms,
 *   r = 0.01 / 0.11 = 0.0909090909, xi1 = (50/2 - 0.0909090909) 0.01 = 0.2490909091,
 *   w1 = 2 e^0.2490909091 (0.1/0.11)^0.37 = 2 x 1.2828586513 x 0.9653497901 = 2.4768146595.
 * ACK at 20 ms (RTT 130 ms): q = 30 ms, r = 0.03/0.13 = 0.2307692308,
 *   xi2 = 0.2490909091 + (50/2.4768146595 - 0.2307692308) 0.01 = 0.4486554070,
 *   w2 = 2 e^0.4486554070 (0.1/0.13)^0.37 = 2.8426246834.
 * The Price trace carries q of each step; BaseRtt the first (smallest) sample.
 */
class TcpFastDelayStepsTestCase : public TestCase
{
  public:
    TcpFastDelayStepsTestCase()
        : TestCase("eqs. 27 and 28 by hand, q the mean RTT sample of the step minus baseRTT")
    {
    }

  private:
    /// \param oldValue old \param newValue new
    void OnXi(double oldValue, double newValue)
    {
        m_xis.push_back(newValue);
    }

    /// \param oldValue old \param newValue new
    void OnExpWnd(double oldValue, double newValue)
    {
        m_expWnds.push_back(newValue);
    }

    /// \param oldValue old \param newValue new
    void OnPrice(double oldValue, double newValue)
    {
        m_prices.push_back(newValue);
    }

    /// \param oldValue old \param newValue new
    void OnBaseRtt(Time oldValue, Time newValue)
    {
        m_baseRtt = newValue;
    }

    /// \param rtt the ACK's RTT sample
    void Ack(Time rtt)
    {
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + SEGMENT;
        m_cong->PktsAcked(m_tcb, 1, rtt);
        m_cong->IncreaseWindow(m_tcb, 1);
    }

    void DoRun() override
    {
        m_cong = CreateObject<TcpFastDelay>();
        m_cong->SetAttribute("BetaRule", StringValue("Fixed"));
        m_cong->SetAttribute("Beta", DoubleValue(1.0));
        m_cong->TraceConnectWithoutContext("Xi",
                                           MakeCallback(&TcpFastDelayStepsTestCase::OnXi, this));
        m_cong->TraceConnectWithoutContext(
            "ExpectedWindow",
            MakeCallback(&TcpFastDelayStepsTestCase::OnExpWnd, this));
        m_cong->TraceConnectWithoutContext("Price",
                                           MakeCallback(&TcpFastDelayStepsTestCase::OnPrice, this));
        m_cong->TraceConnectWithoutContext(
            "BaseRtt",
            MakeCallback(&TcpFastDelayStepsTestCase::OnBaseRtt, this));
        m_tcb = CreateObject<TcpSocketState>();
        m_tcb->m_segmentSize = SEGMENT;
        m_tcb->m_cWnd = 2 * SEGMENT;
        m_tcb->m_lastAckedSeq = SequenceNumber32(1);
        m_cong->Init(m_tcb);
        Simulator::Schedule(Seconds(0), &TcpFastDelayStepsTestCase::Ack, this, MilliSeconds(100));
        Simulator::Schedule(MilliSeconds(5),
                            &TcpFastDelayStepsTestCase::Ack,
                            this,
                            MilliSeconds(110));
        Simulator::Schedule(MilliSeconds(10),
                            &TcpFastDelayStepsTestCase::Ack,
                            this,
                            MilliSeconds(120));
        Simulator::Schedule(MilliSeconds(20),
                            &TcpFastDelayStepsTestCase::Ack,
                            this,
                            MilliSeconds(130));
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_EXPECT_MSG_EQ(m_baseRtt, MilliSeconds(100), "baseRTT: the smallest sample");
        NS_TEST_ASSERT_MSG_EQ(m_xis.size(), 2, "steps at 10 and 20 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_xis[0], 0.2490909091, 1e-9, "xi1");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_xis[1], 0.4486554070, 1e-9, "xi2");
        NS_TEST_ASSERT_MSG_EQ(m_expWnds.size(), 3, "Init (W_m) and two steps");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[1], 2.4768146595, 1e-9, "w1");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[2], 2.8426246834, 1e-9, "w2");
        NS_TEST_ASSERT_MSG_EQ(m_prices.size(), 2, "q of each step");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_prices[0], 0.010, 1e-12, "q1 = 10 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_prices[1], 0.030, 1e-12, "q2 = 30 ms");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_pacing, true, "paced");
        NS_TEST_EXPECT_MSG_EQ((m_tcb->m_useEcn == TcpSocketState::Off), true, "no ECN needed");
    }

    Ptr<TcpFastDelay> m_cong;      //!< under test
    Ptr<TcpSocketState> m_tcb;     //!< its socket state
    std::vector<double> m_xis;     //!< Xi values
    std::vector<double> m_expWnds; //!< ExpectedWindow values
    std::vector<double> m_prices;  //!< Price values
    Time m_baseRtt;                //!< last BaseRtt
};

/**
 * \ingroup dualcc
 * Eq. 28 alone and the late joiner of §VI-B, by hand: at the equilibrium of eq. 27,
 * K / w = q / (d + q), i.e. w = K (d + q) / q. A source that measured d = 100 ms (q = 20 ms)
 * needs w = 50 x 0.12 / 0.02 = 300 packets, a rate of 300 / 0.12 = 2500 packets/s. A source with
 * the same path that joined when the 20 ms queue was standing took d' = 120 ms as its baseRTT:
 * it sees q' = 0 while the queue is unchanged, so eq. 27 keeps raising xi until the queue it
 * sees grows: the price it reacts to is always 20 ms lower than the others', and its share is
 * larger. Eq. 28: 2 e^1 (0.1 / 0.12)^0.37 = 2 x 2.7182818285 x 0.9347661 = 5.0819152.
 */
class TcpFastDelayLawsTestCase : public TestCase
{
  public:
    TcpFastDelayLawsTestCase()
        : TestCase("eq. 28 and the equilibrium window of eq. 27 by hand")
    {
    }

  private:
    void DoRun() override
    {
        // (0.1/0.12)^0.37 = exp(0.37 ln(0.8333333)) = exp(-0.0674590) = 0.9347661
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFastDelay::ExpectedWindow(2, 1, 0.37, 1, 0.02, 0.1),
                                  2 * 2.718281828 * 0.9347661,
                                  1e-5,
                                  "eq. 28");
        // M = 2 halves the exponent: (0.1/0.12)^0.185 = 0.9668331
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFastDelay::ExpectedWindow(2, 1, 0.37, 2, 0.02, 0.1),
                                  2 * 2.718281828 * 0.9668331,
                                  1e-5,
                                  "eq. 28, M = 2");
        // Equilibrium of eq. 27: w = 300, q / (d + q) = 0.02 / 0.12 = 1/6 = K / w.
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFast::XiStep(0.4, 1.184, 50, 300, 0.02 / 0.12, 0.01),
                                  0.4,
                                  1e-15,
                                  "xi holds at w = K (d + q) / q");
        // The late joiner at that point sees q' = 0: xi grows by beta K / w T_s.
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFast::XiStep(0.4, 1.184, 50, 300, 0.0, 0.01),
                                  0.4 + 1.184 * 50.0 / 300 * 0.01,
                                  1e-15,
                                  "the late joiner's xi keeps growing");
    }
};

#ifdef DUALCC_HAVE_FORK
/// Init() with Alpha = pi/2.
static void
InitAlphaPiOverTwo()
{
    Ptr<TcpFastDelay> cong = CreateObject<TcpFastDelay>();
    cong->SetAttribute("Alpha", DoubleValue(TcpFast::MAX_ALPHA));
    cong->Init(CreateObject<TcpSocketState>());
}
#endif

/**
 * \ingroup dualcc
 * The suite.
 */
class TcpFastDelayTestSuite : public TestSuite
{
  public:
    TcpFastDelayTestSuite()
        : TestSuite("dualcc-tcp-fast-delay", TestSuite::Type::UNIT)
    {
        AddTestCase(new TcpFastDelayStepsTestCase);
        AddTestCase(new TcpFastDelayLawsTestCase);
#ifdef DUALCC_HAVE_FORK
        AddTestCase(new AbortTestCase("Init aborts: Alpha = pi over 2",
                                      &InitAlphaPiOverTwo,
                                      "ns3::TcpFastDelay::Alpha = 1.5708 is out of range: Alpha "
                                      "must be > 0 and < pi/2 = 1.5708 (Theorem 2)"));
#endif
    }
};

/// The suite's only instance.
static TcpFastDelayTestSuite g_tcpFastDelayTestSuite;
