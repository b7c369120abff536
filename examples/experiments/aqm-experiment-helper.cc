/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aqm-experiment-helper.h"

#include "ns3/abort.h"
#include "ns3/algorithm-traits.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/dumbbell-description.h"
#include "ns3/log.h"
#include "ns3/network-description.h"
#include "ns3/network-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/short-flow-application.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AqmExperimentHelper");

namespace
{
/// One-way delay of the sink's access link.
const Time SINK_ACCESS_DELAY = MilliSeconds(1);
/// The bottleneck's name in the description.
const std::string BOTTLENECK = "bottleneck";

} // namespace

namespace
{
/// An AQM: its name and its queue disc's TypeId.
struct AqmEntry
{
    AqmExperimentHelper::Aqm aqm; //!< the AQM
    const char* name;             //!< its name
    const char* typeId;           //!< its queue disc
};

/// The AQMs, in the enum's order.
const AqmEntry AQMS[] = {
    {AqmExperimentHelper::Aqm::AVQ, "AVQ", "ns3::AvqQueueDisc"},
    {AqmExperimentHelper::Aqm::RED, "RED", "ns3::RedQueueDisc"},
    {AqmExperimentHelper::Aqm::REM, "REM", "ns3::RemQueueDisc"},
    {AqmExperimentHelper::Aqm::PIE, "PIE", "ns3::PieQueueDisc"},
    {AqmExperimentHelper::Aqm::PI, "PI", "ns3::PiQueueDisc"},
};

/// \param aqm an AQM \return its entry
const AqmEntry&
Lookup(AqmExperimentHelper::Aqm aqm)
{
    for (const AqmEntry& entry : AQMS)
    {
        if (entry.aqm == aqm)
        {
            return entry;
        }
    }
    NS_ABORT_MSG("AqmExperimentHelper: bad AQM");
}
} // namespace

AqmExperimentHelper::Aqm
AqmExperimentHelper::ParseAqm(const std::string& aqm)
{
    std::string upper = aqm;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) {
        return std::toupper(c);
    });
    for (const AqmEntry& entry : AQMS)
    {
        if (upper == entry.name)
        {
            return entry.aqm;
        }
    }
    NS_ABORT_MSG("AqmExperimentHelper: unknown AQM '" << aqm << "' (avq, red, rem, pie or pi)");
}

std::string
AqmExperimentHelper::GetAqmName(Aqm aqm)
{
    return Lookup(aqm).name;
}

std::string
AqmExperimentHelper::DescribeTcp(const Settings& settings)
{
    if (!settings.ecn)
    {
        return "TCP NewReno, drops (no ECN)";
    }
    return settings.subPacket ? "TCP NewReno, ECN, sub-packet response (RFC 3168 6.1.2, "
                                "TcpSubPacketSocket, as ns-2)"
                              : "TCP NewReno, ECN, ns-3's response (window >= 2 segments)";
}

AqmExperimentHelper::AqmExperimentHelper(Aqm aqm)
    : AqmExperimentHelper(aqm, Settings())
{
}

AqmExperimentHelper::AqmExperimentHelper(Aqm aqm, Settings settings)
    : m_aqm(aqm),
      m_settings(settings),
      m_stream(-1),
      m_installed(false)
{
    const Settings& s = m_settings;
    NS_ABORT_MSG_IF(s.linkRate.GetBitRate() == 0, "AqmExperimentHelper: linkRate must be > 0");
    NS_ABORT_MSG_IF(s.bufferPackets == 0, "AqmExperimentHelper: bufferPackets must be >= 1");
    NS_ABORT_MSG_IF(s.packetSize <= NetworkDescription::HEADER_BYTES,
                    "AqmExperimentHelper: packetSize must exceed "
                        << NetworkDescription::HEADER_BYTES << " bytes");
    NS_ABORT_MSG_UNLESS(s.minRtt <= s.maxRtt, "AqmExperimentHelper: minRtt must not exceed maxRtt");
    NS_ABORT_MSG_IF(s.minRtt < 2 * (s.linkDelay + SINK_ACCESS_DELAY),
                    "AqmExperimentHelper: minRtt must be >= 2 (linkDelay + 1 ms) = "
                        << (2 * (s.linkDelay + SINK_ACCESS_DELAY)).As(Time::MS));
    NS_ABORT_MSG_IF(s.shortFlowHosts == 0, "AqmExperimentHelper: shortFlowHosts must be >= 1");
    NS_ABORT_MSG_UNLESS(s.samplingInterval.IsStrictlyPositive(),
                        "AqmExperimentHelper: samplingInterval must be > 0");
    NS_ABORT_MSG_IF(s.startJitter.IsStrictlyNegative(),
                    "AqmExperimentHelper: startJitter must be >= 0");
}

