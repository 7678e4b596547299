// SPDX-License-Identifier: MIT
#include "nqueens/local_search.hpp"

#include <gtest/gtest.h>

#include <set>

#include "nqueens/deadline.hpp"
#include "nqueens/verify.hpp"

TEST(local_search, header_example_holds) {
  const nq::LocalSearchResult r = nq::solve_random({.n = 1'000'000, .seed = 7});
  ASSERT_TRUE(r.solution);
  EXPECT_EQ(r.solution->size(), 1'000'000u);
  EXPECT_TRUE(nq::is_solution(*r.solution));
  EXPECT_TRUE(r.complete);
}

TEST(local_search, solves_many_sizes_and_seeds) {
  for (std::uint64_t n : {1u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 20u, 50u, 100u, 1000u}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const nq::LocalSearchResult r = nq::solve_random({.n = n, .seed = seed});
      ASSERT_TRUE(r.solution) << n << " " << seed;
      ASSERT_TRUE(nq::is_solution(*r.solution)) << n << " " << seed;
    }
  }
}

TEST(local_search, same_seed_same_solution_other_seeds_other_solutions) {
  const auto first = nq::solve_random({.n = 5000, .seed = 42}).solution;
  EXPECT_EQ(nq::solve_random({.n = 5000, .seed = 42}).solution, first);
  std::set<nq::Placement> seen;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    seen.insert(*nq::solve_random({.n = 5000, .seed = seed}).solution);
  }
  EXPECT_EQ(seen.size(), 10u);
}

// Stopped part way through a board that takes seconds: some work done, no solution claimed.
TEST(local_search, stops_when_asked) {
  const nq::Deadline deadline({}, 0.02);
  const nq::LocalSearchResult r =
      nq::solve_random({.n = 20'000'000, .seed = 1, .stop = deadline.token()});
  EXPECT_FALSE(r.complete);
  EXPECT_FALSE(r.solution);
  EXPECT_GT(r.attempts, 0u);
}

TEST(local_search, refuses_sizes_without_a_solution) {
  EXPECT_THROW(nq::solve_random({.n = 2}), std::invalid_argument);
  EXPECT_THROW(nq::solve_random({.n = 3}), std::invalid_argument);
  EXPECT_THROW(nq::solve_random({.n = 0}), std::invalid_argument);
}
