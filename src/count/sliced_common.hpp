// SPDX-License-Identifier: MIT
// What the sliced kernel's two builds (sliced_builds.hpp) share, written once: the driver that
// walks a count's ranges (count_ranges, over a build's Isa policy: its table and stream calls),
// and the pieces their own code inlines. Those are written with GCC's vector extensions over the
// build's vector type (__m512i or __m256i, taken and given by reference, so no vector crosses a
// call by value outside the build's instruction set), and compile to that build's instructions
// where they are inlined; nibble_offsets alone needs BMI2, which both builds have.
// The invariant of the hot loops they serve: a table entry is the AND of the range's `live` bits
// and of the rows its group's bits select, so a word past the range, or in a row's padding, is
// never counted.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "count/sliced_builds.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

namespace nq::detail::sliced {

// Row i's bits [p, p + the vector's bits) as one vector, in `out`: two unaligned loads one word
// apart, funnel-shifted.
template <class Vec>
[[gnu::always_inline]] inline void window(const std::uint64_t* row, std::uint32_t p, Vec& out) {
  using Lanes [[gnu::vector_size(sizeof(Vec))]] = std::uint64_t;
  const std::uint64_t* const at = row + p / 64;
  const std::uint32_t shift = p % 64;
  Lanes low, high;
  std::memcpy(&low, at, sizeof low);
  std::memcpy(&high, at + 1, sizeof high);
  const Lanes bits = (low >> shift) | ((high << 1) << (63 - shift));  // no shift by 64
  std::memcpy(&out, &bits, sizeof bits);
}

// The first m bits of the vector set (m <= its bits), in `out`.
template <class Vec>
[[gnu::always_inline]] inline void first_bits(std::uint32_t m, Vec& out) {
  constexpr std::uint32_t kLanes = sizeof(Vec) / 8;
  std::uint64_t lanes[kLanes];
  for (std::uint32_t k = 0; k < kLanes; ++k) {
    const std::uint32_t bits = std::min(64u, m > 64 * k ? m - 64 * k : 0u);
    lanes[k] = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  }
  std::memcpy(&out, lanes, sizeof lanes);
}

// One group's table: t[kStride v + h] for v < 2^width, the words of part h of the range (its
// vectors side by side, kParts of them, from bit p) whose bits low, ..., low + width - 1 miss every
// bit of v. live[h]: the range's words in part h.
template <std::uint32_t kParts, std::uint32_t kStride, class Vec>
[[gnu::always_inline]] inline void fill_group(Vec* t, const Vec (&live)[kParts],
                                              const std::uint64_t* rows, std::uint32_t stride,
                                              std::uint32_t low, std::uint32_t width,
                                              std::uint32_t p) {
  constexpr std::uint32_t kBits = 8 * sizeof(Vec);  // a part's words
  for (std::uint32_t h = 0; h < kParts; ++h) t[h] = live[h];
  for (std::uint32_t bit = 0; bit < width; ++bit) {
    const std::uint64_t* const row = rows + std::uint64_t{low + bit} * stride;
    Vec clear[kParts];
    for (std::uint32_t h = 0; h < kParts; ++h) window(row, p + kBits * h, clear[h]);
    const std::uint32_t high = 1u << bit;
    for (std::uint32_t v = 0; v < high; ++v) {
      for (std::uint32_t h = 0; h < kParts; ++h) {
        t[kStride * (high + v) + h] = t[kStride * v + h] & clear[h];
      }
    }
  }
}

// Part `part` (a vector of the build's width; an entry is 64 bytes) of the entry of range r and
// group g for a nibble whose value, times 8, is times8 (nibble_offsets). The entry's offset is
// figured in 64-bit arithmetic for the avx512 build and in 32-bit for the avx2 one: the same
// value, but g++ 12 then extracts the nibbles differently (a byte move, or a shift and a mask), and
// these are the forms each build's stream was measured with; the other form changes the avx2
// stream of 64-bit words by up to a quarter of its instructions.
template <class Vec, std::uint32_t kGroups>
[[gnu::always_inline]] inline const Vec& entry(const char* base, std::uint32_t r, std::uint32_t g,
                                               std::uint64_t times8, std::uint32_t part = 0) {
  using Offset = std::conditional_t<sizeof(Vec) == 64, std::size_t, std::uint32_t>;
  return *reinterpret_cast<const Vec*>(base + Offset{r * kGroups + g} * 16 * 64 + times8 * 8 +
                                       Offset{part} * Offset{sizeof(Vec)});
}

// A word's table entries are found by one bit deposit per 32 bits, which spreads its nibbles into
// bytes as eight times their values: then group g's entry is at the group's table + that byte * 8
// bytes in, a byte extract and one address each (the shifts, masks and multiplies of one nibble at
// a time were 5 instructions a group, and with one range of words the loop waited on them).
template <std::uint32_t kGroups, class Word>
[[gnu::target("bmi2"), gnu::always_inline]] inline void nibble_offsets(
    Word x, std::uint64_t (&at)[kGroups]) {
  constexpr std::uint64_t kNibblesTimes8 = 0x7878787878787878;  // bits 3-6 of every byte
  std::uint64_t spread[(kGroups + 7) / 8];
  spread[0] = _pdep_u64(static_cast<std::uint32_t>(x), kNibblesTimes8);
  if constexpr (kGroups > 8) {
    spread[1] = _pdep_u64(static_cast<std::uint64_t>(x) >> 32, kNibblesTimes8);
  }
  for (std::uint32_t g = 0; g < kGroups; ++g) at[g] = spread[g / 8] >> (8 * (g % 8)) & 0xFF;
}

// The count of c's range against b[0, nb) in tables of kGroups groups. With c.top, a word b with
// key v counts only the ranges up to top->ends[~v]: the words past it share a key bit with b.
// Isa is the build's policy, whose calls each take a run of words b or a range's tables:
// kUnitWords (the words a streamed word meets at a time), range_bytes(groups), table(...) and
// stream_ranges<kGroups, kRanges>(units, ...).
template <std::uint32_t kGroups, class Isa, class Word>
std::uint64_t count_ranges(const RangeCount& c, const Word* b, std::uint32_t nb) {
  using u32 = std::uint32_t;
  constexpr u32 kRanges = ranges_at_a_time(kGroups);
  static_assert(kRanges * Isa::range_bytes(kGroups) <= kTableBytes);
  constexpr u32 kUnit = Isa::kUnitWords;
  // (In locals: the calls below could change what c refers to, for all the compiler knows.)
  const std::uint64_t* const rows = c.rows;
  const u32 stride = c.stride, begin = c.begin, end = c.end;
  void* const tables = c.tables;
  const bool built = c.built;
  const TopBits* const top = c.top;
  std::uint64_t total = 0;
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

// count_ranges for the list's groups: 8 for 32-bit words, 8 to 16 for 64-bit ones.
template <class Isa, class Word>
std::uint64_t count_by_groups(const RangeCount& c, const Word* b, std::uint32_t nb) {
  if constexpr (sizeof(Word) == 4) {
    return count_ranges<8, Isa>(c, b, nb);
  } else {
    switch (c.groups) {
      case 8: return count_ranges<8, Isa>(c, b, nb);
      case 10: return count_ranges<10, Isa>(c, b, nb);
      case 12: return count_ranges<12, Isa>(c, b, nb);
      case 14: return count_ranges<14, Isa>(c, b, nb);
      default: return count_ranges<16, Isa>(c, b, nb);
    }
  }
}

}  // namespace nq::detail::sliced

#endif
