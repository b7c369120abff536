/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_GOODPUT_MONITOR_H
#define FLOW_GOODPUT_MONITOR_H

#include "ns3/address.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

class Packet;

/**
 * \ingroup dualcc
 * \brief Per-flow goodput at the receivers, for networks of many short TCP flows: every
 * PacketSink's RxWithAddresses, a flow being its sender's (IPv4 address, port), sampled every
 * interval. After the run it gives, per sampling interval, the rates of the flows that are
 * concurrently active elephants (GetConcurrentRates(), e.g. for Jain's fairness index), and the
 * share of the bytes received in a window that belongs to flows of at least a given size
 * (GetShareOfFlowsAbove()).
 *
 * A flow is known by what its receiver got: its size is the bytes received by the end of the
 * run (a flow cut off by the end counts with what it delivered). Ports are not reused within a
 * run by ns-3's ephemeral allocator before 16384 connections of one host.
 */
class FlowGoodputMonitor
{
  public:
    /**
     * Connect to every PacketSink of the simulation (Config path /NodeList/x/ApplicationList/x/
     * $ns3::PacketSink/RxWithAddresses: call after the sinks exist, before the run) and sample
     * every \p interval from 0 to \p stop.
     * \param interval the sampling interval (> 0)
     * \param stop the last sample's time
     * \param window the window of GetShareOfFlowsAbove(): [window.first, window.second]
     * Under MPI (DistributedRun) each rank sees the flows whose sinks it simulates: call
     * MergeOverRanks() after the run.
     */
    void Install(Time interval, Time stop, std::pair<Time, Time> window);

    /**
     * Under MPI with two or more ranks, give every rank all ranks' flows and samples (a flow's
     * sink is on one rank), the flows in the order of their first byte as one process sees
     * them; nothing otherwise. Every rank must call it, after the run, before the getters.
     */
    void MergeOverRanks();

    /// The rates of the flows counted over one sampling interval.
    struct IntervalRates
    {
        double start;              //!< the interval's start, s
        std::vector<double> rates; //!< each flow's bytes received in the interval / its length
    };

    /**
     * Per sampling interval [t_k, t_k+1] within [from, to]: the rates (bytes received in the
     * interval, per second) of the flows that (i) had received at least \p minBytes by t_k
     * (elephants), (ii) received their first byte at least \p minAge before t_k (past their
     * start-up) and (iii) received bytes after t_k+1 too (active through the interval).
     * \param from the first interval's earliest start
     * \param to the last interval's latest end
     * \param minBytes (i)
     * \param minAge (ii)
     * \return one entry per interval
     */
    std::vector<IntervalRates> GetConcurrentRates(Time from,
                                                  Time to,
                                                  uint64_t minBytes,
                                                  Time minAge) const;

    /**
     * \param minBytes a flow size, bytes
     * \return the fraction of the bytes received in the window (Install()) that belongs to
     *         flows that received at least \p minBytes in the whole run (NaN if none received)
     */
    double GetShareOfFlowsAbove(uint64_t minBytes) const;

    /// \return the number of flows seen
    std::size_t GetFlowCount() const;

  private:
    /**
     * A sink received a packet.
     * \param packet the packet
     * \param from its sender
     * \param to the sink's address
     */
    void Receive(Ptr<const Packet> packet, const Address& from, const Address& to);
    /// Record every flow that received since the previous sample.
    void Sample();

    /**
     * Append this rank's flows and samples to \p out (MergeOverRanks()).
     * \param out the values
     */
    void Pack(std::vector<double>& out) const;
    /**
     * Read one rank's flows and samples from \p in at \p pos (MergeOverRanks()).
     * \param in the values
     * \param pos where the rank's start; on return, where the next rank's do
     */
    void Unpack(const std::vector<double>& in, std::size_t& pos);

    /// A flow's record.
    struct Flow
    {
        uint64_t bytes{0};       //!< received in all
        uint64_t windowBytes{0}; //!< received in the window
        Time first;              //!< first byte
        Time last;               //!< last byte
    };

    Time m_interval;                //!< sampling interval
    Time m_stop;                    //!< last sample
    std::pair<Time, Time> m_window; //!< GetShareOfFlowsAbove()'s window
    std::map<std::pair<uint32_t, uint16_t>, std::size_t> m_index; //!< (address, port) -> flow
    std::vector<Flow> m_flows;                                    //!< the flows
    std::vector<double> m_sampleTimes;                            //!< s
    /// per sample: (flow, bytes received by then) of the flows that received since the
    /// previous sample
    std::vector<std::map<std::size_t, uint64_t>> m_samples;
    Time m_lastSample; //!< the previous sample's time
};

} // namespace ns3

#endif /* FLOW_GOODPUT_MONITOR_H */
