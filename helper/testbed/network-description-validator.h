/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETWORK_DESCRIPTION_VALIDATOR_H
#define NETWORK_DESCRIPTION_VALIDATOR_H

#include "network-description.h"

#include <set>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Checks a NetworkDescription (NetworkDescription::Validate() forwards here): unique
 * names, known links, connected loop-free routes, rates, times and counts within the limits
 * stated at NetworkDescription, known TypeIds with existing attributes and valid values, the
 * fields of short and web classes, what the congestion control's traits accept
 * (AlgorithmTraits::Source::check, on an object created for the purpose) and out-of-band
 * priority where a class needs it.
 *
 * Throws std::invalid_argument "<file>:<line>: class '<name>': <field> ...; valid: ..." (without
 * "<file>:<line>: " for links and classes built in code).
 */
class NetworkDescriptionValidator
{
  public:
    /// \param network the description to check (kept by reference: it must outlive this)
    explicit NetworkDescriptionValidator(const NetworkDescription& network);

    /// Check the whole description; throws std::invalid_argument at the first fault.
    void Validate() const;

    /**
     * Check the type and attributes of a link's queue discs.
     * \param where the start of the messages
     * \param link the link
     */
    static void CheckQueue(const std::string& where, const NetworkDescription::LinkSpec& link);
    /**
     * Check the type and attributes of a class' congestion control.
     * \param where the start of the messages
     * \param spec the class
     */
    static void CheckTcp(const std::string& where, const NetworkDescription::ClassSpec& spec);
    /**
     * CheckQueue(), and replace each attribute value by the one the attribute's checker makes
     * of it (the parser's text becomes a typed value). The parser calls it at the statement.
     * \param where the start of the messages
     * \param link the link
     */
    static void ResolveQueues(const std::string& where, NetworkDescription::LinkSpec& link);
    /**
     * CheckTcp(), and replace each attribute value by its typed value.
     * \param where the start of the messages
     * \param spec the class
     */
    static void ResolveTcp(const std::string& where, NetworkDescription::ClassSpec& spec);

  private:
    /// Check the `set` fields and the numbers of links and classes.
    void ValidateSettings() const;
    /// Check one link. \param link the link \param names the link names so far (\p link's added)
    void ValidateLink(const NetworkDescription::LinkSpec& link, std::set<std::string>& names) const;
    /// Check a link's queue.MaxSize against its buffer and the limits. \param link the link
    void ValidateMaxSize(const NetworkDescription::LinkSpec& link) const;
    /// Check one class. \param spec the class \param totalFlows flows so far (\p spec's added)
    void ValidateClass(const NetworkDescription::ClassSpec& spec, uint64_t& totalFlows) const;
    /// Check a class' route. \param spec the class \return the route's one-way delay
    Time ValidateRoute(const NetworkDescription::ClassSpec& spec) const;
    /// Check a class' times. \param spec the class
    void ValidateTimes(const NetworkDescription::ClassSpec& spec) const;
    /// Check the fields of a class of short flows or web sessions. \param spec the class
    void ValidateHostTraffic(const NetworkDescription::ClassSpec& spec) const;
    /// Check the flow-size law of a class of short flows or web sessions. \param spec the class
    void ValidateSizeLaw(const NetworkDescription::ClassSpec& spec) const;
    /// Check sizeDistribution=lognormal-pareto's fields (lognormalMu, lognormalSigma, tailCut
    /// below MAX_FLOW_SIZE packets, tailShape). \param spec the class
    void ValidateLognormalPareto(const NetworkDescription::ClassSpec& spec) const;
    /// Check the fields of a class of web sessions. \param spec the class
    void ValidateWeb(const NetworkDescription::ClassSpec& spec) const;
    /// Check what the congestion control's traits accept. \param spec a persistent class
    void ValidateSourceTraits(const NetworkDescription::ClassSpec& spec) const;
    /// Check ECN needs, start and stop, and the source access delay. \param spec the class
    /// \param oneWay the one-way delay of its route
    void ValidateEnds(const NetworkDescription::ClassSpec& spec, Time oneWay) const;
    /// Check the events: known links, times and rates in range, a change each.
    void ValidateEvents() const;

    const NetworkDescription& m_network; //!< the description checked
};

} // namespace ns3

#endif /* NETWORK_DESCRIPTION_VALIDATOR_H */
