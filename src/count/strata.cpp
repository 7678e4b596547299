// SPDX-License-Identifier: MIT
// Cuts a schedule into strata (strata.hpp): a new stratum begins where the last one's estimated
// cost has reached an equal share of the whole, so every subproblem lies in exactly one stratum,
// in the schedule's order, and there are at most `strata` of them.
#include "count/strata.hpp"

#include <algorithm>

namespace nq::detail {

std::vector<Stratum> make_strata(const CountSplit& split,
                                 const std::vector<std::uint64_t>& schedule, unsigned strata) {
  const double share = split.total_cost() / std::max(1u, strata);
  std::vector<Stratum> out;
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    if (out.empty() || (out.back().cost >= share && out.size() < strata)) out.push_back({i, 0, 0});
    ++out.back().size;
    out.back().cost += split.cost(schedule[i]);
  }
  return out;
}

}  // namespace nq::detail
