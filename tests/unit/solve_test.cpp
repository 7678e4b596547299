// SPDX-License-Identifier: MIT
#include "nqueens/solve.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <stdexcept>

#include "brute_force.hpp"
#include "nqueens/verify.hpp"

TEST(solve, header_example_holds) {
  const nq::SolveResult r = nq::solve_first({.n = 8});
  ASSERT_TRUE(r.solution);
  EXPECT_EQ(*r.solution, (nq::Placement{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_TRUE(r.complete);
}

TEST(solve, finds_the_lexicographically_first_solution) {
  for (unsigned n = 1; n <= 9; ++n) {
    const auto all = nq::test::brute_force_solutions(n);
    const nq::SolveResult r = nq::solve_first({.n = static_cast<int>(n), .probing = false});
    EXPECT_TRUE(r.complete);
    if (all.empty()) {
      EXPECT_FALSE(r.solution) << "n = " << n;
      continue;
    }
    ASSERT_TRUE(r.solution) << "n = " << n;
    const std::vector<unsigned> got(r.solution->columns().begin(), r.solution->columns().end());
    EXPECT_EQ(got, all.front()) << "n = " << n;
  }
}

// OEIS A141843, rows n = 4..12: the lexicographically first solutions, 1-based.
TEST(solve, matches_the_published_first_solutions) {
  const std::vector<std::vector<nq::Column>> published = {{2, 4, 1, 3},
                                                          {1, 3, 5, 2, 4},
                                                          {2, 4, 6, 1, 3, 5},
                                                          {1, 3, 5, 7, 2, 4, 6},
                                                          {1, 5, 8, 6, 3, 7, 2, 4},
                                                          {1, 3, 6, 8, 2, 4, 9, 7, 5},
                                                          {1, 3, 6, 8, 10, 5, 9, 2, 4, 7},
                                                          {1, 3, 5, 7, 9, 11, 2, 4, 6, 8, 10},
                                                          {1, 3, 5, 8, 10, 12, 6, 11, 2, 7, 9, 4}};
  for (const auto& row : published) {
    std::vector<nq::Column> expected;
    for (nq::Column c : row) expected.push_back(c - 1);
    for (bool probing : {true, false}) {
      const nq::SolveResult r =
          nq::solve_first({.n = static_cast<int>(row.size()), .probing = probing});
      ASSERT_TRUE(r.solution);
      EXPECT_EQ(*r.solution, nq::Placement(expected)) << row.size() << " probing " << probing;
    }
  }
}

// The probing search against the plain row-by-row one, which is the definition spelt out, on one
// thread and on several (where columns are probed side by side and random restarts race the
// exhaustive searches).
TEST(solve, probing_finds_the_same_first_solution_as_plain_search_up_to_32) {
  for (int n = 1; n <= 32; ++n) {
    const nq::SolveResult plain = nq::solve_first({.n = n, .probing = false});
    for (unsigned threads : {1u, 2u, 5u}) {
      const nq::SolveResult probing =
          nq::solve_first({.n = n, .probing = true, .threads = threads});
      EXPECT_EQ(plain.solution, probing.solution) << "n = " << n << ", threads " << threads;
      EXPECT_TRUE(probing.complete);
    }
  }
}

// Beyond the reach of the plain search in a test: the answer does not depend on the threads.
TEST(solve, probing_gives_one_answer_whatever_the_threads) {
  for (int n : {33, 34, 35, 37, 38, 41}) {
    const nq::SolveResult one = nq::solve_first({.n = n, .threads = 1});
    ASSERT_TRUE(one.solution) << "n = " << n;
    EXPECT_TRUE(nq::is_solution(*one.solution)) << "n = " << n;
    for (unsigned threads : {2u, 3u}) {
      EXPECT_EQ(nq::solve_first({.n = n, .threads = threads}).solution, one.solution)
          << "n = " << n << ", threads " << threads;
    }
  }
}

TEST(solve, solves_every_size_up_to_thirty) {
  for (int n = 4; n <= 30; ++n) {
    const nq::SolveResult r = nq::solve_first({.n = n});
    ASSERT_TRUE(r.solution) << "n = " << n;
    EXPECT_EQ(r.solution->size(), static_cast<std::size_t>(n));
    EXPECT_TRUE(nq::is_solution(*r.solution)) << "n = " << n;
  }
}

// Stopped in the middle of the search (from on_step, after ten steps of the proof).
TEST(solve, stops_when_asked) {
  std::stop_source source;
  std::atomic<int> steps{0};
  const nq::SolveResult r = nq::solve_first(
      {.n = 60, .stop = source.get_token(), .threads = 2, .on_step = [&](const nq::FirstStep&) {
         if (++steps == 10) source.request_stop();
       }});
  EXPECT_FALSE(r.complete);
  EXPECT_FALSE(r.solution);
  EXPECT_GE(steps.load(), 10);
  EXPECT_GT(r.nodes, 0u);
}

TEST(solve, rejects_sizes_it_cannot_do) {
  EXPECT_THROW(nq::solve_first({.n = 0}), std::invalid_argument);
  EXPECT_THROW(nq::solve_first({.n = nq::kMaxSolveFirstN + 1}), std::invalid_argument);
  EXPECT_THROW(nq::solve_first({.n = nq::kMaxPlainFirstN + 1, .probing = false}),
               std::invalid_argument);
}

// An on_step that throws on a search thread (a checkpoint that cannot save) reaches the caller.
TEST(solve_first, an_exception_on_a_search_thread_reaches_the_caller) {
  std::atomic<int> steps{0};
  const auto throwing = [&steps](const nq::FirstStep&) {
    if (++steps == 4) throw std::runtime_error("disk full");
  };
  EXPECT_THROW(nq::solve_first({.n = 30, .threads = 3, .on_step = throwing}), std::runtime_error);
}

// Resumed steps are trusted for what they say was searched, but a completion they carry must be a
// solution through the rows before it, or the answer built on it would not be one.
// fuzz_first_checkpoint found a checkpoint whose "C 2 5" step carried "1 5 8 6 3 4 2 4" (rows 6 and
// 8 share a column): resumed, the run answered with that placement.
TEST(solve_first, refuses_a_resumed_completion_that_is_not_a_solution_through_its_rows) {
  const auto step = [](const char* line) { return nq::parse_first_step(line, 8); };
  for (const std::vector<nq::FirstStep>& resume :
       {std::vector<nq::FirstStep>{step("C 2 5 1 5 8 6 3 4 2 4")},  // not a solution
        std::vector<nq::FirstStep>{step("R 1 1 1 2 3 4 5 6 7 8")},  // not a solution
        std::vector<nq::FirstStep>{step("R 1 1 1 5 8 6 3 7 2 4"),
                                   step("C 2 3 5 3 1 6 8 2 4 7")},  // a solution, row 1 not 1
        std::vector<nq::FirstStep>{step("R 1 1 1 5 8 6 3 7 2 4"),
                                   step("R 2 5 1 7 5 8 2 4 6 3")}}) {  // row 2 not at column 5
    const std::string first = nq::format_first_step(resume.back());
    try {
      const nq::SolveResult r = nq::solve_first({.n = 8, .threads = 1, .resume = resume});
      ADD_FAILURE() << first << ": nothing thrown, answer "
                    << (r.solution ? nq::is_solution(*r.solution) ? "a solution" : "not a solution"
                                   : "none");
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(first), std::string::npos) << e.what();
    }
    EXPECT_THROW(nq::estimate_first({.n = 8, .resume = resume, .paths = 1}), std::invalid_argument)
        << first;
  }
}

// Steps that refute every column of row 1 cannot be a run's for a board that has solutions (every
// n but 2 and 3; fuzz_first_checkpoint found n = 1, "X 1 1 5", after n = 8); the resumed run must
// not answer that there is none.
TEST(solve_first, refuses_resumed_steps_that_refute_every_column_of_the_first_row) {
  const auto refuting_row_1 = [](int n) {
    std::vector<nq::FirstStep> resume;
    for (int c = 0; c < n; ++c) {
      resume.push_back({.kind = nq::FirstStep::Kind::refuted, .row = 0, .column = c});
    }
    return resume;
  };
  for (int n : {1, 4, 8}) {
    EXPECT_THROW(nq::solve_first({.n = n, .threads = 1, .resume = refuting_row_1(n)}),
                 std::invalid_argument)
        << "n = " << n;
  }
  for (int n : {2, 3}) {  // no solution: there the same steps are the truth
    const nq::SolveResult r = nq::solve_first({.n = n, .threads = 1, .resume = refuting_row_1(n)});
    EXPECT_TRUE(r.complete) << "n = " << n;
    EXPECT_FALSE(r.solution) << "n = " << n;
  }
}

TEST(estimate_first, header_example_holds) {
  const nq::FirstEstimate e = nq::estimate_first({.n = 30, .paths = 20});
  EXPECT_TRUE(e.open);
  EXPECT_EQ(e.row, 0);
  EXPECT_EQ(e.column, 0);
  EXPECT_EQ(e.paths, 20);
  EXPECT_GT(e.completions, 0) << "random dives into a board with a queen in a corner";
}

// A run stopped at its first cut in row 10 (tiny pieces, so that n = 30's probe of row 10, column
// 6, refuted in 545 nodes, is cut): the estimate stands where the resumed run starts, on the column
// that was cut, and estimates the nodes the resumed run then spends refuting that column's pieces.
TEST(estimate_first, stands_where_a_resumed_run_starts_and_estimates_its_open_probe) {
  std::stop_source stop;
  std::vector<nq::FirstStep> steps;
  const nq::SolveResult stopped =
      nq::solve_first({.n = 30,
                       .stop = stop.get_token(),
                       .threads = 1,
                       .on_step =
                           [&](const nq::FirstStep& s) {
                             steps.push_back(s);
                             if (s.kind == nq::FirstStep::Kind::split && s.row == 9)
                               stop.request_stop();
                           },
                       .piece_nodes = 64});
  ASSERT_FALSE(stopped.complete);
  const nq::FirstStep cut = steps.back();
  ASSERT_EQ(cut.kind, nq::FirstStep::Kind::split);

  const nq::FirstEstimate e = nq::estimate_first({.n = 30, .resume = steps, .paths = 2000});
  ASSERT_TRUE(e.open);
  EXPECT_EQ(e.row, cut.row);
  EXPECT_EQ(e.column, cut.column);
  EXPECT_GE(e.pieces, 1u);
  EXPECT_GT(e.covered, 0.0);
  EXPECT_EQ(e.paths, 2000);
  EXPECT_EQ(e.completions, 0);
  EXPECT_GT(e.path_nodes, 0u);
  EXPECT_GT(e.nodes_per_second, 0.0);
  EXPECT_GT(e.error, 0.0);
  EXPECT_DOUBLE_EQ(e.work, 1.5 * e.nodes) << "the restarts' third of the row's work on top";
  std::uint64_t searched = 0;
  for (const nq::FirstStep& s : steps) {
    if (s.kind == nq::FirstStep::Kind::refuted && s.row == e.row && s.column == e.column) {
      searched += s.nodes;
    }
  }
  EXPECT_EQ(e.searched, searched);
  // The same seed and steps, the same estimate.
  const nq::FirstEstimate again = nq::estimate_first({.n = 30, .resume = steps, .paths = 2000});
  EXPECT_EQ(again.nodes, e.nodes);

  std::mutex mutex;
  std::optional<nq::FirstProgress> first;
  std::uint64_t spent = 0;
  bool column_refuted = true;
  const nq::SolveResult resumed =
      nq::solve_first({.n = 30,
                       .threads = 1,
                       .on_step =
                           [&](const nq::FirstStep& s) {
                             std::lock_guard lock(mutex);
                             if (s.row != e.row || s.column != e.column) return;
                             if (s.kind == nq::FirstStep::Kind::refuted) spent += s.nodes;
                             if (s.kind == nq::FirstStep::Kind::completed) column_refuted = false;
                           },
                       .on_progress =
                           [&](const nq::FirstProgress& p) {
                             std::lock_guard lock(mutex);
                             if (!first) first = p;
                           },
                       .resume = steps,
                       .piece_nodes = 64});
  ASSERT_TRUE(resumed.complete);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->row, e.row);
  EXPECT_EQ(first->column, e.column);
  ASSERT_TRUE(column_refuted) << "the column cut has a completion: no refutation to estimate";
  // What the resumed run spent on the pieces waiting, against the estimate: within 4 standard
  // errors (the pieces are cut the same way whatever their size, so the count is exact).
  EXPECT_NEAR(e.nodes, static_cast<double>(spent), 4 * e.error)
      << "spent " << spent << ", estimated " << e.nodes << " +- " << e.error;
}

TEST(estimate_first, finds_nothing_left_after_a_finished_run) {
  std::vector<nq::FirstStep> steps;
  ASSERT_TRUE(
      nq::solve_first(
          {.n = 20, .threads = 1, .on_step = [&](const nq::FirstStep& s) { steps.push_back(s); }})
          .complete);
  const nq::FirstEstimate e = nq::estimate_first({.n = 20, .resume = steps, .paths = 10});
  EXPECT_FALSE(e.open);
  EXPECT_EQ(e.paths, 0);
}

TEST(estimate_first, rejects_sizes_and_path_counts_it_cannot_do) {
  EXPECT_THROW(nq::estimate_first({.n = 0}), std::invalid_argument);
  EXPECT_THROW(nq::estimate_first({.n = nq::kMaxSolveFirstN + 1}), std::invalid_argument);
  EXPECT_THROW(nq::estimate_first({.n = 8, .paths = 0}), std::invalid_argument);
}
