/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fluid-model.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// Throw std::invalid_argument with \p what, prefixed by the class name.
[[noreturn]] void
Fail(const std::string& what)
{
    throw std::invalid_argument("FluidModel: " + what);
}

/// FluidRequireRange(), prefixed by the class name.
void
RequireRange(const std::string& who, const std::string& field, double value, double lo, double hi)
{
    FluidRequireRange("FluidModel: " + who, field, value, lo, hi);
}

/// \return "link '<name>' (index i)" or "source '<name>' (index i)"
std::string
Describe(const std::string& kind, const std::string& name, std::size_t index)
{
    std::ostringstream os;
    os << kind << " '" << name << "' (index " << index << ")";
    return os.str();
}

/**
 * The last values of some quantities at every step, in a ring of steps long enough for the
 * longest delay, read at any past time by linear interpolation.
 */
class History
{
  public:
    /**
     * \param channels how many quantities
     * \param depth how many steps are kept
     * \param step h, s
     * \param before true: a quantity was 0 before time 0; false: it was its value at 0
     */
    History(std::size_t channels, std::size_t depth, double step, bool before)
        : m_depth(depth),
          m_step(step),
          m_zeroBefore(before),
          m_values(channels * depth, 0.0),
          m_last(channels, 0)
    {
    }

    /// \param k a step \param channel a quantity \param value its value at step k
    void Set(std::size_t k, std::size_t channel, double value)
    {
        m_values[channel * m_depth + k % m_depth] = value;
        m_last[channel] = k;
    }

    /**
     * \param k the step being evaluated
     * \param channel a quantity
     * \param t a time, s, at most k h and at least (k - depth + 2) h
     * \return the quantity at \p t (beyond the last step set, its value there)
     */
    double At(std::size_t k, std::size_t channel, double t) const
    {
        k = std::min(k, m_last[channel]);
        const double u = t / m_step;
        if (u < 0)
        {
            return m_zeroBefore ? 0.0 : Value(0, channel);
        }
        const auto i = std::min(static_cast<std::size_t>(u), k);
        if (i == k)
        {
            return Value(k, channel);
        }
        const double frac = u - static_cast<double>(i);
        const double a = Value(i, channel);
        return a + frac * (Value(i + 1, channel) - a);
    }

  private:
    /// \param k a step \param channel a quantity \return its value
    double Value(std::size_t k, std::size_t channel) const
    {
        return m_values[channel * m_depth + k % m_depth];
    }

    std::size_t m_depth;             //!< steps kept
    double m_step;                   //!< h, s
    bool m_zeroBefore;               //!< the value before time 0 is 0 (else the value at 0)
    std::vector<double> m_values;    //!< [channel][step % depth]
    std::vector<std::size_t> m_last; //!< per channel: the last step set
};

} // namespace

std::size_t
FluidModel::AddLink(const Link& link)
{
    const std::string who = Describe("link", link.name, m_links.size());
    if (link.name.empty())
    {
        Fail(who + ": name is empty; valid: a non-empty name");
    }
    for (const auto& other : m_links)
    {
        if (other.name == link.name)
        {
            Fail(who + ": name is already used; valid: a unique name");
        }
    }
    RequireRange(who, "capacity (packets/s)", link.capacity, MIN_CAPACITY, MAX_CAPACITY);
    RequireRange(who, "buffer (packets, 0: unlimited)", link.buffer, 0, MAX_BUFFER);
    if (!link.law)
    {
        Fail(who + ": law is null; valid: a FluidLinkLaw (e.g. FluidDropTailLaw)");
    }
    RequireRange(who,
                 "law's GetStateCount()",
                 static_cast<double>(link.law->GetStateCount()),
                 1,
                 static_cast<double>(FluidLinkLaw::MAX_STATES));
    m_links.push_back(link);
    return m_links.size() - 1;
}

