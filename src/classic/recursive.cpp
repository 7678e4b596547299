// SPDX-License-Identifier: MIT
// Recursive backtracking, the textbook's place(row): try each column of the row; where the
// queen is safe, put it there and place the rest of the rows; then take it back.
#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

// True when the search should end (first solution found, or stopped).
bool place(Collector& c, std::vector<int>& col, int row) {
  if (row == c.n()) return c.found(col);
  for (int column = 0; column < c.n(); ++column) {
    ++c.counters().placements;
    ++c.counters().nodes;
    if (!c.safe(col, row, column)) continue;
    col[static_cast<std::size_t>(row)] = column;
    if (place(c, col, row + 1) || c.should_stop()) return true;
  }
  return false;
}

}  // namespace

Result recursive(const Options& options, Observer* observer) {
  Collector c(options, observer);
  std::vector<int> col(static_cast<std::size_t>(c.n()), 0);
  place(c, col, 0);
  return c.finish();
}

}  // namespace nq::classic::detail
