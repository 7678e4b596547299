// SPDX-License-Identifier: MIT
#include "count/sliced_pairs.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "count/cpu_avx2.hpp"

namespace nq::detail {

namespace {
using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u32 kRangeWords = SlicedWords::kRangeWords;
// Ranges whose tables are built at a time: 32 KiB of tables, within the first-level cache (the
// avx2 build's six groups take 64 KiB; two ranges at a time were slower, building tables again
// for blocks of three or four ranges: docs/journal/count.md, "Six wider groups in the AVX2 sliced
// kernel").
constexpr u32 ranges_at_a_time(u32 groups) { return groups <= 8 ? 4 : 2; }
constexpr u32 kPad = 9;  // words past a row: a range's window reads 9 words
constexpr std::size_t kTableBytes = 64 << 10;
}  // namespace

std::size_t SlicedWords::bytes_for(std::uint64_t size, std::uint32_t word_bits) {
  return static_cast<std::size_t>(word_bits * ((size + 63) / 64 + kPad) * sizeof(u64)) +
         kTableBytes + 64;
}

#if defined(__x86_64__)

#define NQ_SLICED_TARGET gnu::target("avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq,bmi2")

#define NQ_SLICED2_TARGET gnu::target("avx2,bmi2,popcnt")

namespace {
bool has_avx512_sliced() {
  static const bool yes =
      (__builtin_cpu_init(),
       __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("bmi2"));
  return yes;
}
}  // namespace

bool sliced_pairs_available(SlicedIsa isa) {
  switch (isa) {
    case SlicedIsa::avx512: return has_avx512_sliced();
    case SlicedIsa::avx2: return cpu_has_avx2() && cpu_has_fast_bmi2();
    case SlicedIsa::none: break;
  }
  return false;
}

namespace {

// Row i's bits [p, p + 64 x the lanes) as one vector of 64-bit Lanes, written to `out`: two
// unaligned loads one word apart, funnel-shifted. Inlined into each build's code (a vector
// returned by value would change the ABI outside it).
template <class Lanes>
[[gnu::always_inline]] inline void window_bits(const u64* row, u32 p, void* out) {
  const u64* const at = row + p / 64;
  const u32 shift = p % 64;
  Lanes low, high;
  std::memcpy(&low, at, sizeof low);
  std::memcpy(&high, at + 1, sizeof high);
  const Lanes bits = (low >> shift) | ((high << 1) << (63 - shift));  // no shift by 64
  std::memcpy(out, &bits, sizeof bits);
}

// The first m bits of kLanes 64-bit lanes set (m <= 64 kLanes), written to `out`.
template <u32 kLanes>
[[gnu::always_inline]] inline void first_bits_into(u32 m, void* out) {
  u64 lanes[kLanes];
  for (u32 k = 0; k < kLanes; ++k) {
    const u32 bits = std::min(64u, m > 64 * k ? m - 64 * k : 0u);
    lanes[k] = bits == 64 ? ~u64{0} : (u64{1} << bits) - 1;
  }
  std::memcpy(out, lanes, sizeof lanes);
}

// The 16 lanes of a vector of words that lie before `left` words remain.
[[NQ_SLICED_TARGET]] inline __mmask16 live_lanes(u32 left) {
  return static_cast<__mmask16>(left >= 16 ? 0xFFFF : (1u << left) - 1);
}

// g++ 12's headers pass an undefined vector to the masked forms behind the shift, min and max
// intrinsics, which -Wmaybe-uninitialized reports; the shifts are written as vector operations.
using Lanes [[gnu::vector_size(64)]] = u64;

[[NQ_SLICED_TARGET]] inline __m512i window(const u64* row, u32 p) {
  __m512i v;
  window_bits<Lanes>(row, p, &v);
  return v;
}

[[NQ_SLICED_TARGET]] inline __m512i first_bits(u32 m) {
  __m512i v;
  first_bits_into<8>(m, &v);
  return v;
}

// table[g * 16 + v]: the words of the range [p, p + m) whose bits 4g..4g+3 miss every bit of v.
[[NQ_SLICED_TARGET]] void build_table(const u64* rows, u32 stride, u32 groups, u32 p, u32 m,
                                      __m512i* table) {
  const __m512i live = first_bits(m);
  for (u32 g = 0; g < groups; ++g) {
    __m512i* const t = table + g * 16;
    t[0] = live;
    for (u32 bit = 0; bit < 4; ++bit) {
      const __m512i clear = window(rows + u64{4 * g + bit} * stride, p);
      const u32 high = 1u << bit;
      for (u32 v = 0; v < high; ++v) t[high + v] = _mm512_and_si512(t[v], clear);
    }
  }
}

// The pairs of b[0, nb) with the ranges of kCount tables of kGroups groups each. A word's
// table entries are found by one bit deposit per 32 bits, which spreads its nibbles into bytes
// as eight times their values: then group g's entry is at tables + g * 16 + that byte * 8 bytes
// in, a byte extract and one address each (the shifts, masks and multiplies of one nibble at a
// time were 5 instructions a group, and with one range of words the loop waited on them).
template <u32 kGroups>
[[NQ_SLICED_TARGET]] inline __m512i entry(const char* base, u32 r, u32 g, u64 times8) {
  return *reinterpret_cast<const __m512i*>(base + (r * kGroups + g) * 16 * sizeof(__m512i) +
                                           times8 * 8);
}

template <u32 kGroups, u32 kCount, class Word>
[[NQ_SLICED_TARGET]] __m512i stream(const __m512i* tables, const Word* b, u32 nb) {
  constexpr u64 kNibblesTimes8 = 0x7878787878787878;  // bits 3-6 of every byte
  const char* const base = reinterpret_cast<const char*>(tables);
  __m512i acc[kCount];
  for (u32 r = 0; r < kCount; ++r) acc[r] = _mm512_setzero_si512();
  for (u32 i = 0; i < nb; ++i) {
    const Word x = b[i];
    u64 spread[(kGroups + 7) / 8];
    spread[0] = _pdep_u64(static_cast<u32>(x), kNibblesTimes8);
    if constexpr (kGroups > 8) spread[1] = _pdep_u64(static_cast<u64>(x) >> 32, kNibblesTimes8);
    u64 at[kGroups];
    for (u32 g = 0; g < kGroups; ++g) at[g] = spread[g / 8] >> (8 * (g % 8)) & 0xFF;
    for (u32 r = 0; r < kCount; ++r) {
      __m512i v = entry<kGroups>(base, r, 0, at[0]);
      u32 g = 1;
      for (; g + 1 < kGroups; g += 2)
        v = _mm512_ternarylogic_epi64(v, entry<kGroups>(base, r, g, at[g]),
                                      entry<kGroups>(base, r, g + 1, at[g + 1]), 0x80);
      if (g < kGroups) v = _mm512_and_si512(v, entry<kGroups>(base, r, g, at[g]));
      acc[r] = _mm512_add_epi64(acc[r], _mm512_popcnt_epi64(v));
    }
  }
  __m512i sum = acc[0];
  for (u32 r = 1; r < kCount; ++r) sum = _mm512_add_epi64(sum, acc[r]);
  return sum;  // eight counts, added up by count_ranges
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
[[NQ_SLICED_TARGET]] inline void build_rows(Load load, u32 size, u64* rows, u32 stride) {
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
  [[NQ_SLICED_TARGET]] __m512i operator()(u32 at) const {
    const __mmask16 live = at < size ? live_lanes(size - at) : 0;
    return _mm512_maskz_loadu_epi32(live, words + at);
  }
};

// The low (or high) halves of the 16 64-bit words from `at`.
struct LoadHalves {
  const u64* words;
  u32 size;
  __m512i pick;  // dwords 0, 2, 4, ... (or 1, 3, 5, ...) of the two vectors
  [[NQ_SLICED_TARGET]] __m512i operator()(u32 at) const {
    const auto first = static_cast<__mmask8>(at < size ? live_lanes(size - at) : 0);
    const auto second = static_cast<__mmask8>(at + 8 < size ? live_lanes(size - at - 8) : 0);
    return _mm512_permutex2var_epi32(_mm512_maskz_loadu_epi64(first, words + at), pick,
                                     _mm512_maskz_loadu_epi64(second, words + at + 8));
  }
};

[[NQ_SLICED_TARGET]] void build_rows32(const u32* words, u32 size, u64* rows, u32 stride) {
  build_rows(Load32{words, size}, size, rows, stride);
}

// 64-bit words: their low halves make rows 0-31, their high halves (where `high`) rows 32-63.
[[NQ_SLICED_TARGET]] void build_rows64(const u64* words, u32 size, bool high, u64* rows,
                                       u32 stride) {
  alignas(64) std::int32_t index[2][16];
  for (int d = 0; d < 16; ++d) index[0][d] = 2 * d, index[1][d] = 2 * d + 1;
  for (u32 half = 0; half < (high ? 2u : 1u); ++half) {
    build_rows(LoadHalves{words, size, _mm512_load_si512(index[half])}, size,
               rows + u64{32} * half * stride, stride);
  }
}

// The sum of the eight 64-bit lanes (_mm512_reduce_add_epi64 draws a false warning from g++ 12).
[[NQ_SLICED_TARGET]] inline u64 add_lanes(__m512i sum) {
  alignas(64) u64 lanes[8];
  _mm512_store_si512(lanes, sum);
  u64 total = 0;
  for (const u64 lane : lanes) total += lane;
  return total;
}

// The avx512 build: the ranges [0, count) of the tables against b[0, nb), and a range's tables.
struct Avx512 {
  static constexpr u32 kUnitWords = kRangeWords;  // the words a streamed word meets at a time
  static constexpr u32 range_bytes(u32 groups) { return groups * 16 * 64; }
  template <u32 kGroups, u32 kRanges, class Word>
  [[NQ_SLICED_TARGET]] static u64 stream_ranges(u32 count, const void* space, const Word* b,
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
  [[NQ_SLICED_TARGET]] static void table(const u64* rows, u32 stride, u32 groups, u32 p, u32 m,
                                         void* space, u32 r) {
    build_table(rows, stride, groups, p, m, static_cast<__m512i*>(space) + r * groups * 16);
  }
  static void rows32(const u32* words, u32 size, u64* rows, u32 stride) {
    build_rows32(words, size, rows, stride);
  }
  static void rows64(const u64* words, u32 size, u32 bits, u64* rows, u32 stride) {
    build_rows64(words, size, bits > 32, rows, stride);
  }
};

// A range sorted by its words' top bits (SlicedWords::count): bits [shift, shift + k) of a word
// are its key, and ends[u] is where the range's words with keys at most u end.
struct TopBits {
  u32 shift, mask;
  const u32* ends;
  const u32* b_ends;  // null, or the same for b (then sorted by key)
};

// The avx2 build: the same rows and tables, a range's 512 bits as two 256-bit halves (an entry's
// 64 bytes, the low half first).
using Lanes4 [[gnu::vector_size(32)]] = u64;

[[NQ_SLICED2_TARGET]] inline __m256i window2(const u64* row, u32 p) {
  __m256i v;
  window_bits<Lanes4>(row, p, &v);
  return v;
}

[[NQ_SLICED2_TARGET]] inline __m256i first_bits2(u32 m) {
  __m256i v;
  first_bits_into<4>(m, &v);
  return v;
}

// As build_table: entry g * 16 + v is table[2 (g * 16 + v)] (the range's first 256 words) and
// the vector after it (the next 256).
[[NQ_SLICED2_TARGET]] void build_table2(const u64* rows, u32 stride, u32 groups, u32 p, u32 m,
                                        __m256i* table) {
  if (m <= 256) {  // no word is streamed against the second half (kUnitWords)
    const __m256i live = first_bits2(m);
    for (u32 g = 0; g < groups; ++g) {
      __m256i* const t = table + g * 32;
      t[0] = live;
      for (u32 bit = 0; bit < 4; ++bit) {
        const __m256i clear = window2(rows + u64{4 * g + bit} * stride, p);
        const u32 high = 1u << bit;
        for (u32 v = 0; v < high; ++v) t[2 * (high + v)] = _mm256_and_si256(t[2 * v], clear);
      }
    }
    return;
  }
  const __m256i live[2] = {first_bits2(m), first_bits2(m - 256)};
  for (u32 g = 0; g < groups; ++g) {
    __m256i* const t = table + g * 32;
    t[0] = live[0];
    t[1] = live[1];
    for (u32 bit = 0; bit < 4; ++bit) {
      const u64* const row = rows + u64{4 * g + bit} * stride;
      const __m256i clear[2] = {window2(row, p), window2(row, p + 256)};
      const u32 high = 1u << bit;
      for (u32 v = 0; v < high; ++v) {
        t[2 * (high + v)] = _mm256_and_si256(t[2 * v], clear[0]);
        t[2 * (high + v) + 1] = _mm256_and_si256(t[2 * v + 1], clear[1]);
      }
    }
  }
}

// The set bits of each byte of v, added to the bytes of `to` (a nibble table in vpshufb).
[[NQ_SLICED2_TARGET]] inline __m256i add_byte_counts(__m256i to, __m256i v, __m256i nibbles) {
  const __m256i low = _mm256_set1_epi8(0x0F);
  const __m256i ones =
      _mm256_add_epi8(_mm256_shuffle_epi8(nibbles, _mm256_and_si256(v, low)),
                      _mm256_shuffle_epi8(nibbles, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
  return _mm256_add_epi8(to, ones);
}

// Half h of entry (r, g) for a word whose nibble there, times 8, is times8 (as entry()).
template <u32 kGroups>
[[NQ_SLICED2_TARGET]] inline __m256i entry2(const char* base, u32 r, u32 g, u64 times8, u32 h) {
  return *reinterpret_cast<const __m256i*>(base + (r * kGroups + g) * 16 * 64 + times8 * 8 +
                                           32 * h);
}

// The ANDed entries of a word b for the half-ranges [0, kUnits) (unit u is half u % 2 of range
// u / 2), of tables of kGroups groups of 4 bits (an entry's two halves side by side).
template <u32 kGroups>
struct GroupVectors {
  template <u32 kUnits, class Word>
  [[NQ_SLICED2_TARGET]] [[gnu::always_inline]] static inline void of(const char* base, Word x,
                                                                     __m256i* out) {
    constexpr u64 kNibblesTimes8 = 0x7878787878787878;
    u64 spread[(kGroups + 7) / 8];
    spread[0] = _pdep_u64(static_cast<u32>(x), kNibblesTimes8);
    if constexpr (kGroups > 8) spread[1] = _pdep_u64(static_cast<u64>(x) >> 32, kNibblesTimes8);
    u64 at[kGroups];
    for (u32 g = 0; g < kGroups; ++g) at[g] = spread[g / 8] >> (8 * (g % 8)) & 0xFF;
    for (u32 u = 0; u < kUnits; ++u) {
      __m256i v = entry2<kGroups>(base, u / 2, 0, at[0], u % 2);
      for (u32 g = 1; g < kGroups; ++g) {
        v = _mm256_and_si256(v, entry2<kGroups>(base, u / 2, g, at[g], u % 2));
      }
      out[u] = v;
    }
  }
};

// sum + a + b bit by bit: the sum's bits stay in `sum`, the carries go to `carry`.
[[NQ_SLICED2_TARGET]] [[gnu::always_inline]] inline void full_add(__m256i& sum, __m256i a,
                                                                  __m256i b, __m256i& carry) {
  const __m256i half = _mm256_xor_si256(sum, a);
  carry = _mm256_or_si256(_mm256_and_si256(sum, a), _mm256_and_si256(half, b));
  sum = _mm256_xor_si256(half, b);
}

// As stream: the set bits of the vectors that Vectors::of gives for each word b, added up.
// Each vector's bits are counted by the nibble table into byte counters, a range's two halves
// into one, which each word b adds at most 16 to, so they are summed into 64-bit lanes
// (vpsadbw) every 15 words. Where a word's vectors come in fours, they go through carry-save
// adders instead (Harley-Seal: ones, twos, and only the fours' carries counted by the table),
// 5.5 instructions a vector instead of 7. For other numbers of vectors a word, the words taken two
// or four at a time so that theirs came in fours, it was slower (docs/journal/count.md,
// "Half-ranges and carry-save adders in the AVX2 streams, and six leads measured").
template <class Vectors, u32 kUnits, class Word>
[[NQ_SLICED2_TARGET]] u64 stream_units(const void* tables, const Word* b, u32 nb) {
  const char* const base = static_cast<const char*>(tables);
  const __m256i nibbles = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
                                           2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i zero = _mm256_setzero_si256();
  __m256i total = zero;
  if constexpr (kUnits % 4 == 0) {
    constexpr u32 kFlush = 31 / (kUnits / 4);  // words: each adds at most 8 a step to a byte
    __m256i ones = zero, twos = zero;
    for (u32 i = 0; i < nb;) {
      const u32 stop = std::min(nb, i + kFlush);
      __m256i fours = zero;
      for (; i < stop; ++i) {
        __m256i v[kUnits];
        Vectors::template of<kUnits>(base, b[i], v);
        for (u32 k = 0; k < kUnits; k += 4) {
          __m256i low, high, carry;
          full_add(ones, v[k], v[k + 1], low);
          full_add(ones, v[k + 2], v[k + 3], high);
          full_add(twos, low, high, carry);
          fours = add_byte_counts(fours, carry, nibbles);
        }
      }
      total = _mm256_add_epi64(total, _mm256_sad_epu8(fours, zero));
    }
    total = _mm256_add_epi64(total, total);
    total = _mm256_add_epi64(total, _mm256_sad_epu8(add_byte_counts(zero, twos, nibbles), zero));
    total = _mm256_add_epi64(total, total);
    total = _mm256_add_epi64(total, _mm256_sad_epu8(add_byte_counts(zero, ones, nibbles), zero));
  } else {
    constexpr u32 kFlush = 15, kRanges = (kUnits + 1) / 2;
    for (u32 i = 0; i < nb;) {
      const u32 stop = std::min(nb, i + kFlush);
      __m256i bytes[kRanges];
      for (u32 r = 0; r < kRanges; ++r) bytes[r] = zero;
      for (; i < stop; ++i) {
        __m256i v[kUnits];
        Vectors::template of<kUnits>(base, b[i], v);
        for (u32 u = 0; u < kUnits; ++u)
          bytes[u / 2] = add_byte_counts(bytes[u / 2], v[u], nibbles);
      }
      for (u32 r = 0; r < kRanges; ++r) {
        total = _mm256_add_epi64(total, _mm256_sad_epu8(bytes[r], zero));
      }
    }
  }
  alignas(32) u64 lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), total);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

template <u32 kGroups, u32 kUnits, class Word>
[[NQ_SLICED2_TARGET]] u64 stream2(const void* tables, const Word* b, u32 nb) {
  return stream_units<GroupVectors<kGroups>, kUnits>(tables, b, nb);
}

// Words of at most 32 bits in the avx2 build: six groups of 6, 6, 5, 5, 5 and 5 bits (from bit
// 0) instead of eight of 4, so a word costs 6 loads a half-range instead of 8, while a range's
// tables hold 256 entries a half instead of 128. Each half of a range has its own table of 32-byte
// entries, so that one pdep leaves every group's index times 4 in a byte, and times 8 more in the
// address is the entry. The stream is bound by the instructions it issues more than by any one
// unit (docs/journal/count.md, "The words' stores prefetched, and what the kernel is bound by"),
// and these take a fifth fewer a word. The tables cost twice as much and four ranges' fill 64 KiB,
// twice the first-level cache, so they pay only where they are kept (blocks of at most four
// ranges) and meet at least kSixWords words b (docs/journal/count.md, "Six wider groups in the
// AVX2 sliced kernel").
constexpr u64 kSixWords = 1024;

struct SixGroups {
  static constexpr u32 kWidth[6] = {6, 6, 5, 5, 5, 5};
  static constexpr u32 kLow[6] = {0, 6, 12, 17, 22, 27};         // a group's lowest bit
  static constexpr u32 kFirst[6] = {0, 64, 128, 160, 192, 224};  // its first entry
  static constexpr u32 kEntries = 256;                           // a half-range's
  static constexpr u64 kIndexTimes4 = 0x00007C7C7C7CFCFC;        // the groups' bits into bytes 0-5
};

// Entry kFirst[g] + v of half h of the table (the half at table + h kEntries): the words of that
// half of the range [p, p + m) whose group g's bits miss every bit of v.
[[NQ_SLICED2_TARGET]] void build_table_six(const u64* rows, u32 stride, u32 p, u32 m,
                                           __m256i* table) {
  using G = SixGroups;
  for (u32 h = 0; h < (m > 256 ? 2u : 1u); ++h) {  // (no word meets an empty half: kUnitWords)
    const __m256i live = first_bits2(h == 0 ? m : m - 256);
    for (u32 g = 0; g < 6; ++g) {
      __m256i* const t = table + h * G::kEntries + G::kFirst[g];
      t[0] = live;
      for (u32 bit = 0; bit < G::kWidth[g]; ++bit) {
        const __m256i clear = window2(rows + u64{G::kLow[g] + bit} * stride, p + 256 * h);
        const u32 high = 1u << bit;
        for (u32 v = 0; v < high; ++v) t[high + v] = _mm256_and_si256(t[v], clear);
      }
    }
  }
}

// As GroupVectors, for the six groups' tables.
struct SixVectors {
  template <u32 kUnits, class Word>
  [[NQ_SLICED2_TARGET]] [[gnu::always_inline]] static inline void of(const char* base, Word x,
                                                                     __m256i* out) {
    using G = SixGroups;
    const u64 spread = _pdep_u64(static_cast<u32>(x), G::kIndexTimes4);
    u64 at[6];
    for (u32 g = 0; g < 6; ++g) at[g] = spread >> (8 * g) & 0xFF;
    for (u32 u = 0; u < kUnits; ++u) {
      const char* const t = base + u64{u} * G::kEntries * 32;
      __m256i v = *reinterpret_cast<const __m256i*>(t + at[0] * 8);
      for (u32 g = 1; g < 6; ++g) {
        v = _mm256_and_si256(v,
                             *reinterpret_cast<const __m256i*>(t + G::kFirst[g] * 32 + at[g] * 8));
      }
      out[u] = v;
    }
  }
};

template <u32 kUnits, class Word>
[[NQ_SLICED2_TARGET]] u64 stream_six(const void* tables, const Word* b, u32 nb) {
  return stream_units<SixVectors, kUnits>(tables, b, nb);
}

// As build_rows, 32 words at a time: byte k of each of the 32 words gathered into one vector (a
// byte shuffle within each 16-byte lane, a 4 x 4 transpose of dwords within the lanes, one dword
// permute), inverted, and each bit's 32 tests taken by one shift and one vpmovmskb. v[m] holds
// words j + 8m to j + 8m + 7 (32 bits each, in order); the rows of their first `bytes` bytes are
// written (the high halves of 64-bit words often have a few bits).
[[NQ_SLICED2_TARGET]] inline void rows_of_32(const __m256i (&words)[4], u32 j, u32 bytes, u64* rows,
                                             u32 stride) {
  const __m256i gather_bytes =
      _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9,
                       13, 2, 6, 10, 14, 3, 7, 11, 15);
  const __m256i word_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  const __m256i all = _mm256_set1_epi8(-1);
  __m256i v[4];
  for (u32 m = 0; m < 4; ++m) v[m] = _mm256_shuffle_epi8(words[m], gather_bytes);
  const __m256i t0 = _mm256_unpacklo_epi32(v[0], v[1]), t1 = _mm256_unpackhi_epi32(v[0], v[1]);
  const __m256i t2 = _mm256_unpacklo_epi32(v[2], v[3]), t3 = _mm256_unpackhi_epi32(v[2], v[3]);
  const __m256i byte[4] = {_mm256_unpacklo_epi64(t0, t2), _mm256_unpackhi_epi64(t0, t2),
                           _mm256_unpacklo_epi64(t1, t3), _mm256_unpackhi_epi64(t1, t3)};
  char* const out = reinterpret_cast<char*>(rows + j / 64) + j % 64 / 8;
  const std::size_t row_bytes = std::size_t{stride} * 8;
  for (u32 k = 0; k < bytes; ++k) {
    const __m256i clear = _mm256_xor_si256(_mm256_permutevar8x32_epi32(byte[k], word_order), all);
    char* const at = out + 8 * k * row_bytes;
    for (u32 bit = 0; bit < 8; ++bit) {
      const auto tests = static_cast<u32>(
          _mm256_movemask_epi8(_mm256_slli_epi16(clear, static_cast<int>(7 - bit))));
      std::memcpy(at + bit * row_bytes, &tests, 4);
    }
  }
}

// Words [j, j + 32) of a list of `size`, j < size: in place for a whole block, else from `last`,
// a copy of the partial block padded with zeros. Whole blocks are loaded as they are (the masked
// loads of every block, with their masks, took a third of the transposition).
template <class Word>
inline const Word* block_of_32(const Word* words, u32 size, u32 j, Word (&last)[32]) {
  if (size - j >= 32) return words + j;
  std::memset(last, 0, sizeof last);
  std::memcpy(last, words + j, (size - j) * sizeof(Word));
  return last;
}

[[NQ_SLICED2_TARGET]] void build_rows2_32(const u32* words, u32 size, u64* rows, u32 stride) {
  alignas(32) u32 last[32];
  for (u32 j = 0; j < size; j += 32) {
    const u32* const from = block_of_32(words, size, j, last);
    __m256i v[4];
    for (u32 m = 0; m < 4; ++m) {
      v[m] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + 8 * m));
    }
    rows_of_32(v, j, 4, rows, stride);
  }
}

// The rows of the groups that cover `bits` bits, to a multiple of 8 (the rows past them are left
// as they were: no group's table reads them). Each block of 32 words is loaded once, and split
// into its low and high halves by a shuffle of two vectors at a time.
[[NQ_SLICED2_TARGET]] void build_rows2_64(const u64* words, u32 size, u32 bits, u64* rows,
                                          u32 stride) {
  const u32 high_bytes = bits > 32 ? (bits - 32 + 7) / 8 : 0;
  // The shuffle leaves words 0, 1, 4, 5, 2, 3, 6, 7 of two vectors in a vector's dwords.
  const __m256i in_order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
  alignas(32) u64 last[32];
  for (u32 j = 0; j < size; j += 32) {
    const u64* const from = block_of_32(words, size, j, last);
    __m256i low[4], high[4];
    for (u32 m = 0; m < 4; ++m) {
      const __m256 a =
          _mm256_castsi256_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + 8 * m)));
      const __m256 b = _mm256_castsi256_ps(
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + 8 * m + 4)));
      low[m] =
          _mm256_permutevar8x32_epi32(_mm256_castps_si256(_mm256_shuffle_ps(a, b, 0x88)), in_order);
      high[m] =
          _mm256_permutevar8x32_epi32(_mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xDD)), in_order);
    }
    rows_of_32(low, j, 4, rows, stride);
    if (high_bytes > 0) rows_of_32(high, j, high_bytes, rows + u64{32} * stride, stride);
  }
}

