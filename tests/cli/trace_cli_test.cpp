// SPDX-License-Identifier: MIT
// `nqueens trace`: the events a tutorial shows, as text, JSON lines and a self-contained page.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "run.hpp"

using nq::test::run_nqueens;
using nq::test::slurp;
using nq::test::temp_file;

namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t k = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++k;
  return k;
}

// The sentences without the listing's line, which differs from one method's listing to another's.
std::string without_lines(const std::string& text) {
  return std::regex_replace(text, std::regex(", line [0-9]+: "), ": ");
}

}  // namespace

// The 4-queens search as a tutorial tells it: both solutions, and every dead end and backtrack.
TEST(trace_cli, four_queens_all_solutions_as_text) {
  const auto r = run_nqueens("trace 4 --all");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("Step 1, line 9: a queen on row 1, column 1.\n"
                        "Step 2, line 17: row 2, column 1 is attacked by the queen on row 1, "
                        "column 1 (same column).\n"
                        "Step 3, line 17: row 2, column 2 is attacked by the queen on row 1, "
                        "column 1 (same diagonal, \\).\n"
                        "Step 4, line 9: a queen on row 2, column 3.\n",
                        0),
            0u)
      << r.out;
  EXPECT_NE(r.out.find("Step 31, line 6: solution 1: 2 4 1 3.\n"), std::string::npos);
  EXPECT_NE(r.out.find("Step 48, line 6: solution 2: 3 1 4 2.\n"), std::string::npos);
  EXPECT_EQ(count_of(r.out, "\n"), 78u);
  EXPECT_EQ(count_of(r.out, ": a queen on row"), 16u);
  EXPECT_EQ(count_of(r.out, " is attacked by "), 44u);
  EXPECT_EQ(count_of(r.out, ": backtrack: the queen on row"), 16u);
  EXPECT_NE(r.err.find("78 steps: 16 placed, 44 rejected, 16 taken back, 2 solutions"),
            std::string::npos)
      << r.err;
  // The textbook three tell the same story, each from its own lines; --first stops at the first.
  EXPECT_EQ(without_lines(run_nqueens("trace 4 --method iterative").out), without_lines(r.out));
  EXPECT_EQ(without_lines(run_nqueens("trace 4 --method nested").out), without_lines(r.out));
  const auto first = run_nqueens("trace 4 --first");
  EXPECT_EQ(count_of(first.out, "solution"), 1u);
  EXPECT_EQ(first.out.substr(first.out.size() - 21), "solution 1: 2 4 1 3.\n");
}

TEST(trace_cli, jsonl_numbers_every_event_and_ends_with_a_summary) {
  const auto r = run_nqueens("trace 5 --format jsonl --method bitmask");
  ASSERT_EQ(r.code, 0);
  std::istringstream lines(r.out);
  std::uint64_t step = 0, solutions = 0;
  nlohmann::json last;
  for (std::string line; std::getline(lines, line);) {
    last = nlohmann::json::parse(line);
    if (last.contains("summary")) break;
    EXPECT_EQ(last["step"], ++step);
    if (last["event"] == "solution") {
      ++solutions;
      EXPECT_EQ(last["perm"].size(), 5u);
    }
  }
  EXPECT_EQ(last["summary"], true);
  EXPECT_EQ(last["steps"], step);
  EXPECT_EQ(last["solutions"], 10u);
  EXPECT_EQ(solutions, 10u);
  EXPECT_FALSE(last["events"].contains("reject")) << "bitmask tries only safe squares";
  EXPECT_EQ(last["events"]["free"], 44u);  // a mask a node: the checks classic counts
  EXPECT_EQ(last["placements"], 53u);      // as `nqueens classic 5 --method bitmask` reports
  EXPECT_EQ(last["complete"], true);
}

