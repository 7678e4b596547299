// SPDX-License-Identifier: MIT
#include "nqueens/compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "nqueens/classic.hpp"
#include "nqueens/trace.hpp"

namespace {

using nq::classic::CompareRow;
using nq::classic::Mode;
using TraceMethod = nq::trace::Method;

nq::classic::Counters traced(TraceMethod method, int n, std::uint64_t seed = 1) {
  const nq::trace::Summary s = nq::trace::run({.n = n, .method = method, .kinds = 0, .seed = seed},
                                              [](const nq::trace::Event&) {});
  EXPECT_TRUE(s.complete);
  return s.work;
}

void expect_counters(const nq::classic::Counters& got, const nq::classic::Counters& want,
                     TraceMethod method) {
  EXPECT_EQ(got.placements, want.placements) << nq::trace::to_string(method);
  EXPECT_EQ(got.checks, want.checks) << nq::trace::to_string(method);
  EXPECT_EQ(got.nodes, want.nodes) << nq::trace::to_string(method);
}

}  // namespace

// The nine count every solution, random and first stop at one, and each row has the counters of
// one run: classic::run's for the nine, the trace's for first, and for random those of the seed
// of median nodes among seeds 1..5.
TEST(ClassicCompare, RunsEveryMethodAndSaysWhatEachDid) {
  const nq::classic::CompareResult r = nq::classic::compare({.n = 8, .budget_seconds = 5});
  ASSERT_TRUE(r.complete);
  ASSERT_EQ(r.rows.size(), nq::classic::kCompareMethods.size());
  ASSERT_EQ(r.rows.size(), nq::classic::kAllMethods.size() + 2);  // the nine, random, first
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const CompareRow& row = r.rows[i];
    const TraceMethod method = nq::classic::kCompareMethods[i];
    ASSERT_EQ(row.method, method);
    EXPECT_TRUE(row.ran && row.finished) << nq::trace::to_string(method);
    EXPECT_TRUE(row.skipped.empty());
    if (const auto classic = nq::trace::classic_method(method)) {
      EXPECT_EQ(row.mode, Mode::count);
      EXPECT_EQ(row.solutions, 92u) << nq::trace::to_string(method);
      expect_counters(row.counters,
                      nq::classic::run(*classic, {.n = 8, .mode = Mode::count}).counters, method);
    } else {
      EXPECT_EQ(row.mode, Mode::first);
      EXPECT_EQ(row.solutions, 1u) << nq::trace::to_string(method);
    }
  }
  const CompareRow& random = r.rows[r.rows.size() - 2];
  const CompareRow& first = r.rows.back();
  EXPECT_EQ(random.method, TraceMethod::random);
  EXPECT_EQ(first.method, TraceMethod::first);
  expect_counters(first.counters, traced(TraceMethod::first, 8), TraceMethod::first);
  std::vector<nq::classic::Counters> seeds;
  for (std::uint64_t seed = 1; seed <= nq::classic::kCompareSeeds; ++seed) {
    seeds.push_back(traced(TraceMethod::random, 8, seed));
  }
  std::stable_sort(seeds.begin(), seeds.end(),
                   [](const auto& a, const auto& b) { return a.nodes < b.nodes; });
  expect_counters(random.counters, seeds[seeds.size() / 2], TraceMethod::random);
  EXPECT_EQ(nq::classic::to_string(random.mode), "first");
  EXPECT_EQ(nq::classic::to_string(r.rows[0].mode), "count");
}

// With mode first the nine stop at their first solution, as classic::run does with Mode::first:
// every row says mode first, has one solution where n has any, and the counters of classic::run's
// run up to it (random and first as ever). For n = 2 and 3 the nine search the whole board in
// vain, as classic::run does, and find none.
TEST(ClassicCompare, StopsAtTheFirstSolutionInModeFirst) {
  for (int n : {1, 3, 5, 8}) {
    const nq::classic::CompareResult r =
        nq::classic::compare({.n = n, .mode = Mode::first, .budget_seconds = 5});
    ASSERT_TRUE(r.complete) << n;
    ASSERT_EQ(r.rows.size(), nq::classic::kCompareMethods.size()) << n;
    for (const CompareRow& row : r.rows) {
      const std::string name =
          std::string(nq::trace::to_string(row.method)) + " n = " + std::to_string(n);
      EXPECT_EQ(row.mode, Mode::first) << name;
      if (row.method == TraceMethod::random && n == 3) {
        EXPECT_FALSE(row.ran) << name;  // nothing for the local search to end on
        continue;
      }
      EXPECT_TRUE(row.ran && row.finished) << name;
      EXPECT_TRUE(row.skipped.empty()) << name << ": " << row.skipped;
      EXPECT_EQ(row.solutions, n == 3 ? 0u : 1u) << name;
      if (const auto classic = nq::trace::classic_method(row.method)) {
        const nq::classic::Result once = nq::classic::run(*classic, {.n = n, .mode = Mode::first});
        EXPECT_EQ(row.solutions, once.count) << name;
        expect_counters(row.counters, once.counters, row.method);
      }
    }
  }
  // Stopping early is less work than counting: recursive at n = 8 places 876 queens, not 15,720.
  const nq::classic::CompareResult eight = nq::classic::compare(
      {.n = 8, .methods = {TraceMethod::recursive}, .mode = Mode::first, .budget_seconds = 5});
  ASSERT_EQ(eight.rows.size(), 1u);
  EXPECT_EQ(eight.rows[0].counters.placements, 876u);
  EXPECT_THROW(nq::classic::compare({.n = 8, .mode = Mode::all}), std::invalid_argument);
}

