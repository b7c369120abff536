/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "testbed-monitor.h"

#include "distributed-run.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/log.h"
#include "ns3/packet-sink.h"
#include "ns3/persistent-flow-application.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/priority-ob-queue-disc.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/short-flow-application.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-congestion-ops.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TestbedMonitor");

namespace
{
/// PPP header of a packet on a point-to-point link, bytes (not in a queue-disc item's size).
constexpr uint32_t PPP_HEADER_BYTES = 2;
} // namespace

TestbedMonitor::TestbedMonitor(const TestbedNetwork& network)
    : m_network(network),
      m_samplingInterval(MilliSeconds(1))
{
    NS_LOG_FUNCTION(this);
}

void
TestbedMonitor::SetMeasurementWindow(Time start, Time stop)
{
    NS_ABORT_MSG_IF(m_installed, "TestbedMonitor: set the measurement window before Install()");
    NS_ABORT_MSG_IF(start.IsStrictlyNegative(), "TestbedMonitor: measurement start must be >= 0");
    NS_ABORT_MSG_UNLESS(stop > start, "TestbedMonitor: measurement stop must be after its start");
    m_windowStart = start;
    m_windowStop = stop;
}

void
TestbedMonitor::SetMeasurementPeriods(const std::vector<Time>& boundaries, Time settling)
{
    NS_ABORT_MSG_IF(m_installed, "TestbedMonitor: set the measurement periods before Install()");
    NS_ABORT_MSG_IF(boundaries.size() < 2,
                    "TestbedMonitor: measurement periods need at least two boundaries");
    NS_ABORT_MSG_IF(boundaries.front().IsStrictlyNegative(),
                    "TestbedMonitor: the first period boundary must be >= 0");
    NS_ABORT_MSG_IF(settling.IsStrictlyNegative(),
                    "TestbedMonitor: the settling time must be >= 0");
    m_periods.clear();
    for (std::size_t k = 0; k + 1 < boundaries.size(); ++k)
    {
        NS_ABORT_MSG_UNLESS(boundaries[k + 1] > boundaries[k] + settling,
                            "TestbedMonitor: period " << k << " [" << boundaries[k].As(Time::S)
                                                      << ", " << boundaries[k + 1].As(Time::S)
                                                      << "] must last longer than the settling "
                                                         "time "
                                                      << settling.As(Time::S));
        Period period;
        period.begin = boundaries[k];
        period.start = boundaries[k] + settling;
        period.stop = boundaries[k + 1];
        m_periods.push_back(period);
    }
}

std::vector<Time>
TestbedMonitor::GetStartBoundaries(const NetworkDescription& description, Time stop)
{
    std::vector<Time> boundaries;
    for (const NetworkDescription::ClassSpec& c : description.classes)
    {
        boundaries.push_back(c.start);
    }
    std::sort(boundaries.begin(), boundaries.end());
    boundaries.erase(std::unique(boundaries.begin(), boundaries.end()), boundaries.end());
    NS_ABORT_MSG_IF(boundaries.empty() || stop <= boundaries.back(),
                    "TestbedMonitor: the last period must end (" << stop.As(Time::S)
                                                                 << ") after the last start");
    boundaries.push_back(stop);
    return boundaries;
}

std::vector<Time>
TestbedMonitor::GetPhaseBoundaries(const NetworkDescription& description, Time stop)
{
    NS_ABORT_MSG_UNLESS(stop.IsStrictlyPositive(),
                        "TestbedMonitor: the last phase must end after 0");
    std::vector<Time> boundaries{Time(0), stop};
    const auto add = [&boundaries, stop](Time t) {
        if (t.IsStrictlyPositive() && t < stop)
        {
            boundaries.push_back(t);
        }
    };
    for (const NetworkDescription::ClassSpec& c : description.classes)
    {
        add(c.start);
        add(c.stop);
    }
    for (const NetworkDescription::EventSpec& e : description.events)
    {
        add(e.at);
    }
    std::sort(boundaries.begin(), boundaries.end());
    boundaries.erase(std::unique(boundaries.begin(), boundaries.end()), boundaries.end());
    return boundaries;
}

void
TestbedMonitor::SetSamplingInterval(Time interval)
{
    NS_ABORT_MSG_UNLESS(interval.IsStrictlyPositive(),
                        "TestbedMonitor: the sampling interval must be > 0");
    m_samplingInterval = interval;
}

void
TestbedMonitor::SetBacklogInBytes(bool bytes)
{
    NS_ABORT_MSG_IF(m_installed, "TestbedMonitor: SetBacklogInBytes before Install()");
    m_backlogInBytes = bytes;
    m_backlogUnitChosen = true;
}

void
TestbedMonitor::EnableTimeSeries(Time interval)
{
    NS_ABORT_MSG_IF(interval.IsStrictlyNegative(),
                    "TestbedMonitor: the time-series interval must be >= 0");
    m_seriesInterval = interval;
}

