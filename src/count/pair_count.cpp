// SPDX-License-Identifier: MIT
#include "count/pair_count.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "count/cpu_avx2.hpp"
#include "count/sliced_pairs.hpp"
#include "split_mix.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

template <class Word>
using BlockFn = u64 (*)(const Word* a, u32 na, const Word* b, u32 nb);

// A small block the descent holds for a batch: words [w0, w0 + nw) of the west list against
// [e0, e0 + ne) of the east one.
struct Leaf {
  u32 w0, nw, e0, ne;
};
// The kernels hold the longer of a block's two lists in registers.
template <class Word>
[[gnu::always_inline]] inline void longer_first(const Word*& a, u32& na, const Word*& b, u32& nb) {
  if (na < nb) {
    std::swap(a, b);
    std::swap(na, nb);
  }
}
// Blocks of at most this many pairs are batched, at most kBatch at a time: a batch's count is then
// at most 2^24, so 32-bit lanes can hold it.
constexpr u64 kBatchedPairs = u64{1} << 16;
constexpr u32 kBatch = 256;
template <class Word>
using BatchFn = u64 (*)(const Word* w, const Word* e, const Leaf* leaves, u32 n);

// ---- Vector extensions: the baseline, and AVX2 for 64-bit words ------------------------------
// Pairs with AND zero between two short lists. Vecs vectors of the longer list stay in registers
// while the other list streams past them, broadcast, so there is no horizontal sum per pattern:
// a vector's test is an AND, a compare with zero and a subtract (`acc -= (v & x) == 0`, a true
// lane being all ones). The last vector of the longer list is loaded into zeros and counted in
// its own lanes, which are masked to the live ones once, after the pass: nothing is padded or
// taken off again, and b is read once. The caller sums the lanes, so a batch of small blocks
// pays for one sum. With 32-bit words no lane can pass na * nb, so na * nb < 2^32 keeps every
// lane and their sum in range; 64-bit lanes cannot overflow.
template <class Word, int Bytes>
using VecOf [[gnu::vector_size(Bytes)]] = Word;

// The tail's pass: Whole full vectors into their accumulators, the last one into `tail`.
template <class Word, int Bytes, u32 Whole>
[[gnu::always_inline]] inline void tail_pass(VecOf<Word, Bytes>* acc, VecOf<Word, Bytes>& tail,
                                             const VecOf<Word, Bytes>* v,
                                             const VecOf<Word, Bytes>& last, const Word* b,
                                             u32 nb) {
  using Vec = VecOf<Word, Bytes>;
  for (u32 i = 0; i < nb; ++i) {
    const Word x = b[i];
    for (u32 k = 0; k < Whole; ++k) acc[k] -= (Vec)((v[k] & x) == 0);
    tail -= (Vec)((last & x) == 0);
  }
}

// tail_pass<Whole> for whole = Whole, ..., Vecs - 1.
template <class Word, int Bytes, u32 Vecs, u32 Whole>
[[gnu::always_inline]] inline void tail_passes(u32 whole, VecOf<Word, Bytes>* acc,
                                               VecOf<Word, Bytes>& tail,
                                               const VecOf<Word, Bytes>* v,
                                               const VecOf<Word, Bytes>& last, const Word* b,
                                               u32 nb) {
  if constexpr (Whole + 1 < Vecs) {
    if (whole != Whole)
      return tail_passes<Word, Bytes, Vecs, Whole + 1>(whole, acc, tail, v, last, b, nb);
  }
  tail_pass<Word, Bytes, Whole>(acc, tail, v, last, b, nb);
}

template <class Word, int Bytes, u32 Vecs>
[[gnu::always_inline]] inline void add_pass_lanes(VecOf<Word, Bytes>& total, const Word* a, u32 na,
                                                  const Word* b, u32 nb) {
  using Vec = VecOf<Word, Bytes>;
  constexpr u32 kLanes = Bytes / sizeof(Word);
  Vec acc[Vecs] = {};
  u32 j = 0;
  for (; j + Vecs * kLanes <= na; j += Vecs * kLanes) {
    Vec v[Vecs];
    for (u32 k = 0; k < Vecs; ++k) std::memcpy(&v[k], a + j + k * kLanes, sizeof(Vec));
    for (u32 i = 0; i < nb; ++i) {
      const Word x = b[i];
      for (u32 k = 0; k < Vecs; ++k) acc[k] -= (Vec)((v[k] & x) == 0);
    }
  }
  if (j < na) {
    // Under Vecs vectors left: one more pass with all of them, the last one partly live.
    const u32 left = na - j;
    const u32 whole = (left - 1) / kLanes;   // vectors before the last, under Vecs
    const u32 live = left - whole * kLanes;  // the last one's live lanes, 1 to kLanes
    Word last_words[kLanes] = {};
    std::memcpy(last_words, a + j + whole * kLanes, live * sizeof(Word));
    Vec last, mask;
    std::memcpy(&last, last_words, sizeof last);
    for (u32 l = 0; l < kLanes; ++l) mask[l] = l < live ? ~Word{0} : 0;
    Vec v[Vecs - 1 ? Vecs - 1 : 1];
    for (u32 k = 0; k < whole; ++k) std::memcpy(&v[k], a + j + k * kLanes, sizeof(Vec));
    Vec tail = {};
    // One loop for each count of whole vectors, so that each keeps its vectors in registers.
    tail_passes<Word, Bytes, Vecs, 0>(whole, acc, tail, v, last, b, nb);
    acc[0] += tail & mask;
  }
  for (u32 k = 0; k < Vecs; ++k) total += acc[k];
}

