/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fast-ramp-model.h"

#include "fast-dynamic-scenario.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Serve()'s step, s: the water-filling period (the windows' tables are finer, STEP).
constexpr double SERVE_STEP = 0.01;
} // namespace

FastRampModel::FastRampModel(const Params& params)
    : m_params(params)
{
    if (!(params.beta > 0 && params.k > 0 && params.baseWindow > 0 && params.maxIncrement > 0 &&
          params.integrationInterval > 0 && params.initialWindow > 0))
    {
        throw std::invalid_argument("FastRampModel: beta, K, W_m, MaxIncrement, T_s and the "
                                    "initial window must all be > 0");
    }
}

const std::vector<double>&
FastRampModel::GetTable(double rtt, double ages) const
{
    std::vector<double>& table = m_tables[rtt];
    const auto n = static_cast<std::size_t>(std::ceil(ages / STEP)) + 1;
    if (table.size() >= n)
    {
        return table;
    }
    // Built from the arrival each time it grows: grow it geometrically.
    table.assign(std::max(n, 2 * table.size()), 0.0);
    const Params& p = m_params;
    double window = p.initialWindow; // the congestion window, from one round trip (handshake)
    double expWnd = p.baseWindow;
    double nextStep = 2 * rtt + p.integrationInterval; // the clock starts at the first ACK
    for (std::size_t i = 0; i < table.size(); ++i)
    {
        const double age = i * STEP;
        if (age < rtt)
        {
            continue; // the handshake: no data
        }
        while (nextStep <= age) // eqs. 20 and 16 at p = 0
        {
            expWnd *= std::exp(p.beta * p.k * p.integrationInterval / expWnd);
            nextStep += p.integrationInterval;
        }
        table[i] = window;
        // Fig. 3: at most MaxIncrement per ACK, window / d ACKs per second, up to expWnd.
        window += std::min(p.maxIncrement * window / rtt * STEP, std::max(0.0, expWnd - window));
    }
    return table;
}

double
FastRampModel::GetWindow(double age, double rtt) const
{
    if (!(rtt > 0) || age < 0)
    {
        throw std::invalid_argument("FastRampModel::GetWindow: rtt must be > 0 and age >= 0");
    }
    const std::vector<double>& table = GetTable(rtt, age);
    return table[static_cast<std::size_t>(std::floor(age / STEP))];
}

std::vector<double>
FastRampModel::WaterFill(const std::vector<double>& caps, double total)
{
    std::vector<std::size_t> order(caps.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&caps](std::size_t a, std::size_t b) {
        return caps[a] < caps[b];
    });
    std::vector<double> shares(caps.size(), 0.0);
    double left = total;
    for (std::size_t i = 0; i < order.size(); ++i)
    {
        const double level = left / (order.size() - i);
        shares[order[i]] = std::min(caps[order[i]], level);
        left -= shares[order[i]];
    }
    return shares;
}

FastRampModel::Result
FastRampModel::Serve(const std::vector<Flow>& flows,
                     double capacity,
                     double serviceRate,
                     double start,
                     double stop,
                     const Elephants& elephants) const
{
    if (!(capacity > 0 && serviceRate > 0 && stop > start && elephants.interval > 0))
    {
        throw std::invalid_argument("FastRampModel::Serve: bad arguments");
    }
    const auto samples = static_cast<std::size_t>(std::floor(stop / elephants.interval)) + 1;
    std::vector<double> left;
    std::vector<double> first(flows.size(), -1); // the first packet's time
    std::vector<double> last(flows.size(), -1);  // the last one's
    std::vector<std::vector<double>> delivered(flows.size(), std::vector<double>(samples, 0.0));
    for (const Flow& f : flows)
    {
        left.push_back(f.packets);
    }
    double served = 0;
    std::size_t arrived = 0;
    std::vector<std::size_t> active;
    std::size_t nextSample = 1;
    const auto steps = static_cast<std::size_t>(std::llround(stop / SERVE_STEP));
    for (std::size_t s = 0; s < steps; ++s)
    {
        const double t = s * SERVE_STEP;
        for (; arrived < flows.size() && flows[arrived].arrival <= t; ++arrived)
        {
            active.push_back(arrived);
        }
        std::vector<double> caps;
        for (std::size_t i : active)
        {
            const double rate =
                GetWindow(t + SERVE_STEP / 2 - flows[i].arrival, flows[i].rtt) / flows[i].rtt;
            caps.push_back(std::min(rate, left[i] / SERVE_STEP));
        }
        const std::vector<double> shares = WaterFill(caps, serviceRate);
        std::vector<std::size_t> still;
        for (std::size_t j = 0; j < active.size(); ++j)
        {
            const std::size_t i = active[j];
            const double packets = std::min(left[i], shares[j] * SERVE_STEP);
            left[i] -= packets;
            if (packets > 0)
            {
                first[i] = first[i] < 0 ? t : first[i];
                last[i] = t + SERVE_STEP;
            }
            if (t >= start && t + SERVE_STEP <= stop + 1e-9)
            {
                served += packets;
            }
            if (left[i] > 1e-9)
            {
                still.push_back(i);
            }
        }
        active = std::move(still);
        const double next = (s + 1) * SERVE_STEP;
        for (; nextSample < samples && nextSample * elephants.interval <= next + 1e-9; ++nextSample)
        {
            for (std::size_t i = 0; i < arrived; ++i)
            {
                delivered[i][nextSample] = flows[i].packets - left[i];
            }
        }
    }
    Result result = CompareElephants(first, last, delivered, start, stop, elephants);
    result.utilization = served / (capacity * (stop - start));
    return result;
}

FastRampModel::Result
FastRampModel::CompareElephants(const std::vector<double>& first,
                                const std::vector<double>& last,
                                const std::vector<std::vector<double>>& delivered,
                                double start,
                                double stop,
                                const Elephants& elephants)
{
    double jainSum = 0;
    double comparedSum = 0;
    std::size_t intervals = 0;
    std::size_t withTwo = 0;
    const std::size_t samples = delivered.empty() ? 0 : delivered.front().size();
    for (std::size_t k = 0; k + 1 < samples; ++k)
    {
        const double t0 = k * elephants.interval;
        const double t1 = t0 + elephants.interval;
        if (t0 < start || t1 > stop)
        {
            continue;
        }
        std::vector<double> rates;
        for (std::size_t i = 0; i < first.size(); ++i)
        {
            if (first[i] >= 0 && delivered[i][k] >= elephants.packets &&
                first[i] <= t0 - elephants.minAge && last[i] > t1 + SERVE_STEP / 2)
            {
                rates.push_back((delivered[i][k + 1] - delivered[i][k]) / elephants.interval);
            }
        }
        ++intervals;
        comparedSum += rates.size();
        if (rates.size() >= 2)
        {
            jainSum += FastDynamicScenario::JainIndex(rates);
            ++withTwo;
        }
    }
    Result result;
    result.jain = withTwo > 0 ? jainSum / withTwo : 0;
    result.compared = intervals > 0 ? comparedSum / intervals : 0;
    return result;
}

} // namespace ns3
