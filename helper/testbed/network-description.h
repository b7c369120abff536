/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETWORK_DESCRIPTION_H
#define NETWORK_DESCRIPTION_H

#include "ns3/algorithm-traits.h"
#include "ns3/attribute.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <iosfwd>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class QueueDisc;

/**
 * \ingroup dualcc
 *
 * \brief A multi-link network of persistent flows: routers joined by links, classes of flows
 * routed over them. NetworkHelper builds and measures it; FiveClassScenario and SixClassScenario
 * fill one in; Parse() reads one from the text format below.
 *
 * Every flow has its own source host and its own sink host (as in the papers), attached by
 * access links of rate AccessRate to the first and to the last router of its class' route. The
 * sink's access link has delay SinkAccessDelay; the source's access delay is chosen so that the
 * flow's round-trip propagation delay is the class' rtt:
 * source access delay = rtt/2 - (sum of the route's link delays) - SinkAccessDelay.
 * Every link is full duplex (ACKs travel the reverse direction at the same delay, and at the
 * same rate unless reverseRate says otherwise).
 *
 * Text format: one statement a line, `#` starts a comment, values use ns-3's syntax
 * (`2.4Gbps`, `15ms`):
 *
 *     set packetSize=1000 accessRate=100Mbps sinkAccessDelay=1ms startJitter=100ms
 *         [accessJitter=<Time>] [accessJitterCorrelation=<Time>]
 *     link <name> <from-router> <to-router> rate=<DataRate> delay=<Time>
 *          [buffer=unlimited|<packets>] [queue=<QueueDisc TypeId>] [queue.<Attribute>=<value>]...
 *          [queue.class<i>=<QueueDisc TypeId>] [queue.class<i>.<...>=<value>]...
 *          [queue.filter=<PacketFilter TypeId>[,...]]
 *          [reverseRate=<DataRate>] [reverseBuffer=unlimited|<packets>]
 *          [reverseQueue=<QueueDisc TypeId>] [reverseQueue.<...>=<value>]...
 *     class <name> flows=<n> route=<link>,<link>,... rtt=<Time>[..<Time>] [start=<Time>]
 *          [stop=<Time>] [direction=forward|reverse]
 *          [tcp=<TcpCongestionOps TypeId>] [alpha=<packets>] [beta=<packets>]
 *          [alphaUnit=rtt|<Time>] [baseRtt=measured|fixed] [rttSample=mean|minimum]
 *          [ecn=off|on] [subPacket=off|on] [tcp.<Attribute>=<value>]...
 *          [traffic=persistent|short] [arrivalRate=<flows/s>] [size=<packets>]
 *          [sizeDistribution=fixed|exponential|pareto] [paretoShape=<shape>]
 *          [paretoBound=<packets>]
 *          [traffic=web connections=<n> [embedded=<objects>] [embeddedDistribution=fixed|pareto]
 *           [embeddedShape=<shape>] [activeOff=<Time>] [activeOffDistribution=fixed|weibull]
 *           [activeOffShape=<shape>] [think=<Time>]
 *           [thinkDistribution=fixed|pareto|exponential]
 *           [thinkShape=<shape>]]
 *     at <Time> link <name> [delay=<Time>] [rate=<DataRate>] [reverseRate=<DataRate>]
 *
 * - packetSize: bytes of a data packet on the wire (TCP payload + 42 bytes of TCP/IP/PPP
 *   headers), default 1000 (the papers' 1 KB packets; ns-2 counts headers in packetSize_);
 * - queue: default ns3::FifoQueueDisc; buffer: its limit in packets (default unlimited);
 * - queue.<Attribute>=<value>: an attribute of the link's queue disc, in ns-3's string form
 *   (e.g. `queue=ns3::RemQueueDisc queue.Gamma=0.005 queue.UseEcn=true`), set after MaxSize;
 *   the parser turns it into the attribute's typed value (code sets typed values directly:
 *   QueueDiscSpec::Set(), ClassSpec::SetTcpAttribute());
 * - route: consecutive links, each starting at the router where the previous one ends;
 * - stop: 0 (default) means the end of the simulation;
 * - tcp: default ns3::TcpDualVegas; alpha, beta, alphaUnit, baseRtt and rttSample are its
 *   keywords (AlgorithmTraits::Source::keywords; ns3::TcpVegas takes alpha, beta and
 *   alphaUnit=rtt, other TCPs none), each standing for attributes (ClassSpec::SetTcpKeyword());
 * - alpha, beta: packets (Alpha and Beta; testbed defaults 2, and alpha= sets beta = alpha);
 * - alphaUnit: `rtt` (alpha packets kept in the path: proportional fairness) or a time unit such
 *   as `10ms` (alpha packets per unit: weighted PF, target alpha * baseRTT / unit);
 * - baseRtt: `measured` (BaseRttEstimator MinEver) or `fixed` (BaseRttEstimator Fixed; each
 *   flow's PropagationDelay is then its true round-trip propagation plus transmission times,
 *   the "hard-coded" baseRTT of the Vegas paper's §6.2, unless tcp.PropagationDelay= says);
 * - rttSample: TcpDualVegas' RttSample, `mean` (default here: the mean RTT of a round, as ns-2's
 *   Vegas that the papers simulated; with the minimum, sources underestimate the queueing delay,
 *   more so with more samples per round, and the queue settles above the model's) or `minimum`;
 * - ecn: `on` makes both ends of the class' connections ECN-capable (TcpSocketBase::UseEcn On)
 *   and gives the receivers the class' congestion-control object as well (TcpDualVegas with
 *   PriceSource=EcnMarks needs it at both ends); default `off`;
 * - subPacket: `on` gives the class' sources a TcpSubPacketSocket, whose ECN response follows
 *   RFC 3168 6.1.2 below two segments as ns-2's TCP (the window halves down to one segment; an
 *   ECN-Echo at one segment holds the next segment for the retransmission timer), so a flow can
 *   send less than a packet per round trip; needs ecn=on; default `off` (ns-3's TcpSocketBase,
 *   whose loss-based algorithms never go below two segments);
 * - tcp.<Attribute>=<value>: an attribute of the class' congestion-control object, in ns-3's
 *   string form (e.g. `tcp.PriceSource=EcnMarks tcp.Phi=1.1`), set after those above. The
 *   duality model reads the source's terms from the configured object (AlgorithmTraits), so
 *   `tcp.Alpha=4` moves simulation and model alike;
 * - queue.class<i>: the child queue disc of the root's class i (i = 0, 1, ... without gaps),
 *   with its own attributes, children and filters under `queue.class<i>.`; queue.filter: packet
 *   filters added to the root in order. A root with classes takes its limits from its children
 *   (buffer= is then refused: set queue.class<i>.MaxSize);
 * - reverseRate: capacity of the link's reverse direction (default: rate); reverseQueue,
 *   reverseBuffer: the queue disc at the receiving router for traffic running the link
 *   backwards. The reverse direction gets a queue disc (default FIFO, reverseBuffer packets)
 *   when one is given or when a class runs the link backwards; otherwise, as before, ACKs cross
 *   it with no queue disc and a device queue that never drops;
 * - rtt=<min>..<max>: each flow's round-trip propagation delay uniform in [min, max];
 * - direction=reverse: the flows run the route backwards, from the router where its last link
 *   ends to where its first begins (reverse traffic needs no second set of links);
 * - stop: the flows leave: their sources stop and their host interfaces go down, so that the
 *   data still in their socket buffers does not keep loading the network;
 * - traffic=short: `flows` host pairs carry flows arriving as a Poisson process of arrivalRate
 *   flows/s (the class total, split evenly), each of size packets (fixed, or exponential or
 *   Pareto with that mean); the duality model leaves short classes out. paretoBound: the
 *   Pareto law truncated to [scale, paretoBound] packets (draws above it are drawn again;
 *   BoundedPareto), its scale chosen so that the truncated law's mean is size (< paretoBound);
 *   a bounded law may have any paretoShape in (0, 100] (its mean is finite). Default: none,
 *   the unbounded law of scale size (a - 1) / a (a draw above MAX_FLOW_SIZE aborts the run;
 *   web objects: redrawn above MAX_FLOW_SIZE, the scale unchanged);
 * - traffic=web: `flows` host pairs (access links) carry `connections` closed-loop web
 *   sessions (the class total, split evenly: host i gets connections/flows, one more for the
 *   first connections % flows hosts; 1 <= flows <= connections <= MAX_CONNECTIONS), after
 *   SURGE (ShortFlowApplication, Sessions): each session thinks, then fetches a page (a main
 *   object and `embedded` embedded objects, each an active OFF time after the previous one's
 *   completion), thinks, and so on. Each object is a new TCP connection from the source host
 *   (the server) to the sink host (the client), of size= packets (mean; sizeDistribution and
 *   paretoShape as for short flows; web defaults: pareto, size=12, paretoShape=1.2).
 *   embedded: mean embedded objects per page, in [0, 1000] (default 1.7; pareto: rounded
 *   Pareto draws with shape embeddedShape in (1, 100], default 2.43, and mean > 0; fixed:
 *   rounded to a whole number). activeOff: mean time from an object's completion to the next
 *   embedded object's request (default 5540ms; weibull: shape activeOffShape in [0.1, 10],
 *   default 0.382). think: mean think time before each page, the first included (default 3s;
 *   pareto: shape thinkShape in (1, 100], default 1.5, mean > 0; exponential: mean > 0). With
 *   embedded=0 embeddedDistribution=fixed and an exponential think time a session is an on-off
 *   source: a file (one object, of size= packets), then an OFF time, and so on (the Vegas
 *   paper's §6.1.3 mice, each file a new connection). The defaults are SURGE's
 *   (Barford and Crovella, SIGMETRICS 1998); tcp= defaults to ns3::TcpNewReno for a web class
 *   (the Monaco paper does not say what its web traffic ran). With rtt=<min>..<max>, the hosts'
 *   round trips are spread evenly over the range: host i of n has min + (max - min) i / (n - 1)
 *   (the Monaco paper's access links "evenly ranging from 1 to 100 ms"). The duality model
 *   leaves web classes out, as short ones;
 * - at <Time> link <name>: at that time the link's propagation delay and/or rates change
 *   (TestbedModelBuilder::BuildModel() describes the network before any event,
 *   TestbedModelBuilder::BuildPeriodModel() as the events up to the period left it).
 *
 * Attribute names and values are checked against the TypeId when the description is
 * validated, so a typo is an error naming the line, not a crash at Install().
 *
 * Limits (bad input is an std::invalid_argument "<file>:<line>: <field>: <what is wrong>;
 * valid: <range>", never a crash, a hang or a silently wrong run):
 * - numbers are plain decimals (no nan, inf, hex or trailing junk); counts (flows, buffer,
 *   packetSize) are whole numbers written with digits only;
 * - times have a unit (s, ms, us, ns, ps, fs, min, h, d, y), are finite, >= 0 and at most
 *   MAX_TIME_SECONDS (1e6 s), so that ns-3's Time cannot wrap;
 * - rates are within [MIN_RATE_BPS, MAX_RATE_BPS] (1 kb/s to 1 Tb/s);
 * - packetSize is in (HEADER_BYTES, MAX_PACKET_SIZE]: a packet fits the 1500-byte MTU of the
 *   point-to-point links (1500 bytes of IPv4 packet plus 2 bytes of PPP header);
 * - flows >= 1 per class and at most MAX_FLOWS in total; at most MAX_LINKS links and
 *   MAX_CLASSES classes; buffer and queue.MaxSize at most MAX_BUFFER_PACKETS packets;
 * - alpha and beta are in (0, AlgorithmTraits::MAX_ALPHA] packets;
 * - queue= must name a QueueDisc with a MaxSize attribute, tcp= a TcpCongestionOps; queue.MaxSize
 *   cannot be given with buffer=; a tcp.X= after a keyword that sets X wins;
 * - a class of short flows or web sessions takes no keyword and no tcp.X= (its flows create
 *   their congestion control by type);
 * - a route is a simple path: it visits no router twice (a loop would make the host routes of
 *   its flows overwrite each other);
 * - a class must start before the end of the run (checked by NetworkHelper::Install(), which
 *   knows the end);
 * - a class whose tcp= needs out-of-band priority (AlgorithmTraits::Source::needsOutOfBand,
 *   e.g. Monaco) needs a queue disc with it (queue=ns3::PriorityObQueueDisc) on every link
 *   direction its data cross, and on every direction with a queue disc that its reverse control
 *   packets cross (the reverse direction of a forward class' links, when reverseQueue=,
 *   reverseBuffer= or a reverse class gives it one).
 */
