// SPDX-License-Identifier: MIT
// --estimate's projection: how long a whole subproblem would take, from a run that counts only
// part of it. A sampled run (sample()) builds west half-boards from a random share of the
// north-west entries, so that its count over the share estimates the whole without bias, and
// project() scales its time up part by part; a window (window()) counts one chunk of each half
// from a random place, only to time it (count_window). The counting itself is the run's
// (halves.cpp): this file adds no work to a whole run, whose projection is its own time. What
// the projections keep: a part paid once is counted once, a part paid per chunk is scaled by the
// whole run's chunks, and only the rest by the inverse of the share.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "count/bit_order.hpp"
#include "count/halves_engine.hpp"
#include "count/pair_count.hpp"
#include "split_mix.hpp"

namespace nq::detail::halves {

// A window's join whose pairs are too many (window_pairs, tuning.hpp) follows or not, by a hash
// (PairSample), each prefix pair of sample_level bucket bits (at most 3^12 = 531,441 of them), and
// scales the followed ones' time up.

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
  if (static_cast<double>(west_.size) * static_cast<double>(east_.size) >= kTuning.order_pairs) {
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
    join_sample_->level = std::min(static_cast<u32>(L.cut), kTuning.sample_level);
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

}  // namespace nq::detail::halves
