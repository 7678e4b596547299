// SPDX-License-Identifier: MIT
// The bitmask backtracker with its stack made explicit: each row keeps the squares it has still
// to try, lowest column first, so that the solutions come out in lexicographic order and the
// search can stop after any solution and carry on from there at the next call.
#include "nqueens/solution_cursor.hpp"

#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "nqueens/enumerate.hpp"
#include "nqueens/placement.hpp"
#include "nqueens/symmetry.hpp"

namespace nq {

static_assert(kMaxEnumerateN <= 32, "SolutionCursor's stack holds 32 rows");

SolutionCursor::SolutionCursor(int n, bool unique) : n_(n), unique_(unique) {
  if (n < 1 || n > kMaxEnumerateN) {
    throw std::invalid_argument("solutions: n must be between 1 and " +
                                std::to_string(kMaxEnumerateN));
  }
  full_ = (std::uint64_t{1} << n) - 1;
  free_[0] = full_;
}

bool SolutionCursor::next() {
  while (next_any()) {
    if (!unique_ || is_canonical()) return true;
  }
  return false;
}

bool SolutionCursor::next_any() {
  while (row_ >= 0) {
    std::uint64_t& candidates = free_[static_cast<std::size_t>(row_)];
    if (candidates == 0) {
      --row_;
      continue;
    }
    const std::uint64_t bit = candidates & (~candidates + 1);
    candidates ^= bit;
    const auto r = static_cast<std::size_t>(row_);
    col_[r] = std::countr_zero(bit);
    ++nodes_;
    if (row_ == n_ - 1) return true;  // the next call goes on with this row's other squares
    cols_[r + 1] = cols_[r] | bit;
    left_[r + 1] = ((left_[r] | bit) << 1) & full_;
    right_[r + 1] = (right_[r] | bit) >> 1;
    free_[r + 1] = full_ & ~(cols_[r + 1] | left_[r + 1] | right_[r + 1]);
    ++row_;
  }
  return false;
}

bool SolutionCursor::is_canonical() const {
  std::vector<Column> columns(col_.begin(), col_.begin() + n_);
  const Placement p(std::move(columns));
  return canonical(p) == p;
}

}  // namespace nq
