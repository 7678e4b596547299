// SPDX-License-Identifier: MIT
// The bit order's x86 kernels (bit_order_kernels.hpp): each compiled for its instruction set by a
// target attribute and called only where the processor has it. Their loops keep one invariant: a
// bit permutation moves bits and never merges two, so a count's lanes and an applied pattern
// hold exactly the bits they started with, in their new places.
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>

#include "count/bit_order_kernels.hpp"
#include "count/cpu.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace nq::detail::bit_order_kernels {

#if defined(__x86_64__)
// The same with the eight counters in two AVX2 vectors: a shift by lane, an AND and an add each
// (docs/journal/count.md, "Without AVX-512: the AVX2 paths").
[[gnu::target("avx2")]] void count_bits_avx2(const u64* patterns, std::size_t size,
                                             u64 (&bit_count)[kMaxBits]) {
  using Four [[gnu::vector_size(32)]] = u64;
  const Four by_low = {0, 1, 2, 3}, by_high = {4, 5, 6, 7};
  std::fill(std::begin(bit_count), std::end(bit_count), 0);
  Four low = {}, high = {};
  u64 lanes[8];
  int held = 0;
  const std::size_t step = sample_step(size);
  for (std::size_t i = 0;; i += step) {
    if (held == 255 || i >= size) {  // (a lambda would not take the target attribute)
      std::memcpy(lanes, &low, sizeof low);
      std::memcpy(lanes + 4, &high, sizeof high);
      empty_lanes(lanes, bit_count);
      low = high = Four{};
      held = 0;
      if (i >= size) break;
    }
    const Four p = Four{} + (patterns[i] & ((u64{1} << kMaxBits) - 1));
    low += p >> by_low & kLowBits;
    high += p >> by_high & kLowBits;
    ++held;
  }
}

// The bits ranked past the exact ones down by one pext, the exact ones by one pext and one lookup
// in a table of all their values (up to kWholeBits of them); the bits above the order's stay. One
// table beats two byte tables, as fast up to about 12 bits (docs/journal/count.md, "The
// transposition's loads, four north entries at a time, one table for the exact bits, and mirrored
// quarters").
[[gnu::target("bmi2")]] void apply_pext_whole(const u64* table, u64 exact, u64 rest, u64* patterns,
                                              std::size_t size) {
  const u64 above = ~(exact | rest);
  for (std::size_t i = 0; i < size; ++i) {
    const u64 p = patterns[i];
    patterns[i] = (p & above) | _pext_u64(p, rest) | table[_pext_u64(p, exact)];
  }
}

// The same with a lookup for each 8 of the exact bits (Tables of them, known to the compiler so
// that the loop unrolls), past kWholeBits of them.
template <int Tables>
[[gnu::target("bmi2")]] void apply_pext_tables(const u64 (*table)[256], u64 exact, u64 rest,
                                               u64* patterns, std::size_t size) {
  const u64 above = ~(exact | rest);
  for (std::size_t i = 0; i < size; ++i) {
    const u64 p = patterns[i];
    const u64 e = _pext_u64(p, exact);
    u64 q = (p & above) | _pext_u64(p, rest);
    for (int c = 0; c < Tables; ++c) q |= table[c][e >> (8 * c) & 0xFF];
    patterns[i] = q;
  }
}

#define NQ_GFNI_TARGET gnu::target("avx512f,avx512bw,avx512vbmi,gfni")

// Eight patterns, one a quadword, are an 8 x 64 bit matrix; transposed, each of its 64 bytes holds
// one bit position of all eight (bit j from pattern j), and a bit permutation is one vpermb of
// those bytes. The transpose is a byte transpose (vpermb: quadword t gathers byte t of every
// pattern) followed by an 8 x 8 bit transpose of each quadword: gf2p8affineqb with the data as its
// matrix and byte k of the other operand 1 << k makes byte k's bit i bit k of the matrix's byte
// 7 - i, so the quadword's bytes go in reversed (pattern 7 - r at byte r) and source_ lists each
// byte's bits reversed for the way back, which is the same two steps in the other order. The last
// partial vector is loaded and stored under a lane mask.
struct GfniVectors {
  __m512i rows, permute, back, unit;
};

// vpermb through its zero-masked form: the plain intrinsic starts from an undefined vector, which
// g++ 12 warns may be used uninitialized. The mask of all lanes costs nothing in the loop.
[[NQ_GFNI_TARGET]] inline __m512i permute_bytes(__m512i index, __m512i x) {
  return _mm512_maskz_permutexvar_epi8(~__mmask64{0}, index, x);
}

[[NQ_GFNI_TARGET]] inline __m512i permute_eight(const GfniVectors& v, __m512i x) {
  const __m512i bits = _mm512_gf2p8affine_epi64_epi8(v.unit, permute_bytes(v.rows, x), 0);
  const __m512i moved = permute_bytes(v.permute, bits);
  return permute_bytes(v.back, _mm512_gf2p8affine_epi64_epi8(v.unit, moved, 0));
}

// The two byte transposes' vpermb indices: quadword t of the rows takes byte t of pattern 7 - r
// as its byte r, and pattern r takes its byte t back from there.
struct ByteTransposes {
  std::uint8_t to_rows[64], to_patterns[64];
};
constexpr ByteTransposes byte_transposes() {
  ByteTransposes x{};
  for (int t = 0; t < 8; ++t) {
    for (int r = 0; r < 8; ++r) {
      x.to_rows[8 * t + r] = static_cast<std::uint8_t>(8 * (7 - r) + t);
      x.to_patterns[8 * r + t] = static_cast<std::uint8_t>(8 * t + r);
    }
  }
  return x;
}
constexpr ByteTransposes kByteTransposes = byte_transposes();

