// SPDX-License-Identifier: MIT
// The first method traced: the probing search of solve --method first itself, on one thread,
// its proof steps (first_proof.hpp) told as the listing's events as they are made. The engine
// tells outcomes only (a piece refuted or split, a probe completed, a row settled); the trace
// tells before them what the listing does on the way: the probe itself (line 9) the first time a
// step concerns it, and each column left of it that a queen above attacks (line 8). A refuted
// piece's number is the nodes its search took; a settled row shows `known`, the solution whose
// column it takes.
#include <algorithm>
#include <stop_token>

#include "nqueens/solve.hpp"
#include "trace/methods.hpp"

namespace nq::trace::detail {

namespace {

class Teller {
 public:
  Teller(Tracer& tracer, int n, std::stop_source& stop) : tracer_(tracer), n_(n), stop_(stop) {}

  void step(const FirstStep& s) {
    if (s.kind == FirstStep::Kind::settled) {
      reject_up_to(s.row, s.column);
      rows_.push_back(s.column);
      tell(Kind::settled, s.row, s.column, [&](Event& e) {
        e.board = board_of(rows_, rows_.size(), static_cast<std::size_t>(n_));
        e.vars = {number("row", s.row), number("col", s.column), array("rows", rows_),
                  array("known", s.completion)};
      });
      next_column_ = 0;
      probed_ = -1;
      return;
    }
    probe(s.row, s.column);
    switch (s.kind) {
      case FirstStep::Kind::refuted:
        work_.nodes += s.nodes;
        tell(Kind::refuted, s.row, s.column, [&](Event& e) {
          e.number = s.nodes;
          e.board = piece(s);
          e.vars = {number("row", s.row), number("c", s.column), array("rows", rows_)};
        });
        break;
      case FirstStep::Kind::split:
        tell(Kind::split, s.row, s.column, [&](Event& e) {
          e.along = s.line_is_row ? Along::row : Along::column;
          (s.line_is_row ? e.by_row : e.by_col) = s.line;
          e.board = piece(s);
          e.vars = {number("row", s.row), number("c", s.column), array("rows", rows_),
                    array("dead", s.dead)};
        });
        break;
      default:  // completed
        tell(Kind::completed, s.row, s.column, [&](Event& e) {
          e.board = s.completion;
          e.vars = {number("row", s.row), number("c", s.column), array("found", s.completion)};
        });
        break;
    }
  }

  void solved(const std::vector<int>& answer) {
    tell(Kind::solution, -1, -1, [&](Event& e) {
      e.board = answer;
      e.vars = {array("rows", answer)};
    });
  }

 private:
  template <class Fill>
  void tell(Kind kind, int row, int col, Fill&& fill) {
    detail::tell(&tracer_, kind, work_, [&](Event& e) {
      e.row = row;
      e.col = col;
      fill(e);
    });
    if (tracer_.done()) stop_.request_stop();
  }

  // The probe (row, column), told once, after the attacked columns left of it.
  void probe(int row, int column) {
    if (probed_ == column) return;
    reject_up_to(row, column);
    ++work_.placements;
    ++work_.checks;
    tell(Kind::probe, row, column, [&](Event& e) {
      const std::vector<int> with = rows_with(column);
      e.board = board_of(with, with.size(), static_cast<std::size_t>(n_));
      e.vars = {number("row", row), number("c", column), array("rows", rows_)};
    });
    probed_ = column;
    next_column_ = column + 1;
  }

  // The columns from next_column_ to `column` - 1 of `row` that a queen above attacks.
  void reject_up_to(int row, int column) {
    for (int c = next_column_; c < column; ++c) {
      std::uint64_t unused = 0;
      const int r = first_attacker(rows_, row, c, unused);
      if (r < 0) continue;  // free: it is probed, and told so, by its own step
      ++work_.checks;
      tell(Kind::reject, row, c, [&](Event& e) {
        e.by_row = r;
        e.by_col = rows_[static_cast<std::size_t>(r)];
        e.along = along_of(row, c, r, e.by_col);
        e.board = board_of(rows_, rows_.size(), static_cast<std::size_t>(n_));
        e.vars = {number("row", row), number("c", c), array("rows", rows_)};
      });
    }
    next_column_ = std::max(next_column_, column);
  }

