/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETWORK_DESCRIPTION_PARSER_H
#define NETWORK_DESCRIPTION_PARSER_H

#include "network-description.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief Reads a NetworkDescription from its text format (described at NetworkDescription):
 * a lexer that cuts each line into words and key=value options, and one function per statement
 * kind (`set`, `link`, `class`, `at`). Each statement's fields are checked as they are read and
 * the whole description is validated at the end (NetworkDescriptionValidator), so bad input is an
 * std::invalid_argument "<file>:<line>: <field>: <what is wrong>; valid: <range>".
 */
class NetworkDescriptionParser
{
  public:
    /// \param sourceName name used in error messages (e.g. the file name)
    explicit NetworkDescriptionParser(const std::string& sourceName);

    /**
     * Read a description in the text format.
     * \param in the text
     * \return the description, validated; throws std::invalid_argument "<source>:<line>: <what>"
     */
    NetworkDescription Parse(std::istream& in);

    /**
     * Read a description file.
     * \param path the file
     * \return the description; throws std::invalid_argument if unreadable or invalid
     */
    static NetworkDescription ParseFile(const std::string& path);

    /**
     * Read a time in ns-3's syntax, strictly: a plain decimal number and a unit, finite,
     * >= 0 and <= NetworkDescription::MAX_TIME_SECONDS.
     * \param text the text (e.g. "15ms")
     * \param where the start of the error message (e.g. "file:3: delay")
     * \return the time; throws std::invalid_argument "<where>=<text>: ...; valid: ..." if bad
     */
    static Time ParseTime(const std::string& text, const std::string& where);
    /**
     * Read a data rate in ns-3's syntax, strictly, within [MIN_RATE_BPS, MAX_RATE_BPS].
     * \param text the text (e.g. "100Mbps")
     * \param where the start of the error message
     * \return the rate; throws std::invalid_argument if bad
     */
    static DataRate ParseRate(const std::string& text, const std::string& where);

    /**
     * Read further fields of a class built in code, as if they ended its `class` statement
     * (e.g. "size=4 sizeDistribution=exponential think=1s" for a web class): its size law,
     * its web laws (traffic web), start=, stop=, tcp=, its TCP's keywords, ecn=, subPacket= and
     * tcp.<Attribute>=. The fields that make the class (flows, route, rtt, direction, traffic,
     * arrivalRate, connections) are the code's: given here, they are an error.
     * \param fields the fields, separated by white space (empty: none)
     * \param where the start of the error messages (e.g. "--webFields")
     * \param c the class; throws std::invalid_argument "<where>: <field>: ..." if a field is bad
     */
    static void ParseClassFields(const std::string& fields,
                                 const std::string& where,
                                 NetworkDescription::ClassSpec& c);

    /// \param x a number \return \p x in the shortest form of std::ostream (e.g. 1e+06), for
    /// error messages
    static std::string FormatNumber(double x);

  private:
    class Options; // the key=value options of one statement (defined in the .cc)

    /// Read one statement. \param words its words \param where "<file>:<line>"
    void ParseStatement(const std::vector<std::string>& words, const std::string& where);
    /// Read `set ...`. \param words its words \param where "<file>:<line>"
    void ParseSet(const std::vector<std::string>& words, const std::string& where);
    /// Read `link ...`. \param words its words \param where "<file>:<line>"
    void ParseLink(const std::vector<std::string>& words, const std::string& where);
    /// Read a link's queue discs. \param o its options \param link the link
    static void ParseLinkQueues(Options& o, NetworkDescription::LinkSpec& link);
    /// Read `class ...`. \param words its words \param where "<file>:<line>"
    void ParseClass(const std::vector<std::string>& words, const std::string& where);
    /// Read a class' rtt=<Time>[..<Time>]. \param o its options \param c the class
    static void ParseRtt(Options& o, NetworkDescription::ClassSpec& c);
    /// Read a class' direction= and traffic=. \param o its options \param c the class
    static void ParseKind(Options& o, NetworkDescription::ClassSpec& c);
    /// Read a class' start=, stop= and tcp=. \param o its options \param c the class
    static void ParseTiming(Options& o, NetworkDescription::ClassSpec& c);
    /// Read the keywords of a class' congestion control (AlgorithmTraits::Source::keywords,
    /// e.g. TcpDualVegas' alpha, beta, alphaUnit, baseRtt, rttSample) into its attributes.
    /// \param o its options \param c the class, its tcp= and traffic= read
    static void ParseKeywords(Options& o, NetworkDescription::ClassSpec& c);
    /// Read the fields of a class of short flows or web sessions (traffic=short, traffic=web).
    /// \param o its options \param c the class, its traffic already read
    static void ParseHostTraffic(Options& o, NetworkDescription::ClassSpec& c);
    /// Read the fields of a class of web sessions. \param o its options \param c the class
    static void ParseWeb(Options& o, NetworkDescription::ClassSpec& c);
    /// Read a web class' laws (embedded, activeOff, think and their distributions and shapes).
    /// \param o its options \param c the class
    static void ParseWebLaws(Options& o, NetworkDescription::ClassSpec& c);
    /// Read a class' congestion-control fields (its TCP's keywords, ecn, subPacket, tcp.*).
    /// \param o its options \param c the class
    static void ParseTcpFields(Options& o, NetworkDescription::ClassSpec& c);
    /// Read a class' flow sizes (size, sizeDistribution, paretoBound, paretoShape, and the
    /// lognormal-pareto law's fields).
    /// \param o its options \param c the class
    static void ParseSizeLaw(Options& o, NetworkDescription::ClassSpec& c);
    /// Read sizeDistribution=lognormal-pareto's fields (lognormalMu, lognormalSigma, tailCut,
    /// tailShape); size=, paretoShape= and paretoBound= are refused. \param o its options
    /// \param c the class
    static void ParseLognormalPareto(Options& o, NetworkDescription::ClassSpec& c);
    /// Read `at <Time> link ...`. \param words its words \param where "<file>:<line>"
    void ParseAt(const std::vector<std::string>& words, const std::string& where);

    std::string m_sourceName;     //!< name used in error messages
    NetworkDescription m_network; //!< what is read so far
    uint64_t m_totalFlows{0};     //!< flows of the classes read so far
    uint32_t m_line{0};           //!< the line being read
};

} // namespace ns3

#endif /* NETWORK_DESCRIPTION_PARSER_H */
