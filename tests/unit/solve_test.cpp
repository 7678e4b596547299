// SPDX-License-Identifier: MIT
#include "nqueens/solve.hpp"

#include <gtest/gtest.h>

#include <atomic>
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
