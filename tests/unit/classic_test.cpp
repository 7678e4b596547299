// SPDX-License-Identifier: MIT
#include "nqueens/classic.hpp"

#include <gtest/gtest.h>

#include "known_values.hpp"
#include "nqueens/deadline.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/format.hpp"

namespace {

// The fast engine's list, the reference every method must reproduce in the same order.
std::vector<nq::Placement> reference(int n) {
  std::vector<nq::Placement> all;
  nq::enumerate({.n = n}, [&](const nq::SolutionBatch& b) {
    for (std::size_t i = 0; i < b.count; ++i) {
      const auto* c = b.columns.data() + i * static_cast<std::size_t>(n);
      all.emplace_back(std::vector<nq::Column>(c, c + n));
    }
    return true;
  });
  return all;
}

}  // namespace

TEST(classic, header_example_holds) {
  const auto r = nq::classic::run(nq::classic::Method::recursive, {.n = 8});
  EXPECT_EQ(r.count, 92u);
  EXPECT_EQ(nq::to_perm(r.solutions.front()), "1 5 8 6 3 7 2 4");
}

TEST(classic, every_method_lists_the_same_solutions_in_the_same_order) {
  for (int n = 1; n <= 8; ++n) {
    const auto expected = reference(n);
    for (nq::classic::Method m : nq::classic::kAllMethods) {
      if (m == nq::classic::Method::blind && n > 7) continue;  // 8^8 boards: see the next test
      const auto r = nq::classic::run(m, {.n = n});
      EXPECT_EQ(r.solutions, expected) << nq::classic::to_string(m) << " n = " << n;
      EXPECT_EQ(r.count, nq::test::kTotal[static_cast<std::size_t>(n - 1)]);
      EXPECT_TRUE(r.complete);
    }
  }
}

TEST(classic, blind_counts_92_among_all_8_to_the_8_boards) {
  const auto r =
      nq::classic::run(nq::classic::Method::blind, {.n = 8, .mode = nq::classic::Mode::count});
  EXPECT_EQ(r.count, 92u);
  EXPECT_EQ(r.counters.placements, 16'777'216u);
  EXPECT_TRUE(r.solutions.empty());
}

TEST(classic, permutations_try_n_factorial_boards) {
  const auto r = nq::classic::run(nq::classic::Method::permutations,
                                  {.n = 8, .mode = nq::classic::Mode::count});
  EXPECT_EQ(r.counters.placements, 40'320u);
  EXPECT_EQ(r.count, 92u);
}

TEST(classic, backtracking_visits_far_fewer_nodes) {
  const auto recursive = nq::classic::run(nq::classic::Method::recursive, {.n = 8});
  const auto iterative = nq::classic::run(nq::classic::Method::iterative, {.n = 8});
  const auto bitmask = nq::classic::run(nq::classic::Method::bitmask, {.n = 8});
  EXPECT_EQ(recursive.counters.nodes, iterative.counters.nodes);  // the same tree
  EXPECT_LT(recursive.counters.nodes, 40'320u);
  EXPECT_LT(bitmask.counters.nodes, recursive.counters.nodes);  // only safe squares are tried
}

TEST(classic, first_mode_stops_at_the_first_solution) {
  for (nq::classic::Method m : nq::classic::kAllMethods) {
    const auto r = nq::classic::run(m, {.n = 6, .mode = nq::classic::Mode::first});
    ASSERT_EQ(r.solutions.size(), 1u) << nq::classic::to_string(m);
    EXPECT_EQ(nq::to_perm(r.solutions[0]), "2 4 6 1 3 5") << nq::classic::to_string(m);
  }
  EXPECT_EQ(
      nq::classic::run(nq::classic::Method::nested, {.n = 3, .mode = nq::classic::Mode::first})
          .count,
      0u);
}

TEST(classic, names_round_trip) {
  for (nq::classic::Method m : nq::classic::kAllMethods) {
    EXPECT_EQ(nq::classic::method_from_string(nq::classic::to_string(m)), m);
  }
  EXPECT_EQ(nq::classic::method_from_string("magic"), std::nullopt);
}

// Stopped part way (10^10 boards would take minutes): some work done, not all of it.
TEST(classic, stops_when_asked) {
  const nq::Deadline deadline({}, 0.05);
  const auto r = nq::classic::run(nq::classic::Method::blind, {.n = 10, .stop = deadline.token()});
  EXPECT_FALSE(r.complete);
  EXPECT_GT(r.counters.placements, 0u);
  EXPECT_LT(r.counters.placements, 10'000'000'000u);
}
