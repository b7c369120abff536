/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLUID_STABILITY_SCENARIO_H
#define FLUID_STABILITY_SCENARIO_H

#include "ns3/fluid-model.h"
#include "ns3/scenario.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The papers' stability boundaries on the fluid model (issue 31, item 3): for each
 * system a parameter is swept across the paper's boundary, every point integrated by FluidModel
 * and judged stable or oscillating by an oscillation measure; the measured boundary (bisection
 * between the two sides) is printed beside the paper's number.
 *
 * The systems (one bottleneck, N identical flows of round-trip propagation delay d):
 *  - "avq": TCP Reno (AVQ paper eq. 2, beta = 2/3) over AVQ (eqs. 1, 3), the paper's §3.1
 *    link (C = 1250 packets/s, gamma = 0.98, buffer 100) with N = 180 and d = 0.21 s; the
 *    parameter is alpha. The paper's boundary: Theorem 1's alpha* (eqs. 6, 13, as AvqDesign
 *    evaluates them; a sufficient condition); beside it, the exact crossing of the linearised
 *    loop (Theorem 2's eq. 14 with k = 0, i.e. with the arctan(alpha / omega) term kept).
 *  - "avq-headroom": the same gamma C, N, d (so the same gains, equilibrium and linearisation)
 *    on a link of capacity 2C with gamma / 2: the load never reaches the link's capacity, so the
 *    physical queue, which the paper's linearisation leaves out, stays empty.
 *  - "fast-alpha": FAST-ECN's static law (Paganini et al. eq. 6, beta = 0) over the
 *    virtual-capacity price (eq. 5), c_0 = c / 2 and N x_max = c (the physical queue stays
 *    empty); the parameter is alpha; Theorem 2's boundary alpha = pi/2 (exact for one link and
 *    one delay).
 *  - "fast-eta": FAST-ECN's dynamic law (eqs. 15-16) with alpha = 0.37; the parameter is
 *    eta = beta M tau / alpha (the zero of the lead-lag times the RTT, Proposition 3). The
 *    paper's boundary: eta < min(1 / tan(1), eta_hf(alpha)), where eta_hf solves
 *    sqrt(1 + eta^2) alpha = pi/2 - arctan(eta) (Proposition 3's proof); beside it the exact
 *    crossing of the single-source loop lambda(j omega) (eq. 14 with V(s), eq. 13).
 *  - "pi": TCP Reno (Hollot et al.'s model: FluidRenoLaw with beta = 1/2) over PI (FluidPiLaw),
 *    the PI paper's example (C = 3750 packets/s, N- = 60, R+ = 0.246 s, q_ref 50, w = 160 Hz);
 *    the parameter is the crossover omega_g of PiDesign (A and B from it); the paper's boundary
 *    is phase margin 0 of its P(s) C(s): omega_g R+ + arctan(omega_g R+) = pi/2; beside it the
 *    crossing of the fluid model's full linearisation (PiLinearisedGrowth()).
 *
 * The oscillation measure: the standard deviation of the bottleneck's load y over the last
 * quarter of the run, relative to its mean, and the envelope's growth per round trip,
 * ln(sd(last quarter) / sd(third quarter)) d / (T / 4). A point is stable if the relative
 * amplitude is below STILL (the run converged) or the envelope shrinks by more than DECAY per
 * round trip; else oscillating (a growing oscillation or a limit cycle).
 *
 * --packet runs the testbed at one point on each side (AVQ and PI: AqmExperiment's network
 * with one RTT; FAST: a dumbbell with the REM virtual-capacity link of the FAST paper's runs)
 * and prints the same measure on the packet simulation's bottleneck load.
 */
class FluidStabilityScenario : public Scenario
{
  public:
    /// A sweep: the system as a function of its parameter, and the paper's boundary.
    struct System
    {
        std::string name;           //!< e.g. "avq"
        std::string title;          //!< for tables and plots
        std::string parameter;      //!< e.g. "alpha"
        double paperBoundary;       //!< the paper's boundary (stable below)
        std::string paperSource;    //!< where it comes from, e.g. "Theorem 1 (eqs. 6, 13)"
        double exactBoundary;       //!< the linearised loop's exact crossing
        std::vector<double> values; //!< the swept values, increasing
        double delay;               //!< d, s
        double duration;            //!< T, s
        double step;                //!< h, s
        double capacity;            //!< c of the bottleneck, packets/s
        std::function<FluidModel(double)> build; //!< the model at a parameter value
    };

    /// The oscillation measure of one run.
    struct Measure
    {
        double amplitude; //!< sd / mean of the load over the last quarter
        double growth;    //!< ln of the envelope's ratio per round trip
        bool oscillating; //!< the verdict
    };

    /// A relative amplitude below this: the run has converged (stable).
    static constexpr double STILL = 1e-9;
    /// An envelope shrinking by more than this per round trip (ln): stable.
    static constexpr double DECAY = 2e-3;

    FluidStabilityScenario();
    void AddOptions(StrictCommandLine& cmd) override;
    void Check() override;
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

    /// \return the systems, in order: avq, avq-headroom, fast-alpha, fast-eta, pi
    static std::vector<System> GetSystems();
    /**
     * Integrate \p system at \p value and measure it.
     * \param system the system \param value its parameter
     * \param result if not null, the run's samples
     * \return the measure
     */
    static Measure Run(const System& system, double value, FluidModel::Result* result = nullptr);
    /**
     * \param result a run's samples (link 0: the bottleneck) \param delay d, s
     * \return its measure
     */
    static Measure MeasureRun(const FluidModel::Result& result, double delay);
    /**
     * Bisect (in log scale) between a stable and an oscillating value.
     * \param system the system \param stable a stable value \param oscillating an oscillating one
     * \return the boundary, to 1e-3 relative
     */
    static double FindBoundary(const System& system, double stable, double oscillating);

    /// \param alpha AVQ's alpha \return Theorem 2's eq. 14 (k = 0) minus pi at the avq system
    static double AvqExactPhase(double alpha);
    /**
     * The pi system's full linearisation (window-form Reno with the queueing delay in the RTT,
     * the delayed window and the forward and backward delays kept; Hollot et al.'s P(s) drops
     * the last three) at crossover \p omega.
     * \param omega the design's omega_g, rad/s
     * \return the largest real part of its characteristic roots found (Newton from a grid), 1/s
     */
    static double PiLinearisedGrowth(double omega);
    /// \param alpha FAST's alpha \return eta_hf: sqrt(1 + eta^2) alpha = pi/2 - arctan(eta)
    static double FastHighFrequencyEta(double alpha);
    /**
     * \param alpha FAST's alpha \param eta eta \param ratio nu / kappa
     * \return whether lambda(j omega) of eq. 14 crosses the negative real axis left of -1
     */
    static bool FastLoopUnstable(double alpha, double eta, double ratio);

  private:
    /// One point's result.
    struct Point
    {
        double value;    //!< the parameter
        Measure measure; //!< its measure
    };

    /**
     * Run the packet simulation of \p system at \p value.
     * \param system the system \param value its parameter \param os where progress goes
     * \return the measure of the packet bottleneck's load
     */
    Measure RunPacket(const System& system, double value, std::ostream& os) const;
    /**
     * Print one system's table and boundary, add its rows to \p table's CSV.
     * \param system the system \param points its points \param boundary measured
     * \param os the stream
     */
    void Print(const System& system,
               const std::vector<Point>& points,
               double boundary,
               std::ostream& os) const;
    /// Draw the trajectories on each side of each system (if --plot). \param os the stream
    void WritePlot(std::ostream& os) const;

    std::string m_sweeps{"all"};              //!< --sweep
    bool m_packet{false};                     //!< --packet
    double m_packetTime{60};                  //!< --packetTime, s
    std::vector<System> m_systems;            //!< the systems run
    std::vector<std::vector<Point>> m_points; //!< per system
    std::vector<double> m_boundaries;         //!< per system, measured
};

} // namespace ns3

#endif /* FLUID_STABILITY_SCENARIO_H */
