/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aqm-experiment.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/dumbbell-description.h"
#include "ns3/log.h"
#include "ns3/network-helper.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AqmExperiment");

const std::string AqmExperiment::BOTTLENECK = "bottleneck";

namespace
{
/// One-way delay of the sink's access link.
const Time SINK_ACCESS_DELAY = MilliSeconds(1);

/// The buffer in packets, or in bytes (B x PacketSize) in byte mode.
/// \param s the settings \param byteMode whether the AQM counts bytes \return MaxSize
QueueSizeValue
MaxSize(const AqmExperiment::Settings& s, bool byteMode)
{
    return byteMode ? QueueSizeValue(
                          QueueSize(QueueSizeUnit::BYTES, uint64_t{s.bufferPackets} * s.packetSize))
                    : QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, s.bufferPackets));
}

/// AVQ. \param q the spec \param s the settings
void
ConfigureAvq(NetworkDescription::QueueDiscSpec& q, const AqmExperiment::Settings& s)
{
    q.Set("MaxSize", MaxSize(s, s.byteMode))
        .Set("DesiredUtilization", DoubleValue(s.avqGamma))
        .Set("Alpha", DoubleValue(s.avqAlpha))
        .Set("UseEcn", BooleanValue(s.ecn))
        .Set("MeanPktSize", UintegerValue(s.packetSize));
}

/// RED, gentle. \param q the spec \param s the settings
void
ConfigureRed(NetworkDescription::QueueDiscSpec& q, const AqmExperiment::Settings& s)
{
    q.Set("MaxSize", MaxSize(s, false))
        .Set("MeanPktSize", UintegerValue(s.packetSize))
        .Set("Gentle", BooleanValue(true))
        .Set("MinTh", DoubleValue(s.redMinTh))
        .Set("MaxTh", DoubleValue(s.redMaxTh))
        .Set("QW", DoubleValue(s.redQw))
        .Set("LInterm", DoubleValue(1.0 / s.redMaxP))
        .Set("UseEcn", BooleanValue(s.ecn))
        .Set("LinkBandwidth", DataRateValue(s.linkRate))
        .Set("LinkDelay", TimeValue(s.linkDelay));
}

/// REM as the AVQ paper ran it (§3, scheme 2): the Rem law regulating the backlog to
/// QueueRef; in byte mode its step and reference per byte. \param q the spec \param s the
/// settings
void
ConfigureRem(NetworkDescription::QueueDiscSpec& q, const AqmExperiment::Settings& s)
{
    q.Set("MaxSize", MaxSize(s, s.byteMode))
        .Set("Gamma", DoubleValue(s.byteMode ? s.remGamma / s.packetSize : s.remGamma))
        .Set("Mu", DoubleValue(s.remMu))
        .Set("QueueRef", DoubleValue(s.byteMode ? s.remQueueRef * s.packetSize : s.remQueueRef))
        .Set("Phi", DoubleValue(s.remPhi))
        .Set("UpdateInterval", TimeValue(s.remUpdateInterval))
        .Set("UseEcn", BooleanValue(s.ecn))
        .Set("MeanPktSize", UintegerValue(s.packetSize));
}

/// GKVQ (the AVQ paper's §3, scheme 4: theta 0.90). \param q the spec \param s the settings
void
ConfigureGkvq(NetworkDescription::QueueDiscSpec& q, const AqmExperiment::Settings& s)
{
    q.Set("MaxSize", MaxSize(s, false))
        .Set("MeanPktSize", UintegerValue(s.packetSize))
        .Set("Theta", DoubleValue(s.gkvqTheta))
        .Set("UseEcn", BooleanValue(s.ecn));
}

/// PIE. \param q the spec \param s the settings
void
ConfigurePie(NetworkDescription::QueueDiscSpec& q, const AqmExperiment::Settings& s)
{
    q.Set("MaxSize", MaxSize(s, false))
        .Set("MeanPktSize", UintegerValue(s.packetSize))
        .Set("QueueDelayReference", TimeValue(s.pieDelayReference))
        .Set("UseEcn", BooleanValue(s.ecn));
}

