// SPDX-License-Identifier: MIT
// The halves engine: meet in the middle. Every row holds one queen, in the west half of the
// columns or in the east half (for odd n the middle column holds one more queen, at row m). A
// subproblem fixes m and the set of rows whose queen is in the east; the west half-boards (west
// queens on the other rows, one per west column, not attacking each other) and the east
// half-boards are built separately, and a solution is a west and an east half-board that share no
// diagonal. Only the 2(2h - 1) diagonals that cross the middle can be shared (h = n / 2), so a
// half-board is summarised by a bit pattern, and counting solutions is counting the pairs of
// patterns whose AND is zero.
//
// Building the halves: each half is itself a north quarter and a south quarter (quarters.hpp); a
// west half for rows R is every north entry for R's north rows joined with every south entry for
// R's south rows that uses the remaining west columns and shares no diagonal with it.
//
// Memory: the quarter tables are shared by the workers when they fit in the budget; otherwise
// each worker builds the four slices a subproblem needs. The half-boards are built and joined in
// chunks of a size the budget allows. Neither choice changes a subproblem's id, weight or count.
//
// Counting the pairs: the pattern bits are first reordered for the subproblem (bit_order.hpp), so
// that the diagonals both halves occupy most often come first; the top ("cut") bits split both
// lists into buckets, only buckets whose bits are disjoint can match, a trie join descends a few
// bits further where blocks are large, and each remaining pair of blocks is compared exhaustively
// by a register-blocked vector loop (pair_count.hpp).
//
// Symmetry: turning the board upside down maps (m, east rows) to (n-1-m, reversed rows), and the
// left-right mirror swaps east and west; only the smallest of the (up to) four images is counted,
// with the number of images as its weight. For even n the transpose halves the work once more
// (see HalvesWorker::pairs). Unique counts come from Burnside's lemma in count().
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "count/bit_order.hpp"
#include "count/engine.hpp"
#include "count/half_join.hpp"
#include "count/pair_count.hpp"
#include "count/quarters.hpp"
#include "first_error.hpp"
#include "nqueens/count.hpp"
#include "split_mix.hpp"

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

static_assert(kMaxHalvesN < 32, "a subproblem keeps its east rows in 32 bits");

// A half-board's pattern carries, from bit kTagShift, its class for the transpose argument (see
// HalvesWorker::half and pairs): for even n how the tag of its south quarter's columns compares
// with the subproblem's, for odd n its weight. kPatternMask keeps the diagonals (at most 54 bits,
// at n = 28) and drops the class and a north entry's middle-row column (kMiddleRowShift).
constexpr int kTagShift = 60;
constexpr u64 kPatternMask = (u64{1} << kMiddleRowShift) - 1;
constexpr int kClasses = 4;
static_assert(kMiddleRowShift >= 2 * (2 * (kMaxHalvesN / 2) - 1) &&
              kTagShift >= kMiddleRowShift + 4);

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
constexpr u64 kMinChunk = 1024;       // half-board entries built and joined at a time, at least
constexpr u64 kGoodChunk = 1u << 16;  // below this, shared tables give way to per-worker slices
constexpr u64 kMaxChunk = u64{1} << 22;
// From n = 26 on the halves of large subproblems hold tens to hundreds of millions of entries, and
// 4 Mi entries spread over 18 to 22 bucket bits above the words make a join mostly trie descent,
// which larger chunks spare (docs/journal/count.md, "Sampling a window's join: n = 26, 27 and 28
// in minutes"). 16 Mi entries cost 1 GiB a worker; a smaller budget still makes the chunks
// smaller. Below n = 26 the chunks stay at 4 Mi, where they were measured.
constexpr u64 kWideMaxChunk = u64{1} << 24;
constexpr int kWideChunkN = 26;
// half() prefetches the south group kVisitsAhead visits on, its first kAheadLines lines of
// diagonals and of patterns: the groups are a few dozen bytes to a few KiB scattered over the
// tables, and the join waited on their loads. The fastest distance and length measured
// (docs/journal/count.md, "Odd n's small costs, and the shared west half measured").
constexpr u32 kVisitsAhead = 4, kAheadLines = 8;
constexpr int kFineBits = 4;  // bucket bits below the cut, for the trie join
// Bucket bits a dense table may index: all of them up to n = 25 (18 with the trie's); above, the
// table is as long as the list, at most this, and binary search goes on below it.
constexpr int kDenseBits = 18;
constexpr u64 kLeafPairs = 1u << 14;  // the trie join's largest unsplit block
// Subproblems whose first chunks make fewer pairs keep the layout's bit order: choosing and
// applying one costs about what it saves there (docs/journal/count.md, "The bit order, and n = 22
// in 40.8 minutes").
constexpr double kOrderPairs = 1 << 20;
// A window whose chunks make more pairs than this (west entries x east entries) joins only a
// random share of them, that many on average: the prefix pairs of kSampleLevel bucket bits (at
// most 3^12 = 531,441 of them) are followed or not by a hash (PairSample), and the time of the
// followed ones is scaled up. That takes n = 28's windows from minutes to seconds, and the share
// adds little noise to what a window's place adds (docs/journal/count.md, "Sampling a window's
// join: n = 26, 27 and 28 in minutes").
constexpr double kWindowPairs = 0x1p37;
constexpr u32 kSampleLevel = 12;
// A join whose shorter run has at most this many half-boards compares the runs unsorted
// (HalvesWorker::join). The class runs of pairs() are often short (for even n, the tags equal to
// the subproblem's p or q), and sorting a long run to meet a few dozen entries costs more than
// comparing every pair. 256 was the fastest limit measured (docs/journal/count.md, "On an Intel
// Xeon with AVX-512: n = 22 in 23.4 min").
constexpr long kDirectRun = 256;

struct Subproblem {
  u32 east;       // rows whose queen is in the east half
  std::int8_t m;  // row of the middle-column queen (odd n), or -1
  std::uint8_t weight;
  float cost;
};

int pattern_bits(int n) { return 2 * (2 * (n / 2) - 1); }

// The rows whose queen is in the west half: neither east nor the middle column's.
u32 west_rows(const Subproblem& s, int n) {
  const u32 all = static_cast<u32>((u64{1} << n) - 1);
  return all & ~s.east & ~(s.m >= 0 ? u32{1} << s.m : 0);
}

// The half a half-board lies in. The east is the west mirrored: its column sets are mirrored into
// the west's frame before they are compared (column_tag).
enum class Side : bool { west, east };

// Bucket bits above the words: enough that the rest always fits a word, and a few more as the
// halves grow; the trie join splits kFineBits further bits where blocks are large. Every cut bit
// is always descended, so with pairs as cheap as the packed AVX2 and the sliced kernels make them
// a shallow cut pays: 3 at n = 18, 2 below it and at 19, the fastest cuts measured
// (docs/journal/count.md, "Tests packed into bytes, and the bit order by pext", "The sliced kernel
// in AVX2"). From n = 20 on a 32-bit word needs 6. With 32-bit words the cut grows with the
// pattern, 4 bits every two n: 14 at n = 24, 18 at n = 26, 22 at n = 28. Past 18 the forced
// descent costs far more than the pairs it saves, so where 32-bit words would need more than
// kMostCut bits above them (n >= 28) the words are 64-bit and the cut stays at kMostCut; below
// that, 64-bit words only cost more (docs/journal/count.md, "64-bit words at n = 28").
constexpr int kMostCut = 18;
int word_bits(int n) { return pattern_bits(n) - 32 > kMostCut ? 64 : 32; }
int cut_bits(int n, int word) {
  const int bits = pattern_bits(n);
  const int cut = n == 18 ? 3 : n <= 19 ? 2 : 6;
  return std::max({cut, std::min(kMostCut, bits - 32), bits - word});
}

// The word size for n under `tuning` (engine.hpp).
int tuned_word_bits(int n, const HalvesTuning& tuning) {
  if (tuning.word_bits != 0 && tuning.word_bits != 32 && tuning.word_bits != 64) {
    throw std::invalid_argument("halves engine: words are 32 or 64 bits");
  }
  return tuning.word_bits ? tuning.word_bits : word_bits(n);
}

