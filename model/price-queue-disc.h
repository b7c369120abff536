/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PRICE_QUEUE_DISC_H
#define PRICE_QUEUE_DISC_H

#include "ns3/data-rate.h"
#include "ns3/queue-disc.h"

#include <limits>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The base of dualcc's price-based AQMs (RemQueueDisc, AvqQueueDisc, AvdQueueDisc): one
 * FIFO, the link capacity, and the mark-or-drop step; the derived class supplies only its law.
 *
 * A price queue disc is a FIFO (one internal DropTailQueue of MaxSize) in front of a link of
 * capacity C. C is LinkBandwidth, or the DataRate of the NetDevice the queue disc is attached to
 * when LinkBandwidth is 0 (QueueDiscLinkCapacity). The unit of MaxSize (packets or bytes) sets the
 * unit of the real buffer and of the law's parameters that are "per packet" or "per byte".
 *
 * <b>Law units</b> (SizeAccounting). The law counts arrivals and capacity in one unit, the
 * <i>law unit</i> (LawSize(), GetLinkCapacity(), GetBufferInLawUnits()):
 *  - Wire (the default): bytes on the wire. An arrival counts its IP size plus the link-layer
 *    header of the device (2 bytes of PPP on a PointToPointNetDevice, 0 elsewhere), and C is the
 *    link's rate in bytes/s, so that the law's targets (gamma C, the virtual capacity, the
 *    price's equilibrium) hold for any packet size and any mix of sizes. A quantity counted in
 *    packets (a MaxSize in packets as the virtual buffer, a gain per packet, PI's q in byte mode)
 *    converts with the mean wire size of the arrivals, measured (GetBytesPerPacket(): an
 *    exponentially weighted mean of every arrival's wire size, weight 1/MEAN_SIZE_WINDOW, starting
 *    from the device's MTU plus its header, or MeanPktSize without a device).
 *  - FixedPacketSize: ns-2's meaning (queue-in-packets with a mean packet size). In packet mode an
 *    arrival counts 1 and C is in packets/s of MeanPktSize bytes; in byte mode an arrival counts
 *    its IP size and C is rate/8 bytes/s. The targets are right only if every packet is MeanPktSize
 *    bytes on the wire: the papers' experiments (every data packet 1000 bytes), which the
 *    module's testbed runs this way.
 *
 * Every arrival goes through the same steps (DoEnqueue):
 *
 *  1. the law sees the arrival: SignalsCongestion(item, size, fits) is called for every arrival,
 *     fits telling whether the real queue has room for it;
 *  2. an item that does not fit in MaxSize is dropped (FORCED_DROP);
 *  3. otherwise, if the law signalled congestion, the item is marked ECN CE (UNFORCED_MARK) and
 *     enqueued when UseEcn is true and the item is ECN-capable, else dropped (UNFORCED_DROP);
 *  4. otherwise it is enqueued;
 *  5. AfterArrival(size, admitted) lets the law account for the outcome.
 *
 * Every departure from the FIFO is passed to AfterDeparture(), then to
 * SignalsCongestionAtDeparture(): a law that signals at departure (REM's VirtualCapacity law,
 * Fig. 4 of Paganini et al.) has the item marked, or dropped and the next one dequeued.
 * CheckConfig() checks the structure (no classes, no packet filters, exactly one internal queue,
 * added if none), then the law's own attributes (CheckLawConfig()), then that MaxSize holds one
 * packet, and resolves C; InitializeParams() then calls InitializeLaw(), which can rely on C.
 *
 * <b>The device queue.</b> ns-3 devices keep their own transmission queue under the queue disc
 * (100 packets by default on a PointToPointNetDevice); while it has room, packets leave the disc
 * at once and wait there, outside the law. CheckConfig() refuses such a device (more than one
 * packet, or more than one MTU in bytes, without BQL) with a message naming the fix, unless
 * AllowDeviceBacklog is true.
 *
 * The derived class registers every attribute on its own TypeId: AddPriceAttributes() adds
 * MaxSize, UseEcn, LinkBandwidth and MeanPktSize there, with the derived class' defaults
 * (AddSignalFreeAttributes() all but UseEcn, for a law that never marks nor drops). ns-3
 * finds a parent TypeId's attribute through SetAttribute() and object factories (topology files'
 * queue.UseEcn=true) but not through Config::SetDefault() or the command line with the derived
 * name ("--ns3::RemQueueDisc::UseEcn=false"): registered on the derived TypeId, they work both
 * ways. This TypeId has no attributes and no constructor (abstract).
 *
 * <b>Error handling</b>, one policy for the whole module:
 *  - ns-3 objects (queue discs, TCP variants, applications): attributes are range-checked by
 *    bounded checkers (SetAttributeFailSafe() returns false, SetAttribute() aborts); what a
 *    checker cannot see (a MaxSize that cannot hold one packet, no link capacity, a combination)
 *    is checked in CheckConfig() (or the equivalent initialization step), which aborts with
 *    NS_ABORT_MSG / NS_FATAL_ERROR (kept in optimized builds) naming the attribute as
 *    "ns3::<Type>::<Attribute>" and its valid range;
 *  - plain C++ model classes (VirtualQueue, AvqDesign, DualityModel, EcnPriceEstimator) throw
 *    std::invalid_argument naming the class, the parameter and its range; a broken run-time
 *    invariant (time running backwards) aborts;
 *  - helper inputs (topology text, helper APIs) throw std::invalid_argument
 *    "<file>:<line>: <field>: ...; valid: ...";
 *  - examples turn exceptions into "<prog>: error: ..." and exit 1 (ScenarioRunner::Main).
 */
class PriceQueueDisc : public QueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Destructor.
    ~PriceQueueDisc() override;

    /**
     * Assign fixed random variable stream numbers to the law's random variables.
     * \param stream first stream index to use
     * \return the number of streams assigned (0 here: a law without random numbers)
     */
    virtual int64_t AssignStreams(int64_t stream);

    /**
     * An item that reached the link without crossing this disc: a classful parent served it
     * from another band (PriorityObQueueDisc's out-of-band packets, when this disc is its data
     * band). Calls OnBypass(), which does nothing unless the law overrides it (AvdQueueDisc
     * counts such items in its virtual queue, since they load the link all the same).
     * \param item the item
     */
    void NotifyBypass(Ptr<const QueueDiscItem> item);

    /**
     * Say that this disc is the data band of a parent that serves out-of-band packets ahead of
     * it (PriorityObQueueDisc calls this in its CheckConfig()): those reach the link past this
     * disc (NotifyBypass()), and a control packet that waits here while its out-of-band twin
     * does not carries this disc's physical wait to the receiver.
     * \param bypassing true: such a parent
     */
    void SetBypassingParent(bool bypassing);

    /// How arrivals and the capacity are counted (attribute SizeAccounting).
    enum SizeAccounting
    {
        WIRE,              //!< bytes on the wire, any packet size (the default)
        FIXED_PACKET_SIZE, //!< ns-2's meaning: packets of MeanPktSize bytes, or IP bytes
    };

    /// The weight of an arrival in the measured mean packet size is 1 / MEAN_SIZE_WINDOW.
    static constexpr double MEAN_SIZE_WINDOW = 128;

    /**
     * \return the link capacity C, in law units per second: bytes/s on the wire (Wire), or
     *         packets/s or bytes/s as MaxSize counts (FixedPacketSize); 0 before the queue disc is
     *         initialized
     */
    double GetLinkCapacity() const;

    /**
     * \return the bytes one packet counts for: the measured mean wire size of the arrivals (Wire),
     *         or MeanPktSize (FixedPacketSize)
     */
    double GetBytesPerPacket() const;

    /// \return the SizeAccounting attribute
    SizeAccounting GetSizeAccounting() const;

    /// \return the link-layer header bytes added to every packet on the wire: 2 on a
    ///         PointToPointNetDevice (PPP), 0 on other devices or without one (known after
    ///         initialization)
    uint32_t GetLinkHeaderBytes() const;

    // Reasons for dropping or marking packets (they key QueueDisc::Stats)
    /// The law signalled congestion and the packet was dropped (UseEcn false, or not
    /// ECN-capable).
    static constexpr const char* UNFORCED_DROP = "Unforced drop";
    /// The law signalled congestion and the packet was marked (ECN CE), then enqueued.
    static constexpr const char* UNFORCED_MARK = "Unforced mark";
    /// The queue (MaxSize) had no room for the packet.
    static constexpr const char* FORCED_DROP = "Forced drop";

  protected:
    /// The smallest positive double: the lower bound of the law's checkers for parameters that
    /// must be > 0.
    static constexpr double SMALLEST_POSITIVE = std::numeric_limits<double>::min();

    /// Constructor: a single internal queue, sized by MaxSize.
    PriceQueueDisc();

    void DoDispose() override;

    /**
     * Add the attributes every price queue disc has, first and in this order: MaxSize, UseEcn,
     * LinkBandwidth and MeanPktSize, to the derived class' TypeId (see the class description for
     * why there). The derived class' GetTypeId() wraps its TypeId in this call and chains its
     * law's attributes and trace sources after it.
     * \param tid the derived class' TypeId, with parent, group and constructor
     * \param maxSizeDefault the default of MaxSize
     * \param maxSizeHelp the help text of MaxSize (what the law counts)
     * \param useEcnDefault the default of UseEcn
     * \param useEcnHelp the help text of UseEcn (what the law does with it)
     * \return \p tid
     */
    static TypeId AddPriceAttributes(TypeId tid,
                                     QueueSize maxSizeDefault,
                                     const std::string& maxSizeHelp,
                                     bool useEcnDefault,
                                     const std::string& useEcnHelp);

    /**
     * Add the attributes of a price queue disc that never marks nor drops for its signal (its
     * law's SignalsCongestion() always returns false, e.g. AvdQueueDisc, whose price travels in
     * a header field): MaxSize, LinkBandwidth and MeanPktSize, as AddPriceAttributes() without
     * UseEcn (which stays false).
     * \param tid the derived class' TypeId, with parent, group and constructor
     * \param maxSizeDefault the default of MaxSize
     * \param maxSizeHelp the help text of MaxSize
     * \return \p tid
     */
    static TypeId AddSignalFreeAttributes(TypeId tid,
                                          QueueSize maxSizeDefault,
                                          const std::string& maxSizeHelp);

    /**
     * \param item a queue disc item
     * \return what it counts for in the law: its bytes on the wire (Wire); 1 in packet mode or
     *         its IP size in byte mode (FixedPacketSize)
     */
    double LawSize(Ptr<const QueueDiscItem> item) const;

    /**
     * \param item a queue disc item
     * \return its bytes as the accounting counts them: on the wire (Wire) or IP bytes
     *         (FixedPacketSize)
     */
    double CountedBytes(Ptr<const QueueDiscItem> item) const;

    /// \return the backlog's bytes as the accounting counts them: on the wire (Wire) or IP bytes
    ///         (FixedPacketSize)
    double GetBacklogBytes() const;

    /// \return law units per unit of MaxSize: the mean wire size of a packet in packet mode with
    ///         Wire, else 1
    double GetLawUnitsPerMaxSizeUnit() const;

    /// \return the real buffer MaxSize in law units (in packet mode with Wire: MaxSize times the
    ///         measured mean packet size)
    double GetBufferInLawUnits() const;

    /// \return the backlog in the unit of MaxSize: packets in packet mode; in byte mode its bytes
    ///         on the wire (Wire) or its IP bytes (FixedPacketSize)
    double GetBacklog() const;

    /// \return the backlog in packets: the count in packet mode; in byte mode GetBacklog() over
    ///         GetBytesPerPacket()
    double GetBacklogPackets() const;

    /// \return whether SetBypassingParent(true) was called
    bool HasBypassingParent() const;

    /// \return the UseEcn attribute: mark ECN-capable packets instead of dropping them
    bool GetUseEcn() const;

    /// \return the MeanPktSize attribute, bytes (FixedPacketSize: C in bytes/s is
    ///         GetLinkCapacity() times this in packet mode)
    uint32_t GetMeanPktSize() const;

    /**
     * The law's decision on one arrival, called for every arrival before the base class acts on
     * it (and so before AfterArrival()).
     * \param item the arriving item
     * \param size LawSize(item)
     * \param fits whether the real queue has room for the item; if not it is dropped
     *        (FORCED_DROP) whatever this returns, so a law should draw no random number then
     * \return true to signal congestion: mark or drop the item
     */
    virtual bool SignalsCongestion(Ptr<const QueueDiscItem> item, double size, bool fits) = 0;

    /**
     * The outcome of the arrival just decided; does nothing by default.
     * \param size LawSize() of the item
     * \param admitted whether the item was enqueued (marked or not)
     */
    virtual void AfterArrival(double size, bool admitted);

    /**
     * An item left the FIFO; does nothing by default.
     * \param item the item
     */
    virtual void AfterDeparture(Ptr<const QueueDiscItem> item);

    /**
     * The law's decision on one departure, for laws that signal congestion as packets leave
     * (Paganini et al.'s Fig. 4); called for every item leaving the FIFO, after
     * AfterDeparture(). A true marks the item ECN CE (UNFORCED_MARK) when UseEcn is true and the
     * item is ECN-capable; else, with UseEcn and DropsNonEcnOnCongestion() false, the item leaves
     * unmarked; else it is dropped (UNFORCED_DROP, DropAfterDequeue) and the next item is
     * dequeued. Returns false by default (laws that decide at arrival).
     * \param item the departing item
     * \return true to signal congestion: mark or drop the item
     */
    virtual bool SignalsCongestionAtDeparture(Ptr<const QueueDiscItem> item);

    /**
     * With UseEcn, what becomes of an item the law signals (SignalsCongestion() or
     * SignalsCongestionAtDeparture() true) that is not ECN-capable: true (default, RFC 3168 §7)
     * drop it (UNFORCED_DROP); false let it pass unmarked.
     * \return whether such an item is dropped
     */
    virtual bool DropsNonEcnOnCongestion() const;

    /**
     * An item bypassed this disc to the same link (NotifyBypass()); does nothing by default.
     * \param item the item
     */
    virtual void OnBypass(Ptr<const QueueDiscItem> item);

    /// Abort (NS_ABORT_MSG naming "ns3::<Type>::<Attribute>" and its valid range) if one of the
    /// law's own attributes is unusable. Called by CheckConfig() before C is resolved.
    virtual void CheckLawConfig() = 0;

    /// Reset the law's state and schedule its first periodic update, if any. Called by
    /// InitializeParams(), after CheckConfig() has resolved C.
    virtual void InitializeLaw() = 0;

  private:
    /// \param tid a TypeId \param maxSizeDefault default \param maxSizeHelp help
    /// \return \p tid with MaxSize
    static TypeId AddMaxSize(TypeId tid, QueueSize maxSizeDefault, const std::string& maxSizeHelp);
    /// \param tid a TypeId \return \p tid with LinkBandwidth and MeanPktSize
    static TypeId AddLinkAttributes(TypeId tid);

    bool DoEnqueue(Ptr<QueueDiscItem> item) final;
    Ptr<QueueDiscItem> DoDequeue() final;
    bool CheckConfig() final;
    /**
     * Abort (NS_ABORT_MSG naming LinkBandwidth and MeanPktSize) if C, once resolved, carries
     * less than one packet a second. \param who the disc's TypeId name
     */
    void CheckPacketRate(const std::string& who) const;
    void InitializeParams() final;

    // Configuration (attributes, registered by AddPriceAttributes())
    bool m_useEcn;                   //!< mark ECN-capable packets instead of dropping them
    DataRate m_linkBandwidth;        //!< C as configured; 0 bps: the device's DataRate
    uint32_t m_meanPktSize;          //!< FixedPacketSize: bytes per packet
    bool m_allowDeviceBacklog;       //!< accept a device queue of more than one packet
    SizeAccounting m_sizeAccounting; //!< how arrivals and C are counted

    // State
    double m_capacity;             //!< C, law units per second (resolved in CheckConfig)
    bool m_bypassingParent{false}; //!< SetBypassingParent()
    bool m_packetMode{true};       //!< MaxSize counts packets (resolved in CheckConfig)
    uint32_t m_linkHeaderBytes{0}; //!< link-layer header per packet on the wire, bytes
    double m_meanWireBytes{0};     //!< Wire: the measured mean wire size of an arrival, bytes
};

} // namespace ns3

#endif /* PRICE_QUEUE_DISC_H */
