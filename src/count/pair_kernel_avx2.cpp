// SPDX-License-Identifier: MIT
// The avx2 word kernel (pair_kernels.hpp), its functions compiled for AVX2 by target attributes.
// 32-bit words: the tests packed into bytes. Four vectors of the longer list stay in registers
// against each word of the other broadcast; their four ANDs are packed by two vpackssdw and one
// vpacksswb into one vector of 32 bytes, and a compare with zero and a subtract count the bytes
// that are zero. Signed saturation keeps a nonzero lane nonzero, so a byte is zero exactly where
// its pair is disjoint. That is 9 vector instructions for 32 pairs against the 12 of an AND, a
// compare and a subtract a vector (pair_kernel_portable.hpp), and the loop is bound by what it
// issues (docs/journal/count.md, "Tests packed into bytes, and the bit order by pext"). The packs
// change the lanes' order, which a count does not see. The hot loop's invariant: a byte counts to
// 255, so the other list is taken 255 words at a time and each stretch's bytes are added into
// 64-bit lanes by one vpsadbw, which cannot overflow. The list's last words are loaded into zeros,
// in one, two (packed once, into 16-bit counters) or four vectors; a zero word meets every word,
// so each of its lanes counts nb, which the caller takes off once.
// 64-bit words: the portable loop with four vectors of 4 words in registers (vpackssdw would pack
// a word's two halves apart).
#include "count/pair_kernel_portable.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

#define NQ_AVX2_TARGET gnu::target("avx2")

// acc, counting the disjoint pairs of x and the words of v[0, Vecs) (Vecs = 1, 2 or 4) in its
// 32-, 16- or 8-bit lanes.
template <u32 Vecs>
[[NQ_AVX2_TARGET, gnu::always_inline]] inline __m256i add_packed_tests(__m256i acc,
                                                                       const __m256i* v, __m256i x,
                                                                       __m256i zero) {
  if constexpr (Vecs == 4) {
    const __m256i p = _mm256_packs_epi32(_mm256_and_si256(v[0], x), _mm256_and_si256(v[1], x));
    const __m256i q = _mm256_packs_epi32(_mm256_and_si256(v[2], x), _mm256_and_si256(v[3], x));
    return _mm256_sub_epi8(acc, _mm256_cmpeq_epi8(_mm256_packs_epi16(p, q), zero));
  } else if constexpr (Vecs == 2) {
    const __m256i p = _mm256_packs_epi32(_mm256_and_si256(v[0], x), _mm256_and_si256(v[1], x));
    return _mm256_sub_epi16(acc, _mm256_cmpeq_epi16(p, zero));
  } else {
    return _mm256_sub_epi32(acc, _mm256_cmpeq_epi32(_mm256_and_si256(v[0], x), zero));
  }
}

// sums (four 64-bit lanes) plus the disjoint pairs of v's words and b[0, nb). A stretch of at
// most 255 words leaves at most 255 in a counter, which fits its lowest byte, so vpsadbw's sum of
// bytes is the sum of counters at every width.
template <u32 Vecs>
[[NQ_AVX2_TARGET, gnu::always_inline]] inline __m256i add_packed_pass(__m256i sums,
                                                                      const __m256i* v,
                                                                      const u32* b, u32 nb) {
  const __m256i zero = _mm256_setzero_si256();
  for (u32 i = 0; i < nb;) {
    const u32 end = i + std::min<u32>(255, nb - i);
    __m256i acc = zero;
    for (; i < end; ++i)
      acc = add_packed_tests<Vecs>(acc, v, _mm256_set1_epi32(static_cast<int>(b[i])), zero);
    sums = _mm256_add_epi64(sums, _mm256_sad_epu8(acc, zero));
  }
  return sums;
}

// sums plus the disjoint pairs of a[0, na) and b[0, nb), and the zero lanes' matches in `padded`
// (to be taken off).
[[NQ_AVX2_TARGET, gnu::always_inline]] inline __m256i add_block_packed(__m256i sums, u64& padded,
                                                                       const u32* a, u32 na,
                                                                       const u32* b, u32 nb) {
  u32 j = 0;
  __m256i v[4];
  for (; j + 32 <= na; j += 32) {
    for (u32 k = 0; k < 4; ++k)
      v[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + j + 8 * k));
    sums = add_packed_pass<4>(sums, v, b, nb);
  }
  if (j == na) return sums;
  // The last words under lane masks (a vector past them is zero, and no address past them is
  // formed): a zeroed copy on the stack spent a good share of the kernel's time clearing it
  // (docs/journal/count.md, "Tests packed into bytes, and the bit order by pext").
  const u32 left = na - j;
  const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (u32 k = 0; k < 4; ++k) {
    v[k] = left > 8 * k
               ? _mm256_maskload_epi32(
                     reinterpret_cast<const int*>(a + j + 8 * k),
                     _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(left - 8 * k)), lane))
               : _mm256_setzero_si256();
  }
  const u32 lanes = left <= 8 ? 8 : left <= 16 ? 16 : 32;
  padded += u64{lanes - left} * nb;
  if (lanes == 8) return add_packed_pass<1>(sums, v, b, nb);
  if (lanes == 16) return add_packed_pass<2>(sums, v, b, nb);
  return add_packed_pass<4>(sums, v, b, nb);
}

[[NQ_AVX2_TARGET, gnu::always_inline]] inline u64 sum_packed(__m256i sums, u64 padded) {
  alignas(32) u64 lane[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lane), sums);
  return lane[0] + lane[1] + lane[2] + lane[3] - padded;
}

[[NQ_AVX2_TARGET]] u64 block_avx2(const u32* a, u32 na, const u32* b, u32 nb) {
  longer_first(a, na, b, nb);
  u64 padded = 0;
  const __m256i sums = add_block_packed(_mm256_setzero_si256(), padded, a, na, b, nb);
  return sum_packed(sums, padded);
}
[[NQ_AVX2_TARGET]] u64 batch_avx2(const u32* w, const u32* e, const Leaf* leaves, u32 n) {
  __m256i sums = _mm256_setzero_si256();
  u64 padded = 0;
  for (u32 i = 0; i < n; ++i) {
    const u32* a = w + leaves[i].w0;
    const u32* b = e + leaves[i].e0;
    u32 na = leaves[i].nw, nb = leaves[i].ne;
    longer_first(a, na, b, nb);
    sums = add_block_packed(sums, padded, a, na, b, nb);
  }
  return sum_packed(sums, padded);
}

[[NQ_AVX2_TARGET]] u64 block_avx2(const u64* a, u32 na, const u64* b, u32 nb) {
  return portable::count_block<u64, 32, 4>(a, na, b, nb);
}
[[NQ_AVX2_TARGET]] u64 batch_avx2(const u64* w, const u64* e, const Leaf* leaves, u32 n) {
  return portable::count_batch<u64, 32, 4>(w, e, leaves, n);
}

}  // namespace

const WordKernels kAvx2Kernels{
    .block = block_avx2, .batch = batch_avx2, .wide_block = block_avx2, .wide_batch = batch_avx2};

#undef NQ_AVX2_TARGET

}  // namespace nq::detail

#endif