void
TestbedMonitor::EnableLinkSamples(const std::string& link,
                                  Time interval,
                                  const std::vector<std::string>& traces)
{
    NS_ABORT_MSG_IF(m_installed, "TestbedMonitor: EnableLinkSamples before Install()");
    NS_ABORT_MSG_UNLESS(interval.IsStrictlyPositive(),
                        "TestbedMonitor::EnableLinkSamples: the interval must be > 0");
    m_sampledLink = link;
    m_linkSampleInterval = interval;
    m_traceNames = traces;
}

void
TestbedMonitor::CheckStarts() const
{
    NS_ABORT_MSG_IF(m_windowStop.IsZero() && m_periods.empty() && m_sampledLink.empty(),
                    "TestbedMonitor: SetMeasurementWindow(start, stop), SetMeasurementPeriods() or "
                    "EnableLinkSamples() before Install()");
    // The run ends with the measurement: a class that starts at or after its end would never
    // send, yet the duality model would count its flows.
    Time end = m_windowStop;
    Time shortest = m_windowStop - m_windowStart; // the shortest measurement window
    for (const Period& period : m_periods)
    {
        end = std::max(end, period.stop);
        shortest = shortest.IsZero() ? period.stop - period.start
                                     : std::min(shortest, period.stop - period.start);
    }
    if (end.IsZero())
    {
        return; // link samples only: the run's end is Run()'s
    }
    for (const NetworkDescription::ClassSpec& spec : m_network.description.classes)
    {
        CheckClassTimes(spec, end, shortest);
    }
}

void
TestbedMonitor::CheckClassTimes(const NetworkDescription::ClassSpec& spec,
                                Time end,
                                Time shortest) const
{
    const NetworkDescription& d = m_network.description;
    const std::string who = NetworkDescription::GetLocation(spec);
    const Time rtt = std::max(spec.rtt, spec.rttMax); // the largest of the class
    const auto refuse = [&who](const std::string& what) {
        throw std::invalid_argument(who + ": " + what);
    };
    std::ostringstream os;
    if (spec.start >= end)
    {
        os << "start = " << spec.start.As(Time::S) << " is at or after the end of the run ("
           << end.As(Time::S) << "): the class would never send, yet the model would count it; "
           << "valid: start < " << end.As(Time::S);
        refuse(os.str());
    }
    if (spec.start + d.startJitter >= end)
    {
        std::cerr << "warning: " << who
                  << ": start + startJitter = " << (spec.start + d.startJitter).As(Time::S)
                  << " reaches the end of the run (" << end.As(Time::S)
                  << "): some of its flows may never start";
        const auto set = d.setLocations.find("startJitter");
        if (set != d.setLocations.end())
        {
            std::cerr << " (" << set->second << ": startJitter=" << d.startJitter.As(Time::S)
                      << ")";
        }
        std::cerr << "\n";
    }
    if (spec.traffic != NetworkDescription::Traffic::PERSISTENT)
    {
        return; // not in the duality model
    }
    if (spec.start + rtt >= end)
    {
        os << "rtt = " << rtt.As(Time::S) << " from its start at " << spec.start.As(Time::S)
           << " reaches the end of the run (" << end.As(Time::S)
           << "): none of its packets could be acknowledged, yet the model would count its "
              "flows at equilibrium; valid: start + rtt < "
           << end.As(Time::S) << " (or a longer run)";
        refuse(os.str());
    }
    if (!m_windowStop.IsZero() && !spec.stop.IsZero() && spec.stop <= m_windowStart)
    {
        os << "stop = " << spec.stop.As(Time::S) << " is at or before the measurement window's "
           << "start (" << m_windowStart.As(Time::S)
           << "): the class would not send in the window, yet the model of the window would "
              "count it; valid: stop > "
           << m_windowStart.As(Time::S) << " (or 0: the end of the run)";
        refuse(os.str());
    }
    WarnIfInsideWindow(spec, who);
    if (rtt >= shortest)
    {
        std::cerr << "warning: " << who << ": rtt = " << rtt.As(Time::S)
                  << " is not shorter than the measurement window (" << shortest.As(Time::S)
                  << "): the window holds less than one of its round trips, while the model is "
                     "the equilibrium of many; lengthen the window\n";
    }
}

void
TestbedMonitor::WarnIfInsideWindow(const NetworkDescription::ClassSpec& spec,
                                   const std::string& who) const
{
    // The single window's report is the model's equilibrium with every class sending
    // throughout; measurement periods begin and end where classes start and stop (phases).
    if (m_windowStop.IsZero())
    {
        return;
    }
    std::ostringstream window;
    window << "[" << m_windowStart.As(Time::S) << ", " << m_windowStop.As(Time::S) << "]";
    const auto inside = [this](Time t) { return t > m_windowStart && t < m_windowStop; };
    if (inside(spec.start))
    {
        std::cerr << "warning: " << who << ": start = " << spec.start.As(Time::S)
                  << " is inside the measurement window " << window.str()
                  << ": its rates are averaged over the whole window, while the model counts it "
                     "sending throughout; start it before the window (or start the window later)\n";
    }
    if (!spec.stop.IsZero() && inside(spec.stop))
    {
        std::cerr << "warning: " << who << ": stop = " << spec.stop.As(Time::S)
                  << " is inside the measurement window " << window.str()
                  << ": its rates are averaged over the whole window, while the model counts it "
                     "sending throughout; stop it after the window (or end the window sooner)\n";
    }
}

