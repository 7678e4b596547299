// SPDX-License-Identifier: MIT
// The bit-sliced kernel's builds (sliced_pairs.hpp), one translation unit each behind this
// interface: sliced_pairs_avx512.cpp and sliced_pairs_avx2.cpp (x86-64 only, their functions
// compiled for those instruction sets by target attributes). SlicedWords (sliced_pairs.cpp) calls
// a build to transpose a list into rows (build_rows) and to count a range of it against words b
// (count, and the avx2 build's count_six); what the builds share is written once in
// sliced_common.hpp. Both lay out the rows alike (row i: a bit per word, set when the word has bit
// i clear, 9 words of padding past the list) and the tables of a range alike (entry (r, g, v): the
// 512 bits of range r's words whose group g misses every bit of v). The invariant of every count:
// a word of the range is counted for b only where the tables' entries of all b's groups keep it,
// and each entry keeps only the range's words (`live`), so the padding and the words past the
// range never count.
#pragma once

#include <cstddef>
#include <cstdint>

#include "count/sliced_pairs.hpp"
#include "count/tuning.hpp"

namespace nq::detail::sliced {

constexpr std::uint32_t kRangeWords = SlicedWords::kRangeWords;
// Ranges whose tables are built at a time: 32 KiB of tables, within the first-level cache, and
// half as many where a range has more than 8 groups (the avx2 build's six wider groups take 64 KiB
// for four ranges, yet pay only where they are kept: SixGroups).
constexpr std::uint32_t ranges_at_a_time(std::uint32_t groups) {
  return groups <= 8 ? kTuning.table_ranges : kTuning.table_ranges / 2;
}
constexpr std::uint32_t kPad = 9;  // words past a row: a range's window reads 9 words
constexpr std::size_t kTableBytes = 64 << 10;

// A range sorted by its words' top bits (SlicedWords::count): bits [shift, shift + k) of a word
// are its key, and ends[u] is where the range's words with keys at most u end.
struct TopBits {
  std::uint32_t shift, mask;
  const std::uint32_t* ends;
  const std::uint32_t* b_ends;  // null, or the same for b (then sorted by key)
};

// One count: the words [begin, end) of a transposed list against words b.
struct RangeCount {
  const std::uint64_t* rows;
  std::uint32_t stride;  // 64-bit words a row
  std::uint32_t groups;  // 4-bit groups of a word b
  std::uint32_t begin, end;
  void* tables;        // kTableBytes, 64-byte aligned
  bool built;          // the tables already hold [begin, end)'s (at most ranges_at_a_time ranges)
  const TopBits* top;  // null: every word b meets every range
};

#if defined(__x86_64__)

// Each needs AVX-512 F, BW, VL, DQ and VPOPCNTDQ, and BMI2 (available()).
namespace avx512 {
bool available();
// The rows of words[0, size): 32 of them, and 32 more for 64-bit words where `bits` > 32.
void build_rows(const std::uint32_t* words, std::uint32_t size, std::uint64_t* rows,
                std::uint32_t stride);
void build_rows(const std::uint64_t* words, std::uint32_t size, std::uint32_t bits,
                std::uint64_t* rows, std::uint32_t stride);
std::uint64_t count(const RangeCount& range, const std::uint32_t* b, std::uint32_t nb);
std::uint64_t count(const RangeCount& range, const std::uint64_t* b, std::uint32_t nb);
}  // namespace avx512

// Each needs AVX2, POPCNT and BMI2.
namespace avx2 {
void build_rows(const std::uint32_t* words, std::uint32_t size, std::uint64_t* rows,
                std::uint32_t stride);
void build_rows(const std::uint64_t* words, std::uint32_t size, std::uint32_t bits,
                std::uint64_t* rows, std::uint32_t stride);
std::uint64_t count(const RangeCount& range, const std::uint32_t* b, std::uint32_t nb);
std::uint64_t count(const RangeCount& range, const std::uint64_t* b, std::uint32_t nb);
// The same in six wider groups, for words b of at most 32 bits (range.groups 8).
std::uint64_t count_six(const RangeCount& range, const std::uint32_t* b, std::uint32_t nb);
std::uint64_t count_six(const RangeCount& range, const std::uint64_t* b, std::uint32_t nb);
}  // namespace avx2

#endif

}  // namespace nq::detail::sliced
