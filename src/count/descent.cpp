// SPDX-License-Identifier: MIT
// The trie join of the pair count (descent.hpp): the pairs of west words [w0, w1) and east words
// [e0, e1), whose bucket prefixes of `level` bits are pa and pb (disjoint so far): empty ranges
// end at once; below `cut` (bits the words lack) and while the block is large, the next bit splits
// both ranges and the three disjoint combinations are followed; else the block is compared
// exhaustively (from the cut on, by the sliced kernel where SlicedBlocks takes it, whatever its
// size). The lists' order (by all `fine` bits, highest first) keeps every prefix's words
// contiguous, so a split is one lookup in the dense table or one binary search below it.
// The invariant the hot loop keeps: a node's two ranges hold exactly the words of its two
// prefixes, which share no bit, so every pair counted has disjoint bucket bits and none is counted
// twice; `pairs` grows by exactly the pairs of the blocks compared (batched, sliced or not).
#include "count/descent.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "split_mix.hpp"

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// The sliced kernel's part of a descent (sliced_pairs.hpp): each list is transposed when a block
// first takes it, and a block below the cut goes to the sliced kernel when that costs less than
// the word-against-word kernel, or always when asked (SlicedBlocksTaken::every_one).
// The costs are in about the kernels' instructions (the avx512 word kernel tests 64 pairs in
// about 9; the sliced kernel spends about 20 on a streamed word, 11 a range of up to 512 words,
// and 250 building a range's tables), and the transposed side is the one whose ranges cost least.
// The run times are flat around these figures (docs/journal/count.md, "A bit-sliced kernel for
// large blocks", "Odd n's passes after the sliced kernel").
template <class Word>
struct SlicedBlocks {
  SlicedWords* west = nullptr;  // null: no sliced kernel
  SlicedWords* east = nullptr;
  const Word* west_words = nullptr;
  const Word* east_words = nullptr;
  u32 west_size = 0, east_size = 0;
  SlicedBlocksTaken taken = SlicedBlocksTaken::by_cost;
  bool west_built = false, east_built = false;

  // 64-bit words: the other kernel tests half as many pairs an instruction, and the sliced one
  // looks a word up in 8 to 16 groups (8 at n = 28, whose words keep 32 bits below its cut of
  // 22), so its costs but a pair's weigh kTuning.wide_word_cost more.
  static constexpr double kWide = sizeof(Word) == 8 ? kTuning.wide_word_cost : 1;
  struct Costs {
    double per_pair, per_word, per_range, per_table;
    u32 range_words;  // the words of a range as the costs count them
  };
  // The avx2 build against the packed word kernel (9 instructions for 32 pairs): 16 loads, 14
  // ANDs and 14 instructions of popcount a range and word, and tables twice AVX-512's; the run
  // times are flat around these figures (docs/journal/count.md, "The sliced kernel in AVX2").
  // Since the avx2 build streams and builds only the halves of a range that hold words, its costs
  // are counted by half-range (18 and 250, half of 36 and 500), which is what it now costs
  // (docs/journal/count.md, "Half-ranges and carry-save adders in the AVX2 streams, and six leads
  // measured").
  static Costs costs(SlicedIsa isa) {
    const double pair = sizeof(Word) == 8 ? 2 : 1;
    const bool avx2 = isa == SlicedIsa::avx2;
    const SlicedCosts& t = avx2 ? kTuning.avx2_sliced_costs : kTuning.avx512_sliced_costs;
    return {t.per_pair * pair, t.per_word * kWide, t.per_range * kWide, t.per_table * kWide,
            avx2 ? 256u : 512u};
  }
  Costs c{};
  double cost(u32 transposed, u32 streamed) const {
    const double ranges = (transposed + c.range_words - 1) / c.range_words;
    return streamed * (c.per_word + c.per_range * ranges) + c.per_table * ranges;
  }

