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
// This file holds the engine, its subproblems and a worker's run: the loop that joins every chunk
// of west half-boards (half_boards.cpp) with every chunk of east half-boards, by class
// (class_join.cpp), so that each pair of a west and an east half-board is counted once whatever
// the chunks' size (halves_plan.cpp chooses it, and the tables, from the memory budget: neither
// choice changes a subproblem's id, weight or count). --estimate's sampling and windows are
// halves_projection.cpp's.
//
// Counting the pairs: the pattern bits are first reordered for the subproblem (bit_order.hpp), so
// that the diagonals both halves occupy most often come first; the top ("cut") bits split both
// lists into buckets (half_buckets.cpp), only buckets whose bits are disjoint can match, a trie
// join descends a few bits further where blocks are large, and each remaining pair of blocks is
// compared exhaustively by a register-blocked vector loop (pair_count.hpp).
//
// Symmetry: turning the board upside down maps (m, east rows) to (n-1-m, reversed rows), and the
// left-right mirror swaps east and west; only the smallest of the (up to) four images is counted,
// with the number of images as its weight. For even n the transpose halves the work once more
// (see HalvesWorker::pairs). Unique counts come from Burnside's lemma in count().
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "count/engine.hpp"
#include "count/halves_engine.hpp"
#include "count/quarters.hpp"
#include "first_error.hpp"
#include "nqueens/count.hpp"

namespace nq::detail {

namespace halves {

namespace {

// The engine's defaults are the tuning table's (tuning.hpp): the trie's fine bits, the dense
// table's bits (all of them up to n = 25; above, the table is as long as the list, at most
// dense_bits, and binary search goes on below it), the largest block the trie compares whole, a
// window's pairs before its join follows a random share of them (halves_projection.cpp), and the
// shorter run below which a join compares two class runs unsorted (join: the runs of pairs() are
// often short, and sorting a long run to meet a few dozen entries costs more than comparing them).

int pattern_bits(int n) { return 2 * (2 * (n / 2) - 1); }

// Bucket bits above the words: the tuning table's cut for n (a shallow cut pays where pairs are
// cheap, since every cut bit is always descended), but at least enough that the rest fits a word;
// with 32-bit words that grows 4 bits every two n (14 at n = 24, 18 at n = 26, 22 at n = 28).
// Where 32-bit words would need more than most_cut bits above them (n >= 28) the words are 64-bit
// and the cut stays at most_cut; below that, 64-bit words only cost more.
int word_bits(int n) { return pattern_bits(n) - 32 > kTuning.most_cut ? 64 : 32; }
int cut_bits(int n, int word) {
  const int bits = pattern_bits(n);
  return std::max({tuned_cut(n), std::min(kTuning.most_cut, bits - 32), bits - word});
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

template <class F>
void on_quarters(unsigned threads, F f) {
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

}  // namespace

HalvesEngine::HalvesEngine(int n, unsigned threads, u64 budget, HalvesTables tables,
                           HalvesTuning tuning, const std::stop_token& stop)
    : layout_(tuned_layout(n, tuning)), wide_(tuned_word_bits(n, tuning) == 64) {
  const int h = n / 2, odd = n % 2;
  north_rows_ = h + odd;                              // the middle row (odd n) belongs to the north
  shapes_[0] = {0, north_rows_, 0, h};                // north-west
  shapes_[1] = {0, north_rows_, n - h, h};            // north-east
  shapes_[2] = {north_rows_, n - north_rows_, 0, h};  // south-west
  shapes_[3] = {north_rows_, n - north_rows_, n - h, h};  // south-east
  for (int q = 0; q < 4; ++q) frames_[q] = diagonal_frame(layout_, shapes_[q]);
  fine_ = std::min(layout_.bits, layout_.cut + kTuning.fine_bits);
  dense_ = std::min(fine_, tuning.dense ? tuning.dense : kTuning.dense_bits);
  leaf_ = kTuning.leaf_pairs;
  kernel_ = tuning.kernel;
  window_pairs_ = tuning.window_pairs > 0 ? tuning.window_pairs : kTuning.window_pairs;
  direct_run_ = static_cast<std::size_t>(tuning.direct_run > 0   ? tuning.direct_run
                                         : tuning.direct_run < 0 ? 0
                                                                 : kTuning.direct_run);
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
      on_quarters(threads, [&](int q) { tables_[q].build(layout_, shapes_[q], sizes_[q], stop); });
    } else {
      on_quarters(threads, [&](int q) {
        if (q % 2 == 1) return;
        tables_[q].build(layout_, shapes_[q], sizes_[q], stop);
        tables_[q + 1].mirror(layout_, shapes_[q + 1], tables_[q], stop);
      });
    }
  }
}

// Subproblems with the same rows in the north quarters read the same north slices: the west's,
// and (for odd n, where the middle row may be the east's) the east's. Side by side in the
// schedule, the next one finds them in the cache, or in its worker's slice buffers where the
// engine keeps no tables. That pays at odd n and with per-worker slices; even n with the tables
// gains nothing (docs/journal/count.md, "Subproblems that read the same slices, side by side").
std::uint64_t HalvesEngine::locality(std::size_t id) const {
  const Subproblem& s = subproblems_.at(id);
  const u32 low = (1u << north_rows_) - 1;
  return u64{west_rows(s, layout_.n) & low} << north_rows_ | (s.east & low);  // <= 28 bits
}

// A subproblem's cost: the geometric mean of its half sizes' bounds, squared (the pairs), and
// for odd n the share of middle-row columns the transpose argument keeps.
inline float HalvesEngine::estimate(u32 west, u32 east, int m) const {
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
void HalvesEngine::make_subproblems(const std::stop_token& stop) {
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
        ordered = whole_pairs >= kTuning.order_pairs;
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

}  // namespace halves

std::unique_ptr<Engine> make_halves_engine(int n, unsigned threads, std::uint64_t memory_budget,
                                           HalvesTables tables, HalvesTuning tuning,
                                           std::stop_token stop) {
  if (n < 4 || n > kMaxHalvesN) throw std::invalid_argument("halves engine: n out of range");
  count_isa_limit();  // a bad NQUEENS_ISA is refused here, before a worker thread asks
  return std::make_unique<halves::HalvesEngine>(n, threads, memory_budget, tables, tuning, stop);
}

HalvesPiece halves_piece(const Engine& engine, std::size_t id) {
  const halves::Subproblem& s = dynamic_cast<const halves::HalvesEngine&>(engine).subproblem(id);
  return {s.m, s.east};
}

}  // namespace nq::detail
