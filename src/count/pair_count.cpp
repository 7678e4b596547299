// SPDX-License-Identifier: MIT
// The pair count's front (pair_count.hpp): which kernels a join runs, chosen once a join from the
// kernel asked for and what the processor has, and the scratch a thread keeps between joins. The
// work is elsewhere: the trie join in descent.cpp, the word kernels in pair_kernel_*.cpp (through
// the BlockFn and BatchFn pointers chosen here, so no call inside a block pays for the choice),
// the bit-sliced kernel in sliced_pairs*.cpp. The invariant kept here: a kernel is chosen only
// where pair_kernel_available says the processor runs it, and a join's `fine` is at least its cut.
#include "count/pair_count.hpp"

#include <algorithm>
#include <stdexcept>

#include "count/cpu.hpp"
#include "count/descent.hpp"
#include "count/pair_kernels.hpp"
#include "count/sliced_pairs.hpp"

namespace nq::detail {

namespace {

bool avx512_kernel_available() {
#if defined(__x86_64__)
  return has_avx512();
#else
  return false;
#endif
}

template <class Word>
DescentKernels<Word> kernels_for(PairKernel kernel) {
  const WordKernels* words = &kGenericKernels;
#if defined(__x86_64__)
  if ((kernel == PairKernel::best || kernel == PairKernel::avx512 ||
       kernel == PairKernel::sliced) &&
      has_avx512()) {
    words = &kAvx512Kernels;
  } else if (kernel != PairKernel::generic && cpu_has_avx2()) {
    words = &kAvx2Kernels;
  }
#endif
  DescentKernels<Word> k;
  if constexpr (sizeof(Word) == 4) {
    k = {.block = words->block, .batch = words->batch};
  } else {
    k = {.block = words->wide_block, .batch = words->wide_batch};
  }
  if (kernel == PairKernel::best || kernel == PairKernel::sliced) k.sliced = sliced_pairs_isa();
  if (kernel == PairKernel::sliced_avx2 && sliced_pairs_available(SlicedIsa::avx2)) {
    k.sliced = SlicedIsa::avx2;
  }
  if (kernel == PairKernel::sliced || kernel == PairKernel::sliced_avx2) {
    k.taken = SlicedBlocksTaken::every_one;
  }
  return k;
}

template <class Word>
std::uint64_t count_pairs(const BucketListOf<Word>& west, const BucketListOf<Word>& east,
                          PairJoin join, std::uint64_t& pairs, PairScratch& scratch) {
  join.fine = std::max(join.cut, join.fine);
  if (join.sample && join.sample->level > join.cut) {
    throw std::invalid_argument("count_bucket_pairs: level > cut");
  }
  return descend(west, east, join, kernels_for<Word>(join.kernel), scratch.buffers(), pairs);
}

}  // namespace

bool pair_kernel_available(PairKernel kernel) {
  switch (kernel) {
    case PairKernel::avx2: return cpu_has_avx2();
    case PairKernel::avx512: return avx512_kernel_available();
    case PairKernel::sliced: return sliced_pairs_available();
    case PairKernel::sliced_avx2: return sliced_pairs_available(SlicedIsa::avx2);
    case PairKernel::best:
    case PairKernel::generic: break;
  }
  return true;
}

PairScratch::PairScratch() = default;
PairScratch::~PairScratch() = default;
PairScratch::PairScratch(PairScratch&&) noexcept = default;
PairScratch& PairScratch::operator=(PairScratch&&) noexcept = default;

DescentBuffers& PairScratch::buffers() {
  if (!buffers_) buffers_ = std::make_unique<DescentBuffers>();
  return *buffers_;
}

std::size_t pair_count_thread_bytes() {
  return kTuning.later_blocks * (sizeof(SlicedBlock) + sizeof(std::uint64_t)) +
         kTuning.batch * sizeof(Leaf) + 2 * SlicedWords::bytes_for(0, 32);
}

std::uint64_t count_bucket_pairs(const BucketList& west, const BucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs, PairScratch& scratch) {
  return count_pairs(west, east, join, pairs, scratch);
}

std::uint64_t count_bucket_pairs(const WideBucketList& west, const WideBucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs, PairScratch& scratch) {
  return count_pairs(west, east, join, pairs, scratch);
}

std::uint64_t count_bucket_pairs(const BucketList& west, const BucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs) {
  PairScratch scratch;
  return count_pairs(west, east, join, pairs, scratch);
}

std::uint64_t count_bucket_pairs(const WideBucketList& west, const WideBucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs) {
  PairScratch scratch;
  return count_pairs(west, east, join, pairs, scratch);
}

}  // namespace nq::detail
