// SPDX-License-Identifier: MIT
// The diagonal sum bound of audit-first's own search (plain_bounds.hpp), from its statement in
// docs/algorithms.md: per threshold, the capacities of the two sides of it.
#include <algorithm>

#include "solve/plain_bounds.hpp"

namespace nq::detail::plain {

bool SumBound::allows(const Board& board) {
  n_ = board.n;
  k_ = 0;
  values_ = {};
  each_bit(board.open_rows, [&](int r) {
    const Bits f = board.row_free[static_cast<std::size_t>(r)];
    const auto i = static_cast<std::size_t>(k_++);
    rows_[i] = r;
    row_low_[i] = lowest(f) - r;
    row_high_[i] = highest(f) - r;
    values_.add_shifted(f, n_ - 1 - r);
  });
  int j = 0;
  each_bit(board.open_cols, [&](int c) {
    const Bits f = board.col_free[static_cast<std::size_t>(c)];
    const auto i = static_cast<std::size_t>(j++);
    cols_[i] = c;
    col_low_[i] = c - highest(f);
    col_high_[i] = c - lowest(f);
  });
  // Both edges of each run of free values: its first value, and one past its last. Every
  // threshold instead cut few nodes for several times the time (docs/journal/first.md,
  // "audit-first's own search").
  const int end = 2 * n_ - 1;
  for (int start = values_.next(0); start < end;) {
    int stop = start + 1;
    while (stop < end && values_.has(stop)) ++stop;
    if (!threshold_allows(start - (n_ - 1)) || !threshold_allows(stop - (n_ - 1))) return false;
    start = values_.next(stop);
  }
  return true;
}

// The side v >= t: columns largest first, rows smallest first, free values smallest first, each
// only among those that reach the side; the gap (columns - rows - values) summed until it
// would go negative. Its steps only fall, so the first negative one ends it.
int SumBound::capacity_at_or_above(int t) const {
  long gap = 0;
  int u = 0;
  int c = k_ - 1, r = 0, v = values_.next(t + n_ - 1);
  const int end = 2 * n_ - 1;
  for (;; ++u, --c, ++r, v = values_.next(v + 1)) {
    while (c >= 0 && col_high_[static_cast<std::size_t>(c)] < t) --c;
    while (r < k_ && row_high_[static_cast<std::size_t>(r)] < t) ++r;
    if (c < 0 || r >= k_ || v >= end) break;
    gap += cols_[static_cast<std::size_t>(c)] - rows_[static_cast<std::size_t>(r)] - (v - (n_ - 1));
    if (gap < 0) break;
  }
  return u;
}

// The side v < t, with w = -v = r - c: rows largest first, columns smallest first, free values
// of w smallest first (v largest first).
int SumBound::capacity_below(int t) const {
  long gap = 0;
  int u = 0;
  int r = k_ - 1, c = 0, v = t - 1 + n_ - 1 >= 0 ? values_.previous(t - 1 + n_ - 1) : -1;
  for (;; ++u, --r, ++c, v = v > 0 ? values_.previous(v - 1) : -1) {
    while (r >= 0 && row_low_[static_cast<std::size_t>(r)] >= t) --r;
    while (c < k_ && col_low_[static_cast<std::size_t>(c)] >= t) ++c;
    if (r < 0 || c >= k_ || v < 0) break;
    gap += rows_[static_cast<std::size_t>(r)] - cols_[static_cast<std::size_t>(c)] + (v - (n_ - 1));
    if (gap < 0) break;
  }
  return u;
}

bool SumBound::threshold_allows(int t) const {
  const int above = capacity_at_or_above(t), below = capacity_below(t);
  if (above + below < k_) return false;
  // Lines with every free square on one side each need a queen of that side.
  int rows_above = 0, rows_below = 0, cols_above = 0, cols_below = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(k_); ++i) {
    rows_above += row_low_[i] >= t;
    rows_below += row_high_[i] < t;
    cols_above += col_low_[i] >= t;
    cols_below += col_high_[i] < t;
  }
  return std::max(rows_above, cols_above) <= above && std::max(rows_below, cols_below) <= below;
}

}  // namespace nq::detail::plain
