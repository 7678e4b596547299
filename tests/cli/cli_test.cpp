// SPDX-License-Identifier: MIT
// The command-line contract, checked on the built binary: answers on stdout, one-line
// diagnostics on stderr, exit codes 0 / 1 / 2 / 130.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../unit/known_values.hpp"
#include "run.hpp"

using nq::test::run_nqueens;

namespace {

// A bad-usage answer: exit 2, nothing on stdout, exactly one line on stderr that says something.
void expect_usage_error(const nq::test::Run& r, const std::string& needle,
                        const std::string& what) {
  EXPECT_EQ(r.code, 2) << what << "\nstderr: " << r.err;
  EXPECT_EQ(r.out, "") << what;
  ASSERT_FALSE(r.err.empty()) << what;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << what << ": not one line: " << r.err;
  EXPECT_EQ(r.err.rfind("nqueens: ", 0), 0u) << what << ": " << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << what << ": " << r.err;
}

std::string evens_then_odds(std::size_t n) {  // a solution when n mod 6 is 0, 1, 4 or 5
  std::string s;
  for (std::size_t c = 2; c <= n; c += 2) s += std::to_string(c) + ' ';
  for (std::size_t c = 1; c <= n; c += 2) s += std::to_string(c) + ' ';
  return s + '\n';
}

}  // namespace

TEST(cli, count_json_matches_known_values_up_to_15) {
  for (int n = 1; n <= 15; ++n) {
    const auto r = run_nqueens("count " + std::to_string(n) + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["n"], n);
    EXPECT_EQ(j["total"].get<std::uint64_t>(), nq::test::kTotal[n - 1]) << "n = " << n;
    EXPECT_EQ(j["unique"].get<std::uint64_t>(), nq::test::kUnique[n - 1]) << "n = " << n;
    EXPECT_EQ(j["complete"], true);
    EXPECT_TRUE(j["seconds"].is_number());
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one object, one line";
  }
}

TEST(cli, count_prints_a_sentence_and_statistics_apart) {
  const auto r = run_nqueens("count 8");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "8 queens: 92 solutions, 12 unique\n");
  EXPECT_NE(r.err.find("nodes"), std::string::npos);
  EXPECT_EQ(run_nqueens("count 1 -q").out, "1 queen: 1 solution, 1 unique\n");
  EXPECT_EQ(run_nqueens("count 8 --threads 1 --quiet").err, "");
}

TEST(cli, count_can_be_interrupted_and_says_it_is_incomplete) {
  const std::string out = nq::test::temp_file("interrupted", "");
  const std::string ckpt = nq::test::temp_file("interrupted.ckpt", "");
  std::remove(ckpt.c_str());
  // Ctrl-C once the count has begun (its checkpoint is saved just before the first subproblem
  // starts), not after a guessed number of seconds.
  EXPECT_EQ(
      nq::test::run_and_kill("count 20 --engine backtrack --json -t 2 --checkpoint '" + ckpt + "'",
                             "INT", 0.05, out, ckpt),
      130);
  const auto j = nlohmann::json::parse(nq::test::slurp(out));
  EXPECT_EQ(j["complete"], false);
  EXPECT_TRUE(j["unique"].is_null());
  EXPECT_LT(j["subproblems_done"].get<std::uint64_t>(), j["subproblems"].get<std::uint64_t>());
}

