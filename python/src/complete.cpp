// SPDX-License-Identifier: MIT
// complete(n, queens, blocked, limit, sums, differences): n-Queens Completion, with the given
// squares as 0-based (row, column) pairs and the excluded diagonals as their 0-based row + column
// and row - column; instance errors in the words of `nqueens complete` (which, like every text
// form, names squares and diagonals 1-based).
#include "nqueens/complete.hpp"

#include <limits>

#include "bindings.hpp"
#include "interruptible.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nqpy {

namespace {

std::vector<nq::Square> squares(py::handle given, const char* what, std::uint32_t n) {
  std::vector<nq::Square> out;
  if (given.is_none()) return out;
  for (py::handle item : py::iter(given)) {
    const auto pair = py::reinterpret_borrow<py::sequence>(item);
    if (!py::isinstance<py::sequence>(item) || py::len(pair) != 2) {
      throw nq::InvalidArgument(std::string("complete: ") + what +
                                " takes (row, column) pairs of 0-based numbers");
    }
    const std::uint64_t row = whole_number(pair[0], "a row", 0, n - 1, "this board");
    const std::uint64_t col = whole_number(pair[1], "a column", 0, n - 1, "this board");
    out.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(col)});
  }
  return out;
}

// Whole diagonals: row + column (0 .. 2n - 2) when `sum`, row - column (1 - n .. n - 1) otherwise.
std::vector<nq::Diagonal> diagonals(py::handle given, bool sum, std::uint32_t n) {
  std::vector<nq::Diagonal> out;
  if (given.is_none()) return out;
  const std::int64_t lo = sum ? 0 : 1 - std::int64_t{n}, hi = sum ? 2 * std::int64_t{n} - 2 : n - 1;
  const char* what = sum ? "excluded_sums" : "excluded_differences";
  const char* line = sum ? "row + column" : "row - column";
  for (py::handle item : py::iter(given)) {
    if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item)) {
      throw nq::InvalidArgument(std::string("complete: ") + what + " takes whole numbers (" + line +
                                ", 0-based)");
    }
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(item.ptr(), &overflow);
    if (overflow != 0 || value < lo || value > hi) {
      throw nq::InvalidArgument(std::string("complete: an excluded diagonal ") + line + " = " +
                                py::str(item).cast<std::string>() + " is off this board (" +
                                std::to_string(lo) + " to " + std::to_string(hi) + ")");
    }
    out.push_back({sum, static_cast<std::int32_t>(value)});
  }
  return out;
}

py::tuple complete(py::handle n_given, py::handle queens, py::handle blocked,
                   py::handle limit_given, py::handle sums, py::handle differences) {
  nq::CompletionInstance instance;
  instance.n = static_cast<std::uint32_t>(board_size(n_given, nq::kMaxCompleteN, "complete"));
  instance.queens = squares(queens, "queens", instance.n);
  instance.blocked = squares(blocked, "blocked", instance.n);
  instance.excluded = diagonals(sums, true, instance.n);
  const std::vector<nq::Diagonal> more = diagonals(differences, false, instance.n);
  instance.excluded.insert(instance.excluded.end(), more.begin(), more.end());
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
        py::arg("blocked") = py::none(), py::arg("limit") = 1,
        py::arg("excluded_sums") = py::none(), py::arg("excluded_differences") = py::none());
}

}  // namespace nqpy
