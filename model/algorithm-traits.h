/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ALGORITHM_TRAITS_H
#define ALGORITHM_TRAITS_H

#include "ns3/attribute.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class FluidLinkLaw;
class FluidSourceLaw;
class Node;
class QueueDisc;
class TcpCongestionOps;

/**
 * \ingroup dualcc
 *
 * \brief What the testbed needs to know about an algorithm, registered by the algorithm's own
 * file (or, when it installs helper classes, by that helper's file: TcpMonaco's by
 * helper/monaco-helper.cc, since a model/ file may not use helper/) and looked up by TypeId: how to
 * configure it from a network description, what it adds to each flow, and its terms in the duality
 * model.
 *
 * A source algorithm (a TcpCongestionOps) declares
 * - Configure: the testbed's defaults for its attributes and what a flow adds (e.g. TcpDualVegas'
 *   PropagationDelay = the flow's true base RTT with BaseRttEstimator Fixed), set before the
 *   class' own attributes (which override them);
 * - Keywords: the words of the description's text format that stand for its attributes (e.g.
 *   TcpDualVegas' alpha=<packets> for Alpha and Beta), so that files keep their short form;
 * - Check: what is wrong with a configured object, with the valid range ("" if nothing);
 * - Weight: the source's weight w_s (packets kept in the path: alpha per RTT, or alpha d / unit
 *   per time unit, for Vegas) in the duality model, read from the configured object (so that
 * `tcp.Alpha=4` moves simulation and model alike) and its round-trip propagation delay d_s;
 * - Companions: applications it needs beside each flow (e.g. control-packet agents);
 * - FluidLaw: its law in the fluid model (FluidModel), from the configured object.
 *
 * A link algorithm (a QueueDisc) declares
 * - CapacityFactor: the fraction of the link capacity its price drives the load to (1 for a
 *   queue whose price is its queueing delay; gamma for a virtual-capacity AQM such as AVQ);
 * - PhysicalPrice: whether its price is the physical queueing delay (backlog = p c and the
 *   delay adds to the RTT, FIFO/DropTail) or a virtual one (marks, a virtual queue: the link
 *   holds about no backlog and adds no delay);
 * - StandingBacklog: for a virtual price, the backlog the link still holds at equilibrium
 *   (REM with a queue reference: QueueRef; its delay b / c adds to the RTT);
 * - AssignStreams: how to fix its random streams, if it draws any;
 * - FluidLaw: its price law in the fluid model (FluidModel), from the configured disc.
 *
 * A TypeId without traits inherits those of its nearest registered parent; a TcpCongestionOps
 * with none is modelled as a Vegas source with alpha = DEFAULT_ALPHA packets per RTT. ns-3's
 * FIFO-like discs, which only drop at a full buffer (FifoQueueDisc, PfifoFastQueueDisc and the
 * classful PrioQueueDisc, whose children are discs of their own), are registered as FIFOs here.
 * A QueueDisc with none (e.g. TbfQueueDisc, which shapes, or CoDelQueueDisc, which drops by
 * sojourn time) is not described by the model: GetLink() returns a FIFO's traits, and
 * DescribeUnmodelledLink() says why the model refuses it (HasLink()).
 */
class AlgorithmTraits
{
  public:
    /// Attributes of an ns-3 object, in order: each a name and a typed value.
    using AttributeList = std::vector<std::pair<std::string, Ptr<const AttributeValue>>>;

    /// What a flow's source is besides its attributes (the testbed's or a network's facts).
    struct SourceFields
    {
        Time trueBaseRtt;          //!< the flow's true round trip without queueing
        uint32_t packetSize{1000}; //!< bytes of a data packet on the wire (PPP + IPv4 + TCP)
        bool ecn{false};           //!< both ends are ECN-capable (the class' ecn=on)
    };

    /// The value of a keyword (see Keyword): a word, a number or a time.
    struct KeywordValue
    {
        /// What the value is.
        enum Kind
        {
            WORD,   //!< a word (e.g. "fixed")
            NUMBER, //!< a number
            TIME,   //!< a time
        };

        /// \param w a word (e.g. "rtt", "fixed")
        KeywordValue(const char* w)
            : kind(WORD),
              word(w)
        {
        }

