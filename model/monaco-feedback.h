/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_FEEDBACK_H
#define MONACO_FEEDBACK_H

#include "monaco-header.h"

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief What one reverse out-of-band control packet tells the sender (Monaco, §IV-B).
 *
 * MonacoSenderAgent fills it when the reverse OB of its current control pair arrives and hands
 * it to the flow's congestion control (TcpMonaco::ReceiveFeedback).
 */
struct MonacoFeedback
{
    uint32_t sequence{0};                        //!< control sequence number of the pair
    MonacoHeader::Flag flag{MonacoHeader::HOLD}; //!< the receiver's verdict
    double accumulation{0};                      //!< accumulation estimate â, bytes
    Time forwardQueueing;                        //!< forward queueing time ftt_q of the pair
    double egressRate{0};                        //!< EWMA egress rate x̄, bytes/s
    Time pairSent;                               //!< when the sender sent the pair
    Time controlRtt;     //!< round trip of the pair (OB out, reverse OB back)
    Time propagationRtt; //!< rtt_p = controlRtt - ftt_q
};

} // namespace ns3

#endif /* MONACO_FEEDBACK_H */
