// SPDX-License-Identifier: MIT
// complete(n, queens, blocked, limit): n-Queens Completion, with the given squares as 0-based
// (row, column) pairs; instance errors in the words of `nqueens complete` (which, like every
// text form, names squares 1-based).
#include "nqueens/complete.hpp"

#include <limits>

#include "bindings.hpp"
#include "contract.hpp"
#include "interruptible.hpp"

namespace nqpy {

namespace {

std::vector<nq::Square> squares(py::handle given, const char* what, std::uint32_t n) {
  std::vector<nq::Square> out;
  if (given.is_none()) return out;
  for (py::handle item : py::iter(given)) {
    const auto pair = py::reinterpret_borrow<py::sequence>(item);
    if (!py::isinstance<py::sequence>(item) || py::len(pair) != 2) {
      throw nqcli::UsageError(std::string("complete: ") + what +
                              " takes (row, column) pairs of 0-based numbers");
    }
    const std::uint64_t row = whole_number(pair[0], "a row", 0, n - 1, "this board");
    const std::uint64_t col = whole_number(pair[1], "a column", 0, n - 1, "this board");
    out.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(col)});
  }
  return out;
}

py::tuple complete(py::handle n_given, py::handle queens, py::handle blocked,
                   py::handle limit_given) {
  nq::CompletionInstance instance;
  instance.n = static_cast<std::uint32_t>(board_size(n_given, nq::kMaxCompleteN, "complete"));
  instance.queens = squares(queens, "queens", instance.n);
  instance.blocked = squares(blocked, "blocked", instance.n);
  if (const auto error = nq::instance_error(instance))
    throw nqcli::UsageError("complete: " + *error);
  const std::uint64_t limit =
      limit_given.is_none() ? 0
                            : whole_number(limit_given, "limit", 1,
                                           std::numeric_limits<std::uint64_t>::max(), "complete");
  const nq::CompleteResult r = run_interruptible(
      [&](std::stop_token stop) { return nq::complete(instance, {.limit = limit, .stop = stop}); });
  py::object solution = py::none();
  if (r.solution) solution = to_array(nq::Placement(*r.solution));
  return py::make_tuple(solution, r.count, r.nodes, r.complete);
}

}  // namespace

void bind_complete(py::module_& m) {
  m.def("complete", &complete, py::arg("n"), py::arg("queens") = py::none(),
        py::arg("blocked") = py::none(), py::arg("limit") = 1);
}

}  // namespace nqpy
