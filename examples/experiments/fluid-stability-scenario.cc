/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-stability-scenario.h"

#include "aqm-experiment.h"
#include "fast-paper-parameters.h"

#include "ns3/avq-design.h"
#include "ns3/comparison-table.h"
#include "ns3/double.h"
#include "ns3/dumbbell-description.h"
#include "ns3/fluid-pi-law.h"
#include "ns3/fluid-window-reno-law.h"
#include "ns3/network-helper.h"
#include "ns3/pi-design.h"
#include "ns3/plot-writer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>

namespace ns3
{

namespace
{

/// pi / 2
const double HALF_PI = std::acos(0.0);

/// The AVQ paper's §3.1 link and the design point of its Theorem 1.
namespace avq
{
constexpr double C = 1250;     //!< packets/s: 10 Mb/s of 1000-byte packets
constexpr double N = 180;      //!< flows
constexpr double GAMMA = 0.98; //!< desired utilization
constexpr double D = 0.21;     //!< s, the design's delay
constexpr double BUFFER = 100; //!< packets
} // namespace avq

/// FAST's single-link systems (Theorem 2 and Proposition 3).
namespace fast
{
constexpr double C = 5000;     //!< packets/s: 40 Mb/s of 1000-byte packets
constexpr double GAMMA = 0.95; //!< c_0 / c (the paper's)
constexpr double N = 10;       //!< flows
constexpr double K = 5;        //!< packets: nu / kappa = x0 M d / (K alpha) = 25.7 at alpha 0.37
constexpr double D = 0.1;      //!< s
constexpr double ALPHA = 0.37; //!< Proposition 3's sweep: the paper's alpha
constexpr double W_M = 2;      //!< TcpFast's BaseWindow (the dynamic law's start)
/// c_0 / c of the static law (beta = 0): with STATIC_W_M the load never exceeds c
constexpr double STATIC_GAMMA = 0.5;
/// W_m of the static law: x_max = W_m / d, N x_max = c = 2 c_0 (the physical queue stays empty)
constexpr double STATIC_W_M = 50;
} // namespace fast

/// The PI paper's example (PiDesign's).
namespace pi
{
constexpr double C = 3750;     //!< packets/s: 15 Mb/s of 500-byte packets
constexpr double N = 60;       //!< N-
constexpr double R = 0.246;    //!< R+, s
constexpr double QREF = 50;    //!< packets
constexpr double W = 160;      //!< Hz
constexpr double BUFFER = 800; //!< packets
} // namespace pi

/// A relative amplitude of the packet runs' load (per round trip, last quarter) above this is
/// an oscillation. Chosen after the runs of doc/fluid-model.rst (stable-side points measured
/// 0.014 to 0.037), not derived: the packet verdict is indicative only.
constexpr double PACKET_AMPLITUDE = 0.05;

/// \return a model of \p n flows of law \p source over one link of law \p link
FluidModel
OneLink(double c,
        double buffer,
        std::shared_ptr<const FluidLinkLaw> link,
        std::shared_ptr<const FluidSourceLaw> source,
        double n,
        double d)
{
    FluidModel model;
    model.AddLink({"bottleneck", c, buffer, std::move(link)});
    FluidModel::Source s{"flows", {0}, d, std::move(source)};
    s.count = static_cast<std::size_t>(n);
    model.AddSource(s);
    return model;
}

/// \return the bisection root of the increasing \p f in [lo, hi] (f(lo) < 0 <= f(hi))
double
Bisect(const std::function<double(double)>& f, double lo, double hi)
{
    for (int i = 0; i < 200; ++i)
    {
        const double mid = (lo + hi) / 2;
        (f(mid) < 0 ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

/// \return PI's A and B for crossover \p omega (PiDesign at the paper's example)
PiDesign::Coefficients
PiCoefficients(double omega)
{
    const PiDesign design(pi::C, pi::N, pi::R);
    const PiDesign::Controller c = design.GetController(omega);
    return PiDesign::Discretize(c.gain, c.zero, pi::W);
}

/// \return FAST's parameters with alpha, beta and W_m
FluidFastEcnLaw::Params
FastParams(double alpha, double beta, double baseWindow)
{
    FluidFastEcnLaw::Params p;
    p.alpha = alpha;
    p.beta = beta;
    p.k = fast::K;
    p.baseWindow = baseWindow;
    return p;
}

/// \return the sorted values \p paper x {0.5, 1, 2} and \p exact x {0.5, 0.9, 1.1, 2}
std::vector<double>
Values(double paper, double exact)
{
    std::vector<double> v{paper / 2, paper, 2 * paper};
    for (double m : {0.5, 0.9, 1.1, 2.0})
    {
        v.push_back(m * exact);
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(),
                        v.end(),
                        [](double a, double b) { return std::abs(a - b) <= 1e-9 * b; }),
            v.end());
    return v;
}

/// \return sd / mean of \p y over [from, to) and the sd
std::pair<double, double>
Spread(const std::vector<double>& y, std::size_t from, std::size_t to)
{
    double sum = 0;
    double squares = 0;
    for (std::size_t i = from; i < to; ++i)
    {
        sum += y[i];
    }
    const double n = static_cast<double>(to - from);
    const double mean = sum / n;
    for (std::size_t i = from; i < to; ++i)
    {
        squares += (y[i] - mean) * (y[i] - mean);
    }
    const double sd = std::sqrt(squares / n);
    return {mean > 0 ? sd / mean : 0.0, sd};
}

} // namespace

FluidStabilityScenario::FluidStabilityScenario()
    : Scenario("fluid-stability",
               "Sweeps AVQ's alpha, FAST's alpha and eta, and PI's crossover across the papers' "
               "stability boundaries on the fluid model; --packet adds packet runs each side.")
{
}

void
FluidStabilityScenario::AddOptions(StrictCommandLine& cmd)
{
    cmd.AddValue("sweep",
                 "Which sweeps: all, or a comma-separated list of avq, avq-headroom, fast-alpha, "
                 "fast-eta, pi",
                 m_sweeps);
    cmd.AddValue("packet",
                 "Also run the packet simulation at one point on each side of each boundary "
                 "(fast-alpha has none: TcpFast refuses Alpha >= pi/2)",
                 m_packet);
    cmd.AddValue("packetTime", "Simulated time of each packet run, s, in [10, 1000]", m_packetTime);
}

std::vector<OwnedAttributes::Entry>
FluidStabilityScenario::GetOwnedAttributes() const
{
    // the packet runs' discs and TCPs are the sweeps' (the parameter) and the papers'
    const std::string swept = "the sweep (--sweep; each packet run is at a point of it)";
    std::vector<OwnedAttributes::Entry> owned =
        AqmExperiment::GetOwnedAttributes({"AVQ", "PI"},
                                          AqmExperiment::Settings(),
                                          {{"Alpha", swept}, {"A", swept}, {"B", swept}});
    for (const OwnedAttributes::Entry& e : FastPaperParameters::GetOwnedAttributes(false))
    {
        owned.push_back(e);
    }
    for (const char* name : {"K", "BetaRule", "Beta"})
    {
        owned.push_back({std::string("ns3::TcpFastEcn::") + name,
                         "nothing: fixed by the fast-eta sweep (K 5, Beta from eta)"});
    }
    return owned;
}

void
FluidStabilityScenario::Check()
{
    Require(m_packetTime >= 10 && m_packetTime <= 1000,
            "packetTime",
            m_packetTime,
            "out of range",
            "[10, 1000] s");
    const std::vector<System> all = GetSystems();
    std::vector<std::string> names;
    for (const System& s : all)
    {
        names.push_back(s.name);
    }
    const std::vector<std::string> wanted =
        m_sweeps == "all" ? names : SplitList("sweep", m_sweeps);
    m_systems.clear();
    for (const std::string& w : wanted)
    {
        const auto it = std::find(names.begin(), names.end(), w);
        Require(it != names.end(),
                "sweep",
                m_sweeps,
                "no sweep '" + w + "'",
                "all, or a list of avq, avq-headroom, fast-alpha, fast-eta, pi");
        m_systems.push_back(all[it - names.begin()]);
    }
    if (!m_packet)
    {
        // Without --packet no packet simulation runs: an option that only acts on one would be
        // silently ignored.
        for (const char* option : {"pcap", "flowmon"})
        {
            std::string value;
            Require(!IsOptionGiven(option, &value),
                    option,
                    value,
                    "needs the packet runs, which only --packet starts",
                    "leave it out, or add --packet");
        }
    }
}

namespace
{

/// \return the avq sweep: Reno over AVQ on the paper's §3.1 link, Theorem 1's design point
FluidStabilityScenario::System
AvqSystem()
{
    const double paper = AvqDesign(avq::C, avq::N, avq::GAMMA).GetMaxStableAlpha(avq::D).alpha;
    const double exact = Bisect(&FluidStabilityScenario::AvqExactPhase, 0, 1e3);
    return {"avq",
            "Reno over AVQ: C 1250 pkts/s, N 180, d 0.21 s, gamma 0.98",
            "alpha",
            paper,
            "Theorem 1 (eqs. 6, 13; printed: < 0.17)",
            exact,
            Values(paper, exact),
            avq::D,
            160,
            1e-3,
            avq::C,
            [](double alpha) {
                return OneLink(avq::C,
                               avq::BUFFER,
                               std::make_shared<FluidAvqLaw>(avq::GAMMA, alpha),
                               std::make_shared<FluidRenoLaw>(),
                               avq::N,
                               avq::D);
            }};
}

/**
 * \param avq the avq sweep
 * \return the same gains and equilibrium (gamma C, d, N) on a link of twice the capacity: the
 *         load never reaches the link's capacity, the physical queue stays empty
 */
FluidStabilityScenario::System
AvqHeadroomSystem(FluidStabilityScenario::System avq)
{
    avq.name = "avq-headroom";
    avq.title = "Reno over AVQ, gamma C as avq on a link of 2C (no physical queue)";
    avq.capacity = 2 * avq::C;
    avq.build = [](double alpha) {
        return OneLink(2 * avq::C,
                       avq::BUFFER,
                       std::make_shared<FluidAvqLaw>(avq::GAMMA / 2, alpha),
                       std::make_shared<FluidRenoLaw>(),
                       avq::N,
                       avq::D);
    };
    return avq;
}

/// \return the fast-alpha sweep: FAST-ECN's static law, Theorem 2
FluidStabilityScenario::System
FastAlphaSystem()
{
    return {"fast-alpha",
            "FAST-ECN static law (beta 0): c 5000 pkts/s, gamma 0.5, N 10, d 0.1 s",
            "alpha",
            HALF_PI,
            "Theorem 2 (alpha < pi/2)",
            HALF_PI,
            Values(HALF_PI, HALF_PI),
            fast::D,
            80,
            5e-4,
            fast::C,
            [](double alpha) {
                return OneLink(
                    fast::C,
                    0,
                    std::make_shared<FluidVirtualCapacityLaw>(fast::STATIC_GAMMA),
                    std::make_shared<FluidFastEcnLaw>(FastParams(alpha, 0, fast::STATIC_W_M)),
                    fast::N,
                    fast::D);
            }};
}

/// \return the fast-eta sweep: FAST-ECN's dynamic law, Proposition 3
FluidStabilityScenario::System
FastEtaSystem()
{
    const double paper =
        std::min(1 / std::tan(1.0), FluidStabilityScenario::FastHighFrequencyEta(fast::ALPHA));
    // nu / kappa = x0 M d / (K alpha), x0 = gamma c / N
    const double ratio = fast::GAMMA * fast::C / fast::N * fast::D / (fast::K * fast::ALPHA);
    const double exact = Bisect(
        [ratio](double eta) {
            return FluidStabilityScenario::FastLoopUnstable(fast::ALPHA, eta, ratio) ? 1 : -1;
        },
        1e-3,
        100);
    return {"fast-eta",
            "FAST-ECN, alpha 0.37, K 5: c 5000 pkts/s, N 10, d 0.1 s",
            "eta",
            paper,
            "Proposition 3 (eta < 1/tan 1)",
            exact,
            Values(paper, exact),
            fast::D,
            80,
            5e-4,
            fast::C,
            [](double eta) {
                // Proposition 3: z = beta M / alpha = eta / tau
                const double beta = eta * fast::ALPHA / fast::D;
                return OneLink(
                    fast::C,
                    0,
                    std::make_shared<FluidVirtualCapacityLaw>(fast::GAMMA),
                    std::make_shared<FluidFastEcnLaw>(FastParams(fast::ALPHA, beta, fast::W_M)),
                    fast::N,
                    fast::D);
            }};
}

/// \return the pi sweep: Reno (window form) over PI, the PI paper's example
FluidStabilityScenario::System
PiSystem()
{
    const double theta = Bisect([](double t) { return t + std::atan(t) - HALF_PI; }, 0, 2);
    const double paper = theta / pi::R;
    const double exact = Bisect(&FluidStabilityScenario::PiLinearisedGrowth, 0.6, paper);
    const double d = pi::R - pi::QREF / pi::C; // d + q_ref / C = R+
    std::vector<double> values = Values(paper, exact);
    values.insert(values.begin(), PiDesign(pi::C, pi::N, pi::R).GetTcpPole());
    return {"pi",
            "Reno over PI: C 3750 pkts/s, N 60, R 0.246 s, q_ref 50, w 160 Hz",
            "omega_g (rad/s)",
            paper,
            "phase margin 0 of Hollot et al.'s P(s) C(s)",
            exact,
            values,
            d,
            200,
            1e-3,
            pi::C,
            [d](double omega) {
                const PiDesign::Coefficients k = PiCoefficients(omega);
                return OneLink(pi::C,
                               pi::BUFFER,
                               std::make_shared<FluidPiLaw>(k.a, k.b, pi::W, pi::QREF, pi::BUFFER),
                               std::make_shared<FluidWindowRenoLaw>(),
                               pi::N,
                               d);
            }};
}

/**
 * The packet network of the avq, avq-headroom or pi sweep: AqmExperiment's, every flow with the
 * sweep's round trip.
 * \param system the sweep \param value its parameter
 * \return the network, prepared (not installed)
 */
std::unique_ptr<NetworkHelper>
AqmNetwork(const FluidStabilityScenario::System& system, double value)
{
    AqmExperiment::Settings settings;
    settings.minRtt = settings.maxRtt = MilliSeconds(std::lround(system.delay * 1000));
    settings.avqAlpha = value;
    if (system.name == "avq-headroom")
    {
        settings.linkRate = DataRate("20Mbps");
        settings.avqGamma = avq::GAMMA / 2;
    }
    uint32_t flows = avq::N;
    if (system.name == "pi")
    {
        settings.linkRate = DataRate("15Mbps");
        settings.packetSize = 500;
        settings.bufferPackets = pi::BUFFER;
        const PiDesign::Coefficients k = PiCoefficients(value);
        settings.piA = k.a;
        settings.piB = k.b;
        settings.piSamplingFrequency = pi::W;
        settings.piQueueRef = pi::QREF;
        flows = pi::N;
    }
    const std::string aqm = system.name == "pi" ? "PI" : "AVQ";
    auto network = std::make_unique<NetworkHelper>(
        AqmExperiment::Describe(aqm, settings, {{flows, Seconds(0), Time(0)}}));
    AqmExperiment::Prepare(*network, aqm, settings, 1);
    return network;
}

/**
 * The packet network of the fast-eta sweep: TcpFastEcn flows (BetaRule Fixed) over the REM
 * virtual-capacity link of the FAST paper's runs.
 * \param eta the parameter
 * \return the network, prepared (not installed)
 */
std::unique_ptr<NetworkHelper>
FastNetwork(double eta)
{
    DumbbellDescription::Parameters p;
    p.packetSize = FastPaperParameters::PACKET_BYTES;
    p.name = "bottleneck";
    p.rate = DataRate(static_cast<uint64_t>(fast::C * 8 * p.packetSize));
    p.delay = MilliSeconds(10);
    p.bufferPackets = 1000;
    p.queue = FastPaperParameters::GetRemVirtualCapacity();
    NetworkDescription description = DumbbellDescription::Create(p);
    NetworkDescription::ClassSpec& c =
        DumbbellDescription::AddClass(description,
                                      "fast",
                                      fast::N,
                                      MilliSeconds(std::lround(fast::D * 1000)));
    FastPaperParameters::SetFastEcnClass(c);
    c.SetTcpAttribute("K", DoubleValue(fast::K))
        .SetTcpAttribute("BetaRule", StringValue("Fixed"))
        .SetTcpAttribute("Beta", DoubleValue(eta * fast::ALPHA / fast::D));
    description.Validate();
    auto network = std::make_unique<NetworkHelper>(description);
    network->GetMonitor().EnableLinkSamples("bottleneck", MilliSeconds(10), {});
    network->GetBuilder().AssignStreams(1);
    return network;
}

} // namespace

std::vector<FluidStabilityScenario::System>
FluidStabilityScenario::GetSystems()
{
    std::vector<System> systems{AvqSystem()};
    systems.push_back(AvqHeadroomSystem(systems.front()));
    systems.push_back(FastAlphaSystem());
    systems.push_back(FastEtaSystem());
    systems.push_back(PiSystem());
    return systems;
}

double
FluidStabilityScenario::AvqExactPhase(double alpha)
{
    // Theorem 2, eq. 14 with k = 0: omega d + arctan(alpha / omega) + arctan(omega / K11) = pi
    // (K2 = K12, so the angle of K12 + alpha K2 / (j omega) is arctan(alpha / omega))
    const AvqDesign design(avq::C, avq::N, avq::GAMMA);
    const AvqDesign::Gains g = design.GetGains(avq::D);
    const double omega = design.GetOmega(alpha, avq::D);
    return omega * avq::D + std::atan(alpha / omega) + std::atan(omega / g.k11) - 2 * HALF_PI;
}

double
FluidStabilityScenario::PiLinearisedGrowth(double omega)
{
    // The pi system linearised about q = q_ref (FluidWindowRenoLaw, beta = 1/2, and FluidPiLaw):
    // with E = e^(-s d), E_b = e^(-s tau_b), E_f = e^(-s tau_f), tau_b = tau_f = d / 2,
    //   s db = N E_f dx,   dx = dW / R - (x0 / (R c)) E_b db,
    //   s dW = -E_b db / (R^2 c) - dW / (W0 R) - (E / W0) dx - beta W0 x0 E_b C(s) db,
    // whose determinant (times s) is zero at the characteristic roots.
    const double d = pi::R - pi::QREF / pi::C;
    const double w0 = pi::R * pi::C / pi::N;
    const double x0 = pi::C / pi::N;
    const PiDesign::Coefficients k = PiCoefficients(omega);
    const double kp = (k.a + k.b) / 2;
    const double ki = pi::W * (k.a - k.b);
    auto det = [=](std::complex<double> s) {
        const std::complex<double> e = std::exp(-s * d);
        const std::complex<double> half = std::exp(-s * d / 2.0);
        const std::complex<double> c = kp + ki / s;
        return s * ((s + e / pi::R) * (s + (1.0 + e) / (w0 * pi::R)) +
                    pi::N * half / pi::R *
                        (half / (pi::R * pi::R * pi::C) - x0 / (pi::R * pi::C) * e * half / w0 +
                         0.5 * w0 * w0 / pi::R * half * c));
    };
    double largest = -INFINITY;
    for (double re : {-2.0, -0.5, 0.2})
    {
        for (double im : {0.3, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 20.0, 30.0})
        {
            std::complex<double> s(re, im);
            for (int i = 0; i < 100; ++i) // Newton, with a numerical derivative
            {
                const std::complex<double> f = det(s);
                const std::complex<double> next = s - f * 1e-7 / (det(s + 1e-7) - f);
                const bool done = std::abs(next - s) < 1e-12;
                s = next;
                if (done)
                {
                    break;
                }
            }
            if (std::abs(det(s)) < 1e-8 && std::abs(s) < 100 && s.imag() >= 0)
            {
                largest = std::max(largest, s.real());
            }
        }
    }
    return largest;
}

double
FluidStabilityScenario::FastHighFrequencyEta(double alpha)
{
    return Bisect(
        [alpha](double eta) {
            return std::sqrt(1 + eta * eta) * alpha - (HALF_PI - std::atan(eta));
        },
        0,
        1e3);
}

bool
FluidStabilityScenario::FastLoopUnstable(double alpha, double eta, double ratio)
{
    // lambda(s) = alpha e^(-s tau) / (tau s) (s + z) / (s + z / ratio), tau = 1, z = eta
    // (eqs. 13, 14); the loop is unstable once it crosses the real axis left of -1.
    std::complex<double> previous;
    for (int k = -8000; k <= 6000; ++k)
    {
        const double omega = std::pow(10.0, k / 2000.0);
        const std::complex<double> s(0, omega);
        const std::complex<double> l = alpha * std::exp(-s) / s * (s + eta) / (s + eta / ratio);
        if (k > -8000 && (previous.imag() < 0) != (l.imag() < 0) && l.real() < -1)
        {
            return true;
        }
        previous = l;
    }
    return false;
}

FluidStabilityScenario::Measure
FluidStabilityScenario::MeasureRun(const FluidModel::Result& result, double delay)
{
    std::vector<double> load;
    for (const auto& links : result.links)
    {
        load.push_back(links[0].load);
    }
    const std::size_t n = load.size();
    const auto [amplitude, sd] = Spread(load, n - n / 4, n);
    const double sdBefore = Spread(load, n - n / 2, n - n / 4).second;
    const double quarter = result.times.back() / 4;
    Measure m;
    m.amplitude = amplitude;
    m.growth = sdBefore > 0 && sd > 0 ? std::log(sd / sdBefore) * delay / quarter : -INFINITY;
    m.oscillating = !(amplitude < STILL || m.growth < -DECAY);
    return m;
}

FluidStabilityScenario::Measure
FluidStabilityScenario::Run(const System& system, double value, FluidModel::Result* result)
{
    const FluidModel model = system.build(value);
    FluidModel::Result r = model.Run({system.duration, system.step, 0.01});
    const Measure m = MeasureRun(r, system.delay);
    if (result)
    {
        *result = std::move(r);
    }
    return m;
}

double
FluidStabilityScenario::FindBoundary(const System& system, double stable, double oscillating)
{
    double lo = std::log(stable);
    double hi = std::log(oscillating);
    while (hi - lo > 1e-3)
    {
        const double mid = (lo + hi) / 2;
        (Run(system, std::exp(mid)).oscillating ? hi : lo) = mid;
    }
    return std::exp((lo + hi) / 2);
}

std::vector<double>
FluidStabilityScenario::RunPoint(std::size_t /* point */)
{
    m_points.assign(m_systems.size(), {});
    m_boundaries.assign(m_systems.size(), NAN);
    for (std::size_t i = 0; i < m_systems.size(); ++i)
    {
        const System& s = m_systems[i];
        double stable = NAN;
        double oscillating = NAN;
        for (double v : s.values)
        {
            const Measure m = Run(s, v);
            m_points[i].push_back({v, m});
            if (!m.oscillating)
            {
                stable = v;
            }
            else if (std::isnan(oscillating))
            {
                oscillating = v;
            }
        }
        if (!std::isnan(stable) && !std::isnan(oscillating) && stable < oscillating)
        {
            m_boundaries[i] = FindBoundary(s, stable, oscillating);
        }
    }
    return {};
}

void
FluidStabilityScenario::Print(const System& system,
                              const std::vector<Point>& points,
                              double boundary,
                              std::ostream& os) const
{
    os << '\n' << system.name << ": " << system.title << '\n';
    os << std::setw(16) << system.parameter << std::setw(10) << "x paper" << std::setw(14)
       << "sd/mean load" << std::setw(14) << "growth/RTT"
       << "  verdict\n";
    for (const Point& p : points)
    {
        std::ostringstream amplitude;
        std::ostringstream growth;
        amplitude << std::setprecision(3) << p.measure.amplitude;
        growth << std::setprecision(3) << p.measure.growth;
        os << std::setw(16) << PlotWriter::FormatNumber(p.value, 5) << std::setw(10)
           << PlotWriter::FormatNumber(p.value / system.paperBoundary, 3) << std::setw(14)
           << amplitude.str() << std::setw(14)
           << (std::isfinite(p.measure.growth) ? growth.str() : std::string("-")) << "  "
           << (p.measure.oscillating ? "oscillating" : "stable") << '\n';
    }
    os << "boundary: measured " << PlotWriter::FormatNumber(boundary, 4) << "; paper "
       << PlotWriter::FormatNumber(system.paperBoundary, 4) << " (" << system.paperSource
       << "); linearised loop, exactly " << PlotWriter::FormatNumber(system.exactBoundary, 4)
       << '\n';
}

FluidStabilityScenario::Measure
FluidStabilityScenario::RunPacket(const System& system, double value, std::ostream& os) const
{
    std::unique_ptr<NetworkHelper> network =
        system.name == "fast-eta" ? FastNetwork(value) : AqmNetwork(system, value);
    const Time stop = Seconds(m_packetTime);
    const auto start = std::chrono::steady_clock::now();
    network->Install();
    network->Run(stop, false);
    // the load y per round trip, from the cumulative arrivals of the 10 ms samples
    const std::vector<TestbedMonitor::LinkSample>& samples = network->GetMonitor().GetLinkSamples();
    const auto every = static_cast<std::size_t>(std::max(1L, std::lround(system.delay / 0.01)));
    std::vector<double> load;
    std::vector<double> backlog;
    for (std::size_t i = every; i < samples.size(); i += every)
    {
        load.push_back((samples[i].arrivals - samples[i - every].arrivals) /
                       (samples[i].time - samples[i - every].time));
        backlog.push_back(samples[i].backlog);
    }
    const std::size_t late = backlog.size() - backlog.size() / 4;
    const double queueSd = backlog.size() >= 8 ? Spread(backlog, late, backlog.size()).second : NAN;
    network.reset();
    Simulator::Destroy();
    const std::size_t n = load.size();
    Measure m;
    m.amplitude = n >= 8 ? Spread(load, n - n / 4, n).first : NAN;
    m.growth = NAN;
    m.oscillating = m.amplitude > PACKET_AMPLITUDE;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    os << "  packet " << system.name << " " << system.parameter << " = "
       << PlotWriter::FormatNumber(value, 4) << ": sd/mean load (per RTT, last quarter of "
       << m_packetTime << " s) " << PlotWriter::FormatNumber(m.amplitude, 3) << ", queue sd "
       << PlotWriter::FormatNumber(queueSd, 3) << " pkts -> "
       << (m.oscillating ? "oscillating" : "stable") << " (wall " << std::fixed
       << std::setprecision(1) << wall << " s)" << std::defaultfloat << std::setprecision(6)
       << '\n';
    return m;
}

void
FluidStabilityScenario::WritePlot(std::ostream& os) const
{
    PlotWriter writer(GetPlotPrefix());
    for (std::size_t i = 0; i < m_systems.size(); ++i)
    {
        const System& s = m_systems[i];
        // one trajectory on each side of the measured boundary (else of the exact one)
        const double boundary = std::isnan(m_boundaries[i]) ? s.exactBoundary : m_boundaries[i];
        PlotWriter::Figure& figure =
            writer.AddFigure("Fluid model, " + s.title, "time (s)", s.name);
        PlotWriter::Panel& load = figure.AddPanel("load / capacity");
        PlotWriter::Panel& queue = figure.AddPanel("queue (packets)");
        for (double m : {0.5, 2.0})
        {
            FluidModel::Result r;
            const double value = m * boundary;
            Run(s, value, &r);
            PlotWriter::Points y;
            PlotWriter::Points b;
            for (std::size_t i = 0; i < r.times.size(); i += 5)
            {
                y.emplace_back(r.times[i], r.links[i][0].load / s.capacity);
                b.emplace_back(r.times[i], r.links[i][0].backlog);
            }
            const std::string title = s.parameter + " " + PlotWriter::FormatNumber(value, 4) +
                                      (m < 1 ? " (stable side)" : " (oscillating side)");
            load.AddCurve(title, y);
            queue.AddCurve(title, b);
        }
    }
    writer.Write(os);
}

int
FluidStabilityScenario::Evaluate(const std::vector<std::vector<double>>& /* results */,
                                 std::ostream& os)
{
    os << "Stability boundaries on the fluid model (FluidModel): sd/mean of the bottleneck's "
          "load over the last quarter of the run, growth = ln of its envelope per round trip; "
          "stable if sd/mean < "
       << STILL << " or growth < -" << DECAY << '\n';
    ComparisonTable table("fluid-stability");
    for (std::size_t i = 0; i < m_systems.size(); ++i)
    {
        const System& s = m_systems[i];
        Print(s, m_points[i], m_boundaries[i], os);
        for (const Point& p : m_points[i])
        {
            const std::string entity =
                s.name + " " + s.parameter + "=" + PlotWriter::FormatNumber(p.value, 6);
            table.Add("sd/mean load", entity, NAN, p.measure.amplitude);
            table.Add("growth per RTT", entity, NAN, p.measure.growth);
            table.Add("oscillating", entity, NAN, p.measure.oscillating ? 1 : 0);
        }
        table.Add("boundary (paper)", s.name + " " + s.parameter, s.paperBoundary, m_boundaries[i]);
        table.Add("boundary (linearised, exact)",
                  s.name + " " + s.parameter,
                  s.exactBoundary,
                  m_boundaries[i]);
        if (m_packet && s.name != "fast-alpha" && !std::isnan(m_boundaries[i]))
        {
            for (double m : {0.5, 2.0})
            {
                // one point on each side of the fluid model's boundary
                const double value = m * m_boundaries[i];
                const Measure packet = RunPacket(s, value, os);
                table.Add("packet sd/mean load",
                          s.name + " " + s.parameter + "=" + PlotWriter::FormatNumber(value, 6),
                          NAN,
                          packet.amplitude);
            }
        }
    }
    WriteCsv(os, table);
    if (!GetPlotPrefix().empty())
    {
        WritePlot(os);
    }
    return 0;
}

} // namespace ns3