void
TestbedMonitor::Install()
{
    NS_LOG_FUNCTION(this);
    m_network.CheckInstalled("TestbedMonitor::Install");
    NS_ABORT_MSG_IF(m_installed, "TestbedMonitor::Install called twice");
    ChooseBacklogUnit();
    ConnectBaseRtts();
    ScheduleWindows();
    if (!m_seriesInterval.IsZero())
    {
        Simulator::Schedule(m_seriesInterval, &TestbedMonitor::SampleTimeSeries, this);
    }
    if (!m_sampledLink.empty())
    {
        StartLinkSamples();
    }
    m_installed = true;
}

void
TestbedMonitor::ChooseBacklogUnit()
{
    if (m_backlogUnitChosen)
    {
        return;
    }
    // Out-of-band control (Monaco) puts small in-band control packets among the data.
    for (const NetworkDescription::ClassSpec& c : m_network.description.classes)
    {
        m_backlogInBytes = m_backlogInBytes ||
                           AlgorithmTraits::GetSource(TypeId::LookupByName(c.tcp)).needsOutOfBand;
    }
}

void
TestbedMonitor::ConnectBaseRtts()
{
    // TcpDualVegas' baseRTT estimate, followed through its trace (the records stay valid: the
    // vector is not resized after this).
    const std::size_t flows = m_network.flows.size();
    m_ccBaseRtt.assign(flows, Time(0));
    m_rxAtLastSample.assign(flows, 0);
    m_runMinRtt.assign(flows, Time(0));
    m_runDrops.assign(m_network.links.size(), 0);
    for (std::size_t f = 0; f < flows; ++f)
    {
        Ptr<TcpCongestionOps> congestion = m_network.flows[f].congestion;
        if (congestion->GetInstanceTypeId().LookupTraceSourceByName("BaseRtt"))
        {
            congestion->TraceConnectWithoutContext(
                "BaseRtt",
                MakeBoundCallback(&TestbedMonitor::RecordBaseRtt, &m_ccBaseRtt[f]));
        }
    }
}

void
TestbedMonitor::ScheduleWindows()
{
    // The single window (SetMeasurementWindow) and the periods collect the same way.
    std::vector<Period*> windows;
    if (!m_windowStop.IsZero())
    {
        m_window.start = m_windowStart;
        m_window.stop = m_windowStop;
        windows.push_back(&m_window);
    }
    for (Period& period : m_periods)
    {
        windows.push_back(&period);
    }
    for (Period* period : windows)
    {
        period->flows.assign(m_network.flows.size(), FlowTally());
        period->links.assign(m_network.links.size(), LinkTally());
        period->shorts.assign(m_network.shortHosts.size(), {});
        Simulator::Schedule(period->start, &TestbedMonitor::StartPeriod, this, period);
        Simulator::Schedule(period->stop, &TestbedMonitor::StopPeriod, this, period);
    }
}

void
TestbedMonitor::StartLinkSamples()
{
    const TestbedNetwork::Link& link = m_network.links[m_network.GetLinkDirection(m_sampledLink)];
    m_traceValues.assign(m_traceNames.size(), std::nan(""));
    for (std::size_t i = 0; i < m_traceNames.size(); ++i)
    {
        const bool connected =
            ConnectDiscTrace(link.queueDisc,
                             m_traceNames[i],
                             MakeBoundCallback(&TestbedMonitor::RecordTrace, &m_traceValues[i]));
        NS_ABORT_MSG_UNLESS(connected,
                            "TestbedMonitor::EnableLinkSamples: "
                                << link.queueDisc->GetInstanceTypeId().GetName()
                                << " has no trace source '" << m_traceNames[i]
                                << "'; valid: a TracedValue<double> of the link's queue disc "
                                   "or of one of its child queue discs");
    }
    Simulator::ScheduleNow(&TestbedMonitor::TakeLinkSample, this);
}

bool
TestbedMonitor::HasLinkSamples() const
{
    return !m_sampledLink.empty();
}

std::pair<Time, Time>
TestbedMonitor::GetWindow() const
{
    return {m_windowStart, m_windowStop};
}

Time
TestbedMonitor::GetSeriesInterval() const
{
    return m_seriesInterval;
}

