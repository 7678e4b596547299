// SPDX-License-Identifier: MIT
// Iterative backtracking: an explicit row index and two moves. Advance: move the current row's
// queen one column right; if it is safe, go down to the next row (whose queen starts left of the
// board). Back up: when a queen runs off the right edge, lift it and return to the row above.
#include "classic/collector.hpp"

namespace nq::classic::detail {

Result iterative(const Options& options, Observer* observer) {
  Collector c(options, observer);
  const int n = c.n();
  std::vector<int> col(static_cast<std::size_t>(n), -1);  // -1: no queen in that row yet
  int row = 0;
  while (row >= 0 && !c.should_stop()) {
    int& queen = col[static_cast<std::size_t>(row)];
    ++queen;           // advance
    if (queen == n) {  // off the edge: back up
      queen = -1;
      --row;
      continue;
    }
    ++c.counters().placements;
    ++c.counters().nodes;
    if (!c.safe(col, row, queen)) continue;
    if (row + 1 == n) {
      if (c.found(col)) break;
    } else {
      ++row;
    }
  }
  return c.finish();
}

}  // namespace nq::classic::detail
