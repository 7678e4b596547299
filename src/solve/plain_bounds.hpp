// SPDX-License-Identifier: MIT
// The two tests by which audit-first's own search (plain_refuter.hpp) declares a board dead
// before it has run out of squares, written again from their statements in docs/algorithms.md
// (the diagonal sum bound under `first`, the diagonal moments under Completion). Each may only
// say "dead" of a board with no completion; neither allocates per call once warm.
#pragma once

#include <cstdint>
#include <vector>

#include "solve/plain_board.hpp"

namespace nq::detail::plain {

// The sum bound on v = c - r. The k queens still to place have distinct free values of v. For a
// threshold t, the u of them with v >= t sum to at least the u smallest free values >= t, and to
// at most the u largest columns minus the u smallest rows that reach that side: the largest such
// u is the side's capacity. The side v < t has one likewise (with -v). The board is dead when the
// capacities add up to less than k, or a side cannot hold the rows (or columns) whose every free
// square lies on it. Thresholds are taken at both edges of every run of free values. O(k) per
// threshold, so O(n^2) a node at worst.
class SumBound {
 public:
  bool allows(const Board& board);

 private:
  int capacity_at_or_above(int t) const;
  int capacity_below(int t) const;
  bool threshold_allows(int t) const;

  int n_ = 0, k_ = 0;
  std::array<int, kMaxN> rows_{}, row_low_{}, row_high_{};  // open rows ascending; their v range
  std::array<int, kMaxN> cols_{}, col_low_{}, col_high_{};  // open columns likewise
  Diagonals values_;                                        // free values of v, at v + n - 1
};

// The second-moment test. Over any completion, the queens still to place have distinct free
// values of a = r + c and of b = c - r, with sum(a) = sum(rows) + sum(columns), sum(b) =
// sum(columns) - sum(rows) and sum(a^2) + sum(b^2) = 2 sum(rows^2) + 2 sum(columns^2) all fixed
// by the open lines, and as many odd a as odd b (a and b of one square have one parity). For
// each parity class a knapsack over (how many, their sum) gives the least and greatest sum of
// squares; the board is dead when no count j of odd values lets the two families' ranges reach
// the fixed sum of squares. O(n k total) time and O(k total) memory, where total <= k (2n - 2):
// tens of milliseconds at n = 64, meant for the root of a piece.
class MomentTest {
 public:
  bool allows(const Board& board);

 private:
  // For one class of values: least and greatest sum of squares of `count` of them summing to
  // `sum`, in low/high at count * (total + 1) + sum; low > high where no choice exists.
  struct Squares {
    int most = 0, total = 0;
    std::vector<std::int32_t> low, high;
    void fill(const std::vector<int>& values, int k, int sum_limit);
    bool reach(int count, int sum) const {
      if (count > most || sum < 0 || sum > total) return false;
      const auto i = static_cast<std::size_t>(count * (total + 1) + sum);
      return low[i] <= high[i];
    }
    std::int64_t low_at(int count, int sum) const {
      return low[static_cast<std::size_t>(count * (total + 1) + sum)];
    }
    std::int64_t high_at(int count, int sum) const {
      return high[static_cast<std::size_t>(count * (total + 1) + sum)];
    }
  };
  bool family_range(int j, int k, int total, const Squares& odd, const Squares& even,
                    std::int64_t& low, std::int64_t& high) const;

  std::vector<int> values_[4];  // a odd, a even, b odd, b even (b = c - r + n - 1)
  Squares squares_[4];
};

}  // namespace nq::detail::plain
