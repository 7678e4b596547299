// SPDX-License-Identifier: MIT
#include "search/residual.hpp"

#include <bit>

#include "search/popcount_clones.hpp"

namespace nq::detail {

namespace {

constexpr std::uint64_t bit(int i) { return std::uint64_t{1} << i; }

// The squares of a line parallel to `from`, at distance |line - from|, that a queen at position
// `at` of line `from` attacks: straight across and the two diagonals. The distance is below 64, so
// the shifts are defined; a bit shifted past the board's n lands where no line has a free square.
std::uint64_t attacked(int from, int at, int line) {
  const int d = line > from ? line - from : from - line;
  const std::uint64_t a = bit(at);
  return a | a << d | a >> d;
}

}  // namespace

Residual Residual::empty(int n) {
  Residual b;
  b.n = n;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : bit(n) - 1;
  b.open_rows = b.open_cols = b.dirty_rows = b.dirty_cols = all;
  for (int i = 0; i < n; ++i) b.row_free[i] = b.col_free[i] = all;
  return b;
}

bool Residual::place(int row, int col) {
  open_rows &= ~bit(row);
  open_cols &= ~bit(col);
  row_free[row] = bit(col);
  col_free[col] = bit(row);
  bool alive = true;
  for (std::uint64_t m = open_rows; m != 0; m &= m - 1) {
    const int r = std::countr_zero(m);
    const std::uint64_t left = row_free[r] & ~attacked(row, col, r);
    dirty_rows |= static_cast<std::uint64_t>(left != row_free[r]) << r;
    row_free[r] = left;
    alive &= left != 0;
  }
  for (std::uint64_t m = open_cols; m != 0; m &= m - 1) {
    const int c = std::countr_zero(m);
    const std::uint64_t left = col_free[c] & ~attacked(col, row, c);
    dirty_cols |= static_cast<std::uint64_t>(left != col_free[c]) << c;
    col_free[c] = left;
    alive &= left != 0;
  }
  return alive;
}

// Strikes (row, col) if it is a free square; false if that empties its row or column.
bool Residual::strike(int row, int col, bool& changed) {
  if (row < 0 || row >= n || col < 0 || col >= n) return true;
  if ((open_rows & bit(row)) == 0 || (row_free[row] & bit(col)) == 0) return true;
  changed = true;
  row_free[row] &= ~bit(col);
  col_free[col] &= ~bit(row);
  dirty_rows |= bit(row);
  dirty_cols |= bit(col);
  return row_free[row] != 0 && col_free[col] != 0;
}

// Line `line` (a row, or a column when `columns`) has free squares at positions first < second
// only. Squares attacked by both: at distance d = second - first, the two positions themselves
// (one straight, one diagonal); at distance d / 2 when d is even, the midpoint (two diagonals).
bool Residual::strike_common(int line, int first, int second, bool columns, bool& changed) {
  auto at = [&](int l, int p) { return columns ? strike(p, l, changed) : strike(l, p, changed); };
  const int d = second - first;
  if (!at(line - d, first) || !at(line - d, second) || !at(line + d, first) ||
      !at(line + d, second)) {
    return false;
  }
  if (d % 2 == 0) return at(line - d / 2, first + d / 2) && at(line + d / 2, first + d / 2);
  return true;
}

namespace {

// One marked line: a line with no free square fails, one with one takes its queen, one with two
// strikes what both attack.
NQ_POPCOUNT_CLONES bool settle(Residual& b, int line, bool columns) {
  const std::uint64_t f = columns ? b.col_free[line] : b.row_free[line];
  bool changed = false;
  switch (std::popcount(f)) {
    case 0: return false;
    case 1:
      return columns ? b.place(std::countr_zero(f), line) : b.place(line, std::countr_zero(f));
    case 2:
      return b.strike_common(line, std::countr_zero(f), 63 - std::countl_zero(f), columns, changed);
    default: return true;
  }
}

bool propagate_to_fixpoint(Residual& b) {
  for (;;) {
    if (const std::uint64_t rows = b.dirty_rows & b.open_rows; rows != 0) {
      const int r = std::countr_zero(rows);
      b.dirty_rows &= ~bit(r);
      if (!settle(b, r, false)) return false;
    } else if (const std::uint64_t cols = b.dirty_cols & b.open_cols; cols != 0) {
      const int c = std::countr_zero(cols);
      b.dirty_cols &= ~bit(c);
      if (!settle(b, c, true)) return false;
    } else {
      b.dirty_rows = b.dirty_cols = 0;  // what is left marked is closed
      return true;
    }
  }
}

}  // namespace

bool Residual::propagate() { return propagate_to_fixpoint(*this); }

}  // namespace nq::detail