// The layout for n under `tuning`: tuning.cut, if it asks for a cut, but at least 1 and at least
// enough that the rest fits a word.
Layout tuned_layout(int n, const HalvesTuning& tuning) {
  const int word = tuned_word_bits(n, tuning);
  return make_layout(
      n, tuning.cut ? std::max({tuning.cut, pattern_bits(n) - word, 1}) : cut_bits(n, word));
}

// The run's own clock, for --estimate's projection.
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::string mebibytes(u64 bytes) {
  if (bytes < (u64{1} << 20)) return std::to_string((bytes + 1023) >> 10) + " KiB";
  return std::to_string((bytes + (u64{1} << 20) - 1) >> 20) + " MiB";
}

// Where a half-board chunk stopped: the north group and entry to go on from. `until` ends the
// half before that north entry, and `append` adds to the list's entries instead of starting a new
// chunk (both for a window that wraps round, see HalvesWorker::window_half).
struct HalfCursor {
  u32 group = 0, entry = 0;
  bool done = false;
  u32 until = ~u32{0};
  bool append = false;
};

// A chunk of half-boards: the first `size` patterns of `data`, which only grows (to `room` at
// most when the chunks are limited), so that no pass clears or refills it.
struct HalfList {
  std::vector<u64> data;
  std::size_t size = 0;
  // Even n, built in order of class (see HalvesWorker::half): class c's half-boards are
  // [runs[c], runs[c + 1]) when by_class and runs[kClasses] == size.
  bool by_class = false;
  std::array<std::size_t, kClasses + 1> runs{};
};

// A run of half-boards as the pair count reads it (pair_count.hpp): words sorted by bucket bits,
// the boundaries of the top `dense` bucket bits in `start`, and below those, when dense < fine,
// each word's bucket bits in `keys`.
struct Bucketed {
  std::vector<u32> start, words, keys;
  std::vector<u64> wide;            // the words, when they are 64-bit
  std::vector<u64> sorting, spare;  // patterns while they are sorted
  int dense = 0;

  // `bits`: the layout's rest, the bits a word holds.
  BucketList list(int bits) const {
    return {start.data(), words.data(), keys.data(), static_cast<u32>(dense),
            static_cast<u32>(bits)};
  }
  WideBucketList wide_list(int bits) const {
    return {start.data(), wide.data(), keys.data(), static_cast<u32>(dense),
            static_cast<u32>(bits)};
  }
};

// Grows v to hold at least `need` elements: geometrically, but never past `room` (0: no limit).
template <typename T>
void grow(std::vector<T>& v, std::size_t need, std::size_t room) {
  if (v.size() >= need) return;
  std::size_t to = std::max(2 * v.size(), need);
  if (room) to = std::max(need, std::min(to, room));
  v.resize(to);
}

class HalvesEngine;

class HalvesWorker final : public Worker {
 public:
  explicit HalvesWorker(const HalvesEngine& e);
  std::uint64_t run(std::size_t id, std::uint64_t& nodes) override;
  bool sample(double share, std::uint64_t seed) override;
  bool window(std::uint64_t seed) override;
  double whole_seconds() const override { return whole_seconds_; }
  double last_share() const override { return share_; }
  void prepare(std::size_t id) override;

 private:
  // What a subproblem reads: its four slices (for odd n the north ones as north_for_odd leaves
  // them) and the middle-column queen's diagonals (0 for even n).
  struct Slices {
    SliceView nw, ne, sw, se;
    u64 md1 = 0, md2 = 0;
  };
  Slices load(const Subproblem& s);
  SliceView slice(int quarter, u32 rows);
  const Group* south_group(const Group& g, const SliceView& south, Side side, const Group*& above,
                           u64& tag) const;
  // A north group that half() joins, its south group, its class tag and its entries' first
  // number (see visits()).
  struct Visit {
    const Group* north;
    const Group* south;
    u64 tag;
    u64 first;
  };
  enum class VisitOrder : bool { as_they_lie, by_class };
  void visits(const SliceView& north, const SliceView& south, Side side, VisitOrder order);
  void half(const SliceView& north, const SliceView& south, u64 md1, u64 md2, Side side,
            HalfCursor& at, HalfList& out, std::uint64_t& nodes);
  double window_half(const SliceView& north, const SliceView& south, u64 md1, u64 md2, Side side,
                     u64 seed, HalfList& out, std::uint64_t& nodes);
  std::uint64_t count_window(const Slices& v, double once_seconds, std::uint64_t& nodes);
  void project(double seconds, double once_seconds, double west_entries, double west_chunks,
               bool east_whole);
  void bucket(const u64* patterns, std::size_t size, Bucketed& out);
  template <class Word>
  void sort_words(const u64* patterns, std::size_t size, Bucketed& out, Word* words);
  std::uint64_t pairs(std::uint64_t& nodes);
  std::uint64_t join(const u64* west, std::size_t west_size, const u64* east, std::size_t east_size,
                     std::uint64_t& nodes);

  // A north slice as half() reads it for odd n, copied for the quarter's rows and the middle
  // queen's diagonals (md1 = 0: none yet), which say what it holds.
  struct NorthSlice {
    std::vector<u64> diag, pattern;
    std::vector<Group> groups;
    u32 classes = 0;  // bit c: some entry has class c
    u32 rows = 0;
    u64 md1 = 0, md2 = 0;
    SliceView view() const {
      return {groups.data(), groups.data() + groups.size(), diag.data(), pattern.data()};
    }
  };
  // `quarter`: 0 (north-west) or 1 (north-east).
  SliceView north_for_odd(const SliceView& s, int quarter, u32 rows, u64 md1, u64 md2,
                          NorthSlice& into);

  const HalvesEngine& engine_;
  NorthSlice north_[2];                    // west, east
  SliceScratch scratch_;                   // the buffers' one scratch
  std::optional<SliceBuffer> buffers_[4];  // when the engine keeps no tables
  std::size_t room_ = 0;                   // half-board entries a list may hold (0: no limit)
  int phi_m_ = 0;              // odd n: min(m, n - 1 - m) for the subproblem's middle-column queen
  u32 tag_p_ = 0, tag_q_ = 0;  // even n: the subproblem's (p, q) = phi(E), p <= q (see pairs)
  HalfList west_, east_;
  std::vector<Visit> visits_, class_order_;  // half()'s, rebuilt each call
  BitOrder order_;  // the subproblem's bit order, chosen from its first chunks
  Bucketed west_buckets_, east_buckets_;
  std::vector<u32> cursors_;  // sort_words' four streams' counts and cursors
  std::vector<u64> direct_;   // a short run, its class bits masked off (see join)
  // Sampling (see sample()): west half-boards are built from a random share_ of the north-west
  // entries, each picked or not on its own: the gaps between picks are geometric, drawn from
  // pick_, so that the entries passed over cost nothing (hashing each entry to pick it cost
  // milliseconds a subproblem, which a projection scales up: docs/journal/count.md, "Counting a
  // share of a subproblem: `--estimate --draw-seconds`").
  u64 pick_gap();
  double share_ = 1, log_keep_ = 0;  // log(1 - share_)
  u64 pick_seed_ = 0;
  SplitMix64 pick_{0};
  u64 next_pick_ = 0;    // the next picked entry, counted from the slice's first
  bool window_ = false;  // the next runs count windows (see window_half)
  u64 window_seed_ = 0;
  std::optional<PairSample> join_sample_;  // a window's joins follow a share of the pairs
  // The last run's parts that do not grow with the share, timed, and its projection (see
  // project()).
  double east_build_seconds_ = 0, east_sort_seconds_ = 0, whole_seconds_ = 0;
};

