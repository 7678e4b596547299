// SPDX-License-Identifier: MIT
// A counting test that refutes most boards that cannot be completed long before a search would.
//
// Take the k queens still to place and one family of diagonals, numbered by v = c - r (or
// v = r + c). The queens have k distinct rows, k distinct columns and k distinct values of v,
// all free. Of those on the side v >= t of a threshold t, say u of them, the sum of v is at least
// the sum of the u smallest free values >= t, and it is also sum(c) - sum(r) (or sum(r) + sum(c)),
// at most the sum of the u largest columns minus the u smallest rows that can reach that side.
// The gap between the two bounds is concave in u and 0 at u = 0, so it gives the side a capacity:
// the largest u it allows. Likewise for v <= t - 1. A board is refuted when the two capacities
// add up to less than k, or when a side cannot hold the rows or columns whose every free square
// lies on it. This is how one proves that a right triangle of side m holds at most (2m + 1) / 3
// queens, and the boards left by the first rows of the lexicographically first solution are
// split into such triangles by a band of diagonals the placed queens fill.
//
// Thresholds are taken at the edges of the runs of free diagonals: within a run the test is
// rarely stronger and costs as much. The search uses the difference family only: the first rows
// of a lexicographically early board fill a band of those diagonals, and adding the sum family
// cut few nodes for much more time (docs/journal/first.md, "The diagonal sum bound"). The test is
// sound (it never refutes a board that has a completion); tests check it against exhaustive
// search.
#pragma once

#include "search/residual.hpp"

namespace nq::detail {

// none: only the first check (an open line without a free square), for boards where the bounds
// cost more than they save: on the Blocked n-Queens family they took most of complete()'s time
// and refuted nothing the propagation did not (residual_completion.hpp; docs/journal/complete.md,
// "The existence search up to 64 rows, and the Blocked n-Queens transition").
enum class DiagonalFamilies { difference, sum, both, none };

template <class Mask>
bool diagonal_sums_allow(const BasicResidual<Mask>& board,
                         DiagonalFamilies families = DiagonalFamilies::difference);

extern template bool diagonal_sums_allow(const Residual&, DiagonalFamilies);
extern template bool diagonal_sums_allow(const WideResidual&, DiagonalFamilies);

}  // namespace nq::detail