bool
TestbedMonitor::ConnectDiscTrace(Ptr<QueueDisc> disc,
                                 const std::string& name,
                                 const CallbackBase& callback)
{
    if (disc->TraceConnectWithoutContext(name, callback))
    {
        return true;
    }
    // A classful disc (e.g. PriorityObQueueDisc, whose data band is an AVD or AVQ child): the
    // first child, depth first, that has the trace source.
    for (std::size_t c = 0; c < disc->GetNQueueDiscClasses(); ++c)
    {
        if (ConnectDiscTrace(disc->GetQueueDiscClass(c)->GetQueueDisc(), name, callback))
        {
            return true;
        }
    }
    return false;
}

void
TestbedMonitor::RecordTrace(double* slot, double /* oldValue */, double newValue)
{
    *slot = newValue;
}

void
TestbedMonitor::TakeLinkSample()
{
    const std::size_t l = m_network.GetLinkDirection(m_sampledLink);
    const TestbedNetwork::Link& link = m_network.links[l];
    LinkSample sample;
    sample.time = Simulator::Now().GetSeconds();
    sample.backlog = Backlog(l);
    const QueueDisc::Stats& stats = link.queueDisc->GetStats();
    sample.txBytes = stats.nTotalDequeuedBytes;
    sample.arrivals = stats.nTotalReceivedPackets;
    sample.drops = stats.nTotalDroppedPackets;
    sample.marks = stats.nTotalMarkedPackets;
    sample.goodputBytes = 0;
    for (const TestbedNetwork::Flow& flow : m_network.flows)
    {
        sample.goodputBytes += flow.packetSink->GetTotalRx();
    }
    sample.shortArrived = 0;
    sample.shortCompleted = 0;
    for (const TestbedNetwork::ShortHost& host : m_network.shortHosts)
    {
        sample.goodputBytes += host.packetSink->GetTotalRx();
        sample.shortArrived += host.app->GetArrivals();
        sample.shortCompleted += host.app->GetCompletedFlows();
    }
    // The traces of another rank's queue disc are that rank's to give (SumOverRanks()).
    sample.traces = DistributedRun::IsLocal(link.devices.Get(0)->GetNode())
                        ? m_traceValues
                        : std::vector<double>(m_traceValues.size(), 0.0);
    m_linkSamples.push_back(sample);
    Simulator::Schedule(m_linkSampleInterval, &TestbedMonitor::TakeLinkSample, this);
}

const std::vector<TestbedMonitor::LinkSample>&
TestbedMonitor::GetLinkSamples() const
{
    return m_linkSamples;
}

TestbedMonitor::WindowMeasurement
TestbedMonitor::MeasureWindow(Time from, Time to) const
{
    m_network.CheckInstalled("MeasureWindow");
    NS_ABORT_MSG_IF(m_sampledLink.empty(),
                    "TestbedMonitor::MeasureWindow: EnableLinkSamples first");
    NS_ABORT_MSG_UNLESS(to > from,
                        "TestbedMonitor::MeasureWindow: the window must end after it "
                        "starts");
    NS_ABORT_MSG_IF(m_linkSamples.empty(), "TestbedMonitor::MeasureWindow: no samples (Run first)");
    const double interval = m_linkSampleInterval.GetSeconds();
    // Sample k was taken at k * interval.
    auto index = [this, interval](Time t) {
        const auto k = static_cast<std::size_t>(std::floor(t.GetSeconds() / interval + 1e-9));
        NS_ABORT_MSG_IF(k >= m_linkSamples.size(),
                        "TestbedMonitor::MeasureWindow: no sample at "
                            << t.As(Time::S) << " (the run ended at " << m_linkSamples.back().time
                            << " s)");
        return k;
    };
    const std::size_t a = index(from);
    const std::size_t b = index(to);
    NS_ABORT_MSG_UNLESS(b > a, "TestbedMonitor::MeasureWindow: the window holds no sample");
    const LinkSample& first = m_linkSamples[a];
    const LinkSample& last = m_linkSamples[b];
    const double window = last.time - first.time;
    const TestbedNetwork::Link& link = m_network.links[m_network.GetLinkDirection(m_sampledLink)];
    WindowMeasurement m;
    m.utilization = 8.0 * (last.txBytes - first.txBytes) / (link.rate.GetBitRate() * window);
    double sum = 0;
    double sumSquares = 0;
    std::vector<double> traceSums(m_traceNames.size(), 0.0);
    for (std::size_t k = a + 1; k <= b; ++k)
    {
        sum += m_linkSamples[k].backlog;
        sumSquares += m_linkSamples[k].backlog * m_linkSamples[k].backlog;
        for (std::size_t i = 0; i < traceSums.size(); ++i)
        {
            traceSums[i] += m_linkSamples[k].traces[i];
        }
    }
    const double n = b - a;
    m.queueMean = sum / n;
    m.queueStd = std::sqrt(std::max(0.0, sumSquares / n - m.queueMean * m.queueMean));
    for (double traceSum : traceSums)
    {
        m.traceMeans.push_back(traceSum / n);
    }
    m.arrivals = last.arrivals - first.arrivals;
    m.drops = last.drops - first.drops;
    m.marks = last.marks - first.marks;
    m.lossRate = m.arrivals > 0 ? m.drops / m.arrivals : 0;
    const NetworkDescription& d = m_network.description;
    m.goodputPacketsPerSecond =
        (last.goodputBytes - first.goodputBytes) / d.GetSegmentSize() / window;
    const double capacityPackets = link.rate.GetBitRate() / (8.0 * d.packetSize);
    m.goodputFraction = m.goodputPacketsPerSecond / capacityPackets;
    m.shortArrived = last.shortArrived - first.shortArrived;
    m.shortCompleted = last.shortCompleted - first.shortCompleted;
    return m;
}

