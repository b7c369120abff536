/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Test cases shared by the test suites: an action must abort (NS_ABORT_MSG, which optimized
// builds keep) with a message naming what is wrong; CheckConfig of a queue disc is the common
// case. The action runs in a forked child process; POSIX only (DUALCC_HAVE_FORK).

#ifndef CHECK_CONFIG_ABORT_TEST_CASE_H
#define CHECK_CONFIG_ABORT_TEST_CASE_H

#include "ns3/data-rate.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#define DUALCC_HAVE_FORK 1
#endif

#ifdef DUALCC_HAVE_FORK
/**
 * \ingroup dualcc
 * An action aborts (NS_ABORT_MSG, or any other SIGABRT) with a message containing a given text.
 * The action runs in a forked child process; the test expects the child to die of SIGABRT and
 * to have printed \p expected (on stdout or stderr).
 */
class AbortTestCase : public ns3::TestCase
{
  public:
    /**
     * \param name the test's name
     * \param action what must abort (run in the child)
     * \param expected text the abort message must contain
     */
    AbortTestCase(const std::string& name,
                  std::function<void()> action,
                  const std::string& expected)
        : ns3::TestCase(name),
          m_action(std::move(action)),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        int fds[2];
        NS_TEST_ASSERT_MSG_EQ(pipe(fds), 0, "pipe()");
        std::fflush(nullptr);
        const pid_t pid = fork();
        NS_TEST_ASSERT_MSG_NE(pid, -1, "fork()");
        if (pid == 0)
        {
            // Child: no core file; stderr and stdout into the pipe.
            const struct rlimit noCore = {0, 0};
            setrlimit(RLIMIT_CORE, &noCore);
            close(fds[0]);
            dup2(fds[1], STDERR_FILENO);
            dup2(fds[1], STDOUT_FILENO);
            m_action();
            std::fflush(nullptr);
            _exit(0); // not reached if the action aborts
        }
        close(fds[1]);
        std::string output;
        char buffer[512];
        ssize_t n;
        while ((n = read(fds[0], buffer, sizeof(buffer))) > 0)
        {
            output.append(buffer, static_cast<std::size_t>(n));
        }
        close(fds[0]);
        int status = 0;
        waitpid(pid, &status, 0);
        NS_TEST_EXPECT_MSG_EQ(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
                              true,
                              "the child aborts; its output: " << output);
        NS_TEST_EXPECT_MSG_NE(output.find(m_expected),
                              std::string::npos,
                              "the message names '" << m_expected << "': " << output);
    }

    std::function<void()> m_action; //!< what must abort
    std::string m_expected;         //!< expected text of the message
};

/**
 * \ingroup dualcc
 * CheckConfig aborts, with a message naming the attribute, when the configuration is unusable:
 * an AbortTestCase whose action creates the queue disc, configures it and initializes it.
 */
template <typename Disc>
class CheckConfigAbortTestCase : public AbortTestCase
{
  public:
    /**
     * \param what the configuration, for the test's name
     * \param configure sets up the queue disc
     * \param expected text the abort message must contain
     */
    CheckConfigAbortTestCase(const std::string& what,
                             std::function<void(ns3::Ptr<Disc>)> configure,
                             const std::string& expected)
        : AbortTestCase(
              "CheckConfig aborts: " + what,
              [configure]() {
                  ns3::Ptr<Disc> queue = ns3::CreateObject<Disc>();
                  configure(queue);
                  queue->Initialize();
              },
              expected)
    {
    }
};

/**
 * \ingroup dualcc
 * The CheckConfig aborts the price queue discs (REM, AVQ) share, with the message each must
 * produce: no capacity, sizes that cannot hold one packet, a capacity out of range.
 * \param typeName the queue disc's TypeId name (e.g. "ns3::RemQueueDisc"), in the messages
 * \return the test cases, for the suite to add
 */
