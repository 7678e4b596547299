// SPDX-License-Identifier: MIT
// solve(n, method, seed, threads, timeout): one solution as a NumPy uint32 array that owns the
// library's memory: the explicit construction (any n up to 2^32 - 1), local search, the
// lexicographically first solution (probing) or plain backtracking, as `nqueens solve` has them.
#include "nqueens/solve.hpp"

#include <string>

#include "bindings.hpp"
#include "contract.hpp"
#include "interruptible.hpp"
#include "limits.hpp"
#include "memory.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/deadline.hpp"
#include "nqueens/local_search.hpp"

namespace nqpy {

namespace {

py::array_t<std::uint32_t> solve(py::handle n_given, const std::string& method, py::handle seed,
                                 py::handle threads, py::handle timeout) {
  if (method != "construct" && method != "random" && method != "first" && method != "backtrack") {
    throw nqcli::UsageError("solve: unknown method '" + method +
                            "' (construct, random, first or backtrack)");
  }
  const std::string job = "solve --method " + method;
  const std::uint64_t n = whole_number(n_given, "N", 1, nqcli::solve_max_n(method), job);
  if (!seed.is_none() && method != "random") {
    throw nqcli::UsageError("solve: seed is for method 'random'");
  }
  if (!threads.is_none() && method != "first") {
    throw nqcli::UsageError("solve: threads is for method 'first'");
  }
  double seconds = 0;
  if (!timeout.is_none()) {
    seconds = py::cast<double>(timeout);
    if (!(seconds > 0))
      throw nqcli::UsageError("solve: timeout must be a positive number of seconds");
  }
  const unsigned workers = thread_count(threads, job);
  if (!nq::has_solution(n)) {
    throw nqcli::UsageError("there is no solution for n = " + std::to_string(n));
  }
  if (method == "construct") {
    nqcli::require_memory(n * sizeof(nq::Column), "the construction for n = " + std::to_string(n));
    nq::Placement p = [n] {
      py::gil_scoped_release release;  // O(n): fast enough not to need stopping
      return nq::ExplicitSolution(n).placement();
    }();
    return to_array(std::move(p));
  }
  const std::uint64_t seed_value =
      seed.is_none() ? 1 : whole_number(seed, "seed", 0, ~std::uint64_t{0}, job);
  if (method == "random") {
    nqcli::require_memory(nq::local_search_bytes(n), "random search for n = " + std::to_string(n));
  }
  bool expired = false;
  std::optional<nq::Placement> found = run_interruptible([&](std::stop_token stop) {
    const nq::Deadline deadline(stop, seconds);
    std::optional<nq::Placement> p;
    if (method == "random") {
      p = nq::solve_random({.n = n, .seed = seed_value, .stop = deadline.token()}).solution;
    } else {
      p = nq::solve_first({.n = static_cast<int>(n),
                           .stop = deadline.token(),
                           .probing = method == "first",
                           .threads = workers})
              .solution;
    }
    expired = deadline.expired();
    return p;
  });
  if (!found) {
    if (expired) {
      PyErr_SetString(PyExc_TimeoutError,
                      ("solve: gave up after " + py::str(timeout).cast<std::string>() +
                       " s; no solution found yet")
                          .c_str());
      throw py::error_already_set();
    }
    throw nqcli::UsageError("there is no solution for n = " + std::to_string(n));
  }
  return to_array(std::move(*found));
}

}  // namespace

void bind_solve(py::module_& m) {
  m.def("solve", &solve, py::arg("n"), py::arg("method") = "construct",
        py::arg("seed") = py::none(), py::arg("threads") = py::none(),
        py::arg("timeout") = py::none());
}

}  // namespace nqpy
