/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpFastEcn (Paganini, Wang, Low and Doyle, Infocom 2003, §IV) driven through its hooks on a
// bare TcpSocketState: ACKs are delivered at scheduled simulated times, so the integration steps
// (every IntegrationInterval T_s = 10 ms) fall at known instants. Every expected value is worked
// out in the comments from the paper's equations:
//
//     p̂ = -log_phi(1 - P̂)                          (§IV-A; P̂ of the last N ACKs)
//     xi(k) = xi(k-1) + beta (K / w(k-1) - p̂ / d) T_s                              (eq. 20)
//     w(k) = W_m exp(xi(k) - alpha p̂ / (M d))                   (eq. 16; eq. 21's sign fixed)
//     ExpFree: theta = 1 - (beta T_s + alpha/M) q(k)/d + (alpha/M) q(k-1)/d,
//              w(k+1) = theta w(k) + beta K T_s                             (after eq. 22)
//     per ACK (Fig. 3): cwnd - MaxDecrement, cwnd + MaxIncrement, or expWnd.
//
// Numbers below: alpha = 0.37, K = 50, M = 1, beta = 1 /s (BetaRule Fixed), W_m = 2 packets,
// T_s = 10 ms, phi = 1000 (ln 1000 = 6.907755279), d = 100 ms.

#include "check-config-abort-test-case.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-fast-ecn.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{
/// Segment size of the fixtures, bytes.
constexpr uint32_t SEGMENT = 1000;
/// Tolerance for values computed by hand to 9-10 digits.
constexpr double TOL = 1e-8;
} // namespace

/**
 * \ingroup dualcc
 * A TcpFastEcn on a bare socket state, with ACKs delivered at given simulated times; the
 * traces Xi and ExpectedWindow are recorded.
 */
class TcpFastEcnTestBase : public TestCase
{
  public:
    /// \param name the test's name
    explicit TcpFastEcnTestBase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * \return a TcpFastEcn with beta fixed at 1 /s, N = 4, caps of 1 packet per ACK, other
     *         attributes at their defaults
     */
    static Ptr<TcpFastEcn> MakeFast()
    {
        Ptr<TcpFastEcn> cong = CreateObject<TcpFastEcn>();
        cong->SetAttribute("BetaRule", StringValue("Fixed"));
        cong->SetAttribute("Beta", DoubleValue(1.0));
        cong->SetAttribute("EstimationWindow", UintegerValue(4));
        cong->SetAttribute("MaxIncrement", DoubleValue(1));
        cong->SetAttribute("MaxDecrement", DoubleValue(1));
        return cong;
    }

    /**
     * Give \p cong a socket state (window \p cwnd segments, CA_OPEN, ECN negotiated), connect
     * the traces and Init() it.
     * \param cong the congestion control
     * \param cwnd the window, segments
     */
    void Start(Ptr<TcpFastEcn> cong, double cwnd)
    {
        m_cong = cong;
        m_tcb = CreateObject<TcpSocketState>();
        m_tcb->m_segmentSize = SEGMENT;
        m_tcb->m_cWnd = static_cast<uint32_t>(cwnd * SEGMENT);
        m_tcb->m_ssThresh = 100 * SEGMENT;
        m_tcb->m_lastAckedSeq = SequenceNumber32(1);
        m_cong->TraceConnectWithoutContext("Xi", MakeCallback(&TcpFastEcnTestBase::OnXi, this));
        m_cong->TraceConnectWithoutContext("ExpectedWindow",
                                           MakeCallback(&TcpFastEcnTestBase::OnExpWnd, this));
        m_cong->Init(m_tcb);
        m_tcb->m_ecnState = TcpSocketState::ECN_IDLE; // the handshake negotiated ECN
    }

    /**
     * A new ACK of one segment: PktsAcked() then IncreaseWindow(), as the socket in CA_OPEN.
     * \param marked whether it carries ECN-Echo
     * \param rtt its RTT sample
     */
    void Ack(bool marked, Time rtt)
    {
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + SEGMENT;
        m_tcb->m_ecnState = marked ? TcpSocketState::ECN_ECE_RCVD : TcpSocketState::ECN_IDLE;
        m_cong->PktsAcked(m_tcb, 1, rtt);
        m_cong->IncreaseWindow(m_tcb, 1);
    }

    /**
     * Schedule Ack() at \p at.
     * \param at when
     * \param marked ECN-Echo
     * \param rtt the RTT sample
     */
    void AckAt(Time at, bool marked, Time rtt)
    {
        Simulator::Schedule(at, &TcpFastEcnTestBase::Ack, this, marked, rtt);
    }

