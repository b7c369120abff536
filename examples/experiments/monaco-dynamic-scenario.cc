/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "monaco-dynamic-scenario.h"

#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/duality-model.h"
#include "ns3/dumbbell-description.h"
#include "ns3/network-helper.h"
#include "ns3/queue-size.h"
#include "ns3/testbed-report.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

const std::vector<std::string> MonacoDynamicScenario::AVD_TRACES{"VirtualQueue",
                                                                 "VirtualDelay",
                                                                 "VirtualCapacity"};

MonacoDynamicScenario::MonacoDynamicScenario()
    : PhasedScenario("monaco-dynamic",
                     "Monaco paper §V-A (Figs 6-7): three sets of Monaco flows come and go on a "
                     "30 Mb/s bottleneck; per-phase model (weighted PF, queue a* per flow) vs "
                     "simulation.",
                     Seconds(50),
                     Seconds(5))
{
    EnableFluid();
}

void
MonacoDynamicScenario::AddOptions(StrictCommandLine& cmd)
{
    PhasedScenario::AddOptions(cmd);
    cmd.AddValue("buffer",
                 "Bottleneck data buffer, packets (paper: 90, and 55 for the run with loss)",
                 m_buffer);
    cmd.AddValue("aqm",
                 "The bottleneck's discipline: droptail (the priority queue with a FIFO data "
                 "band), avd (the priority queue with an ns3::AvdQueueDisc data band: the "
                 "paper's third run, Fig. 8) or avd-fifo (an ns3::AvdQueueDisc alone)",
                 m_aqm);
    cmd.AddValue("gamma",
                 "With --aqm=avd or avd-fifo: the AVD disc's DesiredUtilization, in (0, 1] (paper: "
                 "0.98)",
                 m_gamma);
}