class HalvesEngine final : public Engine {
 public:
  HalvesEngine(int n, unsigned threads, u64 budget, HalvesTables tables, HalvesTuning tuning,
               const std::stop_token& stop)
      : layout_(tuned_layout(n, tuning)), wide_(tuned_word_bits(n, tuning) == 64) {
    const int h = n / 2, odd = n % 2;
    north_rows_ = h + odd;                    // the middle row (odd n) belongs to the north
    shapes_[0] = {0, north_rows_, 0, h};      // north-west
    shapes_[1] = {0, north_rows_, n - h, h};  // north-east
    shapes_[2] = {north_rows_, n - north_rows_, 0, h};      // south-west
    shapes_[3] = {north_rows_, n - north_rows_, n - h, h};  // south-east
    for (int q = 0; q < 4; ++q) frames_[q] = diagonal_frame(layout_, shapes_[q]);
    fine_ = std::min(layout_.bits, layout_.cut + kFineBits);
    dense_ = std::min(fine_, tuning.dense ? tuning.dense : kDenseBits);
    leaf_ = kLeafPairs;
    kernel_ = tuning.kernel;
    window_pairs_ = tuning.window_pairs > 0 ? tuning.window_pairs : kWindowPairs;
    direct_run_ = static_cast<std::size_t>(tuning.direct_run > 0   ? tuning.direct_run
                                           : tuning.direct_run < 0 ? 0
                                                                   : kDirectRun);
    // The mirror (column c to n - 1 - c) maps the north-west quarter onto the north-east one and
    // the upside-down turn the south quarters onto the north's (quarters.hpp), so one counting
    // pass gives all four.
    sizes_[0] = count_slices(layout_, shapes_[0], threads, stop);
    sizes_[1] = sizes_[0];
    sizes_[2] = turned_slice_sizes(sizes_[0], shapes_[2].nr);
    sizes_[3] = sizes_[2];
    make_subproblems(stop);
    for (int q = 0; q < 4; ++q) {
      for (const u64 k : sizes_[q]) largest_[q] = std::max(largest_[q], k);
    }
    const Plan p = plan(threads, budget, tables);
    shared_ = p.shared;
    chunk_ = p.chunk;
    planned_ = p.bytes;
    if (shared_) {
      // On fewer than four threads each east table is mirrored from the west one
      // (QuarterTable::mirror), a west table and its mirror a thread: mirroring costs about a
      // third of building (docs/journal/count.md, "The transposition's loads, four north entries
      // at a time, one table for the exact bits, and mirrored quarters").
      if (threads >= 4) {
        on_quarters(threads,
                    [&](int q) { tables_[q].build(layout_, shapes_[q], sizes_[q], stop); });
      } else {
        on_quarters(threads, [&](int q) {
          if (q % 2 == 1) return;
          tables_[q].build(layout_, shapes_[q], sizes_[q], stop);
          tables_[q + 1].mirror(layout_, shapes_[q + 1], tables_[q], stop);
        });
      }
    }
  }

  std::size_t size() const override { return subproblems_.size(); }
  std::uint32_t weight(std::size_t id) const override { return subproblems_.at(id).weight; }
  double cost(std::size_t id) const override { return subproblems_.at(id).cost; }
  std::unique_ptr<Worker> worker() const override { return std::make_unique<HalvesWorker>(*this); }
  std::uint64_t memory_bytes() const override { return planned_; }
  std::uint64_t memory_bytes(unsigned threads, std::uint64_t budget) const override {
    return plan(threads, budget, HalvesTables::choose).bytes;
  }
  // Subproblems with the same rows in the north quarters read the same north slices: the
  // west's, and (for odd n, where the middle row may be the east's) the east's. Side by side in
  // the schedule, the next one finds them in the cache, or in its worker's slice buffers where
  // the engine keeps no tables. That pays at odd n and with per-worker slices; even n with the
  // tables gains nothing (docs/journal/count.md, "Subproblems that read the same slices, side by
  // side").
  bool grouped() const override { return true; }
  std::uint64_t locality(std::size_t id) const override {
    const Subproblem& s = subproblems_.at(id);
    const u32 low = (1u << north_rows_) - 1;
    return u64{west_rows(s, layout_.n) & low} << north_rows_ | (s.east & low);  // <= 28 bits
  }

  const Layout& layout() const { return layout_; }
  const QuarterShape& shape(int q) const { return shapes_[q]; }
  const DiagonalFrame& frame(int q) const { return frames_[q]; }
  const Subproblem& subproblem(std::size_t id) const { return subproblems_.at(id); }
  int north_rows() const { return north_rows_; }
  bool shared() const { return shared_; }
  SliceView table_slice(int q, u32 rows) const { return tables_[q].slice(rows); }
  u64 largest_slice(int q) const { return largest_[q]; }
  u64 chunk() const { return chunk_; }  // 0: no limit
  int fine() const { return fine_; }
  bool wide() const { return wide_; }  // 64-bit words
  // The bit order's greedy ranks: every level the trie join may split (fine), which are also its
  // exact ranks (BitOrder::choose: the pair count reads no other bit alone). Where the trie is
  // deeper than 16 levels (n >= 24) ranking them all leaves fewer pairs to compare; ranks past
  // the trie's levels never change a pair compared (docs/journal/count.md, "A larger sample for
  // the greedy bit order", "Tests packed into bytes, and the bit order by pext").
  int greedy_ranks() const { return fine_; }
  int dense() const { return dense_; }
  u64 leaf() const { return leaf_; }
  PairKernel kernel() const { return kernel_; }
  std::size_t direct_run() const { return direct_run_; }
  double window_pairs() const { return window_pairs_; }
  // A chunk's list may hold a south group past the chunk, and join_half's 8 spare entries.
  u64 chunk_room() const { return chunk_ + std::max(largest_[2], largest_[3]) + 8; }

 private:
  template <class F>
  static void on_quarters(unsigned threads, F f) {
    if (threads > 1) {
      FirstError errors;  // e.g. bad_alloc building a table: rethrown here, not std::terminate
      {
        std::vector<std::jthread> each;
        for (int q = 0; q < 4; ++q)
          each.emplace_back([&f, &errors, q] { errors.run([&] { f(q); }); });
      }
      errors.rethrow();
    } else {
      for (int q = 0; q < 4; ++q) f(q);
    }
  }

  struct Plan {
    bool shared = false;  // tables shared by the workers, else slices per worker
    u64 chunk = 0;        // half-board entries joined at a time (0: no limit)
    u64 bytes = 0;        // the whole process
  };