AqmExperimentHelper::~AqmExperimentHelper() = default;

AqmExperimentHelper::Aqm
AqmExperimentHelper::GetAqm() const
{
    return m_aqm;
}

const AqmExperimentHelper::Settings&
AqmExperimentHelper::GetSettings() const
{
    return m_settings;
}

uint32_t
AqmExperimentHelper::GetSegmentSize() const
{
    return m_settings.packetSize - NetworkDescription::HEADER_BYTES;
}

void
AqmExperimentHelper::CheckInstalled(bool installed, const std::string& what) const
{
    NS_ABORT_MSG_IF(installed && !m_installed,
                    "AqmExperimentHelper::" << what << ": call Install() first");
    NS_ABORT_MSG_IF(!installed && m_installed,
                    "AqmExperimentHelper::" << what << ": call it before Install()");
}

void
AqmExperimentHelper::SetQueueAttribute(const std::string& name, const AttributeValue& value)
{
    CheckInstalled(false, "SetQueueAttribute");
    TypeId::AttributeInformation info;
    const TypeId tid = TypeId::LookupByName(GetQueueDiscType());
    NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(name, &info),
                        "AqmExperimentHelper::SetQueueAttribute: "
                            << tid.GetName() << " has no attribute '" << name << "'");
    m_queueAttributes.emplace_back(name,
                                   NetworkDescription::MakeAttribute(tid.GetName(), name, value));
}

void
AqmExperimentHelper::AddFtpFlows(uint32_t flows, Time start, Time stop)
{
    CheckInstalled(false, "AddFtpFlows");
    NS_ABORT_MSG_IF(start.IsStrictlyNegative(), "AqmExperimentHelper: FTP start must be >= 0");
    NS_ABORT_MSG_IF(!stop.IsZero() && stop <= start,
                    "AqmExperimentHelper: FTP stop must be after start");
    m_ftpGroups.push_back({flows, start, stop});
}

void
AqmExperimentHelper::AddShortFlows(double rate, Time start, Time stop)
{
    CheckInstalled(false, "AddShortFlows");
    NS_ABORT_MSG_UNLESS(rate > 0, "AqmExperimentHelper: the short-flow rate must be > 0");
    NS_ABORT_MSG_IF(start.IsStrictlyNegative(),
                    "AqmExperimentHelper: short-flow start must be >= 0");
    NS_ABORT_MSG_IF(!stop.IsZero() && stop <= start,
                    "AqmExperimentHelper: short-flow stop must be after start");
    m_shortPeriods.push_back({rate, start, stop});
}

int64_t
AqmExperimentHelper::AssignStreams(int64_t stream)
{
    CheckInstalled(false, "AssignStreams");
    m_stream = stream;
    // One for the AQM, then the network's (start jitter, RTTs, two per short-flow host).
    return 3 + 2 * static_cast<int64_t>(NetworkDescription::MAX_FLOWS);
}

std::string
AqmExperimentHelper::GetQueueDiscType() const
{
    return Lookup(m_aqm).typeId;
}

NetworkDescription::QueueDiscSpec
AqmExperimentHelper::GetQueueSpec(Aqm aqm, const Settings& s)
{
    NetworkDescription::QueueDiscSpec spec;
    spec.type = Lookup(aqm).typeId;
    // AVQ and REM in byte mode: the same buffer in bytes, and REM's step per byte.
    const QueueSizeValue packets(QueueSize(QueueSizeUnit::PACKETS, s.bufferPackets));
    const QueueSizeValue bytes =
        s.byteMode ? QueueSizeValue(
                         QueueSize(QueueSizeUnit::BYTES, uint64_t{s.bufferPackets} * s.packetSize))
                   : packets;
    const BooleanValue ecn(s.ecn);
    const UintegerValue meanPktSize(s.packetSize);
    switch (aqm)
    {
    case Aqm::AVQ:
        spec.Set("MaxSize", bytes)
            .Set("DesiredUtilization", DoubleValue(s.avqGamma))
            .Set("Alpha", DoubleValue(s.avqAlpha))
            .Set("UseEcn", ecn)
            .Set("MeanPktSize", meanPktSize);
        break;
    case Aqm::RED:
        spec.Set("MaxSize", packets)
            .Set("MeanPktSize", meanPktSize)
            .Set("Gentle", BooleanValue(true))
            .Set("MinTh", DoubleValue(s.redMinTh))
            .Set("MaxTh", DoubleValue(s.redMaxTh))
            .Set("QW", DoubleValue(s.redQw))
            .Set("LInterm", DoubleValue(1.0 / s.redMaxP))
            .Set("UseEcn", ecn)
            .Set("LinkBandwidth", DataRateValue(s.linkRate))
            .Set("LinkDelay", TimeValue(s.linkDelay));
        break;
    case Aqm::REM:
        spec.Set("MaxSize", bytes)
            .Set("Gamma", DoubleValue(s.byteMode ? s.remGamma / s.packetSize : s.remGamma))
            .Set("Mu", DoubleValue(s.remMu))
            .Set("Phi", DoubleValue(s.remPhi))
            .Set("UpdateInterval", TimeValue(s.remUpdateInterval))
            .Set("UseEcn", ecn)
            .Set("MeanPktSize", meanPktSize);
        break;
    case Aqm::PIE:
        spec.Set("MaxSize", packets)
            .Set("MeanPktSize", meanPktSize)
            .Set("QueueDelayReference", TimeValue(s.pieDelayReference))
            .Set("UseEcn", ecn);
        break;
    case Aqm::PI:
        spec.Set("MaxSize", packets)
            .Set("MeanPktSize", meanPktSize)
            .Set("QueueRef", DoubleValue(s.piQueueRef))
            .Set("A", DoubleValue(s.piA))
            .Set("B", DoubleValue(s.piB))
            .Set("SamplingFrequency", DoubleValue(s.piSamplingFrequency))
            .Set("UseEcn", ecn);
        break;
    }
    return spec;
}