template <class Word, int Bytes>
[[gnu::always_inline]] inline u64 sum_lanes(const VecOf<Word, Bytes>& v) {
  u64 total = 0;
  for (u32 l = 0; l < Bytes / sizeof(Word); ++l) total += v[l];
  return total;
}

// One block (na, nb >= 1): with 32-bit words the shorter list is taken in slices small enough
// for 32-bit lanes.
template <class Word, int Bytes, u32 Vecs>
[[gnu::always_inline]] inline u64 count_block(const Word* a, u32 na, const Word* b, u32 nb) {
  longer_first(a, na, b, nb);
  // (With 32-bit words, na * nb < 2^32 for each slice.)
  const u32 slice = sizeof(Word) == 8 ? nb : std::max<u32>(1, 0xFFFFFFFFu / na);
  u64 total = 0;
  for (u32 i = 0; i < nb;) {
    const u32 n = std::min(slice, nb - i);
    VecOf<Word, Bytes> lanes = {};
    add_pass_lanes<Word, Bytes, Vecs>(lanes, a, na, b + i, n);
    total += sum_lanes<Word, Bytes>(lanes);
    i += n;
  }
  return total;
}

// A batch with its lanes added up once, not once a block (each block's are bounded by its pairs,
// so 32-bit lanes cannot overflow: see kBatchedPairs).
template <class Word, int Bytes, u32 Vecs>
[[gnu::always_inline]] inline u64 count_batch(const Word* w, const Word* e, const Leaf* leaves,
                                              u32 n) {
  VecOf<Word, Bytes> total = {};
  for (u32 i = 0; i < n; ++i) {
    const Word* a = w + leaves[i].w0;
    const Word* b = e + leaves[i].e0;
    u32 na = leaves[i].nw, nb = leaves[i].ne;
    longer_first(a, na, b, nb);
    add_pass_lanes<Word, Bytes, Vecs>(total, a, na, b, nb);
  }
  return sum_lanes<Word, Bytes>(total);
}

// The baseline: two 32-byte vectors (four SSE registers each) in registers.
u64 block_generic(const u32* a, u32 na, const u32* b, u32 nb) {
  return count_block<u32, 32, 2>(a, na, b, nb);
}
u64 block_generic(const u64* a, u32 na, const u64* b, u32 nb) {
  return count_block<u64, 32, 2>(a, na, b, nb);
}
u64 batch_generic(const u32* w, const u32* e, const Leaf* leaves, u32 n) {
  return count_batch<u32, 32, 2>(w, e, leaves, n);
}
u64 batch_generic(const u64* w, const u64* e, const Leaf* leaves, u32 n) {
  return count_batch<u64, 32, 2>(w, e, leaves, n);
}

#if defined(__x86_64__)
// ---- AVX2 ---------------------------------------------------------------------------------
// 32-bit words: the tests packed into bytes. Four vectors of the longer list stay in registers
// against each word of the other broadcast; their four ANDs are packed by two vpackssdw and one
// vpacksswb into one vector of 32 bytes, and a compare with zero and a subtract count the bytes
// that are zero. Signed saturation keeps a nonzero lane nonzero, so a byte is zero exactly where
// its pair is disjoint. That is 9 vector instructions for 32 pairs against the 12 of an AND, a
// compare and a subtract a vector (the template above), and the loop is bound by what it issues
// (docs/journal/count.md, "Tests packed into bytes, and the bit order by pext"). The packs change
// the lanes' order, which a count does not see. A byte counts to 255, so the other list is taken
// 255 words at a time and each stretch's bytes are added into 64-bit lanes by one vpsadbw. The
// list's last words are loaded into zeros, in one, two (packed once, into 16-bit counters) or four
// vectors; a zero word meets every word, so each of its lanes counts nb, which the caller takes off
// once.
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

// 64-bit words: the template above with four vectors of 4 words in registers (vpackssdw would
// pack a word's two halves apart).
[[NQ_AVX2_TARGET]] u64 block_avx2(const u64* a, u32 na, const u64* b, u32 nb) {
  return count_block<u64, 32, 4>(a, na, b, nb);
}
[[NQ_AVX2_TARGET]] u64 batch_avx2(const u64* w, const u64* e, const Leaf* leaves, u32 n) {
  return count_batch<u64, 32, 4>(w, e, leaves, n);
}
#undef NQ_AVX2_TARGET

