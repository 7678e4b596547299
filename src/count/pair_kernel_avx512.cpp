// SPDX-License-Identifier: MIT
// The avx512 word kernel (pair_kernels.hpp), its functions compiled for AVX-512 F, VL and BW by
// target attributes: 64-byte vectors of 16 words (8 wide ones). The scheme of the portable loop
// (pair_kernel_portable.hpp), with four vectors of the longer list in registers against each word
// of the other broadcast, but written with the mask intrinsics: a vector's test is one vptestnmd
// (vptestnmq) and one masked add, where both g++ 12 and clang 14 make three instructions of the
// vector-extension form `acc -= (Vec)((v & x) == 0)` at this width, which ran slower; four vectors
// beat two and three (docs/journal/count.md, "The memory budget, the AVX-512 kernel and n = 22
// before the bit order", "On an Intel Xeon with AVX-512: n = 22 in 23.4 min"). The tail is loaded
// and tested under a lane mask, so nothing needs padding or taking off again. The overloads below
// are the only places the word size shows. The hot loop's invariant: with 32-bit words a pass
// covers na * nb < 2^32 pairs (count_block slices the shorter list so, a batch's blocks are
// small: kTuning.batched_pairs), so no lane and no sum of lanes passes 2^32 - 1; 64-bit lanes
// cannot overflow.
#include <cstring>
#include <type_traits>

#include "count/cpu.hpp"
#include "count/pair_kernels.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include <algorithm>

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

#define NQ_AVX512_TARGET gnu::target("avx512f,avx512vl,avx512bw")

template <class Word>
using LaneMask = std::conditional_t<sizeof(Word) == 4, __mmask16, __mmask8>;

template <class Word>
constexpr u32 kLanes = 64 / sizeof(Word);
template <class Word>
constexpr auto kAllLanes = static_cast<LaneMask<Word>>((u64{1} << kLanes<Word>)-1);

template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline LaneMask<Word> first_lanes(u32 n) {
  return static_cast<LaneMask<Word>>(n >= kLanes<Word> ? (1u << kLanes<Word>)-1 : (1u << n) - 1);
}

