// SPDX-License-Identifier: MIT
// The sliced kernel's avx2 build (sliced_builds.hpp), its functions compiled for AVX2, BMI2 and
// POPCNT by target attributes: the avx512 build's rows and tables, a range's 512 bits as two
// 256-bit halves (an entry's 64 bytes, the low half first; a half that holds no words of
// [begin, end), or none that a word b's top bits leave it, is neither built nor streamed), and
// the popcount by a nibble table (vpshufb) into byte counters that are summed every 15 words b
// (where a word b meets four or eight halves, its vectors go through carry-save adders first, and
// only their fours are counted so). Words of at most 32 bits are looked up in six wider groups
// where enough words b meet a range (SixGroups), past 32 bits in the 4-bit groups.
// The hot loop's invariant: a byte counter gains at most 16 a word b (a range's two halves, 8 a
// byte each), so summing the counters into 64-bit lanes (vpsadbw) every 15 words b keeps every
// byte below 256; through the carry-save adders the fours' counters gain at most 8 a step of four
// vectors, and are summed every 31 steps.
#include "count/sliced_common.hpp"

#if defined(__x86_64__)

namespace nq::detail::sliced::avx2 {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

#define NQ_SLICED_AVX2_TARGET gnu::target("avx2,bmi2,popcnt")

// As the avx512 build's table: entry g * 16 + v is table[2 (g * 16 + v)] (the range's first 256
// words) and the vector after it (the next 256).
[[NQ_SLICED_AVX2_TARGET]] void build_halves_table(const u64* rows, u32 stride, u32 groups, u32 p,
                                                  u32 m, __m256i* table) {
  if (m <= 256) {  // no word is streamed against the second half (kUnitWords)
    __m256i live[1];
    first_bits(m, live[0]);
    for (u32 g = 0; g < groups; ++g) {
      fill_group<1, 2>(table + g * 32, live, rows, stride, 4 * g, 4, p);
    }
    return;
  }
  __m256i live[2];
  first_bits(m, live[0]);
  first_bits(m - 256, live[1]);
  for (u32 g = 0; g < groups; ++g)
    fill_group<2, 2>(table + g * 32, live, rows, stride, 4 * g, 4, p);
}

// The set bits of each byte of v, added to the bytes of `to` (a nibble table in vpshufb).
[[NQ_SLICED_AVX2_TARGET]] inline __m256i add_byte_counts(__m256i to, __m256i v, __m256i nibbles) {
  const __m256i low = _mm256_set1_epi8(0x0F);
  const __m256i ones =
      _mm256_add_epi8(_mm256_shuffle_epi8(nibbles, _mm256_and_si256(v, low)),
                      _mm256_shuffle_epi8(nibbles, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
  return _mm256_add_epi8(to, ones);
}

// The ANDed entries of a word b for the half-ranges [0, kUnits) (unit u is half u % 2 of range
// u / 2), of tables of kGroups groups of 4 bits (an entry's two halves side by side).
template <u32 kGroups>
struct GroupVectors {
  template <u32 kUnits, class Word>
  [[NQ_SLICED_AVX2_TARGET]] [[gnu::always_inline]] static inline void of(const char* base, Word x,
                                                                         __m256i* out) {
    u64 at[kGroups];
    nibble_offsets<kGroups>(x, at);
    for (u32 u = 0; u < kUnits; ++u) {
      __m256i v = entry<__m256i, kGroups>(base, u / 2, 0, at[0], u % 2);
      for (u32 g = 1; g < kGroups; ++g) {
        v = _mm256_and_si256(v, entry<__m256i, kGroups>(base, u / 2, g, at[g], u % 2));
      }
      out[u] = v;
    }
  }
};

// sum + a + b bit by bit: the sum's bits stay in `sum`, the carries go to `carry`.
[[NQ_SLICED_AVX2_TARGET]] [[gnu::always_inline]] inline void full_add(__m256i& sum, __m256i a,
                                                                      __m256i b, __m256i& carry) {
  const __m256i half = _mm256_xor_si256(sum, a);
  carry = _mm256_or_si256(_mm256_and_si256(sum, a), _mm256_and_si256(half, b));
  sum = _mm256_xor_si256(half, b);
}

// The avx512 build's stream: the set bits of the vectors that Vectors::of gives for each word b,
// added up. Each vector's bits are counted by the nibble table into byte counters, a range's two
// halves into one, which each word b adds at most 16 to, so they are summed into 64-bit lanes
// (vpsadbw) every 15 words. Where a word's vectors come in fours, they go through carry-save
// adders instead (Harley-Seal: ones, twos, and only the fours' carries counted by the table),
// 5.5 instructions a vector instead of 7. For other numbers of vectors a word, the words taken two
// or four at a time so that theirs came in fours, it was slower (docs/journal/count.md,
// "Half-ranges and carry-save adders in the AVX2 streams, and six leads measured").
template <class Vectors, u32 kUnits, class Word>
[[NQ_SLICED_AVX2_TARGET]] u64 stream_units(const void* tables, const Word* b, u32 nb) {
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

// stream_units<Vectors, units> for units from 1 to kMost (4 or 8; more count as kMost), one
// switch a count (a jump table into the inlined streams).
template <class Vectors, u32 kMost, class Word>
[[NQ_SLICED_AVX2_TARGET]] u64 stream_units_of(u32 units, const void* tables, const Word* b,
                                              u32 nb) {
  static_assert(kMost == 4 || kMost == 8);
  if constexpr (kMost == 8) {
    switch (units) {
      case 1: return stream_units<Vectors, 1>(tables, b, nb);
      case 2: return stream_units<Vectors, 2>(tables, b, nb);
      case 3: return stream_units<Vectors, 3>(tables, b, nb);
      case 4: return stream_units<Vectors, 4>(tables, b, nb);
      case 5: return stream_units<Vectors, 5>(tables, b, nb);
      case 6: return stream_units<Vectors, 6>(tables, b, nb);
      case 7: return stream_units<Vectors, 7>(tables, b, nb);
      default: return stream_units<Vectors, 8>(tables, b, nb);
    }
  } else {
    switch (units) {
      case 1: return stream_units<Vectors, 1>(tables, b, nb);
      case 2: return stream_units<Vectors, 2>(tables, b, nb);
      case 3: return stream_units<Vectors, 3>(tables, b, nb);
      default: return stream_units<Vectors, 4>(tables, b, nb);
    }
  }
}

// Words of at most 32 bits in the avx2 build: six groups of 6, 6, 5, 5, 5 and 5 bits (from bit
// 0) instead of eight of 4, so a word costs 6 loads a half-range instead of 8, while a range's
// tables hold 256 entries a half instead of 128. Each half of a range has its own table of 32-byte
// entries, so that one pdep leaves every group's index times 4 in a byte, and times 8 more in the
// address is the entry. The stream is bound by the instructions it issues more than by any one
// unit (docs/journal/count.md, "The words' stores prefetched, and what the kernel is bound by"),
// and these take a fifth fewer a word. The tables cost twice as much and four ranges' fill 64 KiB,
// twice the first-level cache, so they pay only where they are kept (blocks of at most four
// ranges) and meet at least kTuning.six_group_words words b (docs/journal/count.md, "Six wider
// groups in the AVX2 sliced kernel").
struct SixGroups {
  static constexpr u32 kWidth[6] = {6, 6, 5, 5, 5, 5};
  static constexpr u32 kLow[6] = {0, 6, 12, 17, 22, 27};         // a group's lowest bit
  static constexpr u32 kFirst[6] = {0, 64, 128, 160, 192, 224};  // its first entry
  static constexpr u32 kEntries = 256;                           // a half-range's
  static constexpr u64 kIndexTimes4 = 0x00007C7C7C7CFCFC;        // the groups' bits into bytes 0-5
};

// Entry kFirst[g] + v of half h of the table (the half at table + h kEntries): the words of that
// half of the range [p, p + m) whose group g's bits miss every bit of v.
[[NQ_SLICED_AVX2_TARGET]] void build_six_table(const u64* rows, u32 stride, u32 p, u32 m,
                                               __m256i* table) {
  using G = SixGroups;
  for (u32 h = 0; h < (m > 256 ? 2u : 1u); ++h) {  // (no word meets an empty half: kUnitWords)
    __m256i live[1];
    first_bits(h == 0 ? m : m - 256, live[0]);
    for (u32 g = 0; g < 6; ++g) {
      fill_group<1, 1>(table + h * G::kEntries + G::kFirst[g], live, rows, stride, G::kLow[g],
                       G::kWidth[g], p + 256 * h);
    }
  }
}

// As GroupVectors, for the six groups' tables.
struct SixVectors {
  template <u32 kUnits, class Word>
  [[NQ_SLICED_AVX2_TARGET]] [[gnu::always_inline]] static inline void of(const char* base, Word x,
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

// As the avx512 build's rows, 32 words at a time: byte k of each of the 32 words gathered into one
// vector (a byte shuffle within each 16-byte lane, a 4 x 4 transpose of dwords within the lanes,
// one dword permute), inverted, and each bit's 32 tests taken by one shift and one vpmovmskb.
// v[m] holds words j + 8m to j + 8m + 7 (32 bits each, in order); the rows of their first `bytes`
// bytes are written (the high halves of 64-bit words often have a few bits).
[[NQ_SLICED_AVX2_TARGET]] inline void rows_of_32(const __m256i (&words)[4], u32 j, u32 bytes,
                                                 u64* rows, u32 stride) {
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

// The build's policy for count_ranges, with 4-bit groups: the half-ranges [0, count) against b.
struct Avx2 {
  static constexpr u32 kUnitWords = kRangeWords / 2;
  static constexpr u32 range_bytes(u32 groups) { return groups * 16 * 64; }
  template <u32 kGroups, u32 kRanges, class Word>
  [[NQ_SLICED_AVX2_TARGET]] static u64 stream_ranges(u32 count, const void* tables, const Word* b,
                                                     u32 nb) {
    return stream_units_of<GroupVectors<kGroups>, 2 * kRanges>(count, tables, b, nb);
  }
  [[NQ_SLICED_AVX2_TARGET]] static void table(const u64* rows, u32 stride, u32 groups, u32 p, u32 m,
                                              void* space, u32 r) {
    build_halves_table(rows, stride, groups, p, m, static_cast<__m256i*>(space) + r * groups * 32);
  }
};

// The same with the six groups, for words of at most 32 bits (kGroups 8).
struct Avx2Six {
  static constexpr u32 kUnitWords = kRangeWords / 2;
  static constexpr u32 range_bytes(u32) { return 2 * SixGroups::kEntries * 32; }
  template <u32 kGroups, u32 kRanges, class Word>
  [[NQ_SLICED_AVX2_TARGET]] static u64 stream_ranges(u32 count, const void* tables, const Word* b,
                                                     u32 nb) {
    static_assert(kGroups == 8 && kRanges == 4);
    return stream_units_of<SixVectors, 8>(count, tables, b, nb);
  }
  [[NQ_SLICED_AVX2_TARGET]] static void table(const u64* rows, u32 stride, u32, u32 p, u32 m,
                                              void* space, u32 r) {
    build_six_table(rows, stride, p, m, static_cast<__m256i*>(space) + r * 2 * SixGroups::kEntries);
  }
};

}  // namespace

[[NQ_SLICED_AVX2_TARGET]] void build_rows(const u32* words, u32 size, u64* rows, u32 stride) {
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

// 64-bit words: the rows of the groups that cover `bits` bits, to a multiple of 8 (the rows past
// them are left as they were: no group's table reads them). Each block of 32 words is loaded
// once, and split into its low and high halves by a shuffle of two vectors at a time.
[[NQ_SLICED_AVX2_TARGET]] void build_rows(const u64* words, u32 size, u32 bits, u64* rows,
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

u64 count(const RangeCount& range, const u32* b, u32 nb) {
  return count_by_groups<Avx2>(range, b, nb);
}
u64 count(const RangeCount& range, const u64* b, u32 nb) {
  return count_by_groups<Avx2>(range, b, nb);
}
u64 count_six(const RangeCount& range, const u32* b, u32 nb) {
  return count_ranges<8, Avx2Six>(range, b, nb);
}
u64 count_six(const RangeCount& range, const u64* b, u32 nb) {
  return count_ranges<8, Avx2Six>(range, b, nb);
}

#undef NQ_SLICED_AVX2_TARGET

}  // namespace nq::detail::sliced::avx2

#endif
