// SPDX-License-Identifier: MIT
#include "count/bit_order.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>
#include <numeric>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "count/cpu_avx2.hpp"
#include "search/popcount_clones.hpp"

namespace nq::detail {

namespace {

using u64 = std::uint64_t;

// A sample of evenly spaced patterns (BitOrder::count_sample) ranks the bits about as well as the
// whole list, and keeps this cheap next to the pair count even where the lists are short (n = 18,
// 19).
constexpr std::size_t kSample = BitOrder::kSample;
constexpr int kMaxBits = BitOrder::kMaxBits;

std::size_t sample_step(std::size_t size) { return size > kSample ? size / kSample : 1; }

// Eight byte-wide counters a word: lanes[k]'s byte j counts bit 8j + k, emptied into bit_count
// before a byte can pass 255. A loop over each pattern's set bits, incrementing their counts in
// memory, was most of the order's choice (docs/journal/count.md, "Shared tables, runs by class
// and the set-up's tail").
void empty_lanes(u64 (&lanes)[8], u64 (&bit_count)[kMaxBits]) {
  for (int k = 0; k < 8; ++k) {
    for (int j = 0; 8 * j + k < kMaxBits; ++j) bit_count[8 * j + k] += lanes[k] >> (8 * j) & 0xFF;
    lanes[k] = 0;
  }
}

constexpr u64 kLowBits = 0x0101010101010101;

void count_bits(const u64* patterns, std::size_t size, u64 (&bit_count)[kMaxBits]) {
  std::fill(std::begin(bit_count), std::end(bit_count), 0);
  u64 lanes[8] = {};
  int held = 0;
  const std::size_t step = sample_step(size);
  for (std::size_t i = 0; i < size; i += step) {
    const u64 p = patterns[i] & ((u64{1} << kMaxBits) - 1);
    for (int k = 0; k < 8; ++k) lanes[k] += p >> k & kLowBits;
    if (++held == 255) empty_lanes(lanes, bit_count), held = 0;
  }
  empty_lanes(lanes, bit_count);
}

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
#endif

// The greedy ranks from rank[0] on (see greedy()). Row i of the sample is west pattern west[i]
// against the east sample, whose pairs still disjoint on the bits ranked so far are the bits of
// alive[i * words, (i + 1) * words); east_has[b * words + k] holds the east patterns of word k
// that have bit b. hits[b] (the sample pairs that bit b would split off) is counted once and then
// kept up to date: ranking bit b takes from each row that has it the pairs that share b, and
// their hits on its other open bits; the rows without b keep theirs. Counting every row again at
// every step gave the same ranks at more cost (docs/journal/count.md, "The bit order eight
// patterns at a time").
NQ_POPCOUNT_CLONES void rank_greedily(std::vector<u64>& west, std::vector<u64>& alive,
                                      const std::vector<u64>& east_has, std::size_t words, int bits,
                                      int steps, int* rank) {
  auto shared = [&](int b, const u64* a) {  // a's pairs whose east pattern has bit b
    const u64* const has = &east_has[static_cast<std::size_t>(b) * words];
    u64 sum = 0;
    for (std::size_t k = 0; k < words; ++k) sum += static_cast<u64>(std::popcount(has[k] & a[k]));
    return sum;
  };
  u64 open = (u64{1} << bits) - 1;  // the bits not ranked yet
  std::size_t rows = west.size();
  u64 hits[kMaxBits] = {};
  for (std::size_t i = 0; i < rows; ++i) {
    for (u64 y = west[i]; y; y &= y - 1) {
      const int b = std::countr_zero(y);
      hits[b] += shared(b, &alive[i * words]);
    }
  }
  u64 gone[kTuning.greedy_max_side / 64];
  for (int step = 0; step < steps; ++step) {
    int best = -1;
    u64 best_hits = 0;
    for (int i = step; i < bits; ++i) {
      if (hits[rank[i]] > best_hits) best = i, best_hits = hits[rank[i]];
    }
    if (best < 0) return;  // no sample pair left: the product order decides the rest
    std::rotate(rank + step, rank + best, rank + best + 1);
    const int b = rank[step];
    open &= ~(u64{1} << b);
    // The pairs that share bit b leave, and their hits with them; so do rows with no pair left,
    // or whose west pattern has no bit left to split on (they add no hits).
    const u64* const has = &east_has[static_cast<std::size_t>(b) * words];
    std::size_t kept = 0;
    for (std::size_t i = 0; i < rows; ++i) {
      u64* const a = &alive[i * words];
      u64 any = 0;
      if (west[i] >> b & 1) {
        for (std::size_t k = 0; k < words; ++k) {
          gone[k] = a[k] & has[k];
          any |= a[k] &= ~has[k];
        }
        for (u64 y = west[i] & open; y; y &= y - 1) {
          const int c = std::countr_zero(y);
          hits[c] -= shared(c, gone);
        }
      } else {
        for (std::size_t k = 0; k < words; ++k) any |= a[k];
      }
      if (any == 0 || (west[i] & open) == 0) continue;
      if (kept != i) {
        west[kept] = west[i];
        std::copy(a, a + words, &alive[kept * words]);
      }
      ++kept;
    }
    rows = kept;
  }
}

}  // namespace

std::size_t BitOrder::greedy_side(double pairs) {
  const double side = std::clamp(std::sqrt(pairs) / kTuning.greedy_side_share,
                                 static_cast<double>(kTuning.greedy_min_side),
                                 static_cast<double>(kTuning.greedy_max_side));
  return std::bit_floor(static_cast<std::size_t>(side));
}

// The first ranks again, one at a time, each the bit that splits off the most of a sample's pairs
// still disjoint on the bits ranked before it (the product order assumes the bits independent;
// they are not). The sample is a grid of `side` west by `side` east patterns, evenly spaced; a
// step costs a popcount per word of 64 east patterns for each unranked bit of each west row still
// in play, and rows leave as their pairs split off (rank_greedily).
void BitOrder::greedy(const u64* west, std::size_t west_size, const u64* east,
                      std::size_t east_size, int bits, int ranks, std::size_t side,
                      int* rank) const {
  const std::size_t sw = std::min(west_size, side), se = std::min(east_size, side);
  const std::size_t words = (se + 63) / 64;
  const u64 low = (u64{1} << bits) - 1;
  std::vector<u64> east_has(static_cast<std::size_t>(bits) * words);
  for (std::size_t j = 0; j < se; ++j) {
    for (u64 y = east[j * (east_size / se)] & low; y; y &= y - 1) {
      east_has[static_cast<std::size_t>(std::countr_zero(y)) * words + j / 64] |= u64{1}
                                                                                  << (j % 64);
    }
  }
  std::vector<u64> rows, alive;
  rows.reserve(sw);
  alive.reserve(sw * words);
  for (std::size_t i = 0; i < sw; ++i) {
    const u64 w = west[i * (west_size / sw)] & low;
    if (w == 0) continue;  // disjoint from everything: no bit splits it off
    rows.push_back(w);
    for (std::size_t k = 0; k < words; ++k) {
      const std::size_t in_word = std::min<std::size_t>(64, se - 64 * k);
      alive.push_back(in_word == 64 ? ~u64{0} : (u64{1} << in_word) - 1);
    }
  }
  rank_greedily(rows, alive, east_has, words, bits, std::min(ranks, bits), rank);
}

void BitOrder::choose(const u64* west, std::size_t west_size, const u64* east,
                      std::size_t east_size, int bits, int greedy_ranks, double pairs, int exact) {
  u64 cw[kMaxBits], ce[kMaxBits];
  count_sample(west, west_size, cw);
  count_sample(east, east_size, ce);
  int rank[kMaxBits];
  std::iota(rank, rank + bits, 0);
  // Products as doubles: counts can pass 2^32 each. The ties go to the higher bit, so the order is
  // total and std::sort gives what a stable sort would (std::stable_sort allocates a buffer each
  // call, which showed in odd n's profiles: docs/journal/count.md, "Odd n's small costs, and the
  // shared west half measured").
  std::sort(rank, rank + bits, [&](int a, int b) {
    const double pa = static_cast<double>(cw[a]) * static_cast<double>(ce[a]);
    const double pb = static_cast<double>(cw[b]) * static_cast<double>(ce[b]);
    return pa != pb ? pa > pb : a > b;
  });
  if (pairs < 0) pairs = static_cast<double>(west_size) * static_cast<double>(east_size);
  exact = std::clamp(exact, 0, bits);
  greedy_ranks = std::min(greedy_ranks, exact);
  if (west_size > 0 && east_size > 0 && greedy_ranks > 0 && pairs >= kTuning.greedy_pairs) {
    greedy(west, west_size, east, east_size, bits, greedy_ranks, greedy_side(pairs), rank);
  }
  std::sort(rank + exact, rank + bits);  // the rest in their own order, the lowest to bit 0
  exact_mask_ = 0;
  for (int i = 0; i < exact; ++i) exact_mask_ |= u64{1} << rank[i];
  rest_mask_ = ((u64{1} << bits) - 1) & ~exact_mask_;
  exact_ = exact;
  exact_tables_ = false;
  for (int i = 0; i < exact; ++i) position_[rank[i]] = bits - 1 - i;
  for (int i = exact; i < bits; ++i) position_[rank[i]] = i - exact;
  int source[64];
  std::iota(source, source + 64, 0);  // the bits from `bits` on stay where they are
  for (int b = 0; b < bits; ++b) source[position_[b]] = b;
  for (int p = 0; p < 64; ++p)
    source_[p] = static_cast<std::uint8_t>(source[(p & ~7) | (7 - (p & 7))]);
  bytes_ = (bits + 7) / 8;
  bits_ = bits;
  tables_ = false;
}

// A byte's entry is its low nibble's bits, moved, ORed with its high nibble's: 32 entries made
// bit by bit and 256 ORs, which vectorize (making all 256 bit by bit showed in odd n's profiles:
// docs/journal/count.md, "Without AVX-512: the AVX2 paths").
void BitOrder::fill_tables() {
  for (int k = 0; k < std::max(bytes_, 4); ++k) {
    u64 nibble[2][16];  // bits 8k..8k+3 and 8k+4..8k+7 as each value of them sets them, moved
    for (int half = 0; half < 2; ++half) {
      nibble[half][0] = 0;
      for (int v = 1; v < 16; ++v) {  // v's lowest bit, and the rest of v (a smaller value)
        const int b = 8 * k + 4 * half + std::countr_zero(static_cast<unsigned>(v));
        nibble[half][v] = nibble[half][v & (v - 1)] | (u64{1} << (b < bits_ ? position_[b] : b));
      }
    }
    for (int high = 0; high < 16; ++high) {
      for (int low = 0; low < 16; ++low)
        table_[k][16 * high + low] = nibble[1][high] | nibble[0][low];
    }
  }
  tables_ = true;
}

// Entry v of table c: the bits of v moved where the exact bits 8c..8c+7 (counted from the lowest
// of exact_mask_, as pext leaves them) go.
void BitOrder::fill_exact_tables() {
  int source[kMaxBits];  // the exact ranks' bits, lowest first
  int k = 0;
  for (u64 m = exact_mask_; m; m &= m - 1) source[k++] = std::countr_zero(m);
  for (int c = 0; 8 * c < exact_; ++c) {
    exact_table_[c][0] = 0;
    for (int v = 1; v < 256; ++v) {
      const int j = 8 * c + std::countr_zero(static_cast<unsigned>(v));
      exact_table_[c][v] =
          exact_table_[c][v & (v - 1)] | (j < exact_ ? u64{1} << position_[source[j]] : 0);
    }
  }
  if (exact_ > 8 && exact_ <= kWholeBits) {
    for (unsigned v = 0; v < 1u << exact_; ++v)
      exact_whole_[v] = exact_table_[0][v & 0xFF] | exact_table_[1][v >> 8];
  }
  exact_tables_ = true;
}

namespace {

// A byte at a time, the count of bytes known to the compiler so that the loop unrolls (a loop
// bound read at run time cost more: docs/journal/count.md, "Wide patterns for n = 26, 27 and
// 28").
template <int Bytes>
void apply_bytes(const u64 (*table)[256], u64* patterns, std::size_t size) {
  constexpr u64 kAbove = Bytes == 8 ? 0 : ~((u64{1} << (8 * Bytes)) - 1);
  for (std::size_t i = 0; i < size; ++i) {
    const u64 p = patterns[i];
    u64 q = p & kAbove;
    for (int k = 0; k < Bytes; ++k) q |= table[k][p >> (8 * k) & 0xFF];
    patterns[i] = q;
  }
}

#if defined(__x86_64__)
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
[[gnu::target("bmi2")]] void apply_pext(const u64 (*table)[256], u64 exact, u64 rest, u64* patterns,
                                        std::size_t size) {
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
#endif

bool has_gfni() {
#if defined(__x86_64__)
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx512f") &&
                                                     __builtin_cpu_supports("avx512bw") &&
                                                     __builtin_cpu_supports("avx512vbmi") &&
                                                     __builtin_cpu_supports("gfni"));
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

}  // namespace

bool BitOrder::available(Kernel kernel) {
  switch (kernel) {
    case Kernel::avx2: return cpu_has_avx2();
    case Kernel::pext: return cpu_has_bmi2();
    case Kernel::gfni: return has_gfni();
    case Kernel::best:
    case Kernel::bytes: break;
  }
  return true;
}

void BitOrder::count_sample(const u64* patterns, std::size_t size, u64 (&count)[kMaxBits],
                            Kernel kernel) {
#if defined(__x86_64__)
  if ((kernel == Kernel::best || kernel == Kernel::gfni) && has_bitalg())
    return count_bits_gfni(patterns, size, count);
  if (kernel != Kernel::bytes && cpu_has_avx2()) return count_bits_avx2(patterns, size, count);
#endif
  (void)kernel;
  count_bits(patterns, size, count);
}

void BitOrder::apply(u64* patterns, std::size_t size, Kernel kernel) {
  if (bytes_ == 0) return;
#if defined(__x86_64__)
  if ((kernel == Kernel::best || kernel == Kernel::gfni) && has_gfni())
    return apply_gfni(source_, patterns, size);
  if ((kernel == Kernel::best && cpu_has_fast_bmi2()) ||
      ((kernel == Kernel::pext || kernel == Kernel::gfni) && cpu_has_bmi2())) {
    if (!exact_tables_) fill_exact_tables();
    if (exact_ <= kWholeBits) {
      return apply_pext_whole(exact_ <= 8 ? exact_table_[0] : exact_whole_, exact_mask_, rest_mask_,
                              patterns, size);
    }
    switch ((exact_ + 7) / 8) {
      case 2: return apply_pext<2>(exact_table_, exact_mask_, rest_mask_, patterns, size);
      case 3: return apply_pext<3>(exact_table_, exact_mask_, rest_mask_, patterns, size);
      default: return apply_pext<kBytes>(exact_table_, exact_mask_, rest_mask_, patterns, size);
    }
  }
#endif
  (void)kernel;
  if (!tables_) fill_tables();
  switch (bytes_) {
    case 1:
    case 2:
    case 3:
    case 4: return apply_bytes<4>(table_, patterns, size);
    case 5: return apply_bytes<5>(table_, patterns, size);
    case 6: return apply_bytes<6>(table_, patterns, size);
    default: return apply_bytes<kBytes>(table_, patterns, size);
  }
}

}  // namespace nq::detail
