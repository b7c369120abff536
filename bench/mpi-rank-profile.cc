/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Per-rank profile of an MPI run of an example (bench/mpi-profile.sh builds and preloads it):
// through MPI's profiling interface (PMPI), it times the calls ns-3's distributed simulator
// makes (MPI_Allgather: the granted-time-window synchronisation, once per window; MPI_Isend,
// MPI_Testany, MPI_Test: the packets crossing the ranks) and, at MPI_Finalize, prints on stderr
// one line per rank:
//
//   mpi-profile: rank R: cpu C s (user U, sys S), in MPI M s cpu / W s wall (windows N),
//                packets sent P, work C-M s
//
// "work" is the rank's CPU time outside MPI: the simulation it does. OpenMPI polls while it
// waits (and yields the core when oversubscribed), so the CPU time spent waiting for the other
// rank is in "in MPI", not in "work". The speed-up two ranks can give is at most
// sum(work) / max(work) of the ranks (the one-rank run's CPU time over the slower rank's).

#include <cstdio>
#include <ctime>
#include <mpi.h>
#include <sys/resource.h>

namespace
{

double g_cpu = 0;   //!< thread CPU time inside the timed MPI calls, s
double g_wall = 0;  //!< wall time inside them, s
long g_windows = 0; //!< MPI_Allgather calls (one per granted time window)
long g_sent = 0;    //!< MPI_Isend calls (one per packet crossing the ranks)

double
Clock(clockid_t id)
{
    timespec t{};
    clock_gettime(id, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

/// Adds the time between its construction and destruction to g_cpu and g_wall.
class Timed
{
  public:
    Timed()
        : m_cpu(Clock(CLOCK_THREAD_CPUTIME_ID)),
          m_wall(Clock(CLOCK_MONOTONIC))
    {
    }

    ~Timed()
    {
        g_cpu += Clock(CLOCK_THREAD_CPUTIME_ID) - m_cpu;
        g_wall += Clock(CLOCK_MONOTONIC) - m_wall;
    }

  private:
    double m_cpu;
    double m_wall;
};

double
Seconds(const timeval& t)
{
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
}

} // namespace

extern "C"
{
    int MPI_Allgather(const void* sendbuf,
                      int sendcount,
                      MPI_Datatype sendtype,
                      void* recvbuf,
                      int recvcount,
                      MPI_Datatype recvtype,
                      MPI_Comm comm)
    {
        Timed timed;
        ++g_windows;
        return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    }

    int MPI_Isend(const void* buf,
                  int count,
                  MPI_Datatype datatype,
                  int dest,
                  int tag,
                  MPI_Comm comm,
                  MPI_Request* request)
    {
        Timed timed;
        ++g_sent;
        return PMPI_Isend(buf, count, datatype, dest, tag, comm, request);
    }

    int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status)
    {
        Timed timed;
        return PMPI_Testany(count, requests, index, flag, status);
    }

    int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status)
    {
        Timed timed;
        return PMPI_Test(request, flag, status);
    }

    int MPI_Finalize()
    {
        int rank = 0;
        PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        const double user = Seconds(usage.ru_utime);
        const double sys = Seconds(usage.ru_stime);
        std::fprintf(stderr,
                     "mpi-profile: rank %d: cpu %.2f s (user %.2f, sys %.2f), in MPI %.2f s cpu / "
                     "%.2f s wall (windows %ld), packets sent %ld, work %.2f s\n",
                     rank,
                     user + sys,
                     user,
                     sys,
                     g_cpu,
                     g_wall,
                     g_windows,
                     g_sent,
                     user + sys - g_cpu);
        return PMPI_Finalize();
    }
}
