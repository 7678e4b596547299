// SPDX-License-Identifier: MIT
// A random solution by local search, in the manner of Sosic and Gu's QS4 (1991): a permutation
// built row by row from random candidates that share no diagonal with the rows before (so it is
// almost conflict-free), then random swaps that lower the number of attacking pairs, until none
// are left. Column conflicts cannot arise (a permutation is kept throughout), so only the two
// diagonal families are counted. Time is linear in practice; memory is 4 bytes of columns plus
// 8 bytes of diagonal counters per queen (about 24 bytes a queen with the work list).
//
// The same seed gives the same solution on every machine: the generator (splitmix64) and the
// bounded draws (Lemire's multiply-shift) are our own, not the library's distributions.
//
// Example:
//   nq::LocalSearchResult r = nq::solve_random({.n = 1'000'000, .seed = 7});
//   // r.solution->size() == 1'000'000 and nq::is_solution(*r.solution)
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>

#include "nqueens/placement.hpp"

namespace nq {

struct LocalSearchOptions {
  std::uint64_t n = 8;  // 1 or 4 .. 2^32 - 1
  std::uint64_t seed = 1;
  std::stop_token stop = {};  // checked between rounds of repairs
};

struct LocalSearchResult {
  std::optional<Placement> solution;
  std::uint64_t swaps = 0;     // improving swaps made in the repair phase
  std::uint64_t attempts = 0;  // candidate moves tried, both phases
  std::uint64_t restarts = 0;  // fresh starts after a repair phase got stuck
  bool complete = false;       // false if stopped
};

LocalSearchResult solve_random(const LocalSearchOptions& options);

std::uint64_t local_search_bytes(std::uint64_t n);  // memory solve_random will allocate

}  // namespace nq
