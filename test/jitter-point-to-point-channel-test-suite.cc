/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of JitterPointToPointChannel: the added delay has the configured mean and variance,
// the receiver sees exactly that delay, FIFO order is kept, the Gauss-Markov process has the
// configured correlation, and out-of-range attributes are rejected.

#include "ns3/core-module.h"
#include "ns3/jitter-point-to-point-channel.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/test.h"

#include <cmath>
#include <map>
#include <vector>

using namespace ns3;

namespace
{
/// Link rate of the test link.
const DataRate LINK_RATE("100Mbps");
/// Nominal one-way delay.
const Time LINK_DELAY = MilliSeconds(50);
/// Bytes of a test packet (PPP adds 2).
constexpr uint32_t PACKET_BYTES = 998;
/// IPv4's EtherType, so that PPP accepts the packets.
constexpr uint16_t IPV4_PROTOCOL = 0x0800;
} // namespace

/**
 * \ingroup dualcc
 * Sends packets at a fixed spacing over a JitterPointToPointChannel and records, per packet,
 * the traced extra delay, the process value and the arrival.
 */
class JitterChannelTestCase : public TestCase
{
  public:
    /// What the case checks.
    enum Check
    {
        MOMENTS,     //!< mean and variance of independent jitter, receiver's view
        FIFO,        //!< large jitter, close packets: order kept (and lost without PreserveOrder)
        CORRELATION, //!< Gauss-Markov process: variance and lag correlation
    };

    /**
     * \param name the test's name
     * \param check what to check
     */
    JitterChannelTestCase(const std::string& name, Check check)
        : TestCase(name),
          m_check(check)
    {
    }

  private:
    /// One run's records.
    struct Records
    {
        std::vector<double> extra;         //!< traced extra delay, s, per packet in send order
        std::vector<double> process;       //!< traced process value, s
        std::vector<uint64_t> arrivalUid;  //!< packet indices (send order) in arrival order
        std::vector<double> receiverExtra; //!< arrival - (send + txTime + delay), s
        std::vector<double> sendTime;      //!< per packet index (send order): send time, s
        /// packet index (send order) of each packet uid (ns-3.35 numbers packets differently, so
        /// uids are not consecutive on every release)
        std::map<uint64_t, uint64_t> indexOfUid;
    };

