// SPDX-License-Identifier: MIT
// Iterative backtracking: an explicit row index and two moves. Advance: move the current row's
// queen one column right; if it is safe, go down to the next row (whose queen starts left of the
// board). Back up: when a queen runs off the right edge, lift it and return to the row above.
// Traced, it tells what the listing's lines 5, 9, 10 and 17 do (docs/trace.md, iterative).
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
  std::vector<int> col(size, -1);  // -1: no queen in that row yet
  int row = 0;
  bool stays = false;  // the queen of `row` passed its test and still stands on its square
  while (row >= 0 && !c.should_stop()) {
    const auto at = static_cast<std::size_t>(row);
    int& queen = col[at];
    const int left = queen++;  // advance
    if (stays) {
      c.tell_square(Kind::remove, row, left, col, at, [&] {
        return Vars{number("row", row), array("cols", col)};
      });
    }
    stays = false;
    if (queen == n) {  // off the edge: back up to the row above, whose queen stands
      queen = -1;
      --row;
      stays = row >= 0;
      continue;
    }
    ++c.counters().placements;
    ++c.counters().nodes;
    if (const int r = c.attacker(col, row, queen); r >= 0) {
      c.tell_reject(col, row, queen, r, [&] { return array("cols", col); });
      continue;
    }
    c.tell_square(Kind::place, row, queen, col, at + 1, [&] {
      return Vars{number("row", row), array("cols", col)};
    });
    stays = true;
    if (row + 1 == n) {
      if (c.solved(col, [&] { return Vars{number("row", row), array("cols", col)}; })) break;
    } else {
      ++row;
      stays = false;
    }
  }
}

}  // namespace

Result iterative(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) { search(c); });
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md, iterative)
// ----

namespace {

using trace::Kind;
using trace::KindLine;

constexpr std::string_view kListingLines[] = {
    R"(function queens(n) {)",
    R"(  const cols = new Array(n).fill(-1);       // -1: no queen in that row yet)",
    R"(  let row = 0;)",
    R"(  while (row >= 0) {)",
    R"(    cols[row]++;                            // this row's queen moves one square right)",
    R"(    if (cols[row] === n) {                  // off the edge: lift it)",
    R"(      cols[row] = -1;)",
    R"(      row--;                                // and back up to the row above)",
    R"(    } else if (safe(row, cols[row])) {      // not attacked: it stays)",
    R"(      if (row === n - 1) report(cols);      // the last row: a solution)",
    R"(      else row++;                           // go down to the next row)",
    R"(    })",
    R"(  })",
    R"()",
    R"(  function safe(row, c) {                   // no queen above on its column or diagonals)",
    R"(    for (let r = 0; r < row; r++) {)",
    R"(      if (cols[r] === c || Math.abs(cols[r] - c) === row - r) return false;)",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kListingKinds[] = {
    {Kind::place, 9},
    {Kind::reject, 17},
    {Kind::remove, 5},
    {Kind::solution, 10},
};

}  // namespace

const Teaching iterative_teaching = {
    .info = {.about =
                 "The same backtracking with a row index instead of recursion: advance on a safe "
                 "square, back up when a row runs out of columns.",
             .placements = "each square about to be tested",
             .checks = "each queen above compared with the square",
             .nodes = "each partial board tried",
             .fills_rows = true},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::classic::detail
