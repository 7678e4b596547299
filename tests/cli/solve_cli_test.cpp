// SPDX-License-Identifier: MIT
// `nqueens solve` methods and formats, and `verify --binary`, on the built binary.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "durable_file.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"
#include "nqueens/version.hpp"
#include "run.hpp"

using nq::test::run_nqueens;

namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

std::string le32(std::initializer_list<std::uint32_t> columns) {
  std::string bytes;
  for (std::uint32_t c : columns) {
    for (int k = 0; k < 4; ++k) bytes += static_cast<char>(c >> (8 * k) & 0xFF);
  }
  return bytes;
}

}  // namespace

TEST(solve_cli, every_method_gives_a_valid_placement) {
  for (const char* method : {"construct", "random", "first", "backtrack"}) {
    for (int n : {1, 4, 5, 8, 13, 20}) {
      const auto r = run_nqueens("solve " + std::to_string(n) + " --method " + method);
      ASSERT_EQ(r.code, 0) << method << " " << n << ": " << r.err;
      EXPECT_TRUE(nq::is_solution(nq::read_perm(r.out, {.expected_size = std::size_t(n)})))
          << method << " " << n;
    }
  }
}

TEST(solve_cli, formats_one_per_line_json_and_binary) {
  EXPECT_EQ(run_nqueens("solve 4 --one-per-line").out, "2\n4\n1\n3\n");
  EXPECT_EQ(nlohmann::json::parse(run_nqueens("solve 4 --format json").out)["perm"],
            nlohmann::json({2, 4, 1, 3}));
  EXPECT_EQ(run_nqueens("solve 4 --format binary").out, le32({1, 3, 0, 2}));
  EXPECT_NE(run_nqueens("solve 8 --format svg").out.find("<svg"), std::string::npos);
}

TEST(solve_cli, random_is_reproducible_and_varies_with_the_seed) {
  const auto a = run_nqueens("solve 200 --method random --seed 5");
  const auto b = run_nqueens("solve 200 --method random --seed 5");
  const auto c = run_nqueens("solve 200 --method random --seed 6");
  ASSERT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  EXPECT_EQ(run_nqueens("verify", c.out).out, "valid\n");
}

TEST(solve_cli, large_boards_stream_through_binary_verify) {
  const std::string construct = nq::test::temp_file("construct.bin", "");
  ASSERT_EQ(std::system((std::string("'") + NQ_BINARY + "' solve 3000001 --format binary > " +
                         quoted(construct))
                            .c_str()),
            0);
  EXPECT_EQ(run_nqueens("verify --binary " + quoted(construct)).out, "valid\n");
  const auto random = run_nqueens("solve 100000 --method random --seed 3 --format binary");
  ASSERT_EQ(random.code, 0);
  EXPECT_EQ(random.out.size(), 400000u);
  EXPECT_EQ(run_nqueens("verify --binary", random.out).out, "valid\n");  // from stdin
  EXPECT_EQ(run_nqueens("verify --binary --size 100000", random.out).code, 0);
}

TEST(solve_cli, binary_verify_names_the_pair_and_rejects_bad_input) {
  const std::string broken = nq::test::temp_file("broken.bin", le32({1, 3, 0, 2, 0}));
  // A 5-queen file whose last queen shares column 1 with row 3.
  const auto file = run_nqueens("verify --binary " + quoted(broken));
  EXPECT_EQ(file.code, 1);
  EXPECT_EQ(file.out, "invalid: queens at row 3 column 1 and row 5 column 1 share a column\n");
  EXPECT_EQ(run_nqueens("verify --binary", le32({1, 3, 0, 2, 0})).out, file.out);  // stdin
  for (const std::string& bad : {std::string(), std::string("abc"), le32({0, 5})}) {
    const auto r = run_nqueens("verify --binary", bad);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.err.rfind("nqueens: binary: ", 0), 0u) << r.err;
  }
  EXPECT_EQ(run_nqueens("verify --binary --size 3", le32({1, 3, 0, 2})).code, 2);
}