// ---- AVX-512 --------------------------------------------------------------------------------
// 64-byte vectors of 16 words (8 wide ones). The same scheme as count_block, with four vectors of
// the longer list in registers against each word of the other broadcast, but written with the
// mask intrinsics: a vector's test is one vptestnmd (vptestnmq) and one masked add, where both
// g++ 12 and clang 14 make three instructions of the vector-extension form
// `acc -= (Vec)((v & x) == 0)` at this width, which ran slower; four vectors beat two and three
// (docs/journal/count.md, "The memory budget, the AVX-512 kernel and n = 22 before the bit order",
// "On an Intel Xeon with AVX-512: n = 22 in 23.4 min"). The tail is loaded and tested under a lane
// mask, so nothing needs padding or taking off again. The overloads below are the only places the
// word size shows.
#define NQ_AVX512_TARGET gnu::target("avx512f,avx512vl,avx512bw")

template <class Word>
using LaneMask = std::conditional_t<sizeof(Word) == 4, __mmask16, __mmask8>;

template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline LaneMask<Word> first_lanes(u32 n) {
  constexpr u32 kLanes = 64 / sizeof(Word);
  return static_cast<LaneMask<Word>>(n >= kLanes ? (1u << kLanes) - 1 : (1u << n) - 1);
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

// The matches of b[0..nb) against a[0..na), by lanes: their sum is the count. With 32-bit words
// it requires na * nb < 2^32: no lane, and no sum of lanes, can then pass 2^32 - 1, so the lanes
// are summed as 32-bit words; 64-bit lanes cannot overflow.
template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline __m512i pass_lanes_avx512(const Word* a, u32 na,
                                                                          const Word* b, u32 nb) {
  constexpr u32 kLanes = 64 / sizeof(Word);
  constexpr auto kAll = static_cast<LaneMask<Word>>((u64{1} << kLanes) - 1);
  const __m512i one = splat(Word{1});
  __m512i acc0 = _mm512_setzero_si512(), acc1 = acc0, acc2 = acc0, acc3 = acc0;
  u32 j = 0;
  for (; j + 4 * kLanes <= na; j += 4 * kLanes) {
    const __m512i v0 = _mm512_loadu_si512(a + j);
    const __m512i v1 = _mm512_loadu_si512(a + j + kLanes);
    const __m512i v2 = _mm512_loadu_si512(a + j + 2 * kLanes);
    const __m512i v3 = _mm512_loadu_si512(a + j + 3 * kLanes);
    for (u32 i = 0; i < nb; ++i) {
      const __m512i x = splat(b[i]);
      acc0 = add_disjoint(acc0, kAll, v0, x, one);
      acc1 = add_disjoint(acc1, kAll, v1, x, one);
      acc2 = add_disjoint(acc2, kAll, v2, x, one);
      acc3 = add_disjoint(acc3, kAll, v3, x, one);
    }
  }
  // Under four vectors left: one more pass over b with all of them, the last one partly live.
  // (Two vectors a pass and then one took two passes for 33 to 63 words left, where odd n's
  // small blocks spend much of their time: docs/journal/count.md, "Odd n's small costs, and the
  // shared west half measured".)
  if (j < na) {
    const u32 left = na - j;
    const LaneMask<Word> live = first_lanes<Word>(left - (left - 1) / kLanes * kLanes);
    const __m512i v0 = left > kLanes ? _mm512_loadu_si512(a + j) : load_live(live, a + j);
    if (left > 3 * kLanes) {
      const __m512i v1 = _mm512_loadu_si512(a + j + kLanes);
      const __m512i v2 = _mm512_loadu_si512(a + j + 2 * kLanes);
      const __m512i v3 = load_live(live, a + j + 3 * kLanes);
      for (u32 i = 0; i < nb; ++i) {
        const __m512i x = splat(b[i]);
        acc0 = add_disjoint(acc0, kAll, v0, x, one);
        acc1 = add_disjoint(acc1, kAll, v1, x, one);
        acc2 = add_disjoint(acc2, kAll, v2, x, one);
        acc3 = add_disjoint(acc3, live, v3, x, one);
      }
    } else if (left > 2 * kLanes) {
      const __m512i v1 = _mm512_loadu_si512(a + j + kLanes);
      const __m512i v2 = load_live(live, a + j + 2 * kLanes);
      for (u32 i = 0; i < nb; ++i) {
        const __m512i x = splat(b[i]);
        acc0 = add_disjoint(acc0, kAll, v0, x, one);
        acc1 = add_disjoint(acc1, kAll, v1, x, one);
        acc2 = add_disjoint(acc2, live, v2, x, one);
      }
    } else if (left > kLanes) {
      const __m512i v1 = load_live(live, a + j + kLanes);
      for (u32 i = 0; i < nb; ++i) {
        const __m512i x = splat(b[i]);
        acc0 = add_disjoint(acc0, kAll, v0, x, one);
        acc1 = add_disjoint(acc1, live, v1, x, one);
      }
    } else {
      for (u32 i = 0; i < nb; ++i) acc0 = add_disjoint(acc0, live, v0, splat(b[i]), one);
    }
  }
  return add_words<Word>(add_words<Word>(acc0, acc1), add_words<Word>(acc2, acc3));
}

template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline Word count_pass_avx512(const Word* a, u32 na,
                                                                       const Word* b, u32 nb) {
  return sum_lanes<Word>(pass_lanes_avx512(a, na, b, nb));
}

// count_block for AVX-512 (na, nb >= 1): with 32-bit words the shorter list is taken in slices
// small enough for 32-bit lanes.
template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline u64 count_block_avx512(const Word* a, u32 na,
                                                                       const Word* b, u32 nb) {
  longer_first(a, na, b, nb);
  if (sizeof(Word) == 8 || u64{na} * nb <= 0xFFFFFFFFu) return count_pass_avx512(a, na, b, nb);
  const u32 slice = 0xFFFFFFFFu / na;  // at least 1, and under nb
  u64 total = 0;
  for (u32 i = 0; i < nb;) {
    const u32 n = std::min(slice, nb - i);
    total += count_pass_avx512(a, na, b + i, n);
    i += n;
  }
  return total;
}

[[NQ_AVX512_TARGET]] u64 block_avx512(const u32* a, u32 na, const u32* b, u32 nb) {
  return count_block_avx512(a, na, b, nb);
}
[[NQ_AVX512_TARGET]] u64 block_avx512(const u64* a, u32 na, const u64* b, u32 nb) {
  return count_block_avx512(a, na, b, nb);
}

// A batch with its lanes added up once, not once a block (each block's are bounded by its pairs,
// so the 32-bit lanes cannot overflow: see kBatchedPairs). Odd n's blocks are small, and a call,
// its set-up and its horizontal sum are a good part of one (docs/journal/count.md, "Small blocks:
// batched, merged, and the descent's calls").
template <class Word>
[[NQ_AVX512_TARGET, gnu::always_inline]] inline u64 batch_avx512_of(const Word* w, const Word* e,
                                                                    const Leaf* leaves, u32 n) {
  __m512i total = _mm512_setzero_si512();
  for (u32 i = 0; i < n; ++i) {
    const Word* a = w + leaves[i].w0;
    const Word* b = e + leaves[i].e0;
    u32 na = leaves[i].nw, nb = leaves[i].ne;
    longer_first(a, na, b, nb);
    total = add_words<Word>(total, pass_lanes_avx512(a, na, b, nb));
  }
  return sum_lanes<Word>(total);
}
[[NQ_AVX512_TARGET]] u64 batch_avx512(const u32* w, const u32* e, const Leaf* leaves, u32 n) {
  return batch_avx512_of(w, e, leaves, n);
}
[[NQ_AVX512_TARGET]] u64 batch_avx512(const u64* w, const u64* e, const Leaf* leaves, u32 n) {
  return batch_avx512_of(w, e, leaves, n);
}

#undef NQ_AVX512_TARGET
#endif

// The sliced kernel's part of a descent (sliced_pairs.hpp): each list is transposed when a block
// first takes it, and a block below the cut goes to the sliced kernel when that costs less than
// the word-against-word kernel, or always when asked (`every`).
// The costs are in about the kernels' instructions (pair_count.cpp's loop tests 64 pairs in about
// 9; the sliced kernel spends about 20 on a streamed word, 11 a range of up to 512 words, and
// 250 building a range's tables), and the transposed side is the one whose ranges cost least.
// The run times are flat around these figures (docs/journal/count.md, "A bit-sliced kernel for
// large blocks", "Odd n's passes after the sliced kernel").
template <class Word>
struct SlicedBlocks {
  SlicedWords* west = nullptr;  // null: no sliced kernel
  SlicedWords* east = nullptr;
  const Word* west_words = nullptr;
  const Word* east_words = nullptr;
  u32 west_size = 0, east_size = 0;
  bool every = false;
  bool west_built = false, east_built = false;

  // 64-bit words: the other kernel tests half as many pairs an instruction, and the sliced one
  // looks a word up in 8 to 16 groups (8 at n = 28, whose words keep 32 bits below its cut of
  // 22); the 1.5 is a guess, not tuned (docs/journal/count.md, "A bit-sliced kernel for large
  // blocks").
  static constexpr double kWide = sizeof(Word) == 8 ? 1.5 : 1;
  struct Costs {
    double per_pair, per_word, per_range, per_table;
    u32 range_words;  // the words of a range as the costs count them
  };
  // The avx2 build against the packed word kernel (9 instructions for 32 pairs): 16 loads, 14
  // ANDs and 14 instructions of popcount a range and word, and tables twice AVX-512's; the run
  // times are flat around these figures (docs/journal/count.md, "The sliced kernel in AVX2").
  // Since the avx2 build streams and builds only the halves of a range that hold words, its costs
  // are counted by half-range (18 and 250, half of 36 and 500), which is what it now costs
  // (docs/journal/count.md, "Half-ranges and carry-save adders in the AVX2 streams, and six leads
  // measured").
  static Costs costs(SlicedIsa isa) {
    const double pair = sizeof(Word) == 8 ? 2 : 1;
    if (isa == SlicedIsa::avx2) return {0.28 * pair, 20 * kWide, 18 * kWide, 250 * kWide, 256};
    return {0.14 * pair, 20 * kWide, 11 * kWide, 250 * kWide, 512};
  }
  Costs c{};
  double cost(u32 transposed, u32 streamed) const {
    const double ranges = (transposed + c.range_words - 1) / c.range_words;
    return streamed * (c.per_word + c.per_range * ranges) + c.per_table * ranges;
  }

  // The bits each list's words may have (0: not said): the other list's words above them meet
  // none (a short run joined unsorted has its class bits masked off, the long one not).
  u32 west_bits = 0, east_bits = 0;
  void build(int side) {
    if (side == 0) {
      transpose(*west, west_words, west_size, east_bits);
      west_built = true;
    } else {
      transpose(*east, east_words, east_size, west_bits);
      east_built = true;
    }
  }
  static void transpose(SlicedWords& s, const std::uint32_t* words, u32 size, u32) {
    s.build(words, size);
  }
  static void transpose(SlicedWords& s, const std::uint64_t* words, u32 size, u32 bits) {
    s.build(words, size, bits ? bits : 64);
  }
  void build_both() {
    build(0);
    build(1);
  }

  // Which side of block [w0, w1) x [e0, e1) the sliced kernel would transpose (0 west, 1 east),
  // or -1: the block is left to the other kernel.
  // Either side's cost is at least (per_word + per_range) a streamed word, and the streamed side
  // is the shorter one at best, so a block whose longer side is at most `fewest` words never costs
  // less sliced: it is left at once. The cost model in doubles, at every block below the cut,
  // showed in the descent's time at odd n, where few blocks pass (docs/journal/count.md, "Odd n's
  // small costs, and the shared west half measured").
  u32 fewest = 0;
  void set_costs(SlicedIsa isa) {
    c = costs(isa);
    fewest = static_cast<u32>((c.per_word + c.per_range) / c.per_pair);
  }
  int side(u32 w0, u32 w1, u32 e0, u32 e1) const {
    if (!west) return -1;
    const u32 nw = w1 - w0, ne = e1 - e0;
    if (!every && std::max(nw, ne) <= fewest) return -1;
    const double by_west = cost(nw, ne), by_east = cost(ne, nw);
    if (!every && std::min(by_west, by_east) >= c.per_pair * static_cast<double>(u64{nw} * ne)) {
      return -1;
    }
    return by_west <= by_east ? 0 : 1;
  }

  // Below the cut both sides of a block are sorted by the trie's bits, the words' top fine - cut:
  // the sliced kernel skips the ranges that a streamed word's top bits rule out
  // (SlicedWords::count), where the transposed list's dense table says where each value of them
  // ends (top_k of them, at most 4; 0: not used).
  u32 top_shift = 0, top_k = 0;
  const u32* west_start = nullptr;  // the dense tables, when they index every bucket bit
  const u32* east_start = nullptr;
  u32 below = 0;  // fine - cut - top_k: the trie's bits below those used
  u32 cut = 0;
  // `bucket`: the transposed side's prefix at the cut; `streamed`: the other side's.
  u64 count(int side, u32 w0, u32 w1, u32 e0, u32 e1, u32 bucket, u32 streamed, u64 words) {
    const u32* const start = side == 0 ? west_start : east_start;
    const u32* const other = side == 0 ? east_start : west_start;
    u32 ends[16], b_ends[16];
    // (A transposed side of one range leaves a word nothing to skip: the kernel streams it whole.)
    const u32 transposed = side == 0 ? w1 - w0 : e1 - e0;
    const u32 k = start && transposed > SlicedWords::kRangeWords ? top_k : 0;
    for (u32 u = 0; k > 0 && u < (1u << k); ++u) ends[u] = start[((bucket << k) + u + 1) << below];
    // The streamed side's runs, where its table says they end (not by a scan of the words): from
    // its prefix at the cut, which the descent knew (not by a binary search of the table), and a
    // run's end before the block's start (a block below the cut's level) is its start. Both were
    // measured (docs/journal/count.md, "Diagonals in one word, and streamed words that skip
    // ranges", "Odd n's small costs, and the shared west half measured").
    const u32 s0 = side == 0 ? e0 : w0;
    const bool runs = k > 0 && other;
    if (runs) {
      for (u32 u = 0; u < (1u << k); ++u) {
        const u32 at = other[((streamed << k) + u + 1) << below];
        b_ends[u] = at > s0 ? at - s0 : 0;
      }
    }
    const u32* const b_runs = runs ? b_ends : nullptr;
    if (side == 0) {
      if (!west_built) build(0);
      return west->count(w0, w1, east_words + e0, e1 - e0, top_shift, k, ends, b_runs, words);
    }
    if (!east_built) build(1);
    return east->count(e0, e1, west_words + w0, w1 - w0, top_shift, k, ends, b_runs, words);
  }
};

// A block left for the sliced kernel until the descent is done, so that the blocks that transpose
// the same range (one west bucket meets several east ones) are counted one after another and
// share its tables (SlicedWords::count).
struct SlicedBlock {
  u32 w0, w1, e0, e1;
  u32 bucket;    // the transposed side's prefix at the cut
  u32 streamed;  // the other side's
  int side;
  u32 streamed_words() const { return side ? w1 - w0 : e1 - e0; }
};

// The pairs of west words [w0, w1) and east words [e0, e1), whose bucket prefixes of `level` bits
// are pa and pb (disjoint so far): empty ranges end at once; below `cut` (bits the words lack) and
// while the block is large, the next bit splits both ranges and the three disjoint combinations
// are followed; else the block is compared exhaustively (from the cut on, by the sliced kernel
// where SlicedBlocks takes it, whatever its size). The lists' order (by all `fine` bits,
// highest first) keeps every prefix's words contiguous, so a split is one lookup in the dense
// table or one binary search below it.
template <class Word>
struct Descent {
  BucketListOf<Word> w, e;
  u32 cut, fine;
  u64 leaf;  // blocks of at most this many pairs are compared, not split
  BlockFn<Word> block;
  BatchFn<Word> batch;
  SlicedBlocks<Word> sliced;
  const std::stop_token* stop;
  PairSample* sample;
  std::vector<SlicedBlock>* later;  // sliced blocks held back
  std::vector<u64>* order;          // their sort keys (count_later)
  Leaf* leaves;                     // kBatch small blocks held for a batch
  u64 pairs = 0;
  u64 counted_later = 0;   // the count of the blocks taken from `later`
  u64 counted_leaves = 0;  // the count of the batched blocks
  u32 held_leaves = 0;
  void count_leaves() {
    counted_leaves += batch(w.words, e.words, leaves, held_leaves);
    held_leaves = 0;
  }
  // Blocks held at most, with their keys 590 KB a thread, which the memory plan counts (a join
  // at n = 28 could leave 10^8). Fewer were slower, and more as fast but raised the least budget
  // of small counts (docs/journal/count.md, "Shared tables, runs by class and the set-up's
  // tail").
  static constexpr std::size_t kLaterBlocks = std::size_t{1} << 14;

  // Counts the blocks held, those of one transposed range one after another. Both sides split
  // at every level, so a range is its side, its begin and the block's level (two nonempty nodes
  // of one level never begin together), and a block's key packs them above its index: 8-byte
  // keys sort faster than the 32-byte blocks (docs/journal/count.md, "Odd n's small costs, and the
  // shared west half measured").
  static constexpr int kIndexBits = 14, kLevelBits = 6;  // levels: at most fine, 54 at n = 28
  static_assert(kLaterBlocks <= std::size_t{1} << kIndexBits);
  void hold(const SlicedBlock& b, u32 level) {
    const u64 begin = b.side ? b.e0 : b.w0;
    order->push_back(u64(b.side) << 63 | begin << (kIndexBits + kLevelBits) |
                     u64{level} << kIndexBits | later->size());
    later->push_back(b);
    if (later->size() >= kLaterBlocks) count_later();
  }
  void count_later() {
    std::sort(order->begin(), order->end());
    const std::size_t size = order->size();
    const u64 index = (u64{1} << kIndexBits) - 1;
    // The words that this block and the range's blocks after it stream, for which the kernel
    // lays out the range's tables (SlicedWords::count).
    u64 words = 0;
    for (std::size_t i = 0; i < size; ++i) {
      if (stop && stop->stop_requested()) break;
      const u64 range = (*order)[i] >> kIndexBits;
      if (i == 0 || range != (*order)[i - 1] >> kIndexBits) {
        words = 0;
        for (std::size_t j = i; j < size && (*order)[j] >> kIndexBits == range; ++j) {
          words += (*later)[(*order)[j] & index].streamed_words();
        }
      }
      const SlicedBlock& k = (*later)[(*order)[i] & index];
      counted_later += sliced.count(k.side, k.w0, k.w1, k.e0, k.e1, k.bucket, k.streamed, words);
      words -= k.streamed_words();
    }
    later->clear();
    order->clear();
  }
  // Levels at which a requested stop is noticed: at most 3^6 nodes a join check it.
  static constexpr u32 kStopLevels = 6;

  // The first word in [begin, end) (all of prefix p at `level` bits) whose next bit is 1.
  u32 split(const BucketListOf<Word>& s, u32 level, u32 p, u32 begin, u32 end) const {
    const u32 child = 2 * p + 1;
    if (level < s.dense) return s.start[child << (s.dense - level - 1)];
    const u32 key = child << (fine - level - 1);
    return static_cast<u32>(std::lower_bound(s.keys + begin, s.keys + end, key) - s.keys);
  }

  // A node: empty, stopped, sampled, held for the sliced kernel, a leaf block, or split. Inlined
  // into split_node(), which alone recurses, for the nodes that split again: most nodes are
  // leaves, and their calls (a prologue, the checks, an epilogue) were most of the descent's
  // time (docs/journal/count.md, "Small blocks: batched, merged, and the descent's calls").
  [[gnu::always_inline]] u64 run(u32 level, u32 pa, u32 pb, u32 w0, u32 w1, u32 e0, u32 e1) {
    if (w0 == w1 || e0 == e1) return 0;
    if (level < kStopLevels && stop && stop->stop_requested()) return 0;
    if (sample && level == sample->level) return sampled(pa, pb, w0, w1, e0, e1);
    const u64 size = u64{w1 - w0} * (e1 - e0);
    if (level >= cut) {
      if (const int side = sliced.side(w0, w1, e0, e1); side >= 0) {
        pairs += size;
        const u32 at_cut = level - cut;
        hold({w0, w1, e0, e1, (side ? pb : pa) >> at_cut, (side ? pa : pb) >> at_cut, side}, level);
        return 0;
      }
    }
    if (level >= cut && (level == fine || size <= leaf)) return leaf_block(w0, w1, e0, e1);
    return split_node(level, pa, pb, w0, w1, e0, e1);
  }

  [[gnu::always_inline]] u64 leaf_block(u32 w0, u32 w1, u32 e0, u32 e1) {
    const u64 size = u64{w1 - w0} * (e1 - e0);
    pairs += size;
    if (size > kBatchedPairs) return block(w.words + w0, w1 - w0, e.words + e0, e1 - e0);
    leaves[held_leaves++] = {w0, w1 - w0, e0, e1 - e0};
    if (held_leaves == kBatch) count_leaves();
    return 0;
  }

  // Whether run() would count the node as a leaf block (or as empty) at once.
  [[gnu::always_inline]] bool leaf_node(u32 level, u32 w0, u32 w1, u32 e0, u32 e1) const {
    if (w0 == w1 || e0 == e1) return true;
    if (level < kStopLevels || level < cut || (sample && level == sample->level)) return false;
    return (level == fine || u64{w1 - w0} * (e1 - e0) <= leaf) && sliced.side(w0, w1, e0, e1) < 0;
  }

  [[gnu::noinline]] u64 split_node(u32 level, u32 pa, u32 pb, u32 w0, u32 w1, u32 e0, u32 e1) {
    const u32 wm = split(w, level, pa, w0, w1), em = split(e, level, pb, e0, e1);
    // Two leaf children that share one side's range are one block: the other side's two ranges
    // lie side by side. Fewer, larger blocks fill more of the kernel's lanes.
    if (leaf_node(level + 1, w0, wm, e0, em)) {
      if (leaf_node(level + 1, w0, wm, em, e1)) {
        const u64 merged = w0 == wm ? 0 : leaf_block(w0, wm, e0, e1);
        return merged + run(level + 1, 2 * pa + 1, 2 * pb, wm, w1, e0, em);
      }
      if (leaf_node(level + 1, wm, w1, e0, em)) {
        const u64 merged = e0 == em ? 0 : leaf_block(w0, w1, e0, em);
        return merged + run(level + 1, 2 * pa, 2 * pb + 1, w0, wm, em, e1);
      }
    }
    return run(level + 1, 2 * pa, 2 * pb, w0, wm, e0, em) +
           run(level + 1, 2 * pa, 2 * pb + 1, w0, wm, em, e1) +
           run(level + 1, 2 * pa + 1, 2 * pb, wm, w1, e0, em);
  }

  // The subtree of prefixes (pa, pb) at sample->level, followed or not by their hash, and timed.
  u64 sampled(u32 pa, u32 pb, u32 w0, u32 w1, u32 e0, u32 e1) {
    const u64 key = u64{pa} << 32 | pb;
    if (SplitMix64(sample->seed ^ key).next() >= sample->keep) return 0;
    PairSample* const s = std::exchange(sample, nullptr);
    const auto start = std::chrono::steady_clock::now();
    const u64 total = run(s->level, pa, pb, w0, w1, e0, e1);
    count_leaves();  // the subtree's blocks, in its time
    count_later();
    s->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    sample = s;
    return total;
  }
};

bool has_avx512() {
#if defined(__x86_64__)
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx512f") &&
                                                     __builtin_cpu_supports("avx512vl") &&
                                                     __builtin_cpu_supports("avx512bw"));
  return yes;
#else
  return false;
#endif
}

}  // namespace

