/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-model-builder.h"

#include "testbed-network.h"

#include "ns3/algorithm-traits.h"
#include "ns3/log.h"
#include "ns3/queue-disc.h"
#include "ns3/tcp-congestion-ops.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FluidModelBuilder");

namespace
{

/// Throw std::invalid_argument with \p what, prefixed by the class name.
[[noreturn]] void
Fail(const std::string& what)
{
    throw std::invalid_argument("FluidModelBuilder: " + what);
}

/**
 * \param where the link's location, for messages
 * \param spec the disc (type empty: a FIFO)
 * \return its fluid law (throws if its traits make none)
 */
std::shared_ptr<const FluidLinkLaw>
MakeLinkLaw(const std::string& where, const NetworkDescription::QueueDiscSpec& spec)
{
    NetworkDescription::QueueDiscSpec disc = spec;
    if (disc.type.empty())
    {
        disc.type = "ns3::FifoQueueDisc";
    }
    Ptr<QueueDisc> created = disc.Create();
    const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(created);
    std::shared_ptr<const FluidLinkLaw> law = traits.fluidLaw ? traits.fluidLaw(created) : nullptr;
    if (!law)
    {
        Fail(where + ": queue=" + disc.type +
             " has no fluid law (AlgorithmTraits::Link::fluidLaw); valid: a FIFO, "
             "ns3::AvqQueueDisc, ns3::AvdQueueDisc, ns3::PiQueueDisc, ns3::RedQueueDisc (not "
             "adaptive, MaxSize in packets), ns3::GkvqQueueDisc (MaxSize in packets), or "
             "ns3::RemQueueDisc (PriceLaw VirtualCapacity or Rem)");
    }
    return law;
}

/**
 * \param spec a link direction's disc
 * \param bufferPackets the link direction's buffer (0: unlimited)
 * \param packetSize the description's packet size, bytes
 * \return the buffer the testbed gives the disc, packets: the link's, unless the disc (a plain
 *         root) sets its own MaxSize, which the testbed lets override it
 */
double
GetBuffer(const NetworkDescription::QueueDiscSpec& spec,
          uint32_t bufferPackets,
          uint32_t packetSize)
{
    const bool own =
        spec.classes.empty() &&
        std::any_of(spec.attributes.begin(), spec.attributes.end(), [](const auto& attribute) {
            return attribute.first == "MaxSize";
        });
    if (!own)
    {
        return bufferPackets;
    }
    NetworkDescription::QueueDiscSpec disc = spec;
    if (disc.type.empty())
    {
        disc.type = "ns3::FifoQueueDisc";
    }
    const QueueSize size = disc.Create()->GetMaxSize();
    return size.GetUnit() == QueueSizeUnit::PACKETS
               ? static_cast<double>(size.GetValue())
               : static_cast<double>(size.GetValue()) / packetSize;
}

/// \return bits/s as packets/s of \p packetSize bytes
double
ToPackets(DataRate rate, uint32_t packetSize)
{
    return static_cast<double>(rate.GetBitRate()) / (8.0 * packetSize);
}

} // namespace

FluidModel
FluidModelBuilder::Build(const NetworkDescription& description, uint32_t rttSplit)
{
    NS_LOG_FUNCTION(description.links.size() << description.classes.size() << rttSplit);
    if (rttSplit > MAX_RTT_SPLIT)
    {
        Fail("rttSplit = " + std::to_string(rttSplit) + " is out of range; valid: [0, " +
             std::to_string(MAX_RTT_SPLIT) + "]");
    }
    FluidModel model;
    AddLinks(description, model);
    for (const NetworkDescription::ClassSpec& spec : description.classes)
    {
        if (spec.rttMax.IsZero() || rttSplit == 0)
        {
            AddClass(description, spec, model); // a range is refused there
            continue;
        }
        for (const NetworkDescription::ClassSpec& part : SplitRtt(spec, rttSplit))
        {
            AddClass(description, part, model);
        }
    }
    AddEvents(description, model);
    return model;
}

std::vector<NetworkDescription::ClassSpec>
FluidModelBuilder::SplitRtt(const NetworkDescription::ClassSpec& spec, uint32_t rttSplit)
{
    // The testbed draws each flow's RTT uniformly in [rtt, rttMax]: K groups at the midpoints of
    // K equal sub-ranges, the flows shared out as evenly as the counts allow.
    const uint32_t parts = std::min(rttSplit, spec.flows);
    const double low = spec.rtt.GetSeconds();
    const double width = (spec.rttMax - spec.rtt).GetSeconds();
    std::vector<NetworkDescription::ClassSpec> out;
    for (uint32_t k = 0; k < parts; ++k)
    {
        NetworkDescription::ClassSpec part = spec;
        part.name = spec.name + "/" + std::to_string(k);
        part.flows = spec.flows / parts + (k < spec.flows % parts ? 1 : 0);
        part.rtt = Seconds(low + (k + 0.5) / parts * width);
        part.rttMax = Time(0);
        out.push_back(part);
    }
    return out;
}

