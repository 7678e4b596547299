// SPDX-License-Identifier: MIT
// complete(n, queens, blocked, sums, differences, limit): n-Queens Completion. Squares come as
// flat lists of 0-based row, column texts and diagonals as 0-based row + column and row - column
// texts (api.js flattens the pairs), checked with the command line's number validators; the
// instance's own errors are `nqueens complete`'s (which names squares 1-based, as text does).
#include "nqueens/complete.hpp"

#include <emscripten/bind.h>

#include <limits>
#include <string>
#include <vector>

#include "binding.hpp"
#include "contract.hpp"
#include "numbers.hpp"

namespace nqweb {

namespace {

std::vector<std::string> texts(const val& list) {
  return emscripten::vecFromJSArray<std::string>(list);
}

std::vector<nq::Square> squares(const val& flat, std::uint32_t n) {
  const std::vector<std::string> t = texts(flat);
  std::vector<nq::Square> out;
  for (std::size_t i = 0; i + 1 < t.size(); i += 2) {
    const auto row = nqcli::parse_whole_number(t[i], "a row", 0, n - 1, "this board");
    const auto col = nqcli::parse_whole_number(t[i + 1], "a column", 0, n - 1, "this board");
    out.push_back({static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(col)});
  }
  return out;
}

// row + column (0 .. 2n - 2) when `sum`; row - column (1 - n .. n - 1), sign and all, otherwise.
void diagonals(const val& given, bool sum, std::uint32_t n, std::vector<nq::Diagonal>& out) {
  const std::int64_t lo = sum ? 0 : 1 - std::int64_t{n}, hi = sum ? 2 * std::int64_t{n} - 2 : n - 1;
  const char* line = sum ? "row + column" : "row - column";
  for (const std::string& text : texts(given)) {
    const bool negative = !text.empty() && text[0] == '-';
    const std::string digits = negative ? text.substr(1) : text;
    std::uint64_t magnitude = 0;
    try {
      magnitude = nqcli::parse_whole_number(digits, "an excluded diagonal", 0,
                                            std::numeric_limits<std::int64_t>::max(), "complete");
    } catch (const nqcli::UsageError&) {
      throw nqcli::UsageError(std::string("complete: excluded ") + (sum ? "sums" : "differences") +
                              " take whole numbers (" + line + ", 0-based), got '" + text + "'");
    }
    const std::int64_t value =
        negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
    if (value < lo || value > hi) {
      throw nqcli::UsageError(std::string("complete: an excluded diagonal ") + line + " = " + text +
                              " is off this board (" + std::to_string(lo) + " to " +
                              std::to_string(hi) + ")");
    }
    out.push_back({sum, static_cast<std::int32_t>(value)});
  }
}

val complete(const std::string& n_text, const val& queens, const val& blocked, const val& sums,
             const val& differences, const std::string& limit_text) {
  return guarded([&] {
    nq::CompletionInstance instance;
    instance.n = static_cast<std::uint32_t>(
        nqcli::parse_board_size(n_text, static_cast<int>(nq::kMaxCompleteN), "complete"));
    instance.queens = squares(queens, instance.n);
    instance.blocked = squares(blocked, instance.n);
    diagonals(sums, true, instance.n, instance.excluded);
    diagonals(differences, false, instance.n, instance.excluded);
    if (const auto error = nq::instance_error(instance)) {
      throw nqcli::UsageError("complete: " + *error);
    }
    require_heap(nq::complete_bytes(instance), "complete for n = " + std::to_string(instance.n));
    const std::uint64_t limit =  // "": every completion
        limit_text.empty()
            ? 0
            : nqcli::parse_whole_number(limit_text, "limit", 1,
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
