// SPDX-License-Identifier: MIT
// complete(n, queens, blocked, sums, differences, limit): n-Queens Completion. Squares come as
// flat lists of 0-based row, column texts and diagonals as 0-based row + column and row - column
// texts (api.js flattens the pairs), checked with the command line's number validators; the
// instance's own errors are `nqueens complete`'s (which names squares 1-based, as text does).
#include "nqueens/complete.hpp"

#include <emscripten/bind.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "binding.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nqweb {

namespace {

std::vector<double> numbers(const val& list) { return emscripten::vecFromJSArray<double>(list); }

// [row, column, row, column, ...], 0-based.
std::vector<nq::Square> squares(const val& flat, std::uint32_t n) {
  const std::vector<double> given = numbers(flat);
  std::vector<nq::Square> out;
  for (std::size_t i = 0; i + 1 < given.size(); i += 2) {
    const auto row = whole_number(given[i], "a row", 0, n - 1, "this board");
    const auto col = whole_number(given[i + 1], "a column", 0, n - 1, "this board");
    out.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(col)});
  }
  return out;
}

// row + column (0 .. 2n - 2) when `sum`; row - column (1 - n .. n - 1), sign and all, otherwise.
void diagonals(const val& given, bool sum, std::uint32_t n, std::vector<nq::Diagonal>& out) {
  const std::int64_t lo = sum ? 0 : 1 - std::int64_t{n}, hi = sum ? 2 * std::int64_t{n} - 2 : n - 1;
  const char* line = sum ? "row + column" : "row - column";
  for (const double value : numbers(given)) {
    const std::string shown = js_text(value);
    if (value != std::trunc(value) || std::isinf(value)) {
      throw nq::InvalidArgument(std::string("complete: excluded ") +
                                (sum ? "sums" : "differences") + " take whole numbers (" + line +
                                ", 0-based), got '" + shown + "'");
    }
    if (value < static_cast<double>(lo) || value > static_cast<double>(hi)) {
      throw nq::InvalidArgument(std::string("complete: an excluded diagonal ") + line + " = " +
                                shown + " is off this board (" + std::to_string(lo) + " to " +
                                std::to_string(hi) + ")");
    }
    out.push_back({sum, static_cast<std::int32_t>(value)});
  }
}

// limit: null for every completion.
val complete(double n, const val& queens, const val& blocked, const val& sums,
             const val& differences, const val& limit_given) {
  return guarded([&] {
    nq::CompletionInstance instance;
    instance.n =
        static_cast<std::uint32_t>(board_size(n, static_cast<int>(nq::kMaxCompleteN), "complete"));
    instance.queens = squares(queens, instance.n);
    instance.blocked = squares(blocked, instance.n);
    diagonals(sums, true, instance.n, instance.excluded);
    diagonals(differences, false, instance.n, instance.excluded);
    nq::check(instance);
    const std::uint64_t limit =
        limit_given.isNull() ? 0
                             : whole_number(limit_given.as<double>(), "limit", 1,
                                            std::numeric_limits<std::uint64_t>::max(), "complete");
    const nq::CompleteResult r = nq::complete(instance, {.limit = limit});
    val d = val::object();
    d.set("solution", r.solution ? copy_to_js(nq::Placement(*r.solution).columns()) : val::null());
    d.set("count", static_cast<double>(r.count));
    d.set("nodes", static_cast<double>(r.nodes));
    d.set("complete", r.complete);
    return d;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_complete) { emscripten::function("complete", &complete); }

}  // namespace nqweb