  // The bits each list's words may have (0: not said): the other list's words above them meet
  // none (a short run joined unsorted has its class bits masked off, the long one not).
  u32 west_bits = 0, east_bits = 0;
  void build(int side) {
    if (side == 0) {
      transpose(*west, west_words, west_size, east_bits);
      west_built = true;
    } else {
      transpose(*east, east_words, east_size, west_bits);
      east_built = true;
    }
  }
  static void transpose(SlicedWords& s, const std::uint32_t* words, u32 size, u32) {
    s.build(words, size);
  }
  static void transpose(SlicedWords& s, const std::uint64_t* words, u32 size, u32 bits) {
    s.build(words, size, bits ? bits : 64);
  }
  void build_both() {
    build(0);
    build(1);
  }

  // Which side of block [w0, w1) x [e0, e1) the sliced kernel would transpose (0 west, 1 east),
  // or -1: the block is left to the other kernel.
  // Either side's cost is at least (per_word + per_range) a streamed word, and the streamed side
  // is the shorter one at best, so a block whose longer side is at most `fewest` words never costs
  // less sliced: it is left at once. The cost model in doubles, at every block below the cut,
  // showed in the descent's time at odd n, where few blocks pass (docs/journal/count.md, "Odd n's
  // small costs, and the shared west half measured").
  u32 fewest = 0;
  void set_costs(SlicedIsa isa) {
    c = costs(isa);
    fewest = static_cast<u32>((c.per_word + c.per_range) / c.per_pair);
  }
  int side(u32 w0, u32 w1, u32 e0, u32 e1) const {
    if (!west) return -1;
    const u32 nw = w1 - w0, ne = e1 - e0;
    const bool every = taken == SlicedBlocksTaken::every_one;
    if (!every && std::max(nw, ne) <= fewest) return -1;
    const double by_west = cost(nw, ne), by_east = cost(ne, nw);
    if (!every && std::min(by_west, by_east) >= c.per_pair * static_cast<double>(u64{nw} * ne)) {
      return -1;
    }
    return by_west <= by_east ? 0 : 1;
  }

  // Below the cut both sides of a block are sorted by the trie's bits, the words' top fine - cut:
  // the sliced kernel skips the ranges that a streamed word's top bits rule out
  // (SlicedWords::count), where the transposed list's dense table says where each value of them
  // ends (top_k of them, at most 4; 0: not used).
  u32 top_shift = 0, top_k = 0;
  const u32* west_start = nullptr;  // the dense tables, when they index every bucket bit
  const u32* east_start = nullptr;
  u32 below = 0;  // fine - cut - top_k: the trie's bits below those used
  u32 cut = 0;
  // `bucket`: the transposed side's prefix at the cut; `streamed`: the other side's.
  u64 count(int side, u32 w0, u32 w1, u32 e0, u32 e1, u32 bucket, u32 streamed, u64 words) {
    const u32* const start = side == 0 ? west_start : east_start;
    const u32* const other = side == 0 ? east_start : west_start;
    u32 ends[16], b_ends[16];
    // (A transposed side of one range leaves a word nothing to skip: the kernel streams it whole.)
    const u32 transposed = side == 0 ? w1 - w0 : e1 - e0;
    const u32 k = start && transposed > SlicedWords::kRangeWords ? top_k : 0;
    for (u32 u = 0; k > 0 && u < (1u << k); ++u) ends[u] = start[((bucket << k) + u + 1) << below];
    // The streamed side's runs, where its table says they end (not by a scan of the words): from
    // its prefix at the cut, which the descent knew (not by a binary search of the table), and a
    // run's end before the block's start (a block below the cut's level) is its start. Both were
    // measured (docs/journal/count.md, "Diagonals in one word, and streamed words that skip
    // ranges", "Odd n's small costs, and the shared west half measured").
    const u32 s0 = side == 0 ? e0 : w0;
    const bool runs = k > 0 && other;
    if (runs) {
      for (u32 u = 0; u < (1u << k); ++u) {
        const u32 at = other[((streamed << k) + u + 1) << below];
        b_ends[u] = at > s0 ? at - s0 : 0;
      }
    }
    const u32* const b_runs = runs ? b_ends : nullptr;
    if (side == 0) {
      if (!west_built) build(0);
      return west->count(w0, w1, east_words + e0, e1 - e0, top_shift, k, ends, b_runs, words);
    }
    if (!east_built) build(1);
    return east->count(e0, e1, west_words + w0, w1 - w0, top_shift, k, ends, b_runs, words);
  }
};