struct Avx2 {
  static constexpr u32 kUnitWords = kRangeWords / 2;
  static constexpr u32 range_bytes(u32 groups) { return groups * 16 * 64; }
  // The half-ranges [0, count) against b.
  template <u32 kGroups, u32 kRanges, class Word>
  [[NQ_SLICED2_TARGET]] static u64 stream_ranges(u32 count, const void* tables, const Word* b,
                                                 u32 nb) {
    if constexpr (kRanges == 4) {
      switch (count) {
        case 1: return stream2<kGroups, 1>(tables, b, nb);
        case 2: return stream2<kGroups, 2>(tables, b, nb);
        case 3: return stream2<kGroups, 3>(tables, b, nb);
        case 4: return stream2<kGroups, 4>(tables, b, nb);
        case 5: return stream2<kGroups, 5>(tables, b, nb);
        case 6: return stream2<kGroups, 6>(tables, b, nb);
        case 7: return stream2<kGroups, 7>(tables, b, nb);
        default: return stream2<kGroups, 8>(tables, b, nb);
      }
    } else {
      switch (count) {
        case 1: return stream2<kGroups, 1>(tables, b, nb);
        case 2: return stream2<kGroups, 2>(tables, b, nb);
        case 3: return stream2<kGroups, 3>(tables, b, nb);
        default: return stream2<kGroups, 4>(tables, b, nb);
      }
    }
  }
  [[NQ_SLICED2_TARGET]] static void table(const u64* rows, u32 stride, u32 groups, u32 p, u32 m,
                                          void* space, u32 r) {
    build_table2(rows, stride, groups, p, m, static_cast<__m256i*>(space) + r * groups * 32);
  }
  static void rows32(const u32* words, u32 size, u64* rows, u32 stride) {
    build_rows2_32(words, size, rows, stride);
  }
  static void rows64(const u64* words, u32 size, u32 bits, u64* rows, u32 stride) {
    build_rows2_64(words, size, bits, rows, stride);
  }
};

