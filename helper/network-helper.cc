/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-helper.h"

#include "ns3/abort.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/show-progress.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <iostream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetworkHelper");

NetworkHelper::NetworkHelper(NetworkDescription description)
    : m_network(std::move(description)),
      m_builder(m_network),
      m_monitor(m_network),
      m_modelBuilder(m_network, m_monitor),
      m_report(m_network, m_monitor, m_modelBuilder)
{
    m_tcpDefaults.segmentSize = m_network.description.GetSegmentSize();
}

NetworkHelper::~NetworkHelper() = default;

const NetworkDescription&
NetworkHelper::GetDescription() const
{
    return m_network.description;
}

const TestbedNetwork&
NetworkHelper::GetNetwork() const
{
    return m_network;
}

TestbedBuilder&
NetworkHelper::GetBuilder()
{
    return m_builder;
}

TestbedMonitor&
NetworkHelper::GetMonitor()
{
    return m_monitor;
}

const TestbedMonitor&
NetworkHelper::GetMonitor() const
{
    return m_monitor;
}

const TestbedModelBuilder&
NetworkHelper::GetModelBuilder() const
{
    return m_modelBuilder;
}

const TestbedReport&
NetworkHelper::GetReport() const
{
    return m_report;
}

TcpDefaults&
NetworkHelper::GetTcpDefaults()
{
    NS_ABORT_MSG_IF(m_network.installed, "NetworkHelper: change the TCP defaults before Install()");
    return m_tcpDefaults;
}

void
NetworkHelper::CheckInstalled(const std::string& what) const
{
    m_network.CheckInstalled(what);
}

void
NetworkHelper::Install()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_network.installed, "NetworkHelper::Install called twice");
    m_monitor.CheckStarts();
    m_tcpDefaults.Apply();
    m_builder.Install();
    m_monitor.Install();
}

void
NetworkHelper::Run(Time stop, bool showProgress)
{
    CheckInstalled("Run");
    NS_ABORT_MSG_IF(stop < m_monitor.GetWindow().second,
                    "NetworkHelper::Run: the simulation must last to the measurement window's end");
    // The configured scheduler (ScenarioRunner::ChooseScheduler()), even if the simulator was
    // made before it was configured; events run in the same (time, insertion) order whatever
    // the scheduler.
    StringValue scheduler;
    GlobalValue::GetValueByName("SchedulerType", scheduler);
    Simulator::SetScheduler(ObjectFactory(scheduler.Get()));
    // With link samples, one more time step so that the sample at exactly `stop` is taken.
    Simulator::Stop(m_monitor.HasLinkSamples() ? stop + TimeStep(1) : stop);
    StartTracing();
    if (showProgress)
    {
        ShowProgress progress(Seconds(5), std::cerr);
        Simulator::Run();
    }
    else
    {
        Simulator::Run();
    }
    m_monitor.SumOverRanks();
    StopTracing();
}

// The parts' methods, for the scenarios and tests written against NetworkHelper.

void
NetworkHelper::SetMeasurementWindow(Time start, Time stop)
{
    m_monitor.SetMeasurementWindow(start, stop);
}

void
NetworkHelper::SetMeasurementPeriods(const std::vector<Time>& boundaries, Time settling)
{
    m_monitor.SetMeasurementPeriods(boundaries, settling);
}

std::vector<Time>
NetworkHelper::GetStartBoundaries(const NetworkDescription& description, Time stop)
{
    return TestbedMonitor::GetStartBoundaries(description, stop);
}

std::vector<Time>
NetworkHelper::GetPhaseBoundaries(const NetworkDescription& description, Time stop)
{
    return TestbedMonitor::GetPhaseBoundaries(description, stop);
}

void
NetworkHelper::SetSamplingInterval(Time interval)
{
    m_monitor.SetSamplingInterval(interval);
}

void
NetworkHelper::SetEarlyConnection(bool early)
{
    m_builder.SetEarlyConnection(early);
}

void
NetworkHelper::SetBacklogInBytes(bool bytes)
{
    m_monitor.SetBacklogInBytes(bytes);
}

void
NetworkHelper::EnableTimeSeries(Time interval)
{
    m_monitor.EnableTimeSeries(interval);
}

