// SPDX-License-Identifier: MIT
// One solution by any of the four ways the library has, from one request that it checks: the
// explicit construction (any n up to 2^32 - 1), QS4-style local search (`random`), the
// lexicographically first solution by probing (`first`, n <= 128) or by plain backtracking
// (`backtrack`, n <= 32). What the command line's `solve`, Python's solve() and JavaScript's
// solve() take, with their limits and their words for what they refuse.
//
// Example:
//   nq::Solved s = nq::solve({.n = 8, .method = nq::solve_method_named("first")});
//   // *s.solution: perm "1 5 8 6 3 7 2 4"
//   nq::solve({.n = 8, .seed = 3});  // throws nq::InvalidArgument "solve: seed is for method
//   'random'"
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>

#include "nqueens/placement.hpp"

namespace nq {

enum class SolveMethod { construct, random, first, backtrack };

// Plain backtracking finds the first solution in under a second up to n = 33, but needs minutes
// to hours for n = 34 and most n from 36 on (docs/journal/first.md, "Plain backtracking's reach").
inline constexpr std::uint64_t kMaxBacktrackN = 32;

std::string_view solve_method_name(SolveMethod method);  // "construct", "random", ...

// Throws InvalidArgument "solve: unknown method 'NAME' (construct, random, first or backtrack)".
SolveMethod solve_method_named(std::string_view name);

// The largest n a method takes: 2^32 - 1 (construct, random), 128 (first), 32 (backtrack).
std::uint64_t solve_max_n(SolveMethod method);

// "solve --method NAME": how the messages about N name the job.
std::string solve_job(SolveMethod method);

struct SolveRequest {
  std::uint64_t n = 8;  // 1..solve_max_n(method); n = 2 and 3 have no solution
  SolveMethod method = SolveMethod::construct;
  std::optional<std::uint64_t> seed =
      {};  // random only (default 1): the same seed, the same answer
  std::optional<std::uint64_t> threads = {};  // first only, 1..1024 (default: every core)
  std::stop_token stop = {};  // abandons a search (complete == false); construct ignores it
};

struct Solved {
  std::optional<Placement> solution;  // empty only when stopped
  bool complete = false;
  std::uint64_t steps = 0;  // random: improving swaps; first, backtrack: search nodes
};

// Throws InvalidArgument for what a request cannot be: N out of range ("N = 129 is too large for
// solve --method first (at most 128)"), a seed or threads for another method, a board with no
// solution ("there is no solution for n = 3"), or more memory than is available (construct and
// random build the whole board: nq/memory.hpp).
void check(const SolveRequest& request);

// check(request), then the method's search.
Solved solve(const SolveRequest& request);

}  // namespace nq
