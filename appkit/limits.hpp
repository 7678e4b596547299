// SPDX-License-Identifier: MIT
// The largest inputs the commands take where the library has no constant of its own: one place
// for the command line and the Python module, so both refuse the same numbers with the same
// message.
#pragma once

#include <cstdint>
#include <string_view>

#include "nqueens/construct.hpp"
#include "nqueens/solve.hpp"

namespace nqcli {

// Plain backtracking finds the first solution in under a second up to n = 33, but needs minutes
// to hours for n = 34 and most n from 36 on (measured: 3 s timeouts at every n in 36..64).
inline constexpr std::uint64_t kMaxBacktrackN = 32;

// Terms of the quintal queens placement: 5^13, so that every column still fits 32 bits.
inline constexpr std::uint64_t kMaxInfiniteTerms = 1'220'703'125;

// The largest n `solve --method METHOD` takes (construct and random: 2^32 - 1).
inline std::uint64_t solve_max_n(std::string_view method) {
  if (method == "backtrack") return kMaxBacktrackN;
  if (method == "first") return nq::kMaxSolveFirstN;
  return nq::kMaxConstructN;
}

}  // namespace nqcli
