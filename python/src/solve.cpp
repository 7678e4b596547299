// SPDX-License-Identifier: MIT
// solve(n, method, seed, threads, timeout): one solution as a NumPy uint32 array that owns the
// library's memory: the explicit construction (any n up to 2^32 - 1), local search, the
// lexicographically first solution (probing) or plain backtracking, as `nqueens solve` has them.
#include <string>

#include "bindings.hpp"
#include "interruptible.hpp"
#include "nqueens/deadline.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/solve_request.hpp"

namespace nqpy {

namespace {

py::array_t<std::uint32_t> solve(py::handle n_given, const std::string& method_name,
                                 py::handle seed, py::handle threads, py::handle timeout) {
  const nq::SolveMethod method = nq::solve_method_named(method_name);
  const std::string job = nq::solve_job(method);
  nq::SolveRequest request{.n = whole_number(n_given, "N", 1, nq::solve_max_n(method), job),
                           .method = method};
  if (!seed.is_none()) request.seed = whole_number(seed, "seed", 0, ~std::uint64_t{0}, job);
  if (!threads.is_none()) request.threads = thread_count(threads, job);
  double seconds = 0;
  if (!timeout.is_none()) {
    seconds = py::cast<double>(timeout);
    if (!(seconds > 0))
      throw nq::InvalidArgument("solve: timeout must be a positive number of seconds");
  }
  nq::check(request);
  if (method == nq::SolveMethod::construct) {  // O(n): fast enough not to need stopping
    nq::Solved built = [&request] {
      py::gil_scoped_release release;  // the array below needs the GIL again
      return nq::solve(request);
    }();
    return to_array(std::move(*built.solution));
  }
  bool expired = false;
  nq::Solved found = run_interruptible([&](std::stop_token stop) {
    const nq::Deadline deadline(stop, seconds);
    nq::SolveRequest stoppable = request;
    stoppable.stop = deadline.token();
    nq::Solved s = nq::solve(stoppable);
    expired = deadline.expired();
    return s;
  });
  if (!found.solution) {
    if (!expired) throw std::runtime_error("solve: stopped before a solution was found");
    PyErr_SetString(PyExc_TimeoutError,
                    ("solve: gave up after " + py::str(timeout).cast<std::string>() +
                     " s; no solution found yet")
                        .c_str());
    throw py::error_already_set();
  }
  return to_array(std::move(*found.solution));
}

}  // namespace

void bind_solve(py::module_& m) {
  m.def("solve", &solve, py::arg("n"), py::arg("method") = "construct",
        py::arg("seed") = py::none(), py::arg("threads") = py::none(),
        py::arg("timeout") = py::none());
}

}  // namespace nqpy
