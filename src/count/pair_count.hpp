// SPDX-License-Identifier: MIT
// The halves engine's inner loop: how many pairs (w, e) of 32-bit (or 64-bit) patterns have
// w & e == 0, for two lists that are each sorted into 2^cut buckets by `cut` further pattern bits.
// Only buckets whose indices are disjoint are compared (those bits would clash otherwise),
// exhaustively, by a vector loop (the trie join: descent.hpp). The loop is compiled three times,
// one file each (pair_kernels.hpp), and the best one the processor runs is used unless a kernel is
// asked for:
//   generic  baseline x86-64 (or whatever the target is): two 32-byte vectors of 8 words (4
//            wide) in registers against the other list's words broadcast, a bucket's last
//            vector counted in its own lanes, masked to the live ones once;
//   avx2     AVX2, four vectors in registers; with 32-bit words the four ANDs are packed by
//            signed saturation into the bytes of one vector, which one compare and one subtract
//            count (9 instructions for 32 pairs, not 12), and a bucket's last words are loaded
//            into zeros whose matches are taken off once. In both, small blocks are counted in
//            batches whose lanes are summed once;
//   avx512   AVX-512 F, VL and BW (checked at run time): 64-byte vectors of 16 words (8 wide
//            ones), four of them in registers against the other list's words broadcast, the
//            tests as masks; a bucket's tail is tested under a lane mask, and a bucket pair of
//            2^32 word pairs or more is counted in slices, so 32-bit lanes never overflow (64-bit
//            lanes cannot).
//   sliced   the best word kernel, but every block below the cut goes to the bit-sliced kernel
//            (sliced_pairs.hpp: the words of one side transposed, 512 of them tested against a
//            word of the other by eight table lookups and a popcount), in its best build: avx512
//            (AVX-512 VPOPCNTDQ and BMI2) or avx2 (AVX2 and a fast BMI2);
//   sliced_avx2  the same in its avx2 build (for tests on processors that have both).
// `best` is avx512 if the processor has it, else avx2 if it has that, else generic, with the
// blocks that the sliced kernel counts faster (by a cost rule, descent.cpp: blocks of a few
// hundred words on a side or more) sent to the sliced kernel's best build where there is one.
// Asking for a kernel the processor lacks gets the best one it has below that one. What the
// processor has is capped by NQUEENS_ISA (cpu.hpp), so the narrower builds run where a wider one
// exists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stop_token>

namespace nq::detail {

enum class PairKernel { best, generic, avx2, avx512, sliced, sliced_avx2 };

// Whether this processor (and build) runs `kernel`; best and generic always.
bool pair_kernel_available(PairKernel kernel);

// One list of words as the pair count reads it: sorted by `fine` bucket bits (the pattern bits
// above the words' own), highest first. The bucket boundaries of the top `dense` of those bits are
// in `start` (start[b] .. start[b + 1] indexes the words of prefix b, b < 2^dense); below them,
// where dense < fine, `keys[i]` holds word i's `fine` bucket bits, and a prefix's words are found
// by binary search in the range of its parent. A dense table costs 4 bytes per bucket and grows
// 2x per bit; the keys cost 4 bytes per word, so wide patterns (n >= 26: 18 bits above the word
// and 4 for the trie) keep the table about as long as the list and search below it.
// The words are 32-bit (BucketList) or, for patterns that would leave too many bits above a
// 32-bit word, 64-bit (WideBucketList): the kernel then compares half as many pairs a vector,
// but the cut need not grow with the pattern.
template <class Word>
struct BucketListOf {
  const std::uint32_t* start = nullptr;
  const Word* words = nullptr;
  const std::uint32_t* keys = nullptr;  // needed only when dense < fine
  std::uint32_t dense = 0;
  // The bits a word may have, from bit 0 (0: not said). The other list's words then meet nothing
  // above them, which the sliced kernel leaves out when it transposes that list; and the lower
  // fine - cut bucket bits are their top ones, which lets it skip words (sliced_pairs.hpp).
  std::uint32_t bits = 0;
};
using BucketList = BucketListOf<std::uint32_t>;
using WideBucketList = BucketListOf<std::uint64_t>;

// With `sample`, the descent follows a pair of prefixes of sample->level bits only when a hash of
// the pair and the seed falls below sample->keep (of 2^64), so each pair is followed with
// probability keep / 2^64, the same pairs for the same seed whatever the lists' sizes; the count
// is then of those subtrees only, and sample->seconds grows by the time spent in them. For timing
// a join that would take too long (a window at n = 28, HalvesWorker::count_window): the subtrees'
// time divided by the probability estimates theirs in the whole join. Requires level <= cut, so
// that every block compared lies in a subtree.
struct PairSample {
  std::uint32_t level = 0;
  std::uint64_t keep = ~std::uint64_t{0};
  std::uint64_t seed = 0;
  double seconds = 0;
};

// How count_bucket_pairs joins its two lists (the defaults: one bucket each, one block).
struct PairJoin {
  std::uint32_t cut = 0;   // the top bucket bits, which the words lack
  std::uint32_t fine = 0;  // the bucket bits in all (a smaller value counts as cut)
  // From the cut on, a block of at most this many pairs is compared, not split further.
  std::uint64_t leaf_pairs = 0;
  PairKernel kernel = PairKernel::best;
  // When given and requested, the count gives up early (checked at the trie's top levels) and
  // its result means nothing.
  const std::stop_token* stop = nullptr;
  PairSample* sample = nullptr;  // when given, only a random share of the join is counted
};

// What a pair count works in besides the lists it is given, kept from one count to the next: the
// sliced blocks a join holds back, the small blocks it batches and the sliced kernel's transposed
// lists and tables (descent.hpp). One a thread, owned by the caller (a halves worker holds one);
// made at the first count that needs it.
struct DescentBuffers;
class PairScratch {
 public:
  PairScratch();
  ~PairScratch();
  PairScratch(PairScratch&&) noexcept;
  PairScratch& operator=(PairScratch&&) noexcept;
  DescentBuffers& buffers();

 private:
  std::unique_ptr<DescentBuffers> buffers_;
};

// How many pairs of a west and an east word are disjoint and have disjoint bucket bits. The words
// hold the bits below the top `cut` bucket bits, so the lower fine - cut bucket bits are also the
// words' highest bits. The count descends the bucket bits one at a time, following only the
// prefixes that are disjoint (a trie join); below `cut` it always splits, and from `cut` on it
// splits a block of west and east words only while it has more than `leaf_pairs` pairs, comparing
// the others exhaustively with the kernel. `pairs` grows by the number of pairs compared.
// Requires cut <= fine <= 30 and dense <= fine on both sides, and a sample's level at most cut.
std::uint64_t count_bucket_pairs(const BucketList& west, const BucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs, PairScratch& scratch);
std::uint64_t count_bucket_pairs(const WideBucketList& west, const WideBucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs, PairScratch& scratch);
// The same in a scratch of its own, made for this count (for tests and one-off counts).
std::uint64_t count_bucket_pairs(const BucketList& west, const BucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs);
std::uint64_t count_bucket_pairs(const WideBucketList& west, const WideBucketList& east,
                                 const PairJoin& join, std::uint64_t& pairs);

// Memory a PairScratch holds at most besides the lists it is given (for memory plans).
std::size_t pair_count_thread_bytes();

}  // namespace nq::detail
