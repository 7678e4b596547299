// SPDX-License-Identifier: MIT
// The pair count's kernel for large blocks, bit-sliced: how many pairs (a, b) of 32-bit (or
// 64-bit) words, a from a range of one list and b from another list, have a & b == 0.
//
// The list is stored transposed once (SlicedWords::build): for each bit position, one bitset over
// the list, bit j set when word j has that bit clear. For a range of up to 512 words the words
// disjoint from b are the AND of the bitsets of b's set bits, and their number is a popcount.
// Taken four bits of b at a time, each group's AND is looked up in a table of its 16 values built
// once per range (16 x 8 entries of 512 bits, 8 KiB, for 32-bit words), so each word b costs eight
// lookups, their ANDs and one popcount per 512 words of the range, whatever their bits. Up to four
// ranges' tables are built at a time, so b's table offsets are computed once for them. 64-bit
// words keep the bits up to the highest one some word of the list has, in 8 to 16 groups.
//
// Two builds (SlicedIsa), the same tables and counts:
//   avx512  one 512-bit vector a range: eight loads, four ANDs (three of them of three inputs) and
//           a popcount a word b: several times the pairs a second of the word-against-word kernel
//           (pair_kernels.hpp) on blocks of hundreds of words a side or more, a third of it on
//           blocks of tens (docs/journal/count.md, "A bit-sliced kernel for large blocks"). Needs
//           AVX-512 F, BW, VL, DQ and VPOPCNTDQ, and BMI2.
//   avx2    two 256-bit halves a range (a half that holds no words of [begin, end), or none
//           that a word b's top bits leave it, is neither built nor streamed), and the popcount
//           by a nibble table (vpshufb) into byte counters that are summed every 15 words b
//           (where a word b meets four or eight halves, its vectors go through carry-save
//           adders first, and only their fours are counted so). Words
//           of at most 32 bits are looked up in six wider groups (6, 6, 5, 5, 5 and 5 bits; 256
//           entries a half-range, 16 KiB): twelve loads and ten ANDs a word b; past 32 bits, the
//           4-bit groups' sixteen loads and fourteen ANDs. Needs AVX2 and a fast BMI2 (pdep finds
//           the table entries; not AMD before Zen 3).
// The builds are one file each (sliced_pairs_avx512.cpp, sliced_pairs_avx2.cpp) behind
// sliced_builds.hpp; this class (sliced_pairs.cpp) holds the rows and tables and picks the build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace nq::detail {

enum class SlicedIsa { none, avx2, avx512 };

// The best build this processor runs (none: neither).
SlicedIsa sliced_pairs_isa();
// Whether this processor (and build) runs the sliced kernel at all, or the given build of it.
bool sliced_pairs_available();
bool sliced_pairs_available(SlicedIsa isa);

// One list of 32- or 64-bit words, transposed. Requires its build to be available for build and
// count, and a count's words of the size the list was built from.
class SlicedWords {
 public:
  SlicedWords() : isa_(sliced_pairs_isa()) {}
  explicit SlicedWords(SlicedIsa isa) : isa_(isa) {}
  SlicedIsa isa() const { return isa_; }
  // Words of the list a range holds (one AVX-512 vector's bits, two AVX2 vectors'): a count's
  // tables are built by range.
  static constexpr std::uint32_t kRangeWords = 512;
  // Transposes words[0, size), replacing what was held.
  void build(const std::uint32_t* words, std::uint32_t size);
  // The same for 64-bit words: only the bits up to the highest that some word has are kept (a
  // word b's bits above meet none), and a word b costs as many loads as they make 4-bit groups
  // (rounded up to 8, 10, 12, 14 or 16; the ranges' tables are built two at a time past 8).
  // The bits from `bits` up are left out too: the caller says that no word b has any there.
  void build(const std::uint64_t* words, std::uint32_t size, std::uint32_t bits = 64);
  // The pairs of words [begin, end) of the list (end <= size) and b[0, nb) with AND zero. The
  // tables of the last range of up to four ranges of 512 words (two past 32-bit words) are kept
  // until the next build, and a count of the same range again reuses them.
  std::uint64_t count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                      std::uint32_t nb);
  std::uint64_t count(std::uint32_t begin, std::uint32_t end, const std::uint64_t* b,
                      std::uint32_t nb);
  // The same, for a range sorted by its words' top bits: its words [begin, end) are in ascending
  // order of their bits [shift, shift + k), k <= 4 (the words have none above; for the trie join,
  // its bits below the cut), and ends[u] (u < 2^k) is where the words whose bits there are at most
  // u end (any place past the range counts as its end, any before it as its begin). A word b whose
  // bits there are v meets no word past ends[~v] (they would share one), so it skips the ranges
  // past that place. b is taken in runs of words that skip alike: found by a scan when b_ends is
  // null (b is then best sorted the same way, though any order counts the same), else b is sorted
  // so and b_ends[u] is where its words with bits at most u end (an index of b, or past nb).
  // k = 0 counts as the plain count. `streamed`: the words b that this count and the next counts
  // of the same range take in all (0: nb), for which the avx2 build picks its tables' layout for
  // words of at most 32 bits (six wider groups for 1,024 words b or more, where the tables are
  // kept: ranges of at most four times 512 words).
  std::uint64_t count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                      std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                      const std::uint32_t* ends, const std::uint32_t* b_ends = nullptr,
                      std::uint64_t streamed = 0);
  std::uint64_t count(std::uint32_t begin, std::uint32_t end, const std::uint64_t* b,
                      std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                      const std::uint32_t* ends, const std::uint32_t* b_ends = nullptr,
                      std::uint64_t streamed = 0);
  std::uint32_t size() const { return size_; }
  // 4-bit groups of a word b: 8 for 32-bit words (which the avx2 build looks up as six wider ones).
  std::uint32_t groups() const { return groups_; }
  // Bytes held for a list of `size` words of `word_bits` (32 or 64) bits.
  static std::size_t bytes_for(std::uint64_t size, std::uint32_t word_bits);

 private:
  void* table_space(std::uint32_t begin, std::uint32_t end, bool& built);
  void require() const;
  template <class Word>
  std::uint64_t count_any(std::uint32_t begin, std::uint32_t end, const Word* b, std::uint32_t nb,
                          std::uint32_t shift, std::uint32_t k, const std::uint32_t* ends,
                          const std::uint32_t* b_ends, std::uint64_t streamed);

  std::vector<std::uint64_t>
      rows_;                  // 32 or 64 rows of stride_ words; row i: words with bit i clear
  std::uint32_t stride_ = 0;  // 64-bit words a row, with 9 words past the list
  std::uint32_t size_ = 0;
  std::uint32_t groups_ = 8;
  std::vector<std::uint64_t> tables_;  // 64 KiB of tables, 64 bytes more to align them
  std::uint32_t tables_begin_ = 0, tables_end_ = 0;  // the range they are for; end 0: none
  bool six_ = false;                                 // the tables are the avx2 build's six groups
  SlicedIsa isa_;
};

}  // namespace nq::detail