  std::vector<int> rows_with(int column) const {
    std::vector<int> with = rows_;
    with.push_back(column);
    return with;
  }

  // The piece's queens: the rows settled, the probe and the further queens it has.
  std::vector<int> piece(const FirstStep& s) const {
    std::vector<int> board = board_of(rows_, rows_.size(), static_cast<std::size_t>(n_));
    board[static_cast<std::size_t>(s.row)] = s.column;
    for (const Cell& q : s.more) board[static_cast<std::size_t>(q.row)] = q.col;
    return board;
  }

  Tracer& tracer_;
  int n_;
  std::stop_source& stop_;
  classic::Counters work_;
  std::vector<int> rows_;  // the rows settled
  int next_column_ = 0;    // of the row being settled: the columns before it are told
  int probed_ = -1;        // the column of its probe told last
};

// Pieces far smaller than the engine's own (2^18 nodes), so that on the boards a trace shows the
// probes that need a search are cut into pieces, as they are on big boards.
constexpr std::uint64_t kPieceNodes = 16;

}  // namespace

bool trace_first(const Options& options, Tracer& tracer) {
  std::stop_source stop;
  const std::stop_callback forward(options.stop, [&stop] { stop.request_stop(); });
  Teller teller(tracer, options.n, stop);
  const SolveResult r = solve_first({.n = options.n,
                                     .stop = stop.get_token(),
                                     .threads = 1,
                                     .on_step = [&](const FirstStep& s) { teller.step(s); },
                                     .piece_nodes = kPieceNodes});
  if (!r.complete) return false;
  if (r.solution) {
    const auto columns = r.solution->columns();
    teller.solved(std::vector<int>(columns.begin(), columns.end()));
  }
  return true;
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md, first)
// ----

namespace {

constexpr std::string_view kListingLines[] = {
    R"(function first(n) {)",
    R"(  const rows = [];                          // the rows settled so far, from the top)",
    R"(  let known = null;                         // a solution that starts with them, once found)",
    R"(  for (let row = 0; row < n; row++) {)",
    R"(    const right = known ? known[row] : n;   // known's own column works: probe left of it)",
    R"(    let col = right;)",
    R"(    for (let c = 0; c < right; c++) {)",
    R"(      if (attacked(rows, row, c)) continue; // a queen above attacks it: no probe needed)",
    R"(      const found = complete([...rows, c]); // probe: can a board starting so be completed?)",
    R"(      if (found) { known = found; col = c; break; }   // yes: the leftmost that can)",
    R"(    }                                       // (no: refuted, nothing smaller starts so))",
    R"(    if (col === n) return null;             // no column at all: no solution (n = 2, 3))",
    R"(    rows.push(col);                         // the row is settled)",
    R"(  })",
    R"(  return rows;                              // the lexicographically first solution)",
    R"(})",
};
constexpr KindLine kListingKinds[] = {
    {Kind::reject, 8},     {Kind::probe, 9},    {Kind::refuted, 9},   {Kind::split, 9},
    {Kind::completed, 10}, {Kind::settled, 13}, {Kind::solution, 15},
};

}  // namespace

const Teaching first_teaching = {
    .info =
        {.about =
             "The lexicographically first solution, by probing: each row takes the leftmost column "
             "from which the board can still be completed, which a separate search proves "
             "(completed) or refutes.",
         .placements = "each probe",
         .checks = "each column tested against the rows above (by mask)",
         .nodes = "the nodes of the probes' searches (refuted pieces)",
         .fills_rows = false},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::trace::detail
