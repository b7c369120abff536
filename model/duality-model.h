/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALITY_MODEL_H
#define DUALITY_MODEL_H

#include <cstddef>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \defgroup dualcc Price-based congestion control (dualcc)
 *
 * Source and link algorithms of the duality model of congestion control (Low, Peterson and
 * Wang, "Understanding TCP Vegas: a duality model", J. ACM 49(2), 2002) and of the papers built
 * on it, with an equilibrium solver that predicts what a simulation should measure.
 */

/**
 * \ingroup dualcc
 *
 * \brief The duality model of a network of Vegas-like sources: its equilibrium, computed.
 *
 * A network is a set of links l with capacity c_l (packets/s) shared by sources s, each with a
 * route L(s) (a set of links), a round-trip propagation delay d_s (s) and a weight
 * w_s = alpha_s d_s (packets: what the source keeps queued in its path). Vegas' equilibrium rates
 * solve (Vegas paper eqs. 3-5)
 *
 *     max sum_s U_s(x_s)   subject to   sum_{s in S(l)} x_s <= c_l  for every link l,
 *
 * with U_s(x) = w_s log x. When source s estimates its propagation delay as (1 + eps_s) d_s, its
 * utility becomes (eq. 24) U_s(x) = (1 + eps_s) w_s log x + eps_s d_s x.
 *
 * The link prices p_l are the Lagrange multipliers of the capacity constraints; for Vegas they are
 * the queueing delays (eq. 21), so link l holds b_l = p_l c_l packets. Solve() minimises the dual
 * function (eq. 8) by a projected Newton method and checks the Karush-Kuhn-Tucker conditions of
 * the solution:
 *  - stationarity  U_s'(x_s) = p^s = sum_{l in L(s)} p_l  (eq. 6 / eq. 25), exact by construction;
 *  - feasibility   y_l = sum_{s in S(l)} x_s <= c_l;
 *  - slackness     p_l (c_l - y_l) = 0, p_l >= 0.
 * The largest violation, relative to c_l, is reported as Solution::kktResidual.
 *
 * The class is plain C++ and needs no simulation: it can be used in examples, tests and
 * stand-alone programs. Bad input throws std::invalid_argument naming the offending field.
 */
class DualityModel
{
  public:
    /// A link of the network.
    struct Link
    {
        std::string name; //!< name used in tables and in routes given by name
        double capacity;  //!< capacity c_l, packets per second
        /// whether the price is the link's queueing delay (true: it holds b_l = p_l c_l packets
        /// and delays its sources by p_l) or a virtual price (ECN marks, a virtual queue: it
        /// holds about no backlog and adds no delay)
        bool physicalPrice{true};
        /// for a virtual price: the backlog b_l, packets, the link holds whatever its price
        /// (REM with a queue reference b*: b*), which delays its sources by b_l / c_l
        double standingBacklog{0};
    };

    /// A source (a flow, or a class of identical flows counted one by one).
    struct Source
    {
        std::string name;               //!< name used in tables
        std::vector<std::size_t> route; //!< indices of the links the source crosses
        double propagationDelay;        //!< round-trip propagation delay d_s, seconds
        double weight;                  //!< w_s = alpha_s d_s, packets kept in the path
        double estimationError;         //!< relative baseRTT error eps_s (0: exact)
        /// o_s: packets the source puts on every link of its route once per round trip besides
        /// its data (control packets: Monaco's out-of-band / in-band pair), see SetOverhead()
        double overhead{0};
    };

    /// The equilibrium of one source.
    struct SourceResult
    {
        double rate;      //!< x_s, packets per second
        double pathPrice; //!< p^s = sum of the link prices on the route: queueing delay, s
        double baseRtt;   //!< the source's propagation-delay estimate (1 + eps_s) d_s, s
        double rtt;       //!< d_s + p^s, seconds (only the prices that are queueing delays)
        double window;    //!< x_s (d_s + p^s), packets (idem)
        double backlog;   //!< packets the source keeps queued, x_s p^s (eq. 22), packets (idem)
    };

    /// The equilibrium of one link.
    struct LinkResult
    {
        double price;   //!< p_l, the link's queueing delay, seconds
        double backlog; //!< b_l = p_l c_l, packets (0 for a virtual price)
        double load;    //!< y_l = sum of the rates of its sources, packets per second
        /// sum of o_s / (d_s + queueing) of its sources, packets per second (SetOverhead())
        double overhead{0};
        double utilization; //!< (y_l + overhead) / c_l
    };

    /// The result of Solve().
    struct Solution
    {
        std::vector<SourceResult> sources; //!< one per source, in the order they were added
        std::vector<LinkResult> links;     //!< one per link, in the order they were added
        bool converged;                    //!< true when kktResidual <= the requested tolerance
        double kktResidual;                //!< largest KKT violation, relative to capacity
        unsigned iterations;               //!< Newton iterations used
    };

