// SPDX-License-Identifier: MIT
// Projecting a count before running it: how long `count N` would take on the given threads, how
// much memory it plans for, and about how many solutions it would find, from a stratified random
// sample of its subproblems.
//
// The subproblems are ordered by the engine's cost estimate and cut into `strata` runs of equal
// estimated cost; two subproblems are drawn at random from each run (one from a run of one), and
// more in rounds while the sample has taken under min_sample_seconds, and they are counted on
// `threads` threads side by side, as the real run would count them, and each one's
// time is measured. A run's time is its estimated cost times the ratio of measured time to
// estimated cost over its draws (the ratio estimator), with the stratified variance giving a 95%
// range; the wall time is the sum divided by the threads. Counts are projected the same way.
// Setting up the engine (its tables and subproblem list) is timed and added once.
//
// With draw_seconds set, a drawn subproblem that would take longer than that is counted in part
// (n = 28's largest takes hours on one thread: docs/journal/count.md, "Counting a share of a
// subproblem: `--estimate --draw-seconds`"): a random share of it, its count divided by the
// share, an unbiased estimate, so the stratified variance covers both stages. Its whole
// time is projected by the engine from the part, which scales only where the part is as dense as
// the whole run's chunks of half-boards (at least half a chunk, or half the whole list where that
// is one chunk); a thinner part's subproblem is timed again in a window of it, one chunk of each
// half from a random place, joined as the whole run joins its chunks (thin_parts), within
// window_seconds in all; where they do not all finish, no time is projected (untimed), and the
// estimate gives the solutions and the plan's memory and files, not its time. A window whose
// chunks make more than 2^37 pairs joins a random share of them and scales that share's time, so
// a window takes seconds at n = 26 to 28 (docs/algorithms.md; measured in docs/journal/count.md).
//
// Example:
//   nq::CountEstimate e = nq::estimate_count({.count = {.n = 20, .threads = 2}, .strata = 32});
//   // e.wall_seconds: the projected run time; e.total: about 39,029,188,884
#pragma once

#include <cstdint>

#include "nqueens/count.hpp"

namespace nq {

struct CountEstimateOptions {
  CountOptions count;      // n, threads, engine, memory and stop are used
  unsigned strata = 256;   // runs of equal estimated cost, two draws each
  std::uint64_t seed = 1;  // which subproblems are drawn
  // More draws from every stratum, in rounds, while the sample has taken less than this (or
  // until every subproblem is drawn): very short samples are timed badly.
  double min_sample_seconds = 1.0;
  // When not 0, a drawn subproblem that would take longer than this on one thread is counted in
  // part: a random share of its west half-boards that should take about this long, its count
  // divided by the share, its time projected by the engine (CountSplit::run_shares; rough, see
  // above). 0: every draw counted whole.
  double draw_seconds = 0;
  // Wall seconds, over the whole sample, that windows may take to time the subproblems whose parts
  // were too thin to time (see above); where they do not all finish, no time is projected. 0: no
  // windows.
  double window_seconds = 600;
  // Where the run would go: `ranks` processes (nqueens-mpi) of `rank_threads` threads each (0:
  // count.threads), each under `rank_memory` bytes (0: count.memory). The sample runs here, on
  // count.threads, and the plan assumes a rank's threads as fast as these.
  unsigned ranks = 1;
  unsigned rank_threads = 0;
  std::uint64_t rank_memory = 0;
};

struct Range {
  double value = 0, low = 0, high = 0;  // the projection and its 95% range
};

struct CountEstimate {
  int n = 0;
  CountEngine engine = CountEngine::automatic;
  unsigned threads = 0;
  std::uint64_t subproblems = 0;      // in the whole count
  std::uint64_t sampled = 0;          // counted for the estimate
  std::uint64_t sampled_in_part = 0;  // of those, counted in part (see draw_seconds)
  // Of those, parts too thin to project a time from, whose subproblems were timed in a window
  // unless window_seconds ran out first (untimed): when untimed is not 0, cpu_seconds and
  // wall_seconds are 0 (not projected), and total is still an unbiased estimate.
  std::uint64_t thin_parts = 0, untimed = 0;
  double setup_seconds = 0;        // building the engine, once
  double sample_seconds = 0;       // wall time spent counting the sample
  Range cpu_seconds;               // all subproblems, summed over the threads
  Range wall_seconds;              // setup + cpu_seconds / (ranks * rank_threads)
  Range total;                     // solutions
  double mean_count = 0;           // unweighted solutions per subproblem (for file sizes)
  std::uint64_t memory_bytes = 0;  // the engine's memory plan here
  unsigned ranks = 1, rank_threads = 0;
  std::uint64_t rank_memory_bytes =
      0;                  // the engine's plan for one rank (rank_threads, rank_memory)
  bool complete = false;  // false when stopped before the sample was counted
};

// Throws what count() throws for bad options, and MemoryBudgetError when a rank's budget cannot
// hold the engine's plan for its threads.
CountEstimate estimate_count(const CountEstimateOptions& options);

}  // namespace nq
