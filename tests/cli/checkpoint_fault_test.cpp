// SPDX-License-Identifier: MIT
// Checkpoints under faults: a write, fsync, close or rename of the checkpoint's files that fails
// (one call, or every call from one on: a full disk), injected by an LD_PRELOAD shim
// (tests/fault/fail_io.cpp) at each call in turn; a second run on a checkpoint in use; the .tmp
// files a killed save leaves. After every fault the run prints its result (or, if the very first
// save failed, refuses at once), leaves no .tmp behind, and a rerun gives the exact count.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "run.hpp"

using nq::test::run_nqueens;
using nq::test::run_shell;
using nq::test::slurp;

namespace {

namespace fs = std::filesystem;

const std::string kResult = "8 queens: 92 solutions, 12 unique\n";

// The calls of the first save, which comes before any work: the file (write, fsync, close,
// rename, then fsync and close of its directory) and a fresh journal (write, close, rename).
// A fault there refuses the run; any later one must not stop it.
constexpr int kFirstSaveCalls = 9;

struct Dir {
  fs::path path;
  std::string name;
  Dir() {
    name = "faultdir-" + std::to_string(::getpid());
    path = fs::temp_directory_path() / name;
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Dir() { fs::remove_all(path); }
  std::string file(const std::string& f) const { return (path / f).string(); }
  void clear() const {
    for (const auto& entry : fs::directory_iterator(path)) fs::remove(entry.path());
  }
};

// Runs `args` (ending in --checkpoint) with a fault at each call in turn, then again without.
[[maybe_unused]] void survive_every_fault(const Dir& dir, const std::string& ckpt,
                                          const std::string& args, const std::string& result) {
  const std::string log = dir.file("injected.log");
  const std::string count = " " + args + " " + ckpt;
  for (const bool full_disk : {false, true}) {
    int k = 1;
    for (;; ++k) {
      ASSERT_LT(k, 1000) << "the shim never ran out of calls";
      dir.clear();
      const std::string env = "NQ_FAIL_PATH=" + dir.name + " NQ_FAIL_AT=" + std::to_string(k) +
                              (full_disk ? " NQ_FAIL_ALL=1" : "") + " NQ_FAIL_LOG=" + log +
                              " LD_PRELOAD=" + NQ_FAIL_SHIM + " ";
      const auto r = run_shell(env + NQ_BINARY + count);
      if (!fs::exists(log)) {  // call k never came: every call has had its fault
        EXPECT_EQ(r.code, 0) << r.err;
        break;
      }
      const std::string where = (full_disk ? "full disk from call " : "call ") + std::to_string(k) +
                                " (" + slurp(log) + "): " + r.err;
      if (k <= kFirstSaveCalls) {  // the first save, before any work, refuses the run
        EXPECT_EQ(r.code, 2) << where;
        EXPECT_EQ(r.out, "") << where;
        EXPECT_NE(r.err.find(ckpt), std::string::npos) << where;
      } else {
        EXPECT_EQ(r.out, result) << where;
        EXPECT_TRUE(r.code == 0 || r.code == 3) << where;
        // A full disk fails the last save too, unless only the closes after it were hit (the
        // journal, deleted then, and the lock).
        const std::string injected = slurp(log);
        const bool after_last_save = injected.find("write") == std::string::npos &&
                                     injected.find("fsync") == std::string::npos &&
                                     injected.find("rename") == std::string::npos;
        if (full_disk && !after_last_save) EXPECT_EQ(r.code, 3) << where;
        if (r.code == 3) EXPECT_NE(r.err.find("is not saved in"), std::string::npos) << where;
      }
      EXPECT_FALSE(fs::exists(ckpt + ".tmp")) << where;
      EXPECT_FALSE(fs::exists(ckpt + ".journal.tmp")) << where;
      const auto again = run_nqueens(count);
      EXPECT_EQ(again.code, 0) << where << " / rerun: " << again.err;
      EXPECT_EQ(again.out, result) << where;
    }
    EXPECT_GT(k, 20) << "fewer calls than a run with a checkpoint makes";
  }
}

}  // namespace

TEST(checkpoint_faults, every_failed_call_is_survived_and_the_rerun_is_exact) {
#ifdef NQ_SANITIZED
  GTEST_SKIP() << "an LD_PRELOAD shim and the sanitizers' runtime do not mix";
#else
  const Dir dir;
  survive_every_fault(dir, dir.file("count.ckpt"),
                      "count 8 --engine backtrack --threads 2 -q --checkpoint", kResult);
  survive_every_fault(dir, dir.file("first.ckpt"),
                      "solve 24 --method first --threads 2 -q --checkpoint",
                      "1 3 5 2 4 9 11 14 18 22 19 23 20 24 10 21 6 8 12 16 13 7 17 15\n");
#endif
}

// A second run on a checkpoint in use is refused; once the first is killed (its lock goes with
// it), the same command resumes and gives the exact count.
TEST(checkpoint_faults, a_checkpoint_in_use_is_refused) {
  const Dir dir;
  const std::string ckpt = dir.file("busy.ckpt");
  const std::string run = std::string(NQ_BINARY) + " count 17 --engine backtrack -q --checkpoint " +
                          ckpt + " --threads ";
  // The second run starts once the first has journaled work, so the first surely holds the lock
  // (count 17 on one thread runs for many seconds more); then the first is killed with -9.
  const auto r = run_shell(run + "1 > /dev/null 2>&1 & first=$!; for i in $(seq 600); do [ -s " +
                           ckpt + ".journal ] && break; sleep 0.05; done; " + run +
                           "2; echo second=$?; kill -KILL $first; wait $first; true");
  EXPECT_NE(r.out.find("second=2"), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.err.find("count: checkpoint " + ckpt + " is in use by another run"),
            std::string::npos)
      << r.err;
  const auto resumed = run_shell(run + "2");
  EXPECT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_EQ(resumed.out, "17 queens: 95815104 solutions, 11977939 unique\n");
}

// What a killed save leaves (FILE.tmp, FILE.journal.tmp) is removed by the next run.
TEST(checkpoint_faults, leftover_tmp_files_are_removed) {
  const Dir dir;
  const std::string ckpt = dir.file("left.ckpt");
  for (const std::string& f : {ckpt + ".tmp", ckpt + ".journal.tmp"}) {
    std::FILE* file = std::fopen(f.c_str(), "w");
    ASSERT_TRUE(file);
    std::fputs("half a save\n", file);
    std::fclose(file);
  }
  const auto r = run_nqueens("count 8 -q --checkpoint " + ckpt);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, kResult);
  EXPECT_FALSE(fs::exists(ckpt + ".tmp"));
  EXPECT_FALSE(fs::exists(ckpt + ".journal.tmp"));
  EXPECT_FALSE(fs::exists(ckpt + ".lock"));
  EXPECT_TRUE(fs::exists(ckpt));
}

