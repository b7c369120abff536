/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OWNED_ATTRIBUTES_H
#define OWNED_ATTRIBUTES_H

#include "network-description.h"

#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The one policy for ns-3 attributes a program sets itself: a user value for one of them
 * (--ns3::TypeId::Attribute=value on the command line, or a default changed otherwise, e.g.
 * NS_ATTRIBUTE_DEFAULT) is refused, naming what to use instead, never silently overridden.
 *
 * Usage: Add() every attribute the program sets (its full name, who sets it, what to use
 * instead: the program's own option, or "nothing: ..." if the value is fixed), Snapshot() before
 * CommandLine::Parse(), Check() after it. "Set by the user" is either named on the command line
 * (so a value equal to the default is refused too) or a default that changed between Snapshot()
 * and Check(). ScenarioRunner does this for NetworkHelper's attributes and each scenario's
 * (Scenario::GetOwnedAttributes()); a program that is not a scenario (plain-newreno-aqm) uses
 * the class itself.
 */
class OwnedAttributes
{
  public:
    /// One attribute a program sets itself.
    struct Entry
    {
        std::string name;    //!< its full name, "ns3::PiQueueDisc::A"
        std::string instead; //!< what to use instead: "--piA", or "nothing: fixed by ..."
    };

    /**
     * Declare attributes a program sets itself (unknown names are ignored: an ns-3 release
     * without that TypeId or attribute). A name declared again takes the later declaration's
     * setter and advice (a scenario's own option is more precise than NetworkHelper's) and keeps
     * its snapshot; one declared after Snapshot() (a list that depends on the options, asked
     * again after parsing) counts as set by the user only if the command line names it.
     * \param entries the attributes
     * \param setter who sets them, for the message: "NetworkHelper", "this example"
     */
    void Add(const std::vector<Entry>& entries, const std::string& setter);

    /**
     * The entries of the attributes a queue disc specification sets (its TypeId's and, in
     * order, its classes' children's).
     * \param q the queue disc as the program configures it
     * \param options per attribute, its full name ("ns3::AvqQueueDisc::MaxSize") or its name
     *        ("MaxSize", for every disc of the tree), the program's option that controls it
     * \param otherwise what to use instead for the other attributes ("nothing: ...")
     * \return the entries
     */
    static std::vector<Entry> ForQueueDisc(const NetworkDescription::QueueDiscSpec& q,
                                           const std::map<std::string, std::string>& options,
                                           const std::string& otherwise);

    /**
     * The entries of a program that builds its links with PointToPointHelpers whose device
     * DataRate and channel Delay it sets from its own options, and (\p deviceQueue) the
     * bottleneck device's DropTailQueue MaxSize.
     * \param deviceQueue whether the program sets a device queue's MaxSize too
     * \return the entries
     */
    static std::vector<Entry> ForPointToPoint(bool deviceQueue);

    /// Record the current defaults of the declared attributes (call before parsing).
    void Snapshot();

    /**
     * Refuse every declared attribute the user set: throws std::invalid_argument
     * "--<name>=<value>: <setter> sets <name> itself and would silently override this option;
     * valid: leave it out and use <instead>" (one clause per attribute, "; "-separated).
     * \param args the command line's arguments (argv[1] ...)
     */
    void Check(const std::vector<std::string>& args) const;

    /**
     * \param argc main's argc \param argv main's argv
     * \return argv[1] ... argv[argc - 1]
     */
    static std::vector<std::string> GetArguments(int argc, char* argv[]);

    /**
     * \param args command-line arguments
     * \param name an attribute's full name, "ns3::PiQueueDisc::A"
     * \param value set to the value given (the last one; "" for "--name" alone)
     * \return whether \p args name it (--name=value, -name=value or --name)
     */
    static bool IsGiven(const std::vector<std::string>& args,
                        const std::string& name,
                        std::string& value);

  private:
    /// A declared attribute.
    struct Owned
    {
        Entry entry;          //!< the attribute and what to use instead
        std::string setter;   //!< who sets it
        std::string snapshot; //!< its default at Snapshot() ("" before)
    };

    /**
     * \param name an attribute's full name
     * \param value set to its current default
     * \return whether the attribute exists
     */
    static bool GetDefault(const std::string& name, std::string& value);

    std::vector<Owned> m_owned; //!< the declared attributes
};

} // namespace ns3

#endif /* OWNED_ATTRIBUTES_H */
