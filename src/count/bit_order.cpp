// SPDX-License-Identifier: MIT
#include "count/bit_order.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <numeric>
#include <vector>

namespace nq::detail {

namespace {

using u64 = std::uint64_t;

// How many of a sample of the patterns have each of the 56 low bits set. A sample of evenly
// spaced patterns ranks the bits about as well as the whole list, and keeps this cheap next to
// the pair count even where the lists are short (n = 18, 19).
constexpr std::size_t kSample = 256;

constexpr int kMaxBits = 56;

void count_bits(const u64* patterns, std::size_t size, u64 (&bit_count)[kMaxBits]) {
  std::fill(std::begin(bit_count), std::end(bit_count), 0);
  const std::size_t step = size > kSample ? size / kSample : 1;
  for (std::size_t i = 0; i < size; i += step) {
    for (u64 p = patterns[i] & ((u64{1} << kMaxBits) - 1); p; p &= p - 1)
      ++bit_count[std::countr_zero(p)];
  }
}

}  // namespace

// The first ranks again, one at a time, each the bit that splits off the most of a sample's pairs
// still disjoint on the bits ranked before it (the product order assumes the bits independent;
// they are not). The sample's pairs are kept as bit planes: plane b holds, for each pair, whether
// both of its patterns have bit b.
void BitOrder::greedy(const u64* west, std::size_t west_size, const u64* east,
                      std::size_t east_size, int bits, int* rank) const {
  constexpr std::size_t kSide = 128, kWords = kSide / 64;
  const std::size_t sw = std::min(west_size, kSide), se = std::min(east_size, kSide);
  u64 east_has[kMaxBits][kWords] = {};  // east sample j has bit b
  for (std::size_t j = 0; j < se; ++j) {
    const u64 e = east[j * (east_size / se)];
    for (u64 y = e & ((u64{1} << bits) - 1); y; y &= y - 1) {
      east_has[std::countr_zero(y)][j / 64] |= u64{1} << (j % 64);
    }
  }
  // On the heap (112 KiB, once per choice of a subproblem of 2^33 pairs or more): as a
  // thread_local array it was in every thread's static TLS block, which glibc carves from each
  // thread's stack, so a thread with a 128 KiB stack had none left (complete_test's deep search).
  std::vector<std::array<u64, kSide * kWords>> plane(kMaxBits);
  u64 alive[kSide * kWords] = {};
  for (std::size_t i = 0; i < sw; ++i) {
    const u64 w = west[i * (west_size / sw)];
    for (int b = 0; b < bits; ++b) {
      for (std::size_t k = 0; k < kWords; ++k)
        plane[b][i * kWords + k] = (w >> b & 1) ? east_has[b][k] : 0;
    }
    for (std::size_t k = 0; k < kWords; ++k) alive[i * kWords + k] = ~u64{0};
  }
  const std::size_t words = sw * kWords;
  const int steps = std::min(kGreedyRanks, bits);
  for (int step = 0; step < steps; ++step) {
    int best = -1;
    u64 best_hits = 0;
    for (int i = step; i < bits; ++i) {
      u64 hits = 0;
      for (std::size_t k = 0; k < words; ++k)
        hits += static_cast<u64>(std::popcount(plane[rank[i]][k] & alive[k]));
      if (hits > best_hits) best = i, best_hits = hits;
    }
    if (best < 0) break;  // no sample pair left: the product order decides the rest
    std::rotate(rank + step, rank + best, rank + best + 1);
    for (std::size_t k = 0; k < words; ++k) alive[k] &= ~plane[rank[step]][k];
  }
}

void BitOrder::choose(const u64* west, std::size_t west_size, const u64* east,
                      std::size_t east_size, int bits, double greedy_pairs) {
  u64 cw[kMaxBits], ce[kMaxBits];
  count_bits(west, west_size, cw);
  count_bits(east, east_size, ce);
  int rank[kMaxBits];
  std::iota(rank, rank + bits, 0);
  // Products as doubles: counts can pass 2^32 each.
  std::stable_sort(rank, rank + bits, [&](int a, int b) {
    const double pa = static_cast<double>(cw[a]) * static_cast<double>(ce[a]);
    const double pb = static_cast<double>(cw[b]) * static_cast<double>(ce[b]);
    return pa != pb ? pa > pb : a > b;
  });
  if (west_size > 0 && east_size > 0 &&
      static_cast<double>(west_size) * static_cast<double>(east_size) >= greedy_pairs) {
    greedy(west, west_size, east, east_size, bits, rank);
  }
  for (int i = 0; i < bits; ++i) position_[rank[i]] = bits - 1 - i;
  bytes_ = (bits + 7) / 8;
  for (int k = 0; k < std::max(bytes_, 4); ++k) {
    table_[k][0] = 0;
    for (int v = 1; v < 256; ++v) {  // v's lowest bit, and the rest of v (a smaller value)
      const int b = 8 * k + std::countr_zero(static_cast<unsigned>(v));
      table_[k][v] = table_[k][v & (v - 1)] | (u64{1} << (b < bits ? position_[b] : b));
    }
  }
}

namespace {

// A byte at a time, the count of bytes known to the compiler so that the loop unrolls (a loop
// bound read at run time cost 15% more here, measured at n = 18).
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

void BitOrder::apply(u64* patterns, std::size_t size) const {
  switch (bytes_) {
    case 0: return;
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
