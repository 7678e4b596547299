// SPDX-License-Identifier: MIT
// `nqueens count`: engines, --check, and checkpoints that survive kill -9.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "run.hpp"

using nq::test::run_and_kill;
using nq::test::run_nqueens;
using nq::test::run_shell;
using nq::test::slurp;
using nq::test::temp_file;

namespace {

nlohmann::json count_json(const std::string& args) {
  const auto r = run_nqueens("count " + args + " --json");
  EXPECT_EQ(r.code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST(count_cli, both_engines_give_the_published_counts) {
  for (const char* engine : {"backtrack", "halves", "auto"}) {
    const auto j = count_json(std::string("13 --check --engine ") + engine);
    EXPECT_EQ(j["total"], 73712u);
    EXPECT_EQ(j["unique"], 9233u);
    EXPECT_EQ(j["check"], "passed");
    EXPECT_EQ(j["engine"], std::string(engine) == "auto" ? "halves" : engine);
  }
  const auto r = run_nqueens("count 10 --check");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.err.find("matches OEIS"), std::string::npos) << r.err;
}

TEST(count_cli, refuses_what_it_cannot_do) {
  auto r = run_nqueens("count 28 --check");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("n <= 27"), std::string::npos) << r.err;
  r = run_nqueens("count 29 --engine halves");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("halves engine takes n from 4 to 28"), std::string::npos) << r.err;
  for (const char* size : {"lots", "8Q", "-1G", "0", "G", "99999999T"}) {
    r = run_nqueens(std::string("count 14 --memory ") + size);
    EXPECT_EQ(r.code, 2) << size;
    EXPECT_NE(r.err.find("--memory"), std::string::npos) << r.err;
  }
  r = run_nqueens("count 16 --engine halves --memory 1M");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("needs at least"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  r = run_nqueens("count 8 --engine fast");
  EXPECT_EQ(r.code, 2);
  r = nq::test::run_shell(std::string("NQUEENS_ISA=sse4 '") + NQ_BINARY + "' count 18");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "nqueens: NQUEENS_ISA: unknown instruction set 'sse4' (generic, avx2 or avx512)\n");
  r = run_nqueens("count 8 --checkpoint-every 0");
  EXPECT_EQ(r.code, 2);
  r = run_nqueens("count 8 --progress sometimes");
  EXPECT_EQ(r.code, 2);
  r = run_nqueens("count 8 --checkpoint /nonexistent-dir/x.ckpt");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
}

// kill -9 part way through, then the same command: exactly the uninterrupted result.
TEST(count_cli, resumes_after_kill_9_with_the_uninterrupted_result) {
  const std::string ckpt = temp_file("kill9.ckpt", "");
  std::remove(ckpt.c_str());
  const std::string args =
      "16 --engine backtrack --threads 2 --checkpoint '" + ckpt + "' --checkpoint-every 0.05";
  // Killed once the journal holds finished work (not after a guessed number of seconds).
  ASSERT_EQ(run_and_kill("count " + args + " --json", "9", 0.05, temp_file("kill9.out", ""),
                         ckpt + ".journal"),
            128 + 9)
      << "the run ended before it was killed";
  const std::string saved = slurp(ckpt);
  ASSERT_NE(saved.find("nqueens-checkpoint 1"), std::string::npos) << "no checkpoint written";
  const auto resumed = count_json(args);
  EXPECT_EQ(resumed["total"], 14772512u);
  EXPECT_EQ(resumed["unique"], 1846955u);
  EXPECT_TRUE(resumed["complete"]);
  EXPECT_GT(resumed["subproblems_resumed"].get<std::uint64_t>(), 0u) << "nothing was resumed";
  // A finished checkpoint gives the same answer again without searching.
  const auto again = count_json(args);
  EXPECT_EQ(again["total"], 14772512u);
  EXPECT_EQ(again["subproblems_resumed"], again["subproblems"]);
}