double
TestbedMonitor::Backlog(std::size_t l) const
{
    const TestbedNetwork::Link& link = m_network.links[l];
    Ptr<PointToPointNetDevice> device = DynamicCast<PointToPointNetDevice>(link.devices.Get(0));
    if (!m_backlogInBytes)
    {
        return link.queueDisc->GetNPackets() + device->GetQueue()->GetNPackets();
    }
    // Queue-disc items count IPv4 bytes, device-queue packets carry the PPP header as well.
    Ptr<PriorityObQueueDisc> priority = DynamicCast<PriorityObQueueDisc>(link.queueDisc);
    const double discBytes = priority ? priority->GetBandStats(PriorityObQueueDisc::DATA_BAND).bytes
                                      : link.queueDisc->GetNBytes();
    const double packetSize = m_network.description.packetSize;
    return discBytes / (packetSize - PPP_HEADER_BYTES) +
           device->GetQueue()->GetNBytes() / packetSize;
}

void
TestbedMonitor::RecordBaseRtt(Time* where, Time /* oldValue */, Time newValue)
{
    *where = newValue == Time::Max() ? Time(0) : newValue;
}

void
TestbedMonitor::StartPeriod(Period* window)
{
    Period& period = *window;
    for (std::size_t f = 0; f < m_network.flows.size(); ++f)
    {
        period.flows[f].rxAtStart = m_network.flows[f].packetSink->GetTotalRx();
    }
    RecordCounters(period, false);
    SamplePeriod(window);
}

void
TestbedMonitor::StopPeriod(Period* window)
{
    Period& period = *window;
    for (std::size_t f = 0; f < m_network.flows.size(); ++f)
    {
        const TestbedNetwork::Flow& flow = m_network.flows[f];
        FlowTally& tally = period.flows[f];
        tally.rxAtStop = flow.packetSink->GetTotalRx();
        tally.minRtt = flow.app->GetRttSamples() > 0 ? flow.app->GetMinRtt() : Time(0);
        tally.ccBaseRtt = m_ccBaseRtt[f];
    }
    RecordCounters(period, true);
}

void
TestbedMonitor::RecordCounters(Period& period, bool atStop)
{
    for (std::size_t l = 0; l < m_network.links.size(); ++l)
    {
        const QueueDisc::Stats& stats = m_network.links[l].queueDisc->GetStats();
        LinkTally& tally = period.links[l];
        (atStop ? tally.txBytesAtStop : tally.txBytesAtStart) = stats.nTotalDequeuedBytes;
        (atStop ? tally.dropsAtStop : tally.dropsAtStart) = stats.nTotalDroppedPackets;
    }
    for (std::size_t h = 0; h < m_network.shortHosts.size(); ++h)
    {
        const std::array<uint64_t, SHORT_COUNTERS> counters =
            ShortCounters(m_network.shortHosts[h].app);
        std::copy(counters.begin(),
                  counters.end(),
                  period.shorts[h].begin() + (atStop ? SHORT_COUNTERS : 0));
    }
}

void
TestbedMonitor::SamplePeriod(Period* window)
{
    Period& period = *window;
    const double segment = m_network.description.GetSegmentSize();
    for (std::size_t f = 0; f < m_network.flows.size(); ++f)
    {
        const TestbedNetwork::Flow& flow = m_network.flows[f];
        FlowTally& tally = period.flows[f];
        if (flow.app->GetSocket() && flow.app->GetLastCwnd() > 0)
        {
            tally.cwndSum += flow.app->GetLastCwnd() / segment;
            ++tally.samples;
        }
        if (flow.app->GetRttSamples() > 0)
        {
            tally.rttSum += flow.app->GetLastRtt().GetSeconds();
            ++tally.rttSamples;
        }
    }
    for (std::size_t l = 0; l < m_network.links.size(); ++l)
    {
        // Each link is sampled by the rank that simulates its sending end (SumOverRanks()).
        if (DistributedRun::IsLocal(m_network.links[l].devices.Get(0)->GetNode()))
        {
            period.links[l].backlogSum += Backlog(l);
            ++period.links[l].samples;
        }
    }
    if (Simulator::Now() + m_samplingInterval <= period.stop)
    {
        Simulator::Schedule(m_samplingInterval, &TestbedMonitor::SamplePeriod, this, window);
    }
}