NetworkDescription
AqmExperimentHelper::Describe() const
{
    const Settings& s = m_settings;
    DumbbellDescription::Parameters dumbbell;
    dumbbell.packetSize = s.packetSize;
    dumbbell.accessRate = s.accessRate;
    dumbbell.sinkAccessDelay = SINK_ACCESS_DELAY;
    dumbbell.startJitter = s.startJitter;
    dumbbell.name = BOTTLENECK;
    dumbbell.rate = s.linkRate;
    dumbbell.delay = s.linkDelay;
    dumbbell.queue = GetQueueSpec(m_aqm, s);
    for (const auto& attribute : m_queueAttributes)
    {
        dumbbell.queue.attributes.push_back(attribute);
    }
    NetworkDescription d = DumbbellDescription::Create(dumbbell);
    auto addClass = [&](const std::string& name, uint32_t flows, Time start, Time stop) {
        NetworkDescription::ClassSpec& c =
            DumbbellDescription::AddClass(d, name, flows, s.minRtt, start);
        c.rttMax = s.maxRtt > s.minRtt ? s.maxRtt : Time(0);
        c.stop = stop;
        c.tcp = "ns3::TcpNewReno";
        c.ecn = s.ecn;
        c.subPacket = s.ecn && s.subPacket;
        return &c;
    };
    for (std::size_t k = 0; k < m_ftpGroups.size(); ++k)
    {
        const FtpGroup& g = m_ftpGroups[k];
        addClass("ftp" + std::to_string(k), g.flows, g.start, g.stop);
    }
    for (std::size_t k = 0; k < m_shortPeriods.size(); ++k)
    {
        const ShortPeriod& p = m_shortPeriods[k];
        NetworkDescription::ClassSpec* c =
            addClass("short" + std::to_string(k), s.shortFlowHosts, p.start, p.stop);
        c->traffic = NetworkDescription::Traffic::SHORT;
        c->arrivalRate = p.rate;
        c->meanSize = s.shortFlowSize;
    }
    return d;
}

void
AqmExperimentHelper::Install()
{
    CheckInstalled(false, "Install");
    NS_ABORT_MSG_IF(m_ftpGroups.empty() && m_shortPeriods.empty(),
                    "AqmExperimentHelper::Install: no flows (AddFtpFlows, AddShortFlows)");
    m_network = std::make_unique<NetworkHelper>(Describe());
    m_network->GetTcpDefaults().buffer = m_settings.bufferSize;
    m_network->GetMonitor().EnableLinkSamples(BOTTLENECK,
                                              m_settings.samplingInterval,
                                              m_aqm == Aqm::AVQ
                                                  ? std::vector<std::string>{"VirtualCapacity"}
                                                  : std::vector<std::string>{});
    if (m_stream >= 0)
    {
        m_network->GetBuilder().AssignStreams(m_stream + 1);
    }
    m_network->Install();
    if (m_stream >= 0)
    {
        Ptr<QueueDisc> disc = m_network->GetNetwork().GetQueueDisc(BOTTLENECK);
        const AlgorithmTraits::Link traits = AlgorithmTraits::GetLinkOf(disc);
        if (traits.assignStreams)
        {
            traits.assignStreams(disc, m_stream);
        }
    }
    m_installed = true;
}