std::size_t
FluidModel::AddSource(const Source& source)
{
    const std::string who = Describe("source", source.name, m_sources.size());
    if (source.name.empty())
    {
        Fail(who + ": name is empty; valid: a non-empty name");
    }
    if (source.route.empty())
    {
        Fail(who + ": route is empty; valid: one or more link indices");
    }
    for (std::size_t i = 0; i < source.route.size(); ++i)
    {
        if (source.route[i] >= m_links.size())
        {
            Fail(who + ": route link index " + std::to_string(source.route[i]) +
                 " out of range; valid: [0, " + std::to_string(m_links.size()) +
                 ") (links added before)");
        }
        if (std::count(source.route.begin(), source.route.end(), source.route[i]) > 1)
        {
            Fail(who + ": route crosses link index " + std::to_string(source.route[i]) +
                 " twice; valid: each link at most once");
        }
    }
    RequireRange(who, "propagationDelay (s)", source.propagationDelay, MIN_DELAY, MAX_DELAY);
    if (!source.law)
    {
        Fail(who + ": law is null; valid: a FluidSourceLaw (e.g. FluidVegasLaw)");
    }
    RequireRange(who, "count", static_cast<double>(source.count), 1, MAX_COUNT);
    RequireRange(who, "start (s)", source.start, 0, MAX_TIME);
    if (!(source.stop > source.start))
    {
        std::ostringstream os;
        os << who << ": stop = " << source.stop << " s is not after start = " << source.start
           << " s; valid: stop > start";
        Fail(os.str());
    }
    if (!source.forwardDelays.empty() && source.forwardDelays.size() != source.route.size())
    {
        Fail(who + ": " + std::to_string(source.forwardDelays.size()) +
             " forwardDelays for a route of " + std::to_string(source.route.size()) +
             " links; valid: none, or one per link of the route");
    }
    for (double delay : source.forwardDelays)
    {
        RequireRange(who, "forwardDelays (s)", delay, 0, source.propagationDelay);
    }
    RequireRange(who, "overhead (packets per RTT)", source.overhead, 0, MAX_OVERHEAD);
    m_sources.push_back(source);
    return m_sources.size() - 1;
}

void
FluidModel::AddLinkEvent(const LinkEvent& event)
{
    const std::string who = "link event " + std::to_string(m_events.size());
    RequireRange(who, "at (s)", event.at, 0, MAX_TIME);
    if (event.link >= m_links.size())
    {
        Fail(who + ": link index " + std::to_string(event.link) + " out of range; valid: [0, " +
             std::to_string(m_links.size()) + ")");
    }
    RequireRange(who, "capacity (packets/s)", event.capacity, MIN_CAPACITY, MAX_CAPACITY);
    m_events.push_back(event);
}

void
FluidModel::SetSourceLaw(std::size_t source, std::shared_ptr<const FluidSourceLaw> law)
{
    if (source >= m_sources.size())
    {
        Fail("FluidModel::SetSourceLaw: source index " + std::to_string(source) +
             " out of range; valid: [0, " + std::to_string(m_sources.size()) + ")");
    }
    if (!law)
    {
        Fail("FluidModel::SetSourceLaw: source '" + m_sources[source].name +
             "': law is null; valid: a FluidSourceLaw (e.g. FluidVegasLaw)");
    }
    m_sources[source].law = std::move(law);
}

const std::vector<FluidModel::Link>&
FluidModel::GetLinks() const
{
    return m_links;
}

const std::vector<FluidModel::Source>&
FluidModel::GetSources() const
{
    return m_sources;
}

namespace
{

/// One run of FluidModel::Run(): the state, the histories and Heun's two stages.
class Integration
{
  public:
    /// The state of the system.
    struct State
    {
        std::vector<double> z; //!< the sources' law states
        std::vector<double> b; //!< the links' backlogs, packets
        std::vector<double> p; //!< the links' law states (link l's from Offset(l))
    };

