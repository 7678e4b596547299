// SPDX-License-Identifier: MIT
// The classic methods people learn the n-queens problem with, side by side. Each is written to
// show its idea, not to be fast, and each counts its work the same way, so that a table can
// show why backtracking wins:
//   placements  candidate (partial or complete) placements generated: a queen put in a row, or,
//               for blind and permutations, a complete candidate board;
//   checks      elementary safety tests: one comparison of two queens, or one board square read
//               (board_scan);
//   nodes       states of the search visited (partial boards, or complete candidates).
// Every method returns the solutions in lexicographic order.
//
// Example:
//   nq::classic::Result r = nq::classic::run(nq::classic::Method::recursive, {.n = 8});
//   // r.count == 92, r.solutions.front() is perm "1 5 8 6 3 7 2 4"
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/placement.hpp"

namespace nq::classic {

// The nine textbook methods, one row each, X(value, "name"), in the order every surface lists
// them: Method, kAllMethods and to_string are made from these rows, and so are nq::trace's
// methods and the one dispatch (src/classic/methods.hpp), whose function for a method has the
// value's name (detail::blind, ...). A method is named here and nowhere else.
//   blind         all n^n ways to put one queen per row (an odometer), each tested at the end
//   nested        the same loops, abandoning a partial board as soon as its newest queen is hit
//   iterative     backtracking with an explicit row index: advance / back up
//   recursive     backtracking as the recursive function place(row)
//   board_scan    recursive, on an n x n board of cells, checking by walking the board
//   permutations  all n! permutations (next_permutation), keeping those with no shared diagonal
//   amb           nondeterministic choice (nq::Amb): choose a column per row, require safety
//   functional    k-queen lists from (k-1)-queen lists by map / filter / fold
//   bitmask       the bit-parallel backtracker, for contrast
// clang-format off
#define NQ_CLASSIC_METHODS(X)         \
  X(blind,        "blind")            \
  X(nested,       "nested")           \
  X(iterative,    "iterative")        \
  X(recursive,    "recursive")        \
  X(board_scan,   "board-scan")       \
  X(permutations, "permutations")     \
  X(amb,          "amb")              \
  X(functional,   "functional")       \
  X(bitmask,      "bitmask")
// clang-format on

// NQ_CLASSIC_METHODS' rows as a list of values, or of Method's.
#define NQ_METHOD_VALUE(value, name) value,
#define NQ_CLASSIC_METHOD(value, name) ::nq::classic::Method::value,

enum class Method { NQ_CLASSIC_METHODS(NQ_METHOD_VALUE) };

inline constexpr std::array kAllMethods = {NQ_CLASSIC_METHODS(NQ_CLASSIC_METHOD)};

enum class Mode { all, first, count };  // keep every solution, stop at the first, only count

struct Options {
  int n = 8;  // 1..kMaxN
  Mode mode = Mode::all;
  std::stop_token stop = {};  // ends the method early (complete == false)
};

struct Counters {
  std::uint64_t placements = 0;
  std::uint64_t checks = 0;
  std::uint64_t nodes = 0;
};

struct Result {
  std::vector<Placement> solutions;  // Mode::all: every one; Mode::first: at most one
  std::uint64_t count = 0;           // solutions found
  Counters counters;
  bool complete = false;  // false if stopped
};

inline constexpr int kMaxN = 32;

Result run(Method method, const Options& options);

std::string_view to_string(Method method);
std::optional<Method> method_from_string(std::string_view name);

// By name, for callers that take names as values (the Python and JavaScript modules): throws
// InvalidArgument "unknown method 'NAME' (blind, nested, ...)" listing the nine, and for a mode
// "classic: unknown mode 'NAME' (all, first or count)".
Method method_named(std::string_view name);
Mode mode_named(std::string_view name);
std::string_view to_string(Mode mode);  // "all", "first", "count"

// Roughly how many elementary steps a method needs for n (n^n for blind, n! for permutations,
// the backtracking tree otherwise); used to skip what would blow a time budget.
double estimated_steps(Method method, int n);

}  // namespace nq::classic
