// SPDX-License-Identifier: MIT
// QS4-style local search (Sosic and Gu 1991), see local_search.hpp.
//
// Phase 1 (construction): row i takes the column of a random not-yet-used position j >= i,
// retried while that column shares a diagonal with an earlier row, up to kTries times; rows
// whose tries run out keep the last candidate and may be attacked.
// Phase 2 (repair): every attacked row i is offered swaps with random rows j != i; a swap is
// kept when it lowers the total number of attacking pairs (or, on small boards, leaves it as it
// was: qs4.hpp). Counters per diagonal make a trial
// O(1): taking a queen off a diagonal holding k queens removes k - 1 attacking pairs, putting one
// on a diagonal holding k adds k. Rounds without progress offer more swaps, up to a limit; past it
// the search starts afresh (qs4.hpp).
#include "nqueens/local_search.hpp"

#include <stdexcept>
#include <string>

#include "solve/qs4.hpp"

namespace nq {

std::uint64_t local_search_bytes(std::uint64_t n) { return 4 * n + 16 * n + 8 * 64 + 4096; }

LocalSearchResult solve_random(const LocalSearchOptions& options) {
  const std::uint64_t n = options.n;
  if (n == 0 || n == 2 || n == 3 || n > 0xFFFFFFFFull) {
    throw std::invalid_argument("solve_random: no solution for n = " + std::to_string(n));
  }
  detail::NoWatch watch;
  return detail::qs4_search(n, options.seed, options.stop, watch);
}

}  // namespace nq
