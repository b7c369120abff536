/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "duality-model.h"

#include <algorithm>
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// Levenberg term added to the Newton system, relative to its largest diagonal entry: keeps the
/// step defined when two links carry exactly the same sources (their prices are then not unique).
constexpr double NEWTON_RIDGE = 1e-9;
/// Armijo sufficient-decrease constant of the line search.
constexpr double ARMIJO_SIGMA = 1e-4;
/// Step halvings tried by the line search before giving up.
constexpr unsigned MAX_BACKTRACKS = 80;
/// A price below this fraction of the largest price, with excess capacity, is taken as zero.
constexpr double ZERO_PRICE_FRACTION = 1e-14;
/// Bits of precision asked of the one-dimensional root finder (eq. 27).
constexpr int ROOT_BITS = 50;

/// Throw std::invalid_argument with \p what, prefixed by the class name.
[[noreturn]] void
Fail(const std::string& what)
{
    throw std::invalid_argument("DualityModel: " + what);
}

/// \return "<kind> '<name>' (index i)" for messages
std::string
Describe(const std::string& kind, const std::string& name, std::size_t index)
{
    std::ostringstream os;
    os << kind << " '" << name << "' (index " << index << ")";
    return os.str();
}

/**
 * Throw std::invalid_argument unless link < links:
 * "<method>: link index <link> out of range (there are <links> links)".
 */
void
RequireLinkIndex(const std::string& method, std::size_t link, std::size_t links)
{
    if (link >= links)
    {
        Fail(method + ": link index " + std::to_string(link) + " out of range (there are " +
             std::to_string(links) + " links)");
    }
}

/**
 * Throw std::invalid_argument unless lo <= value <= hi (NaN fails):
 * "<who>: <field> = <value> <unit>; it must be in [lo, hi] <unit><why>".
 */
void
RequireRange(const std::string& who,
             const std::string& field,
             double value,
             const std::string& unit,
             double lo,
             double hi,
             const std::string& why = "")
{
    if (value >= lo && value <= hi)
    {
        return;
    }
    std::ostringstream os;
    const std::string u = unit.empty() ? "" : " " + unit;
    os << who << ": " << field << " = " << value << u << "; it must be in [" << lo << ", " << hi
       << "]" << u << why;
    Fail(os.str());
}

/**
 * Solve A z = b for a symmetric positive definite A (Cholesky, in place).
 * \return false if A is not numerically positive definite
 */
bool
SolveSpd(std::vector<std::vector<double>>& a, std::vector<double>& b)
{
    const std::size_t n = b.size();
    for (std::size_t j = 0; j < n; ++j)
    {
        double diag = a[j][j];
        for (std::size_t k = 0; k < j; ++k)
        {
            diag -= a[j][k] * a[j][k];
        }
        if (!(diag > 0))
        {
            return false;
        }
        a[j][j] = std::sqrt(diag);
        for (std::size_t i = j + 1; i < n; ++i)
        {
            double v = a[i][j];
            for (std::size_t k = 0; k < j; ++k)
            {
                v -= a[i][k] * a[j][k];
            }
            a[i][j] = v / a[j][j];
        }
    }
    for (std::size_t i = 0; i < n; ++i) // L y = b
    {
        for (std::size_t k = 0; k < i; ++k)
        {
            b[i] -= a[i][k] * b[k];
        }
        b[i] /= a[i][i];
    }
    for (std::size_t i = n; i-- > 0;) // L^T z = y
    {
        for (std::size_t k = i + 1; k < n; ++k)
        {
            b[i] -= a[k][i] * b[k];
        }
        b[i] /= a[i][i];
    }
    return true;
}

/**
 * The dual problem (Vegas paper eqs. 8-10) of a network whose source s has the utility
 * U_s(x) = a_s log x + e_s x, with a_s = (1 + eps_s) w_s and e_s = eps_s d_s (eq. 24; eps_s = 0
 * gives eq. 3). Its demand is x_s(p^s) = a_s / (p^s - e_s) (from U_s'(x_s) = p^s, eq. 25), defined
 * while p^s > e_s, and, up to a constant, D(p) = sum_s -a_s log(p^s - e_s) + sum_l p_l c_l.
 */
