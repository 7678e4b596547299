// SPDX-License-Identifier: MIT
#include "nqueens/infinite.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "nqueens/verify.hpp"

TEST(infinite, header_example_holds) { EXPECT_EQ(nq::quintal_column(7), 14u); }

TEST(infinite, starts_with_the_five_queens_corner_solution) {
  const std::vector<std::uint64_t> first = {0, 2, 4, 1, 3, 10, 12, 14, 11, 13};
  for (std::uint64_t i = 0; i < first.size(); ++i) EXPECT_EQ(nq::quintal_column(i), first[i]);
}

TEST(infinite, the_sequence_agrees_with_the_formula) {
  nq::QuintalSequence sequence;
  for (std::uint64_t row = 0; row < 2'000'000; ++row, sequence.next()) {
    ASSERT_EQ(sequence.column(), nq::quintal_column(row)) << row;
  }
}

TEST(infinite, every_power_of_five_prefix_is_a_solution_and_a_permutation) {
  std::uint64_t m = 1;
  for (int j = 1; j <= 8; ++j) {
    m *= 5;
    std::vector<nq::Column> col(m);
    for (std::uint64_t i = 0; i < m; ++i) col[i] = static_cast<nq::Column>(nq::quintal_column(i));
    const nq::Placement p(col);  // throws if a column leaves the 5^j board
    EXPECT_TRUE(p.is_permutation()) << "5^" << j;
    EXPECT_TRUE(nq::is_solution(p)) << "5^" << j;
  }
}
