// SPDX-License-Identifier: MIT
#include "nqueens/solve_request.hpp"

#include <string>

#include "nqueens/construct.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/memory.hpp"
#include "nqueens/solve.hpp"

namespace nq {

std::string_view solve_method_name(SolveMethod method) {
  switch (method) {
    case SolveMethod::construct: return "construct";
    case SolveMethod::random: return "random";
    case SolveMethod::first: return "first";
    case SolveMethod::backtrack: return "backtrack";
  }
  return "construct";
}

SolveMethod solve_method_named(std::string_view name) {
  for (SolveMethod m :
       {SolveMethod::construct, SolveMethod::random, SolveMethod::first, SolveMethod::backtrack}) {
    if (name == solve_method_name(m)) return m;
  }
  throw InvalidArgument("solve: unknown method '" + std::string(name) +
                        "' (construct, random, first or backtrack)");
}

std::uint64_t solve_max_n(SolveMethod method) {
  switch (method) {
    case SolveMethod::backtrack: return kMaxBacktrackN;
    case SolveMethod::first: return kMaxSolveFirstN;
    default: return kMaxConstructN;
  }
}

std::string solve_job(SolveMethod method) {
  return "solve --method " + std::string(solve_method_name(method));
}

void check(const SolveRequest& r) {
  check_whole_number(r.n, "N", 1, solve_max_n(r.method), solve_job(r.method));
  if (r.seed && r.method != SolveMethod::random) {
    throw InvalidArgument("solve: seed is for method 'random'");
  }
  if (r.threads) {
    if (r.method != SolveMethod::first)
      throw InvalidArgument("solve: threads is for method 'first'");
    check_whole_number(*r.threads, "threads", 1, 1024, solve_job(r.method));
  }
  if (!has_solution(r.n))
    throw InvalidArgument("there is no solution for n = " + std::to_string(r.n));
  if (r.method == SolveMethod::construct) {
    require_memory(r.n * sizeof(Column), "the construction for n = " + std::to_string(r.n));
  } else if (r.method == SolveMethod::random) {
    require_memory(local_search_bytes(r.n), "random search for n = " + std::to_string(r.n));
  }
}

Solved solve(const SolveRequest& r) {
  check(r);
  switch (r.method) {
    case SolveMethod::construct: return {ExplicitSolution(r.n).placement(), true, 0};
    case SolveMethod::random: {
      LocalSearchResult found =
          solve_random({.n = r.n, .seed = r.seed.value_or(1), .stop = r.stop});
      return {std::move(found.solution), found.complete, found.swaps};
    }
    default: {
      SolveResult found = solve_first({.n = static_cast<int>(r.n),
                                       .stop = r.stop,
                                       .probing = r.method == SolveMethod::first,
                                       .threads = static_cast<unsigned>(r.threads.value_or(0))});
      return {std::move(found.solution), found.complete, found.nodes};
    }
  }
}

}  // namespace nq