class DualProblem
{
  public:
    DualProblem(const std::vector<DualityModel::Link>& links,
                const std::vector<DualityModel::Source>& sources)
        : m_links(links),
          m_sources(sources),
          m_a(sources.size()),
          m_e(sources.size())
    {
        for (std::size_t s = 0; s < sources.size(); ++s)
        {
            m_a[s] = (1 + sources[s].estimationError) * sources[s].weight;
            m_e[s] = sources[s].estimationError * sources[s].propagationDelay;
        }
    }

    /// A point from which every demand is defined: p_l = sum of a_s over S(l) / c_l + max e_s.
    std::vector<double> StartingPrices() const
    {
        std::vector<double> sumA(m_links.size(), 0.0);
        std::vector<double> maxE(m_links.size(), 0.0);
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            for (std::size_t l : m_sources[s].route)
            {
                sumA[l] += m_a[s];
                maxE[l] = std::max(maxE[l], m_e[s]);
            }
        }
        std::vector<double> p(m_links.size(), 0.0);
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            if (sumA[l] > 0)
            {
                p[l] = sumA[l] / m_links[l].capacity + maxE[l];
            }
        }
        return p;
    }

    /// \return the path price p^s of every source
    std::vector<double> PathPrices(const std::vector<double>& p) const
    {
        std::vector<double> q(m_sources.size(), 0.0);
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            for (std::size_t l : m_sources[s].route)
            {
                q[s] += p[l];
            }
        }
        return q;
    }

    /// \return the demands x_s(p^s), or an empty vector if some p^s <= e_s (outside the domain)
    std::vector<double> Rates(const std::vector<double>& q) const
    {
        std::vector<double> x(m_sources.size());
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            const double margin = q[s] - m_e[s];
            if (!(margin > 0))
            {
                return {};
            }
            x[s] = m_a[s] / margin;
        }
        return x;
    }

    /// \return the link loads y_l; +infinity for every link if \p x is not a rate per source
    /// (an empty result of Rates())
    std::vector<double> Loads(const std::vector<double>& x) const
    {
        if (x.size() != m_sources.size())
        {
            return std::vector<double>(m_links.size(), std::numeric_limits<double>::infinity());
        }
        std::vector<double> y(m_links.size(), 0.0);
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            for (std::size_t l : m_sources[s].route)
            {
                y[l] += x[s];
            }
        }
        return y;
    }

    /// \return D(p), +infinity outside the domain
    double Objective(const std::vector<double>& p) const
    {
        const std::vector<double> q = PathPrices(p);
        double value = 0;
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            const double margin = q[s] - m_e[s];
            if (!(margin > 0))
            {
                return std::numeric_limits<double>::infinity();
            }
            value -= m_a[s] * std::log(margin);
        }
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            value += p[l] * m_links[l].capacity;
        }
        return value;
    }

    /// \return the largest KKT violation relative to capacity (feasibility and slackness)
    double KktResidual(const std::vector<double>& p, const std::vector<double>& y) const
    {
        double worst = 0;
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            const double excess = (y[l] - m_links[l].capacity) / m_links[l].capacity;
            if (!std::isfinite(excess) || !std::isfinite(p[l]))
            {
                return std::numeric_limits<double>::infinity(); // not a usable point
            }
            worst = std::max(worst, p[l] > 0 ? std::abs(excess) : excess);
        }
        return worst;
    }

    /// Hessian entry contributions: d^2 D / dp_l dp_k = sum over s crossing l and k of x_s^2/a_s
    double Curvature(std::size_t s, double rate) const
    {
        return rate * rate / m_a[s];
    }

  private:
    const std::vector<DualityModel::Link>& m_links;
    const std::vector<DualityModel::Source>& m_sources;
    std::vector<double> m_a; //!< log-utility coefficients (1 + eps_s) w_s
    std::vector<double> m_e; //!< linear-utility coefficients eps_s d_s
};

} // namespace

std::size_t
DualityModel::AddLink(const std::string& name, double capacity)
{
    if (name.empty())
    {
        Fail("link name: must not be empty (link index " + std::to_string(m_links.size()) + ")");
    }
    for (const Link& link : m_links)
    {
        if (link.name == name)
        {
            Fail("link name '" + name + "': already used by another link");
        }
    }
    RequireRange(Describe("link", name, m_links.size()),
                 "capacity",
                 capacity,
                 "packets/s",
                 MIN_CAPACITY,
                 MAX_CAPACITY);
    m_links.push_back({name, capacity});
    return m_links.size() - 1;
}

