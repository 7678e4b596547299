// SPDX-License-Identifier: MIT
// One solution: the lexicographically first (OEIS A141843 lists its first-row columns), found by
// plain bitmask backtracking that tries columns left to right. Its running time grows very
// unevenly with n (fast up to the low 30s, hopeless for some n in the 40s), so it can be
// stopped; later methods (explicit construction, local search) give a solution for any n.
//
// Example:
//   nq::SolveResult r = nq::solve_first({.n = 8});
//   // r.solution == nq::Placement{0, 4, 7, 5, 2, 6, 1, 3}, perm "1 5 8 6 3 7 2 4"
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>

#include "nqueens/placement.hpp"

namespace nq {

inline constexpr int kMaxSolveFirstN = 64;  // the search uses 64-bit masks

struct SolveOptions {
  int n = 8;                  // 1..kMaxSolveFirstN
  std::stop_token stop = {};  // request_stop() abandons the search (complete == false)
};

struct SolveResult {
  std::optional<Placement> solution;  // empty: none exists (n = 2, 3) or the search was stopped
  std::uint64_t nodes = 0;            // queens placed
  bool complete = false;              // false when stopped before an answer
};

SolveResult solve_first(const SolveOptions& options);

}  // namespace nq