// The avx2 build's six groups, for words of at most 32 bits (kGroups 8).
struct Avx2Six {
  static constexpr u32 kUnitWords = kRangeWords / 2;
  static constexpr u32 range_bytes(u32) { return 2 * SixGroups::kEntries * 32; }
  template <u32 kGroups, u32 kRanges, class Word>
  [[NQ_SLICED2_TARGET]] static u64 stream_ranges(u32 count, const void* tables, const Word* b,
                                                 u32 nb) {
    static_assert(kGroups == 8 && kRanges == 4);
    switch (count) {
      case 1: return stream_six<1>(tables, b, nb);
      case 2: return stream_six<2>(tables, b, nb);
      case 3: return stream_six<3>(tables, b, nb);
      case 4: return stream_six<4>(tables, b, nb);
      case 5: return stream_six<5>(tables, b, nb);
      case 6: return stream_six<6>(tables, b, nb);
      case 7: return stream_six<7>(tables, b, nb);
      default: return stream_six<8>(tables, b, nb);
    }
  }
  [[NQ_SLICED2_TARGET]] static void table(const u64* rows, u32 stride, u32, u32 p, u32 m,
                                          void* space, u32 r) {
    build_table_six(rows, stride, p, m, static_cast<__m256i*>(space) + r * 2 * SixGroups::kEntries);
  }
};

