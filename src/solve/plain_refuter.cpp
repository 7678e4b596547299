// SPDX-License-Identifier: MIT
#include "solve/plain_refuter.hpp"

#include <algorithm>
#include <bit>

namespace nq::detail {

namespace {

// The largest u for which the partial sums of big[i] - small[i] - values[i], i < u, stay >= 0.
int capacity(const std::vector<int>& big, const std::vector<int>& small,
             const std::vector<int>& values) {
  const std::size_t most = std::min({big.size(), small.size(), values.size()});
  long gap = 0;
  std::size_t u = 0;
  for (; u < most; ++u) {
    gap += static_cast<long>(big[u]) - small[u] - values[u];
    if (gap < 0) break;
  }
  return static_cast<int>(u);
}

// For every count c <= most and sum t <= total of distinct values of `values`: the least and
// the greatest sum of their squares, in low[c][t] and high[c][t] (low > high: no such choice).
// Each value is tried in or out, over a copy of the table made before it.
struct SquareRanges {
  std::vector<std::vector<long>> low, high;
  SquareRanges(const std::vector<int>& values, int most, long total)
      : low(static_cast<std::size_t>(most + 1),
            std::vector<long>(static_cast<std::size_t>(total + 1), 1)),
        high(low.size(), std::vector<long>(static_cast<std::size_t>(total + 1), 0)) {
    low[0][0] = high[0][0] = 0;
    for (const int v : values) {
      const std::vector<std::vector<long>> old_low = low, old_high = high;
      for (std::size_t c = 0; c + 1 < low.size(); ++c) {
        for (long t = 0; t + v <= total; ++t) {
          const auto ti = static_cast<std::size_t>(t);
          if (old_low[c][ti] > old_high[c][ti]) continue;
          const auto to = static_cast<std::size_t>(t + v);
          const long sq = static_cast<long>(v) * v;
          if (low[c + 1][to] > high[c + 1][to]) {
            low[c + 1][to] = old_low[c][ti] + sq;
            high[c + 1][to] = old_high[c][ti] + sq;
          } else {
            low[c + 1][to] = std::min(low[c + 1][to], old_low[c][ti] + sq);
            high[c + 1][to] = std::max(high[c + 1][to], old_high[c][ti] + sq);
          }
        }
      }
    }
  }
  bool has(int c, long t) const {
    return c < static_cast<int>(low.size()) && t >= 0 &&
           low[static_cast<std::size_t>(c)][static_cast<std::size_t>(t)] <=
               high[static_cast<std::size_t>(c)][static_cast<std::size_t>(t)];
  }
};

}  // namespace

PlainRefuter::PlainRefuter(int n, std::uint64_t budget, std::stop_token stop)
    : n_(n),
      all_(n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1),
      budget_(budget),
      stop_(std::move(stop)) {}

PlainRefuter::Outcome PlainRefuter::run(const std::vector<Cell>& queens) {
  std::uint64_t rows = 0, cols = 0;
  Wide diag = 0, anti = 0;
  for (const Cell& q : queens) {
    const Wide d = Wide{1} << (q.col - q.row + n_ - 1), a = Wide{1} << (q.row + q.col);
    if ((rows >> q.row & 1) || (cols >> q.col & 1) || (diag & d) || (anti & a)) {
      return Outcome::refuted;  // two of the piece's queens attack each other
    }
    rows |= std::uint64_t{1} << q.row;
    cols |= std::uint64_t{1} << q.col;
    diag |= d;
    anti |= a;
  }
  nodes_ = 0;
  over_ = false;
  solution_.assign(static_cast<std::size_t>(n_), -1);
  for (const Cell& q : queens) solution_[static_cast<std::size_t>(q.row)] = q.col;
  if (place(rows, cols, diag, anti)) return Outcome::completed;
  return over_ ? Outcome::over_budget : Outcome::refuted;
}

std::uint64_t PlainRefuter::free_in(int r, std::uint64_t cols, Wide diag, Wide anti) const {
  const auto d = static_cast<std::uint64_t>(diag >> (n_ - 1 - r));
  const auto a = static_cast<std::uint64_t>(anti >> r);
  return all_ & ~cols & ~d & ~a;
}

// For each threshold t on v = c - r. Side v >= t: sum(v) = sum(c) - sum(r), at most the largest
// columns minus the smallest rows that reach the side, at least the smallest free values there.
// Side v < t, with w = -v = r - c: at most the largest rows minus the smallest columns, at least
// the smallest free values of w.
bool PlainRefuter::sums_allow(const std::vector<std::uint64_t>& free,
                              std::uint64_t open_rows) const {
  const int k = std::popcount(open_rows);
  const auto index = [this](int v) { return static_cast<std::size_t>(v + n_); };
  // Per line, the smallest and largest v of its free squares; which values have a free square.
  std::vector<int> row_low(static_cast<std::size_t>(n_), n_),
      row_high(static_cast<std::size_t>(n_), -n_);
  std::vector<int> col_low(static_cast<std::size_t>(n_), n_),
      col_high(static_cast<std::size_t>(n_), -n_);
  std::vector<bool> has_value(2 * static_cast<std::size_t>(n_), false);
  for (int r = 0; r < n_; ++r) {
    if (!(open_rows >> r & 1)) continue;
    for (int c = 0; c < n_; ++c) {
      if (!(free[static_cast<std::size_t>(r)] >> c & 1)) continue;
      const int v = c - r;
      const auto ri = static_cast<std::size_t>(r), ci = static_cast<std::size_t>(c);
      row_low[ri] = std::min(row_low[ri], v), row_high[ri] = std::max(row_high[ri], v);
      col_low[ci] = std::min(col_low[ci], v), col_high[ci] = std::max(col_high[ci], v);
      has_value[index(v)] = true;
    }
  }
  std::vector<int> up_cols, up_rows, up_values, down_cols, down_rows, down_values;
  for (int t = -(n_ - 1); t <= n_ - 1; ++t) {
    up_cols.clear(), up_rows.clear(), up_values.clear();
    down_cols.clear(), down_rows.clear(), down_values.clear();
    for (int r = 0; r < n_; ++r) {
      if (row_high[static_cast<std::size_t>(r)] >= t) up_rows.push_back(r);  // smallest first
    }
    for (int r = n_ - 1; r >= 0; --r) {
      if (row_low[static_cast<std::size_t>(r)] < t) down_rows.push_back(r);  // largest first
    }
    for (int c = n_ - 1; c >= 0; --c) {
      if (col_high[static_cast<std::size_t>(c)] >= t) up_cols.push_back(c);  // largest first
    }
    for (int c = 0; c < n_; ++c) {
      if (col_low[static_cast<std::size_t>(c)] < t) down_cols.push_back(c);  // smallest first
    }
    for (int v = t; v < n_; ++v) {
      if (has_value[index(v)]) up_values.push_back(v);  // smallest first
    }
    for (int v = t - 1; v >= -n_; --v) {
      if (has_value[index(v)]) down_values.push_back(-v);  // w = -v, smallest first
    }
    if (capacity(up_cols, up_rows, up_values) + capacity(down_rows, down_cols, down_values) < k) {
      return false;
    }
  }
  return true;
}

// The second-moment test of docs/algorithms.md (Completion), written again from its statement:
// the queens still to place use distinct free values of a = r + c and of b = c - r + n - 1 (both
// 0..2n-2), sum(a) = sum(r) + sum(c), sum(b) = sum(c) - sum(r) + k (n - 1), and
// sum(a^2) + sum((b - (n - 1))^2) = 2 sum(r^2) + 2 sum(c^2); on each square r + c and
// c - r = b - (n - 1) have the same parity, so as many a are odd as b - (n - 1) are. For some
// number j of odd a, the ranges of sum(a^2) and sum(b^2) must together admit the target.
bool PlainRefuter::moments_allow(const std::vector<std::uint64_t>& free, std::uint64_t open_rows,
                                 std::uint64_t open_cols) const {
  const int k = std::popcount(open_rows), m = n_ - 1;
  long sum_r = 0, sum_c = 0, squares = 0;
  std::vector<bool> a_free(2 * static_cast<std::size_t>(n_)), b_free(a_free.size());
  for (int r = 0; r < n_; ++r) {
    if (!(open_rows >> r & 1)) continue;
    sum_r += r, squares += 2L * r * r;
    for (int c = 0; c < n_; ++c) {
      if (free[static_cast<std::size_t>(r)] >> c & 1) {
        a_free[static_cast<std::size_t>(r + c)] = true;
        b_free[static_cast<std::size_t>(c - r + m)] = true;
      }
    }
  }
  for (int c = 0; c < n_; ++c) {
    if (open_cols >> c & 1) sum_c += c, squares += 2L * c * c;
  }
  const long a_total = sum_r + sum_c, b_total = sum_c - sum_r + static_cast<long>(k) * m;
  // sum((b - m)^2) = sum(b^2) - 2 m sum(b) + k m^2.
  const long target = squares + 2L * m * b_total - static_cast<long>(k) * m * m;
  std::vector<int> a_odd, a_even, b_odd, b_even;  // b by the parity of b - m, that is of c - r
  for (int v = 0; v <= 2 * m; ++v) {
    if (a_free[static_cast<std::size_t>(v)]) (v % 2 ? a_odd : a_even).push_back(v);
    if (b_free[static_cast<std::size_t>(v)]) ((v - m) % 2 ? b_odd : b_even).push_back(v);
  }
  if (a_total < 0 || b_total < 0) return false;
  const SquareRanges ranges[4] = {
      {a_odd, k, a_total}, {a_even, k, a_total}, {b_odd, k, b_total}, {b_even, k, b_total}};
  for (int j = 0; j <= k; ++j) {
    long low = 0, high = 0;
    bool possible = true;
    for (int family = 0; family < 2; ++family) {
      const SquareRanges& odd = ranges[2 * family];
      const SquareRanges& even = ranges[2 * family + 1];
      const long total = family == 0 ? a_total : b_total;
      long best_low = -1, best_high = -1;
      for (long x = 0; x <= total; ++x) {  // the odd values' share of the sum
        if (!odd.has(j, x) || !even.has(k - j, total - x)) continue;
        const auto oj = static_cast<std::size_t>(j), ek = static_cast<std::size_t>(k - j);
        const auto xi = static_cast<std::size_t>(x), yi = static_cast<std::size_t>(total - x);
        const long l = odd.low[oj][xi] + even.low[ek][yi];
        const long h = odd.high[oj][xi] + even.high[ek][yi];
        best_low = best_low < 0 ? l : std::min(best_low, l);
        best_high = std::max(best_high, h);
      }
      if (best_low < 0) possible = false;
      low += best_low, high += best_high;
    }
    if (possible && low <= target && target <= high) return true;
  }
  return false;
}

bool PlainRefuter::place(std::uint64_t rows, std::uint64_t cols, Wide diag, Wide anti) {
  if (rows == all_) return true;
  if (++nodes_ > budget_ || ((nodes_ & 1023) == 0 && stop_.stop_requested())) {
    over_ = true;
    return false;
  }
  std::uint64_t reach = 0;
  int first = -1;
  std::vector<std::uint64_t> free(static_cast<std::size_t>(n_), 0);
  for (std::uint64_t open = all_ & ~rows; open != 0; open &= open - 1) {
    const int r = std::countr_zero(open);
    const std::uint64_t f = free_in(r, cols, diag, anti);
    if (f == 0) return false;
    if (first < 0) first = r;
    free[static_cast<std::size_t>(r)] = f;
    reach |= f;
  }
  if ((reach | cols) != all_) return false;  // an open column no open row can reach
  if (!sums_allow(free, all_ & ~rows)) return false;
  if (nodes_ == 1 && !moments_allow(free, all_ & ~rows, all_ & ~cols)) return false;  // the root
  for (std::uint64_t f = free[static_cast<std::size_t>(first)]; f != 0; f &= f - 1) {
    const int c = std::countr_zero(f);
    solution_[static_cast<std::size_t>(first)] = c;
    if (place(rows | std::uint64_t{1} << first, cols | std::uint64_t{1} << c,
              diag | Wide{1} << (c - first + n_ - 1), anti | Wide{1} << (first + c))) {
      return true;
    }
    if (over_) return false;
  }
  return false;
}

}  // namespace nq::detail
