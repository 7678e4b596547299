// SPDX-License-Identifier: MIT
// Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (Luby, Sinclair and Zuckerman,
// "Optimal speedup of Las Vegas algorithms", 1993): restarts whose budgets follow it lose at most a
// logarithmic factor against the best fixed budget for the search at hand, unknown beforehand,
// and short restarts keep coming however many have run.
//
// Example:
//   luby(1) == 1, luby(3) == 2, luby(7) == 4, luby(15) == 8
#pragma once

#include <cstdint>

namespace nq::detail {

// The i-th term, 1 <= i < 2^63: 2^(k-1) where i = 2^k - 1, else the term i - (2^(k-1) - 1) where
// 2^(k-1) <= i < 2^k - 1.
constexpr std::uint64_t luby(std::uint64_t i) {
  for (;;) {
    int k = 1;
    while ((std::uint64_t{1} << k) - 1 < i) ++k;
    if ((std::uint64_t{1} << k) - 1 == i) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

}  // namespace nq::detail
