// SPDX-License-Identifier: MIT
// The way many first programs do it: an n x n board of cells, and a safety test that walks the
// board from the square upwards, straight up and along both upward diagonals, looking for a
// queen (rows below are still empty). Each cell read is one check.
#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using Board = std::vector<std::vector<bool>>;

bool scan_is_safe(Collector& c, const Board& board, int row, int col) {
  const int n = c.n();
  for (int dc : {0, -1, 1}) {  // up, up-left, up-right
    for (int r = row - 1, k = col + dc; r >= 0 && k >= 0 && k < n; --r, k += dc) {
      ++c.counters().checks;
      if (board[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)]) return false;
    }
  }
  return true;
}

bool place(Collector& c, Board& board, std::vector<int>& col, int row) {
  if (row == c.n()) return c.found(col);
  for (int column = 0; column < c.n(); ++column) {
    ++c.counters().placements;
    ++c.counters().nodes;
    if (!scan_is_safe(c, board, row, column)) continue;
    board[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)] = true;
    col[static_cast<std::size_t>(row)] = column;
    const bool done = place(c, board, col, row + 1) || c.should_stop();
    board[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)] = false;
    if (done) return true;
  }
  return false;
}

}  // namespace

Result board_scan(const Options& options) {
  Collector c(options);
  const auto n = static_cast<std::size_t>(c.n());
  Board board(n, std::vector<bool>(n, false));
  std::vector<int> col(n, 0);
  place(c, board, col, 0);
  return c.finish();
}

}  // namespace nq::classic::detail