// A proof that cannot be written (a full disk from its first write, or a failed flush) leaves
// the last good proof as it was and no FILE.tmp; the answer, found at length, is printed all the
// same, with exit 3 and a line saying the proof is not saved. With a checkpoint, the same command
// then writes the proof from it.
TEST(checkpoint_faults, a_proof_that_cannot_be_written_keeps_the_last_and_the_answer_stands) {
#ifdef NQ_SANITIZED
  GTEST_SKIP() << "an LD_PRELOAD shim and the sanitizers' runtime do not mix";
#else
  const Dir dir;
  const std::string proof = dir.file("p24.proof"), ckpt = dir.file("p24.ckpt");
  const std::string answer = "1 3 5 2 4 9 11 14 18 22 19 23 20 24 10 21 6 8 12 16 13 7 17 15\n";
  for (const char* fault : {"NQ_FAIL_AT=1 NQ_FAIL_ALL=1", "NQ_FAIL_AT=2"}) {  // write; fsync
    dir.clear();
    {
      std::FILE* f = std::fopen(proof.c_str(), "w");
      ASSERT_TRUE(f);
      std::fputs("the last good proof\n", f);
      std::fclose(f);
    }
    const auto r = run_shell(
        std::string("NQ_FAIL_PATH=p24.proof ") + fault + " LD_PRELOAD=" + NQ_FAIL_SHIM + " " +
        NQ_BINARY + " solve 24 --method first -q --proof " + proof + " --checkpoint " + ckpt);
    EXPECT_EQ(r.code, 3) << fault << ": " << r.err;
    EXPECT_EQ(r.out, answer) << fault;
    EXPECT_NE(r.err.find("the proof is not saved in " + proof), std::string::npos) << r.err;
    EXPECT_EQ(slurp(proof), "the last good proof\n") << fault;
    EXPECT_FALSE(fs::exists(proof + ".tmp")) << fault;
    const auto again =
        run_nqueens("solve 24 --method first -q --proof " + proof + " --checkpoint " + ckpt);
    EXPECT_EQ(again.code, 0) << again.err;
    EXPECT_EQ(again.out, answer);
    EXPECT_EQ(run_nqueens("audit-first " + proof + " --full").code, 0);
  }
#endif
}