    /// Run the scheduled ACKs, then destroy the simulator.
    void RunAcks()
    {
        Simulator::Run();
        Simulator::Destroy();
    }

    /// \return the window, segments
    double Cwnd() const
    {
        return static_cast<double>(m_tcb->m_cWnd.Get()) / SEGMENT;
    }

    Ptr<TcpFastEcn> m_cong;        //!< the congestion control under test
    Ptr<TcpSocketState> m_tcb;     //!< its socket state
    std::vector<double> m_xis;     //!< every new value of Xi
    std::vector<double> m_expWnds; //!< every new value of ExpectedWindow

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
};

/**
 * \ingroup dualcc
 * Eqs. 20 and 16 by hand, N = 4. ACK 1 at 0 (unmarked, RTT 100 ms): d = 0.1 s, the clock
 * starts (first step at 10 ms). ACK 2 at 10 ms, marked: window [0 1], P̂ = 1/2,
 * p̂ = ln 2 / ln 1000 = 0.693147181 / 6.907755279 = 0.1003433319; step 1 with it:
 *   xi1 = 0 + 1 (50/2 - 1.003433319) 0.01 = 0.2399656668,
 *   w1 = 2 exp(0.2399656668 - 0.37 x 1.003433319) = 2 exp(-0.1313046612) = 1.7539011218.
 * ACK 3 at 30 ms, unmarked: window [0 1 0], P̂ = 1/3, p̂ = -ln(2/3) / ln 1000 = 0.0586970864;
 * two steps are due (20 and 30 ms), both with it:
 *   xi2 = 0.2399656668 + (50/1.7539011218 - 0.586970864) 0.01 = 0.5191747427,
 *   w2 = 2 exp(0.5191747427 - 0.37 x 0.586970864) = 2.7051103432,
 *   xi3 = 0.5191747427 + (50/2.7051103432 - 0.586970864) 0.01 = 0.6981403778,
 *   w3 = 2 exp(0.6981403778 - 0.2171792197) = 3.2352569044.
 * With the -xi of eq. 21 as printed, w1 would be 2 exp(-0.2399656668 - 0.3712703280) = 1.085.
 */
class TcpFastEcnStepsTestCase : public TcpFastEcnTestBase
{
  public:
    TcpFastEcnStepsTestCase()
        : TcpFastEcnTestBase("eq. 20 and eq. 16 by hand, with the steps due at each ACK")
    {
    }

  private:
    void DoRun() override
    {
        Start(MakeFast(), 2);
        AckAt(Seconds(0), false, MilliSeconds(100));
        AckAt(MilliSeconds(10), true, MilliSeconds(100));
        AckAt(MilliSeconds(30), false, MilliSeconds(100));
        RunAcks();
        NS_TEST_ASSERT_MSG_EQ(m_xis.size(), 3, "three steps: 10, 20 and 30 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_xis[0], 0.2399656668, TOL, "xi1");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_xis[1], 0.5191747427, TOL, "xi2");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_xis[2], 0.6981403778, TOL, "xi3");
        // ExpectedWindow: W_m = 2 at Init, then one value per step.
        NS_TEST_ASSERT_MSG_EQ(m_expWnds.size(), 4, "Init and three steps");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[0], 2.0, TOL, "W_m at Init");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[1], 1.7539011218, TOL, "w1");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[2], 2.7051103432, TOL, "w2");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[3], 3.2352569044, TOL, "w3");
        // Fig. 3 per ACK (caps 1 and 1): ACK 2: 2 - 1.7539 = 0.246 <= 1 -> cwnd = 1.7539 (1754
        // bytes); ACK 3: 1.754 - 3.2353 = -1.48 < -1 -> cwnd + 1 = 2754 bytes.
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_cWnd.Get(), 2754, "cwnd after ACK 3, bytes");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_ssThresh.Get(), 2754, "no slow start: ssthresh = cwnd");
    }
};

