/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// StrictValue and StrictCommandLine, table-driven: each text (or command line) with the
// message it must produce, written by hand ("" for a valid one). The boundaries: the largest
// uint32_t and one more, -0, 1e308 and 1e309, denormals, "1.5s" and "1.5", ns-3's Time range at
// nanosecond resolution (2^63 ns = 9223372036.854775808 s).

#include "network-text.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/queue-size.h"
#include "ns3/scenario.h"
#include "ns3/strict-command-line.h"
#include "ns3/strict-value.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// What the unsigned readers accept, for uint32_t.
const std::string U32 = "; valid: a whole number 0 to 4294967295 (digits only)";
/// ... for uint64_t.
const std::string U64 = "; valid: a whole number 0 to 18446744073709551615 (digits only)";
/// ... for int.
const std::string I32 =
    "; valid: a whole number -2147483648 to 2147483647 (digits, optionally after '-')";
/// ... for double.
const std::string DBL = "; valid: a finite decimal number, e.g. 0.25, -3 or 1e-3";
/// ... for bool.
const std::string BOOL = "; valid: true, false, t, f, 1 or 0";
/// ... for Time, at ns-3's default resolution (ns): 2^63 ns printed with six digits.
const std::string TIME =
    "; valid: a decimal number and a unit (s, ms, us, ns, ps, fs, min, h, d, y; none: s), e.g. "
    "1.5s or 20ms, of magnitude 1e-09 s (the resolution) to 9.22337e+09 s (ns-3's range at this "
    "resolution), or 0";
/// ... for DataRate (2^64 printed with six digits).
const std::string RATE = "; valid: a non-negative decimal number (no exponent) and a unit (bps, "
                         "kbps, Mbps, Gbps, Bps, KiB/s, ...), e.g. 10Mbps, a whole number of "
                         "bit/s below 1.84467e+19";

/// A text, the type it is read as, and the message it must produce ("" if valid).
struct Case
{
    std::string type;     //!< "uint32", "uint64", "int", "double", "bool", "Time", "DataRate"
    std::string text;     //!< the text
    std::string expected; //!< the whole message, or "" for a valid text
};

