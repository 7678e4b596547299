// SPDX-License-Identifier: MIT
// Random completion instances: non-attacking queens placed one by one on uniformly chosen
// unattacked squares, then uniformly chosen blocked squares. The generator is a fixed 64-bit
// one (SplitMix64) with an unbiased reduction, so an instance depends only on its
// arguments, not on the standard library.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "nqueens/complete.hpp"
#include "split_mix.hpp"

namespace nq {

CompletionInstance random_instance(std::uint32_t n, std::uint32_t queens, std::uint64_t blocked,
                                   std::uint64_t seed) {
  if (n == 0 || n > kMaxCompleteN) {
    throw std::invalid_argument("instance: n must be between 1 and " +
                                std::to_string(kMaxCompleteN));
  }
  if (queens > n) throw std::invalid_argument("instance: more queens than rows");
  const std::uint64_t squares = std::uint64_t{n} * n;
  if (queens + blocked > squares) {
    throw std::invalid_argument("instance: more queens and blocked squares than the board has");
  }
  detail::SplitMix64 rng(seed);
  CompletionInstance in{n, {}, {}};
  for (int attempt = 0; in.queens.size() < queens; ++attempt) {
    if (attempt == 1000) {
      throw std::invalid_argument("instance: found no way to place " + std::to_string(queens) +
                                  " non-attacking queens in 1000 attempts");
    }
    in.queens.clear();
    std::vector<char> row(n, 0), col(n, 0), d1(2 * std::size_t{n}, 0), d2(2 * std::size_t{n}, 0);
    while (in.queens.size() < queens) {
      // The unattacked squares, listed (the board is small enough when instances are asked
      // for by hand; the list is rebuilt per queen, O(n^2) each).
      std::vector<Square> free;
      for (std::uint32_t r = 0; r < n; ++r) {
        if (row[r]) continue;
        for (std::uint32_t c = 0; c < n; ++c) {
          if (!col[c] && !d1[r + c] && !d2[r - c + n - 1]) free.push_back({r, c});
        }
      }
      if (free.empty()) break;
      const Square s = free[rng.exactly_below(free.size())];
      row[s.row] = col[s.col] = d1[s.row + s.col] = d2[s.row - s.col + n - 1] = 1;
      in.queens.push_back(s);
    }
  }
  std::unordered_set<std::uint64_t> taken;
  for (const Square& q : in.queens) taken.insert(std::uint64_t{q.row} * n + q.col);
  while (in.blocked.size() < blocked) {
    const std::uint64_t at = rng.exactly_below(squares);
    if (!taken.insert(at).second) continue;
    in.blocked.push_back({static_cast<std::uint32_t>(at / n), static_cast<std::uint32_t>(at % n)});
  }
  return in;
}

}  // namespace nq
