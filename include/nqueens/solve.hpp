// SPDX-License-Identifier: MIT
// One solution: the lexicographically first (OEIS A141843 lists it row by row).
//
// Two searches find it. The plain one is bitmask backtracking that tries columns left to right:
// simple, and fast up to n = 33, but minutes to hours for n = 34 and most n from 36 on, because
// it must exhaust every subtree left of the answer in row order. The default one ("probing")
// fixes the rows one at a time, taking for each the leftmost column whose board can still be
// completed, and answers that question with a separate search free to choose its own order
// (the most constrained open row or column first), with propagation and a counting bound on the
// diagonals that refutes most dead boards at once. Its probes run on several threads. All of
// n = 4..40 take seconds. Both can be stopped.
//
// Example:
//   nq::SolveResult r = nq::solve_first({.n = 8});
//   // r.solution == nq::Placement{0, 4, 7, 5, 2, 6, 1, 3}, perm "1 5 8 6 3 7 2 4"
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <vector>

#include "nqueens/first_proof.hpp"
#include "nqueens/placement.hpp"

namespace nq {

// Probing works on boards of 64-bit masks up to 64 rows and of 128-bit ones up to 128; the plain
// search (probing = false) on 64-bit masks only.
inline constexpr int kMaxSolveFirstN = 128;
inline constexpr int kMaxPlainFirstN = 64;

// Where the probing search stands, reported after each piece it searches.
struct FirstProgress {
  int row = 0;                // the row being settled
  int column = -1;            // its leftmost column still open
  double covered = 0;         // share of that column's probe refuted so far (even split per cut)
  std::uint64_t waiting = 0;  // pieces waiting, all open columns
  int refuted = 0;            // columns of the row refuted
  std::uint64_t nodes = 0;    // nodes of the row so far
  std::uint64_t pieces = 0;   // pieces of the row searched
};

struct SolveOptions {
  int n = 8;                  // 1..kMaxSolveFirstN (probing), 1..kMaxPlainFirstN (plain)
  std::stop_token stop = {};  // request_stop() abandons the search (complete == false)
  bool probing = true;        // false: the plain row-by-row search (an independent reference)
  unsigned threads = 0;       // probing threads; 0 = std::thread::hardware_concurrency()

  // Probing only. Every step of the proof (first_proof.hpp) as it is made, one call at a time;
  // the calls come from the search threads.
  std::function<void(const FirstStep&)> on_step = {};
  // Probing only. Called after each piece, one call at a time, from the search threads.
  std::function<void(const FirstProgress&)> on_progress = {};
  // The steps of an earlier run for the same n, in their order (from a checkpoint): the rows it
  // settled are taken as they are and the row it was on continues where it stood. What they say
  // was searched is trusted, but solve_first() and estimate_first() throw std::invalid_argument,
  // naming the step, for steps that cannot be a run's: a completed or settled step whose
  // placement is not a solution through its square and the rows settled before it, or steps that
  // refute every column of row 1 of a board that has solutions.
  std::vector<FirstStep> resume = {};
  // A probe's search that runs past this many nodes is cut into pieces that the threads share
  // (and that a checkpoint keeps); the budget grows with the work the row has taken.
  std::uint64_t piece_nodes = std::uint64_t{1} << 18;
};

// How one row of the probing search was settled.
struct FirstRowReport {
  int row = 0;
  int column = -1;            // chosen; -1: none (n = 2, 3)
  int probed = 0;             // columns left of the known completion's that were searched
  int refuted_at_once = 0;    // of those, by propagation, the bound or the moments at the root
  int refuted_by_search = 0;  // of those, refuted by a search
  std::uint64_t pieces = 0;   // pieces searched
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool resumed = false;  // settled by the run a checkpoint came from
};

struct SolveResult {
  std::optional<Placement> solution;  // empty: none exists (n = 2, 3) or the search was stopped
  std::uint64_t nodes = 0;            // search nodes (plain: queens placed)
  bool complete = false;              // false when stopped before an answer
  std::vector<FirstRowReport> rows;   // probing: one per row settled by this run or resumed
};

SolveResult solve_first(const SolveOptions& options);

// How much is left where a stopped probing run stands, to plan a longer one.
struct FirstEstimateOptions {
  int n = 8;                           // 1..kMaxSolveFirstN
  std::vector<FirstStep> resume = {};  // the run's steps (a checkpoint's), as SolveOptions::resume
  int paths = 1000;                    // random paths to draw (>= 1)
  std::uint64_t seed = 1;              // the same seed and steps give the same estimate
  std::stop_token stop = {};           // request_stop() ends the drawing: fewer paths
};

struct FirstEstimate {
  bool open = false;             // false: the steps settle every row, nothing is left
  int row = 0;                   // the row the run stands on
  int column = -1;               // its leftmost column still open, whose pieces are estimated
  std::uint64_t pieces = 0;      // that column's pieces waiting
  double covered = 0;            // share of its probe refuted (an even split per cut)
  std::uint64_t searched = 0;    // nodes of its pieces refuted so far
  double nodes = 0;              // nodes an exhaustive search of the pieces waiting would take
  double error = 0;              // the standard error of `nodes`
  int paths = 0;                 // paths drawn
  int completions = 0;           // paths that ended in a completion: the column has one
  std::uint64_t path_nodes = 0;  // nodes the paths expanded
  double nodes_per_second = 0;   // one thread's rate, searching 2^16 nodes of those pieces
  double work = 0;  // nodes the run spends while it refutes them: `nodes`, and the restarts'
                    // share of the row's work (a third of it) on top
};

// Knuth's estimator (Knuth 1975, "Estimating the efficiency of backtrack programs"): random paths
// down the same search the probes run, from the pieces of the leftmost open column of the row
// where `resume` stands, each path's 1 + d1 + d1 d2 + ... averaged. It assumes the column is dead
// (a refutation visits the whole tree; a path that ends in a completion shows that it is not,
// and `nodes` then means nothing); the rows after it and any columns right of it are not
// counted, so it is a lower bound on what the run has left, and with a heavy-tailed tree the
// error can be large: quote it with its standard error. Throws std::invalid_argument for n
// outside 1..kMaxSolveFirstN or paths < 1.
//
// Example:
//   nq::FirstEstimate e = nq::estimate_first({.n = 30, .paths = 20});
//   // e.open, e.row == 0, e.column == 0: the first probe of an empty board
FirstEstimate estimate_first(const FirstEstimateOptions& options);

}  // namespace nq
