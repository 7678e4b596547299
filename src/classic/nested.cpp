// SPDX-License-Identifier: MIT
// Nested loops with pruning: the blind odometer, but a digit is only accepted if the queen it
// stands for is safe from the queens before it. When it is not, the digit turns at once, which
// skips every candidate that shares the bad prefix: pruning, still without recursion.
#include "classic/collector.hpp"

namespace nq::classic::detail {

Result nested(const Options& options, Observer* observer) {
  Collector c(options, observer);
  const int n = c.n();
  std::vector<int> col(static_cast<std::size_t>(n), 0);
  int k = 0;  // the digit being set: rows 0..k-1 hold safe queens
  while (k >= 0 && !c.should_stop()) {
    int& digit = col[static_cast<std::size_t>(k)];
    if (digit == n) {  // this loop is exhausted: reset it and turn the one outside
      digit = 0;
      if (--k >= 0) ++col[static_cast<std::size_t>(k)];
      continue;
    }
    ++c.counters().placements;
    ++c.counters().nodes;
    if (!c.safe(col, k, digit)) {
      ++digit;  // rejected as soon as the newest queen is attacked
    } else if (k + 1 < n) {
      ++k;  // into the next inner loop, which starts at column 0
    } else {
      if (c.found(col)) break;
      ++digit;
    }
  }
  return c.finish();
}

}  // namespace nq::classic::detail
