// SPDX-License-Identifier: MIT
// first_checkpoint.hpp: solve --method first's checkpoint, resumed from its file and journal in
// the format its header documents, or refused and left untouched.
#include "first_checkpoint.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "contract.hpp"
#include "nqueens/version.hpp"
#include "scratch.hpp"

using nqtest::message_of;
using nqtest::read_file;
using nqtest::Scratch;
using nqtest::write_file;

namespace {

// Steps in the text form of nqueens/first_proof.hpp, for n = 8.
const std::string kRefuted = "X 1 1 12 3:5 4:2";
const std::string kSettled = "R 1 1 1 5 8 6 3 7 2 4";

std::string header(int n) {
  return "nqueens-first-checkpoint 1\nversion " + std::string(nq::kVersion) + "\nn " +
         std::to_string(n) + "\n";
}

std::vector<std::string> lines_of(const nqcli::FirstCheckpoint& checkpoint) {
  std::vector<std::string> lines;
  for (const nq::FirstStep& s : checkpoint.steps()) lines.push_back(nq::format_first_step(s));
  return lines;
}

}  // namespace

TEST(first_checkpoint, resumes_the_steps_of_the_file_then_of_its_journal) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string checksum;
  write_file(path, nqcli::with_checksum(header(8) + kRefuted + "\n", checksum));
  write_file(path + ".journal",
             "nqueens-first-journal 1 " + checksum + "\n" + kSettled + "\nX 2 1");  // torn
  const nqcli::FirstCheckpoint checkpoint(path, 8, 3600);
  EXPECT_EQ(lines_of(checkpoint), (std::vector<std::string>{kRefuted, kSettled}));
  EXPECT_EQ(checkpoint.resumed(), 2u);
}

TEST(first_checkpoint, ignores_a_stale_journal) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string checksum;
  write_file(path, nqcli::with_checksum(header(8) + kRefuted + "\n", checksum));
  write_file(path + ".journal", "nqueens-first-journal 1 0000000000000000\n" + kSettled + "\n");
  const nqcli::FirstCheckpoint checkpoint(path, 8, 3600);
  EXPECT_EQ(lines_of(checkpoint), (std::vector<std::string>{kRefuted}));
}

TEST(first_checkpoint, saves_every_step_in_the_documented_format) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  {
    nqcli::FirstCheckpoint checkpoint(path, 8, 3600);
    EXPECT_EQ(checkpoint.resumed(), 0u);
    checkpoint.start();
    checkpoint.add(nq::parse_first_step(kRefuted, 8));
    std::string checksum;
    (void)nqcli::with_checksum(header(8), checksum);
    EXPECT_EQ(read_file(path + ".journal"),
              "nqueens-first-journal 1 " + checksum + "\n" + kRefuted + "\n");
    checkpoint.add(nq::parse_first_step(kSettled, 8));
    checkpoint.finish();
  }
  std::string checksum;
  EXPECT_EQ(read_file(path),
            nqcli::with_checksum(header(8) + kRefuted + "\n" + kSettled + "\n", checksum));
}

TEST(first_checkpoint, refuses_another_n_and_leaves_the_file_untouched) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string checksum;
  const std::string file = nqcli::with_checksum(header(8), checksum);
  write_file(path, file);
  EXPECT_EQ(message_of([&] { nqcli::FirstCheckpoint(path, 9, 3600); }),
            "solve: checkpoint " + path + " is for n = 8, not n = 9; left untouched");
  EXPECT_EQ(read_file(path), file);
}

// A row's search outlives a release: docs/first/ keeps open rows' checkpoints for the next one.
TEST(first_checkpoint, resumes_a_file_another_version_saved) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string checksum;
  write_file(path, nqcli::with_checksum("nqueens-first-checkpoint 1\nversion 0.0.1\nn 8\n" +
                                            std::string(kRefuted) + "\n",
                                        checksum));
  nqcli::FirstCheckpoint checkpoint(path, 8, 3600);
  ASSERT_EQ(checkpoint.steps().size(), 1u);
  EXPECT_EQ(nq::format_first_step(checkpoint.steps()[0]), kRefuted);
  checkpoint.finish();
  EXPECT_EQ(read_file(path).rfind(header(8) + kRefuted + "\n", 0), 0u) << "saved as this version's";
}

TEST(first_checkpoint, refuses_a_count_checkpoint) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string checksum;
  write_file(path, nqcli::with_checksum("nqueens-checkpoint 1\nversion 0.2.0\n", checksum));
  EXPECT_EQ(
      message_of([&] { nqcli::FirstCheckpoint(path, 8, 3600); }),
      "solve: checkpoint " + path + " is not a checkpoint of solve --method first; left untouched");
}

TEST(first_checkpoint, refuses_a_damaged_file_or_journal_naming_the_line) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  write_file(path, header(8));
  EXPECT_EQ(
      message_of([&] { nqcli::FirstCheckpoint(path, 8, 3600); }),
      "solve: checkpoint " + path + " is damaged: no checksum line (truncated?); left untouched");
  std::string checksum;
  write_file(path, nqcli::with_checksum(header(8) + "X nonsense\n", checksum));
  EXPECT_EQ(message_of([&] {
              nqcli::FirstCheckpoint(path, 8, 3600);
            }).rfind("solve: checkpoint " + path + " is damaged: its line 4: ", 0),
            0u);
  // Header lines with more on them, a step among them or an n past int: not read around.
  const std::string version = "version " + std::string(nq::kVersion) + "\n";
  for (const std::string& head :
       {"nqueens-first-checkpoint 1\n" + version + "n 8 " + kRefuted + "\n",
        "nqueens-first-checkpoint 1\n" + version + "n 8x\n",
        "nqueens-first-checkpoint 1\n" + version + "n 99999999999\n",
        "nqueens-first-checkpoint 1\nversion " + std::string(nq::kVersion) + " n 8\n"}) {
    write_file(path, nqcli::with_checksum(head, checksum));
    const std::string m = message_of([&] { nqcli::FirstCheckpoint(path, 8, 3600); });
    EXPECT_TRUE(m.ends_with(" line; left untouched")) << head << m;
    EXPECT_NE(m.find(" is damaged: no "), std::string::npos) << head << m;
  }
  write_file(path, nqcli::with_checksum(header(8), checksum));
  write_file(path + ".journal", "nqueens-first-journal 1 " + checksum + "\nX nonsense\n");
  EXPECT_EQ(message_of([&] {
              nqcli::FirstCheckpoint(path, 8, 3600);
            }).rfind("solve: checkpoint " + path + " is damaged: the journal's line 2: ", 0),
            0u);
}
