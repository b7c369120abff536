/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALITY_MODEL_HELPER_H
#define DUALITY_MODEL_HELPER_H

#include "bottleneck-monitor.h"
#include "comparison-table.h"
#include "duality-network.h"
#include "network-observer.h"

#include "ns3/duality-model.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/nstime.h"

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The duality model beside the simulation for a network built with ns-3's own helpers
 * (point-to-point links, queue discs, TCP applications, any IPv4 routing), used like
 * FlowMonitorHelper:
 * \code
 *   DualityModelHelper dm;
 *   dm.InstallAll();                          // after the links, discs and routes exist
 *   dm.SetWindow(Seconds(20), Seconds(60));
 *   Simulator::Stop(Seconds(60));
 *   Simulator::Run();
 *   dm.Compare("my network").Print(std::cout);
 * \endcode
 *
 * InstallAll() reads the links (NetworkObserver) and measures each one that has a root queue
 * disc (BottleneckMonitor: its disc's and device queue's time-averaged backlog, from their
 * PacketsInQueue / BytesInQueue traces; utilization from the bytes on the wire; drops, marks;
 * the time average of the disc's Price trace if it has one). At the window's start it reads the
 * flows (the TCP sockets of the BulkSend and OnOff applications, which exist once those started),
 * their congestion control and routes, and takes FlowMonitor's counters; at its end again.
 * Compare() builds the duality model of what it read (DualityModelBuilder), solves it and
 * tabulates it beside the measurement, with the testbed's rows and units:
 * - per group of flows with the same source node, sink node and congestion control (entity
 *   "flows <source>-><sink>"): "rate (KB/s)", the mean per flow in KB/s of data packets on the
 *   wire (FlowMonitor's received IPv4 bytes / the IPv4 size of a data packet x its wire size),
 *   and "RTT (ms)", the mean of FlowMonitor's one-way delay of the data plus that of the ACKs;
 * - per link (entity "link <from>-><to>") the model prices or the simulation queued on or
 *   dropped from (or every link, SetReportAllLinks()): "queue (pkts)" (disc + device queue),
 *   "queueing delay (ms)" for a link whose price is its queueing delay (backlog bytes x 8 /
 *   rate), "utilization" (of the link's rate), "drops (pkts)", for a virtual price
 *   "marks (pkts)" (the disc's ECN marks), and for a disc with a Price
 *   trace its time average ("price (disc)", no model: its unit is the disc's).
 *
 * The helper must outlive the run (the monitors' trace sinks are bound to it), so it cannot be
 * copied. Flows must start before the window and last through it. What the model cannot cover is
 * refused: the reading at the window's start stops the simulation and keeps the message, which
 * Compare() throws (std::invalid_argument): a non-TCP flow (FlowMonitor sees one, or an
 * application's socket is not TCP), a route that cannot be resolved, a congestion control
 * without a model; and so are a window not ended when Compare() is called, and Compare() before
 * InstallAll() or SetWindow().
 */
class DualityModelHelper
{
  public:
    DualityModelHelper();
    ~DualityModelHelper();

    DualityModelHelper(const DualityModelHelper&) = delete;
    DualityModelHelper& operator=(const DualityModelHelper&) = delete;

    /// Install FlowMonitor on every node (a FlowMonitorHelper of its own) and read the links.
    void InstallAll();

    /**
     * Read the links and use the script's FlowMonitor (ns-3 allows one per node).
     * \param flowmon a FlowMonitorHelper after its InstallAll() (must outlive this helper's use)
     */
    void InstallAll(FlowMonitorHelper& flowmon);

    /**
     * Measure over [start, stop] (after InstallAll(), before Simulator::Run()).
     * \param start the window's start (> now)
     * \param stop its end (> start)
     */
    void SetWindow(Time start, Time stop);

    /// \param all tabulate every link the flows cross (default: only the congested ones)
    void SetReportAllLinks(bool all);

    /// \return the observer (its links; its flows once the window started)
    const NetworkObserver& GetObserver() const;

    /// \return the network read at the window's start (throws before)
    const DualityNetwork& GetNetwork() const;

    /**
     * \param title the table's title
     * \return the model beside the simulation (after the window ended)
     */
    ComparisonTable Compare(const std::string& title) const;

    /**
     * Write a gnuplot figure of each flow's rate, model and simulation (PREFIX.plt, .dat, .png).
     * \param prefix the files' prefix
     * \param title the figure's title
     * \param os where PlotWriter::Write() says what it wrote
     * \return whether gnuplot drew it
     */
    bool Plot(const std::string& prefix, const std::string& title, std::ostream& os) const;

    /**
     * \param f a flow (index of GetObserver().GetFlows())
     * \return its rate over the window, data packets per second
     */
    double GetFlowRate(std::size_t f) const;

  private:
    /// FlowMonitor's counters of one flow at one time.
    struct Counters
    {
        uint64_t rxBytes{0};    //!< data: received IPv4 bytes
        uint32_t rxPackets{0};  //!< data: received packets
        double delaySum{0};     //!< data: sum of one-way delays, s
        uint32_t ackPackets{0}; //!< ACKs: received packets
        double ackDelaySum{0};  //!< ACKs: sum of one-way delays, s
    };

    /// Read the links and connect a monitor to each one with a disc.
    void Install();
    /// The window starts: read the flows, take the counters (stops the run on a refusal).
    void Start();
    /// The window ends: take the counters.
    void End();
    /// \return each flow's FlowMonitor counters now; throws on a non-TCP flow
    std::vector<Counters> ReadCounters() const;
    /// \param who the method \return throw unless the window has ended without a refusal
    void RequireEnded(const std::string& who) const;
    /**
     * \param f a flow
     * \return its mean RTT over the window (data + ACK one-way delays), s; NaN without packets
     */
    double GetFlowRtt(std::size_t f) const;
    /// \return the groups of flows (same source, sink, congestion control): name, flows
    std::vector<std::pair<std::string, std::vector<std::size_t>>> GetGroups() const;
    /**
     * Add one link's rows.
     * \param table the table
     * \param l the link (index of GetNetwork().links)
     * \param solution the model's solution
     */
    void AddLinkRows(ComparisonTable& table,
                     std::size_t l,
                     const DualityModel::Solution& solution) const;

    NetworkObserver m_observer;                      //!< reads the network
    std::unique_ptr<FlowMonitorHelper> m_ownFlowmon; //!< InstallAll()'s own FlowMonitor
    FlowMonitorHelper* m_flowmon{nullptr};           //!< the FlowMonitor used
    /// a monitor per link of the observer (null: the link has no disc)
    std::vector<std::unique_ptr<BottleneckMonitor>> m_monitors;
    DualityNetwork m_network;        //!< read at the window's start
    std::vector<Counters> m_atStart; //!< counters at the start
    std::vector<Counters> m_atEnd;   //!< counters at the end
    Time m_start;                    //!< the window's start
    Time m_stop;                     //!< its end
    bool m_started{false};           //!< the flows were read
    bool m_ended{false};             //!< the window ended
    std::string m_refusal;           //!< why the start refused ("" if not)
    bool m_reportAllLinks{false};    //!< SetReportAllLinks()
};

} // namespace ns3

#endif /* DUALITY_MODEL_HELPER_H */
