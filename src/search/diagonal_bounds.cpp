// SPDX-License-Identifier: MIT
#include "search/diagonal_bounds.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "search/popcount_clones.hpp"

namespace nq::detail {

namespace {

// The first u positions of a set taken in order (smallest first, or largest first when
// kLargestFirst), and their sum, kept as the set grows and u rises. `last` is the u-th position
// taken (when u > 0).
template <class Set, bool kLargestFirst>
struct Taken {
  Set set{};
  int u = 0;
  int last = -1;
  long sum = 0;

  // The position that would be taken next; false when the set has no more.
  bool peek(int& next) const {
    Set rest = set;
    if (u > 0) rest &= kLargestFirst ? low_bits<Set>(last) : ~low_bits<Set>(last + 1);
    if (!rest) return false;
    next = kLargestFirst ? highest(rest) : lowest(rest);
    return true;
  }
  void take(int next) {
    ++u;
    last = next;
    sum += next;
  }
  // Adds `more` (disjoint from the set). Each new position that comes before `last` in the order
  // joins the first u, and pushes the last of them out.
  void grow(Set more) {
    set |= more;
    if (u == 0) return;
    for (Set ahead = more & (kLargestFirst ? ~low_bits<Set>(last + 1) : low_bits<Set>(last)); ahead;
         ahead = without_lowest(ahead)) {
      sum += lowest(ahead) - last;
      last = kLargestFirst ? lowest(set & ~low_bits<Set>(last + 1))
                           : highest(set & low_bits<Set>(last));
    }
  }
};

// One side of a threshold of one family of diagonals (the header's argument): v <= t - 1 when
// kBelow, v >= t otherwise, for the difference family (v = c - r) or the sum family
// (v = r + c when kSum). The u queens it holds take u distinct values v, rows and columns; their
// sum of v is at least (below: at most) that of the u nearest free values, and is also a signed
// sum of their rows and columns, at most that of the u most favourable rows and columns that
// reach the side. The gap between the two, S(u), is a sum of steps that only fall (each
// sequence is taken best first), so the side's capacity is the largest u with S(u) >= 0.
//
// The sets only grow as the threshold moves away from the side (more values, more lines reach
// it), and each sequence's first u then only get better, so S(u) only rises and the capacity
// never falls: fill() goes on from the capacity it found at the last threshold instead of from 0.
// Over all thresholds of one board that is O(k) steps, not O(k) per threshold.
template <class Mask, bool kBelow, bool kSum>
struct Side {
  using Values = typename DiagonalsOf<Mask>::type;
  static constexpr bool kRowsLargest = kBelow != kSum;  // rows count + (largest first) or -
  Taken<Mask, kRowsLargest> rows;
  Taken<Mask, !kBelow> cols;     // columns count - below (smallest first), + above
  Taken<Values, kBelow> values;  // stored as v + offset
  int offset = 0;

  long gap() const {
    const long v = values.sum - static_cast<long>(values.u) * offset;
    return (kBelow ? v - cols.sum : cols.sum - v) + (kRowsLargest ? rows.sum : -rows.sum);
  }

  void grow(Mask more_rows, Mask more_cols, Values more_values) {
    rows.grow(more_rows);
    cols.grow(more_cols);
    values.grow(more_values);
  }