class NetworkDescription
{
  public:
    /// Attributes of an ns-3 object, in order: each a name and a typed value (e.g. a DoubleValue;
    /// the parser's StringValue until the validator has checked and typed it).
    using Attributes = AlgorithmTraits::AttributeList;

    /**
     * \param typeName a registered TypeId
     * \param name one of its attributes
     * \param value a value for it (typed, or a StringValue in ns-3's string form)
     * \return the value typed and checked by the attribute's own checker; throws
     *         std::invalid_argument "<typeName>::<name>: ..." if the type, the attribute or the
     *         value is not valid
     */
    static Ptr<const AttributeValue> MakeAttribute(const std::string& typeName,
                                                   const std::string& name,
                                                   const AttributeValue& value);
    /**
     * \param typeName a registered TypeId with the attribute \p name
     * \param name the attribute
     * \param value its value
     * \return the value in the text format, exact (doubles with as many digits as they need
     *         to read back the same, times in nanoseconds)
     */
    static std::string GetAttributeText(const std::string& typeName,
                                        const std::string& name,
                                        const AttributeValue& value);

    /**
     * A queue disc and what hangs under it: attributes, one child queue disc per queue-disc
     * class (band 0 first, e.g. the two bands of an ns3::PrioQueueDisc) and packet filters.
     * Text form, under a prefix P (`queue` or `reverseQueue`): `P=<TypeId>`, `P.<Attribute>=v`,
     * `P.class<i>=<TypeId>` and `P.class<i>.<...>` for child i (recursively),
     * `P.filter=<PacketFilter TypeId>[,<TypeId>...]`.
     */
    struct QueueDiscSpec
    {
        std::string type;                   //!< QueueDisc TypeId (empty: none)
        Attributes attributes;              //!< attributes, in order
        std::vector<QueueDiscSpec> classes; //!< child queue disc of each class, in order
        std::vector<std::string> filters;   //!< PacketFilter TypeIds, in order

