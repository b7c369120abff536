/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "algorithm-traits.h"

#include "ns3/pie-queue-disc.h"
#include "ns3/queue-disc.h"
#include "ns3/red-queue-disc.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-vegas.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <map>
#include <sstream>

namespace ns3
{

namespace
{

/// \return the registered source traits, by TypeId uid
std::map<uint16_t, AlgorithmTraits::Source>&
Sources()
{
    static std::map<uint16_t, AlgorithmTraits::Source> sources;
    return sources;
}

/// \return the registered link traits, by TypeId uid
std::map<uint16_t, AlgorithmTraits::Link>&
Links()
{
    static std::map<uint16_t, AlgorithmTraits::Link> links;
    return links;
}

/**
 * \param registry traits by uid
 * \param tid a TypeId
 * \return the traits of \p tid or of its nearest registered parent (null if none)
 */
template <typename T>
const T*
Find(const std::map<uint16_t, T>& registry, TypeId tid)
{
    while (true)
    {
        const auto it = registry.find(tid.GetUid());
        if (it != registry.end())
        {
            return &it->second;
        }
        const TypeId parent = tid.GetParent();
        if (parent == tid)
        {
            return nullptr;
        }
        tid = parent;
    }
}

/// "" or what is wrong with fields that only ns3::TcpDualVegas takes. \param f the fields
std::string
CheckNoDualVegasFields(const AlgorithmTraits::SourceFields& f)
{
    if (f.fixedBaseRtt)
    {
        return "baseRtt=fixed needs tcp=ns3::TcpDualVegas; valid: baseRtt=measured";
    }
    return "";
}

/// \return the traits of a TCP without registered ones: modelled as Vegas with the fields' alpha
const AlgorithmTraits::Source&
DefaultSource()
{
    static const AlgorithmTraits::Source traits{
        nullptr,
        [](Ptr<TcpCongestionOps>, const AlgorithmTraits::SourceFields& f) {
            return CheckNoDualVegasFields(f);
        },
        [](Ptr<TcpCongestionOps>, const AlgorithmTraits::SourceFields& f, double d) {
            return AlgorithmTraits::VegasWeight(f.alpha, f.alphaTimeUnit, d);
        },
        nullptr};
    return traits;
}

/// ns-3's own TcpVegas: whole alpha and beta per RTT (packets), as attributes Alpha and Beta.
const bool g_tcpVegas = AlgorithmTraits::RegisterSource(
    TcpVegas::GetTypeId(),
    {[](ObjectFactory& factory, const AlgorithmTraits::SourceFields& f) {
         factory.Set("Alpha", UintegerValue(static_cast<uint32_t>(f.alpha)));
         factory.Set("Beta", UintegerValue(static_cast<uint32_t>(f.beta)));
     },
     [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields& f) -> std::string {
         if (f.alpha != std::floor(f.alpha) || f.beta != std::floor(f.beta) ||
             !f.alphaTimeUnit.IsZero())
         {
             std::ostringstream os;
             os << "alpha=" << f.alpha << " beta=" << f.beta
                << ": ns3::TcpVegas takes whole alpha and beta per RTT only; valid: whole "
                   "numbers and alphaUnit=rtt (or tcp=ns3::TcpDualVegas)";
             return os.str();
         }
         UintegerValue alpha;
         UintegerValue beta;
         tcp->GetAttribute("Alpha", alpha);
         tcp->GetAttribute("Beta", beta);
         if (alpha.Get() == 0 || beta.Get() < alpha.Get())
         {
             return "Alpha = " + std::to_string(alpha.Get()) +
                    ", Beta = " + std::to_string(beta.Get()) +
                    " packets; valid: 1 <= Alpha <= Beta";
         }
         return CheckNoDualVegasFields(f);
     },
     [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&, double) {
         UintegerValue alpha;
         tcp->GetAttribute("Alpha", alpha);
         return static_cast<double>(alpha.Get());
     },
     nullptr});

/// ns-3's RED and PIE: FIFOs whose queue is physical; their drop/mark draws have a stream.
const bool g_red = AlgorithmTraits::RegisterLink(
    RedQueueDisc::GetTypeId(),
    {nullptr, true, [](Ptr<QueueDisc> disc, int64_t stream) {
         return DynamicCast<RedQueueDisc>(disc)->AssignStreams(stream);
     }});
const bool g_pie = AlgorithmTraits::RegisterLink(
    PieQueueDisc::GetTypeId(),
    {nullptr, true, [](Ptr<QueueDisc> disc, int64_t stream) {
         return DynamicCast<PieQueueDisc>(disc)->AssignStreams(stream);
     }});

} // namespace

bool
AlgorithmTraits::RegisterSource(TypeId tid, Source traits)
{
    Sources()[tid.GetUid()] = std::move(traits);
    return true;
}

bool
AlgorithmTraits::RegisterLink(TypeId tid, Link traits)
{
    Links()[tid.GetUid()] = std::move(traits);
    return true;
}

const AlgorithmTraits::Source&
AlgorithmTraits::GetSource(TypeId tid)
{
    const Source* traits = Find(Sources(), tid);
    return traits ? *traits : DefaultSource();
}

bool
AlgorithmTraits::HasSource(TypeId tid)
{
    return Find(Sources(), tid) != nullptr;
}

const AlgorithmTraits::Link&
AlgorithmTraits::GetLink(TypeId tid)
{
    static const Link fifo;
    const Link* traits = Find(Links(), tid);
    return traits ? *traits : fifo;
}

AlgorithmTraits::Link
AlgorithmTraits::GetLinkOf(Ptr<QueueDisc> disc)
{
    const Link& traits = GetLink(disc->GetInstanceTypeId());
    return traits.ofInstance ? traits.ofInstance(disc) : traits;
}

double
AlgorithmTraits::VegasWeight(double alpha, Time alphaTimeUnit, double d)
{
    return alphaTimeUnit.IsZero() ? alpha : alpha * d / alphaTimeUnit.GetSeconds();
}

} // namespace ns3