void
AqmExperimentHelper::Run(Time stop, bool showProgress)
{
    CheckInstalled(true, "Run");
    m_network->Run(stop, showProgress);
    // The samples in this helper's units.
    const double bytesPerUnit = m_settings.byteMode ? 1.0 : m_settings.packetSize;
    m_samples.clear();
    for (const TestbedMonitor::LinkSample& l : m_network->GetMonitor().GetLinkSamples())
    {
        Sample sample;
        sample.time = l.time;
        sample.queue = l.backlog;
        sample.virtualCapacity = std::nan("");
        if (m_aqm == Aqm::AVQ)
        {
            // C~ is in bytes/s (byte mode) or packets/s of PacketSize bytes: in Mb/s. Before
            // the first arrival: C~(0) = InitialVirtualCapacity C (1 unless changed).
            sample.virtualCapacity = std::isnan(l.traces.front())
                                         ? m_settings.linkRate.GetBitRate() / 1e6
                                         : l.traces.front() * 8.0 * bytesPerUnit / 1e6;
        }
        sample.txBytes = l.txBytes;
        sample.arrivals = l.arrivals;
        sample.drops = l.drops;
        sample.marks = l.marks;
        sample.goodputBytes = l.goodputBytes;
        sample.shortArrived = l.shortArrived;
        sample.shortCompleted = l.shortCompleted;
        m_samples.push_back(sample);
    }
}

AqmExperimentHelper::Measurement
AqmExperimentHelper::Measure(Time from, Time to) const
{
    CheckInstalled(true, "Measure");
    const TestbedMonitor::WindowMeasurement w = m_network->GetMonitor().MeasureWindow(from, to);
    Measurement m;
    m.utilization = w.utilization;
    m.queueMean = w.queueMean;
    m.queueStd = w.queueStd;
    m.arrivals = w.arrivals;
    m.drops = w.drops;
    m.marks = w.marks;
    m.lossRate = w.lossRate;
    m.goodputPacketsPerSecond = w.goodputPacketsPerSecond;
    m.goodputFraction = w.goodputFraction;
    m.shortArrived = w.shortArrived;
    m.shortCompleted = w.shortCompleted;
    // The mean C~ over the same samples as the other means (after `from`, up to `to`).
    const double interval = m_settings.samplingInterval.GetSeconds();
    const auto a = static_cast<std::size_t>(std::floor(from.GetSeconds() / interval + 1e-9));
    const auto b = static_cast<std::size_t>(std::floor(to.GetSeconds() / interval + 1e-9));
    double sum = 0;
    for (std::size_t k = a + 1; k <= b && k < m_samples.size(); ++k)
    {
        sum += m_samples[k].virtualCapacity;
    }
    m.virtualCapacityMean = sum / (b - a);
    return m;
}

const std::vector<AqmExperimentHelper::Sample>&
AqmExperimentHelper::GetSamples() const
{
    return m_samples;
}

Ptr<QueueDisc>
AqmExperimentHelper::GetQueueDisc() const
{
    CheckInstalled(true, "GetQueueDisc");
    return m_network->GetNetwork().GetQueueDisc(BOTTLENECK);
}

std::vector<Ptr<ShortFlowApplication>>
AqmExperimentHelper::GetShortFlowApplications() const
{
    CheckInstalled(true, "GetShortFlowApplications");
    std::vector<Ptr<ShortFlowApplication>> apps;
    for (std::size_t k = 0; k < m_shortPeriods.size(); ++k)
    {
        for (Ptr<ShortFlowApplication> app :
             m_network->GetNetwork().GetShortFlowSources("short" + std::to_string(k)))
        {
            apps.push_back(app);
        }
    }
    return apps;
}

std::vector<Time>
AqmExperimentHelper::GetFtpRtts() const
{
    CheckInstalled(true, "GetFtpRtts");
    std::vector<Time> rtts;
    for (std::size_t k = 0; k < m_ftpGroups.size(); ++k)
    {
        for (Time rtt : m_network->GetNetwork().GetPropagationRtts("ftp" + std::to_string(k)))
        {
            rtts.push_back(rtt);
        }
    }
    return rtts;
}

PlotWriter::Points
AqmExperimentHelper::SampleCurve(const std::vector<Sample>& samples,
                                 double Sample::*field,
                                 Time interval)
{
    PlotWriter::Points points;
    for (const Sample& sample : samples)
    {
        points.emplace_back(sample.time, sample.*field);
    }
    return PlotWriter::AverageOverIntervals(points, interval.GetSeconds());
}

} // namespace ns3