// `tables` holds kTableBytes; `built`: it already holds the tables of [begin, end), which is at
// most kRanges ranges long. With `top`, a word b with key v counts only the ranges up to
// top->ends[~v]: the words past it share a key bit with b.
// Isa is the build (Avx512 or Avx2), whose calls each take a run of words b or a range's tables.
template <u32 kGroups, class Isa, class Word>
u64 count_ranges(const u64* rows, u32 stride, u32 begin, u32 end, const Word* b, u32 nb,
                 void* tables, bool built, const TopBits* top) {
  constexpr u32 kRanges = ranges_at_a_time(kGroups);
  static_assert(kRanges * Isa::range_bytes(kGroups) <= kTableBytes);
  constexpr u32 kUnit = Isa::kUnitWords;
  u64 total = 0;
  for (u32 p = begin; p < end; p += kRanges * kRangeWords) {
    const u32 ranges = std::min(kRanges, (end - p + kRangeWords - 1) / kRangeWords);
    for (u32 r = 0; r < ranges && !built; ++r) {
      const u32 q = p + r * kRangeWords;
      Isa::table(rows, stride, kGroups, q, std::min(kRangeWords, end - q), tables, r);
    }
    // The units (ranges, or the avx2 builds' half-ranges) that hold words: a block's last range
    // is often partly empty, and the avx2 builds streamed a half that holds none for nothing
    // (close to a tenth of the half-ranges streamed: docs/journal/count.md, "Half-ranges and
    // carry-save adders in the AVX2 streams, and six leads measured").
    const u32 units = std::min(kRanges * kRangeWords, end - p + kUnit - 1) / kUnit;
    if (!top || units == 1) {  // (one unit: a word skips it only if it meets none of it)
      total += Isa::template stream_ranges<kGroups, kRanges>(units, tables, b, nb);
      continue;
    }
    // The units of these tables that a word with key v needs; consecutive words that need as
    // many are streamed together.
    u32 need[16];
    for (u32 v = 0; v <= top->mask; ++v) {
      const u32 until = std::min(end, top->ends[~v & top->mask]);
      need[v] = until <= p ? 0 : std::min(units, (until - p + kUnit - 1) / kUnit);
    }
    if (top->b_ends) {
      // b's runs by key from where they are said to end (not by a scan for them, a load, a shift
      // and a compare a word: docs/journal/count.md, "Diagonals in one word, and streamed words
      // that skip ranges").
      for (u32 v = 0, i = 0; v <= top->mask;) {
        const u32 want = need[v];
        u32 j = std::min(nb, top->b_ends[v]);
        while (++v <= top->mask && need[v] == want) j = std::min(nb, top->b_ends[v]);
        if (want && j > i) {
          total += Isa::template stream_ranges<kGroups, kRanges>(want, tables, b + i, j - i);
        }
        i = std::max(i, j);
      }
      continue;
    }
    auto key = [top](Word x) { return static_cast<u32>(x >> top->shift) & top->mask; };
    for (u32 i = 0; i < nb;) {
      const u32 want = need[key(b[i])];
      u32 j = i + 1;
      while (j < nb && need[key(b[j])] == want) ++j;
      if (want) {
        total += Isa::template stream_ranges<kGroups, kRanges>(want, tables, b + i, j - i);
      }
      i = j;
    }
  }
  return total;
}

}  // namespace

