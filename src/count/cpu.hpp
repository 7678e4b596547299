// SPDX-License-Identifier: MIT
// What this processor runs (an internal header), asked once, for the halves engine's kernels that
// have builds of their own (pair_count, sliced_pairs, half_join, bit_order): AVX2 (every
// processor with it has POPCNT too, which those builds may use), BMI2, whether its pext and pdep
// are fast, and the AVX-512 sets each build needs. Each answer is also capped by NQUEENS_ISA
// (count_isa_limit, nqueens/count.hpp), so a narrower build runs on a processor that has a wider
// one. All false off x86-64.
#pragma once

#include "nqueens/count.hpp"

namespace nq::detail {

// NQUEENS_ISA's limit, read once; a count checks the variable before any kernel asks (check_count).
inline CountIsa isa_limit() {
  static const CountIsa limit = count_isa_limit();
  return limit;
}

inline bool cpu_has_avx2() {
#if defined(__x86_64__)
  static const bool yes =
      (__builtin_cpu_init(), isa_limit() >= CountIsa::avx2 && __builtin_cpu_supports("avx2"));
  return yes;
#else
  return false;
#endif
}

inline bool cpu_has_bmi2() {
#if defined(__x86_64__)
  static const bool yes =
      (__builtin_cpu_init(), isa_limit() >= CountIsa::avx2 && __builtin_cpu_supports("bmi2"));
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

// AVX-512 with the subsets `supported` says the processor has (a build's own list of
// __builtin_cpu_supports), allowed by NQUEENS_ISA.
inline bool cpu_allows_avx512(bool supported) {
  return isa_limit() >= CountIsa::avx512 && supported;
}

}  // namespace nq::detail
