// SPDX-License-Identifier: MIT
// The lexicographically first solution by probing: see solve.hpp and probing.cpp.
#pragma once

#include <cstdint>

#include "nqueens/solve.hpp"
#include "search/bits.hpp"

namespace nq::detail {

// On the narrowest residual board that holds n (64-bit masks up to 64 rows, 128-bit beyond).
SolveResult solve_first_by_probing(const SolveOptions& options);

// On the board of the given width, for tests: the wide one must give the narrow one's answer and
// steps for every n up to 64. Mask is std::uint64_t (n <= 64) or Uint128 (n <= 128).
template <class Mask>
SolveResult solve_first_by_probing(const SolveOptions& options);

// estimate_first() (solve.hpp), on the narrowest board that holds n.
FirstEstimate estimate_first_by_probing(const FirstEstimateOptions& options);

extern template SolveResult solve_first_by_probing<std::uint64_t>(const SolveOptions&);
extern template SolveResult solve_first_by_probing<Uint128>(const SolveOptions&);

}  // namespace nq::detail
