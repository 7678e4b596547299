// SPDX-License-Identifier: MIT
// For contrast: the bit-parallel backtracker. Three masks hold the squares of the next row
// attacked along columns and both diagonals, so finding the safe squares is three ORs, and a
// check is one mask operation per row (counted once per node).
#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

bool place(Collector& c, std::vector<int>& col, int row, std::uint64_t cols, std::uint64_t diag,
           std::uint64_t anti) {
  if (row == c.n()) return c.found(col);
  const std::uint64_t all = (1ull << c.n()) - 1;
  ++c.counters().checks;
  for (std::uint64_t free = all & ~(cols | diag | anti); free != 0; free &= free - 1) {
    const std::uint64_t bit = free & -free;
    ++c.counters().placements;
    ++c.counters().nodes;
    col[static_cast<std::size_t>(row)] = __builtin_ctzll(bit);
    if (c.observer()) c.observer()->tried(col, row, __builtin_ctzll(bit), -1);
    if (place(c, col, row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1) ||
        c.should_stop()) {
      return true;
    }
  }
  return false;
}

}  // namespace

Result bitmask(const Options& options, Observer* observer) {
  Collector c(options, observer);
  std::vector<int> col(static_cast<std::size_t>(c.n()), 0);
  place(c, col, 0, 0, 0, 0);
  return c.finish();
}

}  // namespace nq::classic::detail
