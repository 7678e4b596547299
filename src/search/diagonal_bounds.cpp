// SPDX-License-Identifier: MIT
#include "search/diagonal_bounds.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "search/popcount_clones.hpp"

namespace nq::detail {

namespace {

__extension__ using Values = unsigned __int128;  // bit v: diagonal v (0..2n-2) has a free square

constexpr int kMaxValues = 2 * kResidualMaxN;

int lowest(Values v) {
  const auto low = static_cast<std::uint64_t>(v);
  return low != 0 ? std::countr_zero(low)
                  : 64 + std::countr_zero(static_cast<std::uint64_t>(v >> 64));
}

int highest(Values v) {
  const auto high = static_cast<std::uint64_t>(v >> 64);
  return high != 0 ? 127 - std::countl_zero(high)
                   : 63 - std::countl_zero(static_cast<std::uint64_t>(v));
}

// One family of diagonals: value v of square (r, c) is c - r + n - 1 (difference) or r + c (sum);
// `offset` turns v back into c - r or r + c.
struct Family {
  bool sum;
  int offset;
  Values free;

  // Capacity of the side v >= t, counted up to `limit`: rows and columns that reach it, as masks.
  int capacity_above(std::uint64_t rows, std::uint64_t cols, int t, int limit) const {
    Values values = free >> t;
    std::uint64_t rows_up = rows, rows_down = rows;
    long gap = 0;
    int u = 0;
    for (; u < limit && rows_up != 0 && cols != 0 && values != 0; ++u) {
      const int c = 63 - std::countl_zero(cols);  // largest columns first
      const int v = t + lowest(values) - offset;  // smallest values first
      long step = 0;
      if (sum) {
        const int r = 63 - std::countl_zero(rows_down);  // r + c is at most the largest rows
        step = static_cast<long>(r) + c - v;
        rows_down &= ~(std::uint64_t{1} << r);
      } else {
        step = static_cast<long>(c) - std::countr_zero(rows_up) - v;  // c - r: smallest rows
      }
      if (gap + step < 0) break;
      gap += step;
      rows_up &= rows_up - 1;
      cols &= ~(std::uint64_t{1} << c);
      values &= values - 1;
    }
    return u;
  }

  // Capacity of the side v <= t, counted up to `limit`.
  int capacity_below(std::uint64_t rows, std::uint64_t cols, int t, int limit) const {
    Values values = t >= 127 ? free : free & ((Values{1} << (t + 1)) - 1);
    std::uint64_t rows_up = rows, rows_down = rows;
    long gap = 0;
    int u = 0;
    for (; u < limit && rows_up != 0 && cols != 0 && values != 0; ++u) {
      const int c = std::countr_zero(cols);  // smallest columns first
      const int top = highest(values);       // largest values first
      const int v = top - offset;
      long step = 0;
      if (sum) {
        step = static_cast<long>(v) - std::countr_zero(rows_up) - c;  // r + c: smallest rows
      } else {
        const int r = 63 - std::countl_zero(rows_down);  // c - r is at least c - largest rows
        step = static_cast<long>(v) - c + r;
        rows_down &= ~(std::uint64_t{1} << r);
      }
      if (gap + step < 0) break;
      gap += step;
      rows_up &= rows_up - 1;
      cols &= cols - 1;
      values &= ~(Values{1} << top);
    }
    return u;
  }
};

NQ_POPCOUNT_CLONES bool family_allows(const Residual& b, bool sum, int k) {
  const int n = b.n;
  const int count = 2 * n - 1;
  Family family{sum, sum ? 0 : n - 1, 0};
  // Rows and columns by the value of their highest and lowest free square.
  std::uint64_t row_top[kMaxValues] = {}, row_bottom[kMaxValues] = {};
  std::uint64_t col_top[kMaxValues] = {}, col_bottom[kMaxValues] = {};
  for (std::uint64_t m = b.open_rows; m != 0; m &= m - 1) {
    const int r = std::countr_zero(m);
    const std::uint64_t f = b.row_free[r];
    const int lo = std::countr_zero(f), hi = 63 - std::countl_zero(f);
    row_bottom[sum ? r + lo : lo - r + n - 1] |= std::uint64_t{1} << r;
    row_top[sum ? r + hi : hi - r + n - 1] |= std::uint64_t{1} << r;
    family.free |= sum ? Values{f} << r : Values{f} << (n - 1 - r);
  }
  for (std::uint64_t m = b.open_cols; m != 0; m &= m - 1) {
    const int c = std::countr_zero(m);
    const std::uint64_t f = b.col_free[c];
    const int lo = std::countr_zero(f), hi = 63 - std::countl_zero(f);
    col_bottom[sum ? c + lo : c - hi + n - 1] |= std::uint64_t{1} << c;
    col_top[sum ? c + hi : c - lo + n - 1] |= std::uint64_t{1} << c;
  }
  // Suffixes: lines reaching v >= t, and lines lying wholly in v >= t.
  std::uint64_t rows_reach[kMaxValues + 1], cols_reach[kMaxValues + 1];
  std::uint64_t rows_within[kMaxValues + 1], cols_within[kMaxValues + 1];
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
  std::uint64_t rows_low = 0, cols_low = 0, rows_low_within = 0, cols_low_within = 0;
  for (int t = lo + 1; t <= hi; ++t) {
    rows_low |= row_bottom[t - 1];
    cols_low |= col_bottom[t - 1];
    rows_low_within |= row_top[t - 1];
    cols_low_within |= col_top[t - 1];
    if (((family.free >> (t - 1)) & 1) == ((family.free >> t) & 1)) continue;  // not an edge
    // The side below is counted in full (up to k); the side above only as far as it must hold.
    const int below = family.capacity_below(rows_low, cols_low, t - 1, k);
    if (std::max(std::popcount(rows_low_within), std::popcount(cols_low_within)) > below) {
      return false;
    }
    const int need =
        std::max({k - below, std::popcount(rows_within[t]), std::popcount(cols_within[t])});
    if (need > 0 && family.capacity_above(rows_reach[t], cols_reach[t], t, need) < need)
      return false;
  }
  return true;
}

}  // namespace

bool diagonal_sums_allow(const Residual& board, DiagonalFamilies families) {
  const int k = std::popcount(board.open_rows);
  for (std::uint64_t m = board.open_rows; m != 0; m &= m - 1) {
    if (board.row_free[std::countr_zero(m)] == 0) return false;  // an open row with no square
  }
  for (std::uint64_t m = board.open_cols; m != 0; m &= m - 1) {
    if (board.col_free[std::countr_zero(m)] == 0) return false;
  }
  if (k < 3 || families == DiagonalFamilies::none) return true;
  if (families != DiagonalFamilies::sum && !family_allows(board, false, k)) return false;
  return families == DiagonalFamilies::difference || family_allows(board, true, k);
}

}  // namespace nq::detail
