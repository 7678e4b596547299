// SPDX-License-Identifier: MIT
// For contrast: the bit-parallel backtracker. Three masks hold the squares of the next row
// attacked along columns and both diagonals, so finding the safe squares is three ORs, and a
// check is one mask operation per row (counted once per node). Traced, it tells what the
// listing's lines 8, 9, 13 and 15 do (docs/trace.md, bitmask).
#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using trace::Event;
using trace::Kind;
using trace::detail::array;
using trace::detail::bits;
using trace::detail::board_of;
using trace::detail::number;

template <class C>
bool place(C& c, std::vector<int>& col, int row, std::uint64_t cols, std::uint64_t diag,
           std::uint64_t anti) {
  const auto n = static_cast<std::size_t>(c.n());
  const auto prefix = static_cast<std::size_t>(row);
  if (row == c.n()) {
    return c.solved(col, [&] { return Vars{number("row", row), array("cols", col)}; });
  }
  const std::uint64_t all = (std::uint64_t{1} << c.n()) - 1;
  ++c.counters().checks;
  std::uint64_t free = all & ~(cols | diag | anti);
  c.tell(Kind::free, [&](Event& e) {
    e.row = row;
    e.board = board_of(col, prefix, n);
    e.vars = {number("row", row), bits("taken", cols), bits("diag", diag),
              bits("anti", anti), bits("free", free),  array("cols", col, prefix)};
  });
  while (free != 0) {
    const std::uint64_t bit = free & -free;
    free -= bit;
    ++c.counters().placements;
    ++c.counters().nodes;
    const int column = __builtin_ctzll(bit);
    col[prefix] = column;
    c.tell_square(Kind::place, row, column, col, prefix + 1, [&] {
      return Vars{number("row", row), bits("free", free), array("cols", col, prefix + 1)};
    });
    if (place(c, col, row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1)) return true;
    c.tell_square(Kind::remove, row, column, col, prefix, [&] {
      return Vars{number("row", row), bits("free", free), array("cols", col, prefix)};
    });
    if (c.should_stop()) return true;
  }
  return false;
}

}  // namespace

Result bitmask(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) {
    std::vector<int> col(static_cast<std::size_t>(c.n()), 0);
    place(c, col, 0, 0, 0, 0);
  });
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md, bitmask)
// ----

namespace {

using trace::Kind;
using trace::KindLine;

constexpr std::string_view kListingLines[] = {
    R"(function queens(n) {)",
    R"(  const all = (1 << n) - 1;                 // n bits, one per column)",
    R"(  const cols = [];)",
    R"(  place(0, 0, 0, 0);)",
    R"()",
    R"(  // taken, diag, anti: the columns and diagonals the queens above attack in this row)",
    R"(  function place(row, taken, diag, anti) {)",
    R"(    if (row === n) return report(cols);     // every row has its queen: a solution)",
    R"(    let free = all & ~(taken | diag | anti); // the safe squares of the row, all at once)",
    R"(    while (free !== 0) {)",
    R"(      const bit = free & -free;             // the lowest safe square)",
    R"(      free -= bit;)",
    R"(      cols[row] = Math.log2(bit);           // put the queen there)",
    R"(      place(row + 1, taken | bit, (diag | bit) << 1, (anti | bit) >> 1);)",
    R"(      cols.length = row;                    // take it back: backtrack)",
    R"(    })",
    R"(  })",
    R"(})",
};
constexpr KindLine kListingKinds[] = {
    {Kind::free, 9},
    {Kind::place, 13},
    {Kind::remove, 15},
    {Kind::solution, 8},
};

}  // namespace

const Teaching bitmask_teaching = {
    .info =
        {.about =
             "The bit-parallel backtracker: a row's free squares are one machine word, so attacked "
             "squares are never even tried (no rejects).",
         .placements = "each square taken from the free set",
         .checks = "each mask operation (one a row)",
         .nodes = "each partial board",
         .fills_rows = true},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::classic::detail