/**
 * \ingroup dualcc
 * Discretization ExpFree (the theta update after eq. 22), same ACKs as the previous case:
 *   step 1: q(1) = 0.1003433319, q(0) = 0: theta = 1 - (0.01 + 0.37) 1.003433319 = 0.6186953388,
 *           w1 = 0.6186953388 x 2 + 1 x 50 x 0.01 = 1.7373906777;
 *   step 2: q = 0.0586970864, q(k-1) = 0.1003433319:
 *           theta = 1 - 0.38 x 0.586970864 + 0.37 x 1.003433319 = 1.1482213998,
 *           w2 = 1.1482213998 x 1.7373906777 + 0.5 = 2.4949091560;
 *   step 3: q = q(k-1) = 0.0586970864: theta = 1 - 0.01 x 0.586970864 = 0.9941302914,
 *           w3 = 0.9941302914 x 2.4949091560 + 0.5 = 2.9802647662.
 * Xi is traced as ln(w / W_m) + alpha p̂ / d: after step 1, ln(1.7373906777/2) + 0.3712703280 =
 * 0.2305075246.
 */
class TcpFastEcnExpFreeTestCase : public TcpFastEcnTestBase
{
  public:
    TcpFastEcnExpFreeTestCase()
        : TcpFastEcnTestBase("ExpFree: the theta update after eq. 22 by hand")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpFastEcn> cong = MakeFast();
        cong->SetAttribute("Discretization", StringValue("ExpFree"));
        Start(cong, 2);
        AckAt(Seconds(0), false, MilliSeconds(100));
        AckAt(MilliSeconds(10), true, MilliSeconds(100));
        AckAt(MilliSeconds(30), false, MilliSeconds(100));
        RunAcks();
        NS_TEST_ASSERT_MSG_EQ(m_expWnds.size(), 4, "Init and three steps");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[1], 1.7373906777, TOL, "w1");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[2], 2.4949091560, TOL, "w2");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_expWnds[3], 2.9802647662, TOL, "w3");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_xis[0], 0.2305075246, TOL, "xi for w1 (eq. 16 inverted)");
        // The static law alone: w = 100, q = 0.02, q(k-1) = 0.01, d = 0.1: theta = 1 - 0.38 x 0.2
        // + 0.37 x 0.1 = 0.961, w' = 96.1 + 0.5 = 96.6.
        NS_TEST_EXPECT_MSG_EQ_TOL(
            TcpFastEcn::ExpFreeWindow(100, 1, 50, 0.01, 0.37, 1, 0.02, 0.01, 0.1),
            96.6,
            1e-12,
            "theta w + beta K T_s");
    }
};

/**
 * \ingroup dualcc
 * The laws as functions, by hand: eq. 20 holds xi at its fixed point K / w = p̂ / d (K = 50,
 * w = 100, p̂ / d = 0.5); eq. 16 with xi = 1, p̂ = 0.05 s, d = 0.1 s, M = 2: 2 exp(1 - 0.37 x
 * 0.05 / 0.2) = 2 exp(0.9075) = 2 x 2.4781195 = 4.9562390; Proposition 3: beta = 0.64 x 0.37 / (1 x
 * 0.2 s) = 1.184 /s, and 0.64 x 0.37 / (2 x 0.05 s) = 2.368 /s.
 */
class TcpFastEcnLawsTestCase : public TestCase
{
  public:
    TcpFastEcnLawsTestCase()
        : TestCase("eq. 20 fixed point, eq. 16, Proposition 3's beta by hand")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFast::XiStep(0.7, 1.184, 50, 100, 0.5, 0.01),
                                  0.7,
                                  1e-15,
                                  "K/w = p/d: xi stays");
        // 0.7 + 2 (50/25 - 0.5) 0.01 = 0.7 + 0.03
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFast::XiStep(0.7, 2, 50, 25, 0.5, 0.01),
                                  0.73,
                                  1e-15,
                                  "below the fixed point xi grows");
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFastEcn::ExpectedWindow(2, 1, 0.37, 2, 0.05, 0.1),
                                  4.9562390,
                                  1e-6,
                                  "eq. 16");
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFast::Proposition3Beta(0.64, 0.37, 1, MilliSeconds(200)),
                                  1.184,
                                  1e-12,
                                  "beta, defaults");
        NS_TEST_EXPECT_MSG_EQ_TOL(TcpFast::Proposition3Beta(0.64, 0.37, 2, MilliSeconds(50)),
                                  2.368,
                                  1e-12,
                                  "beta, M = 2, tau_bar = 50 ms");
        Ptr<TcpFastEcn> cong = CreateObject<TcpFastEcn>();
        NS_TEST_EXPECT_MSG_EQ_TOL(cong->GetBeta(), 1.184, 1e-12, "BetaRule Proposition3");
        cong->SetAttribute("BetaRule", StringValue("Fixed"));
        cong->SetAttribute("Beta", DoubleValue(0.5));
        NS_TEST_EXPECT_MSG_EQ(cong->GetBeta(), 0.5, "BetaRule Fixed");
    }
};