TEST(cli, solve_then_verify_says_valid) {
  const auto solved = run_nqueens("solve 8");
  ASSERT_EQ(solved.code, 0);
  EXPECT_EQ(solved.out, "2 4 6 8 3 1 7 5\n");  // the explicit construction
  EXPECT_EQ(run_nqueens("solve 8 --method first").out, "1 5 8 6 3 7 2 4\n");
  EXPECT_EQ(run_nqueens("solve 8 --method backtrack").out, "1 5 8 6 3 7 2 4\n");
  const auto checked = run_nqueens("verify", solved.out);
  EXPECT_EQ(checked.code, 0);
  EXPECT_EQ(checked.out, "valid\n");
  for (const char* format : {"board", "json"}) {
    const auto other = run_nqueens(std::string("solve 8 --format ") + format);
    EXPECT_EQ(run_nqueens("verify", other.out).out, "valid\n") << format;
  }
  EXPECT_EQ(run_nqueens("solve 4 --format board").out, ".Q..\n...Q\nQ...\n..Q.\n");
  EXPECT_EQ(run_nqueens("solve 1").out, "1\n");
}

TEST(cli, solve_says_when_there_is_no_solution) {
  for (const char* args :
       {"2", "3", "2 --method random", "3 --method first", "3 --method backtrack"}) {
    const std::string n(1, args[0]);
    const auto r = run_nqueens(std::string("solve ") + args);
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, std::string("nqueens: there is no solution for n = ") + n + "\n");
  }
}

TEST(cli, verify_names_the_first_attacking_pair) {
  const auto r = run_nqueens("verify", "1 5 8 6 3 7 4 2\n");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "invalid: queens at row 3 column 8 and row 7 column 4 share a diagonal\n");
  const auto col = run_nqueens("verify -", "2 4 2 3");
  EXPECT_EQ(col.code, 1);
  EXPECT_EQ(col.out, "invalid: queens at row 1 column 2 and row 3 column 2 share a column\n");
  const auto j = run_nqueens("verify --json", "1 2");
  EXPECT_EQ(j.code, 1);
  EXPECT_EQ(nlohmann::json::parse(j.out)["attack"]["line"], "diagonal");
  EXPECT_EQ(run_nqueens("verify --quiet", "1 2").out, "");
}