void
DualityModel::SetPhysicalPrice(std::size_t link, bool physical)
{
    RequireLinkIndex("SetPhysicalPrice", link, m_links.size());
    m_links[link].physicalPrice = physical;
}

void
DualityModel::SetStandingBacklog(std::size_t link, double packets)
{
    RequireLinkIndex("SetStandingBacklog", link, m_links.size());
    RequireRange(Describe("link", m_links[link].name, link),
                 "standingBacklog",
                 packets,
                 "packets",
                 0,
                 MAX_STANDING_BACKLOG);
    m_links[link].standingBacklog = packets;
}

std::size_t
DualityModel::AddLinkBps(const std::string& name, double bitsPerSecond, double packetSizeBytes)
{
    const std::string who = Describe("link", name, m_links.size());
    RequireRange(who, "packetSize", packetSizeBytes, "bytes", MIN_PACKET_SIZE, MAX_PACKET_SIZE);
    if (!(bitsPerSecond > 0) || !std::isfinite(bitsPerSecond))
    {
        std::ostringstream os;
        os << who << ": capacity = " << bitsPerSecond << " bit/s; it must be > 0 and finite";
        Fail(os.str());
    }
    const double packetsPerSecond = bitsPerSecond / (8.0 * packetSizeBytes);
    std::ostringstream why;
    why << " (" << bitsPerSecond << " bit/s with " << packetSizeBytes << "-byte packets)";
    RequireRange(who,
                 "capacity",
                 packetsPerSecond,
                 "packets/s",
                 MIN_CAPACITY,
                 MAX_CAPACITY,
                 why.str());
    return AddLink(name, packetsPerSecond);
}

std::size_t
DualityModel::AddSource(const std::string& name,
                        const std::vector<std::size_t>& route,
                        double propagationDelay,
                        double weight,
                        double estimationError)
{
    const std::string who = Describe("source", name, m_sources.size());
    if (route.empty())
    {
        Fail(who + ": route is empty; a source must cross at least one link");
    }
    for (std::size_t i = 0; i < route.size(); ++i)
    {
        if (route[i] >= m_links.size())
        {
            Fail(who + ": route names link index " + std::to_string(route[i]) + ", but only " +
                 std::to_string(m_links.size()) + " links exist (unknown link)");
        }
        if (std::find(route.begin(), route.begin() + i, route[i]) != route.begin() + i)
        {
            Fail(who + ": route crosses link '" + m_links[route[i]].name + "' twice");
        }
    }
    RequireRange(who, "propagationDelay", propagationDelay, "s", MIN_DELAY, MAX_DELAY);
    RequireRange(who,
                 "weight",
                 weight,
                 "packets",
                 MIN_WEIGHT,
                 MAX_WEIGHT,
                 " (weight = alpha * propagation delay)");
    // The estimate (1 + eps) d must be positive; it stays below the RTT d + p^s at equilibrium
    // by construction (the demand a / (p^s - eps d) is finite only while p^s > eps d).
    RequireRange(who,
                 "estimationError",
                 estimationError,
                 "",
                 MIN_ESTIMATION_ERROR,
                 MAX_ESTIMATION_ERROR,
                 " (> -1 so that the baseRTT estimate (1 + eps) d stays positive)");
    m_sources.push_back({name, route, propagationDelay, weight, estimationError});
    return m_sources.size() - 1;
}

std::size_t
DualityModel::AddSourceByLinkNames(const std::string& name,
                                   const std::vector<std::string>& route,
                                   double propagationDelay,
                                   double weight,
                                   double estimationError)
{
    std::vector<std::size_t> indices;
    for (const std::string& linkName : route)
    {
        indices.push_back(GetLinkIndex(linkName));
    }
    return AddSource(name, indices, propagationDelay, weight, estimationError);
}

std::size_t
DualityModel::AddSources(std::size_t count,
                         const std::string& name,
                         const std::vector<std::size_t>& route,
                         double propagationDelay,
                         double weight,
                         double estimationError)
{
    if (count == 0)
    {
        Fail("sources '" + name + "': count = 0; a class needs at least one source");
    }
    if (count > MAX_CLASS_SIZE)
    {
        Fail("sources '" + name + "': count = " + std::to_string(count) + "; it must be in [1, " +
             std::to_string(MAX_CLASS_SIZE) + "]");
    }
    const std::size_t first = m_sources.size();
    for (std::size_t i = 0; i < count; ++i)
    {
        AddSource(name + "[" + std::to_string(i) + "]",
                  route,
                  propagationDelay,
                  weight,
                  estimationError);
    }
    return first;
}

