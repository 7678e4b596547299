// SPDX-License-Identifier: MIT
// The sliced kernel's avx512 build (sliced_builds.hpp), its functions compiled for AVX-512 F, BW,
// VL, DQ and VPOPCNTDQ and BMI2 by target attributes: one 512-bit vector a range of 512 words. A
// word b costs eight loads of its groups' entries (nibble_offsets finds them), four ANDs (three of
// them of three inputs, vpternlogq) and one vpopcntq a range, whatever its bits; up to four
// ranges' tables are built at a time, so b's offsets are computed once for them. The lists are
// transposed 64 words at a time by byte shuffles and permutes and one byte test per bit.
// The hot loop's invariant: a range's count is at most 512 a word b, held in eight 64-bit lanes
// that cannot overflow, and every entry is masked to the range's words when its table is built.
#include "count/cpu.hpp"
#include "count/sliced_common.hpp"

#if defined(__x86_64__)

namespace nq::detail::sliced::avx512 {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

#define NQ_SLICED_AVX512_TARGET \
  gnu::target("avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq,bmi2")

// The 16 lanes of a vector of words that lie before `left` words remain.
[[NQ_SLICED_AVX512_TARGET]] inline __mmask16 live_lanes(u32 left) {
  return static_cast<__mmask16>(left >= 16 ? 0xFFFF : (1u << left) - 1);
}

// table[g * 16 + v]: the words of the range [p, p + m) whose bits 4g..4g+3 miss every bit of v.
[[NQ_SLICED_AVX512_TARGET]] void build_table(const u64* rows, u32 stride, u32 groups, u32 p, u32 m,
                                             __m512i* table) {
  __m512i live[1];
  first_bits(m, live[0]);
  for (u32 g = 0; g < groups; ++g)
    fill_group<1, 1>(table + g * 16, live, rows, stride, 4 * g, 4, p);
}

// The pairs of b[0, nb) with the ranges of kCount tables of kGroups groups each.
template <u32 kGroups, u32 kCount, class Word>
[[NQ_SLICED_AVX512_TARGET]] __m512i stream(const __m512i* tables, const Word* b, u32 nb) {
  const char* const base = reinterpret_cast<const char*>(tables);
  __m512i acc[kCount];
  for (u32 r = 0; r < kCount; ++r) acc[r] = _mm512_setzero_si512();
  for (u32 i = 0; i < nb; ++i) {
    u64 at[kGroups];
    nibble_offsets<kGroups>(b[i], at);
    for (u32 r = 0; r < kCount; ++r) {
      __m512i v = entry<__m512i, kGroups>(base, r, 0, at[0]);
      u32 g = 1;
      // Immediate 0x80 of vpternlogq: its bits are the truth table of the result, bit
      // (a << 2 | b << 1 | c) giving the output for inputs a, b and c (v and the two entries);
      // only bit 7 (a = b = c = 1) is set, so it is a & b & c, two ANDs in one instruction.
      // (The entries are named first: clang's intrinsic is a macro, which a template's comma
      // would split.)
      for (; g + 1 < kGroups; g += 2) {
        const __m512i first = entry<__m512i, kGroups>(base, r, g, at[g]);
        const __m512i second = entry<__m512i, kGroups>(base, r, g + 1, at[g + 1]);
        v = _mm512_ternarylogic_epi64(v, first, second, 0x80);
      }
      if (g < kGroups) v = _mm512_and_si512(v, entry<__m512i, kGroups>(base, r, g, at[g]));
      acc[r] = _mm512_add_epi64(acc[r], _mm512_popcnt_epi64(v));
    }
  }
  __m512i sum = acc[0];
  for (u32 r = 1; r < kCount; ++r) sum = _mm512_add_epi64(sum, acc[r]);
  return sum;  // eight counts, added up by add_lanes
}

// Rows from words, 64 words at a time: byte k of the 64 words gathered into one vector (a byte
// shuffle within each 16-byte lane, then dword permutes across the four vectors), so that one
// byte test per bit gives a row's 64 bits: about 50 instructions for 64 words, where a 32-bit
// test per bit and 16 words took 32 tests and 32 stores, which showed in odd n's profiles
// (docs/journal/count.md, "A bit-sliced kernel for large blocks").
// Words past the list read as zero (bits clear); the ranges never reach them.
// `load(at)` gives the 16 32-bit words from word `at` (zero past the list); their rows are
// written to rows[0..32).
template <class Load>
[[NQ_SLICED_AVX512_TARGET]] inline void rows_of(Load load, u32 size, u64* rows, u32 stride) {
  // Within a 16-byte lane of 4 words: byte k of word w to position 4k + w.
  alignas(64) std::int8_t order[64];
  for (int p = 0; p < 64; ++p) order[p] = static_cast<std::int8_t>(4 * (p % 4) + p % 16 / 4);
  const __m512i gather_bytes = _mm512_load_si512(order);
  // Then dword k of lane L of vector m (dword 4L + k) to dword 4m + L of the vector for byte k:
  // vectors 0 and 1 give dwords 0-7, vectors 2 and 3 dwords 8-15, by the same index (the second
  // source of a two-vector permute is indexed from 16).
  __m512i take[4];
  for (int k = 0; k < 4; ++k) {
    alignas(64) std::int32_t index[16];
    for (int d = 0; d < 16; ++d) index[d] = (d / 4 % 2) * 16 + 4 * (d % 4) + k;
    take[k] = _mm512_load_si512(index);
  }
  __m512i bit[8];
  for (int b = 0; b < 8; ++b) bit[b] = _mm512_set1_epi8(static_cast<char>(1 << b));
  for (u32 j = 0; j < size; j += 64) {
    __m512i v[4];
    for (u32 m = 0; m < 4; ++m) v[m] = _mm512_shuffle_epi8(load(j + 16 * m), gather_bytes);
    for (u32 k = 0; k < 4; ++k) {
      const __m512i first = _mm512_permutex2var_epi32(v[0], take[k], v[1]);
      const __m512i second = _mm512_permutex2var_epi32(v[2], take[k], v[3]);
      const __m512i bytes = _mm512_mask_blend_epi32(0xFF00, first, second);
      for (u32 b = 0; b < 8; ++b) {
        rows[u64{8 * k + b} * stride + j / 64] = _mm512_testn_epi8_mask(bytes, bit[b]);
      }
    }
  }
}

// The 16 words from `at` (lambdas would not take the target attribute).
struct Load32 {
  const u32* words;
  u32 size;
  [[NQ_SLICED_AVX512_TARGET]] __m512i operator()(u32 at) const {
    const __mmask16 live = at < size ? live_lanes(size - at) : 0;
    return _mm512_maskz_loadu_epi32(live, words + at);
  }
};

// The low (or high) halves of the 16 64-bit words from `at`.
struct LoadHalves {
  const u64* words;
  u32 size;
  __m512i pick;  // dwords 0, 2, 4, ... (or 1, 3, 5, ...) of the two vectors
  [[NQ_SLICED_AVX512_TARGET]] __m512i operator()(u32 at) const {
    const auto first = static_cast<__mmask8>(at < size ? live_lanes(size - at) : 0);
    const auto second = static_cast<__mmask8>(at + 8 < size ? live_lanes(size - at - 8) : 0);
    return _mm512_permutex2var_epi32(_mm512_maskz_loadu_epi64(first, words + at), pick,
                                     _mm512_maskz_loadu_epi64(second, words + at + 8));
  }
};

// The sum of the eight 64-bit lanes (_mm512_reduce_add_epi64 draws a false warning from g++ 12).
[[NQ_SLICED_AVX512_TARGET]] inline u64 add_lanes(__m512i sum) {
  alignas(64) u64 lanes[8];
  _mm512_store_si512(lanes, sum);
  u64 total = 0;
  for (const u64 lane : lanes) total += lane;
  return total;
}

// The build's policy for count_ranges: the ranges [0, count) of the tables against b[0, nb), and
// a range's tables.
struct Avx512 {
  static constexpr u32 kUnitWords = kRangeWords;  // the words a streamed word meets at a time
  static constexpr u32 range_bytes(u32 groups) { return groups * 16 * 64; }
  template <u32 kGroups, u32 kRanges, class Word>
  [[NQ_SLICED_AVX512_TARGET]] static u64 stream_ranges(u32 count, const void* space, const Word* b,
                                                       u32 nb) {
    const auto* const tables = static_cast<const __m512i*>(space);
    if constexpr (kRanges == 4) {
      switch (count) {
        case 1: return add_lanes(stream<kGroups, 1>(tables, b, nb));
        case 2: return add_lanes(stream<kGroups, 2>(tables, b, nb));
        case 3: return add_lanes(stream<kGroups, 3>(tables, b, nb));
        default: return add_lanes(stream<kGroups, 4>(tables, b, nb));
      }
    } else {
      return add_lanes(count == 1 ? stream<kGroups, 1>(tables, b, nb)
                                  : stream<kGroups, 2>(tables, b, nb));
    }
  }
  // Range r of the tables at `space`: [p, p + m).
  [[NQ_SLICED_AVX512_TARGET]] static void table(const u64* rows, u32 stride, u32 groups, u32 p,
                                                u32 m, void* space, u32 r) {
    build_table(rows, stride, groups, p, m, static_cast<__m512i*>(space) + r * groups * 16);
  }
};

}  // namespace

