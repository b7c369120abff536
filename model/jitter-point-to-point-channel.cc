/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "jitter-point-to-point-channel.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("JitterPointToPointChannel");
NS_OBJECT_ENSURE_REGISTERED(JitterPointToPointChannel);

TypeId
JitterPointToPointChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::JitterPointToPointChannel")
            .SetParent<PointToPointChannel>()
            .SetGroupName("Dualcc")
            .AddConstructor<JitterPointToPointChannel>()
            .AddAttribute("JitterStdDev",
                          "Standard deviation of the zero-mean Gaussian part of the delay of "
                          "wire 0, in [0, 10 s] (0: no jitter)",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&JitterPointToPointChannel::m_stdDev),
                          MakeTimeChecker(Seconds(0), Seconds(10)))
            .AddAttribute("JitterCorrelationTime",
                          "Correlation time tau of the jitter (Gauss-Markov process, "
                          "correlation e^{-h/tau} at lag h), in [0, 1000 s]; 0: independent "
                          "for every packet",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&JitterPointToPointChannel::m_correlationTime),
                          MakeTimeChecker(Seconds(0), Seconds(1000)))
            .AddAttribute("PreserveOrder",
                          "Never let a packet arrive before the one sent before it on wire 0 "
                          "(FIFO, as a queueing delay)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&JitterPointToPointChannel::m_preserveOrder),
                          MakeBooleanChecker())
            .AddTraceSource("JitterProcess",
                            "The jitter process J (before the clamps), sampled at each wire-0 "
                            "transmission start",
                            MakeTraceSourceAccessor(&JitterPointToPointChannel::m_process),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("Jitter",
                            "A wire-0 packet and the delay it got beyond txTime + Delay",
                            MakeTraceSourceAccessor(&JitterPointToPointChannel::m_jitterTrace),
                            "ns3::JitterPointToPointChannel::JitterTracedCallback");
    return tid;
}

JitterPointToPointChannel::JitterPointToPointChannel()
    : m_lastSample(NanoSeconds(-1))
{
    NS_LOG_FUNCTION(this);
    m_normal = CreateObject<NormalRandomVariable>();
    m_normal->SetAttribute("Mean", DoubleValue(0));
    m_normal->SetAttribute("Variance", DoubleValue(1));
}

JitterPointToPointChannel::~JitterPointToPointChannel()
{
    NS_LOG_FUNCTION(this);
}

void
JitterPointToPointChannel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_normal = nullptr;
    PointToPointChannel::DoDispose();
}

int64_t
JitterPointToPointChannel::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_normal->SetStream(stream);
    return 1;
}

Time
JitterPointToPointChannel::NextJitter()
{
    const Time now = Simulator::Now();
    const double sigma = m_stdDev.GetSeconds();
    double state;
    if (m_correlationTime.IsZero() || m_lastSample.IsStrictlyNegative())
    {
        // Independent draw (or the first one: the stationary distribution).
        state = sigma * m_normal->GetValue();
    }
    else
    {
        // Exact Ornstein-Uhlenbeck step over h = now - last sample.
        const double decay =
            std::exp(-(now - m_lastSample).GetSeconds() / m_correlationTime.GetSeconds());
        state = m_process.Get().GetSeconds() * decay +
                sigma * std::sqrt(1 - decay * decay) * m_normal->GetValue();
    }
    m_lastSample = now;
    m_process = Seconds(state);
    return m_process;
}

bool
JitterPointToPointChannel::TransmitStart(Ptr<const Packet> p,
                                         Ptr<PointToPointNetDevice> src,
                                         Time txTime)
{
    NS_LOG_FUNCTION(this << p << src << txTime);
    NS_ASSERT(IsInitialized());
    if (src != GetSource(0) || m_stdDev.IsZero())
    {
        return PointToPointChannel::TransmitStart(p, src, txTime);
    }
    const Time now = Simulator::Now();
    const Time nominal = now + txTime + GetDelay();
    // The total delay is never negative.
    const Time jitter = std::max(NextJitter(), Seconds(0) - GetDelay());
    Time arrival = nominal + jitter;
    if (m_preserveOrder)
    {
        arrival = std::max(arrival, m_lastArrival);
    }
    m_lastArrival = arrival;
    NS_LOG_DEBUG("jitter " << m_process.Get().As(Time::MS) << ", extra delay "
                           << (arrival - nominal).As(Time::MS));
    m_jitterTrace(p, arrival - nominal);
    Ptr<PointToPointNetDevice> dst = GetDestination(0);
    Simulator::ScheduleWithContext(dst->GetNode()->GetId(),
                                   arrival - now,
                                   &PointToPointNetDevice::Receive,
                                   dst,
                                   p->Copy());
    return true;
}

Ptr<JitterPointToPointChannel>
JitterPointToPointChannel::ReplaceChannel(Ptr<PointToPointNetDevice> jittered)
{
    NS_ABORT_MSG_UNLESS(jittered, "JitterPointToPointChannel::ReplaceChannel: no device");
    Ptr<PointToPointChannel> old = DynamicCast<PointToPointChannel>(jittered->GetChannel());
    NS_ABORT_MSG_UNLESS(old && old->GetNDevices() == 2,
                        "JitterPointToPointChannel::ReplaceChannel: the device must be on a "
                        "PointToPointChannel with two devices");
    Ptr<PointToPointNetDevice> peer = old->GetPointToPointDevice(0) == jittered
                                          ? old->GetPointToPointDevice(1)
                                          : old->GetPointToPointDevice(0);
    TimeValue delay;
    old->GetAttribute("Delay", delay);
    Ptr<JitterPointToPointChannel> channel = CreateObject<JitterPointToPointChannel>();
    channel->SetAttribute("Delay", delay);
    // The first device attached transmits on wire 0, the jittered one.
    jittered->Attach(channel);
    peer->Attach(channel);
    return channel;
}

} // namespace ns3
