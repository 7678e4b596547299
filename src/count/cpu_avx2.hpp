// SPDX-License-Identifier: MIT
// What this processor runs (an internal header), asked once, for the halves engine's kernels that
// have builds of their own (pair_count, sliced_pairs, half_join, bit_order): AVX2 (every
// processor with it has POPCNT too, which those builds may use), BMI2, and whether its pext and
// pdep are fast. All false off x86-64.
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

inline bool cpu_has_bmi2() {
#if defined(__x86_64__)
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("bmi2"));
  return yes;
#else
  return false;
#endif
}

// pext and pdep take one cycle on Intel processors since Haswell and on AMD's since Zen 3; Zen 1
// and 2 (family 17h) and the families before microcode them, at tens of cycles a word.
inline bool cpu_has_fast_bmi2() {
#if defined(__x86_64__)
  static const bool yes =
      (__builtin_cpu_init(), cpu_has_bmi2() && !__builtin_cpu_is("amdfam15h") &&
                                 !__builtin_cpu_is("amdfam17h") && !__builtin_cpu_is("amdfam10h"));
  return yes;
#else
  return false;
#endif
}

}  // namespace nq::detail