const std::vector<DualityModel::Link>&
DualityModel::GetLinks() const
{
    return m_links;
}

const std::vector<DualityModel::Source>&
DualityModel::GetSources() const
{
    return m_sources;
}

std::size_t
DualityModel::GetLinkIndex(const std::string& name) const
{
    for (std::size_t l = 0; l < m_links.size(); ++l)
    {
        if (m_links[l].name == name)
        {
            return l;
        }
    }
    Fail("unknown link '" + name + "'");
}

void
DualityModel::SetOverhead(std::size_t source, double packetsPerRtt)
{
    if (source >= m_sources.size())
    {
        Fail("SetOverhead(): source index " + std::to_string(source) + ", but only " +
             std::to_string(m_sources.size()) + " sources exist");
    }
    RequireRange(Describe("source", m_sources[source].name, source),
                 "overhead",
                 packetsPerRtt,
                 "packets per round trip",
                 0,
                 MAX_OVERHEAD);
    m_sources[source].overhead = packetsPerRtt;
}

DualityModel::Solution
DualityModel::Solve(double tolerance, unsigned maxIterations) const
{
    if (m_links.empty())
    {
        Fail("no links: add at least one link before Solve()");
    }
    if (!(tolerance > 0) || !std::isfinite(tolerance))
    {
        std::ostringstream os;
        os << "Solve(): tolerance = " << tolerance << "; it must be > 0 and finite";
        Fail(os.str());
    }
    const bool anyOverhead = std::any_of(m_sources.begin(), m_sources.end(), [](const Source& s) {
        return s.overhead > 0;
    });
    if (!anyOverhead)
    {
        return SolveFor(m_links, tolerance, maxIterations);
    }
    // The fixed point c'_l = c_l - sum_s o_s / rtt_s (SetOverhead()), from c' = c.
    std::vector<Link> links = m_links;
    Solution solution = SolveFor(links, tolerance, maxIterations);
    std::vector<double> overhead(m_links.size(), 0);
    bool settled = false;
    for (unsigned round = 0; round < MAX_OVERHEAD_ROUNDS && !settled && solution.converged; ++round)
    {
        std::fill(overhead.begin(), overhead.end(), 0);
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            for (std::size_t l : m_sources[s].route)
            {
                overhead[l] += m_sources[s].overhead / solution.sources[s].rtt;
            }
        }
        double change = 0;
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            const double capacity = m_links[l].capacity - overhead[l];
            if (!(capacity >= MIN_CAPACITY))
            {
                std::ostringstream os;
                os << Describe("link", m_links[l].name, l) << ": its sources' overhead, "
                   << overhead[l] << " packets/s, leaves no capacity of its " << m_links[l].capacity
                   << " packets/s; valid: an overhead below the capacity";
                Fail(os.str());
            }
            change = std::max(change, std::abs(capacity - links[l].capacity) / m_links[l].capacity);
            links[l].capacity = capacity;
        }
        settled = change <= tolerance;
        solution = SolveFor(links, tolerance, maxIterations);
    }
    solution.converged = solution.converged && settled;
    for (std::size_t l = 0; l < m_links.size(); ++l)
    {
        LinkResult& r = solution.links[l];
        r.overhead = overhead[l];
        r.utilization = (r.load + r.overhead) / m_links[l].capacity;
    }
    return solution;
}

