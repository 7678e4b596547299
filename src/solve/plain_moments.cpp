// SPDX-License-Identifier: MIT
// The second-moment test of audit-first's own search (plain_bounds.hpp), from its statement in
// docs/algorithms.md (Completion): knapsacks over the free diagonals of each family, by parity.
#include <algorithm>
#include <limits>

#include "solve/plain_bounds.hpp"

namespace nq::detail::plain {

namespace {

// Tables larger than this are not built and the test passes the board: skipping a test never
// refutes anything. An empty 128-board needs about 2^20 entries a table.
constexpr std::int64_t kMostEntries = std::int64_t{1} << 23;

}  // namespace

// A 0/1 knapsack in place: counts are taken from the highest down, so each value is used once.
void MomentTest::Squares::fill(const std::vector<int>& values, int k, int sum_limit) {
  most = std::min(k, static_cast<int>(values.size()));
  total = sum_limit;
  const auto size = static_cast<std::size_t>((most + 1) * (total + 1));
  low.assign(size, std::numeric_limits<std::int32_t>::max());
  high.assign(size, -1);
  low[0] = high[0] = 0;
  int taken = 0;
  for (const int v : values) {
    const std::int32_t square = v * v;
    for (int c = std::min(taken, most - 1); c >= 0; --c) {
      const std::size_t from = static_cast<std::size_t>(c * (total + 1));
      const std::size_t to = from + static_cast<std::size_t>(total + 1 + v);
      for (int s = 0; s + v <= total; ++s) {
        const auto i = static_cast<std::size_t>(s);
        if (low[from + i] > high[from + i]) continue;
        low[to + i] = std::min(low[to + i], low[from + i] + square);
        high[to + i] = std::max(high[to + i], high[from + i] + square);
      }
    }
    ++taken;
  }
}

// Over the ways to split `total` between j odd values and k - j even ones: the least and the
// greatest sum of squares. False when no split exists.
bool MomentTest::family_range(int j, int k, int total, const Squares& odd, const Squares& even,
                              std::int64_t& low, std::int64_t& high) const {
  low = std::numeric_limits<std::int64_t>::max();
  high = -1;
  for (int x = 0; x <= total; ++x) {
    if (!odd.reach(j, x) || !even.reach(k - j, total - x)) continue;
    low = std::min(low, odd.low_at(j, x) + even.low_at(k - j, total - x));
    high = std::max(high, odd.high_at(j, x) + even.high_at(k - j, total - x));
  }
  return low <= high;
}

bool MomentTest::allows(const Board& board) {
  const int n = board.n, m = n - 1;
  const int k = count(board.open_rows);
  if (k == 0) return true;
  std::int64_t rows = 0, cols = 0, squares = 0;
  Diagonals a_free, b_free;  // a = r + c; b = c - r + m
  each_bit(board.open_rows, [&](int r) {
    rows += r;
    squares += 2 * std::int64_t{r} * r;
    a_free.add_shifted(board.row_free[static_cast<std::size_t>(r)], r);
    b_free.add_shifted(board.row_free[static_cast<std::size_t>(r)], m - r);
  });
  each_bit(board.open_cols, [&](int c) {
    cols += c;
    squares += 2 * std::int64_t{c} * c;
  });
  const std::int64_t a_total = rows + cols, b_total = cols - rows + std::int64_t{k} * m;
  if ((k + 1) * (std::max(a_total, b_total) + 1) > kMostEntries) return true;
  // sum(a^2) + sum((b - m)^2) is fixed; sum((b - m)^2) = sum(b^2) - 2 m sum(b) + k m^2.
  const std::int64_t target = squares + 2 * m * b_total - std::int64_t{k} * m * m;
  for (auto& v : values_) v.clear();
  for (int v = 0; v <= 2 * m; ++v) {
    if (a_free.has(v)) values_[v % 2 ? 0 : 1].push_back(v);
    if (b_free.has(v)) values_[(v - m) % 2 ? 2 : 3].push_back(v);
  }
  for (int i = 0; i < 4; ++i) {
    squares_[i].fill(values_[i], k, static_cast<int>(i < 2 ? a_total : b_total));
  }
  for (int j = 0; j <= k; ++j) {  // j: how many queens sit on odd diagonals
    std::int64_t a_low, a_high, b_low, b_high;
    if (!family_range(j, k, static_cast<int>(a_total), squares_[0], squares_[1], a_low, a_high) ||
        !family_range(j, k, static_cast<int>(b_total), squares_[2], squares_[3], b_low, b_high)) {
      continue;
    }
    if (a_low + b_low <= target && target <= a_high + b_high) return true;
  }
  return false;
}

}  // namespace nq::detail::plain