/// \return the cases
std::vector<Case>
Cases()
{
    return {
        {"uint32", "4294967295", ""},
        {"uint32", "4294967296", "out of range" + U32},
        {"uint32", "99999999999999999999999", "out of range" + U32},
        {"uint32", "007", ""},
        {"uint32", "0", ""},
        {"uint32", "1e300", "not a whole number" + U32},
        {"uint32", "1e3", "not a whole number" + U32},
        {"uint32", "2.5", "not a whole number" + U32},
        {"uint32", "-1", "a sign on an unsigned number" + U32},
        {"uint32", "-0", "a sign on an unsigned number" + U32},
        {"uint32", "+5", "a sign on an unsigned number" + U32},
        {"uint32", " 5", "not a whole number" + U32},
        {"uint32", "5 ", "not a whole number" + U32},
        {"uint32", "", "no value" + U32},
        {"uint64", "18446744073709551615", ""},
        {"uint64", "18446744073709551616", "out of range" + U64},
        {"int", "-2147483648", ""},
        {"int", "2147483647", ""},
        {"int", "-2147483649", "out of range" + I32},
        {"int", "2147483648", "out of range" + I32},
        {"int", "-0", ""},
        {"int", "+1", "not a whole number" + I32},
        {"int", "1.0", "not a whole number" + I32},
        {"double", "0.25", ""},
        {"double", "-3", ""},
        {"double", "-0", ""},
        {"double", ".5", ""},
        {"double", "5.", ""},
        {"double", "1e308", ""},
        {"double", "1e309", "out of range (beyond 1.79769e+308)" + DBL},
        {"double", "-1e309", "out of range (beyond 1.79769e+308)" + DBL},
        {"double", "4.9e-324", ""}, // the smallest denormal
        {"double", "1e-310", ""},   // a denormal
        {"double", "1e-400", "too small: it reads as 0 (below 4.94066e-324)" + DBL},
        {"double", "0e5", ""},
        {"double", "nan", "not a finite number" + DBL},
        {"double", "NaN", "not a finite number" + DBL},
        {"double", "-inf", "not a finite number" + DBL},
        {"double", "Infinity", "not a finite number" + DBL},
        {"double", "abc", "not a decimal number" + DBL},
        {"double", "0x10", "not a decimal number" + DBL},
        {"double", "1.5s", "not a decimal number" + DBL},
        {"double", "1,5", "not a decimal number" + DBL},
        {"double", "", "no value" + DBL},
        {"bool", "true", ""},
        {"bool", "FALSE", ""},
        {"bool", "t", ""},
        {"bool", "0", ""},
        {"bool", "yes", "not a truth value" + BOOL},
        {"bool", "2", "not a truth value" + BOOL},
        {"bool", "", "no value" + BOOL},
        {"Time", "1.5s", ""},
        {"Time", "1.5", ""},
        {"Time", "20ms", ""},
        {"Time", "1e3ms", ""},
        {"Time",
         "-2s",
         "a negative time; valid: 0 or more (an option's time is a duration, a delay "
         "or an instant of the run)"},
        {"Time", "0", ""},
        {"Time", "1ns", ""},
        {"Time", "9223372036s", ""},
        {"Time", "9223372037s", "out of range" + TIME},
        {"Time", "-9223372037s", "out of range" + TIME},
        {"Time", "153722867min", ""},                    // 9223372020 s
        {"Time", "153722868min", "out of range" + TIME}, // 9223372080 s
        {"Time", "1e300", "out of range" + TIME},
        {"Time", "1e300s", "out of range" + TIME},
        {"Time", "1e19fs", "out of range" + TIME}, // 1e4 s, but 1e19 fs is beyond 2^63
        {"Time", "0.5ns", "finer than the resolution: it would be 0" + TIME},
        {"Time", "1fs", "finer than the resolution: it would be 0" + TIME},
        {"Time", "1000000fs", ""},
        {"Time", "nan", "not a time" + TIME},
        {"Time", "1.5S", "not a time" + TIME},
        {"Time", "1.5sec", "not a time" + TIME},
        {"Time", "1.5 s", "not a decimal number" + TIME},
        {"Time", "1..5s", "not a decimal number" + TIME},
        {"Time", "", "no value" + TIME},
        {"DataRate", "10Mbps", ""},
        {"DataRate", "0.5kbps", ""},
        {"DataRate", "18000000000000000000bps", ""},
        {"DataRate", "18446744073709551616bps", "out of range" + RATE},
        {"DataRate", "1.5bps", "not a whole number of bit/s (1.5)" + RATE},
        {"DataRate", "1e6bps", "not a data rate" + RATE},
        {"DataRate", "-1Mbps", "not a data rate" + RATE},
        {"DataRate", "10Mbits", "not a data rate" + RATE},
        {"DataRate", "10", "not a data rate" + RATE},
        {"DataRate", "", "no value" + RATE},
    };
}

/**
 * \param type a Case's type
 * \param text the text
 * \return what StrictValue::Check throws for \p text as \p type ("" if nothing)
 */
std::string
CheckMessage(const std::string& type, const std::string& text)
{
    const std::map<std::string, std::function<void()>> checks{
        {"uint32", [&text] { StrictValue::Check<uint32_t>(text); }},
        {"uint64", [&text] { StrictValue::Check<uint64_t>(text); }},
        {"int", [&text] { StrictValue::Check<int>(text); }},
        {"double", [&text] { StrictValue::Check<double>(text); }},
        {"bool", [&text] { StrictValue::Check<bool>(text); }},
        {"Time", [&text] { StrictValue::Check<Time>(text); }},
        {"DataRate", [&text] { StrictValue::Check<DataRate>(text); }}};
    return InvalidArgumentMessage(checks.at(type));
}

/**
 * \ingroup dualcc
 * Every type's valid texts, each failure class and the boundaries.
 */
class StrictValueTableTestCase : public TestCase
{
  public:
    StrictValueTableTestCase()
        : TestCase("StrictValue: each text as each type, its message")
    {
    }

  private:
    void DoRun() override
    {
        for (const Case& c : Cases())
        {
            NS_TEST_EXPECT_MSG_EQ(CheckMessage(c.type, c.text),
                                  c.expected,
                                  c.type << " '" << c.text << "'");
        }
    }
};

/**
 * \ingroup dualcc
 * A text that passes reads as ns-3 reads it: the values, computed by hand.
 */
