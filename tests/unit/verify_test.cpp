// SPDX-License-Identifier: MIT
#include "nqueens/verify.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>

#include "brute_force.hpp"

namespace {

// The O(n^2) definition of "first attacking pair": the smallest b, then the smallest a < b.
std::optional<std::pair<std::size_t, std::size_t>> naive_first_pair(const nq::Placement& p) {
  for (std::size_t b = 0; b < p.size(); ++b) {
    for (std::size_t a = 0; a < b; ++a) {
      const long dc = std::labs(static_cast<long>(p[a]) - static_cast<long>(p[b]));
      if (dc == 0 || dc == static_cast<long>(b - a)) return std::pair{a, b};
    }
  }
  return std::nullopt;
}

}  // namespace

TEST(verify, header_example_holds) {
  const auto attack = nq::find_attack(nq::Placement{0, 2, 1});
  ASSERT_TRUE(attack);
  EXPECT_EQ(attack->row_a, 1u);
  EXPECT_EQ(attack->row_b, 2u);
  EXPECT_EQ(attack->line, nq::Line::anti_diagonal);
}

TEST(verify, accepts_solutions) {
  EXPECT_TRUE(nq::is_solution(nq::Placement{1, 3, 0, 2}));
  EXPECT_TRUE(nq::is_solution(nq::Placement{0}));
  EXPECT_TRUE(nq::is_solution(nq::Placement{0, 4, 7, 5, 2, 6, 1, 3}));
}

TEST(verify, names_the_first_attacking_pair) {
  const auto column = nq::find_attack(nq::Placement{1, 3, 1, 0});
  ASSERT_TRUE(column);
  EXPECT_EQ(nq::describe(*column), "queens at row 1 column 2 and row 3 column 2 share a column");
  const auto diagonal = nq::find_attack(nq::Placement{0, 1, 2, 3});
  ASSERT_TRUE(diagonal);
  EXPECT_EQ(nq::describe(*diagonal),
            "queens at row 1 column 1 and row 2 column 2 share a diagonal");
  const auto anti = nq::find_attack(nq::Placement{1, 0, 2});  // (0,1) and (1,0): r + c = 1
  ASSERT_TRUE(anti);
  EXPECT_EQ(anti->line, nq::Line::anti_diagonal);
  EXPECT_EQ(nq::describe(*anti), "queens at row 1 column 2 and row 2 column 1 share a diagonal");
}

TEST(verify, agrees_with_brute_force_on_every_permutation_of_six) {
  std::vector<unsigned> col = {0, 1, 2, 3, 4, 5};
  do {
    const nq::Placement p(std::vector<nq::Column>(col.begin(), col.end()));
    EXPECT_EQ(nq::is_solution(p), nq::test::naive_is_solution(col));
  } while (std::next_permutation(col.begin(), col.end()));
}

TEST(verify, checks_a_million_queens_in_linear_time) {
  // Evens then odds (2, 4, ..., 1, 3, ...) is a solution when n mod 6 is 0, 1, 4 or 5.
  const std::size_t n = 1'000'000;
  std::vector<nq::Column> col;
  for (std::size_t c = 1; c < n; c += 2) col.push_back(static_cast<nq::Column>(c));
  for (std::size_t c = 0; c < n; c += 2) col.push_back(static_cast<nq::Column>(c));
  EXPECT_TRUE(nq::is_solution(nq::Placement(col)));
  std::swap(col[n - 2], col[n - 1]);  // the last two rows now share a diagonal
  const auto attack = nq::find_attack(nq::Placement(col));
  ASSERT_TRUE(attack);
  EXPECT_EQ(attack->row_b, n - 1);
}

RC_GTEST_PROP(verify, first_pair_agrees_with_the_naive_check_on_random_placements, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 40);
  const auto col = *rc::gen::container<std::vector<nq::Column>>(
      n, rc::gen::inRange<nq::Column>(0, static_cast<nq::Column>(n)));
  const nq::Placement p(col);
  const auto attack = nq::find_attack(p);
  const auto expected = naive_first_pair(p);
  RC_ASSERT(attack.has_value() == expected.has_value());
  if (attack) {
    RC_ASSERT(attack->row_a == expected->first);
    RC_ASSERT(attack->row_b == expected->second);
    RC_ASSERT(attack->col_a == p[attack->row_a]);
    RC_ASSERT(attack->col_b == p[attack->row_b]);
  }
}

RC_GTEST_PROP(verify, agrees_with_the_naive_check_on_random_permutations, ()) {
  const auto n = *rc::gen::inRange<unsigned>(1, 14);
  std::vector<unsigned> col(n);
  std::iota(col.begin(), col.end(), 0u);
  std::mt19937 rng(*rc::gen::arbitrary<std::uint32_t>());
  std::shuffle(col.begin(), col.end(), rng);
  const nq::Placement p(std::vector<nq::Column>(col.begin(), col.end()));
  RC_ASSERT(nq::is_solution(p) == nq::test::naive_is_solution(col));
}
