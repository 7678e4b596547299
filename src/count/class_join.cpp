// SPDX-License-Identifier: MIT
// The join by class: the solutions that a west and an east chunk of half-boards make, each
// weighed by the transpose argument (for even n) or the middle-row queen (for odd n) through the
// classes half() gave the half-boards. Each list is cut into runs of one class, and each set of
// pairs of one weight is a join of two runs: the runs bucketed (half_buckets.cpp) and their
// pairs of disjoint patterns counted by the trie join and the pair kernels (pair_count.hpp), or,
// where one run is short, compared whole. The invariant: every pair of a west and an east
// half-board that weighs anything is in exactly one join, whose count is multiplied by that
// weight.
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "count/halves_engine.hpp"
#include "count/pair_count.hpp"

namespace nq::detail::halves {

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
                           PairJoin{}, pairs, pair_scratch_);
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
  const PairJoin how{.cut = cut,
                     .fine = fine,
                     .leaf_pairs = engine_.leaf(),
                     .kernel = engine_.kernel(),
                     .stop = &stop_,
                     .sample = sample};
  const std::uint64_t total =
      engine_.wide() ? count_bucket_pairs(west_buckets_.wide_list(rest),
                                          east_buckets_.wide_list(rest), how, pairs, pair_scratch_)
                     : count_bucket_pairs(west_buckets_.list(rest), east_buckets_.list(rest), how,
                                          pairs, pair_scratch_);
  gave_up_ = gave_up_ || stop_.stop_requested();
  nodes += pairs;
  return total;
}

}  // namespace nq::detail::halves