// The descent itself (this file's opening paragraph).
template <class Word>
struct Descent {
  BucketListOf<Word> west, east;
  u32 cut, fine;
  u64 leaf;  // blocks of at most this many pairs are compared, not split
  BlockFn<Word> block;
  BatchFn<Word> batch;
  SlicedBlocks<Word> sliced;
  const std::stop_token* stop;
  PairSample* sample;
  std::vector<SlicedBlock>* later;  // sliced blocks held back
  std::vector<u64>* order;          // their sort keys (count_later)
  Leaf* leaves;                     // kTuning.batch small blocks held for a batch
  u64 pairs = 0;
  u64 counted_later = 0;   // the count of the blocks taken from `later`
  u64 counted_leaves = 0;  // the count of the batched blocks
  u32 held_leaves = 0;
  void count_leaves() {
    counted_leaves += batch(west.words, east.words, leaves, held_leaves);
    held_leaves = 0;
  }

  // Counts the blocks held, those of one transposed range one after another. Both sides split
  // at every level, so a range is its side, its begin and the block's level (two nonempty nodes
  // of one level never begin together), and a block's key packs them above its index: 8-byte
  // keys sort faster than the 32-byte blocks (docs/journal/count.md, "Odd n's small costs, and the
  // shared west half measured").
  static constexpr int kIndexBits = 14, kLevelBits = 6;  // levels: at most fine, 54 at n = 28
  static_assert(kTuning.later_blocks <= std::size_t{1} << kIndexBits);
  void hold(const SlicedBlock& b, u32 level) {
    const u64 begin = b.side ? b.e0 : b.w0;
    order->push_back(u64(b.side) << 63 | begin << (kIndexBits + kLevelBits) |
                     u64{level} << kIndexBits | later->size());
    later->push_back(b);
    if (later->size() >= kTuning.later_blocks) count_later();
  }
  void count_later() {
    std::sort(order->begin(), order->end());
    const std::size_t size = order->size();
    const u64 index = (u64{1} << kIndexBits) - 1;
    // The words that this block and the range's blocks after it stream, for which the kernel
    // lays out the range's tables (SlicedWords::count).
    u64 words = 0;
    for (std::size_t i = 0; i < size; ++i) {
      if (stop && stop->stop_requested()) break;
      const u64 range = (*order)[i] >> kIndexBits;
      if (i == 0 || range != (*order)[i - 1] >> kIndexBits) {
        words = 0;
        for (std::size_t j = i; j < size && (*order)[j] >> kIndexBits == range; ++j) {
          words += (*later)[(*order)[j] & index].streamed_words();
        }
      }
      const SlicedBlock& k = (*later)[(*order)[i] & index];
      counted_later += sliced.count(k.side, k.w0, k.w1, k.e0, k.e1, k.bucket, k.streamed, words);
      words -= k.streamed_words();
    }
    later->clear();
    order->clear();
  }
  // Levels at which a requested stop is noticed.
  static constexpr u32 kStopLevels = kTuning.stop_levels;

  // The first word in [begin, end) (all of prefix p at `level` bits) whose next bit is 1.
  u32 split(const BucketListOf<Word>& s, u32 level, u32 p, u32 begin, u32 end) const {
    const u32 child = 2 * p + 1;
    if (level < s.dense) return s.start[child << (s.dense - level - 1)];
    const u32 key = child << (fine - level - 1);
    return static_cast<u32>(std::lower_bound(s.keys + begin, s.keys + end, key) - s.keys);
  }