/**
 * \ingroup dualcc
 * Fig. 3's caps: tmp = cwnd - expWnd. MaxIncrement 1, MaxDecrement 0.5:
 * cwnd 10, expWnd 15: tmp = -5 < -1 -> 11; expWnd 5: tmp = 5 > 0.5 -> 9.5; expWnd 10.8:
 * tmp = -0.8 -> 10.8; expWnd 9.7: tmp = 0.3 -> 9.7; expWnd 9.5: tmp = 0.5, not > 0.5 -> 9.5.
 * Through the hooks (no step yet, expWnd = W_m = 2): a window of 20 segments with MaxDecrement
 * 0.5 loses 0.5 per ACK: 19.5, 19, 18.5; a window of 1 with W_m = 4 and MaxIncrement 0.25 gains
 * 0.25 per ACK: 1.25, 1.5, 1.75, then 2 (ssthresh follows).
 */
class TcpFastEcnCapsTestCase : public TcpFastEcnTestBase
{
  public:
    TcpFastEcnCapsTestCase()
        : TcpFastEcnTestBase("Fig. 3 per-ACK caps: MaxIncrement up, MaxDecrement down")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(TcpFast::CappedWindow(10, 15, 1, 0.5), 11.0, "capped up");
        NS_TEST_EXPECT_MSG_EQ(TcpFast::CappedWindow(10, 5, 1, 0.5), 9.5, "capped down");
        NS_TEST_EXPECT_MSG_EQ(TcpFast::CappedWindow(10, 10.8, 1, 0.5), 10.8, "within, up");
        NS_TEST_EXPECT_MSG_EQ(TcpFast::CappedWindow(10, 9.7, 1, 0.5), 9.7, "within, down");
        NS_TEST_EXPECT_MSG_EQ(TcpFast::CappedWindow(10, 9.5, 1, 0.5), 9.5, "tmp = MaxDecrement");

        Ptr<TcpFastEcn> down = MakeFast();
        down->SetAttribute("MaxDecrement", DoubleValue(0.5));
        Start(down, 20);
        for (double expected : {19.5, 19.0, 18.5})
        {
            Ack(false, MilliSeconds(100));
            NS_TEST_EXPECT_MSG_EQ_TOL(Cwnd(), expected, 1e-12, "down by 0.5 per ACK");
        }
        Simulator::Destroy();

