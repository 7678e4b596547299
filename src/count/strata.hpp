// SPDX-License-Identifier: MIT
// Strata of a count's schedule: runs of subproblems (about largest estimated cost first) of about
// equal estimated cost in all. `count --estimate` draws its sample from each (estimate.cpp), and a
// count's progress projects the time left from each one's measured time per unit of cost
// (count.cpp): the cost estimate is only relative, and how far off it is depends on the size of
// the subproblem (the largest take more time per unit, the many small ones carry fixed costs it
// does not see), so one rate for the whole run reads the time left high early and low late.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "nqueens/count_split.hpp"

namespace nq::detail {

struct Stratum {
  std::size_t first = 0, size = 0;  // a run of positions in the schedule
  double cost = 0;                  // their estimated cost in all
};

// The id a worker of a whole run would have counted just before the one at `position` of
// `schedule`: with `workers` workers taking the schedule in turn, about that many places before
// it (none at the start). A draw counted apart from its neighbours loads that one's slices first
// (CountSplit::Share::after), as the whole run would find them.
inline std::optional<std::uint64_t> counted_before(const std::vector<std::uint64_t>& schedule,
                                                   std::size_t position, unsigned workers) {
  if (position < workers) return std::nullopt;
  return schedule[position - workers];
}

// Cuts `schedule` (ids, about largest cost first) into at most `strata` runs of about equal cost.
std::vector<Stratum> make_strata(const CountSplit& split,
                                 const std::vector<std::uint64_t>& schedule, unsigned strata);

// Up to `draws` distinct positions of stratum `s`, uniformly at random, among those `usable`
// (indexed by position) allows. Positions are drawn and redrawn when taken or not usable, which
// costs nothing per position of the stratum (the last strata of n = 27 hold tens of millions);
// only when that keeps failing (few usable left, as in a resumed run near its end) are the usable
// ones listed and drawn from.
template <class Usable>
std::vector<std::size_t> draw(const Stratum& s, unsigned draws, std::mt19937_64& rng,
                              Usable usable) {
  draws = static_cast<unsigned>(std::min<std::size_t>(draws, s.size));
  std::vector<std::size_t> out;
  auto taken = [&](std::size_t i) { return std::find(out.begin(), out.end(), i) != out.end(); };
  for (unsigned attempt = 0; attempt < 64 * draws && out.size() < draws; ++attempt) {
    const std::size_t i = s.first + static_cast<std::size_t>(rng() % s.size);
    if (usable(i) && !taken(i)) out.push_back(i);
  }
  if (out.size() == draws) return out;
  std::vector<std::size_t> open;
  for (std::size_t i = s.first; i < s.first + s.size; ++i) {
    if (usable(i) && !taken(i)) open.push_back(i);
  }
  while (out.size() < draws && !open.empty()) {
    const std::size_t k = static_cast<std::size_t>(rng() % open.size());
    out.push_back(open[k]);
    open[k] = open.back();
    open.pop_back();
  }
  return out;
}

}  // namespace nq::detail
