// SPDX-License-Identifier: MIT
// Sorting a run of half-boards into the pair count's buckets (pair_count.hpp): each pattern's top
// `fine` bits are its bucket, the bits below the cut go into its word, and the words come out
// grouped by bucket, each bucket's start in a table. Counting sorts, in one pass where the table
// indexes every bucket bit, else in passes of at most kDigitBits below the table's bits. Their
// loops keep a cursor per bucket (per stream and bucket, where there are four streams) just past
// the words already placed in it, so that each word goes straight to its place and no two
// patterns are ever compared; the passes are stable, so the last leaves the patterns in order of
// all their bucket bits.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "count/halves_engine.hpp"
#include "count/quarters.hpp"

namespace nq::detail::halves {

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
  constexpr int kDigitBits = kTuning.sort_digit_bits;
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
    constexpr u32 kStreams = kTuning.sort_streams;
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

}  // namespace nq::detail::halves
