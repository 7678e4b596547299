// SPDX-License-Identifier: MIT
// The search as a story: every square a backtracking method tries, whether the queen stays
// (place) or which earlier queen attacks it (reject), every queen taken back (remove, the
// backtrack) and every solution, in order, numbered from 1. Replaying the events reproduces the
// method's solutions and its count of placements (nq::classic::run counts every square tried).
//
// Example:
//   nq::trace::run({.n = 4}, [](const nq::trace::Event& e) { /* e.step, e.kind, ... */ });
//   // 4 queens, all solutions: 78 events; 60 squares tried (16 placed, 44 rejected), 16
//   // queens taken back, 2 solutions
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string_view>
#include <vector>

#include "nqueens/classic.hpp"

namespace nq::trace {

enum class Kind { place, reject, remove, solution };
std::string_view to_string(Kind kind);  // "place", "reject", "remove", "solution"

struct Event {
  std::uint64_t step = 0;  // 1, 2, 3, ...
  Kind kind = Kind::place;
  int row = 0, col = 0;          // 0-based; the square (place, reject, remove)
  int by_row = -1, by_col = -1;  // reject: the queen that attacks it
  bool same_column = false;      // reject: it attacks along the column (else a diagonal)
  std::vector<int> placement;    // solution: the column of each row
  std::uint64_t solution = 0;    // solution: 1, 2, 3, ...
};

struct Options {
  int n = 8;  // 1..classic::kMaxN
  classic::Method method = classic::Method::recursive;
  bool first = false;           // stop at the first solution
  std::uint64_t max_steps = 0;  // cut the trace after this many events; 0: no limit
  std::stop_token stop = {};
};

struct Summary {
  std::uint64_t steps = 0;
  std::uint64_t placements = 0;  // place events
  std::uint64_t rejects = 0;
  std::uint64_t backtracks = 0;  // remove events
  std::uint64_t solutions = 0;
  bool cut = false;       // stopped at max_steps
  bool complete = false;  // the search ran to its end (or to the first solution with `first`)
};

// The methods that fill the rows one by one in order and can be traced: recursive, iterative,
// nested and bitmask (the last tries only safe squares, so it never rejects).
bool supports(classic::Method method);

// Calls on_event for each event, in order. Throws std::invalid_argument for an n out of range or
// a method that cannot be traced.
Summary run(const Options& options, const std::function<void(const Event&)>& on_event);

}  // namespace nq::trace
