// SPDX-License-Identifier: MIT
// Looking for one completion of a board of at most 64 rows, complete() hands the exhaustive part
// to the existence search behind solve --method first (solve/existence_search.hpp): the board as
// a residual of 64-bit masks, where a blocked square and every square of an excluded diagonal is
// simply not free, propagation (a line with one free square takes its queen, a line with two
// strikes what both attack) and the diagonal sum bounds at every node. At the phase transitions
// of the Blocked n-Queens and Excluded Diagonals families these refute most subtrees that the
// general search (complete.cpp) has to walk; measured in docs/transition.md.
#pragma once

#include <optional>

#include "nqueens/complete.hpp"
#include "solve/residual.hpp"

namespace nq::detail {

// Whether complete() may take this route: n within a residual's 64 columns.
inline bool fits_residual(const CompletionInstance& in) { return in.n <= kResidualMaxN; }

// The instance as a residual board, given queens placed and propagated; nullopt when that alone
// shows there is no completion (a line with no free square). `in` must be well formed and fit.
std::optional<Residual> completion_residual(const CompletionInstance& in);

}  // namespace nq::detail
