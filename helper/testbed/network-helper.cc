/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "network-helper.h"

#include "distributed-run.h"
#include "owned-attributes.h"

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

namespace
{

/// SetCommandLine()'s arguments.
std::vector<std::string> g_commandLine;

/**
 * Throw std::invalid_argument if the command line sets an attribute of \p typeName (or of one of
 * its parents) that \p attributes set too.
 * \param who the class or link, for the message ("file:3: class 'c'")
 * \param prefix the description's field prefix ("tcp." or "queue.")
 * \param typeName the TypeId the attributes belong to
 * \param attributes the description's attributes
 */
void
RefuseReplaced(const std::string& who,
               const std::string& prefix,
               const std::string& typeName,
               const NetworkDescription::Attributes& attributes)
{
    TypeId tid;
    if (g_commandLine.empty() || !TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        return;
    }
    for (const auto& [name, value] : attributes)
    {
        for (TypeId t = tid; t != Object::GetTypeId() && t != t.GetParent(); t = t.GetParent())
        {
            const std::string full = t.GetName() + "::" + name;
            std::string given;
            if (OwnedAttributes::IsGiven(g_commandLine, full, given))
            {
                throw std::invalid_argument(
                    who + ": " + prefix + name + "=" +
                    NetworkDescription::GetAttributeText(typeName, name, *value) +
                    " would silently replace --" + full + "=" + given + "; valid: give " + name +
                    " in one place (leave out --" + full + ", or " + prefix + name +
                    "= in the topology)");
            }
        }
    }
}

/**
 * RefuseReplaced() for a queue disc tree.
 * \param who the link \param prefix "queue." or "reverseQueue." \param q its queue disc
 */
void
RefuseReplacedQueue(const std::string& who,
                    const std::string& prefix,
                    const NetworkDescription::QueueDiscSpec& q)
{
    RefuseReplaced(who, prefix, q.type, q.attributes);
    for (std::size_t k = 0; k < q.classes.size(); ++k)
    {
        RefuseReplacedQueue(who, prefix + "class" + std::to_string(k + 1) + ".", q.classes[k]);
    }
}

} // namespace

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
    for (const NetworkDescription::ClassSpec& c : m_network.description.classes)
    {
        RefuseReplaced(NetworkDescription::GetLocation(c), "tcp.", c.tcp, c.tcpAttributes);
    }
    for (const NetworkDescription::LinkSpec& link : m_network.description.links)
    {
        RefuseReplacedQueue(NetworkDescription::GetLocation(link), "queue.", link.GetQueue());
        RefuseReplacedQueue(NetworkDescription::GetLocation(link),
                            "reverseQueue.",
                            link.reverseQueue);
    }
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
    DistributedRun::StartRankProfile();
    if (showProgress)
    {
        ShowProgress progress(Seconds(5), std::cerr);
        Simulator::Run();
    }
    else
    {
        Simulator::Run();
    }
    DistributedRun::ReportRankProfile(std::cerr);
    m_monitor.SumOverRanks();
    StopTracing();
}

namespace
{
/// SetTracing()'s settings.
NetworkHelper::Tracing g_tracing;
/// SetTracingIndex()'s index (-1: none).
int g_tracingIndex = -1;
/// Run()s traced since the last SetTracingIndex().
int g_tracedRuns = 0;
/// SetCheckOnly()'s setting.
bool g_checkOnly = false;

/**
 * Throw std::invalid_argument "--pcap=<link>: no such link; valid: all, <links>" unless
 * \p link is "all" or one of \p description's links.
 * \param link the --pcap link
 * \param description the network
 */
void
CheckPcapLink(const std::string& link, const NetworkDescription& description)
{
    std::string valid = "all";
    bool found = link == "all";
    for (const NetworkDescription::LinkSpec& spec : description.links)
    {
        valid += ", " + spec.name;
        found = found || spec.name == link;
    }
    if (!found)
    {
        throw std::invalid_argument("--pcap=" + link + ": no such link; valid: " + valid);
    }
}

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
NetworkHelper::SetCommandLine(const std::vector<std::string>& args)
{
    g_commandLine = args;
}

void
NetworkHelper::SetCheckOnly(bool checkOnly)
{
    g_checkOnly = checkOnly;
}

void
NetworkHelper::StartTracing()
{
    NS_LOG_FUNCTION(this);
    CheckInstalled("StartTracing");
    if (!g_tracing.pcapLink.empty())
    {
        CheckPcapLink(g_tracing.pcapLink, m_network.description);
    }
    if (g_checkOnly)
    {
        throw CheckedOnly();
    }
    if (g_tracing.pcapLink.empty() && g_tracing.flowmonFile.empty())
    {
        return;
    }
    ++g_tracedRuns;
    const std::string suffix = GetTracingSuffix();
    if (!g_tracing.pcapLink.empty())
    {
        const bool all = g_tracing.pcapLink == "all";
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
