// SPDX-License-Identifier: MIT
// `nqueens classic`, `compare` and `infinite` on the built binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run.hpp"

using nq::test::run_nqueens;

TEST(classic_cli, compare_shows_the_textbook_point_for_eight_queens) {
  const auto r = run_nqueens("compare 8 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["methods"].size(), 11u);
  for (const auto& m : j["methods"]) {
    const bool one = m["method"] == "random" || m["method"] == "first";
    EXPECT_EQ(m["mode"], one ? "first" : "count") << m["method"];
    EXPECT_EQ(m["solutions"], one ? 1 : 92) << m["method"];
    EXPECT_FALSE(m.contains("skipped")) << m["method"];
    EXPECT_GE(m["repeats"].get<int>(), 3) << m["method"];  // a median of repeated runs
    EXPECT_GT(m["seconds"].get<double>(), 0) << m["method"];
  }
  EXPECT_EQ(j["methods"][0]["method"], "blind");
  EXPECT_EQ(j["methods"][0]["placements"], 16777216);
  EXPECT_EQ(j["methods"][5]["method"], "permutations");
  EXPECT_EQ(j["methods"][5]["placements"], 40320);
  EXPECT_LT(j["methods"][3]["nodes"].get<int>(), 20000);  // recursive backtracking
  EXPECT_EQ(j["methods"][9]["method"], "random");
  EXPECT_EQ(j["methods"][10]["method"], "first");
  const auto table = run_nqueens("compare 8 --methods blind,permutations,random");
  EXPECT_NE(table.out.find("permutations"), std::string::npos);
  EXPECT_NE(table.out.find("16777216"), std::string::npos);
  EXPECT_NE(table.out.find("random        first"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("the median of one run"), std::string::npos) << table.out;
}

// --first: the nine stop at their first solution too, so every row is mode first with one
// solution; blind tests 1,299,852 boards (up to 1 5 8 6 3 7 2 4), permutations 2,843.
TEST(classic_cli, compare_first_stops_every_method_at_one_solution) {
  const auto r = run_nqueens("compare 8 --first --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["methods"].size(), 11u);
  for (const auto& m : j["methods"]) {
    EXPECT_EQ(m["mode"], "first") << m["method"];
    EXPECT_EQ(m["solutions"], 1) << m["method"];
    EXPECT_FALSE(m.contains("skipped")) << m["method"];
    EXPECT_GE(m["repeats"].get<int>(), 3) << m["method"];  // a median of repeated runs
  }
  EXPECT_EQ(j["methods"][0]["method"], "blind");
  EXPECT_EQ(j["methods"][0]["placements"], 1299852);
  EXPECT_EQ(j["methods"][5]["method"], "permutations");
  EXPECT_EQ(j["methods"][5]["placements"], 2843);
  EXPECT_EQ(j["methods"][3]["placements"], 876);  // recursive, not the 15,720 of counting
  const auto table = run_nqueens("compare 8 --first --methods recursive,random");
  ASSERT_EQ(table.code, 0) << table.err;
  EXPECT_NE(table.out.find("recursive     first"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("first: every method stopped at its first solution."), std::string::npos)
      << table.out;
  EXPECT_EQ(table.out.find("count:"), std::string::npos) << table.out;
}

TEST(classic_cli, compare_skips_what_would_blow_the_budget_and_says_so) {
  const auto r = run_nqueens("compare 10 --budget 1 --methods blind,recursive --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["methods"].size(), 2u);
  EXPECT_NE(j["methods"][0]["skipped"].get<std::string>().find("over the budget"),
            std::string::npos);
  EXPECT_EQ(j["methods"][1]["solutions"], 724);
  EXPECT_NE(run_nqueens("compare 10 --budget 1 --methods blind").out.find("skipped"),
            std::string::npos);
}

TEST(classic_cli, classic_runs_one_method_in_each_mode) {
  const auto all = run_nqueens("classic 6 --method permutations");
  EXPECT_EQ(all.out, "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n");
  EXPECT_NE(all.err.find("720 placements"), std::string::npos) << all.err;
  EXPECT_EQ(run_nqueens("classic 6 --method amb --first").out, "2 4 6 1 3 5\n");
  EXPECT_EQ(run_nqueens("classic 8 --method functional --count").out, "92\n");
  const auto none = run_nqueens("classic 3 --method iterative --first");
  EXPECT_EQ(none.code, 1);
  EXPECT_EQ(nlohmann::json::parse(run_nqueens("classic 4 --method board-scan --json").out)["perms"],
            nlohmann::json({"2 4 1 3", "3 1 4 2"}));
}

TEST(classic_cli, infinite_streams_and_verifies_its_prefixes) {
  const auto k = run_nqueens("infinite 25");
  EXPECT_EQ(k.out, "1 3 5 2 4 11 13 15 12 14 21 23 25 22 24 6 8 10 7 9 16 18 20 17 19\n");
  EXPECT_EQ(run_nqueens("verify", k.out).out, "valid\n");
  EXPECT_EQ(run_nqueens("infinite 3 --one-per-line").out, "1\n3\n5\n");
  const auto checked = run_nqueens("infinite 390625 --verify");
  EXPECT_EQ(checked.code, 0);
  EXPECT_NE(checked.out.find("5^8 = 390625: valid"), std::string::npos);
}

TEST(classic_cli, bad_arguments_are_usage_errors) {
  for (const char* args : {"classic 8 --method magic", "classic 8 --first --count", "classic 0",
                           "compare 8 --methods blind,magic", "compare 8 --budget 0", "infinite 0",
                           "infinite 99999999999", "infinite x"}) {
    const auto r = run_nqueens(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.err.rfind("nqueens: ", 0), 0u) << args << ": " << r.err;
  }
}