        /**
         * Add an attribute of \p type, checked now (MakeAttribute()).
         * \param name the attribute
         * \param value its value
         * \return this spec; throws std::invalid_argument if the attribute or value is bad
         */
        QueueDiscSpec& Set(const std::string& name, const AttributeValue& value);

        /**
         * Create the queue disc tree: the root of \p type with its attributes (after
         * SizeAccounting FixedPacketSize, ns-2's accounting, for discs that have it), one
         * QueueDiscClass per child (created likewise) and the packet filters.
         * \return the root queue disc (not yet installed)
         */
        Ptr<QueueDisc> Create() const;
    };

    /// A link between two routers.
    struct LinkSpec
    {
        std::string name;                            //!< name (e.g. "LA")
        std::string from;                            //!< router at the sending end
        std::string to;                              //!< router at the receiving end
        DataRate rate;                               //!< capacity
        Time delay;                                  //!< one-way propagation delay
        uint32_t bufferPackets{0};                   //!< queue disc limit, packets (0: unlimited)
        std::string queueDisc{"ns3::FifoQueueDisc"}; //!< queue disc TypeId at the sending end
        Attributes queueAttributes; //!< further attributes of the queue disc, in order
        /// child queue discs of the queue disc's classes (a queue-disc tree), in order
        std::vector<QueueDiscSpec> queueClasses;
        std::vector<std::string> queueFilters; //!< packet filters of the queue disc, in order
        DataRate reverseRate{0};               //!< capacity from \p to to \p from (0: rate)
        /// queue disc at the receiving end, for traffic running the link backwards (type empty:
        /// a FIFO of reverseBufferPackets if a class runs the link backwards, else none)
        QueueDiscSpec reverseQueue;
        uint32_t reverseBufferPackets{0}; //!< reverse queue disc limit, packets (0: unlimited)
        std::string source; //!< where it was read (Parse(): the file name; empty if built in code)
        uint32_t line{0};   //!< line of the statement in \p source (0: built in code)