void
NetworkHelper::EnableLinkSamples(const std::string& link,
                                 Time interval,
                                 const std::vector<std::string>& traces)
{
    m_monitor.EnableLinkSamples(link, interval, traces);
}

const std::vector<NetworkHelper::LinkSample>&
NetworkHelper::GetLinkSamples() const
{
    return m_monitor.GetLinkSamples();
}

NetworkHelper::WindowMeasurement
NetworkHelper::MeasureWindow(Time from, Time to) const
{
    return m_monitor.MeasureWindow(from, to);
}

int64_t
NetworkHelper::AssignStreams(int64_t stream)
{
    return m_builder.AssignStreams(stream);
}

NodeContainer
NetworkHelper::GetRouters() const
{
    CheckInstalled("GetRouters");
    return m_network.routers;
}

NetDeviceContainer
NetworkHelper::GetLinkDevices(const std::string& link) const
{
    CheckInstalled("GetLinkDevices");
    return m_network.links[m_network.GetLinkDirection(link)].devices;
}

Ptr<QueueDisc>
NetworkHelper::GetQueueDisc(const std::string& link) const
{
    CheckInstalled("GetQueueDisc");
    return m_network.links[m_network.GetLinkDirection(link)].queueDisc;
}

std::vector<Ptr<PersistentFlowApplication>>
NetworkHelper::GetSources(const std::string& className) const
{
    CheckInstalled("GetSources");
    std::vector<Ptr<PersistentFlowApplication>> apps;
    for (std::size_t f : m_network.classFlows[m_network.GetClassIndex(className)])
    {
        apps.push_back(m_network.flows[f].app);
    }
    return apps;
}

std::vector<Ptr<ShortFlowApplication>>
NetworkHelper::GetShortFlowSources(const std::string& className) const
{
    CheckInstalled("GetShortFlowSources");
    std::vector<Ptr<ShortFlowApplication>> apps;
    for (std::size_t h : m_network.classShortHosts[m_network.GetClassIndex(className)])
    {
        apps.push_back(m_network.shortHosts[h].app);
    }
    return apps;
}

std::vector<Time>
NetworkHelper::GetPropagationRtts(const std::string& className) const
{
    CheckInstalled("GetPropagationRtts");
    std::vector<Time> rtts;
    for (std::size_t f : m_network.classFlows[m_network.GetClassIndex(className)])
    {
        rtts.push_back(m_network.flows[f].propagationRtt);
    }
    return rtts;
}

DualityModel
NetworkHelper::BuildModel(bool withMeasuredBaseRtt) const
{
    return m_modelBuilder.BuildModel(withMeasuredBaseRtt);
}

DualityModel
NetworkHelper::BuildPeriodModel(std::size_t period, bool withMeasuredBaseRtt) const
{
    return m_modelBuilder.BuildPeriodModel(period, withMeasuredBaseRtt);
}

NetworkHelper::ClassMeasurement
NetworkHelper::GetClassMeasurement(const std::string& className) const
{
    return m_monitor.GetClassMeasurement(className);
}

NetworkHelper::ShortFlowMeasurement
NetworkHelper::GetShortFlowMeasurement(const std::string& className) const
{
    return m_monitor.GetShortFlowMeasurement(className);
}

NetworkHelper::ShortFlowMeasurement
NetworkHelper::GetShortFlowMeasurement(const std::string& className, std::size_t period) const
{
    return m_monitor.GetShortFlowMeasurement(className, period);
}

NetworkHelper::LinkMeasurement
NetworkHelper::GetLinkMeasurement(const std::string& link) const
{
    return m_monitor.GetLinkMeasurement(link);
}

std::size_t
NetworkHelper::GetPeriodCount() const
{
    return m_monitor.GetPeriodCount();
}

std::pair<Time, Time>
NetworkHelper::GetPeriodWindow(std::size_t period) const
{
    return m_monitor.GetPeriodWindow(period);
}

Time
NetworkHelper::GetPeriodStart(std::size_t period) const
{
    return m_monitor.GetPeriodStart(period);
}

bool
NetworkHelper::IsClassActive(const std::string& className, std::size_t period) const
{
    return m_monitor.IsClassActive(className, period);
}