void SlicedWords::require() const {
  if (!sliced_pairs_available(isa_)) {
    throw std::logic_error("SlicedWords: this processor lacks the build asked for");
  }
}

void SlicedWords::build(const std::uint32_t* words, std::uint32_t size) {
  require();
  size_ = size;
  groups_ = 8;
  stride_ = (size + 63) / 64 + kPad;
  tables_end_ = 0;
  // Not cleared: what lies past the list's words (an earlier list's rows, or zeros) is read into
  // a range's windows but masked off with the words past the range.
  rows_.resize(u64{32} * stride_);
  if (isa_ == SlicedIsa::avx512) {
    Avx512::rows32(words, size, rows_.data(), stride_);
  } else {
    Avx2::rows32(words, size, rows_.data(), stride_);
  }
}

void SlicedWords::build(const std::uint64_t* words, std::uint32_t size, std::uint32_t bits_b) {
  require();
  u64 any = 0;  // the bits some word has: a word b's other bits meet none
  for (u32 i = 0; i < size; ++i) any |= words[i];
  if (bits_b < 64) any &= (u64{1} << bits_b) - 1;
  const u32 bits = static_cast<u32>(std::bit_width(any));
  tables_end_ = 0;
  size_ = size;
  groups_ = bits <= 32 ? 8 : (bits + 7) / 8 * 2;  // 8, 10, 12, 14 or 16 groups of 4 bits
  stride_ = (size + 63) / 64 + kPad;
  rows_.resize(u64{bits <= 32 ? 32u : 64u} * stride_);
  if (isa_ == SlicedIsa::avx512) {
    Avx512::rows64(words, size, bits, rows_.data(), stride_);
  } else {
    Avx2::rows64(words, size, bits, rows_.data(), stride_);
  }
}