TEST(cli, verify_reads_files_boards_and_json) {
  const std::string file = nq::test::temp_file("board.txt", ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
  EXPECT_EQ(run_nqueens("verify '" + file + "'").out, "valid\n");
  EXPECT_EQ(run_nqueens("verify", R"({"n":4,"perm":[3,1,4,2]})").out, "valid\n");
  EXPECT_EQ(run_nqueens("verify --size 4", "3 1 4 2").code, 0);
  EXPECT_EQ(run_nqueens("verify --format perm", "3 1 4 2").code, 0);
  // LeetCode's list of strings, and a FEN-like board (rows from the top, digits for empty runs).
  EXPECT_EQ(run_nqueens("verify", R"([".Q..","...Q","Q...","..Q."])").out, "valid\n");
  EXPECT_EQ(run_nqueens("verify", "1q2/3q/q3/2q1\n").out, "valid\n");
  EXPECT_EQ(run_nqueens("verify --format fen", "q3/2q1/1q2/3q").out,
            "invalid: queens at row 2 column 3 and row 3 column 2 share a diagonal\n");
  EXPECT_EQ(run_nqueens("render", "1q2/3q/q3/2q1").out, ".Q..\n...Q\nQ...\n..Q.\n");
  expect_usage_error(run_nqueens("verify", "1q2/2qq/q3/2q1"), "FEN: row 2 has 2 queens",
                     "two queens in a FEN row");
}

TEST(cli, verify_handles_a_million_queens) {
  const std::string file = nq::test::temp_file("million.txt", evens_then_odds(1'000'000));
  const auto r = run_nqueens("verify '" + file + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "valid\n");
}

TEST(cli, render_draws_text_unicode_and_well_formed_svg) {
  EXPECT_EQ(run_nqueens("render", "2 4 1 3").out, ".Q..\n...Q\nQ...\n..Q.\n");
  EXPECT_NE(run_nqueens("render --format unicode", "2 4 1 3").out.find("♛"), std::string::npos);
  const std::string svg = nq::test::temp_file("board.svg", "");
  const auto r =
      run_nqueens("render --format svg --title 'Eight queens' -o '" + svg + "'", "1 5 8 6 3 7 2 4");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  const std::string xmllint = std::string("'") + NQ_XMLLINT + "' --noout '" + svg + "'";
  EXPECT_EQ(std::system(xmllint.c_str()), 0) << nq::test::slurp(svg);
  EXPECT_NE(nq::test::slurp(svg).find("<title>Eight queens</title>"), std::string::npos);
}

TEST(cli, help_and_version) {
  for (const char* sub : {"count", "solve", "verify", "render"}) {
    const auto r = run_nqueens(std::string(sub) + " --help");
    EXPECT_EQ(r.code, 0) << sub;
    EXPECT_NE(r.out.find("Example"), std::string::npos) << sub;
    EXPECT_NE(r.out.find(std::string("nqueens ") + sub), std::string::npos) << sub;
  }
  EXPECT_EQ(run_nqueens("--help").code, 0);
  const auto v = run_nqueens("--version");
  EXPECT_EQ(v.code, 0);
  EXPECT_EQ(v.out.rfind("nqueens ", 0), 0u);
}

TEST(cli, bad_board_sizes_are_usage_errors) {
  expect_usage_error(run_nqueens("count"), "N is required", "missing N");
  expect_usage_error(run_nqueens("count -3"), "positive whole number", "negative");
  expect_usage_error(run_nqueens("count 0"), "at least 1", "zero");
  expect_usage_error(run_nqueens("count abc"), "positive whole number, got 'abc'", "not a number");
  expect_usage_error(run_nqueens("count 8.5"), "positive whole number", "fraction");
  expect_usage_error(run_nqueens("count 33"), "too large for count (at most 32)", "too large");
  expect_usage_error(run_nqueens("count 123456789012345678901234567890"), "too large", "enormous");
  expect_usage_error(run_nqueens("count 8 9"), "", "two sizes");
  expect_usage_error(run_nqueens("count 8 --bogus"), "--bogus", "unknown option");
  expect_usage_error(run_nqueens("count 8 --threads x"), "threads", "bad thread count");
  expect_usage_error(run_nqueens("count 8 --threads 100000"), "threads", "too many threads");
  expect_usage_error(run_nqueens("count 8 --threads 0"), "threads", "no threads");
  expect_usage_error(run_nqueens("solve 0"), "at least 1", "solve zero");
  expect_usage_error(run_nqueens("solve 33 --method backtrack"),
                     "too large for solve --method backtrack (at most 32)", "backtrack too large");
  expect_usage_error(run_nqueens("solve 129 --method first"), "(at most 128)", "first too large");
  expect_usage_error(run_nqueens("solve 4294967296"), "(at most 4294967295)",
                     "construct too large");
  expect_usage_error(run_nqueens("solve 5000 --format board"), "too large to draw", "huge board");
  // One digit above a maximum under 9 (the overflow guard's max - digit once wrapped around).
  expect_usage_error(run_nqueens("complete --size 4 --queens 1:5"),
                     "column = 5 is too large for complete --queens (at most 4)", "digit > max");
  expect_usage_error(run_nqueens("solve 8 --method magic"), "magic", "unknown method");
  expect_usage_error(run_nqueens("solve 8 --seed -1"), "--seed", "negative seed");
  expect_usage_error(run_nqueens("solve 8 --timeout 0"), "--timeout", "zero timeout");
  expect_usage_error(run_nqueens("solve 8 --format png"), "png", "solve format");
  expect_usage_error(run_nqueens("solve 8 --method first --threads 0"), "--threads",
                     "solve zero threads");
  expect_usage_error(run_nqueens(""), "subcommand", "no subcommand");
  expect_usage_error(run_nqueens("frobnicate"), "frobnicate", "unknown subcommand");
}

TEST(cli, malformed_placements_are_usage_errors) {
  expect_usage_error(run_nqueens("verify", ""), "empty input", "empty");
  expect_usage_error(run_nqueens("verify", "\n \n"), "empty input", "blank");
  expect_usage_error(run_nqueens("verify", "1 2 x"), "unexpected character 'x'", "stray");
  expect_usage_error(run_nqueens("verify", "2 4 1 5"),
                     "off the board: 4 numbers make a board of columns 1..4", "off the board");
  expect_usage_error(run_nqueens("verify", "0 1 2"), "off the board", "zero column");
  expect_usage_error(run_nqueens("verify", "1 99999999999999999999999999999"), "off the board",
                     "enormous number");
  expect_usage_error(run_nqueens("verify --size -4", "2 4 1 3"), "--size", "negative size");
  expect_usage_error(run_nqueens("verify --size 8", "2 4 1 3"), "expected 8 column numbers, got 4",
                     "wrong count");
  expect_usage_error(run_nqueens("verify", "Q..\n.Q.\n"), "needs 2", "ragged board");
  expect_usage_error(run_nqueens("verify", "QQ\n..\n"), "has 2 queens", "two queens in a row");
  expect_usage_error(run_nqueens("verify", "[1, 2"), "json", "broken json");
  expect_usage_error(run_nqueens("verify", std::string("1 \0 2", 5)), "\\x00", "nul byte");
  expect_usage_error(run_nqueens("verify /nonexistent/file"), "cannot open", "missing file");
  expect_usage_error(run_nqueens("verify /"), "cannot read", "directory");
  expect_usage_error(run_nqueens("render", "1 1 9"), "off the board", "render bad input");
  expect_usage_error(run_nqueens("render --format png", "1"), "png", "render format");
  std::string ones;
  for (int i = 0; i < 5000; ++i) ones += "1 ";
  expect_usage_error(run_nqueens("render", ones), "n = 5000 is too large to draw (at most 4096)",
                     "render too large");
  expect_usage_error(run_nqueens("verify --format board", "2 4 1 3"),
                     "rows of '.' and 'Q': unexpected", "format forced");
}

// All 12 unique solutions for 8 queens on one titled sheet, well-formed SVG.
TEST(cli, enumerate_draws_a_sheet_of_boards) {
  const auto r = run_nqueens("enumerate 8 --unique --format svg");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("<title>All 12 unique solutions for 8 queens</title>"), std::string::npos);
  EXPECT_NE(r.out.find(">1 5 8 6 3 7 2 4</text>"), std::string::npos);
  std::size_t boards = 0;
  for (std::size_t at = r.out.find("xlink:href=\"#squares\""); at != std::string::npos;
       at = r.out.find("xlink:href=\"#squares\"", at + 1)) {
    ++boards;
  }
  EXPECT_EQ(boards, 12u);
  const std::string svg = nq::test::temp_file("sheet.svg", r.out);
  const std::string xmllint = std::string("'") + NQ_XMLLINT + "' --noout '" + svg + "'";
  EXPECT_EQ(std::system(xmllint.c_str()), 0);
  EXPECT_NE(run_nqueens("enumerate 8 --format svg --skip 10 --limit 5")
                .out.find("Solutions 11-15 for 8 queens"),
            std::string::npos);
  EXPECT_EQ(run_nqueens("enumerate 14 --format svg").code, 2);
  EXPECT_EQ(run_nqueens("enumerate 3 --format svg").code, 1);
}

// `info --json` is the library's registry: the names, ranges and defaults the bindings read.
TEST(cli, info_prints_the_registry_the_bindings_read) {
  const auto r = run_nqueens("info --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["limits"]["solve.first"]["high"], 128);
  EXPECT_EQ(doc["defaults"]["trace.first"]["value"], false);
  EXPECT_EQ(doc["choices"]["solve.method"].size(), 4u);
  const auto text = run_nqueens("info");
  EXPECT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("solve.first       1..128"), std::string::npos) << text.out;
}