NetworkHelper::ClassMeasurement
NetworkHelper::GetClassMeasurement(const std::string& className, std::size_t period) const
{
    return m_monitor.GetClassMeasurement(className, period);
}

NetworkHelper::LinkMeasurement
NetworkHelper::GetLinkMeasurement(const std::string& link, std::size_t period) const
{
    return m_monitor.GetLinkMeasurement(link, period);
}

const std::vector<std::vector<double>>&
NetworkHelper::GetTimeSeries() const
{
    return m_monitor.GetTimeSeries();
}

ComparisonTable
NetworkHelper::Compare(const std::string& title) const
{
    return m_report.Compare(title);
}

PlotWriter::Points
NetworkHelper::GetTimeSeriesMeans(std::size_t column, Time interval) const
{
    return m_report.GetTimeSeriesMeans(column, interval);
}

bool
NetworkHelper::WritePlot(const std::string& prefix,
                         const std::string& title,
                         std::ostream& os) const
{
    return m_report.WritePlot(prefix, title, os);
}

namespace
{
/// SetTracing()'s settings.
NetworkHelper::Tracing g_tracing;
/// SetTracingIndex()'s index (-1: none).
int g_tracingIndex = -1;
/// Run()s traced since the last SetTracingIndex().
int g_tracedRuns = 0;

/// The suffix of the files of the Run() being traced: "", "-<index>" or "-<index>.<run>".
std::string
GetTracingSuffix()
{
    std::string suffix;
    if (g_tracingIndex >= 0)
    {
        suffix = "-" + std::to_string(g_tracingIndex);
    }
    if (g_tracedRuns > 1)
    {
        suffix += (g_tracingIndex >= 0 ? "." : "-") + std::to_string(g_tracedRuns);
    }
    return suffix;
}
} // namespace

void
NetworkHelper::SetTracing(const Tracing& tracing)
{
    g_tracing = tracing;
    g_tracedRuns = 0;
}

void
NetworkHelper::SetTracingIndex(int index)
{
    g_tracingIndex = index;
    g_tracedRuns = 0;
}

void
NetworkHelper::StartTracing()
{
    NS_LOG_FUNCTION(this);
    CheckInstalled("StartTracing");
    if (g_tracing.pcapLink.empty() && g_tracing.flowmonFile.empty())
    {
        return;
    }
    ++g_tracedRuns;
    const std::string suffix = GetTracingSuffix();
    if (!g_tracing.pcapLink.empty())
    {
        const bool all = g_tracing.pcapLink == "all";
        std::string valid = "all";
        bool found = all;
        for (const NetworkDescription::LinkSpec& spec : m_network.description.links)
        {
            valid += ", " + spec.name;
            found = found || spec.name == g_tracing.pcapLink;
        }
        if (!found)
        {
            throw std::invalid_argument("--pcap=" + g_tracing.pcapLink +
                                        ": no such link; valid: " + valid);
        }
        PointToPointHelper p2p;
        for (const TestbedNetwork::Link& link : m_network.links)
        {
            if (!link.reverse && (all || link.name == g_tracing.pcapLink))
            {
                // Both ends: <prefix>-<link>-<node id>-<device index>.pcap.
                p2p.EnablePcap(g_tracing.pcapPrefix + suffix + "-" + link.name, link.devices);
            }
        }
    }
    if (!g_tracing.flowmonFile.empty())
    {
        m_flowMonitor = std::make_shared<FlowMonitorHelper>();
        m_flowMonitor->InstallAll();
    }
}

void
NetworkHelper::StopTracing()
{
    NS_LOG_FUNCTION(this);
    if (!m_flowMonitor || g_tracing.flowmonFile.empty())
    {
        return;
    }
    std::string path = g_tracing.flowmonFile;
    const std::string suffix = GetTracingSuffix();
    const std::size_t slash = path.find_last_of('/');
    const std::size_t dot = path.find_last_of('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
    {
        path.insert(dot, suffix);
    }
    else
    {
        path += suffix;
    }
    m_flowMonitor->GetMonitor()->CheckForLostPackets();
    m_flowMonitor->SerializeToXmlFile(path, true, true);
}

} // namespace ns3
