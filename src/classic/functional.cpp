// SPDX-License-Identifier: MIT
// The functional style: the list of safe k-queen boards is the list of (k-1)-queen boards, each
// extended by every column (map), keeping the safe extensions (filter), concatenated (fold).
// Nothing is mutated once built. Memory grows with the number of partial boards, which is the
// price of this style; it shows the whole search level by level. Traced, it tells what the
// listing's lines 4, 5, 6 and 8 do (docs/trace.md, functional).
#include <algorithm>
#include <iterator>
#include <numeric>

#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using Boards = std::vector<std::vector<int>>;
using trace::Event;
using trace::Kind;
using trace::detail::array;
using trace::detail::board_of;
using trace::detail::number;

// The safe one-row extensions of `board` (level k), in column order.
template <class C>
Boards extensions(C& c, const std::vector<int>& board, int k) {
  const auto n = static_cast<std::size_t>(c.n());
  std::vector<int> columns(n);
  std::iota(columns.begin(), columns.end(), 0);
  Boards extended;
  std::transform(columns.begin(), columns.end(), std::back_inserter(extended), [&](int column) {
    std::vector<int> next = board;
    next.push_back(column);
    return next;
  });
  c.counters().placements += extended.size();
  c.counters().nodes += extended.size();
  c.tell(Kind::extend, [&](Event& e) {
    e.row = k - 1;
    e.board = board_of(board, board.size(), n);
    e.vars = {number("k", k), array("board", board)};
  });
  Boards safe;
  std::copy_if(extended.begin(), extended.end(), std::back_inserter(safe),
               [&](const std::vector<int>& b) {
                 const int row = static_cast<int>(b.size()) - 1;
                 const int r = c.attacker(b, row, b.back());
                 c.tell(r < 0 ? Kind::keep : Kind::drop, [&](Event& e) {
                   e.row = row;
                   e.col = b.back();
                   if (r >= 0) {
                     e.by_row = r;
                     e.by_col = b[static_cast<std::size_t>(r)];
                     e.along = trace::detail::along_of(row, e.col, r, e.by_col);
                   }
                   e.board = board_of(r < 0 ? b : board, r < 0 ? b.size() : board.size(), n);
                   e.vars = {number("k", k), array("board", board), number("c", b.back())};
                 });
                 return r < 0;
               });
  return safe;
}

template <class C>
void search(C& c) {
  const auto n = static_cast<std::size_t>(c.n());
  Boards boards = {{}};  // the one 0-queen board
  for (int k = 1; k <= c.n() && !c.should_stop(); ++k) {
    boards = std::accumulate(boards.begin(), boards.end(), Boards{},
                             [&](Boards all, const std::vector<int>& board) {
                               if (c.should_stop()) return all;
                               Boards more = extensions(c, board, k);
                               all.insert(all.end(), more.begin(), more.end());
                               return all;
                             });
    c.tell(Kind::level, [&](Event& e) {
      e.number = boards.size();
      e.board.assign(n, -1);
      e.vars = {number("k", k), number("boards.length", static_cast<std::int64_t>(boards.size()))};
    });
  }
  for (const auto& board : boards) {
    if (board.size() != n) continue;
    if (c.solved(board, [&] {
          return Vars{number("boards.length", static_cast<std::int64_t>(boards.size()))};
        })) {
      break;
    }
  }
}

}  // namespace

Result functional(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) { search(c); });
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md,
// functional) ----

namespace {

using trace::Kind;
using trace::KindLine;

constexpr std::string_view kListingLines[] = {
    R"(function queens(n) {)",
    R"(  let boards = [[]];                        // level 0: the one board with no queen)",
    R"(  for (let k = 1; k <= n; k++) {            // level k: the safe boards of k queens)",
    R"(    boards = boards.flatMap(board =>        // each board of the level above,)",
    R"(      range(n).map(c => [...board, c])      // extended by every column (map),)",
    R"(              .filter(safe));               // keeping the safe ones (filter))",
    R"(  })",
    R"(  return boards;                            // level n: the solutions)",
    R"(})",
    R"()",
    R"(const safe = b => b.slice(0, -1).every((c, r) =>   // the newest queen against each above)",
    R"(  c !== b.at(-1) && Math.abs(c - b.at(-1)) !== b.length - 1 - r);)",
};
constexpr KindLine kListingKinds[] = {
    {Kind::extend, 5}, {Kind::keep, 6}, {Kind::drop, 6}, {Kind::level, 4}, {Kind::solution, 8},
};

}  // namespace

const Teaching functional_teaching = {
    .info = {.about =
                 "Builds the list of safe k-queen boards from the (k−1)-queen boards with map and "
                 "filter, a whole level at a time.",
             .placements = "each board extended by a column (n a board)",
             .checks = "each queen above compared by safe",
             .nodes = "each board made",
             .fills_rows = false},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::classic::detail
