// SPDX-License-Identifier: MIT
// What every engine's tuning table (src/tuning_row.hpp) must say of each row: a name once, a
// reason, the values tried, and a journal entry that exists in docs/journal/ (or "none").
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <span>
#include <string>

#include "tuning_row.hpp"

namespace nq::test {

// The entry titles ("## ..." lines) of docs/journal/<journal>.
inline std::set<std::string> journal_titles(const std::string& journal) {
  std::ifstream in(std::string(NQ_SOURCE_DIR) + "/docs/journal/" + journal);
  std::set<std::string> titles;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) titles.insert(line.substr(3));
  }
  return titles;
}

inline void expect_rows_documented(std::span<const nq::detail::TuningRow> rows,
                                   const std::string& journal) {
  const std::set<std::string> titles = journal_titles(journal);
  ASSERT_GT(titles.size(), 10u) << "docs/journal/" << journal << " not read";
  std::set<std::string> names;
  for (const nq::detail::TuningRow& row : rows) {
    EXPECT_TRUE(names.insert(row.name).second) << row.name << " twice";
    EXPECT_GT(std::string(row.reason).size(), 10u) << row.name;
    EXPECT_FALSE(std::string(row.tried).empty()) << row.name;
    EXPECT_TRUE(std::string(row.entry) == "none" || titles.count(row.entry))
        << row.name << ": no entry \"" << row.entry << "\" in docs/journal/" << journal;
  }
}

}  // namespace nq::test
