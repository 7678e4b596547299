// SPDX-License-Identifier: MIT
#include "count/pair_count.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace nq::detail {

namespace {

using u32 = std::uint32_t;

// Pairs with AND zero between two short lists. Two 32-byte vectors of the longer list stay in
// registers while the other list streams past them, broadcast, so there is no horizontal sum per
// pattern. The last partial vector is padded with all-ones words, which match only a zero
// pattern; those matches are taken off again.
[[gnu::always_inline]] inline std::uint64_t count_block(const u32* a, u32 na, const u32* b,
                                                        u32 nb) {
  if (na < nb) {
    std::swap(a, b);
    std::swap(na, nb);
  }
  using Vec [[gnu::vector_size(32)]] = u32;
  constexpr u32 kLanes = 8;
  Vec acc0 = {}, acc1 = {};
  u32 j = 0;
  for (; j + 2 * kLanes <= na; j += 2 * kLanes) {
    Vec v0, v1;
    std::memcpy(&v0, a + j, sizeof v0);
    std::memcpy(&v1, a + j + kLanes, sizeof v1);
    for (u32 i = 0; i < nb; ++i) {
      acc0 -= (Vec)((v0 & b[i]) == 0);  // a true lane is all ones
      acc1 -= (Vec)((v1 & b[i]) == 0);
    }
  }
  std::uint64_t pad_matches = 0;
  for (; j < na; j += kLanes) {
    u32 lanes[kLanes];
    const u32 real = std::min(kLanes, na - j);
    for (u32 l = 0; l < kLanes; ++l) lanes[l] = l < real ? a[j + l] : ~u32{0};
    Vec v;
    std::memcpy(&v, lanes, sizeof v);
    for (u32 i = 0; i < nb; ++i) acc0 -= (Vec)((v & b[i]) == 0);
    if (real < kLanes) {
      u32 zeros = 0;
      for (u32 i = 0; i < nb; ++i) zeros += b[i] == 0;
      pad_matches = std::uint64_t{kLanes - real} * zeros;
    }
  }
  std::uint64_t total = 0;
  for (u32 l = 0; l < kLanes; ++l) total += std::uint64_t{acc0[l]} + acc1[l];
  return total - pad_matches;
}

[[gnu::always_inline]] inline std::uint64_t join_blocks(const u32* ws, const u32* w, const u32* es,
                                                        const u32* e, u32 cut,
                                                        std::uint64_t& pairs) {
  const u32 full = (1u << cut) - 1;
  std::uint64_t total = 0;
  for (u32 a = 0; a <= full; ++a) {
    if (ws[a] == ws[a + 1]) continue;
    const u32 comp = full & ~a;
    for (u32 b = comp;; b = (b - 1) & comp) {
      const u32 e0 = es[b], e1 = es[b + 1];
      if (e0 != e1) {
        pairs += std::uint64_t{ws[a + 1] - ws[a]} * (e1 - e0);
        total += count_block(w + ws[a], ws[a + 1] - ws[a], e + e0, e1 - e0);
      }
      if (b == 0) break;
    }
  }
  return total;
}

std::uint64_t join_generic(const u32* ws, const u32* w, const u32* es, const u32* e, u32 cut,
                           std::uint64_t& pairs) {
  return join_blocks(ws, w, es, e, cut, pairs);
}

#if defined(__x86_64__)
[[gnu::target("avx2")]] std::uint64_t join_avx2(const u32* ws, const u32* w, const u32* es,
                                                const u32* e, u32 cut, std::uint64_t& pairs) {
  return join_blocks(ws, w, es, e, cut, pairs);
}
#endif

bool has_avx2() {
#if defined(__x86_64__)
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
  return yes;
#else
  return false;
#endif
}

}  // namespace

bool pair_kernel_available(PairKernel kernel) { return kernel != PairKernel::avx2 || has_avx2(); }

std::uint64_t count_bucket_pairs(const u32* west_start, const u32* west, const u32* east_start,
                                 const u32* east, u32 cut, std::uint64_t& pairs,
                                 PairKernel kernel) {
#if defined(__x86_64__)
  if (kernel != PairKernel::generic && has_avx2()) {
    return join_avx2(west_start, west, east_start, east, cut, pairs);
  }
#endif
  return join_generic(west_start, west, east_start, east, cut, pairs);
}

}  // namespace nq::detail
