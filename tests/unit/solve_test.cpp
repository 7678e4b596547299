// SPDX-License-Identifier: MIT
#include "nqueens/solve.hpp"

#include <gtest/gtest.h>

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
    const nq::SolveResult r = nq::solve_first({.n = static_cast<int>(n)});
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

TEST(solve, solves_every_size_up_to_thirty) {
  for (int n = 4; n <= 30; ++n) {
    const nq::SolveResult r = nq::solve_first({.n = n});
    ASSERT_TRUE(r.solution) << "n = " << n;
    EXPECT_EQ(r.solution->size(), static_cast<std::size_t>(n));
    EXPECT_TRUE(nq::is_solution(*r.solution)) << "n = " << n;
  }
}

TEST(solve, stops_when_asked) {
  std::stop_source source;
  source.request_stop();
  const nq::SolveResult r = nq::solve_first({.n = 60, .stop = source.get_token()});
  EXPECT_FALSE(r.complete);
  EXPECT_FALSE(r.solution);
}

TEST(solve, rejects_sizes_it_cannot_do) {
  EXPECT_THROW(nq::solve_first({.n = 0}), std::invalid_argument);
  EXPECT_THROW(nq::solve_first({.n = nq::kMaxSolveFirstN + 1}), std::invalid_argument);
}