/// PI (Hollot et al.'s controller, ns-2's gains). \param q the spec \param s the settings
void
ConfigurePi(NetworkDescription::QueueDiscSpec& q, const AqmExperiment::Settings& s)
{
    q.Set("MaxSize", MaxSize(s, false))
        .Set("MeanPktSize", UintegerValue(s.packetSize))
        .Set("QueueRef", DoubleValue(s.piQueueRef))
        .Set("A", DoubleValue(s.piA))
        .Set("B", DoubleValue(s.piB))
        .Set("SamplingFrequency", DoubleValue(s.piSamplingFrequency))
        .Set("UseEcn", BooleanValue(s.ecn));
}

/// An AQM: its name, its queue disc and how the settings configure it.
struct AqmEntry
{
    const char* name;   //!< its name
    const char* typeId; //!< its queue disc
    void (*configure)(NetworkDescription::QueueDiscSpec&,
                      const AqmExperiment::Settings&); //!< the settings' attributes
    /// the disc's virtual-capacity trace, sampled with the backlog ("": none)
    const char* capacityTrace;
};

/// The AQMs: a new AQM is a new row.
const AqmEntry AQMS[] = {
    {"AVQ", "ns3::AvqQueueDisc", &ConfigureAvq, "VirtualCapacity"},
    {"RED", "ns3::RedQueueDisc", &ConfigureRed, ""},
    {"REM", "ns3::RemQueueDisc", &ConfigureRem, ""},
    {"GKVQ", "ns3::GkvqQueueDisc", &ConfigureGkvq, ""},
    {"PIE", "ns3::PieQueueDisc", &ConfigurePie, ""},
    {"PI", "ns3::PiQueueDisc", &ConfigurePi, ""},
};

/// \param aqm a name of AqmExperiment::GetAqmNames(), in any case \return its entry (throws
/// std::invalid_argument naming the valid names if there is none)
const AqmEntry&
Lookup(const std::string& aqm)
{
    std::string upper = aqm;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) {
        return std::toupper(c);
    });
    std::ostringstream valid;
    for (const AqmEntry& entry : AQMS)
    {
        if (upper == entry.name)
        {
            return entry;
        }
        valid << (valid.tellp() > 0 ? ", " : "") << entry.name;
    }
    throw std::invalid_argument("AqmExperiment: unknown AQM '" + aqm + "'; valid: " + valid.str());
}

/// Throw std::invalid_argument "AqmExperiment: <what>" if \p bad. \param bad the condition
/// \param what the setting, its value and its valid range
void
Require(bool bad, const std::string& what)
{
    if (bad)
    {
        throw std::invalid_argument("AqmExperiment: " + what);
    }
}

/// Throw std::invalid_argument naming the first setting out of range. \param s the settings
void
CheckSettings(const AqmExperiment::Settings& s)
{
    Require(s.linkRate.GetBitRate() == 0, "linkRate must be > 0");
    Require(s.bufferPackets == 0, "bufferPackets must be >= 1");
    Require(s.packetSize <= NetworkDescription::HEADER_BYTES,
            "packetSize must exceed " + std::to_string(NetworkDescription::HEADER_BYTES) +
                " bytes");
    Require(s.minRtt > s.maxRtt, "minRtt must not exceed maxRtt");
    std::ostringstream rtt;
    rtt << "minRtt must be >= 2 (linkDelay + 1 ms) = "
        << (2 * (s.linkDelay + SINK_ACCESS_DELAY)).As(Time::MS);
    Require(s.minRtt < 2 * (s.linkDelay + SINK_ACCESS_DELAY), rtt.str());
    Require(s.shortFlowHosts == 0, "shortFlowHosts must be >= 1");
    Require(!s.samplingInterval.IsStrictlyPositive(), "samplingInterval must be > 0");
    Require(s.startJitter.IsStrictlyNegative(), "startJitter must be >= 0");
}