    /**
     * \param links the links \param sources the sources \param step h, s
     */
    Integration(const std::vector<FluidModel::Link>& links,
                const std::vector<FluidModel::Source>& sources,
                double step)
        : m_links(links),
          m_sources(sources),
          m_step(step),
          m_capacity(links.size()),
          m_rates(sources.size(), Depth(sources, step), step, true),
          m_prices(links.size(), Depth(sources, step), step, false),
          m_delays(links.size(), Depth(sources, step), step, false),
          m_sourceNow(sources.size()),
          m_linkNow(links.size())
    {
        for (std::size_t l = 0; l < links.size(); ++l)
        {
            m_capacity[l] = links[l].capacity;
            m_offset.push_back(m_stateCount);
            m_stateCount += links[l].law->GetStateCount();
        }
        m_crossing.resize(links.size());
        for (std::size_t s = 0; s < sources.size(); ++s)
        {
            std::vector<double> forward = sources[s].forwardDelays;
            if (forward.empty())
            {
                forward.assign(sources[s].route.size(), sources[s].propagationDelay / 2);
            }
            for (std::size_t i = 0; i < forward.size(); ++i)
            {
                m_crossing[sources[s].route[i]].emplace_back(s, forward[i]);
            }
            m_forward.push_back(forward);
        }
    }

    /// \return the state at time 0
    State Initial() const
    {
        State x;
        for (const auto& source : m_sources)
        {
            x.z.push_back(source.law->GetInitialState(source.propagationDelay));
        }
        x.b.assign(m_links.size(), 0.0);
        x.p.assign(m_stateCount, 0.0);
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            m_links[l].law->GetInitialStateOf(m_links[l].capacity, &x.p[m_offset[l]]);
        }
        return x;
    }

    /// \param link a link \param capacity its capacity from now on, packets/s
    void SetCapacity(std::size_t link, double capacity)
    {
        m_capacity[link] = capacity;
    }