    /**
     * Run one link.
     * \param stdDev JitterStdDev
     * \param correlation JitterCorrelationTime
     * \param preserveOrder PreserveOrder
     * \param spacing time between packets
     * \param packets number of packets
     * \return the records
     */
    Records RunLink(Time stdDev,
                    Time correlation,
                    bool preserveOrder,
                    Time spacing,
                    uint32_t packets)
    {
        Records r;
        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(LINK_RATE));
        p2p.SetChannelAttribute("Delay", TimeValue(LINK_DELAY));
        NetDeviceContainer devices = p2p.Install(nodes);
        Ptr<PointToPointNetDevice> sender = DynamicCast<PointToPointNetDevice>(devices.Get(0));
        Ptr<PointToPointNetDevice> receiver = DynamicCast<PointToPointNetDevice>(devices.Get(1));
        Ptr<JitterPointToPointChannel> channel = JitterPointToPointChannel::ReplaceChannel(sender);
        channel->SetAttribute("JitterStdDev", TimeValue(stdDev));
        channel->SetAttribute("JitterCorrelationTime", TimeValue(correlation));
        channel->SetAttribute("PreserveOrder", BooleanValue(preserveOrder));
        channel->AssignStreams(7);
        channel->TraceConnectWithoutContext("Jitter",
                                            MakeBoundCallback(
                                                +[](Records* rec, Ptr<const Packet>, Time extra) {
                                                    rec->extra.push_back(extra.GetSeconds());
                                                },
                                                &r));
        channel->TraceConnectWithoutContext(
            "JitterProcess",
            MakeBoundCallback(
                +[](Records* rec, Time, Time value) { rec->process.push_back(value.GetSeconds()); },
                &r));
        const Time txTime = LINK_RATE.CalculateBytesTxTime(PACKET_BYTES + 2);
        receiver->SetReceiveCallback(MakeBoundCallback(
            +[](Records* rec,
                Time tx,
                Ptr<NetDevice>,
                Ptr<const Packet> p,
                uint16_t,
                const Address&) {
                const uint64_t index = rec->indexOfUid.at(p->GetUid());
                rec->arrivalUid.push_back(index);
                rec->receiverExtra.push_back(Simulator::Now().GetSeconds() - rec->sendTime[index] -
                                             tx.GetSeconds() - LINK_DELAY.GetSeconds());
                return true;
            },
            &r,
            txTime));
        r.sendTime.resize(packets);
        for (uint32_t k = 0; k < packets; ++k)
        {
            r.sendTime[k] = (spacing * k).GetSeconds();
            Simulator::Schedule(spacing * k, &SendOne, &r, k, sender, receiver);
        }
        Simulator::Run();
        Simulator::Destroy();
        return r;
    }

    /**
     * Send one packet (an event function, not a lambda: ns-3.35 schedules no lambdas).
     * \param rec the records (the packet's index by uid)
     * \param index the packet's index in send order
     * \param sender the sending device
     * \param receiver the receiving device
     */
    static void SendOne(Records* rec,
                        uint64_t index,
                        Ptr<PointToPointNetDevice> sender,
                        Ptr<PointToPointNetDevice> receiver)
    {
        Ptr<Packet> packet = Create<Packet>(PACKET_BYTES);
        rec->indexOfUid[packet->GetUid()] = index;
        sender->Send(packet, receiver->GetAddress(), IPV4_PROTOCOL);
    }

    /// \return mean of \p v
    static double Mean(const std::vector<double>& v)
    {
        double s = 0;
        for (double x : v)
        {
            s += x;
        }
        return s / v.size();
    }

    /// \return sample variance of \p v
    static double Variance(const std::vector<double>& v)
    {
        const double m = Mean(v);
        double s = 0;
        for (double x : v)
        {
            s += (x - m) * (x - m);
        }
        return s / (v.size() - 1);
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        if (m_check == MOMENTS)
        {
            // sigma = 1 ms, packets 20 ms apart: the clamps never act (a 20-sigma gap).
            const uint32_t n = 4000;
            const double sigma = 1e-3;
            const Records r = RunLink(MilliSeconds(1), Seconds(0), true, MilliSeconds(20), n);
            NS_TEST_ASSERT_MSG_EQ(r.extra.size(), n, "every packet traced");
            NS_TEST_ASSERT_MSG_EQ(r.arrivalUid.size(), n, "every packet received");
            // Mean 0 within 4 standard errors (4 sigma / sqrt(n) = 0.063 ms).
            NS_TEST_EXPECT_MSG_EQ_TOL(Mean(r.extra), 0, 4 * sigma / std::sqrt(n), "mean");
            // Variance sigma^2 within 4 standard errors (sigma^2 sqrt(2/n) = 2.2 %).
            NS_TEST_EXPECT_MSG_EQ_TOL(Variance(r.extra),
                                      sigma * sigma,
                                      4 * sigma * sigma * std::sqrt(2.0 / n),
                                      "variance");
            for (uint32_t k = 0; k < n; ++k)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(r.receiverExtra[k],
                                          r.extra[k],
                                          1e-9,
                                          "the receiver sees the traced delay, packet " << k);
            }
        }
        else if (m_check == FIFO)
        {
            // sigma = 5 ms, packets 1 ms apart: independent draws would reorder most packets.
            const uint32_t n = 2000;
            const Records kept = RunLink(MilliSeconds(5), Seconds(0), true, MilliSeconds(1), n);
            NS_TEST_ASSERT_MSG_EQ(kept.arrivalUid.size(), n, "every packet received");
            uint32_t clamped = 0;
            for (uint32_t k = 0; k < n; ++k)
            {
                NS_TEST_ASSERT_MSG_EQ(kept.arrivalUid[k], k, "FIFO order at arrival " << k);
                NS_TEST_ASSERT_MSG_GT_OR_EQ(kept.extra[k],
                                            -LINK_DELAY.GetSeconds(),
                                            "the total delay is never negative");
                clamped += kept.extra[k] > kept.process[k] + 1e-12;
            }
            NS_TEST_EXPECT_MSG_GT(clamped, n / 4, "order was enforced on many packets");
            const Records free = RunLink(MilliSeconds(5), Seconds(0), false, MilliSeconds(1), n);
            uint32_t outOfOrder = 0;
            for (uint32_t k = 1; k < n; ++k)
            {
                outOfOrder += free.arrivalUid[k] < free.arrivalUid[k - 1];
            }
            NS_TEST_EXPECT_MSG_GT(outOfOrder, n / 10, "without PreserveOrder packets reorder");
        }
        else
        {
            // Gauss-Markov: sigma = 2 ms, tau = 100 ms, packets 10 ms apart: lag-1 correlation
            // e^{-0.1} = 0.9048; 200 s hold about 1000 independent stretches of 2 tau, so the
            // variance is known within ~5 % (tolerance 15 %).
            const uint32_t n = 20000;
            const double sigma = 2e-3;
            const Records r =
                RunLink(MilliSeconds(2), MilliSeconds(100), true, MilliSeconds(10), n);
            NS_TEST_ASSERT_MSG_EQ(r.process.size(), n, "every packet sampled the process");
            const double variance = Variance(r.process);
            NS_TEST_EXPECT_MSG_EQ_TOL(variance, sigma * sigma, 0.15 * sigma * sigma, "variance");
            const double mean = Mean(r.process);
            double lag = 0;
            for (uint32_t k = 1; k < n; ++k)
            {
                lag += (r.process[k] - mean) * (r.process[k - 1] - mean);
            }
            lag /= (n - 1) * variance;
            NS_TEST_EXPECT_MSG_EQ_TOL(lag, std::exp(-0.1), 0.02, "lag-1 correlation");
        }
    }

    Check m_check; //!< what to check
};