/// Throw std::invalid_argument unless the groups have flows in valid periods. \param ftp the
/// FTP groups \param shortFlows the short-flow periods
void
CheckFlows(const std::vector<AqmExperiment::FtpGroup>& ftp,
           const std::vector<AqmExperiment::ShortPeriod>& shortFlows)
{
    Require(ftp.empty() && shortFlows.empty(), "no flows (FTP groups, short-flow periods)");
    for (const AqmExperiment::FtpGroup& g : ftp)
    {
        Require(g.start.IsStrictlyNegative(), "FTP start must be >= 0");
        Require(!g.stop.IsZero() && g.stop <= g.start, "FTP stop must be after start");
    }
    for (const AqmExperiment::ShortPeriod& p : shortFlows)
    {
        Require(!(p.rate > 0), "the short-flow rate must be > 0");
        Require(p.start.IsStrictlyNegative(), "short-flow start must be >= 0");
        Require(!p.stop.IsZero() && p.stop <= p.start, "short-flow stop must be after start");
    }
}
} // namespace

std::vector<std::string>
AqmExperiment::GetAqmNames()
{
    std::vector<std::string> names;
    for (const AqmEntry& entry : AQMS)
    {
        names.emplace_back(entry.name);
    }
    return names;
}

std::string
AqmExperiment::ParseAqm(const std::string& aqm)
{
    return Lookup(aqm).name;
}

NetworkDescription::QueueDiscSpec
AqmExperiment::GetQueueSpec(const std::string& aqm, const Settings& settings)
{
    const AqmEntry& entry = Lookup(aqm);
    NetworkDescription::QueueDiscSpec spec;
    spec.type = entry.typeId;
    entry.configure(spec, settings);
    return spec;
}

std::vector<OwnedAttributes::Entry>
AqmExperiment::GetOwnedAttributes(const std::vector<std::string>& aqms,
                                  const Settings& settings,
                                  const std::map<std::string, std::string>& options)
{
    std::vector<OwnedAttributes::Entry> owned;
    for (const std::string& aqm : aqms)
    {
        for (const OwnedAttributes::Entry& e : OwnedAttributes::ForQueueDisc(
                 GetQueueSpec(aqm, settings),
                 options,
                 "nothing: the AVQ paper's parameters (aqm-experiment.h)"))
        {
            owned.push_back(e);
        }
    }
    return owned;
}

std::vector<OwnedAttributes::Entry>
AqmExperiment::GetNs2TcpAttributes()
{
    std::vector<OwnedAttributes::Entry> owned;
    for (const char* name : {"ns3::TcpSocketBase::MinRto",
                             "ns3::TcpSocketBase::ClockGranularity",
                             "ns3::TcpSocketBase::Sack",
                             "ns3::TcpSocketBase::LimitedTransmit",
                             "ns3::TcpL4Protocol::RecoveryType",
                             "ns3::TcpSubPacketSocket::Ns2Halving",
                             "ns3::TcpSubPacketSocket::Ns2LossResponse",
                             "ns3::TcpSubPacketSocket::KeepBackoff",
                             "ns3::TcpSubPacketSocket::MaxWindow"})
    {
        owned.push_back({name,
                         "nothing with --ns2Tcp (it sets ns-2.1b7a's value); or leave out "
                         "--ns2Tcp"});
    }
    return owned;
}

std::string
AqmExperiment::DescribeTcp(const Settings& settings)
{
    if (!settings.ecn)
    {
        return "TCP NewReno, drops (no ECN)";
    }
    return settings.subPacket ? "TCP NewReno, ECN, sub-packet response (RFC 3168 6.1.2, "
                                "TcpSubPacketSocket, as ns-2)"
                              : "TCP NewReno, ECN, ns-3's response (window >= 2 segments)";
}