  // A node: empty, stopped, sampled, held for the sliced kernel, a leaf block, or split. Inlined
  // into split_node(), which alone recurses, for the nodes that split again: most nodes are
  // leaves, and their calls (a prologue, the checks, an epilogue) were most of the descent's
  // time (docs/journal/count.md, "Small blocks: batched, merged, and the descent's calls").
  [[gnu::always_inline]] u64 run(u32 level, u32 pa, u32 pb, u32 w0, u32 w1, u32 e0, u32 e1) {
    if (w0 == w1 || e0 == e1) return 0;
    if (level < kStopLevels && stop && stop->stop_requested()) return 0;
    if (sample && level == sample->level) return sampled(pa, pb, w0, w1, e0, e1);
    const u64 size = u64{w1 - w0} * (e1 - e0);
    if (level >= cut) {
      if (const int side = sliced.side(w0, w1, e0, e1); side >= 0) {
        pairs += size;
        const u32 at_cut = level - cut;
        hold({w0, w1, e0, e1, (side ? pb : pa) >> at_cut, (side ? pa : pb) >> at_cut, side}, level);
        return 0;
      }
    }
    if (level >= cut && (level == fine || size <= leaf)) return leaf_block(w0, w1, e0, e1);
    return split_node(level, pa, pb, w0, w1, e0, e1);
  }

  [[gnu::always_inline]] u64 leaf_block(u32 w0, u32 w1, u32 e0, u32 e1) {
    const u64 size = u64{w1 - w0} * (e1 - e0);
    pairs += size;
    if (size > kTuning.batched_pairs)
      return block(west.words + w0, w1 - w0, east.words + e0, e1 - e0);
    leaves[held_leaves++] = {w0, w1 - w0, e0, e1 - e0};
    if (held_leaves == kTuning.batch) count_leaves();
    return 0;
  }

  // Whether run() would count the node as a leaf block (or as empty) at once.
  [[gnu::always_inline]] bool leaf_node(u32 level, u32 w0, u32 w1, u32 e0, u32 e1) const {
    if (w0 == w1 || e0 == e1) return true;
    if (level < kStopLevels || level < cut || (sample && level == sample->level)) return false;
    return (level == fine || u64{w1 - w0} * (e1 - e0) <= leaf) && sliced.side(w0, w1, e0, e1) < 0;
  }

  [[gnu::noinline]] u64 split_node(u32 level, u32 pa, u32 pb, u32 w0, u32 w1, u32 e0, u32 e1) {
    const u32 wm = split(west, level, pa, w0, w1), em = split(east, level, pb, e0, e1);
    // Two leaf children that share one side's range are one block: the other side's two ranges
    // lie side by side. Fewer, larger blocks fill more of the kernel's lanes.
    if (leaf_node(level + 1, w0, wm, e0, em)) {
      if (leaf_node(level + 1, w0, wm, em, e1)) {
        const u64 merged = w0 == wm ? 0 : leaf_block(w0, wm, e0, e1);
        return merged + run(level + 1, 2 * pa + 1, 2 * pb, wm, w1, e0, em);
      }
      if (leaf_node(level + 1, wm, w1, e0, em)) {
        const u64 merged = e0 == em ? 0 : leaf_block(w0, w1, e0, em);
        return merged + run(level + 1, 2 * pa, 2 * pb + 1, w0, wm, em, e1);
      }
    }
    return run(level + 1, 2 * pa, 2 * pb, w0, wm, e0, em) +
           run(level + 1, 2 * pa, 2 * pb + 1, w0, wm, em, e1) +
           run(level + 1, 2 * pa + 1, 2 * pb, wm, w1, e0, em);
  }

  // The subtree of prefixes (pa, pb) at sample->level, followed or not by their hash, and timed.
  u64 sampled(u32 pa, u32 pb, u32 w0, u32 w1, u32 e0, u32 e1) {
    const u64 key = u64{pa} << 32 | pb;
    if (SplitMix64(sample->seed ^ key).next() >= sample->keep) return 0;
    PairSample* const s = std::exchange(sample, nullptr);
    const auto start = std::chrono::steady_clock::now();
    const u64 total = run(s->level, pa, pb, w0, w1, e0, e1);
    count_leaves();  // the subtree's blocks, in its time
    count_later();
    s->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    sample = s;
    return total;
  }
};