/**
 * \ingroup dualcc
 * Out-of-range attributes are rejected.
 */
class JitterChannelAttributeTestCase : public TestCase
{
  public:
    JitterChannelAttributeTestCase()
        : TestCase("Out-of-range jitter attributes are rejected")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<JitterPointToPointChannel> channel = CreateObject<JitterPointToPointChannel>();
        NS_TEST_EXPECT_MSG_EQ(
            channel->SetAttributeFailSafe("JitterStdDev", TimeValue(MilliSeconds(-1))),
            false,
            "negative JitterStdDev");
        NS_TEST_EXPECT_MSG_EQ(
            channel->SetAttributeFailSafe("JitterCorrelationTime", TimeValue(Seconds(-1))),
            false,
            "negative JitterCorrelationTime");
        NS_TEST_EXPECT_MSG_EQ(
            channel->SetAttributeFailSafe("JitterStdDev", TimeValue(MilliSeconds(3))),
            true,
            "valid JitterStdDev");
    }
};

/**
 * \ingroup dualcc
 * The test suite.
 */
class JitterPointToPointChannelTestSuite : public TestSuite
{
  public:
    JitterPointToPointChannelTestSuite()
        : TestSuite("dualcc-jitter-point-to-point-channel", TestSuite::Type::UNIT)
    {
        AddTestCase(new JitterChannelTestCase("Independent jitter: zero mean, configured variance",
                                              JitterChannelTestCase::MOMENTS));
        AddTestCase(new JitterChannelTestCase("Large jitter keeps FIFO order",
                                              JitterChannelTestCase::FIFO));
        AddTestCase(new JitterChannelTestCase("Gauss-Markov jitter: variance and correlation",
                                              JitterChannelTestCase::CORRELATION));
        AddTestCase(new JitterChannelAttributeTestCase);
    }
};

/// The suite's instance.
static JitterPointToPointChannelTestSuite g_jitterPointToPointChannelTestSuite;