// Stopping at the first solution, the estimate is of the work up to it: blind at n = 8 tests
// 1,299,852 boards (1 5 8 6 3 7 2 4 read as an odometer, plus one) of 8^8, estimated at 0.38 s
// where counting's 4.9 s is over a budget of 2 s; at n = 12 it is over either way. The
// row-by-row backtrackers are not skipped on an estimate (they find n = 16's first solution at
// once, where counting is estimated at minutes); functional still builds every level.
TEST(ClassicCompare, EstimatesTheWorkUpToTheFirstSolution) {
  const auto blind = [](int n, Mode mode) {
    return nq::classic::compare(
               {.n = n, .methods = {TraceMethod::blind}, .mode = mode, .budget_seconds = 2})
        .rows.at(0);
  };
  EXPECT_FALSE(blind(8, Mode::count).ran);
  const CompareRow eight = blind(8, Mode::first);
  EXPECT_TRUE(eight.ran && eight.finished) << eight.skipped;
  EXPECT_EQ(eight.solutions, 1u);
  EXPECT_EQ(eight.counters.placements, 1299852u);
  const CompareRow twelve = blind(12, Mode::first);
  EXPECT_FALSE(twelve.ran);
  EXPECT_NE(twelve.skipped.find("over the budget of 2 s"), std::string::npos);

  const std::vector<TraceMethod> methods = {TraceMethod::permutations, TraceMethod::functional,
                                            TraceMethod::recursive, TraceMethod::bitmask};
  const nq::classic::CompareResult counted =
      nq::classic::compare({.n = 16, .methods = methods, .budget_seconds = 2});
  const nq::classic::CompareResult first =
      nq::classic::compare({.n = 16, .methods = methods, .mode = Mode::first, .budget_seconds = 2});
  ASSERT_EQ(counted.rows.size(), 4u);
  ASSERT_EQ(first.rows.size(), 4u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_FALSE(counted.rows[i].ran) << i;
  EXPECT_FALSE(first.rows[0].ran);  // permutations: 1.0e11 candidates before n = 16's first
  EXPECT_FALSE(first.rows[1].ran);  // functional: every level, as when counting
  for (std::size_t i = 2; i < 4; ++i) {
    EXPECT_TRUE(first.rows[i].ran && first.rows[i].finished) << first.rows[i].skipped;
    EXPECT_EQ(first.rows[i].solutions, 1u);
  }
}

// The timing rule: with time enough, every row is the median of at least three samples of at
// least 1 ms each, so a run far quicker than 1 ms (recursive on 4 queens: 60 placements) is
// timed many times in each sample.
TEST(ClassicCompare, TimesAreMediansOfRepeatedRuns) {
  const nq::classic::CompareResult r = nq::classic::compare({.n = 4, .budget_seconds = 5});
  ASSERT_TRUE(r.complete);
  for (const CompareRow& row : r.rows) {
    ASSERT_TRUE(row.finished) << nq::trace::to_string(row.method);
    EXPECT_GT(row.seconds, 0) << nq::trace::to_string(row.method);
    EXPECT_GE(row.repeats, static_cast<std::uint64_t>(nq::classic::kCompareMinSamples))
        << nq::trace::to_string(row.method);
  }
  const CompareRow& recursive = r.rows[static_cast<std::size_t>(TraceMethod::recursive)];
  EXPECT_GE(recursive.repeats, 30u);
  // A run's time is its median; the runs timed took at least kCompareTimedSeconds in all, which
  // the median times the repeats comes near (checked loosely: the median is not the mean).
  EXPECT_GT(recursive.seconds * static_cast<double>(recursive.repeats),
            nq::classic::kCompareTimedSeconds / 4);
}

TEST(ClassicCompare, SkipsAndStopsByTheBudget) {
  // At n = 12 blind (12^12 boards) is skipped on its estimate without running.
  const nq::classic::CompareResult big = nq::classic::compare(
      {.n = 12, .methods = {TraceMethod::blind, TraceMethod::bitmask}, .budget_seconds = 5});
  ASSERT_EQ(big.rows.size(), 2u);
  EXPECT_FALSE(big.rows[0].ran);
  EXPECT_EQ(big.rows[0].repeats, 0u);
  EXPECT_NE(big.rows[0].skipped.find("over the budget of 5 s"), std::string::npos);
  EXPECT_EQ(big.rows[1].solutions, 14200u);
  // Random has nothing to end on for n = 2 and 3: skipped, saying why; first finds nothing.
  const nq::classic::CompareResult none =
      nq::classic::compare({.n = 3, .methods = {TraceMethod::random, TraceMethod::first}});
  ASSERT_EQ(none.rows.size(), 2u);
  EXPECT_FALSE(none.rows[0].ran);
  EXPECT_NE(none.rows[0].skipped.find("no solution"), std::string::npos);
  EXPECT_TRUE(none.rows[1].finished);
  EXPECT_EQ(none.rows[1].solutions, 0u);
  // A stop requested before it starts: nothing runs and the result says so.
  std::stop_source stop;
  stop.request_stop();
  EXPECT_FALSE(nq::classic::compare({.n = 8, .stop = stop.get_token()}).complete);
  EXPECT_THROW(nq::classic::compare({.n = 0}), std::invalid_argument);
  EXPECT_THROW(nq::classic::compare({.n = 8, .budget_seconds = 0}), std::invalid_argument);
}

TEST(ClassicCompare, NamesItsMethods) {
  EXPECT_EQ(nq::classic::compare_method_named("board-scan"), TraceMethod::board_scan);
  EXPECT_EQ(nq::classic::compare_method_named("random"), TraceMethod::random);
  EXPECT_EQ(nq::classic::compare_method_named("first"), TraceMethod::first);
  try {
    nq::classic::compare_method_named("quick");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown method 'quick' (blind, nested, iterative, recursive, board-scan, "
              "permutations, amb, functional, bitmask, random, first)");
  }
}
