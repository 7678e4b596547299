// SPDX-License-Identifier: MIT
// The half-board loop's three builds (half_join.hpp): generic, avx2 and avx512, each compiled
// for its set by target attributes and chosen once a call by join_half from what the processor
// has (capped by NQUEENS_ISA, cpu.hpp). The invariant every build's hot loop keeps: a candidate is
// written wherever it lands, but the list's end moves past it only when it joins, and a north
// entry is taken only while the room holds all its candidates and the 8 entries a vector store may
// write past them (joins_next), so nothing is written past `room`.
#include "count/half_join.hpp"

#include <algorithm>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "count/cpu.hpp"

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// Whether the next north entry is joined (join_half's stops, the same for every kernel): the list
// has not reached `limit`, and its room holds all `count` candidates and the 8 spare entries a
// vector kernel's last store may write past them.
inline bool joins_next(std::size_t size, std::size_t limit, u32 count, std::size_t room) {
  return size < limit && size + count + 8 <= room;
}

// Each candidate is written, and the end moves past it only when it joins: no branch on the
// test, which is taken about as often as not.
std::size_t join_generic(const JoinEntries& north, u32& at, u32 end, const JoinEntries& south,
                         u32 begin, u32 count, u32 shift, u64 md, u64 tag, u64* out,
                         std::size_t size, std::size_t limit, std::size_t room) {
  const u64* const diag = south.diag + begin;
  const u64* const pattern = south.pattern + begin;
  u32 i = at;
  for (; i < end && joins_next(size, limit, count, room); ++i) {
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
  for (; i < end && joins_next(size, limit, count, room); ++i) {
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

// AVX2: four candidates at a time, tested by an AND and a compare, whose four sign bits index a
// table of vpermd indices that move the joined lanes' patterns to the front (AVX2 has no
// compress). A group's last partial vector is loaded whole, from the south arrays' spare entries
// past it, and its dead lanes dropped from the test's bits: most north entries meet small
// groups, where a masked load (vpmaskmovq) was slower (docs/journal/count.md, "The sort's
// cursors, and whole loads in the join").
#define NQ_AVX2_TARGET gnu::target("avx2,popcnt")

struct CompressTable {
  alignas(32) u32 index[16][8];
  constexpr CompressTable() : index() {
    for (u32 m = 0; m < 16; ++m) {
      u32 k = 0;
      for (u32 lane = 0; lane < 4; ++lane) {
        if (m >> lane & 1) {
          index[m][2 * k] = 2 * lane;
          index[m][2 * k + 1] = 2 * lane + 1;
          ++k;
        }
      }
      for (; k < 4; ++k) index[m][2 * k] = index[m][2 * k + 1] = 0;
    }
  }
};
constexpr CompressTable kCompress;

[[NQ_AVX2_TARGET, gnu::always_inline]] inline std::size_t join_four(__m256i d, __m256i p, __m256i a,
                                                                    __m256i ap, u32 live, u64* out,
                                                                    std::size_t size) {
  const __m256i joined = _mm256_cmpeq_epi64(_mm256_and_si256(d, a), _mm256_setzero_si256());
  const u32 keep = static_cast<u32>(_mm256_movemask_pd(_mm256_castsi256_pd(joined))) & live;
  const __m256i index = _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress.index[keep]));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + size),
                      _mm256_permutevar8x32_epi32(_mm256_or_si256(p, ap), index));
  return size + static_cast<std::size_t>(__builtin_popcount(keep));
}

