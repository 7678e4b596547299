// SPDX-License-Identifier: MIT
// The word kernel in GCC's vector extensions (pair_kernels.hpp), with no intrinsics: it compiles
// for the instruction set of the function it is inlined into, the baseline's in
// pair_kernel_generic.cpp and AVX2's for 64-bit words in pair_kernel_avx2.cpp.
// Pairs with AND zero between two short lists. Vecs vectors of the longer list stay in registers
// while the other list streams past them, broadcast, so there is no horizontal sum per pattern:
// a vector's test is an AND, a compare with zero and a subtract (`acc -= (v & x) == 0`, a true
// lane being all ones). The last vector of the longer list is loaded into zeros and counted in
// its own lanes, which are masked to the live ones once, after the pass: nothing is padded or
// taken off again, and b is read once. The caller sums the lanes, so a batch of small blocks
// pays for one sum. The hot loop's invariant: with 32-bit words no lane can pass na * nb, so a
// pass over a slice with na * nb < 2^32 keeps every lane and their sum in range (count_block
// slices the shorter list so, count_batch's blocks are small: kTuning.batched_pairs); 64-bit lanes
// cannot overflow.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "count/pair_kernels.hpp"

namespace nq::detail::portable {

template <class Word, int Bytes>
using VecOf [[gnu::vector_size(Bytes)]] = Word;

// The tail's pass: Whole full vectors into their accumulators, the last one into `tail`.
template <class Word, int Bytes, std::uint32_t Whole>
[[gnu::always_inline]] inline void tail_pass(VecOf<Word, Bytes>* acc, VecOf<Word, Bytes>& tail,
                                             const VecOf<Word, Bytes>* v,
                                             const VecOf<Word, Bytes>& last, const Word* b,
                                             std::uint32_t nb) {
  using Vec = VecOf<Word, Bytes>;
  for (std::uint32_t i = 0; i < nb; ++i) {
    const Word x = b[i];
    for (std::uint32_t k = 0; k < Whole; ++k) acc[k] -= (Vec)((v[k] & x) == 0);
    tail -= (Vec)((last & x) == 0);
  }
}

// tail_pass<Whole> for whole = Whole, ..., Vecs - 1.
template <class Word, int Bytes, std::uint32_t Vecs, std::uint32_t Whole>
[[gnu::always_inline]] inline void tail_passes(std::uint32_t whole, VecOf<Word, Bytes>* acc,
                                               VecOf<Word, Bytes>& tail,
                                               const VecOf<Word, Bytes>* v,
                                               const VecOf<Word, Bytes>& last, const Word* b,
                                               std::uint32_t nb) {
  if constexpr (Whole + 1 < Vecs) {
    if (whole != Whole)
      return tail_passes<Word, Bytes, Vecs, Whole + 1>(whole, acc, tail, v, last, b, nb);
  }
  tail_pass<Word, Bytes, Whole>(acc, tail, v, last, b, nb);
}

template <class Word, int Bytes, std::uint32_t Vecs>
[[gnu::always_inline]] inline void add_pass_lanes(VecOf<Word, Bytes>& total, const Word* a,
                                                  std::uint32_t na, const Word* b,
                                                  std::uint32_t nb) {
  using Vec = VecOf<Word, Bytes>;
  constexpr std::uint32_t kLanes = Bytes / sizeof(Word);
  Vec acc[Vecs] = {};
  std::uint32_t j = 0;
  for (; j + Vecs * kLanes <= na; j += Vecs * kLanes) {
    Vec v[Vecs];
    for (std::uint32_t k = 0; k < Vecs; ++k) std::memcpy(&v[k], a + j + k * kLanes, sizeof(Vec));
    for (std::uint32_t i = 0; i < nb; ++i) {
      const Word x = b[i];
      for (std::uint32_t k = 0; k < Vecs; ++k) acc[k] -= (Vec)((v[k] & x) == 0);
    }
  }
  if (j < na) {
    // Under Vecs vectors left: one more pass with all of them, the last one partly live.
    const std::uint32_t left = na - j;
    const std::uint32_t whole = (left - 1) / kLanes;   // vectors before the last, under Vecs
    const std::uint32_t live = left - whole * kLanes;  // the last one's live lanes, 1 to kLanes
    Word last_words[kLanes] = {};
    std::memcpy(last_words, a + j + whole * kLanes, live * sizeof(Word));
    Vec last, mask;
    std::memcpy(&last, last_words, sizeof last);
    for (std::uint32_t l = 0; l < kLanes; ++l) mask[l] = l < live ? ~Word{0} : 0;
    Vec v[Vecs - 1 ? Vecs - 1 : 1];
    for (std::uint32_t k = 0; k < whole; ++k) std::memcpy(&v[k], a + j + k * kLanes, sizeof(Vec));
    Vec tail = {};
    // One loop for each count of whole vectors, so that each keeps its vectors in registers.
    tail_passes<Word, Bytes, Vecs, 0>(whole, acc, tail, v, last, b, nb);
    acc[0] += tail & mask;
  }
  for (std::uint32_t k = 0; k < Vecs; ++k) total += acc[k];
}

template <class Word, int Bytes>
[[gnu::always_inline]] inline std::uint64_t sum_lanes(const VecOf<Word, Bytes>& v) {
  std::uint64_t total = 0;
  for (std::uint32_t l = 0; l < Bytes / sizeof(Word); ++l) total += v[l];
  return total;
}

// One block (na, nb >= 1): with 32-bit words the shorter list is taken in slices small enough
// for 32-bit lanes.
template <class Word, int Bytes, std::uint32_t Vecs>
[[gnu::always_inline]] inline std::uint64_t count_block(const Word* a, std::uint32_t na,
                                                        const Word* b, std::uint32_t nb) {
  longer_first(a, na, b, nb);
  // (With 32-bit words, na * nb < 2^32 for each slice.)
  const std::uint32_t slice = sizeof(Word) == 8 ? nb : std::max<std::uint32_t>(1, 0xFFFFFFFFu / na);
  std::uint64_t total = 0;
  for (std::uint32_t i = 0; i < nb;) {
    const std::uint32_t n = std::min(slice, nb - i);
    VecOf<Word, Bytes> lanes = {};
    add_pass_lanes<Word, Bytes, Vecs>(lanes, a, na, b + i, n);
    total += sum_lanes<Word, Bytes>(lanes);
    i += n;
  }
  return total;
}

// A batch with its lanes added up once, not once a block (each block's are bounded by its pairs,
// so 32-bit lanes cannot overflow: see kTuning.batched_pairs).
template <class Word, int Bytes, std::uint32_t Vecs>
[[gnu::always_inline]] inline std::uint64_t count_batch(const Word* w, const Word* e,
                                                        const Leaf* leaves, std::uint32_t n) {
  VecOf<Word, Bytes> total = {};
  for (std::uint32_t i = 0; i < n; ++i) {
    const Word* a = w + leaves[i].w0;
    const Word* b = e + leaves[i].e0;
    std::uint32_t na = leaves[i].nw, nb = leaves[i].ne;
    longer_first(a, na, b, nb);
    add_pass_lanes<Word, Bytes, Vecs>(total, a, na, b, nb);
  }
  return sum_lanes<Word, Bytes>(total);
}

}  // namespace nq::detail::portable
