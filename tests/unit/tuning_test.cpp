// SPDX-License-Identifier: MIT
// The counting engines' tuning table (an internal header): every row says why, what was tried and
// where it was measured, and the cut by n covers every n the halves engine takes.
#include "count/tuning.hpp"

#include <gtest/gtest.h>

#include "tuning_rows.hpp"

TEST(tuning, every_row_names_its_reason_the_values_tried_and_its_journal_entry) {
  nq::test::expect_rows_documented(nq::detail::kTuningRows, "count.md");
}

TEST(tuning, the_cut_by_n_covers_every_n_of_the_halves_engine) {
  int last = 0;
  for (const nq::detail::CutStep& step : nq::detail::kCutByN) {
    EXPECT_GT(step.up_to_n, last) << "the steps go up in n";
    EXPECT_GE(step.cut, 1);
    EXPECT_LE(step.cut, nq::detail::kTuning.most_cut);
    last = step.up_to_n;
  }
  EXPECT_EQ(last, nq::kMaxHalvesN);
  for (int n = 4; n <= nq::kMaxHalvesN; ++n) EXPECT_GE(nq::detail::tuned_cut(n), 1) << n;
}