        /// \param x a number (e.g. alpha, packets)
        KeywordValue(double x)
            : kind(NUMBER),
              number(x)
        {
        }

        /// \param t a time (e.g. alphaUnit)
        KeywordValue(Time t)
            : kind(TIME),
              time(t)
        {
        }

        Kind kind;        //!< what the value is
        std::string word; //!< WORD: the word
        double number{0}; //!< NUMBER: the number
        Time time;        //!< TIME: the time
    };

    /// A keyword of the testbed's text format standing for attributes of the source (e.g.
    /// TcpDualVegas' alpha=<packets>: Alpha and Beta), and its typed form (ClassSpec's
    /// SetTcpKeyword()).
    struct Keyword
    {
        std::string name;               //!< the keyword (e.g. "alpha")
        std::vector<std::string> words; //!< the words it takes (e.g. "measured", "fixed")
        double maxNumber{0};            //!< > 0: it takes a number in (0, maxNumber]
        bool time{false};               //!< it takes a time > 0
        /// the attributes \p value (valid as above) stands for, appended to \p attributes; ""
        /// or what is wrong with it, and the valid range
        std::function<std::string(const KeywordValue& value, AttributeList& attributes)> set;
    };

    /// What a flow is made of, for companion applications.
    struct Flow
    {
        Ptr<Node> source;                 //!< source host
        Ptr<Node> sink;                   //!< sink host
        Ptr<TcpCongestionOps> congestion; //!< the source's congestion control
        Time start;                       //!< when the source starts
        Time stop;                        //!< when it stops (zero: never)
        bool sourceLocal{true}; //!< this MPI rank simulates the source host (always without MPI)
        bool sinkLocal{true};   //!< this MPI rank simulates the sink host (always without MPI)
    };

    /// Traits of a source algorithm.
    struct Source
    {
        /// set the testbed's defaults and what the flow \p fields describe adds, given the class'
        /// attributes (which are set after these, and override them; null: none)
        std::function<void(ObjectFactory&, const AttributeList&, const SourceFields&)> configure;
        /// "" or what is wrong with the fields or the configured object, and the valid range
        /// (null: nothing can be wrong)
        std::function<std::string(Ptr<TcpCongestionOps>, const SourceFields&)> check;
        /// weight w_s, packets, of the configured object with round-trip propagation delay d (s)
        std::function<double(Ptr<TcpCongestionOps>, const SourceFields&, double)> weight;
        /// install what the flow needs beside it (null: nothing)
        std::function<void(const Flow&)> companions;
        /// whether the source needs out-of-band priority (its control packets must skip the
        /// data queue) in every queue disc its data and its reverse control packets cross
        bool needsOutOfBand{false};
        /// bytes on the wire the source's control packets put on every link of its data path
        /// once per round trip, besides its data (Monaco: its OB and IB, 2 x 70 bytes); the
        /// duality model counts them as load (DualityModel::SetOverhead())
        double controlBytesPerRtt{0};
        /// the keywords of the text format that stand for its attributes, in the order a
        /// statement's are read (e.g. alpha= before beta=, which overrides the Beta it sets)
        std::vector<Keyword> keywords{};
        /// the source's law in the fluid model (FluidModel), made from the configured object
        /// with round-trip propagation delay d (s), so that its attributes move the fluid model
        /// as they move the duality model (null: the fluid model does not describe the source).
        /// Last, so that the registrations that list the fields in order keep their meaning.
        std::function<std::shared_ptr<const FluidSourceLaw>(Ptr<TcpCongestionOps>,
                                                            const SourceFields&,
                                                            double)>
            fluidLaw{nullptr};
    };

