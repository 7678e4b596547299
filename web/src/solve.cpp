// SPDX-License-Identifier: MIT
// solve(n, method, seed): one solution, as `nqueens solve` finds it: the explicit construction
// (any n up to 2^32 - 1), local search, the lexicographically first (probing) or backtracking.
#include <emscripten/bind.h>

#include <string>

#include "binding.hpp"
#include "nqueens/solve_request.hpp"

namespace nqweb {

namespace {

// seed: null when not given. `first` runs on one thread: WebAssembly here has no others.
val solve(double n, const std::string& method_name, const val& seed) {
  return guarded([&] {
    const nq::SolveMethod method = nq::solve_method_named(method_name);
    const std::string job = nq::solve_job(method);
    nq::SolveRequest request{.n = whole_number(n, "N", 1, nq::solve_max_n(method), job),
                             .method = method};
    if (!seed.isNull())
      request.seed = whole_number(seed.as<double>(), "seed", 0, ~std::uint64_t{0}, job);
    if (method == nq::SolveMethod::first) request.threads = 1;
    return copy_to_js(nq::solve(request).solution->columns());
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_solve) { emscripten::function("solve", &solve); }

}  // namespace nqweb
