// SPDX-License-Identifier: MIT
#include "nqueens/solution_cursor.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "brute_force.hpp"
#include "known_values.hpp"
#include "nqueens/enumerate.hpp"

namespace {

using Rows = std::vector<std::vector<unsigned>>;

Rows pull(int n, bool unique, std::size_t limit = ~std::size_t{0}) {
  nq::SolutionCursor cursor(n, unique);
  Rows out;
  while (out.size() < limit && cursor.next()) {
    out.emplace_back(cursor.columns().begin(), cursor.columns().end());
  }
  return out;
}

Rows pushed(int n, bool unique) {
  Rows out;
  nq::enumerate({.n = n, .unique = unique, .threads = 2}, [&](const nq::SolutionBatch& b) {
    for (std::size_t i = 0; i < b.count; ++i) {
      const auto* col = b.columns.data() + i * static_cast<std::size_t>(b.n);
      out.emplace_back(col, col + b.n);
    }
    return true;
  });
  return out;
}

}  // namespace

TEST(solution_cursor, header_example_holds) {
  const Rows six = pull(6, false);
  ASSERT_EQ(six.size(), 4u);
  EXPECT_EQ(six[0], (std::vector<unsigned>{1, 3, 5, 0, 2, 4}));
  EXPECT_EQ(six[1], (std::vector<unsigned>{2, 5, 1, 4, 0, 3}));
}

TEST(solution_cursor, yields_the_brute_force_solutions_in_order) {
  for (int n = 1; n <= 9; ++n) {
    EXPECT_EQ(pull(n, false), nq::test::brute_force_solutions(static_cast<unsigned>(n))) << n;
  }
}

TEST(solution_cursor, yields_what_enumerate_streams_all_and_unique) {
  for (int n = 1; n <= 11; ++n) {
    EXPECT_EQ(pull(n, false), pushed(n, false)) << n;
    EXPECT_EQ(pull(n, true), pushed(n, true)) << n;
  }
}

TEST(solution_cursor, counts_the_known_values) {
  for (int n = 1; n <= 12; ++n) {
    const auto i = static_cast<std::size_t>(n - 1);
    EXPECT_EQ(pull(n, false).size(), nq::test::kTotal[i]) << n;
    EXPECT_EQ(pull(n, true).size(), nq::test::kUnique[i]) << n;
  }
}

TEST(solution_cursor, stops_and_resumes_between_calls) {
  nq::SolutionCursor cursor(8, false);
  ASSERT_TRUE(cursor.next());
  const std::vector<int> first(cursor.columns().begin(), cursor.columns().end());
  EXPECT_EQ(first, (std::vector<int>{0, 4, 7, 5, 2, 6, 1, 3}));
  int more = 0;
  while (cursor.next()) ++more;
  EXPECT_EQ(more, 91);
  EXPECT_FALSE(cursor.next());  // stays finished
  EXPECT_GT(cursor.nodes(), 0u);
}

TEST(solution_cursor, refuses_sizes_it_cannot_hold) {
  EXPECT_THROW(nq::SolutionCursor(0, false), std::invalid_argument);
  EXPECT_THROW(nq::SolutionCursor(nq::kMaxEnumerateN + 1, true), std::invalid_argument);
  nq::SolutionCursor largest(nq::kMaxEnumerateN, false);
  ASSERT_TRUE(largest.next());  // 32 queens: the masks' top bits are right
  std::vector<unsigned> col(largest.columns().begin(), largest.columns().end());
  EXPECT_TRUE(nq::test::naive_is_solution(col));
}
