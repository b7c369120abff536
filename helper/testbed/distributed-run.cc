/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "distributed-run.h"

#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <stdexcept>
#include <string>
#include <sys/resource.h>

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

namespace ns3
{

bool DistributedRun::s_enabled = false;
bool DistributedRun::s_partitioned = false;
double DistributedRun::s_startCpu = 0;
double DistributedRun::s_startWall = 0;

namespace
{

/// \return the number of processes mpirun started, as its environment says (1 if none)
long
LaunchedSize()
{
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    {
        const char* value = std::getenv(name);
        if (value && *value)
        {
            return std::strtol(value, nullptr, 10);
        }
    }
    return 1;
}

/// \return this process' CPU time (user + system) so far, s
double
CpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

/// \return the steady clock, s
double
WallSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// \return whether the environment asks for DistributedRun::ReportRankProfile()'s lines
bool
IsRankProfileAsked()
{
    const char* value = std::getenv("DUALCC_RANK_TIMES");
    return value && *value && std::string(value) != "0";
}

} // namespace

void
DistributedRun::EnableIfLaunched([[maybe_unused]] int* argc, [[maybe_unused]] char*** argv)
{
    if (LaunchedSize() < 2)
    {
        return;
    }
#ifdef NS3_MPI
    MpiInterface::Enable(argc, argv);
    s_enabled = true;
#else
    throw std::invalid_argument(
        "mpirun started " + std::to_string(LaunchedSize()) +
        " processes, but this build of dualcc has no MPI (each would simulate the whole network); "
        "valid: one process, or a build in an ns-3 tree configured with --enable-mpi "
        "(./dualcc run --mpi=N <example>)");
#endif
}

void
DistributedRun::Disable()
{
#ifdef NS3_MPI
    if (s_enabled)
    {
        MpiInterface::Disable();
        s_enabled = false;
    }
#endif
}

bool
DistributedRun::IsDistributed()
{
    return GetSize() > 1;
}

uint32_t
DistributedRun::GetRank()
{
#ifdef NS3_MPI
    if (s_enabled)
    {
        return MpiInterface::GetSystemId();
    }
#endif
    return 0;
}

uint32_t
DistributedRun::GetSize()
{
#ifdef NS3_MPI
    if (s_enabled)
    {
        return MpiInterface::GetSize();
    }
#endif
    return 1;
}

bool
DistributedRun::IsOutputRank()
{
    return GetRank() == 0;
}

bool
DistributedRun::IsLocal(Ptr<Node> node)
{
    return !IsDistributed() || node->GetSystemId() == GetRank();
}

std::vector<uint32_t>
DistributedRun::PartitionRouters(std::size_t routers, uint32_t ranks)
{
    if (ranks == 0 || routers < ranks)
    {
        throw std::invalid_argument(
            std::to_string(ranks) + " MPI ranks for a network of " + std::to_string(routers) +
            " routers: each rank simulates at least one router; valid: 1 to " +
            std::to_string(routers) + " ranks (mpirun -np)");
    }
    std::vector<uint32_t> rank(routers);
    for (std::size_t i = 0; i < routers; ++i)
    {
        rank[i] = static_cast<uint32_t>(i * ranks / routers);
    }
    return rank;
}

void
DistributedRun::StartRankProfile()
{
    s_startCpu = CpuSeconds();
    s_startWall = WallSeconds();
}

void
DistributedRun::ReportRankProfile(std::ostream& os)
{
    if (!IsRankProfileAsked())
    {
        return;
    }
    // Per rank: events, CPU time, wall time (ConcatenateOverRanks() keeps the rank order).
    std::vector<double> figures{static_cast<double>(Simulator::GetEventCount()),
                                CpuSeconds() - s_startCpu,
                                WallSeconds() - s_startWall};
    const std::size_t per = figures.size();
    ConcatenateOverRanks(figures);
    if (!IsOutputRank())
    {
        return;
    }
    double sum = 0;
    double most = 0;
    for (std::size_t r = 0; r < figures.size() / per; ++r)
    {
        sum += figures[r * per];
        most = std::max(most, figures[r * per]);
    }
    const std::ios::fmtflags flags = os.flags();
    os << std::fixed;
    for (std::size_t r = 0; r < figures.size() / per; ++r)
    {
        os << "rank " << r << ": events " << std::setprecision(0) << figures[r * per] << " ("
           << std::setprecision(1) << 100 * figures[r * per] / sum << " %), cpu "
           << std::setprecision(2) << figures[r * per + 1] << " s, wall " << figures[r * per + 2]
           << " s\n";
    }
    os << "ranks: " << figures.size() / per << ", events " << std::setprecision(0) << sum
       << ", sum / max of the ranks' events " << std::setprecision(3) << sum / most << '\n';
    os.flags(flags);
}

void
DistributedRun::MarkPartitioned()
{
    s_partitioned = true;
}

void
DistributedRun::CheckPartitioned()
{
    if (IsDistributed() && !s_partitioned)
    {
        throw std::invalid_argument(
            "this example's network is not built by NetworkHelper, the only helper that places "
            "nodes on MPI ranks: its results would be wrong; valid: one process");
    }
}

void
DistributedRun::SumOverRanks(std::vector<double>& values)
{
#ifdef NS3_MPI
    if (IsDistributed() && !values.empty())
    {
        MPI_Allreduce(MPI_IN_PLACE,
                      values.data(),
                      static_cast<int>(values.size()),
                      MPI_DOUBLE,
                      MPI_SUM,
                      MpiInterface::GetCommunicator());
    }
#endif
}

void
DistributedRun::ConcatenateOverRanks([[maybe_unused]] std::vector<double>& values)
{
#ifdef NS3_MPI
    if (!IsDistributed())
    {
        return;
    }
    const int ranks = static_cast<int>(GetSize());
    const int count = static_cast<int>(values.size());
    std::vector<int> counts(ranks);
    MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MpiInterface::GetCommunicator());
    std::vector<int> offsets(ranks, 0);
    for (int r = 1; r < ranks; ++r)
    {
        offsets[r] = offsets[r - 1] + counts[r - 1];
    }
    std::vector<double> all(static_cast<std::size_t>(offsets.back() + counts.back()));
    MPI_Allgatherv(values.data(),
                   count,
                   MPI_DOUBLE,
                   all.data(),
                   counts.data(),
                   offsets.data(),
                   MPI_DOUBLE,
                   MpiInterface::GetCommunicator());
    values.swap(all);
#endif
}

} // namespace ns3