        Ptr<TcpFastEcn> up = MakeFast();
        up->SetAttribute("MaxIncrement", DoubleValue(0.25));
        up->SetAttribute("BaseWindow", DoubleValue(4));
        Start(up, 1);
        for (double expected : {1.25, 1.5, 1.75, 2.0})
        {
            Ack(false, MilliSeconds(100));
            NS_TEST_EXPECT_MSG_EQ_TOL(Cwnd(), expected, 1e-12, "up by 0.25 per ACK");
            NS_TEST_EXPECT_MSG_EQ(m_tcb->m_ssThresh.Get(), m_tcb->m_cWnd.Get(), "ssthresh");
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup dualcc
 * The price of the last N = 4 ACKs, traced on every ACK (phi = 1000): marks 1, 0 -> P̂ = 1/2,
 * p̂ = 0.1003433; then 1, 1 -> [1 0 1 1], P̂ = 3/4, p̂ = ln 4 / ln 1000 = 0.2006867; then 1 ->
 * [0 1 1 1], still 3/4; then 1 -> [1 1 1 1], all marked: P̂ = 1 is traced, the price uses
 * 1 - 1/(2 x 4) = 7/8: p̂ = ln 8 / ln 1000 = 0.3010300. The first ACK alone (marked): n = 1, P̂ = 1,
 * p̂ = ln 2 / ln 1000 = 0.1003433. Duplicate ACKs are not counted.
 */
class TcpFastEcnWindowPriceTestCase : public TcpFastEcnTestBase
{
  public:
    TcpFastEcnWindowPriceTestCase()
        : TcpFastEcnTestBase("price from the last N ACKs on every ACK, all-marked cap")
    {
    }

  private:
    /// \param oldValue old \param newValue new
    void OnPrice(double oldValue, double newValue)
    {
        m_price = newValue;
    }

    /// \param oldValue old \param newValue new
    void OnProbability(double oldValue, double newValue)
    {
        m_probability = newValue;
    }

    void DoRun() override
    {
        Ptr<TcpFastEcn> cong = MakeFast();
        cong->TraceConnectWithoutContext(
            "Price",
            MakeCallback(&TcpFastEcnWindowPriceTestCase::OnPrice, this));
        cong->TraceConnectWithoutContext(
            "MarkProbability",
            MakeCallback(&TcpFastEcnWindowPriceTestCase::OnProbability, this));
        Start(cong, 10);
        Ack(true, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(m_probability, 1.0, "one marked ACK: P̂ = 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_price, 0.1003433, 1e-7, "capped at 1 - 1/2");
        Ack(false, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ_TOL(m_probability, 0.5, 1e-15, "[1 0]");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_price, 0.1003433, 1e-7, "ln 2 / ln 1000");
        // A duplicate ACK (the ACK number does not advance) with ECN-Echo: not counted.
        m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        m_cong->PktsAcked(m_tcb, 1, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ_TOL(m_probability, 0.5, 1e-15, "duplicate ignored");
        Ack(true, MilliSeconds(100));
        Ack(true, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ_TOL(m_probability, 0.75, 1e-15, "[1 0 1 1]");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_price, 0.2006867, 1e-7, "ln 4 / ln 1000");
        Ack(true, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ_TOL(m_probability, 0.75, 1e-15, "[0 1 1 1]: the oldest left");
        Ack(true, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(m_probability, 1.0, "[1 1 1 1]");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_price, 0.3010300, 1e-7, "cap: ln 8 / ln 1000");
        Simulator::Destroy();
    }

    double m_price{-1};       //!< last Price
    double m_probability{-1}; //!< last MarkProbability
};

/**
 * \ingroup dualcc
 * Marks are a price (EcnMarksAsPrice): an ECN-Echo makes the socket call GetSsThresh() and enter
 * CWR with a halved window (10 -> 5 segments); the next PktsAcked() restores CA_OPEN and the
 * window of 10 (= W_m = expWnd, so the law keeps it), and holds ssthresh at it. Receiver: a CE
 * segment sets ECN_CE_RCVD, the next unmarked one ends the echo (ECN_IDLE). Init() turns ECN
 * and pacing on (cwnd / RTT, initial window too).
 */
class TcpFastEcnMarksAsPriceTestCase : public TcpFastEcnTestBase
{
  public:
    TcpFastEcnMarksAsPriceTestCase()
        : TcpFastEcnTestBase("ECN-Echo: no RFC 3168 halving; CE echoed once; ECN and pacing on")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpFastEcn> cong = MakeFast();
        cong->SetAttribute("BaseWindow", DoubleValue(10));
        Start(cong, 10);
        NS_TEST_EXPECT_MSG_EQ((m_tcb->m_useEcn == TcpSocketState::On), true, "ECN on");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_pacing, true, "pacing on");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_pacingCaRatio, 100, "cwnd / RTT");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_pacingSsRatio, 100, "cwnd / RTT");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_paceInitialWindow, true, "initial window paced");
        NS_TEST_EXPECT_MSG_EQ(m_cong->UndoesEcnCwr(), true, "classic recovery wanted");
        // Pacing=false (an experiment's switch) leaves the socket's own choice (off here).
        Ptr<TcpFastEcn> unpaced = MakeFast();
        unpaced->SetAttribute("Pacing", BooleanValue(false));
        Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
        unpaced->Init(tcb);
        NS_TEST_EXPECT_MSG_EQ(tcb->m_pacing, false, "Pacing=false: not paced");
        NS_TEST_EXPECT_MSG_EQ((tcb->m_useEcn == TcpSocketState::On), true, "ECN still on");
        Ack(false, MilliSeconds(100));

        // The socket's EnterCwr(): GetSsThresh() with ECE_RCVD, then CA_CWR and the cut.
        m_tcb->m_ecnState = TcpSocketState::ECN_ECE_RCVD;
        const uint32_t ssThresh = m_cong->GetSsThresh(m_tcb, 10 * SEGMENT);
        NS_TEST_EXPECT_MSG_EQ(ssThresh, 5 * SEGMENT, "the socket's cut (NewReno)");
        m_tcb->m_congState = TcpSocketState::CA_CWR;
        m_tcb->m_ssThresh = ssThresh;
        m_tcb->m_cWnd = ssThresh;
        m_tcb->m_lastAckedSeq = m_tcb->m_lastAckedSeq + SEGMENT;
        m_cong->PktsAcked(m_tcb, 1, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_congState.Get(), TcpSocketState::CA_OPEN, "CWR undone");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_cWnd.Get(), 10 * SEGMENT, "window restored");
        NS_TEST_EXPECT_MSG_EQ(m_tcb->m_ssThresh.Get(), 10 * SEGMENT, "ssthresh held at it");
        Simulator::Destroy();

        // Receiver.
        Ptr<TcpSocketState> rx = CreateObject<TcpSocketState>();
        rx->m_ecnState = TcpSocketState::ECN_IDLE;
        m_cong->CwndEvent(rx, TcpSocketState::CA_EVENT_ECN_IS_CE);
        NS_TEST_EXPECT_MSG_EQ(rx->m_ecnState.Get(), TcpSocketState::ECN_CE_RCVD, "CE echoed");
        rx->m_ecnState = TcpSocketState::ECN_SENDING_ECE;
        m_cong->CwndEvent(rx, TcpSocketState::CA_EVENT_ECN_NO_CE);
        NS_TEST_EXPECT_MSG_EQ(rx->m_ecnState.Get(), TcpSocketState::ECN_IDLE, "echo ends");
    }
};