// n = 40 is the largest size the issue asks for; the answer must be a solution, and the same on
// one thread as on four.
TEST(solve_cli, first_solves_forty_on_any_number_of_threads) {
  const auto one = run_nqueens("solve 40 --method first --threads 1");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(run_nqueens("verify", one.out).code, 0) << one.out;
  EXPECT_EQ(run_nqueens("solve 40 --method first --threads 4").out, one.out);
}

TEST(solve_cli, first_gives_up_at_the_timeout) {
  const auto r = run_nqueens("solve 64 --method first --timeout 0.5");
  EXPECT_EQ(r.code, 124);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("nqueens: gave up after 0.5 s", 0), 0u) << r.err;
}

TEST(solve_cli, refuses_what_memory_cannot_hold_before_allocating) {
  const auto r = run_nqueens("solve 4294967295 --method random");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("needs about 80.0 GiB of memory"), std::string::npos) << r.err;
}

// --method first as a long run: the JSON report, a proof that audit-first accepts and a damaged
// one that it refuses, checkpoints that survive kill -9 and SIGTERM, and what it refuses.
namespace {

using nq::test::run_and_kill;
using nq::test::slurp;
using nq::test::temp_file;

nlohmann::json first_json(const std::string& args) {
  const auto r = run_nqueens("solve " + args + " --method first --json -q");
  EXPECT_EQ(r.code, 0) << args << ": " << r.err;
  return nlohmann::json::parse(r.out);
}

std::string perm_of(const nlohmann::json& j) {
  std::string s;
  for (const auto& c : j["solution"]) s += (s.empty() ? "" : " ") + c.dump();
  return s + "\n";
}

}  // namespace

TEST(solve_cli, first_reports_each_row_in_json) {
  const auto j = first_json("30");
  EXPECT_EQ(perm_of(j), run_nqueens("solve 30 --method first").out);
  ASSERT_EQ(j["rows"].size(), 30u);
  std::uint64_t nodes = 0;
  for (std::size_t r = 0; r < 30; ++r) {
    EXPECT_EQ(j["rows"][r]["row"], r + 1);
    EXPECT_EQ(j["rows"][r]["column"], j["solution"][r]);
    EXPECT_EQ(j["rows"][r]["probed"].get<int>(), j["rows"][r]["refuted_at_once"].get<int>() +
                                                     j["rows"][r]["refuted_by_search"].get<int>());
    nodes += j["rows"][r]["nodes"].get<std::uint64_t>();
  }
  EXPECT_EQ(j["nodes"], nodes);
  const auto none = run_nqueens("solve 3 --method first --json");
  EXPECT_EQ(none.code, 1);
  EXPECT_EQ(nlohmann::json::parse(none.out)["solution"].size(), 0u);
}

