// SPDX-License-Identifier: MIT
// The permutation method: one queen per row and one per column means the board is a
// permutation, so generate all n! of them in lexicographic order (std::next_permutation) and
// keep those where no two queens share a diagonal.
#include <algorithm>
#include <numeric>

#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

bool no_shared_diagonal(Collector& c, const std::vector<int>& col) {
  for (int b = 1; b < c.n(); ++b) {
    for (int a = 0; a < b; ++a) {
      ++c.counters().checks;
      if (std::abs(col[static_cast<std::size_t>(a)] - col[static_cast<std::size_t>(b)]) == b - a) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

Result permutations(const Options& options) {
  Collector c(options);
  std::vector<int> col(static_cast<std::size_t>(c.n()));
  std::iota(col.begin(), col.end(), 0);
  do {
    ++c.counters().placements;
    ++c.counters().nodes;
    if (no_shared_diagonal(c, col) && c.found(col)) break;
  } while (!c.should_stop() && std::next_permutation(col.begin(), col.end()));
  return c.finish();
}

}  // namespace nq::classic::detail
