// SPDX-License-Identifier: MIT
// checkpoint.hpp: count's checkpoint file and journal in the format its header documents, and
// the keeper that resumes from them or refuses them, leaving them untouched.
#include "checkpoint.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "contract.hpp"
#include "nqueens/version.hpp"
#include "scratch.hpp"

using nqcli::Checkpoint;
using nqcli::CheckpointError;
using nqtest::message_of;
using nqtest::read_file;
using nqtest::Scratch;
using nqtest::write_file;

namespace {

// The example of checkpoint.hpp; its checksum is FNV-1a 64 of these bytes, worked out apart.
const std::string kBody =
    "nqueens-checkpoint 1\nversion 0.2.0\nn 18\nengine halves\nsubproblems 12283\ndone 2\n"
    "17 5120\n40 98\n";
const std::string kSum = "51e93cb3f0b13b3b";
const std::string kFile = kBody + "checksum " + kSum + "\n";

Checkpoint example() { return {"0.2.0", 18, "halves", 12283, {{17, 5120, 0}, {40, 98, 0}}, {}}; }

}  // namespace

TEST(checkpoint, text_is_the_documented_format) {
  EXPECT_EQ(nqcli::checkpoint_text(example()), kBody);
}

TEST(checkpoint, save_writes_the_text_and_its_checksum_line) {
  Scratch scratch;
  Checkpoint c = example();
  nqcli::save_checkpoint(scratch.path("cp"), c);
  EXPECT_EQ(read_file(scratch.path("cp")), kFile);
  EXPECT_EQ(c.checksum, kSum);
}

TEST(checkpoint, load_reads_back_every_field) {
  Scratch scratch;
  write_file(scratch.path("cp"), kFile);
  const std::optional<Checkpoint> c = nqcli::load_checkpoint(scratch.path("cp"));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->version, "0.2.0");
  EXPECT_EQ(c->n, 18);
  EXPECT_EQ(c->engine, "halves");
  EXPECT_EQ(c->subproblems, 12283u);
  ASSERT_EQ(c->done.size(), 2u);
  EXPECT_EQ(c->done[0].id, 17u);
  EXPECT_EQ(c->done[0].count, 5120u);
  EXPECT_EQ(c->done[1].id, 40u);
  EXPECT_EQ(c->done[1].count, 98u);
  EXPECT_EQ(c->checksum, kSum);
}

TEST(checkpoint, load_of_a_missing_file_is_nothing) {
  Scratch scratch;
  EXPECT_FALSE(nqcli::load_checkpoint(scratch.path("missing")).has_value());
}

TEST(checkpoint, load_refuses_a_truncated_or_edited_file) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  write_file(path, kBody);
  EXPECT_EQ(message_of([&] { nqcli::load_checkpoint(path); }),
            "checkpoint " + path + " is damaged: no checksum line (truncated?)");
  std::string edited = kFile;
  edited.replace(edited.find("5120"), 4, "5121");
  write_file(path, edited);
  EXPECT_EQ(message_of([&] { nqcli::load_checkpoint(path); }),
            "checkpoint " + path + " is damaged: checksum does not match its contents");
}

TEST(checkpoint, load_refuses_a_whole_file_that_says_more_results_than_it_has) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string body = kBody;
  body.replace(body.find("done 2"), 6, "done 3");
  std::string checksum;
  write_file(path, nqcli::with_checksum(body, checksum));
  EXPECT_EQ(message_of([&] { nqcli::load_checkpoint(path); }),
            "checkpoint " + path + " is damaged: fewer results than its done line says");
}

TEST(checkpoint, load_journal_adds_the_lines_of_a_journal_naming_the_checkpoint) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  write_file(path + ".journal", "nqueens-journal 1 " + kSum + "\n112 4471\n113 7");  // torn
  Checkpoint c = example();
  c.checksum = kSum;
  const std::vector<nq::SubproblemCount> lines = nqcli::load_journal(path, c);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].id, 112u);
  EXPECT_EQ(lines[0].count, 4471u);
  c.checksum = "0000000000000000";  // then the journal is another checkpoint's: stale
  EXPECT_TRUE(nqcli::load_journal(path, c).empty());
}

TEST(checkpoint, load_journal_refuses_a_line_already_done) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  write_file(path + ".journal", "nqueens-journal 1 " + kSum + "\n112 4471\n17 5120\n");
  Checkpoint c = example();
  c.checksum = kSum;
  EXPECT_EQ(message_of([&] { nqcli::load_journal(path, c); }),
            "journal " + path + ".journal is damaged: line 3 is not a new 'id count' line");
}

TEST(checkpoint, keeper_resumes_the_file_and_its_journal) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string body = kBody;
  body.replace(body.find("0.2.0"), 5, nq::kVersion);
  std::string checksum;
  write_file(path, nqcli::with_checksum(body, checksum));
  write_file(path + ".journal", "nqueens-journal 1 " + checksum + "\n112 4471\n");
  nqcli::CheckpointKeeper keeper(path, 18, "halves", 3600, "count");
  EXPECT_EQ(keeper.resumed_subproblems(), 12283u);
  ASSERT_EQ(keeper.resumed().size(), 3u);
  EXPECT_EQ(keeper.resumed()[2].id, 112u);
  EXPECT_EQ(keeper.resumed()[2].count, 4471u);
  keeper.finish();  // the journal's line moves into the file
  body.replace(body.find("done 2"), 6, "done 3");
  EXPECT_EQ(read_file(path), nqcli::with_checksum(body + "112 4471\n", checksum));
}

TEST(checkpoint, keeper_refuses_another_engine_and_leaves_the_file_untouched) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  std::string body = kBody;
  body.replace(body.find("0.2.0"), 5, nq::kVersion);
  std::string checksum;
  const std::string file = nqcli::with_checksum(body, checksum);
  write_file(path, file);
  EXPECT_EQ(message_of([&] { nqcli::CheckpointKeeper(path, 18, "quarters", 3600, "count"); }),
            "count: checkpoint " + path + " is for n = 18 with the halves engine of nqueens " +
                nq::kVersion + ", not n = 18 with the quarters engine of nqueens " + nq::kVersion +
                "; left untouched");
  EXPECT_EQ(read_file(path), file);
}

TEST(checkpoint, keeper_refuses_a_damaged_file_naming_the_job) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  write_file(path, kBody);
  EXPECT_EQ(
      message_of([&] { nqcli::CheckpointKeeper(path, 18, "halves", 3600, "nqueens-mpi count"); }),
      "nqueens-mpi count: checkpoint " + path +
          " is damaged: no checksum line (truncated?); left untouched");
  EXPECT_EQ(read_file(path), kBody);
}

TEST(checkpoint, keeper_starts_a_fresh_file_with_the_number_of_subproblems) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  nqcli::CheckpointKeeper keeper(path, 18, "halves", 3600, "count");
  EXPECT_TRUE(keeper.resumed().empty());
  keeper.start(12283);
  keeper.add({17, 5120, 0});
  keeper.add({40, 98, 0});
  keeper.finish();
  std::string body = kBody;
  body.replace(body.find("0.2.0"), 5, nq::kVersion);
  std::string checksum;
  EXPECT_EQ(read_file(path), nqcli::with_checksum(body, checksum));
}