// Up to four north entries at a time (their diagonals shifted into the south frame by one 32-bit
// lane shift), every south entry of the group broadcast against them in turn: a north entry alone
// costs its words' loads, shifts and broadcasts and a loop of its own, about 30 instructions,
// which outweighed its group's tests where the groups are small (at n = 18 most north entries meet
// groups of 2 to 15 south entries, at n = 20 of 4 to 63). A block is taken while its worst case
// stays within what one entry at a time could reach (the limit passed by at most one group, the
// room); else one entry, as join_generic (docs/journal/count.md, "The transposition's loads, four
// north entries at a time, one table for the exact bits, and mirrored quarters").
[[NQ_AVX2_TARGET]] std::size_t join_avx2(const JoinEntries& north, u32& at, u32 end,
                                         const JoinEntries& south, u32 begin, u32 count, u32 shift,
                                         u64 md, u64 tag, u64* out, std::size_t size,
                                         std::size_t limit, std::size_t room) {
  const u64* const diag = south.diag + begin;
  const u64* const pattern = south.pattern + begin;
  const u32 whole = count & ~3u, rest = count & 3;
  const __m128i by = _mm_cvtsi32_si128(static_cast<int>(shift));
  const __m256i md4 = _mm256_set1_epi64x(static_cast<long long>(md));
  const __m256i tag4 = _mm256_set1_epi64x(static_cast<long long>(tag));
  u32 i = at;
  while (i < end) {
    // A last block of k < 4 north entries costs a vector for each south entry; its entries one
    // at a time cost a vector for each 4 south entries and about two vectors' worth of set-up
    // each: the block is taken where it is the cheaper.
    const u32 k = std::min(4u, end - i);
    if (count < k * ((count + 3) / 4 + 2) && size + std::size_t{k - 1} * count < limit &&
        size + std::size_t{k} * count + 8 <= room) {
      __m256i d, p;
      if (k == 4) {
        d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(north.diag + i));
        p = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(north.pattern + i));
      } else {
        const __m256i lanes = _mm256_setr_epi64x(0, 1, 2, 3);
        const __m256i live = _mm256_cmpgt_epi64(_mm256_set1_epi64x(k), lanes);
        d = _mm256_maskload_epi64(reinterpret_cast<const long long*>(north.diag + i), live);
        p = _mm256_maskload_epi64(reinterpret_cast<const long long*>(north.pattern + i), live);
      }
      const __m256i a = _mm256_or_si256(_mm256_srl_epi32(d, by), md4);
      const __m256i ap = _mm256_or_si256(p, tag4);
      const u32 live = (1u << k) - 1;
      for (u32 j = 0; j < count; ++j) {
        size = join_four(_mm256_set1_epi64x(static_cast<long long>(diag[j])),
                         _mm256_set1_epi64x(static_cast<long long>(pattern[j])), a, ap, live, out,
                         size);
      }
      i += k;
      continue;
    }
    if (!joins_next(size, limit, count, room)) break;
    const __m256i a =
        _mm256_set1_epi64x(static_cast<long long>(to_south_frame(north.diag[i], shift) | md));
    const __m256i ap = _mm256_set1_epi64x(static_cast<long long>(north.pattern[i] | tag));
    for (u32 j = 0; j < whole; j += 4) {
      size = join_four(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(diag + j)),
                       _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pattern + j)), a, ap, 15,
                       out, size);
    }
    if (rest) {
      size = join_four(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(diag + whole)),
                       _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pattern + whole)), a, ap,
                       (1u << rest) - 1, out, size);
    }
    ++i;
  }
  at = i;
  return size;
}

#undef NQ_AVX2_TARGET
#endif

bool has_avx512f() {
#if defined(__x86_64__)
  static const bool yes =
      (__builtin_cpu_init(), cpu_allows_avx512(__builtin_cpu_supports("avx512f")));
  return yes;
#else
  return false;
#endif
}

}  // namespace

bool join_kernel_available(JoinKernel kernel) {
  switch (kernel) {
    case JoinKernel::avx2: return cpu_has_avx2();
    case JoinKernel::avx512: return has_avx512f();
    case JoinKernel::best:
    case JoinKernel::generic: break;
  }
  return true;
}

std::size_t join_half(const JoinEntries& north, u32& at, u32 end, const JoinEntries& south,
                      u32 begin, u32 count, u32 shift, u64 md, u64 tag, u64* out, std::size_t size,
                      std::size_t limit, std::size_t room, JoinKernel kernel) {
#if defined(__x86_64__)
  if ((kernel == JoinKernel::best || kernel == JoinKernel::avx512) && has_avx512f()) {
    return join_avx512(north, at, end, south, begin, count, shift, md, tag, out, size, limit, room);
  }
  if (kernel != JoinKernel::generic && cpu_has_avx2()) {
    return join_avx2(north, at, end, south, begin, count, shift, md, tag, out, size, limit, room);
  }
#endif
  (void)kernel;
  return join_generic(north, at, end, south, begin, count, shift, md, tag, out, size, limit, room);
}

}  // namespace nq::detail
