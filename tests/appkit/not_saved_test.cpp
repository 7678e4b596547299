// SPDX-License-Identifier: MIT
// not_saved.hpp: the one line and the exit code of a run whose answer is printed but whose
// checkpoint is not saved.
#include "not_saved.hpp"

#include <gtest/gtest.h>

#include <optional>

#include "contract.hpp"

namespace {

struct FailingKeeper {
  void finish() { throw nqcli::CheckpointError("cannot write cp.tmp: No space left on device"); }
};

struct SavingKeeper {
  void finish() {}
};

}  // namespace

TEST(not_saved, a_saved_run_keeps_its_code_and_prints_nothing) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(
      nqcli::not_saved(nqcli::kExitOk, {nqcli::kExitOk}, "nqueens: count", "result", "cp", ""),
      nqcli::kExitOk);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(not_saved, an_answer_not_saved_says_why_and_exits_3) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(nqcli::not_saved(nqcli::kExitNo, {nqcli::kExitOk, nqcli::kExitNo}, "nqueens: solve",
                             "search", "cp", "cannot write cp.tmp: No space left on device"),
            3);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "nqueens: solve: the search is not saved in cp: cannot write cp.tmp: No space left "
            "on device\n");
}

TEST(not_saved, codes_that_say_more_than_not_saved_are_kept) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(nqcli::not_saved(nqcli::kExitInterrupted, {nqcli::kExitOk}, "nqueens-mpi: count",
                             "result", "cp", "why"),
            130);
  EXPECT_EQ(
      nqcli::not_saved(nqcli::kExitNo, {nqcli::kExitOk}, "nqueens: count", "result", "cp", "why"),
      1);  // count's failed --check
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "nqueens-mpi: count: the result is not saved in cp: why\n"
            "nqueens: count: the result is not saved in cp: why\n");
}

TEST(not_saved, finish_checkpoint_gives_why_the_save_failed_or_nothing) {
  std::optional<FailingKeeper> failing{FailingKeeper{}};
  EXPECT_EQ(nqcli::finish_checkpoint(failing), "cannot write cp.tmp: No space left on device");
  std::optional<SavingKeeper> saving{SavingKeeper{}};
  EXPECT_EQ(nqcli::finish_checkpoint(saving), "");
  std::optional<SavingKeeper> none;
  EXPECT_EQ(nqcli::finish_checkpoint(none), "");
}