// A descent meets a range again with every block of the other list that it pairs with, and
// blocks that share their transposed range are counted one after another (pair_count.cpp): at
// n = 18, 20 and 21 a join counted each range it built tables for 6.5 to 7 times.
std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                                 std::uint32_t nb) {
  return count_any<u32>(begin, end, b, nb, 0, 0, nullptr, nullptr, 0);
}

std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint64_t* b,
                                 std::uint32_t nb) {
  return count_any<u64>(begin, end, b, nb, 0, 0, nullptr, nullptr, 0);
}

std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                                 std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                                 const std::uint32_t* ends, const std::uint32_t* b_ends,
                                 std::uint64_t streamed) {
  return count_any<u32>(begin, end, b, nb, shift, k, ends, b_ends, streamed);
}

std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint64_t* b,
                                 std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                                 const std::uint32_t* ends, const std::uint32_t* b_ends,
                                 std::uint64_t streamed) {
  return count_any<u64>(begin, end, b, nb, shift, k, ends, b_ends, streamed);
}

template <class Word>
std::uint64_t SlicedWords::count_any(std::uint32_t begin, std::uint32_t end, const Word* b,
                                     std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                                     const std::uint32_t* ends, const std::uint32_t* b_ends,
                                     std::uint64_t streamed) {
  if (begin >= end || nb == 0) return 0;
  if (k > 4) throw std::invalid_argument("SlicedWords::count: more than 4 top bits");
  require();
  bool built = false;
  void* const tables = table_space(begin, end, built);
  if (!built) {
    six_ = isa_ == SlicedIsa::avx2 && groups_ == 8 && tables_end_ == end &&
           std::max<u64>(streamed, nb) >= kSixWords;
  }
  const TopBits top{shift, (1u << k) - 1, ends, b_ends};
  const TopBits* const by_top = k > 0 ? &top : nullptr;
  if (isa_ == SlicedIsa::avx512) {
    return count_groups<Avx512>(begin, end, b, nb, tables, built, by_top);
  }
  if (six_) {
    return count_ranges<8, Avx2Six>(rows_.data(), stride_, begin, end, b, nb, tables, built,
                                    by_top);
  }
  return count_groups<Avx2>(begin, end, b, nb, tables, built, by_top);
}