/**
 * \ingroup dualcc
 * The defaults are the paper's (§V: alpha = 0.37, K = 50, M = 1, N = 31, phi = 1000, eta = 0.64,
 * T_s = 10 ms) and the documented choices (RttBound 200 ms, W_m 2, caps 0.2 packet per ACK); the
 * checkers refuse values beyond the closed ranges; Fork() copies the configuration.
 */
class TcpFastEcnAttributesTestCase : public TestCase
{
  public:
    TcpFastEcnAttributesTestCase()
        : TestCase("defaults, checker ranges, Fork copies the configuration")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpFastEcn> cong = CreateObject<TcpFastEcn>();
        const TcpFast::Config c = cong->GetConfig();
        NS_TEST_EXPECT_MSG_EQ(c.alpha, 0.37, "Alpha");
        NS_TEST_EXPECT_MSG_EQ(c.k, 50.0, "K");
        NS_TEST_EXPECT_MSG_EQ(c.m, 1, "M");
        NS_TEST_EXPECT_MSG_EQ(c.eta, 0.64, "Eta");
        NS_TEST_EXPECT_MSG_EQ(c.rttBound, MilliSeconds(200), "RttBound");
        NS_TEST_EXPECT_MSG_EQ(c.betaRule, TcpFast::PROPOSITION_3, "BetaRule");
        NS_TEST_EXPECT_MSG_EQ(c.baseWindow, 2.0, "BaseWindow");
        NS_TEST_EXPECT_MSG_EQ(c.integrationInterval, MilliSeconds(10), "IntegrationInterval");
        NS_TEST_EXPECT_MSG_EQ(c.maxIncrement, 0.2, "MaxIncrement");
        NS_TEST_EXPECT_MSG_EQ(c.maxDecrement, 0.2, "MaxDecrement");
        DoubleValue phi;
        cong->GetAttribute("Phi", phi);
        NS_TEST_EXPECT_MSG_EQ(phi.Get(), 1000.0, "Phi");
        UintegerValue n;
        cong->GetAttribute("EstimationWindow", n);
        NS_TEST_EXPECT_MSG_EQ(n.Get(), 31, "EstimationWindow");
        StringValue discretization;
        cong->GetAttribute("Discretization", discretization);
        NS_TEST_EXPECT_MSG_EQ(discretization.Get(), "Exponential", "Discretization");
        NS_TEST_EXPECT_MSG_EQ(cong->Validate(), "", "the defaults are valid");

        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Alpha", DoubleValue(1.6)), false, "a");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Eta", DoubleValue(0.65)), false, "eta");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("Phi", DoubleValue(0.5)), false, "phi");
        NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe("K", DoubleValue(-1)), false, "K");

        cong->SetAttribute("K", DoubleValue(20));
        cong->SetAttribute("Phi", DoubleValue(2));
        Ptr<TcpFastEcn> fork = DynamicCast<TcpFastEcn>(cong->Fork());
        NS_TEST_EXPECT_MSG_EQ(fork->GetConfig().k, 20.0, "K copied");
        fork->GetAttribute("Phi", phi);
        NS_TEST_EXPECT_MSG_EQ(phi.Get(), 2.0, "Phi copied");
    }
};

/**
 * \ingroup dualcc
 * The "(0, x]" attributes of TcpFastEcn and TcpFastDelay (and TcpFastEcn's EstimationWindow,
 * [1, x]): their checkers refuse 0, so that a command line (--ns3::TcpFastEcn::Beta=0) or a
 * description (tcp.Beta=0) naming 0 is refused with the checker's range before any socket exists,
 * while the smallest positive value is taken; and CheckConfig() still names each one at Init
 * (a configuration with that field 0: Init's message, written by hand).
 */