bool pair_kernel_available(PairKernel kernel) {
  switch (kernel) {
    case PairKernel::avx2: return cpu_has_avx2();
    case PairKernel::avx512: return has_avx512();
    case PairKernel::sliced: return sliced_pairs_available();
    case PairKernel::sliced_avx2: return sliced_pairs_available(SlicedIsa::avx2);
    case PairKernel::best:
    case PairKernel::generic: break;
  }
  return true;
}

namespace {

template <class Word>
std::uint64_t count_pairs(const BucketListOf<Word>& west, const BucketListOf<Word>& east, u32 cut,
                          u32 fine, std::uint64_t leaf_pairs, std::uint64_t& pairs,
                          PairKernel kernel, const std::stop_token* stop, PairSample* sample) {
  BlockFn<Word> block = block_generic;
  BatchFn<Word> batch = batch_generic;
#if defined(__x86_64__)
  if ((kernel == PairKernel::best || kernel == PairKernel::avx512 ||
       kernel == PairKernel::sliced) &&
      has_avx512()) {
    block = block_avx512;
    batch = batch_avx512;
  } else if (kernel != PairKernel::generic && cpu_has_avx2()) {
    block = block_avx2;
    batch = batch_avx2;
  }
#else
  (void)kernel;
#endif
  fine = std::max(cut, fine);
  if (sample && sample->level > cut) throw std::invalid_argument("count_bucket_pairs: level > cut");
  const u32 west_end = west.start[u32{1} << west.dense],
            east_end = east.start[u32{1} << east.dense];
  SlicedBlocks<Word> sliced;
  SlicedIsa isa = SlicedIsa::none;
  if (kernel == PairKernel::best || kernel == PairKernel::sliced) isa = sliced_pairs_isa();
  if (kernel == PairKernel::sliced_avx2 && sliced_pairs_available(SlicedIsa::avx2)) {
    isa = SlicedIsa::avx2;
  }
  if (isa != SlicedIsa::none) {
    // Kept: their memory is planned (only one pair is ever built on a thread, but where the avx2
    // build is asked for on a processor that has the avx512 one).
    thread_local SlicedWords west512(SlicedIsa::avx512), east512(SlicedIsa::avx512);
    thread_local SlicedWords west2(SlicedIsa::avx2), east2(SlicedIsa::avx2);
    const bool wide = isa == SlicedIsa::avx512;
    sliced = {wide ? &west512 : &west2,
              wide ? &east512 : &east2,
              west.words,
              east.words,
              west_end,
              east_end,
              kernel == PairKernel::sliced || kernel == PairKernel::sliced_avx2};
    sliced.set_costs(isa);
    sliced.west_bits = west.bits;
    sliced.east_bits = east.bits;
    // The trie's bits below the cut are the words' top fine - cut (at most 4 are used).
    const u32 bits = std::min(west.bits, east.bits);
    if (bits > 0 && fine > cut) {
      sliced.top_k = std::min({4u, fine - cut, bits});
      sliced.top_shift = bits - sliced.top_k;
      sliced.below = fine - cut - sliced.top_k;
      sliced.cut = cut;
      if (west.dense == fine) sliced.west_start = west.start;
      if (east.dense == fine) sliced.east_start = east.start;
    }
    // A sampled descent times its subtrees and scales their time up by the share not followed:
    // a list transposed inside one would count as transposed that many times over (n = 28's
    // windows, 16 Mi words a list, projected 1,165 years instead of 99). Transposed here, once,
    // the work is timed once, with the join.
    if (sample) sliced.build_both();
  }
  // (A sampled descent counts each followed subtree's blocks at its end, within its time.)
  thread_local std::vector<SlicedBlock> later;
  thread_local std::vector<u64> order;
  later.clear();
  order.clear();
  thread_local std::array<Leaf, kBatch> leaves;
  Descent<Word> d{west,   east, cut,    fine,   leaf_pairs, block,        batch,
                  sliced, stop, sample, &later, &order,     leaves.data()};
  const std::uint64_t total = d.run(0, 0, 0, west.start[0], west.start[u32{1} << west.dense],
                                    east.start[0], east.start[u32{1} << east.dense]);
  d.count_leaves();
  d.count_later();
  pairs += d.pairs;
  return total + d.counted_leaves + d.counted_later;
}

}  // namespace