// Every method, with the listing's line and variables under each event, as a tutorial prints
// them; the listing itself; random's trace ends on solve's answer for the same seed.
TEST(trace_cli, every_method_steps_with_its_code) {
  for (const char* method : {"blind", "nested", "iterative", "recursive", "board-scan",
                             "permutations", "amb", "functional", "bitmask", "random", "first"}) {
    const auto r = run_nqueens(std::string("trace 5 --code --max-steps 40 --method ") + method);
    ASSERT_EQ(r.code, 0) << method << ": " << r.err;
    EXPECT_NE(r.out.find("    "), std::string::npos) << method;
    const auto listing = run_nqueens(std::string("trace --listing --method ") + method);
    ASSERT_EQ(listing.code, 0) << method;
    EXPECT_EQ(listing.out.rfind("  1  function ", 0), 0u) << listing.out;
  }
  const auto p = run_nqueens("trace 4 --method permutations --code --max-steps 4");
  EXPECT_EQ(
      p.out,
      "Step 1, line 4: a new candidate board: 1 2 3 4.\n"
      "      4 | if (noSharedDiagonal(p)) report(p);     // only the diagonals are left to test\n"
      "        p = [0, 1, 2, 3]\n"
      "Step 2, line 10: the queens on row 1, column 1 and row 2, column 2 attack each other (same "
      "diagonal, \\): not a solution.\n"
      "     10 | if (Math.abs(p[a] - p[b]) === b - a) return false;\n"
      "        a = 0, b = 1, p = [0, 1, 2, 3]\n"
      "Step 3, line 22: swap rows 3 and 4: the next permutation starts here.\n"
      "     22 | [p[i], p[j]] = [p[j], p[i]];            // swap the two\n"
      "        i = 2, j = 3, p = [0, 1, 3, 2]\n"
      "Step 4, line 23: only row 4 follows the swap: reversing it changes nothing (1 2 4 3).\n"
      "     23 | p.push(...p.splice(i + 1).reverse());   // and reverse what follows\n"
      "        i = 2, p = [0, 1, 3, 2]\n"
      "cut at 4 steps (--max-steps)\n");
  // nested's listing is written out for N (8 without N), a loop a row; each row's events come
  // from its own loop.
  const auto loops = [](const std::string& text) {
    int found = 0;
    for (std::size_t at = text.find("for (cols["); at != std::string::npos;
         at = text.find("for (cols[", at + 1)) {
      ++found;
    }
    return found;
  };
  EXPECT_EQ(loops(run_nqueens("trace 4 --method nested --listing").out), 4);
  EXPECT_EQ(loops(run_nqueens("trace --method nested --listing").out), 8);
  EXPECT_NE(run_nqueens("trace 4 --method nested --listing").out.find("place      line 4 (row 1's"),
            std::string::npos);
  EXPECT_EQ(run_nqueens("trace 33 --method nested --listing").code, 2);
  const auto nested = run_nqueens("trace 4 --method nested --code --max-steps 4");
  EXPECT_EQ(nested.out,
            "Step 1, line 4: a queen on row 1, column 1.\n"
            "      4 | if (!safe(0, cols[0])) continue;                 // attacked from above: "
            "the next column\n"
            "        cols = [0]\n"
            "Step 2, line 19: row 2, column 1 is attacked by the queen on row 1, column 1 (same "
            "column).\n"
            "     19 | if (cols[r] === c || Math.abs(cols[r] - c) === row - r) return false;\n"
            "        row = 1, c = 0, r = 0, cols = [0, 0]\n"
            "Step 3, line 19: row 2, column 2 is attacked by the queen on row 1, column 1 (same "
            "diagonal, \\).\n"
            "     19 | if (cols[r] === c || Math.abs(cols[r] - c) === row - r) return false;\n"
            "        row = 1, c = 1, r = 0, cols = [0, 1]\n"
            "Step 4, line 6: a queen on row 2, column 3.\n"
            "      6 | if (!safe(1, cols[1])) continue;\n"
            "        cols = [0, 2]\n"
            "cut at 4 steps (--max-steps)\n");
  const auto random = run_nqueens("trace 12 --method random --seed 9");
  const auto answer = run_nqueens("solve 12 --method random --seed 9");
  ASSERT_EQ(random.code, 0);
  ASSERT_FALSE(answer.out.empty());
  EXPECT_NE(random.out.find("solution 1: " + answer.out.substr(0, answer.out.size() - 1) + ".\n"),
            std::string::npos)
      << answer.out;
  const auto first = run_nqueens("trace 8 --method first");
  EXPECT_NE(first.out.find("solution 1: 1 5 8 6 3 7 2 4.\n"), std::string::npos);
  EXPECT_EQ(first.out.rfind("Step 1, line 9: probe row 1, column 1: can a board starting so be "
                            "completed?\n",
                            0),
            0u);
}

