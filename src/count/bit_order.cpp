// SPDX-License-Identifier: MIT
#include "count/bit_order.hpp"

#include <algorithm>
#include <bit>
#include <iterator>
#include <numeric>

namespace nq::detail {

namespace {

using u64 = std::uint64_t;

// How many of a sample of the patterns have each of the 48 low bits set. A sample of evenly
// spaced patterns ranks the bits about as well as the whole list, and keeps this cheap next to
// the pair count even where the lists are short (n = 18, 19).
constexpr std::size_t kSample = 256;

void count_bits(const u64* patterns, std::size_t size, u64 (&bit_count)[48]) {
  std::fill(std::begin(bit_count), std::end(bit_count), 0);
  const std::size_t step = size > kSample ? size / kSample : 1;
  for (std::size_t i = 0; i < size; i += step) {
    for (u64 p = patterns[i] & ((u64{1} << 48) - 1); p; p &= p - 1)
      ++bit_count[std::countr_zero(p)];
  }
}

}  // namespace

void BitOrder::choose(const u64* west, std::size_t west_size, const u64* east,
                      std::size_t east_size, int bits) {
  bits_ = bits;
  u64 cw[48], ce[48];
  count_bits(west, west_size, cw);
  count_bits(east, east_size, ce);
  int rank[48];
  std::iota(rank, rank + bits, 0);
  // Products as doubles: counts can pass 2^32 each.
  std::stable_sort(rank, rank + bits, [&](int a, int b) {
    const double pa = static_cast<double>(cw[a]) * static_cast<double>(ce[a]);
    const double pb = static_cast<double>(cw[b]) * static_cast<double>(ce[b]);
    return pa != pb ? pa > pb : a > b;
  });
  for (int i = 0; i < bits; ++i) position_[rank[i]] = bits - 1 - i;
  for (int k = 0; k < kBytes; ++k) {
    table_[k][0] = 0;
    for (int v = 1; v < 256; ++v) {  // v's lowest bit, and the rest of v (a smaller value)
      const int b = 8 * k + std::countr_zero(static_cast<unsigned>(v));
      table_[k][v] = table_[k][v & (v - 1)] | (u64{1} << (b < bits ? position_[b] : b));
    }
  }
}

void BitOrder::apply(u64* patterns, std::size_t size) const {
  for (std::size_t i = 0; i < size; ++i) {
    const u64 p = patterns[i];
    u64 q = p & ~((u64{1} << (8 * kBytes)) - 1);
    for (int k = 0; k < kBytes; ++k) q |= table_[k][p >> (8 * k) & 0xFF];
    patterns[i] = q;
  }
}

}  // namespace nq::detail