// With saves far apart, the journal alone carries the finished work across a kill -9; a stale
// or torn journal line never adds a wrong count.
TEST(count_cli, the_journal_keeps_the_work_finished_between_saves) {
  const std::string ckpt = temp_file("journal.ckpt", "");
  std::remove(ckpt.c_str());
  const std::string args =
      "16 --engine backtrack --threads 2 --checkpoint '" + ckpt + "' --checkpoint-every 1000";
  std::remove((ckpt + ".journal").c_str());
  ASSERT_EQ(run_and_kill("count " + args + " --json", "9", 0.2, temp_file("journal.out", ""),
                         ckpt + ".journal"),
            128 + 9)
      << "the run ended before it was killed";
  const std::string saved = slurp(ckpt);
  EXPECT_NE(saved.find("\ndone 0\n"), std::string::npos) << "expected only the first save";
  const std::string journal = slurp(ckpt + ".journal");
  ASSERT_EQ(journal.rfind("nqueens-journal 1 ", 0), 0u) << journal;
  const auto journaled = std::count(journal.begin(), journal.end(), '\n') - 1;
  ASSERT_GT(journaled, 0) << "nothing journaled";
  {  // A torn last line (the write in flight when the power went) is ignored.
    std::ofstream torn(ckpt + ".journal", std::ios::app);
    torn << "99999";
  }
  const auto resumed = count_json(args);
  EXPECT_EQ(resumed["total"], 14772512u);
  EXPECT_EQ(resumed["subproblems_resumed"], journaled);
  std::ifstream gone(ckpt + ".journal");
  EXPECT_FALSE(gone) << "a finished count leaves no journal behind";
  // A journal line that is not new is refused, with the files left alone.
  std::ofstream(ckpt + ".journal")
      << "nqueens-journal 1 " << saved.substr(saved.rfind("checksum ") + 9, 16) << "\nfoo\n";
  std::remove(ckpt.c_str());
  std::ofstream(ckpt) << saved;
  const auto bad = run_nqueens("count " + args);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("journal"), std::string::npos) << bad.err;
  EXPECT_EQ(slurp(ckpt), saved);
}

TEST(count_cli, sigterm_saves_and_reports_an_incomplete_count) {
  const std::string ckpt = temp_file("term.ckpt", "");
  std::remove(ckpt.c_str());
  const std::string out = temp_file("term.out", "");
  const std::string args = "16 --engine backtrack --threads 2 --checkpoint '" + ckpt + "'";
  EXPECT_EQ(run_and_kill("count " + args + " --json", "TERM", 0.05, out, ckpt + ".journal"), 130);
  const auto partial = nlohmann::json::parse(slurp(out));
  EXPECT_EQ(partial["complete"], false);
  const std::string saved = slurp(ckpt);
  // The default interval is 30 s, so this is the save made on the way out.
  EXPECT_NE(saved.find("done " + partial["subproblems_done"].dump() + "\n"), std::string::npos)
      << saved.substr(0, 200);
}

// n = 28's set-up (counting and building the quarter tables) takes a minute or more: Ctrl-C
// there is answered at once, not when the tables are done.
TEST(count_cli, ctrl_c_while_the_tables_are_built_ends_at_once_and_saves_nothing) {
  const std::string ckpt = temp_file("set-up.ckpt", "");
  std::remove(ckpt.c_str());
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_shell(std::string("'") + NQ_BINARY + "' count 28 --checkpoint '" + ckpt +
                           "' & pid=$!; sleep 1; kill -INT $pid; wait $pid");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.code, 130);
  EXPECT_NE(r.err.find("interrupted while setting up, before any subproblem was counted"),
            std::string::npos)
      << r.err;
  EXPECT_LT(seconds, 30) << "the set-up ran on after Ctrl-C";
  EXPECT_FALSE(std::ifstream(ckpt)) << "a checkpoint was written";
}

