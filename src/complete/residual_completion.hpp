// SPDX-License-Identifier: MIT
// Looking for one completion of a board of at most 128 rows, complete() hands the exhaustive part
// to the existence search behind solve --method first (search/existence_search.hpp): the board as
// a residual of 64-bit masks (128-bit ones past 64 rows), where a blocked square and every square
// of an excluded diagonal is simply not free, and propagation at every node (a line with one free
// square takes its queen, a line with two strikes what both attack); the diagonal sum bounds are
// left off (DiagonalFamilies::none). At the phase transitions of the Blocked n-Queens and Excluded
// Diagonals families this refutes most subtrees that the general search (complete.cpp) has to
// walk; measured in docs/journal/complete.md.
#pragma once

#include <optional>

#include "nqueens/complete.hpp"
#include "search/residual.hpp"

namespace nq::detail {

// Whether complete() may take this route: n within the wide residual's 128 columns.
inline bool fits_residual(const CompletionInstance& in) { return in.n <= kResidualMaxN; }

// The instance as a residual board of the given width, given queens placed and propagated;
// nullopt when that alone shows there is no completion (a line with no free square). `in` must
// be well formed and fit the width.
template <class Mask>
std::optional<BasicResidual<Mask>> completion_residual(const CompletionInstance& in);

extern template std::optional<Residual> completion_residual(const CompletionInstance&);
extern template std::optional<WideResidual> completion_residual(const CompletionInstance&);

}  // namespace nq::detail
