// SPDX-License-Identifier: MIT
// Queens with the Amb operator: the program just says "choose a column for each row; it must
// be safe" and Amb's backtracking does the rest. Every choice made (on every replay) is a
// placement; every program run is a node. Traced, it tells what the listing's lines 5, 7, 12,
// 13, 20 and 28 do (docs/trace.md, amb): Amb's own moves (a run started, a choice replayed or
// made, the backtrack between runs) are read off its trail at the program's points.
#include <numeric>

#include "classic/collector.hpp"
#include "nqueens/amb.hpp"

namespace nq::classic::detail {

namespace {

using trace::Event;
using trace::Kind;
using trace::detail::array;
using trace::detail::board_of;
using trace::detail::number;

struct Stopped {};  // thrown out of the program to end run_all early

std::vector<int> trail_of(const Amb& a) {
  std::vector<int> trail;
  for (std::size_t i = 0; i < a.depth(); ++i) trail.push_back(static_cast<int>(a.taken(i)));
  return trail;
}

// What the program tells. Untraced, these are empty, so the program's frame holds nothing to
// destroy and the exception Amb throws out of every failed run unwinds as cheaply as before
// (the events' vectors in the frame would make each throw run cleanups: 1.4 times the time at
// n = 10).
template <class C>
void tell_backtrack(C& c, const Amb& a, std::size_t n) {
  c.tell(Kind::backtrack, [&](Event& e) {
    const std::vector<int> trail = trail_of(a);
    e.row = static_cast<int>(trail.size()) - 1;
    e.col = trail.back();
    e.board = board_of(trail, trail.size(), n);
    e.vars = {array("trail", trail)};
  });
}

template <class C>
void tell_run(C& c, const Amb& a, std::size_t n) {
  c.tell(Kind::run, [&](Event& e) {
    e.number = c.counters().nodes;
    e.board.assign(n, -1);
    e.vars = {array("trail", trail_of(a)), number("pos", 0)};
  });
}

// Told from inside choose(), before line 4 stores the choice in cols.
template <class C>
void tell_choice(C& c, const Amb& a, const std::vector<int>& col, int row, bool replayed) {
  const auto at = static_cast<std::size_t>(row);
  c.tell_square(replayed ? Kind::replay : Kind::choose, row, col[at], col, at, [&] {
    return Vars{number("row", row), number("pos", static_cast<std::int64_t>(a.position())),
                array("trail", trail_of(a)), array("cols", col, at)};
  });
}

template <class C>
void tell_fail(C& c, const Amb& a, const std::vector<int>& col, int row, int r) {
  const auto at = static_cast<std::size_t>(row);
  c.tell(Kind::fail, [&](Event& e) {
    e.row = row;
    e.col = col[at];
    e.by_row = r;
    e.by_col = col[static_cast<std::size_t>(r)];
    e.along = trace::detail::along_of(row, e.col, r, e.by_col);
    e.board = board_of(col, at, col.size());
    e.vars = {number("row", row), array("cols", col, at + 1), array("trail", trail_of(a))};
  });
}

template <class C>
void search(C& c) {
  const auto n = static_cast<std::size_t>(c.n());
  std::vector<int> columns(n);
  std::iota(columns.begin(), columns.end(), 0);
  std::vector<int> col(n);
  const auto program = [&](Amb& a) {
    if (c.should_stop()) throw Stopped{};
    // Between runs, Amb advanced its latest open choice point.
    if (c.counters().nodes > 0) tell_backtrack(c, a, n);
    ++c.counters().nodes;
    tell_run(c, a, n);
    for (int row = 0; row < c.n(); ++row) {
      const auto at = static_cast<std::size_t>(row);
      const bool replayed = a.position() < a.depth();
      ++c.counters().placements;
      col[at] = a.choose(columns);
      tell_choice(c, a, col, row, replayed);
      const int r = c.attacker(col, row, col[at]);
      if (r >= 0) tell_fail(c, a, col, row, r);
      a.require(r < 0);
    }
  };
  Amb a;
  try {
    a.run_all(program, [&] {
      return !c.solved(col, [&] { return Vars{array("cols", col), array("trail", trail_of(a))}; });
    });
  } catch (const Stopped&) {
    // c.should_stop() said so; finish() reports the run as incomplete
  }
}

}  // namespace

Result amb(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) { search(c); });
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md, amb) ----

namespace {

using trace::Kind;
using trace::KindLine;

constexpr std::string_view kListingLines[] = {
    R"(function queens(n) {                        // amb runs it again and again: see runAll)",
    R"(  const cols = [];)",
    R"(  for (let row = 0; row < n; row++) {)",
    R"(    cols[row] = amb.choose(range(n));       // any column: amb makes it a right one)",
    R"(    amb.require(safe(cols, row));           // or fails, back to the latest choice)",
    R"(  })",
    R"(  report(cols);                             // every choice held: a solution)",
    R"(})",
    R"()",
    R"(// Amb by replay; safe(cols, row) tests the row's queen against those above it.)",
    R"(function choose(options) {)",
    R"(  if (pos < trail.length) return options[trail[pos++]];   // an earlier choice, replayed)",
    R"(  trail.push(0); pos++;                     // a new choice point: its first option)",
    R"(  return options[0];)",
    R"(})",
    R"()",
    R"(function runAll(program) {)",
    R"(  trail = [];)",
    R"(  do {)",
    R"(    pos = 0;                                // start the program again)",
    R"(    try { program(); } catch (failure) { trail.length = pos; })",
    R"(  } while (backtrack());)",
    R"(})",
    R"()",
    R"(function backtrack() {                      // to the latest choice with options left)",
    R"(  while (trail.length > 0 && trail.at(-1) === n - 1) trail.pop();)",
    R"(  if (trail.length === 0) return false;     // none: every combination was tried)",
    R"(  trail[trail.length - 1]++;                // its next option)",
    R"(  return true;)",
    R"(})",
};
constexpr KindLine kListingKinds[] = {
    {Kind::run, 20}, {Kind::replay, 12},  {Kind::choose, 13},
    {Kind::fail, 5}, {Kind::solution, 7}, {Kind::backtrack, 28},
};

}  // namespace

const Teaching amb_teaching = {
    .info =
        {.about =
             "Nondeterministic choice: choose a column for each row with amb, require it to be "
             "safe; on a failure amb runs the program again, replaying its trail of choices up to "
             "the latest one with options left.",
         .placements = "each choice amb answers (replays included)",
         .checks = "each queen above compared by safe",
         .nodes = "each run of the program",
         .fills_rows = false},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::classic::detail