  // Chooses where slices come from and how big the half-board chunks are, so that the whole
  // process stays under `budget` bytes (0: no limit, tables whenever they can be indexed):
  // shared tables when they leave each worker a good chunk, else per-worker slices, else shared
  // tables with small chunks; refuses when none of these fits. Also answers for other thread
  // counts and budgets than the engine's own (a cluster's ranks, --estimate --ranks).
  Plan plan(unsigned threads, u64 budget, HalvesTables tables) const {
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
    const u64 least_chunk = std::min(kMinChunk, longest);
    const u64 max_chunk = layout_.n >= kWideChunkN ? kWideMaxChunk : kMaxChunk;
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
    const u64 good_chunk = std::min(kGoodChunk, longest);
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

  // A subproblem's cost: the geometric mean of its half sizes' bounds, squared (the pairs), and
  // for odd n the share of middle-row columns the transpose argument keeps.
  float estimate(u32 west, u32 east, int m) const {
    const int n = layout_.n, h = layout_.h;
    const double kept = m >= 0 && m != h ? static_cast<double>(h - std::min(m, n - 1 - m)) / h : 1;
    const u32 low = (1u << north_rows_) - 1;
    const double w = static_cast<double>(sizes_[0][west & low]) *
                     static_cast<double>(sizes_[2][west >> north_rows_]);
    const double e = static_cast<double>(sizes_[1][east & low]) *
                     static_cast<double>(sizes_[3][east >> north_rows_]);
    return static_cast<float>(1.0 + kept * std::sqrt(w) * std::sqrt(e));
  }

  // Every (m, east rows) that is the smallest of its images, in order of m and then of the
  // east rows as a subset of the free rows (the order gives the ids: keep it). The reversal is
  // by swaps of halves (reverse_bits), and a subset of the free rows becomes east rows by one
  // split at m, so that a subset costs a few dozen instructions, not a loop over the rows
  // (docs/journal/count.md, "Cutting the slope: the half-boards of odd n, the set-up, the
  // sample").
  void make_subproblems(const std::stop_token& stop) {
    const int n = layout_.n, h = layout_.h;
    const u32 all = static_cast<u32>((u64{1} << n) - 1);
    auto reverse = [n](u32 x) { return reverse_bits(x, n); };
    u64 visited = 0;  // subsets, between looks at the stop token
    for (int m = n % 2 ? 0 : -1; m < (n % 2 ? n : 0); ++m) {
      const u32 free_rows = all & ~(m >= 0 ? u32{1} << m : 0);
      const u32 below = m >= 0 ? (u32{1} << m) - 1 : all;  // free rows below m keep their bit
      const int k = n - (m >= 0);
      const int mf = m >= 0 ? n - 1 - m : -1;
      for (u64 s = (u64{1} << h) - 1; s < (u64{1} << k);) {
        const u32 bits = static_cast<u32>(s);
        const u32 east = m >= 0 ? (bits & below) | (bits & ~below) << 1 : bits;
        const u32 west = free_rows & ~east;
        const std::pair<int, u32> self{m, east};
        const std::pair<int, u32> images[4] = {
            self, {mf, reverse(east)}, {m, west}, {mf, reverse(west)}};
        if (*std::min_element(std::begin(images), std::end(images)) == self) {
          std::uint8_t distinct = 0;
          for (int i = 0; i < 4; ++i) {
            if (std::find(images, images + i, images[i]) == images + i) ++distinct;
          }
          subproblems_.push_back(
              {east, static_cast<std::int8_t>(m), distinct, estimate(west, east, m)});
        }
        const u64 low = s & (0 - s), ripple = s + low;  // next subset of the same size
        s = (((ripple ^ s) >> 2) / low) | ripple;
        if ((++visited & 0xFFFFF) == 0 && stop.stop_requested()) throw CountStopped();
      }
    }
    subproblems_.shrink_to_fit();
  }

  Layout layout_;
  bool wide_ = false;  // the pair count's words are 64-bit (word_bits)
  int north_rows_ = 0;
  QuarterShape shapes_[4];
  DiagonalFrame frames_[4];    // where each quarter's diagonal words begin
  std::vector<u64> sizes_[4];  // entries per row set, by quarter
  u64 largest_[4] = {};        // the largest slice of each quarter
  QuarterTable tables_[4];     // when shared_
  bool shared_ = false;
  u64 chunk_ = 0;
  u64 planned_ = 0;
  int fine_ = 0;   // bucket bits of the pair count (the trie join's depth)
  int dense_ = 0;  // of those, at most this many index a dense table
  u64 leaf_ = 0;   // blocks of at most this many pairs are compared, not split further
  PairKernel kernel_ = PairKernel::best;  // the pair count's (HalvesTuning::kernel)
  double window_pairs_ = 0;     // a window joins about this many pairs at most (kWindowPairs)
  std::size_t direct_run_ = 0;  // see kDirectRun
  std::vector<Subproblem> subproblems_;
};

HalvesWorker::HalvesWorker(const HalvesEngine& e) : engine_(e) {
  if (!e.shared()) {
    u64 largest = 0;
    for (int q = 0; q < 4; ++q) largest = std::max(largest, e.largest_slice(q));
    scratch_.entries.reserve(largest);
    for (int q = 0; q < 4; ++q) {
      buffers_[q].emplace(e.layout(), e.shape(q), e.largest_slice(q), scratch_);
    }
  }
  room_ = e.chunk() ? e.chunk_room() : 0;
}

SliceView HalvesWorker::slice(int quarter, u32 rows) {
  return buffers_[quarter] ? buffers_[quarter]->slice(rows) : engine_.table_slice(quarter, rows);
}

// Odd n: the north slice without the entries the middle-column queen attacks or whose middle-row
// queen gives the subproblem weight 0, each pattern carrying its class (see pairs) in place of
// the middle-row column, so that half() joins every entry of it alike. Copying the slice once,
// with no branch, beats testing each entry where it is joined (docs/journal/count.md, "Cutting the
// slope: the half-boards of odd n, the set-up, the sample").
//
// Consecutive subproblems of a worker often share a side's north rows and the middle queen, and
// then the copy made for the one before is theirs too (docs/journal/count.md, "Odd n's passes
// after the sliced kernel").
SliceView HalvesWorker::north_for_odd(const SliceView& s, int quarter, u32 rows, u64 md1, u64 md2,
                                      NorthSlice& into) {
  if (into.md1 == md1 && into.md2 == md2 && into.rows == rows) return into.view();
  into.md1 = 0;  // (holds nothing until it is filled)
  into.groups.clear();
  into.classes = 0;
  if (s.first == s.last) {
    into.rows = rows, into.md1 = md1, into.md2 = md2;
    return into.view();
  }
  const int n = engine_.layout().n;
  const std::size_t most = s.last[-1].end - s.first->begin;
  grow(into.diag, most, 0);
  grow(into.pattern, most, 0);
  u64* const diag = into.diag.data();
  u64* const pattern = into.pattern.data();
  const u64 md = framed(md1, md2, engine_.frame(quarter));  // the middle queen's, in this frame
  // phi of the middle-row queen against the middle-column queen's: below, weight 0 (dropped);
  // equal or no queen there, class 1 (weight 1); above, class 0 (weight 2). Indexed by the
  // middle-row column + 1, 0 meaning the middle row is not in the slice.
  u64 klass[kMaxCountN + 1];
  u32 keep[kMaxCountN + 1], class_bit[kMaxCountN + 1];
  klass[0] = u64{1} << kTagShift;
  keep[0] = 1;
  for (int k = 1; k <= n; ++k) {
    const int phi = std::min(k - 1, n - k);
    keep[k] = phi >= phi_m_;
    klass[k] = phi > phi_m_ ? 0 : u64{1} << kTagShift;
  }
  for (int k = 0; k <= n; ++k) class_bit[k] = 1u << (klass[k] >> kTagShift);
  u32 k = 0, classes = 0;
  for (const Group* g = s.first; g != s.last; ++g) {
    const u32 begin = k;
    for (u32 i = g->begin; i < g->end; ++i) {
      const u64 p = s.pattern[i];
      const u64 row = p >> kMiddleRowShift;
      diag[k] = s.diag[i];
      pattern[k] = (p & kPatternMask) | klass[row];
      const u32 kept = ((s.diag[i] & md) == 0) & keep[row];
      k += kept;
      classes |= class_bit[row] & (0 - kept);
    }
    if (k > begin) into.groups.push_back({g->cols, begin, k});
  }
  into.classes = classes;
  into.rows = rows, into.md1 = md1, into.md2 = md2;
  return into.view();
}

// g(Z) = min(Z, complement of Z) over `width` bits; for the east half, Z is first mirrored into
// the west's frame. See HalvesWorker::pairs.
u32 column_tag(u32 cols, int width, Side side) {
  const u32 z = side == Side::east ? reverse_bits(cols, width) : cols;
  return std::min(z, z ^ ((1u << width) - 1));
}

// The south group whose entries north group g joins, and the class tag of the half-boards
// (see pairs): null where there is none, or where for even n every half-board would weigh 0
// whatever the other half. Both slices' groups are sorted by column set, so the south groups that
// north groups asked for in order come in decreasing order: `above` (the south groups past the
// one asked for, south.last at first) walks down them once, where a binary search for each
// showed in odd n's profiles (docs/journal/count.md, "Cutting the slope: the half-boards of odd
// n, the set-up, the sample").
const Group* HalvesWorker::south_group(const Group& g, const SliceView& south, Side side,
                                       const Group*& above, u64& tag) const {
  const int width = engine_.layout().h;
  const u32 want = ((1u << width) - 1) & ~g.cols;
  while (above != south.first && above[-1].cols > want) --above;
  if (above == south.first || above[-1].cols != want) return nullptr;
  const Group* const s = above - 1;
  // Odd n: the class is in the north entry's pattern. Even n: by the tag g of the south columns
  // against (p, q): g = p, p < g < q, g = q > p, g > q.
  tag = 0;
  if (engine_.layout().n % 2 == 0) {
    const u32 tag_g = column_tag(s->cols, width, side);
    if (tag_g < tag_p_) return nullptr;
    const u64 cls = tag_g == tag_p_ ? 0 : tag_g < tag_q_ ? 1 : tag_g == tag_q_ ? 2 : 3;
    tag = cls << kTagShift;
  }
  return s;
}

// The north groups of a half that some south group completes, in the order half() joins them:
// for even n (but a window's) by class, so that the half-boards come out in runs of one class
// and pairs() need not partition them (docs/journal/count.md, "Shared tables, runs by class and
// the set-up's tail"); else as they lie. `first` numbers the entries in that order (as they lie,
// from the slice's first), for the sampled picks.
void HalvesWorker::visits(const SliceView& north, const SliceView& south, Side side,
                          VisitOrder order) {
  visits_.clear();
  const u32 groups = static_cast<u32>(north.last - north.first);
  const u64 base = groups ? north.first->begin : 0;
  const Group* above = south.last;  // see south_group
  for (u32 k = 0; k < groups; ++k) {
    u64 tag = 0;
    const Group& g = north.first[k];
    if (const Group* const s = south_group(g, south, side, above, tag)) {
      visits_.push_back({&g, s, tag, g.begin - base});
    }
  }
  if (order != VisitOrder::by_class) return;
  // Stable, by class: counted, then placed, in a buffer kept (std::stable_sort allocated one
  // each call, which under AddressSanitizer's quarantine took count 16's peak past its budget).
  std::array<std::size_t, kClasses + 1> at{};
  for (const Visit& v : visits_) ++at[(v.tag >> kTagShift) + 1];
  for (int c = 0; c < kClasses; ++c) at[c + 1] += at[c];
  class_order_.resize(visits_.size());
  for (const Visit& v : visits_) class_order_[at[v.tag >> kTagShift]++] = v;
  visits_.swap(class_order_);
  u64 first = 0;
  for (Visit& v : visits_) {
    v.first = first;
    first += v.north->end - v.north->begin;
  }
}

// The next chunk of half-boards from a north and a south slice, as patterns: every north entry
// joined with the south entries on the remaining columns that share no diagonal with it or the
// middle queen (half_join.hpp), going on from `at` until the chunk is full (then `at` says where
// it stopped) or the slices are done. For odd n the north slice is north_for_odd's: every entry
// is free of the middle queen and carries its class. The patterns are ORed as they are: only an
// odd-n north entry has bits above the diagonals (its middle-row column), and north_for_odd has
// replaced those. `at.group` counts visits (see visits()).
void HalvesWorker::half(const SliceView& north, const SliceView& south, u64 md1, u64 md2, Side side,
                        HalfCursor& at, HalfList& out, std::uint64_t& nodes) {
  const u64 limit = engine_.chunk() ? engine_.chunk() : ~u64{0};
  const bool by_class = engine_.layout().n % 2 == 0 && !window_ && !at.append;
  visits(north, south, side, by_class ? VisitOrder::by_class : VisitOrder::as_they_lie);
  const u32 groups = static_cast<u32>(visits_.size());
  const JoinEntries n_entries{north.diag, north.pattern};
  const JoinEntries s_entries{south.diag, south.pattern};
  // The south quarter's frame lies north_rows() diagonals above the north one's (quarters.hpp).
  const u32 shift = static_cast<u32>(engine_.north_rows());
  const u64 md = framed(md1, md2, engine_.frame(side == Side::east ? 3 : 2));
  const bool sampled = side == Side::west && share_ < 1;
  std::size_t size = at.append ? out.size : 0;
  out.by_class = by_class;
  u32 next_class = 0;  // the classes before it have their runs' starts
  auto finish = [&] {
    out.size = size;
    while (next_class <= kClasses) out.runs[next_class++] = size;
  };
  for (; at.group < groups; ++at.group, at.entry = 0) {
    if (stop_.stop_requested()) {  // checked once a group: a group's entries take microseconds
      gave_up_ = true;
      break;
    }
    const Visit& v = visits_[at.group];
    if (at.group + kVisitsAhead < groups) {
      const Group& next = *visits_[at.group + kVisitsAhead].south;
      const u32 lines = std::min<u32>((next.end - next.begin + 7) / 8, kAheadLines);
      for (u32 l = 0; l < lines; ++l) {
        __builtin_prefetch(south.diag + next.begin + 8 * l);
        __builtin_prefetch(south.pattern + next.begin + 8 * l);
      }
    }
    const Group& g = *v.north;
    if (g.begin >= at.until) break;
    const u32 g_end = std::min(g.end, at.until);
    const u32 count = v.south->end - v.south->begin;
    for (const u64 c = v.tag >> kTagShift; next_class <= c;) out.runs[next_class++] = size;
    // A sampled west half joins only the picked north entries, one at a time (numbered as
    // visits() says; as they lie, the picks that fall in groups no south group completes are
    // passed over too).
    if (sampled) {
      while (next_pick_ < v.first) next_pick_ += 1 + pick_gap();
    }
    for (u32 i = std::max(g.begin, at.entry); i < g_end;) {
      if (size >= limit) {
        at.entry = i;
        finish();
        return;
      }
      if (sampled) {
        if (next_pick_ >= v.first + (g_end - g.begin)) break;
        i = static_cast<u32>(g.begin + (next_pick_ - v.first));
      }
      grow(out.data, size + count + 8, room_);
      const u32 from = i;
      size = join_half(n_entries, i, sampled ? i + 1 : g_end, s_entries, v.south->begin, count,
                       shift, md, v.tag, out.data.data(), size, limit, out.data.size());
      nodes += u64{count} * (i - from);
      if (sampled && i != from) next_pick_ += 1 + pick_gap();
    }
  }
  at.done = true;
  finish();
}

// Sorts a run of patterns by their `fine` bucket bits (the top bits of the pattern) into words
// holding the `rest` bits below the top `cut`, so the lower fine - cut bucket bits are in the
// words too. Where all the bucket bits fit the dense table, one counting sort does it. Else the
// table takes as many top bits as the run is long (4 bytes a bucket, about a word's worth), and
// the patterns are sorted by the bits below it, then by the table's, in counting-sort passes of
// at most kDigitBits each (least significant first, each stable), which beat std::sort of each
// table bucket (docs/journal/count.md, "Wide patterns for n = 26, 27 and 28").
void HalvesWorker::bucket(const u64* patterns, std::size_t size, Bucketed& out) {
  if (engine_.wide()) {
    grow(out.wide, size, room_);
    sort_words(patterns, size, out, out.wide.data());
  } else {
    grow(out.words, size, room_);
    sort_words(patterns, size, out, out.words.data());
  }
}

template <class Word>
void HalvesWorker::sort_words(const u64* patterns, std::size_t size, Bucketed& out, Word* words) {
  constexpr int kDigitBits = 11;
  const Layout& L = engine_.layout();
  const int fine = engine_.fine(), shift = L.bits - fine;
  const u64 word_mask = L.rest >= 64 ? ~u64{0} : (u64{1} << L.rest) - 1;
  const bool sparse = engine_.dense() < fine;
  out.dense =
      sparse ? std::clamp(static_cast<int>(std::bit_width(size)) - 2, 1, engine_.dense()) : fine;
  const int low = fine - out.dense;
  const u32 buckets = u32{1} << out.dense;
  auto key = [shift](u64 p) { return static_cast<u32>((p & kPatternMask) >> shift); };
  out.start.assign(buckets + 1, 0);
  // Plain pointers: through the vectors, every store to a word would reload the others.
  u32* const start = out.start.data();
  if (!sparse) {
    // Four streams, half-board i going to stream i mod 4, each with its own counts and cursors
    // (its own part of every bucket: a bucket's words need no order, every bucket bit is in the
    // table). With one set, two half-boards of one bucket among the dozens in flight make a load
    // of a cursor meet a store to it, and the processor stalls on them; consecutive half-boards
    // rarely share a bucket, so it is the window that collides, not neighbours. Four streams,
    // without prefetching, were the fastest of the layouts measured (docs/journal/count.md, "The
    // sort's cursors, and whole loads in the join").
    constexpr u32 kStreams = 4;
    if (cursors_.size() < kStreams * u64{buckets}) cursors_.resize(kStreams * u64{buckets});
    u32* const c0 = cursors_.data();
    u32* const c1 = c0 + buckets;
    u32* const c2 = c1 + buckets;
    u32* const c3 = c2 + buckets;
    std::fill(c0, c0 + kStreams * buckets, 0);
    std::size_t i = 0;
    for (; i + kStreams <= size; i += kStreams) {
      ++c0[key(patterns[i])];
      ++c1[key(patterns[i + 1])];
      ++c2[key(patterns[i + 2])];
      ++c3[key(patterns[i + 3])];
    }
    for (; i < size; ++i) ++c0[key(patterns[i])];
    u32 run = 0;
    for (u32 b = 0; b < buckets; ++b) {
      start[b] = run;
      const u32 n0 = c0[b], n1 = c1[b], n2 = c2[b], n3 = c3[b];
      c0[b] = run;
      c1[b] = run + n0;
      c2[b] = run + n0 + n1;
      c3[b] = run + n0 + n1 + n2;
      run += n0 + n1 + n2 + n3;
    }
    start[buckets] = run;
    for (i = 0; i + kStreams <= size; i += kStreams) {
      const u64 p0 = patterns[i], p1 = patterns[i + 1], p2 = patterns[i + 2], p3 = patterns[i + 3];
      words[c0[key(p0)]++] = static_cast<Word>(p0 & word_mask);
      words[c1[key(p1)]++] = static_cast<Word>(p1 & word_mask);
      words[c2[key(p2)]++] = static_cast<Word>(p2 & word_mask);
      words[c3[key(p3)]++] = static_cast<Word>(p3 & word_mask);
    }
    for (; i < size; ++i)
      words[c0[key(patterns[i])]++] = static_cast<Word>(patterns[i] & word_mask);
    return;
  }
  for (std::size_t i = 0; i < size; ++i) ++start[(key(patterns[i]) >> low) + 1];
  for (u32 i = 0; i < buckets; ++i) start[i + 1] += start[i];
  grow(out.sorting, size, room_);
  grow(out.spare, size, room_);
  grow(out.keys, size, room_);
  u64* from = out.sorting.data();
  u64* to = out.spare.data();
  for (std::size_t i = 0; i < size; ++i) from[i] = patterns[i] & kPatternMask;
  u32 at[(1u << kDigitBits) + 1];
  for (int done = 0; done < low;) {
    const int bits = std::min(kDigitBits, low - done);
    const u32 digits = 1u << bits, mask = digits - 1;
    const int by = shift + done;
    std::fill(at, at + digits + 1, 0);
    for (std::size_t i = 0; i < size; ++i) ++at[(from[i] >> by & mask) + 1];
    for (u32 d = 0; d < digits; ++d) at[d + 1] += at[d];
    for (std::size_t i = 0; i < size; ++i) to[at[from[i] >> by & mask]++] = from[i];
    std::swap(from, to);
    done += bits;
  }
  u32* const keys = out.keys.data();
  for (std::size_t i = 0; i < size; ++i) {
    const u64 p = from[i];
    const u32 k = static_cast<u32>(p >> shift);
    const u32 j = start[k >> low]++;
    keys[j] = k;
    words[j] = static_cast<Word>(p & word_mask);
  }
  for (u32 i = buckets; i > 0; --i) start[i] = start[i - 1];  // filling moved each start on
  start[0] = 0;
}

std::uint64_t HalvesWorker::join(const u64* west, std::size_t west_size, const u64* east,
                                 std::size_t east_size, std::uint64_t& nodes) {
  if (west_size == 0 || east_size == 0) return 0;
  // A run this short is compared with every pattern of the other as they are, in one block of
  // 64-bit words, without sorting either (its class bits masked off, so only diagonals meet).
  const bool west_short = west_size <= east_size;
  if (std::min(west_size, east_size) <= engine_.direct_run() && !join_sample_ &&
      std::max(west_size, east_size) < (u64{1} << 32)) {
    const u64* const short_run = west_short ? west : east;
    const u64* const long_run = west_short ? east : west;
    const std::size_t short_size = std::min(west_size, east_size);
    const std::size_t long_size = std::max(west_size, east_size);
    grow(direct_, short_size, 0);
    u64* const masked = direct_.data();
    for (std::size_t i = 0; i < short_size; ++i) masked[i] = short_run[i] & kPatternMask;
    const std::array<u32, 2> long_start = {0, static_cast<u32>(long_size)};
    const std::array<u32, 2> short_start = {0, static_cast<u32>(short_size)};
    std::uint64_t pairs = 0;
    const std::uint64_t total =
        count_bucket_pairs(WideBucketList{long_start.data(), long_run, nullptr, 0},
                           WideBucketList{short_start.data(), masked, nullptr, 0,
                                          static_cast<u32>(engine_.layout().bits)},
                           0, 0, 0, pairs);
    nodes += pairs;
    return total;
  }
  bucket(west, west_size, west_buckets_);
  const auto sorting = std::chrono::steady_clock::now();
  bucket(east, east_size, east_buckets_);
  east_sort_seconds_ +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - sorting).count();
  if (stop_.stop_requested()) gave_up_ = true;
  if (gave_up_) return 0;
  std::uint64_t pairs = 0;
  const u32 cut = static_cast<u32>(engine_.layout().cut), fine = static_cast<u32>(engine_.fine());
  const int rest = engine_.layout().rest;
  PairSample* const sample = join_sample_ ? &*join_sample_ : nullptr;
  const std::uint64_t total =
      engine_.wide()
          ? count_bucket_pairs(west_buckets_.wide_list(rest), east_buckets_.wide_list(rest), cut,
                               fine, engine_.leaf(), pairs, engine_.kernel(), &stop_, sample)
          : count_bucket_pairs(west_buckets_.list(rest), east_buckets_.list(rest), cut, fine,
                               engine_.leaf(), pairs, engine_.kernel(), &stop_, sample);
  gave_up_ = gave_up_ || stop_.stop_requested();
  nodes += pairs;
  return total;
}

