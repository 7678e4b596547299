// SPDX-License-Identifier: MIT
// Building half-boards: each half is itself a north quarter and a south quarter (quarters.hpp); a
// west half for rows R is every north entry for R's north rows joined with every south entry for
// R's south rows that uses the remaining west columns and shares no diagonal with it (the east
// half alike, mirrored). half() builds a half a chunk at a time: it visits the north groups that
// some south group completes, and joins each north entry with that group (half_join.hpp),
// prefetching the south group a few visits ahead. Its loop keeps: the list's first `size`
// patterns are the half-boards of the visits before `at` (and of the entries before at.entry in
// the current one), each a pattern of diagonals and class only (see halves_engine.hpp), and for
// even n (but a window's) they lie in runs of one class, whose starts `runs` records.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "count/half_join.hpp"
#include "count/halves_engine.hpp"
#include "count/quarters.hpp"
#include "nqueens/count.hpp"

namespace nq::detail::halves {

namespace {

// half() prefetches the south group kVisitsAhead visits on, its first kAheadLines lines of
// diagonals and of patterns (tuning.hpp): the groups are a few dozen bytes to a few KiB scattered
// over the tables, and the join waited on their loads.
constexpr u32 kVisitsAhead = kTuning.visits_ahead, kAheadLines = kTuning.ahead_lines;

}  // namespace

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

// The south group whose entries north group g joins, and the class tag of the half-boards
// (see pairs): null where there is none, or where for even n every half-board would weigh 0
// whatever the other half. Both slices' groups are sorted by column set, so the south groups that
// north groups asked for in order come in decreasing order: `above` (the south groups past the
// one asked for, south.last at first) walks down them once, where a binary search for each
// showed in odd n's profiles (docs/journal/count.md, "Cutting the slope: the half-boards of odd
// n, the set-up, the sample").
inline const Group* HalvesWorker::south_group(const Group& g, const SliceView& south, Side side,
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

}  // namespace nq::detail::halves
