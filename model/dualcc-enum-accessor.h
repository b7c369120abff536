/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUALCC_ENUM_ACCESSOR_H
#define DUALCC_ENUM_ACCESSOR_H

#include "ns3/attribute.h"
#include "ns3/enum.h"
#include "ns3/ptr.h"

namespace ns3
{

/// \cond internal
namespace dualcc_detail
{
// ns-3 up to 3.40 spells an enum accessor MakeEnumAccessor(&T::m_x); from 3.41 EnumValue is a
// template and the call is MakeEnumAccessor<E>(&T::m_x). Overload resolution picks whichever
// form the installed ns-3 accepts (the other one is removed by SFINAE).

/**
 * The ns-3.41+ form.
 * \param member the member
 * \return the accessor
 */
template <typename E, typename M>
auto
MakeEnumAccessorCompat(M member, int) -> decltype(MakeEnumAccessor<E>(member))
{
    return MakeEnumAccessor<E>(member);
}

/**
 * The ns-3.40- form.
 * \param member the member
 * \return the accessor
 */
template <typename E, typename M>
auto
MakeEnumAccessorCompat(M member, long) -> decltype(MakeEnumAccessor(member))
{
    return MakeEnumAccessor(member);
}

} // namespace dualcc_detail

/// \endcond

/**
 * \ingroup dualcc
 * An accessor for an enum member, in whichever form the installed ns-3 uses.
 * \param member the member
 * \return the accessor
 */
template <typename E, typename M>
inline Ptr<const AttributeAccessor>
MakeDualccEnumAccessor(M member)
{
    return dualcc_detail::MakeEnumAccessorCompat<E>(member, 0);
}

} // namespace ns3

#endif /* DUALCC_ENUM_ACCESSOR_H */
