// SPDX-License-Identifier: MIT
// The bit order's processor-specific kernels (bit_order_x86.cpp), for its dispatch
// (bit_order.cpp): a sample's bits counted with AVX2 or with AVX-512 BITALG, and an order applied
// with BMI2's pext or with GFNI, each called once a list (the call costs nothing next to its
// loop); and the sampling both the portable and these counts share.
#pragma once

#include <cstddef>
#include <cstdint>

#include "count/bit_order.hpp"

namespace nq::detail::bit_order_kernels {

using u64 = std::uint64_t;

// A sample of evenly spaced patterns (BitOrder::count_sample) ranks the bits about as well as the
// whole list, and keeps this cheap next to the pair count even where the lists are short (n = 18,
// 19).
inline constexpr std::size_t kSample = BitOrder::kSample;
inline constexpr int kMaxBits = BitOrder::kMaxBits;

inline std::size_t sample_step(std::size_t size) { return size > kSample ? size / kSample : 1; }

// Eight byte-wide counters a word: lanes[k]'s byte j counts bit 8j + k, emptied into bit_count
// before a byte can pass 255. A loop over each pattern's set bits, incrementing their counts in
// memory, was most of the order's choice (docs/journal/count.md, "Shared tables, runs by class
// and the set-up's tail").
inline void empty_lanes(u64 (&lanes)[8], u64 (&bit_count)[kMaxBits]) {
  for (int k = 0; k < 8; ++k) {
    for (int j = 0; 8 * j + k < kMaxBits; ++j) bit_count[8 * j + k] += lanes[k] >> (8 * j) & 0xFF;
    lanes[k] = 0;
  }
}

inline constexpr u64 kLowBits = 0x0101010101010101;

#if defined(__x86_64__)
void count_bits_avx2(const u64* patterns, std::size_t size, u64 (&bit_count)[kMaxBits]);
void count_bits_gfni(const u64* patterns, std::size_t size, u64 (&bit_count)[kMaxBits]);
// `source`: where each of the 64 bit positions comes from (BitOrder's source_).
void apply_gfni(const std::uint8_t* source, u64* patterns, std::size_t size);
// The exact bits by one table of all their values; or by `tables` byte tables (2, 3 or 7).
void apply_pext_whole(const u64* table, u64 exact, u64 rest, u64* patterns, std::size_t size);
void apply_pext(const u64 (*table)[256], int tables, u64 exact, u64 rest, u64* patterns,
                std::size_t size);
#endif
bool has_gfni();    // AVX-512 F, BW, VBMI and GFNI
bool has_bitalg();  // and BITALG

}  // namespace nq::detail::bit_order_kernels
