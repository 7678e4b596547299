// SPDX-License-Identifier: MIT
#include "solve/existence_search.hpp"

#include <algorithm>
#include <bit>

#include "solve/diagonal_bounds.hpp"
#include "solve/popcount_clones.hpp"

namespace nq::detail {

namespace {

struct Line {
  int index = -1;
  bool is_row = true;
};

// The open line with the fewest free squares; rows win ties.
NQ_POPCOUNT_CLONES Line most_constrained(const Residual& board) {
  Line line;
  int fewest = kResidualMaxN + 1;
  for (std::uint64_t m = board.open_rows; m != 0; m &= m - 1) {
    const int r = std::countr_zero(m);
    if (const int count = std::popcount(board.row_free[r]); count < fewest) {
      fewest = count, line = {r, true};
    }
  }
  for (std::uint64_t m = board.open_cols; m != 0; m &= m - 1) {
    const int c = std::countr_zero(m);
    if (const int count = std::popcount(board.col_free[c]); count < fewest) {
      fewest = count, line = {c, false};
    }
  }
  return line;
}

NQ_POPCOUNT_CLONES int free_squares(const Residual& board) {
  int total = 0;
  for (std::uint64_t m = board.open_rows; m != 0; m &= m - 1) {
    total += std::popcount(board.row_free[std::countr_zero(m)]);
  }
  return total;
}

}  // namespace

ExistenceSearch::ExistenceSearch(std::stop_token stop, const std::atomic<bool>& cancel,
                                 std::uint64_t budget, SplitMix64* rng)
    : stop_(std::move(stop)),
      cancel_(cancel),
      budget_(budget),
      rng_(rng),
      levels_(kResidualMaxN + 1) {}

bool ExistenceSearch::viable(Residual& board) {
  return board.propagate() && diagonal_sums_allow(board);
}

bool ExistenceSearch::search(const Residual& board, std::size_t depth) {
  if (board.open_rows == 0) {
    completion_.resize(static_cast<std::size_t>(board.n));
    for (int r = 0; r < board.n; ++r) {
      completion_[static_cast<std::size_t>(r)] = std::countr_zero(board.row_free[r]);
    }
    return true;
  }
  if (++nodes_ > budget_ || ((nodes_ & 255) == 0 &&
                             (stop_.stop_requested() || cancel_.load(std::memory_order_relaxed)))) {
    stopped_ = true;
  }
  if (stopped_) return false;

  const Line line = most_constrained(board);
  Level& level = levels_[depth];
  level.boards.clear();
  level.order.clear();
  for (std::uint64_t f = line.is_row ? board.row_free[line.index] : board.col_free[line.index];
       f != 0; f &= f - 1) {
    const int at = std::countr_zero(f);
    Residual child = board;
    if (!(line.is_row ? child.place(line.index, at) : child.place(at, line.index)) ||
        !viable(child)) {
      continue;
    }
    const int key = rng_ ? static_cast<int>(rng_->below(1u << 30)) : -free_squares(child);
    level.order.emplace_back(key, level.boards.size());
    level.boards.push_back(child);
  }
  std::stable_sort(level.order.begin(), level.order.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [key, index] : level.order) {
    if (search(level.boards[index], depth + 1)) return true;
    if (stopped_) return false;
  }
  return false;
}

ExistenceSearch::Outcome ExistenceSearch::run(Residual board) {
  if (!viable(board)) return Outcome::refuted;
  if (search(board, 0)) return Outcome::completed;
  return stopped_ ? Outcome::stopped : Outcome::refuted;
}

}  // namespace nq::detail
