// SPDX-License-Identifier: MIT
#include "count/half_join.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// Each candidate is written, and the end moves past it only when it joins: no branch on the
// test, which is taken about as often as not.
std::size_t join_generic(const JoinEntries& north, u32& at, u32 end, const JoinEntries& south,
                         u32 begin, u32 count, u32 shift, u64 md, u64 tag, u64* out,
                         std::size_t size, std::size_t limit, std::size_t room) {
  const u64* const diag = south.diag + begin;
  const u64* const pattern = south.pattern + begin;
  u32 i = at;
  for (; i < end && size < limit && size + count + 8 <= room; ++i) {
    const u64 a = to_south_frame(north.diag[i], shift) | md, ap = north.pattern[i] | tag;
    u64* const dst = out + size;
    std::size_t k = 0;
    for (u32 j = 0; j < count; ++j) {
      dst[k] = ap | pattern[j];
      k += (diag[j] & a) == 0;
    }
    size += k;
  }
  at = i;
  return size;
}

#if defined(__x86_64__)
#define NQ_AVX512_TARGET gnu::target("avx512f")

// Eight candidates at a time: one test under the other's mask makes the lanes that join, and
// their patterns are compressed to the front of a vector stored whole at the end of the list
// (the lanes past the joined ones are overwritten by the next store, hence the 8 spare entries).
// The last partial vector is loaded under a lane mask.
[[NQ_AVX512_TARGET]] std::size_t join_avx512(const JoinEntries& north, u32& at, u32 end,
                                             const JoinEntries& south, u32 begin, u32 count,
                                             u32 shift, u64 md, u64 tag, u64* out, std::size_t size,
                                             std::size_t limit, std::size_t room) {
  const u64* const diag = south.diag + begin;
  const u64* const pattern = south.pattern + begin;
  const u32 whole = count & ~7u;
  const __mmask8 tail = static_cast<__mmask8>((1u << (count & 7)) - 1);
  u32 i = at;
  for (; i < end && size < limit && size + count + 8 <= room; ++i) {
    const __m512i a =
        _mm512_set1_epi64(static_cast<long long>(to_south_frame(north.diag[i], shift) | md));
    const __m512i ap = _mm512_set1_epi64(static_cast<long long>(north.pattern[i] | tag));
    for (u32 j = 0; j < whole; j += 8) {
      const __mmask8 keep = _mm512_testn_epi64_mask(_mm512_loadu_si512(diag + j), a);
      const __m512i p = _mm512_or_si512(_mm512_loadu_si512(pattern + j), ap);
      _mm512_storeu_si512(out + size, _mm512_maskz_compress_epi64(keep, p));
      size += static_cast<std::size_t>(__builtin_popcount(keep));
    }
    if (tail) {
      const __mmask8 keep =
          _mm512_mask_testn_epi64_mask(tail, _mm512_maskz_loadu_epi64(tail, diag + whole), a);
      const __m512i p = _mm512_or_si512(_mm512_maskz_loadu_epi64(tail, pattern + whole), ap);
      _mm512_storeu_si512(out + size, _mm512_maskz_compress_epi64(keep, p));
      size += static_cast<std::size_t>(__builtin_popcount(keep));
    }
  }
  at = i;
  return size;
}

#undef NQ_AVX512_TARGET
#endif

bool has_avx512f() {
#if defined(__x86_64__)
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx512f"));
  return yes;
#else
  return false;
#endif
}

}  // namespace

bool join_kernel_available(JoinKernel kernel) {
  return kernel != JoinKernel::avx512 || has_avx512f();
}

std::size_t join_half(const JoinEntries& north, u32& at, u32 end, const JoinEntries& south,
                      u32 begin, u32 count, u32 shift, u64 md, u64 tag, u64* out, std::size_t size,
                      std::size_t limit, std::size_t room, JoinKernel kernel) {
#if defined(__x86_64__)
  if (kernel != JoinKernel::generic && has_avx512f()) {
    return join_avx512(north, at, end, south, begin, count, shift, md, tag, out, size, limit, room);
  }
#endif
  (void)kernel;
  return join_generic(north, at, end, south, begin, count, shift, md, tag, out, size, limit, room);
}

}  // namespace nq::detail