TEST(count_cli, refuses_a_checkpoint_for_another_job_and_leaves_it_alone) {
  const std::string ckpt = temp_file("other.ckpt", "");
  std::remove(ckpt.c_str());
  ASSERT_EQ(run_nqueens("count 9 -q --checkpoint '" + ckpt + "'").code, 0);
  const std::string before = slurp(ckpt);
  for (const char* other : {"10", "9 --engine halves"}) {
    const auto r = run_nqueens(std::string("count ") + other + " --checkpoint '" + ckpt + "'");
    EXPECT_EQ(r.code, 2) << other;
    EXPECT_NE(r.err.find("left untouched"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(ckpt), before);
  }
}

TEST(count_cli, refuses_a_damaged_checkpoint_and_leaves_it_alone) {
  const std::string good = temp_file("good.ckpt", "");
  std::remove(good.c_str());
  ASSERT_EQ(run_nqueens("count 10 -q --engine backtrack --checkpoint '" + good + "'").code, 0);
  const std::string text = slurp(good);
  const std::size_t line = text.find("\n", text.find("done "));
  std::string edited = text;
  edited[line + 1] = edited[line + 1] == '9' ? '8' : '9';  // one digit of the first result
  const std::string damaged[] = {
      text.substr(0, text.size() / 2),  // truncated
      edited,                           // altered, checksum no longer matches
      "hello\n",                        // not a checkpoint
  };
  for (const std::string& content : damaged) {
    const std::string path = temp_file("damaged.ckpt", content);
    const auto r = run_nqueens("count 10 --engine backtrack --checkpoint '" + path + "'");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("damaged"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    EXPECT_EQ(slurp(path), content);
  }
}

// A checkpoint whose checksum is right but whose counts are forged (every one 0) gives a total
// below the solutions the half turn fixes: refused as any bad checkpoint is (exit 2), the
// resumed counts blamed.
TEST(count_cli, an_impossible_total_from_a_forged_checkpoint_is_refused) {
  const std::string good = temp_file("forged.ckpt", "");
  std::remove(good.c_str());
  ASSERT_EQ(run_nqueens("count 10 -q --engine backtrack --checkpoint '" + good + "'").code, 0);
  const std::string text = slurp(good);
  const std::size_t body = text.find('\n', text.find("\ndone ") + 1) + 1;
  std::string forged = text.substr(0, body);
  std::istringstream lines(text.substr(body, text.rfind("checksum ") - body));
  for (std::string id, count; lines >> id >> count;) forged += id + " 0\n";
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a, 64-bit (appkit/durable_file.hpp)
  for (unsigned char c : forged) h = (h ^ c) * 1099511628211ull;
  char sum[32];
  std::snprintf(sum, sizeof sum, "checksum %016llx\n", static_cast<unsigned long long>(h));
  const std::string path = temp_file("forged.ckpt", forged + sum);
  const auto r = run_nqueens("count 10 --engine backtrack --checkpoint '" + path + "'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err.rfind("nqueens: count: the total is inconsistent", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("(resumed from a damaged or forged checkpoint)"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

// A subtotal log lists every subproblem; --subproblems recomputes chosen lines exactly; audit
// passes an intact log and finds a line that was altered.
TEST(count_cli, subtotals_can_be_recomputed_and_audited) {
  for (const char* engine : {"backtrack", "halves"}) {
    const std::string log = temp_file(std::string("subtotals-") + engine + ".log", "");
    const auto r =
        run_nqueens(std::string("count 11 -q --engine ") + engine + " --subtotals '" + log + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string text = slurp(log);
    ASSERT_EQ(text.rfind("# nqueens subtotals: n 11, engine " + std::string(engine), 0), 0u);
    // Sum of weight x count over the lines is the total.
    std::istringstream lines(text);
    std::string line;
    std::uint64_t total = 0, n_lines = 0;
    std::string first_two;
    while (std::getline(lines, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::uint64_t id = 0, weight = 0, c = 0;
      std::istringstream(line) >> id >> weight >> c;
      total += weight * c;
      if (n_lines++ < 2) first_two += line + "\n";
    }
    EXPECT_EQ(total, 2680u) << engine;
    EXPECT_EQ(run_nqueens(std::string("count 11 --engine ") + engine + " --subproblems 0,1").out,
              first_two);

    const auto intact = run_nqueens("audit '" + log + "' --sample 1000 --seed 7");
    EXPECT_EQ(intact.code, 0) << intact.out << intact.err;
    EXPECT_NE(intact.out.find("all match"), std::string::npos) << intact.out;

    // Alter the count on the third result line.
    std::string altered = text;
    std::size_t at = 0;
    for (int i = 0; i < 4; ++i) at = altered.find('\n', at) + 1;  // 2 header lines + 2 results
    const std::size_t end = altered.find('\n', at);
    const std::size_t space = altered.rfind(' ', end);
    altered.replace(space + 1, end - space - 1, "999999");
    const std::string bad_log = temp_file(std::string("altered-") + engine + ".log", altered);
    const auto found = run_nqueens("audit '" + bad_log + "' --sample 1000");
    EXPECT_EQ(found.code, 1) << found.out << found.err;
    EXPECT_NE(found.out.find("mismatch: subproblem"), std::string::npos) << found.out;
    EXPECT_NE(found.out.find("line 5"), std::string::npos) << found.out;
  }
}

TEST(count_cli, audit_and_subproblems_refuse_bad_input) {
  EXPECT_EQ(run_nqueens("audit '" + temp_file("junk.log", "hello\n") + "'").code, 2);
  const std::string dup = temp_file(
      "dup.log",
      "# nqueens subtotals: n 8, engine backtrack, version 0.2.0, subproblems 78\n1 8 0\n1 8 0\n");
  const auto r = run_nqueens("audit '" + dup + "'");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("line 3"), std::string::npos) << r.err;
  EXPECT_EQ(run_nqueens("audit /nonexistent.log").code, 2);
  // A header's numbers in plain digits that fit: not "+8", " 8", or past 64 bits.
  for (const char* head : {"n +8, engine backtrack, version 0.2.0, subproblems 78",
                           "n  8, engine backtrack, version 0.2.0, subproblems 78",
                           "n 8, engine backtrack, version 0.2.0, subproblems 99999999999999999999",
                           "n 8, engine backtrack, version 0.2.0, subproblems 78 "}) {
    const auto refused = run_nqueens(
        "audit '" + temp_file("head.log", std::string("# nqueens subtotals: ") + head + "\n") +
        "'");
    EXPECT_EQ(refused.code, 2) << head;
    EXPECT_NE(refused.err.find("line 1: not a subtotal log header"), std::string::npos)
        << head << refused.err;
  }
  EXPECT_EQ(run_nqueens("count 8 --subproblems 100000").code, 2);
  EXPECT_EQ(run_nqueens("count 8 --subproblems 1,x").code, 2);
  EXPECT_EQ(run_nqueens("count 8 --subproblems 1,1").code, 2);
  EXPECT_EQ(run_nqueens("count 8 --subproblems 1 --check").code, 2);
  for (const char* list : {"5-3", "0-10/0", "0-", "-3", "0-4/x", "1-1000000000000", "0-3,2"}) {
    const auto bad = run_nqueens(std::string("count 8 --subproblems ") + list);
    EXPECT_EQ(bad.code, 2) << list;
    EXPECT_EQ(bad.err.find('\n'), bad.err.size() - 1) << "one line: " << bad.err;
  }
}

// A range lists every id from its first to its last, a step every STEP-th one: the same lines as
// the ids written out.
TEST(count_cli, subproblem_ranges_are_the_ids_they_list) {
  for (const char* engine : {"backtrack", "halves"}) {
    const std::string e = std::string("count 11 --engine ") + engine + " --subproblems ";
    const auto written = run_nqueens(e + "3,4,5,9,16,23,30");
    ASSERT_EQ(written.code, 0) << written.err;
    EXPECT_EQ(std::count(written.out.begin(), written.out.end(), '\n'), 7) << written.out;
    EXPECT_EQ(run_nqueens(e + "3-5,9-30/7").out, written.out) << engine;
    EXPECT_EQ(run_nqueens(e + "3-5,9-36/7").out, written.out) << engine;
    EXPECT_EQ(run_nqueens(e + "3-5,9,16-16,23-29/7,30-30/5").out, written.out) << engine;
  }
}

// A small budget gives the same answer, and the process stays under it.
TEST(count_cli, counts_the_same_within_a_small_memory_budget) {
  for (const char* args :
       {"count 15 --memory 24M --json --check", "count 16 --memory 24MiB --json"}) {
    const auto r = run_nqueens(args);
    ASSERT_EQ(r.code, 0) << args << ": " << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["engine"], "halves");
    EXPECT_EQ(j["total"], std::string(args).find("15") != std::string::npos ? 2279184u : 14772512u);
    EXPECT_GT(j["memory_peak_bytes"].get<std::uint64_t>(), 0u);
#ifndef NQ_SANITIZED  // the peak is the process's RSS, which the sanitizers' shadow memory swells
    EXPECT_LE(j["memory_peak_bytes"].get<std::uint64_t>(), 24u << 20) << args;
#endif
    EXPECT_LE(j["memory_bytes"].get<std::uint64_t>(), 24u << 20) << args;
  }
}

// With a stratum per subproblem or two, the "sample" is the whole count, so the projected total
// must be the exact one; with fewer strata the range must hold the published total here (n = 15
// has 2,279,184), and bad combinations are refused.
TEST(count_cli, estimate_projects_time_memory_and_solutions) {
  auto r = run_nqueens("count 14 --estimate --strata 100000 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "halves");
  EXPECT_EQ(j["sampled"], j["subproblems"]);
  EXPECT_NEAR(j["total"][0].get<double>(), 365596.0, 0.5);
  EXPECT_GT(j["wall_seconds"][0].get<double>(), 0.0);
  EXPECT_GT(j["memory_bytes"].get<std::uint64_t>(), 0u);
  r = run_nqueens("count 15 --estimate --strata 64 --seed 3 --sample-seconds 0.001 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_LT(j["sampled"].get<std::uint64_t>(), j["subproblems"].get<std::uint64_t>());
  EXPECT_LE(j["total"][1].get<double>(), j["total"][0].get<double>());
  EXPECT_GE(j["total"][2].get<double>(), j["total"][0].get<double>());
  EXPECT_NEAR(j["total"][0].get<double>(), 2279184.0, 2279184.0 * 0.2);
  r = run_nqueens("count 15 --estimate");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("about"), std::string::npos) << r.out;
  EXPECT_EQ(run_nqueens("count 15 --estimate --check").code, 2);
  EXPECT_EQ(run_nqueens("count 15 --estimate --strata 0").code, 2);
  EXPECT_EQ(run_nqueens("count 27 --estimate --engine backtrack").code, 2);
  EXPECT_EQ(run_nqueens("count 29 --estimate").code, 2);  // past the halves engine
  EXPECT_EQ(run_nqueens("count 15 --ranks 4").code, 2);   // a plan needs --estimate
}

// --draw-seconds counts a share of each drawn subproblem that would take longer than that (the
// sample of n = 26 to 28, whose subproblems take minutes to hours). n = 22's subproblems take
// milliseconds, so at the least of 1 ms the sample is counted in parts; those parts are thinner
// than half the subproblems' half-board lists, so their subproblems are timed again in windows,
// and the time is projected (the text says how many); with --window-seconds 0 no window runs and
// no time is projected (JSON null, and the text says so). At 0 every draw is whole. Under 1 GiB
// every worker builds its own slices, so no table is built and a run takes a second or two.
// n = 20's subproblems are so short that whether a part came out thin depended on the machine's
// speed. The solutions the parts estimate are not checked here: a share is 1 ms over the
// subproblem's measured time, so a sanitized build beside other tests draws far smaller shares
// and estimates far off (docs/journal/tests.md, "The long-draws estimate test"); count_split's
// unit test checks that shares estimate without bias.
TEST(count_cli, estimate_counts_a_share_of_long_draws) {
  const std::string small = "count 22 --estimate --strata 8 --sample-seconds 0.001 --memory 1G";
  auto r = run_nqueens(small + " --draw-seconds 0.001 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_GT(j["sampled_in_part"].get<std::uint64_t>(), 0u);
  EXPECT_GT(j["thin_parts"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(j["untimed"].get<std::uint64_t>(), 0u);
  EXPECT_GT(j["wall_seconds"][0].get<double>(), 0.0);
  EXPECT_TRUE(j["total"][0].is_number());
  r = run_nqueens(small + " --draw-seconds 0.001");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("timed in a window"), std::string::npos) << r.out;
  r = run_nqueens(small + " --draw-seconds 0.001 --window-seconds 0 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["untimed"].get<std::uint64_t>(), j["thin_parts"].get<std::uint64_t>());
  EXPECT_GT(j["untimed"].get<std::uint64_t>(), 0u);
  EXPECT_TRUE(j["wall_seconds"].is_null());
  r = run_nqueens(small + " --draw-seconds 0.001 --window-seconds 0");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("time not projected"), std::string::npos) << r.out;
  r = run_nqueens(small + " --draw-seconds 0 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["sampled_in_part"].get<std::uint64_t>(), 0u);
  EXPECT_GT(j["wall_seconds"][0].get<double>(), 0.0);
  r = run_nqueens("count 18 --estimate --draw-seconds -1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--draw-seconds"), std::string::npos) << r.err;
  // Below a millisecond but not 0: the message says what is allowed.
  r = run_nqueens("count 18 --estimate --draw-seconds 0.0004");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("expected 0 or seconds between 0.001 and"), std::string::npos) << r.err;
  r = run_nqueens("count 18 --estimate --window-seconds x");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--window-seconds"), std::string::npos) << r.err;
}

// A cluster plan: the sample runs here on at most this machine's cores, and the projection is
// for the ranks: wall time divided among all their threads, memory planned for a rank's threads
// under a rank's budget, the files' sizes from the subproblems and their counts.
TEST(count_cli, estimate_plans_a_cluster_run) {
  const auto one = run_nqueens("count 16 --estimate --strata 100000 --threads 1 --json");
  ASSERT_EQ(one.code, 0) << one.err;
  const auto r =
      run_nqueens("count 16 --estimate --strata 100000 --ranks 8 --threads 4 --memory 1G --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto a = nlohmann::json::parse(one.out), j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ranks"], 8);
  EXPECT_EQ(j["rank_threads"], 4);
  EXPECT_LE(j["threads"].get<unsigned>(), std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_EQ(j["rank_memory_budget"].get<std::uint64_t>(), std::uint64_t{1} << 30);
  EXPECT_EQ(a["rank_memory_bytes"], a["memory_bytes"]);  // no plan asked: the plan here
  EXPECT_GT(j["rank_memory_bytes"].get<std::uint64_t>(),
            a["rank_memory_bytes"].get<std::uint64_t>())
      << "four workers' chunks need more than one's";
  const double setup = j["setup_seconds"].get<double>(), cpu = j["cpu_seconds"][0].get<double>();
  EXPECT_NEAR(j["wall_seconds"][0].get<double>(), setup + cpu / 32, 1e-9);
  EXPECT_NEAR(j["core_hours"].get<double>(), cpu / 3600, 1e-12);
  EXPECT_NEAR(j["total"][0].get<double>(), 14772512.0, 0.5);  // every subproblem sampled
  // The files of the real run, within a quarter (the projection takes every count as long as
  // the mean one).
  const std::string ckpt = temp_file("plan.ckpt", ""), log = temp_file("plan.log", "");
  std::filesystem::remove(ckpt);
  ASSERT_EQ(run_nqueens("count 16 -q --checkpoint " + ckpt + " --subtotals " + log).code, 0);
  const double real_checkpoint = static_cast<double>(std::filesystem::file_size(ckpt));
  const double real_log = static_cast<double>(std::filesystem::file_size(log));
  EXPECT_NEAR(j["checkpoint_bytes"].get<double>(), real_checkpoint, real_checkpoint / 4);
  EXPECT_NEAR(j["subtotals_bytes"].get<double>(), real_log, real_log / 4);
  const auto text = run_nqueens("count 16 --estimate --strata 64 --ranks 8 --threads 4");
  ASSERT_EQ(text.code, 0) << text.err;
  for (const char* part :
       {"8 ranks x 4 threads", "core-hours", "memory per rank", "checkpoint about"})
    EXPECT_NE(text.out.find(part), std::string::npos) << part << " in\n" << text.out;
}

// A subtotal log written under a small budget (per-worker slices, chunked joins) audits under
// the default one, line for line, and the other way round.
TEST(count_cli, logs_written_under_one_budget_audit_under_another) {
  const std::string tight = temp_file("budget-tight.log", "");
  const std::string roomy = temp_file("budget-roomy.log", "");
  ASSERT_EQ(run_nqueens("count 15 -q --memory 20M --subtotals '" + tight + "'").code, 0);
  ASSERT_EQ(run_nqueens("count 15 -q --subtotals '" + roomy + "'").code, 0);
  EXPECT_EQ(slurp(tight), slurp(roomy));
  auto r = run_nqueens("audit '" + tight + "' --sample 200 --seed 5");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  r = run_nqueens("audit '" + roomy + "' --sample 200 --seed 5 --memory 20M");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(run_nqueens("audit '" + roomy + "' --memory 1K").code, 2);
}

// Out of memory while the halves engine builds its tables on worker threads: one line and exit 2
// (it used to end in std::terminate, exit 134). ulimit -v caps the address space; sanitizers
// need far more of it than the cap, so the test runs only without them.
TEST(count_cli, running_out_of_memory_on_a_worker_is_one_line_and_exit_2) {
#ifdef NQ_SANITIZED
  GTEST_SKIP() << "address-space limits and sanitizers do not mix";
#else
  const auto r = run_shell("ulimit -v 600000; " + std::string(NQ_BINARY) +
                           " count 21 --engine halves --memory 8G --threads 2 -q");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err, "nqueens: not enough memory for this input\n");
#endif
}