DualityModel::Solution
DualityModel::SolveFor(const std::vector<Link>& links,
                       double tolerance,
                       unsigned maxIterations) const
{
    const std::size_t nLinks = links.size();
    const DualProblem dual(links, m_sources);

    // Projected Newton method on the dual (Bertsekas 1982): Newton steps on the links that are
    // not held at p_l = 0 by excess capacity, projection onto p >= 0, Armijo line search.
    std::vector<double> p = dual.StartingPrices();
    std::vector<double> x = dual.Rates(dual.PathPrices(p));
    double objective = dual.Objective(p);
    if (x.size() != m_sources.size() || !std::isfinite(objective))
    {
        // Rounding put the starting point outside the domain (some p^s <= eps_s d_s): no rates.
        const double nan = std::numeric_limits<double>::quiet_NaN();
        Solution failed;
        failed.converged = false;
        failed.kktResidual = std::numeric_limits<double>::infinity();
        failed.iterations = 0;
        failed.sources.assign(m_sources.size(), SourceResult{nan, nan, nan, nan, nan, nan});
        failed.links.assign(nLinks, LinkResult{nan, nan, nan, nan, nan});
        return failed;
    }
    std::vector<double> y = dual.Loads(x);
    double residual = dual.KktResidual(p, y);
    unsigned iteration = 0;
    while (residual > tolerance && iteration < maxIterations)
    {
        ++iteration;
        std::vector<double> gradient(nLinks);
        double maxPrice = 0;
        for (std::size_t l = 0; l < nLinks; ++l)
        {
            gradient[l] = links[l].capacity - y[l];
            maxPrice = std::max(maxPrice, p[l]);
        }
        // Free links: those not at (or numerically at) zero price with spare capacity.
        std::vector<std::size_t> free;
        std::vector<long> position(nLinks, -1);
        for (std::size_t l = 0; l < nLinks; ++l)
        {
            const bool atZero = p[l] <= ZERO_PRICE_FRACTION * maxPrice;
            if (atZero && gradient[l] > 0)
            {
                p[l] = 0;
                continue;
            }
            position[l] = static_cast<long>(free.size());
            free.push_back(l);
        }
        if (free.empty())
        {
            break; // every price is zero and every link has spare capacity: optimal
        }
        std::vector<std::vector<double>> hessian(free.size(), std::vector<double>(free.size(), 0));
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            const double curvature = dual.Curvature(s, x[s]);
            for (std::size_t l : m_sources[s].route)
            {
                for (std::size_t k : m_sources[s].route)
                {
                    if (position[l] >= 0 && position[k] >= 0)
                    {
                        hessian[position[l]][position[k]] += curvature;
                    }
                }
            }
        }
        double maxDiagonal = 0;
        for (std::size_t i = 0; i < free.size(); ++i)
        {
            maxDiagonal = std::max(maxDiagonal, hessian[i][i]);
        }
        std::vector<double> direction(free.size());
        for (std::size_t i = 0; i < free.size(); ++i)
        {
            hessian[i][i] += NEWTON_RIDGE * maxDiagonal + std::numeric_limits<double>::min();
            direction[i] = -gradient[free[i]];
        }
        if (!SolveSpd(hessian, direction) ||
            !std::all_of(direction.begin(), direction.end(), [](double v) {
                return std::isfinite(v);
            }))
        {
            break;
        }
        // Line search along the projection arc p(t) = [p + t d]^+.
        bool accepted = false;
        double step = 1;
        std::vector<double> trial(p);
        for (unsigned k = 0; k < MAX_BACKTRACKS && !accepted; ++k, step *= 0.5)
        {
            double predicted = 0;
            for (std::size_t i = 0; i < free.size(); ++i)
            {
                const std::size_t l = free[i];
                trial[l] = std::max(0.0, p[l] + step * direction[i]);
                predicted += gradient[l] * (trial[l] - p[l]);
            }
            const double trialObjective = dual.Objective(trial);
            if (!std::isfinite(trialObjective) || !std::isfinite(predicted))
            {
                continue; // outside the domain, or overflowed: never a step to take
            }
            accepted = trialObjective <= objective + ARMIJO_SIGMA * predicted;
            if (!accepted)
            {
                // Near the optimum D is flat to rounding: accept a step that reduces the
                // KKT residual even if the objective cannot show the decrease.
                const std::vector<double> xt = dual.Rates(dual.PathPrices(trial));
                accepted = dual.KktResidual(trial, dual.Loads(xt)) < residual &&
                           trialObjective <= objective + 1e-15 * std::abs(objective);
            }
        }
        if (!accepted)
        {
            break;
        }
        p = trial;
        x = dual.Rates(dual.PathPrices(p));
        y = dual.Loads(x);
        objective = dual.Objective(p);
        residual = dual.KktResidual(p, y);
    }

    Solution solution;
    solution.iterations = iteration;
    solution.kktResidual = residual;
    solution.converged = residual <= tolerance; // false for a NaN or infinite residual
    const std::vector<double> q = dual.PathPrices(p);
    // The queueing delays: the prices of the links whose price is physical, the standing
    // backlog's b_l / c_l of the others (0 unless SetStandingBacklog()).
    std::vector<double> delay = p;
    for (std::size_t l = 0; l < nLinks; ++l)
    {
        delay[l] = links[l].physicalPrice ? p[l] : links[l].standingBacklog / links[l].capacity;
    }
    const std::vector<double> queueing = dual.PathPrices(delay);
    for (std::size_t s = 0; s < m_sources.size(); ++s)
    {
        const Source& src = m_sources[s];
        SourceResult r;
        r.rate = x[s];
        r.pathPrice = q[s];
        r.baseRtt = (1 + src.estimationError) * src.propagationDelay;
        r.rtt = src.propagationDelay + queueing[s];
        r.window = x[s] * r.rtt;
        r.backlog = x[s] * queueing[s];
        solution.sources.push_back(r);
    }
    for (std::size_t l = 0; l < nLinks; ++l)
    {
        LinkResult r;
        r.price = p[l];
        r.backlog = delay[l] * links[l].capacity;
        r.load = y[l];
        r.utilization = y[l] / links[l].capacity;
        solution.links.push_back(r);
    }
    return solution;
}