bool HalvesWorker::sample(double share, std::uint64_t seed) {
  window_ = false;
  share_ = std::clamp(share, 0.0, 1.0);
  log_keep_ = std::log1p(-share_);
  pick_seed_ = seed;
  return true;
}

bool HalvesWorker::window(std::uint64_t seed) {
  window_ = true;
  window_seed_ = seed;
  share_ = 1;
  log_keep_ = 0;
  return true;
}

// A window of a half for timing (see count_window): the half-boards from a random place on,
// wrapping round to the first, until the list holds a chunk of the whole run (or the whole half,
// when it is no longer). Returns the share of the half it took, as a share of the candidates (a
// north entry and an entry of the south group it joins), of which a steady fraction join: as a
// share of the north entries, whose candidates range from none to thousands, it varied so much that
// one subproblem's projections spread tenfold (docs/journal/count.md, "Timing a thin part in a
// window: `--window-seconds`"). The place is drawn uniformly over the candidates, so that over
// the places the inverse of the share averages to the half's size in windows.
double HalvesWorker::window_half(const SliceView& north, const SliceView& south, u64 md1, u64 md2,
                                 Side side, u64 seed, HalfList& out, std::uint64_t& nodes) {
  out.size = 0;
  visits(north, south, side, VisitOrder::as_they_lie);  // as half() will visit them in a window
  const u32 groups = static_cast<u32>(visits_.size());
  std::vector<u64> before(groups + 1), joins(groups);  // candidates before a visit; per entry
  for (u32 k = 0; k < groups; ++k) {
    const Visit& v = visits_[k];
    joins[k] = v.south->end - v.south->begin;
    before[k + 1] = before[k] + joins[k] * (v.north->end - v.north->begin);
  }
  const u64 total = before[groups];
  if (total == 0) return 1;
  std::vector<u32> begins(groups);  // visits_ is rebuilt by half()
  for (u32 k = 0; k < groups; ++k) begins[k] = visits_[k].north->begin;
  auto upto = [&](u32 group, u32 entry) {  // candidates before north entry `entry` of `group`
    return before[group] + joins[group] * (entry - begins[group]);
  };
  const u64 r = SplitMix64(seed).next() % total;
  HalfCursor at;
  at.group = static_cast<u32>(std::upper_bound(before.begin() + 1, before.end(), r) -
                              (before.begin() + 1));
  at.entry = begins[at.group] + static_cast<u32>((r - before[at.group]) / joins[at.group]);
  const u64 from = upto(at.group, at.entry);
  const u32 start = at.entry;
  half(north, south, md1, md2, side, at, out, nodes);
  if (!at.done)
    return static_cast<double>(upto(at.group, at.entry) - from) / static_cast<double>(total);
  HalfCursor wrap;
  wrap.until = start;
  wrap.append = true;
  half(north, south, md1, md2, side, wrap, out, nodes);
  if (wrap.done) return 1;
  return static_cast<double>(total - from + upto(wrap.group, wrap.entry)) /
         static_cast<double>(total);
}