void
TestbedMonitor::SampleTimeSeries()
{
    const NetworkDescription& d = m_network.description;
    const std::vector<std::vector<std::size_t>>& classFlows = m_network.classFlows;
    std::vector<double> point{Simulator::Now().GetSeconds()};
    const double kiloBytesPerPacket = d.packetSize / 1000.0;
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        double bytes = 0;
        for (std::size_t f : classFlows[c])
        {
            const uint64_t rx = m_network.flows[f].packetSink->GetTotalRx();
            bytes += rx - m_rxAtLastSample[f];
            m_rxAtLastSample[f] = rx;
        }
        const double packetsPerSecond =
            bytes / d.GetSegmentSize() / m_seriesInterval.GetSeconds() / classFlows[c].size();
        point.push_back(packetsPerSecond * kiloBytesPerPacket);
    }
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        point.push_back(Backlog(l));
    }
    for (std::size_t c = 0; c < d.classes.size(); ++c)
    {
        double cwnd = 0;
        for (std::size_t f : classFlows[c])
        {
            cwnd += m_network.flows[f].app->GetLastCwnd();
        }
        point.push_back(cwnd / d.GetSegmentSize() / classFlows[c].size());
    }
    m_seriesTxBytes.resize(d.links.size(), 0);
    for (std::size_t l = 0; l < d.links.size(); ++l)
    {
        const TestbedNetwork::Link& link = m_network.links[l];
        const uint64_t bytes = link.queueDisc->GetStats().nTotalDequeuedBytes;
        const double bits = 8.0 * (bytes - m_seriesTxBytes[l]);
        m_seriesTxBytes[l] = bytes;
        point.push_back(bits / (link.rate.GetBitRate() * m_seriesInterval.GetSeconds()));
    }
    m_series.push_back(point);
    Simulator::Schedule(m_seriesInterval, &TestbedMonitor::SampleTimeSeries, this);
}

bool
TestbedMonitor::IsActive(std::size_t c, Time windowStart, Time windowStop) const
{
    const NetworkDescription& d = m_network.description;
    const NetworkDescription::ClassSpec& spec = d.classes[c];
    const bool started = spec.start + d.startJitter <= windowStart;
    const bool running = spec.stop.IsZero() || spec.stop >= windowStop;
    return started && running;
}

const TestbedMonitor::Period&
TestbedMonitor::CheckPeriod(std::size_t k, const std::string& what) const
{
    NS_ABORT_MSG_UNLESS(k < m_periods.size(),
                        "TestbedMonitor::" << what << ": period " << k
                                           << " out of range (there are " << m_periods.size()
                                           << " periods)");
    return m_periods[k];
}

std::size_t
TestbedMonitor::GetPeriodCount() const
{
    return m_periods.size();
}

std::pair<Time, Time>
TestbedMonitor::GetPeriodWindow(std::size_t k) const
{
    const Period& period = CheckPeriod(k, "GetPeriodWindow");
    return {period.start, period.stop};
}

Time
TestbedMonitor::GetPeriodStart(std::size_t k) const
{
    return CheckPeriod(k, "GetPeriodStart").begin;
}

bool
TestbedMonitor::IsClassActive(const std::string& className, std::size_t k) const
{
    const Period& period = CheckPeriod(k, "IsClassActive");
    return IsActive(m_network.GetClassIndex(className), period.start, period.stop);
}

bool
TestbedMonitor::IsClassActive(std::size_t c, std::size_t k) const
{
    const Period& period = CheckPeriod(k, "IsClassActive");
    return IsActive(c, period.start, period.stop);
}

TestbedMonitor::ClassMeasurement
TestbedMonitor::GetClassMeasurement(const std::string& className, std::size_t k) const
{
    m_network.CheckInstalled("GetClassMeasurement");
    return MeasureClass(CheckPeriod(k, "GetClassMeasurement"), m_network.GetClassIndex(className));
}

TestbedMonitor::ClassMeasurement
TestbedMonitor::MeasureClass(const Period& period, std::size_t c) const
{
    const NetworkDescription& d = m_network.description;
    const double window = (period.stop - period.start).GetSeconds();
    ClassMeasurement m{0, 0, 0, 0, std::numeric_limits<double>::quiet_NaN(), {}};
    std::size_t withRtt = 0;
    std::size_t withBaseRtt = 0;
    std::size_t withEstimate = 0;
    double estimate = 0;
    for (std::size_t f : m_network.classFlows[c])
    {
        const FlowTally& tally = period.flows[f];
        const double packets = double(tally.rxAtStop - tally.rxAtStart) / d.GetSegmentSize();
        m.flowRateKBps.push_back(packets / window * d.packetSize / 1000.0);
        m.rateKBps += m.flowRateKBps.back();
        m.cwndPackets += tally.samples ? tally.cwndSum / tally.samples : 0;
        if (tally.rttSamples > 0)
        {
            m.rttMs += 1000 * tally.rttSum / tally.rttSamples;
            ++withRtt;
        }
        if (tally.minRtt.IsStrictlyPositive())
        {
            m.baseRttMs += 1000 * tally.minRtt.GetSeconds();
            ++withBaseRtt;
        }
        if (tally.ccBaseRtt.IsStrictlyPositive())
        {
            estimate += 1000 * tally.ccBaseRtt.GetSeconds();
            ++withEstimate;
        }
    }
    const double n = m_network.classFlows[c].size();
    m.rateKBps /= n;
    m.cwndPackets /= n;
    m.rttMs = withRtt ? m.rttMs / withRtt : std::nan("");
    m.baseRttMs = withBaseRtt ? m.baseRttMs / withBaseRtt : std::nan("");
    m.estimatedBaseRttMs = withEstimate ? estimate / withEstimate : std::nan("");
    return m;
}

