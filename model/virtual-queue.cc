/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "virtual-queue.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VirtualQueue");

namespace
{

/// Throw std::invalid_argument: "VirtualQueue: <parameter> must be <range>, got <value>".
[[noreturn]] void
Reject(const char* parameter, const char* range, double value)
{
    std::ostringstream os;
    os << "VirtualQueue: " << parameter << " must be " << range << ", got " << value;
    throw std::invalid_argument(os.str());
}

} // namespace

VirtualQueue::VirtualQueue()
    : m_capacity(0),
      m_desiredUtilization(1),
      m_alpha(0),
      m_virtualCapacity(0),
      m_length(0)
{
    NS_LOG_FUNCTION(this);
}

void
VirtualQueue::Reset(double capacity,
                    double desiredUtilization,
                    double alpha,
                    double initialVirtualCapacity,
                    Time now)
{
    NS_LOG_FUNCTION(this << capacity << desiredUtilization << alpha << initialVirtualCapacity
                         << now);
    if (!(capacity > 0 && capacity <= MAX_CAPACITY))
    {
        Reject("capacity", "in (0, 1e18] (units per second)", capacity);
    }
    if (!(desiredUtilization > 0 && desiredUtilization <= 1))
    {
        Reject("desiredUtilization", "in (0, 1]", desiredUtilization);
    }
    if (!(alpha > 0 && alpha <= MAX_ALPHA))
    {
        Reject("alpha", "in (0, 1e6]", alpha);
    }
    if (!(initialVirtualCapacity >= 0 && initialVirtualCapacity <= capacity))
    {
        Reject("initialVirtualCapacity",
               "in [0, capacity] (units per second)",
               initialVirtualCapacity);
    }
    m_capacity = capacity;
    m_desiredUtilization = desiredUtilization;
    m_alpha = alpha;
    m_virtualCapacity = initialVirtualCapacity;
    m_length = 0;
    m_lastDrain = now;
    m_lastAdapt = now;
}

// The law. Kunniyur and Srikant, SIGCOMM 2001, §2, "The AVQ Algorithm":
//
//   At each packet arrival epoch do
//     VQ <- max(VQ - C~ (t - s), 0)          /* Update Virtual Queue Size */      Drain()
//     If VQ + b > B
//         Mark or drop packet in the real queue                                  Arrive()
//     else
//         VQ <- VQ + b                       /* Update Virtual Queue Size */      Add()
//     endif
//     C~ = max(min(C~ + alpha * gamma * C (t - s), C) - alpha * b, 0)
//                                            /* Update Virtual Capacity */        Adapt()
//     s <- t                                 /* Update last packet arrival time */
//
// Drain() and Adapt() below are the two updates; each keeps its own copy of s.

void
VirtualQueue::Drain(Time now)
{
    NS_LOG_FUNCTION(this << now);
    NS_ABORT_MSG_IF(now < m_lastDrain,
                    "VirtualQueue::Drain: time " << now << " is before the previous drain "
                                                 << m_lastDrain);
    const double elapsed = (now - m_lastDrain).GetSeconds();
    m_length = std::max(m_length - m_virtualCapacity * elapsed, 0.0);
    m_lastDrain = now;
    NS_LOG_DEBUG("VQ " << m_length << " after draining " << elapsed << " s at C~ "
                       << m_virtualCapacity);
}

bool
VirtualQueue::WouldOverflow(double size, double limit) const
{
    return m_length + size > limit;
}

void
VirtualQueue::Add(double size)
{
    NS_LOG_FUNCTION(this << size);
    NS_ABORT_MSG_IF(!(size >= 0), "VirtualQueue::Add: size must be >= 0, got " << size);
    m_length += size;
}

bool
VirtualQueue::Arrive(Time now, double size, double limit)
{
    NS_LOG_FUNCTION(this << now << size << limit);
    Drain(now);
    if (WouldOverflow(size, limit))
    {
        NS_LOG_LOGIC("virtual buffer overflows: VQ " << m_length << " + b " << size << " > B "
                                                     << limit);
        return true;
    }
    Add(size);
    return false;
}

void
VirtualQueue::Adapt(Time now, double countedSize)
{
    NS_LOG_FUNCTION(this << now << countedSize);
    NS_ABORT_MSG_IF(now < m_lastAdapt,
                    "VirtualQueue::Adapt: time " << now << " is before the previous update "
                                                 << m_lastAdapt);
    NS_ABORT_MSG_IF(!(countedSize >= 0),
                    "VirtualQueue::Adapt: countedSize must be >= 0, got " << countedSize);
    const double elapsed = (now - m_lastAdapt).GetSeconds();
    const double tokens = m_alpha * m_desiredUtilization * m_capacity * elapsed;
    m_virtualCapacity =
        std::max(std::min(m_virtualCapacity + tokens, m_capacity) - m_alpha * countedSize, 0.0);
    m_lastAdapt = now;
    NS_LOG_DEBUG("C~ " << m_virtualCapacity << " after " << elapsed << " s and " << countedSize
                       << " counted units");
}

double
VirtualQueue::GetLength() const
{
    return m_length;
}

double
VirtualQueue::GetVirtualCapacity() const
{
    return m_virtualCapacity;
}

double
VirtualQueue::GetCapacity() const
{
    return m_capacity;
}

double
VirtualQueue::GetDesiredUtilization() const
{
    return m_desiredUtilization;
}

double
VirtualQueue::GetAlpha() const
{
    return m_alpha;
}

} // namespace ns3