// The sliced kernel's part of a join: the build asked for, the lists' sizes and bits, and where
// the trie's bits below the cut let a streamed word skip ranges.
template <class Word>
SlicedBlocks<Word> sliced_blocks(const BucketListOf<Word>& west, const BucketListOf<Word>& east,
                                 const PairJoin& join, const DescentKernels<Word>& kernels,
                                 DescentBuffers& buffers) {
  if (kernels.sliced == SlicedIsa::none) return {};
  const bool avx512 = kernels.sliced == SlicedIsa::avx512;
  SlicedBlocks<Word> sliced{
      .west = avx512 ? &buffers.west_avx512 : &buffers.west_avx2,
      .east = avx512 ? &buffers.east_avx512 : &buffers.east_avx2,
      .west_words = west.words,
      .east_words = east.words,
      .west_size = west.start[u32{1} << west.dense],
      .east_size = east.start[u32{1} << east.dense],
      .taken = kernels.taken,
  };
  sliced.set_costs(kernels.sliced);
  sliced.west_bits = west.bits;
  sliced.east_bits = east.bits;
  // The trie's bits below the cut are the words' top fine - cut (at most 4 are used).
  const u32 bits = std::min(west.bits, east.bits);
  const u32 cut = join.cut, fine = join.fine;
  if (bits > 0 && fine > cut) {
    sliced.top_k = std::min({4u, fine - cut, bits});
    sliced.top_shift = bits - sliced.top_k;
    sliced.below = fine - cut - sliced.top_k;
    sliced.cut = cut;
    if (west.dense == fine) sliced.west_start = west.start;
    if (east.dense == fine) sliced.east_start = east.start;
  }
  // A sampled descent times its subtrees and scales their time up by the share not followed:
  // a list transposed inside one would count as transposed that many times over (n = 28's
  // windows, 16 Mi words a list, projected 1,165 years instead of 99). Transposed here, once,
  // the work is timed once, with the join.
  if (join.sample) sliced.build_both();
  return sliced;
}

template <class Word>
std::uint64_t descend_words(const BucketListOf<Word>& west, const BucketListOf<Word>& east,
                            const PairJoin& join, const DescentKernels<Word>& kernels,
                            DescentBuffers& buffers, std::uint64_t& pairs) {
  // (A sampled descent counts each followed subtree's blocks at its end, within its time.)
  buffers.later.clear();
  buffers.order.clear();
  Descent<Word> d{.west = west,
                  .east = east,
                  .cut = join.cut,
                  .fine = join.fine,
                  .leaf = join.leaf_pairs,
                  .block = kernels.block,
                  .batch = kernels.batch,
                  .sliced = sliced_blocks(west, east, join, kernels, buffers),
                  .stop = join.stop,
                  .sample = join.sample,
                  .later = &buffers.later,
                  .order = &buffers.order,
                  .leaves = buffers.leaves.data()};
  const std::uint64_t total = d.run(0, 0, 0, west.start[0], west.start[u32{1} << west.dense],
                                    east.start[0], east.start[u32{1} << east.dense]);
  d.count_leaves();
  d.count_later();
  pairs += d.pairs;
  return total + d.counted_leaves + d.counted_later;
}

}  // namespace

std::uint64_t descend(const BucketList& west, const BucketList& east, const PairJoin& join,
                      const DescentKernels<std::uint32_t>& kernels, DescentBuffers& buffers,
                      std::uint64_t& pairs) {
  return descend_words(west, east, join, kernels, buffers, pairs);
}

std::uint64_t descend(const WideBucketList& west, const WideBucketList& east, const PairJoin& join,
                      const DescentKernels<std::uint64_t>& kernels, DescentBuffers& buffers,
                      std::uint64_t& pairs) {
  return descend_words(west, east, join, kernels, buffers, pairs);
}

}  // namespace nq::detail