// Entries passed over before the next pick: geometric with parameter share_ (splitmix64 for the
// uniform draw), at most 2^40.
u64 HalvesWorker::pick_gap() {
  const u64 z = pick_.next();
  const double u = (static_cast<double>(z >> 11) + 1) * 0x1p-53;  // in (0, 1]
  const double gap = std::floor(std::log(u) / log_keep_);
  return gap < 0x1p40 ? static_cast<u64>(gap) : u64{1} << 40;
}

// A window: one chunk of each half from a random place, joined once. The whole run joins every
// west chunk with every east chunk, so the join is scaled up by both halves' shares; a west
// chunk is built once, an east half that fits one chunk too. Returns the window's count, which
// estimates nothing; whole_seconds_ is the projection.
std::uint64_t HalvesWorker::count_window(const Slices& v, double once_seconds,
                                         std::uint64_t& nodes) {
  const Layout& L = engine_.layout();
  const SliceView &nw = v.nw, &ne = v.ne, &sw = v.sw, &se = v.se;
  const u64 md1 = v.md1, md2 = v.md2;
  const Clock::time_point building = Clock::now();
  const double west_share = window_half(nw, sw, md1, md2, Side::west, window_seed_, west_, nodes);
  const double west_build = since(building);
  if (west_.size == 0 || gave_up_) {
    whole_seconds_ = once_seconds + west_build / west_share;
    return 0;
  }
  const Clock::time_point east_building = Clock::now();
  const double east_share = window_half(ne, se, md1, md2, Side::east, ~window_seed_, east_, nodes);
  const double east_build = since(east_building);
  if (static_cast<double>(west_.size) * static_cast<double>(east_.size) >= kOrderPairs) {
    const Clock::time_point choosing = Clock::now();
    order_.choose(west_.data.data(), west_.size, east_.data.data(), east_.size, L.bits,
                  engine_.greedy_ranks(), -1, engine_.fine());
    once_seconds += since(choosing);
    order_.apply(west_.data.data(), west_.size);  // timed with the join
    order_.apply(east_.data.data(), east_.size);
  }
  // Where the window's pairs are too many, the joins follow a share `keep` of the prefix
  // pairs, the same ones in both joins below, and a join's time is the rest of it and the
  // followed subtrees' time over that share.
  const double product = static_cast<double>(west_.size) * static_cast<double>(east_.size);
  double keep = 1;
  const double most = engine_.window_pairs();
  if (product > most) {
    join_sample_.emplace();
    join_sample_->level = std::min(static_cast<u32>(L.cut), kSampleLevel);
    join_sample_->keep = static_cast<u64>(std::ldexp(most / product, 64));
    join_sample_->seed = SplitMix64(window_seed_).next();
    keep = std::ldexp(static_cast<double>(join_sample_->keep), -64);
  }
  auto timed_pairs = [&](double& seconds) {
    if (join_sample_) join_sample_->seconds = 0;
    const Clock::time_point joining = Clock::now();
    const std::uint64_t count = pairs(nodes);
    seconds = since(joining);
    if (join_sample_) seconds += join_sample_->seconds * (1 / keep - 1);
    return count;
  };
  // The join of the west window's first half, then of all of it: the whole run joins
  // ceil(1 / west_share) x ceil(1 / east_share) pairs of chunks, the last ones part-filled,
  // and a join's time is taken as a fixed part per pair of chunks, 2 x half - whole, and a
  // part that grows with the product of their sizes. Scaling the whole join by the shares
  // alone projected large subproblems of n = 26 well low (docs/journal/count.md, "Timing a thin
  // part in a window: `--window-seconds`").
  const std::size_t west_size = west_.size;
  west_.size = west_size / 2;
  double half_join = 0, join = 0;
  timed_pairs(half_join);
  west_.size = west_size;
  const std::uint64_t total = timed_pairs(join);
  join_sample_.reset();
  const double fixed = std::clamp(2 * half_join - join, 0.0, join);
  const double west_windows = 1 / west_share, east_windows = 1 / east_share;
  const double joins = fixed * std::ceil(west_windows - 1e-9) * std::ceil(east_windows - 1e-9) +
                       (join - fixed) * west_windows * east_windows;
  const double east_builds =
      east_share >= 1 ? east_build : east_build * west_windows * east_windows;
  whole_seconds_ = once_seconds + west_build * west_windows + east_builds + joins;
  return total;
}

