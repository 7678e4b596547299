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

#include "count/tuning.hpp"

namespace nq::detail {

class BitOrder {
 public:
  // Lists that make at least kTuning.greedy_pairs pairs have their first ranks
  // (kTuning.greedy_ranks unless told) chosen greedily (below), from a sample grid whose side
  // grows as the square root of the pairs, sqrt(pairs) / kTuning.greedy_side_share rounded down
  // to a power of two and kept within [greedy_min_side, greedy_max_side], so that the choice keeps
  // about the same small share of the join it orders, and it leaves fewer pairs to compare than a
  // fixed grid (tuning.hpp). The halves engine asks for more ranks where its trie is deeper than
  // 16 levels (n >= 24).

  // The order for lists of patterns with `bits` low bits (bits <= 56; the bits above are left
  // alone by apply), from samples of both lists: bit b's rank is by count_west(b) *
  // count_east(b), largest first, ties to the higher bit; the i-th ranked bit moves to bit
  // bits - 1 - i. Where `pairs` (the lists' own product when negative; a share of a subproblem
  // passes the whole one's, so that it orders as the whole would) reaches kGreedyPairs, the first
  // `greedy_ranks` ranks are chosen again one at a time, each the bit that splits off the most
  // sampled pairs still disjoint on the bits ranked before it (bits are far from independent: a
  // diagonal pair occupied together is worth one split, not two).
  // Only the first `exact` ranks go where their rank says (to bits bits - 1 down to bits - exact):
  // the bits ranked after them keep their own order below them (the lowest of them to bit 0), and
  // no greedy rank is chosen past `exact`. The pair count reads the top `fine` bits one at a time
  // (its trie) and the rest as whole words, so any order of the rest counts the same, and this
  // order lets the pext kernel move them in one instruction.
  void choose(const std::uint64_t* west, std::size_t west_size, const std::uint64_t* east,
              std::size_t east_size, int bits, int greedy_ranks = kTuning.greedy_ranks,
              double pairs = -1, int exact = kMaxBits);

  // The side of the greedy ranks' sample grid for lists that make `pairs` pairs.
  static std::size_t greedy_side(double pairs);

  // How apply permutes: `bytes`, a table lookup per byte of each pattern (any processor);
  // `gfni`, eight patterns at a time turned into 64 bytes of one bit each, the bytes permuted and
  // turned back (AVX-512 VBMI and GFNI, checked at run time); `avx2` permutes as bytes does and
  // counts the sample in AVX2 vectors; `pext` (BMI2) moves the bits ranked past `exact` down in
  // one pext and the exact ones through one pext and a table lookup (one table of all their
  // values up to 12 of them, else one per 8), and counts as avx2 does; `best`, gfni where the
  // processor has it, else pext where its pext is fast (not the AMD families 15h and 17h, which
  // microcode it), else avx2 where it has that, else bytes. A kernel the processor lacks gets the
  // best one it has below it.
  enum class Kernel { best, bytes, avx2, pext, gfni };
  static bool available(Kernel kernel);

  // Permutes the low `bits` bits of each pattern in place; the bits above them stay. The bytes
  // kernel's tables are filled on its first use after choose(), so that the gfni kernel, which
  // never reads them, does not pay for them (docs/journal/count.md, "Odd n's small costs, and the
  // shared west half measured").
  void apply(std::uint64_t* patterns, std::size_t size, Kernel kernel = Kernel::best);

  // What choose() ranks by: how many of an evenly spaced sample of the patterns (every
  // size / kSample-th when size > kSample, else all) have each of the kMaxBits low bits set
  // (kSample: kTuning.order_sample).
  // `gfni` counts eight patterns at a time, their bits turned into bytes as apply does and the
  // bytes' bits counted (it needs AVX-512 BITALG too); `bytes` counts a byte-wide lane per bit,
  // eight lanes a 64-bit word; `avx2` the same lanes in two AVX2 vectors.
  static constexpr std::size_t kSample = kTuning.order_sample;
  static constexpr int kMaxBits = 56;  // n = 28's 54 pattern bits, a byte at a time
  static void count_sample(const std::uint64_t* patterns, std::size_t size,
                           std::uint64_t (&count)[kMaxBits], Kernel kernel = Kernel::best);

  // Where bit b goes (for tests).
  int position(int b) const { return position_[b]; }

 private:
  void greedy(const std::uint64_t* west, std::size_t west_size, const std::uint64_t* east,
              std::size_t east_size, int bits, int ranks, std::size_t side, int* rank) const;
  void fill_tables();
  void fill_exact_tables();
  static constexpr int kBytes = kMaxBits / 8;
  std::uint64_t table_[kBytes][256] = {};
  bool tables_ = false;  // table_ holds the current order's lookups
  // The pext kernel's: the exact ranks' bits, the others', and for each 8 of the exact ones in
  // the order pext leaves them, where each value of them puts their bits; up to kWholeBits exact
  // ones, also one table for all of them (bit_order.cpp).
  static constexpr int kWholeBits = 12;
  std::uint64_t exact_mask_ = 0, rest_mask_ = 0;
  int exact_ = 0;
  std::uint64_t exact_table_[kBytes][256] = {};
  std::uint64_t exact_whole_[1 << kWholeBits] = {};
  bool exact_tables_ = false;
  int position_[kMaxBits] = {};
  // The gfni kernel's vpermb indices (bit_order.cpp): for each output bit, the input bit it takes,
  // the bits in each byte in reverse order.
  std::uint8_t source_[64] = {};
  int bytes_ = 0;  // the bytes that hold the `bits` low bits
  int bits_ = 0;   // the `bits` of the last choose()
};

}  // namespace nq::detail