// count_ranges for this list's groups.
template <class Isa, class Word>
std::uint64_t SlicedWords::count_groups(std::uint32_t begin, std::uint32_t end, const Word* b,
                                        std::uint32_t nb, void* tables, bool built,
                                        const void* by_top) const {
  const auto* const top = static_cast<const TopBits*>(by_top);
  const u64* const rows = rows_.data();
  if constexpr (sizeof(Word) == 4) {
    return count_ranges<8, Isa>(rows, stride_, begin, end, b, nb, tables, built, top);
  } else {
    switch (groups_) {
      case 8: return count_ranges<8, Isa>(rows, stride_, begin, end, b, nb, tables, built, top);
      case 10: return count_ranges<10, Isa>(rows, stride_, begin, end, b, nb, tables, built, top);
      case 12: return count_ranges<12, Isa>(rows, stride_, begin, end, b, nb, tables, built, top);
      case 14: return count_ranges<14, Isa>(rows, stride_, begin, end, b, nb, tables, built, top);
      default: return count_ranges<16, Isa>(rows, stride_, begin, end, b, nb, tables, built, top);
    }
  }
}

// The table space, and whether it holds [begin, end)'s tables; it is then said to hold them
// after the count when they fit in it at once, and nothing otherwise.
void* SlicedWords::table_space(std::uint32_t begin, std::uint32_t end, bool& built) {
  if (tables_.empty()) tables_.resize((kTableBytes + 64) / sizeof(u64));
  built = begin == tables_begin_ && end == tables_end_;
  const bool fits = end - begin <= ranges_at_a_time(groups_) * kRangeWords;
  tables_begin_ = begin;
  tables_end_ = fits ? end : 0;
  const auto at = reinterpret_cast<std::uintptr_t>(tables_.data());
  return reinterpret_cast<void*>((at + 63) & ~std::uintptr_t{63});
}

#undef NQ_SLICED_TARGET
#undef NQ_SLICED2_TARGET

#else

bool sliced_pairs_available(SlicedIsa) { return false; }
void SlicedWords::require() const {
  throw std::logic_error("SlicedWords: this processor lacks the build asked for");
}
void SlicedWords::build(const std::uint32_t*, std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
void SlicedWords::build(const std::uint64_t*, std::uint32_t, std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint32_t*,
                                 std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint64_t*,
                                 std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint32_t*, std::uint32_t,
                                 std::uint32_t, std::uint32_t, const std::uint32_t*,
                                 const std::uint32_t*, std::uint64_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint64_t*, std::uint32_t,
                                 std::uint32_t, std::uint32_t, const std::uint32_t*,
                                 const std::uint32_t*, std::uint64_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}

#endif

SlicedIsa sliced_pairs_isa() {
  if (sliced_pairs_available(SlicedIsa::avx512)) return SlicedIsa::avx512;
  if (sliced_pairs_available(SlicedIsa::avx2)) return SlicedIsa::avx2;
  return SlicedIsa::none;
}

bool sliced_pairs_available() { return sliced_pairs_isa() != SlicedIsa::none; }

}  // namespace nq::detail