void
FluidModelBuilder::AddLinks(const NetworkDescription& description, FluidModel& model)
{
    const uint32_t size = description.packetSize;
    for (const NetworkDescription::LinkSpec& l : description.links)
    {
        const std::string where = NetworkDescription::GetLocation(l);
        model.AddLink({l.name,
                       ToPackets(l.rate, size),
                       GetBuffer(l.GetQueue(), l.bufferPackets, size),
                       MakeLinkLaw(where, l.GetQueue())});
    }
    for (const NetworkDescription::LinkSpec& l : description.links)
    {
        if (description.IsUsedBackwards(l.name))
        {
            const std::string where = NetworkDescription::GetLocation(l) + " (reverse)";
            model.AddLink({l.name + TestbedNetwork::REVERSE_SUFFIX,
                           ToPackets(l.GetReverseRate(), size),
                           GetBuffer(l.reverseQueue, l.reverseBufferPackets, size),
                           MakeLinkLaw(where, l.reverseQueue)});
        }
    }
}

void
FluidModelBuilder::AddClass(const NetworkDescription& description,
                            const NetworkDescription::ClassSpec& spec,
                            FluidModel& model)
{
    const std::string where = NetworkDescription::GetLocation(spec);
    if (spec.traffic != NetworkDescription::Traffic::PERSISTENT)
    {
        Fail(where + ": short or web flows; valid: persistent flows (the fluid model has no "
                     "flow arrivals)");
    }
    if (!spec.rttMax.IsZero())
    {
        Fail(where + ": rttMax (an RTT range drawn per flow); valid: one rtt per class, or a "
                     "split of the range (Build()'s rttSplit)");
    }
    const Time d = spec.rtt + description.GetTransmissionRtt(spec);
    const AlgorithmTraits::SourceFields fields =
        NetworkDescription::GetSourceFields(spec, d, description.packetSize);
    Ptr<TcpCongestionOps> congestion =
        NetworkDescription::GetTcpFactory(spec, fields).Create<TcpCongestionOps>();
    const AlgorithmTraits::Source& traits =
        AlgorithmTraits::GetSource(congestion->GetInstanceTypeId());
    std::shared_ptr<const FluidSourceLaw> law =
        traits.fluidLaw ? traits.fluidLaw(congestion, fields, d.GetSeconds()) : nullptr;
    if (!law)
    {
        Fail(where + ": tcp=" + spec.tcp +
             " has no fluid law (AlgorithmTraits::Source::fluidLaw); valid: ns3::TcpDualVegas, "
             "ns3::TcpVegas, ns3::TcpFastEcn, ns3::TcpFastDelay, ns3::TcpNewReno, ns3::TcpMonaco");
    }
    FluidModel::Source source{spec.name, {}, d.GetSeconds(), law};
    source.route.push_back(
        model.AddLink({ACCESS_PREFIX + spec.name,
                       spec.flows * ToPackets(description.accessRate, description.packetSize),
                       0,
                       std::make_shared<const FluidDropTailLaw>()}));
    source.forwardDelays.push_back(0);
    std::vector<std::string> route = spec.route;
    if (spec.reverse)
    {
        std::reverse(route.begin(), route.end());
    }
    Time forward = description.GetSourceAccessDelay(spec);
    for (const std::string& name : route)
    {
        source.route.push_back(
            FindLink(model, spec.reverse ? name + TestbedNetwork::REVERSE_SUFFIX : name));
        source.forwardDelays.push_back(forward.GetSeconds());
        forward += description.links[description.GetLinkIndex(name)].delay;
    }
    source.count = spec.flows;
    // control packets (Monaco's pair per round trip) load the route's links as data do
    source.overhead = traits.controlBytesPerRtt / description.packetSize;
    source.start = spec.start.GetSeconds();
    if (spec.stop.IsStrictlyPositive())
    {
        source.stop = spec.stop.GetSeconds();
    }
    model.AddSource(source);
}

void
FluidModelBuilder::AddEvents(const NetworkDescription& description, FluidModel& model)
{
    const uint32_t size = description.packetSize;
    for (const NetworkDescription::EventSpec& e : description.events)
    {
        if (e.setDelay)
        {
            Fail(NetworkDescription::GetLocation(e) +
                 ": a delay change; valid: rate changes (the fluid model's delays are fixed)");
        }
        if (e.rate.GetBitRate() != 0)
        {
            model.AddLinkEvent(
                {e.at.GetSeconds(), FindLink(model, e.link), ToPackets(e.rate, size)});
        }
        if (e.reverseRate.GetBitRate() != 0 && description.IsUsedBackwards(e.link))
        {
            model.AddLinkEvent({e.at.GetSeconds(),
                                FindLink(model, e.link + TestbedNetwork::REVERSE_SUFFIX),
                                ToPackets(e.reverseRate, size)});
        }
    }
}

std::size_t
FluidModelBuilder::FindLink(const FluidModel& model, const std::string& name)
{
    const std::vector<FluidModel::Link>& links = model.GetLinks();
    for (std::size_t l = 0; l < links.size(); ++l)
    {
        if (links[l].name == name)
        {
            return l;
        }
    }
    Fail("no model link '" + name + "'");
}

} // namespace ns3
