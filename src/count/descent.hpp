// SPDX-License-Identifier: MIT
// The pair count's trie join (an internal header of pair_count.hpp): descend() walks the bucket
// bits of two lists one at a time, following only the prefixes that are disjoint, and hands the
// blocks it stops at to the kernels it is given (pair_kernels.hpp's word kernels through BlockFn
// and BatchFn pointers, a block at a time or a batch of small ones, and the bit-sliced kernel of
// sliced_pairs.hpp for the blocks its cost rule gives it), in buffers the caller keeps
// (DescentBuffers, one a thread: PairScratch). The descent's hot loop lives in descent.cpp, where
// its node steps are inlined into each other (Descent::run, split_node, leaf_block).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "count/pair_count.hpp"
#include "count/pair_kernels.hpp"
#include "count/sliced_pairs.hpp"

namespace nq::detail {

// A block left for the sliced kernel until the descent is done, so that the blocks that transpose
// the same range (one west bucket meets several east ones) are counted one after another and
// share its tables (SlicedWords::count).
struct SlicedBlock {
  std::uint32_t w0, w1, e0, e1;
  std::uint32_t bucket;    // the transposed side's prefix at the cut
  std::uint32_t streamed;  // the other side's
  int side;                // 0: the west words are transposed, 1: the east ones
  std::uint32_t streamed_words() const { return side ? w1 - w0 : e1 - e0; }
};

// What a descent works in, kept from one join to the next on a thread.
struct DescentBuffers {
  // The sliced kernel's lists, one pair a build: only one pair is ever built on a thread, but where
  // the avx2 build is asked for on a processor that has the avx512 one.
  SlicedWords west_avx512{SlicedIsa::avx512}, east_avx512{SlicedIsa::avx512};
  SlicedWords west_avx2{SlicedIsa::avx2}, east_avx2{SlicedIsa::avx2};
  std::vector<SlicedBlock> later;          // sliced blocks held back, kTuning.later_blocks at most
  std::vector<std::uint64_t> order;        // their sort keys
  std::array<Leaf, kTuning.batch> leaves;  // small blocks held for a batch
};

// Which blocks below the cut the sliced kernel takes.
enum class SlicedBlocksTaken : bool { by_cost, every_one };

template <class Word>
struct DescentKernels {
  BlockFn<Word> block;
  BatchFn<Word> batch;
  SlicedIsa sliced = SlicedIsa::none;  // the sliced kernel's build; none: not used
  SlicedBlocksTaken taken = SlicedBlocksTaken::by_cost;
};

// count_bucket_pairs (pair_count.hpp) with these kernels; requires cut <= fine, and a sample's
// level at most cut.
std::uint64_t descend(const BucketList& west, const BucketList& east, const PairJoin& join,
                      const DescentKernels<std::uint32_t>& kernels, DescentBuffers& buffers,
                      std::uint64_t& pairs);
std::uint64_t descend(const WideBucketList& west, const WideBucketList& east, const PairJoin& join,
                      const DescentKernels<std::uint64_t>& kernels, DescentBuffers& buffers,
                      std::uint64_t& pairs);

}  // namespace nq::detail
