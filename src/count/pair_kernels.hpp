// SPDX-License-Identifier: MIT
// The pair count's word kernels (pair_count.hpp), one translation unit an instruction set behind
// this interface (a WordKernels table each): pair_kernel_generic.cpp (the baseline),
// pair_kernel_avx2.cpp and pair_kernel_avx512.cpp (x86-64 only, their functions compiled for those
// sets by target attributes, so the rest of the program keeps the baseline). Each counts the pairs
// (a, b) with a & b == 0 of one block, a from a[0, na) and b from b[0, nb) (na, nb >= 1: block_*),
// or of a batch of small blocks held as Leaf records into the two lists, whose lanes are summed
// once (batch_*). The descent (descent.hpp) calls them through BlockFn and BatchFn pointers, chosen
// once a join (pair_count.cpp).
// The invariant every kernel keeps: no count held in a 32-bit lane passes 2^32 - 1. A lane counts
// at most one pair of each word of the other list, so a block's lanes hold at most na * nb: a
// block of 2^32 pairs or more is counted in slices of its shorter list, and a batch holds at most
// kTuning.batch blocks of at most kTuning.batched_pairs pairs (2^24 in all). 64-bit lanes cannot
// overflow.
#pragma once

#include <cstdint>
#include <utility>

#include "count/tuning.hpp"

namespace nq::detail {

// A small block the descent holds for a batch: words [w0, w0 + nw) of the west list against
// [e0, e0 + ne) of the east one.
struct Leaf {
  std::uint32_t w0, nw, e0, ne;
};

// Blocks of at most kTuning.batched_pairs pairs are batched, at most kTuning.batch at a time: a
// batch's count is then at most 2^24, so 32-bit lanes can hold it.
static_assert(kTuning.batched_pairs * kTuning.batch <= std::uint64_t{1} << 24,
              "a batch's count must fit the kernels' 32-bit lanes");

template <class Word>
using BlockFn = std::uint64_t (*)(const Word* a, std::uint32_t na, const Word* b, std::uint32_t nb);
template <class Word>
using BatchFn = std::uint64_t (*)(const Word* w, const Word* e, const Leaf* leaves,
                                  std::uint32_t n);

// The kernels hold the longer of a block's two lists in registers.
template <class Word>
[[gnu::always_inline]] inline void longer_first(const Word*& a, std::uint32_t& na, const Word*& b,
                                                std::uint32_t& nb) {
  if (na < nb) {
    std::swap(a, b);
    std::swap(na, nb);
  }
}

// A build's functions: a block and a batch function for each word size.
struct WordKernels {
  BlockFn<std::uint32_t> block;
  BatchFn<std::uint32_t> batch;
  BlockFn<std::uint64_t> wide_block;
  BatchFn<std::uint64_t> wide_batch;
};

extern const WordKernels kGenericKernels;
#if defined(__x86_64__)
extern const WordKernels kAvx2Kernels;    // requires AVX2 (cpu_has_avx2)
extern const WordKernels kAvx512Kernels;  // requires AVX-512 F, VL and BW (has_avx512)
bool has_avx512();
#endif

}  // namespace nq::detail