TEST(trace_cli, boards_and_max_steps) {
  const auto r = run_nqueens("trace 4 --boards --max-steps 3");
  ASSERT_EQ(r.code, 0);
  EXPECT_EQ(r.out,
            "Step 1, line 9: a queen on row 1, column 1.\nQ...\n....\n....\n....\n\n"
            "Step 2, line 17: row 2, column 1 is attacked by the queen on row 1, column 1 (same "
            "column).\nQ...\nx...\n....\n....\n\n"
            "Step 3, line 17: row 2, column 2 is attacked by the queen on row 1, column 1 (same "
            "diagonal, \\).\nQ...\n.x..\n....\n....\n\n"
            "cut at 3 steps (--max-steps)\n");
  const auto j = run_nqueens("trace 6 --format jsonl --max-steps 10");
  EXPECT_NE(j.out.find(R"("cut":true)"), std::string::npos);
  // A reader that goes away ends an endless trace quietly (timeout says 124 if it does not).
  const auto head = nq::test::run_shell(std::string("(timeout 30 '") + NQ_BINARY +
                                        "' trace 20 2>/dev/null; echo \"exit $?\" >&2) | head -2");
  EXPECT_EQ(head.out,
            "Step 1, line 9: a queen on row 1, column 1.\n"
            "Step 2, line 17: row 2, column 1 is attacked by the queen on row 1, column 1 (same "
            "column).\n");
  EXPECT_EQ(head.err, "exit 0\n");
}

// The page carries the whole trace and needs nothing from outside.
TEST(trace_cli, the_page_is_self_contained_and_holds_every_event) {
  const std::string page = temp_file("t8.html", "");
  const auto r = run_nqueens("trace 8 --format html --output '" + page + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string html = slurp(page);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  // References may only point into the page itself (href="#queen", url(#checker)); the one
  // "http:" allowed is the SVG namespace, which names and fetches nothing.
  for (const char* outside : {"https:", "src=", "@import", "fetch(", "XMLHttpRequest"}) {
    EXPECT_EQ(html.find(outside), std::string::npos) << "the page refers to " << outside;
  }
  for (const auto& [ref, inside] : {std::pair<std::string, std::string>{"href=\"", "#"},
                                    {"href='", "#"},
                                    {"url(", "#"},
                                    {"http:", "//www.w3.org/2000/svg"}}) {
    for (std::size_t at = html.find(ref); at != std::string::npos; at = html.find(ref, at + 1)) {
      EXPECT_EQ(html.compare(at + ref.size(), inside.size(), inside), 0)
          << "the page refers outside: " << html.substr(at, 60);
    }
  }
  const std::string open = R"(<script id="trace" type="application/json">)";
  const std::size_t at = html.find(open);
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = html.find("</script>", at);
  const auto data = nlohmann::json::parse(html.substr(at + open.size(), end - at - open.size()));
  EXPECT_EQ(data["n"], 8);
  EXPECT_EQ(data["events"].size(), 17868u);
  // Each event is [its numbers in data["fields"]' order..., board, vars].
  std::size_t kind = 0;
  while (data["fields"][kind] != "kind") ++kind;
  std::size_t solutions = 0;
  for (const auto& e : data["events"]) solutions += data["kinds"][e[kind].get<int>()] == "solution";
  EXPECT_EQ(solutions, 92u);
  EXPECT_EQ(data["cut"], false);
  const std::string cut = temp_file("cut.html", "");
  ASSERT_EQ(run_nqueens("trace 8 --format html --max-steps 50 -o '" + cut + "'").code, 0);
  const std::string cut_page = slurp(cut);
  EXPECT_NE(cut_page.find(R"("cut":true,"max_steps":50)"), std::string::npos);
  EXPECT_NE(cut_page.find("50 steps, cut</h1>"), std::string::npos);
  // Every method makes a page; the player and its style are in it, and nothing else is asked for.
  for (const char* method : {"blind", "permutations", "amb", "functional", "random", "first"}) {
    const std::string file = temp_file(std::string(method) + ".html", "");
    ASSERT_EQ(
        run_nqueens(std::string("trace 5 --format html -o '") + file + "' --method " + method).code,
        0)
        << method;
    const std::string html = slurp(file);
    EXPECT_NE(html.find("createPlayer"), std::string::npos) << method;
    EXPECT_NE(html.find(std::string("\"method\":\"") + method + "\""), std::string::npos);
  }
}

TEST(trace_cli, refuses_what_it_cannot_do) {
  for (const char* args :
       {"trace 0", "trace 33", "trace", "trace 8 --method bogus", "trace 3 --method random",
        "trace 8 --format html", "trace 8 --format jsonl --boards", "trace 8 --format html --code",
        "trace 8 --first --all", "trace 8 --max-steps 0", "trace --listing --method bogus"}) {
    const auto r = run_nqueens(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.err;
  }
}
