/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ECN_PRICE_HELPER_H
#define ECN_PRICE_HELPER_H

#include "ns3/node-container.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <string>

namespace ns3
{

class Node;

/**
 * \ingroup dualcc
 *
 * \brief Installs a congestion control that reads ECN marks as a price (TcpFastEcn; TcpDualVegas
 * with PriceSource EcnMarks) on the hosts at both ends of its flows, with what it needs there
 * (EcnMarksAsPrice):
 *
 * - the same congestion control at the sender and at the receiver: the receiver's echoes each CE
 *   mark on the ACK of that segment only, where ns-3's own (RFC 3168) echoes it until the
 *   sender's CWR, which the sender would count as many marks. Install() sets the node's
 *   TcpL4Protocol "SocketType", so every TCP socket the node creates afterwards (BulkSend's,
 *   OnOff's, PacketSink's listening socket and the sockets it accepts) runs it;
 * - ns-3's classic fast recovery: Install() sets the node's TcpL4Protocol "RecoveryType" to
 *   EcnMarksAsPrice::GetRecoveryTypeId() (ns3::TcpClassicRecovery). ns-3's default, PRR, rewrites
 *   the window after each ECN-Echo to at least the bytes in flight (plus a segment per ECN-Echo
 *   ACK in ns-3.48), so a source whose ACKs are nearly all marked never comes down to its
 *   price-set window; PersistentFlowApplication applies the same rule to its socket;
 * - ECN at both ends: nothing to set. These congestion controls turn the socket's ECN on
 *   (TcpSocketState::m_useEcn, what ns3::TcpSocketBase::UseEcn sets) in their Init(), at both
 *   ends since both run them, so the handshake negotiates ECN; a connection that did not (the
 *   peer runs something else) aborts at its first ACK, naming ns3::TcpSocketBase::UseEcn and this
 *   helper.
 *
 * The congestion control's attributes are its TypeId's defaults: set them with
 * Config::SetDefault (e.g. "ns3::TcpDualVegas::PriceSource" to EcnMarks, "ns3::TcpFastEcn::Alpha")
 * before the sockets are created. Call Install() before the applications start (sockets created
 * earlier keep what they had). The queue discs on the path must mark (e.g. RemQueueDisc with
 * UseEcn true).
 *
 * Errors in the inputs (no node, a node without the internet stack, a type that does not read ECN
 * marks as a price with the current defaults) throw std::invalid_argument.
 */
class EcnPriceHelper
{
  public:
    /// A helper for ns3::TcpFastEcn.
    EcnPriceHelper();

    /**
     * \param type the congestion control's TypeId name (ns3::TcpFastEcn, ns3::TcpDualVegas with
     *        Config default PriceSource EcnMarks, or another EcnMarksAsPrice::Client); checked by
     *        Install()
     */
    explicit EcnPriceHelper(const std::string& type);

    /**
     * Set the congestion control and the recovery on one host.
     * \param node a source or sink host
     */
    void Install(Ptr<Node> node) const;

    /**
     * Set the congestion control and the recovery on hosts (sources and sinks alike).
     * \param nodes the hosts
     */
    void Install(const NodeContainer& nodes) const;

    /// \return the congestion control's TypeId
    TypeId GetCongestionControl() const;

  private:
    /// Throw std::invalid_argument unless the type, with the current defaults, reads marks.
    void Check() const;

    std::string m_type; //!< the congestion control's TypeId name
};

} // namespace ns3

#endif /* ECN_PRICE_HELPER_H */