[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i splat(u32 x) {
  return _mm512_set1_epi32(static_cast<int>(x));
}
[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i splat(u64 x) {
  return _mm512_set1_epi64(static_cast<long long>(x));
}

[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i load_live(__mmask16 live, const u32* p) {
  return _mm512_maskz_loadu_epi32(live, p);
}
[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i load_live(__mmask8 live, const u64* p) {
  return _mm512_maskz_loadu_epi64(live, p);
}

// acc + 1 in the lanes where v & x == 0 (and the lane is in `live`).
[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i add_disjoint(__m512i acc, __mmask16 live,
                                                                     __m512i v, __m512i x,
                                                                     __m512i one) {
  return _mm512_mask_add_epi32(acc, _mm512_mask_testn_epi32_mask(live, v, x), acc, one);
}
[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i add_disjoint(__m512i acc, __mmask8 live,
                                                                     __m512i v, __m512i x,
                                                                     __m512i one) {
  return _mm512_mask_add_epi64(acc, _mm512_mask_testn_epi64_mask(live, v, x), acc, one);
}

template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i add_words(__m512i x, __m512i y) {
  return sizeof(Word) == 4 ? _mm512_add_epi32(x, y) : _mm512_add_epi64(x, y);
}

// The sum of the lanes, halving through 32- and 16-byte vectors (_mm512_reduce_add_epi32 draws
// a false -Wmaybe-uninitialized from g++ 12's own header).
template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline Word sum_lanes(__m512i v) {
  using Vec8 [[gnu::vector_size(32)]] = Word;
  using Vec4 [[gnu::vector_size(16)]] = Word;
  Vec8 lo8, hi8;
  std::memcpy(&lo8, &v, sizeof lo8);
  std::memcpy(&hi8, reinterpret_cast<const char*>(&v) + sizeof lo8, sizeof hi8);
  const Vec8 s8 = lo8 + hi8;
  Vec4 lo4, hi4;
  std::memcpy(&lo4, &s8, sizeof lo4);
  std::memcpy(&hi4, reinterpret_cast<const char*>(&s8) + sizeof lo4, sizeof hi4);
  const Vec4 s4 = lo4 + hi4;
  Word sum = 0;
  for (std::size_t l = 0; l < 16 / sizeof(Word); ++l) sum += s4[l];
  return sum;
}

// One pass over b[0, nb) against the vectors from a: kWhole whole ones into acc[0, kWhole),
// then, with kLast, one of the `live` lanes into acc[kWhole] (kWhole + kLast <= 4).
template <class Word, u32 kWhole, bool kLast>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline void add_pass(__m512i (&acc)[4], const Word* a,
                                                              LaneMask<Word> live, const Word* b,
                                                              u32 nb) {
  constexpr u32 kVecs = kWhole + (kLast ? 1 : 0);
  const __m512i one = splat(Word{1});
  __m512i v[kVecs];
#pragma GCC unroll 4
  for (u32 k = 0; k < kWhole; ++k) v[k] = _mm512_loadu_si512(a + k * kLanes<Word>);
  if constexpr (kLast) v[kWhole] = load_live(live, a + kWhole * kLanes<Word>);
  for (u32 i = 0; i < nb; ++i) {
    const __m512i x = splat(b[i]);
#pragma GCC unroll 4
    for (u32 k = 0; k < kVecs; ++k) {
      acc[k] = add_disjoint(acc[k], k < kWhole ? kAllLanes<Word> : live, v[k], x, one);
    }
  }
}

// add_pass<Whole, true> for whole = Whole, ..., 3.
template <class Word, u32 Whole>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline void tail_passes(u32 whole, __m512i (&acc)[4],
                                                                 const Word* a, LaneMask<Word> live,
                                                                 const Word* b, u32 nb) {
  if constexpr (Whole < 3) {
    if (whole != Whole) return tail_passes<Word, Whole + 1>(whole, acc, a, live, b, nb);
  }
  add_pass<Word, Whole, true>(acc, a, live, b, nb);
}

// The matches of b[0..nb) against a[0..na), by lanes: their sum is the count. With 32-bit words
// it requires na * nb < 2^32: no lane, and no sum of lanes, can then pass 2^32 - 1, so the lanes
// are summed as 32-bit words; 64-bit lanes cannot overflow.
template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i pass_lanes(const Word* a, u32 na,
                                                                   const Word* b, u32 nb) {
  __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512()};
  u32 j = 0;
  for (; j + 4 * kLanes<Word> <= na; j += 4 * kLanes<Word>) {
    add_pass<Word, 4, false>(acc, a + j, kAllLanes<Word>, b, nb);
  }
  // Under four vectors left: one more pass over b with all of them, the last one partly live.
  // (Two vectors a pass and then one took two passes for 33 to 63 words left, where odd n's
  // small blocks spend much of their time: docs/journal/count.md, "Odd n's small costs, and the
  // shared west half measured".)
  if (j < na) {
    const u32 left = na - j;
    const u32 whole = (left - 1) / kLanes<Word>;  // vectors before the last, under 4
    tail_passes<Word, 0>(whole, acc, a + j, first_lanes<Word>(left - whole * kLanes<Word>), b, nb);
  }
  return add_words<Word>(add_words<Word>(acc[0], acc[1]), add_words<Word>(acc[2], acc[3]));
}

// One block (na, nb >= 1): with 32-bit words the shorter list is taken in slices small enough
// for 32-bit lanes.
template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline u64 count_block(const Word* a, u32 na,
                                                                const Word* b, u32 nb) {
  longer_first(a, na, b, nb);
  if (sizeof(Word) == 8 || u64{na} * nb <= 0xFFFFFFFFu) {
    return sum_lanes<Word>(pass_lanes(a, na, b, nb));
  }
  const u32 slice = 0xFFFFFFFFu / na;  // at least 1, and under nb
  u64 total = 0;
  for (u32 i = 0; i < nb;) {
    const u32 n = std::min(slice, nb - i);
    total += sum_lanes<Word>(pass_lanes(a, na, b + i, n));
    i += n;
  }
  return total;
}

// A batch with its lanes added up once, not once a block (each block's are bounded by its pairs,
// so the 32-bit lanes cannot overflow: see kTuning.batched_pairs). Odd n's blocks are small, and a
// call, its set-up and its horizontal sum are a good part of one (docs/journal/count.md, "Small
// blocks: batched, merged, and the descent's calls").
template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline u64 count_batch(const Word* w, const Word* e,
                                                                const Leaf* leaves, u32 n) {
  __m512i total = _mm512_setzero_si512();
  for (u32 i = 0; i < n; ++i) {
    const Word* a = w + leaves[i].w0;
    const Word* b = e + leaves[i].e0;
    u32 na = leaves[i].nw, nb = leaves[i].ne;
    longer_first(a, na, b, nb);
    total = add_words<Word>(total, pass_lanes(a, na, b, nb));
  }
  return sum_lanes<Word>(total);
}

[[NQ_AVX512_TARGET]] u64 block_avx512(const u32* a, u32 na, const u32* b, u32 nb) {
  return count_block(a, na, b, nb);
}
[[NQ_AVX512_TARGET]] u64 block_avx512(const u64* a, u32 na, const u64* b, u32 nb) {
  return count_block(a, na, b, nb);
}
[[NQ_AVX512_TARGET]] u64 batch_avx512(const u32* w, const u32* e, const Leaf* leaves, u32 n) {
  return count_batch(w, e, leaves, n);
}
[[NQ_AVX512_TARGET]] u64 batch_avx512(const u64* w, const u64* e, const Leaf* leaves, u32 n) {
  return count_batch(w, e, leaves, n);
}

}  // namespace

bool has_avx512() {
  static const bool yes =
      (__builtin_cpu_init(),
       cpu_allows_avx512(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                         __builtin_cpu_supports("avx512bw")));
  return yes;
}

const WordKernels kAvx512Kernels{.block = block_avx512,
                                 .batch = batch_avx512,
                                 .wide_block = block_avx512,
                                 .wide_batch = batch_avx512};

#undef NQ_AVX512_TARGET

}  // namespace nq::detail

#endif
