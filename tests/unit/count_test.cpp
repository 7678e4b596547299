// SPDX-License-Identifier: MIT
#include "nqueens/count.hpp"

#include <gtest/gtest.h>

#include "brute_force.hpp"
#include "known_values.hpp"
#include "nqueens/symmetry.hpp"

TEST(count, header_example_holds) {
  const nq::CountResult r = nq::count({.n = 8});
  EXPECT_EQ(r.total, 92u);
  EXPECT_EQ(r.unique, 12u);
  EXPECT_TRUE(r.complete);
}

TEST(count, matches_known_totals_and_unique_up_to_14) {
  for (int n = 1; n <= 14; ++n) {
    const nq::CountResult r = nq::count({.n = n});
    EXPECT_EQ(r.total, nq::test::kTotal[n - 1]) << "n = " << n;
    EXPECT_EQ(r.unique, nq::test::kUnique[n - 1]) << "n = " << n;
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.subproblems_done, r.subproblems);
  }
}

TEST(count, gives_the_same_answer_on_any_number_of_threads) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    const nq::CountResult r = nq::count({.n = 11, .threads = threads});
    EXPECT_EQ(r.total, 2680u);
    EXPECT_EQ(r.unique, 341u);
    EXPECT_EQ(r.threads, threads);
  }
}

// P and R straight from the definition: brute-force solutions fixed by the turns.
TEST(count, symmetric_counts_match_brute_force) {
  for (unsigned n = 1; n <= 10; ++n) {
    std::uint64_t half = 0, quarter = 0;
    for (const auto& col : nq::test::brute_force_solutions(n)) {
      const nq::Placement p(std::vector<nq::Column>(col.begin(), col.end()));
      half += nq::apply(nq::Symmetry::rotate180, p) == p;
      quarter += nq::apply(nq::Symmetry::rotate90, p) == p;
    }
    const nq::SymmetricCounts s = nq::count_symmetric(static_cast<int>(n));
    EXPECT_EQ(s.half_turn, half) << "n = " << n;
    EXPECT_EQ(s.quarter_turn, quarter) << "n = " << n;
  }
}

TEST(count, class_breakdown_adds_up) {
  for (int n = 1; n <= 13; ++n) {
    const nq::CountResult r = nq::count({.n = n});
    const auto* c = r.classes_of_size;
    EXPECT_EQ(c[0] + 2 * c[1] + 4 * c[2] + 8 * c[3], r.total) << "n = " << n;
    EXPECT_EQ(c[0] + c[1] + c[2] + c[3], r.unique) << "n = " << n;
  }
}

TEST(count, stops_when_asked_and_says_it_is_incomplete) {
  std::stop_source source;
  source.request_stop();
  const nq::CountResult r = nq::count({.n = 12, .stop = source.get_token()});
  EXPECT_FALSE(r.complete);
  EXPECT_LT(r.subproblems_done, r.subproblems);
  EXPECT_EQ(r.unique, 0u);
}

TEST(count, reports_progress_up_to_the_end) {
  std::uint64_t last = 0, total = 0;
  nq::count({.n = 9, .threads = 1, .on_progress = [&](const nq::CountProgress& p) {
               EXPECT_EQ(p.subproblems_done, last + 1);
               last = p.subproblems_done;
               total = p.subproblems;
             }});
  EXPECT_GT(total, 0u);
  EXPECT_EQ(last, total);
}

TEST(count, rejects_sizes_it_cannot_do) {
  EXPECT_THROW(nq::count({.n = 0}), std::invalid_argument);
  EXPECT_THROW(nq::count({.n = -1}), std::invalid_argument);
  EXPECT_THROW(nq::count({.n = nq::kMaxCountN + 1}), std::invalid_argument);
}