bool available() {
  static const bool yes =
      (__builtin_cpu_init(),
       cpu_allows_avx512(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                         __builtin_cpu_supports("avx512vpopcntdq") &&
                         __builtin_cpu_supports("bmi2")));
  return yes;
}

[[NQ_SLICED_AVX512_TARGET]] void build_rows(const u32* words, u32 size, u64* rows, u32 stride) {
  rows_of(Load32{words, size}, size, rows, stride);
}

// 64-bit words: their low halves make rows 0-31, their high halves (past 32 bits) rows 32-63.
[[NQ_SLICED_AVX512_TARGET]] void build_rows(const u64* words, u32 size, u32 bits, u64* rows,
                                            u32 stride) {
  alignas(64) std::int32_t index[2][16];
  for (int d = 0; d < 16; ++d) index[0][d] = 2 * d, index[1][d] = 2 * d + 1;
  for (u32 half = 0; half < (bits > 32 ? 2u : 1u); ++half) {
    rows_of(LoadHalves{words, size, _mm512_load_si512(index[half])}, size,
            rows + u64{32} * half * stride, stride);
  }
}

u64 count(const RangeCount& range, const u32* b, u32 nb) {
  return count_by_groups<Avx512>(range, b, nb);
}
u64 count(const RangeCount& range, const u64* b, u32 nb) {
  return count_by_groups<Avx512>(range, b, nb);
}

#undef NQ_SLICED_AVX512_TARGET

}  // namespace nq::detail::sliced::avx512

#endif