    /// One period of the persistent-congestion example (Vegas paper §4.2, eqs. 27-29).
    struct CongestionPeriod
    {
        double queueingDelay;         //!< p(t), seconds
        double queue;                 //!< c p(t), packets
        std::vector<double> rates;    //!< x_n(t) of the active sources n = 1..t, packets/s
        std::vector<double> baseRtts; //!< baseRTT each active source measured, seconds
    };

    /// \name The valid ranges of the inputs (bounds included)
    /// They keep every quantity the solver computes finite: a value outside throws
    /// std::invalid_argument naming the link or source, the field and its range.
    /// \{
    static constexpr double MIN_CAPACITY = 1e-3;   //!< smallest link capacity, packets/s
    static constexpr double MAX_CAPACITY = 1e12;   //!< largest link capacity, packets/s
    static constexpr double MIN_PACKET_SIZE = 1;   //!< smallest packet size of AddLinkBps, bytes
    static constexpr double MAX_PACKET_SIZE = 1e9; //!< largest packet size of AddLinkBps, bytes
    static constexpr double MIN_DELAY = 1e-9;      //!< smallest propagation delay, s
    static constexpr double MAX_DELAY = 1e6;       //!< largest propagation delay, s
    static constexpr double MIN_WEIGHT = 1e-6;     //!< smallest weight alpha_s d_s, packets
    static constexpr double MAX_WEIGHT = 1e9;      //!< largest weight alpha_s d_s, packets
    static constexpr double MIN_ESTIMATION_ERROR = -0.999999; //!< smallest eps_s
    static constexpr double MAX_ESTIMATION_ERROR = 1e3;       //!< largest eps_s
    static constexpr std::size_t MAX_CLASS_SIZE = 1000000;    //!< most sources of AddSources
    static constexpr double MIN_ALPHA = 1e-6; //!< smallest alpha of PersistentCongestion, pkt/s
    static constexpr double MAX_ALPHA = 1e12; //!< largest alpha of PersistentCongestion, pkt/s
    static constexpr unsigned MAX_PERIODS = 10000;       //!< most sources of PersistentCongestion
    static constexpr double MAX_OVERHEAD = 1e6;          //!< largest overhead o_s, packets per RTT
    static constexpr double MAX_STANDING_BACKLOG = 1e12; //!< largest standing backlog, packets
    /// \}

    /**
     * Add a link.
     * \param name name of the link (must be unique and non-empty)
     * \param capacity capacity, packets per second, in [MIN_CAPACITY, MAX_CAPACITY]
     * \return the link's index, to be used in routes
     */
    std::size_t AddLink(const std::string& name, double capacity);

    /**
     * Add a link whose capacity is given in bits per second.
     * \param name name of the link
     * \param bitsPerSecond capacity, bit/s (> 0 and finite; the capacity in packets/s must be
     *        in [MIN_CAPACITY, MAX_CAPACITY])
     * \param packetSizeBytes size of a packet, bytes, in [MIN_PACKET_SIZE, MAX_PACKET_SIZE]:
     *        the capacity is converted to bitsPerSecond / (8 packetSizeBytes) packets per second
     * \return the link's index
     */
    std::size_t AddLinkBps(const std::string& name, double bitsPerSecond, double packetSizeBytes);

    /**
     * Say whether a link's price is its queueing delay (the default) or a virtual price (REM's
     * marks, AVQ's virtual queue): a virtual price leaves the rates unchanged, but the link's
     * backlog is then 0, and its price adds nothing to its sources' RTT, window and backlog.
     * \param link a link index
     * \param physical true: queueing delay; false: virtual price
     */
    void SetPhysicalPrice(std::size_t link, bool physical);

    /**
     * Give a link with a virtual price (SetPhysicalPrice(link, false)) the backlog it holds at
     * equilibrium whatever its price: a queue-regulating AQM such as REM with a reference backlog
     * b* (its price law drives the backlog to b* and the load to c). The link then holds b_l
     * packets and delays its sources by b_l / c_l; the rates are unchanged. Ignored while the
     * link's price is physical (its backlog is then p_l c_l).
     * \param link a link index
     * \param packets b_l, packets, in [0, MAX_STANDING_BACKLOG]
     */
    void SetStandingBacklog(std::size_t link, double packets);

    /**
     * Add a source.
     * \param name name of the source
     * \param route indices of the links it crosses (non-empty, each added before, no repeats)
     * \param propagationDelay round-trip propagation delay d_s, seconds, in
     *        [MIN_DELAY, MAX_DELAY]
     * \param weight w_s = alpha_s d_s, packets, in [MIN_WEIGHT, MAX_WEIGHT]
     * \param estimationError relative error eps_s of its propagation-delay estimate, in
     *        [MIN_ESTIMATION_ERROR, MAX_ESTIMATION_ERROR] (> -1: the estimate stays positive)
     * \return the source's index
     */
    std::size_t AddSource(const std::string& name,
                          const std::vector<std::size_t>& route,
                          double propagationDelay,
                          double weight,
                          double estimationError = 0.0);

