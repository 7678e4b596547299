// SPDX-License-Identifier: MIT
// The diagonal sum bounds (search/diagonal_bounds.hpp) against a plain reference written from the
// header's argument: at every threshold, each side's capacity counted from scratch by the greedy
// over sorted lists. The library carries the capacities from one threshold to the next; the two
// must give the same verdict on every board, of either width, for either family. (That the
// bounds never refute a board with a completion is checked in existence_search_test.)
// Internal headers (src/search).
#include "search/diagonal_bounds.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <vector>

#include "search/bits.hpp"
#include "search/residual.hpp"

namespace {

using nq::detail::DiagonalFamilies;
using nq::detail::Residual;
using nq::detail::WideResidual;

// The free squares of a board as plain lists.
struct Plain {
  int n = 0;
  std::vector<int> rows, cols;                // open lines
  std::vector<std::vector<int>> row_squares;  // by open row: its free columns
  std::vector<std::vector<int>> col_squares;  // by open column: its free rows
};

template <class Mask>
Plain plain(const nq::detail::BasicResidual<Mask>& b) {
  Plain p;
  p.n = b.n;
  for (int i = 0; i < b.n; ++i) {
    if (nq::detail::test(b.open_rows, i)) {
      p.rows.push_back(i);
      p.row_squares.emplace_back();
      for (int c = 0; c < b.n; ++c) {
        if (nq::detail::test(b.row_free[i], c)) p.row_squares.back().push_back(c);
      }
    }
    if (nq::detail::test(b.open_cols, i)) {
      p.cols.push_back(i);
      p.col_squares.emplace_back();
      for (int r = 0; r < b.n; ++r) {
        if (nq::detail::test(b.col_free[i], r)) p.col_squares.back().push_back(r);
      }
    }
  }
  return p;
}

// The greedy capacity of a side: u queens fit while the gap, the sum over i < u of the i-th
// largest of each `plus` list less the i-th smallest of each `minus` list, stays at least 0.
using Lists = std::vector<std::vector<int>>;
int capacity(Lists plus, Lists minus, int limit) {
  for (auto& l : plus) std::sort(l.rbegin(), l.rend());
  for (auto& l : minus) std::sort(l.begin(), l.end());
  long gap = 0;
  int u = 0;
  for (; u < limit; ++u) {
    long step = 0;
    for (const auto& l : plus) {
      if (static_cast<int>(l.size()) <= u) return u;
      step += l[static_cast<std::size_t>(u)];
    }
    for (const auto& l : minus) {
      if (static_cast<int>(l.size()) <= u) return u;
      step -= l[static_cast<std::size_t>(u)];
    }
    if (gap + step < 0) break;
    gap += step;
  }
  return u;
}

bool reference_family_allows(const Plain& p, bool sum) {
  const int k = static_cast<int>(p.rows.size());
  auto value = [&](int r, int c) { return sum ? r + c : c - r; };  // v itself, not shifted
  std::vector<int> free;
  std::vector<int> row_lo, row_hi, col_lo, col_hi;
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    std::vector<int> vs;
    for (int c : p.row_squares[i]) vs.push_back(value(p.rows[i], c));
    free.insert(free.end(), vs.begin(), vs.end());
    row_lo.push_back(*std::min_element(vs.begin(), vs.end()));
    row_hi.push_back(*std::max_element(vs.begin(), vs.end()));
  }
  for (std::size_t i = 0; i < p.cols.size(); ++i) {
    std::vector<int> vs;
    for (int r : p.col_squares[i]) vs.push_back(value(r, p.cols[i]));
    col_lo.push_back(*std::min_element(vs.begin(), vs.end()));
    col_hi.push_back(*std::max_element(vs.begin(), vs.end()));
  }
  std::sort(free.begin(), free.end());
  free.erase(std::unique(free.begin(), free.end()), free.end());
  auto is_free = [&](int v) { return std::binary_search(free.begin(), free.end(), v); };
  auto pick = [](const std::vector<int>& lines, const std::vector<int>& key,
                 const std::function<bool(int)>& keep) {
    std::vector<int> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (keep(key[i])) out.push_back(lines[i]);
    }
    return out;
  };
  auto count = [](const std::vector<int>& key, const std::function<bool(int)>& keep) {
    return static_cast<int>(std::count_if(key.begin(), key.end(), keep));
  };
  // v >= t: rows and columns whose highest value reaches t, the smallest free values >= t.
  auto above = [&](int t, int limit) {
    std::vector<int> values;
    for (int v : free) {
      if (v >= t) values.push_back(v);
    }
    const auto rows = pick(p.rows, row_hi, [t](int v) { return v >= t; });
    const auto cols = pick(p.cols, col_hi, [t](int v) { return v >= t; });
    // sum: r + c - v; difference: c - r - v.
    return sum ? capacity({rows, cols}, {values}, limit) : capacity({cols}, {values, rows}, limit);
  };
  // v <= t - 1: v - r - c (sum), v - c + r (difference).
  auto below = [&](int t, int limit) {
    std::vector<int> values;
    for (int v : free) {
      if (v <= t - 1) values.push_back(v);
    }
    const auto rows = pick(p.rows, row_lo, [t](int v) { return v <= t - 1; });
    const auto cols = pick(p.cols, col_lo, [t](int v) { return v <= t - 1; });
    return sum ? capacity({values}, {rows, cols}, limit) : capacity({values, rows}, {cols}, limit);
  };
  const int lo = free.front(), hi = free.back();
  if (above(lo, k) < k) return false;
  for (int t = lo + 1; t <= hi; ++t) {
    if (is_free(t - 1) == is_free(t)) continue;
    const int b = below(t, k);
    const int low_rows = count(row_hi, [t](int v) { return v <= t - 1; });
    const int low_cols = count(col_hi, [t](int v) { return v <= t - 1; });
    if (std::max(low_rows, low_cols) > b) return false;
    const int need = std::max({k - b, count(row_lo, [t](int v) { return v >= t; }),
                               count(col_lo, [t](int v) { return v >= t; })});
    if (need > 0 && above(t, need) < need) return false;
  }
  return true;
}

