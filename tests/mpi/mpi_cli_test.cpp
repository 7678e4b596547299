// SPDX-License-Identifier: MIT
// nqueens-mpi run through mpirun with 1, 2 and 3 ranks on this machine.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "../cli/run.hpp"
#include "known_values.hpp"

using nq::test::run_nqueens;
using nq::test::run_shell;
using nq::test::slurp;
using nq::test::temp_file;

namespace {

// More ranks than cores, and root in CI containers. OpenMPI's own allocations would trip
// LeakSanitizer in the sanitizer build; our code's leaks are checked by the other tests.
// mpirun -q: without OpenMPI's own notice when a rank exits non-zero, so that the tests see
// what nqueens-mpi prints.
std::string mpi(int ranks, const std::string& mpirun_args, const std::string& args) {
  return std::string(
             "env OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_ALLOW_RUN_AS_ROOT=1 "
             "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ASAN_OPTIONS=detect_leaks=0 '") +
         NQ_MPIRUN + "' -q -np " + std::to_string(ranks) + " " + mpirun_args + " '" +
         NQ_MPI_BINARY + "' " + args;
}

std::string mpi(int ranks, const std::string& args) { return mpi(ranks, "", args); }

nlohmann::json mpi_json(int ranks, const std::string& args) {
  const nq::test::Run r = run_shell(mpi(ranks, args + " --json"));
  EXPECT_EQ(r.code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// Starts `command` in the background and returns its pid (of the shell that execs it).
pid_t spawn(const std::string& command, const std::string& out) {
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", ("exec " + command + " >'" + out + "' 2>/dev/null").c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// The pids of mpirun's children (the ranks, when they all run on this machine).
std::vector<pid_t> children(pid_t parent) {
  std::vector<pid_t> pids;
  std::ifstream list("/proc/" + std::to_string(parent) + "/task/" + std::to_string(parent) +
                     "/children");
  for (pid_t p; list >> p;) pids.push_back(p);
  return pids;
}

std::size_t journal_lines(const std::string& ckpt) {
  const std::string j = slurp(ckpt + ".journal");
  return static_cast<std::size_t>(std::count(j.begin(), j.end(), '\n'));
}

// Subproblems kept by a checkpoint: its "done" line plus its journal's lines.
std::size_t kept(const std::string& ckpt) {
  const std::string c = slurp(ckpt);
  const std::size_t at = c.find("\ndone ");
  const std::size_t done = at == std::string::npos ? 0 : std::stoull(c.substr(at + 6));
  const std::size_t journal = journal_lines(ckpt);
  return done + (journal > 0 ? journal - 1 : 0);
}

}  // namespace

TEST(mpi_cli, one_two_and_three_ranks_give_the_published_counts) {
  for (int ranks : {1, 2, 3}) {
    for (int n = 1; n <= 14; ++n) {
      const std::string threads = n % 2 ? "1" : "2";
      const auto j =
          mpi_json(ranks, "count " + std::to_string(n) + " --check --threads " + threads);
      EXPECT_EQ(j["total"], nq::test::kTotal[n - 1]) << ranks << " ranks, n = " << n;
      EXPECT_EQ(j["unique"], nq::test::kUnique[n - 1]) << ranks << " ranks, n = " << n;
      EXPECT_EQ(j["check"], "passed");
      EXPECT_EQ(j["ranks"], ranks);
      EXPECT_EQ(j["rank_stats"].size(), static_cast<std::size_t>(ranks));
    }
  }
  // The other engine at the sizes where auto picks halves.
  for (int n = 12; n <= 14; ++n) {
    const auto j = mpi_json(3, "count " + std::to_string(n) + " --engine backtrack --check");
    EXPECT_EQ(j["check"], "passed");
    EXPECT_EQ(j["engine"], "backtrack");
  }
}

TEST(mpi_cli, every_rank_counts_and_the_overhead_is_reported) {
  // n = 15: enough work that a rank slow to start (a sanitized build on a loaded machine) still
  // finds some left; at n = 14 rank 0 could finish it all first.
  const auto j = mpi_json(2, "count 15 --threads 1 --engine backtrack");
  std::uint64_t counted = 0;
  for (const auto& r : j["rank_stats"]) {
    EXPECT_GT(r["subproblems"].get<std::uint64_t>(), 0u) << "rank " << r["rank"] << " idled";
    counted += r["subproblems"].get<std::uint64_t>();
    EXPECT_GE(r["coordination_overhead"].get<double>(), 0.0);
  }
  EXPECT_EQ(counted, j["subproblems"]);
  EXPECT_TRUE(j.contains("coordination_overhead"));
  const nq::test::Run text = run_shell(mpi(2, "count 8"));
  EXPECT_EQ(text.code, 0);
  EXPECT_EQ(text.out, "8 queens: 92 solutions, 12 unique\n");
  EXPECT_NE(text.err.find("2 ranks x"), std::string::npos) << text.err;
  // Progress comes from rank 0 alone; without --threads the cores are shared out among the ranks.
  const nq::test::Run progress = run_shell(mpi(2, "count 13 --progress always --json"));
  EXPECT_EQ(progress.code, 0);
  const std::string done = "count 13: 100.0%";
  EXPECT_NE(progress.err.find(done), std::string::npos) << progress.err;
  EXPECT_EQ(progress.err.find(done), progress.err.rfind(done)) << progress.err;
  const auto layout = nlohmann::json::parse(progress.out);
  EXPECT_EQ(layout["threads_per_rank"], std::max(1u, std::thread::hardware_concurrency() / 2));
}

// The log of a distributed run is the log of a run on one machine, and audit checks it.
TEST(mpi_cli, subtotals_match_one_machine_and_audit_finds_an_altered_line) {
  const std::string log = temp_file("mpi.log", ""), one = temp_file("one.log", "");
  for (const char* engine : {"halves", "backtrack"}) {
    const nq::test::Run r = run_shell(
        mpi(3, std::string("count 13 --engine ") + engine + " --subtotals '" + log + "'"));
    ASSERT_EQ(r.code, 0) << r.err;
    ASSERT_EQ(
        run_nqueens(std::string("count 13 --engine ") + engine + " --subtotals '" + one + "'").code,
        0);
    EXPECT_EQ(slurp(log), slurp(one)) << engine;
  }
  nq::test::Run audit = run_nqueens("audit '" + log + "' --sample 20 --seed 1");
  EXPECT_EQ(audit.code, 0) << audit.err;
  // Change one count: audit of every line names it.
  std::string text = slurp(log);
  const std::size_t line3 = text.find('\n', text.find('\n', text.find("# id")) + 1) + 1;
  const std::size_t end = text.find('\n', line3);
  const std::size_t space = text.rfind(' ', end);
  text.replace(space + 1, end - space - 1,
               std::to_string(std::stoull(text.substr(space + 1, end - space - 1)) + 1));
  std::ofstream(log) << text;
  audit = run_nqueens("audit '" + log + "' --sample 100000 --seed 1");
  EXPECT_EQ(audit.code, 1) << audit.out << audit.err;
  EXPECT_NE((audit.out + audit.err).find("line 4"), std::string::npos) << audit.out << audit.err;
}

// kill -9 of one rank (a worker, then rank 0) ends the job; the same command then resumes from
// the checkpoint and its journal and gives the uninterrupted result.
TEST(mpi_cli, a_killed_rank_loses_only_the_work_in_flight) {
  for (int victim : {1, 0}) {
    const std::string ckpt = temp_file("mpi-kill.ckpt", "");
    std::remove(ckpt.c_str());
    const std::string args = "count 16 --engine backtrack --threads 1 --checkpoint '" + ckpt +
                             "' --checkpoint-every 1000";
    const pid_t mpirun = spawn(mpi(2, args), temp_file("mpi-kill.out", ""));
    // Wait until some subproblems are journaled, then kill the chosen rank.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (journal_lines(ckpt) < 20 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::vector<pid_t> ranks = children(mpirun);
    ASSERT_EQ(ranks.size(), 2u) << "expected mpirun's two rank processes";
    // Rank 0 is the one that holds the checkpoint file open (its journal).
    pid_t target = -1;
    for (pid_t p : ranks) {
      bool holds = false;
      const std::string fd_dir = "/proc/" + std::to_string(p) + "/fd/";
      for (int fd = 0; fd < 64 && !holds; ++fd) {
        char link[512] = {};
        const ssize_t len = readlink((fd_dir + std::to_string(fd)).c_str(), link, sizeof link - 1);
        holds = len > 0 && std::string(link, len) == ckpt + ".journal";
      }
      if ((victim == 0) == holds) target = p;
    }
    ASSERT_NE(target, -1);
    ASSERT_EQ(kill(target, SIGKILL), 0);
    int status = 0;
    waitpid(mpirun, &status, 0);
    EXPECT_FALSE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "mpirun reported success after a rank was killed";
    const std::size_t saved = kept(ckpt);
    ASSERT_GT(saved, 0u);
    const auto resumed = mpi_json(2, args);
    EXPECT_EQ(resumed["total"], 14772512u) << "victim rank " << victim;
    EXPECT_EQ(resumed["unique"], 1846955u);
    EXPECT_GE(resumed["subproblems_resumed"].get<std::size_t>(), saved);
    EXPECT_LT(resumed["subproblems_resumed"], resumed["subproblems"]);
  }
}

// A checkpoint is the same file for nqueens and nqueens-mpi: either resumes the other's.
TEST(mpi_cli, resumes_a_checkpoint_of_nqueens_count_and_refuses_another_job) {
  const std::string ckpt = temp_file("shared.ckpt", "");
  std::remove(ckpt.c_str());
  // An interrupted single-machine run (SIGTERM saves), finished by nqueens-mpi.
  const pid_t one =
      spawn(std::string("'") + NQ_BINARY +
                "' count 16 --engine backtrack --threads 1 --checkpoint '" + ckpt + "'",
            temp_file("shared.out", ""));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (journal_lines(ckpt) < 20 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(one, SIGTERM);
  int status = 0;
  waitpid(one, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130);
  const auto j = mpi_json(3, "count 16 --engine backtrack --checkpoint '" + ckpt + "'");
  EXPECT_EQ(j["total"], 14772512u);
  EXPECT_GT(j["subproblems_resumed"].get<std::size_t>(), 0u);

  const std::string before = slurp(ckpt);
  for (const char* other : {"count 15 --engine backtrack", "count 16 --engine halves"}) {
    const nq::test::Run r = run_shell(mpi(2, std::string(other) + " --checkpoint '" + ckpt + "'"));
    EXPECT_EQ(r.code, 2) << other;
    EXPECT_NE(r.err.find("left untouched"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(ckpt), before);
  }
}

TEST(mpi_cli, a_rank_that_breaks_the_protocol_stops_the_job) {
  for (const char* fault : {"duplicate", "foreign", "unknown"}) {
    const nq::test::Run r =
        run_shell(std::string("NQUEENS_MPI_TEST_FAULT=") + fault + " " +
                  mpi(2, "-x NQUEENS_MPI_TEST_FAULT", "count 15 --engine backtrack --threads 1"));
    EXPECT_EQ(r.code, 2) << fault << ": " << r.out << r.err;
    EXPECT_EQ(r.out.find("solutions"), std::string::npos) << "a result was printed: " << r.out;
    EXPECT_NE(r.err.find("rank 1 reported subproblem"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(std::string(fault) == "duplicate" ? "a second time"
                         : std::string(fault) == "foreign" ? "which it was not given"
                                                           : "does not exist"),
              std::string::npos)
        << r.err;
  }
}

TEST(mpi_cli, bad_usage_exits_2_with_one_line_from_rank_0) {
  for (const char* args : {"count 0", "count 33", "count 8 --engine fast", "count 28 --check",
                           "count 29 --engine halves", "count 8 --memory lots", "cont 8", "count",
                           "count 8 --checkpoint /nonexistent-dir/x.ckpt",
                           "count 8 --subtotals /nonexistent-dir/x.log"}) {
    const nq::test::Run r = run_shell(mpi(2, args));
    EXPECT_EQ(r.code, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("nqueens-mpi: ", 0), 0u) << r.err;
  }
  const nq::test::Run help = run_shell(mpi(2, "count --help"));
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("--threads"), std::string::npos);
  EXPECT_EQ(help.out.find("Options:"), help.out.rfind("Options:")) << "printed by every rank";
}

// The man page the build installs (written by `nqueens-mpi --generate man`, as nqueens's is; its
// generator is tested in tests/cli/cli_docs_test.cpp): it renders without a warning and names
// every option of `count --help`, and only rank 0 prints it.
TEST(mpi_cli, its_man_page_names_every_count_option_and_renders_without_a_warning) {
  const nq::test::Run generate = run_shell(mpi(2, "--generate man"));
  ASSERT_EQ(generate.code, 0) << generate.err;
  EXPECT_EQ(generate.out.find(".TH"), generate.out.rfind(".TH")) << "printed by every rank";
  EXPECT_EQ(slurp(std::string(NQ_SHARE_DIR) + "/man/man1/nqueens-mpi.1"), generate.out);
  const std::string page = std::string(NQ_SHARE_DIR) + "/man/man1/nqueens-mpi.1";
  const nq::test::Run warnings = run_shell("LANG=C man --warnings -l '" + page + "' > /dev/null");
  EXPECT_EQ(warnings.code, 0);
  EXPECT_EQ(warnings.err, "");
  const std::string text = run_shell("MANWIDTH=250 LANG=C man -l '" + page + "'").out;
  const std::string help = run_shell(mpi(1, "count --help")).out;
  for (const char* option : {"--threads", "--engine", "--checkpoint", "--subtotals", "--memory",
                             "--estimate", "--strata", "--json", "--progress"}) {
    EXPECT_NE(help.find(option), std::string::npos) << option;
    EXPECT_NE(text.find(option), std::string::npos) << option;
  }
  EXPECT_NE(text.find("EXIT STATUS"), std::string::npos);
  EXPECT_NE(text.find("130"), std::string::npos);
  EXPECT_EQ(text.find("124"), std::string::npos) << "nqueens-mpi has no --timeout";
}
