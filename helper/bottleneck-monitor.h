/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BOTTLENECK_MONITOR_H
#define BOTTLENECK_MONITOR_H

#include "ns3/flow-monitor-helper.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-flow-classifier.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/queue-disc.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Measures one bottleneck of a plain ns-3 script over a window [start, stop]: each flow's
 * rate (FlowMonitor), the queue disc's time-averaged backlog, the link's utilization (bytes on the
 * wire) and the disc's marks and drops, and the time average of any traced value (a price).
 *
 * What is measured, all over the window:
 * - a flow's rate: the IPv4 bytes (headers included) FlowMonitor saw its receiver get, times 8,
 *   over the window's length, in bits/s. A flow is the FlowMonitor flows (IPv4 five-tuples) to a
 *   destination address and port (AddFlow()); they are summed.
 * - the backlog: the queue disc's PacketsInQueue and BytesInQueue, averaged over time;
 * - the utilization: the bytes the device sent (its PhyTxEnd trace: the frame with its link
 *   header, e.g. PPP's 2 bytes), times 8, over the window's length and the device's DataRate;
 * - the disc's arrivals, departures, marks and drops: the differences of QueueDisc::GetStats();
 * - AddTimeAverage(): a TracedValue (double or uint32_t) of any object (e.g. RemQueueDisc's
 *   Price, a child disc's BytesInQueue), averaged over time.
 *
 * Typical use, after the queue disc, the applications and FlowMonitorHelper::InstallAll():
 * \code
 *   BottleneckMonitor bottleneck(device, disc, flowmonHelper);
 *   bottleneck.AddFlow("flow 0", sinkAddress, port);
 *   bottleneck.AddTimeAverage("price", disc, "Price");
 *   bottleneck.SetWindow(Seconds(20), Seconds(40));
 *   Simulator::Stop(Seconds(40));
 *   Simulator::Run();
 *   double rate = bottleneck.GetFlowRate("flow 0");       // bits/s
 *   double queue = bottleneck.GetMeanBacklogPackets();     // packets
 * \endcode
 * The counters start at start and end at stop (events the simulator runs at stop and scheduled
 * before SetWindow() count). Read the results after the window has ended (after
 * Simulator::Run()); the monitor must outlive the run (its trace sinks are bound to it), so it
 * cannot be copied. Traced values are integrated from their last change: a value that has not
 * changed since the start of the simulation counts as the initial value given to
 * AddTimeAverage() (0 for the disc's backlog).
 *
 * Errors in the inputs (no device or disc, a device without a DataRate attribute, a window not in
 * order, a flow or average named twice or unknown, a trace source the object does not have or of
 * another type, results read before the window ended) throw std::invalid_argument.
 */
class BottleneckMonitor
{
  public:
    /**
     * Connect to the bottleneck's device (PhyTxEnd) and queue disc (PacketsInQueue,
     * BytesInQueue).
     * \param device the bottleneck's NetDevice (with a DataRate attribute, as
     *        PointToPointNetDevice); its rate is the capacity of the utilization
     * \param disc the queue disc on it (the root disc)
     * \param flowmon the FlowMonitorHelper whose monitor (GetMonitor()) and IPv4 classifier
     *        (GetClassifier()) see the flows
     */
    BottleneckMonitor(Ptr<NetDevice> device, Ptr<QueueDisc> disc, FlowMonitorHelper& flowmon);

    BottleneckMonitor(const BottleneckMonitor&) = delete;
    BottleneckMonitor& operator=(const BottleneckMonitor&) = delete;

    /**
     * Name the flows to \p destination, \p port (e.g. a PacketSink's address and port).
     * \param name the flow's name (e.g. "flow 0")
     * \param destination the receiver's IPv4 address
     * \param port the receiver's port
     */
    void AddFlow(const std::string& name, Ipv4Address destination, uint16_t port);

    /**
     * Average a traced value over the window.
     * \param name the average's name
     * \param object the object with the trace source (e.g. the disc, or one of its children)
     * \param traceSource a TracedValue<double> or TracedValue<uint32_t> of it (e.g. "Price")
     * \param initialValue its value until its first change
     */
    void AddTimeAverage(const std::string& name,
                        Ptr<Object> object,
                        const std::string& traceSource,
                        double initialValue = 0);

    /**
     * Measure over [start, stop]: schedules the window's start and end (call before
     * Simulator::Run(), and before Simulator::Stop(stop) if the run ends at stop).
     * \param start the window's start (> now)
     * \param stop the window's end (> start)
     */
    void SetWindow(Time start, Time stop);

    /// \return the window's length, seconds
    double GetWindowSeconds() const;

    /**
     * \param name a flow's name (AddFlow())
     * \return its rate over the window: IPv4 bytes received x 8 / window, bits/s; NaN if
     *         FlowMonitor saw no such flow
     */
    double GetFlowRate(const std::string& name) const;

    /// \return the names of the flows, in the order of AddFlow()
    const std::vector<std::string>& GetFlowNames() const;

    /// \return the number of named flows FlowMonitor saw (a rate that is not NaN)
    uint32_t GetFlowsSeen() const;

    /// \return the disc's time-averaged backlog over the window, packets
    double GetMeanBacklogPackets() const;

    /// \return the disc's time-averaged backlog over the window, bytes
    double GetMeanBacklogBytes() const;

    /// \return the device's bytes on the wire over the window x 8 / window / DataRate
    double GetUtilization() const;

    /// \return the bytes the device sent over the window (frames, link header included)
    uint64_t GetWireBytes() const;

    /**
     * \param name an average's name (AddTimeAverage())
     * \return its time average over the window
     */
    double GetTimeAverage(const std::string& name) const;

    /// \return the packets the disc received over the window (QueueDisc::Stats)
    uint64_t GetArrivals() const;

    /// \return the packets the disc sent over the window
    uint64_t GetDepartures() const;

    /**
     * \param reason a mark reason (e.g. PriceQueueDisc::UNFORCED_MARK); empty: all
     * \return the packets the disc marked over the window
     */
    uint64_t GetMarks(const std::string& reason = "") const;

    /// \return the packets the disc dropped over the window (every reason)
    uint64_t GetDrops() const;

  private:
    /// A traced value's integral over the window.
    struct Average
    {
        double area{0};  //!< integral over the window so far
        double value{0}; //!< the current value
        Time last;       //!< when the area was last brought up to date
    };

    /**
     * Bring \p average up to now and take \p value.
     * \param average the average
     * \param value the new value
     */
    void Update(Average* average, double value);
    /**
     * Trace sink of a TracedValue<double>.
     * \param monitor the monitor
     * \param average the average
     * \param oldValue the value before
     * \param newValue the value after
     */
    static void OnDouble(BottleneckMonitor* monitor,
                         Average* average,
                         double oldValue,
                         double newValue);
    /**
     * Trace sink of a TracedValue<uint32_t>.
     * \param monitor the monitor
     * \param average the average
     * \param oldValue the value before
     * \param newValue the value after
     */
    static void OnUint32(BottleneckMonitor* monitor,
                         Average* average,
                         uint32_t oldValue,
                         uint32_t newValue);
    /**
     * Connect \p average to a traced value.
     * \param average the average
     * \param object the object
     * \param traceSource the trace source's name
     */
    void Connect(Average* average, Ptr<Object> object, const std::string& traceSource);
    /**
     * Trace sink of the device's PhyTxEnd.
     * \param packet the frame sent
     */
    void OnWireTx(Ptr<const Packet> packet);
    /// The window starts: remember the counters.
    void Start();
    /// The window ends: integrate up to now, remember the counters.
    void End();
    /// \return each named flow's received bytes now (FlowMonitor)
    std::map<std::string, uint64_t> ReceivedBytes() const;
    /// Throw std::invalid_argument unless the window has ended (ends it if now is its end).
    void RequireEnded() const;

    Ptr<NetDevice> m_device;                   //!< the bottleneck's device
    Ptr<QueueDisc> m_disc;                     //!< its queue disc
    Ptr<FlowMonitor> m_flowMonitor;            //!< FlowMonitor
    Ptr<Ipv4FlowClassifier> m_classifier;      //!< its IPv4 classifier
    uint64_t m_bitRate;                        //!< the device's DataRate, bits/s
    Time m_start;                              //!< the window's start
    Time m_stop;                               //!< the window's end
    bool m_windowSet{false};                   //!< SetWindow() was called
    bool m_on{false};                          //!< inside the window
    bool m_ended{false};                       //!< the window has ended
    Average m_packets;                         //!< the disc's backlog, packets
    Average m_bytes;                           //!< the disc's backlog, bytes
    std::map<std::string, Average> m_averages; //!< AddTimeAverage()'s, by name
    uint64_t m_wireBytes{0};                   //!< bytes sent inside the window
    /// the flows' names, in the order of AddFlow()
    std::vector<std::string> m_flowNames;
    /// each name's (destination, port)
    std::map<std::string, std::pair<Ipv4Address, uint16_t>> m_flows;
    std::map<std::string, uint64_t> m_rxAtStart; //!< received bytes at the start
    std::map<std::string, uint64_t> m_rxAtEnd;   //!< received bytes at the end
    QueueDisc::Stats m_statsAtStart;             //!< the disc's stats at the start
    QueueDisc::Stats m_statsAtEnd;               //!< the disc's stats at the end
};

} // namespace ns3

#endif /* BOTTLENECK_MONITOR_H */
