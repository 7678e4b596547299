// SPDX-License-Identifier: MIT
// Recursive backtracking, the textbook's place(row): try each column of the row; where the
// queen is safe, put it there and place the rest of the rows; then take it back. Traced, it
// tells what the listing's lines 6, 9, 11 and 17 do (docs/trace.md, recursive).
#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using trace::Kind;
using trace::detail::array;
using trace::detail::number;

// True when the search should end (first solution found, or stopped).
template <class C>
bool place(C& c, std::vector<int>& col, int row) {
  const auto prefix = static_cast<std::size_t>(row);
  if (row == c.n()) {
    return c.solved(col, [&] { return Vars{number("row", row), array("cols", col)}; });
  }
  for (int column = 0; column < c.n(); ++column) {
    ++c.counters().placements;
    ++c.counters().nodes;
    if (const int r = c.attacker(col, row, column); r >= 0) {
      c.tell_reject(col, row, column, r, [&] { return array("cols", col, prefix); });
      continue;
    }
    col[prefix] = column;
    c.tell_square(Kind::place, row, column, col, prefix + 1, [&] {
      return Vars{number("row", row), number("c", column), array("cols", col, prefix + 1)};
    });
    if (place(c, col, row + 1)) return true;
    c.tell_square(Kind::remove, row, column, col, prefix, [&] {
      return Vars{number("row", row), number("c", column), array("cols", col, prefix)};
    });
    if (c.should_stop()) return true;
  }
  return false;
}

}  // namespace

Result recursive(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) {
    std::vector<int> col(static_cast<std::size_t>(c.n()), 0);
    place(c, col, 0);
  });
}

}  // namespace nq::classic::detail
