// SPDX-License-Identifier: MIT
// `nqueens complete` and `nqueens instance`: the forms of input, the exit codes, and the round
// trip through a real SAT solver (Debian's cadical) agreeing with our own search.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "run.hpp"

using nq::test::run_nqueens;
using nq::test::run_shell;
using nq::test::slurp;
using nq::test::temp_file;

namespace {

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// True if `perm` (1-based, one line) is a solution that keeps the given queens.
bool valid_and_keeps(const std::string& perm, const std::vector<std::pair<int, int>>& queens) {
  if (run_nqueens("verify -q", perm).code != 0) return false;
  std::istringstream in(perm);
  std::vector<int> col;
  for (int c; in >> c;) col.push_back(c);
  for (auto [r, c] : queens) {
    if (r > static_cast<int>(col.size()) || col[r - 1] != c) return false;
  }
  return true;
}

// True if `perm` is a solution with every Q square of the instance text and no X square.
bool extends(const std::string& perm, const std::string& instance) {
  if (run_nqueens("verify -q", perm).code != 0) return false;
  std::istringstream cols(perm), items(instance);
  std::vector<int> col;
  for (int c; cols >> c;) col.push_back(c);
  for (std::string line; std::getline(items, line);) {
    std::istringstream words(line);
    std::string kind, sign;
    int r = 0, c = 0;
    if (line.rfind("D ", 0) == 0) {  // D + sum, D - difference: no queen on it
      int value = 0;
      words >> kind >> sign >> value;
      for (int row = 1; row <= static_cast<int>(col.size()); ++row) {
        const int at = sign == "+" ? row + col[row - 1] : row - col[row - 1];
        if (at == value) return false;
      }
      continue;
    }
    if (!(words >> kind >> r >> c)) continue;
    if (kind == "Q" && col[r - 1] != c) return false;
    if (kind == "X" && col[r - 1] == c) return false;
  }
  return true;
}

// Our answer and CaDiCaL's on our CNF for `instance` (its text); the model, read back, must be
// a completion. Counts the completable and the others.
void agree_with_cadical(const std::string& instance, const std::string& label, int& sat,
                        int& unsat) {
  const std::string in = temp_file("rt.txt", instance);
  const auto ours = run_nqueens("complete '" + in + "'");
  ASSERT_TRUE(ours.code == 0 || ours.code == 1) << ours.err;
  const std::string cnf = temp_file("rt.cnf", run_nqueens("complete '" + in + "' --to-dimacs").out);
  const std::string model = temp_file("rt.model", "");
  const auto solver =
      run_shell(std::string("'") + NQ_CADICAL + "' -q '" + cnf + "' > '" + model + "'");
  ASSERT_TRUE(solver.code == 10 || solver.code == 20) << solver.err;
  EXPECT_EQ(solver.code == 10, ours.code == 0) << label;
  const auto back = run_nqueens("complete '" + in + "' --from-model '" + model + "'");
  EXPECT_EQ(back.code, ours.code) << back.err;
  if (back.code == 0) {
    EXPECT_TRUE(extends(back.out, instance))
        << label << ": the model's placement does not extend the instance";
    EXPECT_TRUE(extends(ours.out, instance)) << label << ": ours does not extend the instance";
    ++sat;
  } else {
    EXPECT_EQ(back.out, "no completion\n");
    ++unsat;
  }
}

}  // namespace

TEST(complete_cli, inline_file_and_stdin_forms) {
  auto r = run_nqueens("complete --size 8 --queens 1:1,2:5");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(valid_and_keeps(r.out, {{1, 1}, {2, 5}})) << r.out;
  const std::string file = temp_file("inst.txt", "# two queens\n8\nQ 1 1\nQ 2 5\nX 3 7\n");
  r = run_nqueens("complete '" + file + "'");
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(valid_and_keeps(r.out, {{1, 1}, {2, 5}}));
  EXPECT_EQ(r.out, run_nqueens("complete -", "8\nQ 1 1\nQ 2 5\nX 3 7\n").out) << "not reproducible";
  EXPECT_EQ(run_nqueens("complete --size 8 --queens 1:1 --count").out, "4\n");
  r = run_nqueens("complete --size 8 --queens 1:1 --all");
  EXPECT_EQ(lines(r.out), 4u);
  std::istringstream each(r.out);
  for (std::string line; std::getline(each, line);) EXPECT_TRUE(valid_and_keeps(line, {{1, 1}}));
  EXPECT_EQ(run_nqueens("complete --size 10 --count").out, "724\n");
  // A file plus inline squares.
  EXPECT_EQ(run_nqueens("complete '" + file + "' --count").out, "1\n");
  r = run_nqueens("complete '" + file + "' --blocked 3:8 --count");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "0\n");
}

