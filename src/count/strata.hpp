// SPDX-License-Identifier: MIT
// Strata of a count's schedule: runs of subproblems (largest estimated cost first) of about equal
// estimated cost in all. `count --estimate` draws its sample from each (estimate.cpp), and a
// count's progress projects the time left from each one's measured time per unit of cost
// (count.cpp): the cost estimate is only relative, and how far off it is depends on the size of
// the subproblem (the largest take more time per unit, the many small ones carry fixed costs it
// does not see), so one rate for the whole run reads the time left high early and low late.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "nqueens/count_split.hpp"

namespace nq::detail {

struct Stratum {
  std::size_t first = 0, size = 0;  // a run of positions in the schedule
  double cost = 0;                  // their estimated cost in all
};

// Cuts `schedule` (ids, largest cost first) into at most `strata` runs of about equal cost.
std::vector<Stratum> make_strata(const CountSplit& split,
                                 const std::vector<std::uint64_t>& schedule, unsigned strata);

// Up to `draws` distinct positions of stratum `s`, uniformly at random, among those `usable`
// (indexed by position) allows.
template <class Usable>
std::vector<std::size_t> draw(const Stratum& s, unsigned draws, std::mt19937_64& rng,
                              Usable usable) {
  std::vector<std::size_t> open;
  for (std::size_t i = s.first; i < s.first + s.size; ++i) {
    if (usable(i)) open.push_back(i);
  }
  std::vector<std::size_t> out;
  while (out.size() < draws && !open.empty()) {
    const std::size_t k = static_cast<std::size_t>(rng() % open.size());
    out.push_back(open[k]);
    open[k] = open.back();
    open.pop_back();
  }
  return out;
}

}  // namespace nq::detail
