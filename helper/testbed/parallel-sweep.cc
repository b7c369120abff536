/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "parallel-sweep.h"

#include "ns3/abort.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <map>
#include <poll.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ns3
{

namespace
{

/// Write all of \p text to \p fd. \return false on error
bool
WriteAll(int fd, const std::string& text)
{
    std::size_t done = 0;
    while (done < text.size())
    {
        ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
        {
            continue;
        }
        if (n <= 0)
        {
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

/// Read \p fd to its end.
std::string
ReadAll(int fd)
{
    std::string text;
    char buffer[4096];
    for (;;)
    {
        ssize_t n = read(fd, buffer, sizeof(buffer));
        if (n < 0 && errno == EINTR)
        {
            continue;
        }
        if (n <= 0)
        {
            break;
        }
        text.append(buffer, static_cast<std::size_t>(n));
    }
    return text;
}

/// A running child.
/// In the child: run the point, write "ok N v1 ... vN" to \p fd and exit (0; 3 if the pipe failed).
[[noreturn]] void
RunChild(int fd, const ParallelSweep::PointFunction& function, std::size_t point)
{
    std::vector<double> values = function(point);
    std::ostringstream out;
    out.precision(17);
    out << "ok " << values.size();
    for (double v : values)
    {
        out << ' ' << v;
    }
    out << '\n';
    bool written = WriteAll(fd, out.str());
    close(fd);
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    _exit(written ? 0 : 3);
}

/// A child's exit \p status and line \p text: its values (false if it failed).
bool
ParseResult(const std::string& text, int status, std::vector<double>& values)
{
    std::istringstream in(text);
    std::string tag;
    std::size_t count = 0;
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && (in >> tag >> count) && tag == "ok";
    for (std::size_t k = 0; ok && k < count; ++k)
    {
        // operator>> does not read "nan"/"inf": parse each token with strtod
        std::string token;
        ok = static_cast<bool>(in >> token);
        if (ok)
        {
            values.push_back(std::strtod(token.c_str(), nullptr));
        }
    }
    return ok;
}

/// Why a child with exit \p status gave no result.
std::string
DescribeFailure(int status)
{
    std::ostringstream why;
    if (WIFSIGNALED(status))
    {
        why << "was killed by signal " << WTERMSIG(status);
    }
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    {
        why << "exited with status " << WEXITSTATUS(status);
    }
    else
    {
        why << "returned no result";
    }
    return why.str();
}

struct Child
{
    std::size_t point;                           //!< its point
    int fd;                                      //!< read end of its pipe
    std::chrono::steady_clock::time_point start; //!< when it started
    std::string text{};                          //!< what it wrote so far
};

/**
 * Read the running children's pipes as they fill until one reaches its end (its child exited
 * or is exiting): a result may be longer than a pipe's buffer (aqm-comparison's Exp. 3 series),
 * and a child blocked on a full pipe would never exit.
 * \param running the running children (their text grows)
 * \return the pid of a child whose pipe ended
 */
pid_t
ReadUntilOneEnds(std::map<pid_t, Child>& running)
{
    for (;;)
    {
        std::vector<pollfd> fds;
        std::vector<pid_t> pids;
        for (const auto& [pid, child] : running)
        {
            fds.push_back({child.fd, POLLIN, 0});
            pids.push_back(pid);
        }
        if (poll(fds.data(), fds.size(), -1) < 0)
        {
            NS_ABORT_MSG_IF(errno != EINTR, "ParallelSweep: poll() failed: " << strerror(errno));
            continue;
        }
        for (std::size_t i = 0; i < fds.size(); ++i)
        {
            if (fds[i].revents == 0)
            {
                continue;
            }
            char buffer[4096];
            const ssize_t n = read(fds[i].fd, buffer, sizeof(buffer));
            if (n < 0 && errno == EINTR)
            {
                continue;
            }
            if (n <= 0)
            {
                return pids[i];
            }
            running[pids[i]].text.append(buffer, static_cast<std::size_t>(n));
        }
    }
}

} // namespace

ParallelSweep::ParallelSweep(unsigned jobs)
    : m_jobs(jobs),
      m_progress(false)
{
    NS_ABORT_MSG_IF(jobs < 1, "ParallelSweep: jobs must be at least 1 (got " << jobs << ")");
}

void
ParallelSweep::SetProgress(bool show, std::vector<std::string> labels)
{
    m_progress = show;
    m_labels = std::move(labels);
}

unsigned
ParallelSweep::GetProcessorCount()
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? static_cast<unsigned>(n) : 1U;
}

std::string
ParallelSweep::RunCheck(const std::function<void()>& check)
{
    int fds[2];
    NS_ABORT_MSG_IF(pipe(fds) != 0, "ParallelSweep: pipe() failed: " << strerror(errno));
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t pid = fork();
    NS_ABORT_MSG_IF(pid < 0, "ParallelSweep: fork() failed: " << strerror(errno));
    if (pid == 0)
    {
        close(fds[0]);
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        std::string error;
        try
        {
            check();
        }
        catch (const std::exception& e)
        {
            error = std::string("error ") + e.what();
        }
        const bool written = WriteAll(fds[1], error.empty() ? "ok" : error);
        close(fds[1]);
        std::fflush(nullptr);
        _exit(written ? 0 : 3);
    }
    close(fds[1]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
    {
        NS_ABORT_MSG_IF(errno != EINTR, "ParallelSweep: waitpid() failed: " << strerror(errno));
    }
    const std::string text = ReadAll(fds[0]);
    close(fds[0]);
    if (text.rfind("error ", 0) == 0)
    {
        return text.substr(6);
    }
    return text == "ok" && WIFEXITED(status) && WEXITSTATUS(status) == 0
               ? ""
               : "the check of the options " + DescribeFailure(status);
}

std::vector<std::vector<double>>
ParallelSweep::Run(std::size_t points, const PointFunction& function) const
{
    std::vector<std::vector<double>> results(points);
    std::map<pid_t, Child> running;
    std::vector<std::string> failures;
    std::size_t next = 0;
    auto label = [this](std::size_t i) {
        return i < m_labels.size() ? m_labels[i] : "point " + std::to_string(i);
    };

    // After a failure no new point starts: wait only for the children still running (waiting
    // with none would fail with ECHILD), then report the failures.
    while ((next < points && failures.empty()) || !running.empty())
    {
        while (next < points && running.size() < m_jobs && failures.empty())
        {
            int fds[2];
            NS_ABORT_MSG_IF(pipe(fds) != 0, "ParallelSweep: pipe() failed: " << strerror(errno));
            std::cout.flush();
            std::cerr.flush();
            std::fflush(nullptr);
            pid_t pid = fork();
            NS_ABORT_MSG_IF(pid < 0, "ParallelSweep: fork() failed: " << strerror(errno));
            if (pid == 0)
            {
                close(fds[0]);
                RunChild(fds[1], function, next);
            }
            close(fds[1]);
            if (m_progress)
            {
                std::cerr << "sweep: " << label(next) << " started (" << running.size() + 1
                          << " running)" << std::endl;
            }
            running[pid] = Child{next, fds[0], std::chrono::steady_clock::now()};
            ++next;
        }

        // Read the pipes until one ends, then reap its child.
        const pid_t pid = ReadUntilOneEnds(running);
        int status = 0;
        while (waitpid(pid, &status, 0) < 0)
        {
            NS_ABORT_MSG_IF(errno != EINTR, "ParallelSweep: waitpid() failed: " << strerror(errno));
        }
        Child child = running.at(pid);
        running.erase(pid);
        const std::string text = child.text;
        close(child.fd);
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - child.start).count();

        std::vector<double> values;
        if (!ParseResult(text, status, values))
        {
            failures.push_back(label(child.point) + " " + DescribeFailure(status));
            continue;
        }
        results[child.point] = std::move(values);
        if (m_progress)
        {
            std::cerr << "sweep: " << label(child.point) << " done in " << seconds << " s"
                      << std::endl;
        }
    }
    if (!failures.empty())
    {
        std::ostringstream all;
        for (const auto& f : failures)
        {
            all << "\n  " << f;
        }
        NS_ABORT_MSG("ParallelSweep: " << failures.size() << " point(s) failed:" << all.str());
    }
    return results;
}

} // namespace ns3
