// SPDX-License-Identifier: MIT
// The way many first programs do it: an n x n board of cells, and a safety test that walks the
// board from the square upwards, straight up and along both upward diagonals, looking for a
// queen (rows below are still empty). Each cell read is one check. Traced, it tells what the
// listing's lines 7, 11, 14, 21 and 22 do (docs/trace.md, board-scan).
#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using Board = std::vector<std::vector<bool>>;
using trace::Event;
using trace::Kind;
using trace::detail::array;
using trace::detail::board_of;
using trace::detail::number;

// The way walked: up keeps the column, up-left the row - column, up-right the row + column.
trace::Along way(int dc) {
  return dc == 0  ? trace::Along::column
         : dc < 0 ? trace::Along::diagonal
                  : trace::Along::anti_diagonal;
}

template <class C>
bool scan_is_safe(C& c, const Board& board, const std::vector<int>& col, int row, int column) {
  const int n = c.n();
  const auto fill = [row, column, n, &col](Event& e, int dc, int r, int k) {
    e.row = row;
    e.col = column;
    e.along = way(dc);
    e.board = board_of(col, static_cast<std::size_t>(row), static_cast<std::size_t>(n));
    e.vars = {number("row", row), number("c", column), number("dc", dc), number("r", r),
              number("k", k)};
  };
  for (int dc : {0, -1, 1}) {  // up, up-left, up-right
    int r = row - 1, k = column + dc;
    const bool reads = r >= 0 && k >= 0 && k < n;
    std::uint64_t cells = 0;  // added to the checks once a way is walked (see first_attacker)
    for (; r >= 0 && k >= 0 && k < n; --r, k += dc) {
      ++cells;
      if (board[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)]) {
        c.counters().checks += cells;
        c.tell(Kind::reject, [&](Event& e) {
          fill(e, dc, r, k);
          e.by_row = r;
          e.by_col = k;
        });
        return false;
      }
    }
    c.counters().checks += cells;
    if (reads) c.tell(Kind::scan, [&](Event& e) { fill(e, dc, r, k); });
  }
  return true;
}

template <class C>
bool place(C& c, Board& board, std::vector<int>& col, int row) {
  const auto prefix = static_cast<std::size_t>(row);
  if (row == c.n()) {
    return c.solved(col, [&] { return Vars{number("row", row), array("cols", col)}; });
  }
  const auto tell = [&c, &col, row](Kind kind, int column, std::size_t queens) {
    c.tell_square(kind, row, column, col, queens, [&] {
      return Vars{number("row", row), number("c", column), array("cols", col, queens)};
    });
  };
  for (int column = 0; column < c.n(); ++column) {
    ++c.counters().placements;
    ++c.counters().nodes;
    if (!scan_is_safe(c, board, col, row, column)) continue;
    board[prefix][static_cast<std::size_t>(column)] = true;
    col[prefix] = column;
    tell(Kind::place, column, prefix + 1);
    const bool done = place(c, board, col, row + 1);
    board[prefix][static_cast<std::size_t>(column)] = false;
    if (done) return true;
    tell(Kind::remove, column, prefix);
    if (c.should_stop()) return true;
  }
  return false;
}

}  // namespace

Result board_scan(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) {
    const auto n = static_cast<std::size_t>(c.n());
    Board board(n, std::vector<bool>(n, false));
    std::vector<int> col(n, 0);
    place(c, board, col, 0);
  });
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md,
// board-scan) ----

namespace {

using trace::Kind;
using trace::KindLine;

constexpr std::string_view kListingLines[] = {
    R"(function queens(n) {)",
    R"(  const board = Array.from({ length: n }, () => new Array(n).fill(false));)",
    R"(  const cols = [];)",
    R"(  place(0);)",
    R"()",
    R"(  function place(row) {)",
    R"(    if (row === n) return report(cols);     // every row has its queen: a solution)",
    R"(    for (let c = 0; c < n; c++) {)",
    R"(      if (!scanIsSafe(row, c)) continue;)",
    R"(      cols[row] = c;)",
    R"(      board[row][c] = true;                 // put the queen on its square)",
    R"(      place(row + 1);)",
    R"(      board[row][c] = false;)",
    R"(      cols.length = row;                    // take it back: backtrack)",
    R"(    })",
    R"(  })",
    R"()",
    R"(  function scanIsSafe(row, c) {             // walk up the board from the square:)",
    R"(    for (const dc of [0, -1, 1]) {          // straight up, up and left, up and right)",
    R"(      for (let r = row - 1, k = c + dc; r >= 0 && k >= 0 && k < n; r--, k += dc) {)",
    R"(        if (board[r][k]) return false;      // a queen on the way: attacked)",
    R"(      }                                     // this way is clear)",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kListingKinds[] = {
    {Kind::scan, 22},   {Kind::reject, 21},  {Kind::place, 11},
    {Kind::remove, 14}, {Kind::solution, 7},
};

}  // namespace

const Teaching board_scan_teaching = {
    .info =
        {.about =
             "Recursive backtracking on an n×n array of cells: a square is checked by walking up "
             "its column and diagonals on the board until a queen or the edge.",
         .placements = "each square tried",
         .checks = "each cell of the board read while scanning",
         .nodes = "each partial board tried",
         .fills_rows = true},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::classic::detail
