// SPDX-License-Identifier: MIT
// The probing search's tuning table (an internal header): every row says why, what was tried and
// where it was measured, and the restarts keep a share of the row's work.
#include "solve/first_tuning.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "tuning_rows.hpp"

TEST(first_tuning, every_row_names_its_reason_the_values_tried_and_its_journal_entry) {
  nq::test::expect_rows_documented(nq::detail::kFirstTuningRows, "first.md");
}

TEST(first_tuning, pieces_and_restarts_have_budgets_that_can_grow) {
  constexpr auto t = nq::detail::kFirstTuning;
  EXPECT_GE(t.piece_nodes_per_restart_node, 1u) << "restarts at most half the row's work";
  EXPECT_GE(t.restart_unit, 1u);
  EXPECT_GE(t.largest_piece, std::uint64_t{1} << 18) << "below the first piece's default budget";
  EXPECT_GE(t.ahead_piece, 1u);
  EXPECT_LE(t.ahead_piece, std::uint64_t{1} << 18)
      << "work ahead in pieces no larger than the first";
  EXPECT_GE(t.rate_nodes, 1u);
}