        /// \return the capacity from \p to to \p from
        DataRate GetReverseRate() const
        {
            return reverseRate.GetBitRate() == 0 ? rate : reverseRate;
        }

        /// \return the root queue disc of the forward direction as a QueueDiscSpec
        QueueDiscSpec GetQueue() const
        {
            return {queueDisc, queueAttributes, queueClasses, queueFilters};
        }
    };

    /// How a class' flows send.
    enum class Traffic
    {
        PERSISTENT, //!< one long-lived flow per source (PersistentFlowApplication)
        SHORT,      //!< flows arriving as a Poisson process (ShortFlowApplication)
        WEB,        //!< closed-loop web sessions (ShortFlowApplication's Sessions)
    };

    /// Distribution of a short flow's size.
    enum class SizeDistribution
    {
        FIXED,       //!< every flow has the mean size
        EXPONENTIAL, //!< exponential with the mean size (rounded up to whole packets)
        PARETO,      //!< Pareto with the mean size and shape paretoShape (> 1)
        /// lognormal body with a Pareto tail (SURGE's file sizes; lognormalMu, lognormalSigma,
        /// tailCut, tailShape; LognormalParetoRandomVariable), drawn again above MAX_FLOW_SIZE
        LOGNORMAL_PARETO,
    };

    /// Distribution of a web session's think time (in the order of the text format's words).
    enum class ThinkDistribution
    {
        FIXED,       //!< every think time is the mean
        PARETO,      //!< Pareto with the mean and shape thinkShape (> 1; SURGE's)
        EXPONENTIAL, //!< exponential with the mean (an on-off source's OFF time)
    };