TEST(solve_cli, first_writes_a_proof_that_audit_first_accepts) {
  const std::string proof = temp_file("n33.proof", "");
  const auto r = run_nqueens("solve 33 --method first --threads 2 --proof " + quoted(proof));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string text = slurp(proof);
  ASSERT_EQ(text.rfind("nqueens-first-proof 1\nn 33\n", 0), 0u) << text.substr(0, 100);
  EXPECT_NE(text.find("\nA " + r.out), std::string::npos) << "the answer line";
  const auto audit = run_nqueens("audit-first " + quoted(proof) + " --sample 1000 --seed 5");
  EXPECT_EQ(audit.code, 0) << audit.out << audit.err;
  EXPECT_NE(audit.out.find("ok, no placement smaller"), std::string::npos) << audit.out;
  EXPECT_NE(audit.out.find("seed 5"), std::string::npos) << audit.out;

  // Each refuted step, taken out in turn, leaves a hole the audit names, or was not needed.
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  int holes = 0;
  for (std::size_t i = 0; i < lines.size() && holes < 3; ++i) {
    if (lines[i].rfind("X ", 0) != 0) continue;
    std::string without;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      if (k != i) without += lines[k] + "\n";
    }
    const auto a =
        run_nqueens("audit-first " + quoted(temp_file("holed.proof", without)) + " --sample 0");
    if (a.code == 1) {
      ++holes;
      EXPECT_NE(a.out.find("NOT COVERED"), std::string::npos) << a.out;
    } else {
      EXPECT_EQ(a.code, 0) << a.out << a.err;
    }
  }
  EXPECT_EQ(holes, 3);

  // Another answer, not a solution: refused with exit 1.
  std::string wrong = text.substr(0, text.find("\nA ") + 1) + "A";
  for (int c = 1; c <= 33; ++c) wrong += " " + std::to_string(c);
  EXPECT_EQ(run_nqueens("audit-first " + quoted(temp_file("wrong.proof", wrong + "\n"))).code, 1);
  // Not a proof at all, or missing: one line, exit 2.
  for (const std::string& bad :
       {std::string("hello\n"), std::string("nqueens-first-proof 1\nn 8\nX 9 1 0\n"),
        std::string("nqueens-first-proof 1\nn 8\n")}) {
    const auto b = run_nqueens("audit-first " + quoted(temp_file("bad.proof", bad)));
    EXPECT_EQ(b.code, 2) << bad;
    EXPECT_EQ(std::count(b.err.begin(), b.err.end(), '\n'), 1) << b.err;
  }
  EXPECT_EQ(run_nqueens("audit-first /nonexistent/n8.proof").code, 2);
}

// kill -9 part way, then the same command: the uninterrupted answer, the rows already settled
// taken from the checkpoint, and a proof (from the steps of both runs) that audit-first accepts.
TEST(solve_cli, first_resumes_after_kill_9) {
  const std::string ckpt = temp_file("first.ckpt", "");
  std::remove(ckpt.c_str());
  std::remove((ckpt + ".journal").c_str());
  const std::string proof = temp_file("first.proof", "");
  const std::string args = "solve 36 --method first --threads 1 -q --checkpoint " + quoted(ckpt) +
                           " --checkpoint-every 1000 --proof " + quoted(proof);
  ASSERT_EQ(run_and_kill(args, "9", 0.5, temp_file("first.out", ""), ckpt + ".journal"), 128 + 9)
      << "the run ended before it was killed";
  const std::string journal = slurp(ckpt + ".journal");
  ASSERT_EQ(journal.rfind("nqueens-first-journal 1 ", 0), 0u) << journal.substr(0, 100);
  const auto resumed = run_nqueens(args + " --json");
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  const auto j = nlohmann::json::parse(resumed.out);
  int rows_resumed = 0;
  for (const auto& row : j["rows"]) rows_resumed += row["resumed"].get<bool>();
  EXPECT_GT(rows_resumed, 0) << "nothing was resumed";
  EXPECT_EQ(perm_of(j), run_nqueens("solve 36 --method first").out);
  std::ifstream gone(ckpt + ".journal");
  EXPECT_FALSE(gone) << "a finished run leaves no journal behind";
  const auto audit = run_nqueens("audit-first " + quoted(proof) + " --sample 5 --budget 1000000");
  EXPECT_EQ(audit.code, 0) << audit.out << audit.err;
  // The finished checkpoint answers again without searching.
  const auto again = nlohmann::json::parse(run_nqueens(args + " --json").out);
  EXPECT_EQ(again["solution"], j["solution"]);
  for (const auto& row : again["rows"]) EXPECT_TRUE(row["resumed"].get<bool>());
}

