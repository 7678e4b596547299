// SPDX-License-Identifier: MIT
// What every classic method shares: the counters, the bookkeeping of solutions for the three
// modes, the stop token, the one safety test of the textbooks (is the queen about to go in row
// `row`, column `col` attacked by a queen in an earlier row?), counting its comparisons, and the
// tracer a traced run tells its events to (src/tracer.hpp; docs/trace.md has each method's
// listing). The methods' own declarations are in methods.hpp, the header other modules include.
#pragma once

#include <cstdlib>
#include <vector>

#include "classic/methods.hpp"
#include "nqueens/classic.hpp"
#include "tracer.hpp"

namespace nq::classic::detail {

using Vars = std::vector<trace::Variable>;  // the listing's variables at an event

// A method runs with one of two collectors: the untraced one, whose tells are empty and compile
// to nothing (the lambdas that would fill an event are never even built), and the traced one,
// which tells every event to its tracer. So tracing costs an untraced run nothing: each method is
// written once, as a template over its collector, and run() picks (collect() below).
template <bool kTraced>
class BasicCollector {
 public:
  explicit BasicCollector(const Options& options, Tracer* tracer = nullptr)
      : options_(options), tracer_(tracer) {}

  int n() const { return options_.n; }
  Counters& counters() { return result_.counters; }
  static constexpr bool traced() { return kTraced; }

  // Tells an event of `kind`: fill(event) sets what the method knows.
  template <class Fill>
  void tell(trace::Kind kind, Fill&& fill) {
    if constexpr (kTraced) trace::detail::tell(tracer_, kind, result_.counters, fill);
  }

  // Tells an event about the square (row, column) with the queens of rows 0..standing-1 of `col`
  // on the board; vars() makes the listing's variables.
  template <class MakeVars>
  void tell_square(trace::Kind kind, int row, int column, const std::vector<int>& col,
                   std::size_t standing, MakeVars&& vars) {
    tell(kind, [&](trace::Event& e) {
      e.row = row;
      e.col = column;
      e.board = trace::detail::board_of(col, standing, col.size());
      e.vars = vars();
    });
  }

  // The reject of (row, column) by the queen of row r above, as the textbook safe(row, c) tells
  // it (recursive, iterative, nested): cols() is how the method's listing shows its array.
  template <class MakeCols>
  void tell_reject(const std::vector<int>& col, int row, int column, int r, MakeCols&& cols) {
    tell(trace::Kind::reject, [&](trace::Event& e) {
      e.row = row;
      e.col = column;
      e.by_row = r;
      e.by_col = col[static_cast<std::size_t>(r)];
      e.along = trace::detail::along_of(row, column, e.by_row, e.by_col);
      e.board = trace::detail::board_of(col, static_cast<std::size_t>(row), col.size());
      e.vars = {trace::detail::number("row", row), trace::detail::number("c", column),
                trace::detail::number("r", r), cols()};
    });
  }

  // Tells and records a solution (vars(): the listing's variables there); true when the method
  // should stop (first found, or stop requested).
  template <class MakeVars>
  bool solved(const std::vector<int>& col, MakeVars&& vars) {
    tell(trace::Kind::solution, [&](trace::Event& e) {
      e.board = col;
      e.vars = vars();
    });
    return found(col);
  }

  // Records a solution; true when the method should stop (first found, or stop requested).
  bool found(const std::vector<int>& col) {
    ++result_.count;
    if (options_.mode != Mode::count) {
      result_.solutions.emplace_back(std::vector<Column>(col.begin(), col.end()));
    }
    return options_.mode == Mode::first || should_stop();
  }

  // Polled now and then by the methods; cheap.
  bool should_stop() {
    if ((++polls_ & 0x3FF) == 0 && options_.stop.stop_requested()) stopped_ = true;
    if constexpr (kTraced) {
      if (tracer_->done()) stopped_ = true;
    }
    return stopped_;
  }

  // The topmost queen of rows 0..row-1 that attacks (row, col), or -1: the textbook safe(row, c),
  // one check a queen compared.
  int attacker(const std::vector<int>& placed, int row, int col) {
    return trace::detail::first_attacker(placed, row, col, result_.counters.checks);
  }

  Result finish() {
    result_.complete = !stopped_;
    return std::move(result_);
  }

 private:
  const Options& options_;
  Tracer* tracer_;
  Result result_;
  std::uint64_t polls_ = 0;
  bool stopped_ = false;
};

// Runs body(collector) with the traced collector when there is a tracer, else the untraced one,
// and returns what it collected. `body` is generic (auto&), so each method is compiled twice.
template <class Body>
Result collect(const Options& options, Tracer* tracer, Body&& body) {
  if (tracer) {
    BasicCollector<true> c(options, tracer);
    body(c);
    return c.finish();
  }
  BasicCollector<false> c(options);
  body(c);
  return c.finish();
}

}  // namespace nq::classic::detail
