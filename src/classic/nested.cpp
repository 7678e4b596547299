// SPDX-License-Identifier: MIT
// Nested loops with pruning, as the tutorials write them for a fixed n: one `for` loop per row,
// each inside the one before, and in each the check of its queen against the rows above; an
// attacked queen's loop turns at once (`continue`), which skips every board that shares the bad
// rows: pruning, without recursion. n is known only at run time, so the n loops run as one loop
// over the row whose loop turns now, k: entering loop k + 1 starts its counter at column 0, and a
// loop that runs out hands back to loop k - 1 with its counter left at n, as the written-out loops
// do. Traced, it tells what the listing written out for n does (docs/trace.md, nested): place at
// row k's check, remove at row k's `for`, reject in safe(), solution at report.
#include <algorithm>

#include "classic/collector.hpp"

namespace nq::classic::detail {

using trace::Kind;
using trace::detail::array;

namespace {

template <class C>
void search(C& c) {
  const int n = c.n();
  const auto size = static_cast<std::size_t>(n);
  std::vector<int> col(size, 0);  // col[k]: the counter of row k's loop
  std::size_t entered = 1;        // the loops entered so far: the listing's cols.length
  int k = 0;                      // the loop turning now: rows 0..k-1 hold safe queens
  const auto cols = [&] { return array("cols", col, entered); };
  while (k >= 0 && !c.should_stop()) {
    const auto at = static_cast<std::size_t>(k);
    const int digit = col[at];
    bool stays = false;  // loop k's queen, about to turn, had passed its check
    if (digit == n) {    // loop k has run out: back to the loop around it
      --k;
      stays = true;
    } else {
      ++c.counters().placements;
      ++c.counters().nodes;
      if (const int r = c.attacker(col, k, digit); r >= 0) {  // pruned: the loop turns at once
        c.tell_reject(col, k, digit, r, cols);
      } else {
        c.tell_square(Kind::place, k, digit, col, at + 1, [&] { return Vars{cols()}; });
        if (k + 1 < n) {  // into the next loop, which starts at column 0
          ++k;
          col[at + 1] = 0;
          entered = std::max(entered, at + 2);
          continue;
        }
        if (c.solved(col, [&] { return Vars{cols()}; })) break;
        stays = true;
      }
    }
    if (k < 0) break;
    const auto turned = static_cast<std::size_t>(k);
    const int left = col[turned]++;  // turn loop k
    if (stays) {
      c.tell_square(Kind::remove, k, left, col, turned, [&] { return Vars{cols()}; });
    }
  }
}

}  // namespace

Result nested(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) { search(c); });
}

// ---- what it teaches: its words (the listing is written out for each n: listing.cpp) ----

const Teaching nested_teaching = {
    .info =
        {.about =
             "One for loop per row, each inside the one before, as tutorials write them for a "
             "fixed n: a row's loop moves on as soon as its queen is attacked, and the innermost "
             "one reports a solution.",
         .placements = "each square about to be tested",
         .checks = "each queen above compared with the square",
         .nodes = "each partial board tried",
         .fills_rows = true},
    .lines = {},  // written out for each n (src/trace/listing.cpp)
    .kinds = {}};

}  // namespace nq::classic::detail
