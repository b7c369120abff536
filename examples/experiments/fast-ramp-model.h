/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAST_RAMP_MODEL_H
#define FAST_RAMP_MODEL_H

#include <cstddef>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief What FAST can carry when its start-up limits it: a fluid link shared by flows whose
 * rates are capped by FAST's window at zero price (the fast-mice experiment's "ramp-limited
 * link"; doc/fast.rst).
 *
 * FAST has no slow start (Paganini et al. §V-B: "the sources' rate grows approximately
 * linearly ... The slope of increase is approximately beta K / tau"). At zero price a flow of
 * round trip d arriving at 0 sends nothing during its handshake (one round trip), then starts at
 * InitialWindow packets; from its first ACK (one more round trip) the expected window follows
 * eqs. 20 and 16 of Fig. 3 with p = 0, every T_s:
 *
 *     xi(k) = xi(k-1) + beta K / expWnd(k-1) T_s,   expWnd(k) = W_m exp(xi(k)),
 *
 * i.e. expWnd(k) = expWnd(k-1) exp(beta K T_s / expWnd(k-1)) (about beta K packets/s); and
 * the congestion window moves toward it by at most MaxIncrement per ACK (Fig. 3), one ACK per
 * packet at d: dw/dt = MaxIncrement w / d while w < expWnd. The flow's rate is w / d (paced over
 * the round trip). A price only lowers these windows, so GetWindow() bounds FAST's window at each
 * age.
 *
 * Serve() shares a link of rate serviceRate among the flows in progress as FAST's equilibrium
 * would (equal rates, K / p each; max-min), each at most its zero-price rate and its data left:
 * water-filling every Step. It is a bound on what FAST over REM's virtual capacity can carry with
 * these arrivals, as FastMiceScenario::GetWorkConservingUtilization() is without the start-up
 * (a single flow there may take the whole link at once).
 */
class FastRampModel
{
  public:
    /// FAST's parameters that set the start-up (TcpFast's attributes).
    struct Params
    {
        double beta{1.184};            //!< beta, 1/s
        double k{50};                  //!< K, packets
        double baseWindow{2};          //!< W_m, packets
        double maxIncrement{0.2};      //!< MaxIncrement, packets per ACK
        double integrationInterval{0}; //!< T_s, s (> 0)
        double initialWindow{2};       //!< the socket's initial window, packets
    };

    /// One flow.
    struct Flow
    {
        double arrival; //!< its arrival, s
        double packets; //!< its size, packets
        double rtt;     //!< its round-trip propagation delay d, s
    };

    /// Serve()'s result, over [start, stop].
    struct Result
    {
        double utilization{0}; //!< packets served / (capacity (stop - start))
        double jain{0};        //!< Jain's index among the concurrent elephants (as the monitor's)
        double compared{0};    //!< the mean number of elephants compared per interval
    };

    /// What counts as a concurrent elephant (FlowGoodputMonitor::GetConcurrentRates()).
    struct Elephants
    {
        double packets{1000}; //!< delivered at least this many packets by the interval's start
        double minAge{2};     //!< got its first packet at least this long before, s
        double interval{1};   //!< the intervals' length, s (from 0)
    };

    /// The fluid step, s.
    static constexpr double STEP = 0.001;

    /// \param params FAST's start-up (throws std::invalid_argument on a non-positive value)
    explicit FastRampModel(const Params& params);

    /**
     * \param age time since the flow's arrival, s
     * \param rtt its round trip d, s (> 0)
     * \return the congestion window at zero price, packets (0 during the handshake)
     */
    double GetWindow(double age, double rtt) const;

    /**
     * The ramp-limited link.
     * \param flows the flows, by arrival time
     * \param capacity the link's capacity, packets/s (the utilization's unit)
     * \param serviceRate the rate shared, packets/s (gamma_v c)
     * \param start the window's start, s
     * \param stop its end, s (> start)
     * \param elephants which flows Jain's index compares
     * \return utilization and Jain's index over [start, stop]
     */
    Result Serve(const std::vector<Flow>& flows,
                 double capacity,
                 double serviceRate,
                 double start,
                 double stop,
                 const Elephants& elephants) const;

    /**
     * Max-min shares: each flow gets min(cap, level), the level such that the shares sum to
     * \p total (or every cap, if they sum to less).
     * \param caps the flows' caps
     * \param total what is shared
     * \return the shares
     */
    static std::vector<double> WaterFill(const std::vector<double>& caps, double total);

  private:
    /**
     * Jain's index among the concurrent elephants, per interval, as
     * FlowGoodputMonitor::GetConcurrentRates() selects them.
     * \param first each flow's first packet, s (-1: none)
     * \param last the end of the step of its last packet, s
     * \param delivered its packets delivered by each interval's start
     * \param start the window's start, s
     * \param stop its end, s
     * \param elephants which flows are compared
     * \return jain and compared (utilization 0)
     */
    static Result CompareElephants(const std::vector<double>& first,
                                   const std::vector<double>& last,
                                   const std::vector<std::vector<double>>& delivered,
                                   double start,
                                   double stop,
                                   const Elephants& elephants);

    /**
     * The zero-price window every STEP from the arrival, computed once per round trip.
     * \param rtt d, s
     * \param ages how far, s
     * \return the table
     */
    const std::vector<double>& GetTable(double rtt, double ages) const;

    Params m_params;                                        //!< the start-up
    mutable std::map<double, std::vector<double>> m_tables; //!< per round trip
};

} // namespace ns3

#endif /* FAST_RAMP_MODEL_H */
