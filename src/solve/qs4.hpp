// SPDX-License-Identifier: MIT
// The QS4-style local search's board and repair loop (local_search.cpp has the algorithm), as a
// template over a watcher that sees every move: solve_random watches with NoWatch, whose empty
// calls compile to nothing, and nq::trace's random method with one that tells each move as an
// event (src/trace/random.cpp, docs/trace.md). The watcher is told, in the order of the trace's
// listing: a start, every draw and its diagonal test while building, every row picked, and every
// swap tried once it is decided: kept, or undone with the attacking pairs it would have made.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stop_token>
#include <vector>

#include "nqueens/local_search.hpp"
#include "split_mix.hpp"

namespace nq::detail {

struct NoWatch {
  void started() {}
  void drew() {}
  void tested() {}
  void picked(const std::vector<Column>&, std::uint64_t, std::uint64_t, int) {}
  void swapped() {}
  void compared() {}
  void kept(const std::vector<Column>&, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t,
            std::uint64_t) {}
  void undone(const std::vector<Column>&, std::uint64_t, std::uint64_t, std::uint64_t,
              std::uint64_t, std::uint64_t) {}
};

template <class Watch>
class Qs4Board {
 public:
  Qs4Board(std::uint64_t n, Watch& watch)
      : n_(n), col_(n), diag_(2 * n), anti_(2 * n), watch_(watch) {}

  // False if stopped before the board was built.
  bool start(SplitMix64& random, std::uint64_t& attempts, const std::stop_token& stop) {
    watch_.started();
    std::iota(col_.begin(), col_.end(), Column{0});
    std::fill(diag_.begin(), diag_.end(), 0);
    std::fill(anti_.begin(), anti_.end(), 0);
    pairs_ = 0;
    constexpr int kTries = 32;
    for (std::uint64_t i = 0; i < n_; ++i) {
      if ((i & 0xFFFF) == 0xFFFF && stop.stop_requested()) return false;
      std::uint64_t j = i;
      int t = 0;
      for (; t < kTries; ++t) {
        ++attempts;
        j = i + random.below(n_ - i);
        watch_.drew();
        watch_.tested();
        if (diag_[d(i, col_[j])] == 0 && anti_[a(i, col_[j])] == 0) break;
      }
      std::swap(col_[i], col_[j]);
      add(i);
      watch_.picked(col_, i, j, t == kTries ? kTries - 1 : t);
    }
    return true;
  }

  bool attacked(std::uint64_t row) const {
    return diag_[d(row, col_[row])] > 1 || anti_[a(row, col_[row])] > 1;
  }

  // Swaps the columns of rows i and j (i != j) and keeps the swap if it lowers the number of
  // attacking pairs, or with `sideways` if it leaves it as it was; else undoes it. Try t of row
  // i's round.
  bool try_swap(std::uint64_t i, std::uint64_t j, std::uint64_t t, bool sideways) {
    const std::uint64_t before = pairs_;
    remove(i), remove(j);
    std::swap(col_[i], col_[j]);
    add(i), add(j);
    watch_.swapped();
    watch_.compared();
    if (pairs_ < before || (sideways && pairs_ == before)) {
      watch_.kept(col_, i, j, t, before, pairs_);
      return true;
    }
    const std::uint64_t tried = pairs_;
    remove(i), remove(j);
    std::swap(col_[i], col_[j]);
    add(i), add(j);
    watch_.undone(col_, i, j, t, before, tried);
    return false;
  }

  std::uint64_t pairs() const { return pairs_; }
  std::uint64_t size() const { return n_; }
  const std::vector<Column>& columns() const { return col_; }
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
  Watch& watch_;
};

// The repair's tuning (docs/journal/random.md, "Small boards: swaps of a row with itself,
// plateaus and the restart"):
// - kFewestTries: swaps offered to each attacked row in a round after progress (64).
// - kTriesPerRow, kMostTries: a round without progress doubles that; past 8n, at least 64 and at
//   most 2^14, the search starts afresh. A small board has only n - 1 swaps a row, so waiting
//   long on one of its local minima costs far more than a new start; a big board's last few
//   queens need many tries.
// - kSidewaysMaxN: on boards of up to 128 queens a swap that leaves the attacking pairs as they
//   were is kept, so the search walks across a plateau instead of waiting on it (boards of 6 to
//   64 queens are solved in 2 to 5 times fewer steps); on larger ones it only wanders (400 queens
//   took half as many steps again, 10^7 5.6 times as long).
inline constexpr std::uint64_t kFewestTries = 64, kTriesPerRow = 8, kMostTries = 1 << 14;
inline constexpr std::uint64_t kSidewaysMaxN = 128;

// Repairs until no pair attacks. Each attacked row is offered swaps with other rows drawn at
// random. A round that brings no improvement doubles the swaps offered to each attacked row;
// when even the most generous round fails, returns false and the caller starts afresh. Inlined
// into qs4_search as it was into solve_random before it became a template: apart, it reloads the
// board's arrays on every row it tests (docs/journal/random.md, "The repair loop inlined into the
// search again").
template <class Watch>
[[gnu::always_inline]] inline bool qs4_repair(Qs4Board<Watch>& board, SplitMix64& random,
                                              LocalSearchResult& result,
                                              const std::stop_token& stop) {
  const std::uint64_t n = board.size();
  const std::uint64_t most = std::clamp(kTriesPerRow * n, kFewestTries, kMostTries);
  const bool sideways = n <= kSidewaysMaxN;
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
        std::uint64_t j = random.below(n - 1);  // any row but i
        j += j >= i;
        if (board.try_swap(i, j, t, sideways)) ++result.swaps;
      }
    }
    if (board.pairs() < pairs_before) {
      tries = kFewestTries;
    } else if ((tries *= 2) > most) {
      return false;
    }
  }
  return true;
}

// The whole search: starts and repairs until a board has no attacking pair, or `stop`.
template <class Watch>
LocalSearchResult qs4_search(std::uint64_t n, std::uint64_t seed, const std::stop_token& stop,
                             Watch& watch) {
  LocalSearchResult result;
  SplitMix64 random(seed);
  Qs4Board<Watch> board(n, watch);
  for (;; ++result.restarts) {
    if (board.start(random, result.attempts, stop) && qs4_repair(board, random, result, stop)) {
      break;
    }
    if (stop.stop_requested()) return result;
  }
  result.solution = Placement(board.release());
  result.complete = true;
  return result;
}

}  // namespace nq::detail
