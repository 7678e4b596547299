// SPDX-License-Identifier: MIT
// The baseline word kernel (pair_kernels.hpp), for any processor: the vector-extension loop of
// pair_kernel_portable.hpp with two 32-byte vectors (8 words, 4 wide ones) of the longer list in
// registers, four SSE registers each on baseline x86-64. Its hot loop keeps the portable loop's
// invariant: with 32-bit words a pass covers na * nb < 2^32 pairs, so no lane overflows.
#include "count/pair_kernel_portable.hpp"

namespace nq::detail {

namespace {

std::uint64_t block_generic(const std::uint32_t* a, std::uint32_t na, const std::uint32_t* b,
                            std::uint32_t nb) {
  return portable::count_block<std::uint32_t, 32, 2>(a, na, b, nb);
}
std::uint64_t block_generic(const std::uint64_t* a, std::uint32_t na, const std::uint64_t* b,
                            std::uint32_t nb) {
  return portable::count_block<std::uint64_t, 32, 2>(a, na, b, nb);
}
std::uint64_t batch_generic(const std::uint32_t* w, const std::uint32_t* e, const Leaf* leaves,
                            std::uint32_t n) {
  return portable::count_batch<std::uint32_t, 32, 2>(w, e, leaves, n);
}
std::uint64_t batch_generic(const std::uint64_t* w, const std::uint64_t* e, const Leaf* leaves,
                            std::uint32_t n) {
  return portable::count_batch<std::uint64_t, 32, 2>(w, e, leaves, n);
}

}  // namespace

const WordKernels kGenericKernels{.block = block_generic,
                                  .batch = batch_generic,
                                  .wide_block = block_generic,
                                  .wide_batch = batch_generic};

}  // namespace nq::detail
