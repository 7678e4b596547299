// SPDX-License-Identifier: MIT
// n-Queens Completion: some queens are already on the board and some squares are blocked; place
// the remaining queens so that no two attack each other and none stands on a blocked square.
// NP-complete in general (Gent, Jefferson and Nightingale, JAIR 59, 2017).
//
// The search keeps rows, columns and both diagonals as bitsets of any length and always branches
// on the free row or column with the fewest squares left (a row or column with one square left
// is thereby filled at once, and one with none ends the branch). Every branching splits the
// completions by where one queen goes, so each completion is found exactly once, and counting
// them is exact. Looking for one completion, the squares of a line are tried in a random order
// (fixed by the instance, so the answer is reproducible) with restarts, and between the runs a
// local search that keeps the given queens (linear time on large boards with few queens given,
// where a single step of the exhaustive search costs O(n^2 / 64)); see complete.cpp. Up to 64
// rows those runs propagate as solve --method first does (a line with one square left takes its
// queen, a line with two strikes what both attack) before each branching, which refutes far more
// of the hard instances' subtrees (src/complete/residual_completion.hpp). Up to 64 rows, whatever
// is asked, a counting test comes first: the diagonals still free must be able to carry the sums
// and the second moment every completion's diagonals have (src/search/diagonal_moments.hpp), which
// refutes most Excluded Diagonals instances past their transition before any search.
//
// Example:
//   nq::CompletionInstance in{.n = 8, .queens = {{0, 0}}};  // a queen on a1
//   nq::CompleteResult r = nq::complete(in, {});
//   // *r.solution is a solution with (*r.solution)[0] == 0; r.complete == true
//   nq::CompleteResult all = nq::complete(in, {.limit = 0});  // all.count == 4
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "nqueens/placement.hpp"

