/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "algorithm-traits.h"

#include "fluid-link-law.h"
#include "fluid-red-law.h"
#include "fluid-source-law.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/fifo-queue-disc.h"
#include "ns3/pfifo-fast-queue-disc.h"
#include "ns3/pie-queue-disc.h"
#include "ns3/prio-queue-disc.h"
#include "ns3/queue-disc.h"
#include "ns3/red-queue-disc.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-vegas.h"
#include "ns3/uinteger.h"

#include <algorithm>
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

/// \return the traits of a TCP without registered ones: modelled as Vegas, DEFAULT_ALPHA per RTT
/// (no fluid law, but ns-3's TcpNewReno's)
const AlgorithmTraits::Source&
DefaultSource()
{
    static const AlgorithmTraits::Source traits = [] {
        AlgorithmTraits::Source t{
            nullptr,
            nullptr,
            [](Ptr<TcpCongestionOps>, const AlgorithmTraits::SourceFields&, double d) {
                return AlgorithmTraits::VegasWeight(AlgorithmTraits::DEFAULT_ALPHA, Time(0), d);
            },
            nullptr};
        // ns-3's TcpNewReno (itself, not the algorithms derived from it) has a fluid law:
        // Reno's, AVQ paper eq. 2; the others have none
        t.fluidLaw = [](Ptr<TcpCongestionOps> tcp,
                        const AlgorithmTraits::SourceFields&,
                        double) -> std::shared_ptr<const FluidSourceLaw> {
            if (tcp->GetInstanceTypeId() != TcpNewReno::GetTypeId())
            {
                return nullptr;
            }
            return std::make_shared<const FluidRenoLaw>();
        };
        return t;
    }();
    return traits;
}

/**
 * \param name alpha or beta
 * \param attribute Alpha or Beta
 * \return ns3::TcpVegas' keyword \p name: a whole number of packets for \p attribute (alpha=
 *         sets Beta too, as beta = alpha unless beta= says otherwise)
 */
AlgorithmTraits::Keyword
TcpVegasKeyword(const std::string& name, const std::string& attribute)
{
    return {name,
            {},
            AlgorithmTraits::MAX_ALPHA,
            false,
            [name, attribute](const AlgorithmTraits::KeywordValue& v,
                              AlgorithmTraits::AttributeList& attributes) -> std::string {
                if (v.number != std::floor(v.number))
                {
                    std::ostringstream os;
                    os << name << "=" << v.number
                       << ": ns3::TcpVegas takes whole alpha and beta per RTT only; valid: whole "
                          "numbers (or tcp=ns3::TcpDualVegas)";
                    return os.str();
                }
                const auto packets = Create<UintegerValue>(static_cast<uint32_t>(v.number));
                attributes.emplace_back(attribute, packets);
                if (name == "alpha")
                {
                    attributes.emplace_back("Beta", packets);
                }
                return "";
            }};
}

/// ns-3's own TcpVegas: whole alpha and beta per RTT (packets), as attributes Alpha and Beta; the
/// testbed's default is alpha = beta = 2 (ns-3's Beta is 4).
AlgorithmTraits::Source
TcpVegasTraits()
{
    AlgorithmTraits::Source traits{
        [](ObjectFactory& factory,
           const AlgorithmTraits::AttributeList&,
           const AlgorithmTraits::SourceFields&) {
            const auto packets = static_cast<uint32_t>(AlgorithmTraits::DEFAULT_ALPHA);
            factory.Set("Alpha", UintegerValue(packets));
            factory.Set("Beta", UintegerValue(packets));
        },
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&) -> std::string {
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
            return "";
        },
        [](Ptr<TcpCongestionOps> tcp, const AlgorithmTraits::SourceFields&, double) {
            UintegerValue alpha;
            tcp->GetAttribute("Alpha", alpha);
            return static_cast<double>(alpha.Get());
        },
        nullptr};
    traits.keywords = {TcpVegasKeyword("alpha", "Alpha"),
                       TcpVegasKeyword("beta", "Beta"),
                       {"alphaUnit",
                        {"rtt"},
                        0,
                        false,
                        [](const AlgorithmTraits::KeywordValue&, AlgorithmTraits::AttributeList&) {
                            return std::string(); // per RTT is all ns3::TcpVegas knows
                        }}};
    // Vegas' eq. 1 as a fluid law, with weight Alpha
    traits.fluidLaw = [weight = traits.weight](Ptr<TcpCongestionOps> tcp,
                                               const AlgorithmTraits::SourceFields& fields,
                                               double d) -> std::shared_ptr<const FluidSourceLaw> {
        return std::make_shared<const FluidVegasLaw>(weight(tcp, fields, d));
    };
    return traits;
}