[[NQ_GFNI_TARGET]] void apply_gfni(const std::uint8_t* source, u64* patterns, std::size_t size) {
  const GfniVectors v{_mm512_loadu_si512(kByteTransposes.to_rows), _mm512_loadu_si512(source),
                      _mm512_loadu_si512(kByteTransposes.to_patterns),
                      _mm512_set1_epi64(static_cast<long long>(0x8040201008040201))};
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    _mm512_storeu_si512(patterns + i, permute_eight(v, _mm512_loadu_si512(patterns + i)));
  }
  if (i < size) {
    const __mmask8 tail = static_cast<__mmask8>((1u << (size - i)) - 1);
    _mm512_mask_storeu_epi64(patterns + i, tail,
                             permute_eight(v, _mm512_maskz_loadu_epi64(tail, patterns + i)));
  }
}

// count_sample eight sampled patterns at a time: the first half of permute_eight leaves byte p
// holding bit p of each of the eight, and vpopcntb counts it. A byte lane counts at most 8 a
// step, so the lanes are widened to 16 bits every 31 steps; a list's sample is at most 2 kSample
// - 1 patterns, under 2^16. (The count_bits loop this replaces showed in odd n's profiles:
// docs/journal/count.md, "Odd n's small costs, and the shared west half measured".)
#define NQ_BITALG_TARGET gnu::target("avx512f,avx512bw,avx512vbmi,avx512bitalg,gfni")

// Bytes 0-31 (from 0) or 32-63 (from 32) as 16-bit lanes: each even byte of the result takes one
// of them, each odd byte is zeroed (g++ 12's own _mm512_castsi512_si256 and
// _mm512_extracti64x4_epi64 draw false uninitialized warnings).
constexpr std::array<std::uint8_t, 64> widening(int from) {
  std::array<std::uint8_t, 64> x{};
  for (int j = 0; j < 32; ++j) x[2 * j] = static_cast<std::uint8_t>(from + j);
  return x;
}
constexpr std::array<std::uint8_t, 64> kWidenLow = widening(0), kWidenHigh = widening(32);

struct WideCounts {
  __m512i low, high;  // the 16-bit counts of bytes 0-31 and 32-63
  __m512i to_low, to_high;
};

[[NQ_BITALG_TARGET, gnu::always_inline]] inline void widen(WideCounts& c, __m512i& bytes) {
  constexpr __mmask64 kEven = 0x5555555555555555;
  c.low = _mm512_add_epi16(c.low, _mm512_maskz_permutexvar_epi8(kEven, c.to_low, bytes));
  c.high = _mm512_add_epi16(c.high, _mm512_maskz_permutexvar_epi8(kEven, c.to_high, bytes));
  bytes = _mm512_setzero_si512();
}

[[NQ_BITALG_TARGET]] void count_bits_gfni(const u64* patterns, std::size_t size,
                                          u64 (&bit_count)[kMaxBits]) {
  const __m512i rows = _mm512_loadu_si512(kByteTransposes.to_rows);
  const __m512i unit = _mm512_set1_epi64(static_cast<long long>(0x8040201008040201));
  WideCounts c{_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_loadu_si512(kWidenLow.data()),
               _mm512_loadu_si512(kWidenHigh.data())};
  __m512i bytes = _mm512_setzero_si512();
  const std::size_t step = sample_step(size);
  int held = 0;
  for (std::size_t i = 0; i < size;) {
    alignas(64) u64 eight[8] = {};
    for (int k = 0; k < 8 && i < size; ++k, i += step) eight[k] = patterns[i];
    const __m512i bits =
        _mm512_gf2p8affine_epi64_epi8(unit, permute_bytes(rows, _mm512_load_si512(eight)), 0);
    bytes = _mm512_add_epi8(bytes, _mm512_popcnt_epi8(bits));
    if (++held == 31) widen(c, bytes), held = 0;
  }
  widen(c, bytes);
  alignas(64) std::uint16_t lanes[64];
  _mm512_store_si512(lanes, c.low);
  _mm512_store_si512(lanes + 32, c.high);
  for (int b = 0; b < kMaxBits; ++b) bit_count[b] = lanes[b];
}

#undef NQ_BITALG_TARGET
#undef NQ_GFNI_TARGET
void apply_pext(const u64 (*table)[256], int tables, u64 exact, u64 rest, u64* patterns,
                std::size_t size) {
  switch (tables) {
    case 2: return apply_pext_tables<2>(table, exact, rest, patterns, size);
    case 3: return apply_pext_tables<3>(table, exact, rest, patterns, size);
    default: return apply_pext_tables<kMaxBits / 8>(table, exact, rest, patterns, size);
  }
}
#endif

bool has_gfni() {
#if defined(__x86_64__)
  static const bool yes =
      (__builtin_cpu_init(),
       cpu_allows_avx512(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni")));
  return yes;
#else
  return false;
#endif
}

bool has_bitalg() {
#if defined(__x86_64__)
  static const bool yes =
      (__builtin_cpu_init(), has_gfni() && __builtin_cpu_supports("avx512bitalg"));
  return yes;
#else
  return false;
#endif
}

}  // namespace nq::detail::bit_order_kernels
