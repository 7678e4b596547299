// SPDX-License-Identifier: MIT
#include "search/diagonal_bounds.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "search/popcount_clones.hpp"

namespace nq::detail {

namespace {

// One family of diagonals: value v of square (r, c) is c - r + n - 1 (difference) or r + c (sum);
// `offset` turns v back into c - r or r + c. `Values`: bit v set when diagonal v (0..2n-2) has a
// free square.
template <class Mask>
struct Family {
  using Values = typename DiagonalsOf<Mask>::type;
  bool sum;
  int offset;
  Values free;

  // Capacity of the side v >= t, counted up to `limit`: rows and columns that reach it, as masks.
  int capacity_above(Mask rows, Mask cols, int t, int limit) const {
    Values values = free >> t;
    Mask rows_up = rows, rows_down = rows;
    long gap = 0;
    int u = 0;
    for (; u < limit && rows_up != 0 && cols != 0 && values != Values{}; ++u) {
      const int c = highest(cols);                // largest columns first
      const int v = t + lowest(values) - offset;  // smallest values first
      long step = 0;
      if (sum) {
        const int r = highest(rows_down);  // r + c is at most the largest rows
        step = static_cast<long>(r) + c - v;
        rows_down &= ~bit<Mask>(r);
      } else {
        step = static_cast<long>(c) - lowest(rows_up) - v;  // c - r: smallest rows
      }
      if (gap + step < 0) break;
      gap += step;
      rows_up &= rows_up - 1;
      cols &= ~bit<Mask>(c);
      values = without_lowest(values);
    }
    return u;
  }

  // Capacity of the side v <= t, counted up to `limit`.
  int capacity_below(Mask rows, Mask cols, int t, int limit) const {
    Values values = free & low_bits<Values>(t + 1);
    Mask rows_up = rows, rows_down = rows;
    long gap = 0;
    int u = 0;
    for (; u < limit && rows_up != 0 && cols != 0 && values != Values{}; ++u) {
      const int c = lowest(cols);       // smallest columns first
      const int top = highest(values);  // largest values first
      const int v = top - offset;
      long step = 0;
      if (sum) {
        step = static_cast<long>(v) - lowest(rows_up) - c;  // r + c: smallest rows
      } else {
        const int r = highest(rows_down);  // c - r is at least c - largest rows
        step = static_cast<long>(v) - c + r;
        rows_down &= ~bit<Mask>(r);
      }
      if (gap + step < 0) break;
      gap += step;
      rows_up &= rows_up - 1;
      cols &= cols - 1;
      values &= ~bit<Values>(top);
    }
    return u;
  }
};

template <class Mask>
[[gnu::always_inline]] inline bool family_allows(const BasicResidual<Mask>& b, bool sum, int k) {
  using Values = typename Family<Mask>::Values;
  constexpr int kMaxValues = 2 * BasicResidual<Mask>::kMaxN;
  const int n = b.n;
  const int count = 2 * n - 1;
  Family<Mask> family{sum, sum ? 0 : n - 1, Values{}};
  // Rows and columns by the value of their highest and lowest free square.
  Mask row_top[kMaxValues] = {}, row_bottom[kMaxValues] = {};
  Mask col_top[kMaxValues] = {}, col_bottom[kMaxValues] = {};
  for (Mask m = b.open_rows; m != 0; m &= m - 1) {
    const int r = lowest(m);
    const Mask f = b.row_free[r];
    const int lo = lowest(f), hi = highest(f);
    row_bottom[sum ? r + lo : lo - r + n - 1] |= bit<Mask>(r);
    row_top[sum ? r + hi : hi - r + n - 1] |= bit<Mask>(r);
    family.free |= sum ? widen(f) << r : widen(f) << (n - 1 - r);
  }
  for (Mask m = b.open_cols; m != 0; m &= m - 1) {
    const int c = lowest(m);
    const Mask f = b.col_free[c];
    const int lo = lowest(f), hi = highest(f);
    col_bottom[sum ? c + lo : c - hi + n - 1] |= bit<Mask>(c);
    col_top[sum ? c + hi : c - lo + n - 1] |= bit<Mask>(c);
  }
  // Suffixes: lines reaching v >= t, and lines lying wholly in v >= t.
  Mask rows_reach[kMaxValues + 1], cols_reach[kMaxValues + 1];
  Mask rows_within[kMaxValues + 1], cols_within[kMaxValues + 1];
  rows_reach[count] = cols_reach[count] = rows_within[count] = cols_within[count] = 0;
  for (int t = count - 1; t >= 0; --t) {
    rows_reach[t] = rows_reach[t + 1] | row_top[t];
    cols_reach[t] = cols_reach[t + 1] | col_top[t];
    rows_within[t] = rows_within[t + 1] | row_bottom[t];
    cols_within[t] = cols_within[t + 1] | col_bottom[t];
  }
  const int lo = lowest(family.free), hi = highest(family.free);
  if (family.capacity_above(rows_reach[lo], cols_reach[lo], lo, k) < k) return false;
  // Prefixes for the side v <= t - 1, grown as t rises.
  Mask rows_low = 0, cols_low = 0, rows_low_within = 0, cols_low_within = 0;
  for (int t = lo + 1; t <= hi; ++t) {
    rows_low |= row_bottom[t - 1];
    cols_low |= col_bottom[t - 1];
    rows_low_within |= row_top[t - 1];
    cols_low_within |= col_top[t - 1];
    if (test(family.free, t - 1) == test(family.free, t)) continue;  // not an edge
    // The side below is counted in full (up to k); the side above only as far as it must hold.
    const int below = family.capacity_below(rows_low, cols_low, t - 1, k);
    if (std::max(popcount(rows_low_within), popcount(cols_low_within)) > below) return false;
    const int need = std::max({k - below, popcount(rows_within[t]), popcount(cols_within[t])});
    if (need > 0 && family.capacity_above(rows_reach[t], cols_reach[t], t, need) < need)
      return false;
  }
  return true;
}

// The builds with POPCNT (popcount_clones.hpp), one per width.
NQ_POPCOUNT_CLONES bool family_allows_built(const Residual& b, bool sum, int k) {
  return family_allows(b, sum, k);
}
NQ_POPCOUNT_CLONES bool family_allows_built(const WideResidual& b, bool sum, int k) {
  return family_allows(b, sum, k);
}

}  // namespace

template <class Mask>
bool diagonal_sums_allow(const BasicResidual<Mask>& board, DiagonalFamilies families) {
  const int k = popcount(board.open_rows);
  for (Mask m = board.open_rows; m != 0; m &= m - 1) {
    if (board.row_free[lowest(m)] == 0) return false;  // an open row with no square
  }
  for (Mask m = board.open_cols; m != 0; m &= m - 1) {
    if (board.col_free[lowest(m)] == 0) return false;
  }
  if (k < 3 || families == DiagonalFamilies::none) return true;
  if (families != DiagonalFamilies::sum && !family_allows_built(board, false, k)) return false;
  return families == DiagonalFamilies::difference || family_allows_built(board, true, k);
}

template bool diagonal_sums_allow(const Residual&, DiagonalFamilies);
template bool diagonal_sums_allow(const WideResidual&, DiagonalFamilies);

}  // namespace nq::detail
