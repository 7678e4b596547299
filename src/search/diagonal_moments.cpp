// SPDX-License-Identifier: MIT
#include "search/diagonal_moments.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

namespace nq::detail {

namespace {

constexpr std::int32_t kNone = std::numeric_limits<std::int32_t>::max();

// For j values out of `values` (distinct, non-negative) summing to s, the least and the greatest
// sum of their squares: lo[j][s] and hi[j][s], kNone where no such choice exists. A 0-1 knapsack,
// j taken downwards so that each value is used once.
// The tables live in a MomentsWorkspace's buffers (diagonal_moments.hpp).
struct Moments {
  int most = 0, width = 0;  // j in [0, most], s in [0, width]
  std::vector<std::int32_t>& lo;
  std::vector<std::int32_t>& hi;

  Moments(const std::vector<int>& values, int k, int target, std::vector<std::int32_t>& lo_buffer,
          std::vector<std::int32_t>& hi_buffer)
      : most(std::min<int>(k, static_cast<int>(values.size()))),
        width(target),
        lo(lo_buffer),
        hi(hi_buffer) {
    lo.assign(static_cast<std::size_t>(most + 1) * static_cast<std::size_t>(width + 1), kNone);
    hi.assign(lo.size(), kNone);
    lo[0] = hi[0] = 0;
    int reach = 0;  // the largest sum reached so far
    int taken = 0;
    for (const int v : values) {
      taken = std::min(taken + 1, most);
      reach = std::min(reach + v, width);
      for (int j = taken; j >= 1; --j) {
        for (int s = reach; s >= v; --s) {
          const std::size_t from = at(j - 1, s - v);
          if (lo[from] == kNone) continue;
          const std::size_t to = at(j, s);
          const std::int32_t square = v * v;
          if (lo[to] == kNone) {
            lo[to] = lo[from] + square;
            hi[to] = hi[from] + square;
          } else {
            lo[to] = std::min(lo[to], lo[from] + square);
            hi[to] = std::max(hi[to], hi[from] + square);
          }
        }
      }
    }
  }
  std::size_t at(int j, int s) const {
    return static_cast<std::size_t>(j) * static_cast<std::size_t>(width + 1) +
           static_cast<std::size_t>(s);
  }
  bool has(int j, int s) const { return j <= most && s <= width && lo[at(j, s)] != kNone; }
};

struct Range {
  std::int64_t lo = std::numeric_limits<std::int64_t>::max();
  std::int64_t hi = std::numeric_limits<std::int64_t>::min();
  bool empty() const { return lo > hi; }
};

// For one family: by the number `odd` of odd diagonals used, the range of the sum of squares of
// k of the free values (non-negative; split by parity) that sum to `target`.
std::vector<Range> family_ranges(const std::vector<int>& odd_values,
                                 const std::vector<int>& even_values, int k, int target,
                                 MomentsWorkspace& workspace) {
  std::vector<std::int32_t>* buffers = workspace.tables;
  const Moments odd(odd_values, k, target, buffers[0], buffers[1]);
  const Moments even(even_values, k, target, buffers[2], buffers[3]);
  std::vector<Range> out(static_cast<std::size_t>(k + 1));
  for (int j = 0; j <= odd.most; ++j) {
    if (k - j > even.most) continue;
    Range& r = out[static_cast<std::size_t>(j)];
    for (int s = 0; s <= target; ++s) {
      if (!odd.has(j, s) || !even.has(k - j, target - s)) continue;
      r.lo = std::min<std::int64_t>(
          r.lo, std::int64_t{odd.lo[odd.at(j, s)]} + even.lo[even.at(k - j, target - s)]);
      r.hi = std::max<std::int64_t>(
          r.hi, std::int64_t{odd.hi[odd.at(j, s)]} + even.hi[even.at(k - j, target - s)]);
    }
  }
  return out;
}

}  // namespace

template <class Mask>
bool diagonal_moments_allow(const BasicResidual<Mask>& board) {
  MomentsWorkspace workspace;
  return diagonal_moments_allow(board, workspace);
}

template <class Mask>
bool diagonal_moments_allow(const BasicResidual<Mask>& board, MomentsWorkspace& workspace) {
  const int n = board.n;
  const int k = popcount(board.open_rows);
  if (k == 0) return true;
  // The free diagonals: r + c, and u = r - c + n - 1 (so that both run over 0..2n-2).
  std::vector<char> free_sum(static_cast<std::size_t>(2 * n)), free_u(free_sum.size());
  std::int64_t rows = 0, cols = 0, squares = 0;
  for (Mask left = board.open_rows; left != 0; left &= left - 1) {
    const int r = lowest(left);
    rows += r;
    squares += 2 * std::int64_t{r} * r;
    for (Mask f = board.row_free[static_cast<std::size_t>(r)]; f != 0; f &= f - 1) {
      const int c = lowest(f);
      free_sum[static_cast<std::size_t>(r + c)] = 1;
      free_u[static_cast<std::size_t>(r - c + n - 1)] = 1;
    }
  }
  for (Mask left = board.open_cols; left != 0; left &= left - 1) {
    const int c = lowest(left);
    cols += c;
    squares += 2 * std::int64_t{c} * c;
  }
  // Over the queens to place: the sum of r + c is rows + cols, of r - c is rows - cols, and
  // of (r + c)^2 + (r - c)^2 is `squares`. With u = (r - c) + s, s = n - 1, the sum of u is
  // rows - cols + k s and the sum of u^2 is that of (r - c)^2 plus 2 s (rows - cols) + k s^2.
  const std::int64_t shift = n - 1, difference = rows - cols;
  const std::int64_t sum_target = rows + cols, u_target = difference + k * shift;
  const std::int64_t square_target = squares + 2 * shift * difference + k * shift * shift;
  // A queen's r + c and r - c have the same parity; u's is r - c's flipped when n - 1 is odd.
  std::vector<int> sums[2], us[2];
  for (int v = 0; v <= 2 * n - 2; ++v) {
    if (free_sum[static_cast<std::size_t>(v)]) sums[v & 1].push_back(v);
    if (free_u[static_cast<std::size_t>(v)]) us[(v + n - 1) & 1].push_back(v);
  }
  if (static_cast<int>(sums[0].size() + sums[1].size()) < k ||
      static_cast<int>(us[0].size() + us[1].size()) < k) {
    return false;  // fewer free diagonals than queens
  }
  const std::vector<Range> by_sum =
      family_ranges(sums[1], sums[0], k, static_cast<int>(sum_target), workspace);
  const std::vector<Range> by_u =
      family_ranges(us[1], us[0], k, static_cast<int>(u_target), workspace);
  for (int odd = 0; odd <= k; ++odd) {
    const Range& a = by_sum[static_cast<std::size_t>(odd)];
    const Range& b = by_u[static_cast<std::size_t>(odd)];
    if (a.empty() || b.empty()) continue;
    if (a.lo + b.lo <= square_target && square_target <= a.hi + b.hi) return true;
  }
  return false;
}

template bool diagonal_moments_allow(const Residual&);
template bool diagonal_moments_allow(const WideResidual&);
template bool diagonal_moments_allow(const Residual&, MomentsWorkspace&);
template bool diagonal_moments_allow(const WideResidual&, MomentsWorkspace&);

std::uint64_t diagonal_moments_bytes(int n) {
  const std::uint64_t rows = static_cast<std::uint64_t>(n) + 1;
  const std::uint64_t sums =
      static_cast<std::uint64_t>(n) * (2 * static_cast<std::uint64_t>(n) - 2) + 1;
  return 2 * rows * sums * 2 * sizeof(std::int32_t);
}

}  // namespace nq::detail