bool reference_allows(const Plain& p, DiagonalFamilies families) {
  for (const auto& s : p.row_squares) {
    if (s.empty()) return false;
  }
  for (const auto& s : p.col_squares) {
    if (s.empty()) return false;
  }
  if (p.rows.size() < 3 || families == DiagonalFamilies::none) return true;
  if (families != DiagonalFamilies::sum && !reference_family_allows(p, false)) return false;
  return families == DiagonalFamilies::difference || reference_family_allows(p, true);
}

// A board like those the search for the lexicographically first solution meets: its first rows
// packed to the left (each queen on one of the three leftmost free squares of its row), or to the
// right (its mirror image, where the sum family's bound is the one that bites), then maybe
// propagated, then a few squares struck anywhere.
template <class Mask, class Draw>
bool packed(nq::detail::BasicResidual<Mask>& b, int rows, bool right, bool propagate, int strikes,
            Draw draw) {
  for (int r = 0; r < rows; ++r) {
    Mask free = b.row_free[r];
    if (free == 0) return false;
    int skip = draw(3);
    while (skip > 0 && nq::detail::without_lowest(free) != 0) {
      free = right ? free & ~nq::detail::bit<Mask>(nq::detail::highest(free))
                   : nq::detail::without_lowest(free);
      --skip;
    }
    if (!b.place(r, right ? nq::detail::highest(free) : nq::detail::lowest(free))) return false;
  }
  if (propagate && !b.propagate()) return false;
  bool changed = false;
  for (int i = 0; i < strikes; ++i) {
    if (!b.strike(draw(b.n), draw(b.n), changed)) return false;
  }
  return true;
}

constexpr DiagonalFamilies kFamilies[] = {DiagonalFamilies::difference, DiagonalFamilies::sum,
                                          DiagonalFamilies::both};

template <class Mask>
void agrees_with_the_reference(int n) {
  const int rows = *rc::gen::inRange(0, n);
  const bool propagate = *rc::gen::arbitrary<bool>();
  const int strikes = *rc::gen::inRange(0, 2 * n);
  nq::detail::BasicResidual<Mask> b = nq::detail::BasicResidual<Mask>::empty(n);
  const bool right = *rc::gen::arbitrary<bool>();
  RC_PRE(packed(b, rows, right, propagate, strikes,
                [](int below) { return *rc::gen::inRange(0, below); }));
  const Plain p = plain(b);
  for (const DiagonalFamilies f : kFamilies) {
    RC_ASSERT(nq::detail::diagonal_sums_allow(b, f) == reference_allows(p, f));
  }
}

}  // namespace

RC_GTEST_PROP(diagonal_bounds, agree_with_the_plain_greedy_on_boards_up_to_64_rows, ()) {
  const int n = *rc::gen::inRange(1, 65);
  agrees_with_the_reference<std::uint64_t>(n);
  agrees_with_the_reference<nq::detail::Uint128>(n);
}

RC_GTEST_PROP(diagonal_bounds, agree_with_the_plain_greedy_on_boards_up_to_128_rows, ()) {
  agrees_with_the_reference<nq::detail::Uint128>(*rc::gen::inRange(65, 129));
}

// The comparison means something only if both verdicts come up, for each family, on boards of
// both widths.
TEST(diagonal_bounds, refute_and_allow_packed_boards_alike_with_the_reference) {
  std::mt19937 rng(20261202);
  auto draw = [&rng](int below) { return static_cast<int>(rng() % static_cast<unsigned>(below)); };
  int refuted[3] = {}, allowed[3] = {};
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 20 + trial % 100;
    WideResidual b = WideResidual::empty(n);
    if (!packed(b, n / 4 + draw(n / 3), trial % 2 == 1, true, draw(n / 2), draw)) continue;
    const Plain p = plain(b);
    for (int f = 0; f < 3; ++f) {
      const bool verdict = nq::detail::diagonal_sums_allow(b, kFamilies[f]);
      ASSERT_EQ(verdict, reference_allows(p, kFamilies[f])) << "n " << n << " trial " << trial;
      ++(verdict ? allowed : refuted)[f];
    }
  }
  for (int f = 0; f < 3; ++f) {
    EXPECT_GT(refuted[f], 20) << "family " << f;
    EXPECT_GT(allowed[f], 20) << "family " << f;
  }
}
