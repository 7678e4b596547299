// SPDX-License-Identifier: MIT
// The counting engines' tuning table (an internal header): every row says why, what was tried and
// where it was measured, and the cut by n covers every n the halves engine takes.
#include "count/tuning.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>

namespace {

std::set<std::string> journal_titles() {
  std::ifstream in(std::string(NQ_SOURCE_DIR) + "/docs/journal/count.md");
  std::set<std::string> titles;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) titles.insert(line.substr(3));
  }
  return titles;
}

}  // namespace

TEST(tuning, every_row_names_its_reason_the_values_tried_and_its_journal_entry) {
  const std::set<std::string> titles = journal_titles();
  ASSERT_GT(titles.size(), 10u) << "docs/journal/count.md not read";
  std::set<std::string> names;
  for (const nq::detail::TuningRow& row : nq::detail::kTuningRows) {
    EXPECT_TRUE(names.insert(row.name).second) << row.name << " twice";
    EXPECT_GT(std::string(row.reason).size(), 10u) << row.name;
    EXPECT_FALSE(std::string(row.tried).empty()) << row.name;
    EXPECT_TRUE(std::string(row.entry) == "none" || titles.count(row.entry))
        << row.name << ": no entry \"" << row.entry << "\" in docs/journal/count.md";
  }
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
