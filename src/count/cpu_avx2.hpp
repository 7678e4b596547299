// SPDX-License-Identifier: MIT
// Whether this processor runs AVX2 (an internal header): asked once, for the halves engine's
// kernels that have an AVX2 build (pair_count, half_join, bit_order). Every processor with AVX2
// has POPCNT too, which those builds may use. False off x86-64.
#pragma once

namespace nq::detail {

inline bool cpu_has_avx2() {
#if defined(__x86_64__)
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
  return yes;
#else
  return false;
#endif
}

}  // namespace nq::detail
