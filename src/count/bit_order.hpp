// SPDX-License-Identifier: MIT
// The halves engine's pattern bits, reordered for one subproblem. The pair count splits both
// lists of half-board patterns by their top bits (pair_count.hpp), and a split prunes the more
// pairs the more often both halves occupy that diagonal. How often a diagonal is occupied depends
// strongly on the subproblem (a diagonal whose west squares all lie on east rows is never
// occupied by the west half), so the fixed order of the layout (central diagonals highest) is a
// poor one for most subproblems. A BitOrder ranks the bits by the product of their counts in the
// two lists and moves them into that order, highest first; a permutation of the bits, applied to
// both lists, leaves every AND, and so every count, as it was.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nq::detail {

class BitOrder {
 public:
  // Lists that make at least this many pairs have their first kGreedyRanks ranks chosen greedily
  // (below): it costs about a million cycles, which pays from about this size on (measured at
  // n = 20 and 22: 15% faster at n = 22, slower at n = 20 below it).
  static constexpr double kGreedyPairs = 8589934592.0;  // 2^33
  static constexpr int kGreedyRanks = 16;

  // The order for lists of patterns with `bits` low bits (bits <= 56; the bits above are left
  // alone by apply), from samples of both lists: bit b's rank is by count_west(b) *
  // count_east(b), largest first, ties to the higher bit; the i-th ranked bit moves to bit
  // bits - 1 - i. Where the lists make at least `greedy_pairs` pairs, the first kGreedyRanks
  // ranks are chosen again one at a time, each the bit that splits off the most sampled pairs
  // still disjoint on the bits ranked before it (bits are far from independent: a diagonal pair
  // occupied together is worth one split, not two).
  void choose(const std::uint64_t* west, std::size_t west_size, const std::uint64_t* east,
              std::size_t east_size, int bits, double greedy_pairs = kGreedyPairs);

  // Permutes the low `bits` bits of each pattern in place; the bits above them stay.
  void apply(std::uint64_t* patterns, std::size_t size) const;

  // Where bit b goes (for tests).
  int position(int b) const { return position_[b]; }

 private:
  void greedy(const std::uint64_t* west, std::size_t west_size, const std::uint64_t* east,
              std::size_t east_size, int bits, int* rank) const;
  static constexpr int kBits = 56;  // n = 28's 54 pattern bits, a byte at a time
  static constexpr int kBytes = kBits / 8;
  std::uint64_t table_[kBytes][256] = {};
  int position_[kBits] = {};
  int bytes_ = 0;  // the bytes that hold the `bits` low bits
};

}  // namespace nq::detail
