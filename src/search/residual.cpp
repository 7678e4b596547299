// SPDX-License-Identifier: MIT
#include "search/residual.hpp"

#include <bit>

#include "search/popcount_clones.hpp"

namespace nq::detail {

namespace {

// The squares of a line parallel to `from`, at distance |line - from|, that a queen at position
// `at` of line `from` attacks: straight across and the two diagonals. The distance is below the
// mask's width, so the shifts are defined; a bit shifted past the board's n lands where no line
// has a free square.
template <class Mask>
Mask attacked(int from, int at, int line) {
  const int d = line > from ? line - from : from - line;
  const Mask a = bit<Mask>(at);
  return a | a << d | a >> d;
}

}  // namespace

template <class Mask>
BasicResidual<Mask> BasicResidual<Mask>::empty(int n) {
  BasicResidual b;
  b.n = n;
  const Mask all = low_bits<Mask>(n);
  b.open_rows = b.open_cols = b.dirty_rows = b.dirty_cols = all;
  for (int i = 0; i < n; ++i) b.row_free[i] = b.col_free[i] = all;
  return b;
}

template <class Mask>
bool BasicResidual<Mask>::place(int row, int col) {
  open_rows &= ~bit<Mask>(row);
  open_cols &= ~bit<Mask>(col);
  row_free[row] = bit<Mask>(col);
  col_free[col] = bit<Mask>(row);
  bool alive = true;
  for (Mask m = open_rows; m != 0; m &= m - 1) {
    const int r = lowest(m);
    const Mask left = row_free[r] & ~attacked<Mask>(row, col, r);
    dirty_rows |= static_cast<Mask>(left != row_free[r]) << r;
    row_free[r] = left;
    alive &= left != 0;
  }
  for (Mask m = open_cols; m != 0; m &= m - 1) {
    const int c = lowest(m);
    const Mask left = col_free[c] & ~attacked<Mask>(col, row, c);
    dirty_cols |= static_cast<Mask>(left != col_free[c]) << c;
    col_free[c] = left;
    alive &= left != 0;
  }
  return alive;
}

// Strikes (row, col) if it is a free square; false if that empties its row or column.
template <class Mask>
bool BasicResidual<Mask>::strike(int row, int col, bool& changed) {
  if (row < 0 || row >= n || col < 0 || col >= n) return true;
  if (!test(open_rows, row) || !test(row_free[row], col)) return true;
  changed = true;
  row_free[row] &= ~bit<Mask>(col);
  col_free[col] &= ~bit<Mask>(row);
  dirty_rows |= bit<Mask>(row);
  dirty_cols |= bit<Mask>(col);
  return row_free[row] != 0 && col_free[col] != 0;
}

// Line `line` (a row, or a column when `columns`) has free squares at positions first < second
// only. Squares attacked by both: at distance d = second - first, the two positions themselves
// (one straight, one diagonal); at distance d / 2 when d is even, the midpoint (two diagonals).
template <class Mask>
bool BasicResidual<Mask>::strike_common(int line, int first, int second, bool columns,
                                        bool& changed) {
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
template <class Mask>
[[gnu::always_inline]] inline bool settle_line(BasicResidual<Mask>& b, int line, bool columns) {
  const Mask f = columns ? b.col_free[line] : b.row_free[line];
  bool changed = false;
  switch (popcount(f)) {
    case 0: return false;
    case 1: return columns ? b.place(lowest(f), line) : b.place(line, lowest(f));
    case 2: return b.strike_common(line, lowest(f), highest(f), columns, changed);
    default: return true;
  }
}

// The builds with POPCNT (popcount_clones.hpp), one per width.
NQ_POPCOUNT_CLONES bool settle(Residual& b, int line, bool columns) {
  return settle_line(b, line, columns);
}
NQ_POPCOUNT_CLONES bool settle(WideResidual& b, int line, bool columns) {
  return settle_line(b, line, columns);
}

template <class Mask>
bool propagate_to_fixpoint(BasicResidual<Mask>& b) {
  for (;;) {
    if (const Mask rows = b.dirty_rows & b.open_rows; rows != 0) {
      const int r = lowest(rows);
      b.dirty_rows &= ~bit<Mask>(r);
      if (!settle(b, r, false)) return false;
    } else if (const Mask cols = b.dirty_cols & b.open_cols; cols != 0) {
      const int c = lowest(cols);
      b.dirty_cols &= ~bit<Mask>(c);
      if (!settle(b, c, true)) return false;
    } else {
      b.dirty_rows = b.dirty_cols = 0;  // what is left marked is closed
      return true;
    }
  }
}

}  // namespace

template <class Mask>
bool BasicResidual<Mask>::propagate() {
  return propagate_to_fixpoint(*this);
}

template struct BasicResidual<std::uint64_t>;
template struct BasicResidual<Uint128>;

}  // namespace nq::detail
