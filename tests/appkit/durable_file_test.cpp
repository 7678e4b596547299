// SPDX-License-Identifier: MIT
// durable_file.hpp: the checksum line, the journal's header and torn lines, whole-file reads and
// the journaled file's save, add and finish, on files in a scratch folder.
#include "durable_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "scratch.hpp"

using nqcli::CheckpointError;
using nqtest::read_file;
using nqtest::Scratch;
using nqtest::write_file;

// The published FNV-1a 64-bit test vectors.
TEST(durable_file, fnv1a_matches_the_published_vectors) {
  EXPECT_EQ(nqcli::fnv1a(""), 0xcbf29ce484222325u);
  EXPECT_EQ(nqcli::fnv1a("a"), 0xaf63dc4c8601ec8cu);
  EXPECT_EQ(nqcli::fnv1a("foobar"), 0x85944171f73967e8u);
}

TEST(durable_file, with_checksum_appends_the_fnv1a_of_the_text_as_16_hex_digits) {
  std::string checksum;
  EXPECT_EQ(nqcli::with_checksum("a\n", checksum), "a\nchecksum 089bdc07b544e7b2\n");
  EXPECT_EQ(checksum, "089bdc07b544e7b2");
}

TEST(durable_file, checked_body_gives_back_the_text_and_its_checksum) {
  std::string checksum;
  EXPECT_EQ(nqcli::checked_body("a\nchecksum 089bdc07b544e7b2\n", checksum), "a\n");
  EXPECT_EQ(checksum, "089bdc07b544e7b2");
  // The empty text is whole too: only its checksum line.
  EXPECT_EQ(nqcli::checked_body("checksum cbf29ce484222325\n", checksum), "");
}

TEST(durable_file, checked_body_refuses_a_text_cut_before_its_checksum_line) {
  std::string checksum;
  try {
    (void)nqcli::checked_body("version 0.2.0\nn 8\n", checksum);
    FAIL() << "accepted a text without a checksum line";
  } catch (const CheckpointError& e) {
    EXPECT_STREQ(e.what(), "no checksum line (truncated?)");
  }
  // "checksum" in the middle of a line is not the checksum line.
  EXPECT_THROW((void)nqcli::checked_body("achecksum af63dc4c8601ec8c\n", checksum),
               CheckpointError);
}

TEST(durable_file, checked_body_refuses_an_edited_text) {
  std::string checksum;
  for (const char* edited : {"b\nchecksum 089bdc07b544e7b2\n", "a\nchecksum 089bdc07b544e7b3\n",
                             "a\nchecksum 089bdc07b544e7b2\nmore\n"}) {
    try {
      (void)nqcli::checked_body(edited, checksum);
      ADD_FAILURE() << "accepted an edited text: " << edited;
    } catch (const CheckpointError& e) {
      EXPECT_STREQ(e.what(), "checksum does not match its contents");
    }
  }
}

TEST(durable_file, read_whole_file_says_false_for_a_missing_file_and_reads_every_byte) {
  Scratch scratch;
  std::string text = "untouched";
  EXPECT_FALSE(nqcli::read_whole_file(scratch.path("missing"), text));
  EXPECT_EQ(text, "untouched");
  write_file(scratch.path("f"), std::string("two\nlines\0with a nul", 20));
  EXPECT_TRUE(nqcli::read_whole_file(scratch.path("f"), text));
  EXPECT_EQ(text, std::string("two\nlines\0with a nul", 20));
}

TEST(durable_file, read_whole_file_refuses_what_it_cannot_read) {
  Scratch scratch;
  std::string text;
  // A path through a file cannot be opened, and not because it is missing.
  write_file(scratch.path("f"), "x");
  EXPECT_THROW(nqcli::read_whole_file(scratch.path("f") + "/below", text), CheckpointError);
}

TEST(durable_file, journal_lines_reads_the_lines_after_a_header_naming_the_checksum) {
  Scratch scratch;
  const std::string journal = scratch.path("j");
  write_file(journal, "magic 1 0123456789abcdef\n17 5120\n40 98\n");
  EXPECT_EQ(nqcli::journal_lines(journal, "magic 1", "0123456789abcdef"),
            (std::vector<std::string>{"17 5120", "40 98"}));
}

TEST(durable_file, journal_lines_ignores_a_stale_journal) {
  Scratch scratch;
  const std::string journal = scratch.path("j");
  write_file(journal, "magic 1 0123456789abcdef\n17 5120\n");
  EXPECT_TRUE(nqcli::journal_lines(journal, "magic 1", "fedcba9876543210").empty());
  EXPECT_TRUE(nqcli::journal_lines(journal, "other 1", "0123456789abcdef").empty());
  EXPECT_TRUE(nqcli::journal_lines(scratch.path("missing"), "magic 1", "0123456789abcdef").empty());
}

TEST(durable_file, journal_lines_drops_a_torn_last_line) {
  Scratch scratch;
  const std::string journal = scratch.path("j");
  write_file(journal, "magic 1 0123456789abcdef\n17 5120\n40 9");
  EXPECT_EQ(nqcli::journal_lines(journal, "magic 1", "0123456789abcdef"),
            (std::vector<std::string>{"17 5120"}));
  write_file(journal, "magic 1 0123");  // torn inside its header: nothing to add
  EXPECT_TRUE(nqcli::journal_lines(journal, "magic 1", "0123").empty());
}

TEST(durable_file, a_journaled_file_saves_journals_and_finishes_without_its_journal) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  {
    nqcli::JournaledFile file(path, "magic 1", 3600);
    file.lock();
    file.save("a\n");
    EXPECT_EQ(read_file(path), "a\nchecksum 089bdc07b544e7b2\n");
    EXPECT_EQ(file.checksum(), "089bdc07b544e7b2");
    file.add("17 5120", [] { return std::string("never asked: no save is due"); });
    EXPECT_EQ(read_file(path + ".journal"), "magic 1 089bdc07b544e7b2\n17 5120\n");
    file.finish("");
    EXPECT_EQ(read_file(path), "checksum cbf29ce484222325\n");
    EXPECT_EQ(file.error(), "");
  }
  EXPECT_FALSE(std::filesystem::exists(path + ".journal"));
  EXPECT_FALSE(std::filesystem::exists(path + ".lock"));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(durable_file, a_second_lock_on_one_file_is_refused) {
  Scratch scratch;
  const std::string path = scratch.path("cp");
  nqcli::JournaledFile first(path, "magic 1", 3600);
  first.lock();
  nqcli::JournaledFile second(path, "magic 1", 3600);
  try {
    second.lock();
    FAIL() << "two runs took one lock";
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("is in use by another run"), std::string::npos)
        << e.what();
  }
}