std::vector<DualityModel::CongestionPeriod>
DualityModel::PersistentCongestion(double capacity,
                                   double propagationDelay,
                                   double alpha,
                                   unsigned nSources,
                                   double baseRttOffset)
{
    const std::string who = "PersistentCongestion";
    RequireRange(who, "capacity", capacity, "packets/s", MIN_CAPACITY, MAX_CAPACITY);
    RequireRange(who, "propagationDelay", propagationDelay, "s", MIN_DELAY, MAX_DELAY);
    RequireRange(who, "alpha", alpha, "packets/s", MIN_ALPHA, MAX_ALPHA);
    RequireRange(who,
                 "alpha * propagationDelay",
                 alpha * propagationDelay,
                 "packets",
                 MIN_WEIGHT,
                 MAX_WEIGHT,
                 " (the packets each source keeps queued)");
    if (nSources == 0 || nSources > MAX_PERIODS)
    {
        Fail(who + ": nSources = " + std::to_string(nSources) + "; it must be in [1, " +
             std::to_string(MAX_PERIODS) + "]");
    }
    RequireRange(who, "baseRttOffset", baseRttOffset, "s", 0, MAX_DELAY);
    const double d = propagationDelay;
    // delay[n] = p(n) with p(0) = 0: source n + 1 measures baseRTT d + p(n).
    std::vector<double> delay{0.0, alpha * d / capacity}; // eq. 28
    for (unsigned t = 2; t <= nSources; ++t)
    {
        const double previous = delay[t - 1];
        // Left-hand side of eq. 27 minus c: decreasing on (p(t-1), infinity).
        auto excess = [&](double price) {
            double sum = 0;
            for (unsigned n = 1; n <= t; ++n)
            {
                sum += alpha * (d + delay[n - 1]) / (price - delay[n - 1]);
            }
            return sum - capacity;
        };
        // At hi every term is at most alpha (d + p(n-1)) / (hi - p(t-1)), so excess(hi) <= 0.
        double weights = 0;
        for (unsigned n = 1; n <= t; ++n)
        {
            weights += alpha * (d + delay[n - 1]);
        }
        const double hi = previous + weights / capacity;
        // excess -> +infinity as price -> p(t-1)+: the lower end of the bracket is found by
        // halving the distance to p(t-1) until excess is positive.
        double gap = hi - previous;
        while (!(excess(previous + gap) > 0))
        {
            gap *= 0.5;
        }
        const double lo = previous + gap;
        boost::uintmax_t maxIter = 200;
        const auto bracket =
            boost::math::tools::toms748_solve(excess,
                                              lo,
                                              hi,
                                              boost::math::tools::eps_tolerance<double>(ROOT_BITS),
                                              maxIter);
        delay.push_back(0.5 * (bracket.first + bracket.second));
    }

    std::vector<CongestionPeriod> periods;
    for (unsigned t = 1; t <= nSources; ++t)
    {
        CongestionPeriod period;
        period.queueingDelay = delay[t];
        period.queue = capacity * delay[t];
        for (unsigned n = 1; n <= t; ++n)
        {
            period.rates.push_back(alpha * (d + delay[n - 1]) / (delay[t] - delay[n - 1])); // (29)
            period.baseRtts.push_back(d + delay[n - 1] + baseRttOffset);
        }
        periods.push_back(period);
    }
    return periods;
}

} // namespace ns3
