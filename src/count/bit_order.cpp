// SPDX-License-Identifier: MIT
#include "count/bit_order.hpp"

#include <algorithm>
#include <bit>
#include <iterator>
#include <numeric>

namespace nq::detail {

namespace {

using u64 = std::uint64_t;

// How many of a sample of the patterns have each of the 48 low bits set: a count per byte value
// of each byte (one increment per byte of a pattern), then summed per bit. A sample of evenly
// spaced patterns ranks the bits as well as the whole list and keeps this cheap next to the pair
// count (the lists of n = 18 are short enough for a whole pass to show).
constexpr std::size_t kSample = 1024;

void count_bits(const u64* patterns, std::size_t size, u64 (&bit_count)[48]) {
  std::uint32_t by_byte[6][256] = {};
  const std::size_t step = size > kSample ? size / kSample : 1;
  for (std::size_t i = 0; i < size; i += step) {
    const u64 p = patterns[i];
    for (int k = 0; k < 6; ++k) ++by_byte[k][p >> (8 * k) & 0xFF];
  }
  std::fill(std::begin(bit_count), std::end(bit_count), 0);
  for (int k = 0; k < 6; ++k) {
    for (int v = 1; v < 256; ++v) {
      for (std::uint32_t c = by_byte[k][v], x = static_cast<std::uint32_t>(v); c && x; x &= x - 1) {
        bit_count[8 * k + std::countr_zero(x)] += c;
      }
    }
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