const bool g_tcpVegas = AlgorithmTraits::RegisterSource(TcpVegas::GetTypeId(), TcpVegasTraits());

/**
 * \param k a keyword
 * \return what it takes, for messages (e.g. "rtt or a time > 0 (e.g. 10ms)")
 */
std::string
DescribeKeyword(const AlgorithmTraits::Keyword& k)
{
    std::ostringstream os;
    for (std::size_t i = 0; i < k.words.size(); ++i)
    {
        os << (i == 0 ? "" : ", ") << k.words[i];
    }
    const char* joint = k.words.empty() ? "" : " or ";
    if (k.maxNumber > 0)
    {
        os << joint << "a decimal number > 0 and <= " << k.maxNumber;
    }
    if (k.time)
    {
        os << joint << "a time > 0 (e.g. 10ms)";
    }
    return os.str();
}

/**
 * \param k a keyword
 * \param v a value
 * \return whether \p k takes \p v (one of its words, a number or a time in range)
 */
bool
Takes(const AlgorithmTraits::Keyword& k, const AlgorithmTraits::KeywordValue& v)
{
    switch (v.kind)
    {
    case AlgorithmTraits::KeywordValue::WORD:
        return std::find(k.words.begin(), k.words.end(), v.word) != k.words.end();
    case AlgorithmTraits::KeywordValue::NUMBER:
        return k.maxNumber > 0 && v.number > 0 && v.number <= k.maxNumber;
    default:
        return k.time && v.time.IsStrictlyPositive();
    }
}

/// ns-3's RED: a FIFO whose queue is physical; its drop/mark draws have a stream. Its fluid law
/// is Misra et al.'s (FluidRedLaw) with MinTh, MaxTh, 1 / LInterm, QW and Gentle, for the
/// configuration that law describes: MaxSize in packets, thresholds and QW set (> 0: ns-3
/// picks them from the link when 0 or negative, at initialization), no adaptive or nonlinear
/// variant (null otherwise: the fluid model refuses the disc).
/// \return the traits
AlgorithmTraits::Link
RedTraits()
{
    AlgorithmTraits::Link traits{nullptr, true, [](Ptr<QueueDisc> disc, int64_t stream) {
                                     return DynamicCast<RedQueueDisc>(disc)->AssignStreams(stream);
                                 }};
    traits.fluidLaw = [](Ptr<QueueDisc> disc) -> std::shared_ptr<const FluidLinkLaw> {
        auto get = [&disc](const std::string& name) {
            DoubleValue value;
            disc->GetAttribute(name, value);
            return value.Get();
        };
        auto flag = [&disc](const std::string& name) {
            BooleanValue value;
            disc->GetAttribute(name, value);
            return value.Get();
        };
        const bool adaptive =
            flag("ARED") || flag("AdaptMaxP") || flag("FengAdaptive") || flag("NLRED");
        if (disc->GetMaxSize().GetUnit() != QueueSizeUnit::PACKETS || adaptive ||
            !(get("MinTh") > 0 && get("MaxTh") > get("MinTh") && get("QW") > 0 && get("QW") < 1 &&
              get("LInterm") >= 1))
        {
            return nullptr;
        }
        return std::make_shared<const FluidRedLaw>(FluidRedLaw::Params{get("MinTh"),
                                                                       get("MaxTh"),
                                                                       1 / get("LInterm"),
                                                                       get("QW"),
                                                                       flag("Gentle")});
    };
    return traits;
}