// A checkpoint whose checksum is right but whose steps cannot be a run's is refused as bad input,
// and no answer is printed: fuzz_first_checkpoint's find, row 2's column 5 "completed" by a
// placement that is no solution, which the resumed run used to print as its answer.
TEST(solve_cli, first_refuses_a_checkpoint_whose_completion_is_not_a_solution) {
  std::string checksum;
  const std::string forged =
      nqcli::with_checksum("nqueens-first-checkpoint 1\nversion " + std::string(nq::kVersion) +
                               "\nn 8\nC 2 5 1 5 8 6 3 4 2 4\n",
                           checksum);
  const std::string path = temp_file("forged.first.ckpt", forged);
  const auto r = run_nqueens("solve 8 --method first -q --checkpoint " + quoted(path));
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("C 2 5 1 5 8 6 3 4 2 4"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

TEST(solve_cli, first_saves_on_sigterm_and_refuses_foreign_checkpoints) {
  const std::string ckpt = temp_file("term.first.ckpt", "");
  std::remove(ckpt.c_str());
  const std::string args = "solve 36 --method first --threads 2 -q --checkpoint " + quoted(ckpt);
  EXPECT_EQ(run_and_kill(args, "TERM", 0.3, temp_file("term.first.out", ""), ckpt + ".journal"),
            130);
  const std::string saved = slurp(ckpt);
  ASSERT_EQ(saved.rfind("nqueens-first-checkpoint 1\n", 0), 0u) << saved.substr(0, 100);
  EXPECT_NE(saved.find("\nR 1 1 "), std::string::npos) << "row 1 was settled before the stop";
  for (const char* other : {"solve 35 --method first", "count 12"}) {
    const auto r = run_nqueens(std::string(other) + " --checkpoint " + quoted(ckpt));
    EXPECT_EQ(r.code, 2) << other;
    EXPECT_NE(r.err.find("left untouched"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(ckpt), saved);
  }
  std::string damaged = saved;
  damaged[damaged.find("\nR 1 1 ") + 3] = '2';
  const std::string bad = temp_file("damaged.first.ckpt", damaged);
  const auto r = run_nqueens("solve 36 --method first --checkpoint " + quoted(bad));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("damaged"), std::string::npos) << r.err;
  // The timeout saves too and exits 124. n = 64 takes about a minute on two cores, so the
  // timeout comes first (docs/journal/tests.md, "A timeout that the search must not beat").
  const std::string timeout_ckpt = temp_file("timeout.first.ckpt", "");
  std::remove(timeout_ckpt.c_str());
  const auto timed =
      run_nqueens("solve 64 --method first -q --timeout 0.5 --checkpoint " + quoted(timeout_ckpt));
  EXPECT_EQ(timed.code, 124);
  EXPECT_NE(timed.err.find("saved in"), std::string::npos) << timed.err;

  // --estimate reads that checkpoint, leaves it as it was (and no lock file), and projects what
  // is left in the probe where it stands, or says that paths found a completion there (where the
  // run stood after 0.5 s, the column is often live; estimate_first's tests cover both cases).
  const std::string before = slurp(timeout_ckpt);
  const std::string estimate =
      "solve 64 --method first --estimate 20 --threads 2 --checkpoint " + quoted(timeout_ckpt);
  const auto json = run_nqueens(estimate + " --json");
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_TRUE(j["open"].get<bool>());
  EXPECT_GE(j["row"].get<int>(), 1);
  EXPECT_GE(j["column"].get<int>(), 1);
  EXPECT_EQ(j["paths"].get<int>(), 20);
  EXPECT_EQ(j["threads"].get<int>(), 2);
  EXPECT_GT(j["nodes_per_second"].get<double>(), 0);
  EXPECT_GE(j["nodes"].get<double>(), 0);
  const auto text = run_nqueens(estimate);
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("first 64: row ", 0), 0u) << text.out;
  if (j["completions"].get<int>() > 0) {
    EXPECT_FALSE(j.contains("seconds")) << "no projection for a live column";
    EXPECT_NE(text.out.find(" of 20 paths ended in a completion, so the column has one"),
              std::string::npos)
        << text.out;
  } else {
    EXPECT_GE(j["seconds"].get<double>(), 0);
    EXPECT_NE(text.out.find("(Knuth's estimator, 20 paths)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find(" on 2 threads, if the column has no completion"), std::string::npos)
        << text.out;
  }
  EXPECT_EQ(slurp(timeout_ckpt), before);
  EXPECT_FALSE(std::ifstream(timeout_ckpt + ".lock")) << "the lock file is left behind";
}

// --full searches every piece again, on the threads asked for, and fails on a piece over the
// budget; it catches a refutation that is false even when the cover is complete.
TEST(solve_cli, audit_first_full_searches_every_piece_again) {
  const std::string proof = temp_file("full33.proof", "");
  ASSERT_EQ(run_nqueens("solve 33 --method first -q --proof " + quoted(proof)).code, 0);
  const auto full = run_nqueens("audit-first " + quoted(proof) + " --full --threads 2 -q");
  EXPECT_EQ(full.code, 0) << full.out << full.err;
  EXPECT_NE(full.out.find("full audit: all "), std::string::npos) << full.out;
  EXPECT_NE(full.out.find("ok (full audit), no placement smaller"), std::string::npos) << full.out;
  EXPECT_EQ(full.err, "");
  const auto starved = run_nqueens("audit-first " + quoted(proof) + " --full --budget 1 -q");
  EXPECT_EQ(starved.code, 1) << starved.out;
  EXPECT_NE(starved.out.find("NOT CHECKED: "), std::string::npos) << starved.out;
  EXPECT_NE(starved.out.find(" over the budget, the first row "), std::string::npos) << starved.out;
  EXPECT_EQ(run_nqueens("audit-first " + quoted(proof) + " --full --sample 5").code, 2);

  // n = 8: the second solution claimed first, every smaller probe "refuted" in one node. The
  // probe row 2 column 5 holds the true first solution, 1 5 8 6 3 7 2 4.
  const std::vector<int> second = {1, 6, 8, 3, 7, 4, 2, 5};
  std::string forged = "nqueens-first-proof 1\nn 8\n";
  for (int row = 0; row < 8; ++row) {
    for (int col = 1; col < second[static_cast<std::size_t>(row)]; ++col) {
      forged += "X " + std::to_string(row + 1) + " " + std::to_string(col) + " 1\n";
    }
  }
  forged += "A 1 6 8 3 7 4 2 5\n";
  const auto caught =
      run_nqueens("audit-first " + quoted(temp_file("forged8.proof", forged)) + " --full");
  EXPECT_EQ(caught.code, 1) << caught.out;
  EXPECT_NE(caught.out.find("WRONG: a piece the proof says is refuted has a solution: row 2 "
                            "column 5"),
            std::string::npos)
      << caught.out;
}

TEST(solve_cli, first_only_options_are_refused_elsewhere) {
  for (const char* args :
       {"solve 8 --proof p", "solve 8 --method random --checkpoint c",
        "solve 8 --method backtrack --json", "solve 8 --method first --json --format board",
        "solve 129 --method first --proof p", "audit-first", "audit-first x --sample -1",
        "solve 8 --estimate 10 --checkpoint c", "solve 8 --method first --estimate 10",
        "solve 8 --method first --estimate 0 --checkpoint c",
        "solve 8 --method first --estimate 5 --checkpoint c --proof p",
        "solve 8 --method first --estimate 5 --checkpoint /nonexistent/c"}) {
    const auto r = run_nqueens(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

// On a terminal the progress line comes by default, rewritten in place: the row, its open
// column with the share refuted, the prefix. `script` gives the run a terminal.
TEST(solve_cli, first_shows_its_progress_on_a_terminal) {
  if (nq::test::run_shell("command -v script").code != 0) GTEST_SKIP() << "no script(1)";
  const auto r = nq::test::run_shell(std::string("script -qec \"'") + NQ_BINARY +
                                     "' solve 36 --method first --threads 1\" /dev/null");
  ASSERT_EQ(r.code, 0) << r.err;
  // Which row the line shows depends on the timing (restarts settle rows 11 and 12 early).
  EXPECT_NE(r.out.find("\rfirst 36: row 1"), std::string::npos) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find("% refuted, "), std::string::npos);
  EXPECT_NE(r.out.find("| prefix 1 3 5 2 4 9 11 13 15 6"), std::string::npos);
  EXPECT_EQ(run_nqueens("solve 30 --method first --progress always").err, "")
      << "into a file, the first line comes after 10 s";
}
