// SPDX-License-Identifier: MIT
#include "nqueens/solve_request.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "brute_force.hpp"
#include "nqueens/invalid_argument.hpp"

namespace {

constexpr nq::SolveMethod kMethods[] = {nq::SolveMethod::construct, nq::SolveMethod::random,
                                        nq::SolveMethod::first, nq::SolveMethod::backtrack};

std::vector<unsigned> columns(const nq::Placement& p) {
  return {p.columns().begin(), p.columns().end()};
}

std::string refusal(const nq::SolveRequest& request) {
  try {
    nq::check(request);
  } catch (const nq::InvalidArgument& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST(solve_request, header_example_holds) {
  const nq::Solved s = nq::solve({.n = 8, .method = nq::solve_method_named("first")});
  EXPECT_EQ(s.solution, (nq::Placement{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_EQ(refusal({.n = 8, .seed = 3}), "solve: seed is for method 'random'");
}

TEST(solve_request, every_method_answers_with_a_solution) {
  for (nq::SolveMethod m : kMethods) {
    for (std::uint64_t n : {1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 32}) {
      const nq::Solved s = nq::solve({.n = n, .method = m});
      ASSERT_TRUE(s.complete && s.solution) << nq::solve_method_name(m) << " " << n;
      EXPECT_EQ(s.solution->size(), n);
      EXPECT_TRUE(nq::test::naive_is_solution(columns(*s.solution)))
          << nq::solve_method_name(m) << " " << n;
    }
  }
}

TEST(solve_request, first_and_backtrack_give_the_brute_forces_first_solution) {
  for (int n = 4; n <= 8; ++n) {
    const std::vector<unsigned> smallest = nq::test::brute_force_solutions(n).front();
    const auto size = static_cast<std::uint64_t>(n);
    EXPECT_EQ(columns(*nq::solve({.n = size, .method = nq::SolveMethod::first}).solution),
              smallest);
    EXPECT_EQ(columns(*nq::solve({.n = size, .method = nq::SolveMethod::backtrack}).solution),
              smallest);
  }
}

TEST(solve_request, the_same_seed_gives_the_same_random_answer) {
  const auto random = [](std::uint64_t seed) {
    return *nq::solve({.n = 200, .method = nq::SolveMethod::random, .seed = seed}).solution;
  };
  EXPECT_EQ(random(7), random(7));
}

TEST(solve_request, names_go_both_ways_and_an_unknown_one_lists_the_four) {
  for (nq::SolveMethod m : kMethods) EXPECT_EQ(nq::solve_method_named(nq::solve_method_name(m)), m);
  try {
    nq::solve_method_named("fast");
    FAIL();
  } catch (const nq::InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "solve: unknown method 'fast' (construct, random, first or backtrack)");
  }
}

TEST(solve_request, each_method_has_the_limits_its_search_can_keep) {
  EXPECT_EQ(nq::solve_max_n(nq::SolveMethod::construct), 4294967295u);  // 32-bit columns
  EXPECT_EQ(nq::solve_max_n(nq::SolveMethod::random), 4294967295u);
  EXPECT_EQ(nq::solve_max_n(nq::SolveMethod::first), 128u);  // 128-bit masks
  EXPECT_EQ(nq::solve_max_n(nq::SolveMethod::backtrack), 32u);
}

TEST(solve_request, what_a_request_cannot_be_is_said_in_the_command_lines_words) {
  EXPECT_EQ(refusal({.n = 129, .method = nq::SolveMethod::first}),
            "N = 129 is too large for solve --method first (at most 128)");
  EXPECT_EQ(refusal({.n = 33, .method = nq::SolveMethod::backtrack}),
            "N = 33 is too large for solve --method backtrack (at most 32)");
  EXPECT_EQ(refusal({.n = 0}), "N must be at least 1, got '0'");
  EXPECT_EQ(refusal({.n = 3}), "there is no solution for n = 3");
  EXPECT_EQ(refusal({.n = 8, .method = nq::SolveMethod::random, .threads = 2}),
            "solve: threads is for method 'first'");
  EXPECT_EQ(refusal({.n = 8, .method = nq::SolveMethod::first, .threads = 0}),
            "threads must be at least 1, got '0'");
  EXPECT_EQ(refusal({.n = 8, .method = nq::SolveMethod::random, .seed = 0}), "(accepted)");
  EXPECT_EQ(refusal({.n = 8, .method = nq::SolveMethod::first, .threads = 1}), "(accepted)");
}
