// SPDX-License-Identifier: MIT
// The pair count's kernel for large blocks, bit-sliced: how many pairs (a, b) of 32-bit words,
// a from a range of one list and b from another list, have a & b == 0.
//
// The list is stored transposed once (SlicedWords::build): for each of the 32 bit positions, one
// bitset over the list, bit j set when word j has that bit clear. For a range of up to 512 words
// (one 512-bit vector) the words disjoint from b are the AND of the bitsets of b's set bits, and
// their number is a popcount. Taken four bits of b at a time, each group's AND is looked up in a
// table of its 16 values built once per range (16 x 8 vectors, 8 KiB), so each word b costs eight
// loads, seven ANDs and one popcount per 512 words of the range, whatever their bits: about 4x
// the rate of the word-against-word kernel (pair_count.cpp) on ranges of 512 words or more, less
// on short ones (measured in bench/pair_count_bench.cpp). Up to four ranges' tables are built
// at a time, so b's table offsets are computed once for them.
//
// Needs AVX-512 F, BW, VL and VPOPCNTDQ (checked at run time: sliced_pairs_available()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace nq::detail {

// Whether this processor (and build) runs the sliced kernel.
bool sliced_pairs_available();

// One list of 32-bit words, transposed. Requires sliced_pairs_available() for build and count.
class SlicedWords {
 public:
  // Transposes words[0, size), replacing what was held.
  void build(const std::uint32_t* words, std::uint32_t size);
  // The pairs of words [begin, end) of the list (end <= size) and b[0, nb) with AND zero.
  std::uint64_t count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                      std::uint32_t nb) const;
  std::uint32_t size() const { return size_; }
  // Bytes held for a list of `size` words (what build allocates at most).
  static std::size_t bytes_for(std::uint64_t size);

 private:
  std::vector<std::uint64_t> rows_;  // 32 rows of stride_ words; row i: the words with bit i clear
  std::uint32_t stride_ = 0;         // 64-bit words a row, with 9 zero words past the list
  std::uint32_t size_ = 0;
};

}  // namespace nq::detail
