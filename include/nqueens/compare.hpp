// SPDX-License-Identifier: MIT
// Every method a learner meets, side by side on one n: classic's nine textbook methods, which
// search the whole board and count every solution (or, with mode first, stop at the first one
// they find), then solve's local search (random) and its lexicographically first solution
// (first), which always stop at one. Each row has the work of one run,
// counted as nq::classic and nq::trace count it (classic.hpp, docs/trace.md), and the median time
// of one run over repeated runs. What `nqueens compare` prints, Python's and JavaScript's
// compare() return and the playground's Compare tab draws.
//
// How a row is measured:
//   - the nine run as nq::classic::run(method, {.mode = options.mode}); random and first as
//     nq::trace::run runs them with no event told (the engines of solve, counted the trace's
//     way: random's moves tried are its nodes, first's probes its placements);
//   - random runs seeds 1..5 and reports the run of median nodes (its seed's), so that one lucky
//     or unlucky draw does not make the row;
//   - the time: runs are timed in samples of k runs together, k doubled from 1 until a sample
//     takes at least kCompareSampleSeconds; samples are taken until there are at least
//     kCompareMinSamples of them and they take kCompareTimedSeconds together (or until the next
//     one would pass the budget); `seconds` is the median of the samples' time a run, `repeats`
//     the runs they timed.
//
// Example:
//   nq::classic::CompareResult r = nq::classic::compare({.n = 8});
//   // r.rows.size() == 11; r.rows[3]: recursive, mode count, 92 solutions, 15,720 placements;
//   // r.rows[9]: random, mode first, 1 solution
//   nq::classic::compare({.n = 8, .mode = nq::classic::Mode::first}).rows[3]
//   // recursive, mode first, 1 solution, 876 placements (classic::run's with Mode::first)
#pragma once

#include <array>
#include <cstdint>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/classic.hpp"
#include "nqueens/trace.hpp"

namespace nq::classic {

// What compare runs, in its order: the nine of kAllMethods, then random and first, by the names
// of nq::trace (every method that can be traced can be compared).
inline constexpr auto kCompareMethods = trace::kAllMethods;

// By name: throws InvalidArgument "unknown method 'NAME' (blind, nested, ..., random, first)".
trace::Method compare_method_named(std::string_view name);

// The timing rule (the comment above). A sample of at least 1 ms keeps the clock's grain (100 us
// in a browser) and its reading under a tenth of it; 5 ms in all smooths the machine's noise;
// three samples at least, so that the median leaves out one outlier (a first run in cold caches)
// (docs/journal/web.md, "The Compare tab's times").
inline constexpr double kCompareSampleSeconds = 1e-3;
inline constexpr double kCompareTimedSeconds = 5e-3;
inline constexpr int kCompareMinSamples = 3;

// The seeds random runs, the row being the run of median nodes.
inline constexpr std::uint64_t kCompareSeeds = 5;

struct CompareRow {
  trace::Method method = trace::Method::recursive;
  // What the run did: count (the nine, by default) searched the whole board and counted every
  // solution; first (random and first always, the nine with CompareOptions::mode first) stopped
  // at the first solution it found.
  Mode mode = Mode::count;
  bool ran = false;             // false: skipped at once, on its estimate (or n has no solution
                                // for random to end on: n = 2, 3)
  bool finished = false;        // ran to the end within the budget
  std::uint64_t solutions = 0;  // found by one run
  Counters counters;            // of one run (the runs are deterministic)
  double seconds = 0;           // the median time of one run
  std::uint64_t repeats = 0;    // the runs timed for that median (0 if it did not finish)
  std::string skipped;  // why it was skipped or stopped ("estimated 2.1e+03 s, over ..."); or ""
};
struct CompareOptions {
  int n = 8;                           // 1..kMaxN
  std::vector<trace::Method> methods;  // empty: all of kCompareMethods, in that order
  // What the nine do: count (search the whole board, count every solution) or first (stop at
  // the first solution, as classic::run does with Mode::first); all is refused. random and first
  // stop at one either way.
  Mode mode = Mode::count;
  double budget_seconds = 10;  // per method, its repeats included; > 0
  std::stop_token stop = {};   // ends the comparison (complete == false)
};
struct CompareResult {
  std::vector<CompareRow> rows;  // one per method run or skipped, in order
  bool complete = false;         // false when options.stop ended it
};

// Each method under a budget of its own: one whose estimated work at 10^8 steps a second would
// exceed it is skipped without running; one that still runs past it is stopped (finished ==
// false); repeats stop where the next would pass it. The estimate: counting, estimated_steps()
// (the whole search); stopping at the first solution, the candidates blind and permutations test
// before the lexicographically first solution (both enumerate in that order), functional's whole
// search (it builds every level before it looks at a board), and none for the six row-by-row
// backtrackers, which the budget alone stops (compare.cpp says why). random and first,
// milliseconds at most up to n = 32, are never skipped. Throws std::invalid_argument for n out of
// range, a budget that is not positive or mode all.
CompareResult compare(const CompareOptions& options);

}  // namespace nq::classic