class TcpFastZeroRefusedTestCase : public TestCase
{
  public:
    TcpFastZeroRefusedTestCase()
        : TestCase("the (0, x] attributes' checkers refuse 0; CheckConfig names each")
    {
    }

  private:
    void DoRun() override
    {
        const auto d = [](double x) { return Create<DoubleValue>(x); };
        const auto t = [](Time x) { return Create<TimeValue>(x); };

        const struct
        {
            std::string name;
            Ptr<AttributeValue> zero;
            Ptr<AttributeValue> smallest; //!< the smallest valid value (1e-300 for a double)
            std::function<void(TcpFast::Config&)> clear; //!< set the field to 0
            std::string message;                         //!< CheckConfig() with the field 0
        } rows[] = {
            {"Alpha",
             d(0),
             d(1e-300),
             [](TcpFast::Config& c) { c.alpha = 0; },
             "Alpha = 0 is out of range: Alpha must be > 0 and < pi/2 = 1.5708 (Theorem 2)"},
            {"K",
             d(0),
             d(1e-300),
             [](TcpFast::Config& c) { c.k = 0; },
             "K = 0 is out of range: K (packets) must be > 0 and <= 1e+06"},
            {"M",
             Create<UintegerValue>(0),
             Create<UintegerValue>(1),
             [](TcpFast::Config& c) { c.m = 0; },
             "M = 0 is out of range: M must be >= 1 and <= 1000"},
            {"Eta",
             d(0),
             d(1e-300),
             [](TcpFast::Config& c) { c.eta = 0; },
             "Eta = 0 is out of range: Eta must be > 0 and < 1/tan(1) = 0.642093 (Proposition 3)"},
            {"RttBound",
             t(Seconds(0)),
             t(NanoSeconds(1)),
             [](TcpFast::Config& c) { c.rttBound = Seconds(0); },
             "RttBound = +0ms is out of range: RttBound must be > 0 and <= 1000 s"},
            {"Beta",
             d(0),
             d(1e-300),
             [](TcpFast::Config& c) { c.beta = 0; },
             "Beta = 0 is out of range: Beta (1/s) must be > 0 and <= 1000"},
            {"BaseWindow",
             d(0),
             d(1e-300),
             [](TcpFast::Config& c) { c.baseWindow = 0; },
             "BaseWindow = 0 is out of range: BaseWindow (packets) must be > 0 and <= 1e+06"},
            {"IntegrationInterval",
             t(Seconds(0)),
             t(NanoSeconds(1)),
             [](TcpFast::Config& c) { c.integrationInterval = Seconds(0); },
             "IntegrationInterval = +0ms is out of range: IntegrationInterval must be > 0 and "
             "<= 1000 s"},
            {"MaxIncrement",
             d(0),
             d(1e-300),
             [](TcpFast::Config& c) { c.maxIncrement = 0; },
             "MaxIncrement = 0 is out of range: MaxIncrement (packets per ACK) must be > 0 and "
             "<= 1e+06"},
            {"MaxDecrement",
             d(0),
             d(1e-300),
             [](TcpFast::Config& c) { c.maxDecrement = 0; },
             "MaxDecrement = 0 is out of range: MaxDecrement (packets per ACK) must be > 0 and "
             "<= 1e+06"},
        };

        for (const std::string type : {"ns3::TcpFastEcn", "ns3::TcpFastDelay"})
        {
            ObjectFactory factory(type);
            const Ptr<TcpFast> cong = factory.Create<TcpFast>();
            const TcpFast::Config defaults = cong->GetConfig();
            NS_TEST_ASSERT_MSG_EQ(TcpFast::CheckConfig(defaults), "", type << ": the defaults");
            for (const auto& row : rows)
            {
                NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe(row.name, *row.zero),
                                      false,
                                      type << "::" << row.name << " = 0: the checker refuses it");
                NS_TEST_EXPECT_MSG_EQ(cong->SetAttributeFailSafe(row.name, *row.smallest),
                                      true,
                                      type << "::" << row.name << ": the smallest valid value");
                TcpFast::Config c = defaults;
                row.clear(c);
                NS_TEST_EXPECT_MSG_EQ(TcpFast::CheckConfig(c), row.message, row.name);
            }
        }
        Ptr<TcpFastEcn> ecn = CreateObject<TcpFastEcn>();
        NS_TEST_EXPECT_MSG_EQ(ecn->SetAttributeFailSafe("EstimationWindow", UintegerValue(0)),
                              false,
                              "EstimationWindow = 0: the checker refuses it");
        NS_TEST_EXPECT_MSG_EQ(ecn->SetAttributeFailSafe("EstimationWindow", UintegerValue(1)),
                              true,
                              "EstimationWindow = 1");
    }
};