    /// A class of identical flows.
    struct ClassSpec
    {
        std::string name;                     //!< name (e.g. "1a")
        uint32_t flows{1};                    //!< number of flows
        std::vector<std::string> route;       //!< link names, in order
        Time rtt;                             //!< round-trip propagation delay of each flow
        Time start;                           //!< start time
        Time stop;                            //!< stop time (zero: end of the simulation)
        std::string tcp{"ns3::TcpDualVegas"}; //!< congestion-control TypeId
        bool ecn{false};          //!< both ends ECN-capable, receivers run the class' TCP
        bool subPacket{false};    //!< sources use TcpSubPacketSocket (RFC 3168 6.1.2)
        Attributes tcpAttributes; //!< further attributes of the congestion control, in order
        bool reverse{false};      //!< the flows run the route backwards (from its last router)
        Time rttMax;              //!< zero: every flow has rtt; else uniform in [rtt, rttMax]
        Traffic traffic{Traffic::PERSISTENT}; //!< persistent or short flows
        double arrivalRate{0};                //!< SHORT: Poisson arrivals, flows/s (class total)
        double meanSize{20};                  //!< SHORT: mean flow size, packets
        SizeDistribution sizeDistribution{SizeDistribution::FIXED}; //!< SHORT: size law
        double paretoShape{1.5};                                    //!< SHORT, PARETO: shape
        double paretoBound{0}; //!< SHORT, PARETO: truncation, packets (0: none; mean = size)
        double lognormalMu{WEB_LOGNORMAL_MU};       //!< LOGNORMAL_PARETO: body's mean of ln bytes
        double lognormalSigma{WEB_LOGNORMAL_SIGMA}; //!< LOGNORMAL_PARETO: body's sd of ln bytes
        double tailCut{WEB_TAIL_CUT};               //!< LOGNORMAL_PARETO: tail's scale, bytes
        double tailShape{WEB_TAIL_SHAPE};           //!< LOGNORMAL_PARETO: tail's Pareto shape
        uint32_t connections{0};       //!< WEB: web sessions, class total (split over the hosts)
        double embedded{WEB_EMBEDDED}; //!< WEB: mean embedded objects per page
        bool embeddedPareto{true};     //!< WEB: embedded objects Pareto (else fixed)
        double embeddedShape{WEB_EMBEDDED_SHAPE};        //!< WEB: their Pareto shape
        Time activeOff{MilliSeconds(WEB_ACTIVE_OFF_MS)}; //!< WEB: mean active OFF time
        bool activeOffWeibull{true};                     //!< WEB: active OFF Weibull (else fixed)
        double activeOffShape{WEB_ACTIVE_OFF_SHAPE};     //!< WEB: its Weibull shape
        Time think{Seconds(WEB_THINK_S)};                //!< WEB: mean think time
        ThinkDistribution thinkDistribution{ThinkDistribution::PARETO}; //!< WEB: think law
        double thinkShape{WEB_THINK_SHAPE};                             //!< WEB: its Pareto shape
        std::string source; //!< where it was read (Parse(): the file name; empty if built in code)
        uint32_t line{0};   //!< line of the statement in \p source (0: built in code)

