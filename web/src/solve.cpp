// SPDX-License-Identifier: MIT
// solve(n, method, seed): one solution, as `nqueens solve` finds it: the explicit construction
// (any n up to 2^32 - 1), local search, the lexicographically first (probing) or backtracking.
#include "nqueens/solve.hpp"

#include <emscripten/bind.h>

#include <optional>
#include <string>

#include "binding.hpp"
#include "contract.hpp"
#include "limits.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/local_search.hpp"
#include "numbers.hpp"

namespace nqweb {

namespace {

// seed: "" when not given.
val solve(const std::string& n_text, const std::string& method, const std::string& seed) {
  return guarded([&] {
    if (method != "construct" && method != "random" && method != "first" && method != "backtrack") {
      throw nqcli::UsageError("solve: unknown method '" + method +
                              "' (construct, random, first or backtrack)");
    }
    const std::string job = "solve --method " + method;
    const std::uint64_t n =
        nqcli::parse_whole_number(n_text, "N", 1, nqcli::solve_max_n(method), job);
    if (!seed.empty() && method != "random") {
      throw nqcli::UsageError("solve: seed is for method 'random'");
    }
    if (!nq::has_solution(n)) {
      throw nqcli::UsageError("there is no solution for n = " + std::to_string(n));
    }
    std::optional<nq::Placement> found;
    if (method == "construct") {
      require_heap(n * sizeof(nq::Column), "the construction for n = " + std::to_string(n));
      found = nq::ExplicitSolution(n).placement();
    } else if (method == "random") {
      const std::uint64_t s =
          seed.empty() ? 1 : nqcli::parse_whole_number(seed, "seed", 0, ~std::uint64_t{0}, job);
      require_heap(nq::local_search_bytes(n), "random search for n = " + std::to_string(n));
      found = nq::solve_random({.n = n, .seed = s}).solution;
    } else {
      found =
          nq::solve_first({.n = static_cast<int>(n), .probing = method == "first", .threads = 1})
              .solution;
    }
    if (!found) throw nqcli::UsageError("there is no solution for n = " + std::to_string(n));
    return copy_to_js(found->columns());
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_solve) { emscripten::function("solve", &solve); }

}  // namespace nqweb