NetworkDescription
MonacoDynamicScenario::DescribeNetwork(uint32_t buffer, const std::string& aqm, double gamma)
{
    if (aqm != "droptail" && aqm != "avd" && aqm != "avd-fifo")
    {
        throw std::invalid_argument("--aqm=" + aqm + ": unknown; valid: droptail, avd, avd-fifo");
    }
    if (buffer < 1)
    {
        throw std::invalid_argument("--buffer=0: no room for a packet; valid: >= 1 packets");
    }
    // droptail: the priority queue with a FIFO of `buffer` packets as its data band; avd: an AVD
    // disc with the same physical buffer as its data band (a child disc is not attached to the
    // device: its LinkBandwidth is the bottleneck's rate); avd-fifo: an AVD disc alone.
    DumbbellDescription::Parameters p;
    p.accessRate = DataRate("10Mbps");
    p.startJitter = MilliSeconds(10);
    p.rate = DataRate(BOTTLENECK_RATE);
    p.delay = MilliSeconds(2);
    p.queue.type = aqm == "avd-fifo" ? "ns3::AvdQueueDisc" : "ns3::PriorityObQueueDisc";
    if (aqm == "avd")
    {
        NetworkDescription::QueueDiscSpec avd;
        avd.type = "ns3::AvdQueueDisc";
        avd.Set("MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, buffer)))
            .Set("LinkBandwidth", DataRateValue(DataRate(BOTTLENECK_RATE)))
            .Set("DesiredUtilization", DoubleValue(gamma));
        p.queue.classes.push_back(avd);
    }
    else
    {
        p.bufferPackets = buffer;
    }
    if (aqm == "avd-fifo")
    {
        p.queue.Set("DesiredUtilization", DoubleValue(gamma));
    }
    NetworkDescription d = DumbbellDescription::Create(p);

    // One-way propagation delays 4, 9, 14 ms: round trips 8, 18, 28 ms (the source access
    // delay makes up the difference to 1 + 2 + 1 ms).
    const struct
    {
        const char* name;
        uint32_t flows;
        int64_t rttMs;
        int64_t startS;
    } sets[] = {{"set1", 10, 8, 0}, {"set2", 5, 18, 10}, {"set3", 5, 28, LAST_START_S}};

    for (const auto& set : sets)
    {
        NetworkDescription::ClassSpec& c = DumbbellDescription::AddClass(d,
                                                                         set.name,
                                                                         set.flows,
                                                                         MilliSeconds(set.rttMs),
                                                                         Seconds(set.startS));
        c.stop = Seconds(set.startS + 30);
        c.tcp = "ns3::TcpMonaco";
    }
    d.Validate();
    return d;
}

NetworkDescription
MonacoDynamicScenario::Describe(std::size_t /* run */) const
{
    return DescribeNetwork(m_buffer, m_aqm, m_gamma);
}

void
MonacoDynamicScenario::Configure(NetworkHelper& helper, std::size_t /* run */)
{
    if (m_aqm != "droptail")
    {
        helper.GetMonitor().EnableLinkSamples("bottleneck",
                                              MilliSeconds(AVD_SAMPLE_MS),
                                              AVD_TRACES);
    }
}

void
MonacoDynamicScenario::AddRows(ComparisonTable& table,
                               const NetworkHelper& helper,
                               const TestbedReport::PeriodModels& models,
                               std::size_t /* run */)
{
    if (m_aqm == "droptail")
    {
        return;
    }
    for (std::size_t k = 0; k < helper.GetMonitor().GetPeriodCount(); ++k)
    {
        const AvdPhase phase = MeasureAvdPhase(helper, k);
        const std::string entity = "bottleneck " + TestbedReport::GetPeriodLabel(models[k]);
        table.Add("virtual queue (pkts)", entity, phase.modelVirtualQueue, phase.virtualQueue);
        table.Add("virtual delay (ms)",
                  entity,
                  1000 * phase.modelVirtualDelay,
                  1000 * phase.virtualDelay);
        table.Add("virtual capacity (C~/C)",
                  entity,
                  phase.modelVirtualCapacity,
                  phase.virtualCapacity);
    }
}

MonacoDynamicScenario::AvdPhase
MonacoDynamicScenario::MeasureAvdPhase(const NetworkHelper& helper, std::size_t period)
{
    AvdPhase phase;
    const DualityModel model = helper.GetModelBuilder().BuildPeriodModel(period);
    const std::size_t link = model.GetLinkIndex("bottleneck");
    if (!model.GetSources().empty())
    {
        // The model's price is the virtual delay; the virtual queue holds it at the virtual
        // capacity gamma C (the model's capacity): price x capacity = sum a* at equilibrium.
        const DualityModel::Solution solution = model.Solve();
        phase.modelVirtualDelay = solution.links[link].price;
        // The model's capacity, packets/s, is gamma C: C~ settles there.
        phase.modelVirtualCapacity = model.GetLinks()[link].capacity * 8.0 *
                                     helper.GetDescription().packetSize /
                                     DataRate(BOTTLENECK_RATE).GetBitRate();
        phase.modelVirtualQueue = solution.links[link].price * model.GetLinks()[link].capacity;
    }
    const std::pair<Time, Time> window = helper.GetMonitor().GetPeriodWindow(period);
    const TestbedMonitor::WindowMeasurement m =
        helper.GetMonitor().MeasureWindow(window.first, window.second);
    // VQ counts IPv4 bytes: a data packet holds packetSize - 2 (PPP) of them.
    const double bytesPerPacket = helper.GetDescription().packetSize - 2.0;
    phase.virtualQueue = m.traceMeans[0] / bytesPerPacket;
    phase.virtualDelay = m.traceMeans[1];
    // C~ in IPv4 bytes/s over C in bytes/s on the wire.
    phase.virtualCapacity = 8 * m.traceMeans[2] / DataRate(BOTTLENECK_RATE).GetBitRate();
    return phase;
}

std::string
MonacoDynamicScenario::GetTitle(std::size_t /* run */) const
{
    return "Monaco, dynamic demands (paper §V-A): 30 Mb/s bottleneck, buffer " +
           std::to_string(m_buffer) + " packets, " +
           (m_aqm == "droptail" ? m_aqm
                                : m_aqm + " (gamma " + std::to_string(m_gamma).substr(0, 5) + ")");
}

void
MonacoDynamicScenario::Check()
{
    // Before the networks are described (their classes would be blamed for --duration).
    Require(GetDuration() > Seconds(LAST_START_S),
            "duration",
            GetDuration().As(Time::S),
            "not after the last set's start (set3 at " + std::to_string(LAST_START_S) + " s)",
            "> " + std::to_string(LAST_START_S) + " s");
    PhasedScenario::Check();
    Require(m_aqm != "droptail" || !(IsOptionGiven("gamma") || m_gamma != AVD_GAMMA),
            "gamma",
            m_gamma,
            "no effect with --aqm=droptail (no AVD disc)",
            "leave it out, or --aqm=avd or --aqm=avd-fifo");
}

std::vector<OwnedAttributes::Entry>
MonacoDynamicScenario::GetOwnedAttributes() const
{
    return {{"ns3::AvdQueueDisc::MaxSize", "--buffer"},
            {"ns3::AvdQueueDisc::LinkBandwidth", "nothing: the bottleneck's 30 Mb/s"},
            {"ns3::AvdQueueDisc::DesiredUtilization", "--gamma"},
            {"ns3::PriorityObQueueDisc::MaxSize", "--buffer"}};
}

} // namespace ns3