        /**
         * Add an attribute of the congestion control \p tcp, checked now (MakeAttribute()).
         * \param name the attribute
         * \param value its value
         * \return this class; throws std::invalid_argument if the attribute or value is bad
         */
        ClassSpec& SetTcpAttribute(const std::string& name, const AttributeValue& value);
        /**
         * Add the attributes a keyword of the congestion control \p tcp stands for, as the
         * text format's `<keyword>=<value>` does (AlgorithmTraits::Source::keywords; e.g.
         * TcpDualVegas' SetTcpKeyword("alpha", 3.0): Alpha and Beta 3 packets,
         * SetTcpKeyword("alphaUnit", MilliSeconds(10)), SetTcpKeyword("baseRtt", "fixed")).
         * \param keyword the keyword
         * \param value its value
         * \return this class; throws std::invalid_argument if \p tcp has no such keyword or the
         *         value is bad
         */
        ClassSpec& SetTcpKeyword(const std::string& keyword,
                                 const AlgorithmTraits::KeywordValue& value);
    };

    /// A change of a link at a given time.
    struct EventSpec
    {
        Time at;                 //!< when
        std::string link;        //!< which link
        bool setDelay{false};    //!< whether the delay changes
        Time delay;              //!< the new one-way propagation delay
        DataRate rate{0};        //!< the new forward capacity (0: unchanged)
        DataRate reverseRate{0}; //!< the new reverse capacity (0: unchanged)
        std::string source;      //!< where it was read (empty if built in code)
        uint32_t line{0};        //!< line of the statement (0: built in code)
    };

    uint32_t packetSize{1000};             //!< bytes of a data packet on the wire
    DataRate accessRate{"100Mbps"};        //!< host-router link rate
    Time sinkAccessDelay{MilliSeconds(1)}; //!< router-sink link one-way delay
    Time startJitter{MilliSeconds(100)};   //!< flows start uniformly in [start, start + jitter]
    /// standard deviation of a zero-mean Gaussian jitter on every source's access link, in the
    /// data direction (JitterPointToPointChannel; zero: none)
    Time accessJitter{0};
    /// the access jitter's correlation time (JitterPointToPointChannel; zero: independent)
    Time accessJitterCorrelation{0};
    /// per field of a description's set line (sinkAccessDelay, startJitter, ...), "<file>:<line>"
    /// of the line that gave it, for messages about it (empty: built in code)
    std::map<std::string, std::string> setLocations;
    std::vector<LinkSpec> links;    //!< links
    std::vector<ClassSpec> classes; //!< classes
    std::vector<EventSpec> events;  //!< link changes, in order of statement

    /**
     * Read a description in the text format.
     * \param in the text
     * \param sourceName name used in error messages (e.g. the file name)
     * \return the description; throws std::invalid_argument "<source>:<line>: <what>"
     */
    static NetworkDescription Parse(std::istream& in, const std::string& sourceName = "topology");
    /**
     * Read a description file.
     * \param path the file
     * \return the description; throws std::invalid_argument if unreadable or invalid
     */
    static NetworkDescription ParseFile(const std::string& path);

    /// Write the description in the text format (Parse() reads it back).
    /// \param os the stream
    void Write(std::ostream& os) const;