/// ns-3's PIE: a FIFO whose queue is physical; its drop/mark draws have a stream.
const bool g_red = AlgorithmTraits::RegisterLink(RedQueueDisc::GetTypeId(), RedTraits());
/// ns-3's PIE: a FIFO whose queue is physical; its drop/mark draws have a stream.
const bool g_pie = AlgorithmTraits::RegisterLink(
    PieQueueDisc::GetTypeId(),
    {nullptr, true, [](Ptr<QueueDisc> disc, int64_t stream) {
         return DynamicCast<PieQueueDisc>(disc)->AssignStreams(stream);
     }});

/// ns-3's FIFO-like discs: each drops only at a full buffer (PfifoFast and Prio serve bands in
/// strict priority, the data in one band; Prio's children are checked as discs of their own).
/// Their fluid law is DropTail's (the price is the queueing delay).
/// \return the traits
AlgorithmTraits::Link
FifoTraits()
{
    AlgorithmTraits::Link traits;
    traits.fluidLaw = [](Ptr<QueueDisc>) { return std::make_shared<const FluidDropTailLaw>(); };
    return traits;
}

const bool g_fifo = AlgorithmTraits::RegisterLink(FifoQueueDisc::GetTypeId(), FifoTraits());
const bool g_pfifoFast =
    AlgorithmTraits::RegisterLink(PfifoFastQueueDisc::GetTypeId(), FifoTraits());
const bool g_prio = AlgorithmTraits::RegisterLink(PrioQueueDisc::GetTypeId(), FifoTraits());

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

std::string
AlgorithmTraits::SetKeyword(TypeId tid,
                            const std::string& name,
                            const KeywordValue& value,
                            AttributeList& attributes)
{
    const std::vector<Keyword>& keywords = GetSource(tid).keywords;
    const auto k = std::find_if(keywords.begin(), keywords.end(), [&name](const Keyword& k) {
        return k.name == name;
    });
    if (k == keywords.end())
    {
        const std::string names = GetKeywordNames(tid);
        return name + "= is not a keyword of tcp=" + tid.GetName() + "; valid: " +
               (names.empty() ? "none (set its attributes with tcp.<Attribute>=)" : names);
    }
    if (!Takes(*k, value))
    {
        std::ostringstream os;
        os << name << "=";
        switch (value.kind)
        {
        case KeywordValue::WORD:
            os << value.word;
            break;
        case KeywordValue::NUMBER:
            os << value.number;
            break;
        default:
            os << value.time.As(Time::MS);
        }
        os << " is out of range; valid: " << DescribeKeyword(*k);
        return os.str();
    }
    return k->set(value, attributes);
}

std::string
AlgorithmTraits::GetKeywordNames(TypeId tid)
{
    std::string names;
    for (const Keyword& k : GetSource(tid).keywords)
    {
        names += (names.empty() ? "" : ", ") + k.name;
    }
    return names;
}

bool
AlgorithmTraits::HasLink(TypeId tid)
{
    return Find(Links(), tid) != nullptr;
}

std::string
AlgorithmTraits::DescribeUnmodelledLink(TypeId tid)
{
    if (HasLink(tid))
    {
        return "";
    }
    std::vector<std::string> names;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId registered = TypeId::GetRegistered(i);
        if (Links().count(registered.GetUid()) != 0)
        {
            names.push_back(registered.GetName());
        }
    }
    std::sort(names.begin(), names.end());
    std::string modelled;
    for (const std::string& name : names)
    {
        modelled += (modelled.empty() ? "" : ", ") + name;
    }
    return tid.GetName() +
           " has no link traits: the duality model does not describe it (it may shape the "
           "link, or drop or mark before the buffer is full) and would take it for a FIFO of the "
           "link's full rate; valid: a modelled queue disc (" +
           modelled + "), or register its traits with AlgorithmTraits::RegisterLink()";
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