TestbedMonitor::LinkMeasurement
TestbedMonitor::GetLinkMeasurement(const std::string& name, std::size_t k) const
{
    m_network.CheckInstalled("GetLinkMeasurement");
    return MeasureLink(CheckPeriod(k, "GetLinkMeasurement"), m_network.GetLinkDirection(name));
}

TestbedMonitor::LinkMeasurement
TestbedMonitor::MeasureLink(const Period& period, std::size_t l) const
{
    const LinkTally& tally = period.links[l];
    const double window = (period.stop - period.start).GetSeconds();
    LinkMeasurement m;
    m.backlogPackets = tally.samples ? tally.backlogSum / tally.samples : 0;
    m.utilization = 8.0 * (tally.txBytesAtStop - tally.txBytesAtStart) /
                    (m_network.links[l].rate.GetBitRate() * window);
    m.drops = tally.dropsAtStop - tally.dropsAtStart;
    return m;
}

const std::vector<std::vector<double>>&
TestbedMonitor::GetTimeSeries() const
{
    return m_series;
}

TestbedMonitor::ClassMeasurement
TestbedMonitor::GetClassMeasurement(const std::string& className) const
{
    m_network.CheckInstalled("GetClassMeasurement");
    CheckWindow("GetClassMeasurement");
    return MeasureClass(m_window, m_network.GetClassIndex(className));
}

TestbedMonitor::LinkMeasurement
TestbedMonitor::GetLinkMeasurement(const std::string& name) const
{
    m_network.CheckInstalled("GetLinkMeasurement");
    CheckWindow("GetLinkMeasurement");
    const std::size_t l = m_network.GetLinkDirection(name);
    LinkMeasurement m = MeasureLink(m_window, l);
    m.drops = GetRunDrops(l); // the whole run
    return m;
}

void
TestbedMonitor::CheckWindow(const std::string& what) const
{
    NS_ABORT_MSG_IF(m_windowStop.IsZero(),
                    "TestbedMonitor::" << what
                                       << ": no measurement window (SetMeasurementWindow); "
                                          "with periods, pass the period index");
}

std::array<uint64_t, TestbedMonitor::SHORT_COUNTERS>
TestbedMonitor::ShortCounters(Ptr<ShortFlowApplication> app)
{
    return {app->GetArrivals(),
            app->GetArrivedBytes(),
            app->GetCompletedFlows(),
            app->GetCompletedBytes(),
            app->GetCompletedPages(),
            static_cast<uint64_t>(app->GetCompletionTimeSum().GetNanoSeconds())};
}

TestbedMonitor::ShortFlowMeasurement
TestbedMonitor::GetShortFlowMeasurement(const std::string& className) const
{
    m_network.CheckInstalled("GetShortFlowMeasurement");
    CheckWindow("GetShortFlowMeasurement");
    return MeasureShortFlows(className, m_window);
}

TestbedMonitor::ShortFlowMeasurement
TestbedMonitor::GetShortFlowMeasurement(const std::string& className, std::size_t period) const
{
    m_network.CheckInstalled("GetShortFlowMeasurement");
    NS_ABORT_MSG_UNLESS(period < m_periods.size(),
                        "TestbedMonitor::GetShortFlowMeasurement: period " << period << " of "
                                                                           << m_periods.size());
    return MeasureShortFlows(className, m_periods[period]);
}

TestbedMonitor::ShortFlowMeasurement
TestbedMonitor::MeasureShortFlows(const std::string& className, const Period& window) const
{
    const NetworkDescription& d = m_network.description;
    const std::size_t c = m_network.GetClassIndex(className);
    NS_ABORT_MSG_IF(d.classes[c].traffic == NetworkDescription::Traffic::PERSISTENT,
                    "TestbedMonitor::GetShortFlowMeasurement: class '"
                        << className << "' has persistent flows (traffic=persistent)");
    // Each counter's increase over the window, summed over the class' hosts.
    std::array<uint64_t, SHORT_COUNTERS> sum{};
    for (std::size_t h : m_network.classShortHosts[c])
    {
        const std::array<uint64_t, 2 * SHORT_COUNTERS>& t = window.shorts[h];
        for (std::size_t k = 0; k < SHORT_COUNTERS; ++k)
        {
            sum[k] += t[SHORT_COUNTERS + k] - t[k];
        }
    }
    const double seconds = (window.stop - window.start).GetSeconds();
    ShortFlowMeasurement m;
    m.arrivals = sum[0];
    m.arrivalRate = sum[0] / seconds;
    m.meanSizePackets =
        sum[0] ? static_cast<double>(sum[1]) / sum[0] / d.GetSegmentSize() : std::nan("");
    m.completed = sum[2];
    m.completedRate = sum[2] / seconds;
    m.completedBytes = sum[3];
    m.pages = sum[4];
    m.meanCompletionMs = sum[2] ? sum[5] / 1e6 / sum[2] : std::nan("");
    return m;
}