// Sampled (share < 1), only the picked north-west entries make west half-boards, so the count is
// share times the whole one on average. The time is projected from parts timed apart: the slices
// and north copies, the bit order's choice and an east half built once are paid once; an east
// half built again, and the east list partitioned and bucketed, for every west chunk are paid per
// chunk, and the whole west half would fill about (west entries / share) / chunk chunks; the rest
// is scaled up by 1 / share. That rest is proportional to the west half only while the part is as
// dense as the whole's chunks: a thinner part's words meet the trie join's blocks one or two at a
// time, and a block is compared whole below leaf() pairs, so it compares more pairs per west word
// and projects the more time the thinner it is (docs/journal/count.md, "Counting a share of a
// subproblem: `--estimate --draw-seconds`"). So no time is projected from a part thinner than
// half a chunk. A whole run's projection is its time.
void HalvesWorker::project(double seconds, double once_seconds, double west_entries,
                           double west_chunks, bool east_whole) {
  if (share_ >= 1) {
    whole_seconds_ = seconds;
    return;
  }
  const double once = once_seconds + (east_whole ? east_build_seconds_ : 0);
  const double per_chunk = east_sort_seconds_ + (east_whole ? 0 : east_build_seconds_);
  const double grows = std::max(0.0, seconds - once - per_chunk);
  const double chunk = engine_.chunk() ? static_cast<double>(engine_.chunk()) : 0;
  const double whole_chunks =
      chunk > 0 ? std::max(1.0, std::ceil(west_entries / share_ / chunk)) : 1.0;
  whole_seconds_ =
      once + grows / share_ + (west_chunks > 0 ? per_chunk / west_chunks * whole_chunks : 0);
  // A part thinner than half a chunk of the whole run (or than half the whole west half, where
  // that is one chunk), or with no west half-board at all, keeps its count, which is unbiased,
  // but its time would not scale: it is not projected.
  const double whole_west = west_entries / share_;
  const double dense =
      engine_.chunk() ? std::min(whole_west, static_cast<double>(engine_.chunk())) : whole_west;
  if (west_entries == 0 || west_entries < dense / 2) {
    whole_seconds_ = std::numeric_limits<double>::quiet_NaN();
  }
}

HalvesWorker::Slices HalvesWorker::load(const Subproblem& s) {
  const Layout& L = engine_.layout();
  const int n = L.n, h = L.h, nr = engine_.north_rows();
  Slices v;
  if (s.m >= 0) {
    v.md1 = u64{1} << (s.m + h);
    v.md2 = u64{1} << (s.m - h + n - 1);
  }
  phi_m_ = s.m >= 0 ? std::min<int>(s.m, n - 1 - s.m) : 0;
  const u32 west = west_rows(s, n);
  const u32 low = (1u << nr) - 1;
  v.nw = slice(0, west & low);
  v.ne = slice(1, s.east & low);
  v.sw = slice(2, west >> nr);
  v.se = slice(3, s.east >> nr);
  if (s.m >= 0) {
    v.nw = north_for_odd(v.nw, 0, west & low, v.md1, v.md2, north_[0]);
    v.ne = north_for_odd(v.ne, 1, s.east & low, v.md1, v.md2, north_[1]);
  }
  return v;
}

void HalvesWorker::prepare(std::size_t id) { load(engine_.subproblem(id)); }

