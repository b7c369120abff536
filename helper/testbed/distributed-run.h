/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALCC_DISTRIBUTED_RUN_H
#define DUALCC_DISTRIBUTED_RUN_H

#include "ns3/ptr.h"

#include <cstdint>
#include <ostream>
#include <vector>

namespace ns3
{

class Node;

/**
 * \ingroup dualcc
 *
 * \brief One network simulated by several processes with ns-3's distributed simulator (the
 * `mpi` module): what the testbed needs of it, in one place.
 *
 * An example started by `mpirun -np N` (N >= 2) in an ns-3 tree configured with `--enable-mpi`
 * (`./dualcc run --mpi=N <example>`) runs one rank per process. Every rank builds the whole
 * network; each node belongs to one rank (its system id, PartitionRouters()), and a rank
 * simulates only its own nodes: point-to-point links between nodes of two ranks become ns-3's
 * remote channels, whose propagation delay is the lookahead. Each rank measures what its own
 * nodes see, and SumOverRanks() adds the ranks' tallies, so that every rank ends the run with
 * the whole network's figures; rank 0 prints them.
 *
 * Without MPI (a build without `NS3_MPI`, or a process not started by mpirun with two or more
 * processes) there is one rank, every node is local and the sums are the values themselves: the
 * run is the ordinary sequential one.
 */
class DistributedRun
{
  public:
    /**
     * Start MPI if this process is one of two or more that mpirun started (its environment
     * names the world's size: OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_SIZE) and the build has
     * MPI; before any other use of the simulator. Selects ns-3's DistributedSimulatorImpl.
     * \param argc main's argc
     * \param argv main's argv
     * Throws std::invalid_argument if mpirun started several processes but this build has no
     * MPI (they would each simulate the whole network and print it).
     */
    static void EnableIfLaunched(int* argc, char*** argv);
    /// End MPI (MPI_Finalize) if EnableIfLaunched() started it; call after Simulator::Destroy().
    static void Disable();
    /// \return whether two or more ranks share the simulation
    static bool IsDistributed();
    /// \return this process' rank (0 without MPI)
    static uint32_t GetRank();
    /// \return the number of ranks (1 without MPI)
    static uint32_t GetSize();
    /// \return whether this rank writes the run's output (tables, CSV, plots): rank 0's
    static bool IsOutputRank();
    /**
     * \param node a node
     * \return whether this rank simulates it (always, without MPI)
     */
    static bool IsLocal(Ptr<Node> node);
    /**
     * The rank of each of \p routers routers, in the network description's order: contiguous
     * blocks of nearly equal size, the first routers on rank 0 (on a dumbbell with two ranks,
     * R1 on rank 0 and R2 on rank 1). RankPartition places the hosts.
     * \param routers the number of routers (>= ranks)
     * \param ranks the number of ranks (>= 1)
     * \return per router, its rank
     * Throws std::invalid_argument if there are fewer routers than ranks.
     */
    static std::vector<uint32_t> PartitionRouters(std::size_t routers, uint32_t ranks);
    /**
     * Replace each of \p values by its sum over the ranks (MPI_Allreduce); nothing without MPI.
     * Every rank must call it, with as many values.
     * \param values this rank's values; on return, the sums
     */
    static void SumOverRanks(std::vector<double>& values);
    /**
     * Replace \p values by every rank's values, rank 0's first (MPI_Allgatherv): for records
     * whose number differs between ranks (e.g. per-flow records kept where each flow's sink
     * is). Nothing without MPI. Every rank must call it; the counts may differ.
     * \param values this rank's values; on return, all ranks' in rank order
     */
    static void ConcatenateOverRanks(std::vector<double>& values);
    /// Note this rank's CPU time and wall clock at the start of a run (NetworkHelper::Run()).
    static void StartRankProfile();
    /**
     * If the environment sets DUALCC_RANK_TIMES (to anything but 0): print on \p os, from rank
     * 0, one line per rank with the events it executed since the simulator was made, its CPU
     * time (user + system) and wall time since StartRankProfile(), and the speed-up bound
     * sum / max of the ranks' events. Every rank must call it (the figures are gathered);
     * without MPI it prints the one process' line. Nothing without DUALCC_RANK_TIMES.
     * OpenMPI polls while a rank waits for the others, so a rank's CPU time includes its
     * waiting: bench/mpi-profile.sh separates the two.
     * \param os the stream (std::cerr)
     */
    static void ReportRankProfile(std::ostream& os);
    /// Record that the network was placed on the ranks (NetworkHelper::Install() does).
    static void MarkPartitioned();
    /**
     * With two or more ranks, after a simulation: refuse one whose network no NetworkHelper
     * placed on the ranks (another helper's nodes all stay on rank 0, and the other ranks
     * would have fed it copies of its traffic). Nothing without MPI.
     * Throws std::invalid_argument.
     */
    static void CheckPartitioned();

  private:
    static bool s_enabled;     //!< EnableIfLaunched() started MPI
    static bool s_partitioned; //!< MarkPartitioned() was called
    static double s_startCpu;  //!< StartRankProfile()'s CPU time, s
    static double s_startWall; //!< StartRankProfile()'s wall clock, s
};

} // namespace ns3

#endif /* DUALCC_DISTRIBUTED_RUN_H */
