/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vegas-equilibrium-scenario.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/command-line.h"
#include "ns3/plot-writer.h"
#include "ns3/type-id.h"

#include <sstream>

namespace ns3
{

VegasEquilibriumScenario::VegasEquilibriumScenario(Texts texts)
    : EquilibriumScenario("vegas-" + texts.network, texts.usage),
      m_texts(std::move(texts))
{
}

void
VegasEquilibriumScenario::ApplyOptions(NetworkParameters& p, DataRate& rate) const
{
    const Options& o = m_options;
    p.flowsPerClass = o.flowsPerClass;
    rate = o.rate;
    p.tcp = o.tcp;
    p.alpha = o.alpha;
    p.beta = o.alpha;
    p.alphaTimeUnit = o.fairness == "wpf" ? o.alphaTimeUnit : Time(0);
    p.startJitter = o.startJitter;
}

NetworkDescription
VegasEquilibriumScenario::DescribeNetwork(const NetworkParameters& p,
                                          const std::vector<LinkEnds>& links,
                                          DataRate rate,
                                          Time delay,
                                          const std::vector<std::vector<std::string>>& routes,
                                          const std::vector<Time>& rtts)
{
    NS_ABORT_MSG_UNLESS(rtts.size() == routes.size(),
                        "VegasEquilibriumScenario: one RTT per class (route) is needed");
    NetworkDescription d;
    d.packetSize = p.packetSize;
    d.accessRate = p.accessRate;
    d.startJitter = p.startJitter;
    for (const LinkEnds& ends : links)
    {
        NetworkDescription::LinkSpec link;
        link.name = ends[0];
        link.from = ends[1];
        link.to = ends[2];
        link.rate = rate;
        link.delay = delay;
        link.bufferPackets = p.bufferPackets;
        link.queueDisc = p.queueDisc;
        d.links.push_back(link);
    }
    for (std::size_t k = 0; k < routes.size(); ++k)
    {
        NetworkDescription::ClassSpec c;
        c.name = std::to_string(k + 1) + "a";
        c.flows = p.flowsPerClass;
        c.route = routes[k];
        c.rtt = rtts[k];
        c.tcp = p.tcp;
        c.SetTcpKeyword("alpha", p.alpha).SetTcpKeyword("beta", p.beta);
        if (!p.alphaTimeUnit.IsZero())
        {
            c.SetTcpKeyword("alphaUnit", p.alphaTimeUnit);
        }
        d.classes.push_back(c);
    }
    d.Validate();
    return d;
}

void
VegasEquilibriumScenario::AddOptions(StrictCommandLine& cmd)
{
    Options& o = m_options;
    cmd.AddValue("fairness",
                 "pf: alpha packets per RTT (Table " + m_texts.pfTable +
                     "); wpf: alpha packets per alphaTimeUnit (Table " + m_texts.wpfTable + ")",
                 o.fairness);
    cmd.AddValue("flowsPerClass",
                 "Flows in each of the " + m_texts.classes + " classes (paper: 50)",
                 o.flowsPerClass);
    cmd.AddValue("bottleneck", m_texts.rateHelp, o.rate);
    cmd.AddValue("tcp", "Congestion control TypeId (ns3::TcpDualVegas, ns3::TcpVegas, ...)", o.tcp);
    cmd.AddValue("alpha", "Vegas alpha = beta, packets (> 0)", o.alpha);
    cmd.AddValue("alphaTimeUnit", "With --fairness=wpf: alpha's time unit", o.alphaTimeUnit);
    cmd.AddValue("startJitter",
                 "Flows start uniformly in [0, startJitter] (late starters include the queue in "
                 "their baseRTT)",
                 o.startJitter);
    AddFluidOptions(cmd);
}

void
VegasEquilibriumScenario::Check()
{
    Require(m_options.fairness == "pf" || m_options.fairness == "wpf",
            "fairness",
            m_options.fairness,
            "no such fairness",
            "pf or wpf");
    TypeId tid;
    Require(TypeId::LookupByNameFailSafe(m_options.tcp, &tid),
            "tcp",
            m_options.tcp,
            "no such TypeId",
            "a congestion control TypeId, e.g. ns3::TcpDualVegas or ns3::TcpVegas");
    Require(m_options.alpha > 0 && m_options.alpha <= AlgorithmTraits::MAX_ALPHA,
            "alpha",
            m_options.alpha,
            "out of range",
            "a decimal number > 0 and <= " + StrictValue::Describe(AlgorithmTraits::MAX_ALPHA) +
                " packets");
    EquilibriumScenario::Check();
}

std::string
VegasEquilibriumScenario::GetTitleHead() const
{
    const Options& o = m_options;
    return "Vegas " + m_texts.network + ", " + (o.fairness == "pf" ? "PF" : "WPF") + ", " + o.tcp +
           ", " + std::to_string(o.flowsPerClass) + " flows/class, " + m_texts.rateName + " ";
}

std::string
VegasEquilibriumScenario::GetTitle() const
{
    std::ostringstream title;
    title << GetTitleHead() << m_options.rate;
    return title.str();
}

std::string
VegasEquilibriumScenario::GetPlotTitle() const
{
    return GetTitleHead() + PlotWriter::FormatRate(m_options.rate.GetBitRate());
}

} // namespace ns3
