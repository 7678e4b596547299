// SPDX-License-Identifier: MIT
// Local search for one completion, for the boards where the exhaustive search stalls (large n,
// few queens given). The given queens stay where they are; the free rows get the free columns as
// a permutation, so rows and columns never conflict, and the search lowers, by swapping the
// columns of two free rows, a cost that counts the attacking pairs (given queens included) and
// the queens that stand on blocked squares or excluded diagonals. The start is built row by row
// from random free columns that conflict with nothing placed so far, as QS4 does (Sosic and Gu,
// 1991); a start whose repairs stop making progress is abandoned for a fresh one.
//
// It cannot prove that no completion exists, so complete() runs it in turns with the exhaustive
// search (see complete.cpp). Each call gets a budget of moves tried and its own seed; the same
// seed and budget give the same answer on every platform. Memory: about 28 bytes a row plus 8 a
// blocked square, allocated once by the constructor.
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

#include "nqueens/complete.hpp"
#include "split_mix.hpp"

namespace nq::detail {

class LocalCompletion {
 public:
  explicit LocalCompletion(const CompletionInstance& instance);

  // Looks for a completion within `budget` moves tried (candidate columns in the start, swaps in
  // the repairs); the columns of every row if found. `moves` grows by the moves tried.
  std::optional<std::vector<std::uint32_t>> run(std::uint64_t seed, std::uint64_t budget,
                                                std::uint64_t& moves, const std::stop_token& stop);

  static std::uint64_t bytes(const CompletionInstance& instance);

 private:
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;

  bool blocked(u32 row, u32 col) const;
  u32 d1(std::size_t i) const { return rows_[i] + cols_[i]; }
  u32 d2(std::size_t i) const { return rows_[i] - cols_[i] + n_ - 1; }
  // The cost the free queen of row index i adds: the queens it attacks and its blocked square.
  u64 cost_of(std::size_t i) const;
  void add(std::size_t i);
  void remove(std::size_t i);
  bool try_swap(std::size_t i, std::size_t j);  // keeps the swap if it lowers the cost
  void start(SplitMix64& random, u64& moves);

  u32 n_;
  std::vector<Square> given_;       // the queens placed in advance
  std::vector<Diagonal> excluded_;  // the diagonals no queen may use
  std::vector<u32> rows_;           // the free rows, ascending
  std::vector<u32> cols_;           // the column now given to each free row (a permutation of
                                    // the free columns)
  std::vector<u32> on_d1_, on_d2_;  // queens on each diagonal, given ones included
  std::vector<u64> blocked_;        // row * n + col of each blocked square, sorted
  u64 cost_ = 0;                    // attacking pairs plus queens on blocked squares
  std::vector<u32> work_;           // scratch: the rows under attack
};

}  // namespace nq::detail
