// SPDX-License-Identifier: MIT
// The halves engine's inner loop: how many pairs (w, e) of 32-bit patterns have w & e == 0, for
// two lists that are each sorted into 2^cut buckets by `cut` further pattern bits. Only buckets
// whose indices are disjoint are compared (those bits would clash otherwise), exhaustively, by a
// vector loop. The loop is compiled three times, and the best one the processor runs is used
// unless a kernel is asked for:
//   generic  baseline x86-64 (or whatever the target is): 32-byte vectors of 8 words;
//   avx2     the same code for AVX2;
//   avx512   AVX-512 F, VL and BW (checked at run time): 64-byte vectors of 16 words, four of
//            them in registers against the other list's words broadcast, the tests as masks; a
//            bucket's tail is tested under a lane mask, and a bucket pair of 2^32 word pairs or
//            more is counted in slices, so 32-bit lanes never overflow.
// `best` is avx512 if the processor has it, else avx2 if it has that, else generic. Asking for a
// kernel the processor lacks gets the best one it has below that one.
#pragma once

#include <cstdint>

namespace nq::detail {

enum class PairKernel { best, generic, avx2, avx512 };

// Whether this processor (and build) runs `kernel`; best and generic always.
bool pair_kernel_available(PairKernel kernel);

// The words are sorted into 2^fine buckets (fine >= cut; a smaller value counts as cut) by the
// `fine` pattern bits above the words' own bits; the words hold the bits below the top `cut` of
// those, so the lower fine - cut bucket bits are also the words' highest bits.
// west_start[b] .. west_start[b + 1] indexes the words of west bucket b (b < 2^fine); the same
// for east. The count descends the bucket bits one at a time, following only the prefixes that
// are disjoint (a trie join); below `cut` it always splits, and from `cut` on it splits a block
// of west and east words only while it has more than `leaf_pairs` pairs, comparing the others
// exhaustively with the kernel. `pairs` grows by the number of pairs compared. Requires
// fine <= 24.
std::uint64_t count_bucket_pairs(const std::uint32_t* west_start, const std::uint32_t* west,
                                 const std::uint32_t* east_start, const std::uint32_t* east,
                                 std::uint32_t cut, std::uint64_t& pairs,
                                 PairKernel kernel = PairKernel::best, std::uint32_t fine = 0,
                                 std::uint64_t leaf_pairs = 0);

}  // namespace nq::detail