    /**
     * Check consistency: unique names, known links, connected routes, positive rates and
     * counts, alpha <= beta, an RTT long enough for the route's delays, known TypeIds, and
     * queue./tcp. attributes that exist with valid values, routes through each router at most
     * once, and the limits of the class description.
     * Throws std::invalid_argument "<file>:<line>: class '<name>': <field> ...; valid: ..."
     * (without "<file>:<line>: " for links and classes built in code).
     */
    void Validate() const;

    /// \return the router names, in order of first appearance
    std::vector<std::string> GetRouters() const;
    /// \param name a link name \return its index; throws if unknown
    std::size_t GetLinkIndex(const std::string& name) const;
    /// \return the TCP payload of a data packet: packetSize - HEADER_BYTES
    uint32_t GetSegmentSize() const;
    /**
     * \param spec a class
     * \return the one-way delay of its source's access link (see the class description)
     */
    Time GetSourceAccessDelay(const ClassSpec& spec) const;
    /**
     * \param spec a class
     * \return the transmission times of a data packet and its ACK along its path (access links
     *         at accessRate both ways, a route link at its rate in the data's direction and at
     *         the other direction's for the ACK)
     */
    Time GetTransmissionRtt(const ClassSpec& spec) const;
    /**
     * \param spec a class
     * \return the one-way propagation delay of its route (the sum of its links' delays)
     */
    Time GetRouteDelay(const ClassSpec& spec) const;
    /**
     * \param spec a class
     * \param trueBaseRtt a flow's true round trip without queueing (for baseRtt=fixed)
     * \param packetSize bytes of a data packet on the wire (the description's packetSize)
     * \return what a flow of the class is besides its attributes (AlgorithmTraits::Source)
     */
    static AlgorithmTraits::SourceFields GetSourceFields(const ClassSpec& spec,
                                                         Time trueBaseRtt,
                                                         uint32_t packetSize);
    /**
     * The congestion control of a flow of a class: its traits' configure (the testbed's
     * defaults, what the flow adds), then the class' attributes.
     * \param spec a class
     * \param fields the flow (GetSourceFields())
     * \return the factory of the flow's congestion control
     */
    static ObjectFactory GetTcpFactory(const ClassSpec& spec,
                                       const AlgorithmTraits::SourceFields& fields);

    /**
     * \param link a link
     * \return "<file>:<line>: link '<name>'" (or "link '<name>'" if it was built in code), the
     *         start of its error messages
     */
    static std::string GetLocation(const LinkSpec& link);
    /**
     * \param spec a class
     * \return "<file>:<line>: class '<name>'" (or "class '<name>'" if it was built in code)
     */
    static std::string GetLocation(const ClassSpec& spec);
    /**
     * \param event an event
     * \return "<file>:<line>: event at <time>" (or "event at <time>" if built in code)
     */
    static std::string GetLocation(const EventSpec& event);
    /**
     * \param spec a class
     * \return the routers its flows enter and leave the network at (the ends of the route, in
     *         the direction the class runs it)
     */
    std::pair<std::string, std::string> GetClassEnds(const ClassSpec& spec) const;
    /// \param name a link \return whether some class runs it backwards
    bool IsUsedBackwards(const std::string& name) const;
    /// \return the total number of flows over all classes
    uint64_t GetTotalFlows() const;

    /**
     * Read a time in ns-3's syntax, strictly: a plain decimal number and a unit, finite,
     * >= 0 and <= MAX_TIME_SECONDS.
     * \param text the text (e.g. "15ms")
     * \param where the start of the error message (e.g. "file:3: delay")
     * \return the time; throws std::invalid_argument "<where>=<text>: ...; valid: ..." if bad
     */
    static Time ParseTime(const std::string& text, const std::string& where);
    /**
     * Read a data rate in ns-3's syntax, strictly, within [MIN_RATE_BPS, MAX_RATE_BPS].
     * \param text the text (e.g. "100Mbps")
     * \param where the start of the error message
     * \return the rate; throws std::invalid_argument if bad
     */
    static DataRate ParseRate(const std::string& text, const std::string& where);

