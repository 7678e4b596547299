// SPDX-License-Identifier: MIT
// The counting engines' tuning, in one table (as CaDiCaL keeps its options): every constant that
// was chosen by measuring, with its value or its rule by n, the values tried, the one-line reason,
// and the journal entry that measured it (docs/journal/count.md, by its title). The code reads
// them through one constexpr struct, kTuning, so a constant is written here once and its uses
// stay compile-time constants in the hot loops. Constants that follow from the data's shape (a
// lane's width, a bit's place in a pattern) are not tuning and stay beside their code.
//
// A row: X(type, name, value, tried, reason, journal entry); "none" where the value was chosen
// without a measurement (a floor, a bound). The bucket cut, the one rule by n, is kCutByN below.
//
// Example:
//   for (u32 visit = 0; visit < kTuning.visits_ahead; ++visit) ...
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "nqueens/count.hpp"
#include "tuning_row.hpp"

namespace nq::detail {

// The sliced kernel's costs in about the instructions each takes (descent.cpp's cost rule): a pair
// by the word kernel, a word streamed past a range, each range it meets, building a range's tables.
struct SlicedCosts {
  double per_pair, per_word, per_range, per_table;
};

// clang-format off
#define NQ_COUNT_TUNING(X)                                                                          \
  /* The halves engine: buckets, trie and joins */                                                  \
  X(int, most_cut, 18, "18, 22 (64-bit words at n = 28)",                                           \
    "bucket bits above the words at most: past 18 the forced descent costs more than it saves",      \
    "64-bit words at n = 28")                                                                       \
  X(int, fine_bits, 4, "3, 4, 5, 6, 8",                                                             \
    "bucket bits below the cut that the trie join may split where blocks are large",                 \
    "The sort's cursors, and whole loads in the join")                                              \
  X(int, dense_bits, 18, "18 and all (n = 26-28)",                                                  \
    "bucket bits a dense table indexes; binary search below it from n = 26 on",                     \
    "Wide patterns for n = 26, 27 and 28")                                                          \
  X(std::uint64_t, leaf_pairs, std::uint64_t{1} << 14, "2^12, 2^14, 2^16",                          \
    "the trie join's largest block compared whole, without splitting further",                       \
    "Subproblems that read the same slices, side by side")                                          \
  X(long, direct_run, 256, "128, 256, 512",                                                         \
    "a join whose shorter run has at most this many half-boards compares the runs unsorted",         \
    "On an Intel Xeon with AVX-512: n = 22 in 23.4 min")                                            \
  X(double, order_pairs, 0x1p20, "(kept from its first measure)",                                   \
    "subproblems whose first chunks make fewer pairs keep the layout's bit order",                   \
    "The bit order, and n = 22 in 40.8 minutes")                                                    \
  X(double, greedy_pairs, 0x1p29, "2^27, 2^29, 2^31",                                               \
    "lists that make at least this many pairs have their first bit ranks chosen greedily",           \
    "Odd n's passes after the sliced kernel")                                                       \
  X(int, greedy_ranks, 16, "16, 20",                                                                \
    "the bit ranks chosen greedily (more where the trie is deeper than 16 levels, n >= 24)",         \
    "A larger sample for the greedy bit order")                                                     \
  X(double, greedy_side_share, 256, "256, and a grid twice as wide",                                \
    "the greedy order's sample grid has sqrt(pairs) / this on a side",                               \
    "A larger sample for the greedy bit order")                                                     \
  X(std::size_t, greedy_min_side, 128, "(with the share)",                                          \
    "the greedy order's sample grid's side at least", "A larger sample for the greedy bit order")   \
  X(std::size_t, greedy_max_side, 2048, "(with the share)",                                         \
    "the greedy order's sample grid's side at most", "A larger sample for the greedy bit order")    \
  X(std::size_t, order_sample, 256, "(kept from its first measure)",                                \
    "the patterns a bit order's counts are taken from, evenly spaced",                              \
    "The bit order, and n = 22 in 40.8 minutes")                                                    \
  /* The halves engine: building and sorting half-boards */                                         \
  X(std::uint32_t, visits_ahead, 4, "0, 1, 2, 4",                                                   \
    "half() prefetches the south group this many visits on",                                         \
    "Odd n's small costs, and the shared west half measured")                                       \
  X(std::uint32_t, ahead_lines, 8, "4, 8, 16",                                                      \
    "and the first this many cache lines of its diagonals and patterns",                             \
    "Odd n's small costs, and the shared west half measured")                                       \
  X(std::uint32_t, sort_streams, 4, "1, 2, 4, 4 with prefetches",                                   \
    "half-boards sorted into buckets by this many streams with their own cursors",                   \
    "The sort's cursors, and whole loads in the join")                                              \
  X(int, sort_digit_bits, 11, "(kept from its first measure)",                                      \
    "the radix digit of the sort where bucket bits pass the dense table",                            \
    "Wide patterns for n = 26, 27 and 28")                                                          \
  /* The halves engine: chunks and the memory plan */                                               \
  X(std::uint64_t, min_chunk, 1024, "(a floor, not timed)",                                         \
    "half-board entries built and joined at a time, at least: below it a budget is refused",         \
    "none")                                           \
  X(std::uint64_t, good_chunk, std::uint64_t{1} << 16, "(a floor, not timed)",                      \
    "below this chunk, shared tables give way to per-worker slices", "none")                                           \
  X(std::uint64_t, max_chunk, std::uint64_t{1} << 22, "2^22, 2^24",                                 \
    "half-board entries joined at a time, at most, below n = wide_chunk_n",                          \
    "Sampling a window's join: n = 26, 27 and 28 in minutes")                                       \
  X(std::uint64_t, wide_max_chunk, std::uint64_t{1} << 24, "2^22, 2^24",                            \
    "and from n = wide_chunk_n on, where halves hold 10^7-10^8 entries (1 GiB a worker)",           \
    "Sampling a window's join: n = 26, 27 and 28 in minutes")                                       \
  X(int, wide_chunk_n, 26, "26", "the n from which chunks may be wide_max_chunk long",              \
    "Sampling a window's join: n = 26, 27 and 28 in minutes")                                       \
  /* The halves engine: --estimate's windows */                                                     \
  X(double, window_pairs, 0x1p37, "(from minutes to seconds at n = 28)",                            \
    "a window's join above this many pairs follows a random share of its prefix pairs",              \
    "Sampling a window's join: n = 26, 27 and 28 in minutes")                                       \
  X(std::uint32_t, sample_level, 12, "12",                                                          \
    "the prefix pairs a window's share is drawn from: those of this many bucket bits",               \
    "Sampling a window's join: n = 26, 27 and 28 in minutes")                                       \
  /* The pair count and the sliced kernel */                                                        \
  X(std::uint64_t, batched_pairs, std::uint64_t{1} << 16, "(a bound: 32-bit lanes)",                \
    "blocks of at most this many pairs are counted in batches whose lanes are summed once",          \
    "Tests packed into bytes, and the bit order by pext")                                           \
  X(std::uint32_t, batch, 256, "(a bound: a batch's count stays under 2^24)",                       \
    "blocks in a batch, at most", "Tests packed into bytes, and the bit order by pext")             \
  X(std::size_t, later_blocks, std::size_t{1} << 14, "fewer, 2^14, more",                           \
    "sliced blocks held and sorted by range before counting (590 KB a thread)",                      \
    "Shared tables, runs by class and the set-up's tail")                                           \
  X(double, wide_word_cost, 1.5, "(a guess, not tuned)",                                            \
    "the cost rule's weight of a 64-bit word against the sliced kernel",                             \
    "A bit-sliced kernel for large blocks")                                                         \
  X(std::uint64_t, six_group_words, 1024, "256 to 4096",                                            \
    "the AVX2 sliced kernel uses six wider groups from blocks of this many words on",                \
    "Six wider groups in the AVX2 sliced kernel")                                                   \
  X(std::uint32_t, table_ranges, 4, "2, 4",                                                         \
    "ranges whose tables the sliced kernel builds at a time, half as many where they are twice as large", \
    "Six wider groups in the AVX2 sliced kernel")                                                   \
  X(SlicedCosts, avx512_sliced_costs, (SlicedCosts{0.14, 20, 11, 250}), "(run times flat around them)", \
    "the cost rule against the AVX-512 word kernel: a pair, a streamed word, a range it meets, a range's tables", \
    "A bit-sliced kernel for large blocks")                                                         \
  X(SlicedCosts, avx2_sliced_costs, (SlicedCosts{0.28, 20, 18, 250}), "(run times flat around them)", \
    "the same against the AVX2 word kernel, a range counted by its half of 256 words",               \
    "The sliced kernel in AVX2")                                                                    \
  X(std::uint32_t, stop_levels, 6, "(a bound, not timed)",                                          \
    "levels of the trie join at which a requested stop is noticed: at most 3^6 nodes a join ask",    \
    "none")                                                                                         \
  /* The set-up and the counts' progress */                                                         \
  X(int, prefix_rows, 4, "2, 4",                                                                    \
    "the counting pass's pieces of work: the states of this many first rows",                        \
    "The counting pass: the last two rows at once")                                                 \
  X(unsigned, progress_strata, 16, "(not measured)",                                                \
    "strata whose own rates project a run's time left", "none")                                                             \
  X(unsigned, estimate_draws, 2, "(not measured: the fewest a stratum's variance needs)",          \
    "subproblems drawn a stratum by count --estimate", "none")
// clang-format on

struct CountTuning {
  NQ_COUNT_TUNING(NQ_TUNING_FIELD)
};
inline constexpr CountTuning kTuning{};

// The bucket bits above the words by n (before the floors of cut_bits in halves.cpp: at least
// enough that the rest fits a word, and most_cut when words are 64-bit): the fastest cuts
// measured, 3 at n = 18, 2 below and at 19; from n = 20 on a 32-bit word needs 6 (journal
// entries "Tests packed into bytes, and the bit order by pext" and "The sliced kernel in AVX2").
struct CutStep {
  int up_to_n, cut;
};
inline constexpr std::array<CutStep, 4> kCutByN{{{17, 2}, {18, 3}, {19, 2}, {kMaxHalvesN, 6}}};
constexpr int tuned_cut(int n) {
  for (const CutStep& s : kCutByN) {
    if (n <= s.up_to_n) return s.cut;
  }
  return kCutByN.back().cut;
}

// The table's rows, for tests and tools that list it.
inline constexpr TuningRow kTuningRows[] = {NQ_COUNT_TUNING(NQ_TUNING_ROW)};

}  // namespace nq::detail