class StrictValueReadTestCase : public TestCase
{
  public:
    StrictValueReadTestCase()
        : TestCase("StrictValue: the values read")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseUnsigned("007", 10), 7, "leading zeros");
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseSigned("-12", -20, 0), -12, "negative");
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseDouble("2.5e-1"), 0.25, "exponent");
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseBool("F"), false, "F");
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseTime("1.5").GetNanoSeconds(),
                              1500000000,
                              "no unit: seconds");
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseTime("1.5s").GetNanoSeconds(), 1500000000, "1.5s");
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseTime("9223372036s").GetNanoSeconds(),
                              int64_t{9223372036000000000},
                              "the largest whole second ns-3 holds");
        NS_TEST_EXPECT_MSG_EQ(StrictValue::ParseDataRate("0.5kbps").GetBitRate(),
                              500,
                              "0.5 kbit/s");
    }
};

/**
 * \ingroup dualcc
 * Attribute values against their checkers, and --ns3:: / global names.
 */
class StrictValueAttributeTestCase : public TestCase
{
  public:
    StrictValueAttributeTestCase()
        : TestCase("StrictValue: attribute values and names")
    {
    }

  private:
    void DoRun() override
    {
        // QueueSizeChecker has no range of its own (GetUnderlyingTypeInformation() is
        // "QueueSize"): the form alone.
        const std::string QSIZE = "; valid: a whole number of packets or bytes, 0 to 4294967295, "
                                  "with a unit (p, kp, Kip, Mp, Mip, B, kB, KiB, MB, MiB), e.g. "
                                  "100p";
        // A Time checker's range as ns-3 prints it (its format differs between releases).
        const Ptr<const AttributeChecker> window = MakeTimeChecker(Seconds(0), Seconds(10));
        const std::string windowRange = window->GetUnderlyingTypeInformation();
        const Ptr<const AttributeChecker> fraction = MakeDoubleChecker<double>(0, 1);
        const Ptr<const AttributeChecker> count = MakeUintegerChecker<uint32_t>(1, 100);
        const std::vector<std::tuple<std::string, Ptr<const AttributeChecker>, std::string>> cases{
            {"0.5", fraction, ""},
            {"nan", fraction, "not a finite number; valid: double 0:1"},
            {"abc", fraction, "not a decimal number; valid: double 0:1"},
            {"1.5", fraction, "out of range; valid: double 0:1"},
            {"-1", count, "a sign on an unsigned number; valid: uint32_t 1:100"},
            {"1e2", count, "not a whole number; valid: uint32_t 1:100"},
            {"101", count, "out of range; valid: uint32_t 1:100"},
            {"4294967296", count, "out of range; valid: uint32_t 1:100"},
            {"100", count, ""},
            {"1.5p", MakeQueueSizeChecker(), "not a whole number of packets or bytes" + QSIZE},
            {"4294967296p", MakeQueueSizeChecker(), "out of range" + QSIZE},
            {"5000000Kp", MakeQueueSizeChecker(), "out of range" + QSIZE},
            {"1e3p", MakeQueueSizeChecker(), "not a queue size" + QSIZE},
            {"100p", MakeQueueSizeChecker(), ""},
            {"1.5kB", MakeQueueSizeChecker(), ""},
            {"yes", MakeBooleanChecker(), "not a truth value; valid: bool"},
            {"1e-3", window, ""},
            {"11s", window, "out of range; valid: " + windowRange},
            {"1e300s", window, "out of range" + TIME + ", within " + windowRange},
            {"true", MakeBooleanChecker(), ""},
        };
        for (const auto& [text, checker, expected] : cases)
        {
            NS_TEST_EXPECT_MSG_EQ(InvalidArgumentMessage([&text = text, &checker = checker] {
                                      StrictValue::ParseAttribute(text, checker);
                                  }),
                                  expected,
                                  "'" << text << "'");
        }
        const std::vector<std::pair<std::string, std::string>> names{
            {"ns3::TcpSocket::SegmentSize=1448", ""},
            {"ns3::TcpSocket::SegmentSize=-1",
             "a sign on an unsigned number; valid: uint32_t 0:4294967295"},
            {"ns3::TcpDualVegas::Beta=nan", "not a finite number; valid: double 0:1e+06"},
            // TcpFast's (0, x] attributes: their checkers refuse 0 (it reached Init before).
            {"ns3::TcpFastEcn::Beta=0", "out of range; valid: double 2.22507e-308:1000"},
            {"ns3::TcpFastDelay::M=0", "out of range; valid: uint32_t 1:1000"},
            {"ns3::TcpFastEcn::EstimationWindow=0", "out of range; valid: uint32_t 1:1000000"},
            // TcpMonaco's (0, x] attributes likewise (stop 38).
            {"ns3::TcpMonaco::Kappa=0", "out of range; valid: double 2.22507e-308:2"},
            {"ns3::TcpMonaco::AiadStep=0", "out of range; valid: double 2.22507e-308:100"},
            {"ns3::TcpMonaco::MwGain=0", "out of range; valid: double 2.22507e-308:1e+06"},
            // The price discs' LinkBandwidth: at most 1e15 bit/s, the checker's range (stop 38;
            // 1e15 + 1 reached the disc's initialization).
            {"ns3::RemQueueDisc::LinkBandwidth=1000000000000001bps",
             "out of range; valid: DataRate 0:1000000000000000 bit/s"},
            {"ns3::AvqQueueDisc::LinkBandwidth=1000000000000000bps", ""},
            // Their MaxSize: at least one packet or byte (0p was accepted, then ignored or ran
            // with no buffer).
            {"ns3::PiQueueDisc::MaxSize=0p",
             "out of range; valid: QueueSize 1:4294967295 packets or bytes"},
            {"ns3::PiQueueDisc::MaxSize=1p", ""},
            {"TcpSocket::SegmentSize=1",
             "no ns-3 TypeId 'TcpSocket'; valid: --ns3::TcpSocket::SegmentSize (a TypeId's "
             "full name)"},
            {"ns3::NoSuch::X=1",
             "no ns-3 TypeId 'ns3::NoSuch'; valid: a registered TypeId (--PrintTypeIds lists "
             "them)"},
            {"ns3::TcpSocket::Nope=1",
             "ns3::TcpSocket has no attribute 'Nope'; valid: one of its attributes "
             "(--PrintAttributes=ns3::TcpSocket lists them)"},
            // Pointer and address values (ns-3's readers crashed on the first two).
            {"ns3::PointToPointNetDevice::TxQueue=garbage",
             "no TypeId 'garbage'; valid: a TypeId derived from ns3::Queue<Packet>, optionally "
             "with its attributes, e.g. ns3::Queue<Packet>[Attribute=value|...] (--PrintTypeIds "
             "lists them)"},
            {"ns3::PointToPointNetDevice::TxQueue=ns3::DropTailQueue<Packet>[MaxSize=2.5p]",
             "MaxSize=2.5p: not a whole number of packets or bytes" + QSIZE},
            {"ns3::PointToPointNetDevice::TxQueue=ns3::DropTailQueue<Packet>[MaxSize=5p]", ""},
            {"ns3::PointToPointNetDevice::TxQueue=ns3::TcpSocket",
             "ns3::TcpSocket is not a ns3::Queue<Packet>; valid: a TypeId derived from "
             "ns3::Queue<Packet>, optionally with its attributes, e.g. "
             "ns3::Queue<Packet>[Attribute=value|...] (--PrintTypeIds lists them)"},
            {"ns3::PacketSink::Local=garbage",
             "not an address; valid: type-length-bytes in hex (ns-3's Address text), e.g. "
             "01-04-0a:01:01:02, at most 20 bytes"},
            {"ns3::PacketSink::Local=01-04-0a:01",
             "the length is not the number of bytes; valid: type-length-bytes in hex (ns-3's "
             "Address text), e.g. 01-04-0a:01:01:02, at most 20 bytes"},
            {"ns3::PacketSink::Local=01-04-0a:01:01:02", ""},
            {"ns3::MonacoSenderAgent::Remote=abc",
             "not an IPv4 address; valid: four numbers 0 to 255 with dots, e.g. 10.1.1.2"},
            {"ns3::MonacoSenderAgent::Remote=10.1.1.256",
             "not an IPv4 address; valid: four numbers 0 to 255 with dots, e.g. 10.1.1.2"},
            {"ns3::MonacoSenderAgent::Remote=10.1.1.2", ""},
            {"RngRun=1e3", "not a whole number; valid: uint64_t 0:18446744073709551615"},
            {"RngRun=3", ""},
            {"SchedulerType=nosuch",
             "no such TypeId; valid: a registered TypeId's name (--PrintTypeIds lists them)"},
            {"SchedulerType=ns3::HeapScheduler", ""},
        };
        for (const auto& [option, expected] : names)
        {
            const auto equals = option.find('=');
            NS_TEST_EXPECT_MSG_EQ(InvalidArgumentMessage([&option = option, equals] {
                                      StrictValue::CheckConfigValue(option.substr(0, equals),
                                                                    option.substr(equals + 1));
                                  }),
                                  expected,
                                  option);
        }
        NS_TEST_EXPECT_MSG_EQ(StrictValue::CheckConfigValue("NoSuchGlobal", "1"),
                              false,
                              "not a global value: an unknown option");
    }
};

