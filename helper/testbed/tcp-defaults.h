/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_DEFAULTS_H
#define TCP_DEFAULTS_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The TCP defaults a testbed run sets with Config::SetDefault before its network is
 * built: whoever runs the network owns them (NetworkHelper applies them just before
 * TestbedBuilder::Install()); the builder itself sets no global.
 *
 * The defaults are the papers' (ns-2's): InitialCwnd 2 (ns-2's windowInit_; ns-3's 10 puts every
 * new flow's first burst in the queue other flows measure), DelAckCount 1 (ns-2's TCPSink: an
 * ACK per packet; ns-3's 2 delays the RTT samples Vegas uses), socket buffers of 4 MB (windows
 * never limited by them), no timestamps (ns-3 stamps whole milliseconds: RTT samples are then
 * taken from send times, to the nanosecond) and RttMeanDeviation::Alpha = 1 (ns-3.37 passes the
 * smoothed RTT to congestion control; with gain 1 it is the last sample).
 *
 * The fields from minRto on are off by default (ns-3's values stand, or a --ns3:: option's);
 * UseNs2Reno() sets them, and the others, to the one-way TCP Reno of ns-2.1b7a, the ns-2 release
 * current when the AVQ paper's experiments were run (the paper names none; doc/validation.rst,
 * "ns-2's RED and Reno as the paper ran them").
 */
struct TcpDefaults
{
    uint32_t segmentSize{536};        //!< TcpSocket::SegmentSize, bytes (> 0)
    uint32_t buffer{4 * 1024 * 1024}; //!< TcpSocket::SndBufSize and RcvBufSize, bytes
    uint32_t initialCwnd{2};          //!< TcpSocket::InitialCwnd, segments (>= 1)
    uint32_t delAckCount{1};          //!< TcpSocket::DelAckCount, segments (>= 1)
    bool timestamps{false};           //!< TcpSocketBase::Timestamp
    double rttAlpha{1.0};             //!< RttMeanDeviation::Alpha (0 < alpha <= 1)
    Time minRto{0};                   //!< TcpSocketBase::MinRto (0: not set; ns-3's is 1 s)
    Time clockGranularity{0};         //!< TcpSocketBase::ClockGranularity (0: not set; 1 ms)
    bool renoRecovery{false};         //!< Sack and LimitedTransmit off, TcpClassicRecovery
    bool ns2Halving{false};           //!< TcpSubPacketSocket::Ns2Halving (ns-2's ECN halving)
    bool ns2LossResponse{false};      //!< TcpSubPacketSocket::Ns2LossResponse (ns-2's Reno)
    bool keepBackoff{false};          //!< TcpSubPacketSocket::KeepBackoff (ns-2's RTO backoff)
    uint32_t maxWindow{0};            //!< TcpSubPacketSocket::MaxWindow, segments (0: not set)
    /// TcpL4Protocol::RttEstimatorType: false RttMeanDeviation (with rttAlpha 1 the timer's
    /// srtt is the last sample), true LastSampleRttEstimator (congestion control still gets the
    /// last sample, the timer RFC 6298's srtt and rttvar)
    bool rfc6298Timer{false};

    /**
     * Switch to ns-2.1b7a's one-way Agent/TCP/Reno with Agent/TCPSink, as far as ns-3 can
     * (tcl/lib/ns-default.tcl and tcp/tcp.cc of ns-2; the ns-2.1b8a line numbers are in
     * doc/validation.rst). segmentSize and buffer are kept; ns-2's window_ (20 packets,
     * min(cwnd_, window_) unacknowledged) is maxWindow, a sender-side cap
     * (TcpSubPacketSocket::MaxWindow), not a receiver window (a 20-segment RcvBufSize or
     * MaxWindowSize crashes ns-3.37: doc/validation.rst).
     * \return *this
     */
    TcpDefaults& UseNs2Reno();

    /**
     * Check the values (NS_ABORT_MSG naming the field and its valid range) and set them with
     * Config::SetDefault, in this order: SegmentSize, SndBufSize, RcvBufSize, InitialCwnd,
     * DelAckCount, Timestamp, RttMeanDeviation::Alpha, TcpL4Protocol::RttEstimatorType
     * (rfc6298Timer, always set); then, where set, MinRto,
     * ClockGranularity, Sack, LimitedTransmit and TcpL4Protocol::RecoveryType
     * (renoRecovery), TcpSubPacketSocket::Ns2Halving (ns2Halving), Ns2LossResponse
     * (ns2LossResponse), KeepBackoff (keepBackoff) and MaxWindow (maxWindow).
     */
    void Apply() const;

  private:
    /// Apply()'s part for minRto, clockGranularity, renoRecovery, ns2Halving, ns2LossResponse,
    /// keepBackoff and maxWindow.
    void ApplyNs2Fields() const;
};

} // namespace ns3

#endif /* TCP_DEFAULTS_H */