  // The capacity, counted up to `limit`.
  int fill(int limit) {
    long total = gap();
    int r = 0, c = 0, x = 0;
    while (values.u < limit && rows.peek(r) && cols.peek(c) && values.peek(x)) {
      const long v = x - offset;
      const long step = (kBelow ? v - c : c - v) + (kRowsLargest ? r : -r);
      if (total + step < 0) break;
      total += step;
      rows.take(r);
      cols.take(c);
      values.take(x);
    }
    return values.u;
  }
};

template <class Mask, bool kSum>
[[gnu::always_inline]] inline bool family_allows(const BasicResidual<Mask>& b, int k) {
  using Values = typename DiagonalsOf<Mask>::type;
  constexpr int kMaxValues = 2 * BasicResidual<Mask>::kMaxN;
  const int n = b.n;
  const int count = 2 * n - 1;
  const int offset = kSum ? 0 : n - 1;
  Values free{};
  // Rows and columns by the value of their highest and lowest free square.
  std::array<Mask, kMaxValues> row_top, row_bottom, col_top, col_bottom;
  std::fill_n(row_top.begin(), count, Mask{0});
  std::fill_n(row_bottom.begin(), count, Mask{0});
  std::fill_n(col_top.begin(), count, Mask{0});
  std::fill_n(col_bottom.begin(), count, Mask{0});
  for (Mask m = b.open_rows; m != 0; m &= m - 1) {
    const int r = lowest(m);
    const Mask f = b.row_free[r];
    const int lo = lowest(f), hi = highest(f);
    row_bottom[kSum ? r + lo : lo - r + n - 1] |= bit<Mask>(r);
    row_top[kSum ? r + hi : hi - r + n - 1] |= bit<Mask>(r);
    free |= kSum ? widen(f) << r : widen(f) << (n - 1 - r);
  }
  for (Mask m = b.open_cols; m != 0; m &= m - 1) {
    const int c = lowest(m);
    const Mask f = b.col_free[c];
    const int lo = lowest(f), hi = highest(f);
    col_bottom[kSum ? c + lo : c - hi + n - 1] |= bit<Mask>(c);
    col_top[kSum ? c + hi : c - lo + n - 1] |= bit<Mask>(c);
  }
  const int lo = lowest(free), hi = highest(free);
  // The thresholds: lo, and the edges of the runs of free values (a value free and the one below
  // it not, or the other way round); within a run the test is rarely stronger and costs as much.
  auto edge = [&](int t) { return t == lo || test(free, t - 1) != test(free, t); };

  // Downwards: the capacity of the side v >= t at every threshold, and the lines wholly in it.
  std::array<int, kMaxValues> above{}, rows_within{}, cols_within{};
  {
    Side<Mask, false, kSum> side;
    side.offset = offset;
    Mask rows = 0, cols = 0, rows_in = 0, cols_in = 0;
    for (int t = hi; t >= lo; --t) {
      rows |= row_top[t], cols |= col_top[t];  // lines reaching v >= t
      rows_in |= row_bottom[t], cols_in |= col_bottom[t];
      if (!edge(t)) continue;
      side.grow(rows & ~side.rows.set, cols & ~side.cols.set,
                free & ~low_bits<Values>(t) & ~side.values.set);
      above[t] = side.fill(k);
      rows_within[t] = popcount(rows_in), cols_within[t] = popcount(cols_in);
      if (above[t] < std::max(rows_within[t], cols_within[t])) return false;
    }
    if (above[lo] < k) return false;
  }
  // Upwards: the side v <= t - 1 against the side above.
  Side<Mask, true, kSum> side;
  side.offset = offset;
  Mask rows = 0, cols = 0, rows_in = 0, cols_in = 0;
  for (int t = lo; t < hi; ++t) {
    rows |= row_bottom[t], cols |= col_bottom[t];  // lines reaching v <= t
    rows_in |= row_top[t], cols_in |= col_top[t];  // lines wholly in v <= t
    if (!edge(t + 1)) continue;
    side.grow(rows & ~side.rows.set, cols & ~side.cols.set,
              free & low_bits<Values>(t + 1) & ~side.values.set);
    const int below = side.fill(k);
    if (std::max(popcount(rows_in), popcount(cols_in)) > below) return false;
    const int need = std::max({k - below, rows_within[t + 1], cols_within[t + 1]});
    if (above[t + 1] < need) return false;
  }
  return true;
}

// The builds with POPCNT (popcount_clones.hpp), one per width.
NQ_POPCOUNT_CLONES bool family_allows_built(const Residual& b, bool sum, int k) {
  return sum ? family_allows<std::uint64_t, true>(b, k) : family_allows<std::uint64_t, false>(b, k);
}
NQ_POPCOUNT_CLONES bool family_allows_built(const WideResidual& b, bool sum, int k) {
  return sum ? family_allows<Uint128, true>(b, k) : family_allows<Uint128, false>(b, k);
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