    /// Traits of a link algorithm.
    struct Link
    {
        /// fraction of the capacity the price drives the load to (null: 1)
        std::function<double(Ptr<QueueDisc>)> capacityFactor;
        /// whether the price is the physical queueing delay (backlog = p c)
        bool physicalPrice{true};
        /// fix the disc's random streams from the given one, return how many (null: none)
        std::function<int64_t(Ptr<QueueDisc>, int64_t)> assignStreams;
        /// whether the disc serves out-of-band (DSCP EF) packets ahead of the data
        bool outOfBandPriority{false};
        /// the traits of a given disc, when they depend on the disc itself (e.g. a classful disc
        /// that takes its child's price; null: these; see GetLinkOf())
        std::function<Link(Ptr<QueueDisc>)> ofInstance{nullptr};
        /// whether the disc writes its price into the in-band control packets (AVD's virtual
        /// delay): a source needing out-of-band priority needs none there, since its OB and IB
        /// wait in the same FIFO and the price travels in the IB
        bool inBandPrice{false};
        /// for a virtual price: the backlog, packets, the link holds at equilibrium, given the
        /// model's packet size in bytes (null: none; e.g. REM's QueueRef). Last, so that the
        /// registrations that list the fields in order keep their meaning.
        std::function<double(Ptr<QueueDisc>, double)> standingBacklog{nullptr};
        /// the link's price law in the fluid model (FluidModel), made from the configured disc
        /// (null, or a null law: the fluid model does not describe the disc). Last, as
        /// standingBacklog.
        std::function<std::shared_ptr<const FluidLinkLaw>(Ptr<QueueDisc>)> fluidLaw{nullptr};
    };

    /**
     * Register the traits of a source algorithm (call from a static initializer in its file).
     * \param tid the TcpCongestionOps' TypeId
     * \param traits its traits
     * \return true
     */
    static bool RegisterSource(TypeId tid, Source traits);
    /**
     * Register the traits of a link algorithm.
     * \param tid the QueueDisc's TypeId
     * \param traits its traits
     * \return true
     */
    static bool RegisterLink(TypeId tid, Link traits);

    /// \param tid a TcpCongestionOps TypeId \return its traits (or a parent's, or Vegas')
    static const Source& GetSource(TypeId tid);
    /// \param tid a QueueDisc TypeId \return its traits (or a parent's, or a FIFO's)
    static const Link& GetLink(TypeId tid);
    /**
     * The traits of a queue disc as configured: those of its TypeId (GetLink()), or what their
     * ofInstance makes of \p disc (e.g. PriorityObQueueDisc's: its child's price).
     * \param disc a queue disc
     * \return its traits
     */
    static Link GetLinkOf(Ptr<QueueDisc> disc);
    /// \param tid a TypeId \return whether it or a parent registered source traits
    static bool HasSource(TypeId tid);
    /// \param tid a TypeId \return whether it or a parent registered link traits
    static bool HasLink(TypeId tid);
    /**
     * Why the duality model does not describe a queue disc type, for a refusal.
     * \param tid a QueueDisc TypeId
     * \return "" if it or a parent registered link traits; else "<type> has no link traits
     *         (...); valid: a modelled disc (<the registered ones>), or register its traits
     *         with AlgorithmTraits::RegisterLink()"
     */
    static std::string DescribeUnmodelledLink(TypeId tid);
    /**
     * The attributes a keyword of a source stands for.
     * \param tid the TcpCongestionOps' TypeId
     * \param name the keyword (e.g. "alpha")
     * \param value its value
     * \param attributes where the attributes are appended
     * \return "" or what is wrong ("<name>=<value>: ...; valid: ..."), e.g. an unknown keyword
     */
    static std::string SetKeyword(TypeId tid,
                                  const std::string& name,
                                  const KeywordValue& value,
                                  AttributeList& attributes);
    /// \param tid a TcpCongestionOps TypeId \return its keywords' names, comma-separated
    static std::string GetKeywordNames(TypeId tid);

    /**
     * Vegas' weight: alpha d per RTT, or alpha d / unit (weighted proportional fairness).
     * \param alpha alpha, packets
     * \param alphaTimeUnit zero (per RTT) or the time unit
     * \param d round-trip propagation delay, s
     * \return the weight, packets
     */
    static double VegasWeight(double alpha, Time alphaTimeUnit, double d);

    /// alpha = beta of a Vegas source unless a class sets them (the Vegas paper's 2), packets
    static constexpr double DEFAULT_ALPHA = 2;
    /// the largest alpha= and beta= of the text format, packets
    static constexpr double MAX_ALPHA = 1000;
};

} // namespace ns3

#endif /* ALGORITHM_TRAITS_H */
