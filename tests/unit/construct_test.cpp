// SPDX-License-Identifier: MIT
#include "nqueens/construct.hpp"

#include <gtest/gtest.h>

#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"

TEST(construct, header_example_holds) {
  const nq::ExplicitSolution s(8);
  EXPECT_EQ(nq::to_perm(s.placement()), "2 4 6 8 3 1 7 5");
  EXPECT_EQ(s.column(0), 1u);
}

TEST(construct, is_a_solution_for_every_n_from_4_to_5000) {
  EXPECT_TRUE(nq::is_solution(nq::ExplicitSolution(1).placement()));
  for (std::uint64_t n = 4; n <= 5000; ++n) {
    const nq::Placement p = nq::ExplicitSolution(n).placement();
    ASSERT_EQ(p.size(), n);
    ASSERT_TRUE(nq::is_solution(p)) << "n = " << n;
  }
}

TEST(construct, is_a_solution_for_large_n_of_every_residue_mod_6) {
  for (std::uint64_t n = 3'000'000; n < 3'000'006; ++n) {
    EXPECT_TRUE(nq::is_solution(nq::ExplicitSolution(n).placement())) << "n = " << n;
  }
}

TEST(construct, column_agrees_with_the_whole_placement) {
  for (std::uint64_t n : {4u, 8u, 9u, 14u, 15u, 100u, 1001u}) {
    const nq::ExplicitSolution s(n);
    const nq::Placement p = s.placement();
    for (std::uint64_t row = 0; row < n; ++row) EXPECT_EQ(s.column(row), p[row]) << n;
  }
}

TEST(construct, reaches_the_largest_boards_in_constant_memory) {
  const nq::ExplicitSolution s(nq::kMaxConstructN);
  std::uint64_t rows = 0;
  for (const auto& run : s.runs()) rows += run.count;
  EXPECT_EQ(rows, nq::kMaxConstructN);
  EXPECT_LT(s.column(nq::kMaxConstructN - 1), nq::kMaxConstructN);
}

TEST(construct, refuses_sizes_without_a_solution) {
  EXPECT_FALSE(nq::has_solution(2));
  EXPECT_FALSE(nq::has_solution(3));
  EXPECT_TRUE(nq::has_solution(1));
  EXPECT_THROW(nq::ExplicitSolution(0), std::invalid_argument);
  EXPECT_THROW(nq::ExplicitSolution(3), std::invalid_argument);
  EXPECT_THROW(nq::ExplicitSolution(nq::kMaxConstructN + 1), std::invalid_argument);
}