    /**
     * Evaluate the system at step k (time k h) in state \p x: record the step's rates, prices
     * and queueing delays in the histories and return the derivative.
     * \param k the step \param x the state \return dx/dt
     */
    State Evaluate(std::size_t k, const State& x)
    {
        const double t = static_cast<double>(k) * m_step;
        State dx;
        dx.z.assign(x.z.size(), 0.0);
        dx.b.assign(x.b.size(), 0.0);
        dx.p.assign(x.p.size(), 0.0);
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            // a price that depends on the load is computed with it (EvaluateLink())
            const FluidLinkLaw& law = *m_links[l].law;
            const double price =
                law.UsesLoad() ? NAN
                               : law.GetPriceOf(&x.p[m_offset[l]], {NAN, x.b[l], m_capacity[l]});
            if (!law.UsesLoad())
            {
                m_prices.Set(k, l, price);
            }
            m_delays.Set(k, l, x.b[l] / m_capacity[l]);
            m_linkNow[l] = {0, x.b[l], price, m_capacity[l]};
        }
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            dx.z[s] = EvaluateSource(k, t, s, x.z[s]);
        }
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            EvaluateLink(k, t, l, x, dx);
        }
        return dx;
    }

    /**
     * \param x a state after a step \return it projected: the queues in [0, B], the link
     *        states >= 0, the source states on their laws' domains
     */
    State Project(State x) const
    {
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            const double buffer = m_links[l].buffer > 0 ? m_links[l].buffer : x.b[l];
            x.b[l] = std::clamp(x.b[l], 0.0, std::max(buffer, 0.0));
            m_links[l].law->ProjectOf(&x.p[m_offset[l]], m_capacity[l]);
        }
        for (std::size_t s = 0; s < m_sources.size(); ++s)
        {
            x.z[s] = m_sources[s].law->Project(x.z[s]);
        }
        return x;
    }

    /// \param x a state \return it in FluidModel's layout (each link's law states apart)
    FluidModel::State ToModel(const State& x) const
    {
        FluidModel::State out{x.z, x.b, {}};
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            const auto from = x.p.begin() + static_cast<std::ptrdiff_t>(m_offset[l]);
            out.links.emplace_back(from, from + m_links[l].law->GetStateCount());
        }
        return out;
    }

    /// \param x a state in FluidModel's layout (sizes checked) \return it here
    State FromModel(const FluidModel::State& x) const
    {
        if (x.sources.size() != m_sources.size() || x.backlogs.size() != m_links.size() ||
            x.links.size() != m_links.size())
        {
            Fail("GetDerivative / RunFrom: the state has " + std::to_string(x.sources.size()) +
                 " sources, " + std::to_string(x.backlogs.size()) + " backlogs and " +
                 std::to_string(x.links.size()) + " links; valid: the model's " +
                 std::to_string(m_sources.size()) + ", " + std::to_string(m_links.size()) +
                 " and " + std::to_string(m_links.size()) + " (GetInitialState()'s layout)");
        }
        State out{x.sources, x.backlogs, {}};
        for (std::size_t l = 0; l < m_links.size(); ++l)
        {
            if (x.links[l].size() != m_links[l].law->GetStateCount())
            {
                Fail("GetDerivative / RunFrom: link '" + m_links[l].name + "' has " +
                     std::to_string(x.links[l].size()) + " law states; valid: its law's " +
                     std::to_string(m_links[l].law->GetStateCount()));
            }
            out.p.insert(out.p.end(), x.links[l].begin(), x.links[l].end());
        }
        return out;
    }

    /// \return the sources' values at the last step evaluated
    const std::vector<FluidModel::SourceState>& GetSources() const
    {
        return m_sourceNow;
    }

    /// \return the links' values at the last step evaluated
    const std::vector<FluidModel::LinkState>& GetLinks() const
    {
        return m_linkNow;
    }

  private:
    /// \return steps to keep: the longest delay, plus margin
    static std::size_t Depth(const std::vector<FluidModel::Source>& sources, double step)
    {
        double longest = 0;
        for (const auto& source : sources)
        {
            longest = std::max(longest, source.propagationDelay);
        }
        return static_cast<std::size_t>(std::ceil(longest / step)) + 3;
    }

    /**
     * Evaluate source \p s at step k: its rate (recorded) and dz/dt.
     * \param k the step \param t its time \param s the source \param z its state
     * \return dz/dt (0 while it is not sending)
     */
    double EvaluateSource(std::size_t k, double t, std::size_t s, double z)
    {
        const auto& source = m_sources[s];
        FluidSourceLaw::Input in{0, 0, source.propagationDelay, 0};
        in.delayedRate = m_rates.At(k, s, t - source.propagationDelay);
        for (std::size_t i = 0; i < source.route.size(); ++i)
        {
            const double when = t - (source.propagationDelay - m_forward[s][i]);
            const double price = m_prices.At(k, source.route[i], when);
            in.pathPrice += price;
            in.pathMarking += m_links[source.route[i]].law->GetMarkingProbability(price);
            in.queueingDelay += m_delays.At(k, source.route[i], when);
        }
        const double rtt = source.propagationDelay + in.queueingDelay;
        const bool active = t >= source.start && t < source.stop;
        const double window = active ? source.law->GetWindow(z, in) : 0.0;
        // the link loads: the data and the control packets (o per round trip)
        m_rates.Set(k, s, (window + (active ? source.overhead : 0.0)) / rtt);
        m_sourceNow[s] = {window / rtt, window, in.pathPrice, rtt, z};
        return active ? source.law->GetDerivative(z, in) : 0.0;
    }

    /**
     * Evaluate link \p l at step k: its load and the derivatives of its queue and law state.
     * \param k the step \param t its time \param l the link \param x the state \param dx where
     *        the derivatives go
     */
    void EvaluateLink(std::size_t k, double t, std::size_t l, const State& x, State& dx)
    {
        double load = 0;
        for (const auto& [s, forward] : m_crossing[l])
        {
            load += static_cast<double>(m_sources[s].count) * m_rates.At(k, s, t - forward);
        }
        const double c = m_capacity[l];
        const double buffer = m_links[l].buffer;
        double db = load - c; // Vegas paper eq. 13, projected at 0 and at the buffer
        if ((x.b[l] <= 0 && db < 0) || (buffer > 0 && x.b[l] >= buffer && db > 0))
        {
            db = 0;
        }
        dx.b[l] = db;
        const FluidLinkLaw& law = *m_links[l].law;
        law.GetDerivativeOf(&x.p[m_offset[l]], {load, x.b[l], c}, &dx.p[m_offset[l]]);
        m_linkNow[l].load = load;
        if (law.UsesLoad())
        {
            m_linkNow[l].price = law.GetPriceOf(&x.p[m_offset[l]], {load, x.b[l], c});
            m_prices.Set(k, l, m_linkNow[l].price);
        }
    }

    const std::vector<FluidModel::Link>& m_links;     //!< the links
    const std::vector<FluidModel::Source>& m_sources; //!< the sources
    double m_step;                                    //!< h, s
    std::vector<double> m_capacity;                   //!< the links' capacities now
    std::vector<std::size_t> m_offset; //!< per link: where its law's states start in State::p
    std::size_t m_stateCount{0};       //!< the links' law states, all together
    std::vector<std::vector<double>> m_forward; //!< tau^f per source and route link
    /// per link: the sources crossing it (in source order) and their tau^f to it
    std::vector<std::vector<std::pair<std::size_t, double>>> m_crossing;
    History m_rates;  //!< the sources' per-flow loads (data and control packets), packets/s
    History m_prices; //!< the links' prices
    History m_delays; //!< the links' queueing delays b / c
    std::vector<FluidModel::SourceState> m_sourceNow; //!< the sources at the last evaluation
    std::vector<FluidModel::LinkState> m_linkNow;     //!< the links at the last evaluation
};