TEST(complete_cli, no_completion_exits_1) {
  auto r = run_nqueens("complete -", "8\nQ 1 1\nQ 2 3\nQ 3 5\nQ 4 2\n");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "no completion\n");
  r = run_nqueens("complete --size 3");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(run_nqueens("complete --size 3 --count").out, "0\n");
  EXPECT_EQ(run_nqueens("complete --size 3 --all").code, 1);
}

TEST(complete_cli, bad_instances_exit_2_naming_the_line) {
  const std::pair<const char*, const char*> cases[] = {
      {"8\nQ 1 1\nQ 2 2\n", "line 3"}, {"8\nQ 9 1\n", "line 2"}, {"8\nX 1 1\nX 1 1\n", "line 3"},
      {"8\nQ 1 1 1\n", "line 2"},      {"garbage\n", "line 1"},  {"\n", "line 1"},
      {"8\nX 1 1\nQ 1 1\n", "line 3"}};
  for (const auto& [text, where] : cases) {
    const auto r = run_nqueens("complete -", text);
    EXPECT_EQ(r.code, 2) << text;
    EXPECT_NE(r.err.find(where), std::string::npos) << text << " -> " << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
  for (const char* args :
       {"complete --size 8 --queens 1:1,2:2", "complete --size 8 --queens 9:1",
        "complete --size 8 --queens 1-1", "complete --size 8 --count --all", "complete --size 0",
        "instance 0", "instance 8 --queens 9", "complete /nonexistent/file"}) {
    const auto r = run_nqueens(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.err;
  }
}

// Numbers the generator cannot honour are refused at once (each of these once hung or would run
// for hours or allocate hundreds of GiB): a --blocked whose sum with --queens wraps around, more
// squares than the board has, a placement that needs n^2 per queen, a list larger than memory.
TEST(complete_cli, instance_refuses_what_it_cannot_do) {
  const std::pair<const char*, const char*> cases[] = {
      {"instance 12 --queens 4 --blocked 18446744073709551615", "more than the 140 squares"},
      {"instance 12 --queens 4 --blocked 18446744073709551612", "more than the 140 squares"},
      {"instance 12 --queens 4 --blocked 141", "more than the 140 squares"},
      {"instance 100000 --queens 100000", "would take about"},
      {"instance 100000 --queens 1 --blocked 9999999999", "of memory"}};
  for (const auto& [args, message] : cases) {
    const auto r = run_nqueens(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << " -> " << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
  // The edge itself is allowed: every free square blocked.
  const auto full = run_nqueens("instance 12 --queens 4 --blocked 140");
  EXPECT_EQ(full.code, 0) << full.err;
  EXPECT_EQ(run_nqueens("complete -", full.out).out, "no completion\n");
}

TEST(complete_cli, timeout_gives_up_and_says_so) {
  const auto r = run_nqueens("complete --size 40 --count --timeout 0.3");
  EXPECT_EQ(r.code, 124);
  EXPECT_NE(r.err.find("gave up after 0.3 s"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(complete_cli, instances_are_reproducible_and_complete) {
  const auto a = run_nqueens("instance 40 --queens 12 --blocked 30 --seed 9");
  EXPECT_EQ(a.code, 0);
  EXPECT_EQ(a.out, run_nqueens("instance 40 --queens 12 --blocked 30 --seed 9").out);
  EXPECT_NE(a.out, run_nqueens("instance 40 --queens 12 --blocked 30 --seed 10").out);
  EXPECT_EQ(std::count(a.out.begin(), a.out.end(), 'Q'), 12);
  EXPECT_EQ(std::count(a.out.begin(), a.out.end(), 'X'), 30);
  const auto r = run_nqueens("complete -", a.out);
  EXPECT_TRUE(r.code == 0 || r.code == 1) << r.err;
}

// A large board with few queens given, where a single step of the exhaustive search costs
// O(n^2 / 64): the local search's turn completes it (queens kept, blocked squares avoided),
// while --exhaustive alone gives up at its timeout, naming what it did.
TEST(complete_cli, large_boards_with_few_queens_complete_by_local_search) {
  const auto instance = run_nqueens("instance 100000 --queens 1666 --blocked 100000 --seed 5");
  ASSERT_EQ(instance.code, 0) << instance.err;
  const std::string in = temp_file("big.txt", instance.out);
  const auto r = run_nqueens("complete '" + in + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(lines(r.out), 1u);
  EXPECT_TRUE(extends(r.out, instance.out));
  EXPECT_EQ(run_nqueens("complete '" + in + "'").out, r.out) << "not reproducible";
  const auto exhaustive = run_nqueens("complete '" + in + "' --exhaustive --timeout 0.5");
  EXPECT_EQ(exhaustive.code, 124);
  EXPECT_NE(exhaustive.err.find("gave up after 0.5 s"), std::string::npos) << exhaustive.err;
  const auto tiny = run_nqueens("complete --size 2000 --queens 1:5 --timeout 0.5");
  EXPECT_EQ(tiny.code, 0) << tiny.err;
}

// Our answer and CaDiCaL's on our CNF agree (completion or none) on random instances across the
// phase transition, and every model turns back into a valid completion of the instance.
TEST(complete_cli, dimacs_round_trip_through_cadical_agrees) {
  int sat = 0, unsat = 0;
  for (int n : {8, 10, 12, 16}) {
    for (int seed = 1; seed <= 12; ++seed) {
      const int queens = (seed % 4) * n / 8, blocked = (seed % 3) * n;
      agree_with_cadical(
          run_nqueens("instance " + std::to_string(n) + " --queens " + std::to_string(queens) +
                      " --blocked " + std::to_string(blocked) + " --seed " + std::to_string(seed))
              .out,
          "n = " + std::to_string(n) + ", seed " + std::to_string(seed), sat, unsat);
    }
  }
  EXPECT_GT(sat, 5);
  EXPECT_GT(unsat, 5);
  // A model that is not a completion is refused.
  const std::string in = temp_file("bad.txt", "4\nQ 1 2\n");
  const std::string wrong = temp_file("bad.model", "s SATISFIABLE\nv 1 8 10 15 0\n");
  EXPECT_EQ(run_nqueens("complete '" + in + "' --from-model '" + wrong + "'").code, 2);
  const std::string junk = temp_file("junk.model", "hello\n");
  EXPECT_EQ(run_nqueens("complete '" + in + "' --from-model '" + junk + "'").code, 2);
}

// The Blocked n-Queens and Excluded Diagonals families near their transitions (about 6.5 open
// squares a row; about 0.9n diagonals): our answers and CaDiCaL's agree, the instances are the
// same for the same seed, and bad parameters are refused with one line and exit 2.
TEST(complete_cli, families_agree_with_cadical_and_refuse_bad_parameters) {
  int sat = 0, unsat = 0;
  for (int n : {10, 14, 18}) {
    for (int seed = 1; seed <= 6; ++seed) {
      const std::string blocked = "instance " + std::to_string(n) + " --family blocked --blocked " +
                                  std::to_string(n * n - (5 + seed % 3) * n) + " --seed " +
                                  std::to_string(seed);
      const std::string diagonals =
          "instance " + std::to_string(n) + " --family diagonals --diagonals " +
          std::to_string(n - 3 + seed % 4) + " --seed " + std::to_string(seed);
      for (const std::string& command : {blocked, diagonals}) {
        const auto a = run_nqueens(command);
        ASSERT_EQ(a.code, 0) << command << ": " << a.err;
        EXPECT_EQ(a.out, run_nqueens(command).out) << command;
        EXPECT_NE(a.out.find("# nqueens " + command.substr(0, command.find(" --seed"))),
                  std::string::npos)
            << a.out.substr(0, 120);
        agree_with_cadical(a.out, command, sat, unsat);
      }
    }
  }
  EXPECT_GT(sat, 5);
  EXPECT_GT(unsat, 5);
  const std::pair<const char*, const char*> bad[] = {
      {"instance 8 --family rooks", "--family"},
      {"instance 5000 --family blocked --blocked 3", "at most 4096"},
      {"instance 8 --family blocked --blocked 57", "more than the 56 squares"},
      {"instance 8 --family blocked --blocked 18446744073709551615", "more than the 56 squares"},
      {"instance 8 --family blocked --queens 2", "--queens is for --family queens"},
      {"instance 8 --family blocked --diagonals 2", "--diagonals is for --family diagonals"},
      {"instance 8 --family diagonals --blocked 2", "--blocked is for"},
      {"instance 8 --family diagonals --diagonals 31", "more than the 30 diagonals"},
      {"instance 8 --family diagonals --diagonals 29", "diagonals can be excluded"},
      {"instance 8 --family diagonals --min-free 9", "more than the 8 squares"},
      {"instance 8 --queens 2 --min-free 2", "--min-free is for"},
      {"instance 8 --diagonals 2", "--diagonals is for"},
  };
  for (const auto& [args, message] : bad) {
    const auto r = run_nqueens(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(lines(r.err), 1u) << args << ": " << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
}
