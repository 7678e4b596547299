// SPDX-License-Identifier: MIT
// The bit order (bit_order.hpp): its choice, from a sample's bit counts and, for long joins, the
// greedy ranks; its lookup tables; and the dispatch of counting and applying it to the best
// kernel the processor has (the x86 ones in bit_order_x86.cpp). Whichever kernel runs, the same
// order moves the same bits: the kernels differ in speed, never in a result.
#include "count/bit_order.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>
#include <numeric>
#include <vector>

#include "count/bit_order_kernels.hpp"
#include "count/cpu.hpp"
#include "search/popcount_clones.hpp"

namespace nq::detail {

using namespace bit_order_kernels;

namespace {

// The portable count of a sample's bits, eight byte-wide counters a word (empty_lanes).
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
    return apply_pext(exact_table_, (exact_ + 7) / 8, exact_mask_, rest_mask_, patterns, size);
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