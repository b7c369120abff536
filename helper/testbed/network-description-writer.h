/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETWORK_DESCRIPTION_WRITER_H
#define NETWORK_DESCRIPTION_WRITER_H

#include "network-description.h"

#include <iosfwd>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Writes a NetworkDescription in its text format (NetworkDescriptionParser reads it
 * back to the same network): one `set` line, then one line per link, class and event, every
 * field spelled out (defaults included).
 */
class NetworkDescriptionWriter
{
  public:
    /**
     * Write a description.
     * \param network the description
     * \param os the stream
     */
    static void Write(const NetworkDescription& network, std::ostream& os);

  private:
    /// Write a link statement. \param os the stream \param link the link
    static void WriteLink(std::ostream& os, const NetworkDescription::LinkSpec& link);
    /**
     * Write a queue disc's options under a prefix.
     * \param os the stream
     * \param key the prefix ("queue", "reverseQueue", "queue.class0", ...)
     * \param queue the queue disc
     */
    static void WriteQueue(std::ostream& os,
                           const std::string& key,
                           const NetworkDescription::QueueDiscSpec& queue);
    /// Write a class statement. \param os the stream \param spec the class
    static void WriteClass(std::ostream& os, const NetworkDescription::ClassSpec& spec);
    /// Write a class' short-flow or web fields. \param os the stream \param spec the class
    static void WriteHostTraffic(std::ostream& os, const NetworkDescription::ClassSpec& spec);
    /// Write an event statement. \param os the stream \param event the event
    static void WriteEvent(std::ostream& os, const NetworkDescription::EventSpec& event);
};

} // namespace ns3

#endif /* NETWORK_DESCRIPTION_WRITER_H */