namespace nq {

inline constexpr std::uint32_t kMaxCompleteN = 1000000;

struct Square {
  std::uint32_t row = 0, col = 0;  // 0-based
  friend bool operator==(const Square&, const Square&) = default;
  friend auto operator<=>(const Square&, const Square&) = default;
};

// A whole diagonal no queen may use: the squares with row + col == index (sum, the "/"
// diagonals, index 0 .. 2n - 2) or with row - col == index (difference, "\\", 1 - n .. n - 1),
// 0-based.
struct Diagonal {
  bool sum = true;
  std::int32_t index = 0;
  friend bool operator==(const Diagonal&, const Diagonal&) = default;
  friend auto operator<=>(const Diagonal&, const Diagonal&) = default;
};

struct CompletionInstance {
  std::uint32_t n = 0;
  std::vector<Square> queens;      // placed in advance
  std::vector<Square> blocked;     // no queen may stand here
  std::vector<Diagonal> excluded;  // nor on these diagonals (the Excluded Diagonals Problem)
};

// Why an instance is not well formed (a square or diagonal off the board, a square or diagonal
// given twice, a queen on a blocked square or an excluded diagonal, two given queens attacking
// each other); nullopt if it is.
std::optional<std::string> instance_error(const CompletionInstance& instance);

struct CompleteOptions {
  std::uint64_t limit = 1;    // stop after this many completions; 0: all of them
  std::stop_token stop = {};  // request_stop() abandons the search (complete == false)
  // Called with each completion found, in the order found; returning false stops the search.
  std::function<bool(const Placement&)> on_solution = {};
  // Looking for one completion: queens the first run may place before it restarts (doubling
  // for each run after); 0 means 16n + 1024.
  std::uint64_t restart_budget = 0;
  // Looking for one completion: give a local search turns between the runs (see complete.cpp);
  // false searches exhaustively only.
  bool local_search = true;
};

struct CompleteResult {
  std::optional<Placement> solution;  // the first completion found, if any
  std::uint64_t count = 0;            // completions found (all of them when complete and limit 0)
  std::uint64_t nodes = 0;            // queens placed by the search (all runs)
  std::uint64_t restarts = 0;         // runs abandoned for a fresh order (one completion only)
  std::uint64_t moves = 0;  // moves the local search tried in its turns (one completion only)
  bool complete = false;    // the search ended by itself: no more completions, or limit reached
};

// The memory complete() takes for `instance` (bytes, about 130 a row plus 8 a blocked square, and
// up to 4.5 MB for the existence search and 8.4 MB for the diagonal moments on boards of at most
// 64 rows),
// for callers that check before they start. The search keeps its path on an explicit stack, so
// its depth (up to n) costs heap, not call stack.
std::uint64_t complete_bytes(const CompletionInstance& instance);

// Throws InvalidArgument "complete: " + instance_error's text for an instance that is not well
// formed (n above kMaxCompleteN included), and require_memory's refusal (nqueens/memory.hpp) for
// one whose search needs more than complete_bytes() says is available.
void check(const CompletionInstance& instance);

// check(instance), then the search.
CompleteResult complete(const CompletionInstance& instance, const CompleteOptions& options);

// A random instance in the manner of Gent, Jefferson and Nightingale: `queens` queens placed one
// at a time on squares chosen uniformly among those no earlier queen attacks (restarting if the
// board fills up first), then `blocked` squares chosen uniformly among the squares without a
// queen. The same arguments give the same instance on every platform. Throws
// std::invalid_argument if no such placement is found (e.g. more queens than n).
CompletionInstance random_instance(std::uint32_t n, std::uint32_t queens, std::uint64_t blocked,
                                   std::uint64_t seed);

// The two families where Gent, Jefferson and Nightingale found a phase transition with hard
// instances (random queens do not give consistently hard ones), written from the paper's
// description. Both keep at least `min_free` open squares in every row and every column.
//
// Blocked n-Queens: the squares are visited in a uniformly random order, and each is blocked if
// its row and its column both have more than `min_free` open squares, until `blocked` squares
// are; a visit that runs out of squares first starts again with a fresh order (up to 20 times,
// then std::invalid_argument). The blocked squares come out sorted.
CompletionInstance random_blocked_instance(std::uint32_t n, std::uint64_t blocked,
                                           std::uint32_t min_free, std::uint64_t seed);

// Excluded Diagonals: the 2n - 1 sum diagonals and the 2n - 1 difference diagonals each in a
// uniformly random order; a fair coin (or the family that is left) picks the family of the next
// one, which is excluded if every row and column it crosses on an open square still has more than
// `min_free` open squares, and dropped otherwise, until `diagonals` are excluded. The list comes
// out in that order, so its first d entries are the instance for d (the same seed); throws
// std::invalid_argument if the diagonals run out first, saying how many could be excluded.
CompletionInstance random_diagonals_instance(std::uint32_t n, std::uint32_t diagonals,
                                             std::uint32_t min_free, std::uint64_t seed);

// The largest n the two families take: they keep a random order of all n^2 squares (4 bytes
// each) or bitsets of rows and columns per diagonal.
inline constexpr std::uint32_t kMaxFamilyN = 4096;

// What random_instance(n, queens, blocked, seed) will take, so that a caller can refuse before
// starting: bytes of memory at the peak (with the instance's text form), and elementary steps
// (squares looked at, about 10^8 to 10^9 a second): a few per queen while much of the board is
// free, up to 3 n^2 per queen once only a handful of free squares are left (queens close to n).
struct RandomInstanceCost {
  std::uint64_t bytes = 0;
  std::uint64_t steps = 0;
};
RandomInstanceCost random_instance_cost(std::uint32_t n, std::uint32_t queens,
                                        std::uint64_t blocked);

// Reads the text form, one item per line, `#` starting a comment:
//   n                 the board size (the first item)
//   Q row col         a queen placed in advance, 1-based
//   X row col         a blocked square, 1-based
//   D + s             an excluded diagonal: the squares with row + col == s (1-based, 2 .. 2n)
//   D - d             an excluded diagonal: the squares with row - col == d (1 - n .. n - 1)
// Throws ParseError (from format.hpp) naming the line for anything else, for squares off the
// board or given twice, and for given queens that attack each other.
CompletionInstance read_instance(const std::string& text);

// The text form of an instance, as read_instance() reads it.
std::string write_instance(const CompletionInstance& instance);

// The instance as CNF in DIMACS form, for any SAT solver. Variable r * n + c + 1 is "a queen on
// row r, column c" (0-based; the header comments say so); exactly one queen per row and per
// column and at most one per diagonal, with the sequential-counter encoding of "at most one"
// (Sinz, 2005; its auxiliary variables come after the n * n square variables); one unit clause
// per given queen and per blocked square, and one per square of an excluded diagonal.
std::string to_dimacs(const CompletionInstance& instance);

// The placement in a SAT solver's output for to_dimacs(instance): `v` lines of literals (as
// the SAT competition format and CaDiCaL write them) or bare literals (MiniSat's result file),
// `c` comments ignored. nullopt if the solver says UNSATISFIABLE. Throws ParseError if the
// output is malformed or its placement is not a completion of the instance.
std::optional<Placement> from_model(const CompletionInstance& instance, const std::string& model);

}  // namespace nq