NetworkDescription
AqmExperiment::Describe(const std::string& aqm,
                        const Settings& s,
                        const std::vector<FtpGroup>& ftp,
                        const std::vector<ShortPeriod>& shortFlows)
{
    CheckSettings(s);
    CheckFlows(ftp, shortFlows);
    DumbbellDescription::Parameters dumbbell;
    dumbbell.packetSize = s.packetSize;
    dumbbell.accessRate = s.accessRate;
    dumbbell.sinkAccessDelay = SINK_ACCESS_DELAY;
    dumbbell.startJitter = s.startJitter;
    dumbbell.name = BOTTLENECK;
    dumbbell.rate = s.linkRate;
    dumbbell.delay = s.linkDelay;
    dumbbell.queue = GetQueueSpec(aqm, s);
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
    for (std::size_t k = 0; k < ftp.size(); ++k)
    {
        addClass("ftp" + std::to_string(k), ftp[k].flows, ftp[k].start, ftp[k].stop);
    }
    for (std::size_t k = 0; k < shortFlows.size(); ++k)
    {
        const ShortPeriod& p = shortFlows[k];
        NetworkDescription::ClassSpec* c =
            addClass("short" + std::to_string(k), s.shortFlowHosts, p.start, p.stop);
        c->traffic = NetworkDescription::Traffic::SHORT;
        c->arrivalRate = p.rate;
        c->meanSize = s.shortFlowSize;
    }
    return d;
}

void
AqmExperiment::Prepare(NetworkHelper& network,
                       const std::string& aqm,
                       const Settings& settings,
                       int64_t stream)
{
    const std::string trace = Lookup(aqm).capacityTrace;
    network.GetTcpDefaults().buffer = settings.bufferSize;
    network.GetMonitor().EnableLinkSamples(BOTTLENECK,
                                           settings.samplingInterval,
                                           trace.empty() ? std::vector<std::string>{}
                                                         : std::vector<std::string>{trace});
    network.GetBuilder().AssignStreams(stream + 1, stream);
}

double
AqmExperiment::GetVirtualCapacityMbps(const TestbedMonitor::LinkSample& sample,
                                      const Settings& settings)
{
    // Before the first arrival: C~(0) = InitialVirtualCapacity = C (unless changed).
    const double bytesPerUnit = settings.byteMode ? 1.0 : settings.packetSize;
    return std::isnan(sample.traces.front()) ? settings.linkRate.GetBitRate() / 1e6
                                             : sample.traces.front() * 8.0 * bytesPerUnit / 1e6;
}

double
AqmExperiment::MeanVirtualCapacityMbps(const TestbedMonitor& monitor,
                                       Time from,
                                       Time to,
                                       const Settings& settings)
{
    const std::vector<TestbedMonitor::LinkSample>& samples = monitor.GetLinkSamples();
    const double interval = settings.samplingInterval.GetSeconds();
    const auto a = static_cast<std::size_t>(std::floor(from.GetSeconds() / interval + 1e-9));
    const auto b = static_cast<std::size_t>(std::floor(to.GetSeconds() / interval + 1e-9));
    double sum = 0;
    for (std::size_t k = a + 1; k <= b && k < samples.size(); ++k)
    {
        sum += GetVirtualCapacityMbps(samples[k], settings);
    }
    return sum / (b - a);
}

PlotWriter::Points
AqmExperiment::SampleCurve(const std::vector<TestbedMonitor::LinkSample>& samples,
                           const std::function<double(const TestbedMonitor::LinkSample&)>& field,
                           Time interval)
{
    PlotWriter::Points points;
    for (const TestbedMonitor::LinkSample& sample : samples)
    {
        points.emplace_back(sample.time, field(sample));
    }
    return PlotWriter::AverageOverIntervals(points, interval.GetSeconds());
}

} // namespace ns3