    static constexpr uint32_t MAX_PACKET_SIZE = 1502;          //!< 1500-byte MTU + 2 bytes of PPP
    static constexpr uint64_t MAX_FLOWS = 10000;               //!< flows, total over the classes
    static constexpr std::size_t MAX_LINKS = 1000;             //!< links
    static constexpr std::size_t MAX_CLASSES = 1000;           //!< classes
    static constexpr uint32_t MAX_BUFFER_PACKETS = 1000000;    //!< buffer, packets
    static constexpr double MAX_TIME_SECONDS = 1e6;            //!< every time, seconds
    static constexpr uint64_t MIN_RATE_BPS = 1000;             //!< rates, bit/s
    static constexpr uint64_t MAX_RATE_BPS = 1000000000000ULL; //!< rates, bit/s
    static constexpr uint64_t MAX_QUEUE_CLASSES = 16;          //!< classes of a queue disc
    static constexpr double MAX_ARRIVAL_RATE = 1e6;            //!< short flows, flows/s
    static constexpr double MAX_FLOW_SIZE = 1e6;               //!< short flows' mean, packets
    static constexpr std::size_t MAX_EVENTS = 100000;          //!< events
    static constexpr uint32_t MAX_CONNECTIONS = 100000;        //!< web sessions of a class
    static constexpr double MAX_EMBEDDED = 1000;               //!< mean embedded objects
    static constexpr double MAX_LOGNORMAL_MU = 30;             //!< lognormalMu, ln bytes
    static constexpr double MAX_TAIL_CUT = 1e9;                //!< tailCut, bytes
    /// Web defaults (SURGE, Barford and Crovella, SIGMETRICS 1998): embedded objects per page
    /// Pareto with scale 1 and shape 2.43 (mean 2.43 / 1.43 = 1.70 objects).
    static constexpr double WEB_EMBEDDED = 1.7;
    static constexpr double WEB_EMBEDDED_SHAPE = 2.43; //!< SURGE's embedded objects' shape
    /// Active OFF: SURGE's Weibull with scale 1.46 s and shape 0.382, whose mean is
    /// 1.46 s x Gamma(1 + 1/0.382) = 5.54 s.
    static constexpr int64_t WEB_ACTIVE_OFF_MS = 5540;
    static constexpr double WEB_ACTIVE_OFF_SHAPE = 0.382; //!< SURGE's active OFF Weibull shape
    /// Think time (inactive OFF): SURGE's Pareto with scale 1 s and shape 1.5, mean 3 s.
    static constexpr double WEB_THINK_S = 3;
    static constexpr double WEB_THINK_SHAPE = 1.5; //!< SURGE's think time Pareto shape
    /// Object sizes of a web class unless size= says otherwise: Pareto (shape WEB_SIZE_SHAPE)
    /// with a mean of 12 packets (SURGE's lognormal body with a Pareto tail simplified).
    static constexpr double WEB_SIZE = 12;
    static constexpr double WEB_SIZE_SHAPE = 1.2; //!< web object sizes' Pareto shape
    /// SURGE's file sizes (Barford and Crovella, SIGMETRICS 1998, Table 1), the law
    /// sizeDistribution=lognormal-pareto: a lognormal body, mu = 9.357 and sigma = 1.318 of the
    /// natural log of the size in bytes, ...
    static constexpr double WEB_LOGNORMAL_MU = 9.357;
    static constexpr double WEB_LOGNORMAL_SIGMA = 1.318; //!< ... sigma 1.318, ...
    static constexpr double WEB_TAIL_CUT = 133000;       //!< ... a Pareto tail from k = 133 KB ...
    static constexpr double WEB_TAIL_SHAPE = 1.1;        //!< ... of shape alpha = 1.1

    /// TCP (20), IPv4 (20) and PPP (2) headers of a data packet (NetworkHelper turns TCP
    /// timestamps off: ns-3 stamps them in whole milliseconds, too coarse for Vegas' RTTs).
    static constexpr uint32_t HEADER_BYTES = 42;
    /// Bytes of a pure ACK on the wire (same headers, no payload).
    static constexpr uint32_t ACK_BYTES = 42;
};

} // namespace ns3

#endif /* NETWORK_DESCRIPTION_H */