#ifdef DUALCC_HAVE_FORK
/**
 * Init() a TcpFastEcn with one attribute set.
 * \param name the attribute
 * \param value its value
 */
static void
InitWith(const std::string& name, const AttributeValue& value)
{
    Ptr<TcpFastEcn> cong = CreateObject<TcpFastEcn>();
    cong->SetAttribute(name, value);
    cong->Init(CreateObject<TcpSocketState>());
}

/// Alpha = pi/2 (the checker's closed bound).
static void
InitAlphaPiOverTwo()
{
    InitWith("Alpha", DoubleValue(TcpFast::MAX_ALPHA));
}

/// Phi = 1.
static void
InitPhiOne()
{
    InitWith("Phi", DoubleValue(1));
}

/// Eta = 1/tan(1).
static void
InitEtaMax()
{
    InitWith("Eta", DoubleValue(TcpFast::MAX_ETA));
}

/// The first ACK of a connection that did not negotiate ECN.
static void
FirstAckWithoutEcn()
{
    Ptr<TcpFastEcn> cong = CreateObject<TcpFastEcn>();
    Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
    tcb->m_segmentSize = SEGMENT;
    tcb->m_cWnd = 2 * SEGMENT;
    cong->Init(tcb);
    tcb->m_ecnState = TcpSocketState::ECN_DISABLED;
    tcb->m_lastAckedSeq = SequenceNumber32(1 + SEGMENT);
    cong->PktsAcked(tcb, 1, MilliSeconds(100));
}
#endif

/**
 * \ingroup dualcc
 * The suite.
 */
class TcpFastEcnTestSuite : public TestSuite
{
  public:
    TcpFastEcnTestSuite()
        : TestSuite("dualcc-tcp-fast-ecn", TestSuite::Type::UNIT)
    {
        AddTestCase(new TcpFastEcnStepsTestCase);
        AddTestCase(new TcpFastEcnExpFreeTestCase);
        AddTestCase(new TcpFastEcnLawsTestCase);
        AddTestCase(new TcpFastEcnCapsTestCase);
        AddTestCase(new TcpFastEcnWindowPriceTestCase);
        AddTestCase(new TcpFastEcnMarksAsPriceTestCase);
        AddTestCase(new TcpFastEcnAttributesTestCase);
        AddTestCase(new TcpFastZeroRefusedTestCase);
#ifdef DUALCC_HAVE_FORK
        AddTestCase(new AbortTestCase(
            "Init aborts: Alpha = pi over 2",
            &InitAlphaPiOverTwo,
            "ns3::TcpFastEcn::Alpha = 1.5708 is out of range: Alpha must be > 0 and < pi/2"));
        AddTestCase(new AbortTestCase("Init aborts: Phi = 1",
                                      &InitPhiOne,
                                      "ns3::TcpFastEcn::Phi = 1 is out of range: Phi must be > 1"));
        AddTestCase(new AbortTestCase("Init aborts: Eta = 1 over tan(1)",
                                      &InitEtaMax,
                                      "ns3::TcpFastEcn::Eta = 0.642093 is out of range: Eta must "
                                      "be > 0 and < 1/tan(1) = 0.642093"));
        // With BetaRule Proposition3 (the default) a Beta other than its default would be
        // ignored: refused (its range (0, 1000], whatever BetaRule: TcpFastZeroRefusedTestCase).
        AddTestCase(new AbortTestCase(
            "Init aborts: Beta = 2 ignored under Proposition3",
            []() { InitWith("Beta", DoubleValue(2)); },
            "ns3::TcpFastEcn::Beta = 2 has no effect with BetaRule "
            "Proposition3"));
        AddTestCase(new AbortTestCase("first ACK without ECN aborts",
                                      &FirstAckWithoutEcn,
                                      "ns3::TcpFastEcn: the price is the fraction of ECN-marked "
                                      "packets, but this connection did not negotiate ECN"));
#endif
    }
};

/// The suite's only instance.
static TcpFastEcnTestSuite g_tcpFastEcnTestSuite;