/**
 * \ingroup dualcc
 * StrictCommandLine::Check(): argv -> message.
 */
class StrictCommandLineTestCase : public TestCase
{
  public:
    StrictCommandLineTestCase()
        : TestCase("StrictCommandLine: each command line, its message")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t n = 1;
        double x = 0;
        Time t;
        bool b = false;
        std::string s;
        DataRate r("1Mbps");
        StrictCommandLine cmd("strict-test");
        cmd.AddValue("n", "a count", n);
        cmd.AddValue("x", "a real", x);
        cmd.AddValue("t", "a time", t);
        cmd.AddValue("b", "a switch", b);
        cmd.AddValue("s", "a text", s);
        cmd.AddValue("r", "a rate", r);
        // Ranged options, an option checked against an attribute's checker, a queue size.
        uint32_t flows = 4;
        double share = 0.5;
        Time end = Seconds(1);
        double k = 50;
        QueueSize q("100p");
        cmd.AddValue("flows", "a count in 1..1000", flows, 1U, 1000U);
        cmd.AddValue("share", "a fraction", share, 0.0, 1.0, "in [0, 1]");
        cmd.AddValue("end", "an instant", end, TimeStep(1), Seconds(10));
        cmd.AddValue("k", "TcpFastEcn's K", k, "ns3::TcpFastEcn::K");
        cmd.AddValue("q", "a queue", q);
        const std::string unknown = ": no such option; valid: the options --PrintHelp lists, ns-3 "
                                    "attribute defaults (--ns3::Type::Attribute=value) and global "
                                    "values (--PrintGlobals)";
        const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
            {{"--n=3", "--x=0.5", "--t=20ms", "--b", "--s=any text", "--r=10Mbps"}, ""},
            {{"-n=3", "--b=false", "--s", "file.txt", "--PrintHelp"}, ""},
            {{"--n=1e300"}, "--n=1e300: not a whole number" + U32},
            {{"-n=-1"}, "--n=-1: a sign on an unsigned number" + U32},
            {{"--n"}, "--n: no value" + U32},
            {{"--x=nan"}, "--x=nan: not a finite number" + DBL},
            {{"--t=1e300"}, "--t=1e300: out of range" + TIME},
            {{"--t=-1ms"},
             "--t=-1ms: a negative time; valid: 0 or more (an option's time is a duration, a "
             "delay or an instant of the run)"},
            {{"--t=0"}, ""},
            {{"--b=yes"}, "--b=yes: not a truth value" + BOOL},
            {{"--r=1e6bps"}, "--r=1e6bps: not a data rate" + RATE},
            {{"--n=2", "--n=2.5"}, "--n=2.5: not a whole number" + U32},
            {{"--ns3::TcpSocket::SegmentSize=nan"},
             "--ns3::TcpSocket::SegmentSize=nan: not a whole number; valid: uint32_t "
             "0:4294967295"},
            {{"--TcpSocket::SegmentSize=1"},
             "--TcpSocket::SegmentSize=1: no ns-3 TypeId 'TcpSocket'; valid: "
             "--ns3::TcpSocket::SegmentSize (a TypeId's full name)"},
            {{"--RngRun=-1"},
             "--RngRun=-1: a sign on an unsigned number; valid: uint64_t 0:18446744073709551615"},
            {{"--flows=1", "--share=1", "--end=10s", "--k=1e-300", "--q=1kp"}, ""},
            {{"--flows=0"}, "--flows=0: out of range; valid: 1 to 1000"},
            {{"--flows=1001"}, "--flows=1001: out of range; valid: 1 to 1000"},
            {{"--flows=-1"}, "--flows=-1: a sign on an unsigned number" + U32},
            {{"--share=1.5"}, "--share=1.5: out of range; valid: in [0, 1]"},
            {{"--end=0s"}, "--end=0s: out of range; valid: 1e-09 s to 10 s"},
            {{"--end=10.5s"}, "--end=10.5s: out of range; valid: 1e-09 s to 10 s"},
            {{"--k=0"}, "--k=0: out of range; valid: double 2.22507e-308:1e+06"},
            {{"--k=abc"}, "--k=abc: not a decimal number" + DBL},
            {{"--q=2.5p"},
             "--q=2.5p: not a whole number of packets or bytes; valid: a whole number of packets "
             "or bytes, 0 to 4294967295, with a unit (p, kp, Kip, Mp, Mip, B, kB, KiB, MB, MiB), "
             "e.g. 100p"},
            {{"--s="},
             "--s=: no value; valid: a non-empty value (leave the option out for its default)"},
            {{"--nope=1"}, "--nope=1" + unknown},
            {{"--nope"}, "--nope" + unknown},
        };
        for (const auto& [args, expected] : cases)
        {
            std::vector<std::string> words{"strict-test"};
            words.insert(words.end(), args.begin(), args.end());
            std::vector<char*> argv;
            for (std::string& word : words)
            {
                argv.push_back(&word[0]);
            }
            NS_TEST_EXPECT_MSG_EQ(InvalidArgumentMessage([&cmd, &argv] {
                                      cmd.Check(static_cast<int>(argv.size()), argv.data());
                                  }),
                                  expected,
                                  args.front());
        }
    }
};

