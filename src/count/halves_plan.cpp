// SPDX-License-Identifier: MIT
// The halves engine's memory plan: where a worker's quarter slices come from and how many
// half-boards it builds and joins at a time, so that the whole process stays under the memory
// budget. Shared tables (quarters.hpp) are the fastest source when they fit; per-worker slices
// bound that part by the largest slice, whatever n; the half-boards are joined in chunks of the
// size the rest of the budget allows. The invariant: a plan returned fits, every byte it can name
// counted (need(source, chunk) is at most the budget), or plan() throws MemoryBudgetError with
// the least that would. Neither choice changes a subproblem's id, weight or count.
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "count/engine.hpp"
#include "count/halves_engine.hpp"
#include "count/pair_count.hpp"
#include "count/quarters.hpp"
#include "nqueens/count.hpp"

namespace nq::detail::halves {

namespace {

// What the memory plan counts (see HalvesEngine::plan), in bytes. A subproblem is kept by the
// engine (12), the schedule (8, and 16 while it is sorted), count()'s order, flags and records
// of finished work (34), and a checkpoint's list of them, resumed and new (up to 72, and a set
// while a journal is read); a half-board entry, west and east, by its list (8) and its bucket
// word (4, or 8 when the words are wide).
constexpr u64 kProcessBytes = u64{16} << 20;  // the program, its libraries, stacks, output
constexpr u64 kBytesPerSubproblem = 192;
// West and east: the pattern (8) and its word, twice (the second time transposed, for the sliced
// kernel: sliced_pairs.hpp); with bucket bits below the dense table, also its key (4) and the
// pattern being sorted, twice (8 + 8).
constexpr u64 bytes_per_entry(u64 word, bool sparse) {
  return 2 * (8 + 2 * word + (sparse ? 4 + 8 + 8 : 0));
}
// The chunks' bounds are the tuning table's (min_chunk, good_chunk, max_chunk, and from
// wide_chunk_n on wide_max_chunk: there 4 Mi entries over 18 to 22 bucket bits make a join mostly
// trie descent, which larger chunks spare; 16 Mi entries cost 1 GiB a worker, and a smaller budget
// still makes the chunks smaller).

std::string mebibytes(u64 bytes) {
  if (bytes < (u64{1} << 20)) return std::to_string((bytes + 1023) >> 10) + " KiB";
  return std::to_string((bytes + (u64{1} << 20) - 1) >> 20) + " MiB";
}

}  // namespace

// Chooses where slices come from and how big the half-board chunks are, so that the whole
// process stays under `budget` bytes (0: no limit, tables whenever they can be indexed):
// shared tables when they leave each worker a good chunk, else per-worker slices, else shared
// tables with small chunks; refuses when none of these fits. Also answers for other thread
// counts and budgets than the engine's own (a cluster's ranks, --estimate --ranks).
HalvesEngine::Plan HalvesEngine::plan(unsigned threads, u64 budget, HalvesTables tables) const {
  // slices: a worker's four buffers and the one scratch they share (a scratch for each buffer
  // made it 4 x (16 + 24) bytes per entry of the largest slice at even n; 4 x 16 + 24 so).
  u64 table = 0, slices = 0, build_scratch = 0, north_copies = 0, slice_scratch = 0;
  bool indexable = true;
  for (int q = 0; q < 4; ++q) {
    const QuarterShape& s = shapes_[q];
    u64 entries = 0, largest_bytes = 0;
    for (u32 rows = 0; rows < sizes_[q].size(); ++rows) {
      const u64 k = sizes_[q][rows], bytes = slice_bytes(k, std::popcount(rows), s.nc);
      entries += k;
      table += bytes;
      largest_bytes = std::max(largest_bytes, bytes);
    }
    indexable = indexable && entries < (u64{1} << 32);
    table += (sizes_[q].size() + 1) * sizeof(u32);
    const u64 scratch = largest_[q] * sizeof(SliceScratch::Entry);
    slices += largest_bytes;
    slice_scratch = std::max(slice_scratch, scratch);
    build_scratch += scratch;
    if (layout_.n % 2 == 1 && q < 2) north_copies += largest_bytes;  // north_for_odd
  }
  slices += slice_scratch;
  table += threads > 1 ? build_scratch : build_scratch / 4;
  const u64 t = threads;
  // Each list's table, and sort_words' four streams' counts and cursors.
  const u64 buckets = (2 * ((u64{kClasses} << dense_) + 1) + (u64{4} << dense_)) * sizeof(u32);
  const u64 per_entry = bytes_per_entry(wide() ? 8 : 4, dense_ < fine_);
  const u64 fixed = kProcessBytes + subproblems_.size() * kBytesPerSubproblem +
                    t * (buckets + north_copies + pair_count_thread_bytes());
  const u64 slack = std::max(largest_[2], largest_[3]) + 8;
  // No half is longer than its largest north slice times its largest south slice (a north
  // entry joins one south group), so a chunk never needs to be longer either.
  auto product = [](u64 a, u64 b) { return b != 0 && a > ~u64{0} / b ? ~u64{0} : a * b; };
  const u64 longest = std::max<u64>(
      1, std::max(product(largest_[0], largest_[2]), product(largest_[1], largest_[3])));
  const u64 least_chunk = std::min(kTuning.min_chunk, longest);
  const u64 max_chunk =
      layout_.n >= kTuning.wide_chunk_n ? kTuning.wide_max_chunk : kTuning.max_chunk;
  // Slices from the shared tables (HalvesTables::shared) or from each worker's own buffers.
  auto need = [&](HalvesTables from, u64 chunk) {
    return fixed + (from == HalvesTables::shared ? table : t * slices) +
           t * (chunk + slack) * per_entry;
  };
  auto chunk_for = [&](HalvesTables from) {
    const u64 base = need(from, 0);
    if (budget <= base) return u64{0};
    return std::min({max_chunk, longest, (budget - base) / t / per_entry});
  };
  const bool may_share = indexable && tables != HalvesTables::per_worker;
  const bool may_own = tables != HalvesTables::shared;
  if (tables == HalvesTables::shared && !indexable) {
    throw std::invalid_argument("halves engine: the quarter tables cannot be indexed");
  }
  if (budget == 0) {
    const HalvesTables from = may_share ? HalvesTables::shared : HalvesTables::per_worker;
    return {.shared = may_share, .chunk = 0, .bytes = need(from, std::min(max_chunk, longest))};
  }
  const u64 shared_chunk = may_share ? chunk_for(HalvesTables::shared) : 0;
  const u64 own_chunk = may_own ? chunk_for(HalvesTables::per_worker) : 0;
  const u64 good_chunk = std::min(kTuning.good_chunk, longest);
  if (shared_chunk >= good_chunk || (shared_chunk >= least_chunk && shared_chunk >= own_chunk)) {
    return {
        .shared = true, .chunk = shared_chunk, .bytes = need(HalvesTables::shared, shared_chunk)};
  }
  if (own_chunk >= least_chunk) {
    return {
        .shared = false, .chunk = own_chunk, .bytes = need(HalvesTables::per_worker, own_chunk)};
  }
  const u64 least = std::min(may_share ? need(HalvesTables::shared, least_chunk) : ~u64{0},
                             may_own ? need(HalvesTables::per_worker, least_chunk) : ~u64{0});
  throw MemoryBudgetError("count: the halves engine needs at least " + mebibytes(least) +
                              " of memory for n = " + std::to_string(layout_.n) + " on " +
                              std::to_string(threads) + (threads == 1 ? " thread" : " threads") +
                              "; the budget is " + mebibytes(budget),
                          least);
}

}  // namespace nq::detail::halves