/// \return x + h dx (each component)
Integration::State
Advance(const Integration::State& x, const Integration::State& dx, double h)
{
    Integration::State y = x;
    for (std::size_t i = 0; i < y.z.size(); ++i)
    {
        y.z[i] += h * dx.z[i];
    }
    for (std::size_t i = 0; i < y.b.size(); ++i)
    {
        y.b[i] += h * dx.b[i];
    }
    for (std::size_t i = 0; i < y.p.size(); ++i)
    {
        y.p[i] += h * dx.p[i];
    }
    return y;
}

/// \return (a + b) / 2 (each component)
Integration::State
Mean(const Integration::State& a, const Integration::State& b)
{
    Integration::State m = a;
    for (std::size_t i = 0; i < m.z.size(); ++i)
    {
        m.z[i] = (a.z[i] + b.z[i]) / 2;
    }
    for (std::size_t i = 0; i < m.b.size(); ++i)
    {
        m.b[i] = (a.b[i] + b.b[i]) / 2;
    }
    for (std::size_t i = 0; i < m.p.size(); ++i)
    {
        m.p[i] = (a.p[i] + b.p[i]) / 2;
    }
    return m;
}

/// Throw unless the options are valid (FluidModel::Run()'s ranges). \return the step count
std::size_t
CheckOptions(const FluidModel::Options& options)
{
    const std::string who = "Run options";
    RequireRange(who, "duration (s)", options.duration, FluidModel::MIN_STEP, FluidModel::MAX_TIME);
    RequireRange(who, "step (s)", options.step, FluidModel::MIN_STEP, FluidModel::MAX_STEP);
    RequireRange(who, "step (s)", options.step, FluidModel::MIN_STEP, options.duration);
    const double steps = std::ceil(options.duration / options.step - 1e-9);
    RequireRange(who, "duration / step", steps, 1, static_cast<double>(FluidModel::MAX_STEPS));
    RequireRange(who, "sampleInterval (s)", options.sampleInterval, options.step, options.duration);
    return static_cast<std::size_t>(steps);
}

} // namespace

