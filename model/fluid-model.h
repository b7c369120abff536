/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_MODEL_H
#define FLUID_MODEL_H

#include "fluid-link-law.h"
#include "fluid-source-law.h"

#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The fluid model of a network of price-based sources and links: the papers' dynamics
 * (a delay-differential system), integrated with a fixed step.
 *
 * Links l have a capacity c_l (packets/s), a buffer B_l (packets; 0: unlimited) and a price law
 * (FluidLinkLaw). Sources s (a class of n_s identical flows) have a route, a round-trip
 * propagation delay d_s split, for each link of the route, into a forward delay tau^f_ls (from
 * the source to the link) and a backward delay tau^b_ls = d_s - tau^f_ls (from the link back to
 * the source, Paganini et al. eq. 3), a start and stop time, and a source law (FluidSourceLaw).
 * The system is (Paganini et al. eqs. 1-2; Vegas paper eq. 13):
 *
 *     y_l(t) = sum_s n_s (x_s + o_s / RTT_s)(t - tau^f_ls)        (arrival rate at link l)
 *     db_l/dt = y_l - c_l, projected at 0 and at B_l               (every link's physical queue)
 *     dp_l/dt = the link law's, p_l >= 0                            (an AQM's price, if any)
 *     q_s(t) = sum_l price_l(t - tau^b_ls)                         (the path price)
 *     Q_s(t) = sum_l b_l(t - tau^b_ls) / c_l                       (the path's queueing delay)
 *     dz_s/dt = the source law's,  x_s = w_s(z_s, q_s) / (d_s + Q_s)
 *
 * a source sending nothing before its start and after its stop (its state frozen then). The
 * delays are the propagation delays only: queueing changes the RTT (through Q_s) but not the
 * times at which rates and prices travel. Link events change a capacity at a given time.
 *
 * Integration: Heun's method (explicit trapezoid, second order) with fixed step h, on history
 * buffers holding every source's rate and every link's price and queueing delay at each step,
 * read at t - tau by linear interpolation. Not Boost.Odeint's steppers: their state is a plain
 * vector advanced by a derivative of (state, t), so the delayed terms would have to come from
 * our buffers anyway, the Heun predictor's values at t + h (needed when a delay is below h) would
 * have to be written into them from inside the derivative, and the projections of the queues and
 * prices onto their domains have to be applied after each step, outside the stepper. Two stages
 * of our own do all that in a few lines.
 *
 * Plain C++ (no ns-3 events or objects), as DualityModel: bad input throws std::invalid_argument
 * naming the link or source, the field and its valid range.
 */
class FluidModel
{
  public:
    /// A link.
    struct Link
    {
        std::string name;                        //!< name (unique, non-empty)
        double capacity;                         //!< c, packets/s
        double buffer{0};                        //!< B, packets (0: unlimited)
        std::shared_ptr<const FluidLinkLaw> law; //!< its price law
    };

    /// A source: a class of identical flows.
    struct Source
    {
        std::string name;                          //!< name (non-empty)
        std::vector<std::size_t> route;            //!< link indices, in order, no repeats
        double propagationDelay;                   //!< d, round-trip propagation delay, s
        std::shared_ptr<const FluidSourceLaw> law; //!< its law
        std::size_t count{1};                      //!< n, number of identical flows
        double start{0};                           //!< start time, s
        double stop{std::numeric_limits<double>::infinity()}; //!< stop time, s
        /// tau^f to each link of the route, s, in [0, d] (empty: d / 2 for every link)
        std::vector<double> forwardDelays{};
        /// o, packets each flow puts on every link of its route once per round trip besides its
        /// data (Monaco's control packets), in [0, MAX_OVERHEAD]: a load o / (d + Q) per flow
        double overhead{0};
    };

    /// A change of a link's capacity at a given time.
    struct LinkEvent
    {
        double at;        //!< when, s
        std::size_t link; //!< which link
        double capacity;  //!< its new capacity, packets/s
    };

    /// How to integrate and sample.
    struct Options
    {
        double duration{10};         //!< integrate over [0, duration], s
        double step{1e-3};           //!< h, s
        double sampleInterval{0.01}; //!< a sample every this, s (a multiple of h is kept)
    };

    /// A source's values at one time (per flow).
    struct SourceState
    {
        double rate;      //!< x, packets/s of one flow
        double window;    //!< w, packets
        double pathPrice; //!< q, as the source sees it
        double rtt;       //!< d + Q, s
        double state;     //!< the law's state z
    };

    /// A link's values at one time.
    struct LinkState
    {
        double load;     //!< y, packets/s
        double backlog;  //!< b, packets
        double price;    //!< its law's price
        double capacity; //!< c now, packets/s
    };

    /// The trajectories and the end state.
    struct Result
    {
        std::vector<double> times;                     //!< sample times, s
        std::vector<std::vector<SourceState>> sources; //!< [sample][source]
        std::vector<std::vector<LinkState>> links;     //!< [sample][link]
        std::vector<SourceState> endSources;           //!< at the end of the run
        std::vector<LinkState> endLinks;               //!< at the end of the run
        std::size_t steps{0};                          //!< steps taken
    };

    /// A state of the system: what Run() integrates.
    struct State
    {
        std::vector<double> sources;            //!< z_s, each source's law state
        std::vector<double> backlogs;           //!< b_l, each link's queue, packets
        std::vector<std::vector<double>> links; //!< each link's law states (GetStateCount())
    };

    /// \name The valid ranges of the inputs (bounds included)
    /// \{
    static constexpr double MIN_CAPACITY = 1e-3;        //!< packets/s
    static constexpr double MAX_CAPACITY = 1e12;        //!< packets/s
    static constexpr double MAX_BUFFER = 1e12;          //!< packets
    static constexpr double MIN_DELAY = 1e-9;           //!< smallest d, s
    static constexpr double MAX_DELAY = 1e6;            //!< largest d, s
    static constexpr std::size_t MAX_COUNT = 1000000;   //!< most flows in a source
    static constexpr double MAX_TIME = 1e7;             //!< largest time, s
    static constexpr double MIN_STEP = 1e-7;            //!< smallest h, s
    static constexpr double MAX_STEP = 1;               //!< largest h, s
    static constexpr std::size_t MAX_STEPS = 100000000; //!< most steps of a run
    static constexpr double MAX_OVERHEAD = 1e6;         //!< largest overhead, packets per RTT
    /// \}

    /**
     * Add a link.
     * \param link the link (capacity in [MIN_CAPACITY, MAX_CAPACITY], buffer in [0, MAX_BUFFER],
     *        a law)
     * \return its index
     */
    std::size_t AddLink(const Link& link);
    /**
     * Add a source.
     * \param source the source (route of links added before, d in [MIN_DELAY, MAX_DELAY], a law,
     *        count in [1, MAX_COUNT], 0 <= start < stop, forward delays in [0, d])
     * \return its index
     */
    std::size_t AddSource(const Source& source);
    /**
     * Add a capacity change.
     * \param event when (in [0, MAX_TIME]), which link, its capacity (as AddLink's)
     */
    void AddLinkEvent(const LinkEvent& event);

    /**
     * Replace a source's law (e.g. a Vegas law with the source's baseRTT error, which a
     * description does not give).
     * \param source a source's index (from AddSource()) \param law its new law (non-null)
     */
    void SetSourceLaw(std::size_t source, std::shared_ptr<const FluidSourceLaw> law);

    /// \return the links
    const std::vector<Link>& GetLinks() const;
    /// \return the sources
    const std::vector<Source>& GetSources() const;

    /**
     * Integrate.
     * \param options duration in (0, MAX_TIME], step in [MIN_STEP, MAX_STEP] and at most the
     *        duration, at most MAX_STEPS steps, sample interval in [step, duration]
     * \return the samples (at 0 and every sample interval) and the end state
     */
    Result Run(const Options& options) const;

    /// \return the state Run() starts from (every law's initial state, the queues empty)
    State GetInitialState() const;
    /**
     * The derivative of the system in a state held since time -infinity (every delayed rate,
     * price and queueing delay equal to its value in \p state), every source sending and every
     * capacity as added (no event): 0 at an equilibrium; by finite differences, the Jacobian of
     * the system without its delays. Queues and law states are projected as Run() does.
     * \param state a state (the sizes of GetInitialState()'s)
     * \return dx/dt, in the same layout
     */
    State GetDerivative(const State& state) const;
    /**
     * Integrate from a state held since time -infinity (as GetDerivative()), every source
     * sending and no event: e.g. from an equilibrium slightly perturbed, to see whether the
     * perturbation grows.
     * \param initial the state at time 0 (GetInitialState()'s layout)
     * \param options as Run()'s
     * \return as Run()'s
     */
    Result RunFrom(const State& initial, const Options& options) const;

  private:
    std::vector<Link> m_links;       //!< the links
    std::vector<Source> m_sources;   //!< the sources
    std::vector<LinkEvent> m_events; //!< the capacity changes, in the order added
};

} // namespace ns3

#endif /* FLUID_MODEL_H */
