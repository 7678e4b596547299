// SPDX-License-Identifier: MIT
#include "solve/residual.hpp"

#include <bit>

#include "solve/popcount_clones.hpp"

namespace nq::detail {

namespace {

constexpr std::uint64_t bit(int i) { return std::uint64_t{1} << i; }

// The squares of a line parallel to `from`, at distance |line - from|, that a queen at position
// `at` of line `from` attacks: straight across and the two diagonals.
std::uint64_t attacked(int n, int from, int at, int line) {
  const int d = line > from ? line - from : from - line;
  std::uint64_t a = bit(at);
  if (at + d < n) a |= bit(at + d);
  if (at - d >= 0) a |= bit(at - d);
  return a;
}

}  // namespace

Residual Residual::empty(int n) {
  Residual b;
  b.n = n;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : bit(n) - 1;
  b.open_rows = b.open_cols = all;
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
    alive &= (row_free[r] &= ~attacked(n, row, col, r)) != 0;
  }
  for (std::uint64_t m = open_cols; m != 0; m &= m - 1) {
    const int c = std::countr_zero(m);
    alive &= (col_free[c] &= ~attacked(n, col, row, c)) != 0;
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

NQ_POPCOUNT_CLONES bool propagate_to_fixpoint(Residual& b) {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint64_t m = b.open_rows; m != 0; m &= m - 1) {
      const int r = std::countr_zero(m);
      if ((b.open_rows & bit(r)) == 0) continue;  // closed by a forced queen of this sweep
      const std::uint64_t f = b.row_free[r];
      const int count = std::popcount(f);
      if (count == 0) return false;
      if (count == 1) {
        if (!b.place(r, std::countr_zero(f))) return false;
        changed = true;
      } else if (count == 2) {
        if (!b.strike_common(r, std::countr_zero(f), 63 - std::countl_zero(f), false, changed)) {
          return false;
        }
      }
    }
    for (std::uint64_t m = b.open_cols; m != 0; m &= m - 1) {
      const int c = std::countr_zero(m);
      if ((b.open_cols & bit(c)) == 0) continue;
      const std::uint64_t f = b.col_free[c];
      const int count = std::popcount(f);
      if (count == 0) return false;
      if (count == 1) {
        if (!b.place(std::countr_zero(f), c)) return false;
        changed = true;
      } else if (count == 2) {
        if (!b.strike_common(c, std::countr_zero(f), 63 - std::countl_zero(f), true, changed)) {
          return false;
        }
      }
    }
  }
  return true;
}

}  // namespace

bool Residual::propagate() { return propagate_to_fixpoint(*this); }

}  // namespace nq::detail