namespace
{

/**
 * Integrate from \p x: FluidModel::Run()'s loop. The first \p hold steps only hold \p x (the
 * histories filled with it); time 0 is the step after them.
 * \param integration the system \param x the state at time 0 \param events the capacity
 * changes, by time \param options checked \param hold steps held before time 0
 * \return the samples and the end state
 */
FluidModel::Result
Integrate(Integration& integration,
          Integration::State x,
          const std::vector<FluidModel::LinkEvent>& events,
          const FluidModel::Options& options,
          std::size_t hold)
{
    const std::size_t steps = CheckOptions(options);
    const double h = options.step;
    const auto sampleEvery =
        std::max<std::size_t>(1, std::llround(options.sampleInterval / options.step));
    for (std::size_t k = 0; k < hold; ++k)
    {
        integration.Evaluate(k, x);
    }
    FluidModel::Result result;
    std::size_t nextEvent = 0;
    for (std::size_t k = 0;; ++k)
    {
        const double t = static_cast<double>(k) * h;
        for (; nextEvent < events.size() && events[nextEvent].at <= t + h / 2; ++nextEvent)
        {
            integration.SetCapacity(events[nextEvent].link, events[nextEvent].capacity);
        }
        const Integration::State dx = integration.Evaluate(hold + k, x);
        if (k % sampleEvery == 0 || k == steps)
        {
            result.times.push_back(t);
            result.sources.push_back(integration.GetSources());
            result.links.push_back(integration.GetLinks());
        }
        if (k == steps)
        {
            break;
        }
        // Heun: predictor (recorded at step k + 1, so that delays below h read it), corrector
        const Integration::State predicted = integration.Project(Advance(x, dx, h));
        const Integration::State dPredicted = integration.Evaluate(hold + k + 1, predicted);
        x = integration.Project(Advance(x, Mean(dx, dPredicted), h));
    }
    result.endSources = integration.GetSources();
    result.endLinks = integration.GetLinks();
    result.steps = steps;
    return result;
}

/// \param sources some sources \return them, every one sending from time 0 to the end
std::vector<FluidModel::Source>
AllSending(std::vector<FluidModel::Source> sources)
{
    for (auto& source : sources)
    {
        source.start = 0;
        source.stop = std::numeric_limits<double>::infinity();
    }
    return sources;
}

/// \param sources some sources \return the longest propagation delay, s
double
LongestDelay(const std::vector<FluidModel::Source>& sources)
{
    double longest = 0;
    for (const auto& source : sources)
    {
        longest = std::max(longest, source.propagationDelay);
    }
    return longest;
}

} // namespace

FluidModel::Result
FluidModel::Run(const Options& options) const
{
    CheckOptions(options);
    std::vector<LinkEvent> events = m_events;
    std::stable_sort(events.begin(), events.end(), [](const LinkEvent& a, const LinkEvent& b) {
        return a.at < b.at;
    });
    Integration integration(m_links, m_sources, options.step);
    return Integrate(integration, integration.Initial(), events, options, 0);
}

FluidModel::Result
FluidModel::RunFrom(const State& initial, const Options& options) const
{
    CheckOptions(options);
    const std::vector<Source> sources = AllSending(m_sources);
    Integration integration(m_links, sources, options.step);
    // every delayed read is at a held step once 2 longest delays have passed (see GetDerivative)
    const auto hold =
        2 * static_cast<std::size_t>(std::ceil(LongestDelay(sources) / options.step)) + 3;
    return Integrate(integration, integration.FromModel(initial), {}, options, hold);
}

FluidModel::State
FluidModel::GetInitialState() const
{
    const Integration integration(m_links, m_sources, 1);
    return integration.ToModel(integration.Initial());
}

FluidModel::State
FluidModel::GetDerivative(const State& state) const
{
    // every source on from time 0; the step a quarter of the longest delay, so that the
    // histories hold the state throughout after a few steps
    const std::vector<Source> sources = AllSending(m_sources);
    const double longest = LongestDelay(sources);
    const double h = std::max(longest / 4, MIN_STEP);
    Integration integration(m_links, sources, h);
    const Integration::State x = integration.FromModel(state);
    // every delayed read is at t - tau >= 0 (the rates read 0 before) once k h > 2 longest:
    // the prices and delays, then the rates made of them, then the loads made of those
    const std::size_t settled = 2 * static_cast<std::size_t>(std::ceil(longest / h)) + 3;
    Integration::State dx;
    for (std::size_t k = 0; k <= settled; ++k)
    {
        dx = integration.Evaluate(k, x);
    }
    return integration.ToModel(dx);
}

} // namespace ns3