Time
TestbedMonitor::GetFlowMinRtt(std::size_t f) const
{
    if (DistributedRun::IsDistributed())
    {
        return m_runMinRtt[f];
    }
    const TestbedNetwork::Flow& flow = m_network.flows[f];
    return flow.app->GetRttSamples() > 0 ? flow.app->GetMinRtt() : Time(0);
}

Time
TestbedMonitor::GetPeriodMinRtt(std::size_t period, std::size_t f) const
{
    return CheckPeriod(period, "GetPeriodMinRtt").flows[f].minRtt;
}

uint64_t
TestbedMonitor::GetRunDrops(std::size_t l) const
{
    return DistributedRun::IsDistributed()
               ? m_runDrops[l]
               : m_network.links[l].queueDisc->GetStats().nTotalDroppedPackets;
}

void
TestbedMonitor::SumOverRanks()
{
    if (!DistributedRun::IsDistributed())
    {
        return;
    }
    // Each rank measured what its own nodes saw: another rank's applications stayed idle here
    // and its queue discs empty, so that their figures are zero. Summing every tally over the
    // ranks gives each rank the whole network's.
    for (std::size_t f = 0; f < m_network.flows.size(); ++f)
    {
        const TestbedNetwork::Flow& flow = m_network.flows[f];
        m_runMinRtt[f] = flow.app->GetRttSamples() > 0 ? flow.app->GetMinRtt() : Time(0);
    }
    for (std::size_t l = 0; l < m_network.links.size(); ++l)
    {
        m_runDrops[l] = m_network.links[l].queueDisc->GetStats().nTotalDroppedPackets;
    }
    TallyPacker packer;
    PackTallies(packer);
    DistributedRun::SumOverRanks(packer.values);
    packer.unpack = true;
    PackTallies(packer);
}

void
TestbedMonitor::TallyPacker::operator()(double& x)
{
    if (unpack)
    {
        x = values.at(next++);
    }
    else
    {
        values.push_back(x);
    }
}

void
TestbedMonitor::TallyPacker::operator()(uint64_t& x)
{
    double value = static_cast<double>(x);
    (*this)(value);
    x = static_cast<uint64_t>(std::llround(value));
}

void
TestbedMonitor::TallyPacker::operator()(Time& t)
{
    double value = static_cast<double>(t.GetTimeStep());
    (*this)(value);
    t = TimeStep(std::llround(value));
}

void
TestbedMonitor::PackTallies(TallyPacker& packer)
{
    std::vector<Period*> windows{&m_window};
    for (Period& period : m_periods)
    {
        windows.push_back(&period);
    }
    for (Period* period : windows)
    {
        for (FlowTally& t : period->flows)
        {
            for (uint64_t* x : {&t.rxAtStart, &t.rxAtStop})
            {
                packer(*x);
            }
            packer(t.cwndSum);
            packer(t.rttSum);
            packer(t.samples);
            packer(t.rttSamples);
            packer(t.minRtt);
            packer(t.ccBaseRtt);
        }
        for (LinkTally& t : period->links)
        {
            packer(t.backlogSum);
            for (uint64_t* x :
                 {&t.samples, &t.txBytesAtStart, &t.txBytesAtStop, &t.dropsAtStart, &t.dropsAtStop})
            {
                packer(*x);
            }
        }
        for (std::array<uint64_t, 2 * SHORT_COUNTERS>& counters : period->shorts)
        {
            for (uint64_t& counter : counters)
            {
                packer(counter);
            }
        }
    }
    for (std::vector<double>& point : m_series)
    {
        for (std::size_t i = 1; i < point.size(); ++i) // [0] is the time, the same on every rank
        {
            packer(point[i]);
        }
    }
    for (LinkSample& sample : m_linkSamples) // but its time, the same on every rank
    {
        for (double* x : {&sample.backlog,
                          &sample.txBytes,
                          &sample.arrivals,
                          &sample.drops,
                          &sample.marks,
                          &sample.goodputBytes,
                          &sample.shortArrived,
                          &sample.shortCompleted})
        {
            packer(*x);
        }
        for (double& trace : sample.traces)
        {
            packer(trace);
        }
    }
    for (Time& t : m_runMinRtt)
    {
        packer(t);
    }
    for (uint64_t& drops : m_runDrops)
    {
        packer(drops);
    }
}

} // namespace ns3