/**
 * \ingroup dualcc
 * The lists (Scenario::SplitList, ParsePositiveNumbers) and the description's tcp./queue.
 * values.
 */
class StrictListAndDescriptionTestCase : public TestCase
{
  public:
    StrictListAndDescriptionTestCase()
        : TestCase("lists refuse duplicates; tcp. and queue. values are read strictly")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::pair<std::function<void()>, std::string>> cases{
            {[] { Scenario::SplitList("buffers", "10,20,10"); },
             "--buffers=10,20,10: '10' given twice; valid: each value once"},
            {[] { Scenario::ParsePositiveNumbers("flows", "5,5.0"); },
             "--flows=5,5.0: '5.0' given twice (the same number as an earlier item); valid: "
             "positive numbers, comma-separated, each once"},
            {[] { Scenario::ParsePositiveNumbers("rates", "5,nan"); },
             "--rates=5,nan: 'nan': not a finite number; valid: positive numbers, "
             "comma-separated, each once"},
            {[] { Scenario::ParsePositiveNumbers("rates", "5,-1"); },
             "--rates=5,-1: '-1' is not a positive number; valid: positive numbers, "
             "comma-separated, each once"},
            {[] { Scenario::ParsePositiveNumbers("rates", "5,2.5"); }, ""},
        };
        for (const auto& [action, expected] : cases)
        {
            NS_TEST_EXPECT_MSG_EQ(InvalidArgumentMessage(action), expected, expected);
        }
        const std::string link = "link A R1 R2 rate=10Mbps delay=1ms";
        const std::string cls = "class c flows=1 route=A rtt=20ms";
        NS_TEST_EXPECT_MSG_EQ(ParseError(link + "\n" + cls + " tcp.Beta=nan\n"),
                              "t:2: tcp.Beta=nan: not a finite number; valid: double "
                              "0:1e+06",
                              "tcp.Beta=nan");
        NS_TEST_EXPECT_MSG_EQ(
            ParseError(link + " queue=ns3::RemQueueDisc queue.Gamma=1e999\n" + cls + "\n"),
            "t:1: queue.Gamma=1e999: out of range (beyond "
            "1.79769e+308); valid: double 2.22507e-308:1000",
            "queue.Gamma=1e999");
    }
};

/**
 * \ingroup dualcc
 * The strict reader of every value a user types.
 */
class StrictValueTestSuite : public TestSuite
{
  public:
    StrictValueTestSuite()
        : TestSuite("dualcc-strict-value", TestSuite::Type::UNIT)
    {
        AddTestCase(new StrictValueTableTestCase);
        AddTestCase(new StrictValueReadTestCase);
        AddTestCase(new StrictValueAttributeTestCase);
        AddTestCase(new StrictCommandLineTestCase);
        AddTestCase(new StrictListAndDescriptionTestCase);
    }
};

/// The suite's instance.
static StrictValueTestSuite g_strictValueTestSuite;

} // namespace