    /**
     * Add a source whose route is given by link names.
     * \copydetails AddSource
     */
    std::size_t AddSourceByLinkNames(const std::string& name,
                                     const std::vector<std::string>& route,
                                     double propagationDelay,
                                     double weight,
                                     double estimationError = 0.0);

    /**
     * Add \p count identical sources (a class of flows); their names are name[0], name[1], ...
     * \param count the number of sources, in [1, MAX_CLASS_SIZE]
     * \return the index of the first one
     */
    std::size_t AddSources(std::size_t count,
                           const std::string& name,
                           const std::vector<std::size_t>& route,
                           double propagationDelay,
                           double weight,
                           double estimationError = 0.0);

    /**
     * Say that a source puts \p packetsPerRtt packets on every link of its route once per round
     * trip besides its data (Monaco's control pair: two 70-byte packets per round trip, 0.14 of
     * a 1000-byte packet). That load is not the source's rate x_s, but it takes capacity: Solve()
     * then finds the equilibrium of the links with capacities
     *
     *     c'_l = c_l - sum_{s in S(l)} o_s / (d_s + queueing delay of s),
     *
     * a fixed point, since the round trips depend on the prices (iterated until the capacities
     * move less than the tolerance, at most MAX_OVERHEAD_ROUNDS times). The links' results
     * report the overhead and count it in the utilization. A link whose overhead reaches its
     * capacity throws std::invalid_argument naming it.
     * \param source a source index
     * \param packetsPerRtt o_s, packets (of the links' packet size), in [0, MAX_OVERHEAD]
     */
    void SetOverhead(std::size_t source, double packetsPerRtt);

    /// Most fixed-point rounds Solve() takes when sources have an overhead.
    static constexpr unsigned MAX_OVERHEAD_ROUNDS = 100;

    /// \return the links added so far
    const std::vector<Link>& GetLinks() const;
    /// \return the sources added so far
    const std::vector<Source>& GetSources() const;
    /**
     * \param name a link name
     * \return the index of the link called \p name; throws std::invalid_argument if none is.
     */
    std::size_t GetLinkIndex(const std::string& name) const;

    /**
     * Compute the equilibrium.
     * \param tolerance the KKT residual (relative to link capacity) that counts as converged
     * \param maxIterations Newton iterations allowed
     * \return rates, prices, backlogs and the convergence report. When the iteration cannot
     *         go on with finite numbers (a step whose objective or predicted decrease is not
     *         finite is never taken), it stops at the last finite point and reports
     *         converged = false; if even the starting point is not usable, every rate, price and
     *         derived value is NaN and kktResidual is +infinity.
     */
    Solution Solve(double tolerance = 1e-10, unsigned maxIterations = 500) const;

    /**
     * The persistent-congestion recursion (Vegas paper §4.2, eqs. 27-29): N sources with the same
     * round-trip propagation delay d and parameter alpha share one link of capacity c; source t
     * starts in period t, after sources 1..t-1 have reached equilibrium, and so measures
     * baseRTT = d + p(t-1). Then p(1) = alpha d / c (eq. 28) and p(t) solves (eq. 27)
     *
     *     alpha d / p(t) + sum_{n=2}^{t} alpha (d + p(n-1)) / (p(t) - p(n-1)) = c,
     *
     * and x_n(t) = alpha (d + p(n-1)) / (p(t) - p(n-1)) (eq. 29).
     *
     * \param capacity c, packets per second, in [MIN_CAPACITY, MAX_CAPACITY]
     * \param propagationDelay d, seconds, in [MIN_DELAY, MAX_DELAY]
     * \param alpha packets per second, in [MIN_ALPHA, MAX_ALPHA]: each source keeps
     *        alpha (its baseRTT) packets queued; alpha d must be in [MIN_WEIGHT, MAX_WEIGHT]
     * \param nSources N, in [1, MAX_PERIODS]
     * \param baseRttOffset added to every reported baseRTT (e.g. the transmission times of a
     *        packet and its ACK, which a simulation's minimum RTT includes), seconds, in
     *        [0, MAX_DELAY]
     * \return the N periods
     */
    static std::vector<CongestionPeriod> PersistentCongestion(double capacity,
                                                              double propagationDelay,
                                                              double alpha,
                                                              unsigned nSources,
                                                              double baseRttOffset = 0.0);

  private:
    /**
     * The equilibrium for the given links (Solve() without overheads; with them, each round of
     * its fixed point).
     * \param links the links, with their (possibly reduced) capacities
     * \param tolerance as Solve()'s
     * \param maxIterations as Solve()'s
     * \return the solution, utilization relative to the given capacities
     */
    Solution SolveFor(const std::vector<Link>& links,
                      double tolerance,
                      unsigned maxIterations) const;

    std::vector<Link> m_links;     //!< the links
    std::vector<Source> m_sources; //!< the sources
};

} // namespace ns3

#endif /* DUALITY_MODEL_H */
