// SPDX-License-Identifier: MIT
// Nested loops with pruning: the blind odometer, but a digit is only accepted if the queen it
// stands for is safe from the queens before it. When it is not, the digit turns at once, which
// skips every candidate that shares the bad prefix: pruning, still without recursion. Traced, it
// tells what the listing's lines 8, 9, 12 and 17 do (docs/trace.md, nested).
#include "classic/collector.hpp"

namespace nq::classic::detail {

using trace::Kind;
using trace::detail::array;
using trace::detail::number;

namespace {

template <class C>
void search(C& c) {
  const int n = c.n();
  const auto size = static_cast<std::size_t>(n);
  std::vector<int> col(size, 0);
  int k = 0;  // the digit being set: rows 0..k-1 hold safe queens
  while (k >= 0 && !c.should_stop()) {
    const auto at = static_cast<std::size_t>(k);
    int& digit = col[at];
    bool stays = false;  // loop k's queen, about to turn, had passed its test
    if (digit == n) {    // this loop is exhausted: reset it, back out to the one outside
      digit = 0;
      --k;
      stays = true;
    } else {
      ++c.counters().placements;
      ++c.counters().nodes;
      if (const int r = c.attacker(col, k, digit); r >= 0) {  // pruned: the digit turns at once
        c.tell_reject(col, k, digit, r, [&] { return array("cols", col); });
      } else {
        c.tell_square(Kind::place, k, digit, col, at + 1, [&] {
          return Vars{number("k", k), array("cols", col)};
        });
        if (k + 1 < n) {  // into the next inner loop, which starts at column 0
          ++k;
          continue;
        }
        if (c.solved(col, [&] { return Vars{number("k", k), array("cols", col)}; })) break;
        stays = true;
      }
    }
    if (k < 0) break;
    const auto turned = static_cast<std::size_t>(k);
    const int left = col[turned]++;  // turn loop k
    if (stays) {
      c.tell_square(Kind::remove, k, left, col, turned, [&] {
        return Vars{number("k", k), array("cols", col)};
      });
    }
  }
}

}  // namespace

Result nested(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) { search(c); });
}

}  // namespace nq::classic::detail
