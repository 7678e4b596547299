// SPDX-License-Identifier: MIT
// Recursive backtracking, the textbook's place(row): try each column of the row; where the
// queen is safe, put it there and place the rest of the rows; then take it back. Traced, it
// tells what the listing's lines 6, 9, 11 and 17 do (docs/trace.md, recursive).
#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using trace::Kind;
using trace::detail::array;
using trace::detail::number;

// True when the search should end (first solution found, or stopped).
template <class C>
bool place(C& c, std::vector<int>& col, int row) {
  const auto prefix = static_cast<std::size_t>(row);
  if (row == c.n()) {
    return c.solved(col, [&] { return Vars{number("row", row), array("cols", col)}; });
  }
  for (int column = 0; column < c.n(); ++column) {
    ++c.counters().placements;
    ++c.counters().nodes;
    if (const int r = c.attacker(col, row, column); r >= 0) {
      c.tell_reject(col, row, column, r, [&] { return array("cols", col, prefix); });
      continue;
    }
    col[prefix] = column;
    c.tell_square(Kind::place, row, column, col, prefix + 1, [&] {
      return Vars{number("row", row), number("c", column), array("cols", col, prefix + 1)};
    });
    if (place(c, col, row + 1)) return true;
    c.tell_square(Kind::remove, row, column, col, prefix, [&] {
      return Vars{number("row", row), number("c", column), array("cols", col, prefix)};
    });
    if (c.should_stop()) return true;
  }
  return false;
}

}  // namespace

Result recursive(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) {
    std::vector<int> col(static_cast<std::size_t>(c.n()), 0);
    place(c, col, 0);
  });
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md, recursive)
// ----

namespace {

using trace::Kind;
using trace::KindLine;

constexpr std::string_view kListingLines[] = {
    R"(function queens(n) {)",
    R"(  const cols = [];                          // cols[r]: the column of row r's queen)",
    R"(  place(0);)",
    R"()",
    R"(  function place(row) {)",
    R"(    if (row === n) return report(cols);     // every row has its queen: a solution)",
    R"(    for (let c = 0; c < n; c++) {)",
    R"(      if (!safe(row, c)) continue;          // attacked from above: the next column)",
    R"(      cols[row] = c;                        // put the queen here)",
    R"(      place(row + 1);                       // and fill the rows below)",
    R"(      cols.length = row;                    // take it back: backtrack)",
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
    {Kind::remove, 11},
    {Kind::solution, 6},
};

}  // namespace

const Teaching recursive_teaching = {
    .info =
        {.about =
             "Backtracking as a recursive function place(row): try each column, go a row deeper on "
             "a safe square, take the queen back on return.",
         .placements = "each square about to be tested",
         .checks = "each queen above compared with the square",
         .nodes = "each partial board tried",
         .fills_rows = true},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::classic::detail