template <typename Disc>
std::vector<ns3::TestCase*>
PriceQueueDiscAbortCases(const std::string& typeName)
{
    std::vector<ns3::TestCase*> cases;
    cases.push_back(new CheckConfigAbortTestCase<Disc>(
        "no capacity (LinkBandwidth 0, no device)",
        [](ns3::Ptr<Disc>) {},
        "LinkBandwidth"));

    const struct
    {
        std::string what;     //!< the configuration
        std::string maxSize;  //!< MaxSize
        std::string rate;     //!< LinkBandwidth
        std::string expected; //!< the abort message
    } bad[] = {
        // 0 is refused by ns-3's QueueDisc::SetMaxSize itself, before CheckConfig.
        {"MaxSize 0",
         "0p",
         "10Mbps",
         "Attribute name=MaxSize could not be set for this object: tid=" + typeName},
        {"MaxSize 1 byte",
         "1B",
         "10Mbps",
         typeName + "::MaxSize = 1B cannot hold one packet; in bytes it must be in "
                    "[MeanPktSize, 4294967295] bytes, with MeanPktSize = 1000 bytes"},
        {"MaxSize 999 bytes",
         "999B",
         "10Mbps",
         typeName + "::MaxSize = 999B cannot hold one packet"},
        // Beyond 1e15 bit/s LinkBandwidth is refused by its checker (MakeDataRateRangeChecker),
        // before CheckConfig; a device's DataRate beyond it still reaches CheckConfig.
        {"LinkBandwidth 1e16 bit per s",
         "100p",
         "10000000Gbps",
         "Attribute name=LinkBandwidth could not be set for this object: tid=" + typeName},
    };

    for (const auto& b : bad)
    {
        const std::string maxSize = b.maxSize;
        const std::string rate = b.rate;
        cases.push_back(new CheckConfigAbortTestCase<Disc>(
            b.what,
            [maxSize, rate](ns3::Ptr<Disc> q) {
                // ns-2's accounting: one packet is MeanPktSize bytes (the byte-mode minimum).
                q->SetAttribute("SizeAccounting", ns3::StringValue("FixedPacketSize"));
                q->SetAttribute("LinkBandwidth", ns3::DataRateValue(ns3::DataRate(rate)));
                q->SetAttribute("MaxSize", ns3::QueueSizeValue(ns3::QueueSize(maxSize)));
            },
            b.expected));
    }

    // C must carry one packet a second: 8 x 1000 bit/s for MeanPktSize 1000 bytes (by hand:
    // 7999 bit/s is 0.999875 packets/s). In FixedPacketSize packet mode (the capacity in
    // packets/s) and in Wire accounting without a device (packets of MeanPktSize bytes).
    const struct
    {
        std::string what;       //!< the configuration
        std::string accounting; //!< SizeAccounting
        std::string rate;       //!< LinkBandwidth
        uint32_t meanPktSize;   //!< MeanPktSize
    } slow[] = {
        {"LinkBandwidth 1 bit per s", "FixedPacketSize", "1bps", 1000},
        {"LinkBandwidth 7999 bit per s", "FixedPacketSize", "7999bps", 1000},
        {"LinkBandwidth 7999 bit per s, Wire", "Wire", "7999bps", 1000},
        {"MeanPktSize 4294967295", "FixedPacketSize", "10Mbps", 4294967295U},
    };

    for (const auto& b : slow)
    {
        const std::string accounting = b.accounting;
        const std::string rate = b.rate;
        const uint32_t meanPktSize = b.meanPktSize;
        cases.push_back(new CheckConfigAbortTestCase<Disc>(
            b.what,
            [accounting, rate, meanPktSize](ns3::Ptr<Disc> q) {
                q->SetAttribute("SizeAccounting", ns3::StringValue(accounting));
                q->SetAttribute("LinkBandwidth", ns3::DataRateValue(ns3::DataRate(rate)));
                q->SetAttribute("MeanPktSize", ns3::UintegerValue(meanPktSize));
                q->SetAttribute("MaxSize", ns3::QueueSizeValue(ns3::QueueSize("100p")));
            },
            typeName + "::LinkBandwidth and MeanPktSize: the capacity C = "));
    }
    return cases;
}
#endif // DUALCC_HAVE_FORK

#endif /* CHECK_CONFIG_ABORT_TEST_CASE_H */
