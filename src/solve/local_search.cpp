// SPDX-License-Identifier: MIT
// QS4-style local search (Sosic and Gu 1991), see local_search.hpp.
//
// Phase 1 (construction): row i takes the column of a random not-yet-used position j >= i,
// retried while that column shares a diagonal with an earlier row, up to kTries times; rows
// whose tries run out keep the last candidate and may be attacked.
// Phase 2 (repair): every attacked row i is offered swaps with random rows j; a swap is kept
// when it lowers the total number of attacking pairs. Counters per diagonal make a trial O(1):
// taking a queen off a diagonal holding k queens removes k - 1 attacking pairs, putting one on a
// diagonal holding k adds k. If a round of repairs makes no progress the search starts afresh.
#include "nqueens/local_search.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "split_mix.hpp"

namespace nq {

namespace {

using Random = detail::SplitMix64;  // tiny, fast, and the same everywhere

class Board {
 public:
  explicit Board(std::uint64_t n) : n_(n), col_(n), diag_(2 * n), anti_(2 * n) {}

  // False if stopped before the board was built.
  bool start(Random& random, std::uint64_t& attempts, const std::stop_token& stop) {
    std::iota(col_.begin(), col_.end(), Column{0});
    std::fill(diag_.begin(), diag_.end(), 0);
    std::fill(anti_.begin(), anti_.end(), 0);
    pairs_ = 0;
    constexpr int kTries = 32;
    for (std::uint64_t i = 0; i < n_; ++i) {
      if ((i & 0xFFFF) == 0xFFFF && stop.stop_requested()) return false;
      std::uint64_t j = i;
      for (int t = 0; t < kTries; ++t) {
        ++attempts;
        j = i + random.below(n_ - i);
        if (diag_[d(i, col_[j])] == 0 && anti_[a(i, col_[j])] == 0) break;
      }
      std::swap(col_[i], col_[j]);
      add(i);
    }
    return true;
  }

  bool attacked(std::uint64_t row) const {
    return diag_[d(row, col_[row])] > 1 || anti_[a(row, col_[row])] > 1;
  }

  // Swaps the columns of rows i and j if that lowers the number of attacking pairs.
  bool try_swap(std::uint64_t i, std::uint64_t j) {
    const std::uint64_t before = pairs_;
    remove(i), remove(j);
    std::swap(col_[i], col_[j]);
    add(i), add(j);
    if (pairs_ < before) return true;
    remove(i), remove(j);
    std::swap(col_[i], col_[j]);
    add(i), add(j);
    return false;
  }

  std::uint64_t pairs() const { return pairs_; }
  std::uint64_t size() const { return n_; }
  std::vector<Column> release() { return std::move(col_); }

 private:
  std::uint64_t d(std::uint64_t row, Column c) const { return row + (n_ - 1) - c; }
  static std::uint64_t a(std::uint64_t row, Column c) { return row + c; }
  void add(std::uint64_t row) {
    pairs_ += diag_[d(row, col_[row])]++;
    pairs_ += anti_[a(row, col_[row])]++;
  }
  void remove(std::uint64_t row) {
    pairs_ -= --diag_[d(row, col_[row])];
    pairs_ -= --anti_[a(row, col_[row])];
  }

  std::uint64_t n_;
  std::vector<Column> col_;
  std::vector<std::uint32_t> diag_, anti_;  // queens on each diagonal
  std::uint64_t pairs_ = 0;                 // attacking pairs in all
};

// Repairs until no pair attacks. A round that brings no improvement doubles the swaps offered
// to each attacked row (a few queens near the end can be hard to place); when even the most
// generous round fails, returns false and the caller starts afresh.
bool repair(Board& board, Random& random, LocalSearchResult& result, const std::stop_token& stop) {
  const std::uint64_t n = board.size();
  constexpr std::uint64_t kFewestTries = 64, kMostTries = 1 << 14;
  std::uint64_t tries = kFewestTries;
  std::vector<std::uint64_t> attacked;
  while (board.pairs() > 0) {
    if (stop.stop_requested()) return false;
    attacked.clear();
    for (std::uint64_t row = 0; row < n; ++row) {
      if (board.attacked(row)) attacked.push_back(row);
    }
    const std::uint64_t pairs_before = board.pairs();
    for (std::uint64_t i : attacked) {
      for (std::uint64_t t = 0; t < tries && board.attacked(i); ++t) {
        ++result.attempts;
        if (board.try_swap(i, random.below(n))) ++result.swaps;
      }
    }
    if (board.pairs() < pairs_before) {
      tries = kFewestTries;
    } else if ((tries *= 2) > kMostTries) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::uint64_t local_search_bytes(std::uint64_t n) { return 4 * n + 16 * n + 8 * 64 + 4096; }

LocalSearchResult solve_random(const LocalSearchOptions& options) {
  const std::uint64_t n = options.n;
  if (n == 0 || n == 2 || n == 3 || n > 0xFFFFFFFFull) {
    throw std::invalid_argument("solve_random: no solution for n = " + std::to_string(n));
  }
  LocalSearchResult result;
  Random random(options.seed);
  Board board(n);
  for (;; ++result.restarts) {
    if (board.start(random, result.attempts, options.stop) &&
        repair(board, random, result, options.stop)) {
      break;
    }
    if (options.stop.stop_requested()) return result;
  }
  result.solution = Placement(board.release());
  result.complete = true;
  return result;
}

}  // namespace nq
