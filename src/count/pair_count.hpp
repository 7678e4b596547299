// SPDX-License-Identifier: MIT
// The halves engine's inner loop: how many pairs (w, e) of 32-bit patterns have w & e == 0, for
// two lists that are each sorted into 2^cut buckets by `cut` further pattern bits. Only buckets
// whose indices are disjoint are compared (those bits would clash otherwise), exhaustively, by a
// vector loop. The loop is compiled twice, for baseline x86-64 and for AVX2, and the best one the
// processor runs is used unless a kernel is asked for.
#pragma once

#include <cstdint>

namespace nq::detail {

enum class PairKernel { best, generic, avx2 };

bool pair_kernel_available(PairKernel kernel);

// west_start[b] .. west_start[b + 1] indexes the words of west bucket b (b < 2^cut); the same for
// east. `pairs` grows by the number of pairs compared. Requires cut <= 16.
std::uint64_t count_bucket_pairs(const std::uint32_t* west_start, const std::uint32_t* west,
                                 const std::uint32_t* east_start, const std::uint32_t* east,
                                 std::uint32_t cut, std::uint64_t& pairs,
                                 PairKernel kernel = PairKernel::best);

}  // namespace nq::detail
