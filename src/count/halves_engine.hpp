// SPDX-License-Identifier: MIT
// The halves engine's parts, as its files share them (an internal header): the engine and its
// subproblems (halves.cpp, the memory plan in halves_plan.cpp), and the worker, whose steps are
// one file each: building the half-boards (half_boards.cpp), sorting them into buckets
// (half_buckets.cpp), joining them by class (class_join.cpp) and --estimate's projection
// (halves_projection.cpp). What every step keeps: a half-board is one 64-bit pattern, the
// diagonals it occupies across the middle below kMiddleRowShift and its class from kTagShift,
// nothing else; a chunk of them is the first `size` patterns of a list that only grows.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include "count/bit_order.hpp"
#include "count/engine.hpp"
#include "count/pair_count.hpp"
#include "count/quarters.hpp"
#include "count/tuning.hpp"
#include "nqueens/count.hpp"
#include "split_mix.hpp"

// In a namespace of their own: the backtrack engine has an nq::detail::Subproblem of its own
// (subproblems.hpp).
namespace nq::detail::halves {

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

// The run's own clock, for --estimate's projection (halves_projection.cpp).
using Clock = std::chrono::steady_clock;
inline double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

struct Subproblem {
  u32 east;       // rows whose queen is in the east half
  std::int8_t m;  // row of the middle-column queen (odd n), or -1
  std::uint8_t weight;
  float cost;
};

// The rows whose queen is in the west half: neither east nor the middle column's.
inline u32 west_rows(const Subproblem& s, int n) {
  const u32 all = static_cast<u32>((u64{1} << n) - 1);
  return all & ~s.east & ~(s.m >= 0 ? u32{1} << s.m : 0);
}

// The half a half-board lies in. The east is the west mirrored: its column sets are mirrored into
// the west's frame before they are compared (column_tag).
enum class Side : bool { west, east };

// g(Z) = min(Z, complement of Z) over `width` bits; for the east half, Z is first mirrored into
// the west's frame. See HalvesWorker::pairs.
inline u32 column_tag(u32 cols, int width, Side side) {
  const u32 z = side == Side::east ? reverse_bits(cols, width) : cols;
  return std::min(z, z ^ ((1u << width) - 1));
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
  std::uint64_t run(std::size_t id, std::uint64_t& nodes) override;  // halves.cpp
  bool sample(double share, std::uint64_t seed) override;            // halves_projection.cpp
  bool window(std::uint64_t seed) override;                          // halves_projection.cpp
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

  // half_boards.cpp: a chunk of half-boards, and the north groups it visits. south_group() runs
  // once a north group: it is inline, defined beside its one caller, because the compiler does
  // not inline an exported member where position-independent code (the Python module's build)
  // makes it interposable.
  inline const Group* south_group(const Group& g, const SliceView& south, Side side,
                                  const Group*& above, u64& tag) const;
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

  // half_buckets.cpp: a run of half-boards sorted into the pair count's buckets.
  void bucket(const u64* patterns, std::size_t size, Bucketed& out);
  template <class Word>
  void sort_words(const u64* patterns, std::size_t size, Bucketed& out, Word* words);

  // class_join.cpp: the pairs of the current west and east chunks, weighed by class.
  std::uint64_t pairs(std::uint64_t& nodes);
  std::uint64_t join(const u64* west, std::size_t west_size, const u64* east, std::size_t east_size,
                     std::uint64_t& nodes);

  // halves_projection.cpp: --estimate's windows and the projection of a run's time.
  double window_half(const SliceView& north, const SliceView& south, u64 md1, u64 md2, Side side,
                     u64 seed, HalfList& out, std::uint64_t& nodes);
  std::uint64_t count_window(const Slices& v, double once_seconds, std::uint64_t& nodes);
  void project(double seconds, double once_seconds, double west_entries, double west_chunks,
               bool east_whole);

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
  // `quarter`: 0 (north-west) or 1 (north-east). In half_boards.cpp.
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
  PairScratch pair_scratch_;  // the pair count's buffers, kept from join to join
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

// Entries passed over before the next pick: geometric with parameter share_ (splitmix64 for the
// uniform draw), at most 2^40. Inline: half() draws one for every picked north entry.
inline u64 HalvesWorker::pick_gap() {
  const u64 z = pick_.next();
  const double u = (static_cast<double>(z >> 11) + 1) * 0x1p-53;  // in (0, 1]
  const double gap = std::floor(std::log(u) / log_keep_);
  return gap < 0x1p40 ? static_cast<u64>(gap) : u64{1} << 40;
}

class HalvesEngine final : public Engine {
 public:
  HalvesEngine(int n, unsigned threads, u64 budget, HalvesTables tables, HalvesTuning tuning,
               const std::stop_token& stop);

  std::size_t size() const override { return subproblems_.size(); }
  std::uint32_t weight(std::size_t id) const override { return subproblems_.at(id).weight; }
  double cost(std::size_t id) const override { return subproblems_.at(id).cost; }
  std::unique_ptr<Worker> worker() const override { return std::make_unique<HalvesWorker>(*this); }
  std::uint64_t memory_bytes() const override { return planned_; }
  std::uint64_t memory_bytes(unsigned threads, std::uint64_t budget) const override {
    return plan(threads, budget, HalvesTables::choose).bytes;
  }
  bool grouped() const override { return true; }  // see locality
  std::uint64_t locality(std::size_t id) const override;

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
  struct Plan {
    bool shared = false;  // tables shared by the workers, else slices per worker
    u64 chunk = 0;        // half-board entries joined at a time (0: no limit)
    u64 bytes = 0;        // the whole process
  };
  Plan plan(unsigned threads, u64 budget, HalvesTables tables) const;  // halves_plan.cpp
  // Inline, defined beside make_subproblems, which calls it once a subproblem (see south_group).
  inline float estimate(u32 west, u32 east, int m) const;
  void make_subproblems(const std::stop_token& stop);

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
  double window_pairs_ = 0;  // a window joins about this many pairs at most (kTuning.window_pairs)
  std::size_t direct_run_ = 0;  // see kTuning.direct_run
  std::vector<Subproblem> subproblems_;
};

}  // namespace nq::detail::halves