std::size_t pair_count_thread_bytes() {
  return Descent<std::uint64_t>::kLaterBlocks * (sizeof(SlicedBlock) + sizeof(u64)) +
         kBatch * sizeof(Leaf) + 2 * SlicedWords::bytes_for(0, 32);
}

std::uint64_t count_bucket_pairs(const BucketList& west, const BucketList& east, u32 cut, u32 fine,
                                 std::uint64_t leaf_pairs, std::uint64_t& pairs, PairKernel kernel,
                                 const std::stop_token* stop, PairSample* sample) {
  return count_pairs(west, east, cut, fine, leaf_pairs, pairs, kernel, stop, sample);
}

std::uint64_t count_bucket_pairs(const WideBucketList& west, const WideBucketList& east, u32 cut,
                                 u32 fine, std::uint64_t leaf_pairs, std::uint64_t& pairs,
                                 PairKernel kernel, const std::stop_token* stop,
                                 PairSample* sample) {
  return count_pairs(west, east, cut, fine, leaf_pairs, pairs, kernel, stop, sample);
}

std::uint64_t count_bucket_pairs(const u32* west_start, const u32* west, const u32* east_start,
                                 const u32* east, u32 cut, std::uint64_t& pairs, PairKernel kernel,
                                 u32 fine, std::uint64_t leaf_pairs) {
  fine = std::max(cut, fine);
  return count_bucket_pairs({west_start, west, nullptr, fine}, {east_start, east, nullptr, fine},
                            cut, fine, leaf_pairs, pairs, kernel);
}

}  // namespace nq::detail