// A subproblem is the sum over chunks of west half-boards and chunks of east half-boards of the
// pairs counted between them (one chunk each unless the memory budget is small; the east half is
// built once when it fits in one chunk). Sampled (share < 1), only the picked north-west entries
// make west half-boards (half()); a window counts one chunk of each half from a random place
// (count_window). The run times its parts as it goes, and project() makes the whole
// subproblem's time of them.
std::uint64_t HalvesWorker::run(std::size_t id, std::uint64_t& nodes) {
  const Clock::time_point start = Clock::now();
  east_build_seconds_ = east_sort_seconds_ = 0;
  join_sample_.reset();
  if (share_ < 1) {
    pick_ = SplitMix64(pick_seed_);
    next_pick_ = pick_gap();
  }
  double west_chunks = 0, west_entries = 0;
  const Subproblem& s = engine_.subproblem(id);
  const Layout& L = engine_.layout();
  const int n = L.n, h = L.h;
  tag_p_ = tag_q_ = 0;
  if (n % 2 == 0) {
    const u32 half_rows = (1u << h) - 1;
    const u32 g1 = column_tag(s.east & half_rows, h, Side::west);
    const u32 g2 = column_tag(s.east >> h & half_rows, h, Side::east);
    tag_p_ = std::min(g1, g2);
    tag_q_ = std::max(g1, g2);
  }
  const Slices v = load(s);
  const SliceView &nw = v.nw, &ne = v.ne, &sw = v.sw, &se = v.se;
  const u64 md1 = v.md1, md2 = v.md2;
  std::uint64_t total = 0;
  bool east_whole = false, ordered = false, decided = false;
  gave_up_ = false;
  double once_seconds = since(start);  // paid once however large a share of the run is counted
  if (window_) return count_window(v, once_seconds, nodes);
  HalfCursor west_at;
  while (!west_at.done && !gave_up_) {
    half(nw, sw, md1, md2, Side::west, west_at, west_, nodes);
    if (west_.size == 0) continue;
    west_entries += static_cast<double>(west_.size);
    ++west_chunks;
    if (ordered) order_.apply(west_.data.data(), west_.size);
    if (east_whole) {
      total += pairs(nodes);
      continue;
    }
    HalfCursor east_at;
    for (bool first = true; !east_at.done && !gave_up_; first = false) {
      const Clock::time_point building = Clock::now();
      half(ne, se, md1, md2, Side::east, east_at, east_, nodes);
      if (!decided) {
        decided = true;
        const Clock::time_point choosing = Clock::now();
        // By the whole west chunk's size, so that a part orders as the whole would.
        const double whole_pairs =
            static_cast<double>(west_.size) / share_ * static_cast<double>(east_.size);
        ordered = whole_pairs >= kOrderPairs;
        if (ordered) {
          order_.choose(west_.data.data(), west_.size, east_.data.data(), east_.size, L.bits,
                        engine_.greedy_ranks(), whole_pairs, engine_.fine());
          order_.apply(west_.data.data(), west_.size);
        }
        const double chose = since(choosing);
        once_seconds += chose;
        east_build_seconds_ -= chose;
      }
      if (ordered) order_.apply(east_.data.data(), east_.size);
      east_build_seconds_ += since(building);
      east_whole = first && east_at.done;
      total += pairs(nodes);
    }
  }
  project(since(start), once_seconds, west_entries, west_chunks, east_whole);
  return total;
}

// The pairs of the current west and east chunks, each weighed by the transpose argument through
// the classes half() gave them: both lists are partitioned in place into runs by class, and each
// set of pairs of one weight is a join of two runs.
//
// Odd n: class 0 holds weight 2 and class 1 weight 1 (half()); a pair weighs the product.
//
// Even n: transposing a solution S turns its east rows E(S) into the set C(S) of columns whose
// queen is in the south half, and C(S) into E(S). Take any function phi of a set of rows that the
// upside-down turn (reversal) and the mirror (complement) leave alone, and count each solution 2
// times if phi(C) > phi(E), once if they are equal and not at all if phi(C) < phi(E): S and its
// transpose together are still counted twice, and a subproblem's count is still the same for all
// four of its images, so the weights hold. Here phi(Z) = the sorted pair (g(low half of Z),
// g(reversed high half of Z)) with g(z) = min(z, complement of z). C(S) is the south-quarter
// columns of the west half (low half) and of the east half (high half), so each half-board
// carries its g as a class against (p, q) = phi(E), p <= q: 0 for g = p, 1 for p < g < q, 2 for
// g = q > p, 3 for g > q (half() drops g < p, which makes phi(C) < phi(E) whatever the other
// half). phi(C) = (min(gw, ge), max(gw, ge)) then compares with (p, q) as the joins below say.
//
// Joining the runs one class at a time with one sort of each list by (class, bucket bits) was
// tried and measured slower (the class-1 runs fall into many small blocks): the runs of one weight
// are joined together, as here (docs/journal/count.md, "Wide patterns for n = 26, 27 and 28").
std::uint64_t HalvesWorker::pairs(std::uint64_t& nodes) {
  auto of_class = [](u64 x) { return static_cast<u32>(x >> kTagShift); };
  // Partitioned [class 0 | class 1 | class 2 | class 3].
  struct Runs {
    u64* at[kClasses + 1];
  };
  // For odd n a half's classes are those of its north entries (north_for_odd), and in practice
  // each half has one: on the side of the middle row, phi(k) = phi(m) would put the two middle
  // queens on one diagonal, so every entry there is of class 0. A half of one class is its run
  // as it is, not partitioned (docs/journal/count.md, "Odd n's passes after the sliced kernel").
  const bool odd = engine_.layout().n % 2 == 1;
  auto split = [&](HalfList& list, u32 classes) {
    u64* const first = list.data.data();
    u64* const last = first + list.size;
    Runs r;
    if (list.by_class && list.runs[kClasses] == list.size) {
      for (int i = 0; i <= kClasses; ++i) r.at[i] = first + list.runs[i];
      return r;
    }
    if (odd && std::has_single_bit(classes)) {
      const int c = std::countr_zero(classes);
      for (int i = 0; i <= kClasses; ++i) r.at[i] = i <= c ? first : last;
      return r;
    }
    r.at[0] = first;
    for (u32 c = 0; c + 1 < kClasses; ++c)
      r.at[c + 1] = std::partition(r.at[c], last, [&](u64 x) { return of_class(x) == c; });
    r.at[kClasses] = last;
    return r;
  };
  const Runs W = split(west_, north_[0].classes);
  const auto sorting = std::chrono::steady_clock::now();
  const Runs E = split(east_, north_[1].classes);
  east_sort_seconds_ +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - sorting).count();
  // Classes [a, b) of the west against classes [c, d) of the east.
  auto count = [&](u32 a, u32 b, u32 c, u32 d) {
    return join(W.at[a], static_cast<std::size_t>(W.at[b] - W.at[a]), E.at[c],
                static_cast<std::size_t>(E.at[d] - E.at[c]), nodes);
  };
  if (odd) {
    return 4 * count(0, 1, 0, 1) + 2 * (count(0, 1, 1, 2) + count(1, 2, 0, 1)) + count(1, 2, 1, 2);
  }
  // phi(C) against (p, q): twice when both tags are above p, or one is p and the other above q;
  // once when one is p and the other q (both p when p = q).
  std::uint64_t twice = count(1, 4, 1, 4) + count(3, 4, 0, 1) + count(0, 1, 3, 4);
  const std::uint64_t once =
      count(2, 3, 0, 1) + (tag_p_ == tag_q_ ? count(0, 1, 0, 1) : count(0, 1, 2, 3));
  return 2 * twice + once;
}

}  // namespace

std::unique_ptr<Engine> make_halves_engine(int n, unsigned threads, std::uint64_t memory_budget,
                                           HalvesTables tables, HalvesTuning tuning,
                                           std::stop_token stop) {
  if (n < 4 || n > kMaxHalvesN) throw std::invalid_argument("halves engine: n out of range");
  return std::make_unique<HalvesEngine>(n, threads, memory_budget, tables, tuning, stop);
}

HalvesPiece halves_piece(const Engine& engine, std::size_t id) {
  const Subproblem& s = dynamic_cast<const HalvesEngine&>(engine).subproblem(id);
  return {s.m, s.east};
}

}  // namespace nq::detail
