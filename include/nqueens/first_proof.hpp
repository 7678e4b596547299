// SPDX-License-Identifier: MIT
// The proof that an answer of solve --method first is first: every placement lexicographically
// smaller than it is impossible.
//
// A placement smaller than the answer a agrees with it on rows 0..r-1 and has a column c < a[r]
// in row r, for some r. So the proof covers, for every row r and column c < a[r], the probe
// "rows 0..r-1 as in a, row r at column c". A probe whose queen is attacked by the rows above is
// covered by that. Any other is covered by the steps the search journaled:
//
//   - refuted: a piece (the probe with some more queens) was searched to the end and holds no
//     solution, in `nodes` nodes;
//   - split: a piece was cut along one open line (a row or a column): each square of the line
//     either is attacked by the piece's queens, or is listed as `dead` (placing it leaves a board
//     that propagation refutes at once), or makes a piece of its own that is covered in turn.
//
// check_first_proof() checks that the cover is complete without trusting the search, and
// searches again a random sample of the refuted pieces (or all of them) with a different search
// that shares no code with the one that wrote the proof, within a node budget, on all cores.
//
// The text form, one step a line, rows and columns 1-based like the perm format:
//
//   nqueens-first-proof 1
//   n 8
//   X 1 1 12 3:5 4:2        refuted: probe row 1 column 1, queens (3,5) (4,2) more, 12 nodes
//   S 1 2 r5 1,7 3:6        split:   probe row 1 column 2, queen (3,6) more, on row 5; 1 and 7 dead
//   C 2 4 1 5 8 6 3 7 2 4   completed: probe row 2 column 4 has this solution
//   R 2 5 1 5 8 6 3 7 2 4   settled: row 2 takes column 5; this solution extends the rows so far
//   A 1 5 8 6 3 7 2 4       the answer
//
// `-` stands for an empty list of dead squares.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/placement.hpp"

namespace nq {

// A square of the board, 0-based. Signed, unlike complete.hpp's Square, because the proofs'
// code works with differences of rows and columns (diagonals) all the time.
struct Cell {
  int row = 0;
  int col = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

struct FirstStep {
  enum class Kind { refuted, split, completed, settled };
  Kind kind = Kind::refuted;
  int row = 0;                  // the probe's row; rows 0..row-1 are the answer's
  int column = 0;               // the probe's column (settled: the column chosen)
  std::vector<Cell> more = {};  // refuted, split: the queens the piece has beyond the probe's
  bool line_is_row = true;      // split: the line it was cut along
  int line = 0;
  std::vector<int> dead = {};        // split: positions along the line that are dead at once
  std::uint64_t nodes = 0;           // refuted: nodes its search took
  std::vector<int> completion = {};  // completed, settled: a solution, the column of every row
  friend bool operator==(const FirstStep&, const FirstStep&) = default;
};

// One line of the text form, without the newline.
std::string format_first_step(const FirstStep& step);
// Throws std::invalid_argument with a message naming what is wrong.
FirstStep parse_first_step(std::string_view line, int n);

struct FirstProof {
  int n = 0;
  std::optional<Placement> answer;
  std::vector<FirstStep> steps;
};

void write_first_proof(std::ostream& out, const FirstProof& proof);
// Throws std::invalid_argument naming the line at fault.
FirstProof read_first_proof(std::istream& in);

struct FirstProofCheck {
  bool answer_is_solution = false;
  std::uint64_t probes = 0;        // placements "answer's rows, then a smaller column"
  std::uint64_t attacked = 0;      // of those, covered by an attack from the rows above
  std::uint64_t pieces = 0;        // refuted pieces and dead squares the cover uses
  std::uint64_t splits = 0;        // split steps the cover uses
  std::uint64_t uncovered = 0;     // pieces the cover needs and the proof lacks
  std::string first_uncovered;     // "row 3 column 2 + (5,1)", 1-based, when uncovered > 0
  std::uint64_t sampled = 0;       // pieces re-searched
  std::uint64_t nodes = 0;         // the nodes those searches took, in all
  std::uint64_t re_refuted = 0;    // of those, refuted again by the other search
  std::uint64_t inconclusive = 0;  // of those, over the node budget
  std::string first_inconclusive;  // the first in the cover's order, like first_uncovered
  std::uint64_t contradicted = 0;  // of those, found to hold a solution: the proof is wrong
  std::string first_contradicted;  // the first in the cover's order, like first_uncovered
  bool stopped = false;            // `stop` was requested; the counts are partial
  bool valid() const {
    return answer_is_solution && uncovered == 0 && contradicted == 0 && !stopped;
  }
};

// Where the searches of the pieces stand, after each one.
struct FirstProofCheckProgress {
  std::uint64_t searched = 0;  // pieces searched again so far
  std::uint64_t of = 0;        // pieces to search
  std::uint64_t nodes = 0;     // nodes so far
};

struct FirstProofCheckOptions {
  std::uint64_t sample = 100;              // pieces to re-search (all when fewer; ~0: all)
  std::uint64_t seed = 1;                  // which ones
  std::uint64_t node_budget = 10'000'000;  // per piece
  std::stop_token stop = {};
  unsigned threads = 0;  // pieces searched at once; 0: all cores
  // Called after each piece searched again, from the searching threads, one call at a time.
  std::function<void(const FirstProofCheckProgress&)> on_progress = {};
};

FirstProofCheck check_first_proof(const FirstProof& proof, const FirstProofCheckOptions& options);

}  // namespace nq
