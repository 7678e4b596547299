// SPDX-License-Identifier: MIT
#include "count/sliced_pairs.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace nq::detail {

namespace {
using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u32 kRangeWords = 512;  // one vector's bits
constexpr u32 kRanges = 4;        // ranges whose tables are built at a time (4 x 8 KiB)
constexpr u32 kGroups = 8;        // 4-bit groups of a 32-bit word
constexpr u32 kPad = 9;           // zero words past a row: a range's window reads 9 words
}  // namespace

std::size_t SlicedWords::bytes_for(std::uint64_t size) {
  return static_cast<std::size_t>(32 * ((size + 63) / 64 + kPad) * sizeof(u64));
}

#if defined(__x86_64__)

#define NQ_SLICED_TARGET gnu::target("avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq")

bool sliced_pairs_available() {
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx512f") &&
                                                     __builtin_cpu_supports("avx512vl") &&
                                                     __builtin_cpu_supports("avx512bw") &&
                                                     __builtin_cpu_supports("avx512dq") &&
                                                     __builtin_cpu_supports("avx512vpopcntdq"));
  return yes;
}

namespace {

// The 16 lanes of a vector of words that lie before `left` words remain.
[[NQ_SLICED_TARGET]] inline __mmask16 live_lanes(u32 left) {
  return static_cast<__mmask16>(left >= 16 ? 0xFFFF : (1u << left) - 1);
}

// g++ 12's headers pass an undefined vector to the masked forms behind the shift, min and max
// intrinsics, which -Wmaybe-uninitialized reports; the shifts are written as vector operations.
using Lanes [[gnu::vector_size(64)]] = u64;

// Row i's bits [p, p + 512) as one vector: two unaligned loads one word apart, funnel-shifted.
[[NQ_SLICED_TARGET]] inline __m512i window(const u64* row, u32 p) {
  const u64* const at = row + p / 64;
  const u32 shift = p % 64;
  Lanes low, high;
  std::memcpy(&low, at, sizeof low);
  std::memcpy(&high, at + 1, sizeof high);
  const Lanes bits = (low >> shift) | ((high << 1) << (63 - shift));  // no shift by 64
  __m512i v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// The first m bits set (m <= 512).
[[NQ_SLICED_TARGET]] inline __m512i first_bits(u32 m) {
  alignas(64) u64 lanes[8];
  for (u32 k = 0; k < 8; ++k) {
    const u32 bits = std::min(64u, m > 64 * k ? m - 64 * k : 0u);
    lanes[k] = bits == 64 ? ~u64{0} : (u64{1} << bits) - 1;
  }
  return _mm512_load_si512(lanes);
}

// table[g * 16 + v]: the words of the range [p, p + m) whose bits 4g..4g+3 miss every bit of v.
[[NQ_SLICED_TARGET]] void build_table(const u64* rows, u32 stride, u32 p, u32 m, __m512i* table) {
  const __m512i live = first_bits(m);
  for (u32 g = 0; g < kGroups; ++g) {
    __m512i* const t = table + g * 16;
    t[0] = live;
    for (u32 bit = 0; bit < 4; ++bit) {
      const __m512i clear = window(rows + u64{4 * g + bit} * stride, p);
      const u32 high = 1u << bit;
      for (u32 v = 0; v < high; ++v) t[high + v] = _mm512_and_si512(t[v], clear);
    }
  }
}

// The pairs of b[0, nb) with the ranges of `ranges` tables.
template <u32 kCount>
[[NQ_SLICED_TARGET]] u64 stream(const __m512i* tables, const u32* b, u32 nb) {
  __m512i acc[kCount];
  for (u32 r = 0; r < kCount; ++r) acc[r] = _mm512_setzero_si512();
  for (u32 i = 0; i < nb; ++i) {
    const u32 x = b[i];
    u32 at[kGroups];
    for (u32 g = 0; g < kGroups; ++g) at[g] = g * 16 + (x >> (4 * g) & 15);
    for (u32 r = 0; r < kCount; ++r) {
      const __m512i* const t = tables + r * kGroups * 16;
      __m512i v = _mm512_ternarylogic_epi64(t[at[0]], t[at[1]], t[at[2]], 0x80);  // a & b & c
      v = _mm512_ternarylogic_epi64(v, t[at[3]], t[at[4]], 0x80);
      v = _mm512_ternarylogic_epi64(v, t[at[5]], t[at[6]], 0x80);
      v = _mm512_and_si512(v, t[at[7]]);
      acc[r] = _mm512_add_epi64(acc[r], _mm512_popcnt_epi64(v));
    }
  }
  __m512i sum = acc[0];
  for (u32 r = 1; r < kCount; ++r) sum = _mm512_add_epi64(sum, acc[r]);
  alignas(64) u64 lanes[8];  // (_mm512_reduce_add_epi64 draws a false warning from g++ 12)
  _mm512_store_si512(lanes, sum);
  u64 total = 0;
  for (const u64 lane : lanes) total += lane;
  return total;
}

// Rows from words, 64 words at a time: byte k of the 64 words gathered into one vector (a byte
// shuffle within each 16-byte lane, then dword permutes across the four vectors), so that one
// byte test per bit gives a row's 64 bits: about 50 instructions for 64 words, where a 32-bit
// test per bit and 16 words took 32 tests and 32 stores (that made 8% of n = 21's samples).
// Words past the list read as zero (bits clear); the ranges never reach them.
[[NQ_SLICED_TARGET]] void build_rows(const u32* words, u32 size, u64* rows, u32 stride) {
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
    for (u32 m = 0; m < 4; ++m) {
      const u32 at = j + 16 * m;
      const __mmask16 live = at < size ? live_lanes(size - at) : 0;
      v[m] = _mm512_shuffle_epi8(_mm512_maskz_loadu_epi32(live, words + at), gather_bytes);
    }
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

[[NQ_SLICED_TARGET]] u64 count_ranges(const u64* rows, u32 stride, u32 begin, u32 end, const u32* b,
                                      u32 nb) {
  alignas(64) __m512i tables[kRanges * kGroups * 16];
  u64 total = 0;
  for (u32 p = begin; p < end; p += kRanges * kRangeWords) {
    const u32 ranges = std::min(kRanges, (end - p + kRangeWords - 1) / kRangeWords);
    for (u32 r = 0; r < ranges; ++r) {
      const u32 q = p + r * kRangeWords;
      build_table(rows, stride, q, std::min(kRangeWords, end - q), tables + r * kGroups * 16);
    }
    switch (ranges) {
      case 1: total += stream<1>(tables, b, nb); break;
      case 2: total += stream<2>(tables, b, nb); break;
      case 3: total += stream<3>(tables, b, nb); break;
      default: total += stream<4>(tables, b, nb); break;
    }
  }
  return total;
}

}  // namespace

void SlicedWords::build(const std::uint32_t* words, std::uint32_t size) {
  if (!sliced_pairs_available()) throw std::logic_error("SlicedWords: no AVX-512 VPOPCNTDQ");
  size_ = size;
  stride_ = (size + 63) / 64 + kPad;
  // Not cleared: what lies past the list's words (an earlier list's rows, or zeros) is read into
  // a range's windows but masked off with the words past the range.
  rows_.resize(u64{32} * stride_);
  build_rows(words, size, rows_.data(), stride_);
}

std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                                 std::uint32_t nb) const {
  if (begin >= end || nb == 0) return 0;
  return count_ranges(rows_.data(), stride_, begin, end, b, nb);
}

#undef NQ_SLICED_TARGET

#else

bool sliced_pairs_available() { return false; }
void SlicedWords::build(const std::uint32_t*, std::uint32_t) {
  throw std::logic_error("SlicedWords: no AVX-512 VPOPCNTDQ");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint32_t*,
                                 std::uint32_t) const {
  throw std::logic_error("SlicedWords: no AVX-512 VPOPCNTDQ");
}

#endif

}  // namespace nq::detail
